//! The table message's body, from the [`PublicView`] alone: the auction so
//! far or the contract, the called King, the talon halves once the rules
//! show them, face-up discards, the parties as far as they are known,
//! announcements and Kontras, ouvert hands after the first trick, the
//! tricks, and who is to act. A hand, a hidden talon half or a face-down
//! discard never appears.

use tarock_koenigrufen::view::PublicView;
use tarock_koenigrufen::{Action, Game, Item, Party, Phase, Seat};

use super::words::{
    card_label, cards_text, contract_name, item_name, kontra_name, name, premium_name, side,
};
use crate::text::Lang;
use crate::text::tr;
use tarock_face::TableContext;

/// The public text of `game`.
pub fn public_text(game: &Game, table: &TableContext, lang: Lang) -> String {
    let view = game.public_view();
    let mut lines = vec![order_line(&view, table, lang)];
    if view.phase == Phase::Auction {
        lines.extend(auction_line(&view, table, lang));
    } else {
        lines.extend(contract_lines(&view, table, lang));
        lines.extend(talon_lines(game, &view, table, lang));
        lines.extend(announcement_lines(&view, table, lang));
        lines.extend(play_lines(&view, table, lang));
    }
    match view.to_act {
        Some(seat) => lines.push(tr!(lang, "kr-to-act", name = name(table, seat))),
        None if view.phase == Phase::Finished => lines.push(tr!(lang, "kr-deal-over")),
        None => {}
    }
    lines.join("\n")
}

/// The order of play from the dealt Vorhand round the table, the Vorhand
/// marked (the table's header already names the game).
fn order_line(view: &PublicView, table: &TableContext, lang: Lang) -> String {
    let mut seat = view.forehand;
    let mut names = Vec::new();
    for _ in Seat::ALL {
        let who = name(table, seat);
        names.push(if seat == view.vorhand {
            tr!(lang, "kr-title-vorhand", name = who)
        } else {
            who
        });
        seat = seat.next();
    }
    tr!(lang, "kr-title", order = names.join(" → "))
}

/// The auction's words so far.
fn auction_line(view: &PublicView, table: &TableContext, lang: Lang) -> Option<String> {
    let words: Vec<String> = view
        .history
        .iter()
        .filter_map(|e| {
            let word = match e.action? {
                Action::Vorhand => tr!(lang, "kr-word-vorhand"),
                Action::Weiter => tr!(lang, "kr-word-weiter"),
                Action::Halte => tr!(lang, "kr-word-halte"),
                Action::VorhandWeiter => tr!(lang, "kr-word-vorhand-weiter"),
                Action::Bid(c) => contract_name(c, lang),
                Action::Bei(c) => tr!(lang, "kr-button-bei", game = contract_name(c, lang)),
                _ => return None,
            };
            Some(format!("{} {word}", name(table, e.seat)))
        })
        .collect();
    (!words.is_empty()).then(|| tr!(lang, "kr-auction", words = words.join(" · ")))
}

/// The contract, its declarers, the called King and the known partner.
fn contract_lines(view: &PublicView, table: &TableContext, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    let declarers: Vec<String> = view
        .declarers
        .iter()
        .enumerate()
        .map(|(i, (seat, c))| {
            let game = if i == 0 {
                contract_name(*c, lang)
            } else {
                tr!(lang, "kr-button-bei", game = contract_name(*c, lang))
            };
            tr!(lang, "kr-contract", game = game, name = name(table, *seat))
        })
        .collect();
    lines.push(declarers.join(" · "));
    if let Some(king) = view.called {
        let id = if view.called_fourth {
            "kr-called-fourth"
        } else {
            "kr-called"
        };
        lines.push(tr!(lang, id, king = card_label(king, lang)));
    }
    let first = view.declarers.first().map(|(s, _)| *s);
    let partners: Vec<String> = Seat::ALL
        .into_iter()
        .filter(|s| Some(*s) != first && view.parties[s.index()] == Some(Party::Declarer))
        .filter(|s| !view.declarers.iter().any(|(d, _)| d == s))
        .map(|s| name(table, s))
        .collect();
    if view.called.is_some() && !partners.is_empty() {
        lines.push(tr!(lang, "kr-partner-known", names = partners.join(", ")));
    }
    lines
}

/// The talon as far as it is shown, how the declarer took it, Mussolini's
/// row, and the face-up discards.
fn talon_lines(game: &Game, view: &PublicView, table: &TableContext, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    if let [Some(first), Some(second)] = view.talon {
        lines.push(tr!(
            lang,
            "kr-talon",
            first = cards_text(first, lang),
            second = cards_text(second, lang)
        ));
    }
    let declarer = view.declarers.first().map(|(s, _)| name(table, *s));
    match (view.talon_taken, declarer) {
        (Some(tarock_koenigrufen::talon::Taken::Half(h)), Some(who)) => {
            lines.push(tr!(lang, "kr-did-take", name = who, half = h.number()));
        }
        (Some(tarock_koenigrufen::talon::Taken::All), Some(who)) => {
            lines.push(tr!(lang, "kr-did-take-all", name = who));
        }
        _ => {}
    }
    if view.phase == Phase::Mussolini {
        lines.push(tr!(
            lang,
            "kr-row-left",
            count = game.talon().row_left.left()
        ));
    }
    if !view.face_up.is_empty() {
        // After the deal every discard is shown, face-down ones too.
        let id = if view.phase == Phase::Finished {
            "kr-laid-aside"
        } else {
            "kr-face-up"
        };
        lines.push(tr!(lang, id, cards = cards_text(view.face_up, lang)));
    }
    lines
}

