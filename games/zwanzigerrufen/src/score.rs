//! Settlement (SPEC §5): first the facts of a finished deal, then their prices
//! under a rules preset, itemized so that messages can show every line.

use serde::{Deserialize, Serialize};

use crate::card::TOTAL_POINTS;
use crate::rules::{GameKind, Item, Premium, Rules};
use crate::seat::{Party, Seat};

/// Card points a party needs to win the game (SPEC §1.3).
pub const GAME_THRESHOLD: u32 = 45;
/// Card points a party needs for Absolut.
pub const ABSOLUT_THRESHOLD: u32 = 56;
/// Tricks in a deal.
pub const TRICKS: u8 = 10;

/// An announced item in force at the end of the bidding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Announced {
    /// The party that owns it.
    pub owner: Party,
    /// Its Kontra level (multiplier `2^level`).
    pub level: u8,
}

/// What became of the Pagat in the last trick (SPEC §4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PagatOutcome {
    /// `T1` won the tenth trick (also by Märchenstich).
    WonLastTrick,
    /// `T1` was in the tenth trick and was beaten.
    LostInLastTrick,
    /// `T1` was played before the tenth trick.
    PlayedEarlier,
}

/// Everything the settlement depends on, as it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Facts {
    /// The game played.
    pub kind: GameKind,
    /// The party of each seat.
    pub parties: [Party; 4],
    /// Card points taken by the declarer party.
    pub declarer_points: u32,
    /// Tricks taken by the declarer party.
    pub declarer_tricks: u8,
    /// The game item (always announced) with its Kontra level.
    pub game: Announced,
    /// Announced Absolut in force, if any.
    pub absolut: Option<Announced>,
    /// Announced Pagat Ultimo in force, if any.
    pub pagat: Option<Announced>,
    /// Announced Valat in force, if any.
    pub valat: Option<Announced>,
    /// The party that was dealt `T1`, and what became of it.
    pub pagat_fate: (Party, PagatOutcome),
    /// The party of a seat dealt the whole Trull.
    pub trull: Option<Party>,
    /// The party of a seat dealt all four Kings.
    pub four_kings: Option<Party>,
    /// The party of a seat dealt at least four of the seven five-pointers.
    pub honneur: Option<Party>,
    /// The party of the seat whose Mond was caught by the Sküs.
    pub mond_caught: Option<Party>,
}

impl Facts {
    /// Card points of `party`.
    pub fn points(&self, party: Party) -> u32 {
        match party {
            Party::Declarer => self.declarer_points,
            Party::Opponents => u32::from(TOTAL_POINTS) - self.declarer_points,
        }
    }

    /// Tricks of `party`.
    pub fn tricks(&self, party: Party) -> u8 {
        match party {
            Party::Declarer => self.declarer_tricks,
            Party::Opponents => TRICKS - self.declarer_tricks,
        }
    }

    /// The announced state of `item`.
    pub fn announced(&self, item: Item) -> Option<Announced> {
        match item {
            Item::Game => Some(self.game),
            Item::Absolut => self.absolut,
            Item::Pagat => self.pagat,
            Item::Valat => self.valat,
        }
    }
}

/// The lines of a settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scored {
    /// All ten tricks.
    Valat,
    /// The game itself.
    Game,
    /// 56 card points or more.
    Absolut,
    /// Pagat in the last trick.
    Pagat,
    /// Sküs, Mond and Pagat dealt to one hand.
    Trull,
    /// All four Kings dealt to one hand.
    FourKings,
    /// Four of the seven five-pointers dealt to one hand.
    Honneur,
    /// The Mond caught by the Sküs.
    Mondfang,
}

impl Scored {
    /// The item that carries this line's Kontra level, if it can be kontra'd.
    const fn item(self) -> Option<Item> {
        match self {
            Scored::Valat => Some(Item::Valat),
            Scored::Game => Some(Item::Game),
            Scored::Absolut => Some(Item::Absolut),
            Scored::Pagat => Some(Item::Pagat),
            _ => None,
        }
    }
}

