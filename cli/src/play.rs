//! `tarock play`: a table in the terminal, through the same table service a
//! chat uses (and the same SQLite file by default), against computer players
//! or with other people at the same keyboard taking turns. It reads commands
//! line by line from standard input, so a script can drive it too; quitting
//! and starting again continues the same table.

mod flags;
pub mod help;
mod input;
mod menu;
mod seating;
mod watch;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args as ClapArgs;
use tarock_storage::{Platform, Store, TableId, TableStatus};
use tarock_table::command::MAX_TYPED;
use tarock_table::payload::{ButtonAction, Payload};
use tarock_table::text::{Arg, text};
use tarock_table::{
    ChatRef, Command, CommandKind, Lang, Outgoing, Sender, SystemClock, TableService, UserRef,
};

use flags::{Flags, new_humans};
use input::{Line, Lines};

/// The chat id of the terminal's table in the database.
const TERMINAL_CHAT: &str = "terminal";

/// Clears a terminal screen and its scrollback, so that nobody scrolls
/// back to the previous player's hand (only written to a terminal).
const CLEAR: &str = "\x1b[H\x1b[2J\x1b[3J";

/// Options of `tarock play`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The database: a file path, sqlite://FILE or postgres://….
    #[arg(long, env = "TAROCK_DATABASE", default_value = "tarock.db")]
    database: String,
    /// The people at this keyboard of a new table, comma-separated;
    /// computers fill the other seats. Default: your login name.
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// Strength of the computer players of a new table: easy, medium
    /// (default) or strong.
    #[arg(long)]
    computers: Option<String>,
    /// The game of a new table (the list comes from the game registry).
    #[arg(long, help = help::game())]
    game: Option<String>,
    /// Seats of a new table, as the game allows.
    #[arg(long, help = help::seats())]
    seats: Option<u8>,
    /// Rules of a new table: one of the game's presets, or JSON.
    #[arg(long, help = help::rules())]
    rules: Option<String>,
    /// Language of a new table: de (default) or en.
    #[arg(long)]
    lang: Option<String>,
    /// Money per point of a new table, in cents. Default: 10.
    #[arg(long)]
    stake: Option<i64>,
    /// Start a new table. A table still open is closed for good first,
    /// which is asked at a terminal; with the input not a terminal it
    /// takes --yes, else nothing changes.
    #[arg(long)]
    new: bool,
    /// With --new: close the open table without asking.
    #[arg(long, requires = "new")]
    yes: bool,
    /// A fixed seed for the shuffles and the computers, to repeat a game
    /// exactly (anyone who knows it knows every hand). Default: every deal
    /// from fresh OS entropy.
    #[arg(long)]
    seed: Option<u64>,
}

struct Terminal {
    service: TableService,
    table: TableId,
    humans: Vec<UserRef>,
    lang: Lang,
    color: bool,
    /// The newest private view per human user id: a hand with its choices,
    /// or the keyboard of a turn being composed.
    private: HashMap<String, Outgoing>,
    /// The move being composed by a user in several presses (their id and
    /// the words of the move so far, from the game's face), while the view
    /// shows what may follow: typed words go after them.
    partial: Option<(String, Vec<String>)>,
    /// Whose hand is on the screen (several people at one keyboard).
    shown_to: Option<String>,
    /// The commitment line of the deal shown last (it is shown once).
    commitment_shown: RefCell<Option<String>>,
    /// While seating a new table: deliver without printing.
    quiet: bool,
    /// How far the people here have seen a round they sit out: its deal
    /// number and how many of its actions were shown.
    watched: Option<(u32, u32)>,
    input: Lines<std::io::StdinLock<'static>>,
}

fn chat() -> ChatRef {
    ChatRef {
        platform: Platform::Local,
        chat_id: TERMINAL_CHAT.to_owned(),
        thread_id: None,
    }
}

