//! A table that has played for a year against a new one (issue 31): "next
//! deal" and the command that settles a deal, timed on a table with 15 000
//! past deals and on a new table of the same database, in one run, with
//! the ratio of the medians.
//!
//! `cargo bench -p tarock-table --bench long_table` (SQLite in a temporary
//! file, then PostgreSQL in a scratch database at `TEST_POSTGRES_URL` if a
//! server answers; `BENCH_DEALS` deals per table, `BENCH_PAST` past deals
//! of the long-lived table). Each table seats one person and three easy
//! computers; the person always takes their first button. The long table's
//! past is its own first deal, copied 15 000 times in SQL (deals,
//! settlements, ledger rows and the kept balances, as the settlements
//! would have written them), so every row is one the program wrote.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::{AnyConnection, Connection, Executor};
use tarock_storage::{Platform, Store, TableId};
use tarock_table::{
    ChatRef, Command, CommandKind, Lang, ManualClock, Messenger, Outgoing, Pump, SendFail, Sender,
    TableService, TableSettings, UserRef,
};

fn sender(chat: &str) -> Sender {
    Sender {
        user: UserRef {
            platform: Platform::Telegram,
            user_id: format!("u-{chat}"),
            name: "Anna".into(),
        },
        chat: ChatRef {
            platform: Platform::Telegram,
            chat_id: chat.to_owned(),
            thread_id: None,
        },
        lang: Lang::De,
        is_admin: false,
    }
}

/// A platform that accepts every message and keeps each person's newest
/// private view.
#[derive(Default)]
struct Recorder {
    views: Mutex<HashMap<String, Outgoing>>,
    settlements: AtomicUsize,
}

impl Messenger for Recorder {
    async fn send(&self, message: &Outgoing) -> Result<(), SendFail> {
        if matches!(message, Outgoing::Settlement { .. }) {
            self.settlements.fetch_add(1, Ordering::Relaxed);
        }
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
        to: &UserRef,
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
        to: &UserRef,
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

    async fn retire_private(&self, _to: &UserRef, _id: &str) {}
}

struct Bench {
    service: TableService,
    pump: Pump,
    recorder: Recorder,
}

impl Bench {
    /// Runs a command and delivers what it queued.
    async fn handle(&self, chat: &str, kind: CommandKind) -> Duration {
        let begin = Instant::now();
        self.service
            .handle(Command {
                sender: sender(chat),
                update_id: None,
                kind,
            })
            .await
            .unwrap();
        let took = begin.elapsed();
        while self
            .pump
            .deliver_batch(&self.service, &self.recorder)
            .await
            .unwrap()
            > 0
        {}
        took
    }

    async fn table(&self, chat: &str) -> TableId {
        self.handle(chat, CommandKind::Create(TableSettings::default()))
            .await;
        let id = self
            .service
            .store()
            .open_tables_in(Platform::Telegram, chat)
            .await
            .unwrap()[0]
            .id;
        for _ in 1..4 {
            self.handle(
                chat,
                CommandKind::AddComputer(Some(id), "easy".into(), None),
            )
            .await;
        }
        id
    }

