//! The strong player's bidding by looking ahead (issue 33, point 5).
//!
//! At a bidding turn the candidates are the legal announcements the search
//! can price — a game (Rufer, Farbensolo, Solo), Absolut and Valat for the
//! declarer's side, a Kontra (at any level) on the game, Absolut or Valat —
//! and Weiter. For each candidate the bidding is assumed to end right after
//! it (the other seats pass): that fixes the game, the parties and the
//! Kontra levels. The cards this seat has not seen are dealt many times
//! consistently with what it knows ([`crate::sample`]); in each sample the
//! [`Solver`] strong uses in trick play decides, from the first lead, on
//! which side of the thresholds that change the settlement the deal ends
//! (45 points, or 44 under Kontra where the rules say so; 56 and 33 for
//! Absolut; all or no tricks for Valat), and the engine's own [`settle`]
//! prices the candidate for this seat. The same samples serve every
//! candidate, so candidates are compared by paired differences.
//!
//! **The rule.** The medium player's bid stands unless the samples separate
//! the candidates: another candidate replaces it only when at least
//! [`MIN_SAMPLES`] samples finished for every game searched and its mean
//! gain over medium's bid exceeds [`MARGIN_SE`] standard errors of the
//! paired differences. Among such candidates the best mean wins. Pagat
//! Ultimo (whose fate in the last trick the solver does not track) and its
//! Kontras, and the tarockwelt game-with-Valat bids, stay with medium's
//! hand evaluation: when medium chooses one of them, it is played. So do
//! monster and trash hands ([`crate::blunder`]): the samples ignore what
//! the others' bids say about their hands, and a trash hand's Kontra or a
//! monster's pass on that ground would be a blunder of the list.
//!
//! **The evaluation.** An exact search from the first lead costs hundreds
//! of thousands of nodes per sample, far beyond the decision-time target,
//! so the first [`ROLLOUT_TRICKS`] tricks of each sample are played by a
//! quick rule (`quick_card`) and the rest is searched exactly. A silent
//! Absolut or Valat is not searched (as in the card play's first tricks).
//!
//! The work is bounded by the node budget shared out among the games
//! searched, so the choice depends only on the position and the random
//! number generator.

use rand::RngCore;
use tarock_zwanzigerrufen::card::{CardSet, TOTAL_POINTS};
use tarock_zwanzigerrufen::rules::{GameKind, Item, Premium, Rules};
use tarock_zwanzigerrufen::score::{
    ABSOLUT_THRESHOLD, Announced, Facts, GAME_THRESHOLD, PagatOutcome, TRICKS,
};
use tarock_zwanzigerrufen::{Action, Bid, Bidding, Card, Party, Seat, SeatView, settle};

use crate::blunder::{is_monster, is_trash};
use crate::knowledge::Knowledge;
use crate::medium::medium_bid;
use crate::sample::deal_unseen;
use crate::search::{Goal, Position, Solver};
use tarock_zwanzigerrufen::trick::winning_index;

/// Samples that every game searched must finish before the lookahead may
/// override the medium player's bid.
pub const MIN_SAMPLES: usize = 8;

/// Standard errors of the paired differences by which a candidate's mean
/// must beat the medium player's bid to replace it.
pub const MARGIN_SE: f64 = 2.0;

/// What a bidding decision by lookahead found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidDecision {
    /// The action chosen.
    pub action: Action,
    /// The medium player's action for the same view.
    pub medium: Action,
    /// The candidate with the best mean over the samples, margin or not
    /// (medium's action when too few samples finished).
    pub best_mean: Action,
    /// Samples finished for every game searched (0 when nothing was searched).
    pub samples: u32,
    /// Search nodes spent.
    pub nodes: u64,
}

/// The game in force if the bidding ended after a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GameSpec {
    kind: GameKind,
    declarer: Seat,
    /// The called tarock of a Rufer.
    called: Option<Card>,
    /// The partner, when this seat knows it.
    partner: Option<Seat>,
    /// The seat bound to keep the Pagat (an announced Pagat Ultimo).
    pagat_bound: Option<Seat>,
}

/// Announced items after a candidate, by [`Item::index`]: owner and Kontra level.
type Items = [Option<Announced>; 4];

/// One candidate: the action, the game it leaves in force (an index into
/// the games searched) and the announced items.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    action: Action,
    game: usize,
    items: Items,
}

/// Where a deal of one game ends in one sample, as far as the settlement cares.
#[derive(Clone, Copy, Debug, Default)]
struct Outcome {
    /// The declarer's side takes 45 points.
    game: bool,
    /// … or 44 (the Kontra rule of some presets).
    game_44: bool,
    /// The declarer's side takes 56 points.
    absolut: bool,
    /// The declarer's side takes enough that the opponents make no Absolut.
    no_opposing_absolut: bool,
    /// A side took every trick.
    valat: Option<Party>,
}

