//! The table service: takes commands, decides through the engine, persists
//! through the store (the action, its messages and the next deadline in one
//! transaction) and answers with notices; everything else it says goes
//! through the outbox.

use std::str::FromStr;
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::Value;
use tarock_ai::{Level, drive};
use tarock_engine::score::DoubleRound;
use tarock_engine::{Action, Bid, Card, Deal, Game, Party, Phase, Rules, Seat};
use tarock_storage::{
    Deadline, DealStatus, Event, LoadedDeal, MessageId, NewDeal, NewMessage, NewSettlement,
    NewTable, Occupant, Platform, SeatRow, StorageError, Store, Table, TableId, TableStatus, Tx,
};

use crate::clock::Clock;
use crate::command::{ChatRef, Command, CommandKind, Sender, TableChoice, TableSettings, UserRef};
use crate::error::{Fail, Rejection, ServiceError};
use crate::outgoing::{BalanceLine, Button, Keyboard, Outgoing};
use crate::payload::{ButtonAction, Payload, Step, parse_turn_words};
use crate::render::{
    TableHeader, bid_label, card_label, hand_text, lobby_text, money, private_text,
    settlement_items, settlement_text, signed, sorted, table_text,
};
use crate::text::Lang;
use crate::tr;

/// The computer level that plays for a seat whose time ran out.
pub const STAND_IN: Level = Level::Medium;

/// How long a claimed outbox message stays leased to its deliverer.
const LEASE_MS: i64 = 30_000;

/// A message claimed for delivery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The outbox id, for [`TableService::delivered`] and friends.
    pub id: MessageId,
    /// The message.
    pub message: Outgoing,
    /// Delivery attempts so far, this one included.
    pub attempts: u32,
}

/// The table service. Cheap to share behind an `Arc`; every method takes
/// `&self`, and tables are serialized by the database (one writer per table).
pub struct TableService {
    store: Store,
    clock: Arc<dyn Clock>,
    seed: u64,
}

/// A player's move.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Move {
    Turn(Vec<Bid>),
    Card(Card),
}

/// A table as loaded: the row, its seats and its latest deal.
struct TableState {
    table: Table,
    seats: Vec<SeatRow>,
    deal: Option<LoadedDeal>,
}

/// One mutation in progress: the transaction, the table as loaded in it,
/// and the messages to queue with the commit.
struct Work {
    tx: Tx,
    now: i64,
    st: TableState,
    out: Vec<Outgoing>,
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

    fn seat_row(&self, seat: Seat) -> Option<&SeatRow> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    /// The seat of a platform user.
    fn seat_of(&self, user: &UserRef) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| {
                s.player.as_ref().is_some_and(|p| {
                    p.platform == user.platform && p.platform_user_id == user.user_id
                })
            })
            .map(|s| s.seat)
    }

    /// The active deal's game.
    fn game(&self) -> Option<&Game> {
        self.deal
            .as_ref()
            .filter(|d| d.deal.status == DealStatus::Active)
            .and_then(|d| d.game.as_ref())
    }

    /// The latest deal's game while it is played or just finished: what
    /// the table and private views show.
    fn shown_game(&self) -> Option<&Game> {
        self.deal
            .as_ref()
            .filter(|d| matches!(d.deal.status, DealStatus::Active | DealStatus::Finished))
            .and_then(|d| d.game.as_ref())
    }

    fn deal_active(&self) -> bool {
        self.game().is_some()
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

    fn names(&self, lang: Lang) -> [Option<String>; 4] {
        Seat::ALL.map(|seat| self.seat_row(seat).map(|row| occupant_name(row, lang)))
    }

    fn header(&self, names: [Option<String>; 4], deal: Option<u32>) -> TableHeader {
        let lang = self.lang();
        let status_note = match self.table.status {
            TableStatus::Paused => Some(tr!(lang, "status-paused")),
            TableStatus::Closed => Some(tr!(lang, "status-closed")),
            _ => None,
        };
        TableHeader {
            table: self.table.id.0,
            deal,
            names,
            rules: rules_label(&self.table.rules),
            stake_cents: self.table.stake_cents,
            status_note,
        }
    }

    fn button(&self, label: String, step: Option<Step>, action: ButtonAction) -> Button {
        Button {
            label,
            payload: Payload {
                table: self.table.id,
                step,
                action,
            }
            .to_string(),
        }
    }

    /// `seat`'s private view, if a person sits there and a deal is on: the
    /// hand, what the seat knows, and its legal choices as buttons.
    fn private_view(&self, seat: Seat) -> Option<Outgoing> {
        let row = self.seat_row(seat)?;
        let to = user_of(row)?;
        let game = self.shown_game()?;
        let lang = Lang::from_tag(&row.player.as_ref()?.language);
        let header = self.header(self.names(lang), self.deal.as_ref().map(|d| d.deal.number));
        let view = game.view(seat);
        let text = private_text(&view, &header, lang);
        let buttons = if game.to_act() == Some(seat) && self.table.status == TableStatus::Playing {
            self.choice_buttons(game, seat, lang)
        } else {
            Vec::new()
        };
        Some(Outgoing::Private {
            table: self.table.id,
            to,
            text,
            buttons,
        })
    }

    /// The legal choices of the seat to act, as buttons: each card, or each
    /// single announcement that makes a legal turn, and Weiter.
    fn choice_buttons(&self, game: &Game, seat: Seat, lang: Lang) -> Keyboard {
        let step = self.step();
        let mut rows: Keyboard = Vec::new();
        if game.phase() == Phase::Play {
            let cards = sorted(game.legal_cards());
            for chunk in cards.chunks(5) {
                rows.push(
                    chunk
                        .iter()
                        .map(|c| self.button(card_label(*c, lang), step, ButtonAction::Play(*c)))
                        .collect(),
                );
            }
            return rows;
        }
        self.turn_buttons(game, seat, &[], lang)
    }

    /// Buttons for a bidding turn that starts with `partial`: each single
    /// next announcement that ends a legal turn, a "… +" button for each
    /// one that more may follow in the same turn, and (when `partial` is a
    /// legal turn itself) a button that ends the turn there: Weiter for an
    /// empty `partial`.
    fn turn_buttons(&self, game: &Game, seat: Seat, partial: &[Bid], lang: Lang) -> Keyboard {
        let step = self.step();
        let mut scratch = game.clone();
        for bid in partial {
            if scratch.apply(seat, Action::Bid(*bid)).is_err() {
                return Vec::new();
            }
        }
        let view = scratch.view(seat);
        let prefix: Vec<String> = label_turn(game, seat, partial, lang);
        let label = |extra: Option<String>, more: bool| {
            let mut words = prefix.clone();
            words.extend(extra);
            let mut text = words.join(" + ");
            if more {
                text.push_str(" + …");
            }
            text
        };
        let mut singles: Vec<Button> = Vec::new();
        let mut composes: Vec<Button> = Vec::new();
        for bid in scratch.legal_actions().bids() {
            let mut turn = partial.to_vec();
            turn.push(bid);
            let level = match bid {
                Bid::Kontra(item) => view.item(item).map_or(0, |s| s.level),
                _ => 0,
            };
            let name = bid_label(bid, lang, level);
            if game.clone().apply_turn(seat, &turn).is_ok() {
                singles.push(self.button(
                    label(Some(name.clone()), false),
                    step,
                    ButtonAction::Turn(turn.clone()),
                ));
            }
            let mut after = scratch.clone();
            let more = turn.len() < crate::payload::MAX_TURN
                && after.apply(seat, Action::Bid(bid)).is_ok()
                && after.legal_actions().bids().next().is_some();
            if more {
                composes.push(self.button(
                    label(Some(name), true),
                    step,
                    ButtonAction::Compose(turn),
                ));
            }
        }
        let mut rows: Keyboard = Vec::new();
        for chunk in singles.chunks(3) {
            rows.push(chunk.to_vec());
        }
        for chunk in composes.chunks(3) {
            rows.push(chunk.to_vec());
        }
        if game.clone().apply_turn(seat, partial).is_ok() {
            let text = if partial.is_empty() {
                tr!(lang, "btn-weiter")
            } else {
                tr!(lang, "btn-turn-done", turn = label(None, false))
            };
            rows.push(vec![self.button(
                text,
                step,
                ButtonAction::Turn(partial.to_vec()),
            )]);
        }
        rows
    }
}

