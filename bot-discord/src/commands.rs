//! The slash command `/tarock` and its subcommands (poise). Names are
//! English with German localizations; descriptions come from the text
//! catalogue (`discord-cmd-*`, `discord-opt-*`) in both languages. Every
//! answer is ephemeral: the public side of a command shows in the table
//! message and the channel, through the outbox.

use std::sync::Arc;

use poise::CreateReply;
use serenity::all::{CreateAllowedMentions, GuildId};
use tarock_table::text::text;
use tarock_table::{
    Command, CommandKind, CupAction, CupSettings, Lang, Pace, Sender, TableSettings, tr,
};

use crate::interact::pieces;
use crate::layout::components;
use crate::{Bot, chat_ref, is_admin, user_ref};

/// The error type of the commands.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of the commands.
pub type Context<'a> = poise::Context<'a, Arc<Bot>, Error>;

/// The game of a new table: one of the game registry's games (their
/// order is the order of the choices Discord shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameChoice(&'static str);

impl GameChoice {
    /// The game's id.
    pub fn id(self) -> &'static str {
        self.0
    }

    /// The rule presets of the game, the default first.
    pub fn presets(self) -> &'static [&'static str] {
        tarock_games::presets_of(self.0)
    }

    /// The game's name in `lang`.
    pub fn name(self, lang: Lang) -> String {
        tarock_table::games::name_of(self.0, lang)
    }
}

