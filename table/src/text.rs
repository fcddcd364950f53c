//! The message catalogue: every player-facing text of the table comes from
//! the Fluent files in `table/locales/{de,en}/`, embedded at compile time;
//! a text they lack comes from the face boundary's shared catalogue
//! (`tarock_face::text`: the refusals every game shares), then from the
//! faces' own catalogues (a game's `ab-`/`kr-` texts, by id).

use fluent_templates::static_loader;

pub use tarock_face::numbers::{money, signed, signed_money};
pub use tarock_face::text::{Arg, Lang};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "de",
        // Unicode isolation marks around arguments would show up as
        // garbage in terminals and some chat clients.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The text `id` in `lang` with `args`. A missing id is a bug: it panics in
/// debug builds and shows the id in release builds.
pub fn text(lang: Lang, id: &str, args: Vec<(&'static str, Arg)>) -> String {
    tarock_face::text::expect(lookup(lang, id, args), lang, id)
}

/// The text `id` in `lang` with `args`, or `None` when the catalogue has no
/// such text (for ids made from data, such as a refusal's rule code).
pub fn lookup(lang: Lang, id: &str, args: Vec<(&'static str, Arg)>) -> Option<String> {
    tarock_face::text::lookup_in(&LOCALES, lang, id, &args)
        .or_else(|| tarock_face::text::lookup(lang, id, &args))
        .or_else(|| {
            tarock_games::faces()
                .iter()
                .find_map(|f| f.catalogue_text(lang, id, args.clone()))
        })
}

/// `tr!(lang, "id")` or `tr!(lang, "id", name = value, …)`: a catalogue text.
/// Exported at the crate root for the front ends under a hidden name;
/// inside the crate it is [`tr`] of this module, so that every text
/// module imports it down from here, not up from the crate root.
#[doc(hidden)]
#[macro_export]
macro_rules! __tr {
    ($lang:expr, $id:expr) => {
        $crate::text::text($lang, $id, Vec::new())
    };
    ($lang:expr, $id:expr, $($key:ident = $value:expr),+ $(,)?) => {
        $crate::text::text($lang, $id, vec![$((stringify!($key), $crate::text::Arg::from($value))),+])
    };
}

/// The catalogue text macro (see `__tr`): `tr!(lang, "id", name = value)`.
#[doc(inline)]
pub use __tr as tr;
