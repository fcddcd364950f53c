//! The one font the pictures use, shipped in the crate (Noto Sans Condensed
//! Bold, SIL Open Font License 1.1; see `assets/fonts/README.md`), and the
//! text measurements the layouts need.
//!
//! Only this font is ever loaded, never a system font, so the pictures are
//! the same on every machine.

use std::sync::{Arc, LazyLock};

use resvg::usvg::fontdb;

/// The font file: a subset of Noto Sans Condensed Bold (Latin, Greek, Cyrillic).
const FONT: &[u8] = include_bytes!("../assets/fonts/NotoSansCondensed-Bold-subset.ttf");

/// The family name the SVG templates ask for.
pub const FAMILY: &str = "Noto Sans Condensed";

/// The parsed font, for measuring text.
static FACE: LazyLock<ttf_parser::Face<'static>> = LazyLock::new(|| {
    ttf_parser::Face::parse(FONT, 0).expect("the shipped font parses (checked by a test)")
});

/// A font database holding only the shipped font, for usvg.
pub fn database() -> Arc<fontdb::Database> {
    let mut db = fontdb::Database::new();
    db.load_font_data(FONT.to_vec());
    db.set_sans_serif_family(FAMILY);
    Arc::new(db)
}

/// Width of `text` set at `size` units, from the font's advance widths
/// (kerning ignored: it only narrows, so the result is an upper bound).
pub fn width(text: &str, size: f32) -> f32 {
    let face = &*FACE;
    let units: u32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(0, u32::from)
        })
        .sum();
    units as f32 * size / f32::from(face.units_per_em())
}

/// Height of a capital letter at `size` units.
pub fn cap_height(size: f32) -> f32 {
    let face = &*FACE;
    let cap = face.capital_height().unwrap_or(714);
    f32::from(cap) * size / f32::from(face.units_per_em())
}

/// Whether the font has a glyph for `c`.
fn supported(c: char) -> bool {
    !c.is_control() && FACE.glyph_index(c).is_some()
}

/// A player's name made printable: characters the font lacks are dropped,
/// runs of white space become one space, and a name wider than `max_width`
/// at `size` is cut and ends in "…". An empty result becomes "?".
pub fn fit(name: &str, size: f32, max_width: f32) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| c == ' ' || supported(c))
        .collect();
    let words: Vec<&str> = cleaned.split(' ').filter(|w| !w.is_empty()).collect();
    let mut text = words.join(" ");
    if text.is_empty() {
        return "?".to_owned();
    }
    if width(&text, size) <= max_width {
        return text;
    }
    while !text.is_empty() && width(&text, size) + width("…", size) > max_width {
        text.pop();
    }
    format!("{}…", text.trim_end())
}

/// `text` escaped for an SVG text node or attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_font_has_the_glyphs_the_cards_print() {
        for c in "IVX0123456789AKDRBQNJSküs…?".chars() {
            assert!(supported(c), "{c:?} missing from the font subset");
        }
        // Names in German, Czech, Greek and Russian stay readable.
        for c in "ÄÖÜßčřžΩλжЯ".chars() {
            assert!(supported(c), "{c:?} missing from the font subset");
        }
    }

    #[test]
    fn fit_drops_what_the_font_lacks_and_cuts_long_names() {
        assert_eq!(fit("  Anna \t Maria ", 30.0, 1000.0), "Anna Maria");
        assert_eq!(fit("🂡🃏", 30.0, 1000.0), "?");
        assert_eq!(fit("Bert🃏", 30.0, 1000.0), "Bert");
        let cut = fit("Maximiliane von Habsburg-Lothringen", 30.0, 200.0);
        assert!(cut.ends_with('…'), "{cut}");
        assert!(width(&cut, 30.0) <= 200.0);
        assert!(cut.len() > 4, "{cut}");
    }

    #[test]
    fn wider_text_measures_wider() {
        assert!(width("XVIII", 48.0) > width("XXI", 48.0));
        assert!(width("XXI", 48.0) > width("I", 48.0));
        assert!((width("I", 96.0) - 2.0 * width("I", 48.0)).abs() < 0.01);
    }

    #[test]
    fn escape_makes_markup_inert() {
        assert_eq!(escape("<b>&\"'"), "&lt;b&gt;&amp;&quot;&apos;");
    }
}
