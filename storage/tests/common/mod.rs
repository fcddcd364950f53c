//! Runs each storage test on SQLite (a temporary file) and on a real
//! PostgreSQL (a fresh database per test, dropped afterwards).
//!
//! PostgreSQL's address comes from `TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/test`). When no server answers, the
//! PostgreSQL variant says so and skips, unless `REQUIRE_POSTGRES=1`, when it
//! fails.

#![allow(dead_code)]

use std::future::Future;

use rand::SeedableRng;
use rand::rngs::StdRng;
use sqlx::{AnyConnection, Connection, Executor};
use tarock_storage::scratch::ScratchDatabase;
use tarock_storage::{
    Backend, DealId, Event, NewDeal, NewPlayer, NewTable, Occupant, Platform, PlayerId, Store,
    TableId,
};
use tarock_zwanzigerrufen::{Game, Record, Seat, ValidRules, sim};

/// A test database: where it is, and a store open on it.
pub struct TestDb {
    /// The URL the store was opened with.
    pub url: String,
    /// The open store.
    pub store: Store,
    _keep: Keep,
}

enum Keep {
    File(tempfile::TempDir),
    Postgres(ScratchDatabase),
}

impl TestDb {
    /// A store opened on an older database ([`database_at_version`]), kept
    /// together with it.
    pub fn wrap(old: OldDb, store: Store) -> TestDb {
        TestDb {
            url: old.url,
            store,
            _keep: old._keep,
        }
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        self.store.backend()
    }

    /// A raw connection, for editing rows by hand.
    pub async fn raw(&self) -> AnyConnection {
        let (url, _) = tarock_storage::normalize_url(&self.url).unwrap();
        AnyConnection::connect(&url).await.unwrap()
    }

    /// Runs one statement on a raw connection.
    pub async fn exec(&self, sql: &str) {
        let mut conn = self.raw().await;
        conn.execute(sqlx::AssertSqlSafe(sql.to_owned()))
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
}

/// A fresh SQLite file database.
pub async fn sqlite_db() -> TestDb {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("tarock.db").display());
    let store = Store::open(&url).await.unwrap();
    TestDb {
        url,
        store,
        _keep: Keep::File(dir),
    }
}

/// A fresh PostgreSQL database, or `None` (with a message) when no server
/// is reachable and `REQUIRE_POSTGRES` is not 1.
pub async fn postgres_db() -> Option<TestDb> {
    let (url, guard) = fresh_postgres().await?;
    let store = Store::open(&url).await.unwrap();
    Some(TestDb {
        url,
        store,
        _keep: Keep::Postgres(guard),
    })
}

/// An empty PostgreSQL database (no schema) and the guard that drops it.
async fn fresh_postgres() -> Option<(String, ScratchDatabase)> {
    let db = ScratchDatabase::create("test").await?;
    Some((db.url.clone(), db))
}

/// A database of `backend` with the schema of the migrations up to
/// `version` only (as a bot stored it before the later ones existed), read
/// from the project's own `migrations/` folder; `None` when no PostgreSQL
/// answers. Open a [`Store`] on its URL to migrate it the rest of the way.
pub async fn database_at_version(backend: Backend, version: i64) -> Option<OldDb> {
    sqlx::any::install_default_drivers();
    let (url, keep, folder) = match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            let url = format!(
                "sqlite://{}?mode=rwc",
                dir.path().join("tarock.db").display()
            );
            (url, Keep::File(dir), "sqlite")
        }
        Backend::Postgres => {
            let (url, guard) = fresh_postgres().await?;
            (url, Keep::Postgres(guard), "postgres")
        }
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../migrations")
        .join(folder);
    let all = sqlx::migrate::Migrator::new(path).await.unwrap();
    let mut old = sqlx::migrate::Migrator::DEFAULT;
    old.migrations = all
        .migrations
        .iter()
        .filter(|m| m.version <= version)
        .cloned()
        .collect::<Vec<_>>()
        .into();
    let mut conn = AnyConnection::connect(&url).await.unwrap();
    old.run(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    Some(OldDb { url, _keep: keep })
}

/// A database with an older schema ([`database_at_version`]).
pub struct OldDb {
    /// Where it is (open a [`Store`] here to migrate it).
    pub url: String,
    _keep: Keep,
}

impl OldDb {
    /// Runs statements on a raw connection.
    pub async fn exec(&self, sql: &str) {
        let mut conn = AnyConnection::connect(&self.url).await.unwrap();
        conn.execute(sqlx::AssertSqlSafe(sql.to_owned()))
            .await
            .unwrap();
    }
}

/// Runs `test` on a fresh SQLite database.
pub async fn on_sqlite<F, Fut>(test: F)
where
    F: FnOnce(TestDb) -> Fut,
    Fut: Future<Output = ()>,
{
    test(sqlite_db().await).await;
}