/// Which thresholds a game's candidates need searched.
#[derive(Clone, Copy, Debug, Default)]
struct Needs {
    game_44: bool,
    absolut: bool,
    valat: bool,
}

/// The bidding action of the strong player for `view` (the seat is to act
/// in the bidding), looked ahead within `budget` search nodes and at most
/// `samples` samples.
pub fn lookahead_bid(
    solver: &mut Solver,
    samples: u32,
    budget: u64,
    view: &SeatView,
    rng: &mut dyn RngCore,
) -> BidDecision {
    let medium = medium_bid(view);
    let mut decision = BidDecision {
        action: medium,
        medium,
        best_mean: medium,
        samples: 0,
        nodes: 0,
    };
    // The samples ignore what the bidding says about the other hands, so a
    // hand the blunder list names keeps medium's bid: a monster bids, a
    // trash hand bids nothing it need not.
    if is_monster(view.hand) || is_trash(view.hand) {
        return decision;
    }
    let (games, candidates) = candidates(view);
    let Some(mine) = candidates.iter().position(|c| c.action == medium) else {
        return decision;
    };
    if candidates.len() < 2 {
        return decision;
    }
    let k = Knowledge::from_view(view);
    let deals: Vec<[CardSet; 4]> = (0..samples)
        .map(|_| deal_unseen(&k, view.hand, rng))
        .collect();
    let per_game = budget / games.len() as u64;
    let mut outcomes: Vec<Vec<Outcome>> = Vec::with_capacity(games.len());
    let mut finished = deals.len();
    for (g, spec) in games.iter().enumerate() {
        let needs = needs(&view.rules, spec.kind, &candidates, g);
        solver.reset(per_game);
        let mut found = Vec::with_capacity(finished);
        for hands in deals.iter().take(finished) {
            let Some(o) = outcome(solver, view, spec, needs, *hands) else {
                break;
            };
            found.push(o);
        }
        decision.nodes += solver.nodes();
        finished = found.len();
        outcomes.push(found);
    }
    decision.samples = finished as u32;
    if finished < MIN_SAMPLES {
        return decision;
    }
    let values: Vec<Vec<i64>> = candidates
        .iter()
        .map(|c| {
            deals[..finished]
                .iter()
                .zip(&outcomes[c.game])
                .map(|(hands, o)| price(view, &games[c.game], c.items, hands, *o))
                .collect()
        })
        .collect();
    let sum = |v: &Vec<i64>| v.iter().sum::<i64>();
    let top = (0..values.len())
        .max_by_key(|i| (sum(&values[*i]), *i == mine))
        .expect("two candidates");
    decision.best_mean = candidates[top].action;
    let mut best: Option<(usize, f64)> = None;
    for (i, v) in values.iter().enumerate() {
        if i == mine {
            continue;
        }
        let diffs: Vec<f64> = v
            .iter()
            .zip(&values[mine])
            .map(|(a, b)| (a - b) as f64)
            .collect();
        let (mean, se) = mean_se(&diffs);
        if mean > MARGIN_SE * se && best.is_none_or(|(_, m)| mean > m) {
            best = Some((i, mean));
        }
    }
    if let Some((i, _)) = best {
        decision.action = candidates[i].action;
    }
    decision
}

