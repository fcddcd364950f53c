//! The table service: takes commands, decides through the engine, persists
//! through the store (the action, its messages and the next deadline in one
//! transaction) and answers with notices; everything else it says goes
//! through the outbox.

use std::str::FromStr;
use std::sync::Arc;

use serde_json::Value;
use tarock_game_core::Seat as TableSeat;
use tarock_player::Level;
use tarock_storage::{
    Deadline, DealStatus, Event, LoadedDeal, LoadedTable, MessageId, NewMessage, NewSettlement,
    NewTable, Occupant, Participant, Platform, Player, SeatRow, StorageError, Store, Table,
    TableId, TableStatus, Tx,
};

use crate::clock::Clock;
use crate::command::{ChatRef, Command, CommandKind, Sender, TableChoice, TableSettings, UserRef};
use crate::error::{CupRefusal, Fail, Rejection, ServiceError};
use crate::games;
use crate::outgoing::{BalanceLine, Button, Keyboard, Outgoing};
use crate::payload::{ButtonAction, Payload, Step};
use crate::render::{money, pace_text, signed, signed_money};
use crate::shuffle::{Randomness, RandomnessMode};
use crate::text::Lang;
use crate::text::tr;

mod cup;
mod deadlines;
mod delivery;
mod history;
mod link;
mod lobby;
mod queries;
mod round;
mod views;
mod watch;

pub use delivery::{Delivery, Outcome};
pub use link::{LINK_CODE_MS, looks_like_code, normalize_code};
use views::{occupant_name, participant_name, user_of};
pub use watch::WatchedStep;

/// The computer level that plays for a seat whose time ran out.
pub const STAND_IN: Level = Level::Medium;

/// How long a claimed outbox message stays leased to its deliverer: a
/// deliverer that died mid-send holds its lane back no longer than this.
/// One send (with its own HTTP timeout) takes far less; rate limits are
/// waited out by rescheduling, not while holding the lease.
const LEASE_MS: i64 = 5_000;

/// What became of a handled command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Carried out (or answered, for a question).
    Done,
    /// Refused with a notice; nothing changed.
    Refused,
    /// An update handled before (a platform's redelivery): ignored.
    Duplicate,
    /// Another writer took the step first; refused as stale.
    Stale,
}

impl Verdict {
    /// A short lowercase name (a metrics label).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Done => "done",
            Verdict::Refused => "refused",
            Verdict::Duplicate => "duplicate",
            Verdict::Stale => "stale",
        }
    }
}

/// The table service. Cheap to share behind an `Arc`; every method takes
/// `&self`, and tables are serialized by the database (one writer per table).
pub struct TableService {
    store: Store,
    clock: Arc<dyn Clock>,
    randomness: Randomness,
    /// Notified after every command that may have set a deadline, so the
    /// deadline loop looks again instead of sleeping on.
    deadlines_changed: tokio::sync::Notify,
    /// The platform whose messages [`TableService::claim`] takes (`None`:
    /// all): a front end sharing the database with another platform's.
    claims_for: Option<Platform>,
}

/// A table as loaded: the row, its seats, its latest deal, and the chats
/// it is linked into besides its own.
struct TableState {
    table: Table,
    seats: Vec<SeatRow>,
    deal: Option<LoadedDeal>,
    links: Vec<tarock_storage::LinkedChat>,
}

/// One mutation in progress: the transaction, the table as loaded in it,
/// and the messages to queue with the commit.
struct Work {
    tx: Tx,
    now: i64,
    st: TableState,
    out: Vec<Outgoing>,
    /// What the actions of this command were, as the game's face tells
    /// them: lines under the table message.
    moves: Vec<String>,
}

