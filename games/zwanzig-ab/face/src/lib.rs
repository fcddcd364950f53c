//! "20 ab" at the table: its texts, buttons, settlement and computer
//! players, over [`tarock_zwanzig_ab::ZwanzigAb`] (one round = one session).
//!
//! Secrecy (SPEC §10, D-24): the public text shows trump, who dropped, how
//! many cards each exchanged, the played cards and trick winners, scores,
//! drops used and left, and who is barred from dropping and why; never a
//! hand, a discard or a stock card. A seat's text shows its own cards only
//! (the first packet alone until trump is named). Time-outs (D-23): trump by
//! the suit with most cards in the first packet, the exchange `stay`, a drop
//! only when the computer player would drop, cards by the computer player.

use rand::RngCore;
use serde_json::Value;
use tarock_game_core::{DynGame, Seat};
use tarock_player::Level;
use tarock_zwanzig_ab::rules::{DropTiming, LoneTrumpMaker, SettlementRule, WinnerRule};
use tarock_zwanzig_ab::{
    Action, Card, CardSet, Decision, DropBar, Phase, Rules, Session, Suit, ZwanzigAb,
};

use tarock_face::computers::computer_token;
use tarock_face::picture::Deck;
use tarock_face::{
    BadRules, Choice, GameFace, NoTricks, Picture, SeatChoice, SeatText, SettlementText,
    TableContext, refusal_by_code,
};
use tarock_player::DynComputers;
use tarock_zwanzig_ab_ai::COMPUTERS;

use crate::text::tr;
use crate::text::{Arg, Lang, lookup};

mod picture;
pub mod text;
pub mod words;

pub use words::{card_label, parse_card};
use words::{cards_text, shown_order, suit_name, suit_symbol};

/// The face of 20 ab.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZwanzigAbFace;

/// The level whose policy decides a timed-out seat's drop and card.
const STAND_IN_LEVEL: Level = Level::Medium;

/// The start of every draft token: the cards picked for a swap follow,
/// each after a `.` (`x`, `x.hA`, `x.hA.s10`).
const DRAFT: &str = "x";

/// The session of a round of 20 ab.
fn session(round: &dyn DynGame) -> Option<&Session> {
    round.downcast_ref::<ZwanzigAb>().map(ZwanzigAb::session)
}

/// The game's seat of a table seat.
fn ab_seat(seat: Seat) -> Option<tarock_zwanzig_ab::Seat> {
    tarock_zwanzig_ab::Seat::new(seat.number())
}

/// The table seat of a game seat.
fn table_seat(seat: tarock_zwanzig_ab::Seat) -> Seat {
    Seat::new(u8::from(seat))
}

/// A seat's name.
fn name(table: &TableContext, seat: tarock_zwanzig_ab::Seat) -> String {
    table.name(table_seat(seat))
}

