//! The card faces as SVG, generated from data: one template per kind of
//! card (tarock, Trull card, court card, pip card, back), filled in from the
//! [`Face`]. Every face is [`WIDTH`] × [`HEIGHT`] units.
//!
//! The French deck of 20 ab uses the same designs as the tarock deck for the
//! cards both have (K, D, B, the red A, the black 10 9 8 7).
//!
//! The corner index sits top left (and upside down bottom right) and is
//! large, so an overlapping hand still shows it: [`index_strip`] says how
//! much of a card's left edge must stay visible.

mod marks;
pub(crate) mod palette;
mod pips;

use std::fmt::Write;

use crate::face::{Court, Face, Lang, Suit, Tarock};
use crate::font;
use palette::*;

/// Width of a card face in SVG units (and in pixels at scale 1).
pub const WIDTH: u32 = 200;
/// Height of a card face in SVG units (and in pixels at scale 1).
pub const HEIGHT: u32 = 300;
/// Corner radius of a card.
pub const RADIUS: f32 = 14.0;

/// Font size of the corner indices.
const INDEX_SIZE: f32 = 50.0;
/// Baseline of the corner index.
const INDEX_BASELINE: f32 = 12.0 + 36.0;
/// Centre line of a suit card's index column (letter above, suit mark below).
const INDEX_COLUMN: f32 = 37.0;
/// Left edge of a tarock's numeral.
const NUMERAL_X: f32 = 11.0;
/// Horizontal squeeze of Roman numerals, so XVIII stays compact.
const NUMERAL_SQUEEZE: f32 = 0.86;
/// The narrowest strip an overlapping card keeps visible.
const MIN_STRIP: f32 = 70.0;

/// The SVG document of one face, with court letters in `lang`.
pub fn svg(face: Face, lang: Lang) -> String {
    let mut out = String::with_capacity(6000);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"{}\" font-weight=\"700\">",
        font::FAMILY
    );
    match face {
        Face::Tarock(t) if t.is_trull() => trull(&mut out, t),
        Face::Tarock(t) => tarock(&mut out, t),
        Face::Back => back(&mut out),
        Face::TarockSuit(suit, _) | Face::French(suit, _) => suit_card(&mut out, face, suit, lang),
    }
    out.push_str("</svg>");
    out
}

/// How many units of the card's left edge an overlapping hand must leave
/// visible so the whole corner index shows.
pub fn index_strip(face: Face, lang: Lang) -> f32 {
    match (face, face.index(lang)) {
        (Face::Tarock(_), Some(numeral)) => {
            let w = font::width(&numeral, INDEX_SIZE) * NUMERAL_SQUEEZE;
            (NUMERAL_X + w + 12.0).max(MIN_STRIP).ceil()
        }
        _ => MIN_STRIP,
    }
}

/// The card's outline filled with `paper`, and an inner frame line.
fn blank(out: &mut String, paper: &str, frame: &str, frame_width: f32) {
    let _ = write!(
        out,
        "<rect x=\"1\" y=\"1\" width=\"{}\" height=\"{}\" rx=\"{RADIUS}\" fill=\"{paper}\" \
         stroke=\"{EDGE}\" stroke-width=\"2\"/>",
        WIDTH - 2,
        HEIGHT - 2
    );
    if frame_width > 0.0 {
        let _ = write!(
            out,
            "<rect x=\"6\" y=\"6\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"none\" \
             stroke=\"{frame}\" stroke-width=\"{frame_width}\"/>",
            WIDTH - 12,
            HEIGHT - 12,
            RADIUS - 5.0
        );
    }
}

/// Writes `body` twice: as is, and turned by 180° about the card's centre.
fn both_corners(out: &mut String, body: &str) {
    let _ = write!(
        out,
        "{body}<g transform=\"rotate(180 {} {})\">{body}</g>",
        WIDTH / 2,
        HEIGHT / 2
    );
}

/// A suit card: index column, then court panel or pips.
fn suit_card(out: &mut String, face: Face, suit: Suit, lang: Lang) {
    let ink = if suit.is_red() { RED } else { BLACK };
    blank(out, PAPER, "#d9d2c3", 1.5);
    let index = face.index(lang).unwrap_or_default();
    let corner = format!(
        "<text x=\"{INDEX_COLUMN}\" y=\"{INDEX_BASELINE}\" font-size=\"{INDEX_SIZE}\" \
         text-anchor=\"middle\" fill=\"{ink}\">{index}</text>{}",
        marks::suit(suit, INDEX_COLUMN, INDEX_BASELINE + 25.0, 32.0, false)
    );
    both_corners(out, &corner);
    match (face.court(), face.pips()) {
        (Some(court), _) => court_panel(out, court, suit, ink),
        (None, Some(n)) => pips::draw(out, suit, n),
        (None, None) => {}
    }
}

