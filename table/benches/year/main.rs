//! A year of history (issue 31): fills a database with a busy bot's year
//! ([`fill`]), then times, on it, "next deal" and the settling command at
//! the busiest long-lived table (≥ 15 000 deals) against a new table, the
//! statistics of the busiest chat and person (store reads and whole
//! commands), the history of a table last played a year ago, and (SQLite)
//! the first open of the file without planner statistics. Medians in ms.
//!
//! `cargo bench -p tarock-table --bench year -- [--days N] [--deals-per-day N]
//! [--tables N] [--players N] [--chats N] [--runs N] [--workers N]
//! [--only sqlite|postgres] [--keep DIR] [--reuse FILE] [--backlog]`:
//! SQLite in a temporary file (or DIR/year.db), then PostgreSQL in a
//! scratch database at `TEST_POSTGRES_URL` if a server answers; `--reuse`
//! times an SQLite file filled before (with the same shape flags) without
//! filling, e.g. one filled by an older build and upgraded by this one. Without `--bench` (as `cargo
//! test --benches` runs it) a small shape. See docs/SPEED.md.

#[path = "fill.rs"]
mod fill;

use std::time::{Duration, Instant};

use sqlx::{AnyConnection, Connection, Executor};
use tarock_storage::{Platform, Store};
use tarock_table::CommandKind;

use fill::{Session, Shape, Year};

/// The command-line flags.
struct Flags {
    shape: Shape,
    runs: usize,
    only: Option<String>,
    keep: Option<String>,
    reuse: Option<String>,
    pg_workers: usize,
}

fn flags() -> Flags {
    let args: Vec<String> = std::env::args().collect();
    let quick = !args.iter().any(|a| a == "--bench");
    let mut shape = Shape::year();
    if quick {
        shape.days = 3;
        shape.deals_per_day = 100;
        shape.tables = 30;
        shape.players = 200;
        shape.chats = 20;
        shape.long_deals_per_day = 10;
        shape.templates = 3;
    }
    let mut flags = Flags {
        shape,
        runs: if quick { 3 } else { 15 },
        only: None,
        keep: None,
        reuse: None,
        pg_workers: 3,
    };
    let value = |i: usize| -> String { args.get(i + 1).cloned().expect("a flag's value") };
    let number = |i: usize| -> u32 { value(i).parse().expect("a number") };
    for (i, arg) in args.iter().enumerate() {
        match arg.as_str() {
            "--days" => flags.shape.days = number(i),
            "--deals-per-day" => flags.shape.deals_per_day = number(i),
            "--tables" => flags.shape.tables = number(i),
            "--players" => flags.shape.players = number(i),
            "--chats" => flags.shape.chats = number(i),
            "--long-deals-per-day" => flags.shape.long_deals_per_day = number(i),
            "--templates" => flags.shape.templates = number(i),
            "--runs" => flags.runs = number(i) as usize,
            "--workers" => flags.pg_workers = number(i) as usize,
            "--only" => flags.only = Some(value(i)),
            "--keep" => flags.keep = Some(value(i)),
            "--reuse" => flags.reuse = Some(value(i)),
            "--backlog" => flags.shape.backlog = true,
            _ => {}
        }
    }
    flags
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e3
}

/// Times `f` `runs` times; the median in ms.
async fn time<F, Fut, T>(runs: usize, mut f: F) -> f64
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = T>,
{
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let begin = Instant::now();
        std::hint::black_box(f().await);
        times.push(begin.elapsed());
    }
    median(times)
}

fn main() {
    sqlx::any::install_default_drivers();
    let flags = flags();
    flags.shape.check().expect("a consistent shape");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let s = &flags.shape;
        println!(
            "shape: {} days × {} deals, {} players, {} tables ({} long × {} deals a day), {} chats, backlog {}",
            s.days,
            s.deals_per_day,
            s.players,
            s.tables,
            s.long_tables,
            s.long_deals_per_day,
            s.chats,
            s.backlog
        );
        if let Some(file) = &flags.reuse {
            let url = format!("sqlite://{file}");
            let begin = Instant::now();
            let store = Store::open(&url).await.unwrap();
            println!(
                "SQLite: {file} opened (and upgraded) in {:.1} ms",
                begin.elapsed().as_secs_f64() * 1e3
            );
            let year = found(&store, s).await;
            time_all("SQLite", &store, &year, s, flags.runs).await;
            store.close().await;
            first_open(std::path::Path::new(file), &url).await;
            return;
        }
        if flags.only.as_deref() != Some("postgres") {
            let dir = tempfile::tempdir().unwrap();
            let path = match &flags.keep {
                Some(keep) => std::path::Path::new(keep).join("year.db"),
                None => dir.path().join("year.db"),
            };
            let url = format!("sqlite://{}?mode=rwc", path.display());
            run("SQLite", &url, s, flags.runs).await;
            first_open(&path, &url).await;
        }
        if flags.only.as_deref() != Some("sqlite") {
            match tarock_storage::scratch::ScratchDatabase::create("year").await {
                Some(pg) => {
                    let shape = Shape {
                        workers: flags.pg_workers,
                        ..s.clone()
                    };
                    run("PostgreSQL", &pg.url, &shape, flags.runs).await;
                    pg.drop_now().await;
                }
                None => println!("(PostgreSQL skipped: no server at TEST_POSTGRES_URL)"),
            }
        }
    });
}

/// Fills a new database at `url` and times the commands on it.
async fn run(label: &str, url: &str, shape: &Shape, runs: usize) {
    let store = Store::open(url).await.unwrap();
    let begin = Instant::now();
    let year = fill::fill(&store, url, shape).await.unwrap();
    println!("{label}: {}", fill::describe(&year, begin.elapsed()));
    store.close().await;
    // A store opened afterwards, as a bot restarted on the file would.
    let store = Store::open(url).await.unwrap();
    time_all(label, &store, &year, shape, runs).await;
    store.close().await;
}

