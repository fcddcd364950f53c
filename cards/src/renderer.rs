//! The front ends' entry point: scenes in, PNG pictures with alt text out,
//! with the faces and the finished pictures cached.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use resvg::tiny_skia::Pixmap;

use crate::cache::Lru;
use crate::design;
use crate::error::RenderError;
use crate::face::{Face, Lang};
use crate::raster::{self, Raster};
use crate::scene::{Composition, Hand, Rect, Shade, Table, Trick};

/// How many finished pictures [`Renderer::new`] keeps.
pub const DEFAULT_CACHE: usize = 256;

/// A finished picture: PNG bytes and the text that says what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The PNG file; shared, so cache hits and clones copy no bytes.
    pub png: Arc<[u8]>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The cards (and players) shown, as text: for captions, alt text and
    /// screen readers. See each scene's `alt` for its format.
    pub alt: String,
}

/// What was drawn, as the key of the picture cache: the whole content.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) enum Scene {
    Hand(Hand),
    Trick(Trick),
    Table(Table),
    Card(Face, Lang),
    Sheet,
}

/// Draws hands, tricks and tables. Cheap to share between threads
/// (`Arc<Renderer>`); each call is pure computation of a few milliseconds,
/// so async callers may want `spawn_blocking`.
///
/// Faces are painted once and kept, court cards once per language (at most
/// 115 pixmaps of 240 kB); finished pictures are kept in a
/// least-recently-used cache keyed by the scene's whole content.
pub struct Renderer {
    raster: Raster,
    faces: Mutex<HashMap<(Face, Lang), Arc<Pixmap>>>,
    pictures: Mutex<Lru<Scene, Picture>>,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    /// A renderer keeping [`DEFAULT_CACHE`] pictures.
    pub fn new() -> Renderer {
        Renderer::with_cache(DEFAULT_CACHE)
    }

    /// A renderer keeping up to `pictures` finished pictures (0: none).
    pub fn with_cache(pictures: usize) -> Renderer {
        Renderer {
            raster: Raster::new(),
            faces: Mutex::new(HashMap::new()),
            pictures: Mutex::new(Lru::new(pictures)),
        }
    }

    /// The hand as a picture; alt text as [`Hand::alt`].
    ///
    /// # Errors
    /// The scene's errors (see [`Hand::layout`]); [`RenderError::Svg`] or
    /// [`RenderError::Png`] only on a bug.
    pub fn hand(&self, hand: &Hand) -> Result<Picture, RenderError> {
        self.cached(Scene::Hand(hand.clone()), || {
            self.draw(hand.compose()?, hand.lang, hand.alt())
        })
    }

    /// The trick as a picture; alt text as [`Trick::alt`].
    ///
    /// # Errors
    /// The scene's errors (see [`Trick::layout`]); [`RenderError::Svg`] or
    /// [`RenderError::Png`] only on a bug.
    pub fn trick(&self, trick: &Trick) -> Result<Picture, RenderError> {
        self.cached(Scene::Trick(trick.clone()), || {
            self.draw(trick.compose()?, trick.lang, trick.alt())
        })
    }

    /// The table as a picture; alt text as [`Table::alt`].
    ///
    /// # Errors
    /// The scene's errors (see [`Table::layout`]); [`RenderError::Svg`] or
    /// [`RenderError::Png`] only on a bug.
    pub fn table(&self, table: &Table) -> Result<Picture, RenderError> {
        self.cached(Scene::Table(table.clone()), || {
            self.draw(table.compose()?, table.lang, table.alt())
        })
    }

    /// One face on its own, with transparent corners; alt text is its label.
    ///
    /// # Errors
    /// [`RenderError::Svg`] or [`RenderError::Png`] only on a bug.
    pub fn card(&self, face: Face, lang: Lang) -> Result<Picture, RenderError> {
        self.cached(Scene::Card(face, lang), || {
            let pixmap = self.face(face, lang)?;
            picture(&pixmap, face.label(lang))
        })
    }

