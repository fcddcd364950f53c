//! Card play in negative mode (Stichzwang): negative games and Trischaken.
//!
//! - A negative game's **declarer** takes the tricks his contract needs with
//!   a card nobody can beat, and otherwise ducks: he leads a card others are
//!   forced to beat, follows with his most dangerous card that does not win,
//!   and when every card wins plays the lowest one a later seat must beat,
//!   or, if none, gets rid of his most dangerous card.
//! - His **opponents** make him win: they lead low cards of classes he may
//!   still hold, keep the winning card low while he is still to play, and
//!   do not take a trick he is winning.
//! - In **Trischaken** everyone ducks like a declarer and loads tricks that
//!   others win with points.

use tarock_koenigrufen::{Card, CardSet, Seat, SeatView};

use super::knowledge::Knowledge;
use super::read::TrickRead;

/// How dangerous a card is to hold in negative mode: the tarock number, or
/// the suit rank scaled to the tarocks (a King ranks like tarock XIX).
fn danger(card: Card) -> u8 {
    match card.tarock_number() {
        Some(n) => n,
        None => 3 * card.rank().unwrap_or(0) / 2 + 8,
    }
}

/// How likely `card` is to be beaten when led: the number of cards of its
/// class above it that another seat may hold (at most three count).
fn beaters(view: &SeatView, k: &Knowledge, card: Card) -> u32 {
    let others = Seat::ALL
        .into_iter()
        .filter(|s| *s != view.seat)
        .fold(CardSet::EMPTY, |a, s| a.union(k.possible(s)));
    others.intersect(card.class()).above(card).len().min(3)
}

/// A lead that ducks: a card others will likely have to beat, the highest
/// such (to get rid of it while it is safe).
fn duck_lead(view: &SeatView, k: &Knowledge, legal: CardSet) -> Card {
    legal
        .iter()
        .max_by_key(|c| (beaters(view, k, *c), danger(*c)))
        .expect("legal is not empty")
}

/// A follow that ducks: the most dangerous card that does not win; else the
/// lowest winner a later seat may beat; else the most dangerous card.
fn duck_follow(k: &Knowledge, read: &TrickRead, legal: CardSet, load: bool) -> Card {
    let losing = legal.iter().filter(|c| !read.wins_now(*c));
    let by_danger = |c: &Card| (if load { c.value() } else { 0 }, danger(*c));
    if let Some(card) = losing.max_by_key(by_danger) {
        return card;
    }
    let overtaken = legal
        .iter()
        .filter(|c| read.later_seats().any(|s| read.beatable_by(*c, s, k)))
        .min_by_key(|c| danger(*c));
    if let Some(card) = overtaken {
        return card;
    }
    // The trick is ours anyway: the fewest points in it, the most dangerous card.
    legal
        .iter()
        .max_by_key(|c| {
            (
                std::cmp::Reverse(if load { c.value() } else { 0 }),
                danger(*c),
            )
        })
        .expect("legal is not empty")
}

/// The chance that `card`, played now, takes the trick: each later seat
/// that may hold a card beating it (of the led class while it is not known
/// to lack it, else any) holds none with the chance that none of those
/// cards was dealt to it.
fn win_chance(read: &TrickRead, k: &Knowledge, card: Card) -> f32 {
    if !read.wins_now(card) {
        return 0.0;
    }
    let pool = k.pool.len().max(1) as f32;
    let mut t = read.trick;
    t.push(card);
    let led = t.led().expect("a card was played");
    read.later_seats()
        .map(|s| {
            let possible = k.possible(s);
            let options = if possible.meets(led.class()) {
                possible.intersect(led.class())
            } else {
                possible
            };
            let beating = options.iter().filter(|c| {
                let mut after = t;
                after.push(*c);
                after.winning_card(read.mode, false) == Some(*c)
            });
            let share = f32::from(k.sizes[s.index()]) / pool;
            (1.0 - share).powi(beating.count() as i32)
        })
        .product()
}

