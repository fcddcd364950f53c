//! Colours of the card faces and the table, as data in one place.

/// Card paper of suit cards (warm white).
pub const PAPER: &str = "#fbf8f1";
/// Card paper of ordinary tarocks (cool blue-grey, so tarocks stand apart).
pub const TAROCK_PAPER: &str = "#e6edf6";
/// Card paper of the Trull cards (gold: Pagat, Mond, Sküs read at a glance).
pub const TRULL_PAPER: &str = "#f3cf67";
/// Outer edge of every card.
pub const EDGE: &str = "#3a3a40";
/// Ink of black suits and of the neutral lines.
pub const BLACK: &str = "#17171c";
/// Ink of red suits. Its lightness differs clearly from [`BLACK`], so the two
/// stay apart in greyscale as well.
pub const RED: &str = "#d0132f";
/// Panel tint behind red court figures.
pub const RED_TINT: &str = "#fbe3e4";
/// Panel tint behind black court figures.
pub const BLACK_TINT: &str = "#e4e4ea";
/// Ink of the tarocks (numerals, frames).
pub const TAROCK_INK: &str = "#173a6a";
/// Frame of the Trull cards.
pub const TRULL_INK: &str = "#5b3d00";
/// Background of the card back.
pub const BACK: &str = "#173a6a";
/// Lines on the card back.
pub const BACK_LINE: &str = "#d9b54a";