    /// Number of finished pictures in the cache.
    pub fn cached_pictures(&self) -> usize {
        lock(&self.pictures).len()
    }

    /// The cached picture for `scene`, or a new one made by `make` and kept.
    pub(crate) fn cached(
        &self,
        scene: Scene,
        make: impl FnOnce() -> Result<Picture, RenderError>,
    ) -> Result<Picture, RenderError> {
        if let Some(hit) = lock(&self.pictures).get(&scene) {
            return Ok(hit);
        }
        let fresh = make()?;
        lock(&self.pictures).insert(scene, fresh.clone());
        Ok(fresh)
    }

    /// Paints a composition: underlay, then each card, then PNG.
    fn draw(&self, comp: Composition, lang: Lang, alt: String) -> Result<Picture, RenderError> {
        let layout = comp.layout;
        let mut pixmap = self
            .raster
            .on_felt(&comp.underlay, layout.width, layout.height)?;
        for (i, placed) in layout.cards.iter().enumerate() {
            let face = self.face(placed.face, lang)?;
            let at = (placed.rect.x, placed.rect.y);
            let parts = uncovered(placed.rect, layout.cards.get(i + 1).map(|p| p.rect));
            for clip in parts {
                match placed.shade {
                    Shade::Plain => raster::blit(&mut pixmap, &face, at, clip),
                    Shade::Dimmed => raster::blit_dimmed(&mut pixmap, &face, at, clip),
                }
            }
        }
        picture(&pixmap, alt)
    }

    /// The painted face, from the face cache or painted now.
    pub(crate) fn face(&self, face: Face, lang: Lang) -> Result<Arc<Pixmap>, RenderError> {
        // Only court letters differ between languages.
        let key = (
            face,
            if face.court().is_some() {
                lang
            } else {
                Lang::De
            },
        );
        let mut faces = lock(&self.faces);
        if let Some(pixmap) = faces.get(&key) {
            return Ok(Arc::clone(pixmap));
        }
        let svg = design::svg(key.0, key.1);
        let pixmap = Arc::new(self.raster.pixmap(&svg, design::WIDTH, design::HEIGHT)?);
        faces.insert(key, Arc::clone(&pixmap));
        Ok(pixmap)
    }

    /// The painter, for the contact sheet.
    pub(crate) fn raster(&self) -> &Raster {
        &self.raster
    }
}

/// The parts of a card at `rect` worth drawing when the card `next` is
/// drawn right after it: everything but what `next` surely covers, its
/// opaque core (its rectangle less the columns of its rounded corners).
/// Painting the covered part would change no pixel, only cost time.
fn uncovered(rect: Rect, next: Option<Rect>) -> Vec<raster::Clip> {
    let whole = (rect.x, rect.y, rect.right(), rect.bottom());
    let Some(next) = next else {
        return vec![whole];
    };
    let corner = design::RADIUS.ceil() as i32;
    let core = (
        next.x + corner,
        next.y + 1,
        next.right() - corner,
        next.bottom() - 1,
    );
    let (l, t, r, b) = whole;
    let (cl, ct, cr, cb) = (core.0.max(l), core.1.max(t), core.2.min(r), core.3.min(b));
    if cl >= cr || ct >= cb {
        return vec![whole];
    }
    [
        (l, t, r, ct),   // above the core
        (l, cb, r, b),   // below it
        (l, ct, cl, cb), // left of it
        (cr, ct, r, cb), // right of it
    ]
    .into_iter()
    .filter(|&(l, t, r, b)| l < r && t < b)
    .collect()
}

/// Encodes `pixmap` into a picture with `alt`.
pub(crate) fn picture(pixmap: &Pixmap, alt: String) -> Result<Picture, RenderError> {
    Ok(Picture {
        png: raster::encode(pixmap)?.into(),
        width: pixmap.width(),
        height: pixmap.height(),
        alt,
    })
}

/// Locks a cache; a panic elsewhere cannot leave it half-written, so a
/// poisoned lock is simply taken over.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
