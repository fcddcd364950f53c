//! Storage benchmark: append latency (p50, p99) and throughput for one
//! stream and for 64 tables appending concurrently, on SQLite (commit
//! durability FULL and NORMAL) and PostgreSQL; and the time to load the
//! current deal of each of 10 000 tables.
//!
//! `cargo bench -p tarock-storage` (PostgreSQL from `TEST_POSTGRES_URL`,
//! default `postgres://postgres@127.0.0.1:5432/test`; skipped when absent).
//! `BENCH_TABLES` sets the number of tables for the load test.
//!
//! Each append is what the table service writes for one card: the event,
//! one outbox message and the next seat's deadline, in one transaction.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use sqlx::{AnyConnection, Connection, Executor};
use tarock_storage::{
    AppendAction, Deadline, DealId, Durability, Event, NewDeal, NewMessage, NewTable, Occupant,
    Platform, Store, StoreOptions, TableId,
};
use tarock_zwanzigerrufen::{Preset, Record, Seat, sim};

const NOW: i64 = 1_795_176_000_000;

fn records(n: usize) -> Vec<Record> {
    let mut rng = StdRng::seed_from_u64(42);
    let rules = Preset::Standard.rules();
    (0..n)
        .map(|i| {
            let (mut game, _) =
                sim::random_game(&mut rng, &rules, Seat::new((i % 4) as u8).unwrap());
            sim::play_out(&mut game, &mut rng);
            Record::from_game(&game)
        })
        .collect()
}

fn events(record: &Record) -> Vec<Event> {
    record
        .actions
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let (seat, action) = text.split_once(' ').unwrap();
            Event {
                seq: i as u32,
                seat: Seat::new(seat.parse().unwrap()).unwrap().into(),
                action: action.to_owned(),
                at_ms: NOW + i as i64,
                by_computer: false,
            }
        })
        .collect()
}

/// Creates `n` seated tables, each with deal 1 of its record dealt and the
/// first `prefix(record)` events appended, in batches.
async fn tables_with_deals(
    store: &Store,
    records: &[Record],
    prefix: impl Fn(&Record) -> usize,
) -> Vec<(TableId, DealId)> {
    let mut out = Vec::with_capacity(records.len());
    for chunk in records.chunks(200) {
        let mut tx = store.begin().await.unwrap();
        for record in chunk {
            let table = tx
                .create_table(
                    &NewTable {
                        game: "zwanzigerrufen".into(),
                        seats: 4,
                        platform: Platform::Local,
                        chat_id: format!("bench-{}", out.len()),
                        thread_id: None,
                        rules: "\"standard\"".into(),
                        stake_cents: 10,
                        pace_ms: 120_000,
                        language: "de".into(),
                        creator: None,
                    },
                    NOW,
                )
                .await
                .unwrap();
            for seat in Seat::ALL {
                tx.set_seat(table, seat.into(), &Occupant::Computer("easy".into()), NOW)
                    .await
                    .unwrap();
            }
            let deal = tx
                .start_deal(&NewDeal {
                    table,
                    game: "zwanzigerrufen".into(),
                    number: 1,
                    forehand: Seat::new(record.forehand).unwrap().into(),
                    hands: record.hands.clone(),
                    rules: record.rules.to_string(),
                    factor: 1,
                    started_ms: NOW,
                })
                .await
                .unwrap();
            for event in events(record).into_iter().take(prefix(record)) {
                tx.append_event(deal, &event).await.unwrap();
            }
            out.push((table, deal));
        }
        tx.commit().await.unwrap();
    }
    out
}

