//! Slow games: reminders at half time and computer stand-ins at the deadline.

use super::*;

impl TableService {
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
                Err(Fail::Entropy(e)) => return Err(e.into()),
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

    pub(super) async fn on_deadline(&self, deadline: &Deadline) -> Result<bool, Fail> {
        let mut w = self.begin(None, Platform::Local, deadline.table).await?;
        // The deadline must still be the table's current one.
        let current = w.st.step();
        let matches = w.st.table.status == TableStatus::Playing
            && w.st
                .deal
                .as_ref()
                .is_some_and(|d| d.deal.id == deadline.deal)
            && current.is_some_and(|s| s.seq == deadline.seq)
            && w.st.seat_to_act() == Some(deadline.seat);
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
            let face = w.st.face().ok_or(Rejection::UnknownGame)?;
            self.round_stand_in(&mut w, face, deadline.seat).await?;
            w.say(
                tr!(lang, "stand-in", name = name.as_str()),
                user.into_iter().collect(),
            );
            self.round_after_action(&mut w, face, deadline.seat).await?;
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
        } else {
            let minutes = ((deadline.due_ms - w.now) / 60_000).max(1);
            w.say(
                tr!(
                    lang,
                    "reminder-chat",
                    name = name.as_str(),
                    minutes = minutes
                ),
                user.into_iter().collect(),
            );
            if let Some(Outgoing::Private {
                table,
                to,
                text,
                buttons,
                picture,
                ..
            }) = w.st.round_private_view(deadline.seat, None)
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
                    // A reminder is meant to be noticed.
                    notify: true,
                    picture,
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
}
