//! The options of `tarock play`, checked before anything is opened or
//! created: a typo is an error with a clear message, not a table that can
//! never start.

use std::str::FromStr;

use tarock_player::Level;
use tarock_storage::{LoadedTable, Occupant, Platform};
use tarock_table::text::text;
use tarock_table::{Lang, MAX_STAKE_CENTS, Rejection, UserRef, table_spec};

use super::Args;

/// The options, checked before anything is opened or created.
pub(super) struct Flags {
    pub lang: Lang,
    pub players: Vec<String>,
    pub computers: String,
    /// The game's id.
    pub game: &'static str,
    /// The seat count.
    pub seats: u8,
    pub rules: String,
    pub stake: i64,
}

/// A flag that cannot be used, with its text in the language to say it in.
fn bad_flag(lang: Lang, flag: &str, reason: String) -> String {
    text(
        lang,
        "terminal-bad-flag",
        vec![("flag", flag.into()), ("reason", reason.into())],
    )
}

impl Flags {
    /// Checks every flag; the error is the message to print.
    pub fn check(args: &Args) -> Result<Flags, String> {
        let lang = match args.lang.as_deref().map(str::to_ascii_lowercase) {
            None => Lang::De,
            Some(tag) if tag == "de" || tag.starts_with("de-") => Lang::De,
            Some(tag) if tag == "en" || tag.starts_with("en-") => Lang::En,
            // Nobody can be assumed to read either language here: both.
            Some(_) => {
                let value = args.lang.clone().unwrap_or_default();
                return Err(Lang::ALL
                    .map(|l| {
                        text(
                            l,
                            "terminal-bad-lang",
                            vec![("value", short(&value).into())],
                        )
                    })
                    .join("\n"));
            }
        };
        let computers = args.computers.clone().unwrap_or_else(|| "medium".into());
        if Level::from_str(&computers.to_ascii_lowercase()).is_err() {
            return Err(bad_flag(
                lang,
                &format!("--computers {}", short(&computers)),
                Rejection::UnknownLevel.text(lang),
            ));
        }
        let rules_text = args.rules.clone().unwrap_or_else(|| "standard".into());
        let game_text = args
            .game
            .clone()
            .unwrap_or_else(|| tarock_games::DEFAULT_GAME.into());
        let (game, seats, rules) =
            table_spec(&game_text, args.seats, &rules_text).map_err(|r| {
                let flag = match r {
                    Rejection::UnknownGame => format!("--game {}", short(&game_text)),
                    Rejection::BadSeatCount { .. } => {
                        format!("--seats {}", args.seats.unwrap_or_default())
                    }
                    Rejection::BadRules { .. } => format!("--rules {}", short(&rules_text)),
                    _ => "--rules".to_owned(),
                };
                bad_flag(lang, &flag, r.text(lang))
            })?;
        let stake = args.stake.unwrap_or(10);
        if !(0..=MAX_STAKE_CENTS).contains(&stake) {
            return Err(bad_flag(
                lang,
                &format!("--stake {stake}"),
                Rejection::BadStake.text(lang),
            ));
        }
        let players: Vec<String> = args
            .players
            .iter()
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.is_empty())
            .collect();
        let mut unique = players.clone();
        unique.sort();
        unique.dedup();
        if (!args.players.is_empty() && players.is_empty())
            || players.len() > usize::from(seats)
            || unique.len() != players.len()
            || players.iter().any(|n| n.chars().count() > 32)
        {
            return Err(text(lang, "terminal-bad-players", vec![]));
        }
        Ok(Flags {
            lang,
            players,
            computers: computers.to_ascii_lowercase(),
            game,
            seats,
            rules,
            stake,
        })
    }
}

/// At most a few dozen characters of what someone typed, for a message.
fn short(value: &str) -> String {
    value.chars().take(40).collect()
}

/// The people of a new table: the names given, or the login name.
pub(super) fn new_humans(flags: &Flags) -> Vec<UserRef> {
    let names = if flags.players.is_empty() {
        let login = std::env::var("USER").unwrap_or_default();
        vec![if login.is_empty() || login == "root" {
            "Anna".to_owned()
        } else {
            login
        }]
    } else {
        flags.players.clone()
    };
    names
        .into_iter()
        .enumerate()
        .map(|(i, name)| UserRef {
            platform: Platform::Local,
            user_id: format!("local-{}", i + 1),
            name,
        })
        .collect()
}

impl Flags {
    /// The flags given that an open table cannot take (as typed, for the
    /// message that names --new): other rules, stake, language, computers
    /// or people than the table has.
    pub fn unusable_on(&self, args: &Args, loaded: &LoadedTable) -> Vec<String> {
        let table = &loaded.table;
        let mut unusable = Vec::new();
        if args.game.is_some() && self.game != table.game {
            unusable.push(format!("--game {}", self.game));
        }
        if args.seats.is_some() && self.seats != table.seats {
            unusable.push(format!("--seats {}", self.seats));
        }
        if args.rules.is_some() && self.rules != table.rules {
            unusable.push(format!(
                "--rules {}",
                short(args.rules.as_deref().unwrap_or_default())
            ));
        }
        if args.stake.is_some() && self.stake != table.stake_cents {
            unusable.push(format!("--stake {}", self.stake));
        }
        if args.lang.is_some() && self.lang != Lang::from_tag(&table.language) {
            unusable.push(format!("--lang {}", self.lang.code()));
        }
        let other_computers = loaded
            .seats
            .iter()
            .any(|s| matches!(&s.occupant, Occupant::Computer(level) if *level != self.computers));
        if args.computers.is_some() && other_computers {
            unusable.push(format!("--computers {}", self.computers));
        }
        let names: Vec<String> = seated_people(loaded).into_iter().map(|u| u.name).collect();
        if !self.players.is_empty() && self.players != names {
            unusable.push(format!("--players {}", self.players.join(",")));
        }
        unusable
    }
}

/// The people at this keyboard seated at a table, in seat order.
pub(super) fn seated_people(loaded: &LoadedTable) -> Vec<UserRef> {
    loaded
        .seats
        .iter()
        .filter_map(|s| s.player.as_ref())
        .filter(|p| p.platform == Platform::Local)
        .map(|p| UserRef {
            platform: Platform::Local,
            user_id: p.platform_user_id.clone(),
            name: p.display_name.clone(),
        })
        .collect()
}
