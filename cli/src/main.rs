//! `tarock`: the command-line tool of the tarock family's project
//! (Zwanzigerrufen, Königrufen and 20 ab).
//!
//! - `tarock play` seats you at a table in the terminal with computer
//!   players, through the same table service the chat bots use; running it
//!   again continues the same table.
//! - `tarock replay FILE... | -` replays game records and prints one JSON
//!   line per record (see `docs/RECORD.md`).
//! - `tarock simulate --games N [--game koenigrufen]` plays random legal deals
//!   through the rules engine and reports what happened and how fast.
//! - `tarock arena --players A,B --deals N [--game zwanzig-ab|koenigrufen]` plays
//!   duplicate matches between two computer player types and reports the
//!   difference with a 95 % interval.
//! - `tarock db status|export|proof` opens the database (SQLite or
//!   PostgreSQL), says what it holds, exports deals as game records, and
//!   exports what proves them fair.
//! - `tarock verify` checks a deal's commitment against the seed and salt
//!   its settlement revealed, recomputing the shuffle.
//! - `tarock cup new|add|draw|score|play|standings` runs a Königrufen cup
//!   (seed 002's Tarockcup days) from a JSON file: random table draws,
//!   results, day and season standings.
//! - `tarock render hand|trick|table|record|sheet … -o FILE` draws cards as a
//!   PNG with the project's own card pictures and prints the alt text.

/// `println!` for reports: hands the write error back instead of panicking,
/// so that a reader closing the pipe (`tarock simulate | head`) ends the
/// command quietly (see `closed_pipe`).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

/// `print!` for prompts: writes and flushes, handing the write error back
/// like [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        write!(stdout, $($arg)*).and_then(|()| stdout.flush())
    }};
}

mod arena;
mod cup;
mod db;
mod play;
mod render;
mod replay;
mod simulate;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "tarock", version, about = play::help::about())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game of the family at a table in the terminal (the games come
    /// from the game registry).
    #[command(about = play::help::play())]
    Play(play::Args),
    /// Replay game records (JSON; `-` reads JSON Lines from standard input).
    Replay {
        /// Record files, or `-` for standard input.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Play random legal deals and report game types and speed (`--game zwanzig-ab` for 20 ab, `--game koenigrufen` for Königrufen).
    Simulate(simulate::Args),
    /// Play duplicate deals between two computer player types (easy, medium, strong; `--game zwanzig-ab` for 20 ab, `--game koenigrufen` for Königrufen).
    Arena(arena::Args),
    /// Look into the database (SQLite file or PostgreSQL) and export game records.
    Db(db::Args),
    /// Run a Königrufen cup on one machine: draw the tables of each round, enter or let computers play the results, print the day's and the season's standings.
    Cup(cup::Args),
    /// Check that a deal was dealt fairly: its commitment against the seed and salt its settlement revealed, and the hands.
    Verify(verify::Args),
    /// Draw cards as a PNG: a hand, a trick, the table, a record's position, or the contact sheet.
    Render {
        /// The picture to draw.
        #[command(subcommand)]
        what: render::Command,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Play(args) => play::run(&args),
        Command::Replay { files } => replay::run(&files),
        Command::Simulate(args) => simulate::run(&args),
        Command::Arena(args) => arena::run(&args),
        Command::Db(args) => db::run(&args),
        Command::Render { what } => render::run(&what),
        Command::Verify(args) => verify::run(&args),
        Command::Cup(args) => cup::run(&args),
    };
    match result {
        Ok(code) => code,
        // The reader went away (`tarock db export … | head`, `tarock
        // simulate | head`): nothing more is wanted, which is no error.
        Err(e) if closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tarock: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Whether `error` comes from writing to a pipe whose reader has closed it.
fn closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
