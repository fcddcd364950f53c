//! The settlement as a tarock player reads it: the contract, both parties'
//! card points (and tricks when a Valat decided), one line per scored item
//! saying what it is (silent or announced, won or lost, with its Kontra)
//! and which party it is for, the sum and how it is paid, and one line per
//! seat with the change and the new running balance in units and money.
//! The sum can be checked from the lines alone.

use tarock_zwanzigerrufen::score::{Facts, Line, PagatOutcome, Scored};
use tarock_zwanzigerrufen::{Card, Party, Seat, Settlement};

use tarock_face::SettlementItem;
use tarock_face::numbers::{name_list, signed, signed_money};

use crate::render::card_label;
use crate::text::{Lang, tr};
use crate::words::{KontraWords, game_name, item_name, kontra_name};

/// Everything a settlement text is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The table id.
    pub table: i64,
    /// The deal number.
    pub deal: u32,
    /// The names of the four seats, seat 0 first.
    pub names: [String; 4],
    /// The Rufer's caller or the soloist.
    pub declarer: Seat,
    /// The called tarock (Rufer only).
    pub called: Option<Card>,
    /// What happened in the deal.
    pub facts: Facts,
    /// Its prices.
    pub settlement: Settlement,
    /// Whether a Valat replaces every other line (the rules' flag).
    pub valat_replaces_all: bool,
    /// How the table names the Kontra levels.
    pub words: KontraWords,
    /// The stake per unit, in cents.
    pub stake_cents: i64,
    /// Each seat's running balance after this deal, (units, cents), seat 0
    /// first.
    pub balances: [(i64, i64); 4],
}

/// "Spieler" / "Gegner": a party as the lines name it.
fn side(party: Party, lang: Lang) -> String {
    match party {
        Party::Declarer => tr!(lang, "side-declarers"),
        Party::Opponents => tr!(lang, "side-opponents"),
    }
}

impl Sheet {
    fn seats_of(&self, party: Party) -> Vec<&str> {
        Seat::ALL
            .iter()
            .filter(|s| self.facts.parties[s.index()] == party)
            .map(|s| self.names[s.index()].as_str())
            .collect()
    }

    fn contract(&self, lang: Lang) -> String {
        let name = self.names[self.declarer.index()].as_str();
        let game = game_name(self.facts.kind, lang);
        let Some(called) = self.called else {
            return tr!(lang, "contract-solo", name = name, game = game);
        };
        let mut out = tr!(
            lang,
            "contract-rufer",
            name = name,
            game = game,
            called = card_label(called, lang)
        );
        let partner = Seat::ALL
            .into_iter()
            .find(|s| *s != self.declarer && self.facts.parties[s.index()] == Party::Declarer);
        if let Some(partner) = partner {
            out.push(' ');
            out.push_str(&tr!(
                lang,
                "contract-partner",
                name = self.names[partner.index()].as_str()
            ));
        }
        out
    }

    fn points(&self, lang: Lang) -> String {
        let f = &self.facts;
        let args = |id| {
            tr!(
                lang,
                id,
                dpoints = f.points(Party::Declarer),
                opoints = f.points(Party::Opponents),
                dtricks = u32::from(f.tricks(Party::Declarer)),
                otricks = u32::from(f.tricks(Party::Opponents))
            )
        };
        // Tricks decide a Valat: shown when one was announced or scored.
        let valat = f.valat.is_some() || self.settlement.line(Scored::Valat).is_some();
        args(if valat {
            "settlement-points-tricks"
        } else {
            "settlement-points"
        })
    }

    fn what(&self, line: &Line, lang: Lang) -> String {
        let f = &self.facts;
        let item = scored_name(line.what, lang);
        let owner = match line.what {
            Scored::Absolut => f.absolut,
            Scored::Pagat => f.pagat,
            Scored::Valat => f.valat,
            _ => None,
        }
        .map(|a| a.owner);
        let what = match (line.what, owner) {
            (Scored::Game, _) => {
                let id = if line.winner == Party::Declarer {
                    "settle-game-won"
                } else {
                    "settle-game-lost"
                };
                tr!(lang, id, game = game_name(f.kind, lang))
            }
            (_, Some(owner)) if line.announced => {
                let id = if line.winner == owner {
                    "settle-announced-won"
                } else {
                    "settle-announced-lost"
                };
                tr!(lang, id, item = item, side = side(owner, lang))
            }
            (Scored::Pagat, _) if f.pagat_fate.1 == PagatOutcome::WonLastTrick => {
                tr!(lang, "settle-pagat-silent-won")
            }
            (Scored::Pagat, _) => tr!(lang, "settle-pagat-silent-lost"),
            (Scored::Absolut | Scored::Valat, _) => tr!(lang, "settle-silent", item = item),
            _ => item,
        };
        if line.kontra == 0 {
            return what;
        }
        tr!(
            lang,
            "settle-kontra",
            what = what,
            kontra = kontra_name(line.kontra, lang, self.words),
            multiplier = 1u32 << line.kontra
        )
    }

