//! The strong player's decisions before trick play by looking ahead (issue
//! 33, point 5): the auction words, the King call, the talon and the
//! discard. The announcements (and Mussolini's row) are still the medium
//! player's.
//!
//! **The candidates.** Medium's action ([`medium_action`]) first, then:
//!
//! - *auction:* where it can be priced, the other words the seat may say:
//!   "weiter" and "halte", and the positive contracts it may bid whose need
//!   ([`crate::auction`]) the hand meets or misses by at most
//!   [`NEAR_MARGIN`] ([`MAX_BIDS`] of them, the nearest first; the Rufer in
//!   the Vorhand's choice always). The Vorhand's opening word (her
//!   reservation), and a turn where medium names a negative game,
//!   Trischaken or "bei", stay with medium;
//! - *King call:* every King the declarer may call (or "der vierte König");
//! - *talon:* each half, all six where the rules allow it, and conceding
//!   (schleifen), except a concession that is a blunder of
//!   [`crate::blunder`] (the hand stops a Valat);
//! - *discard:* the [`DISCARDS`] legal discards that leave the strongest
//!   hands by medium's own measure ([`top_discards`]).
//!
//! **A sample.** The cards this seat has not seen are dealt at random to
//! the three other hands and the talon (the talon as it lies once it is
//! shown; otherwise nothing else is known: what the others' words say about
//! their hands is ignored), and the engine's own [`Game`] replays the deal
//! so far on that deal. For each
//! candidate the seat says it, and from then on every seat, this one too,
//! acts by the medium player's rule: the rest of the auction, the King
//! call, the talon half and the discards, the announcements and Kontras,
//! and the cards of the first [`ROLLOUT_TRICKS`] tricks. The rest of the
//! deal is solved with every card known by the strong player's own search
//! and priced by the engine's settlement (`Strong::known_value`); a deal
//! that ended early (a concession) is priced by its settlement, and
//! Trischaken or a "bei" game, which that search does not price for one
//! seat, is played out by medium's cards. The same deals serve every
//! candidate, so they are compared by paired differences.
//!
//! **The rule.** Medium's word stands unless the samples separate the
//! candidates: another replaces it only when at least [`MIN_SAMPLES`]
//! samples finished for every candidate and its mean gain over medium's
//! word exceeds [`MARGIN_SE`] standard errors of the paired differences;
//! among such words the best mean wins. Monster and trash hands
//! ([`crate::blunder`]) keep medium's word: the samples ignore the bidding,
//! and a monster's pass or a trash hand's bid would be a blunder of the
//! issue's list.
//!
//! **The work** is bounded by a node budget per decision and a cap per
//! search ([`BidConfig`]); a sample whose search hits the cap is skipped
//! for every candidate alike. So the choice depends only on the position and
//! the random number generator.

use rand::RngCore;
use rand::seq::SliceRandom;
use tarock_koenigrufen::{
    Action, Card, CardList, CardSet, Contract, Deal, Family, Game, LegalActions, Phase, Seat,
    SeatView,
};

use crate::auction::margin;
use crate::blunder::{blunder, is_monster, is_trash};
use crate::eval::HandEval;
use crate::medium::medium_action;
use crate::play::medium_card;
use crate::strong::{SCALE, Strong};
use crate::talon::{dealt_hand, top_discards};

/// Samples that must finish for every candidate before the lookahead may
/// replace the medium player's word.
pub const MIN_SAMPLES: usize = 10;

/// Standard errors of the paired differences by which a candidate's mean
/// must beat the medium player's word to replace it.
pub const MARGIN_SE: f64 = 2.0;

/// Tricks played by the medium player's card rule before the search takes
/// over (an exact search from the first lead costs far more nodes).
pub const ROLLOUT_TRICKS: usize = 5;

/// How far below its need ([`margin`]) a contract may be and still be a
/// candidate.
pub const NEAR_MARGIN: f32 = -1.0;

/// Most contracts tried besides medium's word, "weiter" and "halte".
pub const MAX_BIDS: usize = 2;

