//! Inference about hidden hands: how likely a sampled deal is, given what
//! the other seats did in the auction, the announcements and the tricks so
//! far.
//!
//! [`crate::sample::deal_unseen`] deals the unseen cards uniformly among
//! the deals that fit the hard facts ([`Knowledge`]). The auction says
//! more: a seat that passed ("weiter") is unlikely to hold a hand that
//! meets the need of a contract it could have bid then; a seat that bid,
//! held or joined a contract likely meets its need; an opponent who let
//! the game stand without Kontra is unlikely to hold a hand the medium
//! player would give Kontra with, and one who gave it likely holds one.
//! [`Inference`] reads these signals once from the seat's view
//! ([`Inference::of`]) as soft facts about the other seats' dealt hands,
//! each priced with the medium player's hand evaluation ([`HandEval`]),
//! needs ([`crate::auction::margin`]) and thresholds ([`crate::announce`])
//! in a logistic form: a hand just at the threshold weighs one half, one
//! strength point past it about three quarters, and no hand ever weighs
//! less than [`FLOOR`] per fact, so a human's other thresholds never make
//! the true deal impossible.
//!
//! The dealt hand of a seat is its hand now and the cards it played; the
//! declarer's also takes back his discards and gives back the talon cards
//! he took, where the view shows them (an exposed talon). Where it does
//! not (the Sechserdreier's six cards, Mussolini's row) the facts about
//! those hands are left out.
//!
//! From the card play of a positive game it reads two signals, with the
//! parties as the sample deals them (the Rufer's partner holds the called
//! King): the fourth seat of a trick worth taking ([`DUCK_POINTS`]) that
//! let the other party win it likely held no legal card that would have
//! won ([`DUCK_WEIGHT`]); the fourth seat that won a trick likely held no
//! cheaper legal card that would have won it ([`DEARER_WEIGHT`]).
//!
//! The weight of a sample ([`Inference::weight`]) is the product over the
//! facts; the strong player keeps the likelier of several candidate deals
//! per sample ([`Inference::sample`], with
//! [`tarock_player::infer::pick`]), and the arena ranks the true deal's
//! weight among the seat's samples ([`crate::ledger::Notes`]).

use rand::RngCore;
use tarock_koenigrufen::contract::TalonUse;
use tarock_koenigrufen::talon::Taken;
use tarock_koenigrufen::trick::{Reservation, Trick, legal_cards};
use tarock_koenigrufen::{
    Action, Auction, Card, CardSet, Contract, Family, Item, Mode, Premium, Rules, Seat, SeatView,
    Word,
};

use crate::announce::{BIRD_TAROCKS, KONTRA_ALONE, KONTRA_COLOUR, KONTRA_PAIR};
use crate::auction::margin;
use crate::eval::HandEval;
use crate::knowledge::{HIDDEN_D, Knowledge, SLOTS};
use crate::sample::deal_unseen;
use tarock_player::infer::floored_logistic;

/// The least weight one soft fact gives a hand, however far it is from the
/// threshold: a legal history never weighs a deal 0.
pub const FLOOR: f64 = 0.05;

/// Strength points (of [`HandEval`]) per unit of the logistic: a hand one
/// point past the threshold weighs σ(1) ≈ 0.73.
pub const SCALE: f64 = 1.0;

/// Strength points per unit of a contract's margin
/// ([`crate::auction::margin`] divides a tarock game's strength by 4).
pub const MARGIN_POINTS: f64 = 4.0;

/// Card values of the first three cards that make a trick worth taking
/// for the fourth seat (a King and two more cards).
pub const DUCK_POINTS: u32 = 7;

/// The weight of a sample in which the fourth seat of a trick worth taking
/// ([`DUCK_POINTS`]) let the other party win it while it held a legal card
/// that would have won: players rarely do that.
pub const DUCK_WEIGHT: f64 = 0.3;

/// The weight of a sample in which the fourth seat won a trick with a card
/// while it held a cheaper legal card that would have won too (cheaper as
/// the medium player parts with cards: Trull cards last, then by value and
/// rank; the Pagat not counted, which players keep back): players win
/// cheaply where they can.
pub const DEARER_WEIGHT: f64 = 0.5;