impl Work {
    /// A mutation of a table as loaded in `tx`.
    fn of(tx: Tx, now: i64, loaded: LoadedTable, links: Vec<tarock_storage::LinkedChat>) -> Work {
        Work {
            tx,
            now,
            st: TableState {
                table: loaded.table,
                seats: loaded.seats,
                deal: loaded.deal,
                links,
            },
            out: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Queues a new message in the table's chat, mentioning `mentions`.
    fn say(&mut self, text: String, mentions: Vec<UserRef>) {
        self.out.push(Outgoing::Chat {
            table: self.st.table.id,
            chat: self.st.chat(),
            text,
            mentions,
        });
    }
}

impl TableState {
    fn lang(&self) -> Lang {
        Lang::from_tag(&self.table.language)
    }

    fn chat(&self) -> ChatRef {
        ChatRef {
            platform: self.table.platform,
            chat_id: self.table.chat_id.clone(),
            thread_id: self.table.thread_id.clone(),
        }
    }

    /// The row of a seat.
    fn seat_row(&self, seat: TableSeat) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    /// The seat of a platform user.
    fn seat_of(&self, user: &UserRef) -> Option<TableSeat> {
        self.seats
            .iter()
            .find(|s| {
                s.player.as_ref().is_some_and(|p| {
                    p.platform == user.platform && p.platform_user_id == user.user_id
                })
            })
            .map(|s| s.seat)
    }

    /// The seat to act in the active round.
    fn seat_to_act(&self) -> Option<TableSeat> {
        self.round().and_then(|round| round.round().to_act())
    }

    /// Whether a round is being played.
    fn deal_active(&self) -> bool {
        self.round().is_some()
    }

    /// The step the next action of the active deal is.
    fn step(&self) -> Option<Step> {
        let deal = self
            .deal
            .as_ref()
            .filter(|d| d.deal.status == DealStatus::Active)?;
        Some(Step {
            deal: deal.deal.number,
            seq: deal.next_seq(),
        })
    }

    fn is_creator(&self, user: &UserRef) -> bool {
        self.table.creator.is_some_and(|id| {
            self.seats
                .iter()
                .filter_map(|s| s.player.as_ref())
                .any(|p| p.id == id && p.platform_user_id == user.user_id)
        })
    }
}

/// The game, seat count and rules (as stored) of a new table: the game's
/// id (or a name [`tarock_games::by_word`] knows), its seat count (`None`: the
/// game's default) and its rules as written (a preset name or JSON).
///
/// # Errors
/// The [`Rejection`] to show: an unknown game, a seat count the game does
/// not have, or rules it cannot read.
pub fn table_spec(
    game: &str,
    seats: Option<u8>,
    rules: &str,
) -> Result<(&'static str, u8, String), Rejection> {
    let kind = tarock_games::by_word(game).ok_or(Rejection::UnknownGame)?;
    let face = games::face(kind.id()).ok_or(Rejection::UnknownGame)?;
    let choice = face.seat_choice();
    let seats = seats.unwrap_or(choice.default);
    if !(choice.min..=choice.max).contains(&seats) {
        return Err(Rejection::BadSeatCount {
            min: choice.min,
            max: choice.max,
        });
    }
    // A name is refused as the player wrote it (every game alike, in any
    // language); only rules written as JSON carry the parser's detail.
    let rules = face.parse_rules(rules).map_err(|e| Rejection::BadRules {
        game: face.id(),
        detail: if rules.trim_start().starts_with('{') {
            e.0
        } else {
            rules.trim().chars().take(40).collect()
        },
    })?;
    Ok((face.id(), seats, rules.to_string()))
}

/// The most a stake per unit may be, in cents (1000 €).
pub const MAX_STAKE_CENTS: i64 = 100_000;

/// The rules text a new table of the default game (the registry's first)
/// stores for `text` (a preset name, any case, or a JSON object of a
/// preset and overrides): what front ends check before they create
/// anything.
///
/// # Errors
/// [`Rejection::BadRules`] when it names no preset or the JSON is not rules.
pub fn rules_spec(text: &str) -> Result<String, Rejection> {
    let game = tarock_games::GAMES[0].id();
    table_spec(game, None, text).map(|(_, _, rules)| rules)
}

impl TableService {
    /// The production service on `store`, reading time from `clock`. Every
    /// deal is shuffled from 256 bits of fresh OS entropy, stored with the
    /// deal before any hand is sent, and every computer decision draws its
    /// own; there is no seed to give, so nothing guessable (a start time, a
    /// clock) can reach a shuffle:
    ///
    /// ```no_run
    /// # use std::sync::Arc;
    /// # use tarock_table::{SystemClock, TableService};
    /// # async fn demo() -> Result<(), tarock_storage::StorageError> {
    /// let store = tarock_storage::Store::open("tarock.db").await?;
    /// let service = TableService::new(store, Arc::new(SystemClock));
    /// # Ok(()) }
    /// ```
    ///
    /// A seed from the start time, as the bots once passed, does not even
    /// compile:
    ///
    /// ```compile_fail,E0061
    /// # use std::sync::Arc;
    /// # use tarock_table::{SystemClock, TableService};
    /// # async fn demo() -> Result<(), tarock_storage::StorageError> {
    /// let store = tarock_storage::Store::open("tarock.db").await?;
    /// let started = std::time::SystemTime::now()
    ///     .duration_since(std::time::UNIX_EPOCH)
    ///     .map_or(7, |d| d.as_nanos() as u64);
    /// let service = TableService::new(store, Arc::new(SystemClock), started);
    /// # Ok(()) }
    /// ```
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> TableService {
        TableService::with(store, clock, Randomness::Entropy)
    }

    /// A service whose shuffles and computer choices all follow from
    /// `seed`: the same commands give the same deals and the same moves,
    /// after a restart too. Anyone who knows the seed knows every hand, so
    /// this is for tests and tools (`tarock play --seed`), never for a
    /// table played for money.
    pub fn with_fixed_seed(store: Store, clock: Arc<dyn Clock>, seed: u64) -> TableService {
        TableService::with(store, clock, Randomness::Fixed(seed))
    }

    fn with(store: Store, clock: Arc<dyn Clock>, randomness: Randomness) -> TableService {
        // Which mode runs, never a number: an operator sees at start whether
        // this process deals for real.
        tracing::info!(randomness = %randomness.mode(), "table service");
        TableService {
            store,
            clock,
            randomness,
            deadlines_changed: tokio::sync::Notify::new(),
            claims_for: None,
        }
    }

    /// This service, claiming only the messages for `platform`: each bot
    /// delivers its own platform's messages when Telegram and Discord share
    /// a database (a linked table sends to both).
    #[must_use]
    pub fn delivering_for(mut self, platform: Platform) -> TableService {
        self.claims_for = Some(platform);
        self
    }

    /// Which kind of randomness this service runs on (logged when it is
    /// built, without any number).
    pub fn randomness(&self) -> RandomnessMode {
        self.randomness.mode()
    }

    /// Completes after a command that may have changed a deadline (at once
    /// if one came since the last call); the deadline loop waits on it.
    pub async fn deadlines_changed(&self) {
        self.deadlines_changed.notified().await;
    }

    /// The store this service writes to.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Now, by the service's clock.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Handles one command. State changes are committed together with the
    /// messages they cause (claim them with [`TableService::claim`]); the
    /// returned messages are immediate answers for the sender only: notices
    /// and private views asked for.
    ///
    /// # Errors
    /// Only when the database fails; every refusal is a notice.
    pub async fn handle(&self, command: Command) -> Result<Vec<Outgoing>, ServiceError> {
        Ok(self.handle_judged(command).await?.0)
    }

    /// [`TableService::handle`], also saying what became of the command
    /// (for metrics and logs: the replies alone do not tell a refusal from
    /// an answer).
    ///
    /// # Errors
    /// As [`TableService::handle`].
    pub async fn handle_judged(
        &self,
        command: Command,
    ) -> Result<(Vec<Outgoing>, Verdict), ServiceError> {
        let notice = |text: String| Outgoing::Notice {
            to: command.sender.user.clone(),
            text,
        };
        let lang = command.sender.lang;
        match self.dispatch(&command).await {
            Ok(replies) => {
                self.deadlines_changed.notify_one();
                Ok((replies, Verdict::Done))
            }
            Err(Fail::Reject(r)) => Ok((vec![notice(r.text(lang))], Verdict::Refused)),
            Err(Fail::Store(StorageError::DuplicateUpdate { .. })) => {
                Ok((Vec::new(), Verdict::Duplicate))
            }
            Err(Fail::Store(StorageError::Conflict { .. })) => {
                Ok((vec![notice(Rejection::Stale.text(lang))], Verdict::Stale))
            }
            Err(Fail::Store(e)) => Err(e.into()),
            Err(Fail::Entropy(e)) => Err(e.into()),
        }
    }

    async fn dispatch(&self, command: &Command) -> Result<Vec<Outgoing>, Fail> {
        let sender = &command.sender;
        let kind = match &command.kind {
            CommandKind::Button(payload) => {
                let kind = button_command(payload)?;
                self.check_bound(sender, &kind).await?;
                kind
            }
            other => other.clone(),
        };
        let update = command.update_id.as_deref();
        match kind {
            CommandKind::Create(settings) => self.create(sender, update, &settings).await,
            CommandKind::Hand(t) => self.show_hand(sender, t).await,
            CommandKind::Draft(t, step, draft) => self.show_draft(sender, t, step, &draft).await,
            CommandKind::LastTrick(t) => self.show_last_trick(sender, t).await,
            CommandKind::OurTricks(t) => self.show_our_tricks(sender, t).await,
            CommandKind::Rules(t) => self.show_rules(sender, t).await,
            CommandKind::Balances(t) => self.show_balances(sender, t).await,
            CommandKind::Stats => self.show_stats(sender).await,
            CommandKind::Leaderboard => self.show_leaderboard(sender).await,
            CommandKind::History(t) => self.show_history(sender, t).await,
            CommandKind::Link(t) => self.link_code(sender, update, t).await,
            CommandKind::LinkWith(code) => self.link_with(sender, update, &code).await,
            CommandKind::Unlink(t) => self.unlink(sender, update, t).await,
            CommandKind::Cup(action) => self.cup_command(sender, update, &action).await,
            CommandKind::Button(_) => Err(Rejection::Malformed.into()),
            other => {
                let table = self.resolve(sender, table_choice(&other)).await?;
                self.mutate(sender, update, table, other).await
            }
        }
    }

    /// A button acts only where its table lives: in the table's own chat
    /// (and thread), or, for what a private view offers (moves, the hand,
    /// the tricks, rules and balances), in the presser's own private chat.
    /// A payload copied into another chat changes nothing there.
    async fn check_bound(&self, sender: &Sender, kind: &CommandKind) -> Result<(), Fail> {
        let Some(id) = table_choice(kind) else {
            return Ok(());
        };
        let table = self.store.table(id).await?.ok_or(Rejection::UnknownTable)?;
        let chat = &sender.chat;
        let in_table_chat = (chat.platform == table.platform
            && chat.chat_id == table.chat_id
            && chat.thread_id == table.thread_id)
            || self.linked_table_of(chat).await? == Some(id);
        let private_action = matches!(
            kind,
            CommandKind::Act(..)
                | CommandKind::Draft(..)
                | CommandKind::Hand(_)
                | CommandKind::LastTrick(_)
                | CommandKind::OurTricks(_)
                | CommandKind::Rules(_)
                | CommandKind::Balances(_)
        );
        // A private view reaches each player on their own platform, which
        // at a linked table may be another than the table's.
        if in_table_chat || (private_action && sender.in_private_chat()) {
            Ok(())
        } else {
            Err(Rejection::ForeignChat.into())
        }
    }

    /// Finds the table a command is for.
    async fn resolve(&self, sender: &Sender, choice: TableChoice) -> Result<TableId, Fail> {
        if let Some(id) = choice {
            return match self.store.table(id).await? {
                None => Err(Rejection::UnknownTable.into()),
                Some(t) if t.status == TableStatus::Closed => Err(Rejection::TableClosed.into()),
                Some(_) => Ok(id),
            };
        }
        let open = self.own_open_tables(&sender.chat).await?;
        match open.as_slice() {
            [] => self
                .linked_table_of(&sender.chat)
                .await?
                .ok_or_else(|| Rejection::NoTableHere.into()),
            [one] => Ok(one.id),
            _ => Err(Rejection::SeveralTables.into()),
        }
    }

    async fn begin(
        &self,
        update: Option<&str>,
        platform: Platform,
        table: TableId,
    ) -> Result<Work, Fail> {
        let (mut tx, now) = self.begin_for(platform, update).await?;
        let loaded = tx
            .lock_and_load_table(table)
            .await?
            .ok_or_else(|| Fail::Reject(Rejection::UnknownTable))?;
        let links = tx.links(table).await?;
        Ok(Work::of(tx, now, loaded, links))
    }

    /// A command's transaction and the time now. Its platform update id,
    /// if any, is marked processed in it first, so that a redelivered
    /// update fails as a duplicate and changes nothing.
    async fn begin_for(&self, platform: Platform, update: Option<&str>) -> Result<(Tx, i64), Fail> {
        let now = self.clock.now_ms();
        let mut tx = self.store.begin().await?;
        if let Some(id) = update {
            tx.mark_update(platform, id, now).await?;
        }
        Ok((tx, now))
    }

    async fn commit(&self, mut w: Work) -> Result<(), Fail> {
        let messages = outbox_rows(std::mem::take(&mut w.out), &w.st);
        w.tx.enqueue_many(Some(w.st.table.id), &messages, w.now)
            .await?;
        w.tx.commit().await?;
        Ok(())
    }
    async fn create(
        &self,
        sender: &Sender,
        update: Option<&str>,
        settings: &TableSettings,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (game, seats, rules_json) =
            table_spec(&settings.game, settings.seats, &settings.rules)?;
        if !(0..=MAX_STAKE_CENTS).contains(&settings.stake_cents) {
            return Err(Rejection::BadStake.into());
        }
        match self.table_shown_in(&sender.chat).await? {
            // Another table on purpose, beside the chat's own ones.
            Some(link::Shown::Own(_)) if settings.another => {}
            // A linked chat shows its table again even when asked for
            // another: a chat holds one linked table and none of its own.
            Some(shown) => return self.show_again(sender, update, shown.id()).await,
            None => {}
        }
        let (mut tx, now) = self.begin_for(sender.user.platform, update).await?;
        let creator = tx.upsert_player(&new_player(sender), now).await?;
        let id = tx
            .create_table(
                &NewTable {
                    platform: sender.chat.platform,
                    chat_id: sender.chat.chat_id.clone(),
                    thread_id: sender.chat.thread_id.clone(),
                    game: game.to_owned(),
                    seats,
                    rules: rules_json,
                    stake_cents: settings.stake_cents,
                    pace_ms: settings.pace.ms,
                    language: settings.lang.code().to_owned(),
                    creator: Some(creator),
                },
                now,
            )
            .await?;
        tx.set_seat(id, TableSeat::new(0), &Occupant::Player(creator), now)
            .await?;
        let loaded = LoadedTable {
            table: tx.lock_table(id).await?,
            seats: tx.seats(id).await?,
            deal: None,
        };
        let mut w = Work::of(tx, now, loaded, Vec::new());
        self.push_table_view(&mut w);
        self.commit(w).await?;
        Ok(Vec::new())
    }

    /// `/tarock` where a table is open already: the open table is posted
    /// again at the bottom of the chat (its old message is left as it is)
    /// and the sender learns how to open another one on purpose.
    async fn show_again(
        &self,
        sender: &Sender,
        update: Option<&str>,
        table: TableId,
    ) -> Result<Vec<Outgoing>, Fail> {
        // In a linked chat the table message is posted anew as well.
        self.forget_linked_message(table, &sender.chat).await?;
        let mut w = self.begin(update, sender.user.platform, table).await?;
        if sender.chat == w.st.chat() {
            w.tx.set_public_message(table, None, w.now).await?;
        }
        self.push_table_view(&mut w);
        self.commit(w).await?;
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: tr!(sender.lang, "table-shown-again", table = table.0),
        }])
    }

    async fn mutate(
        &self,
        sender: &Sender,
        update: Option<&str>,
        table: TableId,
        kind: CommandKind,
    ) -> Result<Vec<Outgoing>, Fail> {
        let mut w = self.begin(update, sender.user.platform, table).await?;
        follow_language(&mut w, sender).await?;
        match w.st.table.status {
            TableStatus::Closed => return Err(Rejection::TableClosed.into()),
            TableStatus::Paused
                if !matches!(kind, CommandKind::Resume(_) | CommandKind::Close(_)) =>
            {
                return Err(Rejection::TablePaused.into());
            }
            _ => {}
        }
        match kind {
            CommandKind::Join(_, seat) => self.join(&mut w, sender, seat).await?,
            CommandKind::Leave(_) => self.leave(&mut w, sender).await?,
            CommandKind::AddComputer(_, level, seat) => {
                self.add_computer(&mut w, sender, &level, seat).await?
            }
            CommandKind::RemoveComputer(_, seat) => {
                self.remove_computer(&mut w, sender, seat).await?
            }
            CommandKind::Start(_) => self.start(&mut w, sender).await?,
            // Typed text: a card of the table's game, a move its face
            // reads in words, or an answer why not.
            CommandKind::TurnWords(_, _, words) => self.typed_words(&mut w, sender, &words).await?,
            CommandKind::Act(_, step, token) => {
                self.round_move(&mut w, sender, step, &token).await?
            }
            CommandKind::Pause(_) => self.set_paused(&mut w, sender, true).await?,
            CommandKind::Resume(_) => self.set_paused(&mut w, sender, false).await?,
            CommandKind::Close(_) => self.close(&mut w, sender).await?,
            CommandKind::HandOver(_, seat, to) => self.hand_over(&mut w, sender, seat, &to).await?,
            CommandKind::Refresh(_) => {
                self.push_table_view(&mut w);
                if let Some(seat) = w.st.seat_of(&sender.user) {
                    self.push_round_private(&mut w, seat);
                }
            }
            _ => return Err(Rejection::Malformed.into()),
        }
        self.commit(w).await?;
        Ok(Vec::new())
    }
}

