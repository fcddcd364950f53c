//! Inference about the hidden hands (issue 33, point 4): how likely one
//! guessed deal ([`crate::sample::sample`]) is, given what the other
//! players did in trick play and in the exchange, so that the simulating
//! players can keep the likelier guesses ([`draw`]) and the arena can judge
//! the weights on the true deal ([`true_deal_rank`]).
//!
//! The guesses of [`crate::sample`] know the cards played and the suits a
//! player showed he lacks; in the exchange round they are drawn again until
//! the earlier decisions fit. What they do not know in trick play is what a
//! player's *choice* of card says: a player who followed low when he could
//! have taken the trick cheaply, or who took it with a high trump, probably
//! lacks the cheaper winner the guess gives him. The [`Model`] is soft:
//! each card another player chose is explained by the kind of card it is
//! for the guessed hand — in the lead a side Ace, the highest trump,
//! another trump, the cheapest side card or another; following, the
//! cheapest winner, another winner or a card that does not win (when there
//! is one of each), the cheapest card or another — with the share of that
//! kind counted in the arena, divided among the hand's cards of that kind.
//! A player who could have won the trick and did not (about 3 % of such
//! decisions) or won it with a dearer card than he needed (8 %) makes
//! guesses with such a hand unlikely; so does a lead of a low side card
//! from two trumps, where strong and medium lead the highest trump.
//!
//! A forced card says nothing (factor 1). The exchange adds what it says
//! about the hand kept: every level exchanges by the easy rule (its side
//! cards that are no Aces, at most as many as it may), so a seat that
//! stayed holds only trumps and side Aces among its original five, and one
//! that swapped `k` cards while it could have swapped more kept `5 − k` of
//! them; a guess against that is weighed by [`Model::exchange_miss`]. No
//! factor is 0, so no legal history is ruled out (a guess that gives a
//! player the suit he did not follow gets [`FLOOR`]: [`crate::sample`]
//! gives up on those constraints when it cannot meet them).

use rand::RngCore;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_player::infer::{pick, rank};
use tarock_zwanzig_ab::card::{Card, CardSet, Suit};
use tarock_zwanzig_ab::seat::MAX_PLAYERS;
use tarock_zwanzig_ab::trick::{Trick, beaters, legal_cards};
use tarock_zwanzig_ab::{Decision, Phase, Seat, SeatView};

use crate::easy;
use crate::eval::{cheapest, exchange_candidates};
use crate::sample::sample;
use crate::world::World;

/// The factor of a play the guessed hand could not have made (a card of a
/// suit the guess gives the player while he did not follow it): small, not
/// 0, so that a guess drawn without the void constraints stays usable.
pub const FLOOR: f64 = 0.01;

/// How the other players' decisions are explained: for each situation of
/// a card decision, how often each kind of card was chosen (counted on
/// strong's and medium's non-forced cards in 80 arena sessions, seed 5,
/// strong against medium, 4 seats). A player chooses the kind with the
/// share of its count among the kinds his hand has a card of, then a card
/// of that kind uniformly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// Following with a card that beats the trick so far and one that does
    /// not: [the cheapest winner, another winner, a card that does not
    /// win], [while following the suit led, while void in it].
    pub win_or_not: [[f64; 3]; 2],
    /// Following with every legal card a winner: [the cheapest, another],
    /// [following, void].
    pub all_win: [[f64; 2]; 2],
    /// Following without a winner: [the cheapest card, another],
    /// [following, void].
    pub none_wins: [[f64; 2]; 2],
    /// Leading, by [`LeadKind`]: per row, whether the hand holds a side
    /// Ace (no, yes) and its trumps (0, 1, 2 or more), `3 · ace + trumps`.
    pub lead: [[f64; 5]; 6],
    /// The factor of a guess against the exchange decision the seat made
    /// (stayed with a side card that is no Ace; kept fewer cards than its
    /// swap says).
    pub exchange_miss: f64,
}

/// The kinds of a lead, the columns of [`Model::lead`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeadKind {
    /// A side Ace.
    SideAce,
    /// The highest trump of the hand.
    TopTrump,
    /// Another trump.
    LowTrump,
    /// The cheapest side card ([`crate::eval::cheapest`]).
    CheapSide,
    /// Another side card.
    OtherSide,
}

