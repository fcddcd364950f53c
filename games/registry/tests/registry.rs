//! The registry: every game by id and by record format, rounds as boxed
//! trait objects that clone, compare and refuse like the games themselves.

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::Value;
use tarock_game_core::{RecordRefused, Seat, SetupError};
use tarock_games::{GAMES, by_id, by_record_format, from_record};

#[test]
fn every_game_is_found_by_its_id_and_its_record_format() {
    let expected = [
        ("zwanzigerrufen", "zwanzigerrufen-record/1", (4, 4)),
        ("koenigrufen", "koenigrufen-record/1", (4, 5)),
        ("zwanzig-ab", "zwanzig-ab-record/1", (3, 5)),
    ];
    assert_eq!(GAMES.len(), expected.len());
    for (id, format, seats) in expected {
        let kind = by_id(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(kind.record_format(), format);
        assert_eq!(kind.seat_range(), seats);
        assert_eq!(by_record_format(format).unwrap().id(), id);
        assert_eq!(
            kind.presets()[0],
            "standard",
            "{id}: standard is the default"
        );
    }
    assert!(by_id("tarock").is_none());
    assert!(by_id("Zwanzigerrufen").is_none());
    assert!(by_record_format("zwanzigerrufen-record/2").is_none());
}

#[test]
fn every_preset_of_every_game_starts_a_round_at_every_seat_count() {
    for kind in GAMES {
        let (min, max) = kind.seat_range();
        for preset in kind.presets() {
            for seats in min..=max {
                let rules = Value::from(*preset);
                let round = kind.new_round(&rules, seats, Seat::new(seats - 1)).unwrap();
                assert_eq!((round.id(), round.seats()), (kind.id(), seats));
                assert_eq!(round.rules_spec(), rules);
                assert!(round.needs_deck() && round.to_act().is_none());
            }
            let refused = kind.new_round(&Value::from(*preset), max + 1, Seat::new(0));
            assert!(matches!(refused, Err(SetupError::Seats { .. })));
        }
        let bad = kind.new_round(&Value::from("no-such-preset"), min, Seat::new(0));
        assert!(matches!(bad, Err(SetupError::Rules(_))), "{}", kind.id());
    }
}

#[test]
fn boxed_rounds_clone_compare_and_refuse_without_change() {
    let mut rng = StdRng::seed_from_u64(15);
    for kind in GAMES {
        let (min, _) = kind.seat_range();
        let mut round = kind
            .new_round(&"standard".into(), min, Seat::new(0))
            .unwrap();
        round.deal(&mut rng).unwrap();
        assert!(round.deal(&mut rng).is_err(), "{}: dealt twice", kind.id());
        let copy = round.clone();
        assert!(*copy == *round);
        let seat = round.to_act().unwrap();
        let token = round.legal_tokens()[0].clone();
        let other = Seat::new((seat.number() + 1) % min);
        let refusal = round.apply_token(other, &token).unwrap_err();
        assert!(refusal.rule().is_some(), "{}: {refusal}", kind.id());
        assert!(
            *copy == *round,
            "{}: a refusal changed the round",
            kind.id()
        );
        round.apply_token(seat, &token).unwrap();
        assert!(*copy != *round, "{}: an action changed nothing", kind.id());
        // Rounds of different games are never equal.
        let other_game = GAMES.iter().find(|k| k.id() != kind.id()).unwrap();
        let (m, _) = other_game.seat_range();
        let foreign = other_game
            .new_round(&"standard".into(), m, Seat::new(0))
            .unwrap();
        assert!(*foreign != *round);
    }
}

#[test]
fn records_are_dispatched_by_format_and_bad_ones_say_why() {
    assert!(matches!(
        from_record("no json"),
        Err(RecordRefused::NotARecord(_))
    ));
    assert!(matches!(
        from_record("[]"),
        Err(RecordRefused::NotARecord(_))
    ));
    assert!(matches!(
        from_record(r#"{"format":"chess-record/1"}"#),
        Err(RecordRefused::UnknownFormat(f)) if f == "chess-record/1"
    ));
    // The right format with the wrong shape: the game's own message.
    assert!(matches!(
        from_record(
            r#"{"format":"zwanzig-ab-record/1","rules":"standard","players":7,"dealer":0}"#
        ),
        Err(RecordRefused::Invalid(_))
    ));
    // An action against the rules: its index and the game's code.
    let text = r#"{"format":"zwanzig-ab-record/1","rules":"standard","players":3,"dealer":2,
        "deals":[{"deck":"hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ"}],
        "actions":["1 trump h"]}"#;
    match from_record(text) {
        Err(RecordRefused::Illegal { index: 0, code, .. }) => assert_eq!(code, "S-4"),
        other => panic!("{other:?}"),
    }
    // Dealer 2 of 3: seat 0 names trump, and after that the round is dealt.
    let text = text.replace("\"1 trump h\"", "\"0 trump h\"");
    let round = from_record(&text).unwrap();
    assert_eq!(round.id(), "zwanzig-ab");
    assert_eq!(round.to_act(), Some(Seat::new(0)));
    assert!(!round.needs_deck());
}

#[test]
fn the_default_game_is_the_first_game() {
    assert_eq!(tarock_games::DEFAULT_GAME, "zwanzigerrufen");
    assert_eq!(GAMES[0].id(), tarock_games::DEFAULT_GAME);
}

#[test]
fn a_game_is_found_by_the_words_people_type_for_it() {
    use tarock_games::by_word;
    for (word, id) in [
        ("20ab", "zwanzig-ab"),
        ("20 ab", "zwanzig-ab"),
        ("zwanzig-ab", "zwanzig-ab"),
        ("Zwanzig_Ab", "zwanzig-ab"),
        ("zwanzigerrufen", "zwanzigerrufen"),
        ("Zwanzigerrufen", "zwanzigerrufen"),
        ("20errufen", "zwanzigerrufen"),
        (" zwanziger ", "zwanzigerrufen"),
        ("Königrufen", "koenigrufen"),
        ("koenigrufen", "koenigrufen"),
        ("konigrufen", "koenigrufen"),
        ("KÖNIG-RUFEN", "koenigrufen"),
    ] {
        assert_eq!(by_word(word).map(|g| g.id()), Some(id), "{word}");
    }
    for word in ["", "tarock", "20", "zwanzig", "könig", "ab"] {
        assert!(by_word(word).is_none(), "{word}");
    }
}

/// One entry per game: its parts all belong to it, and every lookup finds
/// the entry's own parts.
#[test]
fn every_entry_holds_its_own_games_parts() {
    use tarock_games::{ENTRIES, arena, entry, face, levels_of};
    let ids: Vec<&str> = ENTRIES.iter().map(|e| e.kind.id()).collect();
    assert_eq!(ids, GAMES.iter().map(|g| g.id()).collect::<Vec<_>>());
    for e in &ENTRIES {
        let id = e.kind.id();
        assert_eq!(ids.iter().filter(|i| **i == id).count(), 1, "{id} twice");
        assert!(std::ptr::eq(entry(id).unwrap(), e));
        assert_eq!(e.computers.game(), id);
        assert_eq!(e.arena.game(), id);
        assert_eq!(arena(id).unwrap().game(), id);
        assert_eq!(levels_of(id), e.computers.levels());
        if let Some(f) = e.face {
            assert_eq!(f.id(), id);
            assert!(std::ptr::addr_eq(face(id).unwrap(), f));
        }
        for alias in e.aliases {
            assert_eq!(tarock_games::by_word(alias).unwrap().id(), id, "{alias}");
        }
    }
    assert!(entry("skat").is_none());
}

/// `replay_line` hands a record to its game by its `format`: a round played
/// to its end replays as finished, another version of a game's format is
/// that game's invalid record, and a text that is no record is invalid.
#[test]
fn replay_lines_go_to_the_game_of_the_format() {
    use tarock_games::replay_line;
    let mut rng = StdRng::seed_from_u64(21);
    for kind in GAMES {
        let (min, _) = kind.seat_range();
        let mut round = kind
            .new_round(&"standard".into(), min, Seat::new(0))
            .unwrap();
        let mut steps = 0;
        while !round.is_over() && steps < 5000 {
            if round.needs_deck() {
                round.deal(&mut rng).unwrap();
                continue;
            }
            let seat = round.to_act().unwrap();
            let legal = round.legal_tokens();
            let token = legal[rand::Rng::random_range(&mut rng, 0..legal.len())].clone();
            round.apply_token(seat, &token).unwrap();
            steps += 1;
        }
        assert!(round.is_over(), "{}", kind.id());
        let record = round.to_record().unwrap();
        let (line, invalid) = replay_line(&record);
        let status: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(status["status"], "finished", "{}: {line}", kind.id());
        assert!(!invalid);
        // The same record with a later version of the game's format.
        let mut later: Value = serde_json::from_str(&record).unwrap();
        let family = kind.record_format().split('/').next().unwrap();
        later["format"] = Value::from(format!("{family}/999"));
        let (line, invalid) = replay_line(&later.to_string());
        assert!(invalid, "{}: {line}", kind.id());
    }
    for text in ["", "not json", "[1, 2]", r#"{"format": "skat-record/1"}"#] {
        let (line, invalid) = replay_line(text);
        assert!(invalid, "{text}: {line}");
        let report: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(report["status"], "invalid");
    }
}
