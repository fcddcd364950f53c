//! Load driver (a benchmark, not a test): 1 000 concurrent tables, each a
//! person and three medium computers, driven through the table service at
//! a rising command rate by one or more processes sharing one database,
//! until the p99 command latency passes 50 ms or the rate is no longer
//! reached. Prints per step and process: the rate asked and reached, the
//! latency p50/p99 of the person's moves (each includes the three
//! computers' replies and the commit), the outbox lag (the oldest
//! undelivered message's age, sampled) and the database connections.
//!
//! ```text
//! BENCH_POSTGRES_URL=postgres://postgres:postgres@127.0.0.1:5432/test \
//!   LOAD_DB=postgres LOAD_PROCESSES=2 cargo bench -p tarock-table --bench load
//! LOAD_DB=sqlite LOAD_PROCESSES=1 cargo bench -p tarock-table --bench load
//! ```
//!
//! `LOAD_TABLES` (1 000), `LOAD_STEP_SECS` (8), `LOAD_RATES` (per process,
//! comma-separated: `100,200,400,700,1000,1500,2000,3000`) scale it;
//! `LOAD_KEEP_GOING=1` runs every step (to see where the rate saturates). The
//! coordinator creates the database and the tables, then starts the
//! processes (this same binary, `LOAD_ROLE=worker`), each driving its share
//! of the tables; every process runs its own outbox pump (to a messenger
//! that sends nothing), so deliveries are claimed across processes. Before
//! each move a process reads the person's view (`Hand`), as a front end's
//! "my cards" does; those reads are counted apart.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::{AnyConnection, Connection, Executor};
use tarock_storage::{Platform, Store, TableId};
use tarock_table::picture::Picture;
use tarock_table::{
    ChatRef, Command, CommandKind, EditFail, Keyboard, Lang, Messenger, Outgoing, Pump, SendFail,
    Sender, SystemClock, TableService, TableSettings, UserRef,
};

/// The p99 past which the load stops rising (the issue's limit).
const P99_LIMIT_MS: f64 = 50.0;
/// Commands one process may have in flight at once.
const IN_FLIGHT: usize = 64;

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
        .expect("the database failed")
}

/// A platform that takes every message and shows nothing, after a round
/// trip of `LOAD_SEND_MS` milliseconds (0 unless set) per request.
struct Nowhere {
    round_trip: Duration,
}

impl Nowhere {
    async fn wait(&self) {
        if !self.round_trip.is_zero() {
            tokio::time::sleep(self.round_trip).await;
        }
    }
}

impl Messenger for Nowhere {
    async fn send(&self, _message: &Outgoing) -> Result<(), SendFail> {
        self.wait().await;
        Ok(())
    }
    async fn unreachable(&self, _message: &Outgoing) {}
    async fn post_private(
        &self,
        table: TableId,
        to: &UserRef,
        _text: &str,
        _buttons: &Keyboard,
        _picture: Option<&Picture>,
    ) -> Result<String, SendFail> {
        self.wait().await;
        Ok(format!("{}:{}", to.user_id, table.0))
    }
    async fn edit_private(
        &self,
        _table: TableId,
        _to: &UserRef,
        _id: &str,
        _text: &str,
        _buttons: &Keyboard,
        _picture: Option<&Picture>,
    ) -> Result<(), EditFail> {
        self.wait().await;
        Ok(())
    }
    async fn retire_private(&self, _to: &UserRef, _id: &str) {}
}

fn var(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

fn now_ms() -> i64 {
    i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap()
}

/// This process's CPU time so far (user and system), in milliseconds
/// (Linux: `/proc/self/stat`, in ticks of 10 ms); 0 elsewhere. Unlike the
/// latency, it does not grow with the machine's other load.
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<f64> = rest
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    fields
        .get(11)
        .zip(fields.get(12))
        .map_or(0.0, |(u, s)| (u + s) * 10.0)
}

fn quantile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

/// The first choice a person's view offers (a card, a bid, Weiter), if any.
fn first_move(replies: &[Outgoing]) -> Option<String> {
    replies.iter().find_map(|r| match r {
        Outgoing::Private { buttons, .. } => buttons.iter().flatten().find_map(|b| {
            let action = b.payload.rsplit(':').next().unwrap_or("");
            action
                .starts_with(['p', 'w', 'a', 'x'])
                .then(|| b.payload.clone())
        }),
        _ => None,
    })
}

