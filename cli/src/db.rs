//! `tarock db`: look into a store (SQLite file or PostgreSQL), export its
//! deals as game records, and export what proves them fair.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Args as ClapArgs, Subcommand};
use serde_json::json;
use tarock_game_core::fair::hex;
use tarock_storage::{DealId, Participant, Store, TableId};

/// Where the database is: `--database`, else `TAROCK_DATABASE`, else the
/// SQLite file `tarock.db`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// A file path or sqlite://FILE (which must exist), or postgres://USER@HOST/DB.
    #[arg(
        long,
        env = "TAROCK_DATABASE",
        default_value = "tarock.db",
        global = true
    )]
    database: String,
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Subcommand, Debug)]
enum DbCommand {
    /// Open (and migrate) the database and say what it holds.
    Status,
    /// Print deals as game records, one JSON line each (pipe into `tarock replay -`).
    Export {
        /// Every deal of this table.
        #[arg(long, conflicts_with = "deal", required_unless_present = "deal")]
        table: Option<i64>,
        /// Just this deal.
        #[arg(long)]
        deal: Option<i64>,
    },
    /// Print what proves deals fair, one JSON line each (pipe into
    /// `tarock verify -`): the commitment, the hands, and seed and salt
    /// once a deal has ended (never while it is played).
    Proof {
        /// Every deal of this table.
        #[arg(long, conflicts_with = "deal", required_unless_present = "deal")]
        table: Option<i64>,
        /// Just this deal.
        #[arg(long)]
        deal: Option<i64>,
    },
    /// Rows and bytes on disk of every table of the store (counts every
    /// row: takes a while on a large store).
    Stats,
    /// Delete delivered messages, processed update ids and failed messages
    /// beyond the cap, as the bots do every few minutes (`TAROCK_KEEP_SENT`,
    /// `TAROCK_KEEP_UPDATES`, `TAROCK_KEEP_FAILED`); the game history stays.
    Prune,
    /// Give the space of deleted rows back. SQLite: rewrites the file
    /// (VACUUM) and turns on incremental auto-vacuum for a file made before
    /// it was the default, after which the bots give space back by
    /// themselves; holds the write lock for the whole run (running bots
    /// wait: stop them, or run it at a quiet hour) and needs about the
    /// file's size free on disk. PostgreSQL: VACUUM (ANALYZE) of the pruned
    /// tables, which autovacuum also does by itself.
    Vacuum,
    /// Print a table's running balances, one JSON line per participant
    /// (each person, and each computer seat), best first.
    Balances {
        /// The table.
        #[arg(long)]
        table: i64,
    },
}

/// Runs `tarock db …`.
pub fn run(args: &Args) -> Result<ExitCode> {
    // Every `tarock db` command reads a database that is there: a mistyped
    // path is refused before opening it would create an empty one.
    if let Some(file) = tarock_storage::sqlite_file(&args.database)
        && !file.exists()
    {
        anyhow::bail!(
            "the database file {} does not exist (`tarock play` or a bot creates one)",
            file.display()
        );
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let store = Store::open(&args.database)
            .await
            .with_context(|| format!("opening the database {}", args.database))?;
        let result = match &args.command {
            DbCommand::Status => status(&store, &args.database).await,
            DbCommand::Export { table, deal } => export(&store, *table, *deal).await,
            DbCommand::Proof { table, deal } => proof(&store, *table, *deal).await,
            DbCommand::Balances { table } => balances(&store, TableId(*table)).await,
            DbCommand::Stats => stats(&store).await,
            DbCommand::Prune => prune(&store).await,
            DbCommand::Vacuum => vacuum(&store, &args.database).await,
        };
        store.close().await;
        result
    })
}

async fn status(store: &Store, location: &str) -> Result<ExitCode> {
    let summary = store.summary().await?;
    let outbox = store.outbox_counts().await?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "database: {location} ({:?}, schema up to date)",
        store.backend()
    )?;
    let list = |items: Vec<String>| items.join(", ");
    writeln!(
        out,
        "tables:   {}",
        list(
            summary
                .tables
                .iter()
                .map(|(s, n)| format!("{n} {s}"))
                .collect()
        )
    )?;
    writeln!(
        out,
        "deals:    {}",
        list(
            summary
                .deals
                .iter()
                .map(|(s, n)| format!("{n} {s}"))
                .collect()
        )
    )?;
    writeln!(out, "events:   {}", summary.events)?;
    writeln!(out, "players:  {}", summary.players)?;
    writeln!(
        out,
        "outbox:   {} pending, {} sent, {} failed",
        outbox.pending, outbox.sent, outbox.failed
    )?;
    Ok(ExitCode::SUCCESS)
}

async fn stats(store: &Store) -> Result<ExitCode> {
    let sizes = store.table_sizes().await?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{:<18} {:>12} {:>14}", "table", "rows", "bytes")?;
    for size in &sizes {
        writeln!(
            out,
            "{:<18} {:>12} {:>14}",
            size.table, size.rows, size.bytes
        )?;
    }
    let rows: u64 = sizes.iter().map(|s| s.rows).sum();
    let bytes: u64 = sizes.iter().map(|s| s.bytes).sum();
    writeln!(out, "{:<18} {:>12} {:>14}", "total", rows, bytes)?;
    Ok(ExitCode::SUCCESS)
}