/// Candidate deals drawn per kept sample by the strong player.
pub const CANDIDATES: usize = 6;

/// What one soft fact says about a seat's dealt hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Claim {
    /// It meets the need of this contract (the seat bid, held or joined it).
    Meets(Contract),
    /// It misses the need of every contract the seat could have named at
    /// this state of the auction (it passed, or chose the Rufer); the
    /// words open to it are checked against the sampled hand.
    MissesAll(Auction),
    /// Its strength (colour strength in a colour game) is at least this:
    /// the seat gave Kontra on the game.
    Kontra(bool, f32),
    /// Its strength (colour strength) is below this, where the sample makes
    /// the seat an opponent: it let the game stand without Kontra.
    NoKontra(bool, f32),
    /// At least this many tarocks: it announced a bird.
    Tarocks(u32),
    /// All four Kings: the Vorhand passed her Vorhand on.
    FourKings,
}

/// One soft fact about a seat's dealt hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fact {
    /// The seat it is about.
    pub seat: Seat,
    /// What it says.
    pub claim: Claim,
}

/// The logistic weight with its floor of a hand `x` logistic units past
/// what the fact expects (negative: short of it).
fn logistic(x: f64) -> f64 {
    floored_logistic(x, FLOOR)
}

impl Fact {
    /// This fact's weight for the dealt hand `hand` (evaluated as `e`),
    /// under `rules`; `opponent` says whether the sample makes the seat an
    /// opponent of the declarer.
    pub fn weight(&self, hand: CardSet, e: &HandEval, rules: &Rules, opponent: bool) -> f64 {
        let points = |m: f32| f64::from(m) * MARGIN_POINTS / SCALE;
        let figure = |colour: bool| f64::from(if colour { e.colour } else { e.strength });
        match self.claim {
            Claim::Meets(c) => logistic(points(margin(c, hand, e))),
            Claim::MissesAll(auction) => {
                let best = open_contracts(&auction, hand, rules)
                    .map(|c| margin(c, hand, e))
                    .fold(f32::NEG_INFINITY, f32::max);
                logistic(-points(best))
            }
            Claim::Kontra(colour, t) => logistic((figure(colour) - f64::from(t)) / SCALE),
            Claim::NoKontra(colour, t) if opponent => {
                logistic((f64::from(t) - figure(colour)) / SCALE)
            }
            Claim::NoKontra(..) => 1.0,
            Claim::Tarocks(n) => logistic((f64::from(e.tarocks) - f64::from(n) + 0.5) / SCALE),
            Claim::FourKings => {
                if hand.contains_all(CardSet::KINGS) {
                    1.0
                } else {
                    FLOOR
                }
            }
        }
    }
}

/// The contracts the seat to speak at `auction` could name with `hand`: a
/// bid, the Vorhand's hold of the bid standing, or "bei".
fn open_contracts<'a>(
    auction: &'a Auction,
    hand: CardSet,
    rules: &'a Rules,
) -> impl Iterator<Item = Contract> + 'a {
    let held = auction
        .group()
        .first()
        .map(|b| b.contract)
        .filter(|_| auction.check(Word::Halte, hand, rules).is_ok());
    Contract::ALL
        .into_iter()
        .filter(move |c| {
            auction.check(Word::Bid(*c), hand, rules).is_ok()
                || auction.check(Word::Bei(*c), hand, rules).is_ok()
        })
        .chain(held)
}

/// A trick worth taking that its fourth seat let the other party win, or
/// a trick its fourth seat won.
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

/// How the declarer's dealt hand follows from a sample.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Talon {
    /// His cards now, played and laid aside, without these talon cards he
    /// took.
    Known(CardSet),
    /// Not from the view (the Sechserdreier's talon).
    Unknown,
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
    rules: Rules,
    mode: Mode,
    /// Per seat, the cards it has played so far.
    played: [CardSet; 4],
    /// The declarers (several only with "bei").
    declarers: Vec<Seat>,
    /// The declarer's talon: what his dealt hand is made of.
    talon: Talon,
    /// Known discards (laid face up).
    face_up: CardSet,
    /// The called King, for the party of a seat in a sample.
    called: Option<Card>,
    /// Cards reserved for their trick (announced birds, König Ultimo).
    reserved: CardSet,
    /// No dealt hand follows from the view (Mussolini: the opponents drew
    /// from the row).
    no_hands: bool,
}