/// Mean and standard error of `xs` (at least two values).
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// The games to search and the candidates the lookahead can price.
fn candidates(view: &SeatView) -> (Vec<GameSpec>, Vec<Candidate>) {
    let legal = view.legal.expect("the seat is to act");
    let mut games = Vec::new();
    let mut out = Vec::new();
    let mut now_items: Items = [None; 4];
    for item in Item::ALL {
        now_items[item.index()] = view.item(item).filter(|s| s.in_force()).map(|s| Announced {
            owner: s.owner,
            level: s.level,
        });
    }
    let current = view.contract.map(|c| GameSpec {
        kind: c.kind,
        declarer: c.declarer,
        called: c.called,
        partner: c.partner,
        pagat_bound: view
            .item(Item::Pagat)
            .filter(|p| p.in_force())
            .map(|p| p.announcer),
    });
    let mut current_index = None;
    let mut current_game = |games: &mut Vec<GameSpec>| {
        *current_index.get_or_insert_with(|| {
            games.push(current.expect("a game is in force"));
            games.len() - 1
        })
    };
    if legal.weiter && current.is_some() {
        let game = current_game(&mut games);
        out.push(Candidate {
            action: Action::Weiter,
            game,
            items: now_items,
        });
    }
    let declarer_side = view.my_party() == Some(Party::Declarer);
    for bid in legal.bids() {
        let candidate = match bid {
            Bid::Game(kind) => {
                let called = (kind == GameKind::Rufer)
                    .then(|| Bidding::called_card(view.hand))
                    .flatten();
                games.push(GameSpec {
                    kind,
                    declarer: view.seat,
                    called,
                    partner: None,
                    pagat_bound: None,
                });
                let mut items: Items = [None; 4];
                items[Item::Game.index()] = Some(Announced {
                    owner: Party::Declarer,
                    level: 0,
                });
                Some(Candidate {
                    action: Action::Bid(bid),
                    game: games.len() - 1,
                    items,
                })
            }
            Bid::Premium(p @ (Premium::Absolut | Premium::Valat)) if declarer_side => {
                let mut items = now_items;
                items[p.item().index()] = Some(Announced {
                    owner: Party::Declarer,
                    level: 0,
                });
                if p == Premium::Valat && view.rules.valat_voids_other_zusaetze {
                    items[Item::Absolut.index()] = None;
                    items[Item::Pagat.index()] = None;
                }
                Some(Candidate {
                    action: Action::Bid(bid),
                    game: current_game(&mut games),
                    items,
                })
            }
            Bid::Kontra(item @ (Item::Game | Item::Absolut | Item::Valat))
                if now_items[item.index()].is_some() =>
            {
                let mut items = now_items;
                if let Some(state) = items[item.index()].as_mut() {
                    state.level += 1;
                }
                Some(Candidate {
                    action: Action::Bid(bid),
                    game: current_game(&mut games),
                    items,
                })
            }
            _ => None,
        };
        out.extend(candidate);
    }
    (games, out)
}

/// The thresholds the candidates of game `g` need.
fn needs(rules: &Rules, kind: GameKind, candidates: &[Candidate], g: usize) -> Needs {
    // A silent Absolut or Valat is not searched (as in the card play's
    // first tricks): only one announced or a candidate is.
    let _ = kind;
    let mut n = Needs::default();
    for c in candidates.iter().filter(|c| c.game == g) {
        let game_level = c.items[Item::Game.index()].map_or(0, |a| a.level);
        n.game_44 |= rules.kontra_game_won_with_44 && game_level > 0;
        n.absolut |= c.items[Item::Absolut.index()].is_some();
        n.valat |= c.items[Item::Valat.index()].is_some();
    }
    n
}

/// The declarer's side of `spec` in a sample, as a seat mask.
fn declarers(spec: &GameSpec, hands: &[CardSet; 4]) -> u8 {
    let partner = spec.partner.or_else(|| {
        let called = spec.called?;
        Seat::ALL
            .into_iter()
            .find(|s| hands[s.index()].contains(called))
    });
    (1 << spec.declarer.index()) | partner.map_or(0, |p| 1 << p.index())
}

/// Where the deal of `spec` ends in the sample `hands` with best play from
/// the first lead, or `None` when the node limit cut the search.
fn outcome(
    solver: &mut Solver,
    view: &SeatView,
    spec: &GameSpec,
    needs: Needs,
    hands: [CardSet; 4],
) -> Option<Outcome> {
    let mask = declarers(spec, &hands);
    solver.set_deal(view.rules, spec.kind, mask, spec.pagat_bound);
    let mut pos = Position {
        hands,
        trick: [Card::PAGAT; 4],
        len: 0,
        leader: view.forehand,
    };
    // The first tricks are played by a quick rule (an exact search from
    // the first lead costs hundreds of thousands of nodes), the rest exactly.
    let mut have = 0;
    let mut taken = 0;
    for _ in 0..4 * ROLLOUT_TRICKS {
        let card = quick_card(solver, &pos, spec.kind, &view.rules, mask);
        let last = pos.len == 3;
        have += solver.play(&mut pos, card, Goal::Points).0;
        if last && mask & 1 << pos.leader.index() != 0 {
            taken += 1;
        }
    }
    let mut o = Outcome {
        game: solver.at_least(&mut pos, GAME_THRESHOLD as i32 - have, Goal::Points),
        ..Outcome::default()
    };
    o.game_44 = o.game || (needs.game_44 && solver.at_least(&mut pos, 44 - have, Goal::Points));
    if needs.absolut {
        if o.game_44 {
            let need = ABSOLUT_THRESHOLD as i32 - have;
            o.absolut = solver.at_least(&mut pos, need, Goal::Points);
            o.no_opposing_absolut = true;
        } else {
            let enough = i32::from(TOTAL_POINTS) - ABSOLUT_THRESHOLD as i32 + 1;
            o.no_opposing_absolut = solver.at_least(&mut pos, enough - have, Goal::Points);
        }
    }
    if needs.valat {
        let left = i32::from(TRICKS) - ROLLOUT_TRICKS as i32;
        if taken == ROLLOUT_TRICKS && solver.at_least(&mut pos, left, Goal::Tricks) {
            o.valat = Some(Party::Declarer);
        } else if taken == 0 && !solver.at_least(&mut pos, 1, Goal::Tricks) {
            o.valat = Some(Party::Opponents);
        }
    }
    (!solver.aborted()).then_some(o)
}

