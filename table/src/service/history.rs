//! What players ask about the past (issue 18, item 3): their own figures,
//! the chat's leaderboard and a table's latest deals. Answered to the asker
//! alone; computed by SQL over the ledger (`storage/src/stats.rs`), never
//! by reading the history into memory.

use super::*;

/// How many people a leaderboard lists.
const LEADERBOARD_LINES: u32 = 10;

/// How many deals `/verlauf` lists.
const HISTORY_LINES: u32 = 10;

/// The name of a game in `lang`.
fn game_name(game: &str, lang: Lang) -> String {
    games::name_of(game, lang)
}

impl TableService {
    /// The asker's figures in this chat and everywhere, with their deals by
    /// contract and side.
    pub(super) async fn show_stats(&self, sender: &Sender) -> Result<Vec<Outgoing>, Fail> {
        let lang = sender.lang;
        let notice = |text: String| {
            Ok(vec![Outgoing::Notice {
                to: sender.user.clone(),
                text,
            }])
        };
        let Some(player) = self
            .store
            .player_on(sender.user.platform, &sender.user.user_id)
            .await?
        else {
            return notice(tr!(lang, "stats-none"));
        };
        let chat = (sender.chat.platform, sender.chat.chat_id.as_str());
        let here = self.store.player_stats(player.id, Some(chat)).await?;
        let everywhere = self.store.player_stats(player.id, None).await?;
        if everywhere.deals == 0 {
            return notice(tr!(lang, "stats-none"));
        }
        let mut lines = vec![tr!(
            lang,
            "stats-title",
            name = player.display_name.as_str()
        )];
        for (id, s) in [("stats-here", &here), ("stats-everywhere", &everywhere)] {
            lines.push(tr!(
                lang,
                id,
                deals = s.deals,
                won = s.won,
                lost = s.lost,
                count = s.units,
                units = signed(s.units),
                money = signed_money(s.cents, lang)
            ));
        }
        if here.declarer.deals + here.opponent.deals > 0 {
            lines.push(tr!(
                lang,
                "stats-sides",
                declarer = here.declarer.deals,
                declarer_won = here.declarer.won,
                opponent = here.opponent.deals,
                opponent_won = here.opponent.won
            ));
        }
        let contracts = self
            .store
            .player_contracts(player.id, chat.0, chat.1)
            .await?;
        for c in contracts.iter().filter(|c| c.contract.is_some()) {
            let side = if c.declarer == Some(true) {
                tr!(lang, "stats-as-declarer")
            } else {
                tr!(lang, "stats-as-opponent")
            };
            lines.push(tr!(
                lang,
                "stats-contract",
                contract = games::contract_name(c.contract.as_deref().unwrap_or_default(), lang),
                side = side,
                deals = c.deals,
                won = c.won,
                count = c.units,
                units = signed(c.units)
            ));
        }
        notice(lines.join("\n"))
    }

    /// The people of this chat's tables, best balance first.
    pub(super) async fn show_leaderboard(&self, sender: &Sender) -> Result<Vec<Outgoing>, Fail> {
        let lang = sender.lang;
        let board = self
            .store
            .chat_leaderboard(
                sender.chat.platform,
                &sender.chat.chat_id,
                LEADERBOARD_LINES,
            )
            .await?;
        let mut lines = vec![tr!(lang, "leaderboard-title")];
        if board.is_empty() {
            lines.push(tr!(lang, "leaderboard-none"));
        }
        for (i, line) in board.iter().enumerate() {
            let name = self
                .name_of(&Participant::Player(line.player), lang)
                .await?;
            lines.push(tr!(
                lang,
                "leaderboard-line",
                place = i + 1,
                name = name.as_str(),
                count = line.units,
                units = signed(line.units),
                money = signed_money(line.cents, lang),
                deals = line.deals,
                won = line.won
            ));
        }
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: lines.join("\n"),
        }])
    }

    /// A table's latest settled deals with every seat's change, and how to
    /// get each one's record.
    pub(super) async fn show_history(
        &self,
        sender: &Sender,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let id = self.resolve(sender, choice).await?;
        let lang = sender.lang;
        let history = self.store.table_history(id, HISTORY_LINES).await?;
        let mut lines = vec![tr!(lang, "history-title", table = id.0)];
        if history.is_empty() {
            lines.push(tr!(lang, "history-none"));
        }
        for deal in &history {
            let mut changes = Vec::new();
            for (seat, occupant, units) in &deal.units {
                let name = self
                    .name_of(&Participant::of(*seat, occupant), lang)
                    .await?;
                changes.push(format!("{name} {}", signed(*units)));
            }
            lines.push(tr!(
                lang,
                "history-line",
                game = game_name(&deal.game, lang),
                number = deal.number,
                deal = deal.deal.0,
                changes = changes.join(" · ")
            ));
        }
        if !history.is_empty() {
            lines.push(tr!(lang, "history-hint"));
        }
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: lines.join("\n"),
        }])
    }
}