/// A Piccolo's or Zwiccolo's declarer still short of tricks: the card most
/// likely to take this one, if likely enough (the fewer tricks left to take
/// them in, the less likely it needs to be).
fn take_one(
    view: &SeatView,
    k: &Knowledge,
    read: &TrickRead,
    legal: CardSet,
    short: u8,
) -> Option<Card> {
    let left = 12 - view.public.tricks.len() as u8;
    let enough = if left <= short + 1 { 0.2 } else { 0.6 };
    legal
        .iter()
        .map(|c| (win_chance(read, k, c), c))
        .filter(|(p, _)| *p >= enough)
        .max_by(|a, b| a.0.total_cmp(&b.0).then(danger(a.1).cmp(&danger(b.1))))
        .map(|(_, c)| c)
}

/// A negative game's card, for a declarer or an opponent.
pub fn negative(view: &SeatView, k: &Knowledge, read: &TrickRead, legal: CardSet) -> Card {
    let p = &view.public;
    let mine = p.declarers.iter().find(|d| d.0 == view.seat);
    if let Some((_, contract)) = mine {
        let target = contract.target_tricks().unwrap_or(0);
        let won = p.won[view.seat.index()];
        if won < target
            && let Some(card) = take_one(view, k, read, legal, target - won)
        {
            return card;
        }
        return if read.is_lead() {
            duck_lead(view, k, legal)
        } else {
            duck_follow(k, read, legal, false)
        };
    }
    let declarers: Vec<Seat> = p.declarers.iter().map(|d| d.0).collect();
    if read.is_lead() {
        return force_lead(k, legal, &declarers);
    }
    let (winner, _) = read.winner().expect("a card was played");
    let declarer_later = read.later_seats().any(|s| declarers.contains(&s));
    if declarers.contains(&winner) || !declarer_later {
        // Do not take the trick from him; unload a dangerous card.
        return duck_follow(k, read, legal, false);
    }
    // He is still to play: keep the winning card low so that he must beat it.
    legal
        .iter()
        .min_by_key(|c| (c.rank().unwrap_or(0), c.index()))
        .expect("legal is not empty")
}

/// An opponent's lead: the lowest card of a class a declarer may still hold.
fn force_lead(k: &Knowledge, legal: CardSet, declarers: &[Seat]) -> Card {
    let held = |c: Card| declarers.iter().any(|d| k.possible(*d).meets(c.class()));
    let above = |c: Card| {
        declarers
            .iter()
            .any(|d| !k.possible(*d).intersect(c.class()).above(c).is_empty())
    };
    legal
        .iter()
        .max_by_key(|c| (held(*c), above(*c), std::cmp::Reverse(danger(*c))))
        .expect("legal is not empty")
}

/// A Trischaken card: duck, and load others' tricks with points.
pub fn trischaken(view: &SeatView, k: &Knowledge, read: &TrickRead, legal: CardSet) -> Card {
    if read.is_lead() {
        duck_lead(view, k, legal)
    } else {
        duck_follow(k, read, legal, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use crate::play::medium_card;

    #[test]
    fn the_bettler_declarer_unloads_his_highest_card_that_cannot_win() {
        let mut game = fixtures::bettler_in_play();
        // S2 must beat d2 with dK, S3 and S0 have no diamond and must trump;
        // S3's T12 takes it. S3 leads hJ, S0 must trump again (T5).
        fixtures::apply(
            &mut game,
            &["1 d2", "2 dK", "3 T12", "0 T4", "3 hJ", "0 T5"],
        );
        let view = game.view(Seat::S1);
        // No heart beats the T5: the highest heart goes (h2 ranks above h3 and h4).
        assert_eq!(view.legal.unwrap().cards, "h4 h3 h2".parse().unwrap());
        assert_eq!(medium_card(&view), "h2".parse().unwrap());
    }
}
