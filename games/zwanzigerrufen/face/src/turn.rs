//! A seat's choices as buttons: a card to play, or a bidding turn made in
//! presses. A turn of several announcements ("Rufer, Pagat") is one move
//! as players see it: the "… +" buttons are drafts (the announcements so
//! far, `x<codes>`), and the button that ends the turn carries the whole
//! turn (`a<codes>`, `w` for Weiter), which the table applies at once
//! through [`tokens_of_turn`]. Others never see a half-made turn.
//!
//! The tokens are the action parts of the table's Zwanzigerrufen button
//! payloads before the face (`t1:1.0:ar.p`, `t1:1.0:xr`, `t1:1.0:w`,
//! `t1:1.0:pT21`): a button posted in a chat before reads as the same
//! choice now.

use tarock_face::Choice;
use tarock_zwanzigerrufen::{Action, Bid, Card, Game, GameKind, Item, Phase, Premium, Seat};

use crate::render::{card_label, sorted};
use crate::text::{Lang, tr};
use crate::words::{KontraWords, bid_label};

/// At most this many announcements in one turn (what a button's payload
/// holds; no legal turn has more).
pub const MAX_TURN: usize = 5;

/// The short code of a bid in a token: `r` Rufer, `kg` Kontra on the game,
/// … (the engine's boundary tokens are `x` and this code).
pub const fn bid_code(bid: Bid) -> &'static str {
    match bid {
        Bid::Game(GameKind::Rufer) => "r",
        Bid::Game(GameKind::Farbensolo) => "f",
        Bid::Game(GameKind::Solo) => "s",
        Bid::GameWithValat(GameKind::Rufer) => "rv",
        Bid::GameWithValat(GameKind::Farbensolo) => "fv",
        Bid::GameWithValat(GameKind::Solo) => "sv",
        Bid::Premium(Premium::Absolut) => "a",
        Bid::Premium(Premium::Pagat) => "p",
        Bid::Premium(Premium::Valat) => "v",
        Bid::Kontra(Item::Game) => "kg",
        Bid::Kontra(Item::Absolut) => "ka",
        Bid::Kontra(Item::Pagat) => "kp",
        Bid::Kontra(Item::Valat) => "kv",
    }
}

/// The bid of a code, if it is one.
fn bid_from_code(code: &str) -> Option<Bid> {
    Bid::ALL.into_iter().find(|b| bid_code(*b) == code)
}

/// Bid codes joined by `.`: `r.p`.
fn codes(bids: &[Bid]) -> String {
    bids.iter()
        .map(|b| bid_code(*b))
        .collect::<Vec<_>>()
        .join(".")
}

/// The bids of `r.p` (1 to [`MAX_TURN`] of them).
fn bids_of(codes: &str) -> Option<Vec<Bid>> {
    codes
        .split('.')
        .map(bid_from_code)
        .collect::<Option<Vec<_>>>()
        .filter(|b| !b.is_empty() && b.len() <= MAX_TURN)
}

/// The choice token of a whole bidding turn: `w` (Weiter, no
/// announcement) or `a` with the codes (`ar.p`: Rufer and Pagat).
pub fn turn_token(bids: &[Bid]) -> String {
    if bids.is_empty() {
        "w".to_owned()
    } else {
        format!("a{}", codes(bids))
    }
}

/// The draft token of a turn begun with `bids`: `x` with the codes.
pub fn draft_token(bids: &[Bid]) -> String {
    format!("x{}", codes(bids))
}

/// The announcements of a draft token (`xr.p`).
pub fn draft_bids(draft: &str) -> Option<Vec<Bid>> {
    bids_of(draft.strip_prefix('x')?)
}

/// What a choice token is: a whole bidding turn or a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// A bidding turn (no bids: Weiter).
    Turn(Vec<Bid>),
    /// A card played.
    Card(Card),
}

/// The move of a choice token (`w`, `ar.p`, `pT21`); `None` for any other
/// text, a single announcement's boundary token (`xr`) among them: a turn
/// is chosen whole.
pub fn move_of(token: &str) -> Option<Move> {
    match token.split_at_checked(1)? {
        ("w", "") => Some(Move::Turn(Vec::new())),
        ("a", codes) => bids_of(codes).map(Move::Turn),
        ("p", card) => card.parse().ok().map(Move::Card),
        _ => None,
    }
}

/// The round's action tokens a choice token stands for, to be applied
/// together: `ar.p` is `xr`, `xp`, `w`; `w` and `pT21` are themselves.
pub fn tokens_of_turn(token: &str) -> Option<Vec<String>> {
    Some(match move_of(token)? {
        Move::Turn(bids) => bids
            .iter()
            .map(|b| format!("x{}", bid_code(*b)))
            .chain(std::iter::once("w".to_owned()))
            .collect(),
        Move::Card(card) => vec![format!("p{card}")],
    })
}

/// The choice token of a move.
pub fn token_of(m: &Move) -> String {
    match m {
        Move::Turn(bids) => turn_token(bids),
        Move::Card(card) => format!("p{card}"),
    }
}

/// The choices of `seat`, which is to act: each legal card (five to a
/// row, in reading order), or the bidding turn's buttons with `partial`
/// as begun ([`turn_choices`]).
pub fn choices(
    game: &Game,
    seat: Seat,
    partial: &[Bid],
    lang: Lang,
    words: KontraWords,
) -> Vec<Vec<Choice>> {
    if game.phase() == Phase::Play {
        return sorted(game.legal_cards())
            .chunks(5)
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|c| Choice::act(card_label(*c, lang), format!("p{c}")))
                    .collect()
            })
            .collect();
    }
    turn_choices(game, seat, partial, lang, words)
}

