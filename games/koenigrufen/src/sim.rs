//! Random legal play through the checked API, for `tarock simulate`, the
//! benchmarks and the property tests. Not a computer player: each deal
//! picks a target contract uniformly among those the table offers (and a
//! seat that may play it), steers the auction towards it with a little noise
//! (holds, "bei", random words), and otherwise picks uniformly among legal
//! actions, passing often so that rounds end.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

use crate::action::Action;
use crate::auction::{Word, eligible};
use crate::card::{Card, CardSet};
use crate::contract::{Contract, Premium};
use crate::deal::Deal;
use crate::game::{Game, Phase};
use crate::legal::CAPACITY;
use crate::rules::Rules;
use crate::score::Settlement;
use crate::seat::Seat;
use crate::talon::{CardList, DiscardRule};

/// Chance of a random legal auction word instead of the steered one.
const NOISE: f64 = 0.05;
/// Chance that the Vorhand holds a bid when she may.
const HOLD: f64 = 0.15;
/// Chance of joining a closed Piccolo/Zwiccolo with "bei".
const BEI: f64 = 0.2;
/// Chance of conceding with the called King in the talon.
const SCHLEIFEN: f64 = 0.3;
/// Chance of an announcement or Kontra (rather than ending the turn).
const ANNOUNCE: f64 = 0.15;

/// The contract a random deal aims for, and the seat that bids it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The target contract.
    pub contract: Contract,
    /// The seat that bids it.
    pub seat: Seat,
}

/// A random game under `rules` with `forehand` as Vorhand, and its plan.
pub fn random_game<R: Rng + ?Sized>(rng: &mut R, rules: &Rules, forehand: Seat) -> (Game, Plan) {
    let game = Game::new(*rules, Deal::shuffled(rng), forehand);
    let plan = choose_plan(&game, rng);
    (game, plan)
}

/// A target contract uniformly among the offered ones, with a seat that may bid it.
pub fn choose_plan<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Plan {
    let rules = game.rules();
    let vh = game.forehand();
    let mut offered = [Contract::Trischaken; 21];
    let mut n = 0;
    for c in Contract::ALL.into_iter().filter(|c| rules.offers(*c)) {
        offered[n] = c;
        n += 1;
    }
    for _ in 0..64 {
        let contract = offered[pick(n, rng)];
        let only_vh = matches!(
            contract,
            Contract::Rufer | Contract::Trischaken | Contract::Sechserdreier
        );
        let mut able = [vh; 4];
        let mut k = 0;
        for seat in Seat::ALL.into_iter().filter(|s| !only_vh || *s == vh) {
            if eligible(seat, vh, contract, game.hand(seat), rules).is_ok() {
                able[k] = seat;
                k += 1;
            }
        }
        if k > 0 {
            return Plan {
                contract,
                seat: able[pick(k, rng)],
            };
        }
    }
    let contract = if rules.offers(Contract::Trischaken) {
        Contract::Trischaken
    } else {
        Contract::Dreier
    };
    Plan { contract, seat: vh }
}

/// A uniform random number below `n` (> 0): Lemire's multiply-shift with
/// rejection, cheaper than the generic range sampling in the hot loop.
pub fn below<R: Rng + ?Sized>(n: u32, rng: &mut R) -> u32 {
    below_from(rng.next_u32(), n, rng)
}