impl poise::ChoiceParameter for GameChoice {
    fn list() -> std::borrow::Cow<'static, [poise::CommandParameterChoice]> {
        tarock_games::GAMES
            .iter()
            .map(|g| {
                let game = GameChoice(g.id());
                poise::CommandParameterChoice {
                    name: game.name(Lang::En).into(),
                    localizations: vec![("de".into(), game.name(Lang::De).into())].into(),
                    __non_exhaustive: (),
                }
            })
            .collect::<Vec<_>>()
            .into()
    }

    fn from_index(index: usize) -> Option<Self> {
        tarock_games::GAMES.get(index).map(|g| GameChoice(g.id()))
    }

    fn from_name(name: &str) -> Option<Self> {
        tarock_games::by_word(name).map(|g| GameChoice(g.id()))
    }

    fn name(&self) -> &'static str {
        self.0
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// The presets of the game chosen so far in `/tarock new` (the default
/// game while none is chosen) that start with what was typed.
async fn autocomplete_rules(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::all::CreateAutocompleteResponse {
    use poise::ChoiceParameter as _;
    let chosen = match ctx {
        poise::Context::Application(actx) => actx.args.iter().find_map(|o| match o.value {
            serenity::all::ResolvedValue::Integer(i) if o.name == "game" => {
                usize::try_from(i).ok().and_then(GameChoice::from_index)
            }
            _ => None,
        }),
        poise::Context::Prefix(_) => None,
    };
    let game = chosen.unwrap_or_else(default_game);
    let typed = partial.trim().to_lowercase();
    let choices = game
        .presets()
        .iter()
        .filter(|p| p.starts_with(&typed))
        .map(|p| serenity::all::AutocompleteChoice::new(*p, *p))
        .collect();
    serenity::all::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The game of a table when none is chosen.
fn default_game() -> GameChoice {
    GameChoice(tarock_games::DEFAULT_GAME)
}

/// A table's language to choose from.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LangChoice {
    /// German.
    #[name = "Deutsch"]
    De,
    /// English.
    #[name = "English"]
    En,
}

impl LangChoice {
    fn lang(self) -> Lang {
        match self {
            LangChoice::De => Lang::De,
            LangChoice::En => Lang::En,
        }
    }
}

/// Runs a table command for the invoking user and answers ephemerally:
/// the service's notices and private views, or a short "done".
async fn act(ctx: Context<'_>, kind: CommandKind) -> Result<(), Error> {
    // Counted from its arrival on: a shutdown lets it finish.
    let _taken = tarock_ops::observe::accepted();
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let bot = ctx.data().clone();
    let interaction = actx.interaction;
    // A redelivered interaction was answered already (a second answer
    // would be refused with 40060); the service would ignore it anyway.
    if !bot.first_answer(&interaction.id.get().to_string()).await {
        tracing::info!(
            "interaction {} came again: not answered twice",
            interaction.id
        );
        return Ok(());
    }
    bot.remember_guild(interaction.channel_id, interaction.guild_id)
        .await;
    let lang = Lang::from_tag(&interaction.locale);
    let member = interaction.member.as_deref();
    let command = Command {
        sender: Sender {
            user: user_ref(&interaction.user, member),
            chat: chat_ref(interaction.channel_id),
            lang,
            is_admin: is_admin(member),
        },
        update_id: Some(interaction.id.get().to_string()),
        kind,
    };
    let (result, _) = bot
        .handle_timely(command, || async {
            if let Err(e) = ctx.defer_ephemeral().await {
                tracing::warn!("deferring a command: {e}");
            }
        })
        .await;
    let replies = match result {
        Ok(replies) => replies,
        Err(e) => {
            tracing::error!("/tarock: {e}");
            return reply(ctx, tr!(lang, "discord-failed")).await;
        }
    };
    let user = user_ref(&interaction.user, member);
    let pieces = pieces(&bot, &user, &replies).await;
    if pieces.is_empty() {
        return reply(ctx, tr!(lang, "discord-done")).await;
    }
    for piece in pieces {
        let mut answer = CreateReply::default()
            .content(piece.text.clone())
            .components(components(&piece.buttons))
            .allowed_mentions(CreateAllowedMentions::new())
            .ephemeral(true);
        // The hand's picture above its buttons.
        if let Some(file) = piece.attachment() {
            answer = answer.attachment(file);
        }
        ctx.send(answer).await?;
    }
    Ok(())
}

/// An ephemeral text answer.
async fn reply(ctx: Context<'_>, text: String) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new())
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// The user's language, from their Discord client.
fn lang(ctx: Context<'_>) -> Lang {
    ctx.locale().map_or(Lang::De, Lang::from_tag)
}

/// Zwanzigerrufen at this channel's table.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "new",
        "join",
        "leave",
        "start",
        "hand",
        "rules",
        "balance",
        "stats",
        "leaderboard",
        "history",
        "pause",
        "resume",
        "close",
        "pictures",
        "link",
        "unlink",
        "cup"
    ),
    subcommand_required
)]
pub async fn tarock(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Opens a table in this channel.
// Each argument is one option of the slash command, as Discord shows it.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, name_localized("de", "neu"))]
pub async fn new(
    ctx: Context<'_>,
    #[name_localized("de", "regeln")]
    #[autocomplete = "autocomplete_rules"]
    #[max_length = 40]
    rules: Option<String>,
    #[name_localized("de", "einsatz")]
    #[min = 0]
    #[max = 100000]
    stake: Option<i64>,
    #[name_localized("de", "tempo")]
    #[max_length = 8]
    pace: Option<String>,
    #[name_localized("de", "sprache")] language: Option<LangChoice>,
    #[name_localized("de", "weiterer")] another: Option<bool>,
    #[name_localized("de", "spiel")] game: Option<GameChoice>,
    #[name_localized("de", "plaetze")]
    #[min = 3]
    #[max = 5]
    seats: Option<u8>,
) -> Result<(), Error> {
    let lang = lang(ctx);
    let defaults = TableSettings::default();
    let pace = match pace.as_deref().map(Pace::parse) {
        None => defaults.pace,
        Some(Some(pace)) => pace,
        Some(None) => return reply(ctx, tr!(lang, "discord-bad-pace")).await,
    };
    let game = game.unwrap_or_else(default_game);
    // Any preset of the chosen game (what autocomplete offers); the table
    // service reads it with the game's face and refuses what the game does
    // not know (`Rejection::BadRules`, naming the game's presets).
    let rules = rules.map_or_else(
        || {
            game.presets()
                .first()
                .map_or(defaults.rules, |p| (*p).to_owned())
        },
        |r| r.trim().to_lowercase(),
    );
    let settings = TableSettings {
        game: game.id().to_owned(),
        seats,
        rules,
        stake_cents: stake.unwrap_or(defaults.stake_cents),
        pace,
        // The table's public language: as chosen, else the creator's.
        lang: language.map_or(lang, LangChoice::lang),
        another: another.unwrap_or(false),
    };
    act(ctx, CommandKind::Create(settings)).await
}

/// Takes a free seat, or with a code from /tarock link links this channel.
///
/// The code comes from another chat (Telegram or Discord).
#[poise::command(slash_command, guild_only, name_localized("de", "mitspielen"))]
pub async fn join(
    ctx: Context<'_>,
    #[name_localized("de", "code")]
    #[max_length = 12]
    code: Option<String>,
) -> Result<(), Error> {
    match code {
        Some(code) => act(ctx, CommandKind::LinkWith(code)).await,
        None => act(ctx, CommandKind::Join(None, None)).await,
    }
}

/// A one-time code that shows this table in another chat as well.
#[poise::command(slash_command, guild_only, name_localized("de", "verbinden"))]
pub async fn link(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Link(None)).await
}