/// Runs `test` on a fresh PostgreSQL database, if one is reachable.
pub async fn on_postgres<F, Fut>(test: F)
where
    F: FnOnce(TestDb) -> Fut,
    Fut: Future<Output = ()>,
{
    if let Some(db) = postgres_db().await {
        test(db).await;
    }
}

/// Declares each listed `async fn NAME(db: TestDb)` as a test on both backends.
#[macro_export]
macro_rules! on_both {
    ($($name:ident),+ $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    $crate::common::on_sqlite(super::$name).await;
                }
            )+
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    $crate::common::on_postgres(super::$name).await;
                }
            )+
        }
    };
}

/// A fixed clock for tests: 2026-11-20 12:00 UTC in milliseconds.
pub const NOW: i64 = 1_795_176_000_000;

/// A local player named `name`.
pub fn new_player(name: &str) -> NewPlayer {
    NewPlayer {
        platform: Platform::Telegram,
        platform_user_id: format!("user-{name}"),
        display_name: name.to_owned(),
        language: "de".into(),
    }
}

/// A table in chat `chat` with the given rules and stake.
pub fn new_table(chat: &str, rules: &str, stake_cents: i64, creator: Option<PlayerId>) -> NewTable {
    NewTable {
        game: "zwanzigerrufen".into(),
        seats: 4,
        platform: Platform::Telegram,
        chat_id: chat.to_owned(),
        thread_id: None,
        rules: rules.to_owned(),
        stake_cents,
        pace_ms: 120_000,
        language: "de".into(),
        creator,
    }
}

/// A random finished game under `rules`, from `seed`.
pub fn finished_game(seed: u64, rules: &ValidRules, forehand: Seat) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut game, _) = sim::random_game(&mut rng, rules, forehand);
    sim::play_out(&mut game, &mut rng);
    game
}

/// The events of a game's record, as the table service would append them.
pub fn events_of(record: &Record, at_ms: i64) -> Vec<Event> {
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
                at_ms: at_ms + i as i64 * 1000,
                by_computer: i % 7 == 3,
            }
        })
        .collect()
}

/// The deal row values of a record.
pub fn new_deal(table: TableId, number: u32, record: &Record, at_ms: i64) -> NewDeal {
    NewDeal {
        table,
        game: "zwanzigerrufen".into(),
        number,
        forehand: Seat::new(record.forehand).unwrap().into(),
        hands: record.hands.clone(),
        rules: record.rules.to_string(),
        factor: 1,
        started_ms: at_ms,
    }
}

/// A table with four seated players (or computers where `computers` says
/// so), returning the table and the occupants in seat order.
pub async fn seated_table(
    store: &Store,
    chat: &str,
    stake: i64,
    computers: [bool; 4],
) -> (TableId, [Occupant; 4]) {
    let mut tx = store.begin().await.unwrap();
    let creator = tx
        .upsert_player(&new_player(&format!("{chat}-p0")), NOW)
        .await
        .unwrap();
    let table = tx
        .create_table(&new_table(chat, "\"standard\"", stake, Some(creator)), NOW)
        .await
        .unwrap();
    let mut occupants = Vec::new();
    for seat in Seat::ALL {
        let occupant = if computers[seat.index()] {
            Occupant::Computer("medium".into())
        } else {
            Occupant::Player(
                tx.upsert_player(&new_player(&format!("{chat}-p{seat}")), NOW)
                    .await
                    .unwrap(),
            )
        };
        tx.set_seat(table, seat.into(), &occupant, NOW)
            .await
            .unwrap();
        occupants.push(occupant);
    }
    tx.commit().await.unwrap();
    (table, occupants.try_into().unwrap())
}

/// Deals `record` at `table` as deal `number` and appends all its events.
pub async fn store_record(store: &Store, table: TableId, number: u32, record: &Record) -> DealId {
    let mut tx = store.begin().await.unwrap();
    let deal = tx
        .start_deal(&new_deal(table, number, record, NOW))
        .await
        .unwrap();
    for event in events_of(record, NOW) {
        tx.append_event(deal, &event).await.unwrap();
    }
    tx.commit().await.unwrap();
    deal
}

/// The Zwanzigerrufen record of a deal, as storage exports it
/// ([`Store::record_text`]) read back.
pub async fn deal_record(store: &Store, deal: DealId) -> Record {
    let text = store.record_text(deal).await.unwrap();
    Record::from_json(&text).unwrap_or_else(|e| panic!("deal {deal}: {e}: {text}"))
}

/// The Zwanzigerrufen game a loaded deal's round holds (a deal of that
/// game that was dealt), as the engine's own type.
#[allow(dead_code)]
pub fn zr_game(loaded: &tarock_storage::LoadedDeal) -> Option<Game> {
    loaded
        .round
        .as_ref()?
        .round()
        .downcast_ref::<tarock_zwanzigerrufen::Zwanzigerrufen>()?
        .game()
        .cloned()
}
