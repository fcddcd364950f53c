//! Pruning a never-pruned backlog beside a running bot (issue 31).
//!
//! SQLite: fills a file with delivered messages and processed update ids
//! that expired long ago (through the store's own statements: queued,
//! claimed and recorded as delivered; update ids marked), then runs
//! [`Store::prune`] and [`Store::give_back_space`] in this process while
//! another process (this program again) commits one small write after
//! another (an update id, as the bots record each update), and reports that
//! process's commit wait (begin to commit) p50/p99/max, alone, during the
//! prune and during the space given back, and the prune's rows per second;
//! then once more for the backlog pruned the way it was before issue 31
//! (full batches back to back), for comparison. Also the first open of the
//! file without planner statistics. PostgreSQL (from `TEST_POSTGRES_URL`,
//! skipped when absent): the same backlog, its statistics taken before the
//! prune and never refreshed while it deletes (autovacuum off for the two
//! tables), and the prune's rows per second.
//!
//! `cargo bench -p tarock-storage --bench prune`; `PRUNE_ROWS` sets the rows
//! of each kind (default 300 000 messages and as many update ids on SQLite,
//! a third of that on PostgreSQL).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sqlx::{AnyConnection, Connection, Executor};
use tarock_storage::{Delivered, NewMessage, Platform, Retention, Store};

const NOW: i64 = 1_795_176_000_000;
const DAY: i64 = 86_400_000;
/// Rows queued and delivered per transaction while filling.
const FILL_BATCH: usize = 1000;
/// The writer's pause between two commits.
const WRITER_EVERY: Duration = Duration::from_millis(5);

/// A message as the Telegram bot queues one (a sendMessage with a keyboard).
fn payload(i: usize) -> String {
    format!(
        r#"{{"method":"sendMessage","chat_id":-100{chat},"text":"Anna spielt Herz König aus. Am Zug: Bernd","reply_markup":{{"inline_keyboard":[[{{"text":"♥K","callback_data":"t:{i}:play:HK"}},{{"text":"♠7","callback_data":"t:{i}:play:S7"}}]]}}}}"#,
        chat = 1_000_000 + i % 2000
    )
}

