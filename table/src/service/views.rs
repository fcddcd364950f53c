//! The views a table sends: the public table message, private hands with
//! their legal choices as buttons, and names.

use super::*;
use crate::picture;
use crate::words::seat_name;

/// A player who moved this long ago or less is taken to be watching: their
/// next turn edits their private message instead of posting a new one.
pub const QUIET_MS: i64 = 60_000;

/// At most this many lines of what happened go under a table message of a
/// game with a face (the computers may have made many moves in a row).
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

    pub(super) fn header(&self, names: [Option<String>; 4], deal: Option<u32>) -> TableHeader {
        let lang = self.lang();
        let status_note = match self.table.status {
            TableStatus::Paused => Some(tr!(lang, "status-paused")),
            TableStatus::Closed => Some(tr!(lang, "status-closed")),
            _ => None,
        };
        TableHeader {
            table: self.table.id.0,
            deal,
            names,
            rules: rules_label(&self.table.rules),
            stake_cents: self.table.stake_cents,
            status_note,
            words: self.words(),
        }
    }

    /// How this table's rules name the Kontra levels.
    pub(super) fn words(&self) -> KontraWords {
        KontraWords::of_rules(&self.table.rules)
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

    /// `seat`'s private view, if a person sits there and a deal is on: the
    /// hand, what the seat knows, and its legal choices as buttons.
    pub(super) fn private_view(&self, seat: Seat) -> Option<Outgoing> {
        let row = self.seat_row(seat)?;
        let to = user_of(row)?;
        let game = self.shown_game()?;
        let lang = Lang::from_tag(&row.player.as_ref()?.language);
        let header = self.header(self.names(lang), self.deal.as_ref().map(|d| d.deal.number));
        let view = game.view(seat);
        let text = private_text(&view, &header, lang);
        let buttons = if game.to_act() == Some(seat) && self.table.status == TableStatus::Playing {
            self.choice_buttons(game, seat, lang)
        } else {
            Vec::new()
        };
        // The cards the buttons offer are the ones lifted in the picture.
        let legal =
            (game.phase() == Phase::Play && !buttons.is_empty()).then(|| game.legal_cards());
        Some(Outgoing::Private {
            table: self.table.id,
            to,
            text,
            buttons,
            notify: false,
            picture: Some(picture::zwanzigerrufen::hand(&view, legal, lang)),
        })
    }

    /// The legal choices of the seat to act, as buttons: each card, or each
    /// single announcement that makes a legal turn, and Weiter.
    pub(super) fn choice_buttons(&self, game: &Game, seat: Seat, lang: Lang) -> Keyboard {
        let step = self.step();
        let mut rows: Keyboard = Vec::new();
        if game.phase() == Phase::Play {
            let cards = sorted(game.legal_cards());
            for chunk in cards.chunks(5) {
                rows.push(
                    chunk
                        .iter()
                        .map(|c| self.button(card_label(*c, lang), step, ButtonAction::Play(*c)))
                        .collect(),
                );
            }
            return rows;
        }
        self.turn_buttons(game, seat, &[], lang)
    }

    /// Buttons for a bidding turn that starts with `partial`: each single
    /// next announcement that ends a legal turn, a "… +" button for each
    /// one that more may follow in the same turn, and (when `partial` is a
    /// legal turn itself) a button that ends the turn there: Weiter for an
    /// empty `partial`.
    pub(super) fn turn_buttons(
        &self,
        game: &Game,
        seat: Seat,
        partial: &[Bid],
        lang: Lang,
    ) -> Keyboard {
        let step = self.step();
        let mut scratch = game.clone();
        for bid in partial {
            if scratch.apply(seat, Action::Bid(*bid)).is_err() {
                return Vec::new();
            }
        }
        let view = scratch.view(seat);
        let prefix: Vec<String> = label_turn(game, seat, partial, lang, self.words());
        let label = |extra: Option<String>, more: bool| {
            let mut words = prefix.clone();
            words.extend(extra);
            let mut text = words.join(" + ");
            if more {
                text.push_str(" + …");
            }
            text
        };
        let mut singles: Vec<Button> = Vec::new();
        let mut composes: Vec<Button> = Vec::new();
        for bid in scratch.legal_actions().bids() {
            let mut turn = partial.to_vec();
            turn.push(bid);
            let level = match bid {
                Bid::Kontra(item) => view.item(item).map_or(0, |s| s.level),
                _ => 0,
            };
            let name = bid_label(bid, lang, level, self.words());
            if game.clone().apply_turn(seat, &turn).is_ok() {
                singles.push(self.button(
                    label(Some(name.clone()), false),
                    step,
                    ButtonAction::Turn(turn.clone()),
                ));
            }
            let mut after = scratch.clone();
            let more = turn.len() < crate::payload::MAX_TURN
                && after.apply(seat, Action::Bid(bid)).is_ok()
                && after.legal_actions().bids().next().is_some();
            if more {
                composes.push(self.button(
                    label(Some(name), true),
                    step,
                    ButtonAction::Compose(turn),
                ));
            }
        }
        let mut rows: Keyboard = Vec::new();
        for chunk in singles.chunks(3) {
            rows.push(chunk.to_vec());
        }
        for chunk in composes.chunks(3) {
            rows.push(chunk.to_vec());
        }
        if game.clone().apply_turn(seat, partial).is_ok() {
            let text = if partial.is_empty() {
                tr!(lang, "btn-weiter")
            } else {
                tr!(lang, "btn-turn-done", turn = label(None, false))
            };
            rows.push(vec![self.button(
                text,
                step,
                ButtonAction::Turn(partial.to_vec()),
            )]);
        }
        rows
    }
}

