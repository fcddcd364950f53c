//! `tarock play`: a table in the terminal, through the same table service a
//! chat uses (and the same SQLite file by default), against computer players
//! or with other people at the same keyboard taking turns. It reads commands
//! line by line from standard input, so a script can drive it too; quitting
//! and starting again continues the same table.

use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use clap::Args as ClapArgs;
use tarock_storage::{Platform, Store, TableId, TableStatus};
use tarock_table::render::parse_card;
use tarock_table::{
    ChatRef, Command, CommandKind, Lang, Outgoing, Pace, Sender, SystemClock, TableService,
    TableSettings, UserRef,
};

/// The chat id of the terminal's table in the database.
const TERMINAL_CHAT: &str = "terminal";

/// Options of `tarock play`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The database: a file path, sqlite://FILE or postgres://….
    #[arg(long, env = "TAROCK_DATABASE", default_value = "tarock.db")]
    database: String,
    /// The people at this keyboard, comma-separated; computers fill the
    /// other seats. Default: your login name.
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// Strength of the computer players: easy, medium or strong.
    #[arg(long, default_value = "medium")]
    computers: String,
    /// Rules of a new table: a preset (standard, directnet, tarockwelt, wikipedia) or JSON.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// Language of the texts: de or en.
    #[arg(long, default_value = "de")]
    lang: String,
    /// Money per point of a new table, in cents.
    #[arg(long, default_value_t = 10)]
    stake: i64,
    /// Leave the table that is open and start a new one.
    #[arg(long)]
    new: bool,
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
    /// The newest private view per human user id.
    private: HashMap<String, Outgoing>,
    /// While seating a new table: deliver without printing.
    quiet: bool,
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
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(play(args))
}

