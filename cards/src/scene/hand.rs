//! A player's hand: an overlapping row, every card showing its corner
//! index; when the player is to play, the legal cards are lifted and
//! marked by a gold bar, the others dimmed.

use super::{Composition, Layout, Placed, Rect, Shade, check_distinct, felt};
use crate::design;
use crate::error::RenderError;
use crate::face::{Face, Lang};

/// The most cards a hand may hold (Königrufen: 12 and the whole talon of 6).
pub const MAX_CARDS: usize = 18;
/// Space around the cards.
const MARGIN: i32 = 24;
/// How far a legal card is lifted.
const LIFT: i32 = 30;
/// Extra space after a card's index strip.
const GAP: f32 = 6.0;
/// The widest a hand picture gets (Telegram shows photos up to 1280 pixels);
/// beyond it the cards overlap more.
const MAX_WIDTH: i32 = 1280;

/// A player's cards as a front end asks to see them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    /// The cards, left to right.
    pub cards: Vec<Face>,
    /// `Some(cards)` when the player is to play: these are highlighted, the
    /// others dimmed. `None` shows every card plainly.
    pub legal: Option<Vec<Face>>,
    /// Language of the court letters.
    pub lang: Lang,
}

impl Hand {
    /// A hand shown plainly (not the player's turn).
    pub fn new(cards: impl IntoIterator<Item = Face>, lang: Lang) -> Hand {
        Hand {
            cards: cards.into_iter().collect(),
            legal: None,
            lang,
        }
    }

    /// The same hand with `legal` highlighted and the other cards dimmed.
    pub fn with_legal(mut self, legal: impl IntoIterator<Item = Face>) -> Hand {
        self.legal = Some(legal.into_iter().collect());
        self
    }

    /// The cards as text, left to right (`Sküs XX ♠R ♥A`).
    pub fn alt(&self) -> String {
        let labels: Vec<String> = self.cards.iter().map(|f| f.label(self.lang)).collect();
        labels.join(" ")
    }

    /// Where each card lands.
    ///
    /// # Errors
    /// [`RenderError::TooManyCards`] past [`MAX_CARDS`],
    /// [`RenderError::DuplicateCard`], and [`RenderError::LegalNotInHand`]
    /// for a legal card the hand does not hold.
    pub fn layout(&self) -> Result<Layout, RenderError> {
        self.check()?;
        let xs = self.columns();
        let n = self.cards.len();
        let width = match xs.last() {
            Some(&x) => x + design::WIDTH as i32 + MARGIN,
            None => 2 * MARGIN + design::WIDTH as i32,
        };
        let cards = self
            .cards
            .iter()
            .enumerate()
            .map(|(i, &face)| {
                let (y, shade) = self.row(face);
                let rect = Rect::card(xs[i], y);
                let visible_width = if i + 1 < n {
                    (xs[i + 1] - xs[i]) as u32
                } else {
                    design::WIDTH
                };
                let visible = Rect {
                    width: visible_width,
                    ..rect
                };
                Placed {
                    face,
                    rect,
                    visible,
                    shade,
                }
            })
            .collect();
        Ok(Layout {
            width: width as u32,
            height: (2 * MARGIN + LIFT) as u32 + design::HEIGHT,
            cards,
        })
    }

    /// The layout and its underlay: felt, and a gold bar above each legal card.
    pub(crate) fn compose(&self) -> Result<Composition, RenderError> {
        let layout = self.layout()?;
        let mut underlay = felt::open(layout.width, layout.height);
        if layout.cards.is_empty() {
            felt::slot(&mut underlay, Rect::card(MARGIN, MARGIN + LIFT / 2));
        }
        if self.legal.is_some() {
            for placed in layout.cards.iter().filter(|p| p.shade == Shade::Plain) {
                felt::marker(&mut underlay, placed.visible);
            }
        }
        felt::close(&mut underlay);
        Ok(Composition { layout, underlay })
    }

    /// Fails on too many cards, repeated cards, or legal cards not held.
    fn check(&self) -> Result<(), RenderError> {
        if self.cards.len() > MAX_CARDS {
            return Err(RenderError::TooManyCards {
                count: self.cards.len(),
                max: MAX_CARDS,
            });
        }
        check_distinct(self.cards.iter())?;
        if let Some(legal) = &self.legal
            && let Some(stray) = legal.iter().find(|f| !self.cards.contains(f))
        {
            return Err(RenderError::LegalNotInHand(*stray));
        }
        Ok(())
    }

    /// The top edge and shade of a card: lifted and plain if legal, lower
    /// and dimmed if not, in between and plain when nothing is highlighted.
    fn row(&self, face: Face) -> (i32, Shade) {
        match &self.legal {
            None => (MARGIN + LIFT / 2, Shade::Plain),
            Some(legal) if legal.contains(&face) => (MARGIN, Shade::Plain),
            Some(_) => (MARGIN + LIFT, Shade::Dimmed),
        }
    }

    /// Left edges of the cards: each card leaves its index strip visible,
    /// squeezed evenly if the row would grow past [`MAX_WIDTH`].
    fn columns(&self) -> Vec<i32> {
        let strips: Vec<f32> = self
            .cards
            .iter()
            .map(|&f| design::index_strip(f, self.lang) + GAP)
            .collect();
        let steps = &strips[..strips.len().saturating_sub(1)];
        let room = (MAX_WIDTH - 2 * MARGIN - design::WIDTH as i32) as f32;
        let total: f32 = steps.iter().sum();
        let squeeze = if total > room { room / total } else { 1.0 };
        let mut x = MARGIN as f32;
        let mut xs = Vec::with_capacity(strips.len());
        for (i, _) in strips.iter().enumerate() {
            xs.push(x.round() as i32);
            if let Some(step) = steps.get(i) {
                x += step * squeeze;
            }
        }
        xs
    }
}