/// Unlinks this channel from its table (in the table's own channel: every
/// linked chat).
#[poise::command(slash_command, guild_only, name_localized("de", "trennen"))]
pub async fn unlink(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Unlink(None)).await
}

/// Leaves the table.
#[poise::command(slash_command, guild_only, name_localized("de", "aufstehen"))]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Leave(None)).await
}

/// Starts the game or deals the next hand.
#[poise::command(slash_command, guild_only, name_localized("de", "geben"))]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Start(None)).await
}

/// Shows my cards and my choices, to me alone.
#[poise::command(slash_command, guild_only, name_localized("de", "karten"))]
pub async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Hand(None)).await
}

/// Shows the table's rules.
#[poise::command(slash_command, guild_only, name_localized("de", "regeln"))]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Rules(None)).await
}

/// Shows the running balances.
#[poise::command(slash_command, guild_only, name_localized("de", "stand"))]
pub async fn balance(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Balances(None)).await
}

/// My statistics: deals, won and lost, points, by contract.
#[poise::command(slash_command, guild_only, name_localized("de", "statistik"))]
pub async fn stats(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Stats).await
}

/// The leaderboard of this channel's tables.
#[poise::command(slash_command, guild_only, name_localized("de", "rangliste"))]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Leaderboard).await
}

/// The latest deals of this channel's table.
#[poise::command(slash_command, guild_only, name_localized("de", "verlauf"))]
pub async fn history(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::History(None)).await
}

/// Pauses the table's clock.
#[poise::command(slash_command, guild_only, name_localized("de", "pause"))]
pub async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Pause(None)).await
}

/// Resumes a paused table.
#[poise::command(slash_command, guild_only, name_localized("de", "fortsetzen"))]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Resume(None)).await
}

/// Closes the table for good.
#[poise::command(slash_command, guild_only, name_localized("de", "schluss"))]
pub async fn close(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Close(None)).await
}

/// Turns card pictures on or off, for my hands or the whole table.
///
/// With `table`, for everything this channel's table sends. The texts
/// always list every card, so text-only mode loses nothing (screen
/// readers, slow lines).
#[poise::command(slash_command, guild_only, name_localized("de", "bilder"))]
pub async fn pictures(
    ctx: Context<'_>,
    #[name_localized("de", "an")] on: bool,
    #[name_localized("de", "tisch")] table: Option<bool>,
) -> Result<(), Error> {
    use tarock_table::picture::text_only;
    let lang = lang(ctx);
    let bot = ctx.data().clone();
    let store = bot.service.store();
    let now = bot.service.now_ms();
    let command = match lang {
        Lang::De => "/tarock bilder",
        Lang::En => "/tarock pictures",
    };
    if table != Some(true) {
        let user = user_ref(ctx.author(), ctx.author_member().await.as_deref());
        text_only::set_for_user(store, &user, !on, now).await?;
        let answer = text_only::answer(lang, text_only::Target::User, on, command);
        return reply(ctx, answer).await;
    }
    let channel = ctx.channel_id().get().to_string();
    let open = store
        .open_tables_in(tarock_table::Platform::Discord, &channel)
        .await?;
    let Some(found) = open.first() else {
        return reply(ctx, text_only::no_table(lang, command)).await;
    };
    text_only::set_for_table(store, found.id, !on, now).await?;
    let answer = text_only::answer(lang, text_only::Target::Table(found.id), on, command);
    reply(ctx, answer).await
}

