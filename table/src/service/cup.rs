//! Cups in a chat (issue 18, item 4): `/tarock cup new NAME` opens a
//! tournament owned by the chat, people join it, and the organizer draws
//! each round (`/tarock cup draw`) into Königrufen tables of the chat. A
//! cup's table deals on by itself and ends after the round's 16 deals; its
//! players' Schrift (the score without Kontra) goes into the cup, and when
//! the round's last table ends, the chat gets the standings of the day and
//! the season. The ranking rules are the game-neutral `tarock-cup` crate's.
//!
//! Tables are of four, and of five where the number of players needs it:
//! there each deal's dealer sits out (`tarock_koenigrufen::Koenigrufen` at
//! five seats), and the round has 20 deals instead of 16.

use serde::{Deserialize, Serialize};
use tarock_cup::{Cup, CupError, CupFormat, PlayerNo};
use tarock_storage::{CupChat, CupRow, CupStatus, CupTable, LoadedTable, NewCup, PlayerId};

use super::*;
use crate::command::{CupAction, CupSettings};

/// Money per unit at a cup's tables, in cents (seed 002: 10 cents).
const CUP_STAKE_CENTS: i64 = 10;
/// The longest name of a cup, in characters.
const MAX_NAME: usize = 60;
/// The most days a season may have.
const MAX_DAYS: usize = 52;
/// The most rounds a day may have.
const MAX_ROUNDS: usize = 10;

/// A cup's stored document: the tournament and the stored player of each
/// of its players (by [`PlayerNo`]). Which table each round was drawn
/// into is storage's `cup_tables`.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct CupDoc {
    cup: Cup,
    /// `members[n]` is the stored player of cup player `n`.
    members: Vec<i64>,
}

impl CupDoc {
    fn parse(row: &CupRow) -> Result<CupDoc, Fail> {
        serde_json::from_str(&row.data).map_err(|e| {
            Fail::Store(StorageError::Invalid(format!(
                "cup {} cannot be read: {e}",
                row.id
            )))
        })
    }

    fn json(&self) -> String {
        serde_json::to_string(self).expect("a cup serializes")
    }

    /// The cup player of a stored player.
    fn member(&self, player: PlayerId) -> Option<PlayerNo> {
        self.members
            .iter()
            .position(|m| *m == player.0)
            .and_then(|i| u16::try_from(i).ok())
            .map(PlayerNo)
    }

    /// The stored player of a cup player.
    fn player_id(&self, no: PlayerNo) -> Option<PlayerId> {
        self.members.get(usize::from(no.0)).copied().map(PlayerId)
    }

    /// The cup player named `name` (case does not matter).
    fn named(&self, name: &str) -> Option<PlayerNo> {
        let name = name.trim();
        self.cup
            .players
            .iter()
            .position(|p| p.to_lowercase() == name.to_lowercase())
            .and_then(|i| u16::try_from(i).ok())
            .map(PlayerNo)
    }

    /// A name for a new player that no other player of the cup has: the
    /// display name, numbered when it is taken (`Anna (2)`).
    fn free_name(&self, wanted: &str) -> String {
        let wanted = match wanted.trim() {
            "" => "?",
            w => w,
        };
        (1..)
            .map(|n| {
                if n == 1 {
                    wanted.to_owned()
                } else {
                    format!("{wanted} ({n})")
                }
            })
            .find(|name| self.named(name).is_none())
            .expect("some number is free")
    }

