//! Rule variants as data: every rule that differs between sources is a field
//! of [`Rules`], and the four named presets are values of it (SPEC §5.3, §7).
//!
//! Field names follow the flag names of the rules specification, so a table
//! or a game record can override any of them by name (see [`Rules::from_spec`]).

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The three contracts, in rank order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// The normal game: the Vorhand calls a tarock, its holder is her secret partner.
    Rufer,
    /// Colour solo: one against three, tarocks do not trump a suit lead.
    Farbensolo,
    /// Solo: one against three, tarocks trump as usual.
    Solo,
}

impl GameKind {
    /// All game kinds in rank order.
    pub const ALL: [GameKind; 3] = [GameKind::Rufer, GameKind::Farbensolo, GameKind::Solo];

    /// The record word of the game (`rufer`, `farbensolo`, `solo`).
    pub const fn word(self) -> &'static str {
        match self {
            GameKind::Rufer => "rufer",
            GameKind::Farbensolo => "farbensolo",
            GameKind::Solo => "solo",
        }
    }

    /// Whether one player plays alone against three.
    pub const fn is_solo(self) -> bool {
        !matches!(self, GameKind::Rufer)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.word())
    }
}

/// A premium that can be announced during the Lizitation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Premium {
    /// The party will take at least 56 card points.
    Absolut,
    /// Pagat Ultimo: the Pagat will win the last trick.
    Pagat,
    /// The party will take all ten tricks.
    Valat,
}

impl Premium {
    /// All premiums.
    pub const ALL: [Premium; 3] = [Premium::Absolut, Premium::Pagat, Premium::Valat];

    /// The item this premium creates when announced.
    pub const fn item(self) -> Item {
        match self {
            Premium::Absolut => Item::Absolut,
            Premium::Pagat => Item::Pagat,
            Premium::Valat => Item::Valat,
        }
    }
}

/// Something that can be doubled by Kontra: the game itself or an announced premium.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Item {
    /// The game (contract); owned by the declarer party.
    Game,
    /// An announced Absolut.
    Absolut,
    /// An announced Pagat Ultimo.
    Pagat,
    /// An announced Valat.
    Valat,
}

impl Item {
    /// All items; their position is their index in per-item arrays.
    pub const ALL: [Item; 4] = [Item::Game, Item::Absolut, Item::Pagat, Item::Valat];

    /// Index into per-item arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The record word of a Kontra on this item (`kontra-spiel` …).
    pub const fn kontra_word(self) -> &'static str {
        match self {
            Item::Game => "kontra-spiel",
            Item::Absolut => "kontra-absolut",
            Item::Pagat => "kontra-pagat",
            Item::Valat => "kontra-valat",
        }
    }
}

/// A small set of premiums, serialized as a list of names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Premium>", into = "Vec<Premium>")]
pub struct PremiumSet(u8);

impl PremiumSet {
    /// Whether `p` is in the set.
    pub const fn contains(self, p: Premium) -> bool {
        self.0 & (1 << p as u8) != 0
    }
}

impl From<Vec<Premium>> for PremiumSet {
    fn from(v: Vec<Premium>) -> PremiumSet {
        PremiumSet(v.into_iter().fold(0, |m, p| m | 1 << p as u8))
    }
}

impl From<PremiumSet> for Vec<Premium> {
    fn from(s: PremiumSet) -> Vec<Premium> {
        Premium::ALL
            .into_iter()
            .filter(|p| s.contains(*p))
            .collect()
    }
}

/// A small set of game kinds, serialized as a list of names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<GameKind>", into = "Vec<GameKind>")]
pub struct GameSet(u8);

impl GameSet {
    /// Whether `kind` is in the set.
    pub const fn contains(self, kind: GameKind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }
}

impl From<Vec<GameKind>> for GameSet {
    fn from(v: Vec<GameKind>) -> GameSet {
        GameSet(v.into_iter().fold(0, |m, k| m | 1 << k as u8))
    }
}

