//! The outbox pump records outcomes in few commits but keeps the delivery
//! rule: a crash while sending costs at most one visible duplicate. The
//! crash here is the worst moment: the platform has shown a message and the
//! pump dies before it can record that (its future is dropped inside
//! `send`). A new service on the same file delivers the rest once the lease
//! ran out; compared with a run without the crash, exactly the message in
//! flight is shown twice and every other message once, in the same order.
//!
//! Tables that share no chat and no player are delivered side by side,
//! each in its own order.

mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::*;
use tarock_storage::TableId;
use tarock_table::picture::Picture;
use tarock_table::{
    CommandKind, EditFail, Keyboard, Lang, Messenger, Outgoing, Pump, SendFail, TableSettings,
    UserRef,
};
use tokio::sync::Notify;

/// A platform that shows every message it is given; with `crash_at`, it
/// shows that many messages and then never answers (the process dies while
/// the last one is on screen).
struct Platform {
    shown: Arc<Mutex<Vec<Outgoing>>>,
    crash_at: Option<usize>,
    crashed: Arc<Notify>,
}

impl Platform {
    fn new(crash_at: Option<usize>) -> Platform {
        Platform {
            shown: Arc::new(Mutex::new(Vec::new())),
            crash_at,
            crashed: Arc::new(Notify::new()),
        }
    }
}

impl Platform {
    /// Shows a message; the number shown so far (never returns at the crash).
    async fn show(&self, message: Outgoing) -> usize {
        let count = {
            let mut shown = self.shown.lock().unwrap();
            shown.push(message);
            shown.len()
        };
        if self.crash_at == Some(count) {
            self.crashed.notify_one();
            std::future::pending::<()>().await;
        }
        count
    }
}

/// A private view as shown (new or edited alike: both put it on screen).
fn private(
    table: TableId,
    to: &UserRef,
    text: &str,
    buttons: &Keyboard,
    picture: Option<&Picture>,
) -> Outgoing {
    Outgoing::Private {
        table,
        to: to.clone(),
        text: text.to_owned(),
        buttons: buttons.clone(),
        notify: false,
        picture: picture.cloned(),
    }
}

impl Messenger for Platform {
    async fn send(&self, message: &Outgoing) -> Result<(), SendFail> {
        self.show(message.clone()).await;
        Ok(())
    }

    async fn unreachable(&self, _message: &Outgoing) {}

