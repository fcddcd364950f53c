//! The rules of a Königrufen table as the lobby and the rules button show
//! them: the contracts offered with their values in auction order, the
//! premium values, the Valat and solo factors, and every flag of SPEC §12
//! with its value, one per line.

use serde_json::Value;
use tarock_koenigrufen::rules::{BirdReservation, TrischakenRule};
use tarock_koenigrufen::{Contract, Premium, Rules};

use super::words::{contract_name, kontra_name, premium_name};
use crate::text::Lang;
use crate::text::tr;
use tarock_face::BadRules;

/// The rules of a record-form value; `standard` when it is not valid.
pub fn rules_of(rules: &Value) -> Rules {
    Rules::from_spec(rules).unwrap_or_else(|_| tarock_koenigrufen::Preset::Standard.rules())
}

/// A table option text (a preset name or JSON) in record form.
pub fn parse_rules(text: &str) -> Result<Value, BadRules> {
    let value = tarock_face::rules_value(text)?;
    Rules::from_spec(&value)
        .map(|r| r.to_spec())
        .map_err(|e| BadRules(e.to_string()))
}

/// The preset's name, or the nearest preset's name marked as changed.
pub fn rules_label(rules: &Value, lang: Lang) -> String {
    let r = rules_of(rules);
    if let Some(p) = r.preset() {
        return p.name().to_owned();
    }
    let base = match r.to_spec() {
        Value::Object(map) => map
            .get("preset")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        _ => String::new(),
    };
    tr!(lang, "kr-rules-custom", preset = base)
}

/// A yes/no word.
fn yes_no(on: bool, lang: Lang) -> String {
    if on {
        tr!(lang, "kr-yes")
    } else {
        tr!(lang, "kr-no")
    }
}

/// Every flag of the rules, one per line, after a title.
pub fn rules_text(rules: &Value, lang: Lang) -> String {
    let r = rules_of(rules);
    let mut offered: Vec<Contract> = Contract::ALL.into_iter().filter(|c| r.offers(*c)).collect();
    offered.sort_by_key(|c| r.rank(*c));
    let contracts: Vec<String> = offered
        .iter()
        .map(|c| format!("{} {}", contract_name(*c, lang), r.value(*c)))
        .collect();
    let premiums: Vec<String> = Premium::ALL
        .into_iter()
        .filter(|p| r.premium(*p) > 0)
        .map(|p| format!("{} {}", premium_name(p, &r, lang), r.premium(p)))
        .collect();
    let lost_double: Vec<String> = Contract::ALL
        .into_iter()
        .filter(|c| r.offers(*c) && r.lost_double.contains(*c))
        .map(|c| contract_name(c, lang))
        .collect();
    let flag = |id: &str, on: bool| tr!(lang, id, value = yes_no(on, lang));
    let trischaken = match r.trischaken {
        TrischakenRule::Cup2019 => "kr-flag-trischaken-cup2019",
        TrischakenRule::Standard => "kr-flag-trischaken-standard",
    };
    let reservation = match r.bird_reservation {
        BirdReservation::Hard => "kr-flag-bird-reservation-hard",
        BirdReservation::Soft => "kr-flag-bird-reservation-soft",
    };
    [
        tr!(lang, "kr-rules-title", rules = rules_label(rules, lang)),
        tr!(lang, "kr-rules-contracts", list = contracts.join(", ")),
        tr!(lang, "kr-rules-premiums", list = premiums.join(", ")),
        tr!(
            lang,
            "kr-rules-valat",
            silent = r.valat_silent,
            announced = r.valat_announced
        ),
        tr!(lang, "kr-rules-solo-factor", factor = r.solo_factor),
        flag("kr-flag-kontra-in-score", r.kontra_in_score),
        flag("kr-flag-king-in-talon-takes-all", r.king_in_talon_takes_all),
        flag("kr-flag-bei", r.bei),
        flag("kr-flag-pass-vorhand", r.pass_vorhand),
        flag(
            "kr-flag-partner-announces-talon-bird",
            r.partner_announces_talon_bird,
        ),
        flag("kr-flag-ku-by-party", r.ku_by_party),
        flag("kr-flag-colour-kontra-or-valat", r.colour_kontra_or_valat),
        tr!(lang, trischaken),
        if lost_double.is_empty() {
            tr!(lang, "kr-flag-lost-double-none")
        } else {
            tr!(lang, "kr-flag-lost-double", list = lost_double.join(", "))
        },
        tr!(
            lang,
            "kr-flag-max-kontra",
            kontra = kontra_name(r.max_kontra.max(1), lang),
            level = r.max_kontra
        ),
        flag("kr-flag-silent-failure-counts", r.silent_failure_counts),
        flag("kr-flag-negative-early-end", r.negative_early_end),
        flag("kr-flag-maerchenstich", r.maerchenstich),
        flag(
            "kr-flag-silent-valat-keeps-kontra",
            r.silent_valat_keeps_kontra,
        ),
        tr!(lang, reservation),
    ]
    .join("\n")
}
