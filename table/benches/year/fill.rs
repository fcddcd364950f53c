//! A year of a busy bot's history (issue 31), written through the
//! program's own statements: a few real deals are played through the
//! [`TableService`] with computers at a template table, and every further
//! deal re-uses one of them (hands, rules, events, breakdown, contract and
//! sides, seed and commitment, outbox messages) with new ids, tables,
//! players and times, written through [`Tx`] as a table writes a deal:
//! the seeded deal and its commitment, its events, the settlement with
//! ledger rows and kept balances, the round state and the sides.
//!
//! Shared by the `year` benchmark (which fills, then times commands) and
//! the `year_fixture` test (which checks that it makes what it says).

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use sqlx::{AnyConnection, Connection};
use tarock_game_core::Seat;
use tarock_storage::{
    DealId, DealStatus, Delivered, Event, NewMessage, NewPlayer, NewRound, NewSettlement, NewTable,
    Occupant, Platform, PlayerId, StorageError, Store, TableId, TableStatus,
};
use tarock_table::{
    ChatRef, Command, CommandKind, Lang, ManualClock, Messenger, Outgoing, Pump, SendFail, Sender,
    TableService, TableSettings, UserRef,
};

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// What to write: how many days, deals, players, tables and chats.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Days of history.
    pub days: u32,
    /// Deals settled per day, over all tables.
    pub deals_per_day: u32,
    /// People (each plays in one chat's pool, the busiest also at its long table).
    pub players: u32,
    /// Tables, long ones included.
    pub tables: u32,
    /// Long-lived chat tables, each one person and three computers, playing
    /// every day of the history.
    pub long_tables: u32,
    /// Deals per day at each long table (42 over 365 days: 15 330 deals).
    pub long_deals_per_day: u32,
    /// Chats; the short tables are spread over them.
    pub chats: u32,
    /// Days a short table plays before it is closed.
    pub short_span_days: u32,
    /// Real deals played through the table service to copy from.
    pub templates: u32,
    /// The last days whose outbox messages are kept (sent), as retention
    /// leaves them (7 days).
    pub sent_days: u32,
    /// The last days whose processed update ids are kept (48 hours).
    pub update_days: u32,
    /// Keep every day's sent messages and update ids (a store never pruned).
    pub backlog: bool,
    /// Deals per transaction.
    pub batch: usize,
    /// Writers at a time (tables split between them).
    pub workers: usize,
    /// The first day's midnight (ms since the epoch).
    pub start_ms: i64,
}

impl Shape {
    /// The year: 1 000 deals a day for 365 days, 5 000 players,
    /// 2 000 tables of which 3 long-lived ones reach 15 330 deals.
    pub fn year() -> Shape {
        Shape {
            days: 365,
            deals_per_day: 1_000,
            players: 5_000,
            tables: 2_000,
            long_tables: 3,
            long_deals_per_day: 42,
            chats: 600,
            short_span_days: 14,
            templates: 12,
            sent_days: 7,
            update_days: 2,
            backlog: false,
            batch: 100,
            workers: 1,
            // 2025-11-28 00:00 UTC.
            start_ms: 1_764_288_000_000,
        }
    }

    /// Deals per day at the short tables.
    fn short_per_day(&self) -> u32 {
        self.deals_per_day - self.long_tables * self.long_deals_per_day
    }

    fn short_tables(&self) -> u32 {
        self.tables - self.long_tables
    }

    /// The first and last day (inclusive) short table `i` plays.
    pub fn span_of(&self, i: u32) -> (u32, u32) {
        let span = self.short_span_days.clamp(1, self.days);
        let room = self.days - span;
        let s = self.short_tables();
        let first = if s > 1 {
            (u64::from(i) * u64::from(room) / u64::from(s - 1)) as u32
        } else {
            0
        };
        (first, first + span - 1)
    }

