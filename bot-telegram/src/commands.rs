//! Typed messages read as table commands, and the command menu.

use tarock_games::{DEFAULT_GAME, GAMES, by_word, presets_of};
use tarock_table::games::is_card;
use tarock_table::{
    CommandKind, CupAction, CupSettings, Lang, Pace, TableId, TableSettings, looks_like_code, tr,
};
use teloxide::types::BotCommand;

/// What a typed message asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A table command.
    Kind(CommandKind),
    /// `/weiter`: resume a paused table, or else pass in the bidding.
    PassOrResume,
    /// `/start` in the private chat, possibly from a deep link to a table.
    StartPrivate(Option<TableId>),
    /// `/bilder an|aus` (`/pictures on|off`): card pictures on or off, for
    /// the sender's private messages (in the private chat) or for the
    /// chat's table (in a group); `None` when neither was said.
    Pictures(Option<bool>),
    /// `/tarock` with a word that describes no table: refused in words,
    /// nothing opened.
    BadWord(BadWord),
}

/// The deep-link parameter of a table (`t12`).
pub fn start_parameter(table: TableId) -> String {
    format!("t{}", table.0)
}

/// A `/tarock` word that opens no table: the bot refuses it in words,
/// listing what may be said instead (the games and presets come from the
/// game registry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadWord {
    /// A word that is no game (no game was named otherwise): `/tarock
    /// schnapsen`, `/tarock spiel:poker`.
    Game(String),
    /// A word that is no preset (nor anything else) of the game named:
    /// `/tarock koenigrufen directnet`.
    Preset {
        /// The word as typed.
        word: String,
        /// The game's id.
        game: &'static str,
    },
}

impl BadWord {
    /// The refusal in `lang`: what was not understood, and the games (or
    /// the game's presets) to choose from.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            BadWord::Game(word) => tr!(
                lang,
                "telegram-unknown-game",
                word = word.as_str(),
                games = GAMES.iter().map(|g| g.id()).collect::<Vec<_>>().join(", ")
            ),
            BadWord::Preset { word, game } => tr!(
                lang,
                "telegram-unknown-preset",
                word = word.as_str(),
                game = tarock_table::games::name_of(game, lang),
                presets = presets_of(game).join(", ")
            ),
        }
    }
}

/// Reads a message text. `bot` is the bot's username (commands addressed to
/// another bot are ignored); `lang` is the sender's language, for a new
/// table. `None`: not meant for the bot.
pub fn parse(text: &str, bot: &str, private: bool, lang: Lang) -> Option<Typed> {
    let text = text.trim();
    let Some(rest) = text.strip_prefix('/') else {
        return parse_move(text).map(Typed::Kind);
    };
    let mut words = rest.split_whitespace();
    let head = words.next()?;
    let (name, addressee) = match head.split_once('@') {
        Some((n, a)) => (n, Some(a)),
        None => (head, None),
    };
    if addressee.is_some_and(|a| !a.eq_ignore_ascii_case(bot)) {
        return None;
    }
    let original: Vec<&str> = words.collect();
    let lower = name.to_lowercase();
    // `/tarock WORD …`: every command word works after `/tarock` as on its
    // own (`/tarock stats`, `/tarock join CODE`, `/tarock cup neu …`);
    // anything else after `/tarock` describes a new table.
    if lower == "tarock"
        && let Some((first, rest)) = original.split_first()
        && let Some(typed) = command(&first.to_lowercase(), rest, private, lang)
    {
        return Some(typed);
    }
    if let Some(typed) = command(&lower, &original, private, lang) {
        return Some(typed);
    }
    // `/T21`, `/kontra`, `/rufer pagat`: a move.
    let mut words = vec![name];
    words.extend(original);
    parse_move(&words.join(" ")).map(Typed::Kind)
}

