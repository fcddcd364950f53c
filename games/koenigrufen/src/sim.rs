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
    let offered: Vec<Contract> = Contract::ALL
        .into_iter()
        .filter(|c| rules.offers(*c))
        .collect();
    for _ in 0..64 {
        let contract = offered[rng.random_range(0..offered.len())];
        let seats: Vec<Seat> = match contract {
            Contract::Rufer | Contract::Trischaken | Contract::Sechserdreier => vec![vh],
            _ => Seat::ALL.to_vec(),
        };
        let able: Vec<Seat> = seats
            .into_iter()
            .filter(|s| eligible(*s, vh, contract, game.hand(*s), rules).is_ok())
            .collect();
        if let Some(seat) = able.choose(rng) {
            return Plan {
                contract,
                seat: *seat,
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
        Phase::KingCall | Phase::Finished => random_word(game, rng)?,
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
    (!words.is_empty()).then(|| words[rng.random_range(0..words.len())])
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
        return random_word(game, rng).expect("someone may speak");
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
    let concede: Vec<Action> = words
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Schleifen(_)))
        .collect();
    if !concede.is_empty() && rng.random_bool(SCHLEIFEN) {
        return concede[rng.random_range(0..concede.len())];
    }
    let take: Vec<Action> = words
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Schleifen(_)))
        .collect();
    take[rng.random_range(0..take.len())]
}

/// A random legal discard built directly from the rule: all from the forced
/// class when it is large enough, else the whole forced class and the rest
/// from the other class, keeping one bird a Besserrufer must announce.
fn discard_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Action {
    let rule: DiscardRule = game.discard_rule().expect("in the discard phase");
    let need = usize::from(rule.need);
    let forced: Vec<Card> = rule.forced().iter().collect();
    let mut chosen: Vec<Card> = if forced.len() >= need {
        forced.choose_multiple(rng, need).copied().collect()
    } else {
        let mut rest: Vec<Card> = rule.allowed.without(rule.forced()).iter().collect();
        let keep: Vec<Card> = rule.keep_one.iter().collect();
        if let Some(k) = keep.choose(rng) {
            rest.retain(|c| c != k);
        }
        let more = rest.choose_multiple(rng, need - forced.len()).copied();
        forced.iter().copied().chain(more).collect()
    };
    chosen.shuffle(rng);
    Action::Discard(CardList::new(&chosen).expect("at most six"))
}

fn announcement_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Action {
    if game.may_end_turn() && !rng.random_bool(ANNOUNCE) {
        return Action::Weiter;
    }
    let legal = game.legal_actions();
    let words = legal.words();
    let others: Vec<Action> = words
        .iter()
        .copied()
        .filter(|a| *a != Action::Weiter)
        .collect();
    // A Besserrufer's opening turn must name a bird (K10): prefer birds then.
    let birds: Vec<Action> = others
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Announce(p) if Premium::BIRDS.contains(p)))
        .collect();
    let pool = if !words.contains(&Action::Weiter) && !birds.is_empty() {
        &birds
    } else {
        &others
    };
    match pool.choose(rng) {
        Some(a) => *a,
        None => Action::Weiter,
    }
}
