//! Zwanzigerrufen's settlement sheet (contract, card points, one line per
//! scored item, the sum and who pays whom, each seat's change and
//! balance): moved to its face, `tarock_zwanzigerrufen_face::settlement`,
//! and re-exported here while the table keeps Zwanzigerrufen's own path.
//! A list of names ("Anna und Bert") is the face boundary's, shared by
//! every text.

pub use tarock_face::numbers::name_list;
pub use tarock_zwanzigerrufen_face::settlement::*;
