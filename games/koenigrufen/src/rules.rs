//! Rule variants as data (SPEC §0.3, §12): the contract table, the premium
//! values and every flag are fields of [`RuleSpec`]; the two presets are
//! values of it. A [`RuleSpec`] may be nonsense; [`Rules`] is one that was
//! checked when it was built, so nothing is validated per deal.
//!
//! Flag names are those of SPEC §12, so a table or a record can override
//! any of them by name ([`Rules::from_spec`]).

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::card::CardSet;
use crate::contract::{Contract, Premium};

/// A contract's place in the auction and its value in units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// Auction rank, higher beats lower; 0 = not offered at this table.
    pub rank: u8,
    /// Table value in units (per opponent).
    pub value: u32,
}

const NO: Offer = Offer { rank: 0, value: 0 };

const fn offer(rank: u8, value: u32) -> Offer {
    Offer { rank, value }
}

/// One [`Offer`] per contract word, serialized as an object keyed by word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContractTable(pub [Offer; 21]);

impl ContractTable {
    /// The offer of `c`.
    pub const fn get(&self, c: Contract) -> Offer {
        self.0[c.index()]
    }
}

impl Serialize for ContractTable {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<&str, Offer> = Contract::ALL
            .into_iter()
            .map(|c| (c.word(), self.get(c)))
            .collect();
        map.serialize(s)
    }
}

impl<'de> Deserialize<'de> for ContractTable {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ContractTable, D::Error> {
        use serde::de::Error;
        let map = BTreeMap::<String, Offer>::deserialize(d)?;
        let mut table = [NO; 21];
        for (word, offer) in map {
            let c: Contract = word.parse().map_err(D::Error::custom)?;
            table[c.index()] = offer;
        }
        Ok(ContractTable(table))
    }
}

/// A set of contracts, serialized as a list of words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ContractSet(u32);

impl ContractSet {
    /// The set of `contracts`.
    pub const fn of(contracts: &[Contract]) -> ContractSet {
        let mut bits = 0;
        let mut i = 0;
        while i < contracts.len() {
            bits |= 1 << contracts[i] as u32;
            i += 1;
        }
        ContractSet(bits)
    }

    /// Whether `c` is in the set.
    pub const fn contains(self, c: Contract) -> bool {
        self.0 & (1 << c as u32) != 0
    }
}

impl Serialize for ContractSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let words: Vec<&str> = Contract::ALL
            .into_iter()
            .filter(|c| self.contains(*c))
            .map(Contract::word)
            .collect();
        words.serialize(s)
    }
}

impl<'de> Deserialize<'de> for ContractSet {
    /// A list of contract words; for `lost_double` also `true` (Sechserdreier
    /// and Mussolini, D-04) or `false` (Sechserdreier only).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ContractSet, D::Error> {
        use serde::de::Error;
        match Value::deserialize(d)? {
            Value::Bool(true) => Ok(LOST_DOUBLE),
            Value::Bool(false) => Ok(ContractSet::of(&[Contract::Sechserdreier])),
            Value::Array(words) => {
                let mut set = ContractSet::default();
                for w in words {
                    let w = w
                        .as_str()
                        .ok_or_else(|| D::Error::custom("a contract word"))?;
                    let c: Contract = w.parse().map_err(D::Error::custom)?;
                    set.0 |= 1 << c as u32;
                }
                Ok(set)
            }
            other => Err(D::Error::custom(format!(
                "expected a list of contract words, got {other}"
            ))),
        }
    }
}

/// Premium values `A(p)` in units (SPEC §9.2); 0 = no such premium at this
/// table (`standard` has no Geier). A silent premium counts half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PremiumTable {
    /// Trull.
    pub trull: u32,
    /// Alle Könige.
    pub koenige: u32,
    /// König Ultimo.
    pub ku: u32,
    /// Pagat.
    pub pagat: u32,
    /// Uhu.
    pub uhu: u32,
    /// Kakadu.
    pub kakadu: u32,
    /// Wildsau (Quapil).
    pub wildsau: u32,
    /// Geier.
    pub geier: u32,
}

