//! The contact sheet: every face of every deck on one picture, so a
//! reviewer can judge the design (`docs/cards.png`).

use std::fmt::Write;

use crate::design;
use crate::error::RenderError;
use crate::face::{Deck, Face, FrenchRank, Lang, Suit, TarockRank};
use crate::font;
use crate::renderer::{Picture, Renderer, Scene, picture};
use crate::scene::felt;

/// Faces are shown at this fraction of their size.
const SCALE: f32 = 0.6;
/// Cards per row at most.
const COLUMNS: usize = 11;
/// Space between cards.
const GAP: f32 = 14.0;
/// Space around the sheet.
const MARGIN: f32 = 32.0;
/// Height of a section heading.
const HEADING: f32 = 58.0;

/// One line of the sheet.
enum Line {
    /// A section title.
    Heading(&'static str),
    /// A row of faces.
    Faces(Vec<(Face, Lang)>),
}

/// The sheet's lines: the tarock deck, the French deck, the back and the
/// English court letters.
fn lines() -> Vec<Line> {
    let de = |faces: Vec<Face>| faces.into_iter().map(|f| (f, Lang::De)).collect::<Vec<_>>();
    let tarock = Deck::Koenigrufen.faces();
    let french = Deck::ZwanzigAb.faces();
    let mut out = vec![Line::Heading(
        "Tarock deck: Königrufen 54 · Zwanzigerrufen 40 (no II, III; per suit K D R B and the first pip)",
    )];
    out.extend(
        tarock[..22]
            .chunks(COLUMNS)
            .map(|c| Line::Faces(de(c.to_vec()))),
    );
    out.extend(tarock[22..].chunks(8).map(|c| Line::Faces(de(c.to_vec()))));
    out.push(Line::Heading("French deck: 20 ab, 32 cards"));
    out.extend(french.chunks(8).map(|c| Line::Faces(de(c.to_vec()))));
    out.push(Line::Heading("Back · English court letters (K Q N J)"));
    let mut last = vec![(Face::Back, Lang::De)];
    for suit in [Suit::Hearts, Suit::Spades] {
        for rank in [TarockRank::Queen, TarockRank::Knight, TarockRank::Jack] {
            last.push((Face::TarockSuit(suit, rank), Lang::En));
        }
    }
    for suit in [Suit::Diamonds, Suit::Clubs] {
        for rank in [FrenchRank::Queen, FrenchRank::Jack] {
            last.push((Face::French(suit, rank), Lang::En));
        }
    }
    out.push(Line::Faces(last));
    out
}

impl Renderer {
    /// Every face of every deck on one picture (`docs/cards.png`); alt text
    /// lists the faces.
    ///
    /// # Errors
    /// [`RenderError::Svg`] or [`RenderError::Png`] only on a bug.
    pub fn contact_sheet(&self) -> Result<Picture, RenderError> {
        self.cached(Scene::Sheet, || self.draw_sheet())
    }

    /// Paints the sheet: headings on felt, then each face scaled in place.
    fn draw_sheet(&self) -> Result<Picture, RenderError> {
        let (cell_w, cell_h) = (design::WIDTH as f32 * SCALE, design::HEIGHT as f32 * SCALE);
        let lines = lines();
        let width = (2.0 * MARGIN + COLUMNS as f32 * (cell_w + GAP) - GAP) as u32;
        let height: f32 = 2.0 * MARGIN
            + lines
                .iter()
                .map(|l| match l {
                    Line::Heading(_) => HEADING,
                    Line::Faces(_) => cell_h + GAP,
                })
                .sum::<f32>();
        let mut underlay = felt::open(width, height as u32);
        let mut placed = Vec::new();
        let mut y = MARGIN;
        for line in &lines {
            match line {
                Line::Heading(text) => {
                    let _ = write!(
                        underlay,
                        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"28\" fill=\"#ffffff\">{}</text>",
                        y + HEADING - 18.0,
                        font::escape(text)
                    );
                    y += HEADING;
                }
                Line::Faces(faces) => {
                    for (i, &(face, lang)) in faces.iter().enumerate() {
                        placed.push((face, lang, MARGIN + i as f32 * (cell_w + GAP), y));
                    }
                    y += cell_h + GAP;
                }
            }
        }
        felt::close(&mut underlay);
        let mut pixmap = self.raster().on_felt(&underlay, width, height as u32)?;
        for &(face, lang, x, y) in &placed {
            let svg = design::svg(face, lang);
            self.raster()
                .paint_scaled(&svg, SCALE, (x, y), &mut pixmap)?;
        }
        let alt: Vec<String> = placed.iter().map(|(f, l, _, _)| f.label(*l)).collect();
        picture(&pixmap, alt.join(" "))
    }
}