/// A court card's centre: a tinted panel with the emblem at both ends and
/// the suit mark in the middle.
fn court_panel(out: &mut String, court: Court, suit: Suit, ink: &str) {
    let tint = if suit.is_red() { RED_TINT } else { BLACK_TINT };
    let _ = write!(
        out,
        "<rect x=\"68\" y=\"22\" width=\"64\" height=\"256\" rx=\"10\" fill=\"{tint}\" \
         stroke=\"{ink}\" stroke-width=\"2.5\"/>\
         <rect x=\"72\" y=\"26\" width=\"56\" height=\"248\" rx=\"7\" fill=\"none\" \
         stroke=\"{ink}\" stroke-width=\"0.8\"/>\
         <line x1=\"74\" y1=\"150\" x2=\"126\" y2=\"150\" stroke=\"{ink}\" stroke-width=\"1.5\" \
         stroke-dasharray=\"3 4\"/>"
    );
    out.push_str(&marks::court(court, ink, 100.0, 72.0, 50.0, false));
    out.push_str(&marks::court(court, ink, 100.0, 228.0, 50.0, true));
    out.push_str(&marks::suit(suit, 100.0, 125.0, 30.0, false));
    out.push_str(&marks::suit(suit, 100.0, 175.0, 30.0, true));
}

/// A Roman numeral centred on `cx`, baseline at `baseline`, squeezed like the index.
fn numeral(text: &str, cx: f32, baseline: f32, size: f32, ink: &str) -> String {
    format!(
        "<text transform=\"translate({cx} {baseline}) scale({NUMERAL_SQUEEZE} 1)\" \
         font-size=\"{size}\" text-anchor=\"middle\" fill=\"{ink}\">{text}</text>"
    )
}

/// The corner numeral of a tarock, at both corners.
fn tarock_corners(out: &mut String, text: &str, ink: &str) {
    let corner = format!(
        "<text transform=\"translate({NUMERAL_X} {INDEX_BASELINE}) scale({NUMERAL_SQUEEZE} 1)\" \
         font-size=\"{INDEX_SIZE}\" fill=\"{ink}\">{text}</text>"
    );
    both_corners(out, &corner);
}

/// An ordinary tarock: blue-grey paper, the numeral in a double-ringed medallion.
fn tarock(out: &mut String, t: Tarock) {
    let text = t.numeral().unwrap_or_default();
    blank(out, TAROCK_PAPER, TAROCK_INK, 2.0);
    tarock_corners(out, text, TAROCK_INK);
    let _ = write!(
        out,
        "<ellipse cx=\"100\" cy=\"150\" rx=\"74\" ry=\"82\" fill=\"#fff\" fill-opacity=\"0.7\" \
         stroke=\"{TAROCK_INK}\" stroke-width=\"3\"/>\
         <ellipse cx=\"100\" cy=\"150\" rx=\"66\" ry=\"74\" fill=\"none\" \
         stroke=\"{TAROCK_INK}\" stroke-width=\"1.2\"/>"
    );
    out.push_str(&marks::star(TAROCK_INK, 100.0, 68.0, 18.0));
    out.push_str(&marks::star(TAROCK_INK, 100.0, 232.0, 18.0));
    let size = (112.0 / (font::width(text, 1.0) * NUMERAL_SQUEEZE)).min(84.0);
    let baseline = 150.0 + font::cap_height(size) / 2.0;
    out.push_str(&numeral(text, 100.0, baseline, size, TAROCK_INK));
}