/// Discards priced besides medium's (the strongest hands by its measure).
pub const DISCARDS: usize = 3;

/// How far before trick play the strong player looks ahead: each reach
/// covers the decisions of the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// Nowhere: the medium player's rules (`strong-thresholds`).
    Nothing,
    /// The auction words.
    Auction,
    /// The auction words, the King call and the talon.
    Talon,
    /// The auction words, the King call, the talon and the discard.
    Discard,
}

impl Reach {
    /// Whether a decision of `phase` is looked ahead.
    pub fn covers(self, phase: Phase) -> bool {
        let needs = match phase {
            Phase::Auction => Reach::Auction,
            Phase::KingCall | Phase::Talon => Reach::Talon,
            Phase::Discard => Reach::Discard,
            _ => return false,
        };
        self >= needs
    }
}

/// The lookahead's budget per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidConfig {
    /// Most samples (deals) per decision.
    pub samples: u32,
    /// Search nodes per decision; sampling stops once they are spent.
    pub node_budget: u64,
    /// Search nodes of one candidate in one sample; a sample that needs
    /// more is skipped for every candidate.
    pub search_cap: u64,
}

impl Default for BidConfig {
    /// 32 samples within 2 000 000 nodes, 150 000 per search (see
    /// docs/COMPUTERS.md for the decision times).
    fn default() -> BidConfig {
        BidConfig {
            samples: 32,
            node_budget: 2_000_000,
            search_cap: 150_000,
        }
    }
}

/// What a decision by lookahead found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidDecision {
    /// The action chosen.
    pub action: Action,
    /// The medium player's action for the same view.
    pub medium: Action,
    /// The candidate with the best mean over the samples, margin or not
    /// (medium's word when too few samples finished).
    pub best_mean: Action,
    /// Candidates priced (0: medium's action without looking ahead).
    pub candidates: u32,
    /// Samples finished for every candidate.
    pub samples: u32,
    /// Search nodes spent.
    pub nodes: u64,
}

/// The strong player's action for `view` (the seat is to act in the
/// auction, the King call or the talon), looked ahead with `strong`'s
/// search within `config`; medium's action in any other phase.
pub fn lookahead_action(
    strong: &mut Strong,
    config: BidConfig,
    view: &SeatView,
    rng: &mut dyn RngCore,
) -> BidDecision {
    let legal = view.legal.expect("the seat is to act");
    let medium = medium_action(view);
    let mut decision = BidDecision {
        action: medium,
        medium,
        best_mean: medium,
        candidates: 0,
        samples: 0,
        nodes: 0,
    };
    let words = match view.public.phase {
        Phase::Auction if is_monster(view.hand) || is_trash(view.hand) => Vec::new(),
        Phase::Auction => candidates(view, &legal, medium),
        Phase::KingCall => alternatives(medium, &legal, |a| {
            matches!(a, Action::Call(_) | Action::CallFourth)
        }),
        Phase::Talon => alternatives(medium, &legal, |a| match a {
            Action::Take(_) | Action::TakeAll => true,
            Action::Schleifen(_) => blunder(view, a).is_none(),
            _ => false,
        }),
        Phase::Discard => discards(view, &legal, medium),
        _ => Vec::new(),
    };
    if words.len() < 2 {
        return decision;
    }
    decision.candidates = words.len() as u32;
    let mut rows: Vec<Vec<i64>> = Vec::new();
    for _ in 0..config.samples {
        if decision.nodes >= config.node_budget {
            break;
        }
        let Some(game) = sample_game(view, rng) else {
            continue;
        };
        let mut row = Vec::with_capacity(words.len());
        for word in &words {
            let left = config.node_budget.saturating_sub(decision.nodes);
            let (value, spent) =
                price(strong, &game, view.seat, *word, left.min(config.search_cap));
            decision.nodes += spent;
            match value {
                Some(v) => row.push(v),
                None => break,
            }
        }
        if row.len() == words.len() {
            rows.push(row);
        }
    }
    decision.samples = rows.len() as u32;
    if rows.len() < MIN_SAMPLES {
        return decision;
    }
    let column = |i: usize| rows.iter().map(move |r| r[i]);
    // Medium's word is candidate 0, and wins ties of the best mean.
    let top = (0..words.len())
        .max_by_key(|i| (column(*i).sum::<i64>(), *i == 0))
        .expect("two candidates");
    decision.best_mean = words[top];
    decision.action = choose(&rows).map_or(medium, |i| words[i]);
    decision
}