async fn prune(store: &Store) -> Result<ExitCode> {
    let config =
        tarock_table::maintenance::Maintenance::from_vars(|name| std::env::var(name).ok())?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .context("the system clock is before 1970")?
        .as_millis();
    let pruned = store
        .prune(&config.retention, i64::try_from(now).unwrap_or(i64::MAX))
        .await?;
    let pages = store.give_back_space(&config.retention).await?;
    store.optimize().await?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "deleted {} delivered messages, {} failed messages beyond the newest {}, {} processed update ids",
        pruned.sent, pruned.failed, config.retention.keep_failed, pruned.updates
    )?;
    if pages > 0 {
        writeln!(out, "gave {pages} free pages back to the file system")?;
    }
    Ok(ExitCode::SUCCESS)
}

async fn vacuum(store: &Store, location: &str) -> Result<ExitCode> {
    // The file with its write-ahead log, before and after (SQLite).
    let size = || {
        tarock_storage::sqlite_file(location).map(|file| {
            let wal = format!("{}-wal", file.display());
            let len = |p: &std::path::Path| std::fs::metadata(p).map_or(0, |m| m.len());
            len(&file) + len(std::path::Path::new(&wal))
        })
    };
    let before = size();
    store.vacuum().await?;
    let mut out = std::io::stdout().lock();
    match (before, size()) {
        (Some(before), Some(after)) => writeln!(
            out,
            "vacuumed: {before} bytes before, {after} bytes after; free pages are given back after each prune from now on"
        )?,
        _ => writeln!(
            out,
            "vacuumed the pruned tables (autovacuum does this by itself too)"
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The deals `--table` or `--deal` name.
async fn chosen_deals(store: &Store, table: Option<i64>, deal: Option<i64>) -> Result<Vec<DealId>> {
    Ok(match (table, deal) {
        (_, Some(deal)) => vec![DealId(deal)],
        (Some(table), None) => {
            let deals = store.deals_of(TableId(table)).await?;
            if deals.is_empty() && store.table(TableId(table)).await?.is_none() {
                anyhow::bail!("there is no table {table}");
            }
            deals.iter().map(|d| d.id).collect()
        }
        (None, None) => unreachable!("clap requires --table or --deal"),
    })
}

async fn export(store: &Store, table: Option<i64>, deal: Option<i64>) -> Result<ExitCode> {
    let deals = chosen_deals(store, table, deal).await?;
    let mut out = std::io::stdout().lock();
    for id in deals {
        let record = store
            .record_text(id)
            .await
            .with_context(|| format!("reading deal {id}"))?;
        writeln!(out, "{record}")?;
    }
    Ok(ExitCode::SUCCESS)
}

async fn proof(store: &Store, table: Option<i64>, deal: Option<i64>) -> Result<ExitCode> {
    let deals = chosen_deals(store, table, deal).await?;
    let mut out = std::io::stdout().lock();
    for id in deals {
        let proof = store
            .deal_proof(id)
            .await
            .with_context(|| format!("reading deal {id}"))?;
        let deal = &proof.deal;
        // A round whose settlement names its setup is checked against its
        // record as dealt, which follows from the seed once it is revealed;
        // the other games' piles follow from the seed alone.
        let dealt = match (&proof.revealed, tarock_games::by_id(&deal.game)) {
            (Some(revealed), Some(kind)) if tarock_table::fair::reveals_setup(&deal.game) => {
                let seats = store.table(deal.table).await?.map_or(4, |t| t.seats);
                let rules: serde_json::Value = serde_json::from_str(&deal.rules)?;
                tarock_table::fair::dealt_record(kind, &rules, seats, deal.forehand, &revealed.seed)
            }
            _ => None,
        };
        let line = json!({
            "game": deal.game,
            "table": deal.table.0,
            "deal": deal.id.0,
            "number": deal.number,
            "status": deal.status.as_str(),
            "commitment": deal.commitment.as_ref().map(hex),
            "seed": proof.revealed.as_ref().map(|r| hex(&r.seed)),
            "salt": proof.revealed.as_ref().map(|r| hex(&r.salt)),
            "hands": deal.hands,
            "dealt": dealt,
        });
        writeln!(out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

async fn balances(store: &Store, table: TableId) -> Result<ExitCode> {
    if store.table(table).await?.is_none() {
        anyhow::bail!("there is no table {table}");
    }
    let mut out = std::io::stdout().lock();
    for b in store.table_balances(table).await? {
        let who = match &b.participant {
            Participant::Player(id) => {
                let name = store
                    .player(*id)
                    .await?
                    .map_or_else(|| format!("#{id}"), |p| p.display_name);
                json!({"name": name, "player": id.0})
            }
            Participant::Computer { seat, level } => json!({
                "name": format!("Computer {} ({level})", seat.index() + 1),
                "seat": seat.index(),
                "computer": level,
            }),
        };
        let mut line = who;
        line["units"] = b.units.into();
        line["cents"] = b.cents.into();
        line["deals"] = b.deals.into();
        writeln!(out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}
