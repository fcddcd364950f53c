//! The message catalogue: every player-facing text comes from the Fluent
//! files in `table/locales/{de,en}/`, embedded at compile time.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};
use serde::{Deserialize, Serialize};
use unic_langid::{LanguageIdentifier, langid};

static_loader! {
    static LOCALES = {
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

/// The text `id` in `lang` with `args`. A missing id is a bug: it panics in
/// debug builds and shows the id in release builds.
pub fn text(lang: Lang, id: &str, args: Vec<(&'static str, Arg)>) -> String {
    match lookup(lang, id, args) {
        Some(s) => s,
        None => {
            debug_assert!(false, "missing text {id} ({})", lang.code());
            id.to_owned()
        }
    }
}

/// The text `id` in `lang` with `args`, or `None` when the catalogue has no
/// such text (for ids made from data, such as a refusal's rule code).
pub fn lookup(lang: Lang, id: &str, args: Vec<(&'static str, Arg)>) -> Option<String> {
    let args: HashMap<Cow<'static, str>, FluentValue> = args
        .into_iter()
        .map(|(k, v)| {
            let value = match v {
                Arg::Str(s) => FluentValue::from(s),
                Arg::Num(n) => FluentValue::from(n),
            };
            (Cow::Borrowed(k), value)
        })
        .collect();
    LOCALES.try_lookup_with_args(&lang.id(), id, &args)
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