/// The candidate that replaces candidate 0 by the rule (its mean gain over
/// candidate 0 above [`MARGIN_SE`] standard errors of the paired
/// differences; the best such mean), given each sample's values.
fn choose(rows: &[Vec<i64>]) -> Option<usize> {
    let n = rows.first()?.len();
    let mut best: Option<(usize, f64)> = None;
    for i in 1..n {
        let diffs: Vec<f64> = rows.iter().map(|r| (r[i] - r[0]) as f64).collect();
        let (mean, se) = mean_se(&diffs);
        if mean > MARGIN_SE * se && best.is_none_or(|(_, m)| mean > m) {
            best = Some((i, mean));
        }
    }
    best.map(|(i, _)| i)
}

/// Mean and standard error of `xs` (at least two values).
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Medium's action and the other legal words that pass `keep`, medium's
/// first.
fn alternatives(
    medium: Action,
    legal: &LegalActions,
    keep: impl Fn(Action) -> bool,
) -> Vec<Action> {
    let mut out = vec![medium];
    out.extend(
        legal
            .words()
            .iter()
            .copied()
            .filter(|a| *a != medium && keep(*a)),
    );
    out
}

/// Medium's discard and up to [`DISCARDS`] other discards that leave the
/// strongest hands; none for Mussolini (its row is a second choice).
fn discards(view: &SeatView, legal: &LegalActions, medium: Action) -> Vec<Action> {
    let (Some(rule), Some(contract), false) =
        (legal.discard, view.public.contract, legal.mussolini)
    else {
        return Vec::new();
    };
    let set_of = |a: Action| match a {
        Action::Discard(list) => Some(list.to_set().0),
        _ => None,
    };
    let mine = set_of(medium);
    let mut out = vec![medium];
    out.extend(
        top_discards(&rule, contract, DISCARDS + 1)
            .into_iter()
            .filter(|d| Some(*d) != mine)
            .take(DISCARDS)
            .map(|d| Action::Discard(CardList::of_set(d))),
    );
    out
}

/// The auction words to price, medium's first; fewer than two: nothing to
/// look at.
fn candidates(view: &SeatView, legal: &LegalActions, medium: Action) -> Vec<Action> {
    let words = legal.words();
    let priceable = |a: Action| match a {
        Action::Weiter | Action::Halte => true,
        Action::Bid(c) => c.is_positive(),
        _ => false,
    };
    // The Vorhand's reservation has privileges the samples do not model.
    if words.contains(&Action::Vorhand) || !priceable(medium) {
        return Vec::new();
    }
    let mut out = vec![medium];
    for w in [Action::Weiter, Action::Halte] {
        if w != medium && words.contains(&w) {
            out.push(w);
        }
    }
    let e = HandEval::of(view.hand);
    let mut bids: Vec<(f32, Contract)> = words
        .iter()
        .filter_map(|a| match a {
            Action::Bid(c) if c.is_positive() && *a != medium => Some(*c),
            _ => None,
        })
        .map(|c| {
            // The Rufer's need is "never on its merits": it is the
            // Vorhand's default choice, so it is always a candidate.
            let m = if c == Contract::Rufer {
                0.0
            } else {
                margin(c, view.hand, &e)
            };
            (m, c)
        })
        .filter(|(m, _)| *m >= NEAR_MARGIN)
        .collect();
    bids.sort_by(|a, b| b.0.total_cmp(&a.0));
    out.extend(bids.iter().take(MAX_BIDS).map(|(_, c)| Action::Bid(*c)));
    out
}

