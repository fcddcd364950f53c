//! Inference about hidden hands: how likely a sampled deal is, given what
//! the other seats did in the bidding and in the tricks so far.
//!
//! [`crate::sample::deal_unseen`] deals the unseen cards uniformly among
//! the deals that fit the hard facts ([`Knowledge`]). The bidding says more:
//! a seat that passed when it could have overbid with a Solo is unlikely to
//! hold a hand worth one; a seat that announced a Solo likely holds one; an
//! opponent who let a Rufer stand without Kontra is unlikely to hold a hand
//! the medium player would give Kontra with. [`Inference`] reads these
//! signals once from the seat's view ([`Inference::of`]) as soft facts
//! about the other seats' dealt hands, each priced with the medium
//! player's hand evaluation ([`HandEval`]) and thresholds
//! ([`crate::medium`]) in a logistic form: a hand just at the threshold
//! weighs one half, one strength point past it about three quarters, and
//! no hand ever weighs less than [`FLOOR`] per fact, so a human's other
//! thresholds never make the true deal impossible.
//!
//! From the card play it reads one signal: the fourth seat of a trick worth
//! taking ([`DUCK_POINTS`]) that let the other party win it likely held no
//! legal card that would have won; a sample in which it did weighs
//! [`DUCK_WEIGHT`] (the parties as the sample deals them: the Rufer's
//! partner holds the called card). And one more: the fourth seat that won
//! a trick likely held no cheaper card that would have won it
//! ([`DEARER_WEIGHT`]).
//!
//! The weight of a sample ([`Inference::weight`]) is the product over the
//! facts; the strong player keeps the likelier of several candidate deals
//! per sample ([`tarock_player::infer::pick`]), and the arena ranks the
//! true deal's weight among the seat's samples
//! ([`crate::arena::Notes`]).

use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::rules::{GameKind, Item, Premium, Rules};
use tarock_zwanzigerrufen::trick::{Trick, legal_cards_after};
use tarock_zwanzigerrufen::{Action, Bid, Seat, SeatView};

use crate::hand::HandEval;
use crate::knowledge::Knowledge;
use crate::medium;
use crate::sample::deal_unseen;
use rand::RngCore;
use tarock_player::infer::floored_logistic;

/// The least weight one soft fact gives a hand, however far it is from the
/// threshold: a legal history never weighs a deal 0.
pub const FLOOR: f64 = 0.05;

/// Strength points (of [`HandEval`]) per unit of the logistic: a hand one
/// point past the threshold weighs σ(1) ≈ 0.73.
pub const SCALE: f64 = 1.0;

/// Card points of the first three cards that make a trick worth taking
/// for the fourth seat (a King and two more cards).
pub const DUCK_POINTS: u32 = 7;

/// The weight of a sample in which the fourth seat of a trick worth taking
/// ([`DUCK_POINTS`]) let the other party win it while it held a legal card
/// that would have won: players rarely do that.
pub const DUCK_WEIGHT: f64 = 0.3;

/// The weight of a sample in which the fourth seat won a trick with a card
/// while it held a cheaper legal card that would have won too (cheaper as
/// the medium player parts with cards: Trull cards last, then by points and
/// rank; the Pagat not counted, which players keep back): players win
/// cheaply where they can.
pub const DEARER_WEIGHT: f64 = 0.5;

/// Candidate deals drawn per kept sample by the strong player.
pub const CANDIDATES: usize = 6;

/// The figure of a hand a fact is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// [`HandEval::strength`] (tarock games).
    Strength,
    /// [`HandEval::colour_strength`] (Farbensolo).
    Colour,
    /// [`HandEval::tarocks`], the number of tarocks.
    Tarocks,
}

impl Measure {
    fn of(self, e: &HandEval) -> f64 {
        match self {
            Measure::Strength => f64::from(e.strength),
            Measure::Colour => f64::from(e.colour_strength),
            Measure::Tarocks => f64::from(e.tarocks),
        }
    }
}

