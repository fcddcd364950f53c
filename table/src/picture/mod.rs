//! Card pictures as the table service sends them. The description (a
//! hand, a trick, the table; never the PNG itself) is the face boundary's
//! ([`tarock_face::picture`], re-exported here for the front ends, which
//! render it with `tarock-cards`); a game with a face fills it in its face
//! crate. Zwanzigerrufen, without a face yet, fills it in
//! [`zwanzigerrufen`]. [`text_only`] is a reader's or table's choice to get
//! texts without pictures.

pub mod text_only;
pub mod zwanzigerrufen;

pub use tarock_face::picture::*;
