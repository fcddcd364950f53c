//! The catalogue of 20 ab (`locales/{de,en}/zwanzig-ab.ftl`), embedded at
//! compile time, with the face boundary's shared texts behind it.

pub use tarock_face::text::{Arg, Lang};

tarock_face::catalogue!();

pub(crate) use tarock_face::tr;
