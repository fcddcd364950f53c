//! The storage suite: every test runs on SQLite and on PostgreSQL.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{
    AppendAction, Backend, ContractStats, Deadline, DealSecrets, DealStatus, Event,
    LeaderboardLine, NewDeal, NewMessage, NewSettlement, Occupant, Participant, Platform,
    PlayerStats, SettleDeal, SideStats, StorageError, Store, TableStatus,
};
use tarock_zwanzigerrufen::record::FORMAT;
use tarock_zwanzigerrufen::{Deal, Preset, Record, Seat};

on_both!(
    round_trip_survives_reopen,
    second_writer_of_a_step_gets_conflict,
    racing_writers_leave_a_log_without_gaps,
    appends_must_be_in_order_and_readable,
    queued_steps_are_written_by_the_next_statement_in_one_go,
    a_queued_step_that_lost_the_race_fails_the_commit,
    failed_outbox_insert_leaves_no_event,
    failed_ledger_row_leaves_no_settlement,
    redelivered_update_is_applied_once,
    ledger_balances_are_zero_sum_and_match_the_engine,
    corrupted_action_is_reported_with_table_and_deal,
    corrupted_hands_and_seat_are_reported,
    outbox_claims_in_order_per_destination,
    concurrent_claimers_never_share_a_message,
    deadlines_due_and_reminders,
    players_and_tables,
    a_deal_keeps_its_shuffle_seed_apart_from_what_is_shown,
    a_deal_in_record_form_is_checked_by_its_game,
    a_deal_in_record_form_exports_as_it_was_stored,
    a_deal_keeps_its_commitment_and_reveals_seed_and_salt_only_once_ended,
    statistics_per_player_chat_contract_and_leaderboard,
    delivery_state_is_kept_across_a_reopen_and_first_put_wins,
    gauges_count_the_backlog_due_deadlines_and_live_tables,
);

fn message(destination: &str, text: &str) -> NewMessage {
    NewMessage {
        destination: destination.to_owned(),
        payload: serde_json::json!({ "text": text }).to_string(),
    }
}

fn action(
    table: tarock_storage::TableId,
    deal: tarock_storage::DealId,
    event: Event,
) -> AppendAction {
    AppendAction {
        table,
        deal,
        event,
        update: None,
        messages: vec![],
        deadline: None,
    }
}

fn settlement_of(game: &tarock_zwanzigerrufen::Game) -> NewSettlement {
    let settlement = game.settlement().unwrap();
    NewSettlement {
        changes: settlement.changes.to_vec(),
        breakdown: serde_json::to_string(&settlement).unwrap(),
        settled_ms: NOW + 60_000,
        sitting_out: None,
    }
}

/// Write a table, a finished deal with its settlement, an unfinished deal,
/// outbox messages and a deadline; reopen the database with a new store and
/// read everything back identical, the records exactly as the engine wrote them.
async fn round_trip_survives_reopen(db: TestDb) {
    let store = &db.store;
    let (table, occupants) = seated_table(store, "chat-rt", 50, [false, false, true, false]).await;
    let finished = finished_game(7, &Preset::Standard.rules(), Seat::S0);
    let finished_record = Record::from_game(&finished);
    let deal1 = store_record(store, table, 1, &finished_record).await;
    store
        .settle_deal(&SettleDeal {
            table,
            deal: deal1,
            settlement: settlement_of(&finished),
            messages: vec![message("telegram:chat:rt", "settlement")],
        })
        .await
        .unwrap();

    // A second deal stopped in the middle of the trick play.
    let later = finished_game(8, &Preset::Tarockwelt.rules(), Seat::S1);
    let mut partial = Record::from_game(&later);
    partial.actions.truncate(partial.actions.len() - 13);
    let deal2 = store_record(store, table, 2, &partial).await;
    let deadline = Deadline {
        table,
        deal: deal2,
        seq: partial.actions.len() as u32,
        seat: Seat::S2.into(),
        remind_ms: Some(NOW + 60_000),
        due_ms: NOW + 120_000,
        reminded: false,
    };
    let mut tx = store.begin().await.unwrap();
    tx.set_deadline(&deadline).await.unwrap();
    tx.set_table_status(table, TableStatus::Playing, NOW)
        .await
        .unwrap();
    tx.set_public_message(table, Some("msg-17"), NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let before = store.load_table(table).await.unwrap().unwrap();
    let balances_before = store.table_balances(table).await.unwrap();
    let settlement_before = store.settlement(deal1).await.unwrap().unwrap();
    store.close().await;
    drop(db.store);

    let store = Store::open(&db.url).await.unwrap();
    let after = store.load_table(table).await.unwrap().unwrap();
    assert_eq!(after.table, before.table);
    assert_eq!(after.table.status, TableStatus::Playing);
    assert_eq!(after.table.public_message_id.as_deref(), Some("msg-17"));
    assert_eq!(after.seats, before.seats);
    let occupants_after: Vec<Occupant> = after.seats.iter().map(|s| s.occupant.clone()).collect();
    assert_eq!(occupants_after, occupants.to_vec());

    // The current deal is deal 2, replayed to the same position.
    let current = after.deal.unwrap();
    assert_eq!(current.deal.number, 2);
    assert_eq!(current.deal.status, DealStatus::Active);
    assert_eq!(current.events, before.deal.unwrap().events);
    assert_eq!(current.next_seq() as usize, partial.actions.len());
    let game = common::zr_game(&current).unwrap();
    assert_eq!(Record::from_game(&game), partial);

    // Both records come back exactly as written.
    assert_eq!(deal_record(&store, deal1).await, finished_record);
    assert_eq!(deal_record(&store, deal2).await, partial);
    let deal1_loaded = store.load_deal(deal1).await.unwrap().unwrap();
    assert_eq!(deal1_loaded.deal.status, DealStatus::Finished);
    assert_eq!(
        common::zr_game(&deal1_loaded)
            .unwrap()
            .settlement()
            .unwrap()
            .changes,
        finished.settlement().unwrap().changes
    );
    let settlement = store.settlement(deal1).await.unwrap().unwrap();
    assert_eq!(settlement, settlement_before);
    let breakdown: tarock_zwanzigerrufen::Settlement =
        serde_json::from_str(&settlement.breakdown).unwrap();
    assert_eq!(breakdown, finished.settlement().unwrap());
    assert_eq!(store.table_balances(table).await.unwrap(), balances_before);
    assert_eq!(store.deadline(table).await.unwrap(), Some(deadline));
    assert_eq!(store.deals_of(table).await.unwrap().len(), 2);
    let summary = store.summary().await.unwrap();
    assert_eq!(
        summary.tables,
        vec![
            (TableStatus::Lobby, 0),
            (TableStatus::Playing, 1),
            (TableStatus::Paused, 0),
            (TableStatus::Closed, 0)
        ]
    );
    assert_eq!(
        summary.deals,
        vec![
            (DealStatus::Active, 1),
            (DealStatus::Finished, 1),
            (DealStatus::Redeal, 0),
            (DealStatus::Abandoned, 0)
        ]
    );
    assert_eq!(
        summary.events as usize,
        finished_record.actions.len() + partial.actions.len()
    );
    // Three seated players and the creator, who is seat 0's player.
    assert_eq!(summary.players, 3);
    let pending = store.claim_outbox(NOW + 60_000, 30_000, 10).await.unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].destination, "telegram:chat:rt");
}

