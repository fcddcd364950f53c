//! # tarock-games: every game of the family, chosen at runtime
//!
//! The rules of each game live in their own crate under `games/`; the
//! boundary they share is `tarock-game-core`. This crate only lists them, so
//! that code which learns the game from data (a table's stored game id, a
//! record's `format` field) gets the right one as a [`DynKind`] and its
//! rounds as boxed [`DynGame`]s. Code that knows its game at compile time
//! (computer players, the arena, one game's tests) uses the game's type with
//! the generic [`tarock_game_core::Game`] trait instead, without boxes.
//!
//! ```
//! use tarock_games::{by_id, from_record};
//! use tarock_game_core::Seat;
//!
//! let kind = by_id("zwanzig-ab").unwrap();
//! assert_eq!(kind.seat_range(), (3, 5));
//! let round = kind.new_round(&"standard".into(), 3, Seat::new(0)).unwrap();
//! assert!(round.needs_deck());
//! // A round's record names its game, so it comes back as the same game.
//! let text = round.to_record().unwrap();
//! assert!(from_record(&text).unwrap().same_as(round.as_ref()));
//! ```

use tarock_game_core::{DynGame, DynKind, Game, Kind, RecordRefused, record};
use tarock_player::arena::DynArena;
use tarock_player::{DynComputers, DynPlayer, Level};

pub mod seeded;
pub use seeded::SeededRound;
use tarock_face::GameFace;
use tarock_koenigrufen::Koenigrufen;
use tarock_zwanzig_ab::ZwanzigAb;
use tarock_zwanzigerrufen::Zwanzigerrufen;

static ZWANZIGERRUFEN: Kind<Zwanzigerrufen> = Kind::new();
static KOENIGRUFEN: Kind<Koenigrufen> = Kind::new();
static ZWANZIG_AB: Kind<ZwanzigAb> = Kind::new();

static ZWANZIGERRUFEN_FACE: tarock_zwanzigerrufen_face::ZwanzigerrufenFace =
    tarock_zwanzigerrufen_face::ZwanzigerrufenFace;
static KOENIGRUFEN_FACE: tarock_koenigrufen_face::KoenigrufenFace =
    tarock_koenigrufen_face::KoenigrufenFace;
static ZWANZIG_AB_FACE: tarock_zwanzig_ab_face::ZwanzigAbFace =
    tarock_zwanzig_ab_face::ZwanzigAbFace;

/// Every game's face at a table ([`GameFace`]), in the order of [`GAMES`].
/// (The table service still walks Zwanzigerrufen's own path until the
/// switch step; it keeps Zwanzigerrufen's face aside itself.)
static FACES: [&dyn GameFace; 3] = [&ZWANZIGERRUFEN_FACE, &KOENIGRUFEN_FACE, &ZWANZIG_AB_FACE];

/// Every face the registry lists, for code that asks each of them (which
/// game knows this word, this card, this text id).
pub fn faces() -> &'static [&'static dyn GameFace] {
    &FACES
}

/// The face of the game with this id, if it has one.
pub fn face(id: &str) -> Option<&'static dyn GameFace> {
    FACES.iter().copied().find(|f| f.id() == id)
}

/// Every game of the family, Zwanzigerrufen (the first) first.
pub static GAMES: [&dyn DynKind; 3] = [&ZWANZIGERRUFEN, &KOENIGRUFEN, &ZWANZIG_AB];

/// The game a table plays when none is chosen (Zwanzigerrufen, the first
/// game of the family): front ends and tools take it from here.
pub const DEFAULT_GAME: &str = Zwanzigerrufen::ID;

/// The words people type for a game besides its id (which is read too),
/// compared as [`by_word`] compares them.
static ALIASES: [(&str, &str); 5] = [
    ("20ab", ZwanzigAb::ID),
    ("20errufen", Zwanzigerrufen::ID),
    ("zwanziger", Zwanzigerrufen::ID),
    ("königrufen", Koenigrufen::ID),
    ("konigrufen", Koenigrufen::ID),
];

/// The game with this id (`"zwanzigerrufen"`, `"koenigrufen"`, `"zwanzig-ab"`).
pub fn by_id(id: &str) -> Option<&'static dyn DynKind> {
    GAMES.iter().copied().find(|g| g.id() == id)
}

/// The game a person's word names: its id or one of its other names
/// (`20ab`, `zwanzig-ab`, `20 ab`, `zwanziger`, `Königrufen`, `koenigrufen`),
/// in any case, with or without spaces, `-` and `_`.
pub fn by_word(word: &str) -> Option<&'static dyn DynKind> {
    let key = |w: &str| -> String {
        w.trim()
            .to_lowercase()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .collect()
    };
    let wanted = key(word);
    GAMES
        .iter()
        .copied()
        .find(|g| key(g.id()) == wanted)
        .or_else(|| {
            let (_, id) = ALIASES.iter().find(|(alias, _)| key(alias) == wanted)?;
            by_id(id)
        })
}

/// Every game's computer players, in the order of [`GAMES`].
static COMPUTERS: [&dyn DynComputers; 3] = [
    &tarock_zwanzigerrufen_ai::COMPUTERS,
    &tarock_koenigrufen_ai::COMPUTERS,
    &tarock_zwanzig_ab_ai::COMPUTERS,
];

/// Every game's duplicate arena, in the order of [`GAMES`].
static ARENAS: [&dyn DynArena; 3] = [
    &tarock_zwanzigerrufen_ai::arena::ARENA,
    &tarock_koenigrufen_ai::ledger::ARENA,
    &tarock_zwanzig_ab_ai::arena::ARENA,
];

/// The computer player levels the game with this id offers, weakest
/// first; none for an id that is no game.
pub fn levels_of(id: &str) -> &'static [Level] {
    COMPUTERS
        .iter()
        .find(|c| c.game() == id)
        .map_or(&[], |c| c.levels())
}

/// A new computer player of `level` for rounds of the game with this id,
/// answering with action tokens; `None` for an id that is no game or a
/// level it does not offer. The table and the terminal ask this instead of
/// naming a game's AI.
pub fn computer(id: &str, level: Level) -> Option<Box<dyn DynPlayer>> {
    COMPUTERS.iter().find(|c| c.game() == id)?.player(level)
}

/// The duplicate arena of the game with this id (`tarock arena --game`).
pub fn arena(id: &str) -> Option<&'static dyn DynArena> {
    ARENAS.iter().copied().find(|a| a.game() == id)
}

/// The rule presets of the game with this id, its default first; none for
/// an id that is no game. Front ends list and check presets by it.
pub fn presets_of(id: &str) -> &'static [&'static str] {
    by_id(id).map_or(&[], |g| g.presets())
}

/// The game whose records have this `format`.
pub fn by_record_format(format: &str) -> Option<&'static dyn DynKind> {
    GAMES.iter().copied().find(|g| g.record_format() == format)
}

/// The round a record of any game describes, the game chosen by the
/// record's `format` field.
///
/// # Errors
/// [`RecordRefused`]: not a record, a format no game writes, or the game's
/// refusal of the record.
pub fn from_record(text: &str) -> Result<Box<dyn DynGame>, RecordRefused> {
    let format = record::format_of(text)?;
    by_record_format(&format)
        .ok_or(RecordRefused::UnknownFormat(format))?
        .read_record(text)
}
