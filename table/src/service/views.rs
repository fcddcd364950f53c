//! The views a table sends: the public table message, private hands with
//! their legal choices as buttons, and names.

use super::*;

/// A player who moved this long ago or less is taken to be watching: their
/// next turn edits their private message instead of posting a new one.
pub const QUIET_MS: i64 = 60_000;

/// At most this many lines of what happened go under a table message (the
/// computers may have made many moves in a row).
const MOVE_LINES: usize = 8;

impl TableState {
    /// Whether the person on `seat` made a move of this deal in the last
    /// [`QUIET_MS`] before `now`: they are watching, so their next turn
    /// edits their message instead of posting a new one (which notifies).
    pub(super) fn moved_lately(&self, seat: TableSeat, now: i64) -> bool {
        self.deal.as_ref().is_some_and(|d| {
            d.events
                .iter()
                .any(|e| e.seat == seat && !e.by_computer && now.saturating_sub(e.at_ms) < QUIET_MS)
        })
    }

    pub(super) fn button(&self, label: String, step: Option<Step>, action: ButtonAction) -> Button {
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
}

pub(super) fn occupant_name(row: &SeatRow, lang: Lang) -> String {
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

pub(crate) fn level_name(level: &str, lang: Lang) -> String {
    match Level::from_str(level) {
        Ok(Level::Easy) => tr!(lang, "level-easy"),
        Ok(Level::Medium) => tr!(lang, "level-medium"),
        Ok(Level::Strong) => tr!(lang, "level-strong"),
        Err(_) => level.to_owned(),
    }
}

/// The name of a balance's owner: the player's (`player`, as looked up),
/// or the computer seat's ("Computer 2 (mittel)", as the seat is shown).
pub(super) fn participant_name(
    participant: &Participant,
    player: Option<Player>,
    lang: Lang,
) -> String {
    match participant {
        Participant::Computer { seat, level } => tr!(
            lang,
            "computer-seat-name",
            seat = seat.index() + 1,
            level = level_name(level, lang)
        ),
        Participant::Player(id) => player.map_or_else(|| format!("#{id}"), |p| p.display_name),
    }
}

impl TableService {
    /// The name of a participant in `lang`, the player looked up in the
    /// store (see [`participant_name`]).
    pub(super) async fn name_of(
        &self,
        participant: &Participant,
        lang: Lang,
    ) -> Result<String, StorageError> {
        let player = match participant {
            Participant::Player(id) => self.store.player(*id).await?,
            Participant::Computer { .. } => None,
        };
        Ok(participant_name(participant, player, lang))
    }
}

pub(super) fn user_of(row: &SeatRow) -> Option<UserRef> {
    row.player.as_ref().map(|p| UserRef {
        platform: p.platform,
        user_id: p.platform_user_id.clone(),
        name: p.display_name.clone(),
    })
}

impl TableService {
    /// Queues the public table message as it is now.
    pub(super) fn push_table_view(&self, w: &mut Work) {
        let lang = w.st.lang();
        let Some(face) = w.st.face() else {
            // A table of a game this build does not know: nothing to show.
            tracing::warn!(table = %w.st.table.id, game = %w.st.table.game, "no face");
            return;
        };
        let mut text = w.st.round_table_text(face, lang);
        let picture = w.st.round_table_picture(face, lang);
        // What the actions of this command were (games whose layout lists
        // them).
        if face.layout().move_lines {
            for line in w.moves.iter().rev().take(MOVE_LINES).rev() {
                text.push('\n');
                text.push_str(line);
            }
        }
        let b = |label: &str, action| w.st.button(tr!(lang, label), None, action);
        let buttons: Keyboard = match w.st.table.status {
            TableStatus::Closed => Vec::new(),
            TableStatus::Paused => vec![vec![
                b("btn-rules", ButtonAction::Rules),
                b("btn-balances", ButtonAction::Balances),
            ]],
            _ if w.st.deal_active() && !face.layout().last_trick_button => {
                vec![vec![
                    b("btn-hand", ButtonAction::Hand),
                    b("btn-rules", ButtonAction::Rules),
                    b("btn-balances", ButtonAction::Balances),
                ]]
            }
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
                let full = w.st.seats.len() >= usize::from(w.st.table.seats);
                let free = !full;
                let computer_seat =
                    w.st.seats
                        .iter()
                        .any(|r| matches!(r.occupant, Occupant::Computer(_)));
                let mut first = Vec::new();
                if full {
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
                        ButtonAction::AddComputer(
                            Level::Medium.name().into(),
                            TableSeat::all(w.st.table.seats).find(|s| w.st.seat_row(*s).is_none()),
                        ),
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
            picture,
        });
    }
}
