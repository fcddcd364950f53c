//! A finished deal's settlement as players read it, itemised like
//! Zwanzigerrufen's: the contract and who played it, the card points of
//! both parties in points and Blatt (with tricks), or each negative
//! declarer's tricks, or each Trischaken seat's points; one line per scored
//! item (game or Valat, each premium silent or announced, each negative
//! pair, Trischaken's payments, a conceded game) with its side, value and
//! Kontra; then the score (Schrift) per seat, and the money with Kontra when
//! it differs. The table adds the money in cents and the balances.

use tarock_koenigrufen::score::{PositiveFacts, Scored};
use tarock_koenigrufen::{Action, Facts, Game, Item, Line, Party, Premium, Seat, Settlement};

use super::words::{
    card_label, cards_text, contract_name, kontra_name, name, points, premium_name, side, signed,
};
use crate::text::Lang;
use crate::text::tr;
use tarock_face::SettlementItem;
use tarock_face::{SettlementText, TableContext};

/// Thirds of the whole deck (SPEC §1.4: 70 points).
const TOTAL_THIRDS: u16 = 210;
/// Tricks of a deal.
const TRICKS: u8 = 12;

/// The settlement of a finished `game`.
pub fn settlement_text(game: &Game, table: &TableContext, lang: Lang) -> Option<SettlementText> {
    let facts = game.facts()?;
    let settlement = game.settlement()?;
    let mut lines = facts_lines(game, &facts, table, lang);
    lines.extend(
        settlement
            .lines
            .iter()
            .map(|l| line_text(game, l, table, lang)),
    );
    lines.extend(totals(&settlement, table, lang));
    let items = settlement
        .lines
        .iter()
        .map(|l| SettlementItem {
            name: what(game, l, table, lang),
            announced: l.announced,
            multiplier: 1 << l.kontra,
            value: match l.winner {
                Some(Party::Opponents) => -i64::from(l.value),
                _ => i64::from(l.value),
            },
        })
        .collect();
    Some(SettlementText { lines, items })
}

/// What happened: the contract and the counts it was decided by.
fn facts_lines(game: &Game, facts: &Facts, table: &TableContext, lang: Lang) -> Vec<String> {
    match facts {
        Facts::Positive(f) => positive_lines(game, f, table, lang),
        Facts::Negative(f) => f
            .declarers
            .iter()
            .flatten()
            .map(|b| {
                let target = b.contract.target_tricks().unwrap_or(0);
                let tricks = f.tricks[b.seat.index()];
                let id = if tricks == target {
                    "kr-settle-negative-won"
                } else {
                    "kr-settle-negative-lost"
                };
                tr!(
                    lang,
                    id,
                    game = contract_name(b.contract, lang),
                    name = name(table, b.seat),
                    tricks = tricks,
                    target = target
                )
            })
            .collect(),
        Facts::Trischaken(f) => {
            let mut lines = vec![tr!(
                lang,
                "kr-settle-trischaken",
                name = name(table, f.fahrer)
            )];
            // The talon goes to the winner of the last trick (SPEC §6.1).
            if let Some(last) = game.play().and_then(|p| p.trick(usize::from(TRICKS) - 1)) {
                let talon = game.deal().talon_set();
                lines.push(tr!(
                    lang,
                    "kr-settle-trischaken-talon",
                    cards = cards_text(talon, lang),
                    points = points(talon.thirds(), lang),
                    name = name(table, last.winner)
                ));
            }
            for seat in Seat::ALL {
                let i = seat.index();
                let id = if f.tricks[i] == 0 {
                    "kr-settle-trischaken-jungfrau"
                } else {
                    "kr-settle-trischaken-seat"
                };
                lines.push(tr!(
                    lang,
                    id,
                    name = name(table, seat),
                    points = points(f.thirds[i], lang),
                    tricks = f.tricks[i]
                ));
            }
            lines
        }
        Facts::Schleifen(f) => vec![tr!(
            lang,
            "kr-settle-schleifen",
            name = name(table, f.declarer),
            game = contract_name(f.contract, lang)
        )],
    }
}

/// A positive game: contract, declarer, partner or alone, and the points.
fn positive_lines(game: &Game, f: &PositiveFacts, table: &TableContext, lang: Lang) -> Vec<String> {
    let declarer = game.declared().map_or(Seat::S0, |d| d.declarer);
    let game_name = contract_name(f.contract, lang);
    let who = name(table, declarer);
    let partner = Seat::ALL
        .into_iter()
        .find(|s| *s != declarer && f.parties[s.index()] == Party::Declarer);
    let head = match (game.called(), partner) {
        (Some(c), Some(p)) => tr!(
            lang,
            "kr-settle-rufer",
            game = game_name,
            name = who,
            king = card_label(c.card, lang),
            partner = name(table, p)
        ),
        (Some(c), None) => tr!(
            lang,
            "kr-settle-rufer-alone",
            game = game_name,
            name = who,
            king = card_label(c.card, lang)
        ),
        (None, _) => tr!(lang, "kr-settle-solo", game = game_name, name = who),
    };
    let opponents = TOTAL_THIRDS - f.thirds.min(TOTAL_THIRDS);
    let counts = tr!(
        lang,
        "kr-settle-points",
        dpoints = points(f.thirds, lang),
        opoints = points(opponents, lang),
        dtricks = f.tricks,
        otricks = TRICKS.saturating_sub(f.tricks)
    );
    vec![head, counts]
}