/// One person's turn at a table: read the view, make the first move (or
/// deal the next deal); the write's latency in milliseconds.
async fn turn(service: &TableService, table: usize, id: TableId) -> f64 {
    let view = handle(service, sender(table, 0), CommandKind::Hand(Some(id))).await;
    let kind = match first_move(&view) {
        Some(payload) => CommandKind::Button(payload),
        None => CommandKind::Start(Some(id)),
    };
    let begin = Instant::now();
    handle(service, sender(table, 0), kind).await;
    begin.elapsed().as_secs_f64() * 1e3
}

/// A worker process: drives tables `first..first + count` through the
/// rates, starting at `start_ms`, printing one `STEP` line per step.
async fn worker() {
    let url = var("LOAD_URL", "");
    let first: usize = var("LOAD_FIRST", "0").parse().unwrap();
    let count: usize = var("LOAD_COUNT", "0").parse().unwrap();
    let index = var("LOAD_INDEX", "0");
    let step_secs: u64 = var("LOAD_STEP_SECS", "8").parse().unwrap();
    let rates: Vec<f64> = var("LOAD_RATES", "")
        .split(',')
        .filter_map(|r| r.trim().parse().ok())
        .collect();
    let start_ms: i64 = var("LOAD_START_MS", "0").parse().unwrap();
    let store = Store::open(&url).await.unwrap();
    let service = Arc::new(TableService::new(store, Arc::new(SystemClock)));
    let ids: Vec<TableId> = {
        let mut ids = Vec::new();
        for t in first..first + count {
            let open = service
                .store()
                .open_tables_in(Platform::Telegram, &format!("chat{t}"))
                .await
                .unwrap();
            ids.push(open[0].id);
        }
        ids
    };
    // The deliverer, as a bot runs it.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let pump = {
        let service = service.clone();
        let messenger = Nowhere {
            round_trip: Duration::from_millis(var("LOAD_SEND_MS", "0").parse().unwrap()),
        };
        tokio::spawn(async move {
            Pump::new(Duration::ZERO)
                .run(&service, &messenger, Duration::from_millis(20), stop_rx)
                .await;
        })
    };
    let wait = start_ms - now_ms();
    if wait > 0 {
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    }
    let idle: Arc<Mutex<VecDeque<usize>>> = Arc::new(Mutex::new((0..count).collect()));
    let permits = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
    for (step, rate) in rates.iter().enumerate() {
        let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
        let missed = Arc::new(AtomicU64::new(0));
        let lag_max = Arc::new(AtomicU64::new(0));
        let sampling = Arc::new(AtomicBool::new(true));
        let sampler = {
            let service = service.clone();
            let lag_max = lag_max.clone();
            let sampling = sampling.clone();
            tokio::spawn(async move {
                let mut pool_max = 0;
                while sampling.load(Ordering::Relaxed) {
                    if let Ok(g) = service.store().gauges(now_ms()).await {
                        lag_max.fetch_max(g.outbox_oldest_ms as u64, Ordering::Relaxed);
                    }
                    pool_max = pool_max.max(service.store().pool_use().open);
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                pool_max
            })
        };
        let began = Instant::now();
        let cpu_before = cpu_ms();
        let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / rate));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
        let mut tasks = Vec::new();
        while began.elapsed() < Duration::from_secs(step_secs) {
            ticks.tick().await;
            let Some(table) = idle.lock().unwrap().pop_front() else {
                missed.fetch_add(1, Ordering::Relaxed);
                continue;
            };
            let Ok(permit) = permits.clone().try_acquire_owned() else {
                idle.lock().unwrap().push_front(table);
                missed.fetch_add(1, Ordering::Relaxed);
                continue;
            };
            let service = service.clone();
            let idle = idle.clone();
            let latencies = latencies.clone();
            let id = ids[table];
            tasks.push(tokio::spawn(async move {
                let ms = turn(&service, first + table, id).await;
                latencies.lock().unwrap().push(ms);
                idle.lock().unwrap().push_back(table);
                drop(permit);
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        let wall = began.elapsed().as_secs_f64();
        let cpu = cpu_ms() - cpu_before;
        sampling.store(false, Ordering::Relaxed);
        let pool = sampler.await.unwrap();
        let mut l = latencies.lock().unwrap().clone();
        l.sort_by(f64::total_cmp);
        println!(
            "STEP {step} process {index} asked {rate} done {} wall {wall:.3} p50 {:.3} p99 {:.3} missed {} lag_ms {} pool {pool} cpu_ms_per_command {:.2}",
            l.len(),
            quantile(&l, 0.5),
            quantile(&l, 0.99),
            missed.load(Ordering::Relaxed),
            lag_max.load(Ordering::Relaxed),
            cpu / l.len().max(1) as f64,
        );
        // Past the limit, or the rate no longer reached: no higher step.
        let reached = l.len() as f64 / wall;
        let past = quantile(&l, 0.99) > P99_LIMIT_MS || reached < 0.8 * rate;
        if past && var("LOAD_KEEP_GOING", "") != "1" {
            break;
        }
    }
    let _ = stop_tx.send(true);
    let _ = pump.await;
    service.store().close().await;
}

/// Creates the database and the tables, runs the workers, and prints the
/// steps side by side with the database's connection count.
async fn coordinate() {
    // `cargo bench` passes `--bench`; anything else (`cargo test
    // --benches`) gets a run of seconds on SQLite.
    let full = std::env::args().any(|a| a == "--bench");
    let db = if full {
        var("LOAD_DB", "sqlite")
    } else {
        "sqlite".to_owned()
    };
    let processes: usize = var("LOAD_PROCESSES", "1").parse().unwrap();
    let tables: usize = if full {
        var("LOAD_TABLES", "1000").parse().unwrap()
    } else {
        20
    };
    let rates = if full {
        var("LOAD_RATES", "100,200,400,700,1000,1500,2000,3000")
    } else {
        "20,40".to_owned()
    };
    let step_secs = if full {
        var("LOAD_STEP_SECS", "8")
    } else {
        "1".to_owned()
    };
    let dir = tempfile::tempdir().unwrap();
    let (url, admin, name) = if db == "postgres" {
        let admin = std::env::var("BENCH_POSTGRES_URL").expect("BENCH_POSTGRES_URL");
        let name = format!("tarock_load_{}", std::process::id());
        let mut conn = AnyConnection::connect(&admin).await.unwrap();
        conn.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .await
            .unwrap();
        conn.close().await.unwrap();
        // The database name replaced, the query (`?sslmode=…`) kept.
        let (path, query) = admin.split_once('?').unwrap_or((&admin, ""));
        let base = path.rsplit_once('/').unwrap().0;
        let query = if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        };
        (format!("{base}/{name}{query}"), Some(admin.clone()), name)
    } else {
        let url = format!("sqlite://{}", dir.path().join("load.db").display());
        (url, None, String::new())
    };
    {
        let store = Store::open(&url).await.unwrap();
        let service = TableService::new(store, Arc::new(SystemClock));
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
            for _ in 1..4 {
                handle(
                    &service,
                    sender(t, 0),
                    CommandKind::AddComputer(Some(id), "medium".into(), None),
                )
                .await;
            }
            handle(&service, sender(t, 0), CommandKind::Start(Some(id))).await;
        }
        // What the tables queued is delivered before the load starts.
        let pump = Pump::new(Duration::ZERO);
        let nowhere = Nowhere {
            round_trip: Duration::ZERO,
        };
        while pump.deliver_batch(&service, &nowhere).await.unwrap() > 0 {}
        service.store().close().await;
    }
    println!(
        "LOAD {db}, {processes} process(es), {tables} tables (1 person + 3 medium each), rates per process {rates}"
    );
    let start_ms = now_ms() + 3_000;
    let share = tables / processes;
    let exe = std::env::current_exe().unwrap();
    let mut children = Vec::new();
    for p in 0..processes {
        let count = if p + 1 == processes {
            tables - share * p
        } else {
            share
        };
        let child = Process::new(&exe)
            .env("LOAD_ROLE", "worker")
            .env("LOAD_URL", &url)
            .env("LOAD_FIRST", (share * p).to_string())
            .env("LOAD_COUNT", count.to_string())
            .env("LOAD_INDEX", p.to_string())
            .env("LOAD_RATES", &rates)
            .env("LOAD_STEP_SECS", &step_secs)
            .env("LOAD_KEEP_GOING", var("LOAD_KEEP_GOING", ""))
            .env("LOAD_START_MS", start_ms.to_string())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        children.push(child);
    }
    // The database's own count of connections, sampled while they run.
    let peak = Arc::new(AtomicU64::new(0));
    let counting = Arc::new(AtomicBool::new(true));
    let sampler = admin.clone().map(|admin| {
        let peak = peak.clone();
        let counting = counting.clone();
        let name = name.clone();
        tokio::spawn(async move {
            let mut conn = AnyConnection::connect(&admin).await.unwrap();
            while counting.load(Ordering::Relaxed) {
                let sql = format!(
                    "SELECT CAST(COUNT(*) AS BIGINT) FROM pg_stat_activity WHERE datname = '{name}'"
                );
                if let Ok((n,)) = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(sql))
                    .fetch_one(&mut conn)
                    .await
                {
                    peak.fetch_max(n as u64, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        })
    });
    let readers: Vec<_> = children
        .iter_mut()
        .map(|c| {
            let out = c.stdout.take().unwrap();
            std::thread::spawn(move || {
                BufReader::new(out)
                    .lines()
                    .map_while(Result::ok)
                    .inspect(|l| println!("{l}"))
                    .collect::<Vec<String>>()
            })
        })
        .collect();
    let lines: Vec<Vec<String>> = readers.into_iter().map(|r| r.join().unwrap()).collect();
    for mut c in children {
        c.wait().unwrap();
    }
    counting.store(false, Ordering::Relaxed);
    if let Some(s) = sampler {
        s.await.unwrap();
    }
    summarize(&lines, processes);
    if admin.is_some() {
        println!(
            "PostgreSQL connections to the database, peak: {}",
            peak.load(Ordering::Relaxed)
        );
    }
    if let Some(admin) = admin {
        let mut conn = AnyConnection::connect(&admin).await.unwrap();
        conn.execute(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
        )))
        .await
        .unwrap();
    }
}

