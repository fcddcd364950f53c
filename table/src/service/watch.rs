//! A round as an onlooker saw it, step by step: for a front end whose
//! person sat a round out (the dealer at a five-seat Königrufen table)
//! while the computers played all of it in one command. The round is
//! replayed from its stored seed and tokens; each step is the public table
//! message after it, with the actions of the step under it. Nothing a
//! seat's hand hides is in it: the texts are the ones the chat shows.
//!
//! Game-neutral: a step ends where the table message changes its shape
//! before the first trick is completed (a line of a new kind, such as the
//! auction, the called king, the talon or the first card), where the face
//! announces something (the contract), where a trick is completed, and
//! with the round's last action.

use tarock_games::SeededRound;

use super::*;

/// One step of a round as an onlooker saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchedStep {
    /// How many of the round's actions have been played after this step.
    pub actions: u32,
    /// The public table message after the step, with the step's actions
    /// told under it.
    pub text: String,
}

/// The kinds of lines of a table message: each line up to its first colon
/// (or whole).
fn line_kinds(text: &str) -> Vec<&str> {
    text.lines()
        .map(|line| line.split_once(':').map_or(line, |(kind, _)| kind))
        .collect()
}

impl TableService {
    /// The steps of `table`'s latest round (a game with a face), from its
    /// action number `from` on, as an onlooker saw them (see the module);
    /// empty for Zwanzigerrufen, a table without a round, or nothing new.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn watched_steps(
        &self,
        table: TableId,
        from: u32,
    ) -> Result<Vec<WatchedStep>, ServiceError> {
        let Some(loaded) = self.store.load_table(table).await? else {
            return Ok(Vec::new());
        };
        let mut st = TableState {
            table: loaded.table,
            seats: loaded.seats,
            deal: loaded.deal,
            links: Vec::new(),
        };
        let (Some(face), Some(deal)) = (st.face(), st.deal.as_ref()) else {
            return Ok(Vec::new());
        };
        let (Some(kind), Some(seed)) = (
            tarock_games::by_id(&deal.deal.game),
            self.store.shuffle_seed(deal.deal.id).await?,
        ) else {
            return Ok(Vec::new());
        };
        let rules: Value = serde_json::from_str(&deal.deal.rules).unwrap_or(Value::Null);
        let Ok(mut round) =
            SeededRound::new(kind, &rules, st.table.seats, deal.deal.forehand, &seed)
        else {
            return Ok(Vec::new());
        };
        let events = deal.events.clone();
        let lang = st.lang();
        let context = st.context(lang);
        let mut steps = Vec::new();
        let mut moves: Vec<String> = Vec::new();
        let shown = |st: &mut TableState, round: &SeededRound| {
            if let Some(d) = st.deal.as_mut() {
                d.round = Some(round.clone());
            }
            st.round_table_text(face, lang)
        };
        let mut before_text = shown(&mut st, &round);
        for (i, event) in events.iter().enumerate() {
            let before = round.clone();
            if round.apply(event.seat, &event.action).is_err() {
                break;
            }
            if i < from as usize {
                before_text = shown(&mut st, &round);
                continue;
            }
            moves.push(face.action_text(before.round(), event.seat, &event.action, &context, lang));
            let said = face.events(before.round(), round.round(), &context, lang);
            let after_text = shown(&mut st, &round);
            let trick_done = face.last_trick(before.round(), &context, lang)
                != face.last_trick(round.round(), &context, lang);
            // Before the first trick: the auction, the contract, the talon.
            let new_shape = face.last_trick(before.round(), &context, lang).is_none()
                && line_kinds(&before_text) != line_kinds(&after_text);
            let last = i + 1 == events.len();
            if trick_done || new_shape || !said.is_empty() || last {
                let mut text = after_text.clone();
                for line in moves.drain(..).chain(said) {
                    text.push('\n');
                    text.push_str(&line);
                }
                steps.push(WatchedStep {
                    actions: (i + 1) as u32,
                    text,
                });
            }
            before_text = after_text;
        }
        Ok(steps)
    }
}