/// One soft fact about a seat's dealt hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fact {
    /// The seat it is about.
    pub seat: Seat,
    /// The figure it is about.
    pub measure: Measure,
    /// The threshold the seat's choice suggests its hand is above (or below).
    pub threshold: f64,
    /// Above (`true`: the seat bid) or below (`false`: it declined).
    pub above: bool,
    /// Only when the seat is an opponent of the Rufer's caller in the
    /// sample (it does not hold the called card): a declined Kontra.
    pub if_opponent: bool,
}

impl Fact {
    /// This fact's weight for a dealt hand with evaluation `e`.
    pub fn weight(&self, e: &HandEval) -> f64 {
        let x = (self.measure.of(e) - self.threshold) / SCALE;
        let x = if self.above { x } else { -x };
        floored_logistic(x, FLOOR)
    }
}

/// A trick worth taking that its fourth seat let another seat win, or a
/// trick its fourth seat won.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Duck {
    /// The completed trick's first three cards.
    trick: Trick,
    /// The fourth seat's card.
    card: Card,
    /// Its index among the completed tricks.
    index: usize,
    /// Its fourth seat.
    seat: Seat,
    /// Its winner.
    winner: Seat,
}

/// The soft facts one seat reads from its view, ready to weigh samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Inference {
    facts: Vec<Fact>,
    ducks: Vec<Duck>,
    /// Tricks the fourth seat won.
    wins: Vec<Duck>,
    /// Per completed trick and seat, the card it played there.
    plays: Vec<[Option<Card>; 4]>,
    kind: GameKind,
    rules: Rules,
    /// Per seat, the cards it has played so far (its dealt hand is its
    /// current hand and these).
    played: [CardSet; 4],
    /// The declarer, once a game is announced.
    declarer: Option<Seat>,
    /// The Rufer's called card, for the party of a seat in a sample.
    called: Option<Card>,
}

impl Inference {
    /// The facts `view.seat` reads from the bidding history of `view` and
    /// from its completed tricks.
    pub fn of(view: &SeatView) -> Inference {
        let mut played = [CardSet::EMPTY; 4];
        let tricks = view.tricks.iter().map(|t| t.trick);
        for trick in tricks.chain(view.trick) {
            for (seat, card) in trick.plays() {
                played[seat.index()].insert(card);
            }
        }
        let called = view.contract.and_then(|c| c.called);
        let declarer = view.contract.map(|c| c.declarer);
        let facts = bidding_facts(view)
            .into_iter()
            .filter(|f| f.seat != view.seat)
            .collect();
        let kind = view.contract.map_or(GameKind::Rufer, |c| c.kind);
        let mut plays = Vec::with_capacity(view.tricks.len());
        let mut ducks = Vec::new();
        let mut wins = Vec::new();
        for (index, t) in view.tricks.iter().enumerate() {
            let mut by_seat = [None; 4];
            for (seat, card) in t.trick.plays() {
                by_seat[seat.index()] = Some(card);
            }
            plays.push(by_seat);
            let cards = t.trick.cards();
            let fourth = t.trick.leader().plus(3);
            let worth: u32 = cards[..3].iter().map(|c| u32::from(c.points())).sum();
            let duck = Duck {
                trick: Trick::with_cards(t.trick.leader(), &cards[..3]),
                card: cards[3],
                index,
                seat: fourth,
                winner: t.winner,
            };
            if fourth == view.seat {
                continue;
            }
            if t.winner == fourth {
                wins.push(duck);
            } else if worth >= DUCK_POINTS {
                ducks.push(duck);
            }
        }
        Inference {
            facts,
            ducks,
            wins,
            plays,
            kind,
            rules: view.rules,
            played,
            declarer,
            called,
        }
    }

    /// Whether the fourth seat of `duck`, with the dealt hands `dealt`,
    /// could have won the trick from the other party with a legal card.
    fn could_take(&self, duck: &Duck, dealt: &[CardSet; 4]) -> bool {
        // The declarer's side in the sample: the Rufer's partner holds the
        // called card.
        let side = |s: Seat| {
            Some(s) == self.declarer || self.called.is_some_and(|c| dealt[s.index()].contains(c))
        };
        if side(duck.seat) == side(duck.winner) {
            return false;
        }
        !self.winners(duck, dealt).is_empty()
    }