/// One line of the settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Line {
    /// What is scored.
    pub what: Scored,
    /// Announced (true) or silent / material (false).
    pub announced: bool,
    /// The party it is credited to.
    pub winner: Party,
    /// Value in units before Kontras (premium factor included).
    pub base: u32,
    /// Kontra level on it (multiplier `2^kontra`).
    pub kontra: u8,
    /// Signed value in units from the declarer party's view: `±base · 2^kontra`.
    pub value: i64,
}

/// The priced result of a deal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Settlement {
    /// Every scored line, in the order of SPEC §5.2.
    pub lines: Vec<Line>,
    /// Session factor (2 in a double round).
    pub factor: u32,
    /// `T`: the net value for the declarer party, factor included.
    pub total: i64,
    /// Balance change per seat in units; always sums to zero.
    pub changes: [i64; 4],
    /// Whether a Mondfang was scored (starts a double round where the rules say so).
    pub mondfang_scored: bool,
}

impl Settlement {
    /// The line for `what`, if it was scored.
    pub fn line(&self, what: Scored) -> Option<&Line> {
        self.lines.iter().find(|l| l.what == what)
    }

    /// The balance change of `seat`.
    pub fn change(&self, seat: Seat) -> i64 {
        self.changes[seat.index()]
    }
}

/// Base value (before the premium factor) of a line, and whether it is
/// scored at all in a game of `kind`: the value table of SPEC §5.3.
fn price(rules: &Rules, what: Scored, kind: GameKind, announced: bool) -> Option<u32> {
    let farbensolo = kind == GameKind::Farbensolo;
    let (scored_here, silent, loud) = match what {
        Scored::Valat => (true, rules.valat_silent, rules.valat_announced),
        Scored::Game => (true, rules.game_value(kind), rules.game_value(kind)),
        Scored::Absolut => (
            rules.premium_allowed(Premium::Absolut, kind),
            rules.absolut_silent,
            rules.absolut_announced,
        ),
        Scored::Pagat => (
            rules.premium_allowed(Premium::Pagat, kind),
            rules.pagat_silent,
            rules.pagat_announced,
        ),
        Scored::Trull => (
            !farbensolo || rules.trull_in_farbensolo,
            rules.trull_value,
            0,
        ),
        Scored::FourKings => (true, rules.four_kings_value, 0),
        Scored::Honneur => (!farbensolo, rules.honneur_value, 0),
        Scored::Mondfang => (!farbensolo, rules.mondfang_value, 0),
    };
    let base = if announced { loud } else { silent };
    // The game value already depends on the kind; everything else is a premium.
    let factor = if what == Scored::Game {
        1
    } else {
        rules.premium_factor(kind)
    };
    (scored_here && base > 0).then_some(base * factor)
}

/// Prices `facts` under `rules`, multiplied by the session `factor` (1 normally).
pub fn settle(facts: &Facts, rules: &Rules, factor: u32) -> Settlement {
    let mut lines = Vec::with_capacity(8);
    let mut push = |what, announced, winner: Party| {
        if let Some(base) = price(rules, what, facts.kind, announced) {
            let kontra = match what.item().and_then(|i| facts.announced(i)) {
                Some(a) if announced || what == Scored::Game => a.level,
                _ => 0,
            };
            let value = winner.sign() * i64::from(base) * (1i64 << kontra);
            lines.push(Line {
                what,
                announced,
                winner,
                base,
                kontra,
                value,
            });
        }
    };

    // 1. Valat first; it may replace everything else.
    let valat = match facts.valat {
        Some(v) => {
            let won = facts.tricks(v.owner) == TRICKS;
            Some((true, if won { v.owner } else { v.owner.other() }))
        }
        None if facts.declarer_tricks == TRICKS => Some((false, Party::Declarer)),
        None if facts.declarer_tricks == 0 => Some((false, Party::Opponents)),
        None => None,
    };
    if let Some((announced, winner)) = valat {
        push(Scored::Valat, announced, winner);
    }
    if valat.is_none() || !rules.valat_replaces_all {
        score_rest(facts, rules, &mut push);
    }

    let sum: i64 = lines.iter().map(|l| l.value).sum();
    let total = sum * i64::from(factor);
    let changes = distribute(facts, total);
    debug_assert_eq!(changes.iter().sum::<i64>(), 0);
    let mondfang_scored = lines.iter().any(|l| l.what == Scored::Mondfang);
    Settlement {
        lines,
        factor,
        total,
        changes,
        mondfang_scored,
    }
}