/// Queues, claims and delivers `n` messages and marks `n` update ids
/// (numbered from `first`), all expired by `NOW`.
async fn fill(store: &Store, first: usize, n: usize) {
    let started = Instant::now();
    let mut done = first;
    let n = first + n;
    while done < n {
        let k = FILL_BATCH.min(n - done);
        let at = NOW - 30 * DAY + (done as i64) * 1000;
        let messages: Vec<NewMessage> = (done..done + k)
            .map(|i| NewMessage {
                destination: format!("telegram:{}", i % 2000),
                payload: payload(i),
            })
            .collect();
        let mut tx = store.begin().await.unwrap();
        tx.enqueue_many(None, &messages, at).await.unwrap();
        for i in done..done + k {
            tx.mark_update(Platform::Telegram, &format!("{}", 500_000_000 + i), at)
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
        let claimed = store
            .claim_outbox(at, 5000, u32::try_from(k).unwrap())
            .await
            .unwrap();
        assert_eq!(claimed.len(), k);
        let sent: Vec<_> = claimed.iter().map(|m| (m.id, Delivered::Sent)).collect();
        store.record_deliveries(&sent, at + 500).await.unwrap();
        done += k;
    }
    eprintln!(
        "filled {} delivered messages and as many update ids in {:.1} s",
        n - first,
        started.elapsed().as_secs_f64()
    );
}

/// The writer process: commits an update id every few milliseconds while
/// `dir/go` exists and `dir/stop` does not; prints each commit's wait in
/// microseconds (begin to commit / of which for the write lock).
async fn writer(url: &str, dir: &Path) {
    let store = Store::open(url).await.unwrap();
    let mut waits = Vec::new();
    let mut i = 0u64;
    while !dir.join("go").exists() {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    while !dir.join("stop").exists() {
        let started = Instant::now();
        let mut tx = store.begin().await.unwrap();
        let locked = started.elapsed();
        tx.mark_update(
            Platform::Discord,
            &format!("w{}-{i}", std::process::id()),
            NOW,
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        waits.push((started.elapsed().as_micros(), locked.as_micros()));
        i += 1;
        tokio::time::sleep(WRITER_EVERY).await;
    }
    let text: Vec<String> = waits.iter().map(|(w, l)| format!("{w}/{l}")).collect();
    println!("{}", text.join(" "));
    store.close().await;
}

/// Starts the writer process on `url`, signalling through files in `dir`.
fn spawn_writer(url: &str, dir: &Path) -> std::process::Child {
    std::process::Command::new(std::env::current_exe().unwrap())
        .env("PRUNE_BENCH_WRITER", url)
        .env("PRUNE_BENCH_DIR", dir)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// The writer's commit waits and the parts of them spent waiting for the
/// write lock, in milliseconds, each sorted.
fn waits_of(child: std::process::Child) -> (Vec<f64>, Vec<f64>) {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let (mut waits, mut locks): (Vec<f64>, Vec<f64>) = String::from_utf8(out.stdout)
        .unwrap()
        .split_whitespace()
        .map(|w| {
            let (all, lock) = w.split_once('/').unwrap();
            let ms = |t: &str| t.parse::<f64>().unwrap() / 1000.0;
            (ms(all), ms(lock))
        })
        .unzip();
    waits.sort_by(f64::total_cmp);
    locks.sort_by(f64::total_cmp);
    (waits, locks)
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn report(label: &str, (waits, locks): &(Vec<f64>, Vec<f64>)) {
    let over = waits.iter().filter(|w| **w > 100.0).count();
    let over50 = waits.iter().filter(|w| **w > 50.0).count();
    println!(
        "{label:<26} {:>5} commits  wait p50 {:>5.2} p99 {:>6.2} max {:>6.2} ms (> 50 ms: {over50}, > 100 ms: {over})  for the lock p99 {:>6.2} max {:>6.2} ms",
        waits.len(),
        quantile(waits, 0.5),
        quantile(waits, 0.99),
        waits.last().copied().unwrap_or(0.0),
        quantile(locks, 0.99),
        locks.last().copied().unwrap_or(0.0),
    );
}

/// Runs `work` while the writer process commits; returns its result and
/// the writer's waits during it.
async fn beside_writer<T>(
    url: &str,
    dir: &Path,
    work: impl std::future::Future<Output = T>,
) -> (T, (Vec<f64>, Vec<f64>)) {
    let _ = std::fs::remove_file(dir.join("go"));
    let _ = std::fs::remove_file(dir.join("stop"));
    let child = spawn_writer(url, dir);
    // Let it open its store first.
    tokio::time::sleep(Duration::from_millis(500)).await;
    std::fs::write(dir.join("go"), "").unwrap();
    let result = work.await;
    std::fs::write(dir.join("stop"), "").unwrap();
    (result, waits_of(child))
}

fn file_bytes(path: &Path) -> u64 {
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    [path, wal.as_path()]
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum()
}

async fn sqlite(rows: usize) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tarock.db");
    let url = format!("sqlite://{}", path.display());
    let store = Store::open(&url).await.unwrap();
    fill(&store, 0, rows).await;
    store.close().await;
    println!(
        "SQLite backlog: {rows} delivered messages + {rows} update ids, {:.0} MB",
        file_bytes(&path) as f64 / 1e6
    );

    // The first open of the file without any planner statistics.
    let mut conn = AnyConnection::connect(&url).await.unwrap();
    conn.execute("ANALYZE sqlite_schema").await.unwrap();
    conn.execute("DELETE FROM sqlite_stat1").await.unwrap();
    conn.close().await.unwrap();
    let started = Instant::now();
    let store = Store::open(&url).await.unwrap();
    println!(
        "first open without statistics: {:.0} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );

    let ((), alone) = beside_writer(&url, dir.path(), async {
        tokio::time::sleep(Duration::from_secs(3)).await;
    })
    .await;
    report("writer alone", &alone);

    let retention = Retention::default();
    let ((pruned, took), during) = beside_writer(&url, dir.path(), async {
        let started = Instant::now();
        let pruned = store.prune(&retention, NOW).await.unwrap();
        (pruned, started.elapsed())
    })
    .await;
    report("writer during the prune", &during);
    println!(
        "prune: {} rows in {:.1} s = {:.0} rows/s",
        pruned.total(),
        took.as_secs_f64(),
        pruned.total() as f64 / took.as_secs_f64()
    );
    assert_eq!(pruned.total(), 2 * rows as u64);

    let before = file_bytes(&path);
    let ((pages, took), during) = beside_writer(&url, dir.path(), async {
        let started = Instant::now();
        let pages = store.give_back_space(&retention).await.unwrap();
        (pages, started.elapsed())
    })
    .await;
    report("writer during give-back", &during);
    println!(
        "gave back {pages} pages in {:.1} s; file {:.0} MB before",
        took.as_secs_f64(),
        before as f64 / 1e6,
    );

    // For comparison, the same backlog again, pruned as before issue 31:
    // full batches of 500 back to back, yielding only to this process.
    fill(&store, rows, rows).await;
    let retention = Retention {
        batch: 500,
        ..retention
    };
    let ((total, took), during) = beside_writer(&url, dir.path(), async {
        let started = Instant::now();
        let mut total = 0;
        loop {
            let step = store.prune_batch(&retention, NOW).await.unwrap();
            total += step.total();
            if step.total() == 0 {
                break;
            }
            tokio::task::yield_now().await;
        }
        (total, started.elapsed())
    })
    .await;
    report("writer, unpaced (before)", &during);
    println!(
        "unpaced prune: {total} rows in {:.1} s = {:.0} rows/s",
        took.as_secs_f64(),
        total as f64 / took.as_secs_f64()
    );
    store.close().await;
}

async fn postgres(rows: usize) {
    let Some(db) = tarock_storage::scratch::ScratchDatabase::create("prunebench").await else {
        return;
    };
    let store = Store::open(&db.url).await.unwrap();
    fill(&store, 0, rows).await;
    // Statistics of the full tables, never refreshed while the prune
    // deletes (issue 31: each range delete then read the whole outbox).
    let mut conn = AnyConnection::connect(&db.url).await.unwrap();
    for statement in [
        "ANALYZE outbox, processed_updates",
        "ALTER TABLE outbox SET (autovacuum_enabled = false)",
        "ALTER TABLE processed_updates SET (autovacuum_enabled = false)",
    ] {
        conn.execute(statement).await.unwrap();
    }
    println!("PostgreSQL backlog: {rows} delivered messages + {rows} update ids, stale statistics");
    let started = Instant::now();
    let pruned = store.prune(&Retention::default(), NOW).await.unwrap();
    let took = started.elapsed();
    println!(
        "prune: {} rows in {:.1} s = {:.0} rows/s",
        pruned.total(),
        took.as_secs_f64(),
        pruned.total() as f64 / took.as_secs_f64()
    );
    conn.close().await.unwrap();
    store.close().await;
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    if let Ok(url) = std::env::var("PRUNE_BENCH_WRITER") {
        let dir = PathBuf::from(std::env::var("PRUNE_BENCH_DIR").unwrap());
        writer(&url, &dir).await;
        return;
    }
    let rows: usize = std::env::var("PRUNE_ROWS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(300_000);
    sqlite(rows).await;
    postgres(rows / 3).await;
}