/// The longest typed text quoted back in a refusal, in characters.
const MAX_QUOTED: usize = 20;

/// Typed text as a refusal quotes it: at most [`MAX_QUOTED`] characters.
pub(super) fn quoted(text: &str) -> String {
    text.trim().chars().take(MAX_QUOTED).collect()
}

/// The outbox rows of a command's messages at a table: of the table view
/// and of each private view only the last version matters (the earlier
/// ones would only be overwritten), and each public message goes to the
/// table's linked chats as well.
fn outbox_rows(out: Vec<Outgoing>, st: &TableState) -> Vec<NewMessage> {
    let key = |m: &Outgoing| match m {
        Outgoing::Table { table, .. } => Some(format!("table:{table}")),
        Outgoing::Private { table, to, .. } => Some(format!("private:{table}:{}", m_user(to))),
        _ => None,
    };
    let kept: Vec<Outgoing> = out
        .iter()
        .enumerate()
        .filter(|(i, m)| match key(m) {
            Some(k) => !out[i + 1..]
                .iter()
                .any(|later| key(later).as_deref() == Some(k.as_str())),
            None => true,
        })
        .map(|(_, m)| m.clone())
        .collect();
    let kept = link::fan_out(kept, &st.chat(), &st.links);
    kept.iter().map(new_message).collect()
}