/// What a line scores, as its name.
fn what(game: &Game, line: &Line, table: &TableContext, lang: Lang) -> String {
    let rules = game.rules();
    match line.what {
        Scored::Game { contract } => {
            let id = if line.winner == Some(Party::Declarer) {
                "kr-settle-game-won"
            } else {
                "kr-settle-game-lost"
            };
            tr!(lang, id, game = contract_name(contract, lang))
        }
        Scored::Valat => {
            let id = if line.announced {
                "kr-settle-valat-announced"
            } else {
                "kr-settle-valat-silent"
            };
            tr!(lang, id)
        }
        Scored::Premium { premium } => {
            let id = if line.announced {
                "kr-settle-premium-announced"
            } else {
                "kr-settle-premium-silent"
            };
            tr!(lang, id, premium = premium_name(premium, rules, lang))
        }
        Scored::Negative {
            contract,
            declarer,
            opponent,
        } => tr!(
            lang,
            "kr-settle-pair",
            game = contract_name(contract, lang),
            declarer = name(table, declarer),
            opponent = name(table, opponent)
        ),
        Scored::Trischaken => tr!(lang, "kr-settle-trischaken-item"),
        Scored::Schleifen { contract } => tr!(
            lang,
            "kr-settle-schleifen-item",
            game = contract_name(contract, lang)
        ),
    }
}

/// One scored line: what, for which side, its value per opponent (the
/// Schrift); under Kontra also who gave each step and what the line is
/// worth in money (in the score too where the rules count Kontra there).
fn line_text(game: &Game, line: &Line, table: &TableContext, lang: Lang) -> String {
    let what = what(game, line, table, lang);
    let text = match line.winner {
        Some(party) if line.what != Scored::Trischaken => tr!(
            lang,
            "kr-settle-line",
            what = what,
            side = side(party, lang),
            value = signed(i64::from(line.value))
        ),
        _ => {
            return tr!(
                lang,
                "kr-settle-line-seats",
                what = what,
                seats = per_seat(&line.money, table)
            );
        }
    };
    if line.kontra == 0 {
        return text;
    }
    let multiplier = 1i64 << line.kontra;
    let givers: Vec<String> = kontra_givers(game, line)
        .into_iter()
        .enumerate()
        .map(|(i, seat)| {
            let level = u8::try_from(i + 1).unwrap_or(u8::MAX);
            tr!(
                lang,
                "kr-settle-kontra-by",
                kontra = kontra_name(level, lang),
                name = name(table, seat)
            )
        })
        .collect();
    let id = if game.rules().kontra_in_score {
        "kr-settle-kontra-both"
    } else {
        "kr-settle-kontra-money"
    };
    tr!(
        lang,
        id,
        line = text,
        kontras = givers.join(", "),
        multiplier = multiplier,
        value = signed(i64::from(line.value) * multiplier)
    )
}

/// Who gave the Kontra steps on a line's item, in order (Kontra,
/// Rekontra, Subkontra), from the deal's log: a positive game's item (a
/// silent Valat carries the game's Kontras, SPEC §9.2 V3), or a negative
/// game's pair of declarer and opponent.
fn kontra_givers(game: &Game, line: &Line) -> Vec<Seat> {
    let item = match line.what {
        Scored::Game { .. } => Some(Item::Spiel),
        Scored::Valat if line.announced => Some(Item::Premium(Premium::Valat)),
        Scored::Valat => Some(Item::Spiel),
        Scored::Premium { premium } => Some(Item::Premium(premium)),
        _ => None,
    };
    game.log()
        .iter()
        .filter(|(seat, action)| match (line.what, action) {
            (
                Scored::Negative {
                    declarer, opponent, ..
                },
                Action::Kontra(_, Some(other)),
            ) => (*seat, *other) == (opponent, declarer) || (*seat, *other) == (declarer, opponent),
            (_, Action::Kontra(i, None)) => Some(*i) == item,
            _ => false,
        })
        .map(|(seat, _)| *seat)
        .take(usize::from(line.kontra))
        .collect()
}

/// Amounts per seat: `Anna +5 · Bert −5 · …`.
fn per_seat(amounts: &[i64; 4], table: &TableContext) -> String {
    Seat::ALL
        .into_iter()
        .map(|s| format!("{} {}", name(table, s), signed(amounts[s.index()])))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The score per seat, and the money when Kontra made it differ.
fn totals(s: &Settlement, table: &TableContext, lang: Lang) -> Vec<String> {
    let mut lines = vec![tr!(
        lang,
        "kr-settle-score",
        seats = per_seat(&s.score, table)
    )];
    if s.money != s.score {
        lines.push(tr!(
            lang,
            "kr-settle-money",
            seats = per_seat(&s.money, table)
        ));
    }
    lines
}