/// A command by its word (any case) and the words after it as typed;
/// `None` when the word is no command.
fn command(name: &str, original: &[&str], private: bool, lang: Lang) -> Option<Typed> {
    let args: Vec<String> = original.iter().map(|w| w.to_lowercase()).collect();
    let kind = match name {
        "cup" => CommandKind::Cup(parse_cup(original, lang)),
        "link" | "verbinden" => CommandKind::Link(None),
        "unlink" | "trennen" => CommandKind::Unlink(None),
        // `/mitspielen K7Q 2MX`: a link code; other words after it are
        // chatter (`/mitspielen gerne`), and it is a plain join.
        "mitspielen" | "join" if looks_like_code(&original.join("")) => {
            CommandKind::LinkWith(original.join(""))
        }
        "start" if private => {
            let table = args
                .first()
                .and_then(|a| a.strip_prefix('t'))
                .and_then(|n| n.parse().ok())
                .map(TableId);
            return Some(Typed::StartPrivate(table));
        }
        "tarock" | "neu" | "new" => match new_table(name, &args, lang) {
            Ok(settings) => CommandKind::Create(settings),
            Err(bad) => return Some(Typed::BadWord(bad)),
        },
        "mitspielen" | "join" => CommandKind::Join(None, None),
        "start_spiel" | "start_game" | "geben" | "deal" => CommandKind::Start(None),
        "regeln" | "rules" => CommandKind::Rules(None),
        "stand" | "balance" | "balances" => CommandKind::Balances(None),
        "statistik" | "stats" => CommandKind::Stats,
        "rangliste" | "leaderboard" => CommandKind::Leaderboard,
        "verlauf" | "history" => CommandKind::History(None),
        "karten" | "hand" | "cards" => CommandKind::Hand(None),
        "stich" | "trick" => CommandKind::LastTrick(None),
        "pause" => CommandKind::Pause(None),
        "fortsetzen" | "resume" => CommandKind::Resume(None),
        "weiter" if args.is_empty() => return Some(Typed::PassOrResume),
        "schluss" | "close" => CommandKind::Close(None),
        "verlassen" | "leave" => CommandKind::Leave(None),
        "bilder" | "pictures" => {
            let on = args.first().and_then(|a| match a.as_str() {
                "an" | "ein" | "on" => Some(true),
                "aus" | "off" => Some(false),
                _ => None,
            });
            return Some(Typed::Pictures(on));
        }
        _ => return None,
    };
    Some(Typed::Kind(kind))
}

/// A new table's settings from the words after `/tarock` (or `/neu`,
/// `/new`), lower case: the game (a name the registry knows, or
/// `spiel:NAME`), its seat count (`5`, `plätze:5`), one of the game's
/// presets (`cup2019`, `regeln:cup2019`), the table's language (`de`,
/// `en`; default: the creator's) and `neu` for another table on purpose.
/// Defaults: Zwanzigerrufen, the game's seats, its first preset.
///
/// # Errors
/// The first word that is none of these.
fn new_table(name: &str, args: &[String], lang: Lang) -> Result<TableSettings, BadWord> {
    let mut settings = TableSettings {
        lang,
        // `/neu`, `/tarock neu`: another table on purpose.
        another: name != "tarock",
        ..TableSettings::default()
    };
    // The game first, so that the other words are read for it.
    let mut game = None;
    let mut rest = Vec::new();
    let game_id = |word: &str| by_word(word).map(|g| g.id());
    for arg in args {
        let named = match arg.strip_prefix("spiel:").or(arg.strip_prefix("game:")) {
            // Named on purpose: it must be a game.
            Some(word) => Some(game_id(word).ok_or_else(|| BadWord::Game(word.to_owned()))?),
            None if game.is_none() => game_id(arg),
            None => None,
        };
        match named {
            Some(id) if game.is_none() => game = Some(id),
            _ => rest.push(arg.as_str()),
        }
    }
    let refused = |word: &str| match game {
        Some(game) => BadWord::Preset {
            word: word.to_owned(),
            game,
        },
        None => BadWord::Game(word.to_owned()),
    };
    let game_id = game.unwrap_or(DEFAULT_GAME);
    // A rules word is what the table service reads for the game (its
    // presets, through the game's face); anything else is refused here in
    // words before a table is asked to open.
    let game_reads = |word: &str| tarock_table::service::table_spec(game_id, None, word).is_ok();
    let mut preset = None;
    for arg in rest {
        if let Some(n) = arg.strip_prefix("plätze:").or(arg.strip_prefix("seats:")) {
            // A count the game does not have is refused by the service.
            settings.seats = Some(n.parse().map_err(|_| refused(arg))?);
            continue;
        }
        if let Ok(n) = arg.parse::<u8>() {
            settings.seats = Some(n);
            continue;
        }
        let word = arg
            .strip_prefix("regeln:")
            .or(arg.strip_prefix("rules:"))
            .unwrap_or(arg);
        match word {
            "de" | "deutsch" => settings.lang = Lang::De,
            "en" | "english" => settings.lang = Lang::En,
            "neu" | "new" => settings.another = true,
            _ if preset.is_none() && game_reads(word) => preset = Some(word),
            // A typo, another game's preset, a second preset: nothing is
            // opened.
            _ => {
                let a_preset = GAMES.iter().any(|g| g.presets().contains(&word));
                return Err(match game {
                    None if !a_preset => BadWord::Game(arg.to_owned()),
                    _ => BadWord::Preset {
                        word: word.to_owned(),
                        game: game_id,
                    },
                });
            }
        }
    }
    settings.game = game_id.to_owned();
    if let Some(preset) = preset {
        settings.rules = preset.to_owned();
    }
    Ok(settings)
}

