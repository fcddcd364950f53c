//! The game family in storage: tables of any game with 3 to 5 seats, rounds
//! stored by their secret seed and the game's action tokens, per-seat
//! settlements, and databases written before the family existed. Every
//! test runs on SQLite and on PostgreSQL.

mod common;

use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_game_core::Seat;
use tarock_games::{SeededRound, by_id};
use tarock_storage::{
    Backend, DealStatus, Event, NewRound, NewSettlement, NewTable, Occupant, Participant,
    StorageError, Store,
};

on_both!(
    a_round_of_20_ab_is_rebuilt_from_its_seed_and_tokens,
    five_seats_are_stored_and_settled_per_seat,
    a_seat_that_sat_out_has_no_ledger_row,
    bad_rounds_and_tokens_are_refused,
);

/// A table of `game` with `seats` seats: a person on seat 0, computers on
/// the others.
async fn family_table(store: &Store, game: &str, seats: u8) -> tarock_storage::TableId {
    let mut tx = store.begin().await.unwrap();
    let anna = tx.upsert_player(&new_player("anna"), NOW).await.unwrap();
    let table = tx
        .create_table(
            &NewTable {
                game: game.into(),
                seats,
                rules: "\"standard\"".into(),
                ..new_table("c-family", "\"standard\"", 10, Some(anna))
            },
            NOW,
        )
        .await
        .unwrap();
    tx.set_seat(table, Seat::new(0), &Occupant::Player(anna), NOW)
        .await
        .unwrap();
    for seat in 1..seats {
        tx.set_seat(
            table,
            Seat::new(seat),
            &Occupant::Computer("easy".into()),
            NOW,
        )
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    table
}

/// Plays `round` out by legal tokens chosen at random (from a fixed
/// seed), storing each as an event.
async fn play_out_stored(store: &Store, deal: tarock_storage::DealId, round: &mut SeededRound) {
    let mut rng = StdRng::seed_from_u64(5);
    let mut seq = 0;
    while let Some(seat) = round.round().to_act() {
        let mut tokens = round.round().legal_tokens();
        let token = tokens.swap_remove(rng.random_range(0..tokens.len()));
        round.apply(seat, &token).unwrap();
        let mut tx = store.begin().await.unwrap();
        tx.append_token(
            deal,
            &Event {
                seq,
                seat,
                action: token,
                at_ms: NOW + i64::from(seq),
                by_computer: seat != Seat::new(0),
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        seq += 1;
    }
}

async fn a_round_of_20_ab_is_rebuilt_from_its_seed_and_tokens(db: TestDb) {
    let table = family_table(&db.store, "zwanzig-ab", 3).await;
    let seed = [9u8; 32];
    let mut tx = db.store.begin().await.unwrap();
    let deal = tx
        .start_round(
            &NewRound {
                table,
                game: "zwanzig-ab".into(),
                number: 1,
                first: Seat::new(1),
                rules: "\"standard\"".into(),
                started_ms: NOW,
            },
            &seed,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let kind = by_id("zwanzig-ab").unwrap();
    let mut round = SeededRound::new(kind, &"standard".into(), 3, Seat::new(1), &seed).unwrap();
    // Half-way, the stored round is the played one.
    let loaded = db.store.load_table(table).await.unwrap().unwrap();
    assert_eq!(loaded.table.game, "zwanzig-ab");
    assert_eq!(loaded.table.seats, 3);
    let stored = loaded.deal.unwrap();
    assert!(stored.deal.hands.is_empty());
    assert!(stored.round.unwrap().round().same_as(round.round()));
    play_out_stored(&db.store, deal, &mut round).await;
    let stored = db.store.load_deal(deal).await.unwrap().unwrap();
    let rebuilt = stored.round.unwrap();
    assert!(rebuilt.round().is_over());
    assert!(rebuilt.round().same_as(round.round()));
    // The seed is kept, and read back only through its own call.
    assert_eq!(db.store.shuffle_seed(deal).await.unwrap(), Some(seed));
}

async fn five_seats_are_stored_and_settled_per_seat(db: TestDb) {
    let table = family_table(&db.store, "zwanzig-ab", 5).await;
    let seats = db.store.seats(table).await.unwrap();
    assert_eq!(seats.len(), 5);
    assert_eq!(seats[4].seat, Seat::new(4));
    let seed = [3u8; 32];
    let mut tx = db.store.begin().await.unwrap();
    let deal = tx
        .start_round(
            &NewRound {
                table,
                game: "zwanzig-ab".into(),
                number: 1,
                first: Seat::new(4),
                rules: "\"standard\"".into(),
                started_ms: NOW,
            },
            &seed,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let kind = by_id("zwanzig-ab").unwrap();
    let mut round = SeededRound::new(kind, &"standard".into(), 5, Seat::new(4), &seed).unwrap();
    play_out_stored(&db.store, deal, &mut round).await;
    let units = round.round().settlement().unwrap().units().to_vec();
    assert_eq!(units.len(), 5);
    // Four changes for five seats are refused; five are stored.
    let mut tx = db.store.begin().await.unwrap();
    let short = NewSettlement {
        changes: vec![1, -1, 0, 0],
        breakdown: "{}".into(),
        settled_ms: NOW,
        sitting_out: None,
    };
    assert!(matches!(
        tx.settle(deal, &short).await,
        Err(StorageError::Invalid(_))
    ));
    drop(tx);
    let mut tx = db.store.begin().await.unwrap();
    tx.settle(
        deal,
        &NewSettlement {
            changes: units.clone(),
            breakdown: "{}".into(),
            settled_ms: NOW,
            sitting_out: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let settled = db.store.settlement(deal).await.unwrap().unwrap();
    let got: Vec<(u8, i64)> = settled
        .seats
        .iter()
        .map(|(s, _, u)| (s.number(), *u))
        .collect();
    let want: Vec<(u8, i64)> = (0..5).map(|s| (s, units[usize::from(s)])).collect();
    assert_eq!(got, want);
    // Each computer seat keeps its own balance, seat 4 included.
    let balances = db.store.table_balances(table).await.unwrap();
    assert_eq!(balances.len(), 5);
    let four = balances
        .iter()
        .find(|b| matches!(&b.participant, Participant::Computer { seat, .. } if *seat == Seat::new(4)))
        .unwrap();
    assert_eq!(four.units, units[4]);
    assert_eq!(four.cents, units[4] * 10);
    let row = db.store.load_deal(deal).await.unwrap().unwrap();
    assert_eq!(row.deal.status, DealStatus::Finished);
}

async fn bad_rounds_and_tokens_are_refused(db: TestDb) {
    let store = &db.store;
    // A game nobody knows, and a seat count the game does not have.
    let mut tx = store.begin().await.unwrap();
    for (game, seats) in [("poker", 4), ("zwanzig-ab", 6), ("koenigrufen", 6)] {
        let refused = tx
            .create_table(
                &NewTable {
                    game: game.into(),
                    seats,
                    ..new_table("c-bad", "\"standard\"", 10, None)
                },
                NOW,
            )
            .await;
        assert!(
            matches!(refused, Err(StorageError::Invalid(_))),
            "{game} {seats}"
        );
    }
    drop(tx);
    let table = family_table(store, "koenigrufen", 4).await;
    let round = |game: &str, number| NewRound {
        table,
        game: game.into(),
        number,
        first: Seat::new(0),
        rules: "\"standard\"".into(),
        started_ms: NOW,
    };
    let mut tx = store.begin().await.unwrap();
    // A game the registry does not list has no rounds to store.
    assert!(
        tx.start_round(&round("schafkopf", 1), &[1; 32])
            .await
            .is_err()
    );
    assert!(
        tx.start_round(&round("koenigrufen", 0), &[1; 32])
            .await
            .is_err()
    );
    let deal = tx
        .start_round(&round("koenigrufen", 1), &[1; 32])
        .await
        .unwrap();
    // A token with a space is no token.
    let bad = Event {
        seq: 0,
        seat: Seat::new(0),
        action: "p h4".into(),
        at_ms: NOW,
        by_computer: false,
    };
    assert!(matches!(
        tx.append_token(deal, &bad).await,
        Err(StorageError::Invalid(_))
    ));
    tx.commit().await.unwrap();
    // A well-formed token the rules refuse is caught when the round is
    // rebuilt, naming the event.
    let mut tx = store.begin().await.unwrap();
    tx.append_token(
        deal,
        &Event {
            action: "zz9".into(),
            ..bad
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    match store.load_table(table).await {
        Err(StorageError::Corrupt { detail, .. }) => {
            assert!(detail.contains("event 0"), "{detail}")
        }
        other => panic!("expected a corrupt round, got {other:?}"),
    }
}

/// Rows a bot wrote before the game family (migrations 0001–0007) read as
/// a four-seat Zwanzigerrufen table after migration 0008, and keep their
/// ids and references; seat 4 is possible afterwards.
async fn old_rows_survive_the_family_migration(backend: Backend) {
    let Some(old) = database_at_version(backend, 7).await else {
        return;
    };
    old.exec(
        "INSERT INTO players (id, platform, platform_user_id, display_name, language, created_ms)
         VALUES (1, 'telegram', 'u1', 'anna', 'de', 1)",
    )
    .await;
    old.exec(
        "INSERT INTO tables (id, platform, chat_id, rules, stake_cents, pace_ms, language, status,
                             creator_id, created_ms, updated_ms)
         VALUES (1, 'telegram', 'c1', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1)",
    )
    .await;
    old.exec(
        "INSERT INTO seats (table_id, seat, player_id, computer, since_ms) VALUES
         (1, 0, 1, NULL, 1), (1, 3, NULL, 'easy', 1)",
    )
    .await;
    old.exec(
        "INSERT INTO deals (id, table_id, number, forehand, hands, rules, factor, status, started_ms)
         VALUES (7, 1, 1, 3, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'abandoned', 1)",
    )
    .await;
    let store = Store::open(&old.url).await.unwrap();
    let table = store
        .table(tarock_storage::TableId(1))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(table.game, "zwanzigerrufen");
    assert_eq!(table.seats, 4);
    let seats = store.seats(table.id).await.unwrap();
    assert_eq!(
        seats.iter().map(|s| s.seat.number()).collect::<Vec<_>>(),
        vec![0, 3]
    );
    let deals = store.deals_of(table.id).await.unwrap();
    assert_eq!(deals.len(), 1);
    assert_eq!(deals[0].id.0, 7);
    assert_eq!(deals[0].game, "zwanzigerrufen");
    assert_eq!(deals[0].forehand, Seat::new(3));
    // Seat 4 is a seat now.
    let mut tx = store.begin().await.unwrap();
    tx.set_seat(
        table.id,
        Seat::new(4),
        &Occupant::Computer("easy".into()),
        2,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(store.seats(table.id).await.unwrap().len(), 3);
}

#[tokio::test]
async fn sqlite_rows_survive_the_family_migration() {
    old_rows_survive_the_family_migration(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_rows_survive_the_family_migration() {
    old_rows_survive_the_family_migration(Backend::Postgres).await;
}

/// The dealer of a Königrufen table of five sits the deal out: the
/// settlement names the seat, which must score 0, and it gets no ledger
/// row (no deal played in its statistics).
async fn a_seat_that_sat_out_has_no_ledger_row(db: TestDb) {
    let table = family_table(&db.store, "koenigrufen", 5).await;
    let mut tx = db.store.begin().await.unwrap();
    let deal = tx
        .start_round(
            &NewRound {
                table,
                game: "koenigrufen".into(),
                number: 1,
                first: Seat::new(0),
                rules: "\"standard\"".into(),
                started_ms: NOW,
            },
            &[5u8; 32],
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let settlement = |changes: Vec<i64>| NewSettlement {
        changes,
        breakdown: "{}".into(),
        settled_ms: NOW,
        sitting_out: Some(Seat::new(4)),
    };
    // The seat that sat out cannot score.
    let mut tx = db.store.begin().await.unwrap();
    assert!(matches!(
        tx.settle(deal, &settlement(vec![3, -1, -1, 0, -1])).await,
        Err(StorageError::Invalid(_))
    ));
    drop(tx);
    let mut tx = db.store.begin().await.unwrap();
    tx.settle(deal, &settlement(vec![3, -1, -1, -1, 0]))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let stored = db.store.settlement(deal).await.unwrap().unwrap();
    let seats: Vec<(u8, i64)> = stored
        .seats
        .iter()
        .map(|(s, _, units)| (s.number(), *units))
        .collect();
    assert_eq!(seats, [(0, 3), (1, -1), (2, -1), (3, -1)]);
    let computer = Participant::Computer {
        seat: Seat::new(4),
        level: "easy".into(),
    };
    let balances = db.store.table_balances(table).await.unwrap();
    assert!(
        balances.iter().all(|b| b.participant != computer),
        "{balances:?}"
    );
}
