//! Settlement of positive games (SPEC §9): game or Valat, announced and
//! silent premiums, Kontra, solo factor and lost-double, priced per §9.5.

use crate::card::WIN_THIRDS;
use crate::contract::{Contract, Mode, Premium};
use crate::play::TRICKS;
use crate::rules::Rules;
use crate::score::{Line, Scored, Settlement, distribute};
use crate::seat::Party;

/// An announced item at the end of the round: its owner and Kontra level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Announced {
    /// The owning party.
    pub owner: Party,
    /// Kontra level.
    pub level: u8,
}

/// The facts of a finished positive game (SPEC §9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositiveFacts {
    /// The contract.
    pub contract: Contract,
    /// The party of every seat.
    pub parties: [Party; 4],
    /// Thirds in party D's pile (tricks, discards, and talon parts it owns).
    pub thirds: u16,
    /// Tricks taken by party D.
    pub tricks: u8,
    /// The game's Kontra level.
    pub game_level: u8,
    /// Solorufer with the called King in the talon: all Kontras void (D-14).
    pub kontras_void: bool,
    /// Announced premiums (index [`Premium::index`]; Valat included).
    pub announced: [Option<Announced>; 9],
    /// The party that achieved each premium (Trull and Könige by pile, birds
    /// and König Ultimo by winning their trick); Valat's entry is unused.
    pub achieved: [Option<Party>; 9],
    /// Birds and König Ultimo played in their trick without winning it: the
    /// party of their player (counts only with `silent_failure_counts`).
    pub failed: [Option<Party>; 9],
}

impl PositiveFacts {
    /// Facts with nothing achieved or announced, for `contract` with `parties`.
    pub fn new(contract: Contract, parties: [Party; 4]) -> PositiveFacts {
        PositiveFacts {
            contract,
            parties,
            thirds: 0,
            tricks: 0,
            game_level: 0,
            kontras_void: false,
            announced: [None; 9],
            achieved: [None; 9],
            failed: [None; 9],
        }
    }

    /// Whether party D has one seat (1 vs 3).
    pub fn alone(&self) -> bool {
        self.parties
            .iter()
            .filter(|p| **p == Party::Declarer)
            .count()
            == 1
    }
}

/// The pricing context of one deal.
struct Pricer<'a> {
    facts: &'a PositiveFacts,
    rules: &'a Rules,
    out: Settlement,
}

impl Pricer<'_> {
    fn add(&mut self, what: Scored, announced: bool, winner: Party, value: u32, level: u8) {
        let level = if self.facts.kontras_void { 0 } else { level };
        let kontra = 1i64 << level;
        let v = i64::from(value);
        let score_v = if self.rules.kontra_in_score {
            v * kontra
        } else {
            v
        };
        self.out.push(Line {
            what,
            announced,
            winner: Some(winner),
            value,
            kontra: level,
            score: distribute(&self.facts.parties, winner, score_v),
            money: distribute(&self.facts.parties, winner, v * kontra),
        });
    }
}

/// Prices a positive game (SPEC §9.5).
pub fn settle(f: &PositiveFacts, rules: &Rules) -> Settlement {
    let mut p = Pricer {
        facts: f,
        rules,
        out: Settlement::new(),
    };
    let valat = game_or_valat(&mut p);
    premiums(&mut p, valat);
    p.out
}

/// The game item or the Valat replacing it (V1–V3, V5); returns whether a Valat was scored.
fn game_or_valat(p: &mut Pricer) -> bool {
    let (f, rules) = (p.facts, p.rules);
    let g = if f.contract.scored_as_rufer() {
        rules.value(Contract::Rufer)
    } else {
        rules.value(f.contract)
    };
    let lost_double = rules.lost_double.contains(f.contract);
    // G' (§9.2): doubled when the Valat or game goes to O in a lost-double game.
    let g_for = |w: Party| {
        if w == Party::Opponents && lost_double {
            2 * g
        } else {
            g
        }
    };
    let all = TRICKS as u8;
    let silent_level = if rules.silent_valat_keeps_kontra {
        f.game_level
    } else {
        0
    };
    let game = Scored::Game {
        contract: f.contract,
    };
    if let Some(a) = f.announced[Premium::Valat.index()] {
        let made = if a.owner == Party::Declarer {
            f.tricks == all
        } else {
            f.tricks == 0
        };
        let w = if made { a.owner } else { a.owner.other() };
        p.add(
            Scored::Valat,
            true,
            w,
            rules.valat_announced * g_for(w),
            a.level,
        );
    } else if f.tricks == all || f.tricks == 0 {
        let w = if f.tricks == all {
            Party::Declarer
        } else {
            Party::Opponents
        };
        p.add(
            Scored::Valat,
            false,
            w,
            rules.valat_silent * g_for(w),
            silent_level,
        );
        return true;
    } else {
        let w = if f.thirds >= WIN_THIRDS {
            Party::Declarer
        } else {
            Party::Opponents
        };
        p.add(game, true, w, g_for(w), f.game_level);
        return false;
    }
    true
}

/// Announced premiums always count (V4); silent ones only without Valat
/// (V1), and only when achieved unless `silent_failure_counts` (D-27).
/// Colour games score only Alle Könige besides game and Valat (V6).
fn premiums(p: &mut Pricer, valat: bool) {
    let (f, rules) = (p.facts, p.rules);
    let factor = if f.contract.is_solo() {
        rules.solo_factor
    } else {
        1
    };
    let colour = f.contract.mode() == Mode::Colour;
    for premium in Premium::ALL.into_iter().filter(|p| *p != Premium::Valat) {
        let value = rules.premium(premium) * factor;
        if value == 0 || (colour && premium != Premium::Koenige) {
            continue;
        }
        let i = premium.index();
        let what = Scored::Premium { premium };
        if let Some(a) = f.announced[i] {
            let w = if f.achieved[i] == Some(a.owner) {
                a.owner
            } else {
                a.owner.other()
            };
            p.add(what, true, w, value, a.level);
        } else if valat {
            continue;
        } else if let Some(w) = f.achieved[i] {
            p.add(what, false, w, value / 2, 0);
        } else if let Some(loser) = f.failed[i].filter(|_| rules.silent_failure_counts) {
            p.add(what, false, loser.other(), value / 2, 0);
        }
    }
}