    /// Whether the fourth seat of `win`, with the dealt hands `dealt`, held
    /// a legal card cheaper than the one it won with that would have won
    /// as well.
    fn could_win_cheaper(&self, win: &Duck, dealt: &[CardSet; 4]) -> bool {
        let cost = |c: Card| (CardSet::TRULL.contains(c), c.points(), c.index());
        let dear = cost(win.card);
        self.winners(win, dealt)
            .iter()
            .any(|c| c != Card::PAGAT && cost(c) < dear)
    }

    /// The legal cards of the fourth seat of `duck` (its hand then as
    /// `dealt` deals it) that would have won the trick.
    fn winners(&self, duck: &Duck, dealt: &[CardSet; 4]) -> CardSet {
        let earlier: CardSet = self.plays[..duck.index]
            .iter()
            .filter_map(|p| p[duck.seat.index()])
            .collect();
        let hand = dealt[duck.seat.index()].without(earlier);
        let legal = legal_cards_after(hand, duck.trick.led(), self.kind, false);
        let [a, b, c] = [0, 1, 2].map(|i| duck.trick.cards()[i]);
        legal
            .iter()
            .filter(|card| {
                Trick::with_cards(duck.trick.leader(), &[a, b, c, *card])
                    .winner(self.kind, &self.rules)
                    .0
                    == duck.seat
            })
            .collect()
    }

    /// The facts read from the bidding.
    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// How many tricks worth taking a fourth seat let the other party win.
    pub fn ducks(&self) -> usize {
        self.ducks.len()
    }

    /// How many tricks a fourth seat won (each a sign it held no cheaper
    /// winner).
    pub fn wins(&self) -> usize {
        self.wins.len()
    }

    /// Whether nothing was read: every sample weighs the same.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty() && self.ducks.is_empty() && self.wins.is_empty()
    }

    /// The relative likelihood of the sample `hands` (each seat's current
    /// hand): the product of the facts' weights on the dealt hands, 1
    /// without facts, never 0.
    pub fn weight(&self, hands: &[CardSet; 4]) -> f64 {
        if self.is_empty() {
            return 1.0;
        }
        let dealt = |s: Seat| hands[s.index()].union(self.played[s.index()]);
        let all = Seat::ALL.map(dealt);
        let mut w = 1.0;
        for duck in &self.ducks {
            if self.could_take(duck, &all) {
                w *= DUCK_WEIGHT;
            }
        }
        for win in &self.wins {
            if self.could_win_cheaper(win, &all) {
                w *= DEARER_WEIGHT;
            }
        }
        let mut evals: [Option<HandEval>; 4] = [None; 4];
        for f in &self.facts {
            if f.if_opponent
                && let Some(card) = self.called
                && (Some(f.seat) == self.declarer || all[f.seat.index()].contains(card))
            {
                continue;
            }
            let e = evals[f.seat.index()].get_or_insert_with(|| HandEval::of(all[f.seat.index()]));
            w *= f.weight(e);
        }
        w
    }

    /// One sample for the strong player: [`CANDIDATES`] deals from
    /// [`deal_unseen`], one kept with probability proportional to its
    /// weight (all from `rng`). Without facts, the first deal.
    pub fn sample(&self, k: &Knowledge, my_hand: CardSet, rng: &mut dyn RngCore) -> [CardSet; 4] {
        if self.is_empty() {
            return deal_unseen(k, my_hand, rng);
        }
        let deals: Vec<[CardSet; 4]> = (0..CANDIDATES)
            .map(|_| deal_unseen(k, my_hand, rng))
            .collect();
        let weights: Vec<f64> = deals.iter().map(|h| self.weight(h)).collect();
        let i = tarock_player::infer::pick(&weights, rng).unwrap_or(0);
        deals[i]
    }
}

/// The threshold of a Kontra on the game `kind` (medium's).
fn kontra_threshold(kind: GameKind) -> (Measure, f32) {
    match kind {
        GameKind::Rufer => (Measure::Strength, medium::KONTRA_RUFER),
        GameKind::Solo => (Measure::Strength, medium::KONTRA_SOLO),
        GameKind::Farbensolo => (Measure::Colour, medium::KONTRA_FARBENSOLO),
    }
}