/// The labels of the announcements of a turn, each with the Kontra level it
/// reaches.
fn label_turn(game: &Game, seat: Seat, bids: &[Bid], lang: Lang) -> Vec<String> {
    let mut scratch = game.clone();
    let mut out = Vec::new();
    for bid in bids {
        let level = match bid {
            Bid::Kontra(item) => scratch.view(seat).item(*item).map_or(0, |s| s.level),
            _ => 0,
        };
        out.push(bid_label(*bid, lang, level));
        let _ = scratch.apply(seat, Action::Bid(*bid));
    }
    out
}

fn occupant_name(row: &SeatRow, lang: Lang) -> String {
    match (&row.occupant, &row.player) {
        (_, Some(player)) => player.display_name.clone(),
        (Occupant::Computer(level), _) => {
            tr!(
                lang,
                "computer-seat-name",
                seat = row.seat.index() + 1,
                level = level_name(level, lang)
            )
        }
        (Occupant::Player(id), None) => format!("#{id}"),
    }
}

fn level_name(level: &str, lang: Lang) -> String {
    match Level::from_str(level) {
        Ok(Level::Easy) => tr!(lang, "level-easy"),
        Ok(Level::Medium) => tr!(lang, "level-medium"),
        Ok(Level::Strong) => tr!(lang, "level-strong"),
        Err(_) => level.to_owned(),
    }
}

/// The name of the computer players of a level, as one balance.
fn computer_name(level: &str, lang: Lang) -> String {
    tr!(lang, "computer-name", level = level_name(level, lang))
}

fn user_of(row: &SeatRow) -> Option<UserRef> {
    row.player.as_ref().map(|p| UserRef {
        platform: p.platform,
        user_id: p.platform_user_id.clone(),
        name: p.display_name.clone(),
    })
}

/// A short name for the rules as written: the preset, starred when overridden.
fn rules_label(rules: &str) -> String {
    match serde_json::from_str::<Value>(rules) {
        Ok(Value::String(name)) => name,
        Ok(Value::Object(map)) => {
            let preset = map
                .get("preset")
                .and_then(Value::as_str)
                .unwrap_or("standard");
            if map.len() > 1 {
                format!("{preset}*")
            } else {
                preset.to_owned()
            }
        }
        _ => "?".to_owned(),
    }
}

/// Reads the rules a table was created with: a preset name or a JSON object.
fn parse_rules(text: &str) -> Result<(String, Rules), Rejection> {
    let text = text.trim();
    let json = if text.starts_with('{') || text.starts_with('"') {
        text.to_owned()
    } else {
        Value::String(text.to_ascii_lowercase()).to_string()
    };
    let value: Value =
        serde_json::from_str(&json).map_err(|e| Rejection::BadRules(e.to_string()))?;
    let rules = Rules::from_spec(&value).map_err(|e| Rejection::BadRules(e.to_string()))?;
    Ok((json, rules))
}