    fn line(&self, line: &Line, lang: Lang) -> String {
        tr!(
            lang,
            "settle-line",
            what = self.what(line, lang),
            side = side(line.winner, lang),
            value = signed(line.value.abs())
        )
    }

    /// The sum of the lines (from the declarers' side), the double round,
    /// and who pays whom.
    fn sum(&self, lang: Lang) -> String {
        let s = &self.settlement;
        let sum: i64 = s.lines.iter().map(|l| l.value).sum();
        if sum == 0 && s.factor > 1 {
            return tr!(lang, "settlement-sum-zero-factor", factor = s.factor);
        }
        if sum == 0 {
            return tr!(lang, "settlement-sum-zero");
        }
        let winner = if sum > 0 {
            Party::Declarer
        } else {
            Party::Opponents
        };
        let each = s.total.abs();
        let declarers = name_list(&self.seats_of(Party::Declarer), lang);
        let opponents = name_list(&self.seats_of(Party::Opponents), lang);
        let pay = match (self.facts.kind.is_solo(), winner) {
            (false, Party::Declarer) => tr!(
                lang,
                "pay-pairs",
                winners = declarers,
                losers = opponents,
                each = each
            ),
            (false, Party::Opponents) => tr!(
                lang,
                "pay-pairs",
                winners = opponents,
                losers = declarers,
                each = each
            ),
            (true, Party::Declarer) => tr!(
                lang,
                "pay-soloist-wins",
                soloist = declarers,
                others = opponents,
                each = each,
                three = 3 * each
            ),
            (true, Party::Opponents) => tr!(
                lang,
                "pay-soloist-loses",
                soloist = declarers,
                others = opponents,
                each = each,
                three = 3 * each
            ),
        };
        if s.factor > 1 {
            tr!(
                lang,
                "settlement-sum-factor",
                side = side(winner, lang),
                sum = signed(sum.abs()),
                factor = s.factor,
                total = signed(each),
                pay = pay
            )
        } else {
            tr!(
                lang,
                "settlement-sum",
                side = side(winner, lang),
                sum = signed(sum.abs()),
                pay = pay
            )
        }
    }

    fn seat_line(&self, seat: Seat, lang: Lang, reader: Option<Seat>) -> String {
        let change = self.settlement.changes[seat.index()];
        let (units, cents) = self.balances[seat.index()];
        tr!(
            lang,
            "settlement-seat",
            mine = if reader == Some(seat) { "yes" } else { "no" },
            name = self.names[seat.index()].as_str(),
            change = signed(change),
            money = signed_money(change * self.stake_cents, lang),
            balance = signed(units),
            balance_money = signed_money(cents, lang)
        )
    }

    /// The settlement text in `lang`; `reader`'s own line is marked (a
    /// private copy).
    pub fn text(&self, lang: Lang, reader: Option<Seat>) -> String {
        let mut lines = vec![tr!(
            lang,
            "settlement-title",
            table = self.table,
            deal = self.deal
        )];
        lines.extend(self.lines(lang));
        lines.extend(Seat::ALL.map(|s| self.seat_line(s, lang, reader)));
        lines.join("\n")
    }

    /// The lines between the title and the seats' lines: the contract, the
    /// card points, one line per scored item, and the sum with who pays
    /// whom. They need neither balances nor the table's id.
    pub fn lines(&self, lang: Lang) -> Vec<String> {
        let mut lines = vec![self.contract(lang), self.points(lang)];
        lines.extend(self.settlement.lines.iter().map(|l| self.line(l, lang)));
        if self.valat_replaces_all && self.settlement.line(Scored::Valat).is_some() {
            lines.push(tr!(lang, "settlement-valat-alone"));
        }
        lines.push(self.sum(lang));
        lines
    }
}

/// The name of a scored line's item.
fn scored_name(what: Scored, lang: Lang) -> String {
    use tarock_zwanzigerrufen::Item;
    match what {
        Scored::Valat => item_name(Item::Valat, lang),
        Scored::Game => item_name(Item::Game, lang),
        Scored::Absolut => item_name(Item::Absolut, lang),
        Scored::Pagat => item_name(Item::Pagat, lang),
        Scored::Trull => tr!(lang, "item-trull"),
        Scored::FourKings => tr!(lang, "item-four-kings"),
        Scored::Honneur => tr!(lang, "item-honneur"),
        Scored::Mondfang => tr!(lang, "item-mondfang"),
    }
}

/// The scored lines of a settlement, as data.
pub fn settlement_items(settlement: &Settlement, lang: Lang) -> Vec<SettlementItem> {
    settlement
        .lines
        .iter()
        .map(|line| SettlementItem {
            name: scored_name(line.what, lang),
            announced: line.announced,
            multiplier: 1 << line.kontra,
            // Before its Kontras, as every face gives an item (the front
            // ends show "value ×multiplier").
            value: match line.winner {
                Party::Declarer => i64::from(line.base),
                Party::Opponents => -i64::from(line.base),
            },
        })
        .collect()
}