fn fact(seat: Seat, measure: Measure, threshold: f32, above: bool) -> Fact {
    Fact {
        seat,
        measure,
        threshold: f64::from(threshold),
        above,
        if_opponent: false,
    }
}

/// Walks the bidding history turn by turn (a turn: its bids, then Weiter)
/// and records what each choice suggests about the chooser's hand.
fn bidding_facts(view: &SeatView) -> Vec<Fact> {
    let rules = &view.rules;
    let mut facts = Vec::new();
    // The game in force: kind and declarer.
    let mut game: Option<(GameKind, Seat)> = None;
    let mut game_level = 0u8;
    let mut agreed = 0u8;
    let mut passed_ever = 0u8;
    // Seats that have had a turn since the game (or its Kontra level) changed.
    let mut reacted = 0u8;
    let mut turn: Vec<Bid> = Vec::new();
    for a in &view.announcements {
        match a.action {
            Action::Bid(bid) => {
                turn.push(bid);
                continue;
            }
            Action::Weiter => {}
            Action::Play(_) => continue,
        }
        let seat = a.seat;
        let bit = 1u8 << seat.index();
        let new_game = turn.iter().find_map(|b| match b {
            Bid::Game(k) | Bid::GameWithValat(k) => Some(*k),
            _ => None,
        });
        // The game choice: to open, or to overbid while one may.
        let may_overbid = match game {
            None => true,
            Some(_) => agreed & bit == 0 && !(rules.pass_locks_auction && passed_ever & bit != 0),
        };
        if may_overbid {
            let current = game.map(|(k, _)| k);
            match new_game {
                Some(GameKind::Solo) => {
                    facts.push(fact(seat, Measure::Strength, medium::SOLO, true))
                }
                Some(GameKind::Farbensolo) => {
                    facts.push(fact(seat, Measure::Colour, medium::FARBENSOLO, true));
                    facts.push(fact(seat, Measure::Strength, medium::SOLO, false));
                }
                // Opening a Rufer, or not overbidding: no Solo hand, and no
                // Farbensolo hand while that would have been higher.
                Some(GameKind::Rufer) | None => {
                    if current < Some(GameKind::Solo) {
                        facts.push(fact(seat, Measure::Strength, medium::SOLO, false));
                    }
                    if current < Some(GameKind::Farbensolo) {
                        facts.push(fact(seat, Measure::Colour, medium::FARBENSOLO, false));
                    }
                }
            }
        }
        // Kontra on the game at the seat's first turn after it was announced.
        if let Some((kind, declarer)) = game
            && new_game.is_none()
            && game_level == 0
            && reacted & bit == 0
            && seat != declarer
        {
            let (measure, threshold) = kontra_threshold(kind);
            let gave = turn.contains(&Bid::Kontra(Item::Game));
            facts.push(Fact {
                if_opponent: !gave,
                ..fact(seat, measure, threshold, gave)
            });
        }
        for bid in &turn {
            match bid {
                Bid::Premium(Premium::Pagat) => facts.push(fact(
                    seat,
                    Measure::Tarocks,
                    medium::PAGAT_TAROCKS as f32 - 0.5,
                    true,
                )),
                Bid::Premium(Premium::Absolut) => {
                    let solo = game.is_some_and(|(k, _)| k == GameKind::Solo);
                    let t = medium::ABSOLUT - if solo { 1.0 } else { 0.0 };
                    facts.push(fact(seat, Measure::Strength, t, true));
                }
                _ => {}
            }
        }
        // The bidding state after the turn.
        reacted |= bit;
        if let Some(kind) = new_game {
            game = Some((kind, seat));
            game_level = 0;
            agreed = bit;
            reacted = bit;
        }
        if turn.contains(&Bid::Kontra(Item::Game)) {
            game_level += 1;
            reacted = bit;
        }
        if turn.is_empty() {
            agreed |= bit;
            passed_ever |= bit;
        } else if new_game.is_none() {
            agreed |= bit;
        }
        turn.clear();
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_zwanzigerrufen::{Deal, Game, Preset};

    fn hands(h: [&str; 4]) -> [CardSet; 4] {
        h.map(|h| h.parse().unwrap())
    }

    /// Seat 0 opens a Rufer; `turns` are the turns of seats 1, 2 and 3.
    fn game(dealt: [CardSet; 4], turns: [&[Bid]; 3]) -> Game {
        let deal = Deal::new(dealt).unwrap();
        let mut game = Game::new(Preset::Standard.rules(), deal, Seat::S0).unwrap();
        game.apply_turn(Seat::S0, &[Bid::Game(GameKind::Rufer)])
            .unwrap();
        for (seat, turn) in [Seat::S1, Seat::S2, Seat::S3].into_iter().zip(turns) {
            game.apply_turn(seat, turn).unwrap();
        }
        game
    }

    const FD1: [&str; 4] = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
        "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
        "T22 T19 T9 T4 dK hK hN sK sJ s10",
        "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
    ];

    #[test]
    fn a_seat_that_passed_is_unlikely_to_hold_a_monster() {
        // Seat 1 passes the Rufer, seat 3 overbids with a Solo.
        let g = game(hands(FD1), [&[], &[], &[Bid::Game(GameKind::Solo)]]);
        let inf = Inference::of(&g.view(Seat::S0));
        // The Sküs and eight more tarocks (strength 14.7, above the
        // Solo's 13) against low suit cards (strength 0.2).
        let monster = "T22 T19 T18 T17 T16 T15 T14 T10 T9 cQ";
        let trash = "dQ hA sQ sN sJ s10 cN cJ c10 dA";
        assert!(HandEval::of(monster.parse().unwrap()).strength > medium::SOLO + 1.0);
        let middle = "T8 T7 T6 T5 T4 T1 dK hK hN sK";
        let passer_monster = hands([FD1[0], monster, middle, trash]);
        let passer_weak = hands([FD1[0], trash, middle, monster]);
        let (wm, ww) = (inf.weight(&passer_monster), inf.weight(&passer_weak));
        assert!(wm > 0.0);
        // Either fact alone (the pass against the monster, the Solo against
        // trash) weighs below FLOOR + (1 − FLOOR)·σ(−1.7) ≈ 0.20, the
        // other deal's near or above 0.8: a factor of 16 at least.
        assert!(ww > 16.0 * wm, "{ww} vs {wm}");
    }

    #[test]
    fn a_solo_bidder_likely_holds_a_solo_hand() {
        let dealt = hands([
            "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
            "T22 T19 T18 T17 T16 T15 T14 T10 T9 cQ",
            "T8 T7 T6 T5 cN c10 dK hK hN sK",
            // A hand with fewer than two tarocks would be dealt again.
            "T4 T1 dQ hA sQ sN sJ s10 cJ dA",
        ]);
        let g = game(dealt, [&[Bid::Game(GameKind::Solo)], &[], &[]]);
        let view = g.view(Seat::S0);
        let inf = Inference::of(&view);
        assert!(
            inf.facts()
                .iter()
                .any(|f| f.seat == Seat::S1 && f.above && f.measure == Measure::Strength)
        );
        let strong = dealt;
        // The same cards with seat 1's and seat 3's hands swapped: the
        // soloist holds trash.
        let trash = [dealt[0], dealt[3], dealt[2], dealt[1]];
        let (ws, wt) = (inf.weight(&strong), inf.weight(&trash));
        assert!(ws > 4.0 * wt, "{ws} vs {wt}");
    }

    #[test]
    fn weights_are_never_zero_for_a_legal_history() {
        let g = game(hands(FD1), [&[Bid::Game(GameKind::Solo)], &[], &[]]);
        let view = g.view(Seat::S2);
        let inf = Inference::of(&view);
        let k = Knowledge::from_view(&view);
        let mut rng = SmallRng::seed_from_u64(5);
        // The floor bounds every fact from below.
        let least = FLOOR.powi(inf.facts().len() as i32);
        assert!(least > 0.0);
        for _ in 0..500 {
            let h = deal_unseen(&k, view.hand, &mut rng);
            let w = inf.weight(&h);
            assert!(w >= least && w <= 1.0, "{w}");
        }
        // The true deal too.
        assert!(inf.weight(&hands(FD1)) >= least);
    }

    #[test]
    fn a_declined_kontra_counts_only_for_an_opponent() {
        // In FD1 seat 0 calls the XIX; everyone passes.
        let g = game(hands(FD1), [&[], &[], &[]]);
        let inf = Inference::of(&g.view(Seat::S0));
        let kontra = inf.facts().iter().filter(|f| f.if_opponent).count();
        assert_eq!(kontra, 3, "{:?}", inf.facts());
        // Seat 3 with a Kontra hand (strength 12.4 ≥ 11.5) but without the
        // XIX is an opponent who let the Rufer stand: unlikely.
        let opponent = hands([
            FD1[0],
            FD1[1],
            "T19 T6 T4 T1 dQ hA hN sQ sN sJ",
            "T22 T15 T10 T9 T8 T7 dK hK sK s10",
        ]);
        // The same with the XIX (for the VII) makes seat 3 the partner,
        // whose pass says nothing about a Kontra.
        let partner = hands([
            FD1[0],
            FD1[1],
            "T7 T6 T4 T1 dQ hA hN sQ sN sJ",
            "T22 T19 T15 T10 T9 T8 dK hK sK s10",
        ]);
        assert!(HandEval::of(opponent[3]).strength >= medium::KONTRA_RUFER);
        let (wo, wp) = (inf.weight(&opponent), inf.weight(&partner));
        // The declined Kontra weighs about 0.33; the XIX's half point more
        // towards a Solo costs the partner deal a factor of about 0.85.
        assert!(wp > 1.5 * wo, "{wp} vs {wo}");
    }

    #[test]
    fn weighted_samples_move_high_tarocks_from_a_passer_to_the_soloist() {
        // Seats 1 and 2 pass the Rufer, seat 3 overbids with a Solo, and
        // everyone lets it stand; seat 0 plays the first card.
        let mut g = game(hands(FD1), [&[], &[], &[Bid::Game(GameKind::Solo)]]);
        for seat in [Seat::S0, Seat::S1, Seat::S2] {
            g.apply_turn(seat, &[]).unwrap();
        }
        let view = g.view(Seat::S0);
        assert!(view.legal.is_some_and(|l| l.cards.len() > 1));
        let k = Knowledge::from_view(&view);
        let inf = Inference::of(&view);
        let high = |h: CardSet| {
            h.intersect(CardSet::TAROCKS)
                .iter()
                .filter(|c| c.tarock_number() >= Some(17))
                .count() as f64
        };
        const N: usize = 2000;
        let mut rng = SmallRng::seed_from_u64(11);
        let (mut plain, mut weighed) = ([0.0; 4], [0.0; 4]);
        for _ in 0..N {
            let u = deal_unseen(&k, view.hand, &mut rng);
            let w = inf.sample(&k, view.hand, &mut rng);
            for s in 0..4 {
                plain[s] += high(u[s]) / N as f64;
                weighed[s] += high(w[s]) / N as f64;
            }
        }
        // Seat 0 holds the XXI and XX; the other four high tarocks fall
        // uniformly on the 30 unseen cards: 4 · 10 / 30 ≈ 1.33 per seat,
        // with a standard error of about 0.02 over 2 000 samples.
        for s in 1..4 {
            assert!((plain[s] - 4.0 / 3.0).abs() < 0.1, "{plain:?}");
        }
        // Weighed, the two passers together hold fewer and the soloist
        // more, each by 0.15 at least: five standard errors (about 0.03
        // for the passers' sum), where the weights move a third of a
        // high tarock (a pass against a Solo hand weighs about 0.2, a
        // Solo with a weak hand less, out of six candidates per sample).
        let passers = |h: &[f64; 4]| h[1] + h[2];
        assert!(
            passers(&weighed) < passers(&plain) - 0.15,
            "{weighed:?} vs {plain:?}"
        );
        assert!(weighed[3] > plain[3] + 0.15, "{weighed:?} vs {plain:?}");
    }

    #[test]
    fn a_fourth_seat_that_let_the_other_party_win_likely_had_no_winner() {
        // FD1's Rufer: seat 0 leads the club King, seat 1 follows with the
        // Queen, seat 2 (the partner, with the called XIX) trumps with the
        // IV, and seat 3, void in clubs, plays the I though its XV … VI
        // would have won 10 points from the other party.
        let mut g = game(hands(FD1), [&[], &[], &[]]);
        for (seat, card) in [(0, "cK"), (1, "cQ"), (2, "T4"), (3, "T1")] {
            let seat = Seat::new(seat).unwrap();
            g.apply(seat, Action::Play(card.parse().unwrap())).unwrap();
        }
        let inf = Inference::of(&g.view(Seat::S1));
        assert_eq!(inf.ducks(), 1);
        let duck = inf.ducks[0];
        assert_eq!((duck.seat, duck.winner), (Seat::S3, Seat::S2));
        assert!(inf.could_take(&duck, &hands(FD1)));
        // Seat 3 with the I as its only tarock could not have won.
        let no_winner = hands([
            FD1[0],
            FD1[1],
            "T22 T19 T9 T4 T15 T10 T8 T7 T6 s10",
            "T1 dQ hA sQ sN dK hK hN sK sJ",
        ]);
        assert!(!inf.could_take(&duck, &no_winner));
        // Seat 3 as the partner (with the XIX) and seat 2 an opponent:
        // the trick still went to the other party.
        let partner = hands([
            FD1[0],
            FD1[1],
            "T22 T15 T9 T4 dK hK hN sK sJ s10",
            "T19 T10 T8 T7 T6 T1 dQ hA sQ sN",
        ]);
        assert!(inf.could_take(&duck, &partner));
        // Had the caller won it, the partner seat 3 would have let its own
        // side have the trick: no duck.
        let mut declarer_wins = duck;
        declarer_wins.winner = Seat::S0;
        assert!(!inf.could_take(&declarer_wins, &partner));
        // The weight of the true deal carries the duck's factor: it is at
        // most DUCK_WEIGHT times the bidding facts' product.
        let bidding_only = Inference {
            ducks: Vec::new(),
            wins: Vec::new(),
            ..inf.clone()
        };
        let truth = Seat::ALL.map(|s| g.hand(s));
        let ratio = inf.weight(&truth) / bidding_only.weight(&truth);
        assert!((ratio - DUCK_WEIGHT).abs() < 1e-12, "{ratio}");
    }

    #[test]
    fn a_fourth_seat_that_won_dearly_likely_had_no_cheaper_winner() {
        // As above, but seat 3 wins with the XV.
        let mut g = game(hands(FD1), [&[], &[], &[]]);
        for (seat, card) in [(0, "cK"), (1, "cQ"), (2, "T4"), (3, "T15")] {
            let seat = Seat::new(seat).unwrap();
            g.apply(seat, Action::Play(card.parse().unwrap())).unwrap();
        }
        let inf = Inference::of(&g.view(Seat::S1));
        assert_eq!((inf.wins(), inf.ducks()), (1, 0));
        let win = inf.wins[0];
        // In the true deal it held the X … VI, each above the IV and
        // cheaper by rank.
        assert!(inf.could_win_cheaper(&win, &hands(FD1)));
        // With the I as its only other tarock it had no cheaper winner.
        let only_pagat = hands([
            FD1[0],
            FD1[1],
            "T22 T19 T9 T4 T10 T8 T7 T6 sJ s10",
            "T15 T1 dQ hA sQ sN dK hK hN sK",
        ]);
        assert!(!inf.could_win_cheaper(&win, &only_pagat));
        let truth = Seat::ALL.map(|s| g.hand(s));
        let without = Inference {
            wins: Vec::new(),
            ..inf.clone()
        };
        let ratio = inf.weight(&truth) / without.weight(&truth);
        assert!((ratio - DEARER_WEIGHT).abs() < 1e-12, "{ratio}");
    }
}