/// A seed mixed from the service seed and where in the table's history it is
/// used, so that a computer's choice or a shuffle depends only on that (the
/// same after a restart).
fn mix(seed: u64, parts: &[u64]) -> u64 {
    let mut h = seed ^ 0x9E37_79B9_7F4A_7C15;
    for &p in parts {
        h ^= p
            .wrapping_add(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(h << 6)
            .wrapping_add(h >> 2);
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 31;
    }
    h
}

fn move_text(m: &Move) -> String {
    match m {
        Move::Turn(bids) if bids.is_empty() => "weiter".to_owned(),
        Move::Turn(bids) => bids
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        Move::Card(card) => card.to_string(),
    }
}

impl TableService {
    /// A service on `store`, reading time from `clock`. `seed` drives the
    /// shuffles and the computer players' choices: give a random one in
    /// production and a fixed one in tests.
    pub fn new(store: Store, clock: Arc<dyn Clock>, seed: u64) -> TableService {
        TableService { store, clock, seed }
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
        let notice = |text: String| Outgoing::Notice {
            to: command.sender.user.clone(),
            text,
        };
        let lang = command.sender.lang;
        match self.dispatch(&command).await {
            Ok(replies) => Ok(replies),
            Err(Fail::Reject(r)) => Ok(vec![notice(r.text(lang))]),
            Err(Fail::Store(StorageError::DuplicateUpdate { .. })) => Ok(Vec::new()),
            Err(Fail::Store(StorageError::Conflict { .. })) => {
                Ok(vec![notice(Rejection::Stale.text(lang))])
            }
            Err(Fail::Store(e)) => Err(e.into()),
        }
    }

    async fn dispatch(&self, command: &Command) -> Result<Vec<Outgoing>, Fail> {
        let sender = &command.sender;
        let kind = match &command.kind {
            CommandKind::Button(payload) => button_command(payload)?,
            other => other.clone(),
        };
        let update = command.update_id.as_deref();
        match kind {
            CommandKind::Create(settings) => self.create(sender, update, &settings).await,
            CommandKind::Hand(t) => self.show_hand(sender, t).await,
            CommandKind::Compose(t, step, bids) => self.show_compose(sender, t, step, &bids).await,
            CommandKind::LastTrick(t) => self.show_last_trick(sender, t).await,
            CommandKind::OurTricks(t) => self.show_our_tricks(sender, t).await,
            CommandKind::Rules(t) => self.show_rules(sender, t).await,
            CommandKind::Balances(t) => self.show_balances(sender, t).await,
            CommandKind::Button(_) => Err(Rejection::Malformed.into()),
            other => {
                let table = self.resolve(sender, table_choice(&other)).await?;
                self.mutate(sender, update, table, other).await
            }
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
        let open: Vec<Table> = self
            .store
            .open_tables_in(sender.chat.platform, &sender.chat.chat_id)
            .await?
            .into_iter()
            .filter(|t| t.thread_id == sender.chat.thread_id)
            .collect();
        match open.as_slice() {
            [] => Err(Rejection::NoTableHere.into()),
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
        let now = self.clock.now_ms();
        let mut tx = self.store.begin().await?;
        if let Some(id) = update {
            tx.mark_update(platform, id, now).await?;
        }
        let table_row = tx.lock_table(table).await?;
        let loaded = tx
            .load_table(table)
            .await?
            .ok_or_else(|| Fail::Reject(Rejection::UnknownTable))?;
        Ok(Work {
            tx,
            now,
            st: TableState {
                table: table_row,
                seats: loaded.seats,
                deal: loaded.deal,
            },
            out: Vec::new(),
        })
    }

    async fn commit(&self, mut w: Work) -> Result<(), Fail> {
        // Of the table view and of each private view only the last version
        // of this step matters; the earlier ones would only be overwritten.
        let out = std::mem::take(&mut w.out);
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
        for message in kept {
            let payload = serde_json::to_string(&message).expect("messages serialize");
            let new = NewMessage {
                destination: message.destination(),
                payload,
            };
            w.tx.enqueue(Some(w.st.table.id), &new, w.now).await?;
        }
        w.tx.commit().await?;
        Ok(())
    }

    async fn create(
        &self,
        sender: &Sender,
        update: Option<&str>,
        settings: &TableSettings,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (rules_json, _) = parse_rules(&settings.rules)?;
        if !(0..=100_000).contains(&settings.stake_cents) {
            return Err(Rejection::BadStake.into());
        }
        let now = self.clock.now_ms();
        let mut tx = self.store.begin().await?;
        if let Some(id) = update {
            tx.mark_update(sender.user.platform, id, now).await?;
        }
        let creator = tx.upsert_player(&new_player(sender), now).await?;
        let id = tx
            .create_table(
                &NewTable {
                    platform: sender.chat.platform,
                    chat_id: sender.chat.chat_id.clone(),
                    thread_id: sender.chat.thread_id.clone(),
                    rules: rules_json,
                    stake_cents: settings.stake_cents,
                    pace_ms: settings.pace.ms,
                    language: settings.lang.code().to_owned(),
                    creator: Some(creator),
                },
                now,
            )
            .await?;
        tx.set_seat(id, Seat::S0, &Occupant::Player(creator), now)
            .await?;
        let table = tx.lock_table(id).await?;
        let seats = tx.seats(id).await?;
        let mut w = Work {
            tx,
            now,
            st: TableState {
                table,
                seats,
                deal: None,
            },
            out: Vec::new(),
        };
        self.push_table_view(&mut w);
        self.commit(w).await?;
        Ok(Vec::new())
    }

    async fn mutate(
        &self,
        sender: &Sender,
        update: Option<&str>,
        table: TableId,
        kind: CommandKind,
    ) -> Result<Vec<Outgoing>, Fail> {
        let mut w = self.begin(update, sender.user.platform, table).await?;
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
            CommandKind::AddComputer(_, level) => self.add_computer(&mut w, sender, &level).await?,
            CommandKind::RemoveComputer(_, seat) => {
                self.remove_computer(&mut w, sender, seat).await?
            }
            CommandKind::Start(_) => self.start(&mut w, sender).await?,
            CommandKind::Turn(_, step, bids) => {
                self.player_move(&mut w, sender, step, Move::Turn(bids))
                    .await?
            }
            CommandKind::TurnWords(_, step, words) => {
                let rules = w.st.game().map(|g| *g.rules()).ok_or(Rejection::NoDeal)?;
                let bids = parse_turn_words(&words, &rules).map_err(Rejection::BadTurn)?;
                self.player_move(&mut w, sender, step, Move::Turn(bids))
                    .await?
            }
            CommandKind::Play(_, step, card) => {
                self.player_move(&mut w, sender, step, Move::Card(card))
                    .await?
            }
            CommandKind::Pause(_) => self.pause(&mut w, sender).await?,
            CommandKind::Resume(_) => self.resume(&mut w, sender).await?,
            CommandKind::Close(_) => self.close(&mut w, sender).await?,
            CommandKind::HandOver(_, seat, to) => self.hand_over(&mut w, sender, seat, &to).await?,
            CommandKind::Refresh(_) => {
                self.push_table_view(&mut w);
                if let Some(seat) = w.st.seat_of(&sender.user) {
                    self.push_private(&mut w, seat);
                }
            }
            _ => return Err(Rejection::Malformed.into()),
        }
        self.commit(w).await?;
        Ok(Vec::new())
    }

    // ----- lobby -----------------------------------------------------------

    async fn join(&self, w: &mut Work, sender: &Sender, wanted: Option<Seat>) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_some() {
            return Err(Rejection::AlreadySeated.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        // A free seat, or else one a computer holds.
        let seat = match wanted {
            Some(seat) => match w.st.seat_row(seat) {
                None => seat,
                Some(row) if matches!(row.occupant, Occupant::Computer(_)) => seat,
                Some(_) => return Err(Rejection::SeatTaken.into()),
            },
            None => Seat::ALL
                .into_iter()
                .find(|s| w.st.seat_row(*s).is_none())
                .or_else(|| {
                    Seat::ALL.into_iter().find(|s| {
                        w.st.seat_row(*s)
                            .is_some_and(|r| matches!(r.occupant, Occupant::Computer(_)))
                    })
                })
                .ok_or(Rejection::TableFull)?,
        };
        let player = w.tx.upsert_player(&new_player(sender), w.now).await?;
        w.tx.set_seat(w.st.table.id, seat, &Occupant::Player(player), w.now)
            .await?;
        w.st.seats = w.tx.seats(w.st.table.id).await?;
        let lang = w.st.lang();
        let chat = w.st.chat();
        w.out.push(Outgoing::Chat {
            table: w.st.table.id,
            chat,
            text: tr!(
                lang,
                "joined",
                name = sender.user.name.as_str(),
                seat = seat.index() + 1
            ),
            mentions: Vec::new(),
        });
        self.push_table_view(w);
        Ok(())
    }

    async fn leave(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        let seat = w.st.seat_of(&sender.user).ok_or(Rejection::NotSeated)?;
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        w.tx.clear_seat(w.st.table.id, seat).await?;
        w.st.seats = w.tx.seats(w.st.table.id).await?;
        let lang = w.st.lang();
        let chat = w.st.chat();
        w.out.push(Outgoing::Chat {
            table: w.st.table.id,
            chat,
            text: tr!(lang, "left", name = sender.user.name.as_str()),
            mentions: Vec::new(),
        });
        self.push_table_view(w);
        Ok(())
    }

    async fn add_computer(&self, w: &mut Work, sender: &Sender, level: &str) -> Result<(), Fail> {
        let level =
            Level::from_str(&level.to_ascii_lowercase()).map_err(|_| Rejection::UnknownLevel)?;
        if w.st.seat_of(&sender.user).is_none() && !w.st.is_creator(&sender.user) {
            return Err(Rejection::NotSeated.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        let seat = Seat::ALL
            .into_iter()
            .find(|s| w.st.seat_row(*s).is_none())
            .ok_or(Rejection::TableFull)?;
        w.tx.set_seat(
            w.st.table.id,
            seat,
            &Occupant::Computer(level.name().to_owned()),
            w.now,
        )
        .await?;
        w.st.seats = w.tx.seats(w.st.table.id).await?;
        self.push_table_view(w);
        Ok(())
    }

    async fn remove_computer(&self, w: &mut Work, sender: &Sender, seat: Seat) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_none() && !w.st.is_creator(&sender.user) {
            return Err(Rejection::NotSeated.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        match w.st.seat_row(seat) {
            Some(row) if matches!(row.occupant, Occupant::Computer(_)) => {}
            _ => return Err(Rejection::NoComputerThere.into()),
        }
        w.tx.clear_seat(w.st.table.id, seat).await?;
        w.st.seats = w.tx.seats(w.st.table.id).await?;
        self.push_table_view(w);
        Ok(())
    }

    async fn hand_over(
        &self,
        w: &mut Work,
        sender: &Sender,
        seat: Seat,
        to: &UserRef,
    ) -> Result<(), Fail> {
        let own = w.st.seat_of(&sender.user) == Some(seat);
        if !own && !w.st.is_creator(&sender.user) && !sender.is_admin {
            return Err(Rejection::NotAllowed.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        if w.st.seat_of(to).is_some() {
            return Err(Rejection::AlreadySeated.into());
        }
        // A player we know keeps their own language; only a newcomer gets
        // the language of the one handing the seat over.
        let language = match w.tx.player_on(to.platform, &to.user_id).await? {
            Some(known) => known.language,
            None => sender.lang.code().to_owned(),
        };
        let new = tarock_storage::NewPlayer {
            platform: to.platform,
            platform_user_id: to.user_id.clone(),
            display_name: to.name.clone(),
            language,
        };
        let player = w.tx.upsert_player(&new, w.now).await?;
        w.tx.set_seat(w.st.table.id, seat, &Occupant::Player(player), w.now)
            .await?;
        w.st.seats = w.tx.seats(w.st.table.id).await?;
        let lang = w.st.lang();
        let chat = w.st.chat();
        w.out.push(Outgoing::Chat {
            table: w.st.table.id,
            chat,
            text: tr!(
                lang,
                "handed-over",
                name = to.name.as_str(),
                seat = seat.index() + 1
            ),
            mentions: vec![to.clone()],
        });
        self.push_table_view(w);
        Ok(())
    }

    async fn pause(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_none() && !sender.is_admin {
            return Err(Rejection::NotSeated.into());
        }
        if w.st.table.status != TableStatus::Playing {
            return Err(Rejection::NoDeal.into());
        }
        w.tx.set_table_status(w.st.table.id, TableStatus::Paused, w.now)
            .await?;
        w.st.table.status = TableStatus::Paused;
        w.tx.clear_deadline(w.st.table.id).await?;
        self.push_table_view(w);
        Ok(())
    }

    async fn resume(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_none() && !sender.is_admin {
            return Err(Rejection::NotSeated.into());
        }
        if w.st.table.status != TableStatus::Paused {
            return Err(Rejection::NotPaused.into());
        }
        w.tx.set_table_status(w.st.table.id, TableStatus::Playing, w.now)
            .await?;
        w.st.table.status = TableStatus::Playing;
        self.set_deadline(w).await?;
        self.push_table_view(w);
        Ok(())
    }

    async fn close(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        if !w.st.is_creator(&sender.user) && !sender.is_admin {
            return Err(Rejection::NotAllowed.into());
        }
        if let Some(deal) =
            w.st.deal
                .as_mut()
                .filter(|d| d.deal.status == DealStatus::Active)
        {
            w.tx.finish_deal(deal.deal.id, DealStatus::Abandoned, w.now)
                .await?;
            deal.deal.status = DealStatus::Abandoned;
        }
        w.tx.clear_deadline(w.st.table.id).await?;
        w.tx.set_table_status(w.st.table.id, TableStatus::Closed, w.now)
            .await?;
        w.st.table.status = TableStatus::Closed;
        self.push_table_view(w);
        let balances = self.balance_lines(w).await?;
        let lang = w.st.lang();
        let lines: Vec<String> = balances
            .iter()
            .map(|b| {
                tr!(
                    lang,
                    "balance-line",
                    name = b.name.as_str(),
                    units = signed(b.units),
                    count = b.units.abs(),
                    money = money(b.cents, lang)
                )
            })
            .collect();
        let chat = w.st.chat();
        w.out.push(Outgoing::Chat {
            table: w.st.table.id,
            chat,
            text: format!(
                "{}\n{}",
                tr!(lang, "closed", table = w.st.table.id.0),
                lines.join("\n")
            ),
            mentions: Vec::new(),
        });
        Ok(())
    }

    // ----- deals -----------------------------------------------------------

    async fn start(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_none() {
            return Err(Rejection::NotSeated.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        if w.st.seats.len() < 4 {
            return Err(Rejection::NotEnoughPlayers.into());
        }
        if w.st.table.status == TableStatus::Lobby {
            w.tx.set_table_status(w.st.table.id, TableStatus::Playing, w.now)
                .await?;
            w.st.table.status = TableStatus::Playing;
        }
        self.deal_next(w).await?;
        self.advance(w).await?;
        for seat in Seat::ALL {
            self.push_private(w, seat);
        }
        Ok(())
    }

    /// Deals the next hand (redealing as the rules demand) and stores it.
    async fn deal_next(&self, w: &mut Work) -> Result<(), Fail> {
        let (_, rules) = parse_rules(&w.st.table.rules)?;
        let (mut number, forehand) = match &w.st.deal {
            None => (1, Seat::S0),
            Some(d) if d.deal.status == DealStatus::Redeal => (d.deal.number + 1, d.deal.forehand),
            Some(d) => (d.deal.number + 1, d.deal.forehand.next()),
        };
        // A double round (a scored Mondfang under some rules) carries over.
        let mut double = DoubleRound::default();
        for (rules_json, breakdown) in w.tx.settled_deals(w.st.table.id).await? {
            let (Ok(deal_rules), Ok(settlement)) = (
                serde_json::from_str::<Value>(&rules_json)
                    .map_err(|e| e.to_string())
                    .and_then(|v| Rules::from_spec(&v).map_err(|e| e.to_string())),
                serde_json::from_str(&breakdown),
            ) else {
                continue;
            };
            double.record(&settlement, &deal_rules);
        }
        let lang = w.st.lang();
        for _ in 0..100 {
            let mut rng = StdRng::seed_from_u64(mix(
                self.seed,
                &[w.st.table.id.0 as u64, u64::from(number), 1],
            ));
            let deal = Deal::shuffled(&mut rng);
            let record_hands = Seat::ALL.map(|s| deal.hand(s).to_string());
            let new = NewDeal {
                table: w.st.table.id,
                number,
                forehand,
                hands: record_hands,
                rules: w.st.table.rules.clone(),
                factor: double.factor(),
                started_ms: w.now,
            };
            let id = w.tx.start_deal(&new).await?;
            if let Some(seat) = deal.redeal_seat(&rules) {
                w.tx.finish_deal(id, DealStatus::Redeal, w.now).await?;
                let name =
                    w.st.seat_row(seat)
                        .map(|r| occupant_name(r, lang))
                        .unwrap_or_default();
                let chat = w.st.chat();
                w.out.push(Outgoing::Chat {
                    table: w.st.table.id,
                    chat,
                    text: tr!(
                        lang,
                        "redeal",
                        name = name,
                        cards = hand_text(deal.hand(seat), lang)
                    ),
                    mentions: Vec::new(),
                });
                number += 1;
                continue;
            }
            let game = Game::new(rules, deal, forehand).map_err(|e| {
                Fail::Store(StorageError::Invalid(format!(
                    "a checked deal did not start: {e:?}"
                )))
            })?;
            w.st.deal = w.tx.load_table(w.st.table.id).await?.and_then(|t| t.deal);
            debug_assert!(
                w.st.deal
                    .as_ref()
                    .is_some_and(|d| d.deal.id == id && d.game.is_some())
            );
            if let Some(d) = w.st.deal.as_mut() {
                d.game = Some(game);
            }
            return Ok(());
        }
        // Never in practice: a forced redeal is rare.
        Err(Fail::Store(StorageError::Invalid(
            "no valid deal in 100 shuffles".into(),
        )))
    }

    /// A human's move: checks the seat, the turn and the step, applies it,
    /// and lets the computers and the settlement follow.
    async fn player_move(
        &self,
        w: &mut Work,
        sender: &Sender,
        step: Option<Step>,
        m: Move,
    ) -> Result<(), Fail> {
        let seat = w.st.seat_of(&sender.user).ok_or(Rejection::NotSeated)?;
        let current = w.st.step().ok_or(Rejection::NoDeal)?;
        if step.is_some_and(|s| s != current) {
            return Err(Rejection::Stale.into());
        }
        let game = w.st.game().ok_or(Rejection::NoDeal)?;
        if game.to_act() != Some(seat) {
            return Err(Rejection::NotYourTurn.into());
        }
        match (&m, game.phase()) {
            (Move::Card(_), Phase::Bidding) => {
                return Err(Rejection::Rule(tarock_engine::RuleError::StillBidding).into());
            }
            (Move::Turn(_), Phase::Play) => {
                return Err(Rejection::Rule(tarock_engine::RuleError::BiddingOver).into());
            }
            _ => {}
        }
        self.apply(w, seat, &m, false).await?;
        self.advance(w).await?;
        // The actor's hand changed (after a settlement everyone got theirs).
        if w.st.deal_active() && w.st.game().and_then(Game::to_act) != Some(seat) {
            self.push_private(w, seat);
        }
        Ok(())
    }

    /// Applies one move to the active deal and appends it to the log.
    async fn apply(
        &self,
        w: &mut Work,
        seat: Seat,
        m: &Move,
        by_computer: bool,
    ) -> Result<(), Fail> {
        let now = w.now;
        let deal =
            w.st.deal
                .as_mut()
                .filter(|d| d.deal.status == DealStatus::Active)
                .ok_or(Rejection::NoDeal)?;
        let game = deal.game.as_mut().ok_or(Rejection::NoDeal)?;
        let mut trial = game.clone();
        match m {
            Move::Turn(bids) => {
                trial
                    .apply_turn(seat, bids)
                    .map_err(|(_, e)| Fail::from(e))?;
            }
            Move::Card(card) => {
                trial.apply(seat, Action::Play(*card))?;
            }
        }
        *game = trial;
        let event = Event {
            seq: deal.next_seq(),
            seat,
            action: move_text(m),
            at_ms: now,
            by_computer,
        };
        w.tx.append_event(deal.deal.id, &event).await?;
        deal.events.push(event);
        Ok(())
    }

    /// After a move: computers at the table act until a human is to act or
    /// the deal ends; a finished deal is settled; views and the deadline
    /// follow.
    async fn advance(&self, w: &mut Work) -> Result<(), Fail> {
        for _ in 0..200 {
            let Some(game) = w.st.game() else { break };
            let Some(seat) = game.to_act() else { break };
            let Some(Occupant::Computer(level)) = w.st.seat_row(seat).map(|r| r.occupant.clone())
            else {
                break;
            };
            let level = Level::from_str(&level).unwrap_or(STAND_IN);
            let m = self.computer_move(w, level)?;
            self.apply(w, seat, &m, false).await?;
        }
        if let Some(game) = w.st.game()
            && game.phase() == Phase::Finished
        {
            self.settle(w).await?;
        }
        self.set_deadline(w).await?;
        self.push_table_view(w);
        if let Some(seat) = w.st.game().and_then(Game::to_act) {
            self.push_private(w, seat);
        }
        Ok(())
    }

    /// What a computer of `level` does for the seat to act, seeing only
    /// that seat's view; deterministic in the table, deal and step.
    fn computer_move(&self, w: &Work, level: Level) -> Result<Move, Fail> {
        let game = w.st.game().ok_or(Rejection::NoDeal)?;
        let step = w.st.step().ok_or(Rejection::NoDeal)?;
        let mut rng = StdRng::seed_from_u64(mix(
            self.seed,
            &[
                w.st.table.id.0 as u64,
                u64::from(step.deal),
                u64::from(step.seq),
                2,
            ],
        ));
        let mut player = level.player();
        let invalid = |e: tarock_ai::drive::IllegalChoice| {
            Fail::Store(StorageError::Invalid(format!("computer player: {e}")))
        };
        if game.phase() == Phase::Bidding {
            let bids = drive::bidding_turn(game, player.as_mut(), &mut rng).map_err(invalid)?;
            Ok(Move::Turn(bids))
        } else {
            match drive::next_action(game, player.as_mut(), &mut rng).map_err(invalid)? {
                Some((_, Action::Play(card))) => Ok(Move::Card(card)),
                _ => Err(Rejection::NoDeal.into()),
            }
        }
    }

    async fn settle(&self, w: &mut Work) -> Result<(), Fail> {
        let Some(deal) =
            w.st.deal
                .as_mut()
                .filter(|d| d.deal.status == DealStatus::Active)
        else {
            return Ok(());
        };
        let Some(settlement) = deal
            .game
            .as_ref()
            .and_then(|g| g.settlement_with_factor(deal.deal.factor))
        else {
            return Ok(());
        };
        let deal_id = deal.deal.id;
        let number = deal.deal.number;
        w.tx.settle(
            deal_id,
            &NewSettlement {
                changes: settlement.changes,
                breakdown: serde_json::to_string(&settlement).expect("settlements serialize"),
                settled_ms: w.now,
            },
        )
        .await?;
        deal.deal.status = DealStatus::Finished;
        let balances = self.balance_lines(w).await?;
        let lang = w.st.lang();
        let names = w.st.names(lang);
        let header = w.st.header(names, Some(number));
        let rows: Vec<(String, i64, i64)> = balances
            .iter()
            .map(|b| (b.name.clone(), b.units, b.cents))
            .collect();
        let text = settlement_text(&settlement, &header, &rows, lang);
        let chat = w.st.chat();
        w.out.push(Outgoing::Settlement {
            table: w.st.table.id,
            chat,
            text,
            items: settlement_items(&settlement, lang),
            changes: settlement.changes,
            balances,
        });
        // Everyone's private view now says the deal is over, without buttons.
        for seat in Seat::ALL {
            self.push_private(w, seat);
        }
        Ok(())
    }

    async fn balance_lines(&self, w: &mut Work) -> Result<Vec<BalanceLine>, Fail> {
        let lang = w.st.lang();
        let mut lines = Vec::new();
        for b in w.tx.table_balances(w.st.table.id).await? {
            let name = match &b.occupant {
                Occupant::Computer(level) => computer_name(level, lang),
                Occupant::Player(id) => match w.tx.player(*id).await? {
                    Some(p) => p.display_name,
                    None => format!("#{id}"),
                },
            };
            lines.push(BalanceLine {
                name,
                units: b.units,
                cents: b.cents,
            });
        }
        Ok(lines)
    }

    /// Sets the deadline of the human seat to act, or clears it.
    async fn set_deadline(&self, w: &mut Work) -> Result<(), Fail> {
        let target = match (
            w.st.table.status,
            w.st.game().and_then(Game::to_act),
            w.st.step(),
        ) {
            (TableStatus::Playing, Some(seat), Some(step)) => {
                w.st.seat_row(seat)
                    .filter(|r| matches!(r.occupant, Occupant::Player(_)))
                    .map(|_| (seat, step))
            }
            _ => None,
        };
        match (target, w.st.deal.as_ref()) {
            (Some((seat, step)), Some(deal)) => {
                let deadline = Deadline {
                    table: w.st.table.id,
                    deal: deal.deal.id,
                    seq: step.seq,
                    seat,
                    remind_ms: Some(w.now + w.st.table.pace_ms / 2),
                    due_ms: w.now + w.st.table.pace_ms,
                    reminded: false,
                };
                w.tx.set_deadline(&deadline).await?;
            }
            _ => w.tx.clear_deadline(w.st.table.id).await?,
        }
        Ok(())
    }

    // ----- views -----------------------------------------------------------

    /// Queues the public table message as it is now.
    fn push_table_view(&self, w: &mut Work) {
        let lang = w.st.lang();
        let names = w.st.names(lang);
        let deal_number = w.st.deal.as_ref().map(|d| d.deal.number);
        let header = w.st.header(names, deal_number);
        let shown_game = w.st.shown_game();
        let text = match shown_game {
            Some(game) if w.st.table.status != TableStatus::Lobby => {
                table_text(&game.public_view(), &header, lang)
            }
            _ => lobby_text(&header, lang),
        };
        let b = |label: &str, action| w.st.button(tr!(lang, label), None, action);
        let buttons: Keyboard = match w.st.table.status {
            TableStatus::Closed => Vec::new(),
            TableStatus::Paused => vec![vec![
                b("btn-rules", ButtonAction::Rules),
                b("btn-balances", ButtonAction::Balances),
            ]],
            _ if w.st.deal_active() => vec![
                vec![
                    b("btn-hand", ButtonAction::Hand),
                    b("btn-last-trick", ButtonAction::LastTrick),
                ],
                vec![
                    b("btn-rules", ButtonAction::Rules),
                    b("btn-balances", ButtonAction::Balances),
                ],
            ],
            TableStatus::Lobby | TableStatus::Playing => {
                // Offer only what can work: joining while a seat is free or
                // a computer holds one, a computer while a seat is free,
                // starting once all four seats are taken.
                let free = w.st.seats.len() < 4;
                let computer_seat =
                    w.st.seats
                        .iter()
                        .any(|r| matches!(r.occupant, Occupant::Computer(_)));
                let mut first = Vec::new();
                if w.st.seats.len() == 4 {
                    let label = if w.st.table.status == TableStatus::Lobby {
                        "btn-start"
                    } else {
                        "btn-next-deal"
                    };
                    first.push(b(label, ButtonAction::Start));
                }
                if free || computer_seat {
                    first.push(b("btn-join", ButtonAction::Join));
                }
                if free {
                    first.push(b(
                        "btn-add-computer",
                        ButtonAction::AddComputer(Level::Medium.name().into()),
                    ));
                }
                let second = if w.st.table.status == TableStatus::Lobby {
                    vec![b("btn-rules", ButtonAction::Rules)]
                } else {
                    vec![
                        b("btn-balances", ButtonAction::Balances),
                        b("btn-rules", ButtonAction::Rules),
                    ]
                };
                vec![first, second]
            }
        };
        let chat = w.st.chat();
        w.out.push(Outgoing::Table {
            table: w.st.table.id,
            chat,
            text,
            buttons,
        });
    }

    /// Queues `seat`'s private view, if a person sits there and a deal is on.
    fn push_private(&self, w: &mut Work, seat: Seat) {
        if let Some(message) = w.st.private_view(seat) {
            w.out.push(message);
        }
    }

    // ----- queries (answered directly, nothing stored) ---------------------

    async fn query(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<(TableState, Option<Seat>), Fail> {
        let id = self.resolve(sender, choice).await?;
        let loaded = self
            .store
            .load_table(id)
            .await?
            .ok_or(Rejection::UnknownTable)?;
        let loaded = TableState {
            table: loaded.table,
            seats: loaded.seats,
            deal: loaded.deal,
        };
        let seat = loaded
            .seats
            .iter()
            .find(|s| {
                s.player.as_ref().is_some_and(|p| {
                    p.platform == sender.user.platform && p.platform_user_id == sender.user.user_id
                })
            })
            .map(|s| s.seat);
        Ok((loaded, seat))
    }

    async fn show_hand(&self, sender: &Sender, choice: TableChoice) -> Result<Vec<Outgoing>, Fail> {
        let (loaded, seat) = self.query(sender, choice).await?;
        let seat = seat.ok_or(Rejection::NotSeated)?;
        // Built exactly as the pushed private view, without a transaction.
        let message = loaded.private_view(seat).ok_or(Rejection::NoDeal)?;
        Ok(vec![message])
    }

    async fn show_compose(
        &self,
        sender: &Sender,
        choice: TableChoice,
        step: Option<Step>,
        bids: &[Bid],
    ) -> Result<Vec<Outgoing>, Fail> {
        let (st, seat) = self.query(sender, choice).await?;
        let seat = seat.ok_or(Rejection::NotSeated)?;
        let current = st.step().ok_or(Rejection::NoDeal)?;
        if step.is_some_and(|s| s != current) {
            return Err(Rejection::Stale.into());
        }
        let game = st.game().ok_or(Rejection::NoDeal)?;
        if game.to_act() != Some(seat) {
            return Err(Rejection::NotYourTurn.into());
        }
        if game.phase() != Phase::Bidding {
            return Err(Rejection::Rule(tarock_engine::RuleError::BiddingOver).into());
        }
        let lang = sender.lang;
        let buttons = st.turn_buttons(game, seat, bids, lang);
        if buttons.is_empty() {
            return Err(Rejection::Stale.into());
        }
        Ok(vec![Outgoing::Private {
            table: st.table.id,
            to: sender.user.clone(),
            text: tr!(
                lang,
                "compose-turn",
                turn = label_turn(game, seat, bids, lang).join(" + ")
            ),
            buttons,
        }])
    }

    async fn show_last_trick(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (loaded, _) = self.query(sender, choice).await?;
        let w = loaded;
        let lang = sender.lang;
        let game = w.game().ok_or(Rejection::NoDeal)?;
        let last = game.tricks().last().ok_or(Rejection::NoTrickYet)?;
        let names = w.names(lang);
        let plays: Vec<String> = last
            .trick
            .plays()
            .map(|(s, c)| {
                format!(
                    "{} {}",
                    names[s.index()].clone().unwrap_or_default(),
                    card_label(c, lang)
                )
            })
            .collect();
        let winner = names[last.winner.index()].clone().unwrap_or_default();
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: tr!(
                lang,
                "last-trick",
                plays = plays.join(" · "),
                winner = winner
            ),
        }])
    }

    async fn show_our_tricks(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (loaded, seat) = self.query(sender, choice).await?;
        let seat = seat.ok_or(Rejection::NotSeated)?;
        let w = loaded;
        let lang = sender.lang;
        let game = w.game().ok_or(Rejection::NoDeal)?;
        let view = game.view(seat);
        let mine = view.my_party().ok_or(Rejection::PartyUnknown)?;
        // Tricks won by seats this seat knows to be on its side.
        let ours: Vec<String> = view
            .tricks
            .iter()
            .filter(|t| view.parties[t.winner.index()] == Some(mine))
            .map(|t| {
                t.trick
                    .cards()
                    .iter()
                    .map(|c| card_label(*c, lang))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let points: u32 = view
            .tricks
            .iter()
            .filter(|t| view.parties[t.winner.index()] == Some(mine))
            .map(|t| {
                t.trick
                    .cards()
                    .iter()
                    .map(|c| u32::from(c.points()))
                    .sum::<u32>()
            })
            .sum();
        let party = match mine {
            Party::Declarer => tr!(lang, "party-declarers"),
            Party::Opponents => tr!(lang, "party-opponents"),
        };
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: tr!(
                lang,
                "our-tricks",
                party = party,
                count = ours.len(),
                tricks = ours.join(" | "),
                points = points
            ),
        }])
    }

    async fn show_rules(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let id = self.resolve(sender, choice).await?;
        let table = self.store.table(id).await?.ok_or(Rejection::UnknownTable)?;
        let lang = sender.lang;
        let pace_minutes = table.pace_ms / 60_000;
        // A preset is named; overrides are shown as written.
        let id = if table.rules.trim_start().starts_with('{') {
            "rules-text-overrides"
        } else {
            "rules-text"
        };
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: tr!(
                lang,
                id,
                table = table.id.0,
                rules = rules_label(&table.rules),
                spec = table.rules.as_str(),
                stake = money(table.stake_cents, lang),
                minutes = pace_minutes
            ),
        }])
    }

    async fn show_balances(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let id = self.resolve(sender, choice).await?;
        let lang = sender.lang;
        let balances = self.store.table_balances(id).await?;
        let mut lines = vec![tr!(lang, "balances-title")];
        if balances.is_empty() {
            lines.push(tr!(lang, "balances-none"));
        }
        for b in balances {
            let name = match &b.occupant {
                Occupant::Computer(level) => computer_name(level, lang),
                Occupant::Player(pid) => self
                    .store
                    .player(*pid)
                    .await?
                    .map_or_else(|| format!("#{pid}"), |p| p.display_name),
            };
            lines.push(tr!(
                lang,
                "balance-line",
                name = name,
                units = signed(b.units),
                count = b.units.abs(),
                money = money(b.cents, lang)
            ));
        }
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: lines.join("\n"),
        }])
    }

    // ----- deadlines -------------------------------------------------------

    /// Handles every deadline due now: reminders at half time (privately
    /// and with a mention in the chat), and at the deadline a computer
    /// acting for the absent seat. Returns how many deadlines were handled.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn tick(&self) -> Result<u32, ServiceError> {
        let now = self.clock.now_ms();
        let mut handled = 0;
        for deadline in self.store.due_deadlines(now, 100).await? {
            match self.on_deadline(&deadline).await {
                Ok(true) => handled += 1,
                Ok(false) | Err(Fail::Reject(_)) => {}
                Err(Fail::Store(StorageError::Conflict { .. })) => {}
                Err(Fail::Store(e)) => return Err(e.into()),
            }
        }
        Ok(handled)
    }

    /// When [`TableService::tick`] next has something to do.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn next_wakeup(&self) -> Result<Option<i64>, ServiceError> {
        Ok(self.store.next_deadline_ms().await?)
    }

    async fn on_deadline(&self, deadline: &Deadline) -> Result<bool, Fail> {
        let mut w = self.begin(None, Platform::Local, deadline.table).await?;
        // The deadline must still be the table's current one.
        let current = w.st.step();
        let matches = w.st.table.status == TableStatus::Playing
            && w.st
                .deal
                .as_ref()
                .is_some_and(|d| d.deal.id == deadline.deal)
            && current.is_some_and(|s| s.seq == deadline.seq)
            && w.st.game().and_then(Game::to_act) == Some(deadline.seat);
        if !matches {
            // A deadline that no longer fits the table (it should have been
            // replaced in the transaction that moved on): put the right one
            // in its place, so the scheduler does not wake for it again.
            self.set_deadline(&mut w).await?;
            self.commit(w).await?;
            return Ok(false);
        }
        let lang = w.st.lang();
        let row = w.st.seat_row(deadline.seat).cloned();
        let name = row
            .as_ref()
            .map(|r| occupant_name(r, lang))
            .unwrap_or_default();
        let user = row.as_ref().and_then(user_of);
        if deadline.due_ms <= w.now {
            let m = self.computer_move(&w, STAND_IN)?;
            self.apply(&mut w, deadline.seat, &m, true).await?;
            let chat = w.st.chat();
            w.out.push(Outgoing::Chat {
                table: w.st.table.id,
                chat,
                text: tr!(lang, "stand-in", name = name.as_str()),
                mentions: user.into_iter().collect(),
            });
            self.advance(&mut w).await?;
            // The table view says so too, until the next move.
            let note = tr!(lang, "stand-in", name = name.as_str());
            if let Some(Outgoing::Table { text, .. }) = w
                .out
                .iter_mut()
                .rev()
                .find(|m| matches!(m, Outgoing::Table { .. }))
            {
                text.push('\n');
                text.push_str(&note);
            }
            if w.st.deal_active() && w.st.game().and_then(Game::to_act) != Some(deadline.seat) {
                self.push_private(&mut w, deadline.seat);
            }
        } else {
            let minutes = ((deadline.due_ms - w.now) / 60_000).max(1);
            let chat = w.st.chat();
            w.out.push(Outgoing::Chat {
                table: w.st.table.id,
                chat,
                text: tr!(
                    lang,
                    "reminder-chat",
                    name = name.as_str(),
                    minutes = minutes
                ),
                mentions: user.into_iter().collect(),
            });
            if let Some(Outgoing::Private {
                table,
                to,
                text,
                buttons,
            }) = w.st.private_view(deadline.seat)
            {
                let plang = row
                    .as_ref()
                    .and_then(|r| r.player.as_ref())
                    .map_or(lang, |p| Lang::from_tag(&p.language));
                w.out.push(Outgoing::Private {
                    table,
                    to,
                    text: format!(
                        "{}\n{text}",
                        tr!(plang, "reminder-private", minutes = minutes)
                    ),
                    buttons,
                });
            }
            w.tx.set_deadline(&Deadline {
                reminded: true,
                ..deadline.clone()
            })
            .await?;
        }
        self.commit(w).await?;
        Ok(true)
    }

    // ----- delivery --------------------------------------------------------

    /// Claims up to `limit` messages due for delivery, oldest first, in order
    /// per destination. Deliver each, then call [`TableService::delivered`]
    /// or [`TableService::failed`].
    ///
    /// # Errors
    /// When the database fails.
    pub async fn claim(&self, limit: u32) -> Result<Vec<Delivery>, ServiceError> {
        let now = self.clock.now_ms();
        let mut out = Vec::new();
        for m in self.store.claim_outbox(now, LEASE_MS, limit).await? {
            match serde_json::from_str::<Outgoing>(&m.payload) {
                Ok(message) => out.push(Delivery {
                    id: m.id,
                    message,
                    attempts: m.attempts,
                }),
                // Written by this service, so unreadable means a newer or
                // older format: give up on it rather than loop forever.
                Err(e) => {
                    self.store
                        .mark_failed(m.id, &format!("unreadable: {e}"), None)
                        .await?
                }
            }
        }
        Ok(out)
    }

    /// Marks a claimed message delivered.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn delivered(&self, id: MessageId) -> Result<(), ServiceError> {
        Ok(self.store.mark_sent(id, self.clock.now_ms()).await?)
    }

    /// Records a failed delivery, to be retried after `retry_in_ms` (or given
    /// up for good when `None`).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn failed(
        &self,
        id: MessageId,
        error: &str,
        retry_in_ms: Option<i64>,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now_ms();
        Ok(self
            .store
            .mark_failed(id, error, retry_in_ms.map(|d| now + d))
            .await?)
    }

    /// Hands a claimed message back undelivered, without counting the attempt.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn release(&self, id: MessageId) -> Result<(), ServiceError> {
        Ok(self.store.release(id, self.clock.now_ms()).await?)
    }

    /// Remembers the platform id of a table's public message (after the front
    /// end sent it the first time), so later versions edit it in place.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_public_message(
        &self,
        table: TableId,
        message_id: &str,
    ) -> Result<(), ServiceError> {
        let mut tx = self.store.begin().await?;
        tx.set_public_message(table, Some(message_id), self.clock.now_ms())
            .await?;
        tx.commit().await?;
        Ok(())
    }
}

