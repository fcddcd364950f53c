//! The rules flags of SPEC §7.1 as data, validated when built.
//!
//! [`Flags`] is the plain, serializable list of every flag; [`Rules`] is a
//! `Flags` value that passed [`Rules::new`], so a `Rules` always has every
//! value in its range and nothing is checked again during play. The only
//! named preset is `standard` (the defaults); a table or record overrides
//! flags by name (`{"preset": "standard", "must_head": true}`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::card::Suit;

/// When players decide to drop out (D-08).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropTiming {
    /// One turn per player: `stay`, `swap` or `drop` (OLI, LOO; default).
    WithExchange,
    /// An exchange round for all, then a drop round for the non-makers (BR).
    AfterExchange,
}

/// What happens when every non-maker wants to drop (D-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoneTrumpMaker {
    /// At least two players play every deal (OLI; default).
    Forced,
    /// All may drop; the trump maker is then credited all five tricks (LOO, RAMS).
    TakesAll,
}

/// Who wins a session (D-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinnerRule {
    /// The first player to reach 0 or below, trick by trick (WB; default).
    FirstOut,
    /// The lowest final score; ties by who was out first (OLI).
    Lowest,
}

/// What the losers pay at the end of a session (D-22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SettlementRule {
    /// Each loser pays the winner his remaining score, at least 0 (OLI; default).
    Points,
    /// Each loser pays the winner one unit.
    Flat,
}

/// Every flag of SPEC §7.1, unchecked. Field names are the flag names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flags {
    /// Each player's score at the start of a session, 10–50 (D-19).
    pub start_score: u8,
    /// Drops per player per session, 3, 4 or 5 (D-11).
    pub drop_limit: u8,
    /// Nobody at this score or lower may drop, `0 … start_score − 1` (D-12).
    pub drop_min_score: u8,
    /// Drop together with the exchange decision, or in a round after it (D-08).
    pub drop_timing: DropTiming,
    /// Whether all non-makers may drop (D-13).
    pub lone_trump_maker: LoneTrumpMaker,
    /// Nobody may drop when this suit is trump (D-14).
    pub no_drop_trump: Option<Suit>,
    /// A player void in the led suit must trump if he can (D-15).
    pub must_trump: bool,
    /// A player must beat the winning card if he can (D-16).
    pub must_head: bool,
    /// Every score change counts double when hearts are trump (D-18).
    pub hearts_double: bool,
    /// Who wins the session (D-20).
    pub winner_rule: WinnerRule,
    /// What the losers pay (D-22).
    pub settlement: SettlementRule,
}

/// The defaults of SPEC §7.1: preset `standard`.
const STANDARD: Flags = Flags {
    start_score: 20,
    drop_limit: 4,
    drop_min_score: 5,
    drop_timing: DropTiming::WithExchange,
    lone_trump_maker: LoneTrumpMaker::Forced,
    no_drop_trump: None,
    must_trump: true,
    must_head: false,
    hearts_double: false,
    winner_rule: WinnerRule::FirstOut,
    settlement: SettlementRule::Points,
};

/// A named preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The defaults of SPEC §7.1.
    Standard,
}

impl Preset {
    /// All presets.
    pub const ALL: [Preset; 1] = [Preset::Standard];

    /// The preset's name as written in records and commands.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
        }
    }

    /// The rules of this preset.
    pub const fn rules(self) -> Rules {
        match self {
            Preset::Standard => Rules(STANDARD),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Preset, RulesError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| RulesError::UnknownPreset(s.to_owned()))
    }
}

/// Why a rules description is not valid rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The preset name is not `standard`.
    #[error("unknown rules preset {0:?}")]
    UnknownPreset(String),
    /// An override names a flag that does not exist.
    #[error("unknown rules flag {0:?}")]
    UnknownFlag(String),
    /// A flag has a value of the wrong type or outside its range, or the
    /// description is neither a preset name nor an object with `preset`.
    #[error("malformed rules: {0}")]
    Malformed(String),
}

/// Valid rules: flags whose values are all in range (see [`Rules::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules(Flags);

