//! A round the people at the keyboard sit out (the dealer at a five-seat
//! Königrufen table): the computers play all of it within one command, so
//! instead of its last table view the terminal shows it step by step as
//! any onlooker sees it (the table service's [`watched_steps`]: the
//! auction, the contract, the talon, each trick as it is completed), and
//! waits for Enter between two steps, as it waits for a person's move
//! between two tricks otherwise.
//!
//! [`watched_steps`]: tarock_table::TableService::watched_steps

use anyhow::Result;
use tarock_storage::LoadedTable;
use tarock_table::WatchedStep;
use tarock_table::games::face;
use tarock_table::text::text;

use super::Terminal;
use super::input::Line;

impl Terminal {
    /// The deal number and action count of the table's latest round if
    /// every person here sits it out; `None` when someone here plays it,
    /// or for a game where nobody sits out.
    fn sat_out(&self, loaded: &LoadedTable) -> Option<(u32, u32)> {
        let deal = loaded.deal.as_ref()?;
        let round = deal.round.as_ref()?;
        let out = face(&loaded.table.game)?.sitting_out(round.round())?;
        let seat_of = |user_id: &str| {
            loaded
                .seats
                .iter()
                .find(|s| {
                    s.player
                        .as_ref()
                        .is_some_and(|p| p.platform_user_id == user_id)
                })
                .map(|s| s.seat)
        };
        let all_out = self.humans.iter().all(|h| seat_of(&h.user_id) == Some(out));
        all_out.then(|| (deal.deal.number, deal.next_seq()))
    }

    /// Notes the round on the table as seen as far as it stands (when
    /// coming back to a table: what happened before is not replayed).
    pub(super) async fn seen_so_far(&mut self) -> Result<()> {
        let loaded = self.service.store().load_table(self.table).await?;
        self.watched = loaded.as_ref().and_then(|l| self.sat_out(l));
        Ok(())
    }

    /// What is new of a round the people here sit out, step by step,
    /// with its deal number; `None` when someone here plays the round or
    /// nothing is new.
    pub(super) async fn to_watch(&self) -> Result<Option<(u32, Vec<WatchedStep>)>> {
        if self.quiet {
            return Ok(None);
        }
        let Some(loaded) = self.service.store().load_table(self.table).await? else {
            return Ok(None);
        };
        let Some((number, actions)) = self.sat_out(&loaded) else {
            return Ok(None);
        };
        let from = match self.watched {
            Some((seen, shown)) if seen == number => shown,
            _ => 0,
        };
        if actions <= from {
            return Ok(None);
        }
        let steps = self.service.watched_steps(self.table, from).await?;
        Ok((!steps.is_empty()).then_some((number, steps)))
    }

    /// Shows the `steps` of deal `number`, waiting for Enter between two.
    pub(super) fn watch(&mut self, number: u32, steps: &[WatchedStep]) -> Result<()> {
        // Input that has ended waits for nobody: the rest follows at once.
        let mut pace = true;
        for (i, step) in steps.iter().enumerate() {
            self.print_table(&step.text)?;
            self.watched = Some((number, step.actions));
            if pace && i + 1 < steps.len() {
                out!("{} ", text(self.lang, "terminal-watch-next", vec![]))?;
                match self.input.next_line()? {
                    Line::End => {
                        outln!()?;
                        pace = false;
                    }
                    // Scripted input is echoed, as at the prompt.
                    Line::Text(line) if !self.color => outln!("{}", line.trim())?,
                    Line::Text(_) => {}
                    Line::TooLong | Line::Unreadable => outln!()?,
                }
            }
        }
        Ok(())
    }
}