impl From<GameSet> for Vec<GameKind> {
    fn from(s: GameSet) -> Vec<GameKind> {
        GameKind::ALL
            .into_iter()
            .filter(|k| s.contains(*k))
            .collect()
    }
}

/// One value for each game kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerGame<T> {
    /// In a Rufer.
    pub rufer: T,
    /// In a Farbensolo.
    pub farbensolo: T,
    /// In a Solo.
    pub solo: T,
}

impl<T: Copy> PerGame<T> {
    /// The same value for every game kind.
    pub const fn all(v: T) -> PerGame<T> {
        PerGame {
            rufer: v,
            farbensolo: v,
            solo: v,
        }
    }

    /// The value for `kind`.
    pub const fn get(&self, kind: GameKind) -> T {
        match kind {
            GameKind::Rufer => self.rufer,
            GameKind::Farbensolo => self.farbensolo,
            GameKind::Solo => self.solo,
        }
    }
}

/// The highest Kontra level per item and game kind (1 Kontra, 2 Rekontra,
/// 3 Subkontra, 4 Resupre; 0 = cannot be kontra'd).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KontraLimits {
    /// Limits on the game.
    pub game: PerGame<u8>,
    /// Limits on an announced Absolut.
    pub absolut: PerGame<u8>,
    /// Limits on an announced Pagat.
    pub pagat: PerGame<u8>,
    /// Limits on an announced Valat.
    pub valat: PerGame<u8>,
}

impl KontraLimits {
    /// The same limit everywhere.
    pub const fn all(level: u8) -> KontraLimits {
        let l = PerGame::all(level);
        KontraLimits {
            game: l,
            absolut: l,
            pagat: l,
            valat: l,
        }
    }

    /// The limit for `item` in a game of `kind`.
    pub const fn get(&self, item: Item, kind: GameKind) -> u8 {
        match item {
            Item::Game => self.game.get(kind),
            Item::Absolut => self.absolut.get(kind),
            Item::Pagat => self.pagat.get(kind),
            Item::Valat => self.valat.get(kind),
        }
    }
}

/// Which dealt hands force (or allow) a redeal (SPEC §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedealRule {
    /// Directnet (S000): a hand with at most one tarock, or with all four Glatzen.
    FewTarocksOrGlatzen,
    /// Tarockwelt (S001) and the standard preset: a hand without tarock, or whose
    /// only tarock is a Trull card.
    NoTarockOrLoneTrull,
    /// Wikipedia (S004): a hand without tarock must be thrown in; a lone Trull card
    /// only allows it, which a record cannot express, so it is not taken (SPEC C-3).
    NoTarock,
}

/// A named rule preset (RECORD.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// The recommended house rules (SPEC `default`).
    Standard,
    /// Faithful to the Directnet rules page (SPEC `s000`).
    Directnet,
    /// Faithful to tarockwelt.com (SPEC `s001`), in units of 10 Schilling.
    Tarockwelt,
    /// Faithful to the Wikipedia article (SPEC `s004`).
    Wikipedia,
}

impl Preset {
    /// All presets.
    pub const ALL: [Preset; 4] = [
        Preset::Standard,
        Preset::Directnet,
        Preset::Tarockwelt,
        Preset::Wikipedia,
    ];

    /// The preset's name as written in records and commands.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::Directnet => "directnet",
            Preset::Tarockwelt => "tarockwelt",
            Preset::Wikipedia => "wikipedia",
        }
    }

    /// The rules of this preset (checked by the test `presets_are_in_range`).
    pub const fn rules(self) -> ValidRules {
        ValidRules(match self {
            Preset::Standard => STANDARD,
            Preset::Directnet => DIRECTNET,
            Preset::Tarockwelt => TAROCKWELT,
            Preset::Wikipedia => WIKIPEDIA,
        })
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

/// Why a rules description could not be turned into [`Rules`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The preset name is not one of `standard`, `directnet`, `tarockwelt`, `wikipedia`.
    #[error("unknown rules preset {0:?}")]
    UnknownPreset(String),
    /// An override names a flag the engine does not have.
    #[error("unknown rules flag {0:?}")]
    UnknownFlag(String),
    /// The description is not a preset name or an object with a `preset` field,
    /// or a flag has a value of the wrong type or out of range.
    #[error("malformed rules: {0}")]
    Malformed(String),
}

