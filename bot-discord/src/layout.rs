//! Fitting the table service's messages into what Discord accepts: buttons
//! into at most five rows of five (the rest in a select menu), texts into
//! 2 000 characters, names into mentions. Pure functions, tested here.

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};
use tarock_table::{Button, Payload};

/// The longest message content Discord takes, in characters.
pub const MAX_TEXT: usize = 2000;
/// Action rows per message.
pub const MAX_ROWS: usize = 5;
/// Buttons per action row.
pub const MAX_PER_ROW: usize = 5;
/// The longest button label.
pub const MAX_LABEL: usize = 80;
/// Options in one select menu.
pub const MAX_OPTIONS: usize = 25;
/// The custom id of the select menu that holds the buttons that did not
/// fit; each option's value is the payload of its button.
pub const SELECT_ID: &str = "more";

/// How the buttons of one message are laid out for Discord.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// Up to five buttons side by side.
    Buttons(Vec<Button>),
    /// One select menu (a row of its own) with up to 25 options.
    Select(Vec<Button>),
}

/// Lays out keyboard rows: each row split into pieces of five; if that
/// makes more than five rows, the buttons are packed five to a row, and if
/// they are still too many, those beyond four rows go into one select menu. Buttons beyond what a
/// message can hold at all (4 × 5 + 25) are dropped, which the service's
/// keyboards never come near.
pub fn rows(keyboard: &[Vec<Button>]) -> Vec<Row> {
    let split: Vec<Vec<Button>> = keyboard
        .iter()
        .flat_map(|row| row.chunks(MAX_PER_ROW).map(<[Button]>::to_vec))
        .filter(|row| !row.is_empty())
        .collect();
    if split.len() <= MAX_ROWS {
        return split.into_iter().map(Row::Buttons).collect();
    }
    let all: Vec<Button> = split.into_iter().flatten().collect();
    if all.len() <= MAX_ROWS * MAX_PER_ROW {
        return all
            .chunks(MAX_PER_ROW)
            .map(|c| Row::Buttons(c.to_vec()))
            .collect();
    }
    let (front, rest) = all.split_at((MAX_ROWS - 1) * MAX_PER_ROW);
    let mut out: Vec<Row> = front
        .chunks(MAX_PER_ROW)
        .map(|c| Row::Buttons(c.to_vec()))
        .collect();
    out.push(Row::Select(
        rest.iter().take(MAX_OPTIONS).cloned().collect(),
    ));
    out
}

/// A label cut to Discord's 80 characters.
fn label(text: &str) -> String {
    cut(text, MAX_LABEL)
}

/// Whether a payload is one of the lobby's main actions (join, start),
/// shown as primary buttons.
fn primary(payload: &str) -> bool {
    payload.parse::<Payload>().is_ok_and(|p| {
        matches!(
            p.action,
            tarock_table::ButtonAction::Join | tarock_table::ButtonAction::Start
        )
    })
}

/// The keyboard as Discord action rows.
pub fn components(keyboard: &[Vec<Button>]) -> Vec<CreateActionRow> {
    rows(keyboard)
        .into_iter()
        .map(|row| match row {
            Row::Buttons(buttons) => CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        let style = if primary(&b.payload) {
                            ButtonStyle::Primary
                        } else {
                            ButtonStyle::Secondary
                        };
                        CreateButton::new(b.payload.clone())
                            .label(label(&b.label))
                            .style(style)
                    })
                    .collect(),
            ),
            Row::Select(buttons) => {
                let options = buttons
                    .iter()
                    .map(|b| CreateSelectMenuOption::new(label(&b.label), b.payload.clone()))
                    .collect();
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(SELECT_ID, CreateSelectMenuKind::String { options })
                        .placeholder("…"),
                )
            }
        })
        .collect()
}

/// A text cut to `max` characters.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => text[..at].to_owned(),
        None => text.to_owned(),
    }
}

/// Splits a text into messages of at most 2 000 characters, preferring
/// line breaks, never cutting a character.
pub fn split_text(text: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut len = 0;
    for line in text.split_inclusive('\n') {
        let line_len = line.chars().count();
        if len + line_len <= MAX_TEXT {
            current.push_str(line);
            len += line_len;
            continue;
        }
        if !current.is_empty() {
            pieces.push(std::mem::take(&mut current));
            len = 0;
        }
        for ch in line.chars() {
            if len == MAX_TEXT {
                pieces.push(std::mem::take(&mut current));
                len = 0;
            }
            current.push(ch);
            len += 1;
        }
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// Escapes Discord's markdown in a text from the service (which has no
/// markup of its own): player names with `*` or `_` stay as typed.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if matches!(ch, '\\' | '*' | '_' | '~' | '|' | '`') {
            out.push('\\');
        }
        out.push(ch);
        // Mention syntax in a name (`@everyone`, `@here`, `<@123>`,
        // `<#1>`, `<@&2>`) is broken by an invisible space, so it can
        // neither notify nor render as a mention.
        if ch == '@' || ch == '<' {
            out.push('\u{200B}');
        }
    }
    out
}