/// Announced premiums and Kontras (positive games: per item with its owner;
/// negative games: per declarer and opponent).
fn announcement_lines(view: &PublicView, table: &TableContext, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    for (item, state) in &view.items {
        let kontra = (state.level > 0).then(|| kontra_name(state.level, lang));
        let part = match (item, kontra) {
            (Item::Spiel, None) => continue,
            (Item::Spiel, Some(k)) => tr!(
                lang,
                "kr-item-kontra",
                item = item_name(*item, &view.rules, lang),
                kontra = k
            ),
            (Item::Premium(p), k) => {
                let who = state
                    .announcer
                    .map_or_else(|| side(state.owner, lang), |s| name(table, s));
                let text = tr!(
                    lang,
                    "kr-item-announced",
                    item = premium_name(*p, &view.rules, lang),
                    who = who
                );
                match k {
                    Some(k) => format!("{text} {k}"),
                    None => text,
                }
            }
        };
        parts.push(part);
    }
    let mut lines = Vec::new();
    if !parts.is_empty() {
        lines.push(tr!(lang, "kr-announced", items = parts.join(" · ")));
    }
    for d in Seat::ALL {
        for o in Seat::ALL {
            let level = view.pair_levels[d.index()][o.index()];
            if level > 0 {
                lines.push(tr!(
                    lang,
                    "kr-pair-kontra",
                    kontra = kontra_name(level, lang),
                    opponent = name(table, o),
                    declarer = name(table, d)
                ));
            }
        }
    }
    lines
}

/// Ouvert hands, tricks per seat, the last trick and the trick being played.
fn play_lines(view: &PublicView, table: &TableContext, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    for seat in Seat::ALL {
        if let Some(hand) = view.open_hands[seat.index()] {
            lines.push(tr!(
                lang,
                "kr-open-hand",
                name = name(table, seat),
                cards = cards_text(hand, lang)
            ));
        }
    }
    if !matches!(view.phase, Phase::Play | Phase::Finished) {
        return lines;
    }
    if !view.tricks.is_empty() {
        let won: Vec<String> = Seat::ALL
            .into_iter()
            .map(|s| format!("{} {}", name(table, s), view.won[s.index()]))
            .collect();
        lines.push(tr!(lang, "kr-tricks-won", tricks = won.join(" · ")));
    }
    let plays = |trick: &tarock_koenigrufen::trick::Trick| plays(trick, table, lang);
    if let Some(last) = view.tricks.last() {
        lines.push(tr!(
            lang,
            "kr-last-trick",
            plays = plays(&last.trick),
            winner = name(table, last.winner)
        ));
    }
    if let Some(trick) = view.trick.filter(|t| !t.is_empty()) {
        lines.push(tr!(lang, "kr-trick", plays = plays(&trick)));
    }
    lines
}

/// The cards of a trick in play order, each after its player's name.
pub fn plays(trick: &tarock_koenigrufen::trick::Trick, table: &TableContext, lang: Lang) -> String {
    let mut seat = trick.leader();
    trick
        .cards()
        .map(|c| {
            let part = format!("{} {}", name(table, seat), card_label(c, lang));
            seat = seat.next();
            part
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The last completed trick of the deal (`None` before the first).
pub fn last_trick(game: &Game, table: &TableContext, lang: Lang) -> Option<String> {
    let view = game.public_view();
    let last = view.tricks.last()?;
    Some(tr!(
        lang,
        "kr-last-trick",
        plays = plays(&last.trick, table, lang),
        winner = name(table, last.winner)
    ))
}

/// The tricks taken by `seat`'s party as far as `seat` knows it (its own
/// and its known partners'); `None` while `seat` does not know its party.
pub fn our_tricks(game: &Game, seat: Seat, table: &TableContext, lang: Lang) -> Option<String> {
    let view = game.view(seat);
    let mine = view.parties[seat.index()]?;
    let ours: Vec<String> = view
        .public
        .tricks
        .iter()
        .filter(|t| view.parties[t.winner.index()] == Some(mine))
        .map(|t| {
            let cards: Vec<String> = t.trick.cards().map(|c| card_label(c, lang)).collect();
            format!("{}: {}", name(table, t.winner), cards.join(" "))
        })
        .collect();
    Some(tr!(
        lang,
        "kr-our-tricks",
        side = side(mine, lang),
        count = ours.len(),
        tricks = ours.join(" | ")
    ))
}