/// A Trull card: gold paper, and an emblem above the numeral (bird for the
/// Pagat, crescent for the Mond) or the star and name of the Sküs.
fn trull(out: &mut String, t: Tarock) {
    blank(out, TRULL_PAPER, TRULL_INK, 3.0);
    let _ = write!(
        out,
        "<rect x=\"12\" y=\"12\" width=\"176\" height=\"276\" rx=\"6\" fill=\"none\" \
         stroke=\"{TRULL_INK}\" stroke-width=\"1\"/>\
         <ellipse cx=\"100\" cy=\"152\" rx=\"76\" ry=\"84\" fill=\"#fff8e0\" \
         stroke=\"{TRULL_INK}\" stroke-width=\"3\"/>"
    );
    match t.numeral() {
        Some(text) => {
            tarock_corners(out, text, TAROCK_INK);
            let emblem = if t == Tarock::PAGAT {
                marks::bird(TAROCK_INK, 100.0, 118.0, 92.0)
            } else {
                marks::crescent(TAROCK_INK, 100.0, 118.0, 80.0)
            };
            out.push_str(&emblem);
            out.push_str(&numeral(text, 100.0, 214.0, 56.0, TAROCK_INK));
        }
        None => {
            let corner = marks::star(TAROCK_INK, INDEX_COLUMN, 34.0, 46.0);
            both_corners(out, &corner);
            out.push_str(&marks::star(TAROCK_INK, 100.0, 124.0, 104.0));
            let _ = write!(
                out,
                "<text x=\"100\" y=\"214\" font-size=\"40\" text-anchor=\"middle\" \
                 fill=\"{TAROCK_INK}\">Sküs</text>"
            );
        }
    }
}

/// The common back: a gold lattice on dark blue, a star in an oval.
fn back(out: &mut String) {
    let _ = write!(
        out,
        "<clipPath id=\"inner\"><rect x=\"10\" y=\"10\" width=\"{}\" height=\"{}\" rx=\"8\"/>\
         </clipPath>",
        WIDTH - 20,
        HEIGHT - 20
    );
    blank(out, BACK, BACK_LINE, 2.0);
    out.push_str("<g clip-path=\"url(#inner)\" stroke-width=\"1.5\" stroke-opacity=\"0.45\">");
    for k in (-300..=200).step_by(20) {
        let _ = write!(
            out,
            "<line x1=\"{k}\" y1=\"0\" x2=\"{}\" y2=\"300\" stroke=\"{BACK_LINE}\"/>\
             <line x1=\"{}\" y1=\"0\" x2=\"{k}\" y2=\"300\" stroke=\"{BACK_LINE}\"/>",
            k + 300,
            k + 300
        );
    }
    let _ = write!(
        out,
        "</g><ellipse cx=\"100\" cy=\"150\" rx=\"50\" ry=\"64\" fill=\"{BACK}\" \
         stroke=\"{BACK_LINE}\" stroke-width=\"3\"/>"
    );
    out.push_str(&marks::star(BACK_LINE, 100.0, 150.0, 70.0));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::face::{Deck, TarockRank};

    #[test]
    fn every_face_is_its_own_document() {
        let mut seen = std::collections::HashSet::new();
        for deck in Deck::ALL {
            for face in deck.faces() {
                let doc = svg(face, Lang::De);
                assert!(doc.starts_with("<svg") && doc.ends_with("</svg>"));
                seen.insert(doc);
            }
        }
        // 54 tarock-deck faces and 32 French ones; Zwanzigerrufen's repeat,
        // and so do the 22 French cards that also exist in the tarock deck:
        // 12 courts, the red Aces and the black 10 9 8 7.
        assert_eq!(seen.len(), 54 + 32 - 22);
        let french_king = Face::French(Suit::Spades, crate::face::FrenchRank::King);
        let tarock_king = Face::TarockSuit(Suit::Spades, TarockRank::King);
        assert_eq!(svg(french_king, Lang::De), svg(tarock_king, Lang::De));
    }

    #[test]
    fn court_letters_follow_the_language() {
        let queen = Face::TarockSuit(Suit::Hearts, TarockRank::Queen);
        assert!(svg(queen, Lang::De).contains(">D</text>"));
        assert!(svg(queen, Lang::En).contains(">Q</text>"));
    }

    #[test]
    fn long_numerals_need_a_wider_strip() {
        let xviii = Face::Tarock(Tarock::new(18).unwrap());
        let xx = Face::Tarock(Tarock::new(20).unwrap());
        let king = Face::TarockSuit(Suit::Spades, TarockRank::King);
        assert!(index_strip(xviii, Lang::De) > index_strip(xx, Lang::De));
        assert_eq!(index_strip(king, Lang::De), MIN_STRIP);
        assert!(index_strip(xviii, Lang::De) < WIDTH as f32 * 0.6);
    }
}