/// An outbox row of a message.
fn new_message(message: &Outgoing) -> NewMessage {
    NewMessage {
        destination: message.destination(),
        payload: serde_json::to_string(message).expect("messages serialize"),
    }
}

fn m_user(user: &UserRef) -> String {
    format!("{}:{}", user.platform, user.user_id)
}

/// A person seated at the table speaks the language their client says
/// now: when it is not the one stored (they joined with another one), it
/// is stored, and every view of this command and after (their private
/// messages, hands, notices) is in it, so their own surfaces never mix
/// two languages.
async fn follow_language(w: &mut Work, sender: &Sender) -> Result<(), Fail> {
    let code = sender.lang.code();
    let is_sender = |p: &tarock_storage::Player| {
        p.platform == sender.user.platform && p.platform_user_id == sender.user.user_id
    };
    let stale =
        w.st.seats
            .iter()
            .filter_map(|r| r.player.as_ref())
            .any(|p| is_sender(p) && p.language != code);
    if !stale {
        return Ok(());
    }
    w.tx.upsert_player(&new_player(sender), w.now).await?;
    for player in w.st.seats.iter_mut().filter_map(|r| r.player.as_mut()) {
        if is_sender(player) {
            player.language = code.to_owned();
        }
    }
    Ok(())
}