    /// Whether the numbers fit together.
    pub fn check(&self) -> Result<(), String> {
        if self.long_tables * self.long_deals_per_day > self.deals_per_day {
            return Err("the long tables play more deals a day than there are".into());
        }
        if self.tables <= self.long_tables && self.short_per_day() > 0 {
            return Err("short deals but no short tables".into());
        }
        if self.chats == 0 || self.chats < self.long_tables || self.players < 4 * self.chats {
            return Err("every chat needs four players, every long table a chat".into());
        }
        if self.days == 0 || self.templates == 0 || self.batch == 0 || self.workers == 0 {
            return Err("days, templates, batch and workers must be positive".into());
        }
        Ok(())
    }

    /// The end of the history: midnight after the last day.
    pub fn end_ms(&self) -> i64 {
        self.start_ms + i64::from(self.days) * DAY_MS
    }
}

/// What was written, and where to look for the busiest history.
#[derive(Clone, Debug)]
pub struct Year {
    /// The table the templates were played at (not part of the counts).
    pub template: TableId,
    /// The long-lived tables, busiest first.
    pub long: Vec<TableId>,
    /// The short tables, in creation order.
    pub short: Vec<TableId>,
    /// The first short table (played at the start of the history only).
    pub old: TableId,
    /// The last day the old table played.
    pub old_last_day: u32,
    /// The busiest chat (the first long table's).
    pub busiest_chat: String,
    /// The busiest person: platform user id and row.
    pub busiest_user: String,
    /// The busiest person's row id.
    pub busiest_player: PlayerId,
    /// Deals written (all settled).
    pub deals: u64,
    /// Events written.
    pub events: u64,
    /// Ledger rows written.
    pub ledger: u64,
    /// Outbox messages written (and marked sent).
    pub messages: u64,
    /// Processed update ids written.
    pub updates: u64,
    /// Chats linked to a long table (every one but the busiest).
    pub links: u64,
}

/// One real deal to copy.
#[derive(Clone, Debug)]
struct Template {
    forehand: Seat,
    /// The dealt piles the commitment covers (the four hands).
    hands: Vec<String>,
    rules: String,
    /// What the round was dealt carrying (a double round), if anything.
    carry: Option<String>,
    events: Vec<Event>,
    changes: Vec<i64>,
    breakdown: String,
    contract: String,
    declarers: u32,
    seed: [u8; 32],
    commitment: [u8; 32],
    salt: [u8; 32],
    messages: Vec<NewMessage>,
}

