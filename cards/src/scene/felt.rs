//! The green felt every picture is drawn on, and the shapes laid on it
//! (empty card slots, rings around cards).

use std::fmt::Write;

use super::Rect;
use crate::design::{self, palette};
use crate::font;

/// Felt colour at the centre of a picture.
const FELT_LIGHT: &str = "#237049";
/// Felt colour at the picture's edges.
const FELT_DARK: &str = "#123f28";
/// Gold of markers and rings.
pub const GOLD: &str = palette::BACK_LINE;

/// Starts an SVG picture of `width` × `height` pixels covered in felt.
pub fn open(width: u32, height: u32) -> String {
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"{}\" font-weight=\"700\">\
         <radialGradient id=\"felt\" cx=\"50%\" cy=\"45%\" r=\"75%\">\
         <stop offset=\"0\" stop-color=\"{FELT_LIGHT}\"/><stop offset=\"1\" stop-color=\"{FELT_DARK}\"/>\
         </radialGradient><rect width=\"{width}\" height=\"{height}\" fill=\"url(#felt)\"/>",
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

/// A ring around a card, `gap` pixels outside its edge: what marks the
/// winning card of a trick or the playable cards of a hand.
pub fn ring(out: &mut String, rect: Rect, gap: f32, colour: &str) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{colour}\"/>",
        rect.x as f32 - gap,
        rect.y as f32 - gap,
        rect.width as f32 + 2.0 * gap,
        rect.height as f32 + 2.0 * gap,
        design::RADIUS + gap
    );
}