/// Writer A appends step k but has not committed when writer B appends
/// its own step k; when A commits, B fails with Conflict and wrote nothing.
async fn second_writer_of_a_step_gets_conflict(db: TestDb) {
    let store = db.store.clone();
    let (table, _) = seated_table(&store, "chat-c", 10, [false; 4]).await;
    let game = finished_game(11, &Preset::Standard.rules(), Seat::S0);
    let mut record = Record::from_game(&game);
    let events = events_of(&record, NOW);
    record.actions.truncate(5);
    let deal = store_record(&store, table, 1, &record).await;

    let mut a = store.begin().await.unwrap();
    let mut first = action(table, deal, events[5].clone());
    first.messages.push(message("chat", "from A"));
    a.append_action(&first).await.unwrap();

    let b_store = store.clone();
    let mut second = action(
        table,
        deal,
        Event {
            by_computer: true,
            ..events[5].clone()
        },
    );
    second.messages.push(message("chat", "from B"));
    let b = tokio::spawn(async move { b_store.append_action(&second).await });
    // Let B reach the database and wait there for A.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!b.is_finished(), "B must wait for A's uncommitted step");
    a.commit().await.unwrap();
    match b.await.unwrap() {
        Err(StorageError::Conflict { deal: d, seq }) => {
            assert_eq!(d, deal);
            assert_eq!(seq, 5);
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    let loaded = store.load_deal(deal).await.unwrap().unwrap();
    assert_eq!(loaded.events.len(), 6);
    assert!(!loaded.events[5].by_computer, "A's event stands");
    let sent = store.claim_outbox(NOW + 10_000, 1_000, 10).await.unwrap();
    let texts: Vec<&str> = sent.iter().map(|m| m.payload.as_str()).collect();
    assert_eq!(texts, [r#"{"text":"from A"}"#]);
}

/// Two tasks race to append every step of a deal; per step exactly one
/// wins, and the log ends complete, in order, without gaps or duplicates.
async fn racing_writers_leave_a_log_without_gaps(db: TestDb) {
    let store = db.store.clone();
    let (table, _) = seated_table(&store, "chat-race", 10, [false; 4]).await;
    let game = finished_game(12, &Preset::Standard.rules(), Seat::S3);
    let record = Record::from_game(&game);
    let events = events_of(&record, NOW);
    let mut empty = record.clone();
    empty.actions.clear();
    let deal = store_record(&store, table, 1, &empty).await;

    let mut wins = [0u32; 2];
    let mut conflicts = 0;
    for event in &events {
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(2));
        let tasks: Vec<_> = (0..2)
            .map(|writer| {
                let store = store.clone();
                let barrier = barrier.clone();
                let event = Event {
                    by_computer: writer == 1,
                    ..event.clone()
                };
                tokio::spawn(async move {
                    barrier.wait().await;
                    store.append_action(&action(table, deal, event)).await
                })
            })
            .collect();
        let mut ok = 0;
        for (writer, task) in tasks.into_iter().enumerate() {
            match task.await.unwrap() {
                Ok(()) => {
                    ok += 1;
                    wins[writer] += 1;
                }
                Err(StorageError::Conflict { seq, .. }) => {
                    assert_eq!(seq, event.seq);
                    conflicts += 1;
                }
                Err(other) => panic!("step {}: unexpected {other}", event.seq),
            }
        }
        assert_eq!(ok, 1, "step {}: exactly one writer wins", event.seq);
    }
    assert_eq!(conflicts, events.len());
    assert_eq!(wins[0] + wins[1], events.len() as u32);
    let loaded = store.load_deal(deal).await.unwrap().unwrap();
    let seqs: Vec<u32> = loaded.events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (0..events.len() as u32).collect::<Vec<_>>());
    assert_eq!(deal_record(&store, deal).await, record);
    assert!(common::zr_game(&loaded).unwrap().settlement().is_some());
}

/// A step that skips ahead, an action no record can hold (empty, with
/// surrounding whitespace, a line break or another control character), and
/// an append to a finished deal are each refused and change nothing. An
/// action that reads as words but is none of the game's is stored, and the
/// replay names its event when the deal is loaded.
async fn appends_must_be_in_order_and_readable(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-o", 10, [false; 4]).await;
    let game = finished_game(13, &Preset::Standard.rules(), Seat::S0);
    let record = Record::from_game(&game);
    let events = events_of(&record, NOW);
    let mut first = record.clone();
    first.actions.truncate(2);
    let deal = store_record(store, table, 1, &first).await;

    match store
        .append_action(&action(table, deal, events[3].clone()))
        .await
    {
        Err(StorageError::OutOfOrder {
            seq: 3,
            expected: 2,
            ..
        }) => {}
        other => panic!("expected out of order, got {other:?}"),
    }
    for bad in [
        "",
        " weiter",
        "weiter ",
        "rufer\npagat",
        "T21\t",
        "pa\u{0}gat",
    ] {
        let event = Event {
            action: bad.to_owned(),
            ..events[2].clone()
        };
        assert!(
            matches!(
                store.append_action(&action(table, deal, event)).await,
                Err(StorageError::Invalid(_))
            ),
            "{bad:?} must be refused"
        );
    }
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().events.len(),
        2
    );
    // Words of no game are the replay's to find, naming the event.
    let mut tx = store.begin().await.unwrap();
    let hello = Event {
        action: "hello".into(),
        ..events[2].clone()
    };
    tx.append_event(deal, &hello).await.unwrap();
    match tx.load_table(table).await {
        Err(StorageError::Corrupt {
            deal: Some(d),
            detail,
            ..
        }) => {
            assert_eq!(d, deal);
            assert!(detail.contains("hello"), "{detail}");
        }
        other => panic!("expected the replay to refuse \"hello\", got {other:?}"),
    }
    drop(tx);
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().events.len(),
        2
    );

    let mut tx = store.begin().await.unwrap();
    tx.finish_deal(deal, DealStatus::Abandoned, NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert!(matches!(
        store
            .append_action(&action(table, deal, events[2].clone()))
            .await,
        Err(StorageError::Invalid(_))
    ));
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().events.len(),
        2
    );
}

/// Queued steps are invisible to nobody: the transaction's next statement
/// writes them (here the deal's end, which would refuse steps after it),
/// the log is the same as when appended one by one, and a step that does
/// not follow the queued one before it or that no record can hold is
/// refused at once.
async fn queued_steps_are_written_by_the_next_statement_in_one_go(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-q", 10, [false; 4]).await;
    let game = finished_game(14, &Preset::Standard.rules(), Seat::S1);
    let record = Record::from_game(&game);
    let events = events_of(&record, NOW);
    let mut empty = record.clone();
    empty.actions.clear();
    let deal = store_record(store, table, 1, &empty).await;

    let mut tx = store.begin().await.unwrap();
    for event in &events[..4] {
        tx.queue_event(deal, event).unwrap();
    }
    match tx.queue_event(deal, &events[5]) {
        Err(StorageError::OutOfOrder {
            seq: 5,
            expected: 4,
            ..
        }) => {}
        other => panic!("expected out of order, got {other:?}"),
    }
    let unreadable = Event {
        action: "T21\n".into(),
        ..events[4].clone()
    };
    assert!(matches!(
        tx.queue_event(deal, &unreadable),
        Err(StorageError::Invalid(_))
    ));
    for event in &events[4..] {
        tx.queue_event(deal, event).unwrap();
    }
    // The next statement writes them before the deal ends.
    tx.finish_deal(deal, DealStatus::Finished, NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let loaded = store.load_deal(deal).await.unwrap().unwrap();
    assert_eq!(loaded.events, events);
    assert_eq!(loaded.deal.status, DealStatus::Finished);
    assert_eq!(deal_record(store, deal).await, record);
}

/// A queued step whose number another writer took in the meantime makes
/// the commit fail with a conflict, and nothing of the transaction stays.
async fn a_queued_step_that_lost_the_race_fails_the_commit(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-qr", 10, [false; 4]).await;
    let game = finished_game(15, &Preset::Standard.rules(), Seat::S2);
    let record = Record::from_game(&game);
    let events = events_of(&record, NOW);
    let mut first = record.clone();
    first.actions.truncate(3);
    let deal = store_record(store, table, 1, &first).await;

    // Queued from an old view of the deal: steps 1 and 2 are taken.
    let mut tx = store.begin().await.unwrap();
    tx.queue_event(deal, &events[1]).unwrap();
    tx.queue_event(deal, &events[2]).unwrap();
    match tx.enqueue(Some(table), &message("chat", "lost"), NOW).await {
        Err(StorageError::Conflict { seq: 1, .. }) => {}
        other => panic!("the next statement reports the conflict, got {other:?}"),
    }
    drop(tx);
    let mut tx = store.begin().await.unwrap();
    tx.queue_event(deal, &events[1]).unwrap();
    match tx.commit().await {
        Err(StorageError::Conflict { deal: d, seq: 1 }) => assert_eq!(d, deal),
        other => panic!("expected a conflict, got {other:?}"),
    }
    let loaded = store.load_deal(deal).await.unwrap().unwrap();
    assert_eq!(loaded.events, events[..3].to_vec());
    let pending = store.claim_outbox(NOW + 10_000, 1_000, 10).await.unwrap();
    assert!(
        pending.is_empty(),
        "nothing of the failed transaction stays"
    );
}

/// Installs a trigger that makes inserts into `table` fail when `condition`
/// holds for the new row: a failure injected inside our transaction.
async fn inject_failure(db: &TestDb, table: &str, condition: &str) {
    match db.backend() {
        Backend::Sqlite => {
            db.exec(&format!(
                "CREATE TRIGGER injected BEFORE INSERT ON {table} WHEN {condition}
                 BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
            ))
            .await
        }
        Backend::Postgres => {
            db.exec(&format!(
                "CREATE FUNCTION injected() RETURNS trigger AS $$
                 BEGIN IF {condition} THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END
                 $$ LANGUAGE plpgsql"
            ))
            .await;
            db.exec(&format!(
                "CREATE TRIGGER injected BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION injected()"
            ))
            .await
        }
    }
}

async fn remove_injected_failure(db: &TestDb, table: &str) {
    match db.backend() {
        Backend::Sqlite => db.exec("DROP TRIGGER injected").await,
        Backend::Postgres => {
            db.exec(&format!("DROP TRIGGER injected ON {table}")).await;
            db.exec("DROP FUNCTION injected()").await;
        }
    }
}

/// The outbox insert fails after the event was inserted: the action leaves
/// no event, no message, no update id and no deadline behind, and the same
/// action succeeds once the fault is gone.
async fn failed_outbox_insert_leaves_no_event(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-a", 10, [false; 4]).await;
    let game = finished_game(14, &Preset::Standard.rules(), Seat::S0);
    let record = Record::from_game(&game);
    let events = events_of(&record, NOW);
    let mut first = record.clone();
    first.actions.truncate(4);
    let deal = store_record(store, table, 1, &first).await;
    let mut tx = store.begin().await.unwrap();
    tx.set_table_status(table, TableStatus::Playing, NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let step = AppendAction {
        table,
        deal,
        event: events[4].clone(),
        update: Some((Platform::Telegram, "update-500".into())),
        messages: vec![message("chat", "ok"), message("chat", "boom")],
        deadline: Some(Deadline {
            table,
            deal,
            seq: 5,
            seat: events[5].seat,
            remind_ms: None,
            due_ms: NOW,
            reminded: false,
        }),
    };
    inject_failure(&db, "outbox", "NEW.payload LIKE '%boom%'").await;
    let err = store.append_action(&step).await.unwrap_err();
    assert!(err.to_string().contains("injected failure"), "{err}");
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().events.len(),
        4
    );
    assert_eq!(store.outbox_counts().await.unwrap().pending, 0);
    assert!(
        !store
            .is_processed(Platform::Telegram, "update-500")
            .await
            .unwrap()
    );
    assert_eq!(store.deadline(table).await.unwrap(), None);

    remove_injected_failure(&db, "outbox").await;
    store.append_action(&step).await.unwrap();
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().events.len(),
        5
    );
    assert_eq!(store.outbox_counts().await.unwrap().pending, 2);
    assert!(
        store
            .is_processed(Platform::Telegram, "update-500")
            .await
            .unwrap()
    );
    assert_eq!(store.due_deadlines(NOW, 10).await.unwrap().len(), 1);
}

