//! Random legal play through the checked API, for `tarock simulate`, the
//! benchmarks and the property tests. Not a computer player: trump is a
//! random suit, a player drops with probability 1/3 when he may, otherwise
//! exchanges a random number of random cards, and plays a random legal card.
//! All randomness comes from the generator passed in.

use rand::{Rng, RngCore};

use crate::action::Action;
use crate::card::{Card, CardSet, Suit};
use crate::deal::Deck;
use crate::score::TRICKS;
use crate::seat::Seat;
use crate::session::{Session, Stage, Step};

/// A uniform index `0..n` (n ≤ 32) from 32 random bits (Lemire's method,
/// with the rejection that keeps it unbiased).
#[inline]
fn below(rng: &mut (impl RngCore + ?Sized), n: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// The product `low · … · high`.
const fn product(high: u64, low: u64) -> u64 {
    let mut p = 1;
    let mut b = low;
    while b <= high {
        p *= b;
        b += 1;
    }
    p
}

/// Products of the Fisher–Yates bounds of the two batches: 32·…·20 < 2^61
/// and 19·…·2 < 2^57 both fit in 64 bits.
const FIRST: u64 = product(32, 20);
const SECOND: u64 = product(19, 2);

/// Fisher–Yates steps for the bounds `high` down to `low`, all indices from
/// one 64-bit random number `x` (Brackett-Rozinsky and Lemire, "Batched
/// ranged random integer generation", 2024: multiply by the bound, the high
/// word is the index, go on with the low word). Returns whether the batch
/// is accepted: one test on the last low word keeps every index exactly
/// uniform; on rejection the whole shuffle starts again.
#[inline(always)]
fn batch(cards: &mut [Card; 32], mut x: u64, high: u64, low: u64, p: u64) -> bool {
    let mut bound = high;
    while bound >= low {
        let m = u128::from(x) * u128::from(bound);
        cards.swap(bound as usize - 1, (m >> 64) as usize);
        x = m as u64;
        bound -= 1;
    }
    x >= p || x >= p.wrapping_neg() % p
}

/// A uniformly shuffled deck: Fisher–Yates with the swap indices drawn in
/// two batches ([`batch`]) instead of one random number per card.
pub fn shuffled_deck<R: RngCore + ?Sized>(rng: &mut R) -> Deck {
    loop {
        let mut cards = *Deck::ORDERED.cards();
        if batch(&mut cards, rng.next_u64(), 32, 20, FIRST)
            && batch(&mut cards, rng.next_u64(), 19, 2, SECOND)
        {
            return Deck::from_permutation(cards);
        }
    }
}

/// A random legal action of the seat to act, or `None` when nobody is to act.
pub fn random_action<R: RngCore + ?Sized>(
    session: &Session,
    rng: &mut R,
) -> Option<(Seat, Action)> {
    let seat = session.to_act()?;
    Some((seat, choose(session, seat, rng)))
}

/// A random legal action for `seat`, which is to act in a deal under way.
#[inline]
fn choose(session: &Session, seat: Seat, rng: &mut (impl RngCore + ?Sized)) -> Action {
    let d = &session.deal;
    match d.stage {
        Stage::Play => Action::Card(random_card(session, seat, rng)),
        Stage::Trump => Action::Trump(Suit::ALL[below(rng, 4) as usize]),
        Stage::DropRound => {
            if below(rng, 3) == 0 && session.drop_bar(seat).is_none() {
                Action::Drop
            } else {
                Action::Play
            }
        }
        Stage::Exchange => {
            let max = session.stock_left().min(3);
            let [drop, k, first, second, third] = exchange_draws(rng, max + 1);
            if drop == 0 && !session.rules().drop_round() && session.drop_bar(seat).is_none() {
                return Action::Drop;
            }
            let mut hand = d.hands[seat.index()];
            let mut discard = CardSet::EMPTY;
            for i in [first, second, third].into_iter().take(k as usize) {
                let card = hand.nth(i as usize).expect("five cards");
                hand.remove(card);
                discard.insert(card);
            }
            if k == 0 {
                Action::Stay
            } else {
                Action::Swap(discard)
            }
        }
        Stage::Idle | Stage::Over => unreachable!("nobody acts between deals"),
    }
}

/// The random numbers of one exchange turn, from one 64-bit number as in
/// [`batch`]: whether to drop (0 of `0..3`), how many cards to swap
/// (`0..swaps`), and the positions of up to three discards in the hand that
/// is left (`0..5`, `0..4`, `0..3`). Exactly uniform: a batch whose last low
/// word falls in the biased range is drawn again.
#[inline(always)]
fn exchange_draws(rng: &mut (impl RngCore + ?Sized), swaps: u32) -> [u32; 5] {
    let bounds = [3, u64::from(swaps), 5, 4, 3];
    let p: u64 = bounds.iter().product();
    loop {
        let mut x = rng.next_u64();
        let draws = bounds.map(|bound| {
            let m = u128::from(x) * u128::from(bound);
            x = m as u64;
            (m >> 64) as u32
        });
        if x >= p || x >= p.wrapping_neg() % p {
            return draws;
        }
    }
}

/// A random legal card for `seat`, the seat to play. A single legal card
/// (a forced play) takes no random number.
#[inline(always)]
fn random_card(session: &Session, seat: Seat, rng: &mut (impl RngCore + ?Sized)) -> Card {
    let d = &session.deal;
    let legal = d.legal;
    let bits = legal.bits();
    if bits & bits.wrapping_sub(1) == 0 {
        return legal.first().expect("a legal card");
    }
    // The legal cards are the whole hand (5 − tricks played cards) or cards
    // of one suit (following, trumping, heading): counted with one byte
    // lookup instead of a population count.
    let len = if legal == d.hands[seat.index()] {
        u32::from(TRICKS - d.played)
    } else {
        let first = legal.first().map_or(0, |c| c.index() & 0x18);
        u32::from(BYTE_COUNTS[((bits >> first) & 0xFF) as usize])
    };
    debug_assert_eq!(len, legal.len());
    legal.nth(below(rng, len) as usize).expect("a legal card")
}

/// Set bits per byte value.
const BYTE_COUNTS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Deals the next deal from a shuffled deck and plays it to its end with
/// random legal actions. Returns the last step ([`Step::DealOver`] or
/// [`Step::SessionOver`]), or `None` if the session was already over.
pub fn play_deal<R: RngCore + ?Sized>(session: &mut Session, rng: &mut R) -> Option<Step> {
    session.start_deal(shuffled_deck(rng)).ok()?;
    // Trump, the exchange and the drops: whatever the stage asks for.
    loop {
        let seat = session.to_act()?;
        if session.deal.stage == Stage::Play {
            break;
        }
        let action = choose(session, seat, rng);
        match session.apply(seat, action) {
            Ok(Step::PlayStarts) => break,
            Ok(step @ (Step::DealOver | Step::SessionOver(_))) => return Some(step),
            Ok(_) => {}
            Err(e) => unreachable!("the random player chose an illegal {action}: {e}"),
        }
    }
    // Trick play: only cards, through the same checked `apply`.
    while let Some(seat) = session.to_act() {
        let card = random_card(session, seat, rng);
        match session.apply(seat, Action::Card(card)) {
            Ok(step @ (Step::DealOver | Step::SessionOver(_))) => return Some(step),
            Ok(_) => {}
            Err(e) => unreachable!("the random player chose the illegal card {card}: {e}"),
        }
    }
    None
}

/// Plays random deals until the session is over or `max_deals` deals were
/// played; returns the number of deals played.
///
/// Random play does not always end a session: with four or five players the
/// +5 for each player without a trick outweighs the five tricks deducted per
/// deal, so scores drift upwards once the drops are used up.
pub fn play_session<R: RngCore + ?Sized>(
    session: &mut Session,
    rng: &mut R,
    max_deals: usize,
) -> usize {
    let mut deals = 0;
    while deals < max_deals && play_deal(session, rng).is_some() {
        deals += 1;
    }
    deals
}

/// A random first dealer for `players` seats.
pub fn random_dealer<R: Rng + ?Sized>(rng: &mut R, players: u8) -> u8 {
    rng.random_range(0..players)
}