impl Model {
    /// The model the players and the arena use: the counts of 80 sessions.
    pub const STANDARD: Model = Model {
        win_or_not: [[1093.0, 104.0, 30.0], [149.0, 15.0, 7.0]],
        all_win: [[77.0, 455.0], [521.0, 1129.0]],
        none_wins: [[1360.0, 1803.0], [2297.0, 1933.0]],
        lead: [
            [0.0, 0.0, 0.0, 162.0, 573.0],
            [0.0, 540.0, 0.0, 519.0, 398.0],
            [0.0, 1501.0, 42.0, 521.0, 349.0],
            [725.0, 0.0, 0.0, 104.0, 137.0],
            [327.0, 585.0, 0.0, 123.0, 98.0],
            [124.0, 980.0, 30.0, 99.0, 43.0],
        ],
        exchange_miss: 0.25,
    };
}

/// The relative likelihood of the guessed `hands` (the current hands by
/// seat index, as in [`World::hands`]) given what `view` shows of the other
/// players' decisions: a product of one factor per card another player
/// chose and per exchange decision (see the module docs), each in
/// [[`FLOOR`], 1]. 1 before trick play.
pub fn weight(view: &SeatView, hands: &[CardSet; MAX_PLAYERS], model: &Model) -> f64 {
    let p = &view.public;
    let Some(trump) = p.trump else {
        return 1.0;
    };
    if p.phase != Phase::Play {
        return 1.0;
    }
    let me = view.seat;
    let tricks = p.tricks.iter().map(|t| &t.trick);
    let all: Vec<&Trick> = tricks.chain(p.trick.iter()).collect();
    // Each seat's cards before the first trick: its hand now and what it
    // has played since.
    let mut held = *hands;
    for trick in &all {
        for (seat, card) in trick.plays() {
            held[seat.index()].insert(card);
        }
    }
    let mut w = exchange_factor(view, &held, trump, model);
    let mut now = held;
    for trick in &all {
        let mut before = Trick::new(trick.leader());
        for (seat, card) in trick.plays() {
            let i = seat.index();
            if seat != me {
                w *= play_factor(now[i], &before, card, trump, view, model);
            }
            now[i].remove(card);
            before.push(seat, card, trump);
        }
    }
    w
}

/// The factor of `card` chosen from `hand` for `trick` (see [`Model`]).
fn play_factor(
    hand: CardSet,
    trick: &Trick,
    card: Card,
    trump: Suit,
    view: &SeatView,
    model: &Model,
) -> f64 {
    let legal = legal_cards(hand, trick, trump, &view.public.rules);
    if !legal.contains(card) {
        return FLOOR;
    }
    if legal.len() <= 1 {
        return 1.0;
    }
    let Some((led, best)) = trick.led().zip(trick.winning().map(|(_, c)| c)) else {
        return lead_factor(legal, card, trump, model);
    };
    // The easy rule's card: the cheapest winner, or the cheapest card
    // when none wins.
    let rule = easy::card(legal, trick, trump);
    let is_rule = usize::from(card != rule);
    let void = usize::from(!legal.iter().all(|c| c.suit() == led.suit()));
    let winners = beaters(legal, best, trump);
    let others = legal.without(winners);
    let rest = legal.len() - 1;
    if winners.is_empty() {
        kind(&model.none_wins[void], &[1, rest], is_rule)
    } else if others.is_empty() {
        kind(&model.all_win[void], &[1, rest], is_rule)
    } else {
        let sizes = [1, winners.len() - 1, others.len()];
        let which = if card == rule {
            0
        } else if winners.contains(card) {
            1
        } else {
            2
        };
        kind(&model.win_or_not[void], &sizes, which)
    }
}

/// The kind of the lead `card` from `legal` ([`LeadKind`]).
pub fn lead_kind(legal: CardSet, card: Card, trump: Suit) -> LeadKind {
    if card.suit() == trump {
        if legal.of_suit(trump).first() == Some(card) {
            LeadKind::TopTrump
        } else {
            LeadKind::LowTrump
        }
    } else if card.pos() == 0 {
        LeadKind::SideAce
    } else if card == cheapest(legal, trump) {
        LeadKind::CheapSide
    } else {
        LeadKind::OtherSide
    }
}

