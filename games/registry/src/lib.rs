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
use tarock_player::simulate::Simulate;
use tarock_player::{DynComputers, DynPlayer, Level};

pub mod seeded;
pub use seeded::SeededRound;
pub use tarock_face::GameFace;
use tarock_koenigrufen::Koenigrufen;
use tarock_zwanzig_ab::ZwanzigAb;
use tarock_zwanzigerrufen::Zwanzigerrufen;

/// One game of the family, everything the registry knows of it in one
/// place: its rules behind the boundary, its face at a table (if it has one
/// yet), its computer players, its duplicate arena and the words people
/// type for it besides its id. Adding a game is one folder under `games/`
/// and one entry in [`ENTRIES`].
pub struct GameEntry {
    /// The game's rules as the boundary's object ([`DynKind`]).
    pub kind: &'static dyn DynKind,
    /// The game's face at a table; `None` while the game keeps its own path
    /// through the table service (Zwanzigerrufen, until its face lands).
    pub face: Option<&'static dyn GameFace>,
    /// The game's computer players by level.
    pub computers: &'static dyn DynComputers,
    /// The game's duplicate arena (`tarock arena --game`).
    pub arena: &'static dyn DynArena,
    /// The game's bidding arena, where both sides play strong's cards and
    /// differ only in the bidding (`tarock arena --players
    /// strong,strong-thresholds`): there the level `medium` stands for the
    /// strong player bidding by medium's thresholds. `None` for a game whose
    /// strong player bids by thresholds anyway.
    pub bidding_arena: Option<&'static dyn DynArena>,
    /// The words people type for the game besides its id, compared as
    /// [`by_word`] compares them.
    pub aliases: &'static [&'static str],
    /// The line `tarock replay` prints for a record of the game, and
    /// whether the record was invalid.
    pub replay: fn(&str) -> (String, bool),
    /// `tarock simulate` for the game: random legal deals, checked and
    /// reported by the game's own code.
    pub simulate: Simulate,
}

static ZWANZIGERRUFEN: Kind<Zwanzigerrufen> = Kind::new();
static KOENIGRUFEN: Kind<Koenigrufen> = Kind::new();
static ZWANZIG_AB: Kind<ZwanzigAb> = Kind::new();

static ZWANZIGERRUFEN_FACE: tarock_zwanzigerrufen_face::ZwanzigerrufenFace =
    tarock_zwanzigerrufen_face::ZwanzigerrufenFace;
static KOENIGRUFEN_FACE: tarock_koenigrufen_face::KoenigrufenFace =
    tarock_koenigrufen_face::KoenigrufenFace;
static ZWANZIG_AB_FACE: tarock_zwanzig_ab_face::ZwanzigAbFace =
    tarock_zwanzig_ab_face::ZwanzigAbFace;

/// Every game of the family, one entry each, Zwanzigerrufen (the first
/// game, the default) first. [`GAMES`], [`faces`] and every lookup of this
/// crate are answered from this list alone.
pub static ENTRIES: [GameEntry; 3] = [
    GameEntry {
        kind: &ZWANZIGERRUFEN,
        face: Some(&ZWANZIGERRUFEN_FACE),
        computers: &tarock_zwanzigerrufen_ai::COMPUTERS,
        arena: &tarock_zwanzigerrufen_ai::arena::ARENA,
        bidding_arena: Some(&tarock_zwanzigerrufen_ai::bidding_arena::BIDDING_ARENA),
        aliases: &["20errufen", "zwanziger"],
        replay: tarock_zwanzigerrufen::record::replay_line,
        simulate: tarock_zwanzigerrufen_ai::simulation::run,
    },
    GameEntry {
        kind: &KOENIGRUFEN,
        face: Some(&KOENIGRUFEN_FACE),
        computers: &tarock_koenigrufen_ai::COMPUTERS,
        arena: &tarock_koenigrufen_ai::ledger::ARENA,
        bidding_arena: Some(&tarock_koenigrufen_ai::bidding_arena::BIDDING_ARENA),
        aliases: &["königrufen", "konigrufen"],
        replay: tarock_koenigrufen::record::replay_line,
        simulate: tarock_koenigrufen_ai::simulation::run,
    },
    GameEntry {
        kind: &ZWANZIG_AB,
        face: Some(&ZWANZIG_AB_FACE),
        computers: &tarock_zwanzig_ab_ai::COMPUTERS,
        arena: &tarock_zwanzig_ab_ai::arena::ARENA,
        bidding_arena: None,
        aliases: &["20ab"],
        replay: tarock_zwanzig_ab::record::replay_line,
        simulate: tarock_zwanzig_ab_ai::simulation::run,
    },
];