/// Every rule variant of Zwanzigerrufen. Amounts are in units (1 unit = a
/// simple won Rufer); 0 means "not scored".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Which hands force a redeal.
    pub redeal_rule: RedealRule,
    /// Variant: a hand whose only tarocks are two Trull cards also forces a redeal.
    pub redeal_two_trull: bool,
    /// Suit cards needed to announce a Farbensolo.
    pub farbensolo_min_suit_cards: u8,
    /// Tarockwelt ranking: a game announced together with a Valat outranks
    /// the plain game (Rufer < Rufer+Valat < Farbensolo < Solo < Farbensolo+Valat < Solo+Valat).
    pub valat_raises_bid_rank: bool,
    /// Anyone who ever said Weiter may no longer announce a game (FBG behaviour).
    pub pass_locks_auction: bool,
    /// Premiums and Kontras only at the earliest opportunity (tarockwelt, SPEC L7).
    pub earliest_opportunity: bool,
    /// An opponent holding the whole Trull must kontra a Rufer (directnet, SPEC L8).
    pub trull_holder_must_kontra: bool,
    /// Premiums whose announcement by an opponent puts the game on Kontra (SPEC L6).
    pub opp_premium_implies_game_kontra: PremiumSet,
    /// After a Valat announcement only Kontras on the Valat are allowed (SPEC D-13).
    pub after_valat_only_valat_kontras: bool,
    /// A Valat announcement voids announced Absolut and Pagat (SPEC E2).
    pub valat_voids_other_zusaetze: bool,
    /// Sküs, Mond and Pagat in one trick: the Pagat wins (Märchenstich).
    pub maerchenstich: bool,
    /// The Märchenstich also applies in a tarock-led trick of a Farbensolo.
    pub maerchenstich_in_farbensolo: bool,
    /// The Märchenstich needs the order Mond, Sküs, Pagat.
    pub maerchenstich_order: bool,
    /// After a Kontra on the game the declarer party wins with 44 (SPEC C-5).
    pub kontra_game_won_with_44: bool,
    /// Any Valat (announced or silent) replaces the whole settlement (SPEC D-25).
    pub valat_replaces_all: bool,
    /// After a scored Mondfang the next four deals count double (SPEC §5.6).
    pub double_round_on_mondfang: bool,
    /// Value of a Rufer game.
    pub rufer_value: u32,
    /// Value of a Solo game.
    pub solo_value: u32,
    /// Value of a Farbensolo game.
    pub farbensolo_value: u32,
    /// Factor on premiums (and Valat) in a Solo.
    pub premium_factor_solo: u32,
    /// Factor on premiums (and Valat) in a Farbensolo.
    pub premium_factor_farbensolo: u32,
    /// Games in which Absolut can be announced and is scored.
    pub absolut_in_games: GameSet,
    /// Silent (achieved, not announced) Absolut.
    pub absolut_silent: u32,
    /// Announced Absolut.
    pub absolut_announced: u32,
    /// Silent Pagat Ultimo (won or lost in the last trick).
    pub pagat_silent: u32,
    /// Announced Pagat Ultimo.
    pub pagat_announced: u32,
    /// Silent Valat.
    pub valat_silent: u32,
    /// Announced Valat.
    pub valat_announced: u32,
    /// Trull held in one hand.
    pub trull_value: u32,
    /// The Trull is also scored in a Farbensolo.
    pub trull_in_farbensolo: bool,
    /// All four Kings held in one hand.
    pub four_kings_value: u32,
    /// Honneur: at least four of the seven five-pointers in one hand (0 = off).
    pub honneur_value: u32,
    /// Mondfang, paid by the party of the Mond's player.
    pub mondfang_value: u32,
    /// Kontra limits per item and game kind.
    pub max_kontra: KontraLimits,
}

/// The largest amount or factor a rules description may set (a line is at
/// most this squared, times 2^4 for the Kontras).
pub const MAX_AMOUNT: u32 = u16::MAX as u32;