fn new_player(sender: &Sender) -> tarock_storage::NewPlayer {
    tarock_storage::NewPlayer {
        platform: sender.user.platform,
        platform_user_id: sender.user.user_id.clone(),
        display_name: sender.user.name.clone(),
        language: sender.lang.code().to_owned(),
    }
}

/// The table a command names, if any.
fn table_choice(kind: &CommandKind) -> TableChoice {
    match kind {
        CommandKind::Join(t, _)
        | CommandKind::Leave(t)
        | CommandKind::AddComputer(t, _, _)
        | CommandKind::RemoveComputer(t, _)
        | CommandKind::Start(t)
        | CommandKind::TurnWords(t, _, _)
        | CommandKind::Act(t, _, _)
        | CommandKind::Draft(t, _, _)
        | CommandKind::Hand(t)
        | CommandKind::Refresh(t)
        | CommandKind::LastTrick(t)
        | CommandKind::OurTricks(t)
        | CommandKind::Rules(t)
        | CommandKind::Balances(t)
        | CommandKind::Pause(t)
        | CommandKind::Resume(t)
        | CommandKind::Close(t)
        | CommandKind::HandOver(t, _, _) => *t,
        CommandKind::History(t) | CommandKind::Link(t) | CommandKind::Unlink(t) => *t,
        CommandKind::Create(_)
        | CommandKind::LinkWith(_)
        | CommandKind::Button(_)
        | CommandKind::Stats
        | CommandKind::Cup(_)
        | CommandKind::Leaderboard => None,
    }
}

