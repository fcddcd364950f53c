//! One seat's private message: its cards, what it alone knows (its party,
//! its discards, Mussolini's row, the card it drew), what it is asked to do,
//! and the buttons of exactly its legal actions. The declarer's discard is
//! chosen in steps ([`super::draft`]): only cards that can still end in a
//! legal discard are offered, the forced face-up discards are named, and a
//! confirm button carries the finished discard.

use tarock_koenigrufen::{Action, Game, LegalActions, Party, Phase, Seat, SeatView};

use super::draft::Picked;
use super::words::{
    button_label, card_label, cards_text, contract_name, fourth_king, name, sorted,
};
use crate::text::Lang;
use crate::text::tr;
use tarock_face::{Choice, SeatText, TableContext};

/// Buttons per row (Discord's limit).
const ROW: usize = 5;

/// Splits buttons into rows of at most five.
fn rows(choices: Vec<Choice>) -> Vec<Vec<Choice>> {
    choices.chunks(ROW).map(<[Choice]>::to_vec).collect()
}

/// What `seat` sees privately and may choose in `game`.
pub fn seat_text(
    game: &Game,
    seat: Seat,
    draft: Option<&str>,
    table: &TableContext,
    lang: Lang,
) -> SeatText {
    let view = game.view(seat);
    let mut lines = situation(game, &view, lang);
    let mut choices = Vec::new();
    match view.legal {
        Some(legal) if legal.seat == Some(seat) => {
            ask(
                game,
                &view,
                &legal,
                draft,
                table,
                lang,
                &mut lines,
                &mut choices,
            );
        }
        _ => {
            if let Some(to_act) = view.public.to_act {
                lines.push(tr!(lang, "kr-to-act", name = name(table, to_act)));
            }
        }
    }
    SeatText {
        text: lines.join("\n"),
        choices,
    }
}

/// The seat's cards and what only it knows.
fn situation(game: &Game, view: &SeatView, lang: Lang) -> Vec<String> {
    let mut lines = vec![tr!(
        lang,
        "kr-your-hand",
        cards = cards_text(view.hand, lang)
    )];
    if let (Some(party), Some(d)) = (view.my_party(), game.declared()) {
        let game_name = contract_name(d.contract, lang);
        let line = if d.seats().contains(view.seat) {
            tr!(lang, "kr-you-declare", game = game_name)
        } else if party == Party::Declarer {
            let king = game.called().map(|c| card_label(c.card, lang));
            tr!(lang, "kr-you-partner", king = king.unwrap_or_default())
        } else {
            tr!(lang, "kr-you-oppose", game = game_name)
        };
        lines.push(line);
    }
    if game.phase() != Phase::Finished && !view.own_discard.is_empty() {
        lines.push(tr!(
            lang,
            "kr-your-discard",
            cards = cards_text(view.own_discard, lang)
        ));
    }
    if let Some(row) = view.row.filter(|_| game.phase() == Phase::Mussolini) {
        let cards: Vec<String> = row.iter().map(|c| card_label(*c, lang)).collect();
        lines.push(tr!(lang, "kr-your-row", cards = cards.join(" ")));
    }
    if let Some(card) = view.drawn {
        lines.push(tr!(lang, "kr-you-drew", card = card_label(card, lang)));
    }
    lines
}

/// The question for the seat to act and its buttons.
#[allow(clippy::too_many_arguments)]
fn ask(
    game: &Game,
    view: &SeatView,
    legal: &LegalActions,
    draft: Option<&str>,
    table: &TableContext,
    lang: Lang,
    lines: &mut Vec<String>,
    choices: &mut Vec<Vec<Choice>>,
) {
    let words = |choices: &mut Vec<Vec<Choice>>| {
        let mut words = legal.words().to_vec();
        // Bids in the auction rank of the table's rules (SPEC §2.2, §2.3),
        // after the other words and before "bei".
        let rules = game.rules();
        words.sort_by_key(|a| match a {
            Action::Bid(c) => (1, rules.rank(*c)),
            Action::Bei(_) => (2, 0),
            _ => (0, 0),
        });
        let buttons = words
            .iter()
            .map(|a| Choice::act(button_label(game, *a, lang, table), a.code()))
            .collect();
        choices.extend(rows(buttons));
    };
    match view.public.phase {
        Phase::Auction => {
            lines.push(auction_question(game, view.seat, legal, lang));
            words(choices);
        }
        Phase::KingCall => {
            lines.push(tr!(lang, "kr-ask-call"));
            if let Some(king) = fourth_king(view.hand) {
                lines.push(tr!(lang, "kr-fourth-hint", king = card_label(king, lang)));
            }
            words(choices);
        }
        Phase::Talon => {
            let id = if game.king_in_talon() {
                "kr-ask-talon-king"
            } else {
                "kr-ask-talon"
            };
            lines.push(tr!(lang, id));
            words(choices);
        }
        Phase::Discard => discard(legal, draft, lang, lines, choices),
        Phase::Mussolini if legal.lay_aside.is_empty() => {
            lines.push(tr!(
                lang,
                "kr-ask-draw",
                count = game.talon().row_left.left()
            ));
            words(choices);
        }
        Phase::Mussolini => {
            lines.push(tr!(lang, "kr-ask-lay-aside"));
            let buttons = sorted(legal.lay_aside)
                .into_iter()
                .filter_map(|c| {
                    let action = Action::Discard(tarock_koenigrufen::CardList::new(&[c])?);
                    Some(Choice::act(card_label(c, lang), action.code()))
                })
                .collect();
            choices.extend(rows(buttons));
        }
        Phase::Announcements => {
            lines.push(tr!(
                lang,
                "kr-ask-announce",
                done = button_label(game, Action::Weiter, lang, table)
            ));
            words(choices);
        }
        Phase::Play => {
            lines.push(tr!(lang, "kr-ask-card"));
            let buttons = sorted(legal.cards)
                .into_iter()
                .map(|c| Choice::act(card_label(c, lang), Action::Play(c).code()))
                .collect();
            choices.extend(rows(buttons));
        }
        Phase::Finished => {}
    }
}