/// Game, Absolut, Pagat and the material premiums (SPEC §5.2 items 2–8).
fn score_rest(facts: &Facts, rules: &Rules, push: &mut impl FnMut(Scored, bool, Party)) {
    let with_44 = rules.kontra_game_won_with_44 && facts.game.level > 0;
    let threshold = if with_44 {
        GAME_THRESHOLD - 1
    } else {
        GAME_THRESHOLD
    };
    let game_won = facts.declarer_points >= threshold;
    push(
        Scored::Game,
        true,
        if game_won {
            Party::Declarer
        } else {
            Party::Opponents
        },
    );

    match facts.absolut {
        Some(a) => {
            let won = facts.points(a.owner) >= ABSOLUT_THRESHOLD;
            push(
                Scored::Absolut,
                true,
                if won { a.owner } else { a.owner.other() },
            );
        }
        None => {
            for party in [Party::Declarer, Party::Opponents] {
                if facts.points(party) >= ABSOLUT_THRESHOLD {
                    push(Scored::Absolut, false, party);
                }
            }
        }
    }

    let (holder, fate) = facts.pagat_fate;
    match (facts.pagat, fate) {
        (Some(p), PagatOutcome::WonLastTrick) => push(Scored::Pagat, true, p.owner),
        (Some(p), _) => push(Scored::Pagat, true, p.owner.other()),
        (None, PagatOutcome::WonLastTrick) => push(Scored::Pagat, false, holder),
        (None, PagatOutcome::LostInLastTrick) => push(Scored::Pagat, false, holder.other()),
        (None, PagatOutcome::PlayedEarlier) => {}
    }

    let material = [
        (Scored::Trull, facts.trull),
        (Scored::FourKings, facts.four_kings),
        (Scored::Honneur, facts.honneur),
    ];
    for (what, holder) in material {
        if let Some(party) = holder {
            push(what, false, party);
        }
    }
    if let Some(loser) = facts.mond_caught {
        push(Scored::Mondfang, false, loser.other());
    }
}

/// Per-seat changes: in a Rufer each side's two seats get ±T; against a
/// soloist the soloist gets ±3T and each opponent ∓T (SPEC §5.1).
fn distribute(facts: &Facts, total: i64) -> [i64; 4] {
    let declarers = facts
        .parties
        .iter()
        .filter(|p| **p == Party::Declarer)
        .count() as i64;
    let opponents = 4 - declarers;
    facts.parties.map(|p| match p {
        Party::Declarer => total * opponents / declarers,
        Party::Opponents => -total,
    })
}

/// Double round bookkeeping across deals (SPEC §5.6): after a scored Mondfang
/// the next four deals count double; the factor never exceeds 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DoubleRound {
    /// Doubled deals still to come.
    pub remaining: u32,
}

/// Deals a Mondfang doubles.
const DOUBLED_DEALS: u32 = 4;

impl DoubleRound {
    /// The factor for the next settled deal.
    pub const fn factor(&self) -> u32 {
        if self.remaining > 0 { 2 } else { 1 }
    }

    /// Records a settled deal (redeals are not settled and so do not count).
    pub fn record(&mut self, settlement: &Settlement, rules: &Rules) {
        self.remaining = self.remaining.saturating_sub(1);
        if rules.double_round_on_mondfang && settlement.mondfang_scored {
            self.remaining += DOUBLED_DEALS;
        }
    }
}