/// A sender on Telegram.
pub fn sender(user: &str, chat: &str) -> Sender {
    Sender {
        user: UserRef {
            platform: Platform::Telegram,
            user_id: user.to_owned(),
            name: format!("Name {user}"),
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
pub struct Recorder {
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

/// The table service on a store, with a platform that delivers everything.
pub struct Session {
    /// The service.
    pub service: TableService,
    /// Its clock.
    pub clock: Arc<ManualClock>,
    pump: Pump,
    recorder: Recorder,
}

impl Session {
    /// A service on `store` whose clock stands at `now_ms`.
    pub fn new(store: Store, now_ms: i64) -> Session {
        let clock = Arc::new(ManualClock::new(now_ms));
        Session {
            service: TableService::with_fixed_seed(store, clock.clone(), 31),
            clock,
            pump: Pump::new(Duration::ZERO),
            recorder: Recorder::default(),
        }
    }

    /// Runs a command and delivers what it queued; how long the command took.
    pub async fn handle(&self, user: &str, chat: &str, kind: CommandKind) -> Duration {
        let begin = Instant::now();
        self.service
            .handle(Command {
                sender: sender(user, chat),
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

    /// Opens a table in `chat` for `user` with three easy computers.
    pub async fn table(&self, user: &str, chat: &str) -> TableId {
        self.handle(user, chat, CommandKind::Create(TableSettings::default()))
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
                user,
                chat,
                CommandKind::AddComputer(Some(id), "easy".into(), None),
            )
            .await;
        }
        id
    }

    /// Deals the next hand ("next deal") and plays it out by the person's
    /// first button; returns how long "next deal" and the settling command
    /// took.
    pub async fn deal(&self, user: &str, chat: &str, table: TableId) -> (Duration, Duration) {
        let before = self.recorder.settlements.load(Ordering::Relaxed);
        let next = self
            .handle(user, chat, CommandKind::Start(Some(table)))
            .await;
        loop {
            let payload = {
                let views = self.recorder.views.lock().unwrap();
                views
                    .get(user)
                    .and_then(|v| v.buttons().first()?.first().map(|b| b.payload.clone()))
            };
            let payload = payload.expect("the person has a choice until the deal ends");
            let took = self.handle(user, chat, CommandKind::Button(payload)).await;
            if self.recorder.settlements.load(Ordering::Relaxed) > before {
                return (next, took);
            }
        }
    }
}

fn bytes32(hex: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex");
    }
    out
}

/// Plays `shape.templates` deals at a template table and reads them back
/// as the store wrote them.
async fn templates(
    store: &Store,
    url: &str,
    shape: &Shape,
) -> Result<(TableId, Vec<Template>, String), StorageError> {
    let session = Session::new(store.clone(), shape.start_ms - DAY_MS);
    let table = session.table("template", "template").await;
    for _ in 0..shape.templates {
        session.deal("template", "template", table).await;
        session.clock.advance(60_000);
    }
    let mut tx = store.begin().await?;
    let round_state = tx
        .round_state(table)
        .await?
        .expect("a settled table keeps its round state");
    tx.rollback().await?;
    let mut conn = AnyConnection::connect(url).await?;
    let messages: Vec<(String, String)> =
        sqlx::query_as("SELECT destination, payload FROM outbox WHERE table_id = $1 ORDER BY id")
            .bind(table.0)
            .fetch_all(&mut conn)
            .await?;
    let finished: Vec<_> = store
        .deals_of(table)
        .await?
        .into_iter()
        .filter(|d| d.status == DealStatus::Finished)
        .collect();
    let per_deal = messages.len().div_ceil(finished.len().max(1)).max(1);
    let mut out = Vec::new();
    for (i, d) in finished.iter().enumerate() {
        let loaded = store.load_deal(d.id).await?.expect("a stored deal");
        let settled = store.settlement(d.id).await?.expect("a settled deal");
        let (contract,): (String,) =
            sqlx::query_as("SELECT contract FROM settlements WHERE deal_id = $1")
                .bind(d.id.0)
                .fetch_one(&mut conn)
                .await?;
        let sides: Vec<(i64, Option<i64>)> =
            sqlx::query_as("SELECT seat, declarer FROM ledger WHERE deal_id = $1")
                .bind(d.id.0)
                .fetch_all(&mut conn)
                .await?;
        let (salt,): (String,) = sqlx::query_as("SELECT fair_salt FROM deals WHERE id = $1")
            .bind(d.id.0)
            .fetch_one(&mut conn)
            .await?;
        let mut changes = vec![0; 4];
        for (seat, _, units) in &settled.seats {
            changes[seat.index()] = *units;
        }
        let declarers = sides
            .iter()
            .filter(|(_, side)| *side == Some(1))
            .fold(0u32, |m, (seat, _)| m | 1 << seat);
        assert_eq!(d.hands.len(), 4, "four hands");
        out.push(Template {
            forehand: d.forehand,
            hands: d.hands.clone(),
            rules: d.rules.clone(),
            carry: d.carry.clone(),
            events: loaded.events,
            changes,
            breakdown: settled.breakdown,
            contract,
            declarers,
            seed: store.shuffle_seed(d.id).await?.expect("a seeded deal"),
            commitment: d.commitment.expect("a committed deal"),
            salt: bytes32(&salt),
            messages: messages
                .iter()
                .skip(i * per_deal)
                .take(per_deal)
                .map(|(destination, payload)| NewMessage {
                    destination: destination.clone(),
                    payload: payload.clone(),
                })
                .collect(),
        });
    }
    conn.close().await?;
    Ok((table, out, round_state))
}

/// One deal to write.
#[derive(Clone, Debug)]
struct Job {
    table: TableId,
    number: u32,
    template: usize,
    started_ms: i64,
    length_ms: i64,
    /// Seats of persons (their events carry update ids when kept).
    persons: u8,
    messages: bool,
    updates: bool,
}

/// Fills the empty database at `url` (opened as `store`) with `shape`'s
/// history.
///
/// # Errors
/// The store's error.
pub async fn fill(store: &Store, url: &str, shape: &Shape) -> Result<Year, StorageError> {
    shape.check().map_err(StorageError::Invalid)?;
    let (template, templates, round_state) = templates(store, url, shape).await?;
    let source = store.table(template).await?.expect("the template table");
    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
    let t0 = shape.start_ms;

    // People, the busiest first.
    let mut players = Vec::with_capacity(shape.players as usize);
    let mut tx = store.begin().await?;
    for p in 0..shape.players {
        let id = tx
            .upsert_player(
                &NewPlayer {
                    platform: Platform::Telegram,
                    platform_user_id: format!("user-{p}"),
                    display_name: format!("Name user-{p}"),
                    language: if p % 5 == 0 { "en" } else { "de" }.into(),
                },
                t0,
            )
            .await?;
        players.push(id);
        if p % 1000 == 999 {
            tx.commit().await?;
            tx = store.begin().await?;
        }
    }
    tx.commit().await?;
    let pool = |chat: u32| -> Vec<u32> {
        (chat..shape.players)
            .step_by(shape.chats as usize)
            .collect()
    };

    // Tables: the long ones (one person, three computers), then the short
    // ones, four people of their chat's pool each.
    let new_table = |chat: u32, creator: PlayerId| NewTable {
        platform: Platform::Telegram,
        chat_id: format!("chat-{chat}"),
        thread_id: None,
        game: source.game.clone(),
        seats: source.seats,
        rules: source.rules.clone(),
        stake_cents: source.stake_cents,
        pace_ms: source.pace_ms,
        language: source.language.clone(),
        creator: Some(creator),
    };
    let mut long = Vec::new();
    let mut short = Vec::new();
    let mut persons = Vec::new();
    let mut tx = store.begin().await?;
    let mut links = 0;
    for j in 0..shape.long_tables {
        let id = tx
            .create_table(&new_table(j, players[j as usize]), t0)
            .await?;
        tx.set_seat(id, Seat::new(0), &Occupant::Player(players[j as usize]), t0)
            .await?;
        for s in 1..4 {
            tx.set_seat(
                id,
                Seat::new(s as u8),
                &Occupant::Computer("easy".into()),
                t0,
            )
            .await?;
        }
        tx.set_table_status(id, TableStatus::Playing, t0).await?;
        long.push(id);
        persons.push(1u8);
        // The other long tables are linked into a second chat (the
        // busiest is not, so that it compares with a new table like for
        // like: a link adds a copy of every table message).
        if j == 0 {
            continue;
        }
        let code = format!("code-{j}");
        tx.create_link_code(&code, id, t0 + DAY_MS).await?;
        let linked = tarock_storage::LinkedChat {
            platform: Platform::Discord,
            chat_id: format!("linked-{j}"),
            thread_id: None,
        };
        if tx.link_chat(&code, id, &linked, t0).await?.is_ok() {
            links += 1;
        }
    }
    for i in 0..shape.short_tables() {
        let chat = i % shape.chats;
        let seated: Vec<u32> = pool(chat).choose_multiple(&mut rng, 4).copied().collect();
        let (first, _) = shape.span_of(i);
        let at = t0 + i64::from(first) * DAY_MS;
        let id = tx
            .create_table(&new_table(chat, players[seated[0] as usize]), at)
            .await?;
        for (s, p) in seated.iter().enumerate() {
            tx.set_seat(
                id,
                Seat::new(s as u8),
                &Occupant::Player(players[*p as usize]),
                at,
            )
            .await?;
        }
        tx.set_table_status(id, TableStatus::Playing, at).await?;
        short.push(id);
        persons.push(0b1111u8);
        if i % 500 == 499 {
            tx.commit().await?;
            tx = store.begin().await?;
        }
    }
    tx.commit().await?;

    // The deals, day by day.
    let mut numbers: HashMap<TableId, u32> = HashMap::new();
    let mut year = Year {
        template,
        long: long.clone(),
        short: short.clone(),
        old: short.first().copied().unwrap_or(long[0]),
        old_last_day: shape.span_of(0).1,
        busiest_chat: "chat-0".into(),
        busiest_user: "user-0".into(),
        busiest_player: players[0],
        deals: 0,
        events: 0,
        ledger: 0,
        messages: 0,
        updates: 0,
        links,
    };
    let mut k = 0usize;
    let began = Instant::now();
    let evening = 17 * 3_600_000;
    let hours6 = 6 * 3_600_000;
    for day in 0..shape.days {
        let base = t0 + i64::from(day) * DAY_MS;
        let messages = shape.backlog || day + shape.sent_days >= shape.days;
        let updates = shape.backlog || day + shape.update_days >= shape.days;
        // Deals per table this day.
        let mut per_table: Vec<(usize, u32)> = (0..long.len())
            .map(|j| (j, shape.long_deals_per_day))
            .collect();
        let active: Vec<u32> = (0..shape.short_tables())
            .filter(|&i| {
                let (a, b) = shape.span_of(i);
                a <= day && day <= b
            })
            .collect();
        let active = if active.is_empty() && shape.short_tables() > 0 {
            vec![(u64::from(day) * u64::from(shape.short_tables()) / u64::from(shape.days)) as u32]
        } else {
            active
        };
        let r = shape.short_per_day();
        for (n, &i) in active.iter().enumerate() {
            let count = r / active.len() as u32 + u32::from((n as u32) < r % active.len() as u32);
            per_table.push((long.len() + i as usize, count));
        }
        let mut jobs = Vec::new();
        for (index, count) in per_table {
            if count == 0 {
                continue;
            }
            let table = if index < long.len() {
                long[index]
            } else {
                short[index - long.len()]
            };
            let length_ms = hours6 / i64::from(count);
            for m in 0..count {
                let number = numbers.entry(table).or_insert(0);
                *number += 1;
                jobs.push(Job {
                    table,
                    number: *number,
                    template: k % templates.len(),
                    started_ms: base + evening + i64::from(m) * length_ms,
                    length_ms,
                    persons: persons[index],
                    messages,
                    updates,
                });
                k += 1;
            }
        }
        for job in &jobs {
            let t = &templates[job.template];
            year.deals += 1;
            year.events += t.events.len() as u64;
            year.ledger += 4;
            if job.messages {
                year.messages += t.messages.len() as u64;
            }
            if job.updates {
                year.updates += t
                    .events
                    .iter()
                    .filter(|e| job.persons & (1 << e.seat.index()) != 0)
                    .count() as u64;
            }
        }
        let mut parts: Vec<Vec<Job>> = vec![Vec::new(); shape.workers];
        for job in jobs {
            parts[(job.table.0 as usize) % shape.workers].push(job);
        }
        let templates = Arc::new(templates.clone());
        let mut handles = Vec::new();
        for part in parts {
            let (store, templates, round_state, batch) = (
                store.clone(),
                templates.clone(),
                round_state.clone(),
                shape.batch,
            );
            handles.push(tokio::spawn(async move {
                write_jobs(&store, &templates, &round_state, &part, batch).await
            }));
        }
        for handle in handles {
            handle.await.expect("a writer task")?;
        }
        // Short tables whose span ended today close.
        let mut tx = store.begin().await?;
        for (i, id) in short.iter().enumerate() {
            if shape.span_of(i as u32).1 == day {
                tx.set_table_status(*id, TableStatus::Closed, base + DAY_MS - 1)
                    .await?;
            }
        }
        tx.commit().await?;
        if day % 30 == 29 || day + 1 == shape.days {
            eprintln!(
                "  day {}: {} deals written in {:.1} s",
                day + 1,
                year.deals,
                began.elapsed().as_secs_f64()
            );
        }
    }
    // A database a year old has been analyzed many times over: by
    // PostgreSQL's autovacuum (which runs on its own schedule, maybe not
    // yet after a fill of minutes), by SQLite's `PRAGMA optimize` at open
    // and in the hourly housekeeping.
    if store.backend() == tarock_storage::Backend::Postgres {
        let mut conn = AnyConnection::connect(url).await?;
        sqlx::query("ANALYZE").execute(&mut conn).await?;
        conn.close().await?;
    } else {
        store.optimize().await?;
    }
    Ok(year)
}

/// Writes deals as a table writes them, `batch` per transaction.
async fn write_jobs(
    store: &Store,
    templates: &[Template],
    round_state: &str,
    jobs: &[Job],
    batch: usize,
) -> Result<(), StorageError> {
    for chunk in jobs.chunks(batch) {
        let mut tx = store.begin().await?;
        for job in chunk {
            let t = &templates[job.template];
            let step = job.length_ms / (t.events.len() as i64 + 2);
            let id: DealId = tx
                .start_round_carrying(
                    &NewRound {
                        table: job.table,
                        game: "zwanzigerrufen".to_owned(),
                        number: job.number,
                        first: t.forehand,
                        rules: t.rules.clone(),
                        started_ms: job.started_ms,
                    },
                    &t.seed,
                    t.carry.as_deref(),
                )
                .await?;
            tx.commit_fair_round(id, &t.commitment, &t.salt, &t.hands)
                .await?;
            for e in &t.events {
                let at_ms = job.started_ms + step * (i64::from(e.seq) + 1);
                if job.updates && job.persons & (1 << e.seat.index()) != 0 {
                    tx.mark_update(Platform::Telegram, &format!("{id}-{}", e.seq), at_ms)
                        .await?;
                }
                tx.queue_token(id, &Event { at_ms, ..e.clone() })?;
            }
            let settled_ms = job.started_ms + job.length_ms - step;
            tx.settle(
                id,
                &NewSettlement {
                    changes: t.changes.clone(),
                    breakdown: t.breakdown.clone(),
                    settled_ms,
                    sitting_out: None,
                },
            )
            .await?;
            tx.set_round_state(job.table, round_state).await?;
            tx.record_sides(id, &t.contract, t.declarers).await?;
            if job.messages {
                // Queued with the deal, recorded as delivered a moment later
                // (as the pump records what it sent).
                let mut sent = Vec::with_capacity(t.messages.len());
                for message in &t.messages {
                    let id = tx.enqueue(Some(job.table), message, settled_ms).await?;
                    sent.push((id, Delivered::Sent));
                }
                tx.record_deliveries(&sent, settled_ms + 1_000).await?;
            }
        }
        tx.commit().await?;
    }
    Ok(())
}

/// Everything counted, as the bench prints it.
pub fn describe(year: &Year, took: Duration) -> String {
    format!(
        "{} deals, {} events, {} ledger rows, {} sent messages, {} update ids, {} long tables {:?}, {} short tables, {} links; filled in {:.1} s",
        year.deals,
        year.events,
        year.ledger,
        year.messages,
        year.updates,
        year.long.len(),
        year.long.iter().map(|t| t.0).collect::<Vec<_>>(),
        year.short.len(),
        year.links,
        took.as_secs_f64()
    )
}