/// The words after `/cup` (or `/tarock cup`): `neu NAME [tage:8]
/// [runden:3] [beste:6] [tempo:slow] [de|en]`, `mitspielen`, `verlassen`,
/// `auslosen [ohne NAME, NAME]`, `stand` (also nothing), `ende`; the
/// English words as well. Anything else asks for the cup's help.
fn parse_cup(words: &[&str], lang: Lang) -> CupAction {
    let Some(first) = words.first() else {
        return CupAction::Standings;
    };
    let rest = &words[1..];
    match first.to_lowercase().as_str() {
        "neu" | "new" | "eröffnen" | "open" => CupAction::New(cup_settings(rest, lang)),
        "mitspielen" | "join" => CupAction::Join,
        "verlassen" | "austreten" | "leave" => CupAction::Leave,
        "auslosen" | "draw" => {
            let names = match rest.first().map(|w| w.to_lowercase()) {
                Some(w) if ["ohne", "without", "abwesend", "absent"].contains(&w.as_str()) => {
                    &rest[1..]
                }
                _ => rest,
            };
            CupAction::Draw {
                absent: names
                    .join(" ")
                    .split(',')
                    .map(|n| n.trim().to_owned())
                    .filter(|n| !n.is_empty())
                    .collect(),
            }
        }
        "stand" | "standings" | "tabelle" | "wertung" => CupAction::Standings,
        "ende" | "beenden" | "end" => CupAction::End,
        _ => CupAction::Help,
    }
}

/// A new cup's settings from `NAME [tage:N] [runden:N] [beste:N]
/// [tempo:P] [de|en]`. A number or pace that cannot be read gives
/// settings the service refuses in words (0 days).
fn cup_settings(words: &[&str], lang: Lang) -> CupSettings {
    let mut settings = CupSettings::named("", lang);
    let mut name = Vec::new();
    let mut bad = false;
    let (mut days, mut rounds, mut best) = (None, None, None);
    for word in words {
        let lower = word.to_lowercase();
        // A number that cannot be read is 0, which the service refuses.
        let number = |n: &str| Some(n.parse::<usize>().unwrap_or(0));
        match lower.split_once(':') {
            Some(("tage" | "days", n)) => days = number(n),
            Some(("runden" | "rounds", n)) => rounds = number(n),
            Some(("beste" | "best", n)) => best = number(n),
            Some(("tempo" | "pace", p)) => match Pace::parse(p) {
                Some(pace) => settings.pace = pace,
                None => bad = true,
            },
            _ => match lower.as_str() {
                "de" | "deutsch" => settings.lang = Lang::De,
                "en" | "english" => settings.lang = Lang::En,
                _ => name.push(*word),
            },
        }
    }
    settings.name = name.join(" ");
    let mut settings = settings.with_season(days, rounds, best);
    if bad {
        settings.days = 0;
    }
    settings
}

/// A card or a bidding turn typed as plain text; anything else is chat.
/// A card of any game of the family counts (`sA` at a 20 ab table): the
/// table reads it by its own game's spellings.
fn parse_move(text: &str) -> Option<CommandKind> {
    if is_card(text) {
        return Some(CommandKind::TurnWords(
            None,
            None,
            vec![text.trim().to_owned()],
        ));
    }
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    if words.is_empty() || words.len() > 6 {
        return None;
    }
    // Only words the bidding knows; the table's own rules decide the rest.
    tarock_table::games::is_move_words(&words).then_some(CommandKind::TurnWords(None, None, words))
}