/// Deals tried for a sample on which the auction so far is legal.
const DEAL_TRIES: usize = 64;

/// A deal consistent with what `view`'s seat knows before trick play (its
/// own hand, the talon halves once shown, and what the words said so far
/// prove: a bird-Rufer's bird, the four Kings of "vorhand weiter", no four
/// Kings with a King-call game), with the deal so far replayed on it;
/// `None` when no deal of [`DEAL_TRIES`] fits.
fn sample_game(view: &SeatView, rng: &mut dyn RngCore) -> Option<Game> {
    let p = &view.public;
    let mut must = [CardSet::EMPTY; 4];
    for e in &p.history {
        let proved = match e.action {
            Some(Action::Bid(c)) => c.bird().and_then(|b| b.bird_card()).map(CardSet::single),
            Some(Action::VorhandWeiter) => Some(CardSet::KINGS),
            _ => None,
        };
        must[e.seat.index()] = must[e.seat.index()].union(proved.unwrap_or(CardSet::EMPTY));
    }
    must[view.seat.index()] = CardSet::EMPTY;
    let dealt = dealt_hand(view);
    let shown: Vec<Card> = match view.talon {
        [Some(a), Some(b)] => a.iter().chain(b.iter()).collect(),
        _ => Vec::new(),
    };
    let talon_cards: CardSet = shown.iter().copied().collect();
    let forced = must.iter().fold(talon_cards, |a, m| a.union(*m));
    for _ in 0..DEAL_TRIES {
        let mut free: Vec<Card> = CardSet::DECK
            .without(dealt)
            .without(forced)
            .iter()
            .collect();
        free.shuffle(rng);
        // The hands are filled from the back: a shown talon stays in front.
        free.splice(0..0, shown.iter().copied());
        let mut hands = must;
        hands[view.seat.index()] = dealt;
        for seat in Seat::ALL {
            while hands[seat.index()].len() < 12 {
                hands[seat.index()].insert(free.pop()?);
            }
        }
        let Ok(deal) = Deal::new(hands, &free) else {
            continue;
        };
        let mut game = Game::new(p.rules, deal, p.forehand);
        let replayed = p
            .history
            .iter()
            .all(|e| e.action.is_some_and(|a| game.apply(e.seat, a).is_ok()));
        if replayed {
            return Some(game);
        }
    }
    None
}

/// `seat`'s money (1/[`SCALE`] units) in `game` itself when it takes
/// `action` now, priced as a candidate is priced on a sample (medium's rule
/// up to the search, which is cut at `limit` nodes: `None`). The decision
/// bench asks it of the true deal to see whether the lookahead's choices
/// hold there.
pub fn true_value(
    strong: &mut Strong,
    game: &Game,
    seat: Seat,
    action: Action,
    limit: u64,
) -> Option<i64> {
    price(strong, game, seat, action, limit).0
}

/// `me`'s money (1/[`SCALE`] units) in the sample `game` when it says
/// `word`, and the search nodes spent; `None` when the search was cut at
/// `limit` nodes.
fn price(
    strong: &mut Strong,
    game: &Game,
    me: Seat,
    word: Action,
    limit: u64,
) -> (Option<i64>, u64) {
    let mut g = game.clone();
    g.apply(me, word).expect("a candidate is legal");
    // Medium's rule for everything up to trick play, and for its first tricks.
    let mut cards = 0;
    while let Some(seat) = g.to_act() {
        let view = g.view(seat);
        let action = match view.public.phase {
            Phase::Play if cards == 4 * ROLLOUT_TRICKS => break,
            Phase::Play => {
                cards += 1;
                Action::Play(medium_card(&view))
            }
            _ => medium_action(&view),
        };
        g.apply(seat, action).expect("medium acts legally");
    }
    if g.to_act().is_some() && searched(&g) {
        let value = strong.known_value(&g, me, limit);
        return (value, strong.solver_nodes());
    }
    // Trischaken and "bei" games: medium's cards to the end.
    while let Some(seat) = g.to_act() {
        let card = medium_card(&g.view(seat));
        g.apply(seat, Action::Play(card))
            .expect("medium plays legally");
    }
    let money = g.settlement().expect("the deal is over").money[me.index()];
    (Some(SCALE * money), 0)
}

