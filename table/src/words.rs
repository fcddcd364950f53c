//! Zwanzigerrufen's words at a table (the names of its games, items and
//! Kontra levels, a bid's label, the table header): moved to its face,
//! `tarock_zwanzigerrufen_face::words`, and re-exported here while the
//! table keeps Zwanzigerrufen's own path (until the switch to the face).

pub use tarock_zwanzigerrufen_face::words::*;
