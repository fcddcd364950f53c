//! The table seen from above: three to five seats around the felt, each
//! with its card of the current trick, its name plate and the tricks it
//! has won. Seat 0 sits at the bottom; play passes counter-clockwise, to
//! the right as Austrian tarock is played, so seat 1 sits on the right.

use super::plate::{self, Plate};
use super::{Composition, Layout, Placed, Rect, Shade, check_distinct, felt};
use crate::design;
use crate::error::RenderError;
use crate::face::{Face, Lang};

/// Space around everything.
const MARGIN: i32 = 28;
/// Space between a card slot and its name plate.
const PLATE_GAP: i32 = 12;
/// Width of a name plate.
const PLATE_WIDTH: u32 = design::WIDTH + 16;

/// Which side of its card a seat's name plate is on.
#[derive(Clone, Copy)]
enum Side {
    Above,
    Below,
}

/// Card centres (relative to the table's centre) and plate sides, per
/// number of seats, seat 0 first. Chosen so no two cards or plates touch.
const SEATS: [&[(i32, i32, Side)]; 3] = [
    &[
        (0, 175, Side::Below),
        (185, -170, Side::Above),
        (-185, -170, Side::Above),
    ],
    &[
        (0, 175, Side::Below),
        (250, -10, Side::Below),
        (0, -200, Side::Above),
        (-250, -10, Side::Below),
    ],
    &[
        (0, 190, Side::Below),
        (290, 60, Side::Below),
        (120, -250, Side::Above),
        (-120, -250, Side::Above),
        (-290, 60, Side::Below),
    ],
];

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The player's name as the front end shows it.
    pub name: String,
    /// The seat's card in the current trick, if it has played.
    pub played: Option<Face>,
    /// Tricks this seat has won in the deal so far.
    pub tricks: u8,
    /// The player sits this deal out (20 ab): drawn faint, no slot.
    pub out: bool,
}

impl Seat {
    /// A seat in play.
    pub fn new(name: impl Into<String>, played: Option<Face>, tricks: u8) -> Seat {
        Seat {
            name: name.into(),
            played,
            tricks,
            out: false,
        }
    }
}

/// The table as a front end asks to see it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    /// The seats in playing order, seat 0 at the bottom of the picture.
    pub seats: Vec<Seat>,
    /// The seat that led the current trick.
    pub leader: Option<usize>,
    /// The seat whose turn it is.
    pub to_move: Option<usize>,
    /// Language of the court letters.
    pub lang: Lang,
}

impl Table {
    /// The table as text, seat by seat: name, card in the trick if any,
    /// tricks won in parentheses (`Anna ♥K (3) · Bert (0)`).
    pub fn alt(&self) -> String {
        let parts: Vec<String> = self
            .seats
            .iter()
            .map(|s| match s.played {
                Some(card) => format!("{} {} ({})", s.name, card.label(self.lang), s.tricks),
                None => format!("{} ({})", s.name, s.tricks),
            })
            .collect();
        parts.join(" · ")
    }

    /// Where each card lands.
    ///
    /// # Errors
    /// [`RenderError::PlayerCount`] for fewer than 3 or more than 5 seats,
    /// [`RenderError::NoSuchPlayer`] for a leader or mover out of range,
    /// [`RenderError::DuplicateCard`].
    pub fn layout(&self) -> Result<Layout, RenderError> {
        Ok(self.geometry()?.0)
    }

    /// The layout and its underlay: slots, name plates, markers.
    pub(crate) fn compose(&self) -> Result<Composition, RenderError> {
        let (layout, slots) = self.geometry()?;
        let mut underlay = felt::open(layout.width, layout.height);
        for (i, (seat, (card, side))) in self.seats.iter().zip(&slots).enumerate() {
            if seat.played.is_none() && !seat.out {
                felt::slot(&mut underlay, *card);
            }
            Plate {
                cx: card.x + card.width as i32 / 2,
                y: plate_top(card, *side),
                width: PLATE_WIDTH,
                name: &seat.name,
                leader: self.leader == Some(i),
                to_move: self.to_move == Some(i),
                winner: false,
                tricks: Some(seat.tricks),
                out: seat.out,
            }
            .draw(&mut underlay);
        }
        felt::close(&mut underlay);
        Ok(Composition { layout, underlay })
    }

    /// The layout, and each seat's card slot with its plate side.
    fn geometry(&self) -> Result<(Layout, Vec<(Rect, Side)>), RenderError> {
        self.check()?;
        let spots = SEATS[self.seats.len() - 3];
        let half = (design::WIDTH as i32 / 2, design::HEIGHT as i32 / 2);
        let raw: Vec<(Rect, Side)> = spots
            .iter()
            .map(|&(x, y, side)| (Rect::card(x - half.0, y - half.1), side))
            .collect();
        let (min_x, min_y, max_x, max_y) = bounds(&raw);
        let (dx, dy) = (MARGIN - min_x, MARGIN - min_y);
        let slots: Vec<(Rect, Side)> = raw
            .into_iter()
            .map(|(r, side)| (Rect::card(r.x + dx, r.y + dy), side))
            .collect();
        let cards = self
            .seats
            .iter()
            .zip(&slots)
            .filter_map(|(seat, (rect, _))| {
                seat.played.map(|face| Placed {
                    face,
                    rect: *rect,
                    visible: *rect,
                    shade: Shade::Plain,
                })
            })
            .collect();
        let layout = Layout {
            width: (max_x - min_x + 2 * MARGIN) as u32,
            height: (max_y - min_y + 2 * MARGIN) as u32,
            cards,
        };
        Ok((layout, slots))
    }

    /// Fails on a bad number of seats, a bad leader or mover, or a card
    /// played twice.
    fn check(&self) -> Result<(), RenderError> {
        let n = self.seats.len();
        if !(3..=5).contains(&n) {
            return Err(RenderError::PlayerCount(n));
        }
        for seat in [self.leader, self.to_move].into_iter().flatten() {
            if seat >= n {
                return Err(RenderError::NoSuchPlayer(seat));
            }
        }
        check_distinct(self.seats.iter().filter_map(|s| s.played.as_ref()))
    }
}

/// Top edge of the name plate of the card slot `card`.
fn plate_top(card: &Rect, side: Side) -> i32 {
    match side {
        Side::Above => card.y - PLATE_GAP - plate::HEIGHT as i32,
        Side::Below => card.bottom() + PLATE_GAP,
    }
}

/// The box around all slots and plates: (min x, min y, max x, max y).
fn bounds(slots: &[(Rect, Side)]) -> (i32, i32, i32, i32) {
    let mut b = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for (card, side) in slots {
        let plate_left = card.x + card.width as i32 / 2 - PLATE_WIDTH as i32 / 2;
        let top = plate_top(card, *side);
        b.0 = b.0.min(plate_left);
        b.1 = b.1.min(card.y).min(top);
        b.2 = b.2.max(plate_left + PLATE_WIDTH as i32);
        b.3 = b.3.max(card.bottom()).max(top + plate::HEIGHT as i32);
    }
    b
}
