//! Suit marks and emblems, drawn for this project in a 100 × 100 box.
//!
//! Every mark is placed by [`place`]: centred on a point, scaled to a size,
//! optionally turned upside down (the lower half of a card is printed
//! upside down, as on real cards).

use std::fmt::Write;

use super::palette::{BLACK, RED};
use crate::face::{Court, Suit};

/// Heart: two round lobes meeting in a point.
const HEART: &str = "M50,94 C36,80 4,60 4,33 C4,16 16,5 30,5 C40,5 47,11 50,19 \
                     C53,11 60,5 70,5 C84,5 96,16 96,33 C96,60 64,80 50,94 Z";
/// Diamond: a rhombus with slightly hollow sides.
const DIAMOND: &str = "M50,2 Q64,30 88,50 Q64,70 50,98 Q36,70 12,50 Q36,30 50,2 Z";
/// Spade: an upturned heart on a flared stem.
const SPADE: &str = "M50,3 C60,22 96,40 96,63 C96,77 86,86 73,86 C64,86 57,81 54,74 \
                     C55,85 59,92 67,97 L33,97 C41,92 45,85 46,74 \
                     C43,81 36,86 27,86 C14,86 4,77 4,63 C4,40 40,22 50,3 Z";
/// Club: three leaves on a flared stem.
const CLUB: &str = "M50,4 A21,21 0 0 1 67,38 A21,21 0 1 1 56,72 \
                    C57,84 60,91 68,97 L32,97 C40,91 43,84 44,72 \
                    A21,21 0 1 1 33,38 A21,21 0 0 1 50,4 Z";

/// Crown (King): five points on a band, with pearls.
const CROWN: &str = "M8,82 L8,30 L29,54 L50,14 L71,54 L92,30 L92,82 Z";
/// Tiara (Queen): one tall peak rising from a band, its sides sweeping down.
const TIARA: &str = "M6,86 L6,72 C22,66 36,50 50,18 C64,50 78,66 94,72 L94,86 Z";
/// Horseshoe (Knight): a thick U, open at the top.
const HORSESHOE: &str = "M18,12 L38,12 L38,52 A12,12 0 0 0 62,52 L62,12 L82,12 L82,54 \
                         A32,32 0 0 1 18,54 Z";
/// Feather (Jack): a quill sweeping up to the right.
const FEATHER: &str = "M86,6 C52,14 24,44 20,84 L14,96 L22,94 L28,84 C52,80 76,52 86,6 Z";

/// Crescent moon (the Mond, XXI).
const CRESCENT: &str = "M62,6 A46,46 0 1 0 62,94 A38,38 0 1 1 62,6 Z";
/// Bird (the Pagat, lowest of the "birds" I–IIII).
const BIRD: &str = "M8,58 C20,52 30,50 40,52 C46,36 58,26 72,26 C80,26 86,30 88,36 \
                    L98,40 L88,44 C86,58 76,70 60,74 L54,88 L48,76 C36,78 22,74 8,58 Z \
                    M40,52 C50,46 62,48 70,56 C60,54 48,56 40,60 Z";

/// Places a shape drawn in the 100 × 100 box: centred on (`cx`, `cy`),
/// `size` units wide, upside down when `flip`.
pub fn place(body: &str, cx: f32, cy: f32, size: f32, flip: bool) -> String {
    let s = size / 100.0;
    let rot = if flip { " rotate(180 50 50)" } else { "" };
    format!(
        "<g transform=\"translate({:.2} {:.2}) scale({s:.4}){rot}\">{body}</g>",
        cx - size / 2.0,
        cy - size / 2.0
    )
}

/// A suit mark, in the suit's colour. Red marks carry a white inner line,
/// so red and black suits differ in pattern, not only in colour.
pub fn suit(suit: Suit, cx: f32, cy: f32, size: f32, flip: bool) -> String {
    place(&suit_body(suit), cx, cy, size, flip)
}

/// The suit mark's shapes in the 100 × 100 box.
fn suit_body(suit: Suit) -> String {
    let (path, colour) = match suit {
        Suit::Hearts => (HEART, RED),
        Suit::Diamonds => (DIAMOND, RED),
        Suit::Spades => (SPADE, BLACK),
        Suit::Clubs => (CLUB, BLACK),
    };
    let mut out = format!("<path d=\"{path}\" fill=\"{colour}\"/>");
    if suit.is_red() {
        // The inlay: the same outline, shrunk towards the centre, in white.
        let _ = write!(
            out,
            "<path d=\"{path}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"7\" \
             transform=\"translate(50 50) scale(0.62) translate(-50 -50)\"/>"
        );
    }
    out
}