async fn play(args: &Args) -> Result<ExitCode> {
    let lang = Lang::from_tag(&args.lang);
    let login = std::env::var("USER").unwrap_or_default();
    let default_name = if login.is_empty() || login == "root" {
        "Anna".to_owned()
    } else {
        login
    };
    let names = if args.players.is_empty() {
        vec![default_name]
    } else {
        args.players.clone()
    };
    let humans: Vec<UserRef> = names
        .iter()
        .map(|n| n.trim())
        .filter(|n| !n.is_empty())
        .enumerate()
        .map(|(i, name)| UserRef {
            platform: Platform::Local,
            user_id: format!("local-{}", i + 1),
            name: name.to_owned(),
        })
        .collect();
    if humans.is_empty() || humans.len() > 4 {
        bail!("--players takes one to four names");
    }
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
        humans,
        lang,
        color,
        private: HashMap::new(),
        quiet: false,
    };
    term.quiet = true;
    term.table = term.open_table(args).await?;
    term.quiet = false;
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

    async fn send(&mut self, user: &UserRef, kind: CommandKind) -> Result<()> {
        let replies = self
            .service
            .handle(Command {
                sender: self.sender(user),
                update_id: None,
                kind,
            })
            .await?;
        for reply in replies {
            self.print(&reply);
        }
        self.show_all().await
    }

    /// The terminal's open table, or a new one with the humans and computers seated.
    async fn open_table(&mut self, args: &Args) -> Result<TableId> {
        let store = self.service.store().clone();
        let open = store.open_tables_in(Platform::Local, TERMINAL_CHAT).await?;
        if let Some(table) = open.last() {
            if !args.new {
                println!(
                    "{}",
                    tarock_table::text::text(
                        self.lang,
                        "terminal-continue",
                        vec![("table", table.id.0.into())]
                    )
                );
                self.table = table.id;
                self.quiet = false;
                // Show the table as it stands and everybody's hand here.
                for human in self.humans.clone() {
                    self.send(&human, CommandKind::Refresh(Some(table.id)))
                        .await?;
                }
                return Ok(table.id);
            }
            let first = self.humans[0].clone();
            self.send(&first, CommandKind::Close(Some(table.id)))
                .await?;
        }
        let first = self.humans[0].clone();
        let settings = TableSettings {
            rules: args.rules.clone(),
            stake_cents: args.stake,
            // Nobody in a terminal should be overruled by a clock.
            pace: Pace::parse("7d").expect("a valid pace"),
            lang: self.lang,
        };
        let replies = self
            .service
            .handle(Command {
                sender: self.sender(&first),
                update_id: None,
                kind: CommandKind::Create(settings),
            })
            .await?;
        if let Some(reply) = replies.first() {
            bail!("{}", reply.text());
        }
        let table = store
            .open_tables_in(Platform::Local, TERMINAL_CHAT)
            .await?
            .last()
            .map(|t| t.id)
            .context("the new table is missing")?;
        self.table = table;
        for human in self.humans.clone().iter().skip(1) {
            self.send(human, CommandKind::Join(Some(table), None))
                .await?;
        }
        for _ in self.humans.len()..4 {
            self.send(
                &first,
                CommandKind::AddComputer(Some(table), args.computers.clone()),
            )
            .await?;
        }
        self.send(&first, CommandKind::Start(Some(table))).await?;
        Ok(table)
    }

    /// Delivers the outbox to the screen: the newest table view of a batch,
    /// every chat message and settlement, and the private views of the
    /// people here.
    async fn show_all(&mut self) -> Result<()> {
        loop {
            let batch = self.service.claim(100).await?;
            if batch.is_empty() {
                return Ok(());
            }
            let last_table = batch
                .iter()
                .rposition(|d| matches!(d.message, Outgoing::Table { .. }));
            for (i, delivery) in batch.iter().enumerate() {
                match &delivery.message {
                    Outgoing::Table { table, .. }
                        if *table == self.table && Some(i) == last_table =>
                    {
                        self.print(&delivery.message)
                    }
                    Outgoing::Table { .. } => {}
                    Outgoing::Private { to, table, .. } if *table == self.table => {
                        self.private
                            .insert(to.user_id.clone(), delivery.message.clone());
                    }
                    other => self.print(other),
                }
                self.service.delivered(delivery.id).await?;
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
        // Red suits in red, tarock numerals in bold.
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

    fn print(&self, message: &Outgoing) {
        if self.quiet {
            return;
        }
        let rule = "─".repeat(60);
        match message {
            Outgoing::Table { text, .. } => println!("{rule}\n{}\n{rule}", self.paint(text)),
            Outgoing::Settlement { text, .. } => println!("{}", self.paint(text)),
            Outgoing::Notice { to, text } => println!("[{}] {}", to.name, self.paint(text)),
            other => println!("{}", self.paint(other.text())),
        }
    }

    fn prompt(&self) {
        match self.actor() {
            Some((user, view)) => {
                println!("{}", self.paint(view.text()));
                let mut n = 0;
                let mut line = String::new();
                for row in view.buttons() {
                    for button in row {
                        n += 1;
                        line.push_str(&format!(" [{n}] {} ", self.paint(&button.label)));
                    }
                }
                println!("{line}");
                print!("{}> ", user.name);
            }
            None => print!(
                "{}",
                tarock_table::text::text(self.lang, "terminal-prompt-between", vec![])
            ),
        }
        let _ = std::io::stdout().flush();
    }

    async fn repl(&mut self) -> Result<ExitCode> {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        loop {
            // Deadlines: in the terminal they only matter for very slow paces.
            self.service.tick().await?;
            self.show_all().await?;
            if self.table_closed().await? {
                return Ok(ExitCode::SUCCESS);
            }
            self.prompt();
            let Some(line) = lines.next() else {
                println!();
                return Ok(ExitCode::SUCCESS);
            };
            let line = line.context("reading standard input")?;
            if !self.color {
                // Echo scripted input so that a transcript reads like a session.
                println!("{}", line.trim());
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
                println!(
                    "{}",
                    tarock_table::text::text(self.lang, "terminal-help", vec![])
                );
                return Ok(true);
            }
            Some("n" | "next" | "weiter-spiel" | "neu") => CommandKind::Start(t),
            Some("hand" | "karten") => CommandKind::Hand(t),
            Some("stich" | "trick" | "last") => CommandKind::LastTrick(t),
            Some("unsere" | "ours") => CommandKind::OurTricks(t),
            Some("stand" | "balance" | "balances") => CommandKind::Balances(t),
            Some("regeln" | "rules") => CommandKind::Rules(t),
            Some("schluss" | "close") => CommandKind::Close(t),
            Some(first) => {
                if let (Ok(n), Some((_, view))) = (first.parse::<usize>(), &actor) {
                    match view.buttons().iter().flatten().nth(n.wrapping_sub(1)) {
                        Some(button) => CommandKind::Button(button.payload.clone()),
                        None => {
                            println!(
                                "{}",
                                tarock_table::text::text(
                                    self.lang,
                                    "terminal-no-such-choice",
                                    vec![]
                                )
                            );
                            return Ok(true);
                        }
                    }
                } else if let Some(card) = parse_card(line.trim()) {
                    CommandKind::Play(t, None, card)
                } else {
                    CommandKind::TurnWords(t, None, words)
                }
            }
        };
        self.send(&user, kind).await?;
        Ok(true)
    }
}
