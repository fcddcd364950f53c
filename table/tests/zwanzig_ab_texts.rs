//! 20 ab's seat lines as players read them: a score of one point and one
//! drop left in the singular, a score below zero with a real minus sign
//! (the one the product writes everywhere else), and a deal called a deal
//! ("Spiel") in German, never a "Runde".

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tarock_game_core::DynGame;
use tarock_table::Lang;
use tarock_table::games::{GameFace, TableContext};
use tarock_zwanzig_ab::{Preset, Session, Start, ZwanzigAb, sim};

fn face() -> &'static dyn GameFace {
    tarock_table::games::face("zwanzig-ab").expect("20 ab has a face")
}

fn table() -> TableContext {
    TableContext {
        names: ["Anna", "Bert", "Cora", "Dora"].map(String::from).to_vec(),
        stake_cents: 10,
    }
}

/// The seat line of `name` in a public text.
fn line_of<'a>(text: &'a str, name: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no line of {name} in {text}"))
}

/// Anna starts at 1 point with one of her 4 drops left; the others at 12
/// points with all drops.
fn session() -> Session {
    let rules = Preset::Standard.rules();
    let start = Start {
        scores: [1, 12, 12, 12, 12],
        drops: [3, 0, 0, 0, 0],
    };
    Session::new(rules, 4, 3, start).unwrap()
}

#[test]
fn one_point_and_one_drop_left_read_in_the_singular() {
    let round: Box<dyn DynGame> = Box::new(ZwanzigAb::from(session()));
    let en = face().public_text(round.as_ref(), &table(), Lang::En);
    assert!(
        line_of(&en, "Anna").starts_with("Anna: 1 point, 1 drop left"),
        "{en}"
    );
    assert!(
        line_of(&en, "Bert").starts_with("Bert: 12 points, 4 drops left"),
        "{en}"
    );
    let de = face().public_text(round.as_ref(), &table(), Lang::De);
    assert!(
        line_of(&de, "Anna").starts_with("Anna: 1 Punkt, noch 1× aussteigen"),
        "{de}"
    );
    assert!(
        line_of(&de, "Bert").starts_with("Bert: 12 Punkte, noch 4× aussteigen"),
        "{de}"
    );
}

#[test]
fn a_score_below_zero_has_a_real_minus_sign_and_a_deal_is_a_spiel() {
    // Random deals from Anna's single point until a deal leaves someone
    // below zero (Anna taking two tricks, or one with hearts trump).
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut found = false;
    for _ in 0..200 {
        let mut s = session();
        sim::play_deal(&mut s, &mut rng);
        let scores = s.public_view().scores;
        let round: Box<dyn DynGame> = Box::new(ZwanzigAb::from(s));
        for lang in Lang::ALL {
            let text = face().public_text(round.as_ref(), &table(), lang);
            assert!(!text.contains("Runde"), "{text}");
            for (i, name) in ["Anna", "Bert", "Cora", "Dora"].iter().enumerate() {
                let score = scores[i];
                let line = line_of(&text, name);
                let shown = if score < 0 {
                    format!("−{}", -score)
                } else {
                    score.to_string()
                };
                assert!(
                    line.starts_with(&format!("{name}: {shown} ")),
                    "{score}: {line}"
                );
                assert!(!line.contains('-'), "{line}");
            }
            if scores.iter().any(|s| *s < 0) {
                found = true;
            }
        }
        if found {
            break;
        }
    }
    assert!(found, "no deal went below zero");
}
