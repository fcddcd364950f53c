//! Table service benchmark: command handling latency (command in →
//! committed → outgoing messages queued) and the end-to-end rate (the same
//! and the delivery of every message through the front ends' [`Pump`] to a
//! messenger that sends nothing) with 1 000 tables playing at once, and the
//! memory a table takes when loaded.
//!
//! `cargo bench -p tarock-table` (`BENCH_TABLES`, `BENCH_COMMANDS` to scale;
//! `BENCH_POSTGRES_URL=postgres://…` adds PostgreSQL, in a database of its
//! own that is dropped afterwards; `BENCH_ONLY=sqlite|postgres`,
//! `BENCH_HISTORY=empty|large`, `BENCH_PEOPLE=4|1` pick runs; counting
//! instructions per command under callgrind takes one run at two
//! `BENCH_COMMANDS`).
//! Every table seats four people; each command is one person's move, taken
//! round-robin over the tables, so the database holds 1 000 live deals.
//! Each database runs empty and with a large history written in SQL before
//! the store opens: 1 000 000 delivered messages, 100 000 processed update
//! ids and 25 000 closed tables with 100 000 finished deals (events,
//! settlements, ledger rows). A last run (SQLite, empty) seats one person
//! and three medium computers, whose moves are part of the person's command.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant};

use std::sync::Mutex;

use sqlx::{AnyConnection, Connection, Executor};
use tarock_storage::{Platform, Store, TableId};
use tarock_table::{
    ChatRef, Command, CommandKind, Lang, ManualClock, Messenger, Outgoing, Pump, SendFail, Sender,
    TableService, TableSettings, UserRef,
};

/// Counts live heap bytes, to measure what a loaded table holds.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn sender(table: usize, seat: usize) -> Sender {
    Sender {
        user: UserRef {
            platform: Platform::Telegram,
            user_id: format!("u{table}-{seat}"),
            name: format!("P{seat}"),
        },
        chat: ChatRef {
            platform: Platform::Telegram,
            chat_id: format!("chat{table}"),
            thread_id: None,
        },
        lang: Lang::De,
        is_admin: false,
    }
}

async fn handle(service: &TableService, sender: Sender, kind: CommandKind) -> Vec<Outgoing> {
    service
        .handle(Command {
            sender,
            update_id: None,
            kind,
        })
        .await
        .unwrap()
}

/// A platform that accepts every message and remembers each person's
/// newest private view.
#[derive(Default)]
struct Recorder {
    views: Mutex<HashMap<String, Outgoing>>,
}

impl Messenger for Recorder {
    async fn send(&self, message: &Outgoing) -> Result<(), SendFail> {
        if let Outgoing::Private { to, .. } = message {
            self.views
                .lock()
                .unwrap()
                .insert(to.user_id.clone(), message.clone());
        }
        Ok(())
    }

    async fn unreachable(&self, _message: &Outgoing) {}

    async fn post_private(
        &self,
        table: TableId,
        to: &tarock_table::UserRef,
        text: &str,
        buttons: &tarock_table::Keyboard,
        picture: Option<&tarock_table::picture::Picture>,
    ) -> Result<String, SendFail> {
        self.views.lock().unwrap().insert(
            to.user_id.clone(),
            Outgoing::Private {
                table,
                to: to.clone(),
                text: text.to_owned(),
                buttons: buttons.clone(),
                notify: false,
                picture: picture.cloned(),
            },
        );
        Ok(format!("{}:{}", to.user_id, table.0))
    }

    async fn edit_private(
        &self,
        table: TableId,
        to: &tarock_table::UserRef,
        _id: &str,
        text: &str,
        buttons: &tarock_table::Keyboard,
        picture: Option<&tarock_table::picture::Picture>,
    ) -> Result<(), tarock_table::EditFail> {
        self.post_private(table, to, text, buttons, picture)
            .await
            .map(|_| ())
            .map_err(tarock_table::EditFail::Send)
    }

    async fn retire_private(&self, _to: &tarock_table::UserRef, _id: &str) {}
}