impl PremiumTable {
    /// The announced value of `p` (Valat is priced from the game, not here).
    pub const fn get(&self, p: Premium) -> u32 {
        match p {
            Premium::Trull => self.trull,
            Premium::Koenige => self.koenige,
            Premium::Ku => self.ku,
            Premium::Pagat => self.pagat,
            Premium::Uhu => self.uhu,
            Premium::Kakadu => self.kakadu,
            Premium::Wildsau => self.wildsau,
            Premium::Geier => self.geier,
            Premium::Valat => 0,
        }
    }
}

/// How Trischaken is settled (SPEC §10.3, §10.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrischakenRule {
    /// S002 literally: the Fahrer and 35/2 double, 3 to each Jungfrau from each loser.
    Cup2019,
    /// OÖ: a shared pot.
    Standard,
}

/// How announced birds and König Ultimo bind their holder (SPEC §8.4, D-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BirdReservation {
    /// Kept until their trick unless forced (default, both presets).
    Hard,
    /// May be played early (premium lost); the highest bird first.
    Soft,
}

/// Every rule variant, unchecked: a value may be nonsense until it becomes [`Rules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// Rank and value of every contract word (SPEC §2.2/§2.3, §12 row 1).
    pub contracts: ContractTable,
    /// Premium values (SPEC §9.2, §12 row 13).
    pub premiums: PremiumTable,
    /// Valat factors on the game value: silent 4, announced 8 (SPEC §9.2).
    pub valat_silent: u32,
    /// Announced Valat factor on the game value.
    pub valat_announced: u32,
    /// Premium factor in solo games (S002: "bei den Solospielen doppelt").
    pub solo_factor: u32,
    /// Kontra counts in the score too, not only in the money (D-30).
    pub kontra_in_score: bool,
    /// Called king in the talon: the declarer takes all six and discards six (§6.3).
    pub king_in_talon_takes_all: bool,
    /// "Bei": others may join a closed Piccolo/Zwiccolo (§4.6).
    pub bei: bool,
    /// A Vorhand with four kings may pass the Vorhand on (§4.5).
    pub pass_vorhand: bool,
    /// The partner may announce a bird the declarer took from the talon (§6.5).
    pub partner_announces_talon_bird: bool,
    /// König Ultimo may be announced by any member of party D (K5).
    pub ku_by_party: bool,
    /// Colour games: an opponent either kontras the game or announces Valat (K9, D-24).
    pub colour_kontra_or_valat: bool,
    /// The Trischaken settlement.
    pub trischaken: TrischakenRule,
    /// Contracts whose lost game counts double (D-04).
    pub lost_double: ContractSet,
    /// Highest Kontra level: 1 Kontra, 2 Rekontra, 3 Subkontra … (D-16).
    pub max_kontra: u8,
    /// A silent bird or König Ultimo lost in its trick counts for the other party (D-27).
    pub silent_failure_counts: bool,
    /// A negative game ends once every declarer has failed (D-29).
    pub negative_early_end: bool,
    /// Sküs, Mond and Pagat in one trick: the Pagat wins (D-01), tarock mode only.
    pub maerchenstich: bool,
    /// A silent Valat takes the game's Kontra level (D-22).
    pub silent_valat_keeps_kontra: bool,
    /// Announced birds and König Ultimo reserved (D-20).
    pub bird_reservation: BirdReservation,
}

/// The contracts whose lost game doubles in both presets' data (D-04).
const LOST_DOUBLE: ContractSet = ContractSet::of(&[Contract::Sechserdreier, Contract::Mussolini]);

/// Seed 002 exactly (SPEC §2.2): the table order is the rank.
const CUP2019: RuleSpec = RuleSpec {
    contracts: ContractTable([
        offer(1, 1),   // trischaken
        offer(2, 1),   // rufer
        offer(3, 2),   // piccolo
        offer(3, 2),   // zwiccolo
        offer(4, 2),   // solorufer
        offer(5, 3),   // pagatrufer
        offer(6, 4),   // bettler
        offer(7, 4),   // mussolini
        offer(8, 4),   // sechserdreier
        offer(9, 5),   // uhurufer
        offer(10, 5),  // farbendreier
        offer(11, 5),  // dreier
        offer(12, 6),  // piccolo-ouvert
        offer(12, 6),  // zwiccolo-ouvert
        offer(13, 7),  // kakadurufer
        offer(14, 8),  // bettler-ouvert
        offer(15, 9),  // wildsaurufer
        offer(16, 10), // farbensolo
        offer(17, 11), // geierrufer
        offer(18, 12), // solodreier
        NO,            // besserrufer
    ]),
    premiums: PremiumTable {
        trull: 2,
        koenige: 2,
        ku: 2,
        pagat: 2,
        uhu: 4,
        kakadu: 6,
        wildsau: 8,
        geier: 10,
    },
    valat_silent: 4,
    valat_announced: 8,
    solo_factor: 2,
    kontra_in_score: false,
    king_in_talon_takes_all: true,
    bei: true,
    pass_vorhand: true,
    partner_announces_talon_bird: true,
    ku_by_party: true,
    colour_kontra_or_valat: false,
    trischaken: TrischakenRule::Cup2019,
    lost_double: LOST_DOUBLE,
    max_kontra: 3,
    silent_failure_counts: false,
    negative_early_end: true,
    maerchenstich: false,
    silent_valat_keeps_kontra: true,
    bird_reservation: BirdReservation::Hard,
};

