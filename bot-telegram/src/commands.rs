//! Typed messages read as table commands, and the command menu.

use tarock_storage::TableId;
use tarock_table::payload::parse_turn_words;
use tarock_table::render::parse_card;
use tarock_table::{CommandKind, CupAction, CupSettings, Lang, Pace, TableSettings, game_id};
use tarock_zwanzigerrufen::Rules;
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
}

/// The deep-link parameter of a table (`t12`).
pub fn start_parameter(table: TableId) -> String {
    format!("t{}", table.0)
}

/// Reads a message text. `bot` is the bot's username (commands addressed to
/// another bot are ignored); `lang` is the sender's language, for a new
/// table. `None`: not meant for the bot.
pub fn parse(text: &str, bot: &str, private: bool, lang: Lang) -> Option<Typed> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix('/') {
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
        let args: Vec<String> = original.iter().map(|w| w.to_lowercase()).collect();
        let typed_name = name;
        let name = name.to_lowercase();
        // `/tarock link`, `/tarock join CODE`, `/tarock unlink`: the words
        // of linking, after `/tarock` or on their own (`/link`, `/join
        // CODE`, `/unlink`).
        let (name, args, original) = match (name.as_str(), args.first().map(String::as_str)) {
            (
                "tarock",
                Some("link" | "verbinden" | "join" | "mitspielen" | "unlink" | "trennen" | "cup"),
            ) => (args[0].clone(), args[1..].to_vec(), original[1..].to_vec()),
            _ => (name, args, original),
        };
        let kind = match name.as_str() {
            "cup" => CommandKind::Cup(parse_cup(&original, lang)),
            "link" | "verbinden" => CommandKind::Link(None),
            "unlink" | "trennen" => CommandKind::Unlink(None),
            "mitspielen" | "join" if !original.is_empty() => {
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
            "tarock" | "neu" | "new" => CommandKind::Create(TableSettings {
                // `/tarock en` or `/tarock de`: the table's language
                // (default: the creator's).
                lang: args
                    .iter()
                    .find_map(|a| match a.as_str() {
                        "de" | "deutsch" => Some(Lang::De),
                        "en" | "english" => Some(Lang::En),
                        _ => None,
                    })
                    .unwrap_or(lang),
                // `/neu`, `/tarock neu`: another table on purpose.
                another: name != "tarock" || args.iter().any(|a| a == "neu" || a == "new"),
                // `/tarock 20ab 5`, `/neu spiel:koenigrufen`: the game and
                // its seat count (default: Zwanzigerrufen, the game's seats).
                game: args
                    .iter()
                    .find_map(
                        |a| match a.strip_prefix("spiel:").or(a.strip_prefix("game:")) {
                            // Named on purpose: an unknown name is refused in words.
                            Some(name) => Some(game_id(name).unwrap_or(name).to_owned()),
                            None => game_id(a).map(str::to_owned),
                        },
                    )
                    .unwrap_or_else(|| "zwanzigerrufen".to_owned()),
                seats: args.iter().find_map(|a| {
                    let n = a
                        .strip_prefix("plätze:")
                        .or(a.strip_prefix("seats:"))
                        .unwrap_or(a);
                    n.parse::<u8>().ok().filter(|n| (1..=9).contains(n))
                }),
                ..TableSettings::default()
            }),
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
            _ => {
                // `/T21`, `/kontra`, `/rufer pagat`: a move.
                let mut words = vec![typed_name];
                words.extend(original);
                return parse_move(&words.join(" ")).map(Typed::Kind);
            }
        };
        return Some(Typed::Kind(kind));
    }
    parse_move(text).map(Typed::Kind)
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
fn parse_move(text: &str) -> Option<CommandKind> {
    if let Some(card) = parse_card(text) {
        return Some(CommandKind::Play(None, None, card));
    }
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    if words.is_empty() || words.len() > 6 {
        return None;
    }
    // Only words the bidding knows; the table's own rules decide the rest.
    parse_turn_words(&words, &Rules::default())
        .ok()
        .map(|_| CommandKind::TurnWords(None, None, words))
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
    use tarock_zwanzigerrufen::Card;

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
        // refuses it in words; an unknown word is not a game.
        assert_eq!(
            settings("/tarock 20ab 7"),
            ("zwanzig-ab".into(), Some(7), false)
        );
        assert_eq!(
            settings("/tarock poker"),
            ("zwanzigerrufen".into(), None, false)
        );
        assert_eq!(
            settings("/tarock spiel:poker"),
            ("poker".into(), None, false)
        );
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
        let t21: Card = "T21".parse().unwrap();
        assert_eq!(kind("T21"), Some(CommandKind::Play(None, None, t21)));
        assert_eq!(kind("/T21"), Some(CommandKind::Play(None, None, t21)));
        assert_eq!(kind("XXI"), Some(CommandKind::Play(None, None, t21)));
        assert_eq!(
            kind("/kontra"),
            parse_turn_words(&["kontra".into()], &Rules::default())
                .ok()
                .map(|_| CommandKind::TurnWords(None, None, vec!["kontra".into()]))
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
