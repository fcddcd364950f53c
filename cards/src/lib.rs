//! Card pictures for the tarock bot: the project's own card faces (SVG,
//! generated from data) and PNG pictures of a hand, a trick and the table,
//! rendered in-process with resvg.
//!
//! The crate is pure and self-contained: it knows nothing of the games.
//! A front end maps its cards onto [`Face`], describes what it wants to
//! show as a [`Hand`], [`Trick`] or [`Table`], and asks a shared
//! [`Renderer`] for a [`Picture`] (PNG bytes and alt text):
//!
//! ```
//! use tarock_cards::{Face, Hand, Lang, Renderer, Suit, Tarock, TarockRank};
//!
//! let renderer = Renderer::new();
//! let hand = Hand::new(
//!     [Face::Tarock(Tarock::MOND), Face::TarockSuit(Suit::Hearts, TarockRank::King)],
//!     Lang::De,
//! )
//! .with_legal([Face::Tarock(Tarock::MOND)]);
//! let picture = renderer.hand(&hand)?;
//! assert!(picture.png.starts_with(b"\x89PNG"));
//! assert_eq!(picture.alt, "XXI ♥K");
//! # Ok::<(), tarock_cards::RenderError>(())
//! ```

mod cache;
pub mod design;
mod error;
mod face;
mod font;
mod raster;
mod renderer;
mod scene;
mod sheet;

pub use error::RenderError;
pub use face::{Court, Deck, Face, FrenchRank, Lang, Suit, Tarock, TarockRank};
pub use renderer::{DEFAULT_CACHE, Picture, Renderer};
pub use scene::{Hand, Layout, Placed, Play, Rect, Seat, Shade, Table, Trick};