/// The common Tarockcup rules, OÖ 4/2023 (SPEC §2.3): the tariff order is the rank.
const STANDARD: RuleSpec = RuleSpec {
    contracts: ContractTable([
        offer(1, 1),  // trischaken
        offer(2, 1),  // rufer
        offer(3, 2),  // piccolo
        NO,           // zwiccolo
        offer(5, 2),  // solorufer
        NO,           // pagatrufer
        offer(4, 2),  // bettler
        NO,           // mussolini
        offer(8, 4),  // sechserdreier
        NO,           // uhurufer
        offer(7, 3),  // farbendreier
        offer(9, 4),  // dreier
        offer(11, 6), // piccolo-ouvert
        NO,           // zwiccolo-ouvert
        NO,           // kakadurufer
        offer(12, 7), // bettler-ouvert
        NO,           // wildsaurufer
        offer(10, 6), // farbensolo
        NO,           // geierrufer
        offer(13, 8), // solodreier
        offer(6, 1),  // besserrufer: 1 + the bird, scored as Rufer + premium
    ]),
    premiums: PremiumTable {
        geier: 0,
        ..CUP2019.premiums
    },
    king_in_talon_takes_all: false,
    bei: false,
    pass_vorhand: false,
    partner_announces_talon_bird: false,
    ku_by_party: false,
    colour_kontra_or_valat: true,
    trischaken: TrischakenRule::Standard,
    ..CUP2019
};

/// A named preset (SPEC §0.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// Seed 002: the 2019 cup house rules of Schwanenstadt.
    Cup2019,
    /// The common Austrian Tarockcup rules (OÖ 4/2023).
    Standard,
}

impl Preset {
    /// Both presets.
    pub const ALL: [Preset; 2] = [Preset::Cup2019, Preset::Standard];

    /// The preset's name as written in records and commands.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Cup2019 => "cup2019",
            Preset::Standard => "standard",
        }
    }

    /// The preset's unchecked values.
    pub const fn spec(self) -> RuleSpec {
        match self {
            Preset::Cup2019 => CUP2019,
            Preset::Standard => STANDARD,
        }
    }

    /// The rules of this preset (checked by a test).
    pub const fn rules(self) -> Rules {
        Rules(self.spec())
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

/// Why a rules description could not become [`Rules`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The preset name is not `cup2019` or `standard`.
    #[error("unknown rules preset {0:?}")]
    UnknownPreset(String),
    /// An override names a flag the engine does not have.
    #[error("unknown rules flag {0:?}")]
    UnknownFlag(String),
    /// Not a preset name or an object with a `preset` field, or a value of the wrong type.
    #[error("malformed rules: {0}")]
    Malformed(String),
    /// The values do not make a playable game.
    #[error("invalid rules: {0}")]
    Invalid(String),
}

/// The largest value or factor a rules description may set, so that no
/// settlement line can overflow.
pub const MAX_VALUE: u32 = 10_000;
/// The highest Kontra level a table may allow (×64, PG's limit).
pub const MAX_KONTRA_LEVEL: u8 = 6;

/// Checked rules: every [`Rules`] value makes a playable game. Read its
/// fields through [`Deref`] to [`RuleSpec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Rules(RuleSpec);

impl Deref for Rules {
    type Target = RuleSpec;
    fn deref(&self) -> &RuleSpec {
        &self.0
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Preset::Cup2019.rules()
    }
}