/// The command menu in a language.
pub fn menu(lang: Lang) -> Vec<BotCommand> {
    let t = |id: &str| tarock_table::text::text(lang, id, Vec::new());
    let names: [(&str, &str); 16] = match lang {
        Lang::De => [
            ("tarock", "telegram-cmd-tarock"),
            ("mitspielen", "telegram-cmd-join"),
            ("start_spiel", "telegram-cmd-start"),
            ("karten", "telegram-cmd-hand"),
            ("regeln", "telegram-cmd-rules"),
            ("stand", "telegram-cmd-balance"),
            ("statistik", "telegram-cmd-stats"),
            ("rangliste", "telegram-cmd-leaderboard"),
            ("verlauf", "telegram-cmd-history"),
            ("pause", "telegram-cmd-pause"),
            ("weiter", "telegram-cmd-resume"),
            ("schluss", "telegram-cmd-close"),
            ("bilder", "telegram-cmd-pictures"),
            ("verbinden", "telegram-cmd-link"),
            ("trennen", "telegram-cmd-unlink"),
            ("cup", "telegram-cmd-cup"),
        ],
        Lang::En => [
            ("tarock", "telegram-cmd-tarock"),
            ("join", "telegram-cmd-join"),
            ("start_spiel", "telegram-cmd-start"),
            ("hand", "telegram-cmd-hand"),
            ("rules", "telegram-cmd-rules"),
            ("balance", "telegram-cmd-balance"),
            ("stats", "telegram-cmd-stats"),
            ("leaderboard", "telegram-cmd-leaderboard"),
            ("history", "telegram-cmd-history"),
            ("pause", "telegram-cmd-pause"),
            ("weiter", "telegram-cmd-resume"),
            ("close", "telegram-cmd-close"),
            ("pictures", "telegram-cmd-pictures"),
            ("link", "telegram-cmd-link"),
            ("unlink", "telegram-cmd-unlink"),
            ("cup", "telegram-cmd-cup"),
        ],
    };
    names
        .iter()
        .map(|(name, id)| BotCommand::new(*name, t(id)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> Option<CommandKind> {
        match parse(text, "tarockbot", false, Lang::De)? {
            Typed::Kind(k) => Some(k),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn cup_commands_are_read_in_both_languages() {
        let cup = |text: &str| match kind(text) {
            Some(CommandKind::Cup(action)) => action,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(cup("/cup"), CupAction::Standings);
        assert_eq!(cup("/tarock cup stand"), CupAction::Standings);
        assert_eq!(cup("/cup standings"), CupAction::Standings);
        assert_eq!(cup("/tarock cup mitspielen"), CupAction::Join);
        assert_eq!(cup("/cup join"), CupAction::Join);
        assert_eq!(cup("/cup verlassen"), CupAction::Leave);
        assert_eq!(cup("/cup ende"), CupAction::End);
        assert_eq!(cup("/cup end"), CupAction::End);
        assert_eq!(cup("/cup tralala"), CupAction::Help);
        assert_eq!(cup("/cup auslosen"), CupAction::Draw { absent: vec![] });
        assert_eq!(
            cup("/tarock cup auslosen ohne Anna Maria, Berta"),
            CupAction::Draw {
                absent: vec!["Anna Maria".into(), "Berta".into()]
            }
        );
        assert_eq!(
            cup("/cup draw without Carl"),
            CupAction::Draw {
                absent: vec!["Carl".into()]
            }
        );
        // A new cup: its name and settings, defaulting to seed 002's season.
        let CupAction::New(s) = cup("/tarock cup neu Herbstcup Gmunden") else {
            panic!()
        };
        assert_eq!(s, CupSettings::named("Herbstcup Gmunden", Lang::De));
        assert_eq!((s.days, s.rounds, s.best), (8, 3, 6));
        let CupAction::New(s) = cup("/cup new Winter tage:4 runden:2 beste:3 tempo:slow en") else {
            panic!()
        };
        assert_eq!(s.name, "Winter");
        assert_eq!((s.days, s.rounds, s.best), (4, 2, 3));
        assert_eq!(s.pace, Pace::SLOW);
        assert_eq!(s.lang, Lang::En);
        // A short season counts all its days unless told otherwise.
        let CupAction::New(s) = cup("/cup neu Kurz tage:2") else {
            panic!()
        };
        assert_eq!((s.days, s.best), (2, 2));
        // What cannot be read makes settings the service refuses in words.
        let CupAction::New(s) = cup("/cup neu X tempo:bald") else {
            panic!()
        };
        assert_eq!(s.days, 0);
        let CupAction::New(s) = cup("/cup neu X tage:viele") else {
            panic!()
        };
        assert_eq!(s.days, 0);
    }

    #[test]
    fn group_commands_are_read() {
        assert!(matches!(kind("/tarock"), Some(CommandKind::Create(_))));
        assert!(matches!(
            kind("/neu@TarockBot"),
            Some(CommandKind::Create(_))
        ));
        assert_eq!(kind("/neu@otherbot"), None);
        assert_eq!(kind("/mitspielen"), Some(CommandKind::Join(None, None)));
        // Linking a table into another chat, after /tarock or alone.
        assert_eq!(kind("/tarock link"), Some(CommandKind::Link(None)));
        assert_eq!(kind("/verbinden"), Some(CommandKind::Link(None)));
        assert_eq!(
            kind("/tarock join K7Q 2MX"),
            Some(CommandKind::LinkWith("K7Q2MX".into()))
        );
        assert_eq!(
            kind("/mitspielen k7q2mx"),
            Some(CommandKind::LinkWith("k7q2mx".into()))
        );
        // Words after /mitspielen that are no code: a plain join.
        for text in [
            "/mitspielen@tarockbot gerne",
            "/mitspielen bitte ich auch",
            "/join K7Q2M",
            "/tarock mitspielen 0OIL10",
        ] {
            assert_eq!(kind(text), Some(CommandKind::Join(None, None)), "{text}");
        }
        assert_eq!(kind("/tarock trennen"), Some(CommandKind::Unlink(None)));
        assert_eq!(kind("/unlink"), Some(CommandKind::Unlink(None)));
        assert_eq!(kind("/join"), Some(CommandKind::Join(None, None)));
        assert_eq!(kind("/start_spiel"), Some(CommandKind::Start(None)));
        assert_eq!(kind("/regeln"), Some(CommandKind::Rules(None)));
        assert_eq!(kind("/statistik"), Some(CommandKind::Stats));
        assert_eq!(kind("/leaderboard"), Some(CommandKind::Leaderboard));
        assert_eq!(kind("/rangliste"), Some(CommandKind::Leaderboard));
        assert_eq!(kind("/verlauf"), Some(CommandKind::History(None)));
        assert_eq!(kind("/rules"), Some(CommandKind::Rules(None)));
        assert_eq!(kind("/stand"), Some(CommandKind::Balances(None)));
        assert_eq!(kind("/balance"), Some(CommandKind::Balances(None)));
        assert_eq!(kind("/pause"), Some(CommandKind::Pause(None)));
        assert_eq!(kind("/schluss"), Some(CommandKind::Close(None)));
        assert_eq!(kind("/close"), Some(CommandKind::Close(None)));
        assert_eq!(
            parse("/weiter", "tarockbot", false, Lang::De),
            Some(Typed::PassOrResume)
        );
        assert_eq!(
            parse("/start t12", "tarockbot", true, Lang::De),
            Some(Typed::StartPrivate(Some(TableId(12))))
        );
        assert_eq!(
            parse("/start", "tarockbot", true, Lang::De),
            Some(Typed::StartPrivate(None))
        );
        let Some(CommandKind::Create(settings)) =
            parse("/tarock", "b", false, Lang::En).and_then(|t| match t {
                Typed::Kind(k) => Some(k),
                _ => None,
            })
        else {
            panic!("no table")
        };
        assert_eq!(settings.lang, Lang::En);
        assert_eq!(settings.game, "zwanzigerrufen");
        assert_eq!(settings.seats, None);
    }

    #[test]
    fn a_new_table_names_its_game_and_seats() {
        let settings = |text: &str| match parse(text, "b", false, Lang::De) {
            Some(Typed::Kind(CommandKind::Create(s))) => (s.game, s.seats, s.another),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            settings("/tarock 20ab 5"),
            ("zwanzig-ab".into(), Some(5), false)
        );
        assert_eq!(
            settings("/neu spiel:Königrufen"),
            ("koenigrufen".into(), None, true)
        );
        assert_eq!(
            settings("/tarock 20-ab plätze:3 en"),
            ("zwanzig-ab".into(), Some(3), false)
        );
        assert_eq!(
            settings("/new game:zwanzigerrufen"),
            ("zwanzigerrufen".into(), None, true)
        );
        // A count the game does not have reaches the table service, which
        // refuses it in words.
        assert_eq!(
            settings("/tarock 20ab 7"),
            ("zwanzig-ab".into(), Some(7), false)
        );
        assert_eq!(
            settings("/tarock 20ab 12"),
            ("zwanzig-ab".into(), Some(12), false)
        );
    }

    fn refused(text: &str) -> BadWord {
        match parse(text, "b", false, Lang::De) {
            Some(Typed::BadWord(bad)) => bad,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_word_that_is_no_game_opens_nothing() {
        assert_eq!(
            refused("/tarock schnapsen"),
            BadWord::Game("schnapsen".into())
        );
        assert_eq!(refused("/tarock poker"), BadWord::Game("poker".into()));
        assert_eq!(
            refused("/tarock spiel:poker"),
            BadWord::Game("poker".into())
        );
        assert_eq!(
            refused("/neu game:Schnapsen 4"),
            BadWord::Game("schnapsen".into())
        );
        // The refusal lists every game of the registry.
        let text = BadWord::Game("schnapsen".into()).text(Lang::De);
        assert!(text.contains("„schnapsen“"), "{text}");
        for game in tarock_games::GAMES {
            assert!(text.contains(game.id()), "{text}");
        }
        let text = BadWord::Game("schnapsen".into()).text(Lang::En);
        assert!(text.contains("no table was opened"), "{text}");
        assert!(text.contains("zwanzig-ab"), "{text}");
    }

    #[test]
    fn presets_follow_the_chosen_game() {
        let rules = |text: &str| match parse(text, "b", false, Lang::De) {
            Some(Typed::Kind(CommandKind::Create(s))) => (s.game, s.rules),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            rules("/tarock koenigrufen cup2019"),
            ("koenigrufen".into(), "cup2019".into())
        );
        assert_eq!(
            rules("/tarock Cup2019 Königrufen"),
            ("koenigrufen".into(), "cup2019".into())
        );
        assert_eq!(
            rules("/tarock directnet"),
            ("zwanzigerrufen".into(), "directnet".into())
        );
        assert_eq!(
            rules("/tarock regeln:wikipedia en"),
            ("zwanzigerrufen".into(), "wikipedia".into())
        );
        assert_eq!(
            rules("/tarock koenigrufen"),
            ("koenigrufen".into(), "standard".into())
        );
        // Another game's preset, a typo, a second preset: refused for the
        // game named (Zwanzigerrufen when none is).
        let preset = |word: &str, game: &'static str| BadWord::Preset {
            word: word.into(),
            game,
        };
        assert_eq!(
            refused("/tarock koenigrufen directnet"),
            preset("directnet", "koenigrufen")
        );
        assert_eq!(
            refused("/tarock koenigrufen cup2091"),
            preset("cup2091", "koenigrufen")
        );
        assert_eq!(
            refused("/tarock cup2019"),
            preset("cup2019", "zwanzigerrufen")
        );
        assert_eq!(
            refused("/tarock 20ab rules:tarockwelt"),
            preset("tarockwelt", "zwanzig-ab")
        );
        assert_eq!(
            refused("/tarock directnet wikipedia"),
            preset("wikipedia", "zwanzigerrufen")
        );
        // The refusal lists exactly the game's own presets.
        let text = preset("directnet", "koenigrufen").text(Lang::De);
        assert!(
            text.ends_with("Regeln für Königrufen: standard, cup2019."),
            "{text}"
        );
        let text = preset("cup2019", "zwanzigerrufen").text(Lang::En);
        assert!(
            text.ends_with("standard, directnet, tarockwelt, wikipedia."),
            "{text}"
        );
    }

    #[test]
    fn every_command_word_works_after_tarock_too() {
        for (word, expected) in [
            ("stats", CommandKind::Stats),
            ("statistik", CommandKind::Stats),
            ("rangliste", CommandKind::Leaderboard),
            ("leaderboard", CommandKind::Leaderboard),
            ("verlauf", CommandKind::History(None)),
            ("history", CommandKind::History(None)),
            ("regeln", CommandKind::Rules(None)),
            ("rules", CommandKind::Rules(None)),
            ("stand", CommandKind::Balances(None)),
            ("balance", CommandKind::Balances(None)),
            ("karten", CommandKind::Hand(None)),
            ("hand", CommandKind::Hand(None)),
            ("stich", CommandKind::LastTrick(None)),
            ("trick", CommandKind::LastTrick(None)),
            ("mitspielen", CommandKind::Join(None, None)),
            ("join", CommandKind::Join(None, None)),
            ("start_spiel", CommandKind::Start(None)),
            ("geben", CommandKind::Start(None)),
            ("deal", CommandKind::Start(None)),
            ("pause", CommandKind::Pause(None)),
            ("fortsetzen", CommandKind::Resume(None)),
            ("resume", CommandKind::Resume(None)),
            ("schluss", CommandKind::Close(None)),
            ("close", CommandKind::Close(None)),
            ("verlassen", CommandKind::Leave(None)),
            ("leave", CommandKind::Leave(None)),
            ("verbinden", CommandKind::Link(None)),
            ("unlink", CommandKind::Unlink(None)),
            ("cup", CommandKind::Cup(CupAction::Standings)),
        ] {
            assert_eq!(kind(&format!("/{word}")), Some(expected.clone()), "/{word}");
            assert_eq!(
                kind(&format!("/tarock {word}")),
                Some(expected.clone()),
                "/tarock {word}"
            );
            let upper = word.to_uppercase();
            assert_eq!(
                kind(&format!("/tarock@TarockBot {upper}")),
                Some(expected),
                "/tarock@TarockBot {upper}"
            );
        }
        for (text, typed) in [
            ("/tarock weiter", Typed::PassOrResume),
            ("/tarock bilder aus", Typed::Pictures(Some(false))),
            ("/tarock pictures on", Typed::Pictures(Some(true))),
        ] {
            assert_eq!(
                parse(text, "tarockbot", false, Lang::De),
                Some(typed),
                "{text}"
            );
        }
        // `/tarock neu` still opens another table, with its settings.
        let Some(CommandKind::Create(s)) = kind("/tarock neu koenigrufen") else {
            panic!()
        };
        assert!(s.another);
        assert_eq!(s.game, "koenigrufen");
    }

    #[test]
    fn pictures_are_turned_on_and_off_in_either_language() {
        for (text, on) in [
            ("/bilder aus", Some(false)),
            ("/bilder an", Some(true)),
            ("/pictures off", Some(false)),
            ("/Pictures ON", Some(true)),
            ("/bilder", None),
            ("/bilder vielleicht", None),
        ] {
            assert_eq!(
                parse(text, "tarockbot", true, Lang::De),
                Some(Typed::Pictures(on)),
                "{text}"
            );
        }
    }

    #[test]
    fn typed_moves_are_read_and_chat_is_not() {
        let typed = |text: &str| Some(CommandKind::TurnWords(None, None, vec![text.into()]));
        assert_eq!(kind("T21"), typed("T21"));
        assert_eq!(kind("/T21"), typed("T21"));
        assert_eq!(kind("XXI"), typed("XXI"));
        assert_eq!(
            kind("/kontra"),
            Some(CommandKind::TurnWords(None, None, vec!["kontra".into()]))
        );
        assert!(matches!(
            kind("rufer"),
            Some(CommandKind::TurnWords(None, None, _))
        ));
        assert_eq!(kind("hallo zusammen, wer spielt mit?"), None);
        assert_eq!(kind(""), None);
    }

    #[test]
    fn the_menu_has_both_languages() {
        for lang in Lang::ALL {
            let menu = menu(lang);
            assert_eq!(menu.len(), 16);
            assert!(menu.iter().all(|c| {
                !c.description.is_empty()
                    && c.command
                        .chars()
                        .all(|ch| ch.is_ascii_lowercase() || ch == '_')
            }));
        }
        assert_ne!(menu(Lang::De)[1].command, menu(Lang::En)[1].command);
    }
}
