//! The year-of-history generator of the `year` benchmark makes what its
//! flags say, on SQLite and on PostgreSQL: the deals, events, settlements
//! and ledger rows of every day, the tables and their chats, the outbox as
//! retention leaves it, and kept balances that are the ledger's sums.

#[path = "../benches/year/fill.rs"]
mod fill;

use sqlx::{AnyConnection, Connection};
use tarock_storage::{Participant, Store, TableStatus};

use fill::Shape;

/// A small year: 4 days of 30 deals, 2 long tables of 5 deals a day.
fn shape() -> Shape {
    Shape {
        days: 4,
        deals_per_day: 30,
        players: 40,
        tables: 12,
        long_tables: 2,
        long_deals_per_day: 5,
        chats: 5,
        short_span_days: 2,
        templates: 2,
        sent_days: 2,
        update_days: 1,
        backlog: false,
        batch: 7,
        workers: 2,
        ..Shape::year()
    }
}

async fn one(conn: &mut AnyConnection, sql: &str, bind: i64) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(bind)
        .fetch_one(conn)
        .await
        .unwrap_or_else(|e| panic!("{e}: {sql}"));
    n
}

async fn check(url: &str) {
    let shape = shape();
    let store = Store::open(url).await.unwrap();
    let year = fill::fill(&store, url, &shape).await.unwrap();
    let t = year.template.0;
    let mut conn = AnyConnection::connect(url).await.unwrap();

    // Deals: every day's, all settled, numbered per table; the long
    // tables 5 a day each.
    let deals = u64::from(shape.days * shape.deals_per_day);
    assert_eq!(year.deals, deals);
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM deals WHERE table_id <> $1 AND status = 'finished'",
            t
        )
        .await,
        deals as i64
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM deals WHERE table_id <> $1",
            t
        )
        .await,
        deals as i64
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM settlements WHERE table_id <> $1 AND contract IS NOT NULL",
            t
        )
        .await,
        deals as i64
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM ledger WHERE table_id <> $1",
            t
        )
        .await,
        4 * deals as i64
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM ledger WHERE table_id <> $1 AND declarer IS NOT NULL",
            t
        )
        .await,
        4 * deals as i64
    );
    let events = one(
        &mut conn,
        "SELECT COUNT(*) FROM events e JOIN deals d ON d.id = e.deal_id WHERE d.table_id <> $1",
        t,
    )
    .await;
    assert_eq!(events as u64, year.events);
    assert!(
        events as u64 >= 20 * deals,
        "a played deal has its bids and 40 cards"
    );
    for long in &year.long {
        let rows = store.deals_of(*long).await.unwrap();
        assert_eq!(rows.len() as u32, shape.days * shape.long_deals_per_day);
        assert!(
            rows.iter()
                .enumerate()
                .all(|(i, d)| d.number == i as u32 + 1)
        );
        // The latest deal replays through the engine.
        let loaded = store.load_table(*long).await.unwrap().unwrap();
        assert!(loaded.deal.unwrap().round.is_some());
        let linked = usize::from(*long != year.long[0]);
        assert_eq!(store.links_of(*long).await.unwrap().len(), linked);
        assert_eq!(
            store.table(*long).await.unwrap().unwrap().status,
            TableStatus::Playing
        );
    }

    // Tables, players and chats per the flags; short tables closed after
    // their span.
    assert_eq!(
        one(&mut conn, "SELECT COUNT(*) FROM tables WHERE id <> $1", t).await,
        i64::from(shape.tables)
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM tables WHERE id <> $1 AND status = 'closed'",
            t
        )
        .await,
        i64::from(shape.tables - shape.long_tables)
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(DISTINCT chat_id) FROM tables WHERE id <> $1",
            t
        )
        .await,
        i64::from(shape.chats)
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM players WHERE platform_user_id LIKE 'user-%' AND id > $1",
            0
        )
        .await,
        i64::from(shape.players)
    );

    // The outbox as retention leaves it: only the last two days' messages,
    // all sent; update ids of the last day only.
    let since = shape.end_ms() - i64::from(shape.sent_days) * fill::DAY_MS;
    assert!(year.messages > 0);
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM outbox WHERE table_id <> $1 AND state = 'sent'",
            t
        )
        .await as u64,
        year.messages
    );
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM outbox WHERE state <> 'sent' AND id > $1",
            0
        )
        .await,
        0
    );
    let old_messages: (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM outbox WHERE table_id <> $1 AND created_ms < $2")
            .bind(t)
            .bind(since)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert_eq!(old_messages.0, 0);
    assert!(year.updates > 0);
    assert_eq!(
        one(
            &mut conn,
            "SELECT COUNT(*) FROM processed_updates WHERE at_ms >= $1",
            shape.end_ms() - fill::DAY_MS
        )
        .await as u64,
        year.updates
    );

    // Kept balances are the ledger's sums, per table and per person.
    for table in year.long.iter().chain(&year.short) {
        for b in store.table_balances(*table).await.unwrap() {
            let sum: (i64, i64, i64) = match &b.participant {
                Participant::Player(p) => sqlx::query_as(
                    "SELECT CAST(SUM(units) AS BIGINT), CAST(SUM(cents) AS BIGINT), COUNT(*)
                     FROM ledger WHERE table_id = $1 AND player_id = $2",
                )
                .bind(table.0)
                .bind(p.0),
                Participant::Computer { seat, .. } => sqlx::query_as(
                    "SELECT CAST(SUM(units) AS BIGINT), CAST(SUM(cents) AS BIGINT), COUNT(*)
                     FROM ledger WHERE table_id = $1 AND seat = $2 AND player_id IS NULL",
                )
                .bind(table.0)
                .bind(i64::from(seat.number())),
            }
            .fetch_one(&mut conn)
            .await
            .unwrap();
            assert_eq!(
                (b.units, b.cents, i64::from(b.deals)),
                sum,
                "{table}: {b:?}"
            );
        }
    }
    let busiest = store.player_balance(year.busiest_player).await.unwrap();
    let (units, deals_of): (i64, i64) = sqlx::query_as(
        "SELECT CAST(SUM(units) AS BIGINT), COUNT(*) FROM ledger WHERE player_id = $1",
    )
    .bind(year.busiest_player.0)
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!((busiest.units, i64::from(busiest.deals)), (units, deals_of));
    assert!(deals_of >= i64::from(shape.days * shape.long_deals_per_day));
    conn.close().await.unwrap();
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_year_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("year.db").display());
    check(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_year_on_postgres() {
    let Some(scratch) = tarock_storage::scratch::ScratchDatabase::create("year_fixture").await
    else {
        return;
    };
    check(&scratch.url).await;
    scratch.drop_now().await;
}
