//! Table service benchmark: command handling latency (command in →
//! committed → outgoing messages queued) with 1 000 tables playing at once
//! on SQLite, and the memory a table takes when loaded.
//!
//! `cargo bench -p tarock-table` (`BENCH_TABLES`, `BENCH_COMMANDS` to scale).
//! Every table seats four people; each command is one person's move, taken
//! round-robin over the tables, so the database holds 1 000 live deals.
//! A second run seats one person and three medium computers, whose moves
//! are part of the person's command.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant};

use tarock_storage::{Platform, Store, TableId};
use tarock_table::{
    ChatRef, Command, CommandKind, Lang, ManualClock, Outgoing, Sender, TableService,
    TableSettings, UserRef,
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

/// Delivers the outbox; remembers each person's newest private view.
async fn drain(service: &TableService, views: &mut HashMap<String, Outgoing>) {
    loop {
        let batch = service.claim(500).await.unwrap();
        if batch.is_empty() {
            return;
        }
        for d in batch {
            service.delivered(d.id).await.unwrap();
            if let Outgoing::Private { to, .. } = &d.message {
                views.insert(to.user_id.clone(), d.message.clone());
            }
        }
    }
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

async fn run(tables: usize, commands: usize, humans: usize) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("bench.db").display().to_string())
        .await
        .unwrap();
    let service =
        TableService::with_fixed_seed(store, Arc::new(ManualClock::new(1_795_176_000_000)), 11);
    let mut views = HashMap::new();
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
        drain(&service, &mut views).await;
    }
    let mut latencies = Vec::with_capacity(commands);
    let start = Instant::now();
    let mut t = 0;
    while latencies.len() < commands {
        let table = t % tables;
        t += 1;
        // Whoever at this table has choices now.
        let Some((seat, payload)) = (0..humans).find_map(|seat| {
            let view = views.get(&format!("u{table}-{seat}"))?;
            let button = view.buttons().first()?.first()?;
            Some((seat, button.payload.clone()))
        }) else {
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
            drain(&service, &mut views).await;
            continue;
        };
        let begin = Instant::now();
        let replies = handle(&service, sender(table, seat), CommandKind::Button(payload)).await;
        latencies.push(begin.elapsed());
        assert!(replies.is_empty(), "{replies:?}");
        drain(&service, &mut views).await;
    }
    let wall = start.elapsed();
    let label = if humans == 4 {
        format!("SQLite, {tables} tables, 4 people each")
    } else {
        format!("SQLite, {tables} tables, 1 person + 3 medium")
    };
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
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let env = |name: &str, full: usize, small: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(if quick { small } else { full })
    };
    let tables = env("BENCH_TABLES", 1000, 20);
    let commands = env("BENCH_COMMANDS", 20_000, 200);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        run(tables, commands, 4).await;
        run(tables, commands / 4, 1).await;
    });
}