/// Runs `tarock play`.
pub fn run(args: &Args) -> Result<ExitCode> {
    // Bad flags create nothing: not even the database file.
    let flags = match Flags::check(args) {
        Ok(flags) => flags,
        Err(message) => {
            eprintln!("{message}");
            return Ok(ExitCode::from(2));
        }
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(play(args, flags))
}

async fn play(args: &Args, flags: Flags) -> Result<ExitCode> {
    let store = Store::open(&args.database)
        .await
        .with_context(|| format!("opening the database {}", args.database))?;
    let service = match args.seed {
        None => TableService::new(store, Arc::new(SystemClock)),
        Some(seed) => TableService::with_fixed_seed(store, Arc::new(SystemClock), seed),
    };
    // Which randomness runs, on standard error (the table is on standard
    // output); never a seed.
    eprintln!("tarock play: {}", service.randomness());
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut term = Terminal {
        service,
        table: TableId(0),
        humans: new_humans(&flags),
        lang: flags.lang,
        color,
        private: HashMap::new(),
        partial: None,
        shown_to: None,
        commitment_shown: RefCell::new(None),
        quiet: false,
        watched: None,
        input: Lines::new(std::io::stdin().lock(), MAX_TYPED),
    };
    term.table = match term.open_table(args, &flags).await {
        Ok(seating::Seated::At(table)) => table,
        Ok(seating::Seated::Stop(code)) => {
            term.service.store().close().await;
            return Ok(code);
        }
        Err(e) => return Err(e),
    };
    term.show_all().await?;
    let result = term.repl().await;
    term.service.store().close().await;
    result
}

impl Terminal {
    fn sender(&self, user: &UserRef) -> Sender {
        Sender {
            user: user.clone(),
            chat: chat(),
            lang: self.lang,
            is_admin: true,
        }
    }

    fn say(&self, id: &str, args: Vec<(&'static str, Arg)>) -> io::Result<()> {
        outln!("{}", text(self.lang, id, args))
    }

    async fn send(&mut self, user: &UserRef, kind: CommandKind) -> Result<()> {
        // Pressing a draft button ("Rufer + …") starts a move of several
        // presses: its answer is what may follow, and typed words follow
        // the words the game's face gives the draft.
        let composing = match &kind {
            CommandKind::Button(payload) => self.draft_words(payload).await?,
            _ => None,
        };
        let replies = self
            .service
            .handle(Command {
                sender: self.sender(user),
                update_id: None,
                kind,
            })
            .await?;
        for reply in replies {
            match &reply {
                // A view with choices replaces the one on screen; the prompt
                // shows it (once).
                Outgoing::Private { table, buttons, .. }
                    if *table == self.table && !buttons.is_empty() =>
                {
                    self.private.insert(user.user_id.clone(), reply.clone());
                    self.partial = composing.clone().map(|b| (user.user_id.clone(), b));
                }
                _ => self.print(&reply)?,
            }
        }
        self.show_all().await
    }

    /// The words of the move a pressed button's draft begins, as the
    /// table's game reads them typed; `None` for any other button.
    async fn draft_words(&self, payload: &str) -> Result<Option<Vec<String>>> {
        let Ok(Payload { action, .. }) = payload.parse::<Payload>() else {
            return Ok(None);
        };
        Ok(match action {
            ButtonAction::Draft(draft) => {
                let table = self.service.store().table(self.table).await?;
                table
                    .and_then(|t| tarock_games::face(&t.game))
                    .and_then(|face| face.draft_words(&draft))
            }
            _ => None,
        })
    }

    /// Delivers the outbox to the screen: the newest table view of a batch,
    /// every chat message, the settlement (with one person here: their own
    /// copy, their line marked), and the private views of the people here.
    async fn show_all(&mut self) -> Result<()> {
        loop {
            let batch = self.service.claim(100).await?;
            if batch.is_empty() {
                return Ok(());
            }
            let last_table = batch
                .iter()
                .rposition(|d| matches!(d.message, Outgoing::Table { .. }));
            let alone = self.humans.len() == 1;
            // A round the people here sit out is shown step by step, as
            // an onlooker sees it, instead of its last view; what the chat
            // says of it stands in those steps.
            let watch = match last_table {
                Some(_) => self.to_watch().await?,
                None => None,
            };
            let in_steps = |said: &str| {
                watch.as_ref().is_some_and(|(_, steps)| {
                    steps.iter().any(|s| s.text.lines().any(|l| l == said))
                })
            };
            let mut settled = false;
            // The settlement copy comes after the table's last trick.
            let mut copy = None;
            for (i, delivery) in batch.iter().enumerate() {
                match &delivery.message {
                    Outgoing::Table { table, .. }
                        if *table == self.table && Some(i) == last_table =>
                    {
                        match &watch {
                            Some((number, steps)) => self.watch(*number, steps)?,
                            None => self.print(&delivery.message)?,
                        }
                    }
                    Outgoing::Table { .. } => {}
                    // With one person here their own copy is shown, else
                    // the table's; either after the table's last view.
                    Outgoing::Settlement { table, .. } if *table == self.table => {
                        settled = true;
                        if !alone {
                            copy = Some(delivery.message.clone());
                        }
                    }
                    Outgoing::Private {
                        to, table, buttons, ..
                    } if *table == self.table => {
                        if settled && alone && buttons.is_empty() {
                            copy = Some(delivery.message.clone());
                        }
                        if self.partial.as_ref().is_some_and(|(u, _)| *u == to.user_id) {
                            self.partial = None;
                        }
                        self.private
                            .insert(to.user_id.clone(), delivery.message.clone());
                    }
                    Outgoing::Private { .. } => {}
                    other if in_steps(other.text()) => {}
                    other => self.print(other)?,
                }
                self.service.delivered(delivery.id).await?;
            }
            if let Some(copy) = copy {
                self.print(&copy)?;
            }
        }
    }

    /// The human whose turn it is, with their choices.
    fn actor(&self) -> Option<(UserRef, &Outgoing)> {
        self.humans.iter().find_map(|h| {
            let view = self.private.get(&h.user_id)?;
            (!view.buttons().is_empty()).then(|| (h.clone(), view))
        })
    }

    fn paint(&self, text: &str) -> String {
        if !self.color {
            return text.to_owned();
        }
        // Red suits in red.
        text.replace('♥', "\x1b[31m♥")
            .replace('♦', "\x1b[31m♦")
            .split(' ')
            .map(|word| {
                if word.contains("\x1b[31m") {
                    format!("{word}\x1b[0m")
                } else {
                    word.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn print(&self, message: &Outgoing) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        match message {
            Outgoing::Table { text, .. } => self.print_table(text),
            Outgoing::Notice { to, text } => {
                outln!("{}", self.shown(&format!("[{}] {text}", to.name)))
            }
            other => outln!("{}", self.shown(other.text())),
        }
    }

    /// A table view between two rules (its commitment line once per deal).
    fn print_table(&self, text: &str) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        let rule = "─".repeat(60);
        let text = self.once_per_deal(text);
        outln!("{rule}\n{}\n{rule}", self.shown(&text))
    }

    /// A text as the terminal shows it: wrapped between words to its width
    /// (at a terminal, or when `COLUMNS` says; a transcript keeps its
    /// lines), red suits in red.
    fn shown(&self, text: &str) -> String {
        if std::io::stdout().is_terminal() || std::env::var_os("COLUMNS").is_some() {
            self.paint(&menu::wrap(text, menu::width()))
        } else {
            self.paint(text)
        }
    }

    /// A table view without the deal's commitment line once that line was
    /// shown: it stands on the deal's first screen, not on every one.
    fn once_per_deal(&self, text: &str) -> String {
        let is_commitment = |line: &str| {
            line.rsplit(' ').next().is_some_and(|hash| {
                hash.len() == 64
                    && hash.chars().all(|c| c.is_ascii_hexdigit())
                    && line
                        == tarock_table::text::text(
                            self.lang,
                            "fair-commitment",
                            vec![("commitment", hash.into())],
                        )
            })
        };
        let mut shown = self.commitment_shown.borrow_mut();
        text.lines()
            .filter(|line| {
                if !is_commitment(line) {
                    return true;
                }
                let first = shown.as_deref() != Some(*line);
                *shown = Some((*line).to_owned());
                first
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn prompt(&self) -> io::Result<()> {
        match self.actor() {
            Some((user, view)) => {
                outln!("{}", self.shown(view.text()))?;
                let entries: Vec<(String, usize)> = view
                    .buttons()
                    .iter()
                    .flatten()
                    .map(|b| (self.paint(&b.label), b.label.chars().count()))
                    .collect();
                for line in menu::lines(&entries, menu::width()) {
                    outln!("{line}")?;
                }
                out!("{}> ", user.name)?;
            }
            None => out!("{} ", text(self.lang, "terminal-prompt-between", vec![]))?,
        }
        Ok(())
    }

    /// With several people at the keyboard: the person to act next, when
    /// someone else's hand was the last one shown.
    fn pass_to(&mut self) -> Option<UserRef> {
        let Some((user, _)) = self.actor() else {
            // Between deals: whoever acts first in the next one gets the
            // keyboard passed, whoever pressed "n".
            self.shown_to = None;
            return None;
        };
        (self.humans.len() > 1 && self.shown_to.as_deref() != Some(user.user_id.as_str()))
            .then_some(user)
    }

    async fn repl(&mut self) -> Result<ExitCode> {
        loop {
            // Deadlines: in the terminal they only matter for very slow paces.
            self.service.tick().await?;
            self.show_all().await?;
            if self.table_closed().await? {
                return Ok(ExitCode::SUCCESS);
            }
            if let Some(user) = self.pass_to() {
                // Hot seat: nobody sees the next hand before its owner has
                // the keyboard.
                if self.color {
                    out!("{CLEAR}")?;
                }
                out!(
                    "{} ",
                    text(
                        self.lang,
                        "terminal-pass",
                        vec![("name", user.name.as_str().into())]
                    )
                )?;
                if self.input.next_line()? == Line::End {
                    outln!()?;
                    return Ok(ExitCode::SUCCESS);
                }
                if self.color {
                    out!("{CLEAR}")?;
                } else {
                    outln!()?;
                }
                self.shown_to = Some(user.user_id);
                continue;
            }
            self.prompt()?;
            let line = match self.input.next_line()? {
                Line::End => {
                    outln!()?;
                    return Ok(ExitCode::SUCCESS);
                }
                Line::TooLong => {
                    outln!()?;
                    self.say("terminal-too-long", vec![("max", MAX_TYPED.into())])?;
                    continue;
                }
                Line::Unreadable => {
                    outln!()?;
                    self.say("terminal-unreadable", vec![])?;
                    continue;
                }
                Line::Text(line) => line,
            };
            if !self.color {
                // Echo scripted input so that a transcript reads like a session.
                outln!("{}", line.trim())?;
            }
            if !self.command(line.trim()).await? {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }

    async fn table_closed(&self) -> Result<bool> {
        let table = self.service.store().table(self.table).await?;
        Ok(table.is_none_or(|t| t.status == TableStatus::Closed))
    }

    /// Handles one typed line; false to quit.
    async fn command(&mut self, line: &str) -> Result<bool> {
        let t = Some(self.table);
        let actor = self.actor().map(|(u, v)| (u, v.clone()));
        let user = actor
            .as_ref()
            .map_or_else(|| self.humans[0].clone(), |(u, _)| u.clone());
        let lower = line.to_lowercase();
        let words: Vec<String> = lower.split_whitespace().map(str::to_owned).collect();
        let kind = match words.first().map(String::as_str) {
            None => return Ok(true),
            Some("q" | "quit" | "exit" | "ende") => return Ok(false),
            Some("?" | "h" | "help" | "hilfe") => {
                // Each game's own words.
                let game = self.service.store().table(self.table).await?;
                let game = game.map(|t| t.game).unwrap_or_default();
                outln!("{}", tarock_table::games::help_text(&game, self.lang))?;
                return Ok(true);
            }
            Some("n" | "next" | "neu") => CommandKind::Start(t),
            Some("hand" | "karten") => CommandKind::Hand(t),
            Some("stich" | "trick" | "last") => CommandKind::LastTrick(t),
            Some("unsere" | "ours") => CommandKind::OurTricks(t),
            Some("stand" | "balance" | "balances") => CommandKind::Balances(t),
            Some("regeln" | "rules") => CommandKind::Rules(t),
            Some("schluss" | "close") => CommandKind::Close(t),
            Some(first) => {
                let buttons: Vec<tarock_table::Button> = actor
                    .as_ref()
                    .map(|(_, v)| v.buttons().iter().flatten().cloned().collect())
                    .unwrap_or_default();
                // A number from the menu, or a menu entry as it reads.
                let wanted = normalize(line);
                if first.chars().all(|c| c.is_ascii_digit()) {
                    match first
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| buttons.get(n.wrapping_sub(1)))
                    {
                        Some(button) => CommandKind::Button(button.payload.clone()),
                        None => {
                            self.say("terminal-no-such-choice", vec![])?;
                            return Ok(true);
                        }
                    }
                } else if let Some(button) = buttons.iter().find(|b| normalize(&b.label) == wanted)
                {
                    CommandKind::Button(button.payload.clone())
                } else {
                    // Cards and moves in words, read by the table's game;
                    // words go after those of a move being composed.
                    let mut turn: Vec<String> = match &self.partial {
                        Some((id, so_far)) if *id == user.user_id => so_far.clone(),
                        _ => Vec::new(),
                    };
                    turn.extend(words);
                    CommandKind::TurnWords(t, None, turn)
                }
            }
        };
        self.send(&user, kind).await?;
        Ok(true)
    }
}

/// A menu entry or typed line as compared: lower case, single spaces,
/// three dots as the ellipsis.
fn normalize(text: &str) -> String {
    text.to_lowercase()
        .replace("...", "…")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
