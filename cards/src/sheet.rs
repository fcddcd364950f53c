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
/// Cells per row: two decks of eight suit cards side by side, a gap between.
const COLUMNS: usize = 17;
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
    /// A row of cells, each a face or empty.
    Faces(Vec<Option<(Face, Lang)>>),
}

/// The sheet's lines: the tarocks, the suit cards of both decks side by
/// side (one suit a row), the back and the English court letters.
fn lines() -> Vec<Line> {
    let de = |faces: &[Face]| {
        faces
            .iter()
            .map(|&f| Some((f, Lang::De)))
            .collect::<Vec<_>>()
    };
    let tarock = Deck::Tarock54.faces();
    let french = Deck::French32.faces();
    let mut out = vec![Line::Heading(
        "Tarocks I–XXI and the Sküs (Zwanzigerrufen plays without II and III)",
    )];
    out.extend(tarock[..22].chunks(11).map(|c| Line::Faces(de(c))));
    out.push(Line::Heading(
        "Suit cards: tarock deck (Zwanzigerrufen: K D R B and the first pip) · French deck of 20 ab",
    ));
    for (tarock_suit, french_suit) in tarock[22..].chunks(8).zip(french.chunks(8)) {
        let mut row = de(tarock_suit);
        row.push(None);
        row.extend(de(french_suit));
        out.push(Line::Faces(row));
    }
    out.push(Line::Heading("Back · English court letters (K Q N J)"));
    let mut last = vec![Some((Face::Back, Lang::De)), None];
    for suit in [Suit::Hearts, Suit::Spades] {
        for rank in [TarockRank::Queen, TarockRank::Knight, TarockRank::Jack] {
            last.push(Some((Face::TarockSuit(suit, rank), Lang::En)));
        }
    }
    last.push(None);
    for suit in [Suit::Diamonds, Suit::Clubs] {
        for rank in [FrenchRank::Queen, FrenchRank::Jack] {
            last.push(Some((Face::French(suit, rank), Lang::En)));
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
                    for (i, cell) in faces.iter().enumerate() {
                        if let Some((face, lang)) = *cell {
                            placed.push((face, lang, MARGIN + i as f32 * (cell_w + GAP), y));
                        }
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