/// The court figure's emblem in `colour`.
pub fn court(court: Court, colour: &str, cx: f32, cy: f32, size: f32, flip: bool) -> String {
    let body = match court {
        Court::King => format!(
            "<path d=\"{CROWN}\" fill=\"{colour}\"/>\
             <circle cx=\"8\" cy=\"28\" r=\"7\" fill=\"{colour}\"/>\
             <circle cx=\"50\" cy=\"12\" r=\"8\" fill=\"{colour}\"/>\
             <circle cx=\"92\" cy=\"28\" r=\"7\" fill=\"{colour}\"/>\
             <rect x=\"8\" y=\"86\" width=\"84\" height=\"10\" rx=\"3\" fill=\"{colour}\"/>\
             <circle cx=\"50\" cy=\"66\" r=\"7\" fill=\"#fff\"/>"
        ),
        Court::Queen => format!(
            "<path d=\"{TIARA}\" fill=\"{colour}\"/>\
             <circle cx=\"50\" cy=\"14\" r=\"9\" fill=\"{colour}\"/>\
             <path d=\"M50,40 C56,50 58,58 50,66 C42,58 44,50 50,40 Z\" fill=\"#fff\"/>\
             <circle cx=\"24\" cy=\"78\" r=\"4\" fill=\"#fff\"/>\
             <circle cx=\"76\" cy=\"78\" r=\"4\" fill=\"#fff\"/>\
             <rect x=\"6\" y=\"89\" width=\"88\" height=\"7\" rx=\"3\" fill=\"{colour}\"/>"
        ),
        Court::Knight => format!(
            "<path d=\"{HORSESHOE}\" fill=\"{colour}\"/>\
             <circle cx=\"28\" cy=\"26\" r=\"4\" fill=\"#fff\"/>\
             <circle cx=\"72\" cy=\"26\" r=\"4\" fill=\"#fff\"/>\
             <circle cx=\"28\" cy=\"46\" r=\"4\" fill=\"#fff\"/>\
             <circle cx=\"72\" cy=\"46\" r=\"4\" fill=\"#fff\"/>"
        ),
        Court::Jack => format!(
            "<path d=\"{FEATHER}\" fill=\"{colour}\"/>\
             <path d=\"M80,14 C58,30 40,56 26,86\" stroke=\"#fff\" stroke-width=\"4\" \
             fill=\"none\" stroke-linecap=\"round\"/>"
        ),
    };
    place(&body, cx, cy, size, flip)
}

/// The Mond's crescent.
pub fn crescent(colour: &str, cx: f32, cy: f32, size: f32) -> String {
    place(
        &format!("<path d=\"{CRESCENT}\" fill=\"{colour}\"/>"),
        cx,
        cy,
        size,
        false,
    )
}

/// The Pagat's bird.
pub fn bird(colour: &str, cx: f32, cy: f32, size: f32) -> String {
    place(
        &format!(
            "<path d=\"{BIRD}\" fill=\"{colour}\" fill-rule=\"evenodd\"/>\
             <circle cx=\"78\" cy=\"35\" r=\"3.5\" fill=\"#fff\"/>"
        ),
        cx,
        cy,
        size,
        false,
    )
}

/// An eight-pointed star (the Sküs's mark, and an ornament).
pub fn star(colour: &str, cx: f32, cy: f32, size: f32) -> String {
    place(
        &format!(
            "<path d=\"{}\" fill=\"{colour}\"/>",
            star_path(8, 48.0, 20.0)
        ),
        cx,
        cy,
        size,
        false,
    )
}

/// A star with `points` points between radii `outer` and `inner`, in the 100 box.
fn star_path(points: u32, outer: f32, inner: f32) -> String {
    let mut d = String::new();
    for i in 0..points * 2 {
        let r = if i % 2 == 0 { outer } else { inner };
        let a = std::f32::consts::PI * i as f32 / points as f32 - std::f32::consts::FRAC_PI_2;
        let cmd = if i == 0 { 'M' } else { 'L' };
        let _ = write!(
            d,
            "{cmd}{:.2},{:.2} ",
            50.0 + r * a.cos(),
            50.0 + r * a.sin()
        );
    }
    d.push('Z');
    d
}