/// The highest Kontra level (4 = Resupre, SPEC §3.1).
pub const MAX_KONTRA_LEVEL: u8 = 4;

/// SPEC `default`: traditional scoring (Wikipedia), Directnet's procedure.
const STANDARD: Rules = Rules {
    redeal_rule: RedealRule::NoTarockOrLoneTrull,
    redeal_two_trull: false,
    farbensolo_min_suit_cards: 5,
    valat_raises_bid_rank: false,
    pass_locks_auction: false,
    earliest_opportunity: false,
    trull_holder_must_kontra: false,
    opp_premium_implies_game_kontra: PremiumSet(0b111),
    after_valat_only_valat_kontras: true,
    valat_voids_other_zusaetze: true,
    maerchenstich: true,
    maerchenstich_in_farbensolo: true,
    maerchenstich_order: false,
    kontra_game_won_with_44: false,
    valat_replaces_all: true,
    double_round_on_mondfang: false,
    rufer_value: 1,
    solo_value: 4,
    farbensolo_value: 4,
    premium_factor_solo: 2,
    premium_factor_farbensolo: 2,
    absolut_in_games: GameSet(0b111),
    absolut_silent: 1,
    absolut_announced: 2,
    pagat_silent: 1,
    pagat_announced: 2,
    valat_silent: 6,
    valat_announced: 12,
    trull_value: 1,
    trull_in_farbensolo: false,
    four_kings_value: 2,
    honneur_value: 0,
    mondfang_value: 1,
    max_kontra: KontraLimits::all(3),
};

/// SPEC `s000`: the Directnet rules page.
const DIRECTNET: Rules = Rules {
    redeal_rule: RedealRule::FewTarocksOrGlatzen,
    trull_holder_must_kontra: true,
    opp_premium_implies_game_kontra: PremiumSet(1 << Premium::Absolut as u8),
    maerchenstich_in_farbensolo: false,
    four_kings_value: 1,
    ..STANDARD
};

/// SPEC `s001`: tarockwelt.com; its Schilling amounts divided by 10.
const TAROCKWELT: Rules = Rules {
    valat_raises_bid_rank: true,
    earliest_opportunity: true,
    absolut_in_games: GameSet(1 << GameKind::Rufer as u8),
    honneur_value: 1,
    mondfang_value: 4,
    max_kontra: KontraLimits {
        game: PerGame {
            rufer: 2,
            farbensolo: 1,
            solo: 1,
        },
        absolut: PerGame::all(2),
        pagat: PerGame::all(2),
        valat: PerGame {
            rufer: 1,
            farbensolo: 0,
            solo: 1,
        },
    },
    ..STANDARD
};

/// SPEC `s004`: the Wikipedia article.
const WIKIPEDIA: Rules = Rules {
    redeal_rule: RedealRule::NoTarock,
    double_round_on_mondfang: true,
    max_kontra: KontraLimits::all(4),
    ..STANDARD
};

impl Default for Rules {
    fn default() -> Rules {
        STANDARD
    }
}

impl Rules {
    /// Value of the game `kind` before Kontras.
    pub const fn game_value(&self, kind: GameKind) -> u32 {
        match kind {
            GameKind::Rufer => self.rufer_value,
            GameKind::Farbensolo => self.farbensolo_value,
            GameKind::Solo => self.solo_value,
        }
    }

    /// The premium factor `P` of SPEC §5.2: 1 in a Rufer, 2 in the solo games.
    pub const fn premium_factor(&self, kind: GameKind) -> u32 {
        match kind {
            GameKind::Rufer => 1,
            GameKind::Farbensolo => self.premium_factor_farbensolo,
            GameKind::Solo => self.premium_factor_solo,
        }
    }

    /// Whether `premium` can be announced in a game of `kind`.
    pub const fn premium_allowed(&self, premium: Premium, kind: GameKind) -> bool {
        match premium {
            Premium::Absolut => self.absolut_in_games.contains(kind),
            // Pagat Ultimo is never played in a Farbensolo (SPEC D-11).
            Premium::Pagat => !matches!(kind, GameKind::Farbensolo),
            Premium::Valat => true,
        }
    }

