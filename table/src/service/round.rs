//! Every game at a table, through one path: the round is the game's state
//! behind the boundary ([`SeededRound`]), actions travel as the face's
//! choice tokens in button payloads (one choice may be several actions,
//! such as a Zwanzigerrufen bidding turn), and every text comes from the
//! game's face ([`crate::games`]).
//!
//! What is stored is the same for every game: the round's row with its
//! secret seed, one event per action (the token), the settlement per seat
//! and the ledger. Seats, lobby, deadlines, the outbox and the balances are
//! the table service's own.

use rand::RngCore;
use tarock_game_core::{Refusal, Rejected, RuleError};
use tarock_games::SeededRound;
use tarock_storage::NewRound;

use super::*;
use crate::games::{Choice, ChoiceKind, GameFace, SeatText, TableContext, Title};

/// At most this many computer actions follow one command (a 20 ab session
/// of computers alone is far shorter); a bound against a game that never
/// hands the turn back.
const MAX_COMPUTER_ACTIONS: usize = 10_000;

impl TableState {
    /// The face of the table's game (`None` only for a game this build
    /// does not know).
    pub(super) fn face(&self) -> Option<&'static dyn GameFace> {
        games::face(&self.table.game)
    }

    /// The round being played.
    pub(super) fn round(&self) -> Option<&SeededRound> {
        self.deal
            .as_ref()
            .filter(|d| d.deal.status == DealStatus::Active)
            .and_then(|d| d.round.as_ref())
    }

    /// The round being played or just finished: what the views show.
    pub(super) fn shown_round(&self) -> Option<&SeededRound> {
        self.deal
            .as_ref()
            .filter(|d| matches!(d.deal.status, DealStatus::Active | DealStatus::Finished))
            .and_then(|d| d.round.as_ref())
    }

    /// The names of the table's seats in `lang` (a free seat's as "free"),
    /// and the stake, for the face.
    pub(super) fn context(&self, lang: Lang) -> TableContext {
        TableContext {
            names: TableSeat::all(self.table.seats)
                .map(|s| {
                    self.seat_row(s)
                        .map_or_else(|| tr!(lang, "seat-free"), |r| occupant_name(r, lang))
                })
                .collect(),
            stake_cents: self.table.stake_cents,
        }
    }

    /// The rules in force (the table's, in the game's record form).
    fn rules_value(&self) -> serde_json::Value {
        serde_json::from_str(&self.table.rules).unwrap_or(serde_json::Value::Null)
    }

    /// The first line of every message of a round: table, game, round,
    /// rules and stake.
    fn round_title(&self, face: &dyn GameFace, lang: Lang) -> String {
        let rules = self.rules_value();
        let round = self.round_number();
        let title = Title::Table {
            table: self.table.id.0,
            round,
            rules: &rules,
            stake_cents: self.table.stake_cents,
        };
        face.title(title, &self.context(lang), lang)
            .unwrap_or_else(|| {
                tr!(
                    lang,
                    "round-title",
                    table = self.table.id.0,
                    game = face.name(lang),
                    unit = face.round_unit(),
                    round = round,
                    rules = face.rules_label(&rules, lang),
                    stake = money(self.table.stake_cents, lang)
                )
            })
    }

    /// The number of the round shown (0 before the first).
    fn round_number(&self) -> u32 {
        self.deal.as_ref().map_or(0, |d| d.deal.number)
    }

    /// The first line of `seat`'s private messages of the round shown.
    pub(super) fn round_private_title(
        &self,
        face: &dyn GameFace,
        seat: TableSeat,
        lang: Lang,
    ) -> String {
        let title = Title::Private {
            table: self.table.id.0,
            round: self.round_number(),
            seat,
        };
        face.title(title, &self.context(lang), lang)
            .unwrap_or_else(|| {
                tr!(
                    lang,
                    "round-private-title",
                    table = self.table.id.0,
                    game = face.name(lang),
                    unit = face.round_unit(),
                    round = self.round_number(),
                    seat = seat.index() + 1
                )
            })
    }

    /// The public table message of a table of this game: the lobby, or
    /// the round as the face shows it.
    pub(super) fn round_table_text(&self, face: &dyn GameFace, lang: Lang) -> String {
        let layout = face.layout();
        let status_note = match self.table.status {
            TableStatus::Paused => Some(tr!(lang, "status-paused")),
            TableStatus::Closed => Some(tr!(lang, "status-closed")),
            _ => None,
        };
        let mut status_note = status_note.into_iter();
        let mut out = match self.shown_round() {
            Some(round) if self.table.status != TableStatus::Lobby => {
                let mut text = self.round_title(face, lang);
                text.push('\n');
                text.push_str(&face.public_text(round.round(), &self.context(lang), lang));
                if layout.status_before_commitment {
                    for note in status_note.by_ref() {
                        text.push('\n');
                        text.push_str(&note);
                    }
                }
                let deal = self.deal.as_ref().map(|d| &d.deal);
                if let Some(line) = deal.and_then(|d| crate::fair::commitment_line(d, lang)) {
                    text.push('\n');
                    text.push_str(&line);
                }
                text
            }
            _ => {
                let rules = self.rules_value();
                let title = Title::Lobby {
                    table: self.table.id.0,
                    rules: &rules,
                    stake_cents: self.table.stake_cents,
                };
                let mut text = face
                    .title(title, &self.context(lang), lang)
                    .unwrap_or_else(|| {
                        tr!(
                            lang,
                            "lobby-title-game",
                            table = self.table.id.0,
                            game = face.name(lang),
                            rules = face.rules_label(&rules, lang),
                            stake = money(self.table.stake_cents, lang)
                        )
                    });
                let names = self.context(lang).names;
                for (i, name) in names.iter().enumerate() {
                    text.push('\n');
                    text.push_str(&tr!(
                        lang,
                        "lobby-seat",
                        number = i + 1,
                        name = name.as_str()
                    ));
                }
                let free = usize::from(self.table.seats).saturating_sub(self.seats.len());
                text.push('\n');
                text.push_str(&tr!(lang, "lobby-hint", free = free));
                // Every flag of the rules, before anyone sits down to play.
                if self.table.status == TableStatus::Lobby && layout.rules_in_lobby {
                    text.push_str("\n\n");
                    text.push_str(&face.rules_text(&self.rules_value(), lang));
                }
                text
            }
        };
        for note in status_note {
            out.push('\n');
            out.push_str(&note);
        }
        out
    }

    /// `seat`'s private message at a table of this game, if a person sits
    /// there and a round is shown: the face's text and, on the seat's turn,
    /// its choices as buttons (`draft`: a choice being made in steps).
    pub(super) fn round_private_view(
        &self,
        seat: TableSeat,
        draft: Option<&str>,
    ) -> Option<Outgoing> {
        let face = self.face()?;
        let row = self.seat_row(seat)?;
        let to = user_of(row)?;
        let round = self.shown_round()?;
        let lang = Lang::from_tag(&row.player.as_ref()?.language);
        let SeatText { text, choices } =
            face.seat_text(round.round(), seat, draft, &self.context(lang), lang);
        let playing = self.table.status == TableStatus::Playing && self.round().is_some();
        let step = self.step();
        let buttons: Keyboard = if playing {
            choices
                .into_iter()
                .map(|row| {
                    row.into_iter()
                        .map(|choice| self.choice_button(choice, step))
                        .collect::<Vec<_>>()
                })
                .filter(|row| !row.is_empty())
                .collect()
        } else {
            Vec::new()
        };
        // A draft's answer may be the face's text alone (its layout).
        if draft.is_some() && face.layout().draft_alone {
            return Some(Outgoing::Private {
                table: self.table.id,
                to,
                text,
                buttons,
                notify: false,
                picture: None,
            });
        }
        // The lifted cards are the ones the buttons offer: none without.
        let mut picture = face.hand_picture(round.round(), seat, lang);
        if let Some(crate::picture::Scene::Hand { legal, .. }) =
            picture.as_mut().map(|p| &mut p.scene)
            && buttons.is_empty()
        {
            *legal = None;
        }
        let title = self.round_private_title(face, seat, lang);
        Some(Outgoing::Private {
            table: self.table.id,
            to,
            text: format!("{title}\n{text}"),
            buttons,
            notify: false,
            picture,
        })
    }

    /// The picture beside [`Self::round_table_text`]: the face's table
    /// while a round is shown (none in the lobby).
    pub(super) fn round_table_picture(
        &self,
        face: &dyn GameFace,
        lang: Lang,
    ) -> Option<crate::picture::Picture> {
        let round = self.shown_round()?;
        if self.table.status == TableStatus::Lobby {
            return None;
        }
        face.table_picture(round.round(), &self.context(lang), lang)
    }

    /// The seat of `user` if it is theirs to act now in the round, at
    /// `step` (a button's step; `None` for a typed command).
    fn turn_of(&self, user: &UserRef, step: Option<Step>) -> Result<TableSeat, Rejection> {
        let seat = self.seat_of(user).ok_or(Rejection::NotSeated)?;
        let current = self.step().ok_or(Rejection::NoDeal)?;
        if step.is_some_and(|s| s != current) {
            return Err(Rejection::Stale);
        }
        let round = self.round().ok_or(Rejection::NoDeal)?;
        if round.round().to_act() != Some(seat) {
            return Err(Rejection::NotYourTurn);
        }
        Ok(seat)
    }

    /// A face's choice as a button of this step.
    fn choice_button(&self, choice: Choice, step: Option<Step>) -> Button {
        let action = match choice.kind {
            ChoiceKind::Act => ButtonAction::Act(choice.token),
            ChoiceKind::Draft => ButtonAction::Draft(choice.token),
        };
        let mut button = self.button(choice.label, step, action.clone());
        if self.face().is_some_and(|f| f.layout().short_payloads) {
            button.payload = Payload {
                table: self.table.id,
                step,
                action,
            }
            .short();
        }
        button
    }
}