/// The command a button payload stands for.
fn button_command(payload: &str) -> Result<CommandKind, Fail> {
    let p: Payload = payload.parse().map_err(|_| Rejection::Malformed)?;
    let t = Some(p.table);
    Ok(match p.action {
        ButtonAction::Join => CommandKind::Join(t, None),
        ButtonAction::AddComputer(level, seat) => CommandKind::AddComputer(t, level, seat),
        ButtonAction::Start => CommandKind::Start(t),
        ButtonAction::Hand => CommandKind::Hand(t),
        ButtonAction::Rules => CommandKind::Rules(t),
        ButtonAction::Balances => CommandKind::Balances(t),
        ButtonAction::LastTrick => CommandKind::LastTrick(t),
        ButtonAction::OurTricks => CommandKind::OurTricks(t),
        ButtonAction::Act(token) => {
            CommandKind::Act(t, Some(p.step.ok_or(Rejection::Malformed)?), token)
        }
        ButtonAction::Draft(token) => {
            CommandKind::Draft(t, Some(p.step.ok_or(Rejection::Malformed)?), token)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_service_can_be_shared_between_tasks() {
        fn is<T: Send + Sync>() {}
        is::<TableService>();
    }

    #[test]
    fn a_table_spec_takes_each_games_seats_from_the_registry() {
        for (word, seats, expected) in [
            ("Zwanzigerrufen", None, Ok(("zwanzigerrufen", 4))),
            ("zwanziger", Some(4), Ok(("zwanzigerrufen", 4))),
            ("20 ab", None, Ok(("zwanzig-ab", 4))),
            ("königrufen", Some(5), Ok(("koenigrufen", 5))),
        ] {
            let spec = table_spec(word, seats, "standard").map(|(g, n, _)| (g, n));
            assert_eq!(spec, expected, "{word}");
        }
        for (word, seats, min, max) in [
            ("zwanzigerrufen", 5, 4, 4),
            ("zwanzigerrufen", 3, 4, 4),
            ("zwanzig-ab", 6, 3, 5),
            ("koenigrufen", 3, 4, 5),
        ] {
            assert_eq!(
                table_spec(word, Some(seats), "standard"),
                Err(Rejection::BadSeatCount { min, max }),
                "{word} {seats}"
            );
        }
        assert_eq!(
            table_spec("skat", None, "standard"),
            Err(Rejection::UnknownGame)
        );
    }

    #[test]
    fn rules_are_read_as_presets_or_json() {
        let spec = |text: &str| table_spec("zwanzigerrufen", None, text).map(|(_, _, r)| r);
        assert_eq!(spec("Tarockwelt").unwrap(), "\"tarockwelt\"");
        assert_eq!(spec("\"standard\"").unwrap(), "\"standard\"");
        assert_eq!(
            spec(r#"{"preset":"standard","solo_value":5}"#).unwrap(),
            r#"{"preset":"standard","solo_value":5}"#
        );
        for bad in ["skat", "{", r#"{"preset":"standard","nonsense":1}"#, ""] {
            assert!(
                matches!(spec(bad), Err(Rejection::BadRules { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(rules_spec("Tarockwelt").unwrap(), "\"tarockwelt\"");
    }
}