/// A cup in this channel: rounds of the registry's cup game at drawn tables.
#[poise::command(
    slash_command,
    guild_only,
    name_localized("de", "cup"),
    subcommands(
        "cup_new",
        "cup_join",
        "cup_leave",
        "cup_draw",
        "cup_standings",
        "cup_end"
    ),
    subcommand_required
)]
pub async fn cup(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Opens a cup in this channel.
#[poise::command(slash_command, guild_only, rename = "new", name_localized("de", "neu"))]
pub async fn cup_new(
    ctx: Context<'_>,
    #[name_localized("de", "name")]
    #[max_length = 60]
    name: String,
    #[name_localized("de", "tage")]
    #[min = 1]
    #[max = 52]
    days: Option<u32>,
    #[name_localized("de", "runden")]
    #[min = 1]
    #[max = 10]
    rounds: Option<u32>,
    #[name_localized("de", "beste")]
    #[min = 1]
    #[max = 52]
    best: Option<u32>,
    #[name_localized("de", "tempo")]
    #[max_length = 8]
    pace: Option<String>,
    #[name_localized("de", "sprache")] language: Option<LangChoice>,
) -> Result<(), Error> {
    let lang = lang(ctx);
    let mut settings = CupSettings::named(&name, language.map_or(lang, LangChoice::lang));
    match pace.as_deref().map(Pace::parse) {
        None => {}
        Some(Some(pace)) => settings.pace = pace,
        Some(None) => return reply(ctx, tr!(lang, "discord-bad-pace")).await,
    }
    let count = |n: Option<u32>| n.map(|n| n as usize);
    let settings = settings.with_season(count(days), count(rounds), count(best));
    act(ctx, CommandKind::Cup(CupAction::New(settings))).await
}

/// Joins the channel's cup.
#[poise::command(
    slash_command,
    guild_only,
    rename = "join",
    name_localized("de", "mitspielen")
)]
pub async fn cup_join(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Cup(CupAction::Join)).await
}

/// Leaves the channel's cup before its first draw.
#[poise::command(
    slash_command,
    guild_only,
    rename = "leave",
    name_localized("de", "verlassen")
)]
pub async fn cup_leave(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Cup(CupAction::Leave)).await
}

/// Draws the next round and deals at its tables.
#[poise::command(
    slash_command,
    guild_only,
    rename = "draw",
    name_localized("de", "auslosen")
)]
pub async fn cup_draw(
    ctx: Context<'_>,
    #[name_localized("de", "ohne")]
    #[max_length = 1000]
    absent: Option<String>,
) -> Result<(), Error> {
    let absent = absent
        .unwrap_or_default()
        .split(',')
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .collect();
    act(ctx, CommandKind::Cup(CupAction::Draw { absent })).await
}

/// Posts the cup's standings in the channel.
#[poise::command(
    slash_command,
    guild_only,
    rename = "standings",
    name_localized("de", "stand")
)]
pub async fn cup_standings(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Cup(CupAction::Standings)).await
}

/// Ends the cup now.
#[poise::command(
    slash_command,
    guild_only,
    rename = "end",
    name_localized("de", "ende")
)]
pub async fn cup_end(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, CommandKind::Cup(CupAction::End)).await
}

/// A description in English (Discord's default) with its German
/// localization, from the catalogue. Descriptions that list the games
/// (`$games`, the default game as `$default`, the cup's game as
/// `$cup_game`) or their seats (`$seats`) get them from the game registry.
fn described(id: &str) -> (String, String) {
    let described = |lang: Lang| {
        text(
            lang,
            id,
            vec![
                ("games", tarock_table::games::names_list(lang).into()),
                (
                    "default",
                    tarock_table::games::name_of(tarock_games::DEFAULT_GAME, lang).into(),
                ),
                ("seats", tarock_table::games::seats_list(lang).into()),
                (
                    "cup_game",
                    tarock_table::games::cup_game()
                        .map_or_else(String::new, |(face, _)| face.name(lang))
                        .into(),
                ),
            ],
        )
    };
    (described(Lang::En), described(Lang::De))
}