impl Rules {
    /// Checks `spec` and makes it [`Rules`].
    ///
    /// # Errors
    /// [`RulesError::Invalid`] naming the first problem: a value or Kontra
    /// level out of range, an odd premium value (silent premiums count
    /// half), two contracts of equal rank (only Piccolo/Zwiccolo and their
    /// ouvert forms may tie), a bird-Rufer without its bird premium, or no
    /// contract the Vorhand can always choose.
    pub fn new(spec: RuleSpec) -> Result<Rules, RulesError> {
        validate(&spec).map_err(RulesError::Invalid)?;
        Ok(Rules(spec))
    }

    /// The unchecked values.
    pub const fn spec(&self) -> &RuleSpec {
        &self.0
    }

    /// Whether `c` is offered at this table.
    pub const fn offers(&self, c: Contract) -> bool {
        self.0.contracts.get(c).rank > 0
    }

    /// The auction rank of `c` (0 = not offered).
    pub const fn rank(&self, c: Contract) -> u8 {
        self.0.contracts.get(c).rank
    }

    /// The table value of `c`.
    pub const fn value(&self, c: Contract) -> u32 {
        self.0.contracts.get(c).value
    }

    /// The announced value of premium `p` (0 = not a premium here).
    pub const fn premium(&self, p: Premium) -> u32 {
        self.0.premiums.get(p)
    }

    /// The bird cards of this table: `T1 … T5` in `cup2019`, `T1 … T4` in `standard`.
    pub const fn birds(&self) -> CardSet {
        let p = &self.0.premiums;
        let values = [p.pagat, p.uhu, p.kakadu, p.wildsau, p.geier];
        let mut bits = 0u64;
        let mut i = 0;
        while i < values.len() {
            if values[i] > 0 {
                bits |= 1 << i;
            }
            i += 1;
        }
        CardSet::from_bits(bits)
    }

