//! The fair-deal hint under a settlement, as a chat received it (the
//! Telegram and the Discord end-to-end tests share this file).

/// Issue 30: the German settlement ends with the complete `tarock verify`
/// command (game, rules, seats, first seat and the three revealed values),
/// and those values, read as `tarock verify` reads them, verify the round
/// from the seed alone; another seed does not.
pub fn assert_the_hint_verifies(settlement: &str, game: &str, seats: u8) {
    use tarock_game_core::fair::{Commitment, Reveal, parse_hex};
    let label = "Nachprüfen (README: „Faires Geben“): tarock verify ";
    let at = settlement
        .find(label)
        .unwrap_or_else(|| panic!("no hint in {settlement}"));
    let hint = settlement[at + label.len()..].lines().next().unwrap();
    let words: Vec<&str> = hint.split(' ').collect();
    let value = |flag: &str| {
        let i = words.iter().position(|w| *w == flag);
        words[i.unwrap_or_else(|| panic!("no {flag} in {hint}")) + 1]
    };
    assert_eq!(value("--game"), game, "{hint}");
    assert_eq!(value("--seats"), seats.to_string(), "{hint}");
    // The settlement shows the same values above the hint.
    for (flag, shown) in [("--commitment", "Prüfwert: "), ("--seed", "Seed: ")] {
        assert!(
            settlement.contains(&format!("{shown}{}\n", value(flag))),
            "{settlement}"
        );
    }
    let rules = value("--rules");
    let setup = tarock_table::fair::RoundSetup {
        game: game.to_owned(),
        rules: serde_json::from_str(rules)
            .unwrap_or_else(|_| serde_json::Value::String(rules.to_owned())),
        seats,
        first: tarock_game_core::Seat::new(value("--first").parse::<u8>().unwrap() - 1),
    };
    let published: Commitment = value("--commitment").parse().unwrap();
    let mut reveal = Reveal {
        seed: parse_hex(value("--seed")).unwrap(),
        salt: parse_hex(value("--salt")).unwrap(),
    };
    tarock_table::fair::verify_setup(published, &reveal, &setup, None)
        .unwrap_or_else(|e| panic!("{hint}: {e}"));
    reveal.seed[0] ^= 1;
    assert!(tarock_table::fair::verify_setup(published, &reveal, &setup, None).is_err());
}