impl Inference {
    /// The facts `view.seat` reads from the auction, the announcements and
    /// the completed tricks of `view`.
    pub fn of(view: &SeatView) -> Inference {
        let p = &view.public;
        let mut played = [CardSet::EMPTY; 4];
        for trick in p.tricks.iter().map(|t| t.trick).chain(p.trick) {
            let mut seat = trick.leader();
            for card in trick.cards() {
                played[seat.index()].insert(card);
                seat = seat.next();
            }
        }
        let contract = p.contract;
        let mode = contract.map_or(Mode::Tarock, Contract::mode);
        let taken = match p.talon_taken {
            Some(Taken::Half(h)) => p.talon[h as usize],
            Some(Taken::All) => p.talon[0].zip(p.talon[1]).map(|(a, b)| a.union(b)),
            None => Some(CardSet::EMPTY),
        };
        let talon = match (contract.map(Contract::talon_use), taken) {
            (Some(TalonUse::AllSix | TalonUse::Mussolini), _) | (_, None) => Talon::Unknown,
            (_, Some(taken)) => Talon::Known(taken),
        };
        let facts = history_facts(view)
            .into_iter()
            .filter(|f| f.seat != view.seat)
            .collect();
        let reserved = if mode == Mode::Tarock {
            p.items
                .iter()
                .filter_map(|(item, _)| match item {
                    Item::Premium(Premium::Ku) => p.called,
                    Item::Premium(pr) => pr.bird_card(),
                    Item::Spiel => None,
                })
                .collect()
        } else {
            CardSet::EMPTY
        };
        let mut plays = Vec::with_capacity(p.tricks.len());
        let mut ducks = Vec::new();
        let mut wins = Vec::new();
        let positive = contract.is_some_and(Contract::is_positive);
        for (index, t) in p.tricks.iter().enumerate() {
            let cards: Vec<Card> = t.trick.cards().collect();
            let mut by_seat = [None; 4];
            let mut seat = t.trick.leader();
            for card in &cards {
                by_seat[seat.index()] = Some(*card);
                seat = seat.next();
            }
            plays.push(by_seat);
            let fourth = t.trick.leader().plus(3);
            if !positive || fourth == view.seat || cards.len() < 4 {
                continue;
            }
            let worth: u32 = cards[..3].iter().map(|c| u32::from(c.value())).sum();
            let duck = Duck {
                trick: Trick::from_cards(t.trick.leader(), &cards[..3]),
                card: cards[3],
                index,
                seat: fourth,
                winner: t.winner,
            };
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
            rules: p.rules,
            mode,
            played,
            declarers: p.declarers.iter().map(|d| d.0).collect(),
            talon,
            face_up: p.face_up,
            called: p.called,
            reserved,
            no_hands: contract.is_some_and(|c| c.talon_use() == TalonUse::Mussolini),
        }
    }

    /// The facts read from the auction and the announcements.
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

    /// The dealt hands of the seats in the sample `slots` (the slots of
    /// [`Knowledge`]), where the view lets them follow: twelve cards each.
    pub fn dealt(&self, slots: &[CardSet; SLOTS]) -> [Option<CardSet>; 4] {
        Seat::ALL.map(|s| {
            if self.no_hands {
                return None;
            }
            let mut hand = slots[s.index()].union(self.played[s.index()]);
            if self.declarers.first() == Some(&s) {
                let Talon::Known(taken) = self.talon else {
                    return None;
                };
                hand = hand
                    .union(slots[HIDDEN_D])
                    .union(self.face_up)
                    .without(taken);
            }
            (hand.len() == 12).then_some(hand)
        })
    }

    /// Whether `seat` is on the declarer's side in a sample whose seats
    /// hold (or held) `held`: a declarer, or the holder of the called King.
    fn declarer_side(&self, seat: Seat, held: &[CardSet; 4]) -> bool {
        self.declarers.contains(&seat)
            || self.called.is_some_and(|k| held[seat.index()].contains(k))
    }