/// Fills in the descriptions of a command, its options and subcommands
/// from the catalogue: `discord-cmd-<name>` and `discord-opt-<name>`.
fn describe(command: &mut poise::Command<Arc<Bot>, Error>) {
    // The function's name tells apart subcommands of one name in two
    // groups (`/tarock new`, `/tarock cup new`: `cup_new`).
    let id = command.identifying_name.replace('_', "-");
    let (en, de) = described(&format!("discord-cmd-{id}"));
    command.description = Some(en.into());
    command.description_localizations = vec![("de".into(), de.into())].into();
    for parameter in &mut command.parameters {
        let (en, de) = described(&format!("discord-opt-{}", parameter.name));
        parameter.description = Some(en.into());
        parameter.description_localizations = vec![("de".into(), de.into())].into();
    }
    for sub in &mut command.subcommands {
        describe(sub);
    }
}

/// The bot's slash commands, described in both languages.
pub fn all() -> Vec<poise::Command<Arc<Bot>, Error>> {
    let mut root = tarock();
    describe(&mut root);
    vec![root]
}

/// Answers a failed command (a Discord error while answering, a wrong
/// option) with a short ephemeral note; the rest goes to the log.
async fn on_error(error: poise::FrameworkError<'_, Arc<Bot>, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!("/{}: {error}", ctx.command().qualified_name);
            let _ = reply(ctx, tr!(lang(ctx), "discord-failed")).await;
        }
        poise::FrameworkError::ArgumentParse { ctx, error, .. } => {
            tracing::info!("/{}: {error}", ctx.command().qualified_name);
            let _ = reply(ctx, tr!(lang(ctx), "discord-failed")).await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let _ = reply(ctx, tr!(lang(ctx), "discord-guild-only")).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("handling a framework error: {e}");
            }
        }
    }
}

