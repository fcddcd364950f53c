//! The catalogue of Zwanzigerrufen (`locales/{de,en}/zwanzigerrufen.ftl`),
//! embedded at compile time, with the face boundary's shared texts behind
//! it. Zwanzigerrufen's ids keep the names they had in the table's
//! catalogue (`game-rufer`, `contract-rufer`, `err-must-follow-suit`, …),
//! without a game prefix: they were the table's texts before there were
//! other games, and front ends and tests name them.

pub use tarock_face::text::{Arg, Lang};

tarock_face::catalogue!();

pub(crate) use tarock_face::tr;