/// Turns the first occurrence of each mentioned user's name in an escaped
/// text into a Discord mention `<@id>`; returns the text and the user ids
/// actually mentioned (the only ones the message may notify).
pub fn with_mentions<'a>(
    text: &str,
    users: impl Iterator<Item = (&'a str, &'a str)>,
) -> (String, Vec<u64>) {
    let mut text = text.to_owned();
    let mut ids = Vec::new();
    for (user_id, name) in users {
        let (Ok(id), name) = (user_id.parse::<u64>(), escape(name)) else {
            continue;
        };
        if name.is_empty() || ids.contains(&id) {
            continue;
        }
        if let Some(at) = text.find(&name) {
            text.replace_range(at..at + name.len(), &format!("<@{id}>"));
            ids.push(id);
        }
    }
    (text, ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(i: usize) -> Button {
        Button {
            label: format!("b{i}"),
            payload: format!("t1:1.{i}:w"),
        }
    }

    fn count(rows: &[Row]) -> usize {
        rows.iter()
            .map(|r| match r {
                Row::Buttons(b) | Row::Select(b) => b.len(),
            })
            .sum()
    }

    #[test]
    fn keyboards_fit_five_rows_of_five() {
        // Twelve cards in rows of five stay as they are.
        let cards: Vec<Vec<Button>> = (0..12)
            .map(button)
            .collect::<Vec<_>>()
            .chunks(5)
            .map(<[Button]>::to_vec)
            .collect();
        let laid = rows(&cards);
        assert_eq!(laid.len(), 3);
        assert!(matches!(&laid[2], Row::Buttons(b) if b.len() == 2));
        // A row of seven is split into five and two.
        let laid = rows(&[(0..7).map(button).collect()]);
        assert_eq!(laid.len(), 2);
        assert!(matches!(&laid[0], Row::Buttons(b) if b.len() == 5));
        // Seven rows of two: packed, and nothing lost.
        let many: Vec<Vec<Button>> = (0..7)
            .map(|r| vec![button(2 * r), button(2 * r + 1)])
            .collect();
        let laid = rows(&many);
        assert!(laid.len() <= MAX_ROWS);
        assert_eq!(count(&laid), 14);
        // Thirty buttons: four rows of five, ten in the select menu, in order.
        let thirty: Vec<Vec<Button>> = (0..30).map(|i| vec![button(i)]).collect();
        let laid = rows(&thirty);
        assert_eq!(laid.len(), MAX_ROWS);
        assert!(matches!(&laid[4], Row::Select(b) if b.len() == 10 && b[0] == button(20)));
        assert_eq!(count(&laid), 30);
        assert!(rows(&[vec![], vec![]]).is_empty());
    }

    #[test]
    fn texts_are_split_and_cut_on_characters() {
        assert_eq!(split_text("kurz"), vec!["kurz".to_owned()]);
        let line = "♥K ".repeat(400); // 1 200 characters
        let text = format!("{line}\n{line}\n{line}");
        let pieces = split_text(&text);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| p.chars().count() <= MAX_TEXT));
        assert_eq!(pieces.concat(), text);
        let long = "ü".repeat(4500);
        let pieces = split_text(&long);
        assert_eq!(
            pieces.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
            vec![2000, 2000, 500]
        );
        assert_eq!(cut("Sküs", 3), "Skü");
        assert_eq!(cut("XXI", 80), "XXI");
    }

    #[test]
    fn names_become_mentions_and_markdown_is_escaped() {
        assert_eq!(escape("a_b *c*"), "a\\_b \\*c\\*");
        let text = escape("⏰ Anna_1, du bist dran. Anna_1!");
        let (out, ids) = with_mentions(
            &text,
            [("11", "Anna_1"), ("x", "Bert"), ("12", "Nobody")].into_iter(),
        );
        assert_eq!(out, "⏰ <@11>, du bist dran. Anna\\_1!");
        assert_eq!(ids, vec![11]);
    }
}