impl Default for Rules {
    fn default() -> Rules {
        Rules(STANDARD)
    }
}

impl Rules {
    /// The `standard` preset.
    pub const STANDARD: Rules = Rules(STANDARD);

    /// Checks every flag's range (SPEC §7.1).
    ///
    /// # Errors
    /// [`RulesError::Malformed`] naming the first flag out of range.
    pub fn new(flags: Flags) -> Result<Rules, RulesError> {
        let bad = |what: String| Err(RulesError::Malformed(what));
        if !(10..=50).contains(&flags.start_score) {
            return bad(format!("start_score {} is not 10–50", flags.start_score));
        }
        if !(3..=5).contains(&flags.drop_limit) {
            return bad(format!("drop_limit {} is not 3, 4 or 5", flags.drop_limit));
        }
        if flags.drop_min_score >= flags.start_score {
            return bad(format!(
                "drop_min_score {} is not 0–{}",
                flags.drop_min_score,
                flags.start_score - 1
            ));
        }
        Ok(Rules(flags))
    }

    /// The flags.
    pub const fn flags(&self) -> &Flags {
        &self.0
    }

    /// Each player's score at the start of a session.
    pub const fn start_score(&self) -> i32 {
        self.0.start_score as i32
    }

    /// Drops per player per session.
    pub const fn drop_limit(&self) -> u8 {
        self.0.drop_limit
    }

    /// Nobody at this score or lower may drop.
    pub const fn drop_min_score(&self) -> i32 {
        self.0.drop_min_score as i32
    }

    /// Whether drops are decided in a round of their own after the exchange.
    pub const fn drop_round(&self) -> bool {
        matches!(self.0.drop_timing, DropTiming::AfterExchange)
    }

    /// Whether all non-makers may drop (the maker then takes all tricks).
    pub const fn takes_all(&self) -> bool {
        matches!(self.0.lone_trump_maker, LoneTrumpMaker::TakesAll)
    }

    /// The multiplier of a deal with `trump` (D-18): 2 for hearts under
    /// `hearts_double`, else 1.
    pub const fn multiplier(&self, trump: Suit) -> i32 {
        if self.0.hearts_double && matches!(trump, Suit::Hearts) {
            2
        } else {
            1
        }
    }