/// Tricks played by `quick_card` before the exact search takes over.
pub const ROLLOUT_TRICKS: usize = 3;

/// A quick card for the seat to play with every hand known: a leader leads
/// its cheapest card; a follower whose side already wins the trick gives it
/// its most valuable suit card (else its cheapest card), and otherwise wins
/// with its cheapest winning card if it has one, or plays its cheapest.
fn quick_card(solver: &Solver, pos: &Position, kind: GameKind, rules: &Rules, mask: u8) -> Card {
    let legal = solver.legal(pos);
    let cheapest = |set: CardSet| {
        set.iter()
            .min_by_key(|c| (CardSet::TRULL.contains(*c), c.points(), c.index()))
            .expect("a legal card")
    };
    if pos.len == 0 {
        return cheapest(legal);
    }
    let cards = pos.trick_cards();
    let side = |seat: Seat| mask & 1 << seat.index() != 0;
    let me = side(pos.to_play());
    let winner = pos.leader.plus(winning_index(cards, kind, rules) as u8);
    if side(winner) == me {
        let suit = legal.intersect(CardSet::SUIT_CARDS);
        return suit
            .iter()
            .max_by_key(|c| (c.points(), c.index()))
            .unwrap_or_else(|| cheapest(legal));
    }
    let wins = |c: Card| {
        let mut t = cards.to_vec();
        t.push(c);
        winning_index(&t, kind, rules) == t.len() - 1
    };
    let winners: CardSet = legal.iter().filter(|c| wins(*c)).collect();
    if winners.is_empty() {
        cheapest(legal)
    } else {
        winners.first().expect("a winner")
    }
}

/// This seat's balance for candidate items `items` of game `spec` when the
/// deal `hands` ends as `o`, from the engine's settlement.
fn price(view: &SeatView, spec: &GameSpec, items: Items, hands: &[CardSet; 4], o: Outcome) -> i64 {
    let rules = &view.rules;
    let mask = declarers(spec, hands);
    let parties = Seat::ALL.map(|s| {
        if mask & 1 << s.index() != 0 {
            Party::Declarer
        } else {
            Party::Opponents
        }
    });
    let game_item = items[Item::Game.index()].unwrap_or(Announced {
        owner: Party::Declarer,
        level: 0,
    });
    let won = if rules.kontra_game_won_with_44 && game_item.level > 0 {
        o.game_44
    } else {
        o.game
    };
    let absolut_counts = items[Item::Absolut.index()].is_some();
    let mut points = match (absolut_counts, won) {
        (false, true) => 50,
        (false, false) => 40,
        (true, true) if o.absolut => 70,
        (true, true) => 50,
        (true, false) if o.no_opposing_absolut => 40,
        (true, false) => 20,
    };
    if o.valat.is_some() && rules.valat_replaces_all {
        points = 44;
    }
    let declarer_tricks = match o.valat {
        Some(Party::Declarer) => TRICKS,
        Some(Party::Opponents) => 0,
        None => TRICKS / 2,
    };
    let holder_party = |set: CardSet| {
        Seat::ALL
            .into_iter()
            .find(|s| hands[s.index()].contains_all(set))
            .map(|s| parties[s.index()])
    };
    let honneur = Seat::ALL
        .into_iter()
        .find(|s| hands[s.index()].intersect(CardSet::FIVE_POINTERS).len() >= 4)
        .map(|s| parties[s.index()]);
    let pagat_holder = holder_party(CardSet::single(Card::PAGAT)).unwrap_or(Party::Declarer);
    let facts = Facts {
        kind: spec.kind,
        parties,
        declarer_points: points,
        declarer_tricks,
        game: game_item,
        absolut: items[Item::Absolut.index()],
        pagat: items[Item::Pagat.index()],
        valat: items[Item::Valat.index()],
        pagat_fate: (pagat_holder, PagatOutcome::PlayedEarlier),
        trull: holder_party(CardSet::TRULL),
        four_kings: holder_party(CardSet::KINGS),
        honneur,
        mond_caught: None,
    };
    settle(&facts, rules, 1).change(view.seat)
}