/// The poise framework: the commands, registered at start (in one server
/// when `guild` is given: they show at once there).
pub fn framework(
    bot: Arc<Bot>,
    register: bool,
    guild: Option<u64>,
) -> poise::Framework<Arc<Bot>, Error> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: all(),
            initialize_owners: false,
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                if register {
                    let commands = &framework.options().commands;
                    let registered = match guild {
                        Some(g) => {
                            poise::builtins::register_in_guild(ctx, commands, GuildId::new(g)).await
                        }
                        None => poise::builtins::register_globally(ctx, commands).await,
                    };
                    if let Err(e) = registered {
                        tracing::warn!("registering the slash commands: {e}");
                    }
                }
                Ok(bot)
            })
        })
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(command: &poise::Command<Arc<Bot>, Error>, seen: &mut Vec<String>) {
        seen.push(command.name.to_string());
        let description = command.description.as_deref().unwrap_or("");
        assert!(
            (1..=100).contains(&description.chars().count()),
            "{}: {description:?}",
            command.name
        );
        for (locale, text) in command.description_localizations.iter() {
            assert_eq!(locale, "de");
            assert!((1..=100).contains(&text.chars().count()), "{text:?}");
            assert_ne!(
                text.as_ref(),
                description,
                "{}: not translated",
                command.name
            );
        }
        for (_, name) in command.name_localizations.iter() {
            assert!(name.chars().all(|c| c.is_ascii_lowercase()), "{name}");
        }
        for p in &command.parameters {
            let d = p.description.as_deref().unwrap_or("");
            assert!((1..=100).contains(&d.chars().count()), "{}: {d:?}", p.name);
            assert_eq!(p.description_localizations.len(), 1);
        }
        for sub in &command.subcommands {
            walk(sub, seen);
        }
    }

    /// The descriptions speak of every game: `/tarock` is not
    /// Zwanzigerrufen alone, the game and seat options list the registry's
    /// games and seats, the rules option no game's presets.
    #[test]
    fn descriptions_present_every_game() {
        let commands = all();
        let root = &commands[0];
        let de = |l: &[(
            std::borrow::Cow<'static, str>,
            std::borrow::Cow<'static, str>,
        )]|
         -> String {
            l.iter()
                .find(|(lang, _)| lang.as_ref() == "de")
                .map(|(_, d)| d.to_string())
                .unwrap_or_default()
        };
        assert_eq!(
            de(&root.description_localizations),
            "Tarock am Tisch dieses Kanals"
        );
        assert_eq!(
            root.description.as_deref(),
            Some("Tarock at this channel's table")
        );
        let new = &root.subcommands[0];
        let option = |name: &str| {
            let p = new
                .parameters
                .iter()
                .find(|p| p.name.as_ref() == name)
                .unwrap();
            (
                p.description.as_deref().unwrap_or_default().to_owned(),
                de(&p.description_localizations),
            )
        };
        assert_eq!(
            option("game"),
            (
                "The game: Zwanzigerrufen, Königrufen and 20 ab (without one: Zwanzigerrufen)"
                    .to_owned(),
                "Das Spiel: Zwanzigerrufen, Königrufen und 20 ab (ohne Angabe: Zwanzigerrufen)"
                    .to_owned()
            )
        );
        assert_eq!(
            option("seats"),
            (
                "Seats: Zwanzigerrufen 4, Königrufen 4 or 5, 20 ab 3 to 5".to_owned(),
                "Plätze: Zwanzigerrufen 4, Königrufen 4 oder 5, 20 ab 3 bis 5".to_owned()
            )
        );
        let (en, de) = option("rules");
        assert!(
            !en.contains("directnet") && !de.contains("directnet"),
            "{en} / {de}"
        );
    }

    #[test]
    fn every_command_is_described_in_both_languages() {
        let commands = all();
        let mut seen = Vec::new();
        walk(&commands[0], &mut seen);
        assert_eq!(
            seen,
            [
                "tarock",
                "new",
                "join",
                "leave",
                "start",
                "hand",
                "rules",
                "balance",
                "stats",
                "leaderboard",
                "history",
                "pause",
                "resume",
                "close",
                "pictures",
                "link",
                "unlink",
                "cup",
                "new",
                "join",
                "leave",
                "draw",
                "standings",
                "end"
            ]
        );
        // The cup's subcommands and their options.
        let cup = commands[0].subcommands.last().unwrap();
        assert_eq!(cup.name, "cup");
        let cup_new: Vec<&str> = cup.subcommands[0]
            .parameters
            .iter()
            .map(|p| p.name.as_ref())
            .collect();
        assert_eq!(
            cup_new,
            ["name", "days", "rounds", "best", "pace", "language"]
        );
        assert_eq!(cup.subcommands[3].parameters[0].name, "absent");
        let new = &commands[0].subcommands[0];
        let options: Vec<&str> = new.parameters.iter().map(|p| p.name.as_ref()).collect();
        assert_eq!(
            options,
            [
                "rules", "stake", "pace", "language", "another", "game", "seats"
            ]
        );
        // The games offered are the registry's, in its order, each named
        // in both languages.
        let games: Vec<&str> = new.parameters[5]
            .choices
            .iter()
            .map(|c| c.name.as_ref())
            .collect();
        assert_eq!(games, ["Zwanzigerrufen", "Königrufen", "20 ab"]);
        let ids: Vec<&str> = (0..3)
            .map(|i| {
                <GameChoice as poise::ChoiceParameter>::from_index(i)
                    .unwrap()
                    .id()
            })
            .collect();
        assert_eq!(ids, ["zwanzigerrufen", "koenigrufen", "zwanzig-ab"]);
        // The presets are no fixed list: they follow the chosen game.
        assert!(new.parameters[0].choices.is_empty());
        assert!(new.parameters[0].autocomplete_callback.is_some());
        assert!(GameChoice("koenigrufen").presets().contains(&"cup2019"));
        assert!(!GameChoice("koenigrufen").presets().contains(&"directnet"));
    }
}
