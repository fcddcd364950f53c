//! The help texts that list the games, their seats and their presets,
//! made from the game registry so that they follow the family as it grows.

use tarock_table::Lang;

/// A game's name in English (the language of `--help`), from its face in
/// the registry (its id for a game without one).
fn name(id: &str) -> String {
    tarock_games::face(id).map_or_else(|| id.to_owned(), |face| face.name(Lang::En))
}

/// `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The games by name: "Zwanzigerrufen, Königrufen and 20 ab".
pub fn names() -> String {
    let names: Vec<String> = tarock_games::GAMES.iter().map(|g| name(g.id())).collect();
    and_list(&names)
}

/// The help of `tarock` as a whole.
pub fn about() -> String {
    format!("The Austrian tarock family in the terminal: {}", names())
}

/// The help of `tarock play`.
pub fn play() -> String {
    format!(
        "Play {} at a table in the terminal, against computer players or with others at the same keyboard",
        or_list(
            &tarock_games::GAMES
                .iter()
                .map(|g| name(g.id()))
                .collect::<Vec<_>>()
        )
    )
}

/// The help of `--game`.
pub fn game() -> String {
    let ids: Vec<String> = tarock_games::GAMES
        .iter()
        .enumerate()
        .map(|(i, g)| {
            if i == 0 {
                format!("{} (default)", g.id())
            } else {
                g.id().to_owned()
            }
        })
        .collect();
    format!("The game of a new table: {}", or_list(&ids))
}

/// `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => items.join(""),
    }
}

/// The help of `--seats`.
pub fn seats() -> String {
    let mut defaults = Vec::new();
    let each: Vec<String> = tarock_games::GAMES
        .iter()
        .map(|g| {
            let (min, max) = g.seat_range();
            defaults.push(tarock_games::face(g.id()).map_or(min, |f| f.seat_choice().default));
            let seats = match max - min {
                0 => min.to_string(),
                1 => format!("{min} or {max}"),
                _ => format!("{min} to {max}"),
            };
            format!("{} {seats}", name(g.id()))
        })
        .collect();
    defaults.dedup();
    let default = match defaults.as_slice() {
        [one] => format!(" (default {one})"),
        _ => String::new(),
    };
    format!("Seats of a new table: {}{default}", each.join(", "))
}

/// The help of `--rules`.
pub fn rules() -> String {
    let each: Vec<String> = tarock_games::GAMES
        .iter()
        .map(|g| format!("{}: {}", name(g.id()), g.presets().join(", ")))
        .collect();
    format!(
        "Rules of a new table: a preset of its game ({}) or JSON. Default: the game's first preset",
        each.join("; ")
    )
}