    /// The relative likelihood of the sample `slots` (the slots of
    /// [`Knowledge`], this seat's own hand in its slot): the product of the
    /// facts' weights on the dealt hands, 1 without facts, never 0.
    pub fn weight(&self, slots: &[CardSet; SLOTS]) -> f64 {
        if self.is_empty() {
            return 1.0;
        }
        let held = Seat::ALL.map(|s| slots[s.index()].union(self.played[s.index()]));
        let mut w = 1.0;
        for duck in &self.ducks {
            if self.could_take(duck, &held) {
                w *= DUCK_WEIGHT;
            }
        }
        for win in &self.wins {
            if self.could_win_cheaper(win, &held) {
                w *= DEARER_WEIGHT;
            }
        }
        if self.facts.is_empty() {
            return w;
        }
        let dealt = self.dealt(slots);
        let mut evals: [Option<HandEval>; 4] = [None; 4];
        for f in &self.facts {
            let Some(hand) = dealt[f.seat.index()] else {
                continue;
            };
            let e = evals[f.seat.index()].get_or_insert_with(|| HandEval::of(hand));
            let opponent = !self.declarer_side(f.seat, &held);
            w *= f.weight(hand, e, &self.rules, opponent);
        }
        w
    }

    /// Whether the fourth seat of `duck`, holding `held` over the deal,
    /// could have won the trick from the other party with a legal card.
    fn could_take(&self, duck: &Duck, held: &[CardSet; 4]) -> bool {
        if self.declarer_side(duck.seat, held) == self.declarer_side(duck.winner, held) {
            return false;
        }
        !self.winners(duck, held).is_empty()
    }

    /// Whether the fourth seat of `win`, holding `held` over the deal, held
    /// a legal card cheaper than the one it won with that would have won
    /// as well.
    fn could_win_cheaper(&self, win: &Duck, held: &[CardSet; 4]) -> bool {
        let cost = |c: Card| (CardSet::TRULL.contains(c), c.value(), c.index());
        let dear = cost(win.card);
        self.winners(win, held)
            .iter()
            .any(|c| c != Card::PAGAT && cost(c) < dear)
    }

    /// The legal cards of the fourth seat of `duck` (its hand then as
    /// `held` deals it) that would have won the trick.
    fn winners(&self, duck: &Duck, held: &[CardSet; 4]) -> CardSet {
        let earlier: CardSet = self.plays[..duck.index]
            .iter()
            .filter_map(|p| p[duck.seat.index()])
            .collect();
        let hand = held[duck.seat.index()].without(earlier);
        let reservation = Reservation {
            cards: self.reserved,
            trick: duck.index as u8 + 1,
            kind: self.rules.bird_reservation,
        };
        let legal = legal_cards(hand, &duck.trick, self.mode, &reservation);
        legal
            .iter()
            .filter(|card| {
                let mut t = duck.trick;
                t.push(*card);
                t.winner(self.mode, self.rules.maerchenstich)
                    .is_some_and(|(s, _)| s == duck.seat)
            })
            .collect()
    }

    /// One sample for the strong player: [`CANDIDATES`] deals from
    /// [`deal_unseen`], one kept with probability proportional to its
    /// weight ([`tarock_player::infer::pick`]). Without facts it is one
    /// plain deal, drawing the same random numbers as [`deal_unseen`].
    pub fn sample(
        &self,
        k: &Knowledge,
        my_hand: CardSet,
        rng: &mut dyn RngCore,
    ) -> [CardSet; SLOTS] {
        if self.is_empty() {
            return deal_unseen(k, my_hand, rng);
        }
        let deals: Vec<[CardSet; SLOTS]> = (0..CANDIDATES)
            .map(|_| deal_unseen(k, my_hand, rng))
            .collect();
        let weights: Vec<f64> = deals.iter().map(|d| self.weight(d)).collect();
        let i = tarock_player::infer::pick(&weights, rng).unwrap_or(0);
        deals[i]
    }
}