    /// The tables of the current round still playing, by number (1-based).
    fn open_tables(&self) -> Vec<usize> {
        self.cup
            .current()
            .map(|r| {
                r.tables
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.scores.is_none())
                    .map(|(i, _)| i + 1)
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl ChatRef {
    /// This chat as a cup's chat.
    fn as_cup_chat(&self) -> CupChat {
        CupChat {
            platform: self.platform,
            chat_id: self.chat_id.clone(),
            thread_id: self.thread_id.clone(),
        }
    }

    fn of_cup(chat: &CupChat) -> ChatRef {
        ChatRef {
            platform: chat.platform,
            chat_id: chat.chat_id.clone(),
            thread_id: chat.thread_id.clone(),
        }
    }
}

/// A player as a mention.
fn mention(player: &Player, name: &str) -> UserRef {
    UserRef {
        platform: player.platform,
        user_id: player.platform_user_id.clone(),
        name: name.to_owned(),
    }
}

/// A cup being changed: its transaction, row and document.
struct CupWork {
    tx: Tx,
    now: i64,
    row: CupRow,
    doc: CupDoc,
    /// Messages to the cup's chat, queued with the commit.
    posts: Vec<Outgoing>,
}

impl CupWork {
    fn new(tx: Tx, now: i64, row: CupRow, doc: CupDoc) -> CupWork {
        CupWork {
            tx,
            now,
            row,
            doc,
            posts: Vec::new(),
        }
    }

    fn lang(&self) -> Lang {
        Lang::from_tag(&self.row.language)
    }

    fn post(&mut self, text: String, mentions: Vec<UserRef>) {
        self.posts.push(Outgoing::Post {
            chat: ChatRef::of_cup(&self.row.chat),
            text,
            mentions,
        });
    }

    /// Writes the document and the posts, and commits.
    async fn commit(mut self, status: CupStatus) -> Result<(), Fail> {
        self.tx
            .save_cup(self.row.id, &self.doc.json(), status, self.now)
            .await?;
        let rows: Vec<NewMessage> = self.posts.iter().map(new_message).collect();
        self.tx.enqueue_many(None, &rows, self.now).await?;
        self.tx.commit().await?;
        Ok(())
    }
}

impl TableService {
    /// Handles `/tarock cup …`.
    pub(super) async fn cup_command(
        &self,
        sender: &Sender,
        update: Option<&str>,
        action: &CupAction,
    ) -> Result<Vec<Outgoing>, Fail> {
        if sender.in_private_chat() {
            return Err(CupRefusal::InPrivate.into());
        }
        match action {
            CupAction::Help => {
                return Ok(vec![Outgoing::Notice {
                    to: sender.user.clone(),
                    text: tr!(sender.lang, "cup-help"),
                }]);
            }
            CupAction::New(settings) => self.open_cup(sender, update, settings).await?,
            CupAction::End => self.end_cup(sender, update).await?,
            CupAction::Standings => self.post_standings(sender, update).await?,
            other => {
                let mut c = self.begin_cup(sender, update).await?;
                match other {
                    CupAction::Join => self.join_cup(&mut c, sender).await?,
                    CupAction::Leave => self.leave_cup(&mut c, sender).await?,
                    CupAction::Draw { absent } => {
                        c = self.draw_round(c, sender, absent).await?;
                    }
                    _ => return Err(Rejection::Malformed.into()),
                }
                c.commit(CupStatus::Open).await?;
            }
        }
        Ok(Vec::new())
    }

    /// Posts the standings of the chat's cup in the chat: the open one, or
    /// the one played last.
    async fn post_standings(&self, sender: &Sender, update: Option<&str>) -> Result<(), Fail> {
        let row = self
            .store
            .latest_cup_in(&sender.chat.as_cup_chat())
            .await?
            .ok_or(CupRefusal::NoCup)?;
        let doc = CupDoc::parse(&row)?;
        let lang = Lang::from_tag(&row.language);
        let over = row.status == CupStatus::Over;
        let open = self.open_cup_tables(&row, &doc).await?;
        let mut text = standings_text(&doc, lang, over, &open);
        if over {
            text = format!(
                "{}\n{text}",
                tr!(lang, "cup-standings-over", cup = row.name.as_str())
            );
        }
        let post = Outgoing::Post {
            chat: ChatRef::of_cup(&row.chat),
            text,
            mentions: Vec::new(),
        };
        let (mut tx, now) = self.begin_for(sender.user.platform, update).await?;
        tx.enqueue_many(None, &[new_message(&post)], now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The current round's tables still playing: their number in the
    /// round and their table.
    async fn open_cup_tables(
        &self,
        row: &CupRow,
        doc: &CupDoc,
    ) -> Result<Vec<(usize, TableId)>, Fail> {
        let Some(current) = doc.cup.current() else {
            return Ok(Vec::new());
        };
        let open = doc.open_tables();
        let round = (small(current.id.day), small(current.id.round));
        Ok(self
            .store
            .cup_tables(row.id)
            .await?
            .into_iter()
            .filter(|t| (t.day, t.round) == round && open.contains(&(t.table_no as usize)))
            .map(|t| (t.table_no as usize, t.table))
            .collect())
    }

    /// Takes the chat's open cup for a change.
    async fn begin_cup(&self, sender: &Sender, update: Option<&str>) -> Result<CupWork, Fail> {
        let (mut tx, now) = self.begin_for(sender.user.platform, update).await?;
        let row = tx
            .lock_open_cup_in(&sender.chat.as_cup_chat())
            .await?
            .ok_or(CupRefusal::NoCup)?;
        let doc = CupDoc::parse(&row)?;
        Ok(CupWork::new(tx, now, row, doc))
    }

    async fn open_cup(
        &self,
        sender: &Sender,
        update: Option<&str>,
        settings: &CupSettings,
    ) -> Result<(), Fail> {
        let name = settings.name.trim();
        let format = CupFormat {
            days: settings.days,
            rounds_per_day: settings.rounds,
            best_days: settings.best,
        };
        let fits = (1..=MAX_DAYS).contains(&format.days)
            && (1..=MAX_ROUNDS).contains(&format.rounds_per_day)
            && (1..=format.days).contains(&format.best_days);
        if name.is_empty() || name.chars().count() > MAX_NAME || !fits {
            return Err(CupRefusal::BadSettings.into());
        }
        let (game, rules) = games::cup_game().ok_or(Rejection::UnknownGame)?;
        let (mut tx, now) = self.begin_for(sender.user.platform, update).await?;
        let creator = tx.upsert_player(&new_player(sender), now).await?;
        let mut doc = CupDoc {
            cup: Cup::new(name, game.id(), rules, format, &[]).map_err(cup_error)?,
            members: Vec::new(),
        };
        let first = doc.free_name(&sender.user.name);
        doc.cup.add_player(&first).map_err(cup_error)?;
        doc.members.push(creator.0);
        let chat = sender.chat.as_cup_chat();
        let new = NewCup {
            chat,
            name: name.to_owned(),
            data: doc.json(),
            pace_ms: settings.pace.ms,
            language: settings.lang.code().to_owned(),
            creator,
        };
        let id = tx
            .create_cup(&new, now)
            .await?
            .ok_or(CupRefusal::ChatHasCup)?;
        let row = tx
            .lock_cup(id)
            .await?
            .ok_or_else(|| Fail::Store(StorageError::NotFound(format!("cup {id}"))))?;
        let mut c = CupWork::new(tx, now, row, doc);
        let lang = settings.lang;
        c.post(
            tr!(
                lang,
                "cup-opened",
                name = name,
                game = game.name(lang),
                rules = rules,
                organizer = first.as_str(),
                days = format.days,
                rounds = format.rounds_per_day,
                best = format.best_days,
                pace = pace_text(settings.pace.ms, lang)
            ),
            Vec::new(),
        );
        c.commit(CupStatus::Open).await
    }

    async fn join_cup(&self, c: &mut CupWork, sender: &Sender) -> Result<(), Fail> {
        let player = c.tx.upsert_player(&new_player(sender), c.now).await?;
        if c.doc.member(player).is_some() {
            return Err(CupRefusal::AlreadyIn.into());
        }
        if c.doc.cup.next_round_id().is_none() {
            return Err(CupRefusal::SeasonOver.into());
        }
        let name = c.doc.free_name(&sender.user.name);
        c.doc.cup.add_player(&name).map_err(cup_error)?;
        c.doc.members.push(player.0);
        let lang = c.lang();
        let text = tr!(
            lang,
            "cup-joined",
            name = name.as_str(),
            cup = c.row.name.as_str(),
            players = c.doc.cup.players.len(),
            drawn = if c.doc.cup.rounds.is_empty() {
                "no"
            } else {
                "yes"
            }
        );
        c.post(text, Vec::new());
        Ok(())
    }

    async fn leave_cup(&self, c: &mut CupWork, sender: &Sender) -> Result<(), Fail> {
        let player =
            c.tx.player_on(sender.user.platform, &sender.user.user_id)
                .await?;
        let no = player
            .and_then(|p| c.doc.member(p.id))
            .ok_or(CupRefusal::NotIn)?;
        if !c.doc.cup.rounds.is_empty() {
            return Err(CupRefusal::AlreadyDrawn.into());
        }
        let i = usize::from(no.0);
        let name = c.doc.cup.players.remove(i);
        c.doc.members.remove(i);
        let lang = c.lang();
        let text = tr!(
            lang,
            "cup-left",
            name = name.as_str(),
            players = c.doc.cup.players.len()
        );
        c.post(text, Vec::new());
        Ok(())
    }

    /// Whether the sender may draw rounds and end the cup: its organizer
    /// or an admin of the chat.
    async fn organizes(tx: &mut Tx, row: &CupRow, sender: &Sender) -> Result<bool, Fail> {
        if sender.is_admin {
            return Ok(true);
        }
        let player = tx
            .player_on(sender.user.platform, &sender.user.user_id)
            .await?;
        Ok(player.is_some_and(|p| p.id == row.creator))
    }

    /// Draws the next round among the players present and deals at each
    /// of its tables.
    async fn draw_round(
        &self,
        mut c: CupWork,
        sender: &Sender,
        absent: &[String],
    ) -> Result<CupWork, Fail> {
        if !Self::organizes(&mut c.tx, &c.row, sender).await? {
            return Err(CupRefusal::NotOrganizer.into());
        }
        let open = c.doc.open_tables();
        if !open.is_empty() {
            return Err(CupRefusal::RoundOpen { tables: open }.into());
        }
        let field = c.doc.cup.next_field().ok_or(CupRefusal::SeasonOver)?;
        let mut away = Vec::new();
        for name in absent.iter().filter(|n| !n.trim().is_empty()) {
            let no = c
                .doc
                .named(name)
                .ok_or_else(|| CupRefusal::UnknownPlayer(name.trim().to_owned()))?;
            away.push(no);
        }
        let present: Vec<PlayerNo> = field.into_iter().filter(|p| !away.contains(p)).collect();
        let seed = self
            .randomness
            .draw_seed(c.row.id.0, c.doc.cup.rounds.len() + 1)?;
        let round = c
            .doc
            .cup
            .draw_next(&present, seed)
            .map_err(cup_error)?
            .clone();
        let face = games::face(&c.doc.cup.game).ok_or(Rejection::UnknownGame)?;
        let lang = c.lang();
        let mut lines = Vec::new();
        let mut mentions = Vec::new();
        let mut dealt = Vec::new();
        let mut tx = c.tx;
        for (i, drawn) in round.tables.iter().enumerate() {
            // Four at a table, or five where the dealer sits each deal out.
            let seats = u8::try_from(drawn.seats.len()).unwrap_or(u8::MAX);
            let (_, _, rules) = table_spec(face.id(), Some(seats), &c.doc.cup.rules)?;
            let id = tx
                .create_table(
                    &NewTable {
                        platform: c.row.chat.platform,
                        chat_id: c.row.chat.chat_id.clone(),
                        thread_id: c.row.chat.thread_id.clone(),
                        game: face.id().to_owned(),
                        seats,
                        rules,
                        stake_cents: CUP_STAKE_CENTS,
                        pace_ms: c.row.pace_ms,
                        language: c.row.language.clone(),
                        creator: Some(c.row.creator),
                    },
                    c.now,
                )
                .await?;
            let mut names = Vec::new();
            for (seat, no) in drawn.seats.iter().enumerate() {
                let player = c.doc.player_id(*no).ok_or_else(|| {
                    Fail::Store(StorageError::Invalid(format!(
                        "cup player {} unknown",
                        no.0
                    )))
                })?;
                let seat = TableSeat::new(u8::try_from(seat).unwrap_or(0));
                tx.set_seat(id, seat, &Occupant::Player(player), c.now)
                    .await?;
                let name = c.doc.cup.name_of(*no).to_owned();
                if let Some(p) = tx.player(player).await? {
                    mentions.push(mention(&p, &name));
                }
                names.push(name);
            }
            tx.add_cup_table(&CupTable {
                table: id,
                cup: c.row.id,
                day: small(round.id.day),
                round: small(round.id.round),
                table_no: small(i + 1),
                deals: drawn.deals,
            })
            .await?;
            tx.set_table_status(id, TableStatus::Playing, c.now).await?;
            lines.push(tr!(
                lang,
                "cup-drawn-table",
                no = i + 1,
                table = id.0,
                deals = drawn.deals,
                seats = seats,
                players = names.join(", ")
            ));
            // Deal the table's first round in the same transaction.
            let loaded = LoadedTable {
                table: tx.lock_table(id).await?,
                seats: tx.seats(id).await?,
                deal: None,
            };
            let mut w = Work::of(tx, c.now, loaded, Vec::new());
            let note = tr!(lang, "cup-deal", deal = 1, deals = drawn.deals);
            self.start_round(&mut w, face, Some(note)).await?;
            tx = w.tx;
            dealt.push((id, outbox_rows(w.out, &w.st)));
        }
        c.tx = tx;
        let mut text = vec![tr!(
            lang,
            "cup-drawn",
            cup = c.row.name.as_str(),
            day = round.id.day,
            round = round.id.round,
            rounds = c.doc.cup.format.rounds_per_day,
            tables = round.tables.len()
        )];
        text.extend(lines);
        c.post(text.join("\n"), mentions);
        // The draw first, then each table's messages: one lane per chat
        // keeps that order.
        let posts: Vec<NewMessage> = c.posts.drain(..).map(|m| new_message(&m)).collect();
        c.tx.enqueue_many(None, &posts, c.now).await?;
        for (table, rows) in dealt {
            c.tx.enqueue_many(Some(table), &rows, c.now).await?;
        }
        Ok(c)
    }

    /// Ends the chat's cup now: its tables still playing close (their
    /// deals so far count for nothing), and the standings are posted.
    async fn end_cup(&self, sender: &Sender, update: Option<&str>) -> Result<(), Fail> {
        // The tables first, then the cup: the order a table's last deal
        // takes them in, so that the two never wait for each other.
        let chat = sender.chat.as_cup_chat();
        let row = self
            .store
            .open_cup_in(&chat)
            .await?
            .ok_or(CupRefusal::NoCup)?;
        let doc = CupDoc::parse(&row)?;
        let open = self.open_cup_tables(&row, &doc).await?;
        let (mut tx, now) = self.begin_for(sender.user.platform, update).await?;
        let mut closing = Vec::new();
        for (_, id) in open {
            if let Some(loaded) = tx.lock_and_load_table(id).await? {
                closing.push(loaded);
            }
        }
        let row = tx.lock_cup(row.id).await?.ok_or(CupRefusal::NoCup)?;
        if row.status != CupStatus::Open {
            return Err(CupRefusal::NoCup.into());
        }
        if !Self::organizes(&mut tx, &row, sender).await? {
            return Err(CupRefusal::NotOrganizer.into());
        }
        let doc = CupDoc::parse(&row)?;
        let mut closed = Vec::new();
        for loaded in closing {
            if loaded.table.status == TableStatus::Closed {
                continue;
            }
            let links = tx.links(loaded.table.id).await?;
            let mut w = Work::of(tx, now, loaded, links);
            self.close_now(&mut w).await?;
            tx = w.tx;
            closed.push((w.st.table.id, outbox_rows(w.out, &w.st)));
        }
        let mut c = CupWork::new(tx, now, row, doc);
        let lang = c.lang();
        let text = format!(
            "{}\n{}",
            tr!(lang, "cup-ended", cup = c.row.name.as_str()),
            standings_text(&c.doc, lang, true, &[])
        );
        c.post(text, Vec::new());
        for (table, rows) in closed {
            c.tx.enqueue_many(Some(table), &rows, now).await?;
        }
        c.commit(CupStatus::Over).await
    }

    /// After a settlement at a table: whether the table deals its next
    /// round by itself (a cup's table before its round is played), with
    /// the line to say under the round's start ("deal 5 of 16"). At a
    /// cup's table after the round's last deal, the table ends and its
    /// players' Schrift goes into the cup; the round's last table posts
    /// the standings.
    pub(super) async fn cup_table_goes_on(&self, w: &mut Work) -> Result<Option<String>, Fail> {
        let Some(drawn) = w.tx.cup_table(w.st.table.id).await? else {
            return Ok(None);
        };
        let number = w.st.deal.as_ref().map_or(0, |d| d.deal.number);
        let lang = w.st.lang();
        if number < drawn.deals {
            return Ok(Some(tr!(
                lang,
                "cup-deal",
                deal = number + 1,
                deals = drawn.deals
            )));
        }
        // The round is played here: each seat's Schrift over its deals.
        let totals = super::round::schrift_totals(w).await?;
        w.tx.set_table_status(w.st.table.id, TableStatus::Closed, w.now)
            .await?;
        w.st.table.status = TableStatus::Closed;
        let row =
            w.tx.lock_cup(drawn.cup)
                .await?
                .ok_or_else(|| Fail::Store(StorageError::NotFound(format!("cup {}", drawn.cup))))?;
        let mut doc = CupDoc::parse(&row)?;
        let context = w.st.context(lang);
        let scores: Vec<String> = totals
            .iter()
            .enumerate()
            .map(|(seat, total)| {
                let seat = TableSeat::new(u8::try_from(seat).unwrap_or(0));
                tr!(
                    lang,
                    "cup-table-score",
                    name = context.name(seat).as_str(),
                    total = signed(*total)
                )
            })
            .collect();
        w.say(
            tr!(
                lang,
                "cup-table-done",
                no = drawn.table_no,
                deals = drawn.deals,
                scores = scores.join(", ")
            ),
            Vec::new(),
        );
        if row.status != CupStatus::Open {
            return Ok(None);
        }
        // Only the round it was drawn for takes the scores.
        let current = doc
            .cup
            .current()
            .map(|r| (small(r.id.day), small(r.id.round)));
        if current != Some((drawn.day, drawn.round)) {
            return Ok(None);
        }
        if let Err(e) = doc.cup.record(drawn.table_no as usize, &totals) {
            tracing::warn!(table = w.st.table.id.0, cup = drawn.cup.0, error = %e, "a cup table's scores were not taken");
            return Ok(None);
        }
        let mut status = CupStatus::Open;
        if doc.cup.current().is_some_and(tarock_cup::Round::complete) {
            let cup_lang = Lang::from_tag(&row.language);
            let mut text = standings_text(&doc, cup_lang, false, &[]);
            if doc.cup.next_round_id().is_none() {
                status = CupStatus::Over;
                text = format!(
                    "{}\n{}",
                    tr!(cup_lang, "cup-season-over", cup = row.name.as_str()),
                    text
                );
            }
            w.out.push(Outgoing::Post {
                chat: ChatRef::of_cup(&row.chat),
                text,
                mentions: Vec::new(),
            });
        }
        w.tx.save_cup(row.id, &doc.json(), status, w.now).await?;
        Ok(None)
    }
}

/// A day, round or table number as stored.
fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A refusal of the cup crate as the sender reads it.
fn cup_error(e: CupError) -> Fail {
    match e {
        CupError::SeasonOver => CupRefusal::SeasonOver.into(),
        CupError::CannotSeat { players } => CupRefusal::CannotSeat(players).into(),
        CupError::RoundOpen(_) => CupRefusal::RoundOpen { tables: Vec::new() }.into(),
        CupError::BadName(_) => CupRefusal::BadSettings.into(),
        CupError::NoPlayer(no) => CupRefusal::UnknownPlayer(no.to_string()).into(),
        other => Fail::Store(StorageError::Invalid(other.to_string())),
    }
}

/// The standings message: the current day so far (or as finished) and the
/// season over the complete days; unless the cup is `over`, what comes
/// next: the `open` tables of the round (number and table), or the draw.
fn standings_text(doc: &CupDoc, lang: Lang, over: bool, open: &[(usize, TableId)]) -> String {
    let cup = &doc.cup;
    let Some(current) = cup.current() else {
        return tr!(
            lang,
            "cup-standings-none",
            cup = cup.name.as_str(),
            players = cup.players.len(),
            names = cup.players.join(", ")
        );
    };
    let day = current.id.day;
    let rounds_played = cup
        .rounds
        .iter()
        .filter(|r| r.id.day == day && r.complete())
        .count();
    let mut lines = vec![tr!(
        lang,
        "cup-standings-title",
        cup = cup.name.as_str(),
        day = day,
        days = cup.format.days,
        played = rounds_played,
        rounds = cup.format.rounds_per_day
    )];
    // A day is ranked once one of its rounds is played.
    let ranking = if rounds_played > 0 {
        cup.day_ranking(day)
    } else {
        Vec::new()
    };
    for place in ranking {
        lines.push(tr!(
            lang,
            "cup-standings-day-line",
            place = place.place,
            name = cup.name_of(place.player),
            total = signed(place.total),
            points = place.cup_points
        ));
    }
    let season = cup.season_ranking();
    if !season.is_empty() {
        lines.push(tr!(
            lang,
            "cup-standings-season-title",
            best = cup.format.best_days,
            days = cup.format.days,
            complete = cup.complete_days().len()
        ));
        for place in season {
            lines.push(tr!(
                lang,
                "cup-standings-season-line",
                place = place.place,
                name = cup.name_of(place.player),
                points = place.cup_points,
                schrift = signed(place.schrift),
                days = place.days_played
            ));
        }
    }
    if over {
        // Nothing comes next.
    } else if !open.is_empty() {
        let ids: Vec<String> = open
            .iter()
            .map(|(no, table)| tr!(lang, "cup-standings-open-table", no = *no, table = table.0))
            .collect();
        lines.push(tr!(lang, "cup-standings-open", tables = ids.join(", ")));
    } else if cup.next_round_id().is_some() {
        lines.push(tr!(lang, "cup-standings-next"));
    }
    lines.join("\n")
}
