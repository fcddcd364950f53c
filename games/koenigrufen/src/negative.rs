//! Settlement of negative games (SPEC §10.1), Trischaken in both variants
//! (§10.3 `cup2019`, §10.4 `standard`) and of a conceded game (§9.4).

use crate::auction::Bidder;
use crate::card::WIN_THIRDS;
use crate::contract::{Contract, Premium};
use crate::rules::{Rules, TrischakenRule};
use crate::score::{Line, Scored, Settlement};
use crate::seat::{Party, Seat};

/// The facts of a negative game: every declarer with his contract, the
/// tricks per seat, and the Kontra level of each (declarer, opponent) pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NegativeFacts {
    /// The declarers in naming order (the first namer first).
    pub declarers: [Option<Bidder>; 4],
    /// Tricks per seat.
    pub tricks: [u8; 4],
    /// `levels[d][o]`: the Kontra level between declarer `d` and opponent `o`.
    pub levels: [[u8; 4]; 4],
}

/// Prices a negative game: each declarer against each other seat (§10.1).
pub fn settle_negative(f: &NegativeFacts, rules: &Rules) -> Settlement {
    let mut out = Settlement::new();
    for b in f.declarers.iter().flatten() {
        let target = b.contract.target_tricks().expect("a negative contract");
        let won = f.tricks[b.seat.index()] == target;
        let winner = if won {
            Party::Declarer
        } else {
            Party::Opponents
        };
        let sign = if won { 1 } else { -1 };
        let value = rules.value(b.contract);
        for o in Seat::ALL.into_iter().filter(|o| *o != b.seat) {
            let level = f.levels[b.seat.index()][o.index()];
            let money = (sign * i64::from(value)) << level;
            let score = if rules.kontra_in_score {
                money
            } else {
                sign * i64::from(value)
            };
            out.push(Line {
                what: Scored::Negative {
                    contract: b.contract,
                    declarer: b.seat,
                    opponent: o,
                },
                announced: true,
                winner: Some(winner),
                value,
                kontra: level,
                score: pair_amounts(b.seat, o, score),
                money: pair_amounts(b.seat, o, money),
            });
        }
    }
    out
}

/// `amount` from `o` to `d`.
fn pair_amounts(d: Seat, o: Seat, amount: i64) -> [i64; 4] {
    let mut a = [0; 4];
    a[d.index()] = amount;
    a[o.index()] = -amount;
    a
}

/// The facts of a Trischaken (§10.2): thirds per seat including the talon
/// for the winner of the last trick, tricks per seat, and the Fahrer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrischakenFacts {
    /// Thirds per seat; they sum to 210.
    pub thirds: [u16; 4],
    /// Tricks per seat (0 = Jungfrau).
    pub tricks: [u8; 4],
    /// The Vorhand who chose Trischaken.
    pub fahrer: Seat,
}

impl TrischakenFacts {
    /// The losers: the seats with the most thirds; the Fahrer alone when he is one of them.
    pub fn losers(&self) -> Vec<Seat> {
        let max = self.thirds.iter().copied().max().unwrap_or(0);
        let losers: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| self.thirds[s.index()] == max)
            .collect();
        if losers.contains(&self.fahrer) {
            vec![self.fahrer]
        } else {
            losers
        }
    }

    /// Seats without a trick that are not losers.
    fn jungfrauen(&self, losers: &[Seat]) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|s| self.tricks[s.index()] == 0 && !losers.contains(s))
            .collect()
    }
}

/// Prices a Trischaken under the table's variant.
pub fn settle_trischaken(f: &TrischakenFacts, rules: &Rules) -> Settlement {
    let amounts = match rules.trischaken {
        TrischakenRule::Cup2019 => trischaken_cup2019(f),
        TrischakenRule::Standard => trischaken_standard(f),
    };
    let mut out = Settlement::new();
    out.push(Line {
        what: Scored::Trischaken,
        announced: true,
        winner: None,
        value: amounts.iter().map(|a| a.unsigned_abs()).max().unwrap_or(0) as u32,
        kontra: 0,
        score: amounts,
        money: amounts,
    });
    out
}

/// §10.3: the Fahrer and a loser with 35/2 double; each loser pays 3·m to
/// each Jungfrau, or m to each non-loser when there is none.
fn trischaken_cup2019(f: &TrischakenFacts) -> [i64; 4] {
    let losers = f.losers();
    let mut m = 1;
    if losers == [f.fahrer] {
        m *= 2;
    }
    if losers.len() == 1 && f.thirds[losers[0].index()] >= WIN_THIRDS {
        m *= 2;
    }
    let jungfrauen = f.jungfrauen(&losers);
    let (receivers, each) = if jungfrauen.is_empty() {
        let others: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| !losers.contains(s))
            .collect();
        (others, m)
    } else {
        (jungfrauen, 3 * m)
    };
    let mut a = [0i64; 4];
    for l in &losers {
        for r in &receivers {
            a[l.index()] -= each;
            a[r.index()] += each;
        }
    }
    a
}

/// §10.4: a pot paid by the losers and shared by the Jungfrauen, or by all
/// non-losers when there is none.
fn trischaken_standard(f: &TrischakenFacts) -> [i64; 4] {
    let losers = f.losers();
    let jungfrauen = f.jungfrauen(&losers);
    let total: i64 = if losers == [f.fahrer] {
        3 * if f.thirds[f.fahrer.index()] >= WIN_THIRDS {
            4
        } else {
            2
        }
    } else if losers.len() == 1 {
        let b = if f.thirds[losers[0].index()] >= WIN_THIRDS {
            2
        } else {
            1
        };
        if jungfrauen.len() == 2 && b == 1 {
            4
        } else {
            3 * b
        }
    } else if losers.len() == 2 {
        4
    } else {
        3
    };
    let receivers: Vec<Seat> = if jungfrauen.is_empty() {
        Seat::ALL
            .into_iter()
            .filter(|s| !losers.contains(s))
            .collect()
    } else {
        jungfrauen
    };
    let mut a = [0i64; 4];
    for l in &losers {
        a[l.index()] -= total / losers.len() as i64;
    }
    for r in &receivers {
        a[r.index()] += total / receivers.len() as i64;
    }
    a
}

/// A conceded game (§6.3, §9.4): the declarer and, for a `standard`
/// Besserrufer, the bird he named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchleifenFacts {
    /// The contract conceded.
    pub contract: Contract,
    /// The declarer.
    pub declarer: Seat,
    /// The Besserrufer's named bird.
    pub bird: Option<Premium>,
}

/// The price of conceding (D-12): the table value, for a Besserrufer its
/// game value plus the named bird; paid to each of the three others.
pub fn schleifen_price(f: &SchleifenFacts, rules: &Rules) -> u32 {
    rules.value(f.contract) + f.bird.map_or(0, |b| rules.premium(b))
}

/// Prices a conceded game: score = money.
pub fn settle_schleifen(f: &SchleifenFacts, rules: &Rules) -> Settlement {
    let price = i64::from(schleifen_price(f, rules));
    let amounts = Seat::ALL.map(|s| if s == f.declarer { -3 * price } else { price });
    let mut out = Settlement::new();
    out.push(Line {
        what: Scored::Schleifen {
            contract: f.contract,
        },
        announced: true,
        winner: Some(Party::Opponents),
        value: price as u32,
        kontra: 0,
        score: amounts,
        money: amounts,
    });
    out
}
