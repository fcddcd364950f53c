//! Deals: dealing, moves, computer players, settlement and the next deadline.

use super::*;

impl TableService {
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
        if w.st.table.status == TableStatus::Lobby {
            w.tx.set_table_status(w.st.table.id, TableStatus::Playing, w.now)
                .await?;
            w.st.table.status = TableStatus::Playing;
        }
        if let Some(face) = w.st.face() {
            return self.start_round(w, face, None).await;
        }
        self.deal_next(w).await?;
        self.advance(w).await?;
        for seat in Seat::ALL {
            self.push_private(w, seat);
        }
        Ok(())
    }

    /// Deals the next hand (redealing as the rules demand) and stores it.
    pub(super) async fn deal_next(&self, w: &mut Work) -> Result<(), Fail> {
        let (_, rules) = parse_rules(&w.st.table.rules)?;
        let (mut number, forehand) = match &w.st.deal {
            None => (1, Seat::S0),
            Some(d) if d.deal.status == DealStatus::Redeal => {
                (d.deal.number + 1, zr(d.deal.forehand))
            }
            Some(d) => (d.deal.number + 1, zr(d.deal.forehand).next()),
        };
        // A double round (a scored Mondfang under some rules) carries over.
        let double = self.double_round(w).await?;
        let lang = w.st.lang();
        for _ in 0..100 {
            // A seed for this deal alone, stored with it in this
            // transaction: durable before any hand is sent.
            let seed = self.randomness.deal_seed(w.st.table.id, number)?;
            let deal = seed.deal();
            let record_hands = Seat::ALL.map(|s| deal.hand(s).to_string());
            let new = NewDeal {
                table: w.st.table.id,
                number,
                forehand: forehand.into(),
                hands: record_hands,
                rules: w.st.table.rules.clone(),
                factor: double.factor(),
                started_ms: w.now,
            };
            // The double round it is dealt in, kept with it as its carry
            // (the text the generic path's round reads back).
            let carry = serde_json::to_string(&double).expect("a double round serializes");
            let id = w.tx.start_carried_deal(&new, seed.bytes(), &carry).await?;
            let salt = self.randomness.deal_salt(w.st.table.id, number)?;
            crate::fair::commit_deal(&mut w.tx, id, &seed, salt, &deal).await?;
            if let Some(seat) = deal.redeal_seat(&rules) {
                w.tx.finish_deal(id, DealStatus::Redeal, w.now).await?;
                let name =
                    w.st.seat_row(seat)
                        .map(|r| occupant_name(r, lang))
                        .unwrap_or_default();
                w.say(
                    tr!(
                        lang,
                        "redeal",
                        name = name,
                        cards = hand_text(deal.hand(seat), lang)
                    ),
                    Vec::new(),
                );
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

    /// The double round the table's settled deals carry to its next deal:
    /// kept on the table row by each settlement (one lookup by key); for a
    /// table settled before it was kept, computed once from its settled
    /// deals, each under the rules it was played with.
    async fn double_round(&self, w: &mut Work) -> Result<DoubleRound, Fail> {
        if let Some(kept) = w.tx.round_state(w.st.table.id).await?
            && let Ok(double) = serde_json::from_str::<DoubleRound>(&kept)
        {
            return Ok(double);
        }
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
        Ok(double)
    }

    /// A human's move: checks the seat, the turn and the step, applies it,
    /// and lets the computers and the settlement follow.
    pub(super) async fn player_move(
        &self,
        w: &mut Work,
        sender: &Sender,
        step: Option<Step>,
        m: Move,
    ) -> Result<(), Fail> {
        if w.st.face().is_some() {
            return Err(Rejection::NotInThisGame.into());
        }
        let seat = w.st.zr_seat_of(&sender.user).ok_or(Rejection::NotSeated)?;
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
                return Err(Rejection::Rule(tarock_zwanzigerrufen::RuleError::StillBidding).into());
            }
            (Move::Turn(_), Phase::Play) => {
                return Err(Rejection::Rule(tarock_zwanzigerrufen::RuleError::BiddingOver).into());
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
    pub(super) async fn apply(
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
            seat: seat.into(),
            action: move_text(m),
            at_ms: now,
            by_computer,
        };
        w.tx.queue_event(deal.deal.id, &event)?;
        deal.events.push(event);
        Ok(())
    }

    /// After a move: computers at the table act until a human is to act or
    /// the deal ends; a finished deal is settled; views and the deadline
    /// follow.
    pub(super) async fn advance(&self, w: &mut Work) -> Result<(), Fail> {
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
    /// that seat's view, with random numbers of its own (fresh entropy, or
    /// with a fixed seed deterministic in the table, deal and step).
    pub(super) fn computer_move(&self, w: &Work, level: Level) -> Result<Move, Fail> {
        let game = w.st.game().ok_or(Rejection::NoDeal)?;
        let step = w.st.step().ok_or(Rejection::NoDeal)?;
        let mut rng = self
            .randomness
            .computer_rng(w.st.table.id, step.deal, step.seq)?;
        let mut player = tarock_zwanzigerrufen_ai::player(level);
        let invalid = |e: tarock_zwanzigerrufen_ai::drive::IllegalChoice| {
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

    /// Settles a finished deal: the ledger rows, the settlement in the
    /// chat, and each person's private copy with their own line marked.
    pub(super) async fn settle(&self, w: &mut Work) -> Result<(), Fail> {
        if !w.st.deal_active() {
            return Ok(());
        }
        // Read before this deal's settlement is written (a table settled
        // before the double round was kept computes it from the others).
        let mut double = self.double_round(w).await?;
        let Some(deal) =
            w.st.deal
                .as_mut()
                .filter(|d| d.deal.status == DealStatus::Active)
        else {
            return Ok(());
        };
        let Some(game) = deal.game.as_ref() else {
            return Ok(());
        };
        let (Some(settlement), Some(facts), Some(contract)) = (
            game.settlement_with_factor(deal.deal.factor),
            game.facts(),
            game.contract().copied(),
        ) else {
            return Ok(());
        };
        let replaces_all = game.rules().valat_replaces_all;
        let deal_id = deal.deal.id;
        let number = deal.deal.number;
        w.tx.settle(
            deal_id,
            &NewSettlement {
                changes: settlement.changes.to_vec(),
                breakdown: serde_json::to_string(&settlement).expect("settlements serialize"),
                settled_ms: w.now,
                sitting_out: None,
            },
        )
        .await?;
        double.record(&settlement, game.rules());
        let kept = serde_json::to_string(&double).expect("a double round serializes");
        w.tx.set_round_state(w.st.table.id, &kept).await?;
        crate::stats::record_sides(&mut w.tx, deal_id, &facts).await?;
        deal.deal.status = DealStatus::Finished;
        let lang = w.st.lang();
        let balances = self.balance_lines(w, lang).await?;
        let revealed = match w.st.deal.as_ref() {
            Some(d) => crate::fair::reveal_of(&mut w.tx, &d.deal).await?,
            None => None,
        };
        // Seed and salt end every copy of the settlement, in its reader's
        // language.
        let with_reveal = |text: String, lang| match &revealed {
            Some(r) => format!(
                "{text}\n{}",
                crate::fair::reveal_lines(number, "deal", r, None, lang)
            ),
            None => text,
        };
        let mut sheet = Sheet {
            table: w.st.table.id.0,
            deal: number,
            names: Seat::ALL.map(|_| String::new()),
            declarer: contract.declarer,
            called: contract.called,
            facts,
            settlement: settlement.clone(),
            valat_replaces_all: replaces_all,
            words: w.st.words(),
            stake_cents: w.st.table.stake_cents,
            balances: self.seat_balances(w).await?,
        };
        let names_in = |st: &TableState, lang| st.names(lang).map(Option::unwrap_or_default);
        sheet.names = names_in(&w.st, lang);
        let chat = w.st.chat();
        w.out.push(Outgoing::Settlement {
            table: w.st.table.id,
            chat,
            text: with_reveal(sheet.text(lang, None), lang),
            items: settlement_items(&settlement, lang),
            changes: settlement.changes.to_vec(),
            balances,
        });
        // Each person gets a private copy in their language, their own line
        // marked; it replaces their hand, which is empty now.
        for seat in Seat::ALL {
            let Some(row) = w.st.seat_row(seat) else {
                continue;
            };
            let (Some(to), Some(player)) = (user_of(row), row.player.as_ref()) else {
                continue;
            };
            let reader = Lang::from_tag(&player.language);
            sheet.names = names_in(&w.st, reader);
            let title = tr!(
                reader,
                "private-title",
                table = w.st.table.id.0,
                deal = number,
                seat = seat.index() + 1
            );
            w.out.push(Outgoing::Private {
                table: w.st.table.id,
                to,
                text: with_reveal(
                    format!("{title}\n{}", sheet.text(reader, Some(seat))),
                    reader,
                ),
                buttons: Vec::new(),
                notify: false,
                picture: None,
            });
        }
        Ok(())
    }

    /// The running balance of each seat's participant, (units, cents), seat
    /// 0 first; read inside the transaction, so this deal is included.
    async fn seat_balances(&self, w: &mut Work) -> Result<[(i64, i64); 4], Fail> {
        let all = w.tx.table_balances(w.st.table.id).await?;
        let mut out = [(0, 0); 4];
        for row in &w.st.seats {
            let participant = Participant::of(row.seat, &row.occupant);
            if let Some(b) = all.iter().find(|b| b.participant == participant) {
                out[row.seat.index()] = (b.units, b.cents);
            }
        }
        Ok(out)
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
}
