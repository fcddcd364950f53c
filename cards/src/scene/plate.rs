//! A player's name plate: the name, and the markers that need no words
//! (who led, whose turn it is, who won, how many tricks a player holds).

use std::fmt::Write;

use super::felt::GOLD;
use crate::font;

/// Height of a name plate.
pub const HEIGHT: u32 = 60;
/// Font size of names.
const NAME_SIZE: f32 = 28.0;
/// Width of the leader marker and its gap.
const LEADER_SPACE: f32 = 34.0;
/// Width of the tricks counter (pile icon and number).
const TRICKS_SPACE: f32 = 64.0;

/// What one plate shows.
pub struct Plate<'a> {
    /// Horizontal centre of the plate.
    pub cx: i32,
    /// Top edge of the plate.
    pub y: i32,
    /// Plate width.
    pub width: u32,
    /// The player's name, as given.
    pub name: &'a str,
    /// This player led the trick: a gold disc with an arrow.
    pub leader: bool,
    /// It is this player's turn: a gold outline.
    pub to_move: bool,
    /// This player won the trick: a gold plate.
    pub winner: bool,
    /// Tricks won so far, shown as a small pile and a number.
    pub tricks: Option<u8>,
    /// The player sits this deal out: drawn faint.
    pub out: bool,
}

impl Plate<'_> {
    /// Writes the plate's SVG.
    pub fn draw(&self, out: &mut String) {
        let left = self.cx as f32 - self.width as f32 / 2.0;
        let (fill, fill_opacity, ink) = if self.winner {
            (GOLD, 1.0, "#1b1b1b")
        } else {
            ("#06170e", 0.55, "#ffffff")
        };
        let opacity = if self.out { 0.4 } else { 1.0 };
        let (stroke, stroke_width) = if self.to_move {
            (GOLD, 4.0)
        } else {
            ("#ffffff", 1.0)
        };
        let _ = write!(
            out,
            "<g opacity=\"{opacity}\"><rect x=\"{left}\" y=\"{}\" width=\"{}\" height=\"{HEIGHT}\" \
             rx=\"14\" fill=\"{fill}\" fill-opacity=\"{fill_opacity}\" stroke=\"{stroke}\" \
             stroke-opacity=\"{}\" stroke-width=\"{stroke_width}\"/>",
            self.y,
            self.width,
            if self.to_move { 1.0 } else { 0.25 },
        );
        let mid = self.y as f32 + HEIGHT as f32 / 2.0;
        let mut text_left = left + 14.0;
        let mut text_right = left + self.width as f32 - 14.0;
        if self.leader {
            leader_marker(out, text_left + 13.0, mid);
            text_left += LEADER_SPACE;
        }
        if let Some(tricks) = self.tricks {
            text_right -= TRICKS_SPACE;
            tricks_counter(out, text_right + 8.0, mid, tricks, ink);
        }
        let name = font::escape(&font::fit(self.name, NAME_SIZE, text_right - text_left));
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{NAME_SIZE}\" text-anchor=\"middle\" \
             fill=\"{ink}\">{name}</text></g>",
            (text_left + text_right) / 2.0,
            mid + font::cap_height(NAME_SIZE) / 2.0,
        );
    }
}

/// The leader's marker: a gold disc with a dark arrow, centred on (`cx`, `cy`).
fn leader_marker(out: &mut String, cx: f32, cy: f32) {
    let _ = write!(
        out,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"13\" fill=\"{GOLD}\" stroke=\"#1b1b1b\" \
         stroke-width=\"1.5\"/><path d=\"M{} {} L{} {cy} L{} {} Z\" fill=\"#1b1b1b\"/>",
        cx - 4.5,
        cy - 7.0,
        cx + 7.0,
        cx - 4.5,
        cy + 7.0
    );
}

/// A small pile of two card backs and the number of tricks, from `x`.
fn tricks_counter(out: &mut String, x: f32, cy: f32, tricks: u8, ink: &str) {
    for (dx, dy) in [(0.0, 0.0), (5.0, -4.0)] {
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"18\" height=\"26\" rx=\"3\" fill=\"#173a6a\" \
             stroke=\"{GOLD}\" stroke-width=\"1.5\"/>",
            x + dx,
            cy - 11.0 + dy
        );
    }
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{NAME_SIZE}\" fill=\"{ink}\">{tricks}</text>",
        x + 29.0,
        cy + font::cap_height(NAME_SIZE) / 2.0
    );
}
