//! Card pictures as the table service sends them. The description (a
//! hand, a trick, the table; never the PNG itself) is the face boundary's
//! ([`tarock_face::picture`], re-exported here for the front ends, which
//! render it with `tarock-cards`); each game fills it in its face crate.
//! [`text_only`] is a reader's or table's choice to get texts without
//! pictures.

pub mod text_only;

pub use tarock_face::picture::*;