/// The refusal of a game's rules as the table's rejection.
fn refusal(game: &'static str, error: Refusal<Rejected>) -> Rejection {
    let code = match &error {
        Refusal::Rule(rule) => rule.code(),
        other => other.code(),
    };
    Rejection::GameRefusal {
        game,
        code,
        error: crate::error::GameError(std::sync::Arc::new(error)),
    }
}

impl TableService {
    /// Starts playing (every seat taken) or deals the next round.
    pub(super) async fn start(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_none() {
            return Err(Rejection::NotSeated.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        if w.st.seats.len() < usize::from(w.st.table.seats) {
            return Err(Rejection::NotEnoughPlayers(w.st.table.seats).into());
        }
        let face = w.st.face().ok_or(Rejection::UnknownGame)?;
        if w.st.table.status == TableStatus::Lobby {
            w.tx.set_table_status(w.st.table.id, TableStatus::Playing, w.now)
                .await?;
            w.st.table.status = TableStatus::Playing;
        }
        self.start_round(w, face, None).await
    }

    /// Every balance at the table, best first, with names in `lang`.
    pub(super) async fn balance_lines(
        &self,
        w: &mut Work,
        lang: Lang,
    ) -> Result<Vec<BalanceLine>, Fail> {
        let mut lines = Vec::new();
        let all = w.tx.table_balances(w.st.table.id).await?;
        let booked: Vec<Participant> = all.iter().map(|b| b.participant.clone()).collect();
        for b in all {
            let player = match &b.participant {
                Participant::Player(id) => w.tx.player(*id).await?,
                Participant::Computer { .. } => None,
            };
            lines.push(BalanceLine {
                name: participant_name(&b.participant, player, lang),
                units: b.units,
                cents: b.cents,
            });
        }
        // Everyone seated is listed: who has only sat out so far (the
        // dealer of a five-seat table) has no ledger row yet, and stands at 0.
        for row in &w.st.seats {
            let participant = Participant::of(row.seat, &row.occupant);
            if booked.contains(&participant) {
                continue;
            }
            let player = match &participant {
                Participant::Player(id) => w.tx.player(*id).await?,
                Participant::Computer { .. } => None,
            };
            lines.push(BalanceLine {
                name: participant_name(&participant, player, lang),
                units: 0,
                cents: 0,
            });
        }
        // Best first, as the ledger lists them.
        lines.sort_by_key(|l| std::cmp::Reverse(l.units));
        Ok(lines)
    }

    /// Sets the deadline of the human seat to act, or clears it.
    pub(super) async fn set_deadline(&self, w: &mut Work) -> Result<(), Fail> {
        let target = match (w.st.table.status, w.st.seat_to_act(), w.st.step()) {
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

    /// Starts the next round at a table of a game with a face: the first
    /// seat moves on by one from the last round's, the seed is drawn and
    /// stored with the round before any card is shown. `note` is a line
    /// under the round's first chat message (a cup's "deal 1 of 16").
    pub(super) async fn start_round(
        &self,
        w: &mut Work,
        face: &dyn GameFace,
        note: Option<String>,
    ) -> Result<(), Fail> {
        self.open_round(w, face, note).await?;
        self.advance_round(w, face).await?;
        if w.st.round().is_some() {
            for seat in TableSeat::all(w.st.table.seats) {
                self.push_round_private(w, seat);
            }
        }
        Ok(())
    }

    /// Deals the next round: its seed and commitment stored, its start
    /// said in the chat (with `note` under it); nobody has acted yet.
    ///
    /// The first seat moves on by one from the last round's; what the game
    /// carries from round to round (a Zwanzigerrufen double round) is the
    /// table's kept `round_state`, written by each settlement from the
    /// settled round's [`tarock_game_core::DynGame::next_round`]. A deal the
    /// rules throw in ([`tarock_game_core::DynGame::thrown_in`]) is kept as
    /// a row of its own (status redeal, its own number, seed and
    /// commitment), said in the chat, and the next number is dealt by the
    /// same first seat with the same carry (docs/RULES.md).
    async fn open_round(
        &self,
        w: &mut Work,
        face: &dyn GameFace,
        note: Option<String>,
    ) -> Result<(), Fail> {
        let seats = w.st.table.seats;
        let (mut number, first) = match &w.st.deal {
            None => (1, TableSeat::new(0)),
            Some(d) if d.deal.status == DealStatus::Redeal => (d.deal.number + 1, d.deal.forehand),
            Some(d) => (d.deal.number + 1, d.deal.forehand.next(seats)),
        };
        let carry = self.carry(w).await?;
        let lang = w.st.lang();
        // A thrown-in deal is rare: a hundred in a row never happen.
        for _ in 0..100 {
            let seed = self.randomness.deal_seed(w.st.table.id, number)?;
            let new = NewRound {
                table: w.st.table.id,
                game: face.id().to_owned(),
                number,
                first,
                rules: w.st.table.rules.clone(),
                started_ms: w.now,
            };
            let id =
                w.tx.start_round_carrying(&new, seed.bytes(), carry.as_deref())
                    .await?;
            w.st.deal = w.tx.load_table(w.st.table.id).await?.and_then(|t| t.deal);
            let Some(round) = w.st.round() else {
                return Err(Fail::Store(StorageError::Invalid(format!(
                    "round {number} of table {} did not start",
                    w.st.table.id
                ))));
            };
            // The commitment to seed, salt and the dealt cards, stored with
            // the round and shown from its first table message on, before
            // any hand.
            let salt = self.randomness.deal_salt(w.st.table.id, number)?;
            let reveal = tarock_game_core::fair::Reveal {
                seed: *seed.bytes(),
                salt,
            };
            let piles = round.round().dealt_piles();
            let thrown = round.round().thrown_in();
            let commitment = tarock_game_core::fair::commit(face.id(), &reveal, &piles);
            w.tx.commit_fair_round(id, &commitment.0, &salt, &piles)
                .await?;
            if let Some(d) = w.st.deal.as_mut() {
                d.deal.commitment = Some(commitment.0);
                d.deal.hands.clone_from(&piles);
            }
            if let Some(thrown) = thrown {
                w.tx.finish_deal(id, DealStatus::Redeal, w.now).await?;
                if let Some(d) = w.st.deal.as_mut() {
                    d.deal.status = DealStatus::Redeal;
                }
                let said = tr!(
                    lang,
                    "redeal",
                    name = w.st.context(lang).name(thrown.seat).as_str(),
                    cards = face.cards_text(&thrown.cards, lang)
                );
                w.say(said, Vec::new());
                number += 1;
                continue;
            }
            let started = face.layout().start_line.then(|| {
                tr!(
                    lang,
                    "round-started",
                    game = face.name(lang),
                    unit = face.round_unit(),
                    round = number,
                    name = w.st.context(lang).name(first).as_str()
                )
            });
            let said: Vec<String> = started.into_iter().chain(note).collect();
            if !said.is_empty() {
                w.say(said.join("\n"), Vec::new());
            }
            return Ok(());
        }
        Err(Fail::Store(StorageError::Invalid(
            "no deal in 100 shuffles that the rules do not throw in".into(),
        )))
    }

    /// What the next round starts with from the rounds before it: the
    /// table's kept `round_state`; for a table that kept none yet, what
    /// its last round carries on (none for a game that carries nothing).
    async fn carry(&self, w: &mut Work) -> Result<Option<String>, Fail> {
        if let Some(kept) = w.tx.round_state(w.st.table.id).await? {
            return Ok(Some(kept));
        }
        Ok(w.st
            .deal
            .as_ref()
            .and_then(|d| d.round.as_ref())
            .and_then(|r| r.round().next_round())
            .and_then(|next| next.carry()))
    }

    /// A person's action at a table of a game with a face (a button press).
    pub(super) async fn round_move(
        &self,
        w: &mut Work,
        sender: &Sender,
        step: Option<Step>,
        token: &str,
    ) -> Result<(), Fail> {
        let face = w.st.face().ok_or(Rejection::NotInThisGame)?;
        // A choice the face cannot read at all (a forged or garbled
        // button) is no move of any moment.
        if face.action_tokens(token).is_none() {
            return Err(Rejection::Malformed.into());
        }
        let seat = w.st.turn_of(&sender.user, step)?;
        self.apply_token(w, face, seat, token, false).await?;
        self.round_after_action(w, face, seat).await
    }

    /// A card typed at a table of a game with a face (`hK`, `♥K`, `XXI`):
    /// played when the game has it, the game's refusal when it may not be
    /// played now; a card of another game, or a text that spells no card,
    /// is refused in words.
    pub(super) async fn typed_card(
        &self,
        w: &mut Work,
        sender: &Sender,
        text: &str,
    ) -> Result<(), Fail> {
        let face = w.st.face().ok_or(Rejection::NotInThisGame)?;
        let Some(token) = face.card_token(text) else {
            return Err(if crate::games::is_card(text) {
                Rejection::NotACard(quoted(text))
            } else if w.st.round().is_none() {
                Rejection::NoDeal
            } else {
                Rejection::NotACardSpelling(quoted(text))
            }
            .into());
        };
        self.round_move(w, sender, None, &token).await
    }

    /// Words typed at a table of a game with a face: a card of that game
    /// ([`Self::typed_card`]), or a move the game reads in words (a
    /// Zwanzigerrufen bidding turn, [`GameFace::typed_token`]), or an
    /// answer why not.
    pub(super) async fn typed_words(
        &self,
        w: &mut Work,
        sender: &Sender,
        words: &[String],
    ) -> Result<(), Fail> {
        let face = w.st.face().ok_or(Rejection::NotInThisGame)?;
        let text = words.join(" ");
        // A card of this game, or of another (answered as a card).
        if face.card_token(&text).is_some() || crate::games::is_card(&text) {
            return self.typed_card(w, sender, &text).await;
        }
        let typed = match (w.st.round(), w.st.seat_of(&sender.user)) {
            (Some(round), Some(seat)) => face.typed_token(round.round(), seat, words),
            _ => None,
        };
        match typed {
            Some(Ok(token)) => self.round_move(w, sender, None, &token).await,
            Some(Err(refusal)) => Err(Rejection::Typed {
                id: refusal.id,
                word: refusal.word,
            }
            .into()),
            None => self.typed_card(w, sender, &text).await,
        }
    }

    /// Applies one action to the round and appends it to the log; the
    /// table message's lines and the face's chat events follow it.
    async fn apply_token(
        &self,
        w: &mut Work,
        face: &dyn GameFace,
        seat: TableSeat,
        token: &str,
        by_computer: bool,
    ) -> Result<(), Fail> {
        let now = w.now;
        let lang = w.st.lang();
        let context = w.st.context(lang);
        let deal =
            w.st.deal
                .as_mut()
                .filter(|d| d.deal.status == DealStatus::Active)
                .ok_or(Rejection::NoDeal)?;
        let round = deal.round.as_mut().ok_or(Rejection::NoDeal)?;
        let before = round.clone();
        let mut trial = round.clone();
        // A choice may be one move of several actions (a Zwanzigerrufen
        // bidding turn): all of them apply, or none.
        let tokens = face
            .action_tokens(token)
            .ok_or_else(|| refusal(face.id(), Refusal::Token(token.to_owned())))?;
        for token in &tokens {
            trial
                .apply(seat, token)
                .map_err(|e| refusal(face.id(), e))?;
        }
        let said = face.action_text(before.round(), seat, token, &context, lang);
        let events = face.events(before.round(), trial.round(), &context, lang);
        *round = trial;
        // A deal begun in record form (an older Zwanzigerrufen deal) goes
        // on in tokens from here; its earlier events keep their steps.
        if deal.deal.tokens_from.is_none() {
            w.tx.continue_in_tokens(deal.deal.id, deal.next_seq())
                .await?;
            deal.deal.tokens_from = Some(deal.next_seq());
        }
        for token in tokens {
            let event = Event {
                seq: deal.next_seq(),
                seat,
                action: token,
                at_ms: now,
                by_computer,
            };
            w.tx.queue_token(deal.deal.id, &event)?;
            deal.events.push(event);
        }
        w.moves.push(said);
        for text in events {
            w.say(text, Vec::new());
        }
        Ok(())
    }

    /// After an action: the computers play until a person is to act, a
    /// finished round is settled, the deadline is set and the table
    /// message and the turn's private message are queued.
    async fn advance_round(&self, w: &mut Work, face: &dyn GameFace) -> Result<(), Fail> {
        let mut dealt_anew = false;
        loop {
            self.computers_act(w, face).await?;
            if !w.st.round().is_some_and(|r| r.round().is_over()) {
                break;
            }
            self.settle_round(w, face).await?;
            // A cup's table deals on by itself until its round is played.
            let Some(note) = self.cup_table_goes_on(w).await? else {
                break;
            };
            self.open_round(w, face, Some(note)).await?;
            dealt_anew = true;
        }
        self.set_deadline(w).await?;
        self.push_table_view(w);
        if dealt_anew {
            for seat in TableSeat::all(w.st.table.seats) {
                self.push_round_private(w, seat);
            }
        } else if let Some(seat) = w.st.round().and_then(|r| r.round().to_act()) {
            self.push_round_private(w, seat);
        }
        Ok(())
    }

    /// The computer players act until a person is to act or the round is
    /// over.
    async fn computers_act(&self, w: &mut Work, face: &dyn GameFace) -> Result<(), Fail> {
        for _ in 0..MAX_COMPUTER_ACTIONS {
            let Some(round) = w.st.round() else { break };
            let Some(seat) = round.round().to_act() else {
                break;
            };
            let Some(Occupant::Computer(level)) = w.st.seat_row(seat).map(|r| &r.occupant) else {
                break;
            };
            let level = face
                .levels()
                .iter()
                .find(|l| **l == level.as_str())
                .copied()
                .unwrap_or(face.levels()[0]);
            let mut rng = self.computer_rng(w)?;
            let token = face
                .computer_token(round.round(), seat, level, &mut rng)
                .or_else(|| round.round().legal_tokens().into_iter().next())
                .ok_or_else(|| {
                    Fail::Store(StorageError::Invalid(format!(
                        "seat {seat} is to act with no legal action"
                    )))
                })?;
            self.apply_token(w, face, seat, &token, false).await?;
        }
        Ok(())
    }

    /// The random numbers of the next computer decision at this table.
    fn computer_rng(&self, w: &Work) -> Result<rand::rngs::StdRng, Fail> {
        let step = w.st.step().unwrap_or(Step { deal: 0, seq: 0 });
        Ok(self
            .randomness
            .computer_rng(w.st.table.id, step.deal, step.seq)?)
    }

    /// Settles a finished round: the ledger per seat, the settlement in the
    /// chat with everybody's change and balance, and a private copy for
    /// each person in their language.
    async fn settle_round(&self, w: &mut Work, face: &dyn GameFace) -> Result<(), Fail> {
        let Some(round) = w.st.round().cloned() else {
            return Ok(());
        };
        let Some(settlement) = round.round().settlement() else {
            return Ok(());
        };
        let changes = settlement.units().to_vec();
        let deal_id =
            w.st.deal
                .as_ref()
                .map(|d| d.deal.id)
                .ok_or(Rejection::NoDeal)?;
        let number = w.st.deal.as_ref().map_or(0, |d| d.deal.number);
        let lang = w.st.lang();
        let shown = face.settlement_text(round.round(), &w.st.context(lang), lang);
        // What a cup counts of the round (the Schrift), kept with it.
        let schrift = face
            .cup_score(round.round())
            .unwrap_or_else(|| changes.clone());
        let breakdown = serde_json::json!({
            "game": face.id(),
            "units": changes,
            "schrift": schrift,
            "lines": shown.as_ref().map(|s| s.lines.clone()).unwrap_or_default(),
        });
        w.tx.settle(
            deal_id,
            &NewSettlement {
                changes: changes.clone(),
                breakdown: breakdown.to_string(),
                settled_ms: w.now,
                sitting_out: face.sitting_out(round.round()),
            },
        )
        .await?;
        if let Some(d) = w.st.deal.as_mut() {
            d.deal.status = DealStatus::Finished;
        }
        // What the game carries into the next round (a Zwanzigerrufen
        // double round), kept on the table row by this transaction.
        if let Some(carry) = round.round().next_round().and_then(|next| next.carry()) {
            w.tx.set_round_state(w.st.table.id, &carry).await?;
        }
        keep_schrift(w, &schrift).await?;
        // The statistics by contract and side (games that have sides).
        if let Some((contract, declarers)) = face.sides(round.round()) {
            w.tx.record_sides(deal_id, contract, declarers).await?;
        }
        let revealed = match &w.st.deal {
            Some(d) => crate::fair::reveal_of(&mut w.tx, &d.deal).await?,
            None => None,
        };
        // What `tarock verify` deals the round from, besides the seed.
        let setup = w.st.deal.as_ref().map(|d| crate::fair::RoundSetup {
            game: face.id().to_owned(),
            rules: round.round().rules_spec(),
            seats: w.st.table.seats,
            first: d.deal.forehand,
        });
        let balances = self.balance_lines(w, lang).await?;
        let all = w.tx.table_balances(w.st.table.id).await?;
        // Games whose score is not their money (Königrufen's Schrift, which
        // a cup counts) show each seat's Schrift beside the money.
        let schrift_totals = if face.has_cup_score() {
            Some(schrift_totals(w).await?)
        } else {
            None
        };
        let layout = face.layout();
        let sheet = |reader: Lang, mine: Option<TableSeat>| -> String {
            let context = w.st.context(reader);
            let mut lines = Vec::new();
            if let Some(seat) = mine.filter(|_| layout.private_settlement_title) {
                lines.push(w.st.round_private_title(face, seat, reader));
            }
            let title = Title::Settlement {
                table: w.st.table.id.0,
                round: number,
            };
            lines.push(face.title(title, &context, reader).unwrap_or_else(|| {
                tr!(
                    reader,
                    "round-settlement-title",
                    table = w.st.table.id.0,
                    game = face.name(reader),
                    unit = face.round_unit(),
                    round = number
                )
            }));
            if let Some(text) = face.settlement_text(round.round(), &context, reader) {
                lines.extend(text.lines);
            }
            for seat in TableSeat::all(w.st.table.seats) {
                let Some(row) = w.st.seat_row(seat) else {
                    continue;
                };
                let participant = Participant::of(seat, &row.occupant);
                let (units, cents) = all
                    .iter()
                    .find(|b| b.participant == participant)
                    .map_or((0, 0), |b| (b.units, b.cents));
                let change = changes.get(seat.index()).copied().unwrap_or(0);
                let mine = if mine == Some(seat) { "yes" } else { "no" };
                let name = context.name(seat);
                let money = signed_money(change * w.st.table.stake_cents, reader);
                let balance_money = signed_money(cents, reader);
                lines.push(match &schrift_totals {
                    Some(totals) => tr!(
                        reader,
                        "settlement-seat-schrift",
                        mine = mine,
                        name = name.as_str(),
                        change = signed(change),
                        money = money,
                        schrift = signed(schrift.get(seat.index()).copied().unwrap_or(0)),
                        balance = signed(units),
                        balance_money = balance_money,
                        schrift_total = signed(totals.get(seat.index()).copied().unwrap_or(0))
                    ),
                    None => tr!(
                        reader,
                        "settlement-seat",
                        mine = mine,
                        name = name.as_str(),
                        change = signed(change),
                        money = money,
                        balance = signed(units),
                        balance_money = balance_money
                    ),
                });
            }
            if let Some(r) = &revealed {
                lines.push(crate::fair::reveal_lines(
                    number,
                    face.round_unit(),
                    r,
                    setup.as_ref().filter(|_| layout.reveal_setup),
                    reader,
                ));
            }
            lines.join("\n")
        };
        let text = sheet(lang, None);
        let items = shown.map(|s| s.items).unwrap_or_default();
        let mut private = Vec::new();
        for seat in TableSeat::all(w.st.table.seats) {
            let Some(row) = w.st.seat_row(seat) else {
                continue;
            };
            let (Some(to), Some(player)) = (user_of(row), row.player.as_ref()) else {
                continue;
            };
            let reader = Lang::from_tag(&player.language);
            private.push(Outgoing::Private {
                table: w.st.table.id,
                to,
                text: sheet(reader, Some(seat)),
                buttons: Vec::new(),
                notify: false,
                picture: None,
            });
        }
        let chat = w.st.chat();
        w.out.push(Outgoing::Settlement {
            table: w.st.table.id,
            chat,
            text,
            items,
            changes,
            balances,
        });
        w.out.extend(private);
        Ok(())
    }

    /// Queues `seat`'s private message at a table of a game with a face; a
    /// new message (which notifies) when it is the seat's turn and the
    /// person made no move in the last [`views::QUIET_MS`].
    pub(super) fn push_round_private(&self, w: &mut Work, seat: TableSeat) {
        if let Some(mut message) = w.st.round_private_view(seat, None) {
            if let Outgoing::Private {
                notify, buttons, ..
            } = &mut message
            {
                *notify = !buttons.is_empty() && !w.st.moved_lately(seat, w.now);
            }
            w.out.push(message);
        }
    }

    /// A draft button (a choice made in several presses): the presser's
    /// message again with the draft's buttons; nothing is stored.
    pub(super) async fn show_draft(
        &self,
        sender: &Sender,
        choice: TableChoice,
        step: Option<Step>,
        draft: &str,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (st, seat) = self.query(sender, choice).await?;
        seat.ok_or(Rejection::NotSeated)?;
        let face = st.face().ok_or(Rejection::NotInThisGame)?;
        let seat = st.turn_of(&sender.user, step)?;
        let round = st.round().ok_or(Rejection::NoDeal)?;
        if !face.valid_draft(round.round(), seat, draft) {
            return Err(Rejection::BadDraft.into());
        }
        let view = st
            .round_private_view(seat, Some(draft))
            .ok_or(Rejection::NoDeal)?;
        Ok(vec![view])
    }

    /// The stand-in's action for a person whose time ran out, by the
    /// game's time-out rule.
    pub(super) async fn round_stand_in(
        &self,
        w: &mut Work,
        face: &dyn GameFace,
        seat: TableSeat,
    ) -> Result<(), Fail> {
        let round = w.st.round().ok_or(Rejection::NoDeal)?;
        let mut rng = self.computer_rng(w)?;
        let token = face
            .stand_in_token(round.round(), seat, &mut rng as &mut dyn RngCore)
            .or_else(|| round.round().legal_tokens().into_iter().next())
            .ok_or(Rejection::NoDeal)?;
        self.apply_token(w, face, seat, &token, true).await?;
        Ok(())
    }

    /// What follows an action (a person's or the stand-in's): the rest of
    /// the round's progress, and the actor's message without its buttons
    /// (after a settlement everyone got their copy instead).
    pub(super) async fn round_after_action(
        &self,
        w: &mut Work,
        face: &dyn GameFace,
        seat: TableSeat,
    ) -> Result<(), Fail> {
        self.advance_round(w, face).await?;
        if w.st
            .round()
            .is_some_and(|r| r.round().to_act() != Some(seat))
        {
            self.push_round_private(w, seat);
        }
        Ok(())
    }
}

/// Adds a just settled deal's Schrift (`schrift`, seat 0 first) to each
/// seat's running score kept at the table, in the settlement's
/// transaction. A table settled before the scores were kept sums its
/// settled deals once (the one just settled included) instead.
async fn keep_schrift(w: &mut Work, schrift: &[i64]) -> Result<(), Fail> {
    let id = w.st.table.id;
    let totals = match w.tx.seat_scores(id).await? {
        Some(mut totals) => {
            totals.resize(usize::from(w.st.table.seats), 0);
            for (total, score) in totals.iter_mut().zip(schrift) {
                *total += score;
            }
            totals
        }
        None => schrift_of(&w.tx.settled_deals(id).await?, w.st.table.seats),
    };
    w.tx.set_seat_scores(id, &totals).await?;
    Ok(())
}

/// Each seat's Schrift over the table's settled deals (the one just settled
/// included): what a cup counts, a deal's `schrift` as kept with its
/// settlement, or its units where an older settlement kept none. Kept by
/// [`keep_schrift`] in each settlement's transaction (one lookup by key).
pub(super) async fn schrift_totals(w: &mut Work) -> Result<Vec<i64>, Fail> {
    let id = w.st.table.id;
    let seats = w.st.table.seats;
    Ok(match w.tx.seat_scores(id).await? {
        Some(mut totals) => {
            totals.resize(usize::from(seats), 0);
            totals
        }
        None => schrift_of(&w.tx.settled_deals(id).await?, seats),
    })
}

/// Each of `seats` seats' Schrift over `deals` (rules and breakdown of each
/// settled deal, as [`tarock_storage::Tx::settled_deals`] reads them).
pub(super) fn schrift_of(deals: &[(String, String)], seats: u8) -> Vec<i64> {
    let mut totals = vec![0i64; usize::from(seats)];
    for (_, breakdown) in deals {
        let value: serde_json::Value =
            serde_json::from_str(breakdown).unwrap_or(serde_json::Value::Null);
        let scores = value
            .get("schrift")
            .or_else(|| value.get("units"))
            .and_then(serde_json::Value::as_array);
        for (total, score) in totals.iter_mut().zip(scores.into_iter().flatten()) {
            *total += score.as_i64().unwrap_or(0);
        }
    }
    totals
}