fn step(table: TableId, deal: DealId, event: Event, next: Option<&Event>) -> AppendAction {
    AppendAction {
        table,
        deal,
        messages: vec![NewMessage {
            destination: format!("local:{table}"),
            payload: format!(r#"{{"played":"{}","seq":{}}}"#, event.action, event.seq),
        }],
        deadline: next.map(|n| Deadline {
            table,
            deal,
            seq: n.seq,
            seat: n.seat,
            remind_ms: Some(n.at_ms + 60_000),
            due_ms: n.at_ms + 120_000,
            reminded: false,
        }),
        update: Some((Platform::Local, format!("{deal}-{}", event.seq))),
        event,
    }
}

struct Latencies(Vec<Duration>);

impl Latencies {
    fn report(mut self, label: &str, wall: Duration) {
        self.0.sort();
        let n = self.0.len();
        let at = |q: f64| self.0[((n as f64 * q) as usize).min(n - 1)];
        println!(
            "{label:<44} {n:>6} appends  p50 {:>8.3} ms  p99 {:>8.3} ms  max {:>8.3} ms  {:>8.0} appends/s",
            at(0.50).as_secs_f64() * 1e3,
            at(0.99).as_secs_f64() * 1e3,
            self.0[n - 1].as_secs_f64() * 1e3,
            n as f64 / wall.as_secs_f64()
        );
    }
}

/// One writer appends every step of `deals` deals, one after another.
async fn single_stream(store: &Store, label: &str, deals: usize) {
    let recs = records(deals);
    let tables = tables_with_deals(store, &recs, |_| 0).await;
    let mut latencies = Vec::new();
    let start = Instant::now();
    for ((table, deal), record) in tables.iter().zip(&recs) {
        let events = events(record);
        for (i, event) in events.iter().enumerate() {
            let action = step(*table, *deal, event.clone(), events.get(i + 1));
            let t = Instant::now();
            store.append_action(&action).await.unwrap();
            latencies.push(t.elapsed());
        }
    }
    Latencies(latencies).report(&format!("{label}: one stream"), start.elapsed());
}

/// 64 writers, one per table, append their deals' steps concurrently.
async fn concurrent(store: &Store, label: &str, tables_n: usize, deals_each: usize) {
    let recs = records(tables_n * deals_each);
    let tables = tables_with_deals(store, &recs, |_| 0).await;
    let start = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..tables_n {
        let store = store.clone();
        let work: Vec<_> = (0..deals_each)
            .map(|d| {
                (
                    tables[w * deals_each + d],
                    events(&recs[w * deals_each + d]),
                )
            })
            .collect();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            for ((table, deal), events) in work {
                for (i, event) in events.iter().enumerate() {
                    let action = step(table, deal, event.clone(), events.get(i + 1));
                    let t = Instant::now();
                    store.append_action(&action).await.unwrap();
                    latencies.push(t.elapsed());
                }
            }
            latencies
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    Latencies(all).report(
        &format!("{label}: {tables_n} tables at once"),
        start.elapsed(),
    );
}

/// Loads the current deal (replayed) of each of `n` tables in the middle of play.
async fn load_many(store: &Store, label: &str, n: usize) {
    let recs = records(n);
    let setup = Instant::now();
    let tables = tables_with_deals(store, &recs, |r| r.actions.len() / 2).await;
    let setup = setup.elapsed();
    let mut latencies = Vec::with_capacity(n);
    let start = Instant::now();
    for (table, _) in &tables {
        let t = Instant::now();
        let loaded = store.load_table(*table).await.unwrap().unwrap();
        latencies.push(t.elapsed());
        assert!(loaded.deal.unwrap().round.is_some());
    }
    let wall = start.elapsed();
    latencies.sort();
    println!(
        "{label:<44} {n:>6} tables  load all {:>7.3} s  per table p50 {:.3} ms  p99 {:.3} ms  (setup {:.1} s)",
        wall.as_secs_f64(),
        latencies[n / 2].as_secs_f64() * 1e3,
        latencies[n * 99 / 100].as_secs_f64() * 1e3,
        setup.as_secs_f64()
    );
}

async fn run(store: &Store, label: &str, load_tables: usize) {
    single_stream(store, label, 100).await;
    concurrent(store, label, 64, 2).await;
    load_many(store, label, load_tables).await;
}

async fn postgres(load_tables: usize) {
    let admin_url = std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    sqlx::any::install_default_drivers();
    let Ok(mut admin) = AnyConnection::connect(&admin_url).await else {
        println!("PostgreSQL: skipped, nothing at {admin_url}");
        return;
    };
    let name = format!("tarock_bench_{}", std::process::id());
    admin
        .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .await
        .unwrap();
    let base = admin_url.rsplit_once('/').unwrap().0;
    let options = StoreOptions {
        max_connections: 16,
        ..StoreOptions::default()
    };
    let store = Store::open_with(&format!("{base}/{name}"), options)
        .await
        .unwrap();
    run(&store, "PostgreSQL", load_tables).await;
    store.close().await;
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE {name} WITH (FORCE)"
        )))
        .await
        .unwrap();
}

async fn sqlite(durability: Durability, load_tables: usize) {
    let dir = tempfile::tempdir().unwrap();
    let url = dir.path().join("bench.db").display().to_string();
    let options = StoreOptions {
        durability,
        ..StoreOptions::default()
    };
    let store = Store::open_with(&url, options).await.unwrap();
    run(
        &store,
        &format!("SQLite (synchronous {durability:?})"),
        load_tables,
    )
    .await;
    store.close().await;
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not: then
    // only check that the benchmark runs, on a small scale.
    let quick = !std::env::args().any(|a| a == "--bench");
    let load_tables: usize = std::env::var("BENCH_TABLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 50 } else { 10_000 });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        sqlite(Durability::Full, load_tables).await;
        sqlite(Durability::Normal, load_tables).await;
        postgres(load_tables).await;
    });
}
