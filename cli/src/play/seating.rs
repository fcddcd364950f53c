//! Where `tarock play` sits down: the open table of the terminal, continued
//! with the people seated at it, or a new one with the people and computers
//! the flags name.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::{Context, Result};
use tarock_storage::{Platform, Table, TableId};
use tarock_table::text::{Arg, text};
use tarock_table::{Command, CommandKind, Lang, Pace, TableSettings};

use super::input::Line;

use super::flags::{Flags, seated_people};
use super::{Args, TERMINAL_CHAT, Terminal};

/// Where `tarock play` goes on.
pub(super) enum Seated {
    /// At this table.
    At(TableId),
    /// Nowhere: the program ends with this code (an open table was not to
    /// be closed).
    Stop(ExitCode),
}

impl Terminal {
    /// The terminal's open table, or a new one with the humans and computers
    /// seated; with --new an open table is closed only when that is
    /// confirmed (asked at a terminal, or --yes).
    pub(super) async fn open_table(&mut self, args: &Args, flags: &Flags) -> Result<Seated> {
        let store = self.service.store().clone();
        let open = store.open_tables_in(Platform::Local, TERMINAL_CHAT).await?;
        if let Some(table) = open.last() {
            if !args.new {
                return Ok(Seated::At(self.continue_table(table, args, flags).await?));
            }
            // Said in the language given, else the open table's.
            let lang = match args.lang {
                Some(_) => self.lang,
                None => Lang::from_tag(&table.language),
            };
            if !args.yes
                && let Some(code) = self.keep_open(table, lang).await?
            {
                return Ok(Seated::Stop(code));
            }
            // The table's creator closes it (the first person of a terminal table).
            let creator = self.humans[0].clone();
            let number = self.deal_number(table.id).await?;
            self.quiet = true;
            self.send(&creator, CommandKind::Close(Some(table.id)))
                .await?;
            self.quiet = false;
            outln!(
                "{}",
                text(
                    lang,
                    "terminal-new-closed",
                    vec![("table", table.id.0.into()), ("deal", number.into())],
                )
            )?;
        }
        let first = self.humans[0].clone();
        let settings = TableSettings {
            game: flags.game.into(),
            seats: Some(flags.seats),
            rules: flags.rules.clone(),
            stake_cents: flags.stake,
            // Nobody in a terminal should be overruled by a clock.
            pace: Pace::parse("7d").expect("a valid pace"),
            lang: self.lang,
            another: false,
        };
        self.quiet = true;
        let replies = self
            .service
            .handle(Command {
                sender: self.sender(&first),
                update_id: None,
                kind: CommandKind::Create(settings),
            })
            .await?;
        if let Some(reply) = replies.first() {
            anyhow::bail!("{}", reply.text());
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
        for _ in self.humans.len()..usize::from(flags.seats) {
            self.send(
                &first,
                CommandKind::AddComputer(Some(table), flags.computers.clone(), None),
            )
            .await?;
        }
        // From the deal on, everything is shown: the table first, then the hand.
        self.show_all().await?;
        self.quiet = false;
        self.send(&first, CommandKind::Start(Some(table))).await?;
        Ok(Seated::At(table))
    }

    /// The number of the open table's latest deal (0 before the first).
    async fn deal_number(&self, table: TableId) -> Result<u32> {
        let loaded = self.service.store().load_table(table).await?;
        Ok(loaded
            .and_then(|l| l.deal)
            .map_or(0, |deal| deal.deal.number))
    }

    /// Whether the open `table` stays open instead of giving way to --new:
    /// at a terminal the question is asked (only yes closes it); with the
    /// input a pipe or file nothing is closed without --yes, since the
    /// next line may be a move. `None` to close it, else the exit code.
    async fn keep_open(&mut self, table: &Table, lang: Lang) -> Result<Option<ExitCode>> {
        let args = |number: u32| -> Vec<(&'static str, Arg)> {
            vec![("table", table.id.0.into()), ("deal", number.into())]
        };
        let number = self.deal_number(table.id).await?;
        if !std::io::stdin().is_terminal() {
            outln!("{}", text(lang, "terminal-new-refused", args(number)))?;
            return Ok(Some(ExitCode::from(2)));
        }
        out!("{} ", text(lang, "terminal-new-ask", args(number)))?;
        let yes = match self.input.next_line()? {
            Line::Text(answer) => matches!(
                answer.trim().to_lowercase().as_str(),
                "j" | "ja" | "y" | "yes"
            ),
            _ => false,
        };
        if yes {
            return Ok(None);
        }
        outln!("{}", text(lang, "terminal-new-kept", args(number)))?;
        Ok(Some(ExitCode::SUCCESS))
    }

    /// Continues the open table with the people seated at it, in its
    /// language; says which flags only a new table could use.
    async fn continue_table(
        &mut self,
        table: &Table,
        args: &Args,
        flags: &Flags,
    ) -> Result<TableId> {
        let store = self.service.store().clone();
        let loaded = store
            .load_table(table.id)
            .await?
            .context("the open table is missing")?;
        self.lang = Lang::from_tag(&table.language);
        let seated = seated_people(&loaded);
        let unusable = flags.unusable_on(args, &loaded);
        for flag in unusable {
            self.say(
                "terminal-flag-needs-new",
                vec![("flag", flag.into()), ("table", table.id.0.into())],
            )?;
        }
        self.say("terminal-continue", vec![("table", table.id.0.into())])?;
        if !seated.is_empty() {
            self.humans = seated;
        }
        self.table = table.id;
        self.seen_so_far().await?;
        // Show the table as it stands and everybody's hand here.
        for human in self.humans.clone() {
            self.send(&human, CommandKind::Refresh(Some(table.id)))
                .await?;
        }
        Ok(table.id)
    }
}