/// Whether [`Strong::known_value`] prices the contract of `game`: one
/// declarer, not Trischaken.
fn searched(game: &Game) -> bool {
    game.declared()
        .is_some_and(|d| d.contract.family() != Family::Trischaken && d.seats().len() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_koenigrufen::{Half, Preset, Suit};
    use tarock_player::Player;

    /// A cup2019 deal with `hand` at S1 (the others' cards are irrelevant:
    /// the lookahead deals them anew) after the Vorhand S0 reserved.
    fn s1_after_vorhand(hand: &str) -> SeatView {
        let mut game = with_s1(hand);
        fixtures::apply(&mut game, &["0 vorhand"]);
        game.view(Seat::S1)
    }

    /// A cup2019 deal with `hand` at S1, S0 the Vorhand.
    fn with_s1(hand: &str) -> Game {
        let mine: CardSet = hand.parse().unwrap();
        let rest: Vec<String> = CardSet::DECK
            .without(mine)
            .iter()
            .map(|c| c.to_string())
            .collect();
        fixtures::dealt(
            Preset::Cup2019,
            [
                &rest[0..12].join(" "),
                hand,
                &rest[12..24].join(" "),
                &rest[24..36].join(" "),
            ],
            &rest[36..42].join(" "),
        )
    }

    fn decide(view: &SeatView, seed: u64, config: BidConfig) -> BidDecision {
        let mut strong = Strong::new();
        let mut rng = SmallRng::seed_from_u64(seed);
        lookahead_action(&mut strong, config, view, &mut rng)
    }

    #[test]
    fn a_dreier_on_low_tarocks_is_given_up() {
        // Six tarocks, but only the Sküs above V, and four Kings: medium's
        // evaluation counts every tarock and King and bids the Dreier. Alone
        // against three, the declarer faces the other sixteen tarocks (VI to
        // the Mond); his low ones win no trick, and the Kings are trumped
        // once the opponents are void. The samples show the Dreier losing
        // money, so the lookahead passes or names the Farbendreier (where
        // tarocks do not trump and the four Kings take their suits).
        let view = s1_after_vorhand("T22 T5 T4 T3 T2 T1 sK cK hK dK s7 c7");
        for seed in 0..4 {
            let d = decide(&view, seed, BidConfig::default());
            assert_eq!(d.medium, Action::Bid(Contract::Dreier));
            assert!(d.samples as usize >= MIN_SAMPLES, "{d:?}");
            assert!(
                [Action::Weiter, Action::Bid(Contract::Farbendreier)].contains(&d.action),
                "seed {seed}: {d:?}"
            );
        }
    }

    #[test]
    fn a_sure_solodreier_is_kept() {
        // The eight highest tarocks and the four Kings: medium bids the
        // Solodreier, worth more than any other positive game this seat may
        // name, and the hand wins it however the rest lies (the opponents'
        // fourteen tarocks are all lower, and the Kings come home while
        // they still follow suit). No other word can gain on it.
        let view = s1_after_vorhand("T22 T21 T20 T19 T18 T17 T16 T15 sK cK hK dK");
        for seed in 0..3 {
            let d = decide(&view, seed, BidConfig::default());
            assert_eq!(d.medium, Action::Bid(Contract::Solodreier));
            assert!(d.candidates >= 2, "{d:?}");
            assert_eq!(d.action, d.medium, "seed {seed}: {d:?}");
        }
    }

    #[test]
    fn monster_trash_and_the_opening_keep_medium_without_a_search() {
        // A monster (Sküs, Mond, ten tarocks) and a trash hand (no Trull
        // card, no King, one tarock) keep medium's word, as does the
        // Vorhand's first word (her reservation).
        let monster = s1_after_vorhand("T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 sK cK");
        let trash = s1_after_vorhand("T2 s7 s8 s9 c7 c8 h4 h3 h2 d4 d3 d2");
        // S0 is the Vorhand and speaks first.
        let opening = with_s1("T22 T5 T4 T3 T2 T1 sK cK hK dK s7 c7").view(Seat::S0);
        for view in [monster, trash, opening] {
            let d = decide(&view, 1, BidConfig::default());
            assert_eq!(d.action, d.medium, "{:?}", view.hand);
            assert_eq!((d.candidates, d.samples, d.nodes), (0, 0, 0));
        }
    }

    #[test]
    fn the_work_is_bounded_and_depends_only_on_the_rng() {
        let view = s1_after_vorhand("T22 T5 T4 T3 T2 T1 sK cK hK dK s7 c7");
        let small = BidConfig {
            samples: 32,
            node_budget: 300_000,
            search_cap: 60_000,
        };
        for seed in 0..3 {
            let d = decide(&view, seed, small);
            assert!(d.nodes > 0 && d.nodes <= small.node_budget + 100, "{d:?}");
            assert_eq!(decide(&view, seed, small), d);
        }
    }

    #[test]
    fn the_rule_keeps_medium_unless_the_gain_is_clear() {
        // Candidate 1 gains 10 in every sample: mean 10, standard error 0.
        let clear: Vec<Vec<i64>> = (0..10).map(|i| vec![i, i + 10]).collect();
        assert_eq!(choose(&clear), Some(1));
        // Gains of +30 and -10 alternate: mean 10, sd 21.1, se 6.7 over 10
        // samples; 10 < 2 × 6.7, so medium's word stands.
        let noisy: Vec<Vec<i64>> = (0..10)
            .map(|i| vec![0, if i % 2 == 0 { 30 } else { -10 }])
            .collect();
        assert_eq!(choose(&noisy), None);
        // Of two clear gains the larger mean wins.
        let two: Vec<Vec<i64>> = (0..10).map(|i| vec![i, i + 5, i + 8]).collect();
        assert_eq!(choose(&two), Some(2));
    }

    /// FD1 (SPEC §15.4): S0 (the Vorhand) chose a Rufer and is to call;
    /// her only King is the hK.
    fn fd1_at_the_call() -> SeatView {
        fixtures::vorhand_chooses(fixtures::fd1(), "rufer").view(Seat::S0)
    }

    #[test]
    fn the_king_call_prices_every_callable_king() {
        // S0 holds the hK only: she may call the sK, cK or dK, three
        // candidates, medium's first; each is priced on the same samples.
        let view = fd1_at_the_call();
        let calls = [Suit::Spades, Suit::Clubs, Suit::Diamonds].map(Action::Call);
        for seed in 0..3 {
            let d = decide(&view, seed, BidConfig::default());
            assert_eq!(d.medium, medium_action(&view));
            assert_eq!(d.candidates, 3, "{d:?}");
            assert!(d.samples as usize >= MIN_SAMPLES, "{d:?}");
            assert!(calls.contains(&d.action), "seed {seed}: {d:?}");
            assert!(calls.contains(&d.best_mean), "seed {seed}: {d:?}");
            assert_eq!(decide(&view, seed, BidConfig::default()), d);
        }
    }

    #[test]
    fn the_talon_samples_keep_the_shown_talon() {
        // FD1 after "rufe cK": the talon lies open (hA h3 c9 | d2 d4 cQ).
        // Every sample deals only the other hands anew: the halves and
        // S0's hand stay as they are, and the deal so far replays on it.
        let game = fixtures::rufer(fixtures::fd1(), "cK");
        let view = game.view(Seat::S0);
        assert_eq!(view.public.phase, Phase::Talon);
        let halves: [CardSet; 2] = ["hA h3 c9", "d2 d4 cQ"].map(|h| h.parse().unwrap());
        assert_eq!(view.talon, halves.map(Some));
        let mut rng = SmallRng::seed_from_u64(3);
        let mut moved = false;
        for _ in 0..20 {
            let sample = sample_game(&view, &mut rng).expect("a deal fits");
            assert_eq!(sample.view(Seat::S0).talon, halves.map(Some));
            assert_eq!(sample.hand(Seat::S0), view.hand);
            assert_eq!(sample.phase(), Phase::Talon);
            // The called cK lies with one of the three others.
            assert!(!sample.hand(Seat::S0).contains("cK".parse().unwrap()));
            moved |= sample.hand(Seat::S1) != game.hand(Seat::S1);
        }
        assert!(moved, "the other hands are dealt anew");
    }

    #[test]
    fn the_talon_prices_both_halves() {
        // FD1 after "rufe cK": the called King is not in the talon, so the
        // choice is half 1 or half 2 (no concession): two candidates.
        let view = fixtures::rufer(fixtures::fd1(), "cK").view(Seat::S0);
        let takes = [Half::First, Half::Second].map(Action::Take);
        for seed in 0..2 {
            let d = decide(&view, seed, BidConfig::default());
            assert_eq!(d.candidates, 2, "{d:?}");
            assert!(d.samples as usize >= MIN_SAMPLES, "{d:?}");
            assert!(
                takes.contains(&d.action) && takes.contains(&d.medium),
                "{d:?}"
            );
        }
    }

    #[test]
    fn the_reach_says_which_phases_look_ahead() {
        let phases = [
            Phase::Auction,
            Phase::KingCall,
            Phase::Talon,
            Phase::Discard,
        ];
        let covered = |r: Reach| phases.map(|p| r.covers(p));
        assert_eq!(covered(Reach::Nothing), [false; 4]);
        assert_eq!(covered(Reach::Auction), [true, false, false, false]);
        assert_eq!(covered(Reach::Talon), [true, true, true, false]);
        assert_eq!(covered(Reach::Discard), [true; 4]);
        // Below its reach the strong player calls as medium does.
        let view = fd1_at_the_call();
        let mut rng = SmallRng::seed_from_u64(1);
        let mut short = Strong::new().with_reach(Reach::Auction);
        assert_eq!(short.choose(&view, &mut rng), medium_action(&view));
        assert_eq!(short.last_bid(), None);
        assert_eq!(Strong::new().reach(), Reach::Auction);
        let mut full = Strong::new().with_reach(Reach::Discard);
        full.choose(&view, &mut rng);
        assert_eq!(full.last_bid().map(|d| d.candidates), Some(3));
        assert_eq!(
            Strong::new().with_threshold_bidding().name(),
            "strong-thresholds"
        );
        assert_eq!(short.name(), "strong");
    }

    #[test]
    fn the_discard_prices_the_strongest_discards() {
        // FD1 after "rufe cK" and "nimm 2" (d2 d4 cQ): S0 holds fifteen
        // cards and lays three aside. Medium's discard and the three next
        // strongest by its measure are priced; the samples deal S0 the
        // twelve cards she was dealt, and the talon as it lay.
        let mut game = fixtures::rufer(fixtures::fd1(), "cK");
        fixtures::apply(&mut game, &["0 nimm 2"]);
        let view = game.view(Seat::S0);
        assert_eq!(view.public.phase, Phase::Discard);
        assert_eq!(view.hand.len(), 15);
        let dealt: CardSet = "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9".parse().unwrap();
        assert_eq!(dealt_hand(&view), dealt);
        let mut rng = SmallRng::seed_from_u64(5);
        let sample = sample_game(&view, &mut rng).expect("a deal fits");
        assert_eq!(sample.view(Seat::S0).hand, view.hand);
        let legal = view.legal.unwrap();
        let d = decide(&view, 1, BidConfig::default());
        assert_eq!(d.candidates as usize, 1 + DISCARDS, "{d:?}");
        assert!(d.samples as usize >= MIN_SAMPLES, "{d:?}");
        assert!(legal.contains(d.action), "{d:?}");
    }
}