/// The cards of a trick in play order, each after its player's name.
fn plays_text(trick: &tarock_zwanzig_ab::trick::Trick, table: &TableContext, lang: Lang) -> String {
    trick
        .plays()
        .map(|(seat, card)| format!("{} {}", name(table, seat), card_label(card, lang)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cards picked in a draft token, if it is a valid draft for `hand`
/// with at most `max` cards.
fn parse_draft(draft: &str, hand: CardSet, max: u8) -> Option<CardSet> {
    let mut parts = draft.split('.');
    if parts.next() != Some(DRAFT) {
        return None;
    }
    let mut picked = CardSet::EMPTY;
    for part in parts {
        let card: Card = part.parse().ok()?;
        if !hand.contains(card) || picked.contains(card) {
            return None;
        }
        picked.insert(card);
    }
    (picked.len() <= u32::from(max)).then_some(picked)
}

/// The draft token of these picked cards.
fn draft_token(picked: CardSet) -> String {
    let mut token = DRAFT.to_owned();
    for card in picked.iter() {
        token.push('.');
        token.push_str(&card.to_string());
    }
    token
}

/// Splits buttons into rows of at most five.
fn rows(choices: Vec<Choice>) -> Vec<Vec<Choice>> {
    choices.chunks(5).map(<[Choice]>::to_vec).collect()
}

/// A score as shown: a negative one with a real minus sign (`−2`), never
/// a plus.
fn score_text(n: i32) -> String {
    if n < 0 {
        format!("−{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// A signed number (`+5`, `−2`, `0`).
fn signed(n: i32) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", n.unsigned_abs()),
        _ => "0".to_owned(),
    }
}

/// Why a seat may not drop, as shown.
fn bar_text(bar: DropBar, rules: &Rules, lang: Lang) -> String {
    match bar {
        DropBar::Maker => tr!(lang, "ab-bar-maker"),
        DropBar::Limit => tr!(lang, "ab-bar-limit", limit = rules.drop_limit()),
        DropBar::Score => tr!(lang, "ab-bar-score", min = rules.drop_min_score()),
        DropBar::TwoMustPlay => tr!(lang, "ab-bar-two"),
        DropBar::Trump(suit) => tr!(lang, "ab-bar-trump", suit = suit_name(suit, lang)),
    }
}

/// The rules of a record-form value, standard when it is not valid.
fn rules_of(rules: &Value) -> Rules {
    Rules::from_spec(rules).unwrap_or(Rules::STANDARD)
}

/// A flag's word for an on/off value.
fn yes_no(on: bool, lang: Lang) -> String {
    if on {
        tr!(lang, "ab-yes")
    } else {
        tr!(lang, "ab-no")
    }
}

impl ZwanzigAbFace {
    /// One line per seat: score, drops left, this deal's decision and tricks.
    fn seat_lines(s: &Session, table: &TableContext, lang: Lang) -> Vec<String> {
        let view = s.public_view();
        let rules = view.rules;
        tarock_zwanzig_ab::Seat::all(view.players)
            .map(|seat| {
                let i = seat.index();
                let mut parts = vec![tr!(
                    lang,
                    "ab-seat-score",
                    name = name(table, seat),
                    count = view.scores[i],
                    score = score_text(view.scores[i]),
                    left = view.drops_left[i]
                )];
                if s.deal_under_way() {
                    if seat == view.maker {
                        parts.push(tr!(lang, "ab-seat-maker"));
                    }
                    match view.decisions[i] {
                        Some(Decision::Stayed) => parts.push(tr!(lang, "ab-decision-stay")),
                        Some(Decision::Swapped(n)) => {
                            parts.push(tr!(lang, "ab-decision-swap", count = n));
                        }
                        Some(Decision::Dropped(_)) => parts.push(tr!(lang, "ab-decision-drop")),
                        None => {}
                    }
                    if view.phase == Phase::Play && view.decisions[i].is_some() {
                        let dropped = matches!(view.decisions[i], Some(Decision::Dropped(_)));
                        if !dropped {
                            parts.push(tr!(lang, "ab-seat-tricks", count = view.tricks_won[i]));
                        }
                    }
                    if matches!(view.phase, Phase::Exchange | Phase::DropRound)
                        && view.decisions[i].is_none()
                        && let Some(bar) = view.drop_bars[i]
                    {
                        parts.push(bar_text(bar, &rules, lang));
                    }
                }
                parts.join(" · ")
            })
            .collect()
    }
}

impl GameFace for ZwanzigAbFace {
    fn id(&self) -> &'static str {
        "zwanzig-ab"
    }

    fn catalogue_text(
        &self,
        lang: Lang,
        id: &str,
        args: Vec<(&'static str, Arg)>,
    ) -> Option<String> {
        lookup(lang, id, args)
    }

    fn name(&self, lang: Lang) -> String {
        tr!(lang, "ab-name")
    }

    fn seat_choice(&self) -> SeatChoice {
        SeatChoice {
            min: 3,
            max: 5,
            default: 4,
        }
    }

    fn round_unit(&self) -> &'static str {
        // One round of the table is a whole session of deals.
        "session"
    }

    fn parse_rules(&self, text: &str) -> Result<Value, BadRules> {
        let value = tarock_face::rules_value(text)?;
        Rules::from_spec(&value)
            .map(|r| r.to_spec())
            .map_err(|e| BadRules(e.to_string()))
    }

    fn rules_label(&self, rules: &Value, lang: Lang) -> String {
        match rules_of(rules).preset() {
            Some(p) => p.name().to_owned(),
            None => tr!(lang, "ab-rules-custom"),
        }
    }

    fn rules_text(&self, rules: &Value, lang: Lang) -> String {
        let r = rules_of(rules);
        let f = r.flags();
        let timing = match f.drop_timing {
            DropTiming::WithExchange => "ab-flag-drop-timing-with",
            DropTiming::AfterExchange => "ab-flag-drop-timing-after",
        };
        let lone = match f.lone_trump_maker {
            LoneTrumpMaker::Forced => "ab-flag-lone-forced",
            LoneTrumpMaker::TakesAll => "ab-flag-lone-takes-all",
        };
        let winner = match f.winner_rule {
            WinnerRule::FirstOut => "ab-flag-winner-first-out",
            WinnerRule::Lowest => "ab-flag-winner-lowest",
        };
        let settlement = match f.settlement {
            SettlementRule::Points => "ab-flag-settlement-points",
            SettlementRule::Flat => "ab-flag-settlement-flat",
        };
        let no_drop = match f.no_drop_trump {
            None => tr!(lang, "ab-flag-no-drop-trump-none"),
            Some(suit) => tr!(lang, "ab-flag-no-drop-trump", suit = suit_name(suit, lang)),
        };
        [
            tr!(
                lang,
                "ab-rules-title",
                rules = self.rules_label(rules, lang)
            ),
            tr!(lang, "ab-flag-start-score", value = f.start_score),
            tr!(lang, "ab-flag-drop-limit", value = f.drop_limit),
            tr!(lang, "ab-flag-drop-min-score", value = f.drop_min_score),
            tr!(lang, timing),
            tr!(lang, lone),
            no_drop,
            tr!(
                lang,
                "ab-flag-must-trump",
                value = yes_no(f.must_trump, lang)
            ),
            tr!(lang, "ab-flag-must-head", value = yes_no(f.must_head, lang)),
            tr!(
                lang,
                "ab-flag-hearts-double",
                value = yes_no(f.hearts_double, lang)
            ),
            tr!(lang, winner),
            tr!(lang, settlement),
        ]
        .join("\n")
    }

    fn public_text(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> String {
        let Some(s) = session(round) else {
            return tr!(lang, "ab-not-this-game");
        };
        let view = s.public_view();
        let mut lines = Vec::new();
        if view.deals > 0 {
            lines.push(tr!(
                lang,
                "ab-deal-title",
                deal = view.deals,
                dealer = name(table, view.dealer),
                maker = name(table, view.maker)
            ));
        } else {
            lines.push(tr!(
                lang,
                "ab-session-start",
                score = view.rules.start_score()
            ));
        }
        match (view.trump, s.deal_under_way()) {
            (Some(trump), _) => lines.push(tr!(
                lang,
                "ab-trump",
                symbol = suit_symbol(trump),
                suit = suit_name(trump, lang)
            )),
            (None, true) => lines.push(tr!(
                lang,
                "ab-trump-pending",
                maker = name(table, view.maker)
            )),
            (None, false) => {}
        }
        lines.extend(Self::seat_lines(s, table, lang));
        if s.deal_under_way() {
            lines.push(tr!(lang, "ab-stock", count = view.stock_left));
        }
        if let Some(last) = self.last_trick(round, table, lang) {
            lines.push(last);
        }
        if let Some(trick) = view.trick.filter(|t| !t.is_empty()) {
            let plays: Vec<String> = trick
                .plays()
                .map(|(seat, card)| format!("{} {}", name(table, seat), card_label(card, lang)))
                .collect();
            lines.push(tr!(lang, "ab-trick", plays = plays.join(", ")));
        }
        if !s.deal_under_way()
            && let Some(deltas) = view.deltas.last()
        {
            let parts: Vec<String> = tarock_zwanzig_ab::Seat::all(view.players)
                .map(|seat| format!("{} {}", name(table, seat), signed(deltas[seat.index()])))
                .collect();
            lines.push(tr!(
                lang,
                "ab-last-deal",
                deal = view.deltas.len(),
                deltas = parts.join(", ")
            ));
        }
        if let Some(outcome) = &view.outcome {
            lines.push(tr!(lang, "ab-winner", name = name(table, outcome.winner)));
        } else if let Some(seat) = view.to_act {
            lines.push(tr!(lang, "ab-to-act", name = name(table, seat)));
        }
        lines.join("\n")
    }

    fn seat_text(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        draft: Option<&str>,
        table: &TableContext,
        lang: Lang,
    ) -> SeatText {
        let (Some(s), Some(ab)) = (session(round), ab_seat(seat)) else {
            return SeatText {
                text: tr!(lang, "ab-not-this-game"),
                choices: Vec::new(),
            };
        };
        if !seat.is_at(s.players()) {
            return SeatText {
                text: tr!(lang, "ab-not-this-game"),
                choices: Vec::new(),
            };
        }
        let view = s.view(ab);
        let trump = view.public.trump;
        let mut lines = Vec::new();
        if !s.deal_under_way() {
            lines.push(tr!(lang, "ab-private-waiting"));
        } else if view.public.dropped.contains(&ab) {
            lines.push(tr!(lang, "ab-private-dropped"));
        } else if trump.is_none() {
            lines.push(tr!(
                lang,
                "ab-private-first-packet",
                cards = cards_text(view.hand, None, lang)
            ));
        } else {
            lines.push(tr!(
                lang,
                "ab-private-hand",
                cards = cards_text(view.hand, trump, lang)
            ));
        }
        if s.deal_under_way() && !view.discards.is_empty() {
            lines.push(tr!(
                lang,
                "ab-private-discards",
                cards = cards_text(view.discards, trump, lang)
            ));
        }
        let mut choices = Vec::new();
        if let Some(legal) = view.legal.filter(|l| l.seat == Some(ab)) {
            if legal.trump {
                lines.push(tr!(lang, "ab-ask-trump"));
                let suits = [Suit::Spades, Suit::Clubs, Suit::Hearts, Suit::Diamonds];
                choices.push(
                    suits
                        .into_iter()
                        .map(|suit| {
                            Choice::act(
                                format!("{} {}", suit_symbol(suit), suit_name(suit, lang)),
                                Action::Trump(suit).code(),
                            )
                        })
                        .collect(),
                );
            } else if legal.stay || legal.swap_max > 0 || legal.drop || legal.play {
                let picked = draft
                    .and_then(|d| parse_draft(d, legal.swap_from, legal.swap_max))
                    .unwrap_or(CardSet::EMPTY);
                if legal.swap_max > 0 {
                    lines.push(tr!(lang, "ab-ask-exchange", max = legal.swap_max));
                    if !picked.is_empty() {
                        lines.push(tr!(
                            lang,
                            "ab-picked",
                            cards = cards_text(picked, trump, lang)
                        ));
                    }
                    let toggles: Vec<Choice> = {
                        shown_order(legal.swap_from, trump)
                            .into_iter()
                            .filter_map(|card| {
                                let label = card_label(card, lang);
                                let mut next = picked;
                                if picked.contains(card) {
                                    next.remove(card);
                                    Some(Choice::draft(format!("✓ {label}"), draft_token(next)))
                                } else if picked.len() < u32::from(legal.swap_max) {
                                    next.insert(card);
                                    Some(Choice::draft(label, draft_token(next)))
                                } else {
                                    None
                                }
                            })
                            .collect()
                    };
                    choices.extend(rows(toggles));
                } else if legal.play {
                    lines.push(tr!(lang, "ab-ask-drop-round"));
                } else {
                    lines.push(tr!(lang, "ab-ask-stay"));
                }
                let mut row = Vec::new();
                if !picked.is_empty() {
                    row.push(Choice::act(
                        tr!(lang, "ab-button-swap", count = picked.len()),
                        Action::Swap(picked).code(),
                    ));
                }
                if legal.stay {
                    row.push(Choice::act(
                        tr!(lang, "ab-button-stay"),
                        Action::Stay.code(),
                    ));
                }
                if legal.play {
                    row.push(Choice::act(
                        tr!(lang, "ab-button-play"),
                        Action::Play.code(),
                    ));
                }
                if legal.drop {
                    row.push(Choice::act(
                        tr!(lang, "ab-button-drop"),
                        Action::Drop.code(),
                    ));
                } else if let Some(bar) = s.drop_bar(ab) {
                    lines.push(tr!(
                        lang,
                        "ab-no-drop",
                        why = bar_text(bar, s.rules(), lang)
                    ));
                }
                choices.push(row);
            } else if !legal.cards.is_empty() {
                lines.push(tr!(lang, "ab-ask-card"));
                let mut cards: Vec<Card> = legal.cards.iter().collect();
                cards.sort_by_key(|c| (Some(c.suit()) != trump, c.suit() as u8, c.index()));
                choices.extend(rows(
                    cards
                        .into_iter()
                        .map(|c| Choice::act(card_label(c, lang), Action::Card(c).code()))
                        .collect(),
                ));
            }
        } else if let Some(to_act) = view.public.to_act {
            lines.push(tr!(lang, "ab-to-act", name = name(table, to_act)));
        }
        SeatText {
            text: lines.join("\n"),
            choices,
        }
    }

    fn valid_draft(&self, round: &dyn DynGame, seat: Seat, draft: &str) -> bool {
        let (Some(s), Some(ab)) = (session(round), ab_seat(seat)) else {
            return false;
        };
        s.view(ab)
            .legal
            .filter(|l| l.seat == Some(ab) && l.swap_max > 0)
            .is_some_and(|l| parse_draft(draft, l.swap_from, l.swap_max).is_some())
    }

    fn last_trick(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> Option<String> {
        let view = session(round)?.public_view();
        let last = view.tricks.last()?;
        Some(tr!(
            lang,
            "ab-last-trick",
            plays = plays_text(&last.trick, table, lang),
            winner = name(table, last.winner)
        ))
    }

    fn our_tricks(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        _table: &TableContext,
        lang: Lang,
    ) -> Result<String, NoTricks> {
        let (Some(s), Some(ab)) = (session(round), ab_seat(seat)) else {
            return Err(NoTricks::NoneYet);
        };
        let view = s.public_view();
        if view.tricks.is_empty() || !seat.is_at(s.players()) {
            return Err(NoTricks::NoneYet);
        }
        // Everyone plays for themselves: a seat's tricks are its own.
        let mine: Vec<String> = view
            .tricks
            .iter()
            .filter(|t| t.winner == ab)
            .map(|t| {
                t.trick
                    .plays()
                    .map(|(_, c)| card_label(c, lang))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Ok(tr!(
            lang,
            "ab-my-tricks",
            count = mine.len(),
            tricks = mine.join(" | ")
        ))
    }

    fn help_text(&self, lang: Lang) -> String {
        tr!(lang, "ab-help")
    }

    fn card_token(&self, text: &str) -> Option<String> {
        parse_card(text).map(|c| Action::Card(c).code())
    }

    fn deck(&self) -> Option<Deck> {
        Some(Deck::French)
    }

    fn card_id(&self, text: &str) -> Option<String> {
        parse_card(text).map(|c| c.to_string())
    }

    fn hand_picture(&self, round: &dyn DynGame, seat: Seat, lang: Lang) -> Option<Picture> {
        picture::hand(session(round)?, ab_seat(seat)?, lang)
    }

    fn table_picture(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<Picture> {
        picture::table(session(round)?, table, lang)
    }

    fn action_text(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        token: &str,
        table: &TableContext,
        lang: Lang,
    ) -> String {
        let _ = round;
        let who = table.name(seat);
        match Action::from_code(token) {
            Ok(Action::Trump(suit)) => tr!(
                lang,
                "ab-did-trump",
                name = who,
                symbol = suit_symbol(suit),
                suit = suit_name(suit, lang)
            ),
            Ok(Action::Stay) => tr!(lang, "ab-did-stay", name = who),
            Ok(Action::Swap(cards)) => tr!(lang, "ab-did-swap", name = who, count = cards.len()),
            Ok(Action::Drop) => tr!(lang, "ab-did-drop", name = who),
            Ok(Action::Play) => tr!(lang, "ab-did-play", name = who),
            Ok(Action::Card(card)) => {
                tr!(
                    lang,
                    "ab-did-card",
                    name = who,
                    card = card_label(card, lang)
                )
            }
            Err(_) => token.to_owned(),
        }
    }

    fn events(
        &self,
        before: &dyn DynGame,
        after: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Vec<String> {
        let (Some(b), Some(a)) = (session(before), session(after)) else {
            return Vec::new();
        };
        if a.deals_completed() <= b.deals_completed() {
            return Vec::new();
        }
        let Some(deltas) = a.deltas().last() else {
            return Vec::new();
        };
        let seats = tarock_zwanzig_ab::Seat::all(a.players());
        let parts: Vec<String> = seats
            .map(|seat| {
                let i = seat.index();
                let change = if a
                    .decisions()
                    .get(i)
                    .copied()
                    .flatten()
                    .is_some_and(|d| matches!(d, Decision::Dropped(_)))
                {
                    tr!(lang, "ab-score-dropped")
                } else {
                    signed(deltas[i])
                };
                tr!(
                    lang,
                    "ab-score-line",
                    name = name(table, seat),
                    change = change,
                    score = score_text(a.scores()[i])
                )
            })
            .collect();
        vec![format!(
            "{}\n{}",
            tr!(lang, "ab-deal-over", deal = a.deals_completed()),
            parts.join("\n")
        )]
    }

    fn settlement_text(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<SettlementText> {
        let s = session(round)?;
        let outcome = s.outcome()?;
        let winner_id = match s.rules().flags().winner_rule {
            WinnerRule::FirstOut => "ab-won-first-out",
            WinnerRule::Lowest => "ab-won-lowest",
        };
        let mut lines = vec![tr!(lang, winner_id, name = name(table, outcome.winner))];
        for payment in &outcome.settlement.payments {
            lines.push(tr!(
                lang,
                "ab-pays",
                name = name(table, payment.from),
                units = payment.units,
                score = score_text(payment.score)
            ));
        }
        Some(SettlementText {
            lines,
            items: Vec::new(),
        })
    }

    fn refusal_text(&self, code: &str, lang: Lang) -> String {
        refusal_by_code(self, &format!("ab-refusal-{code}"), code, lang)
    }

    fn computer_token(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        level: &str,
        rng: &mut dyn RngCore,
    ) -> Option<String> {
        computer_token(&COMPUTERS, level, round, seat, rng)
    }

    fn stand_in_token(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<String> {
        let s = session(round)?;
        let ab = ab_seat(seat)?;
        if s.to_act() != Some(ab) {
            return None;
        }
        let legal = s.legal_actions();
        let level = if legal.trump {
            // D-23: the suit with most cards in the first packet, ties the
            // higher card: the easy player's rule.
            Level::Easy
        } else {
            STAND_IN_LEVEL
        };
        let token = DynComputers::player(&COMPUTERS, level)?.answer(round, seat, rng)?;
        let action = match Action::from_code(&token).ok()? {
            // D-23: the exchange is `stay`; a drop only if the policy drops.
            Action::Swap(_) if legal.stay => Action::Stay,
            a if legal.contains(a) => a,
            _ => legal.iter().next()?,
        };
        Some(action.code())
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use tarock_zwanzig_ab::Deck;

    use super::*;
    use tarock_face::ChoiceKind;

    /// The deck of the SPEC's full session FG1, deal 1: four players, dealer
    /// seat 3, so seat 0 names trump. Seat 0's first packet is hA h10 c7,
    /// its second s8 d9; seat 1 holds h7 hQ c8 + sK d10.
    const FG1_DECK: &str = "hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 \
                            d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ";

    fn fg1() -> Box<dyn DynGame> {
        let mut s = Session::fresh(Rules::STANDARD, 4, 3).unwrap();
        s.start_deal(FG1_DECK.parse::<Deck>().unwrap()).unwrap();
        Box::new(ZwanzigAb::from(s))
    }

    fn table() -> TableContext {
        TableContext {
            names: ["Anna", "Bert", "Cora", "Dora"].map(String::from).to_vec(),
            stake_cents: 10,
        }
    }

    fn card(id: &str) -> String {
        card_label(id.parse().unwrap(), Lang::En)
    }

    fn tokens(text: &SeatText) -> Vec<(&str, ChoiceKind)> {
        text.choices
            .iter()
            .flatten()
            .map(|c| (c.token.as_str(), c.kind))
            .collect()
    }

    #[test]
    fn before_trump_a_seat_sees_its_first_packet_only_and_the_table_no_card() {
        let round = fg1();
        let face = ZwanzigAbFace;
        let s0 = face.seat_text(round.as_ref(), Seat::new(0), None, &table(), Lang::En);
        for id in ["hA", "h10", "c7"] {
            assert!(s0.text.contains(&card(id)), "{id} missing: {}", s0.text);
        }
        // The second packet (s8 d9) is dealt only after trump is named.
        for id in ["s8", "d9"] {
            assert!(!s0.text.contains(&card(id)), "{id} shown: {}", s0.text);
        }
        let public = face.public_text(round.as_ref(), &table(), Lang::En);
        let dealt: Vec<String> = FG1_DECK.split_whitespace().map(card).collect();
        for label in &dealt {
            assert!(!public.contains(label.as_str()), "{label} in {public}");
        }
        assert!(public.contains("Anna names trump"), "{public}");
    }

    #[test]
    fn only_the_trump_maker_gets_the_four_suits_as_buttons() {
        let round = fg1();
        let face = ZwanzigAbFace;
        let s0 = face.seat_text(round.as_ref(), Seat::new(0), None, &table(), Lang::De);
        assert_eq!(
            tokens(&s0),
            [
                ("trump.s", ChoiceKind::Act),
                ("trump.c", ChoiceKind::Act),
                ("trump.h", ChoiceKind::Act),
                ("trump.d", ChoiceKind::Act)
            ]
        );
        let s1 = face.seat_text(round.as_ref(), Seat::new(1), None, &table(), Lang::De);
        assert!(s1.choices.is_empty());
        assert!(s1.text.contains("Am Zug: Anna"), "{}", s1.text);
    }

    #[test]
    fn an_exchange_is_chosen_card_by_card_and_confirmed() {
        let mut round = fg1();
        round.apply_token(Seat::new(0), "trump.h").unwrap();
        let face = ZwanzigAbFace;
        let t = table();
        // No draft: every card of the five toggles into a draft, and stay is
        // offered; the trump maker may not drop (D-10), and is told why.
        let plain = face.seat_text(round.as_ref(), Seat::new(0), None, &t, Lang::En);
        let all = tokens(&plain);
        assert_eq!(
            all.iter().filter(|(_, k)| *k == ChoiceKind::Draft).count(),
            5
        );
        assert!(all.contains(&("x.c7", ChoiceKind::Draft)));
        assert!(all.contains(&("stay", ChoiceKind::Act)));
        assert!(!all.iter().any(|(t, _)| *t == "drop"));
        assert!(
            plain.text.contains("trump maker always plays"),
            "{}",
            plain.text
        );
        // Three picked: the other two are no longer offered, the three
        // untoggle, and the confirm button is the swap's token.
        let three = face.seat_text(
            round.as_ref(),
            Seat::new(0),
            Some("x.c7.s8.d9"),
            &t,
            Lang::En,
        );
        let picked = tokens(&three);
        assert!(picked.contains(&("x.s8.d9", ChoiceKind::Draft)));
        assert!(!picked.iter().any(|(t, _)| t.contains("hA")));
        let confirm = picked.iter().find(|(_, k)| *k == ChoiceKind::Act).unwrap();
        assert!(confirm.0.starts_with("swap."));
        round.apply_token(Seat::new(0), confirm.0).unwrap();
        // Seat 0 took the stock's top three (d7 dK cA).
        let after = face.seat_text(round.as_ref(), Seat::new(0), None, &t, Lang::En);
        for id in ["d7", "dK", "cA", "hA", "h10"] {
            assert!(after.text.contains(&card(id)), "{id}: {}", after.text);
        }
        // Its discards, in suit order (spades, clubs, hearts, diamonds).
        let discards = format!("Discarded: {} {} {}", card("s8"), card("c7"), card("d9"));
        assert!(after.text.contains(&discards), "{}", after.text);
    }

    #[test]
    fn a_forged_or_stale_draft_shows_the_choices_as_without_one() {
        let mut round = fg1();
        round.apply_token(Seat::new(0), "trump.h").unwrap();
        let face = ZwanzigAbFace;
        let t = table();
        let plain = face.seat_text(round.as_ref(), Seat::new(0), None, &t, Lang::En);
        // sA is seat 2's card; "y" is no draft; four cards are more than three.
        for draft in ["x.sA", "y.c7", "x.c7.c7", "x.hA.h10.c7.s8"] {
            let shown = face.seat_text(round.as_ref(), Seat::new(0), Some(draft), &t, Lang::En);
            assert_eq!(shown, plain, "{draft}");
        }
    }

    #[test]
    fn refusals_read_by_rule_code_in_both_languages() {
        let face = ZwanzigAbFace;
        assert_eq!(
            face.refusal_text("D-10", Lang::De),
            "Der Ansager darf nicht aussteigen."
        );
        assert_eq!(
            face.refusal_text("D-10", Lang::En),
            "The trump maker may not drop out."
        );
        assert_eq!(face.refusal_text("P-3", Lang::En), "You must follow suit.");
        assert_eq!(
            face.refusal_text("token", Lang::De),
            "Diesen Zug gibt es in diesem Spiel nicht."
        );
        assert_eq!(
            face.refusal_text("no-such-code", Lang::En),
            "That is not possible now."
        );
        // The refused action changed nothing: the maker's drop in FG1.
        let mut round = fg1();
        round.apply_token(Seat::new(0), "trump.h").unwrap();
        let before = round.clone();
        let refusal = round.apply_token(Seat::new(0), "drop").unwrap_err();
        assert_eq!(refusal.code(), "D-10");
        assert!(round.same_as(before.as_ref()));
    }

    #[test]
    fn a_timed_out_trump_maker_names_the_suit_he_holds_most_and_others_stay() {
        let face = ZwanzigAbFace;
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut round = fg1();
        // Seat 0's first packet hA h10 c7: two hearts (D-23).
        assert_eq!(
            face.stand_in_token(round.as_ref(), Seat::new(0), &mut rng)
                .as_deref(),
            Some("trump.h")
        );
        assert_eq!(
            face.stand_in_token(round.as_ref(), Seat::new(1), &mut rng),
            None
        );
        round.apply_token(Seat::new(0), "trump.h").unwrap();
        // The exchange of a timed-out seat is never a swap: stay (or a drop
        // the computer's policy makes).
        for seat in 0..4 {
            let token = face
                .stand_in_token(round.as_ref(), Seat::new(seat), &mut rng)
                .unwrap();
            assert!(token == "stay" || token == "drop", "{token}");
            round.apply_token(Seat::new(seat), &token).unwrap();
        }
    }

    #[test]
    fn the_lobby_lists_every_flag() {
        let face = ZwanzigAbFace;
        let rules = face
            .parse_rules(r#"{"preset":"standard","hearts_double":true}"#)
            .unwrap();
        let text = face.rules_text(&rules, Lang::En);
        // A title and the eleven flags of SPEC §7.1.
        assert_eq!(text.lines().count(), 12, "{text}");
        assert!(text.contains("Start score: 20"));
        assert!(text.contains("Drop out at most 4 times"));
        assert!(text.contains("Hearts as trump count double: yes"));
        assert_eq!(face.rules_label(&rules, Lang::En), "custom rules");
        assert!(face.parse_rules("turbo").is_err());
        assert!(
            face.parse_rules(r#"{"preset":"standard","drop_limit":9}"#)
                .is_err()
        );
    }

    #[test]
    fn computers_play_a_session_to_its_settlement() {
        let face = ZwanzigAbFace;
        use tarock_game_core::DynKind;
        let kind = tarock_game_core::Kind::<ZwanzigAb>::new();
        let mut round = kind.new_round(&"standard".into(), 3, Seat::new(0)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let t = TableContext {
            names: ["Anna", "Bert", "Cora"].map(String::from).to_vec(),
            stake_cents: 10,
        };
        let mut deal_messages = 0;
        while !round.is_over() {
            if round.needs_deck() {
                round.deal(&mut rng).unwrap();
                continue;
            }
            let seat = round.to_act().unwrap();
            let token = face
                .computer_token(round.as_ref(), seat, "easy", &mut rng)
                .unwrap();
            let before = round.clone();
            round.apply_token(seat, &token).unwrap();
            deal_messages += face
                .events(before.as_ref(), round.as_ref(), &t, Lang::En)
                .len();
        }
        let s = session(round.as_ref()).unwrap();
        assert_eq!(deal_messages, s.deals_completed());
        let text = face.settlement_text(round.as_ref(), &t, Lang::En).unwrap();
        let outcome = s.outcome().unwrap();
        assert!(text.lines[0].contains(&t.names[outcome.winner.index()]));
        // One line per loser, each paying his remaining score (points rule).
        assert_eq!(text.lines.len(), 3);
        let units = round.settlement().unwrap();
        assert_eq!(units.units().iter().sum::<i64>(), 0);
        for p in &outcome.settlement.payments {
            assert_eq!(p.units, i64::from(p.score.max(0)));
        }
    }
}