/// The entry of the game with this id.
pub fn entry(id: &str) -> Option<&'static GameEntry> {
    ENTRIES.iter().find(|e| e.kind.id() == id)
}

/// Every game of the family, in the order of [`ENTRIES`] (Zwanzigerrufen,
/// the first, first).
pub static GAMES: [&dyn DynKind; ENTRIES.len()] = {
    let mut games: [&dyn DynKind; ENTRIES.len()] = [ENTRIES[0].kind; ENTRIES.len()];
    let mut i = 0;
    while i < ENTRIES.len() {
        games[i] = ENTRIES[i].kind;
        i += 1;
    }
    games
};

/// How many entries have a face.
const FACE_COUNT: usize = {
    let (mut n, mut i) = (0, 0);
    while i < ENTRIES.len() {
        if ENTRIES[i].face.is_some() {
            n += 1;
        }
        i += 1;
    }
    n
};

/// Every entry's face, in the order of [`ENTRIES`].
static FACES: [&dyn GameFace; FACE_COUNT] = {
    let mut faces: [&dyn GameFace; FACE_COUNT] = [&KOENIGRUFEN_FACE; FACE_COUNT];
    let (mut n, mut i) = (0, 0);
    while i < ENTRIES.len() {
        if let Some(face) = ENTRIES[i].face {
            faces[n] = face;
            n += 1;
        }
        i += 1;
    }
    faces
};

/// Every face the registry lists, for code that asks each of them (which
/// game knows this word, this card, this text id).
pub fn faces() -> &'static [&'static dyn GameFace] {
    &FACES
}

/// The face of the game with this id, if it has one.
pub fn face(id: &str) -> Option<&'static dyn GameFace> {
    entry(id)?.face
}

/// The game a table plays when none is chosen (Zwanzigerrufen, the first
/// game of the family): front ends and tools take it from here.
pub const DEFAULT_GAME: &str = Zwanzigerrufen::ID;

/// The game with this id (`"zwanzigerrufen"`, `"koenigrufen"`, `"zwanzig-ab"`).
pub fn by_id(id: &str) -> Option<&'static dyn DynKind> {
    Some(entry(id)?.kind)
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
    let named = |e: &&GameEntry| key(e.kind.id()) == wanted;
    let aliased = |e: &&GameEntry| e.aliases.iter().any(|alias| key(alias) == wanted);
    ENTRIES
        .iter()
        .find(named)
        .or_else(|| ENTRIES.iter().find(aliased))
        .map(|e| e.kind)
}

/// The computer player levels the game with this id offers, weakest
/// first; none for an id that is no game.
pub fn levels_of(id: &str) -> &'static [Level] {
    entry(id).map_or(&[], |e| e.computers.levels())
}

/// A new computer player of `level` for rounds of the game with this id,
/// answering with action tokens; `None` for an id that is no game or a
/// level it does not offer. The table and the terminal ask this instead of
/// naming a game's AI.
pub fn computer(id: &str, level: Level) -> Option<Box<dyn DynPlayer>> {
    entry(id)?.computers.player(level)
}

/// The duplicate arena of the game with this id (`tarock arena --game`).
pub fn arena(id: &str) -> Option<&'static dyn DynArena> {
    Some(entry(id)?.arena)
}

/// The bidding arena of the game with this id, if its strong player bids
/// by looking ahead ([`GameEntry::bidding_arena`]).
pub fn bidding_arena(id: &str) -> Option<&'static dyn DynArena> {
    entry(id)?.bidding_arena
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

/// The line `tarock replay` prints for a record text of any game, chosen
/// by the record's `format`: the game whose record format it is, else the
/// game whose format family (the part before `/`) it names (so that
/// another version of a game's format is that game's invalid record), else
/// the default game's (whose report says what is wrong). The flag says
/// whether the record was invalid.
pub fn replay_line(text: &str) -> (String, bool) {
    let family = |f: &str| f.split('/').next().unwrap_or_default().to_owned();
    let game = record::format_of(text).ok().and_then(|format| {
        ENTRIES
            .iter()
            .find(|e| e.kind.record_format() == format)
            .or_else(|| {
                ENTRIES
                    .iter()
                    .find(|e| family(e.kind.record_format()) == family(&format))
            })
    });
    let entry = game.or_else(|| entry(DEFAULT_GAME)).unwrap_or(&ENTRIES[0]);
    (entry.replay)(text)
}