/// The last ledger row of a settlement fails: no ledger row, no settlement,
/// no message, and the deal stays active; without the fault all four rows land.
async fn failed_ledger_row_leaves_no_settlement(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-l", 10, [false; 4]).await;
    let game = finished_game(15, &Preset::Standard.rules(), Seat::S0);
    let deal = store_record(store, table, 1, &Record::from_game(&game)).await;
    let settle = SettleDeal {
        table,
        deal,
        settlement: settlement_of(&game),
        messages: vec![message("chat", "settled")],
    };
    inject_failure(&db, "ledger", "NEW.seat = 3").await;
    let err = store.settle_deal(&settle).await.unwrap_err();
    assert!(err.to_string().contains("injected failure"), "{err}");
    assert_eq!(store.settlement(deal).await.unwrap(), None);
    assert!(store.table_balances(table).await.unwrap().is_empty());
    assert_eq!(store.outbox_counts().await.unwrap().pending, 0);
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().deal.status,
        DealStatus::Active
    );

    remove_injected_failure(&db, "ledger").await;
    store.settle_deal(&settle).await.unwrap();
    let stored = store.settlement(deal).await.unwrap().unwrap();
    assert_eq!(stored.seats.len(), 4);
    let changes: Vec<i64> = stored.seats.iter().map(|s| s.2).collect();
    assert_eq!(changes, game.settlement().unwrap().changes.to_vec());
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().deal.status,
        DealStatus::Finished
    );
    // A deal is settled once.
    assert!(matches!(
        store.settle_deal(&settle).await,
        Err(StorageError::Invalid(_))
    ));
    // Changes that do not sum to zero are refused before anything is written.
    let (table2, _) = seated_table(store, "chat-l2", 10, [false; 4]).await;
    let deal2 = store_record(store, table2, 1, &Record::from_game(&game)).await;
    let mut lopsided = settle.clone();
    lopsided.table = table2;
    lopsided.deal = deal2;
    lopsided.settlement.changes = [1, 1, -1, 0].to_vec();
    assert!(matches!(
        store.settle_deal(&lopsided).await,
        Err(StorageError::Invalid(_))
    ));
    assert_eq!(store.settlement(deal2).await.unwrap(), None);
}

/// The same platform update delivered twice is applied once; the second
/// delivery writes nothing, even carrying the next step.
async fn redelivered_update_is_applied_once(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-u", 10, [false; 4]).await;
    let game = finished_game(16, &Preset::Standard.rules(), Seat::S0);
    let record = Record::from_game(&game);
    let events = events_of(&record, NOW);
    let mut empty = record.clone();
    empty.actions.clear();
    let deal = store_record(store, table, 1, &empty).await;

    let mut step = action(table, deal, events[0].clone());
    step.update = Some((Platform::Discord, "interaction-1".into()));
    step.messages.push(message("chat", "first"));
    store.append_action(&step).await.unwrap();
    let mut again = action(table, deal, events[1].clone());
    again.update = Some((Platform::Discord, "interaction-1".into()));
    again.messages.push(message("chat", "second"));
    match store.append_action(&again).await {
        Err(StorageError::DuplicateUpdate {
            platform,
            update_id,
        }) => {
            assert_eq!(platform, Platform::Discord);
            assert_eq!(update_id, "interaction-1");
        }
        other => panic!("expected a duplicate, got {other:?}"),
    }
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().events.len(),
        1
    );
    assert_eq!(store.outbox_counts().await.unwrap().pending, 1);
    // The same id on another platform is another update.
    again.update = Some((Platform::Telegram, "interaction-1".into()));
    store.append_action(&again).await.unwrap();
    assert_eq!(
        store.load_deal(deal).await.unwrap().unwrap().events.len(),
        2
    );
    // Old ids can be pruned; then nothing remembers them.
    let keep_nothing = tarock_storage::Retention {
        keep_sent_ms: 0,
        keep_updates_ms: 0,
        ..Default::default()
    };
    assert!(
        store
            .prune(&keep_nothing, NOW + 1_000_000)
            .await
            .unwrap()
            .updates
            >= 2
    );
    assert!(
        !store
            .is_processed(Platform::Discord, "interaction-1")
            .await
            .unwrap()
    );
}