    /// The preset these rules are, if they are exactly one.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.spec() == self.0)
    }

    /// Reads a rules description: a preset name, or an object with a
    /// `preset` field and flag overrides, e.g. `{"preset":"cup2019","bei":false}`.
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`], [`RulesError::UnknownFlag`],
    /// [`RulesError::Malformed`] for a value of the wrong shape, and
    /// [`RulesError::Invalid`] when the result is not playable.
    pub fn from_spec(spec: &Value) -> Result<Rules, RulesError> {
        match spec {
            Value::String(name) => Ok(name.parse::<Preset>()?.rules()),
            Value::Object(map) => {
                let name = match map.get("preset") {
                    Some(Value::String(name)) => name,
                    _ => return Err(RulesError::Malformed("missing \"preset\" name".into())),
                };
                let mut base = to_object(&name.parse::<Preset>()?.spec());
                for (key, value) in map.iter().filter(|(k, _)| *k != "preset") {
                    merge(&mut base, key, value, key)?;
                }
                let spec: RuleSpec = serde_json::from_value(Value::Object(base))
                    .map_err(|e| RulesError::Malformed(e.to_string()))?;
                Rules::new(spec)
            }
            _ => Err(RulesError::Malformed(
                "rules must be a preset name or an object".into(),
            )),
        }
    }

    /// The shortest description: the preset name, else the closest preset
    /// with the fields that differ.
    pub fn to_spec(&self) -> Value {
        if let Some(p) = self.preset() {
            return Value::String(p.name().to_owned());
        }
        let mine = to_object(&self.0);
        let (preset, diff) = Preset::ALL
            .into_iter()
            .map(|p| (p, diff(&to_object(&p.spec()), &mine)))
            .min_by_key(|(_, d)| d.len())
            .expect("there are presets");
        let mut out = Map::new();
        out.insert("preset".into(), Value::String(preset.name().into()));
        out.extend(diff);
        Value::Object(out)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        let spec = RuleSpec::deserialize(d)?;
        Rules::new(spec).map_err(serde::de::Error::custom)
    }
}

/// Contract pairs that may share a rank (SPEC §2.2: one table line each).
const TIES: [(Contract, Contract); 2] = [
    (Contract::Piccolo, Contract::Zwiccolo),
    (Contract::PiccoloOuvert, Contract::ZwiccoloOuvert),
];

/// Contracts any hand can play, so the Vorhand's choice is never empty (A4).
const ALWAYS_PLAYABLE: [Contract; 10] = [
    Contract::Trischaken,
    Contract::Piccolo,
    Contract::Zwiccolo,
    Contract::Bettler,
    Contract::Farbendreier,
    Contract::Dreier,
    Contract::PiccoloOuvert,
    Contract::ZwiccoloOuvert,
    Contract::BettlerOuvert,
    Contract::Solodreier,
];

fn validate(spec: &RuleSpec) -> Result<(), String> {
    if spec.max_kontra > MAX_KONTRA_LEVEL {
        return Err(format!(
            "max_kontra {} is above {MAX_KONTRA_LEVEL}",
            spec.max_kontra
        ));
    }
    for (name, v) in [
        ("valat_silent", spec.valat_silent),
        ("valat_announced", spec.valat_announced),
        ("solo_factor", spec.solo_factor),
    ] {
        if v > MAX_VALUE {
            return Err(format!("{name} {v} is above {MAX_VALUE}"));
        }
    }
    for p in Premium::ALL {
        let v = spec.premiums.get(p);
        if v > MAX_VALUE || v % 2 == 1 {
            return Err(format!(
                "premium {p} is {v}: it must be even (a silent premium counts half) and at most {MAX_VALUE}"
            ));
        }
    }
    validate_contracts(spec)
}

fn validate_contracts(spec: &RuleSpec) -> Result<(), String> {
    let offered = |c: Contract| spec.contracts.get(c).rank > 0;
    for a in Contract::ALL {
        let oa = spec.contracts.get(a);
        if oa.value > MAX_VALUE {
            return Err(format!("{a} is worth {}, above {MAX_VALUE}", oa.value));
        }
        if let Some(bird) = a.bird().filter(|_| offered(a))
            && spec.premiums.get(bird) == 0
        {
            return Err(format!("{a} is offered but {bird} is no premium"));
        }
        for b in Contract::ALL.into_iter().filter(|b| *b > a) {
            let tie_allowed = TIES.contains(&(a, b));
            if offered(a) && oa.rank == spec.contracts.get(b).rank && !tie_allowed {
                return Err(format!("{a} and {b} share rank {}", oa.rank));
            }
        }
    }
    let any_bird = Premium::BIRDS.iter().any(|p| spec.premiums.get(*p) > 0);
    if offered(Contract::Besserrufer) && !any_bird {
        return Err("besserrufer is offered but there is no bird premium".into());
    }
    if !ALWAYS_PLAYABLE.into_iter().any(offered) {
        return Err(
            "no contract the Vorhand could always choose (e.g. trischaken or dreier)".into(),
        );
    }
    Ok(())
}

fn to_object(spec: &RuleSpec) -> Map<String, Value> {
    match serde_json::to_value(spec) {
        Ok(Value::Object(map)) => map,
        _ => unreachable!("RuleSpec serializes to an object"),
    }
}

/// The fields of `new` whose values differ from `base`; nested objects field by field.
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

/// Overwrites `key` in `target` with `value`, merging nested objects field by
/// field so that `{"contracts":{"dreier":{"value":6}}}` changes one number.
fn merge(
    target: &mut Map<String, Value>,
    key: &str,
    value: &Value,
    path: &str,
) -> Result<(), RulesError> {
    let slot = target
        .get_mut(key)
        .ok_or_else(|| RulesError::UnknownFlag(path.to_owned()))?;
    match (slot, value) {
        (Value::Object(inner_target), Value::Object(inner)) => {
            for (k, v) in inner {
                merge(inner_target, k, v, &format!("{path}.{k}"))?;
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
    fn presets_are_valid_and_round_trip_by_name() {
        for p in Preset::ALL {
            assert_eq!(Rules::new(p.spec()), Ok(p.rules()));
            assert_eq!(Rules::from_spec(&json!(p.name())), Ok(p.rules()));
            assert_eq!(p.rules().to_spec(), json!(p.name()));
            assert_eq!(p.rules().preset(), Some(p));
            let text = serde_json::to_string(&p.rules()).unwrap();
            assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), p.rules());
        }
    }

    #[test]
    fn cup2019_values_are_seed_002s_table() {
        let r = Preset::Cup2019.rules();
        let values: Vec<u32> = Contract::ALL[..20].iter().map(|c| r.value(*c)).collect();
        assert_eq!(
            values,
            [
                1, 1, 2, 2, 2, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12
            ]
        );
        assert!(!r.offers(Contract::Besserrufer));
        assert_eq!(r.birds().len(), 5);
    }

    #[test]
    fn standard_ranks_are_the_oo_tariff_order() {
        let r = Preset::Standard.rules();
        let mut offered: Vec<Contract> =
            Contract::ALL.into_iter().filter(|c| r.offers(*c)).collect();
        offered.sort_by_key(|c| r.rank(*c));
        let words: Vec<&str> = offered.iter().map(|c| c.word()).collect();
        assert_eq!(
            words,
            [
                "trischaken",
                "rufer",
                "piccolo",
                "bettler",
                "solorufer",
                "besserrufer",
                "farbendreier",
                "sechserdreier",
                "dreier",
                "farbensolo",
                "piccolo-ouvert",
                "bettler-ouvert",
                "solodreier"
            ]
        );
        assert_eq!(r.birds().to_string(), "T1 T2 T3 T4");
    }

    #[test]
    fn overrides_apply_and_round_trip() {
        let spec = json!({"preset": "cup2019", "bei": false, "contracts": {"dreier": {"value": 6}},
                          "lost_double": ["sechserdreier"], "bird_reservation": "soft"});
        let rules = Rules::from_spec(&spec).unwrap();
        assert!(!rules.bei);
        assert_eq!(rules.value(Contract::Dreier), 6);
        assert_eq!(rules.rank(Contract::Dreier), 11);
        assert!(!rules.lost_double.contains(Contract::Mussolini));
        assert_eq!(rules.bird_reservation, BirdReservation::Soft);
        assert_eq!(rules.to_spec(), spec);
        let flag = json!({"preset": "standard", "lost_double": true});
        assert!(
            Rules::from_spec(&flag)
                .unwrap()
                .lost_double
                .contains(Contract::Mussolini)
        );
    }

    #[test]
    fn unknown_names_are_rejected() {
        assert_eq!(
            Rules::from_spec(&json!("zwanzigerrufen")),
            Err(RulesError::UnknownPreset("zwanzigerrufen".into()))
        );
        assert_eq!(
            Rules::from_spec(&json!({"preset": "cup2019", "talon": 6})),
            Err(RulesError::UnknownFlag("talon".into()))
        );
        assert_eq!(
            Rules::from_spec(&json!({"preset": "cup2019", "premiums": {"mond": 2}})),
            Err(RulesError::UnknownFlag("premiums.mond".into()))
        );
        assert!(matches!(
            Rules::from_spec(&json!({"preset": "cup2019", "bei": "yes"})),
            Err(RulesError::Malformed(_))
        ));
        assert_eq!(
            Rules::from_spec(
                &json!({"preset": "cup2019", "contracts": {"schnapsen": {"rank": 1}}})
            ),
            Err(RulesError::UnknownFlag("contracts.schnapsen".into()))
        );
        assert!(matches!(
            Rules::from_spec(&json!(4)),
            Err(RulesError::Malformed(_))
        ));
    }

    #[test]
    fn unplayable_values_are_rejected_when_built() {
        let invalid = |v: Value| matches!(Rules::from_spec(&v), Err(RulesError::Invalid(_)));
        assert!(invalid(json!({"preset": "cup2019", "max_kontra": 7})));
        assert!(Rules::from_spec(&json!({"preset": "cup2019", "max_kontra": 6})).is_ok());
        assert!(invalid(
            json!({"preset": "cup2019", "premiums": {"uhu": 5}})
        ));
        assert!(invalid(
            json!({"preset": "cup2019", "contracts": {"dreier": {"rank": 12}}})
        ));
        assert!(invalid(
            json!({"preset": "cup2019", "premiums": {"geier": 0}})
        ));
        assert!(invalid(
            json!({"preset": "cup2019", "contracts": {"dreier": {"value": 10001}}})
        ));
        let none: Map<String, Value> = ALWAYS_PLAYABLE
            .iter()
            .map(|c| (c.word().to_owned(), json!({"rank": 0})))
            .collect();
        assert!(invalid(json!({"preset": "cup2019", "contracts": none})));
        // Piccolo and Zwiccolo share a rank by design.
        assert!(
            Rules::from_spec(
                &json!({"preset": "standard", "contracts": {"zwiccolo": {"rank": 3, "value": 2}}})
            )
            .is_ok()
        );
    }
}