    /// The preset these rules are, if they are exactly one.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| *p.rules() == *self)
    }

    /// Reads a rules description: a preset name, or an object with a
    /// `preset` field and flag overrides, e.g. `{"preset":"standard","solo_value":5}`.
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for a name that is not a preset,
    /// [`RulesError::UnknownFlag`] for an override the engine does not know,
    /// [`RulesError::Malformed`] for anything else that does not fit.
    pub fn from_spec(spec: &Value) -> Result<ValidRules, RulesError> {
        match spec {
            Value::String(name) => Ok(name.parse::<Preset>()?.rules()),
            Value::Object(map) => {
                let name = match map.get("preset") {
                    Some(Value::String(name)) => name,
                    _ => return Err(RulesError::Malformed("missing \"preset\" name".into())),
                };
                let mut base = serde_json::to_value(name.parse::<Preset>()?.rules())
                    .map_err(|e| RulesError::Malformed(e.to_string()))?;
                for (key, value) in map.iter().filter(|(k, _)| *k != "preset") {
                    merge(&mut base, key, value, key)?;
                }
                let rules: Rules = serde_json::from_value(base)
                    .map_err(|e| RulesError::Malformed(e.to_string()))?;
                ValidRules::new(rules)
            }
            _ => Err(RulesError::Malformed(
                "rules must be a preset name or an object".into(),
            )),
        }
    }

    /// The shortest description of these rules: the preset name when they
    /// are a preset, else the closest preset with the flags that differ.
    pub fn to_spec(&self) -> Value {
        if let Some(p) = self.preset() {
            return Value::String(p.name().to_owned());
        }
        let mine = object(self);
        let (preset, diff) = Preset::ALL
            .into_iter()
            .map(|p| (p, diff(&object(&p.rules()), &mine)))
            .min_by_key(|(_, d)| d.len())
            .expect("there are presets");
        let mut out = Map::new();
        out.insert("preset".into(), Value::String(preset.name().into()));
        out.extend(diff);
        Value::Object(out)
    }
}

/// Rules whose every value is in range: the only rules a [`Game`](crate::Game)
/// is played with. They are checked once, where they are made
/// ([`ValidRules::new`], [`Rules::from_spec`], [`Preset::rules`]), so that
/// starting a deal costs no check; reading them goes through `Deref` to [`Rules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Rules", into = "Rules")]
pub struct ValidRules(Rules);

impl ValidRules {
    /// Checks that `rules` stay in the ranges the settlement is computed in:
    /// Kontra levels up to Resupre (SPEC §3.1), amounts and factors up to
    /// [`MAX_AMOUNT`], so that no line or balance can overflow.
    ///
    /// The check walks the serialized fields, so a field added to [`Rules`]
    /// later is range-checked without a hand-kept list (the test
    /// `every_number_is_range_checked` holds it to that).
    ///
    /// # Errors
    /// [`RulesError::Malformed`] naming the first field out of range.
    pub fn new(rules: Rules) -> Result<ValidRules, RulesError> {
        for (name, value) in object(&rules) {
            check_range(&name, &value, MAX_AMOUNT)?;
        }
        Ok(ValidRules(rules))
    }

    /// The plain rules, e.g. to change a field and check them again.
    pub const fn get(self) -> Rules {
        self.0
    }
}

impl Deref for ValidRules {
    type Target = Rules;
    fn deref(&self) -> &Rules {
        &self.0
    }
}

impl Default for ValidRules {
    fn default() -> ValidRules {
        Preset::Standard.rules()
    }
}

impl TryFrom<Rules> for ValidRules {
    type Error = RulesError;
    fn try_from(rules: Rules) -> Result<ValidRules, RulesError> {
        ValidRules::new(rules)
    }
}

impl From<ValidRules> for Rules {
    fn from(rules: ValidRules) -> Rules {
        rules.0
    }
}

