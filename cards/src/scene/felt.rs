//! The SVG laid over the green felt of every picture, and the shapes on it
//! (empty card slots, rings around cards).

use std::fmt::Write;

use super::Rect;
use crate::design::{self, palette};
use crate::font;

/// Gold of markers and rings.
pub const GOLD: &str = palette::BACK_LINE;

/// Starts the SVG laid over the felt (see [`crate::raster::felt`]) of a
/// picture of `width` × `height` pixels.
pub fn open(width: u32, height: u32) -> String {
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"{}\" font-weight=\"700\">",
        font::FAMILY
    );
    out
}

/// Ends an SVG picture begun by [`open`].
pub fn close(out: &mut String) {
    out.push_str("</svg>");
}

/// An empty place where a card is still to come: a dashed outline.
pub fn slot(out: &mut String, rect: Rect) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"#ffffff\" \
         fill-opacity=\"0.06\" stroke=\"#ffffff\" stroke-opacity=\"0.35\" stroke-width=\"3\" \
         stroke-dasharray=\"12 9\"/>",
        rect.x as f32 + 1.5,
        rect.y as f32 + 1.5,
        rect.width as f32 - 3.0,
        rect.height as f32 - 3.0,
        design::RADIUS
    );
}

/// A ring around a card, `gap` pixels wide outside its edge: what marks
/// the winning card of a trick or the playable cards of a hand. Drawn as a
/// stroke, so it paints only the band, not the area under the card.
pub fn ring(out: &mut String, rect: Rect, gap: f32, colour: &str) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"none\" \
         stroke=\"{colour}\" stroke-width=\"{}\"/>",
        rect.x as f32 - gap / 2.0,
        rect.y as f32 - gap / 2.0,
        rect.width as f32 + gap,
        rect.height as f32 + gap,
        design::RADIUS + gap / 2.0,
        gap + 1.0
    );
}

/// The mark of a playable card in a hand: a gold bar above the visible
/// strip of the card at `strip`.
pub fn marker(out: &mut String, strip: Rect) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"8\" rx=\"4\" fill=\"{GOLD}\"/>",
        strip.x + 6,
        strip.y - 16,
        strip.width.min(76).saturating_sub(12).max(8)
    );
}