    /// The preset these rules are, if they are exactly one.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.rules() == *self)
    }

    /// Reads a rules description: a preset name, or an object with a
    /// `preset` name and flag overrides (SPEC §9.1 `rules`).
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`], [`RulesError::UnknownFlag`], or
    /// [`RulesError::Malformed`] for a wrong type or a value out of range.
    pub fn from_spec(spec: &Value) -> Result<Rules, RulesError> {
        match spec {
            Value::String(name) => Ok(name.parse::<Preset>()?.rules()),
            Value::Object(map) => {
                let name = match map.get("preset") {
                    Some(Value::String(name)) => name,
                    _ => return Err(RulesError::Malformed("missing \"preset\" name".into())),
                };
                let mut flags = object(&name.parse::<Preset>()?.rules());
                for (key, value) in map.iter().filter(|(k, _)| *k != "preset") {
                    let slot = flags
                        .get_mut(key)
                        .ok_or_else(|| RulesError::UnknownFlag(key.clone()))?;
                    *slot = value.clone();
                }
                let flags: Flags = serde_json::from_value(Value::Object(flags))
                    .map_err(|e| RulesError::Malformed(e.to_string()))?;
                Rules::new(flags)
            }
            _ => Err(RulesError::Malformed(
                "rules must be a preset name or an object".into(),
            )),
        }
    }

    /// The shortest description: the preset name, or `standard` with the
    /// flags that differ from it.
    pub fn to_spec(&self) -> Value {
        if let Some(p) = self.preset() {
            return Value::String(p.name().to_owned());
        }
        let base = object(&Preset::Standard.rules());
        let mut out = Map::new();
        out.insert("preset".into(), Value::String("standard".into()));
        for (k, v) in object(self) {
            if base.get(&k) != Some(&v) {
                out.insert(k, v);
            }
        }
        Value::Object(out)
    }
}

fn object(rules: &Rules) -> Map<String, Value> {
    match serde_json::to_value(rules.0) {
        Ok(Value::Object(map)) => map,
        _ => unreachable!("Flags serializes to an object"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn standard_is_the_spec_default_table() {
        let r = Rules::from_spec(&json!("standard")).unwrap();
        assert_eq!(r, Rules::STANDARD);
        assert_eq!(r.start_score(), 20);
        assert_eq!(r.drop_limit(), 4);
        assert_eq!(r.drop_min_score(), 5);
        assert!(!r.drop_round() && !r.takes_all());
        assert!(r.flags().must_trump && !r.flags().must_head);
        assert_eq!(r.flags().no_drop_trump, None);
        assert_eq!(r.multiplier(Suit::Hearts), 1);
        assert_eq!(r.to_spec(), json!("standard"));
    }

    #[test]
    fn every_flag_can_be_overridden_and_round_trips() {
        let spec = json!({"preset": "standard", "start_score": 30, "drop_limit": 5,
            "drop_min_score": 0, "drop_timing": "after_exchange", "lone_trump_maker": "takes_all",
            "no_drop_trump": "d", "must_trump": false, "must_head": true, "hearts_double": true,
            "winner_rule": "lowest", "settlement": "flat"});
        let r = Rules::from_spec(&spec).unwrap();
        assert_eq!(r.start_score(), 30);
        assert!(r.drop_round() && r.takes_all());
        assert_eq!(r.flags().no_drop_trump, Some(Suit::Diamonds));
        assert_eq!(r.multiplier(Suit::Hearts), 2);
        assert_eq!(r.multiplier(Suit::Spades), 1);
        assert_eq!(r.to_spec(), spec);
        let same = json!({"preset": "standard", "must_head": false});
        assert_eq!(
            Rules::from_spec(&same).unwrap().to_spec(),
            json!("standard")
        );
    }

    #[test]
    fn values_outside_their_ranges_are_rejected() {
        let with = |k: &str, v: Value| {
            let mut m = Map::new();
            m.insert("preset".into(), json!("standard"));
            m.insert(k.into(), v);
            Rules::from_spec(&Value::Object(m))
        };
        assert!(with("start_score", json!(10)).is_ok());
        assert!(with("start_score", json!(50)).is_ok());
        for bad in [
            ("start_score", json!(9)),
            ("start_score", json!(51)),
            ("start_score", json!(20.5)),
            ("start_score", json!("20")),
            ("drop_limit", json!(2)),
            ("drop_limit", json!(6)),
            ("drop_min_score", json!(20)),
            ("drop_min_score", json!(-1)),
            ("drop_timing", json!("before")),
            ("no_drop_trump", json!("x")),
            ("must_trump", json!(1)),
            ("winner_rule", json!("highest")),
            ("settlement", json!(null)),
        ] {
            assert!(
                matches!(with(bad.0, bad.1.clone()), Err(RulesError::Malformed(_))),
                "{bad:?}"
            );
        }
        assert!(with("drop_min_score", json!(19)).is_ok());
        assert!(with("no_drop_trump", json!(null)).is_ok());
        assert_eq!(
            with("players", json!(4)),
            Err(RulesError::UnknownFlag("players".into()))
        );
        assert!(matches!(
            Rules::from_spec(&json!("koenigrufen")),
            Err(RulesError::UnknownPreset(_))
        ));
        assert!(Rules::from_spec(&json!({"must_head": true})).is_err());
        assert!(Rules::from_spec(&json!(4)).is_err());
    }

    #[test]
    fn drop_min_score_is_checked_against_the_start_score() {
        let ok = json!({"preset": "standard", "start_score": 10, "drop_min_score": 9});
        assert!(Rules::from_spec(&ok).is_ok());
        let bad = json!({"preset": "standard", "start_score": 10});
        // drop_min_score stays 5 < 10: fine; 12 is not.
        assert!(Rules::from_spec(&bad).is_ok());
        let bad = json!({"preset": "standard", "start_score": 10, "drop_min_score": 12});
        assert!(Rules::from_spec(&bad).is_err());
    }
}
