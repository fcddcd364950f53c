//! The Lizitation as the table shows it, from the bidding start to the end
//! of the deal: every turn with who said it, and the announcements in force
//! with who made them ("Pagat von Dora (dagegen) – Kontra von Anna").

use tarock_zwanzigerrufen::view::Announcement;
use tarock_zwanzigerrufen::{Action, Bid, Item, ItemState, Party, Rules, Seat};

use crate::text::{Lang, tr};
use crate::words::{TableHeader, bid_label, item_name, kontra_name, seat_name};

/// Who made an announced item and who raised it, since the current game.
#[derive(Clone, Debug, Default)]
struct Story {
    /// The announcer of a premium and their party.
    by: Option<(Seat, Option<Party>)>,
    /// Each Kontra step on it, in order: (seat, level reached).
    kontras: Vec<(Seat, u8)>,
}

/// Whether an opponent's announcement of `premium` puts the game on Kontra
/// by itself (SPEC L6), given the game's level before it.
fn implies_kontra(bid: Bid, party: Option<Party>, game_level: u8, rules: &Rules) -> bool {
    matches!(bid, Bid::Premium(p) if rules.opp_premium_implies_game_kontra.contains(p))
        && party == Some(Party::Opponents)
        && game_level == 0
}

/// The stories of the four items of the game in force: a new game voids
/// everything announced before it (SPEC E1); an opponent's premium may
/// give the game its Kontra (SPEC L6), which counts as that seat's.
fn stories(announcements: &[Announcement], rules: &Rules) -> [Story; 4] {
    let mut stories: [Story; 4] = Default::default();
    for a in announcements {
        let Action::Bid(bid) = a.action else { continue };
        match bid {
            Bid::Game(_) => stories = Default::default(),
            Bid::GameWithValat(_) => {
                stories = Default::default();
                stories[Item::Valat.index()].by = Some((a.seat, Some(Party::Declarer)));
            }
            Bid::Premium(p) => {
                let game = &mut stories[Item::Game.index()].kontras;
                if implies_kontra(bid, a.party, game.len() as u8, rules) {
                    game.push((a.seat, 1));
                }
                stories[p.item().index()].by = Some((a.seat, a.party));
            }
            Bid::Kontra(item) => {
                let story = &mut stories[item.index()];
                let level = story.kontras.len() as u8 + 1;
                story.kontras.push((a.seat, level));
            }
        }
    }
    stories
}

fn party_word(party: Party, lang: Lang) -> String {
    match party {
        Party::Declarer => tr!(lang, "party-with"),
        Party::Opponents => tr!(lang, "party-against"),
    }
}

/// "Angesagt: Spiel – Kontra von Cleo · Pagat von Dora (dagegen) – Kontra von Anna":
/// the items in force (the game only once kontra'd), each with who
/// announced it and who gave each Kontra step. `None` when there is none.
pub fn items_text(
    announcements: &[Announcement],
    items: &[Option<ItemState>; 4],
    rules: &Rules,
    header: &TableHeader,
    lang: Lang,
) -> Option<String> {
    let stories = stories(announcements, rules);
    let shown: Vec<String> = Item::ALL
        .iter()
        .filter_map(|&item| {
            let state = items[item.index()]?;
            if state.void || (item == Item::Game && state.level == 0) {
                return None;
            }
            let story = &stories[item.index()];
            let mut text = match story.by {
                Some((seat, Some(party))) => tr!(
                    lang,
                    "announced-by",
                    item = item_name(item, lang),
                    name = seat_name(header, seat, lang),
                    party = party_word(party, lang)
                ),
                _ => item_name(item, lang),
            };
            let kontras: Vec<String> = story
                .kontras
                .iter()
                .map(|&(seat, level)| {
                    tr!(
                        lang,
                        "kontra-by",
                        kontra = kontra_name(level, lang, header.words),
                        name = seat_name(header, seat, lang)
                    )
                })
                .collect();
            if !kontras.is_empty() {
                text = tr!(
                    lang,
                    "announced-kontras",
                    item = text,
                    kontras = kontras.join(", ")
                );
            }
            Some(text)
        })
        .collect();
    (!shown.is_empty()).then(|| tr!(lang, "contract-items", items = shown.join(" · ")))
}

/// "Lizitation: Anna: Rufer, Pagat (dazu); Bert: weiter; Cleo: Kontra auf
/// Spiel (dagegen); …": every turn in order with its announcements, each
/// Zusatz with its party. `None` before the first turn.
pub fn history_text(
    announcements: &[Announcement],
    rules: &Rules,
    header: &TableHeader,
    lang: Lang,
) -> Option<String> {
    let mut levels = [0u8; 4];
    // Each turn: who, and the texts of its announcements (none: weiter).
    let mut turns: Vec<(Seat, Vec<String>)> = Vec::new();
    let mut open = false;
    for a in announcements {
        match a.action {
            // A Weiter ends the turn; alone it is the whole turn.
            Action::Weiter => {
                if !open {
                    turns.push((a.seat, Vec::new()));
                }
                open = false;
            }
            Action::Bid(bid) => {
                let level = match bid {
                    // A new game voids the Kontras before it.
                    Bid::Game(_) | Bid::GameWithValat(_) => {
                        levels = [0; 4];
                        0
                    }
                    Bid::Kontra(item) => {
                        levels[item.index()] += 1;
                        levels[item.index()] - 1
                    }
                    Bid::Premium(_) => {
                        if implies_kontra(bid, a.party, levels[Item::Game.index()], rules) {
                            levels[Item::Game.index()] = 1;
                        }
                        0
                    }
                };
                let label = bid_label(bid, lang, level, header.words);
                let text = match (bid, a.party) {
                    (Bid::Game(_) | Bid::GameWithValat(_), _) | (_, None) => label,
                    (_, Some(party)) => tr!(
                        lang,
                        "bid-with-party",
                        bid = label,
                        party = party_word(party, lang)
                    ),
                };
                match turns.last_mut() {
                    Some((seat, bids)) if open && *seat == a.seat => bids.push(text),
                    _ => turns.push((a.seat, vec![text])),
                }
                open = true;
            }
            Action::Play(_) => break,
        }
    }
    let history: Vec<String> = turns
        .into_iter()
        .map(|(seat, bids)| {
            let name = seat_name(header, seat, lang);
            if bids.is_empty() {
                tr!(lang, "history-weiter", name = name)
            } else {
                tr!(lang, "history-bid", name = name, bids = bids.join(", "))
            }
        })
        .collect();
    (!history.is_empty()).then(|| tr!(lang, "bidding-history", history = history.join("; ")))
}