/// The factor of leading `card` from `legal` (see [`Model::lead`]).
fn lead_factor(legal: CardSet, card: Card, trump: Suit, model: &Model) -> f64 {
    let trumps = legal.of_suit(trump).len();
    let side = legal.without(trump.cards());
    let aces = side.iter().filter(|c| c.pos() == 0).count() as u32;
    let plain = side.len() - aces;
    let sizes = [
        aces,
        u32::from(trumps > 0),
        trumps.saturating_sub(1),
        u32::from(plain > 0),
        plain.saturating_sub(1),
    ];
    let row = 3 * usize::from(aces > 0) + trumps.min(2) as usize;
    kind(
        &model.lead[row],
        &sizes,
        lead_kind(legal, card, trump) as usize,
    )
}

/// The chance of one card of kind `which`: the kind's chance among the
/// kinds the hand has a card of (`sizes` cards each), shared by its cards.
fn kind(chances: &[f64], sizes: &[u32], which: usize) -> f64 {
    let present: f64 = chances
        .iter()
        .zip(sizes)
        .filter(|(_, n)| **n > 0)
        .map(|(p, _)| p)
        .sum();
    let chance = chances[which] / present / f64::from(sizes[which]);
    if chance > 0.0 { chance } else { FLOOR }
}

/// The factor of the other seats' exchange decisions for the cards they
/// held before the first trick (`held`): a seat that stayed, or swapped
/// fewer cards than it could, kept only trumps and side Aces among the
/// cards it did not swap.
fn exchange_factor(
    view: &SeatView,
    held: &[CardSet; MAX_PLAYERS],
    trump: Suit,
    model: &Model,
) -> f64 {
    let p = &view.public;
    let n = p.players;
    if p.rules.drop_round() {
        // The exchange order and the stock's size at each turn are those
        // of the default timing only.
        return 1.0;
    }
    let mut stock = 32 - 5 * u32::from(n);
    let mut w = 1.0;
    for pos in 0..n {
        let seat = p.maker.plus(pos, n);
        let swap_max = stock.min(3);
        let swapped = match p.decisions.get(seat.index()).copied().flatten() {
            Some(Decision::Stayed) => 0,
            Some(Decision::Swapped(k)) => u32::from(k),
            _ => continue,
        };
        stock = stock.saturating_sub(swapped);
        if seat == view.seat || swapped >= swap_max {
            continue;
        }
        // The easy rule swaps every side card that is no Ace, up to
        // `swap_max`: fewer swapped means none of those was kept.
        let kept_weak = exchange_candidates(held[seat.index()], trump, 5).len();
        // Of its cards now, `swapped` came from the stock and may be weak.
        if kept_weak > swapped {
            w *= model.exchange_miss;
        }
    }
    w
}