/// Delivers the outbox as a front end does, batch by batch.
async fn drain(service: &TableService, pump: &Pump, recorder: &Recorder) {
    while pump.deliver_batch(service, recorder).await.unwrap() > 0 {}
}

/// Where a run's database lives.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Db {
    Sqlite,
    Postgres,
}

/// A fresh database: its URL and what removes it afterwards.
struct Fresh {
    url: String,
    _dir: Option<tempfile::TempDir>,
    drop_pg: Option<(String, String)>,
}

async fn fresh(db: Db, n: usize) -> Fresh {
    match db {
        Db::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            let url = format!(
                "sqlite://{}?mode=rwc",
                dir.path().join("bench.db").display()
            );
            Fresh {
                url,
                _dir: Some(dir),
                drop_pg: None,
            }
        }
        Db::Postgres => {
            let admin = std::env::var("BENCH_POSTGRES_URL").unwrap();
            let name = format!("tarock_bench_{}_{n}", std::process::id());
            let mut conn = AnyConnection::connect(&admin).await.unwrap();
            conn.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .await
                .unwrap();
            conn.close().await.unwrap();
            let base = admin.rsplit_once('/').unwrap().0;
            Fresh {
                url: format!("{base}/{name}"),
                _dir: None,
                drop_pg: Some((admin, name)),
            }
        }
    }
}

impl Fresh {
    async fn remove(self) {
        if let Some((admin, name)) = &self.drop_pg {
            let mut conn = AnyConnection::connect(admin).await.unwrap();
            conn.execute(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            )))
            .await
            .unwrap();
        }
    }
}

/// Integers 1..=n as a FROM item `g(i)`.
fn series(db: Db, n: i64) -> String {
    match db {
        Db::Sqlite => format!(
            "(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {n}) SELECT i FROM s) g"
        ),
        Db::Postgres => format!("(SELECT generate_series(1, {n}) AS i) g"),
    }
}

/// Writes a year's history into a migrated, closed database: 25 000 closed
/// tables with four finished deals each (four events, a settlement and four
/// ledger rows per deal), 1 000 000 delivered messages and 100 000 processed
/// update ids, all older than the benchmark's clock. Ids start high so the
/// service's own rows come after them.
async fn write_history(db: Db, url: &str) {
    const T: i64 = 25_000;
    const D: i64 = 100_000;
    let now = 1_795_176_000_000i64;
    let s = |n| series(db, n);
    let statements = [
        format!(
            "INSERT INTO players (id, platform, platform_user_id, display_name, language, created_ms)
             SELECT 1000000 + i, 'telegram', 'old' || CAST(i AS TEXT), 'P', 'de', 0 FROM {}",
            s(4000)
        ),
        format!(
            "INSERT INTO tables (id, platform, chat_id, rules, stake_cents, pace_ms, language, status,
                                 created_ms, updated_ms)
             SELECT 1000000 + i, 'telegram', 'oldchat' || CAST(i % 2000 AS TEXT), '\"standard\"', 10,
                    120000, 'de', 'closed', 0, 0
             FROM {}",
            s(T)
        ),
        format!(
            "INSERT INTO seats (table_id, seat, player_id, since_ms)
             SELECT 1000000 + 1 + (i - 1) / 4, (i - 1) % 4, 1000000 + 1 + (i - 1) % 4000, 0 FROM {}",
            s(4 * T)
        ),
        format!(
            "INSERT INTO deals (id, table_id, number, forehand, hands, rules, factor, status, started_ms, finished_ms)
             SELECT 1000000 + i, 1000000 + 1 + (i - 1) / 4, 1 + (i - 1) % 4, 0,
                    '[\"a\",\"b\",\"c\",\"d\"]', '\"standard\"', 1, 'finished', 0, 0
             FROM {}",
            s(D)
        ),
        format!(
            "INSERT INTO events (deal_id, seq, seat, action, at_ms, by_computer)
             SELECT 1000000 + 1 + (i - 1) / 4, (i - 1) % 4, (i - 1) % 4, 'pass', 0, 0 FROM {}",
            s(4 * D)
        ),
        format!(
            "INSERT INTO settlements (deal_id, table_id, breakdown, stake_cents, settled_ms)
             SELECT 1000000 + i, 1000000 + 1 + (i - 1) / 4, '{{}}', 10, 0 FROM {}",
            s(D)
        ),
        format!(
            "INSERT INTO ledger (deal_id, seat, table_id, player_id, units, cents)
             SELECT 1000000 + 1 + (i - 1) / 4, (i - 1) % 4, 1000000 + 1 + (i - 1) / 16,
                    1000000 + 1 + (i - 1) % 4000, 0, 0
             FROM {}",
            s(4 * D)
        ),
        format!(
            "INSERT INTO outbox (id, table_id, destination, payload, state, attempts, next_attempt_ms,
                                 created_ms, sent_ms)
             SELECT 1000000 + i, 1000000 + 1 + i % {T}, 'private:telegram:old' || CAST(i % 4000 AS TEXT),
                    '{{}}', 'sent', 1, {now} - 1000000 + i - 1000000000, {now} - 1000000 + i - 1000000000,
                    {now} - 1000000 + i - 1000000000
             FROM {}",
            s(1_000_000)
        ),
        format!(
            "INSERT INTO processed_updates (platform, update_id, at_ms)
             SELECT 'telegram', 'old' || CAST(i AS TEXT), {now} - 100000 + i - 1000000000 FROM {}",
            s(100_000)
        ),
    ];
    let mut conn = AnyConnection::connect(url).await.unwrap();
    for statement in statements {
        conn.execute(sqlx::AssertSqlSafe(statement.clone()))
            .await
            .unwrap_or_else(|e| panic!("{e}: {statement}"));
    }
    if db == Db::Postgres {
        for table in ["players", "tables", "deals", "outbox"] {
            let sql = format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
            );
            conn.execute(sqlx::AssertSqlSafe(sql)).await.unwrap();
        }
        // What autovacuum does on its own after such growth.
        conn.execute("ANALYZE").await.unwrap();
    }
    conn.close().await.unwrap();
}

