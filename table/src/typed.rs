//! Bidding turns as people type them (`rufer pagat`, `Kontra auf Spiel`):
//! moved to Zwanzigerrufen's face, `tarock_zwanzigerrufen_face::typed`,
//! and re-exported here while the table keeps Zwanzigerrufen's own path.

pub use tarock_zwanzigerrufen_face::typed::*;
