//! The registry's faces agree with its games: every face belongs to a
//! listed game, offers that game's seats, reads every preset of the game
//! into rules the game accepts, and speaks both languages from its own
//! catalogue with the shared texts behind it.

use tarock_face::Lang;
use tarock_game_core::Seat;
use tarock_games::{GAMES, by_id, face, faces};

#[test]
fn every_face_belongs_to_one_listed_game_with_its_seats() {
    assert!(!faces().is_empty());
    for f in faces() {
        let kind = by_id(f.id()).unwrap_or_else(|| panic!("{} is no game", f.id()));
        assert!(std::ptr::addr_eq(face(f.id()).unwrap(), *f), "{}", f.id());
        let seats = f.seat_choice();
        assert_eq!((seats.min, seats.max), kind.seat_range(), "{}", f.id());
        assert!(
            (seats.min..=seats.max).contains(&seats.default),
            "{}",
            f.id()
        );
        assert!(!f.levels().is_empty(), "{}", f.id());
    }
    let faced = GAMES.iter().filter(|g| face(g.id()).is_some()).count();
    assert_eq!(faced, faces().len(), "two faces for one game");
    assert!(face("no-such-game").is_none());
}

#[test]
fn every_preset_reads_into_rules_the_game_accepts() {
    for f in faces() {
        let kind = by_id(f.id()).unwrap();
        for preset in kind.presets() {
            let rules = f
                .parse_rules(preset)
                .unwrap_or_else(|e| panic!("{} {preset}: {e}", f.id()));
            let seats = f.seat_choice().default;
            assert!(
                kind.new_round(&rules, seats, Seat::new(0)).is_ok(),
                "{} {preset}",
                f.id()
            );
            for lang in Lang::ALL {
                assert!(!f.rules_label(&rules, lang).is_empty(), "{preset}");
            }
        }
    }
}

#[test]
fn every_face_speaks_both_languages_with_the_shared_texts_behind_it() {
    for f in faces() {
        // The game's name is a text of its catalogue, not its id.
        for lang in Lang::ALL {
            let name = f.name(lang);
            assert!(!name.is_empty() && name != f.id(), "{name}");
        }
        // A face's unknown refusal falls back to the shared catalogue's
        // general text, which differs by language.
        let other_de = f.refusal_text("no-such-code", Lang::De);
        let other_en = f.refusal_text("no-such-code", Lang::En);
        assert_eq!(
            Some(other_de.clone()),
            f.catalogue_text(Lang::De, "refusal-other", Vec::new())
        );
        assert_ne!(other_de, other_en, "{}", f.id());
        // The refusals every game shares come from the shared catalogue.
        assert_eq!(
            f.refusal_text("token", Lang::En),
            tarock_face::text::lookup(Lang::En, "refusal-token", &[]).unwrap()
        );
        assert!(
            f.catalogue_text(Lang::En, "no-such-text", Vec::new())
                .is_none()
        );
    }
}
