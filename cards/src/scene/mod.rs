//! What a front end asks to see (a hand, a trick, the table) and where each
//! card of it lands in the picture.
//!
//! A scene is composed in two layers: an SVG underlay (felt, name plates,
//! markers, empty slots) and the card faces laid on top at whole-pixel
//! positions, each exactly its face's pixels (or their dimmed version).

pub(crate) mod felt;
mod hand;
mod plate;
mod table;
mod trick;

pub use hand::Hand;
pub use table::{Seat, Table};
pub use trick::{Play, Trick};

use crate::design;
use crate::error::RenderError;
use crate::face::Face;

/// A rectangle in picture pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl Rect {
    /// A card-sized rectangle with its top left corner at (`x`, `y`).
    pub const fn card(x: i32, y: i32) -> Rect {
        Rect {
            x,
            y,
            width: design::WIDTH,
            height: design::HEIGHT,
        }
    }

    /// The rectangle's right edge (exclusive).
    pub const fn right(&self) -> i32 {
        self.x + self.width as i32
    }

    /// The rectangle's bottom edge (exclusive).
    pub const fn bottom(&self) -> i32 {
        self.y + self.height as i32
    }

    /// Whether the two rectangles share any pixel.
    pub const fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }
}

/// How a placed card is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// The face as it is.
    Plain,
    /// Darkened and greyed: a card that may not be played now.
    Dimmed,
}

/// One card of a scene: its face, where the whole card lies, and the part
/// of it that no later card covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// The face shown.
    pub face: Face,
    /// The card's full rectangle (cards are [`design::WIDTH`] × [`design::HEIGHT`]).
    pub rect: Rect,
    /// The part of `rect` left uncovered by the cards drawn after it.
    pub visible: Rect,
    /// Plain or dimmed.
    pub shade: Shade,
}

/// Where everything of a scene goes: the picture's size and its cards in
/// drawing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Picture width in pixels.
    pub width: u32,
    /// Picture height in pixels.
    pub height: u32,
    /// Cards in drawing order (later ones on top).
    pub cards: Vec<Placed>,
}

/// A scene ready to draw: its layout and the SVG underlay.
pub(crate) struct Composition {
    /// Size and cards.
    pub layout: Layout,
    /// The SVG drawn below the cards, as large as the picture.
    pub underlay: String,
}

/// Fails with [`RenderError::DuplicateCard`] if a face other than the back
/// appears twice.
pub(crate) fn check_distinct<'a>(faces: impl Iterator<Item = &'a Face>) -> Result<(), RenderError> {
    let mut seen = std::collections::HashSet::new();
    for face in faces.filter(|f| **f != Face::Back) {
        if !seen.insert(*face) {
            return Err(RenderError::DuplicateCard(*face));
        }
    }
    Ok(())
}