fn m_user(user: &UserRef) -> String {
    format!("{}:{}", user.platform, user.user_id)
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
        | CommandKind::AddComputer(t, _)
        | CommandKind::RemoveComputer(t, _)
        | CommandKind::Start(t)
        | CommandKind::Turn(t, _, _)
        | CommandKind::Compose(t, _, _)
        | CommandKind::TurnWords(t, _, _)
        | CommandKind::Play(t, _, _)
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
        CommandKind::Create(_) | CommandKind::Button(_) => None,
    }
}

/// The command a button payload stands for.
fn button_command(payload: &str) -> Result<CommandKind, Fail> {
    let p: Payload = payload.parse().map_err(|_| Rejection::Malformed)?;
    let t = Some(p.table);
    Ok(match p.action {
        ButtonAction::Join => CommandKind::Join(t, None),
        ButtonAction::AddComputer(level) => CommandKind::AddComputer(t, level),
        ButtonAction::Start => CommandKind::Start(t),
        ButtonAction::Hand => CommandKind::Hand(t),
        ButtonAction::Rules => CommandKind::Rules(t),
        ButtonAction::Balances => CommandKind::Balances(t),
        ButtonAction::LastTrick => CommandKind::LastTrick(t),
        ButtonAction::OurTricks => CommandKind::OurTricks(t),
        ButtonAction::Turn(bids) => {
            CommandKind::Turn(t, Some(p.step.ok_or(Rejection::Malformed)?), bids)
        }
        ButtonAction::Compose(bids) => {
            CommandKind::Compose(t, Some(p.step.ok_or(Rejection::Malformed)?), bids)
        }
        ButtonAction::Play(card) => {
            CommandKind::Play(t, Some(p.step.ok_or(Rejection::Malformed)?), card)
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
    fn rules_are_read_as_presets_or_json() {
        assert_eq!(parse_rules("Tarockwelt").unwrap().0, "\"tarockwelt\"");
        assert_eq!(parse_rules("\"standard\"").unwrap().0, "\"standard\"");
        let (json, rules) = parse_rules(r#"{"preset":"standard","solo_value":5}"#).unwrap();
        assert_eq!(json, r#"{"preset":"standard","solo_value":5}"#);
        assert_eq!(rules.solo_value, 5);
        for bad in ["skat", "{", r#"{"preset":"standard","nonsense":1}"#, ""] {
            assert!(
                matches!(parse_rules(bad), Err(Rejection::BadRules(_))),
                "{bad:?}"
            );
        }
        assert_eq!(rules_label("\"wikipedia\""), "wikipedia");
        assert_eq!(
            rules_label(r#"{"preset":"directnet","solo_value":5}"#),
            "directnet*"
        );
    }

    #[test]
    fn seeds_differ_by_every_part() {
        let base = mix(1, &[2, 3, 4]);
        assert_ne!(base, mix(2, &[2, 3, 4]));
        assert_ne!(base, mix(1, &[3, 3, 4]));
        assert_ne!(base, mix(1, &[2, 3, 5]));
        assert_eq!(base, mix(1, &[2, 3, 4]));
    }
}