    /// Deals the next hand ("next deal", timed) and plays it out by the
    /// person's first button; returns (next deal, the settling command).
    async fn deal(&self, chat: &str, table: TableId) -> (Duration, Duration) {
        let before = self.recorder.settlements.load(Ordering::Relaxed);
        let next = self.handle(chat, CommandKind::Start(Some(table))).await;
        loop {
            let payload = {
                let views = self.recorder.views.lock().unwrap();
                views
                    .get(&format!("u-{chat}"))
                    .and_then(|v| v.buttons().first()?.first().map(|b| b.payload.clone()))
            };
            let payload = payload.expect("the person has a choice until the deal ends");
            let took = self.handle(chat, CommandKind::Button(payload)).await;
            if self.recorder.settlements.load(Ordering::Relaxed) > before {
                return (next, took);
            }
        }
    }
}

/// Copies the long table's first (settled) deal `past` times as its deals
/// 1..=past, the real one becoming the latest, with the kept balances
/// summed again from the ledger.
async fn write_past(url: &str, table: TableId, past: i64) {
    let t = table.0;
    let mut conn = AnyConnection::connect(url).await.unwrap();
    let (real,): (i64,) = sqlx::query_as("SELECT deal_id FROM settlements WHERE table_id = $1")
        .bind(t)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let statements = [
        format!("UPDATE deals SET number = number + {past} WHERE table_id = {t}"),
        format!(
            "INSERT INTO deals (table_id, number, forehand, hands, rules, factor, status, started_ms,
                                finished_ms, shuffle_seed, game, fair_commitment, fair_salt)
             SELECT d.table_id, g.i, d.forehand, d.hands, d.rules, d.factor, d.status, d.started_ms,
                    d.finished_ms, d.shuffle_seed, d.game, d.fair_commitment, d.fair_salt
             FROM deals d CROSS JOIN
                  (WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {past})
                   SELECT i FROM s) g
             WHERE d.id = {real}"
        ),
        format!(
            "INSERT INTO settlements (deal_id, table_id, breakdown, stake_cents, settled_ms, contract)
             SELECT c.id, c.table_id, s.breakdown, s.stake_cents, s.settled_ms, s.contract
             FROM deals c CROSS JOIN deals d CROSS JOIN settlements s
             WHERE c.table_id = {t} AND c.number <= {past}
               AND d.id = {real} AND s.deal_id = d.id"
        ),
        format!(
            "INSERT INTO ledger (deal_id, seat, table_id, player_id, computer, units, cents, declarer)
             SELECT c.id, l.seat, l.table_id, l.player_id, l.computer, l.units, l.cents, l.declarer
             FROM deals c CROSS JOIN deals d CROSS JOIN ledger l
             WHERE c.table_id = {t} AND c.number <= {past}
               AND d.id = {real} AND l.deal_id = d.id"
        ),
        format!("DELETE FROM table_balances WHERE table_id = {t}"),
        format!(
            "INSERT INTO table_balances (table_id, player_key, computer, slot, seat, units, cents, deals)
             SELECT table_id, COALESCE(player_id, 0), COALESCE(computer, ''),
                    CASE WHEN computer IS NULL THEN -1 ELSE seat END,
                    MIN(seat), SUM(units), SUM(cents), COUNT(*)
             FROM ledger WHERE table_id = {t} GROUP BY 1, 2, 3, 4"
        ),
        "ANALYZE".to_owned(),
    ];
    for statement in statements {
        conn.execute(sqlx::AssertSqlSafe(statement.clone()))
            .await
            .unwrap_or_else(|e| panic!("{e}: {statement}"));
    }
    conn.close().await.unwrap();
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e3
}

fn main() {
    sqlx::any::install_default_drivers();
    let quick = !std::env::args().any(|a| a == "--bench");
    let env = |name: &str, full: i64, small: i64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(if quick { small } else { full })
    };
    let deals = env("BENCH_DEALS", 30, 3);
    let past = env("BENCH_PAST", 15_000, 200);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let sqlite = format!("sqlite://{}?mode=rwc", dir.path().join("long.db").display());
        run("SQLite", &sqlite, deals, past).await;
        // PostgreSQL: a scratch database of its own (`TEST_POSTGRES_URL`),
        // dropped afterwards; skipped when no server answers.
        match tarock_storage::scratch::ScratchDatabase::create("bench").await {
            Some(pg) => run("PostgreSQL", &pg.url, deals, past).await,
            None => println!("(PostgreSQL skipped: no server at TEST_POSTGRES_URL)"),
        }
    });
}

/// Plays `deals` deals at each of the two tables of a new database at
/// `url` and prints the medians and their ratio.
async fn run(label: &str, url: &str, deals: i64, past: i64) {
    let open = |url: String| async move {
        let store = Store::open(&url).await.unwrap();
        Bench {
            service: TableService::with_fixed_seed(
                store,
                Arc::new(ManualClock::new(1_795_176_000_000)),
                31,
            ),
            pump: Pump::new(Duration::ZERO),
            recorder: Recorder::default(),
        }
    };
    let bench = open(url.to_owned()).await;
    let long = bench.table("long").await;
    bench.deal("long", long).await;
    bench.service.store().close().await;
    write_past(url, long, past).await;
    let bench = open(url.to_owned()).await;
    let new = bench.table("new").await;
    let (mut long_next, mut long_settle, mut new_next, mut new_settle) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Alternating, so that both tables see the same machine.
    for _ in 0..deals {
        let (next, settle) = bench.deal("long", long).await;
        long_next.push(next);
        long_settle.push(settle);
        let (next, settle) = bench.deal("new", new).await;
        new_next.push(next);
        new_settle.push(settle);
    }
    let (ln, ls, nn, ns) = (
        median(long_next),
        median(long_settle),
        median(new_next),
        median(new_settle),
    );
    println!("{label}, {deals} deals per table, medians:");
    println!(
        "next deal       {} past deals {ln:>8.3} ms   new table {nn:>8.3} ms   ratio {:.2}",
        past + 1,
        ln / nn
    );
    println!(
        "settling move   {} past deals {ls:>8.3} ms   new table {ns:>8.3} ms   ratio {:.2}",
        past + 1,
        ls / ns
    );
    bench.service.store().close().await;
}