/// Every number in `value` is at most `max`; numbers under `max_kontra` at
/// most [`MAX_KONTRA_LEVEL`].
fn check_range(path: &str, value: &Value, max: u32) -> Result<(), RulesError> {
    let max = if path == "max_kontra" {
        u32::from(MAX_KONTRA_LEVEL)
    } else {
        max
    };
    match value {
        Value::Number(n) if n.as_u64().is_some_and(|n| n > u64::from(max)) => {
            Err(RulesError::Malformed(format!("{path} {n} is above {max}")))
        }
        Value::Object(map) => map
            .iter()
            .try_for_each(|(k, v)| check_range(&format!("{path}.{k}"), v, max)),
        _ => Ok(()),
    }
}

fn object(rules: &Rules) -> Map<String, Value> {
    match serde_json::to_value(rules) {
        Ok(Value::Object(map)) => map,
        _ => unreachable!("Rules serializes to an object"),
    }
}

/// The fields of `new` whose values differ from `base`.
/// Nested objects are compared field by field, so only the changed leaves appear.
fn diff(base: &Map<String, Value>, new: &Map<String, Value>) -> Map<String, Value> {
    new.iter()
        .filter_map(|(k, v)| match (base.get(k), v) {
            (Some(b), v) if b == v => None,
            (Some(Value::Object(b)), Value::Object(n)) => {
                Some((k.clone(), Value::Object(diff(b, n))))
            }
            _ => Some((k.clone(), v.clone())),
        })
        .collect()
}

