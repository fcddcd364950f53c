//! Zwanzigerrufen's pictures (a seat's hand, the table from the public
//! view): moved to its face, `tarock_zwanzigerrufen_face::picture`, and
//! re-exported here while the table keeps Zwanzigerrufen's own path.

pub use tarock_zwanzigerrufen_face::picture::*;
