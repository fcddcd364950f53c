//! Texts of the views, from the engine's public and per-seat views and the
//! message catalogue. Public texts are built from [`PublicView`] only, so
//! no hand can reach a chat.

use tarock_zwanzigerrufen::card::Rank;
use tarock_zwanzigerrufen::trick::Trick;
use tarock_zwanzigerrufen::view::PublicContract;
use tarock_zwanzigerrufen::{
    Card, CardSet, Party, Phase, PublicView, RuleError, Seat, SeatView, Suit,
};

use crate::auction;
use crate::text::{Lang, tr};
use crate::words::{TableHeader, game_name, item_name, seat_name};
use tarock_face::numbers::money;

/// Roman numerals of the tarocks I–XXI.
const ROMAN: [&str; 22] = [
    "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
    "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
];

/// A card as players read it: `XXI`, `Sküs`, `♥K`, `♠10`; German court
/// letters (K D R B) in German, English ones (K Q N J) in English.
pub fn card_label(card: Card, lang: Lang) -> String {
    if let Some(n) = card.tarock_number() {
        return match n {
            22 => "Sküs".to_owned(),
            n => ROMAN[n as usize].to_owned(),
        };
    }
    let (Some(suit), Some(rank)) = (card.suit(), card.rank()) else {
        return card.to_string();
    };
    let symbol = match suit {
        Suit::Spades => '♠',
        Suit::Clubs => '♣',
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
    };
    let rank = match (rank, lang) {
        (Rank::King, _) => "K",
        (Rank::Queen, Lang::De) => "D",
        (Rank::Queen, Lang::En) => "Q",
        (Rank::Knight, Lang::De) => "R",
        (Rank::Knight, Lang::En) => "N",
        (Rank::Jack, Lang::De) => "B",
        (Rank::Jack, Lang::En) => "J",
        (Rank::Glatze, _) if matches!(suit, Suit::Spades | Suit::Clubs) => "10",
        (Rank::Glatze, _) => "A",
    };
    format!("{symbol}{rank}")
}

/// A card typed as its id (`T21`, `hK`) or as shown in either language
/// (`XXI`, `Sküs`, `skus`, `XXII`, `♥K`, `♥D`, `♥Q`), read by the parser
/// every game shares ([`tarock_face::spelling`]).
pub fn parse_card(text: &str) -> Option<Card> {
    tarock_face::spelling::find(text, Card::all(), |c| {
        let mut out = vec![c.to_string()];
        out.extend(Lang::ALL.iter().map(|&lang| card_label(c, lang)));
        if let Some(n) = c.tarock_number() {
            out.extend(tarock_face::spelling::tarock_spellings(n));
        }
        out
    })
}

/// Cards in reading order: tarocks from the Sküs down, then the suits, each
/// from the King down.
pub fn sorted(cards: CardSet) -> Vec<Card> {
    let mut list: Vec<Card> = cards.iter().collect();
    list.sort_by_key(|c| match c.tarock_number() {
        Some(n) => (0, 0, std::cmp::Reverse(n)),
        None => (
            1,
            c.suit().map_or(0, |s| s as u8 + 1),
            std::cmp::Reverse(c.index()),
        ),
    });
    list
}