/// Many random deals at three tables with overlapping players and computer
/// seats: every table's ledger sums to zero, in units and in money, every
/// player's balance equals the sum of the engine's settlements, and two
/// computers of one level at one table keep two balances, one per seat.
async fn ledger_balances_are_zero_sum_and_match_the_engine(db: TestDb) {
    let store = &db.store;
    // Eight players; tables seat different foursomes, some with computers.
    let mut players = Vec::new();
    let mut tx = store.begin().await.unwrap();
    for i in 0..8 {
        players.push(
            tx.upsert_player(&new_player(&format!("bal{i}")), NOW)
                .await
                .unwrap(),
        );
    }
    let layouts: [(i64, [Option<usize>; 4]); 3] = [
        (10, [Some(0), Some(1), Some(2), Some(3)]),
        (25, [Some(2), None, Some(4), None]),
        (100, [Some(6), Some(0), None, Some(7)]),
    ];
    let mut tables = Vec::new();
    for (i, (stake, seats)) in layouts.iter().enumerate() {
        let table = tx
            .create_table(
                &new_table(&format!("bal-chat-{i}"), "\"standard\"", *stake, None),
                NOW,
            )
            .await
            .unwrap();
        for seat in Seat::ALL {
            let occupant = match seats[seat.index()] {
                Some(p) => Occupant::Player(players[p]),
                None => Occupant::Computer("easy".into()),
            };
            tx.set_seat(table, seat.into(), &occupant, NOW)
                .await
                .unwrap();
        }
        tables.push(table);
    }
    tx.commit().await.unwrap();

    let presets = [
        Preset::Standard.rules(),
        Preset::Directnet.rules(),
        Preset::Tarockwelt.rules(),
        Preset::Wikipedia.rules(),
    ];
    let mut expected_units: HashMap<Participant, i64> = HashMap::new();
    let mut expected_cents: HashMap<Participant, i64> = HashMap::new();
    let mut table_units: HashMap<(usize, Participant), i64> = HashMap::new();
    for n in 0..36u32 {
        let t = (n % 3) as usize;
        let rules = presets[(n / 3) as usize % 4];
        let game = finished_game(
            1000 + u64::from(n),
            &rules,
            Seat::new((n % 4) as u8).unwrap(),
        );
        let deal = store_record(store, tables[t], n / 3 + 1, &Record::from_game(&game)).await;
        store
            .settle_deal(&SettleDeal {
                table: tables[t],
                deal,
                settlement: settlement_of(&game),
                messages: vec![],
            })
            .await
            .unwrap();
        for seat in Seat::ALL {
            let change = game.settlement().unwrap().change(seat);
            let occupant = match layouts[t].1[seat.index()] {
                Some(p) => Occupant::Player(players[p]),
                None => Occupant::Computer("easy".into()),
            };
            let participant = Participant::of(seat.into(), &occupant);
            *expected_units.entry(participant.clone()).or_default() += change;
            *expected_cents.entry(participant.clone()).or_default() += change * layouts[t].0;
            *table_units.entry((t, participant)).or_default() += change;
        }
    }
    for (t, table) in tables.iter().enumerate() {
        let balances = store.table_balances(*table).await.unwrap();
        assert_eq!(
            balances.iter().map(|b| b.units).sum::<i64>(),
            0,
            "table {t} units"
        );
        assert_eq!(
            balances.iter().map(|b| b.cents).sum::<i64>(),
            0,
            "table {t} money"
        );
        // One balance per seat: four people, or people and computer seats.
        assert_eq!(balances.len(), 4, "table {t}: {balances:?}");
        for balance in &balances {
            assert_eq!(
                balance.units,
                table_units[&(t, balance.participant.clone())]
            );
            assert_eq!(balance.cents, balance.units * layouts[t].0);
            // Everyone, each computer seat too, holds one seat for 12 deals.
            assert_eq!(balance.deals, 12);
        }
        // Sorted from the best balance down.
        assert!(balances.windows(2).all(|w| w[0].units >= w[1].units));
    }
    for (i, player) in players.iter().enumerate() {
        let balance = store.player_balance(*player).await.unwrap();
        let key = Participant::Player(*player);
        assert_eq!(
            balance.units,
            expected_units.get(&key).copied().unwrap_or(0),
            "player {i}"
        );
        assert_eq!(
            balance.cents,
            expected_cents.get(&key).copied().unwrap_or(0),
            "player {i}"
        );
    }
    // What carries over between deals: each settled deal's rules and breakdown, in order.
    let mut tx = store.begin().await.unwrap();
    let settled = tx.settled_deals(tables[1]).await.unwrap();
    assert_eq!(settled.len(), 12);
    let first: tarock_zwanzigerrufen::Settlement = serde_json::from_str(&settled[0].1).unwrap();
    assert_eq!(first.changes.iter().sum::<i64>(), 0);
    assert_eq!(
        tx.table_balances(tables[1]).await.unwrap(),
        store.table_balances(tables[1]).await.unwrap()
    );
    drop(tx);
    // Player 0 sits at two tables, player 2 too: 24 deals each.
    assert_eq!(store.player_balance(players[0]).await.unwrap().deals, 24);
    assert_eq!(store.player_balance(players[2]).await.unwrap().deals, 24);
    assert_eq!(store.player_balance(players[1]).await.unwrap().deals, 12);
}

/// A stored action edited by hand is reported when the table is loaded: a
/// clear error naming the table and the deal, not a panic and not a
/// different game.
async fn corrupted_action_is_reported_with_table_and_deal(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-x", 10, [false; 4]).await;
    let game = finished_game(17, &Preset::Standard.rules(), Seat::S0);
    let record = Record::from_game(&game);
    let deal = store_record(store, table, 1, &record).await;
    let last = record.actions.len() - 1;
    // The first card played, for an edit that reads fine but is illegal.
    let first_card = events_of(&record, NOW)
        .iter()
        .position(|e| e.action.len() <= 3 && e.action != "weiter")
        .unwrap();
    let second_card_text = events_of(&record, NOW)[first_card + 1].action.clone();

    let cases: Vec<(String, &str)> = vec![
        (
            format!("UPDATE events SET action = 'T99' WHERE deal_id = {deal} AND seq = {last}"),
            "T99",
        ),
        (
            format!("UPDATE events SET action = 'gibberish' WHERE deal_id = {deal} AND seq = 0"),
            "gibberish",
        ),
        // Seat 0's first card replaced by a card of another hand.
        (
            format!(
                "UPDATE events SET action = '{second_card_text}' WHERE deal_id = {deal} AND seq = {first_card}"
            ),
            "against the rules",
        ),
        (
            format!("DELETE FROM events WHERE deal_id = {deal} AND seq = 2"),
            "gap",
        ),
    ];
    for (sql, expect) in cases {
        // Restore the log, then corrupt it one way.
        db.exec(&format!("DELETE FROM events WHERE deal_id = {deal}"))
            .await;
        let mut tx = store.begin().await.unwrap();
        for event in events_of(&record, NOW) {
            tx.append_event(deal, &event).await.unwrap();
        }
        tx.commit().await.unwrap();
        assert!(
            store
                .load_table(table)
                .await
                .unwrap()
                .unwrap()
                .deal
                .unwrap()
                .round
                .is_some()
        );
        db.exec(&sql).await;

        let err = store.load_table(table).await.unwrap_err();
        match &err {
            StorageError::Corrupt {
                table: t, deal: d, ..
            } => {
                assert_eq!(*t, table);
                assert_eq!(*d, Some(deal));
            }
            other => panic!("{sql}: expected corrupt, got {other:?}"),
        }
        let text = err.to_string();
        assert!(text.contains(&format!("table {table}")), "{text}");
        assert!(text.contains(&format!("deal {deal}")), "{text}");
        assert!(text.contains(expect), "{sql}: {text}");
        assert!(matches!(
            store.load_deal(deal).await,
            Err(StorageError::Corrupt { .. })
        ));
    }
}

/// Hands that are not four strings, and a seat out of range, are reported
/// as errors too.
async fn corrupted_hands_and_seat_are_reported(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-h", 10, [false; 4]).await;
    let game = finished_game(18, &Preset::Standard.rules(), Seat::S0);
    let deal = store_record(store, table, 1, &Record::from_game(&game)).await;
    // The schema refuses a seat outside 0–3 outright.
    let mut raw = db.raw().await;
    let sql = format!("UPDATE events SET seat = 7 WHERE deal_id = {deal} AND seq = 1");
    assert!(
        sqlx::Executor::execute(&mut raw, sqlx::AssertSqlSafe(sql))
            .await
            .is_err()
    );
    // Another seat acting out of turn is caught by the replay.
    let forehand = Record::from_game(&game).forehand;
    let wrong = (forehand + 2) % 4;
    db.exec(&format!(
        "UPDATE events SET seat = {wrong} WHERE deal_id = {deal} AND seq = 0"
    ))
    .await;
    let err = store.load_table(table).await.unwrap_err();
    assert!(
        err.to_string().contains(&format!("event 0 (seat {wrong}")),
        "{err}"
    );
    db.exec(&format!(
        "UPDATE events SET seat = {forehand} WHERE deal_id = {deal} AND seq = 0"
    ))
    .await;
    assert!(store.load_table(table).await.is_ok());
    db.exec(&format!(
        "UPDATE deals SET hands = '[\"T1 T4\"]' WHERE id = {deal}"
    ))
    .await;
    match store.load_table(table).await {
        Err(StorageError::Corrupt {
            table: t,
            deal: Some(d),
            detail,
        }) => {
            assert_eq!((t, d), (table, deal));
            assert!(detail.contains("hands"), "{detail}");
        }
        other => panic!("expected corrupt hands, got {other:?}"),
    }
    // Hands that parse but hold a card twice.
    let mut hands = Record::from_game(&game).hands;
    hands[1] = hands[0].clone();
    let json = serde_json::to_string(&hands).unwrap();
    db.exec(&format!(
        "UPDATE deals SET hands = '{json}' WHERE id = {deal}"
    ))
    .await;
    assert!(matches!(
        store.load_table(table).await,
        Err(StorageError::Corrupt { .. })
    ));
}