    async fn post_private(
        &self,
        table: TableId,
        to: &UserRef,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<String, SendFail> {
        let count = self.show(private(table, to, text, buttons, picture)).await;
        Ok(format!("m{count}"))
    }

    async fn edit_private(
        &self,
        table: TableId,
        to: &UserRef,
        _id: &str,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<(), EditFail> {
        self.show(private(table, to, text, buttons, picture)).await;
        Ok(())
    }

    async fn retire_private(&self, _to: &UserRef, _id: &str) {}
}

/// Three people and a computer at a table; the computer is removed and
/// added again and the deal started without delivering, so one batch holds
/// several versions of the table message, private views and chat lines.
async fn queued() -> Harness {
    let mut h = Harness::new(77).await;
    let settings = TableSettings {
        lang: Lang::De,
        ..TableSettings::default()
    };
    let table = h
        .table_with(&["Anna", "Bert", "Cora"], "medium", settings)
        .await;
    let anna = || sender("Anna", Lang::De);
    let seat = tarock_zwanzigerrufen::Seat::new(3).unwrap();
    for kind in [
        CommandKind::RemoveComputer(Some(table), seat.into()),
        CommandKind::AddComputer(Some(table), "medium".into(), None),
        CommandKind::Start(Some(table)),
    ] {
        let replies = h.handle(anna(), None, kind).await;
        assert!(replies.is_empty(), "{replies:?}");
    }
    h
}

async fn deliver_all(h: &Harness, pump: &Pump, platform: &Platform) {
    while pump.deliver_batch(&h.service, platform).await.unwrap() > 0 {}
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_while_sending_shows_one_message_twice_at_most() {
    // The reference: no crash.
    let h = queued().await;
    let before = h.store().outbox_counts().await.unwrap();
    let (pending, sent_before) = (before.pending as usize, before.sent as usize);
    let reference = Platform::new(None);
    deliver_all(&h, &Pump::new(Duration::ZERO), &reference).await;
    let reference = reference.shown.lock().unwrap().clone();
    assert!(reference.len() >= 4, "{reference:?}");
    // Older versions of the table message were recorded without being shown.
    assert!(
        reference.len() < pending,
        "{} of {pending}",
        reference.len()
    );
    let counts = h.store().outbox_counts().await.unwrap();
    assert_eq!((counts.pending, counts.failed), (0, 0));
    assert_eq!(counts.sent as usize, sent_before + pending);

    for crash_at in 1..=reference.len() {
        let h = queued().await;
        let platform = Platform::new(Some(crash_at));
        let pump = Pump::new(Duration::ZERO);
        tokio::select! {
            _ = deliver_all(&h, &pump, &platform) => panic!("the platform never crashed"),
            _ = platform.crashed.notified() => {}
        }
        let mut shown = platform.shown.lock().unwrap().clone();
        assert_eq!(shown.len(), crash_at);
        // The process is gone; a new one delivers what was not recorded
        // once the dead deliverer's lease ran out.
        let h = h.restart().await;
        h.clock.advance(LEASE_MS + 1);
        let after = Platform::new(None);
        deliver_all(&h, &Pump::new(Duration::ZERO), &after).await;
        shown.extend(after.shown.lock().unwrap().iter().cloned());

        // Exactly the message in flight again, everything else once.
        let mut expected = reference[..crash_at].to_vec();
        expected.extend(reference[crash_at - 1..].iter().cloned());
        assert_eq!(shown, expected, "crash at message {crash_at}");
        let counts = h.store().outbox_counts().await.unwrap();
        assert_eq!(
            (counts.pending, counts.failed),
            (0, 0),
            "crash at {crash_at}"
        );
        assert_eq!(
            counts.sent as usize,
            sent_before + pending,
            "crash at {crash_at}"
        );
    }
}

/// A platform whose every request takes `round_trip` (a real platform's),
/// recording when each came and what is on the way at once.
#[derive(Default)]
struct SlowPlatform {
    round_trip: Duration,
    /// When each request came.
    at: Mutex<Vec<std::time::Instant>>,
    /// Messages in flight, by table.
    in_flight: Mutex<HashMap<TableId, usize>>,
    /// The most messages in flight at once, over all tables.
    most_at_once: Mutex<usize>,
    /// A table with two messages in flight at once, if ever.
    overlapped: Mutex<Option<TableId>>,
    shown: Mutex<Vec<Outgoing>>,
}

impl SlowPlatform {
    async fn show(&self, table: TableId, message: Outgoing) {
        self.at.lock().unwrap().push(std::time::Instant::now());
        {
            let mut in_flight = self.in_flight.lock().unwrap();
            let here = in_flight.entry(table).or_default();
            *here += 1;
            if *here > 1 {
                *self.overlapped.lock().unwrap() = Some(table);
            }
            let total: usize = in_flight.values().sum();
            let mut most = self.most_at_once.lock().unwrap();
            *most = (*most).max(total);
        }
        tokio::time::sleep(self.round_trip).await;
        *self.in_flight.lock().unwrap().get_mut(&table).unwrap() -= 1;
        self.shown.lock().unwrap().push(message);
    }
}

impl Messenger for SlowPlatform {
    async fn send(&self, message: &Outgoing) -> Result<(), SendFail> {
        self.show(message.table().unwrap(), message.clone()).await;
        Ok(())
    }

    async fn unreachable(&self, _message: &Outgoing) {}

    async fn post_private(
        &self,
        table: TableId,
        to: &UserRef,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<String, SendFail> {
        self.show(table, private(table, to, text, buttons, picture))
            .await;
        Ok(format!("{table}:{}", to.user_id))
    }

    async fn edit_private(
        &self,
        table: TableId,
        to: &UserRef,
        _id: &str,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<(), EditFail> {
        self.show(table, private(table, to, text, buttons, picture))
            .await;
        Ok(())
    }

    async fn retire_private(&self, _to: &UserRef, _id: &str) {}
}

/// Four tables in four chats, each with its own players, dealt without
/// delivering: the pump shows several tables' messages at once but never
/// two of one table (one after the other, so in the order written: the
/// table message before any hand).
/// Four tables in four chats, each with its own three people and a
/// computer, dealt without delivering.
async fn four_tables_dealt(seed: u64) -> (Harness, Vec<TableId>) {
    let mut h = Harness::new(seed).await;
    let mut tables = Vec::new();
    for t in 0..4 {
        let person = |name: &str| {
            let mut s = sender(&format!("{name}{t}"), Lang::De);
            s.chat.chat_id = format!("-10{t}");
            s
        };
        let create = CommandKind::Create(TableSettings {
            lang: Lang::De,
            ..TableSettings::default()
        });
        h.handle(person("Anna"), None, create).await;
        let table = h
            .store()
            .open_tables_in(tarock_storage::Platform::Telegram, &format!("-10{t}"))
            .await
            .unwrap()[0]
            .id;
        for name in ["Bert", "Cora"] {
            h.handle(person(name), None, CommandKind::Join(Some(table), None))
                .await;
        }
        h.handle(
            person("Anna"),
            None,
            CommandKind::AddComputer(Some(table), "medium".into(), None),
        )
        .await;
        h.handle(person("Anna"), None, CommandKind::Start(Some(table)))
            .await;
        tables.push(table);
    }
    (h, tables)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_are_delivered_side_by_side_each_in_its_own_order() {
    let (h, tables) = four_tables_dealt(78).await;
    let pending = h.store().outbox_counts().await.unwrap().pending;
    assert!(pending >= 4 * 6, "{pending} messages waiting");

    let platform = SlowPlatform {
        round_trip: Duration::from_millis(20),
        ..SlowPlatform::default()
    };
    let pump = Pump::new(Duration::ZERO);
    while pump.deliver_batch(&h.service, &platform).await.unwrap() > 0 {}
    assert_eq!(*platform.overlapped.lock().unwrap(), None);
    let most = *platform.most_at_once.lock().unwrap();
    assert!(most >= 2, "at most {most} message(s) in flight at once");
    let counts = h.store().outbox_counts().await.unwrap();
    assert_eq!((counts.pending, counts.failed), (0, 0));
    // Every table shows its deal: its table message and each person's hand.
    let shown = platform.shown.lock().unwrap().clone();
    for table in &tables {
        let of_table: Vec<&Outgoing> = shown.iter().filter(|m| m.table() == Some(*table)).collect();
        let hands = of_table
            .iter()
            .filter(|m| matches!(m, Outgoing::Private { .. }))
            .count();
        assert!(hands >= 3, "table {table}: {hands} private views");
        // The table message in the lobby comes before any hand.
        let first_private = of_table
            .iter()
            .position(|m| matches!(m, Outgoing::Private { .. }))
            .unwrap();
        assert!(
            of_table[..first_private]
                .iter()
                .any(|m| matches!(m, Outgoing::Table { .. })),
            "table {table}: a hand before the table message"
        );
    }
}

/// With a rate, the groups delivered at once still keep to it over all
/// chats: the k-th message goes no sooner than k − 1 intervals after the
/// pump began.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_holds_over_all_groups_delivered_at_once() {
    let (h, _) = four_tables_dealt(79).await;
    let platform = SlowPlatform::default();
    let pump = Pump::new(Duration::ZERO).with_rate(100);
    let interval = Duration::from_millis(10);
    let began = std::time::Instant::now();
    while pump.deliver_batch(&h.service, &platform).await.unwrap() > 0 {}
    let mut at = platform.at.lock().unwrap().clone();
    at.sort();
    assert!(at.len() >= 16, "{} messages", at.len());
    for (k, sent) in at.iter().enumerate() {
        let earliest = interval * u32::try_from(k).unwrap();
        assert!(
            *sent - began >= earliest,
            "message {k} went {:?} after the start, before {earliest:?}",
            *sent - began
        );
    }
}
