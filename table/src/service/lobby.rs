//! Lobby and table management: seats, computers, hand-over, pause, resume, close.

use tarock_game_core::Seat;

use super::*;

impl TableService {
    pub(super) async fn join(
        &self,
        w: &mut Work,
        sender: &Sender,
        wanted: Option<Seat>,
    ) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_some() {
            return Err(Rejection::AlreadySeated.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        // A free seat, or else one a computer holds.
        let seat = match wanted {
            Some(seat) if !seat.is_at(w.st.table.seats) => {
                return Err(Rejection::NoSuchSeat.into());
            }
            Some(seat) => match w.st.seat_row(seat) {
                None => seat,
                Some(row) if matches!(row.occupant, Occupant::Computer(_)) => seat,
                Some(_) => return Err(Rejection::SeatTaken.into()),
            },
            None => Seat::all(w.st.table.seats)
                .find(|s| w.st.seat_row(*s).is_none())
                .or_else(|| {
                    Seat::all(w.st.table.seats).find(|s| {
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
        w.say(
            tr!(
                lang,
                "joined",
                name = sender.user.name.as_str(),
                seat = seat.index() + 1
            ),
            Vec::new(),
        );
        self.push_table_view(w);
        Ok(())
    }

    pub(super) async fn leave(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        let seat = w.st.seat_of(&sender.user).ok_or(Rejection::NotSeated)?;
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        w.tx.clear_seat(w.st.table.id, seat).await?;
        w.st.seats = w.tx.seats(w.st.table.id).await?;
        let lang = w.st.lang();
        w.say(
            tr!(lang, "left", name = sender.user.name.as_str()),
            Vec::new(),
        );
        self.push_table_view(w);
        Ok(())
    }

    pub(super) async fn add_computer(
        &self,
        w: &mut Work,
        sender: &Sender,
        level: &str,
        meant: Option<Seat>,
    ) -> Result<(), Fail> {
        let level =
            Level::from_str(&level.to_ascii_lowercase()).map_err(|_| Rejection::UnknownLevel)?;
        if w.st.seat_of(&sender.user).is_none() && !w.st.is_creator(&sender.user) {
            return Err(Rejection::NotSeated.into());
        }
        if w.st.deal_active() {
            return Err(Rejection::DealInProgress.into());
        }
        // A double click on one version of the button (both presses name
        // the same seat, which the first filled with a computer) adds one
        // computer, not two, as a second Join is refused by being seated
        // already. A person who took that seat meanwhile is another change:
        // the computer takes the next free seat.
        if let Some(meant) = meant
            && w.st
                .seat_row(meant)
                .is_some_and(|r| matches!(r.occupant, Occupant::Computer(_)))
        {
            return Err(Rejection::DoublePress.into());
        }
        let seat = Seat::all(w.st.table.seats)
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

    pub(super) async fn remove_computer(
        &self,
        w: &mut Work,
        sender: &Sender,
        seat: Seat,
    ) -> Result<(), Fail> {
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

    pub(super) async fn hand_over(
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
        w.say(
            tr!(
                lang,
                "handed-over",
                name = to.name.as_str(),
                seat = seat.index() + 1
            ),
            vec![to.clone()],
        );
        self.push_table_view(w);
        Ok(())
    }

    /// Pauses (`paused`) or resumes a table: deadlines stop, or start again
    /// for the seat to act.
    pub(super) async fn set_paused(
        &self,
        w: &mut Work,
        sender: &Sender,
        paused: bool,
    ) -> Result<(), Fail> {
        if w.st.seat_of(&sender.user).is_none() && !sender.is_admin {
            return Err(Rejection::NotSeated.into());
        }
        let (from, to, refusal) = if paused {
            (TableStatus::Playing, TableStatus::Paused, Rejection::NoDeal)
        } else {
            (
                TableStatus::Paused,
                TableStatus::Playing,
                Rejection::NotPaused,
            )
        };
        if w.st.table.status != from {
            return Err(refusal.into());
        }
        w.tx.set_table_status(w.st.table.id, to, w.now).await?;
        w.st.table.status = to;
        // Paused: no deadline. Playing: the seat to act's.
        self.set_deadline(w).await?;
        self.push_table_view(w);
        Ok(())
    }

    pub(super) async fn close(&self, w: &mut Work, sender: &Sender) -> Result<(), Fail> {
        if !w.st.is_creator(&sender.user) && !sender.is_admin {
            return Err(Rejection::NotAllowed.into());
        }
        // A cup's table ends with its round (or with the whole cup).
        if let Some(drawn) = w.tx.cup_table(w.st.table.id).await? {
            return Err(CupRefusal::TableOfCup(drawn.deals).into());
        }
        self.close_now(w).await
    }

    /// Closes the table: an active deal is abandoned, the balances are
    /// said in the chat.
    pub(super) async fn close_now(&self, w: &mut Work) -> Result<(), Fail> {
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
        let lang = w.st.lang();
        let balances = self.balance_lines(w, lang).await?;
        let lines: Vec<String> = balances
            .iter()
            .map(|b| {
                tr!(
                    lang,
                    "balance-line",
                    name = b.name.as_str(),
                    units = signed(b.units),
                    count = b.units.abs(),
                    money = signed_money(b.cents, lang)
                )
            })
            .collect();
        w.say(
            format!(
                "{}\n{}",
                tr!(lang, "closed", table = w.st.table.id.0),
                lines.join("\n")
            ),
            Vec::new(),
        );
        Ok(())
    }
}