/// One line per step: the processes' rates added up, the worst p99.
fn summarize(lines: &[Vec<String>], processes: usize) {
    let field = |line: &str, key: &str| -> f64 {
        let words: Vec<&str> = line.split_whitespace().collect();
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let steps = lines.iter().map(Vec::len).min().unwrap_or(0);
    println!(
        "step  asked/s  reached/s  p50 ms  p99 ms (worst)  outbox lag ms  pool/process  CPU ms/command"
    );
    for s in 0..steps {
        let rows: Vec<&String> = lines.iter().map(|l| &l[s]).collect();
        let asked: f64 = rows.iter().map(|r| field(r, "asked")).sum();
        let reached: f64 = rows
            .iter()
            .map(|r| field(r, "done") / field(r, "wall").max(1e-9))
            .sum();
        let p50 = rows.iter().map(|r| field(r, "p50")).fold(0.0, f64::max);
        let p99 = rows.iter().map(|r| field(r, "p99")).fold(0.0, f64::max);
        let lag = rows.iter().map(|r| field(r, "lag_ms")).fold(0.0, f64::max);
        let pool = rows.iter().map(|r| field(r, "pool")).fold(0.0, f64::max);
        let cpu = rows
            .iter()
            .map(|r| field(r, "cpu_ms_per_command"))
            .sum::<f64>()
            / rows.len() as f64;
        println!(
            "{s:>4}  {asked:>7.0}  {reached:>9.0}  {p50:>6.2}  {p99:>14.2}  {lag:>13.0}  {pool:>4.0} × {processes}  {cpu:>14.2}{}",
            if p99 > P99_LIMIT_MS {
                "  (past 50 ms)"
            } else {
                ""
            }
        );
    }
}

fn main() {
    sqlx::any::install_default_drivers();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    if var("LOAD_ROLE", "") == "worker" {
        rt.block_on(worker());
    } else {
        rt.block_on(coordinate());
    }
}