/// Messages to one destination are claimed in order, and a later one waits
/// while an earlier one backs off after a failure; others are unaffected.
async fn outbox_claims_in_order_per_destination(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-ob", 10, [false; 4]).await;
    let mut tx = store.begin().await.unwrap();
    for (dest, text) in [
        ("a", "a1"),
        ("b", "b1"),
        ("a", "a2"),
        ("a", "a3"),
        ("b", "b2"),
    ] {
        tx.enqueue(Some(table), &message(dest, text), NOW)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    // Nothing is due before it was written.
    assert!(
        store
            .claim_outbox(NOW - 1, 1000, 10)
            .await
            .unwrap()
            .is_empty()
    );

    let claimed = store.claim_outbox(NOW, 30_000, 10).await.unwrap();
    let texts: Vec<String> = claimed.iter().map(|m| m.payload.clone()).collect();
    let expect: Vec<String> = ["a1", "b1", "a2", "a3", "b2"]
        .iter()
        .map(|t| serde_json::json!({ "text": t }).to_string())
        .collect();
    assert_eq!(texts, expect);
    assert!(
        claimed
            .iter()
            .all(|m| m.attempts == 1 && m.table == Some(table))
    );
    // Leased: not claimable again until the lease ends.
    assert!(
        store
            .claim_outbox(NOW + 1, 30_000, 10)
            .await
            .unwrap()
            .is_empty()
    );

    // a1 fails and backs off; the deliverer releases a2 and a3; b1 and b2 go.
    let by_text = |t: &str| {
        claimed
            .iter()
            .find(|m| m.payload.contains(&format!("\"{t}\"")))
            .unwrap()
            .id
    };
    store
        .mark_failed(by_text("a1"), "HTTP 500", Some(NOW + 60_000))
        .await
        .unwrap();
    store.release(by_text("a2"), NOW + 2).await.unwrap();
    store.release(by_text("a3"), NOW + 2).await.unwrap();
    store.mark_sent(by_text("b1"), NOW + 2).await.unwrap();
    store.mark_sent(by_text("b2"), NOW + 2).await.unwrap();
    // a2 and a3 wait behind a1.
    assert!(
        store
            .claim_outbox(NOW + 3, 30_000, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // When a1 is due again, a1, a2, a3 come in order; a2 was released
    // without counting an attempt.
    let again = store.claim_outbox(NOW + 60_000, 30_000, 10).await.unwrap();
    let attempts: Vec<(String, u32)> = again
        .iter()
        .map(|m| (m.payload.clone(), m.attempts))
        .collect();
    assert_eq!(
        attempts,
        vec![
            (expect[0].clone(), 2),
            (expect[2].clone(), 1),
            (expect[3].clone(), 1)
        ]
    );
    // The limit cuts the batch.
    for m in &again {
        store.release(m.id, NOW + 60_001).await.unwrap();
    }
    assert_eq!(
        store
            .claim_outbox(NOW + 60_001, 30_000, 2)
            .await
            .unwrap()
            .len(),
        2
    );
    // A permanent failure gives up on the message; the rest of the lane proceeds.
    store
        .mark_failed(again[0].id, "chat deleted", None)
        .await
        .unwrap();
    let counts = store.outbox_counts().await.unwrap();
    assert_eq!((counts.pending, counts.sent, counts.failed), (2, 2, 1));
}

/// Two deliverers claiming at once never get the same message, and between
/// them get every message once.
async fn concurrent_claimers_never_share_a_message(db: TestDb) {
    let store = db.store.clone();
    let mut tx = store.begin().await.unwrap();
    // Half one by one, half in batches (of more than one statement's fifty).
    let batch: Vec<NewMessage> = (100..200)
        .map(|i| message(&format!("dest-{}", i % 50), &format!("m{i}")))
        .collect();
    tx.enqueue_many(None, &batch, NOW).await.unwrap();
    for i in 0..100 {
        tx.enqueue(
            None,
            &message(&format!("dest-{}", i % 50), &format!("m{i}")),
            NOW,
        )
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut got = Vec::new();
                loop {
                    let batch = store.claim_outbox(NOW, 600_000, 7).await.unwrap();
                    if batch.is_empty() {
                        break;
                    }
                    for m in batch {
                        store.mark_sent(m.id, NOW).await.unwrap();
                        got.push(m.id);
                    }
                }
                got
            })
        })
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    let count = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), count, "a message was claimed twice");
    assert_eq!(count, 200);
    assert_eq!(store.outbox_counts().await.unwrap().sent, 200);
}