#[cfg(test)]
mod tests {
    use tarock_zwanzigerrufen::Record;

    use super::*;
    use crate::words::KontraWords;

    /// The FD1 hands of the rules specification (§3.9).
    const HANDS: [&str; 4] = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
        "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
        "T22 T19 T9 T4 dK hK hN sK sJ s10",
        "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
    ];

    fn header() -> TableHeader {
        TableHeader {
            table: 1,
            deal: Some(1),
            names: ["Anna", "Bert", "Cleo", "Dora"].map(|n| Some(n.to_owned())),
            rules: "wikipedia".into(),
            stake_cents: 10,
            status_note: None,
            words: KontraWords::Wikipedia,
        }
    }

    /// The public view after `actions` (record strings) under wikipedia.
    fn view(actions: &[&str]) -> tarock_zwanzigerrufen::PublicView {
        let record = Record::from_json(
            &serde_json::json!({
                "format": "zwanzigerrufen-record/1",
                "rules": "wikipedia",
                "forehand": 0,
                "hands": HANDS,
                "actions": actions,
            })
            .to_string(),
        )
        .unwrap();
        record.to_game().unwrap().public_view()
    }

    /// SPEC E3 (the Wikipedia billing example's bidding), then the first
    /// card: every announcement keeps its author, the game's Kontra is
    /// Bert's (his Absolut against puts the game on Kontra, SPEC L6).
    #[test]
    fn the_auction_keeps_who_said_what_into_the_play() {
        let v = view(&[
            "0 rufer",
            "1 absolut",
            "2 kontra-absolut",
            "3 pagat",
            "0 kontra-pagat",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 T20",
        ]);
        let h = header();
        assert_eq!(
            items_text(&v.announcements, &v.items, &v.rules, &h, Lang::De).as_deref(),
            Some(
                "Angesagt: Spiel – Kontra von Bert · Absolut von Bert (dagegen) – Kontra von Cleo · \
                 Pagat von Dora (dagegen) – Kontra von Anna"
            )
        );
        assert_eq!(
            history_text(&v.announcements, &v.rules, &h, Lang::En).as_deref(),
            Some(
                "Bidding: Anna: Rufer; Bert: Absolut (against); Cleo: Kontra on the Absolut \
                 (with); Dora: Pagat (against); Anna: Kontra on the Pagat (with); Bert: weiter; \
                 Cleo: weiter; Dora: weiter"
            )
        );
    }

    /// After the Kontra an opponent's Absolut implies, the declarers' Kontra
    /// on the game is the Rekontra, in the history and in force.
    #[test]
    fn a_kontra_after_an_implied_one_is_the_rekontra() {
        let v = view(&[
            "0 rufer",
            "1 absolut",
            "2 kontra-spiel",
            "3 weiter",
            "0 weiter",
            "1 weiter",
        ]);
        let h = header();
        assert_eq!(
            items_text(&v.announcements, &v.items, &v.rules, &h, Lang::De).as_deref(),
            Some(
                "Angesagt: Spiel – Kontra von Bert, Rekontra von Cleo · Absolut von Bert (dagegen)"
            )
        );
        assert_eq!(
            history_text(&v.announcements, &v.rules, &h, Lang::De).as_deref(),
            Some(
                "Lizitation: Anna: Rufer; Bert: Absolut (dagegen); Cleo: Rekontra auf Spiel \
                 (dazu); Dora: weiter; Anna: weiter; Bert: weiter"
            )
        );
    }

    /// A turn of several announcements is one entry under one name.
    #[test]
    fn a_turn_of_several_announcements_is_one_entry() {
        let v = view(&[
            "0 rufer absolut",
            "1 weiter",
            "2 weiter",
            "3 kontra-absolut",
        ]);
        let h = header();
        assert_eq!(
            history_text(&v.announcements, &v.rules, &h, Lang::De).as_deref(),
            Some(
                "Lizitation: Anna: Rufer, Absolut (dazu); Bert: weiter; Cleo: weiter; \
                 Dora: Kontra auf Absolut (dagegen)"
            )
        );
    }

    /// A higher game voids the Kontras before it: the next Kontra is a
    /// Kontra again, and nothing of the Rufer stays in force.
    #[test]
    fn an_overbid_starts_the_kontras_afresh() {
        let v = view(&["0 rufer", "1 kontra-spiel", "2 solo", "3 kontra-spiel"]);
        let h = header();
        assert_eq!(
            history_text(&v.announcements, &v.rules, &h, Lang::De).as_deref(),
            Some(
                "Lizitation: Anna: Rufer; Bert: Kontra auf Spiel (dagegen); Cleo: Solo; \
                 Dora: Kontra auf Spiel (dagegen)"
            )
        );
        assert_eq!(
            items_text(&v.announcements, &v.items, &v.rules, &h, Lang::De).as_deref(),
            Some("Angesagt: Spiel – Kontra von Dora")
        );
    }
}