/// [`below`] starting from the random word `r` (so that one 64-bit draw
/// serves two numbers); draws more only on the rare rejection.
pub fn below_from<R: Rng + ?Sized>(r: u32, n: u32, rng: &mut R) -> u32 {
    let mut m = u64::from(r) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

fn pick<R: Rng + ?Sized>(n: usize, rng: &mut R) -> usize {
    below(n as u32, rng) as usize
}

/// A random legal action of the seat to act, steered by `plan`; `None` when the deal is over.
pub fn random_action<R: Rng + ?Sized>(
    game: &Game,
    plan: &Plan,
    rng: &mut R,
) -> Option<(Seat, Action)> {
    let seat = game.to_act()?;
    let action = match game.phase() {
        Phase::Auction => auction_action(game, seat, plan, rng),
        Phase::Talon => talon_action(game, rng),
        Phase::Discard => discard_action(game, rng),
        Phase::Mussolini => match game.talon().drawn {
            None => Action::Draw(rng.random_range(1..=game.talon().row_left.left())),
            Some(_) => one_card(random_card(game.hand(seat), rng)),
        },
        Phase::Announcements => announcement_action(game, rng),
        Phase::Play => Action::Play(random_card(game.legal_cards(), rng)),
        Phase::KingCall => call_action(game.hand(seat), rng),
        Phase::Finished => return None,
    };
    Some((seat, action))
}

/// Plays `game` to its end and returns the settlement.
pub fn play_out<R: Rng + ?Sized>(game: &mut Game, plan: &Plan, rng: &mut R) -> Settlement {
    while let Some((seat, action)) = random_action(game, plan, rng) {
        game.apply(seat, action)
            .expect("random_action picks legal actions");
    }
    game.settlement().expect("a deal played to its end settles")
}

fn random_card<R: Rng + ?Sized>(cards: CardSet, rng: &mut R) -> Card {
    cards
        .nth(rng.random_range(0..cards.len()) as usize)
        .expect("a non-empty set")
}

fn one_card(card: Card) -> Action {
    Action::Discard(CardList::new(&[card]).expect("one card"))
}

fn random_word<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Option<Action> {
    let legal = game.legal_actions();
    let words = legal.words();
    (!words.is_empty()).then(|| words[pick(words.len(), rng)])
}

/// A random king to call: one not in the hand, or "der vierte" with three.
fn call_action<R: Rng + ?Sized>(hand: CardSet, rng: &mut R) -> Action {
    let kings = hand.intersect(CardSet::KINGS);
    let callable = CardSet::KINGS.without(kings);
    if kings.len() == 3 && rng.random_bool(0.5) {
        return Action::CallFourth;
    }
    let king = random_card(callable, rng);
    Action::Call(king.suit().expect("a king"))
}

/// The steered auction: the plan's seat names its contract, holds or joins
/// it; the others pass; with some noise.
fn auction_action<R: Rng + ?Sized>(game: &Game, seat: Seat, plan: &Plan, rng: &mut R) -> Action {
    let auction = game.auction();
    let legal = |a: Action| {
        let word: Word = a.word().expect("auction words");
        auction.check(word, game.hand(seat), game.rules()).is_ok()
    };
    let target = Action::Bid(plan.contract);
    let mut wishes: [Option<Action>; 4] = [None; 4];
    if rng.random_bool(NOISE) {
        // A few random words tried: cheaper than listing all 27.
        for _ in 0..8 {
            let word = match pick(25, rng) {
                0 => Action::Vorhand,
                1 => Action::Weiter,
                2 => Action::Halte,
                3 => Action::Bei(Contract::ALL[2 + pick(2, rng)]),
                n => Action::Bid(Contract::ALL[n - 4]),
            };
            if legal(word) {
                return word;
            }
        }
    }
    if seat == plan.seat {
        wishes = [
            Some(target),
            Some(Action::Bei(plan.contract)),
            Some(Action::Halte),
            Some(Action::Weiter),
        ];
    } else {
        let hold = rng.random_bool(HOLD);
        let bei = Contract::ALL[2 + rng.random_range(0..2)];
        wishes[0] = (rng.random_bool(0.5)).then_some(Action::VorhandWeiter);
        wishes[1] = rng.random_bool(BEI).then_some(Action::Bei(bei));
        wishes[2] = hold.then_some(Action::Halte);
        wishes[3] = Some(Action::Weiter);
    }
    wishes
        .into_iter()
        .flatten()
        .chain([Action::Vorhand])
        .find(|a| legal(*a))
        .or_else(|| random_word(game, rng))
        .expect("someone may speak")
}

fn talon_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Action {
    let legal = game.legal_actions();
    let words = legal.words();
    let concede = |a: &&Action| matches!(a, Action::Schleifen(_));
    let n = words.iter().filter(concede).count();
    if n > 0 && rng.random_bool(SCHLEIFEN) {
        return *words
            .iter()
            .filter(concede)
            .nth(pick(n, rng))
            .expect("counted");
    }
    let take = |a: &&Action| !matches!(a, Action::Schleifen(_));
    *words
        .iter()
        .filter(take)
        .nth(pick(words.len() - n, rng))
        .expect("a way to take the talon")
}

/// `k` cards of `set` at random.
fn take_random<R: Rng + ?Sized>(mut set: CardSet, k: usize, rng: &mut R) -> CardSet {
    let mut out = CardSet::EMPTY;
    for _ in 0..k {
        let c = random_card(set, rng);
        set.remove(c);
        out.insert(c);
    }
    out
}

/// A random legal discard built directly from the rule: all from the forced
/// class when it is large enough, else the whole forced class and the rest
/// from the other class, keeping one bird a Besserrufer must announce; in a
/// random order (Mussolini: own three first, then the row).
fn discard_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Action {
    let rule: DiscardRule = game.discard_rule().expect("in the discard phase");
    let need = usize::from(rule.need);
    let forced = rule.forced();
    let chosen = if forced.len() as usize >= need {
        take_random(forced, need, rng)
    } else {
        let mut rest = rule.allowed.without(forced);
        if !rule.keep_one.is_empty() {
            rest.remove(random_card(rule.keep_one, rng));
        }
        forced.union(take_random(rest, need - forced.len() as usize, rng))
    };
    let mut cards = [Card::PAGAT; 6];
    for (slot, c) in cards.iter_mut().zip(chosen.iter()) {
        *slot = c;
    }
    cards[..need].shuffle(rng);
    Action::Discard(CardList::new(&cards[..need]).expect("at most six"))
}

fn announcement_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Action {
    if game.may_end_turn() && !rng.random_bool(ANNOUNCE) {
        return Action::Weiter;
    }
    let legal = game.legal_actions();
    let words = legal.words();
    // The words other than "weiter", and among them the birds, in order
    // (arrays on the stack, no allocation).
    let (mut others, mut n) = ([Action::Weiter; CAPACITY], 0);
    let (mut birds, mut b) = ([Action::Weiter; CAPACITY], 0);
    for &a in words.iter().filter(|a| **a != Action::Weiter) {
        others[n] = a;
        n += 1;
        // A Besserrufer's opening turn must name a bird (K10): prefer birds then.
        if matches!(a, Action::Announce(p) if Premium::BIRDS.contains(&p)) {
            birds[b] = a;
            b += 1;
        }
    }
    let pool = if !words.contains(&Action::Weiter) && b > 0 {
        &birds[..b]
    } else {
        &others[..n]
    };
    match pool.choose(rng) {
        Some(a) => *a,
        None => Action::Weiter,
    }
}
