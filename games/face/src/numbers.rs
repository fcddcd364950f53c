//! Numbers and lists as every table text writes them: money (`1,20 €` /
//! `€1.20`), signed units (`+2`, `−1`) and a list of names ("Anna und
//! Bert"). Shared by the table service and the faces, so that a game's
//! settlement lines and the table's balance lines read alike.

use crate::text::{Lang, expect, lookup};

/// Money in cents as `1,20 €` / `€1.20`.
pub fn money(cents: i64, lang: Lang) -> String {
    let sign = if cents < 0 { "−" } else { "" };
    let abs = cents.unsigned_abs();
    match lang {
        Lang::De => format!("{sign}{},{:02} €", abs / 100, abs % 100),
        Lang::En => format!("{sign}€{}.{:02}", abs / 100, abs % 100),
    }
}

/// Money in cents with its sign: `+1,20 €` / `−€1.20` / `0,00 €`.
pub fn signed_money(cents: i64, lang: Lang) -> String {
    match cents.signum() {
        1 => format!("+{}", money(cents, lang)),
        _ => money(cents, lang),
    }
}

/// A signed number of units, `+2` / `−1` / `0`.
pub fn signed(n: i64) -> String {
    match n.signum() {
        1 => format!("+{n}"),
        -1 => format!("−{}", n.unsigned_abs()),
        _ => "0".to_owned(),
    }
}

/// Names joined as a list: "Anna", "Anna und Bert", "Bert, Cleo und Dora"
/// (the shared text `names-and`).
pub fn name_list(names: &[&str], lang: Lang) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => {
            let args = [("first", init.join(", ").into()), ("last", (*last).into())];
            expect(lookup(lang, "names-and", &args), lang, "names-and")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_units_and_lists_read_as_people_write_them() {
        assert_eq!(money(120, Lang::De), "1,20 €");
        assert_eq!(money(-5, Lang::En), "−€0.05");
        assert_eq!(signed_money(120, Lang::En), "+€1.20");
        assert_eq!(signed_money(0, Lang::De), "0,00 €");
        assert_eq!(signed(2), "+2");
        assert_eq!(signed(-1), "−1");
        assert_eq!(signed(0), "0");
        assert_eq!(name_list(&["Anna"], Lang::De), "Anna");
        assert_eq!(
            name_list(&["Anna", "Bert", "Cleo"], Lang::De),
            "Anna, Bert und Cleo"
        );
        assert_eq!(name_list(&["Anna", "Bert"], Lang::En), "Anna and Bert");
    }
}
