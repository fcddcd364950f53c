//! The current trick: the cards in the order played, each above its
//! player's name plate; the leader's plate carries the lead marker, the
//! winner (once known) is ringed in gold, players still to play get an
//! empty slot.

use super::plate::{self, Plate};
use super::{Composition, Layout, Placed, Rect, Shade, check_distinct, felt};
use crate::design;
use crate::error::RenderError;
use crate::face::{Face, Lang};

/// The most players a trick has (20 ab with five).
pub const MAX_PLAYS: usize = 5;
/// Space around everything.
const MARGIN: i32 = 28;
/// Space between two cards.
const GAP: i32 = 28;
/// Space between a card and its name plate.
const PLATE_GAP: i32 = 14;

/// One player's part of a trick.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    /// The player's name as the front end shows it.
    pub name: String,
    /// The card played, `None` while it is still to come.
    pub card: Option<Face>,
}

impl Play {
    /// A player who has played `card` (or not yet, with `None`).
    pub fn new(name: impl Into<String>, card: Option<Face>) -> Play {
        Play {
            name: name.into(),
            card,
        }
    }
}

/// A trick as a front end asks to see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    /// Every player of the trick in playing order: the first one led.
    pub plays: Vec<Play>,
    /// Index into `plays` of the player who won the trick, once complete.
    pub winner: Option<usize>,
    /// Language of the court letters.
    pub lang: Lang,
}

impl Trick {
    /// The cards as text in playing order, each after its player
    /// (`Anna XXI · Bert ♥K`); players still to play are left out.
    pub fn alt(&self) -> String {
        let parts: Vec<String> = self
            .plays
            .iter()
            .filter_map(|p| p.card.map(|c| format!("{} {}", p.name, c.label(self.lang))))
            .collect();
        parts.join(" · ")
    }

    /// Where each card lands.
    ///
    /// # Errors
    /// [`RenderError::PlayerCount`] for no or more than [`MAX_PLAYS`]
    /// players, [`RenderError::PlayOutOfOrder`] for a card after a player
    /// still to play, [`RenderError::NoSuchPlayer`] for a winner out of
    /// range or without a card, [`RenderError::DuplicateCard`].
    pub fn layout(&self) -> Result<Layout, RenderError> {
        self.check()?;
        let n = self.plays.len() as i32;
        let step = design::WIDTH as i32 + GAP;
        let cards = self
            .plays
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let rect = Rect::card(MARGIN + i as i32 * step, MARGIN);
                p.card.map(|face| Placed {
                    face,
                    rect,
                    visible: rect,
                    shade: Shade::Plain,
                })
            })
            .collect();
        Ok(Layout {
            width: (2 * MARGIN + n * step - GAP) as u32,
            height: (2 * MARGIN + PLATE_GAP) as u32 + design::HEIGHT + plate::HEIGHT,
            cards,
        })
    }

    /// The layout and its underlay: slots, the winner's ring, name plates.
    pub(crate) fn compose(&self) -> Result<Composition, RenderError> {
        let layout = self.layout()?;
        let mut underlay = felt::open(layout.width, layout.height);
        let step = design::WIDTH as i32 + GAP;
        for (i, play) in self.plays.iter().enumerate() {
            let rect = Rect::card(MARGIN + i as i32 * step, MARGIN);
            let winner = self.winner == Some(i);
            match play.card {
                None => felt::slot(&mut underlay, rect),
                Some(_) if winner => felt::ring(&mut underlay, rect, 7.0, felt::GOLD),
                Some(_) => {}
            }
            Plate {
                cx: rect.x + rect.width as i32 / 2,
                y: rect.bottom() + PLATE_GAP,
                width: design::WIDTH + 16,
                name: &play.name,
                leader: i == 0,
                to_move: false,
                winner,
                tricks: None,
                out: false,
            }
            .draw(&mut underlay);
        }
        felt::close(&mut underlay);
        Ok(Composition { layout, underlay })
    }

    /// Fails on a bad number of players, cards after a gap, a bad winner,
    /// or a card played twice.
    fn check(&self) -> Result<(), RenderError> {
        let n = self.plays.len();
        if n == 0 || n > MAX_PLAYS {
            return Err(RenderError::PlayerCount(n));
        }
        if let Some(gap) = self.plays.iter().position(|p| p.card.is_none())
            && let Some(late) = self.plays[gap..].iter().find(|p| p.card.is_some())
        {
            return Err(RenderError::PlayOutOfOrder(late.name.clone()));
        }
        if let Some(w) = self.winner
            && self.plays.get(w).and_then(|p| p.card).is_none()
        {
            return Err(RenderError::NoSuchPlayer(w));
        }
        check_distinct(self.plays.iter().filter_map(|p| p.card.as_ref()))
    }
}