/// A hand as text.
pub fn hand_text(cards: CardSet, lang: Lang) -> String {
    sorted(cards)
        .iter()
        .map(|c| card_label(*c, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cards of a trick in the order played, each after its player's
/// name: `Anna XXI · Bert ♥K`.
pub fn plays_text(trick: &Trick, names: &[Option<String>; 4], lang: Lang) -> String {
    trick
        .plays()
        .map(|(s, c)| {
            format!(
                "{} {}",
                names[s.index()].as_deref().unwrap_or_default(),
                card_label(c, lang)
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The lobby: who sits where.
pub fn lobby_text(header: &TableHeader, lang: Lang) -> String {
    let mut out = tr!(
        lang,
        "lobby-title",
        table = header.table,
        rules = header.rules.as_str(),
        stake = money(header.stake_cents, lang)
    );
    for seat in Seat::ALL {
        out.push('\n');
        out.push_str(&tr!(
            lang,
            "lobby-seat",
            number = seat.index() + 1,
            name = seat_name(header, seat, lang)
        ));
    }
    let free = header.names.iter().filter(|n| n.is_none()).count();
    out.push('\n');
    out.push_str(&tr!(lang, "lobby-hint", free = free));
    if let Some(note) = &header.status_note {
        out.push('\n');
        out.push_str(note);
    }
    out
}

/// "Anna spielt Rufer und ruft den XX. Partner: Bert." (the partner once
/// the view knows him).
pub fn contract_text(contract: &PublicContract, header: &TableHeader, lang: Lang) -> String {
    let mut out = match contract.called {
        Some(called) => tr!(
            lang,
            "contract-rufer",
            name = seat_name(header, contract.declarer, lang),
            game = game_name(contract.kind, lang),
            called = card_label(called, lang)
        ),
        None => tr!(
            lang,
            "contract-solo",
            name = seat_name(header, contract.declarer, lang),
            game = game_name(contract.kind, lang)
        ),
    };
    if let Some(partner) = contract.partner {
        out.push(' ');
        out.push_str(&tr!(
            lang,
            "contract-partner",
            name = seat_name(header, partner, lang)
        ));
    }
    out
}

/// The public table text during and after a deal: its title line, then
/// [`table_body`].
pub fn table_text(view: &PublicView, header: &TableHeader, lang: Lang) -> String {
    format!(
        "{}\n{}",
        table_title(header, lang),
        table_body(view, header, lang)
    )
}

/// The first line of the public table text: table, deal, rules and stake.
pub fn table_title(header: &TableHeader, lang: Lang) -> String {
    tr!(
        lang,
        "table-title",
        table = header.table,
        deal = header.deal.unwrap_or(0),
        rules = header.rules.as_str(),
        stake = money(header.stake_cents, lang)
    )
}

/// The public table text under its title: the seats (the Vorhand marked),
/// the contract, the Lizitation, the tricks, whose turn it is, and the
/// header's status note. Built from the public view only.
pub fn table_body(view: &PublicView, header: &TableHeader, lang: Lang) -> String {
    let mut out = String::new();
    let names: Vec<String> = Seat::ALL
        .iter()
        .map(|&s| {
            let mut n = seat_name(header, s, lang);
            if s == view.forehand {
                n.push_str(&tr!(lang, "forehand-mark"));
            }
            n
        })
        .collect();
    out.push_str(&names.join(" · "));
    if let Some(contract) = &view.contract {
        out.push('\n');
        out.push_str(&contract_text(contract, header, lang));
    }
    // The whole Lizitation stays visible through the play and after it.
    let auction = [
        auction::items_text(&view.announcements, &view.items, &view.rules, header, lang),
        auction::history_text(&view.announcements, &view.rules, header, lang),
    ];
    for line in auction.into_iter().flatten() {
        out.push('\n');
        out.push_str(&line);
    }
    if view.phase != Phase::Bidding {
        let mut won = [0u32; 4];
        for t in &view.tricks {
            won[t.winner.index()] += 1;
        }
        let counts: Vec<String> = Seat::ALL
            .iter()
            .map(|&s| format!("{} {}", seat_name(header, s, lang), won[s.index()]))
            .collect();
        out.push('\n');
        out.push_str(&tr!(
            lang,
            "tricks-won",
            number = view.tricks.len(),
            counts = counts.join(", ")
        ));
        // The last completed trick (with its winner) and the trick on the table.
        let names = Seat::ALL.map(|seat| Some(seat_name(header, seat, lang)));
        if let Some(last) = view.tricks.last() {
            out.push('\n');
            out.push_str(&tr!(
                lang,
                "trick-last",
                plays = plays_text(&last.trick, &names, lang),
                winner = seat_name(header, last.winner, lang)
            ));
        }
        if let Some(trick) = view.trick.filter(|t| !t.cards().is_empty()) {
            out.push('\n');
            out.push_str(&tr!(
                lang,
                "trick-current",
                plays = plays_text(&trick, &names, lang)
            ));
        }
    }
    match view.to_act {
        Some(seat) => {
            out.push('\n');
            let id = if view.phase == Phase::Bidding {
                "turn-bid"
            } else {
                "turn-play"
            };
            out.push_str(&tr!(lang, id, name = seat_name(header, seat, lang)));
        }
        None if view.phase == Phase::Finished => {
            out.push('\n');
            out.push_str(&tr!(lang, "deal-over"));
        }
        None => {}
    }
    if let Some(note) = &header.status_note {
        out.push('\n');
        out.push_str(note);
    }
    out
}

/// A seat's private text: its title line, then [`private_body`].
pub fn private_text(view: &SeatView, header: &TableHeader, lang: Lang) -> String {
    format!(
        "{}\n{}",
        private_title(view.seat, header, lang),
        private_body(view, header, lang)
    )
}

/// The first line of a seat's private text: table, deal and seat.
pub fn private_title(seat: Seat, header: &TableHeader, lang: Lang) -> String {
    tr!(
        lang,
        "private-title",
        table = header.table,
        deal = header.deal.unwrap_or(0),
        seat = seat.index() + 1
    )
}

/// A seat's private text under its title: its hand, its party as it knows
/// it, the contract and the trick, and what to do.
pub fn private_body(view: &SeatView, header: &TableHeader, lang: Lang) -> String {
    let mut out = String::new();
    out.push_str(&tr!(
        lang,
        "private-hand",
        cards = hand_text(view.hand, lang)
    ));
    if let Some(contract) = &view.contract {
        out.push('\n');
        let role = match view.my_party() {
            _ if contract.declarer == view.seat => tr!(lang, "role-declarer"),
            Some(Party::Declarer) => tr!(lang, "role-partner"),
            Some(Party::Opponents) => tr!(lang, "role-opponent"),
            None => String::new(),
        };
        out.push_str(&role);
    }
    // What a player needs to decide without looking at the group: the
    // contract with its called card, and in the play the trick on the
    // table (who led, what lies there) or, when it is empty, the last one.
    if let Some(contract) = &view.contract {
        out.push('\n');
        out.push_str(&contract_text(contract, header, lang));
        if let Some(items) =
            auction::items_text(&view.announcements, &view.items, &view.rules, header, lang)
        {
            out.push('\n');
            out.push_str(&items);
        }
    } else if view.phase == Phase::Bidding
        && let Some(line) = auction::history_text(&view.announcements, &view.rules, header, lang)
    {
        out.push('\n');
        out.push_str(&line);
    }
    if view.phase == Phase::Play {
        let names = Seat::ALL.map(|seat| Some(seat_name(header, seat, lang)));
        match view.trick.filter(|t| !t.cards().is_empty()) {
            Some(trick) => {
                out.push('\n');
                out.push_str(&tr!(
                    lang,
                    "trick-led",
                    name = seat_name(header, trick.leader(), lang),
                    plays = plays_text(&trick, &names, lang)
                ));
            }
            None => {
                if let Some(last) = view.tricks.last() {
                    out.push('\n');
                    out.push_str(&tr!(
                        lang,
                        "trick-last",
                        plays = plays_text(&last.trick, &names, lang),
                        winner = seat_name(header, last.winner, lang)
                    ));
                }
                if view.to_act == Some(view.seat) {
                    out.push('\n');
                    out.push_str(&tr!(lang, "trick-you-lead"));
                }
            }
        }
    }
    // The reminder only while the Pagat is still in the hand to keep.
    if view.pagat_bound && view.hand.contains(Card::PAGAT) {
        out.push('\n');
        out.push_str(&tr!(lang, "private-keep-pagat"));
    }
    let may_pass = view.legal.is_some_and(|l| l.weiter);
    out.push('\n');
    out.push_str(&match (view.to_act, view.phase) {
        (Some(s), Phase::Bidding) if s == view.seat && may_pass => tr!(lang, "private-your-bid"),
        (Some(s), Phase::Bidding) if s == view.seat && view.announcements.is_empty() => {
            tr!(lang, "private-your-opening")
        }
        (Some(s), Phase::Bidding) if s == view.seat => tr!(lang, "private-your-bid-no-pass"),
        (Some(s), Phase::Play) if s == view.seat => tr!(lang, "private-your-card"),
        (Some(s), _) => tr!(lang, "private-wait", name = seat_name(header, s, lang)),
        (None, _) => tr!(lang, "deal-over"),
    });
    out
}

/// A rule error in the reader's language.
pub fn rule_error_text(error: &RuleError, lang: Lang) -> String {
    use RuleError as E;
    match error {
        E::NotYourTurn { .. } => tr!(lang, "err-not-your-turn"),
        E::DealOver => tr!(lang, "err-deal-over"),
        E::BiddingOver => tr!(lang, "err-bidding-over"),
        E::StillBidding => tr!(lang, "err-still-bidding"),
        E::OpeningRequired => tr!(lang, "err-opening-required"),
        E::NothingToCall => tr!(lang, "err-nothing-to-call"),
        E::GameNotFirst => tr!(lang, "err-game-not-first"),
        E::RuferOnlyAsOpening => tr!(lang, "err-rufer-only-opening"),
        E::NotHigher(kind) => tr!(lang, "err-not-higher", game = game_name(*kind, lang)),
        E::AlreadyAgreed(_) => tr!(lang, "err-already-agreed"),
        E::PassedBefore(_) => tr!(lang, "err-passed-before"),
        E::FarbensoloNotEligible { needed, held } => {
            tr!(
                lang,
                "err-farbensolo-eligible",
                needed = u32::from(*needed),
                held = u32::from(*held)
            )
        }
        E::NoGameWithValat => tr!(lang, "err-no-game-with-valat"),
        E::ValatBelongsToGame => tr!(lang, "err-valat-with-game"),
        E::NoGame => tr!(lang, "err-no-game"),
        E::AlreadyAnnounced(p) => tr!(
            lang,
            "err-already-announced",
            item = item_name(p.item(), lang)
        ),
        E::ValatInForce => tr!(lang, "err-valat-in-force"),
        E::PagatNotHeld => tr!(lang, "err-pagat-not-held"),
        E::PremiumNotInGame { premium, game } => tr!(
            lang,
            "err-premium-not-in-game",
            item = item_name(premium.item(), lang),
            game = game_name(*game, lang)
        ),
        E::NothingToKontra(item) => {
            tr!(lang, "err-nothing-to-kontra", item = item_name(*item, lang))
        }
        E::KontraLimit(item) => tr!(lang, "err-kontra-limit", item = item_name(*item, lang)),
        E::KontraWrongParty(item) => tr!(
            lang,
            "err-kontra-wrong-party",
            item = item_name(*item, lang)
        ),
        E::OpportunityPassed => tr!(lang, "err-opportunity-passed"),
        E::TrullMustKontra => tr!(lang, "err-trull-must-kontra"),
        E::NotInHand(card) => tr!(lang, "err-not-in-hand", card = card_label(*card, lang)),
        E::MustFollowSuit { card, led } => tr!(
            lang,
            "err-must-follow-suit",
            card = card_label(*card, lang),
            led = card_label(*led, lang)
        ),
        E::MustPlayTarock { card, led } => tr!(
            lang,
            "err-must-play-tarock",
            card = card_label(*card, lang),
            led = card_label(*led, lang)
        ),
        E::FarbensoloLead { card } => {
            tr!(lang, "err-farbensolo-lead", card = card_label(*card, lang))
        }
        E::PagatMustBeKept => tr!(lang, "err-pagat-must-be-kept"),
        #[allow(unreachable_patterns)]
        other => tr!(lang, "err-rule-other", detail = other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::KontraWords;

    /// The Pagat reminder stands while the announcer still holds the Pagat,
    /// and goes once it has left the hand (played, or forced out early).
    #[test]
    fn the_pagat_reminder_only_while_the_pagat_is_held() {
        let record = tarock_zwanzigerrufen::Record::from_json(
            &serde_json::json!({
                "format": "zwanzigerrufen-record/1",
                "rules": "standard",
                "forehand": 0,
                "hands": [
                    "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
                    "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
                    "T22 T19 T9 T4 dK hK hN sK sJ s10",
                    "T15 T10 T8 T7 T6 T1 dQ hA sQ sN"
                ],
                "actions": ["0 rufer", "1 weiter", "2 weiter", "3 pagat", "0 weiter",
                            "1 weiter", "2 weiter"],
            })
            .to_string(),
        )
        .unwrap();
        let game = record.to_game().unwrap();
        let header = TableHeader {
            table: 1,
            deal: Some(1),
            names: ["Anna", "Bert", "Cleo", "Dora"].map(|n| Some(n.to_owned())),
            rules: "standard".into(),
            stake_cents: 10,
            status_note: None,
            words: KontraWords::Standard,
        };
        let mut view = game.view(Seat::S3);
        assert!(view.pagat_bound);
        let reminder = "Du hast den Pagat angesagt: behalte ihn für den letzten Stich.";
        assert!(private_text(&view, &header, Lang::De).contains(reminder));
        view.hand.remove(Card::PAGAT);
        assert!(!private_text(&view, &header, Lang::De).contains(reminder));
    }

    #[test]
    fn cards_are_read_as_ids_and_as_shown() {
        for (typed, id) in [
            ("T21", "T21"),
            ("XXI", "T21"),
            ("xxi", "T21"),
            ("Sküs", "T22"),
            ("skus", "T22"),
            ("I", "T1"),
            ("hK", "hK"),
            ("♥K", "hK"),
            ("♥D", "hQ"),
            ("♥Q", "hQ"),
            ("♠10", "s10"),
            ("♦A", "dA"),
        ] {
            assert_eq!(parse_card(typed), Some(id.parse().unwrap()), "{typed}");
        }
        for bad in ["", "XXIII", "rufer", "♥Z", "T0"] {
            assert_eq!(parse_card(bad), None, "{bad}");
        }
    }
}
