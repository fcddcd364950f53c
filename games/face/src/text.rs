//! Languages and the text machinery every face shares. Each face embeds its
//! own Fluent catalogue (`locales/{de,en}/*.ftl` beside its `Cargo.toml`)
//! with [`catalogue!`](crate::catalogue) and names its texts with
//! [`tr!`](crate::tr); a text the face's catalogue lacks is looked up in
//! the shared catalogue of this crate (`games/face/locales/`: the refusals
//! every game shares, `refusal-token`, `refusal-seat`, `refusal-deck`,
//! `refusal-other`).

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, StaticLoader, static_loader};
use serde::{Deserialize, Serialize};
use unic_langid::{LanguageIdentifier, langid};

static_loader! {
    static SHARED = {
        locales: "./locales",
        fallback_language: "de",
        // Unicode isolation marks around arguments would show up as
        // garbage in terminals and some chat clients.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language the texts exist in. German is the default: the game is Austrian.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// Deutsch.
    #[default]
    De,
    /// English.
    En,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];

    /// The language code (`de`, `en`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }

    /// The language of a platform's locale tag (`en-GB` → English); German
    /// for anything else.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("en") {
            Lang::En
        } else {
            Lang::De
        }
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::De => langid!("de"),
            Lang::En => langid!("en"),
        }
    }
}

/// An argument value for a text.
#[derive(Clone, Debug)]
pub enum Arg {
    /// Text.
    Str(String),
    /// A number (selects plural forms).
    Num(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Num(n)
    }
}

impl From<i32> for Arg {
    fn from(n: i32) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(i64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(n as i64)
    }
}

/// The text `id` in `lang` with `args` from one catalogue (`loader`, made
/// by `static_loader!`), or `None` when it has no such text.
pub fn lookup_in(
    loader: &StaticLoader,
    lang: Lang,
    id: &str,
    args: &[(&'static str, Arg)],
) -> Option<String> {
    let args: HashMap<Cow<'static, str>, FluentValue> = args
        .iter()
        .map(|(k, v)| {
            let value = match v {
                Arg::Str(s) => FluentValue::from(s.clone()),
                Arg::Num(n) => FluentValue::from(*n),
            };
            (Cow::Borrowed(*k), value)
        })
        .collect();
    loader.try_lookup_with_args(&lang.id(), id, &args)
}

/// The text `id` of the shared catalogue (the texts every game shares), or
/// `None` when it has no such text.
pub fn lookup(lang: Lang, id: &str, args: &[(&'static str, Arg)]) -> Option<String> {
    lookup_in(&SHARED, lang, id, args)
}

/// A text that must exist: a missing id is a bug, which panics in debug
/// builds and shows the id in release builds.
pub fn expect(found: Option<String>, lang: Lang, id: &str) -> String {
    match found {
        Some(s) => s,
        None => {
            debug_assert!(false, "missing text {id} ({})", lang.code());
            id.to_owned()
        }
    }
}

/// Embeds the calling crate's catalogue (`locales/{de,en}/*.ftl` beside its
/// `Cargo.toml`; the crate depends on `fluent-templates`) and defines, in
/// the module it is called in, `lookup(lang, id, args) -> Option<String>`
/// and `text(lang, id, args) -> String`, which fall back to the shared
/// catalogue. Call it in the crate's `text` module, where [`tr!`](crate::tr)
/// looks for `text`.
#[macro_export]
macro_rules! catalogue {
    () => {
        ::fluent_templates::static_loader! {
            static LOCALES = {
                locales: "./locales",
                fallback_language: "de",
                customise: |bundle| bundle.set_use_isolating(false),
            };
        }

        /// The text `id` in `lang` with `args` from this crate's catalogue
        /// or the shared one, `None` when neither has it (for ids made from
        /// data, such as a refusal's rule code).
        pub fn lookup(
            lang: $crate::Lang,
            id: &str,
            args: ::std::vec::Vec<(&'static str, $crate::text::Arg)>,
        ) -> ::std::option::Option<::std::string::String> {
            $crate::text::lookup_in(&LOCALES, lang, id, &args)
                .or_else(|| $crate::text::lookup(lang, id, &args))
        }

        /// The text `id` in `lang` with `args`. A missing id is a bug: it
        /// panics in debug builds and shows the id in release builds.
        pub fn text(
            lang: $crate::Lang,
            id: &str,
            args: ::std::vec::Vec<(&'static str, $crate::text::Arg)>,
        ) -> ::std::string::String {
            $crate::text::expect(lookup(lang, id, args), lang, id)
        }
    };
}

/// `tr!(lang, "id")` or `tr!(lang, "id", name = value, …)`: a text of the
/// calling crate's catalogue, through the `text` function that
/// [`catalogue!`](crate::catalogue) defined in the crate's `text` module.
// `crate` (not `$crate`) on purpose: the text is the calling face's.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr) => {
        crate::text::text($lang, $id, ::std::vec::Vec::new())
    };
    ($lang:expr, $id:expr, $($key:ident = $value:expr),+ $(,)?) => {
        crate::text::text($lang, $id, vec![$((stringify!($key), $crate::text::Arg::from($value))),+])
    };
}