struct Stats(Vec<Duration>);

impl Stats {
    fn report(mut self, label: &str, wall: Duration) {
        self.0.sort();
        let n = self.0.len();
        let q = |p: f64| self.0[((n as f64 * p) as usize).min(n - 1)].as_secs_f64() * 1e3;
        println!(
            "{label:<48} {n:>6} commands  p50 {:>6.3} ms  p90 {:>6.3} ms  p99 {:>6.3} ms  max {:>7.3} ms  {:>6.0} commands/s",
            q(0.5),
            q(0.9),
            q(0.99),
            self.0[n - 1].as_secs_f64() * 1e3,
            n as f64 / wall.as_secs_f64()
        );
    }
}

async fn run(db: Db, history: bool, tables: usize, commands: usize, humans: usize, n: usize) {
    let fresh = fresh(db, n).await;
    if history {
        // Migrate, then write the history as a year of play would have.
        Store::open(&fresh.url).await.unwrap().close().await;
        write_history(db, &fresh.url).await;
    }
    let store = Store::open(&fresh.url).await.unwrap();
    let service =
        TableService::with_fixed_seed(store, Arc::new(ManualClock::new(1_795_176_000_000)), 11);
    let pump = Pump::new(Duration::ZERO);
    let recorder = Recorder::default();
    let mut ids = Vec::new();
    for t in 0..tables {
        handle(
            &service,
            sender(t, 0),
            CommandKind::Create(TableSettings::default()),
        )
        .await;
        let id = service
            .store()
            .open_tables_in(Platform::Telegram, &format!("chat{t}"))
            .await
            .unwrap()[0]
            .id;
        for seat in 1..4 {
            let replies = if seat < humans {
                handle(&service, sender(t, seat), CommandKind::Join(Some(id), None)).await
            } else {
                handle(
                    &service,
                    sender(t, 0),
                    CommandKind::AddComputer(Some(id), "medium".into(), None),
                )
                .await
            };
            assert!(replies.is_empty(), "{replies:?}");
        }
        handle(&service, sender(t, 0), CommandKind::Start(Some(id))).await;
        ids.push(id);
        drain(&service, &pump, &recorder).await;
    }
    let mut latencies = Vec::with_capacity(commands);
    let start = Instant::now();
    let mut t = 0;
    while latencies.len() < commands {
        let table = t % tables;
        t += 1;
        // Whoever at this table has choices now.
        let choice = {
            let views = recorder.views.lock().unwrap();
            (0..humans).find_map(|seat| {
                let view = views.get(&format!("u{table}-{seat}"))?;
                let button = view.buttons().first()?.first()?;
                Some((seat, button.payload.clone()))
            })
        };
        let Some((seat, payload)) = choice else {
            // Between deals: deal the next one (timed too).
            let begin = Instant::now();
            let replies = handle(
                &service,
                sender(table, 0),
                CommandKind::Start(Some(ids[table])),
            )
            .await;
            latencies.push(begin.elapsed());
            assert!(replies.is_empty(), "{replies:?}");
            drain(&service, &pump, &recorder).await;
            continue;
        };
        let begin = Instant::now();
        let replies = handle(&service, sender(table, seat), CommandKind::Button(payload)).await;
        latencies.push(begin.elapsed());
        assert!(replies.is_empty(), "{replies:?}");
        drain(&service, &pump, &recorder).await;
    }
    let wall = start.elapsed();
    let label = format!(
        "{}, {}, {tables} tables, {}",
        match db {
            Db::Sqlite => "SQLite",
            Db::Postgres => "PostgreSQL",
        },
        if history { "large history" } else { "empty" },
        if humans == 4 {
            "4 people"
        } else {
            "1 person + 3 medium"
        }
    );
    Stats(latencies).report(&label, wall);

    // Memory: load every table (as a service keeping them would) and count.
    let before = LIVE.load(Ordering::Relaxed);
    let mut loaded = Vec::with_capacity(ids.len());
    for id in &ids {
        loaded.push(service.store().load_table(*id).await.unwrap().unwrap());
    }
    let bytes = LIVE.load(Ordering::Relaxed) - before;
    println!(
        "{:<48} {:>6} tables    {:.1} KiB per table loaded (rows, seats, log, replayed game)",
        "memory",
        ids.len(),
        bytes as f64 / ids.len() as f64 / 1024.0
    );
    drop(loaded);
    let _: &[TableId] = &ids;
    service.store().close().await;
    fresh.remove().await;
}