/// The Kontra threshold on the game `contract` as the medium player has
/// it: whether it is of colour strength, and the figure.
fn kontra_threshold(contract: Contract) -> (bool, f32) {
    if contract.mode() == Mode::Colour {
        (true, KONTRA_COLOUR)
    } else if contract.family() == Family::Dreier {
        (false, KONTRA_ALONE)
    } else {
        (false, KONTRA_PAIR)
    }
}

/// The auction word of `action`, if it is one.
fn word(action: Action) -> Option<Word> {
    Some(match action {
        Action::Vorhand => Word::Vorhand,
        Action::Weiter => Word::Weiter,
        Action::Halte => Word::Halte,
        Action::VorhandWeiter => Word::VorhandWeiter,
        Action::Bid(c) => Word::Bid(c),
        Action::Bei(c) => Word::Bei(c),
        _ => return None,
    })
}

/// Replays the auction of `view` word by word, then the announcements,
/// and records what each choice suggests about the chooser's dealt hand.
fn history_facts(view: &SeatView) -> Vec<Fact> {
    let p = &view.public;
    let mut facts = Vec::new();
    let mut auction = Auction::new(p.forehand);
    let mut opened = false;
    let mut entries = p.history.iter();
    for e in entries.by_ref() {
        let Some(w) = e.action.and_then(word) else {
            break;
        };
        let seat = e.seat;
        let fact = |claim| Fact { seat, claim };
        if auction.awaits_choice() {
            facts.push(fact(match w {
                Word::Bid(Contract::Rufer) => Claim::MissesAll(auction),
                Word::Bid(c) => Claim::Meets(c),
                _ => Claim::MissesAll(auction),
            }));
        } else if !opened {
            // The opening word: a reserve says little (medium reserves
            // with most hands); a bid names a contract the hand meets, and
            // passing the Vorhand on needs all four Kings.
            match w {
                Word::Bid(c) => facts.push(fact(Claim::Meets(c))),
                Word::VorhandWeiter => facts.push(fact(Claim::FourKings)),
                _ => {}
            }
        } else {
            match w {
                Word::Weiter => facts.push(fact(Claim::MissesAll(auction))),
                Word::Bid(c) | Word::Bei(c) => facts.push(fact(Claim::Meets(c))),
                Word::Halte => {
                    if let Some(b) = auction.group().first() {
                        facts.push(fact(Claim::Meets(b.contract)));
                    }
                }
                Word::Vorhand | Word::VorhandWeiter => {}
            }
        }
        if !opened {
            opened = w != Word::VorhandWeiter;
        }
        auction.apply(w);
        if auction.is_done() {
            break;
        }
    }
    let Some(contract) = p.contract.filter(|c| c.is_positive()) else {
        return facts;
    };
    let declarers: Vec<Seat> = p.declarers.iter().map(|d| d.0).collect();
    let (colour, threshold) = kontra_threshold(contract);
    // The announcements: per seat, its first turn (Kontra on the game is
    // only possible then), while the game stands without Kontra.
    let mut had_turn = [false; 4];
    let mut spiel_level = 0u8;
    let mut turn: Vec<Action> = Vec::new();
    for e in entries {
        let Some(action) = e.action else { continue };
        match action {
            Action::Announce(_) | Action::Kontra(..) => {
                turn.push(action);
                continue;
            }
            Action::Weiter => {}
            _ => continue,
        }
        let seat = e.seat;
        let gave = turn
            .iter()
            .any(|a| matches!(a, Action::Kontra(Item::Spiel, _)));
        if !had_turn[seat.index()] && !declarers.contains(&seat) && spiel_level == 0 {
            let claim = if gave {
                Claim::Kontra(colour, threshold)
            } else {
                Claim::NoKontra(colour, threshold)
            };
            facts.push(Fact { seat, claim });
        }
        // A bird announced by the declarer's partner (the declarer's hand
        // then holds the talon's cards: left out).
        for a in &turn {
            if let Action::Announce(pr) = a
                && let Some(bird) = pr.bird_card()
                && contract.mode() == Mode::Tarock
                && !declarers.contains(&seat)
            {
                let claim = Claim::Tarocks(BIRD_TAROCKS[usize::from(bird.index())]);
                facts.push(Fact { seat, claim });
            }
        }
        if gave {
            spiel_level += 1;
        }
        had_turn[seat.index()] = true;
        turn.clear();
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auction::margin;
    use crate::fixtures;
    use crate::strong::{Strong, StrongConfig};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_koenigrufen::Game;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    fn margin_of(c: Contract, hand: CardSet) -> f32 {
        margin(c, hand, &HandEval::of(hand))
    }

    /// Long high tarocks and two Kings: strength 19.4 (14.5 for the
    /// tarocks, 1.2 for the two past seven, 0.8 for the void, 0.3 for the
    /// lone spade, 2.6 for the Kings).
    const MONSTER: &str = "T22 T21 T20 T19 T18 T17 T16 T15 T10 cK hK s7";
    /// Four low tarocks, Queens and Knights: strength 4.8, danger 4.58,
    /// no contract's hand.
    const MIDDLE: &str = "T12 T11 T4 T3 sQ sN hQ hN dQ dN cQ cN";

    #[test]
    fn a_bidder_likely_meets_its_need_and_a_passer_misses_it() {
        let mut game = fixtures::fd1();
        fixtures::apply(
            &mut game,
            &["0 vorhand", "1 dreier", "2 weiter", "3 weiter"],
        );
        let view = game.view(Seat::S0);
        let inf = Inference::of(&view);
        let claims: Vec<(Seat, bool)> = inf
            .facts()
            .iter()
            .map(|f| (f.seat, matches!(f.claim, Claim::Meets(Contract::Dreier))))
            .collect();
        assert_eq!(
            claims,
            [(Seat::S1, true), (Seat::S2, false), (Seat::S3, false)]
        );
        let (monster, middle) = (set(MONSTER), set(MIDDLE));
        // The premises of the bounds below, from medium's needs.
        assert!(margin_of(Contract::Dreier, monster) > 2.0);
        assert!(margin_of(Contract::Solodreier, monster) > 0.9);
        assert!(margin_of(Contract::Dreier, middle) < -1.5);
        for c in Contract::ALL {
            assert!(margin_of(c, middle) < -0.5, "{c}");
        }
        let rest = set("T9 T8 T7 T6 T5 T2 T1 dK sK sJ s10 s9");
        let straight = [
            view.hand,
            monster,
            middle,
            rest,
            CardSet::EMPTY,
            CardSet::EMPTY,
        ];
        let swapped = [
            view.hand,
            middle,
            monster,
            rest,
            CardSet::EMPTY,
            CardSet::EMPTY,
        ];
        let (ws, wx) = (inf.weight(&straight), inf.weight(&swapped));
        // Straight: the Dreier bid weighs σ(8) or more, the pass with no
        // contract's hand σ(2) ≈ 0.89 or more (with the floor). Swapped:
        // the Dreier bid with 4.8 strength weighs at most 0.0523, the pass
        // with a Solodreier's hand at most 0.075. S3's pass is the same
        // hand both times: a factor of 0.886 / 0.0039 ≈ 227 at least.
        assert!(ws > 200.0 * wx, "{ws} vs {wx}");
    }

    /// FD1 as a Dreier of S0 (the Vorhand chose it after three passes,
    /// took half 2 and laid `c8 c10 d2` aside), nobody announcing, at the
    /// first lead.
    fn fd1_dreier() -> Game {
        let game = fixtures::vorhand_chooses(fixtures::fd1(), "dreier");
        let game = fixtures::talon_laid(game, "2", "c8 c10 d2");
        fixtures::in_play(game, &[])
    }

    #[test]
    fn weighted_samples_move_high_tarocks_from_the_passers_to_the_dreier_player() {
        let game = fd1_dreier();
        let view = game.view(Seat::S1);
        let k = Knowledge::from_view(&view);
        let inf = Inference::of(&view);
        let high = |h: CardSet| {
            h.iter()
                .filter(|c| c.tarock_number().is_some_and(|n| n >= 17))
                .count() as f64
        };
        const N: usize = 2000;
        let mut rng = SmallRng::seed_from_u64(11);
        let (mut plain, mut weighed) = ([0.0; 4], [0.0; 4]);
        for _ in 0..N {
            let u = inf.dealt(&deal_unseen(&k, view.hand, &mut rng));
            let w = inf.dealt(&inf.sample(&k, view.hand, &mut rng));
            for s in 0..4 {
                plain[s] += high(u[s].expect("twelve cards")) / N as f64;
                weighed[s] += high(w[s].expect("twelve cards")) / N as f64;
            }
        }
        // S1 holds the XIX; the other five high tarocks lie with S0, S2 and
        // S3, about 5/3 each, with a standard error of about 0.02 per seat
        // over 2 000 samples (about 0.03 for a difference of two means).
        // The Dreier (strength 11) against passes with no contract's hand
        // moves them to S0: by 0.15 at least, five standard errors.
        assert!(weighed[0] > plain[0] + 0.15, "{weighed:?} vs {plain:?}");
        let passers = |h: &[f64; 4]| h[2] + h[3];
        assert!(
            passers(&weighed) < passers(&plain) - 0.15,
            "{weighed:?} vs {plain:?}"
        );
    }

    #[test]
    fn weights_are_never_zero_and_at_most_one() {
        let mut game = fd1_dreier();
        fixtures::apply(&mut game, &["0 hQ", "1 h4", "2 hJ", "3 hN"]);
        let view = game.view(Seat::S1);
        let inf = Inference::of(&view);
        let k = Knowledge::from_view(&view);
        // The floor bounds every fact from below, each trick's signal too.
        let least = FLOOR.powi(inf.facts().len() as i32)
            * DUCK_WEIGHT.powi(inf.ducks() as i32)
            * DEARER_WEIGHT.powi(inf.wins() as i32);
        assert!(least > 0.0);
        assert!(inf.facts().len() >= 5, "{:?}", inf.facts());
        let mut rng = SmallRng::seed_from_u64(5);
        for _ in 0..500 {
            let w = inf.weight(&deal_unseen(&k, view.hand, &mut rng));
            assert!(w >= least && w <= 1.0, "{w}");
        }
        let truth = crate::ledger::true_slots(&game, &k);
        assert!(inf.weight(&truth) >= least);
    }

    #[test]
    fn a_fourth_seat_that_let_the_other_party_win_likely_had_no_winner() {
        // FD1's Rufer (S2 holds the called cK): S0 leads the hQ, S1 and
        // S2 follow, S3 follows with the hN, its only heart, and the
        // trick of 4 + 1 + 2 = 7 goes to S0.
        let mut game = fixtures::fd1_in_play();
        fixtures::apply(&mut game, &["0 hQ", "1 h4", "2 hJ", "3 hN"]);
        let view = game.view(Seat::S1);
        let inf = Inference::of(&view);
        assert_eq!((inf.ducks(), inf.wins()), (1, 0));
        let duck = inf.ducks[0];
        assert_eq!((duck.seat, duck.winner), (Seat::S3, Seat::S0));
        let k = Knowledge::from_view(&view);
        let truth = crate::ledger::true_slots(&game, &k);
        let held = |slots: &[CardSet; SLOTS]| {
            Seat::ALL.map(|s| slots[s.index()].union(inf.played[s.index()]))
        };
        // The hN could not beat the hQ.
        assert!(!inf.could_take(&duck, &held(&truth)));
        // With the hK (for its s8) it could have: a sample weighing
        // DUCK_WEIGHT of the same without the trick's signal.
        let mut king = truth;
        king[0] = king[0].without(set("hK")).union(set("s8"));
        king[3] = king[3].without(set("s8")).union(set("hK"));
        assert!(inf.could_take(&duck, &held(&king)));
        let bidding_only = Inference {
            ducks: Vec::new(),
            ..inf.clone()
        };
        let ratio = inf.weight(&king) / bidding_only.weight(&king);
        assert!((ratio - DUCK_WEIGHT).abs() < 1e-12, "{ratio}");
        assert_eq!(inf.weight(&truth), bidding_only.weight(&truth));
        // S3 as the partner (with the cK, for its s10) let its own side
        // have the trick: no signal.
        let mut partner = king;
        partner[2] = partner[2].without(set("cK")).union(set("s10"));
        partner[3] = partner[3].without(set("s10")).union(set("cK"));
        assert!(!inf.could_take(&duck, &held(&partner)));
    }

    #[test]
    fn a_fourth_seat_that_won_dearly_likely_had_no_cheaper_winner() {
        // FD1's Rufer: S0's Sküs takes trick 1; he leads the cQ, S1 and
        // S2 follow, S3, void in clubs, trumps with the XVI though its
        // XIII, X and V would have won too.
        let mut game = fixtures::fd1_in_play();
        fixtures::apply(
            &mut game,
            &[
                "0 T22", "1 T2", "2 T21", "3 T3", "0 cQ", "1 c7", "2 cK", "3 T16",
            ],
        );
        let view = game.view(Seat::S1);
        let inf = Inference::of(&view);
        // Trick 1 (5 + 1 + 5 before S3's card) counts as a duck too, one no
        // card beats: it weighs nothing.
        assert_eq!((inf.wins(), inf.ducks()), (1, 1));
        let win = inf.wins[0];
        assert_eq!(
            (win.seat, win.card),
            (Seat::S3, set("T16").first().unwrap())
        );
        let k = Knowledge::from_view(&view);
        let truth = crate::ledger::true_slots(&game, &k);
        let held = |slots: &[CardSet; SLOTS]| {
            Seat::ALL.map(|s| slots[s.index()].union(inf.played[s.index()]))
        };
        assert!(inf.could_win_cheaper(&win, &held(&truth)));
        let without = Inference {
            wins: Vec::new(),
            ..inf.clone()
        };
        let ratio = inf.weight(&truth) / without.weight(&truth);
        assert!((ratio - DEARER_WEIGHT).abs() < 1e-12, "{ratio}");
        // With the Pagat as its only other tarock (the XIII, X and V
        // traded for S2's suit cards) it had no cheaper winner.
        let mut only_pagat = truth;
        let low = set("T13 T10 T5");
        let suits = set("cN cJ dJ");
        only_pagat[3] = only_pagat[3].without(low).union(suits);
        only_pagat[2] = only_pagat[2].without(suits).union(low);
        assert!(!inf.could_win_cheaper(&win, &held(&only_pagat)));
    }

    #[test]
    fn a_declined_kontra_counts_only_for_an_opponent() {
        // FD1's Rufer: nobody announces, so each of S1 … S3 declined a
        // Kontra at its first turn.
        let game = fixtures::fd1_in_play();
        let inf = Inference::of(&game.view(Seat::S0));
        let declined = |s: Seat| {
            inf.facts()
                .iter()
                .any(|f| f.seat == s && matches!(f.claim, Claim::NoKontra(false, KONTRA_PAIR)))
        };
        assert!([Seat::S1, Seat::S2, Seat::S3].into_iter().all(declined));
        let fact = Fact {
            seat: Seat::S3,
            claim: Claim::NoKontra(false, KONTRA_PAIR),
        };
        let monster = set(MONSTER);
        let e = HandEval::of(monster);
        let rules = game.rules();
        // An opponent with strength 19.4 against the Kontra's 13: σ(−6.4)
        // with the floor, below 0.06; the partner's pass says nothing.
        assert!(fact.weight(monster, &e, rules, true) < 0.06);
        assert_eq!(fact.weight(monster, &e, rules, false), 1.0);
    }

    #[test]
    fn the_samples_and_the_card_depend_only_on_the_random_numbers() {
        let game = fd1_dreier();
        let view = game.view(Seat::S0);
        let k = Knowledge::from_view(&view);
        let inf = Inference::of(&view);
        assert!(!inf.is_empty());
        let draw = |seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            (0..20)
                .map(|_| inf.sample(&k, view.hand, &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
        let config = StrongConfig {
            samples: 8,
            node_budget: 200_000,
            inference: true,
            ..StrongConfig::default()
        };
        let decide = |seed| {
            let mut strong = Strong::with_config(config);
            let mut rng = SmallRng::seed_from_u64(seed);
            let choice = strong.choose_card(&view, &mut rng);
            (choice, strong.last_decision())
        };
        let first = decide(9);
        assert!(first.1.0 > 0, "{first:?}");
        assert_eq!(first, decide(9));
    }
}