/// One guessed deal for `view`: with `pool` ≤ 1 (or outside trick play,
/// where [`weight`] is 1) simply [`sample`]; otherwise the first of `pool`
/// guesses is drawn with `rng` as [`sample`] would, the others with random
/// numbers seeded by it, the position and `index` (the guess's number in
/// the decision: a position with few hidden cards repeats the first guess,
/// and the others must not repeat with it), and one of them is kept with
/// probability proportional to its [`weight`] (sampling importance
/// resampling). Where every guess weighs the same the first is kept: the
/// guesses are alike in distribution, so the inference changes nothing
/// there, and the player's random numbers are the same with it as without,
/// so a decision it does not inform stays as it was.
pub fn draw(view: &SeatView, rng: &mut dyn RngCore, pool: u32, model: &Model, index: u32) -> World {
    let first = sample(view, rng);
    if pool <= 1 || view.public.phase != Phase::Play {
        return first;
    }
    let mut seed = position_seed(view) ^ u64::from(index).wrapping_mul(0xd6e8_feb8_6659_fd93);
    for hand in &first.hands {
        seed = (seed ^ hand.bits()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    let mut own = SmallRng::seed_from_u64(seed);
    let mut worlds = vec![first];
    worlds.extend((1..pool).map(|_| sample(view, &mut own)));
    let weights: Vec<f64> = worlds
        .iter()
        .map(|w| weight(view, &w.hands, model))
        .collect();
    if weights.iter().all(|w| *w == weights[0]) {
        return worlds.swap_remove(0);
    }
    let i = pick(&weights, &mut own).unwrap_or(0);
    worlds.swap_remove(i)
}

/// Guesses the arena weighs beside the true deal.
pub const RANK_SAMPLES: usize = 32;

/// The rank of the true `hands` among [`RANK_SAMPLES`] guesses of `view` by
/// [`weight`] ([`tarock_player::infer::rank`]: 0.5 no better than chance),
/// the guesses drawn with random numbers seeded by the position. `None`
/// outside trick play and before another player has played a card (every
/// weight is 1 there).
pub fn true_deal_rank(
    view: &SeatView,
    hands: &[CardSet; MAX_PLAYERS],
    model: &Model,
) -> Option<f64> {
    let p = &view.public;
    if p.phase != Phase::Play {
        return None;
    }
    let tricks = p.tricks.iter().map(|t| &t.trick);
    let others_played = tricks
        .chain(p.trick.iter())
        .flat_map(|t| t.plays())
        .any(|(seat, _)| seat != view.seat);
    if !others_played {
        return None;
    }
    let mut truth = *hands;
    for s in &p.dropped {
        truth[s.index()] = CardSet::EMPTY;
    }
    let mut rng = SmallRng::seed_from_u64(position_seed(view));
    let guesses: Vec<f64> = (0..RANK_SAMPLES)
        .map(|_| weight(view, &sample(view, &mut rng).hands, model))
        .collect();
    Some(rank(weight(view, &truth, model), &guesses))
}

/// A seed from what the seat sees (its seat, hand, the deal's number and
/// the cards played), so the arena's guesses do not use the players'
/// random numbers.
fn position_seed(view: &SeatView) -> u64 {
    let p = &view.public;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    mix(view.seat.index() as u64);
    mix(view.hand.bits());
    mix(p.deals as u64);
    for s in &p.scores {
        mix(*s as u64);
    }
    for trick in p.tricks.iter().map(|t| &t.trick).chain(p.trick.iter()) {
        for (seat, card) in trick.plays() {
            mix(((seat.index() as u64) << 8) | u64::from(card.index()));
        }
    }
    h
}

/// Every seat's true hand by index (dropped seats hold nothing in play).
pub fn hands_of(session: &tarock_zwanzig_ab::Session) -> [CardSet; MAX_PLAYERS] {
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    for seat in Seat::all(session.players()) {
        hands[seat.index()] = session.hand(seat);
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_zwanzig_ab::sim::{random_action, shuffled_deck};
    use tarock_zwanzig_ab::{Deck, Rules, Session};

    fn apply(s: &mut Session, actions: &[&str]) {
        for a in actions {
            let (seat, words) = a.split_once(' ').unwrap();
            let seat = Seat::new(seat.parse().unwrap()).unwrap();
            s.apply(seat, words.parse().unwrap()).unwrap();
        }
    }

    fn set(ids: &str) -> CardSet {
        ids.parse().unwrap()
    }

    /// Four seats, S3 deals, S0 names hearts; everyone swaps three cards
    /// (as many as the stock allows each, so the swaps say nothing). First
    /// packets S0 `hA h7 c7`, S1 `c9 c10 d8`, S2 `hK dK d10`, S3 `hJ h10
    /// h8`; second packets S0 `d7 c8`, S1 `d9 cJ`, S2 `hQ cK`, S3 `sA s10`;
    /// the stock gives S0 `sK h9 dA`, S1 `s7 cQ dQ`, S2 `sQ sJ s9`, S3 `s8
    /// cA dJ`. S0 leads sK, S1 follows with s7, his only spade; S2 is to
    /// play.
    fn ducked() -> Session {
        let mut s = swapped();
        apply(&mut s, &["0 sK", "1 s7"]);
        s
    }

    /// The deal of [`ducked`] after the swaps, S0 to lead.
    fn swapped() -> Session {
        let deck = "hA h7 c7 c9 c10 d8 hK dK d10 hJ h10 h8 d7 c8 d9 cJ hQ cK sA s10 \
                    sK h9 dA s7 cQ dQ sQ sJ s9 s8 cA dJ";
        let mut s = Session::fresh(Rules::STANDARD, 4, 3).unwrap();
        s.start_deal(deck.parse::<Deck>().unwrap()).unwrap();
        apply(
            &mut s,
            &[
                "0 trump h",
                "0 swap c7 d7 c8",
                "1 swap c9 c10 d8",
                "2 swap dK d10 cK",
                "3 swap hJ h10 h8",
            ],
        );
        s
    }

    #[test]
    fn a_player_who_let_a_trick_go_probably_lacks_the_winner() {
        let s = ducked();
        let view = s.view(Seat::S2);
        let truth = hands_of(&s);
        assert_eq!(truth[1], set("d9 cJ cQ dQ"));
        // S1 with sA instead of dQ could have taken the King's trick with
        // the Ace and let it go: 2.7 % of such decisions against S1's true
        // hand, where s7 was forced (factor 1): 30 of the 1 123 counted
        // decisions with a winner and a loser but no other winner.
        let mut ace = truth;
        ace[1] = set("d9 cJ cQ sA");
        let model = Model::STANDARD;
        let ratio = weight(&view, &ace, &model) / weight(&view, &truth, &model);
        assert!(ratio < 0.05, "{ratio}");
        assert!(ratio > 0.0);
    }

    #[test]
    fn the_kept_guesses_give_the_ducking_player_the_winners_less_often() {
        // S2 sees 10 cards (hand, discards, sK, s7); of the 22 unseen, S1
        // holds 4. Without inference he holds sA or s10 in a share of
        // 1 − C(20, 4) / C(22, 4) = 1 − 306 / 462 ≈ 0.338 of the guesses.
        // With it, a guess where he holds one weighs at most 30 / 1 123 ≈
        // 0.027 (the Ace or the Ten let go) against at least 1 360 / 3 163
        // ≈ 0.43 where he holds none (s7 his cheapest of several spades;
        // 1 when it is forced): at most 0.062 times as much, so of four
        // drawn guesses such a one is kept only when all four are (0.338⁴
        // ≈ 0.013) or by that small weight: far below 0.1.
        let s = ducked();
        let view = s.view(Seat::S2);
        let winners = set("sA s10");
        let share = |pool: u32| {
            let mut rng = SmallRng::seed_from_u64(17);
            let n = 2000;
            let hits = (0..n)
                .filter(|k| {
                    let w = draw(&view, &mut rng, pool, &Model::STANDARD, *k);
                    !w.hands[1].intersect(winners).is_empty()
                })
                .count();
            hits as f64 / f64::from(n)
        };
        let plain = share(1);
        // ± 5 standard deviations (√(0.338 · 0.662 / 2000) ≈ 0.011).
        assert!((0.28..=0.40).contains(&plain), "{plain}");
        let inferred = share(4);
        assert!(inferred < 0.1, "{inferred}");
    }

    #[test]
    fn a_dear_winner_says_the_cheaper_one_is_missing() {
        // S0 leads h9 (trump); S1 takes it with h10. Guessed with hJ and h8
        // beside it, S1 could have won with the cheaper hJ (or let it go
        // with h8): h10 is "another winner". Guessed with h8 only, h10 was
        // his cheapest winner.
        let s = swapped();
        let mut view = s.view(Seat::S2);
        let mut trick = Trick::new(Seat::S0);
        trick.push(Seat::S0, "h9".parse().unwrap(), Suit::Hearts);
        trick.push(Seat::S1, "h10".parse().unwrap(), Suit::Hearts);
        view.public.phase = Phase::Play;
        view.public.trick = Some(trick);
        let mut hands = hands_of(&s);
        hands[0].remove("h9".parse().unwrap());
        hands[1] = set("d9 cJ hJ h8");
        let cheaper_there = weight(&view, &hands, &Model::STANDARD);
        hands[1] = set("d9 cJ cQ h8");
        let cheapest = weight(&view, &hands, &Model::STANDARD);
        // Every other factor is the same (S0's lead from the same hand):
        // 104 of the 1 227 counted decisions with all three kinds, against
        // 1 093 of the 1 123 without another winner, ≈ 0.087.
        let ratio = cheaper_there / cheapest;
        let expected = (104.0 / 1227.0) / (1093.0 / 1123.0);
        assert!((ratio - expected).abs() < 1e-9, "{ratio}");
    }

    #[test]
    fn a_lead_of_the_highest_trump_says_another_is_likely() {
        // S0 leads hA (trump) in the deal of `ducked`, seen by S2. With a
        // second trump (h10) beside it, strong and medium led the highest
        // trump in 1 501 of 2 413 counted leads from such hands (no side
        // Ace, two trumps or more); as the only trump in 540 of 1 457: the
        // guess with h10 is likelier by their ratio, ≈ 1.68.
        let s = swapped();
        let mut view = s.view(Seat::S2);
        let mut trick = Trick::new(Seat::S0);
        trick.push(Seat::S0, "hA".parse().unwrap(), Suit::Hearts);
        view.public.phase = Phase::Play;
        view.public.trick = Some(trick);
        let mut hands = hands_of(&s);
        hands[0] = set("h10 d9 d8 c9");
        let two = weight(&view, &hands, &Model::STANDARD);
        hands[0] = set("c8 d9 d8 c9");
        let one = weight(&view, &hands, &Model::STANDARD);
        let expected = (1501.0 / 2413.0) / (540.0 / 1457.0);
        assert!((two / one - expected).abs() < 1e-9, "{}", two / one);
        assert_eq!(
            lead_kind(set("hA h10 d9 d8 c9"), "hA".parse().unwrap(), Suit::Hearts),
            LeadKind::TopTrump
        );
    }

    #[test]
    fn a_seat_that_stayed_kept_only_trumps_and_aces() {
        // FG1 (SPEC §8.6): hearts trump, S2 stays with h8 sA c9 dA h9 — c9
        // is a side card that is no Ace, which the easy rule would swap.
        let deck = "hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 \
                    d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ";
        let mut s = Session::fresh(Rules::STANDARD, 4, 3).unwrap();
        s.start_deal(deck.parse::<Deck>().unwrap()).unwrap();
        apply(
            &mut s,
            &["0 trump h", "0 swap c7 d9", "1 swap c8", "2 stay", "3 drop"],
        );
        let view = s.view(Seat::S0);
        let mut hands = hands_of(&s);
        hands[3] = CardSet::EMPTY;
        let model = Model::STANDARD;
        let stayed_weak = weight(&view, &hands, &model);
        hands[2] = set("h8 sA cA dA h9");
        let stayed_strong = weight(&view, &hands, &model);
        // S1 swapped one card while he could swap three: he kept four
        // strong cards; his true h7 hQ sK d10 cA holds d10 and one drawn
        // card, so his factor is the same 0.25 in both.
        assert!((stayed_weak / stayed_strong - model.exchange_miss).abs() < 1e-12);
    }

    #[test]
    fn no_legal_history_weighs_zero() {
        // Random legal sessions of 3 – 5 seats: at every card the true
        // hands and the guesses weigh more than 0, and the rank is a share.
        let mut rng = SmallRng::seed_from_u64(5);
        let mut ranked = 0;
        for game in 0..12u8 {
            let n = 3 + game % 3;
            let mut s = Session::fresh(Rules::STANDARD, n, 0).unwrap();
            for _ in 0..400 {
                if s.outcome().is_some() {
                    break;
                }
                if s.to_act().is_none() {
                    s.start_deal(shuffled_deck(&mut rng)).unwrap();
                }
                let (seat, action) = random_action(&s, &mut rng).unwrap();
                if s.phase() == Phase::Play {
                    let view = s.view(seat);
                    let truth = hands_of(&s);
                    let model = Model::STANDARD;
                    assert!(weight(&view, &truth, &model) > 0.0);
                    for k in 0..3 {
                        let w = draw(&view, &mut rng, 4, &model, k);
                        assert!(weight(&view, &w.hands, &model) > 0.0);
                    }
                    if let Some(r) = true_deal_rank(&view, &truth, &model) {
                        assert!((0.0..=1.0).contains(&r));
                        ranked += 1;
                    }
                }
                s.apply(seat, action).unwrap();
            }
        }
        assert!(ranked > 100, "{ranked}");
    }
}