/// The labels of the announcements of a turn, each with the Kontra level it
/// reaches.
pub(super) fn label_turn(
    game: &Game,
    seat: Seat,
    bids: &[Bid],
    lang: Lang,
    words: KontraWords,
) -> Vec<String> {
    let mut scratch = game.clone();
    let mut out = Vec::new();
    for bid in bids {
        let level = match bid {
            Bid::Kontra(item) => scratch.view(seat).item(*item).map_or(0, |s| s.level),
            _ => 0,
        };
        out.push(bid_label(*bid, lang, level, words));
        let _ = scratch.apply(seat, Action::Bid(*bid));
    }
    out
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
        let names = w.st.names(lang);
        let deal_number = w.st.deal.as_ref().map(|d| d.deal.number);
        let header = w.st.header(names, deal_number);
        let face = w.st.face();
        let shown_game = w.st.shown_game();
        let (mut text, picture) = match (face, shown_game) {
            (Some(face), _) => (
                w.st.round_table_text(face, lang),
                w.st.round_table_picture(face, lang),
            ),
            (None, Some(game)) if w.st.table.status != TableStatus::Lobby => {
                let view = game.public_view();
                let names = Seat::ALL.map(|s| seat_name(&header, s, lang));
                let mut text = table_text(&view, &header, lang);
                // The commitment, from the deal's first view on: queued
                // with the deal, before any hand.
                let deal = w.st.deal.as_ref().map(|d| &d.deal);
                if let Some(line) = deal.and_then(|d| crate::fair::commitment_line(d, lang)) {
                    text.push('\n');
                    text.push_str(&line);
                }
                (text, picture::zwanzigerrufen::table(&view, &names, lang))
            }
            (None, _) => (lobby_text(&header, lang), None),
        };
        // What the actions of this command were (games with a face whose
        // layout lists them).
        if face.is_none_or(|f| f.layout().move_lines) {
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
            _ if w.st.deal_active() && face.is_some_and(|f| !f.layout().last_trick_button) => {
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

    /// Queues `seat`'s private view, if a person sits there and a deal is
    /// on; as a new message (see [`Outgoing::Private`]'s `notify`) when it
    /// is the seat's turn and the player made no move of this deal in the
    /// last [`QUIET_MS`]: somebody who is playing along sees the edit.
    pub(super) fn push_private(&self, w: &mut Work, seat: Seat) {
        if let Some(mut message) = w.st.private_view(seat) {
            if let Outgoing::Private {
                notify, buttons, ..
            } = &mut message
            {
                *notify = !buttons.is_empty() && !w.st.moved_lately(seat.into(), w.now);
            }
            w.out.push(message);
        }
    }
}