/// Overwrites `key` in the object `target` with `value`, merging nested
/// objects field by field so that `{"max_kontra":{"valat":{"solo":2}}}` works.
fn merge(target: &mut Value, key: &str, value: &Value, path: &str) -> Result<(), RulesError> {
    let Value::Object(map) = target else {
        return Err(RulesError::UnknownFlag(path.to_owned()));
    };
    let slot = map
        .get_mut(key)
        .ok_or_else(|| RulesError::UnknownFlag(path.to_owned()))?;
    match (slot, value) {
        (slot @ Value::Object(_), Value::Object(inner)) => {
            for (k, v) in inner {
                merge(slot, k, v, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        (slot, value) => {
            *slot = value.clone();
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn presets_round_trip_by_name() {
        for p in Preset::ALL {
            assert_eq!(Rules::from_spec(&json!(p.name())), Ok(p.rules()));
            assert_eq!(p.rules().to_spec(), json!(p.name()));
            assert_eq!(p.rules().preset(), Some(p));
        }
    }

    #[test]
    fn overrides_apply_and_round_trip() {
        let spec =
            json!({"preset": "standard", "solo_value": 5, "max_kontra": {"valat": {"solo": 1}}});
        let rules = Rules::from_spec(&spec).unwrap();
        assert_eq!(rules.solo_value, 5);
        assert_eq!(rules.max_kontra.valat.solo, 1);
        assert_eq!(rules.max_kontra.valat.rufer, 3);
        assert_eq!(rules.to_spec(), spec);
    }

    #[test]
    fn unknown_names_are_rejected() {
        assert_eq!(
            Rules::from_spec(&json!("königrufen")),
            Err(RulesError::UnknownPreset("königrufen".into()))
        );
        assert_eq!(
            Rules::from_spec(&json!({"preset": "standard", "talon": 6})),
            Err(RulesError::UnknownFlag("talon".into()))
        );
        assert_eq!(
            Rules::from_spec(&json!({"preset": "standard", "max_kontra": {"trull": 1}})),
            Err(RulesError::UnknownFlag("max_kontra.trull".into()))
        );
        assert!(matches!(
            Rules::from_spec(&json!({"preset": "standard", "solo_value": "five"})),
            Err(RulesError::Malformed(_))
        ));
        assert!(matches!(
            Rules::from_spec(&json!(4)),
            Err(RulesError::Malformed(_))
        ));
    }

    #[test]
    fn values_out_of_range_are_rejected() {
        let spec = |v| json!({"preset": "standard", "four_kings_value": v});
        assert!(Rules::from_spec(&spec(65_535)).is_ok());
        assert!(matches!(
            Rules::from_spec(&spec(65_536)),
            Err(RulesError::Malformed(_))
        ));
        let kontra = |l| json!({"preset": "standard", "max_kontra": {"pagat": {"solo": l}}});
        assert!(Rules::from_spec(&kontra(4)).is_ok());
        assert_eq!(
            Rules::from_spec(&kontra(5)),
            Err(RulesError::Malformed(
                "max_kontra.pagat.solo 5 is above 4".into()
            ))
        );
        let direct = Rules {
            max_kontra: KontraLimits::all(9),
            ..STANDARD
        };
        assert!(ValidRules::new(direct).is_err());
        assert!(serde_json::from_value::<ValidRules>(json!(direct)).is_err());
    }

    #[test]
    fn presets_are_in_range() {
        for p in Preset::ALL {
            assert_eq!(ValidRules::new(p.rules().get()), Ok(p.rules()), "{p}");
        }
    }

    /// Every number of every preset, as a path like `max_kontra.pagat.solo`.
    fn number_paths(value: &Value, path: &str, out: &mut Vec<String>) {
        match value {
            Value::Number(_) => out.push(path.to_owned()),
            Value::Object(map) => {
                for (k, v) in map {
                    let sub = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    number_paths(v, &sub, out);
                }
            }
            _ => {}
        }
    }

    /// The override `{"preset": "standard", path: value}` with `path` spelled out as nesting.
    fn override_at(path: &str, value: u64) -> Value {
        let leaf = path
            .rsplit('.')
            .fold(json!(value), |inner, key| json!({ key: inner }));
        let mut spec = leaf;
        spec["preset"] = json!("standard");
        spec
    }

    /// The coverage guard of the range check: a number added to `Rules` later
    /// (at any depth) must be rejected above its bound, whatever its type.
    #[test]
    fn every_number_is_range_checked() {
        let mut paths = Vec::new();
        number_paths(&json!(STANDARD), "", &mut paths);
        for known in [
            "solo_value",
            "farbensolo_min_suit_cards",
            "max_kontra.valat.solo",
        ] {
            assert!(paths.iter().any(|p| p == known), "{known} in {paths:?}");
        }
        for path in &paths {
            let bound = if path.starts_with("max_kontra.") {
                u64::from(MAX_KONTRA_LEVEL)
            } else {
                u64::from(MAX_AMOUNT)
            };
            assert!(
                matches!(
                    Rules::from_spec(&override_at(path, bound + 1)),
                    Err(RulesError::Malformed(_))
                ),
                "{path} = {} must be rejected",
                bound + 1
            );
            let mut rules = json!(STANDARD);
            let leaf = path.split('.').fold(&mut rules, |v, k| &mut v[k]);
            *leaf = json!(bound + 1);
            if let Ok(rules) = serde_json::from_value::<Rules>(rules) {
                assert!(ValidRules::new(rules).is_err(), "{path} passed the check");
            }
        }
    }

    #[test]
    fn preset_values_follow_the_spec_tables() {
        let d = Preset::Directnet.rules();
        assert_eq!(d.four_kings_value, 1);
        assert!(d.trull_holder_must_kontra);
        assert!(d.opp_premium_implies_game_kontra.contains(Premium::Absolut));
        assert!(!d.opp_premium_implies_game_kontra.contains(Premium::Pagat));
        let t = Preset::Tarockwelt.rules();
        assert_eq!(
            (t.mondfang_value, t.honneur_value, t.four_kings_value),
            (4, 1, 2)
        );
        assert!(!t.premium_allowed(Premium::Absolut, GameKind::Solo));
        assert_eq!(t.max_kontra.get(Item::Valat, GameKind::Farbensolo), 0);
        assert_eq!(
            Preset::Wikipedia
                .rules()
                .max_kontra
                .get(Item::Game, GameKind::Solo),
            4
        );
        assert!(
            !Preset::Standard
                .rules()
                .premium_allowed(Premium::Pagat, GameKind::Farbensolo)
        );
    }
}