/// Times the commands on a filled store.
async fn time_all(label: &str, store: &Store, year: &Year, shape: &Shape, runs: usize) {
    let long_deals = store.deals_of(year.long[0]).await.unwrap().len();
    play(label, store, year, long_deals, shape.end_ms(), runs).await;
    statistics(label, store, year, runs).await;
}

/// Where the busiest history of a store filled with `shape` is: the long
/// tables were created first, in the busiest chat first, then the old
/// table.
async fn found(store: &Store, shape: &Shape) -> Year {
    let busiest = store
        .player_on(Platform::Telegram, "user-0")
        .await
        .unwrap()
        .expect("a filled store");
    let open = store
        .open_tables_in(Platform::Telegram, "chat-0")
        .await
        .unwrap();
    let first = open.iter().map(|t| t.id.0).min().expect("the long table");
    let long: Vec<_> = (0..i64::from(shape.long_tables))
        .map(|j| tarock_storage::TableId(first + j))
        .collect();
    Year {
        template: tarock_storage::TableId(first - 1),
        old: tarock_storage::TableId(first + i64::from(shape.long_tables)),
        old_last_day: shape.span_of(0).1,
        long,
        short: Vec::new(),
        busiest_chat: "chat-0".into(),
        busiest_user: "user-0".into(),
        busiest_player: busiest.id,
        deals: 0,
        events: 0,
        ledger: 0,
        messages: 0,
        updates: 0,
        links: 0,
    }
}

/// "Next deal" and the settling command at the busiest long table and at a
/// new table, alternating.
async fn play(label: &str, store: &Store, year: &Year, past: usize, now_ms: i64, runs: usize) {
    let session = Session::new(store.clone(), now_ms + 3_600_000);
    let new = session.table("bench-new", "bench-new").await;
    let (user, chat, long) = (
        year.busiest_user.as_str(),
        year.busiest_chat.as_str(),
        year.long[0],
    );
    let (mut long_next, mut long_settle, mut new_next, mut new_settle) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let (next, settle) = session.deal(user, chat, long).await;
        long_next.push(next);
        long_settle.push(settle);
        let (next, settle) = session.deal("bench-new", "bench-new", new).await;
        new_next.push(next);
        new_settle.push(settle);
        session.clock.advance(60_000);
    }
    let (ln, ls, nn, ns) = (
        median(long_next),
        median(long_settle),
        median(new_next),
        median(new_settle),
    );
    println!("{label}, {runs} deals per table, medians:");
    println!(
        "  next deal       {past} past deals {ln:>8.3} ms   new table {nn:>8.3} ms   ratio {:.2}",
        ln / nn
    );
    println!(
        "  settling move   {past} past deals {ls:>8.3} ms   new table {ns:>8.3} ms   ratio {:.2}",
        ls / ns
    );
}

/// Every statistics read for the busiest chat and person, as store reads
/// and as whole commands.
async fn statistics(label: &str, store: &Store, year: &Year, runs: usize) {
    let (p, chat, long, old) = (
        year.busiest_player,
        year.busiest_chat.as_str(),
        year.long[0],
        year.old,
    );
    let mut lines = vec![
        (
            "chat_leaderboard (busiest chat)",
            time(runs, || {
                store.chat_leaderboard(Platform::Telegram, chat, 10)
            })
            .await,
        ),
        (
            "player_stats in chat",
            time(runs, || {
                store.player_stats(p, Some((Platform::Telegram, chat)))
            })
            .await,
        ),
        (
            "player_stats everywhere",
            time(runs, || store.player_stats(p, None)).await,
        ),
        (
            "player_contracts in chat",
            time(runs, || store.player_contracts(p, Platform::Telegram, chat)).await,
        ),
        (
            "player_balance",
            time(runs, || store.player_balance(p)).await,
        ),
        (
            "table_balances (long table)",
            time(runs, || store.table_balances(long)).await,
        ),
        (
            "table_history 10 (long table)",
            time(runs, || store.table_history(long, 10)).await,
        ),
        (
            "table_history 10 (table last played a year ago)",
            time(runs, || store.table_history(old, 10)).await,
        ),
    ];
    let session = Session::new(store.clone(), 0);
    let user = year.busiest_user.as_str();
    for (name, kind) in [
        ("command: stats", CommandKind::Stats),
        ("command: leaderboard", CommandKind::Leaderboard),
        (
            "command: verlauf (long table)",
            CommandKind::History(Some(long)),
        ),
        (
            "command: balances (long table)",
            CommandKind::Balances(Some(long)),
        ),
    ] {
        let took = time(runs, || session.handle(user, chat, kind.clone())).await;
        lines.push((name, took));
    }
    println!(
        "{label}, statistics of the busiest chat and person (old table: last played on day {}), medians:",
        year.old_last_day
    );
    for (name, ms) in lines {
        println!("  {name:<50} {ms:>8.3} ms");
    }
}

/// SQLite: the first open of the file without planner statistics (as after
/// an upgrade or a copy), three times.
async fn first_open(path: &std::path::Path, url: &str) {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let mut times = Vec::new();
    for _ in 0..3 {
        let mut conn = AnyConnection::connect(url).await.unwrap();
        conn.execute("DELETE FROM sqlite_stat1").await.unwrap();
        conn.close().await.unwrap();
        let begin = Instant::now();
        let store = Store::open(url).await.unwrap();
        times.push(begin.elapsed());
        store.close().await;
    }
    println!(
        "SQLite, first open without statistics ({:.2} GB file), median of 3: {:.1} ms",
        size as f64 / 1e9,
        median(times)
    );
}