/// Buttons for a bidding turn that starts with `partial`: each single
/// next announcement that ends a legal turn, a "… +" button for each one
/// that more may follow in the same turn, and (when `partial` is a legal
/// turn itself) a button that ends the turn there: Weiter for an empty
/// `partial`. Three to a row, as the table always showed them.
pub fn turn_choices(
    game: &Game,
    seat: Seat,
    partial: &[Bid],
    lang: Lang,
    words: KontraWords,
) -> Vec<Vec<Choice>> {
    let mut scratch = game.clone();
    for bid in partial {
        if scratch.apply(seat, Action::Bid(*bid)).is_err() {
            return Vec::new();
        }
    }
    let view = scratch.view(seat);
    let prefix: Vec<String> = label_turn(game, seat, partial, lang, words);
    let label = |extra: Option<String>, more: bool| {
        let mut words = prefix.clone();
        words.extend(extra);
        let mut text = words.join(" + ");
        if more {
            text.push_str(" + …");
        }
        text
    };
    let mut singles: Vec<Choice> = Vec::new();
    let mut composes: Vec<Choice> = Vec::new();
    for bid in scratch.legal_actions().bids() {
        let mut turn = partial.to_vec();
        turn.push(bid);
        let level = match bid {
            Bid::Kontra(item) => view.item(item).map_or(0, |s| s.level),
            _ => 0,
        };
        let name = bid_label(bid, lang, level, words);
        if game.clone().apply_turn(seat, &turn).is_ok() {
            singles.push(Choice::act(
                label(Some(name.clone()), false),
                turn_token(&turn),
            ));
        }
        let mut after = scratch.clone();
        let more = turn.len() < MAX_TURN
            && after.apply(seat, Action::Bid(bid)).is_ok()
            && after.legal_actions().bids().next().is_some();
        if more {
            composes.push(Choice::draft(label(Some(name), true), draft_token(&turn)));
        }
    }
    let mut rows: Vec<Vec<Choice>> = Vec::new();
    for chunk in singles.chunks(3) {
        rows.push(chunk.to_vec());
    }
    for chunk in composes.chunks(3) {
        rows.push(chunk.to_vec());
    }
    if game.clone().apply_turn(seat, partial).is_ok() {
        let text = if partial.is_empty() {
            tr!(lang, "btn-weiter")
        } else {
            tr!(lang, "btn-turn-done", turn = label(None, false))
        };
        rows.push(vec![Choice::act(text, turn_token(partial))]);
    }
    rows
}

/// The labels of the announcements of a turn, each with the Kontra level it
/// reaches.
pub fn label_turn(
    game: &Game,
    seat: Seat,
    bids: &[Bid],
    lang: Lang,
    words: KontraWords,
) -> Vec<String> {
    let mut scratch = game.clone();
    let mut out = Vec::new();
    for bid in bids {
        let level = match bid {
            Bid::Kontra(item) => scratch.view(seat).item(*item).map_or(0, |s| s.level),
            _ => 0,
        };
        out.push(bid_label(*bid, lang, level, words));
        let _ = scratch.apply(seat, Action::Bid(*bid));
    }
    out
}

/// Whether `bids` is a turn `seat` may go on with: each announcement legal
/// after the ones before it, and more may follow (what a "… +" button
/// offers).
pub fn valid_partial(game: &Game, seat: Seat, bids: &[Bid]) -> bool {
    if game.to_act() != Some(seat) || game.phase() != Phase::Bidding || bids.len() >= MAX_TURN {
        return false;
    }
    let mut scratch = game.clone();
    bids.iter()
        .all(|b| scratch.apply(seat, Action::Bid(*b)).is_ok())
        && scratch.legal_actions().bids().next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_a_turn_are_the_payload_codes_and_fit_a_button() {
        let turn = [Bid::Game(GameKind::Rufer), Bid::Premium(Premium::Pagat)];
        assert_eq!(turn_token(&turn), "ar.p");
        assert_eq!(turn_token(&[]), "w");
        assert_eq!(draft_token(&turn[..1]), "xr");
        assert_eq!(draft_bids("xr.p").as_deref(), Some(&turn[..]));
        assert_eq!(
            tokens_of_turn("ar.p"),
            Some(vec!["xr".to_owned(), "xp".to_owned(), "w".to_owned()])
        );
        assert_eq!(tokens_of_turn("w"), Some(vec!["w".to_owned()]));
        assert_eq!(tokens_of_turn("pT21"), Some(vec!["pT21".to_owned()]));
        // A single announcement is no choice: a turn is applied whole.
        assert_eq!(tokens_of_turn("xr"), None);
        assert_eq!(tokens_of_turn("a"), None);
        assert_eq!(tokens_of_turn("ar.r.r.r.r.r"), None);
        // The longest turn's token is a well-formed token.
        let longest = [Bid::GameWithValat(GameKind::Farbensolo); MAX_TURN];
        assert!(tarock_game_core::token::is_well_formed(&turn_token(
            &longest
        )));
        assert!(tarock_game_core::token::is_well_formed(&draft_token(
            &longest
        )));
    }
}