/// Deadlines: listed when due or when an unsent reminder is due, earliest
/// first, only for playing tables; reminders are marked once; settling
/// clears the deadline.
async fn deadlines_due_and_reminders(db: TestDb) {
    let store = &db.store;
    let game = finished_game(19, &Preset::Standard.rules(), Seat::S0);
    let record = Record::from_game(&game);
    let mut tables = Vec::new();
    for i in 0..4 {
        let (table, _) = seated_table(store, &format!("chat-d{i}"), 10, [false; 4]).await;
        let deal = store_record(store, table, 1, &record).await;
        let mut tx = store.begin().await.unwrap();
        tx.set_table_status(table, TableStatus::Playing, NOW)
            .await
            .unwrap();
        tx.set_deadline(&Deadline {
            table,
            deal,
            seq: 40,
            seat: Seat::S1.into(),
            remind_ms: Some(NOW + 1000 * (i + 1)),
            due_ms: NOW + 2000 * (i + 1),
            reminded: false,
        })
        .await
        .unwrap();
        tx.commit().await.unwrap();
        tables.push((table, deal));
    }
    assert_eq!(store.next_deadline_ms().await.unwrap(), Some(NOW + 1000));
    assert!(store.due_deadlines(NOW + 999, 10).await.unwrap().is_empty());
    // At +2 s: table 0 is due, table 1's reminder is due.
    let due = store.due_deadlines(NOW + 2000, 10).await.unwrap();
    let ids: Vec<_> = due.iter().map(|d| d.table).collect();
    assert_eq!(ids, vec![tables[0].0, tables[1].0]);
    assert!(store.mark_reminded(&due[1]).await.unwrap());
    let due = store.due_deadlines(NOW + 2000, 10).await.unwrap();
    assert_eq!(due.len(), 1);
    // A reminder for a step that has moved on changes nothing.
    let stale = Deadline {
        seq: 39,
        ..due[0].clone()
    };
    assert!(!store.mark_reminded(&stale).await.unwrap());

    // A paused table's deadline does not run.
    let mut tx = store.begin().await.unwrap();
    tx.set_table_status(tables[2].0, TableStatus::Paused, NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let due: Vec<_> = store
        .due_deadlines(NOW + 100_000, 10)
        .await
        .unwrap()
        .iter()
        .map(|d| d.table)
        .collect();
    assert_eq!(due, vec![tables[0].0, tables[1].0, tables[3].0]);
    assert_eq!(
        store.due_deadlines(NOW + 100_000, 2).await.unwrap().len(),
        2
    );

    // Settling table 0's deal removes its deadline.
    store
        .settle_deal(&SettleDeal {
            table: tables[0].0,
            deal: tables[0].1,
            settlement: settlement_of(&game),
            messages: vec![],
        })
        .await
        .unwrap();
    assert_eq!(store.deadline(tables[0].0).await.unwrap(), None);
    assert_eq!(store.next_deadline_ms().await.unwrap(), Some(NOW + 4000));
}

/// Players are unique per platform user and refreshed on upsert; tables of a
/// chat are listed until closed; a player cannot sit twice at one table.
async fn players_and_tables(db: TestDb) {
    let store = &db.store;
    let id = store.upsert_player(&new_player("anna"), NOW).await.unwrap();
    let mut renamed = new_player("anna");
    renamed.display_name = "Anna K.".into();
    renamed.language = "en".into();
    assert_eq!(store.upsert_player(&renamed, NOW + 1).await.unwrap(), id);
    let anna = store.player(id).await.unwrap().unwrap();
    assert_eq!(
        (anna.display_name.as_str(), anna.language.as_str()),
        ("Anna K.", "en")
    );
    assert_eq!(
        store
            .player_on(Platform::Telegram, "user-anna")
            .await
            .unwrap(),
        Some(anna)
    );
    assert_eq!(
        store
            .player_on(Platform::Discord, "user-anna")
            .await
            .unwrap(),
        None
    );

    let mut tx = store.begin().await.unwrap();
    let rules = r#"{"preset":"standard","max_kontra":{"valat":{"solo":1}}}"#;
    let t1 = tx
        .create_table(&new_table("group-1", rules, 20, Some(id)), NOW)
        .await
        .unwrap();
    let t2 = tx
        .create_table(&new_table("group-1", "\"wikipedia\"", 0, None), NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let table = store.table(t1).await.unwrap().unwrap();
    assert_eq!(table.rules, rules, "rules are stored exactly as written");
    assert_eq!(table.status, TableStatus::Lobby);
    assert_eq!(table.creator, Some(id));

    let mut tx = store.begin().await.unwrap();
    assert!(matches!(
        tx.create_table(&new_table("group-1", "{not json", 20, None), NOW)
            .await,
        Err(StorageError::Invalid(_))
    ));
    drop(tx);

    let mut tx = store.begin().await.unwrap();
    tx.lock_table(t1).await.unwrap();
    tx.set_seat(t1, Seat::S0.into(), &Occupant::Player(id), NOW)
        .await
        .unwrap();
    tx.set_seat(
        t1,
        Seat::S1.into(),
        &Occupant::Computer("strong".into()),
        NOW,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let mut tx = store.begin().await.unwrap();
    assert!(
        tx.set_seat(t1, Seat::S2.into(), &Occupant::Player(id), NOW)
            .await
            .is_err()
    );
    drop(tx);
    let mut tx = store.begin().await.unwrap();
    // Handing seat 1 from the computer to Anna's friend.
    let bert = tx.upsert_player(&new_player("bert"), NOW).await.unwrap();
    tx.set_seat(t1, Seat::S1.into(), &Occupant::Player(bert), NOW + 5)
        .await
        .unwrap();
    assert!(tx.clear_seat(t1, Seat::S0.into()).await.unwrap());
    assert!(!tx.clear_seat(t1, Seat::S3.into()).await.unwrap());
    tx.set_table_status(t2, TableStatus::Closed, NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let seats = store.seats(t1).await.unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(
        seats[0].player.as_ref().map(|p| p.display_name.as_str()),
        Some("bert")
    );
    assert_eq!(
        (seats[0].seat, &seats[0].occupant, seats[0].since_ms),
        (Seat::S1.into(), &Occupant::Player(bert), NOW + 5)
    );
    let open: Vec<_> = store
        .open_tables_in(Platform::Telegram, "group-1")
        .await
        .unwrap()
        .iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(open, vec![t1]);
    assert_eq!(
        store
            .table_ids_with_status(TableStatus::Closed)
            .await
            .unwrap(),
        vec![t2]
    );
    // Bert sits at table 1 only; table 2 (closed) lists nobody.
    assert_eq!(
        store
            .open_tables_of_player(Platform::Telegram, "user-bert")
            .await
            .unwrap(),
        vec![t1]
    );
    assert!(
        store
            .open_tables_of_player(Platform::Telegram, "user-anna")
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        store
            .open_tables_of_player(Platform::Discord, "user-bert")
            .await
            .unwrap()
            .is_empty()
    );
    let mut tx = store.begin().await.unwrap();
    assert!(matches!(
        tx.lock_table(tarock_storage::TableId(999_999)).await,
        Err(StorageError::NotFound(_))
    ));
    assert!(
        tx.lock_and_load_table(tarock_storage::TableId(999_999))
            .await
            .unwrap()
            .is_none()
    );
    let both = tx.lock_and_load_table(t1).await.unwrap().unwrap();
    assert_eq!(
        (both.table.id, both.seats.len(), both.deal.is_none()),
        (t1, 1, true)
    );
}

/// A deal in record form is checked by its game before anything is
/// written: an unknown game, rules that are not JSON or that the game does
/// not read, piles that are no deal of it (three hands, a card twice), a
/// carry that is none of its, deal number or factor 0 are each refused; the
/// deal as it should be is then stored, with its game and piles.
async fn a_deal_in_record_form_is_checked_by_its_game(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-nd", 10, [false; 4]).await;
    let record = Record::from_game(&finished_game(21, &Preset::Standard.rules(), Seat::S2));
    let good = new_deal(table, 1, &record, NOW);
    let mut twice = record.hands.clone();
    twice[1] = twice[0].clone();
    let cases = [
        (
            "an unknown game",
            NewDeal {
                game: "schnapsen".into(),
                ..good.clone()
            },
        ),
        (
            "rules that are not JSON",
            NewDeal {
                rules: "standard".into(),
                ..good.clone()
            },
        ),
        (
            "rules of no preset",
            NewDeal {
                rules: "\"nonsense\"".into(),
                ..good.clone()
            },
        ),
        (
            "three hands",
            NewDeal {
                hands: record.hands[..3].to_vec(),
                ..good.clone()
            },
        ),
        (
            "a card twice",
            NewDeal {
                hands: twice,
                ..good.clone()
            },
        ),
        (
            "deal number 0",
            NewDeal {
                number: 0,
                ..good.clone()
            },
        ),
        (
            "factor 0",
            NewDeal {
                factor: 0,
                ..good.clone()
            },
        ),
    ];
    let mut tx = store.begin().await.unwrap();
    for (what, deal) in &cases {
        match tx.start_deal(deal).await {
            Err(StorageError::Invalid(_)) => {}
            other => panic!("{what}: expected invalid, got {other:?}"),
        }
    }
    match tx
        .start_carried_deal(&good, &[7; 32], "no double round")
        .await
    {
        Err(StorageError::Invalid(_)) => {}
        other => panic!("a carry of no game: expected invalid, got {other:?}"),
    }
    let deal = tx
        .start_carried_deal(&good, &[7; 32], r#"{"remaining":2}"#)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let rows = store.deals_of(table).await.unwrap();
    assert_eq!(rows.iter().map(|d| d.id).collect::<Vec<_>>(), vec![deal]);
    assert_eq!(rows[0].game, "zwanzigerrufen");
    assert_eq!(rows[0].hands, record.hands);
    assert_eq!(rows[0].carry.as_deref(), Some(r#"{"remaining":2}"#));
    assert_eq!(store.shuffle_seed(deal).await.unwrap(), Some([7; 32]));
}

/// A deal stored in record form exports byte for byte as older versions
/// wrote it from its row and log (its rules as the table had them typed,
/// its hands, each action after its seat), also when the rules are not in
/// their shortest form: a finished deal, one cut in the bidding, and a
/// thrown-in one.
async fn a_deal_in_record_form_exports_as_it_was_stored(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-ex", 10, [false; 4]).await;
    let wikipedia = Preset::Wikipedia.rules();
    let finished = Record::from_game(&finished_game(23, &wikipedia, Seat::S1));
    let mut cut = Record::from_game(&finished_game(24, &wikipedia, Seat::S3));
    cut.actions.truncate(2);
    let mut rng = StdRng::seed_from_u64(25);
    let thrown_deal = std::iter::repeat_with(|| Deal::shuffled(&mut rng))
        .find(|d| d.redeal_seat(&wikipedia).is_some())
        .unwrap();
    let thrown = Record {
        format: FORMAT.to_owned(),
        rules: "wikipedia".into(),
        forehand: 2,
        hands: Seat::ALL.map(|s| thrown_deal.hand(s).to_string()).to_vec(),
        actions: Vec::new(),
    };
    let flag = wikipedia.maerchenstich;
    let typed = [
        r#"{"preset": "wikipedia"}"#.to_owned(),
        format!(r#"{{ "maerchenstich": {flag}, "preset": "wikipedia" }}"#),
        r#""wikipedia""#.to_owned(),
    ];
    let mut number = 0;
    for rules in &typed {
        for record in [&finished, &cut, &thrown] {
            number += 1;
            let events = events_of(record, NOW);
            let mut tx = store.begin().await.unwrap();
            let deal = tx
                .start_deal(&NewDeal {
                    rules: rules.clone(),
                    ..new_deal(table, number, record, NOW)
                })
                .await
                .unwrap();
            for event in &events {
                tx.append_event(deal, event).await.unwrap();
            }
            tx.finish_deal(deal, DealStatus::Abandoned, NOW)
                .await
                .unwrap();
            tx.commit().await.unwrap();
            // The record older versions wrote from the deal's row and log.
            let old = Record {
                format: FORMAT.to_owned(),
                rules: serde_json::from_str(rules).unwrap(),
                forehand: record.forehand,
                hands: record.hands.clone(),
                actions: events
                    .iter()
                    .map(|e| format!("{} {}", e.seat, e.action))
                    .collect(),
            };
            assert_eq!(
                store.record_text(deal).await.unwrap(),
                old.to_json(),
                "rules {rules}, deal {number}"
            );
        }
    }
}

/// A deal stored with its shuffle seed gives the same 32 bytes back, after
/// a reopen too; a deal stored without one has none; and the seed is in
/// nothing else the store reads (deal rows, loaded tables, records), so no
/// view or export built from them can carry it.
async fn a_deal_keeps_its_shuffle_seed_apart_from_what_is_shown(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-seed", 10, [false; 4]).await;
    let seed: [u8; 32] = std::array::from_fn(|i| 0xF0 ^ i as u8);
    let hex: String = seed.iter().map(|b| format!("{b:02x}")).collect();
    let first = Record::from_game(&finished_game(3, &Preset::Standard.rules(), Seat::S0));
    let mut tx = store.begin().await.unwrap();
    let seeded = tx
        .start_seeded_deal(&new_deal(table, 1, &first, NOW), &seed)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(store.shuffle_seed(seeded).await.unwrap(), Some(seed));

    let shown = [
        format!("{:?}", store.load_table(table).await.unwrap()),
        format!("{:?}", store.deals_of(table).await.unwrap()),
        store.record_text(seeded).await.unwrap(),
    ];
    for text in &shown {
        assert!(!text.contains(&hex), "the seed leaked: {text}");
        assert!(
            !text.contains(&hex[..16]),
            "part of the seed leaked: {text}"
        );
    }

    let mut tx = store.begin().await.unwrap();
    tx.finish_deal(seeded, DealStatus::Abandoned, NOW)
        .await
        .unwrap();
    let plain = tx
        .start_deal(&new_deal(table, 2, &first, NOW))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(store.shuffle_seed(plain).await.unwrap(), None);
    assert!(matches!(
        store
            .shuffle_seed(tarock_storage::DealId(plain.0 + 100))
            .await,
        Err(StorageError::NotFound(_))
    ));

    store.close().await;
    drop(db.store);
    let store = Store::open(&db.url).await.unwrap();
    assert_eq!(store.shuffle_seed(seeded).await.unwrap(), Some(seed));
    assert_eq!(store.shuffle_seed(plain).await.unwrap(), None);
}

/// A deal dealt with a commitment keeps it, public in every read of the
/// deal from the start, written once; its salt stays out of all of them.
/// The proof export reveals seed and salt only once the deal has ended,
/// the dealing transaction reads them at any time (for the settlement),
/// and all of it survives a reopen.
async fn a_deal_keeps_its_commitment_and_reveals_seed_and_salt_only_once_ended(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-fair", 10, [false; 4]).await;
    let seed: [u8; 32] = std::array::from_fn(|i| 0x10 + i as u8);
    let salt: [u8; 32] = std::array::from_fn(|i| 0xC0 ^ (3 * i as u8));
    let commitment: [u8; 32] = std::array::from_fn(|i| 0x5A ^ (7 * i as u8));
    let salt_hex: String = salt.iter().map(|b| format!("{b:02x}")).collect();
    let record = Record::from_game(&finished_game(5, &Preset::Standard.rules(), Seat::S0));
    let secrets = DealSecrets { seed, salt };

    let mut tx = store.begin().await.unwrap();
    let deal = tx
        .start_seeded_deal(&new_deal(table, 1, &record, NOW), &seed)
        .await
        .unwrap();
    tx.commit_fair_deal(deal, &commitment, &salt).await.unwrap();
    assert_eq!(tx.deal_secrets(deal).await.unwrap(), Some(secrets.clone()));
    // Written once: a second commitment is refused and changes nothing.
    assert!(matches!(
        tx.commit_fair_deal(deal, &[0; 32], &[0; 32]).await,
        Err(StorageError::Invalid(_))
    ));
    assert!(matches!(
        tx.commit_fair_deal(tarock_storage::DealId(deal.0 + 100), &commitment, &salt)
            .await,
        Err(StorageError::Invalid(_))
    ));
    tx.commit().await.unwrap();

    let loaded = store.load_table(table).await.unwrap().unwrap();
    assert_eq!(
        loaded.deal.as_ref().unwrap().deal.commitment,
        Some(commitment)
    );
    assert_eq!(
        store.deals_of(table).await.unwrap()[0].commitment,
        Some(commitment)
    );
    let proof = store.deal_proof(deal).await.unwrap();
    assert_eq!(proof.deal.commitment, Some(commitment));
    assert_eq!(
        proof.revealed, None,
        "nothing is revealed while the deal is played"
    );
    for text in [
        format!("{loaded:?}"),
        format!("{proof:?}"),
        format!("{secrets:?}"),
        store.record_text(deal).await.unwrap(),
    ] {
        assert!(!text.contains(&salt_hex[..16]), "the salt leaked: {text}");
    }

    let mut tx = store.begin().await.unwrap();
    tx.finish_deal(deal, DealStatus::Finished, NOW)
        .await
        .unwrap();
    let plain = tx
        .start_deal(&new_deal(table, 2, &record, NOW))
        .await
        .unwrap();
    tx.finish_deal(plain, DealStatus::Abandoned, NOW)
        .await
        .unwrap();
    assert_eq!(tx.deal_secrets(plain).await.unwrap(), None);
    tx.commit().await.unwrap();
    assert_eq!(
        store.deal_proof(deal).await.unwrap().revealed,
        Some(secrets.clone())
    );
    let plain_proof = store.deal_proof(plain).await.unwrap();
    assert_eq!(
        (plain_proof.deal.commitment, plain_proof.revealed),
        (None, None)
    );
    assert!(matches!(
        store
            .deal_proof(tarock_storage::DealId(plain.0 + 100))
            .await,
        Err(StorageError::NotFound(_))
    ));

    store.close().await;
    drop(db.store);
    let store = Store::open(&db.url).await.unwrap();
    let proof = store.deal_proof(deal).await.unwrap();
    assert_eq!(proof.deal.commitment, Some(commitment));
    assert_eq!(proof.revealed, Some(secrets));
}

/// Settles deal `number` of `table` (a finished record, any changes) and,
/// when `sides` is given, marks its contract and declaring seats.
async fn settle_with(
    store: &Store,
    table: tarock_storage::TableId,
    number: u32,
    changes: [i64; 4],
    sides: Option<(&str, u32)>,
) {
    let record = Record::from_game(&finished_game(
        u64::from(number),
        &Preset::Standard.rules(),
        Seat::S0,
    ));
    let deal = store_record(store, table, number, &record).await;
    let mut tx = store.begin().await.unwrap();
    tx.settle(
        deal,
        &NewSettlement {
            changes: changes.to_vec(),
            breakdown: "{}".into(),
            settled_ms: NOW,
            sitting_out: None,
        },
    )
    .await
    .unwrap();
    if let Some((contract, declarers)) = sides {
        tx.record_sides(deal, contract, declarers).await.unwrap();
    }
    tx.commit().await.unwrap();
}

/// Four deals in chat A (people a0, a1, a2 and a computer; 10 cents a
/// unit) and one in chat B (a0 with others; 50 cents a unit), counted by
/// hand:
///
/// | deal | contract, declaring seats | a0 | a1 | a2 | computer |
/// |---|---|---|---|---|---|
/// | A1 | rufer, 0 and 1 | +2 | +2 | −2 | −2 |
/// | A2 | solo, 2 | −3 | −3 | +9 | −3 |
/// | A3 | rufer, 0 and 2 | −1 | +1 | −1 | +1 |
/// | A4 | not recorded | 0 | 0 | 0 | 0 |
/// | B1 | rufer, 0 and 1 | +4 | … | | |
async fn statistics_per_player_chat_contract_and_leaderboard(db: TestDb) {
    let store = &db.store;
    let (a, seated) = seated_table(store, "chat-a", 10, [false, false, false, true]).await;
    let person = |i: usize| match &seated[i] {
        Occupant::Player(id) => *id,
        Occupant::Computer(_) => unreachable!(),
    };
    let (a0, a1, a2) = (person(0), person(1), person(2));
    settle_with(store, a, 1, [2, 2, -2, -2], Some(("rufer", 0b0011))).await;
    settle_with(store, a, 2, [-3, -3, 9, -3], Some(("solo", 0b0100))).await;
    settle_with(store, a, 3, [-1, 1, -1, 1], Some(("rufer", 0b0101))).await;
    settle_with(store, a, 4, [0, 0, 0, 0], None).await;
    // a0 also plays in chat B, at another stake.
    let mut tx = store.begin().await.unwrap();
    let b = tx
        .create_table(&new_table("chat-b", "\"standard\"", 50, Some(a0)), NOW)
        .await
        .unwrap();
    tx.set_seat(b, Seat::S0.into(), &Occupant::Player(a0), NOW)
        .await
        .unwrap();
    for seat in [Seat::S1, Seat::S2, Seat::S3] {
        let p = tx
            .upsert_player(&new_player(&format!("b{seat}")), NOW)
            .await
            .unwrap();
        tx.set_seat(b, seat.into(), &Occupant::Player(p), NOW)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    settle_with(store, b, 1, [4, 4, -4, -4], Some(("rufer", 0b0011))).await;

    let side = |deals, won| SideStats { deals, won };
    let a0_in_a = PlayerStats {
        player: a0,
        deals: 4,
        won: 1,
        lost: 2,
        declarer: side(2, 1),
        opponent: side(1, 0),
        units: -2,
        cents: -20,
    };
    let a1_in_a = PlayerStats {
        player: a1,
        deals: 4,
        won: 2,
        lost: 1,
        declarer: side(1, 1),
        opponent: side(2, 1),
        units: 0,
        cents: 0,
    };
    let a2_in_a = PlayerStats {
        player: a2,
        deals: 4,
        won: 1,
        lost: 2,
        declarer: side(2, 1),
        opponent: side(1, 0),
        units: 6,
        cents: 60,
    };
    let telegram = Platform::Telegram;
    assert_eq!(
        store
            .player_stats(a0, Some((telegram, "chat-a")))
            .await
            .unwrap(),
        a0_in_a
    );
    assert_eq!(
        store.player_stats(a0, None).await.unwrap(),
        PlayerStats {
            deals: 5,
            won: 2,
            declarer: side(3, 2),
            units: 2,
            cents: -20 + 200,
            ..a0_in_a.clone()
        }
    );
    // Best balance first; computers are no people; the limit holds.
    let line = |s: &PlayerStats| LeaderboardLine {
        player: s.player,
        deals: s.deals,
        won: s.won,
        lost: s.lost,
        units: s.units,
        cents: s.cents,
    };
    assert_eq!(
        store
            .chat_leaderboard(telegram, "chat-a", 10)
            .await
            .unwrap(),
        vec![line(&a2_in_a), line(&a1_in_a), line(&a0_in_a)]
    );
    assert_eq!(
        store.chat_leaderboard(telegram, "chat-a", 2).await.unwrap(),
        vec![line(&a2_in_a), line(&a1_in_a)]
    );
    let b_board = store
        .chat_leaderboard(telegram, "chat-b", 10)
        .await
        .unwrap();
    assert_eq!(b_board.len(), 4);
    assert_eq!((b_board[0].player, b_board[0].cents), (a0, 200));
    // Another platform's chat of the same id is another chat.
    assert!(
        store
            .chat_leaderboard(Platform::Discord, "chat-a", 10)
            .await
            .unwrap()
            .is_empty()
    );
    let contract = |c: Option<&str>, d: Option<bool>, deals, won, units| ContractStats {
        contract: c.map(str::to_owned),
        declarer: d,
        deals,
        won,
        units,
    };
    assert_eq!(
        store
            .player_contracts(a0, telegram, "chat-a")
            .await
            .unwrap(),
        vec![
            contract(Some("rufer"), Some(true), 2, 1, 1),
            contract(None, None, 1, 0, 0),
            contract(Some("solo"), Some(false), 1, 0, -3),
        ]
    );
    // Somebody who never played: all zero.
    let mut tx = store.begin().await.unwrap();
    let nobody = tx.upsert_player(&new_player("nobody"), NOW).await.unwrap();
    // Sides of a deal that has no settlement cannot be marked.
    let unsettled = tx
        .start_deal(&new_deal(
            a,
            5,
            &Record::from_game(&finished_game(9, &Preset::Standard.rules(), Seat::S0)),
            NOW,
        ))
        .await
        .unwrap();
    assert!(matches!(
        tx.record_sides(unsettled, "rufer", 1).await,
        Err(StorageError::NotFound(_))
    ));
    tx.commit().await.unwrap();
    let zero = store.player_stats(nobody, None).await.unwrap();
    assert_eq!((zero.deals, zero.won, zero.units, zero.cents), (0, 0, 0, 0));
}

async fn delivery_state_is_kept_across_a_reopen_and_first_put_wins(db: TestDb) {
    let store = &db.store;
    let (table, _) = seated_table(store, "chat-d", 10, [false; 4]).await;
    let scope = tarock_storage::table_scope(table);
    assert_eq!(
        store.delivery_get(&scope, "private:101").await.unwrap(),
        None
    );
    store
        .delivery_put(&scope, "private:101", "m1", NOW)
        .await
        .unwrap();
    store
        .delivery_put(&scope, "private:101", "m2", NOW + 1)
        .await
        .unwrap();
    store
        .delivery_put(&scope, "private:102", "m7", NOW)
        .await
        .unwrap();
    store
        .delivery_put(&scope, "ping:101", "m9", NOW)
        .await
        .unwrap();
    // Another table's state is apart.
    store
        .delivery_put("table:999", "private:101", "x", NOW)
        .await
        .unwrap();
    // The first of two "tell once" writes wins; the second learns so.
    assert!(
        store
            .delivery_put_new("discord:told", "101:1", "1", NOW)
            .await
            .unwrap()
    );
    assert!(
        !store
            .delivery_put_new("discord:told", "101:1", "2", NOW)
            .await
            .unwrap()
    );

    // A new process on the same database sees all of it.
    let reopened = Store::open(&db.url).await.unwrap();
    assert_eq!(
        reopened
            .delivery_get(&scope, "private:101")
            .await
            .unwrap()
            .as_deref(),
        Some("m2")
    );
    assert_eq!(
        reopened
            .delivery_get("discord:told", "101:1")
            .await
            .unwrap()
            .as_deref(),
        Some("1")
    );
    assert_eq!(
        reopened.delivery_list(&scope).await.unwrap(),
        vec![
            ("ping:101".to_owned(), "m9".to_owned()),
            ("private:101".to_owned(), "m2".to_owned()),
            ("private:102".to_owned(), "m7".to_owned()),
        ]
    );
    assert_eq!(
        reopened
            .delivery_delete_prefix(&scope, "private:")
            .await
            .unwrap(),
        2
    );
    assert!(reopened.delivery_delete(&scope, "ping:101").await.unwrap());
    assert!(!reopened.delivery_delete(&scope, "ping:101").await.unwrap());
    assert!(reopened.delivery_list(&scope).await.unwrap().is_empty());
    assert_eq!(
        reopened
            .delivery_get("table:999", "private:101")
            .await
            .unwrap()
            .as_deref(),
        Some("x")
    );
    // Empty names are refused by the schema.
    assert!(reopened.delivery_put("", "k", "v", NOW).await.is_err());
    reopened.close().await;
}

/// The operator's gauges: pending messages and the age of the oldest, the
/// deadlines that need attention now, the tables not closed; a delivered
/// message leaves the backlog and a closed table stops counting.
async fn gauges_count_the_backlog_due_deadlines_and_live_tables(db: TestDb) {
    let store = &db.store;
    store.ping().await.unwrap();
    assert_eq!(
        store.gauges(NOW).await.unwrap(),
        tarock_storage::Gauges::default()
    );
    let (table, _) = seated_table(store, "chat-g", 10, [false; 4]).await;
    let (other, _) = seated_table(store, "chat-h", 10, [false; 4]).await;
    let mut tx = store.begin().await.unwrap();
    tx.enqueue(Some(table), &message("a", "first"), NOW - 5_000)
        .await
        .unwrap();
    tx.enqueue(Some(table), &message("b", "second"), NOW - 1_000)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let game = finished_game(3, &Preset::Standard.rules(), Seat::S0);
    let mut partial = Record::from_game(&game);
    partial.actions.truncate(4);
    let deal = store_record(store, table, 1, &partial).await;
    let mut tx = store.begin().await.unwrap();
    // Due a second ago; the other table's deadline is for later and its
    // table is not playing anyway.
    tx.set_deadline(&Deadline {
        table,
        deal,
        seq: 4,
        seat: Seat::S0.into(),
        remind_ms: None,
        due_ms: NOW - 1_000,
        reminded: false,
    })
    .await
    .unwrap();
    tx.set_table_status(table, TableStatus::Playing, NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let g = store.gauges(NOW).await.unwrap();
    assert_eq!(g.outbox_pending, 2);
    assert_eq!(g.outbox_oldest_ms, 5_000);
    assert_eq!(g.deadlines_due, 1);
    assert_eq!(g.live_tables, 2);
    // A minute earlier the deadline was not due yet.
    assert_eq!(store.gauges(NOW - 60_000).await.unwrap().deadlines_due, 0);

    // The older message delivered: one left, a second old.
    let claimed = store.claim_outbox(NOW, 30_000, 1).await.unwrap();
    store.mark_sent(claimed[0].id, NOW).await.unwrap();
    let mut tx = store.begin().await.unwrap();
    tx.set_table_status(other, TableStatus::Closed, NOW)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let g = store.gauges(NOW).await.unwrap();
    assert_eq!((g.outbox_pending, g.outbox_oldest_ms), (1, 1_000));
    assert_eq!(g.live_tables, 1);
    assert!(store.pool_use().open >= 1);
}