/// What the auction asks of the seat to speak.
fn auction_question(game: &Game, seat: Seat, legal: &LegalActions, lang: Lang) -> String {
    let auction = game.auction();
    let mut text = if auction.awaits_choice() {
        tr!(lang, "kr-ask-choice")
    } else if seat == auction.vorhand() && legal.words().contains(&Action::Vorhand) {
        tr!(lang, "kr-ask-open")
    } else {
        match auction.group().first() {
            Some(b) => tr!(lang, "kr-ask-bid", game = contract_name(b.contract, lang)),
            None => tr!(lang, "kr-ask-bid-none"),
        }
    };
    for a in legal.words() {
        if let Action::Bei(c) = a {
            text.push('\n');
            text.push_str(&tr!(lang, "kr-may-bei", game = contract_name(*c, lang)));
        }
    }
    text
}

/// The declarer's discard in steps: the cards still possible toggle into
/// the draft, the picked ones toggle out, and a finished legal discard is
/// confirmed with one button.
fn discard(
    legal: &LegalActions,
    draft: Option<&str>,
    lang: Lang,
    lines: &mut Vec<String>,
    choices: &mut Vec<Vec<Choice>>,
) {
    let Some(rule) = legal.discard else {
        return;
    };
    let picked = draft
        .and_then(|d| Picked::parse(d, &rule))
        .unwrap_or_default();
    let id = if legal.mussolini {
        "kr-ask-discard-mussolini"
    } else {
        "kr-ask-discard"
    };
    lines.push(tr!(lang, id, count = rule.need));
    let forced = rule.min_face_up();
    if forced > 0 && !rule.hidden {
        let id = if rule.trigger.contains(tarock_koenigrufen::Card::SKUS) {
            "kr-discard-forced-tarocks"
        } else {
            "kr-discard-forced-suits"
        };
        lines.push(tr!(lang, id, count = forced));
    }
    if !picked.is_empty() {
        let cards: Vec<String> = picked
            .cards()
            .iter()
            .map(|c| card_label(*c, lang))
            .collect();
        lines.push(tr!(lang, "kr-picked", cards = cards.join(" ")));
        let face_up = rule.face_up(picked.set());
        if !face_up.is_empty() {
            lines.push(tr!(
                lang,
                "kr-picked-face-up",
                cards = cards_text(face_up, lang)
            ));
        }
    }
    let set = picked.set();
    let open = if picked.len() < usize::from(rule.need) {
        rule.options(set)
    } else {
        tarock_koenigrufen::CardSet::EMPTY
    };
    let toggles: Vec<Choice> = sorted(rule.allowed)
        .into_iter()
        .filter(|c| set.contains(*c) || open.contains(*c))
        .map(|c| {
            let label = card_label(c, lang);
            let label = if set.contains(c) {
                format!("✓ {label}")
            } else {
                label
            };
            Choice::draft(label, picked.toggled(c).token())
        })
        .collect();
    choices.extend(rows(toggles));
    let mut controls = Vec::new();
    if let Some(list) = picked.finished(&rule) {
        controls.push(Choice::act(
            tr!(lang, "kr-button-discard", count = list.len()),
            Action::Discard(list).code(),
        ));
    }
    // With one card picked, taking it out again is already "start again":
    // a second button with the same payload would be one too many (Discord
    // refuses a message whose custom ids repeat).
    if picked.len() > 1 {
        controls.push(Choice::draft(
            tr!(lang, "kr-button-clear"),
            Picked::default().token(),
        ));
    }
    if !controls.is_empty() {
        choices.push(controls);
    }
}