fn main() {
    sqlx::any::install_default_drivers();
    let quick = !std::env::args().any(|a| a == "--bench");
    let env = |name: &str, full: usize, small: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(if quick { small } else { full })
    };
    let tables = env("BENCH_TABLES", 1000, 20);
    let commands = env("BENCH_COMMANDS", 20_000, 200);
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    let history = std::env::var("BENCH_HISTORY").unwrap_or_default();
    // 4: only the runs of four people; 1: only the run with computers.
    let people = std::env::var("BENCH_PEOPLE").unwrap_or_default();
    let mut dbs = vec![Db::Sqlite];
    if std::env::var("BENCH_POSTGRES_URL").is_ok() {
        dbs.push(Db::Postgres);
    } else {
        println!("(PostgreSQL skipped: set BENCH_POSTGRES_URL=postgres://… to add it)");
    }
    dbs.retain(|db| match only.as_str() {
        "sqlite" => *db == Db::Sqlite,
        "postgres" => *db == Db::Postgres,
        _ => true,
    });
    let histories: Vec<bool> = match history.as_str() {
        "empty" => vec![false],
        "large" => vec![true],
        // Quick runs (`cargo test`, `cargo bench` without `--bench`) skip
        // the million rows.
        _ if quick => vec![false],
        _ => vec![false, true],
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut n = 0;
        if people != "1" {
            for db in &dbs {
                for large in &histories {
                    n += 1;
                    run(*db, *large, tables, commands, 4, n).await;
                }
            }
        }
        if people != "4" && dbs.contains(&Db::Sqlite) && histories.contains(&false) {
            run(Db::Sqlite, false, tables, commands / 4, 1, n + 1).await;
        }
    });
}
