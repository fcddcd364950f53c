//! Questions answered directly to the sender; nothing is stored.

use super::*;
use crate::games::NoTricks;

impl TableService {
    pub(super) async fn query(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<(TableState, Option<TableSeat>), Fail> {
        let id = self.resolve(sender, choice).await?;
        let loaded = self
            .store
            .load_table(id)
            .await?
            .ok_or(Rejection::UnknownTable)?;
        let mut loaded = TableState {
            table: loaded.table,
            seats: loaded.seats,
            deal: loaded.deal,
            // Answers go to the sender only: no chat copies needed.
            links: Vec::new(),
        };
        // A seated sender's answer (their hand, a draft step) is in the
        // language their client says now (stored by their next move, see
        // `follow_language`; a query changes nothing).
        let code = sender.lang.code();
        for player in loaded.seats.iter_mut().filter_map(|r| r.player.as_mut()) {
            if player.platform == sender.user.platform
                && player.platform_user_id == sender.user.user_id
            {
                code.clone_into(&mut player.language);
            }
        }
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

    pub(super) async fn show_hand(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (loaded, seat) = self.query(sender, choice).await?;
        let seat = seat.ok_or(Rejection::NotSeated)?;
        // Built exactly as the pushed private view, without a transaction.
        let message = loaded
            .round_private_view(seat, None)
            .ok_or(Rejection::NoDeal)?;
        Ok(vec![message])
    }

    pub(super) async fn show_last_trick(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (loaded, _) = self.query(sender, choice).await?;
        let w = loaded;
        let lang = sender.lang;
        let face = w.face().ok_or(Rejection::UnknownGame)?;
        // Between rounds: the last trick of the round just played.
        let round = w.shown_round().ok_or(Rejection::NoDeal)?;
        let text = face
            .last_trick(round.round(), &w.context(lang), lang)
            .ok_or(Rejection::NoTrickYet)?;
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text,
        }])
    }

    pub(super) async fn show_our_tricks(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (loaded, seat) = self.query(sender, choice).await?;
        let face = loaded.face().ok_or(Rejection::UnknownGame)?;
        let seat = seat.ok_or(Rejection::NotSeated)?;
        let lang = sender.lang;
        let round = loaded.shown_round().ok_or(Rejection::NoDeal)?;
        let text = face
            .our_tricks(round.round(), seat, &loaded.context(lang), lang)
            .map_err(|e| match e {
                NoTricks::NoneYet => Rejection::NoTrickYet,
                NoTricks::SideUnknown => Rejection::PartyUnknown,
            })?;
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text,
        }])
    }

    pub(super) async fn show_rules(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let id = self.resolve(sender, choice).await?;
        let table = self.store.table(id).await?.ok_or(Rejection::UnknownTable)?;
        let lang = sender.lang;
        let face = crate::games::face(&table.game).ok_or(Rejection::UnknownGame)?;
        let rules = serde_json::from_str(&table.rules).unwrap_or(Value::Null);
        if face.layout().rules_by_label {
            // A preset is named; overrides are shown as written.
            let id = if table.rules.trim_start().starts_with('{') {
                "rules-text-overrides"
            } else {
                "rules-text"
            };
            return Ok(vec![Outgoing::Notice {
                to: sender.user.clone(),
                text: tr!(
                    lang,
                    id,
                    table = table.id.0,
                    rules = face.rules_label(&rules, lang),
                    spec = table.rules.as_str(),
                    stake = money(table.stake_cents, lang),
                    pace = pace_text(table.pace_ms, lang)
                ),
            }]);
        }
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: format!(
                "{}\n{}",
                tr!(
                    lang,
                    "rules-text-game",
                    table = table.id.0,
                    game = face.name(lang),
                    seats = table.seats,
                    stake = money(table.stake_cents, lang),
                    pace = pace_text(table.pace_ms, lang)
                ),
                face.rules_text(&rules, lang)
            ),
        }])
    }

    pub(super) async fn show_balances(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let (st, _) = self.query(sender, choice).await?;
        let id = st.table.id;
        let lang = sender.lang;
        let balances = self.store.table_balances(id).await?;
        // A game whose score is not its money (Königrufen's Schrift) shows
        // each seat's running score beside the money, as its settlement
        // lines do.
        // Kept by each settlement; a table not settled since they were kept
        // sums its settled deals once and keeps the result.
        let schrift = if st.face().is_some_and(|f| f.has_cup_score()) {
            let mut tx = self.store.begin().await?;
            let totals = match tx.seat_scores(id).await? {
                Some(mut totals) => {
                    tx.rollback().await?;
                    totals.resize(usize::from(st.table.seats), 0);
                    totals
                }
                None => {
                    let deals = tx.settled_deals(id).await?;
                    let totals = super::round::schrift_of(&deals, st.table.seats);
                    if !deals.is_empty() {
                        tx.set_seat_scores_if_none(id, &totals).await?;
                    }
                    tx.commit().await?;
                    totals
                }
            };
            Some(totals)
        } else {
            None
        };
        let mut lines = vec![tr!(lang, "balances-title")];
        if balances.is_empty() {
            lines.push(tr!(lang, "balances-none"));
        }
        for b in balances {
            let name = self.name_of(&b.participant, lang).await?;
            let units = signed(b.units);
            let money = signed_money(b.cents, lang);
            let seat_schrift = schrift.as_ref().and_then(|totals| {
                TableSeat::all(st.table.seats)
                    .find(|seat| {
                        st.seat_row(*seat).is_some_and(|row| {
                            Participant::of(*seat, &row.occupant) == b.participant
                        })
                    })
                    .map(|seat| totals.get(seat.index()).copied().unwrap_or(0))
            });
            lines.push(match seat_schrift {
                Some(total) => tr!(
                    lang,
                    "balance-line-schrift",
                    name = name,
                    units = units,
                    count = b.units.abs(),
                    money = money,
                    schrift = signed(total)
                ),
                None => tr!(
                    lang,
                    "balance-line",
                    name = name,
                    units = units,
                    count = b.units.abs(),
                    money = money
                ),
            });
        }
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: lines.join("\n"),
        }])
    }

    /// The private views (hand and legal choices) of `user` at every open
    /// table where they sit and a deal is on, newest table first: what an
    /// inline query or a "my cards" request shows without naming a table.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn private_views(&self, user: &UserRef) -> Result<Vec<Outgoing>, ServiceError> {
        let mut views = Vec::new();
        for id in self
            .store
            .open_tables_of_player(user.platform, &user.user_id)
            .await?
        {
            let Some(loaded) = self.store.load_table(id).await? else {
                continue;
            };
            let st = TableState {
                table: loaded.table,
                seats: loaded.seats,
                deal: loaded.deal,
                links: Vec::new(),
            };
            if let Some(seat) = st.seat_of(user)
                && st.deal_active()
                && let Some(view) = st.round_private_view(seat, None)
            {
                views.push(view);
            }
        }
        Ok(views)
    }
}
