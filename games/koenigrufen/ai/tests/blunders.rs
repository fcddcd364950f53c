//! Blunder fixtures from the arena (issue 33, point 6): positions in which
//! the strong player made one of the plays of `tarock_koenigrufen_ai::blunder`
//! before it learnt to keep to that list (`tarock arena --game koenigrufen
//! --rules cup2019 --players strong,medium --seed 1`, listed with
//! `TAROCK_BLUNDER_LOG=1`), each the game's record up to the decision and
//! the action it chose. The blunder is checked on that action first, so a
//! fixture cannot pass by testing nothing; then the medium player and the
//! strong player (several seeds) must choose no blunder there.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::{Action, Record};
use tarock_koenigrufen_ai::blunder::{Blunder, blunder};
use tarock_koenigrufen_ai::{Medium, Player, Strong};

const SEEDS: [u64; 3] = [1, 7, 2026];

/// The action the strong player chose (its button code), the blunder it
/// was, and the record before it.
const POSITIONS: [(&str, Blunder, &str); 5] = [
    (
        "pq",
        Blunder::SchmierenWrongSide,
        r#"{"format":"koenigrufen-record/1","rules":"cup2019","forehand":1,"hands":["T1 T8 T16 T17 T20 s10 sN h3 d3 dA dN dK","T2 T3 T4 T9 T11 T14 T19 s9 sQ h2 hJ hN","T7 T12 T15 s8 sK c8 c9 c10 cN cQ hQ hK","T5 T6 T10 T21 sJ cJ cK h4 d4 d2 dJ dQ"],"talon":"hA T13 s7 T18 c7 T22","actions":["1 vorhand","2 weiter","3 weiter","0 weiter","1 rufer","1 rufe sK","1 nimm 2","1 ablage s9 sQ c7","1 weiter","2 weiter","3 weiter","0 weiter","1 T22","2 T7","3 T6","0 T8","1 h2","2 hQ","3 h4","0 h3","2 sK","3 sJ","0 s10","1 T9","1 hJ","2 hK","3 T5","0 T16","0 dK","1 T2","2 T12"]}"#,
    ),
    (
        "p0",
        Blunder::BirdLost,
        r#"{"format":"koenigrufen-record/1","rules":"cup2019","forehand":0,"hands":["T2 T3 T7 T8 T10 T14 T16 T17 sN c10 h4 dK","T5 T6 T11 T13 T21 s7 s8 c7 c9 h3 hA d4","T4 T15 T20 T22 s10 sJ cN hJ hK dA dJ dQ","T1 T18 T19 s9 cJ cQ h2 hN hQ d3 d2 dN"],"talon":"c8 T9 sK sQ cK T12","actions":["0 vorhand","1 weiter","2 weiter","3 weiter","0 kakadurufer","0 rufe hK","0 nimm 2","0 ablage sN sQ h4","0 weiter","1 weiter","2 weiter","3 weiter","0 dK","1 d4","2 dQ","3 d3","0 cK","1 c7","2 cN","3 cJ","0 c10","1 c9","2 T15","3 cQ","2 hK","3 h2","0 T7","1 h3","0 T8","1 T6","2 T22"]}"#,
    ),
    (
        "p0",
        Blunder::BirdLost,
        r#"{"format":"koenigrufen-record/1","rules":"cup2019","forehand":3,"hands":["T1 T4 T6 T19 s9 sJ cJ cQ h4 h3 hQ dQ","T2 T8 T12 T14 T18 T20 T22 sN c9 d4 d3 dN","T9 sQ c8 cN hA hJ hN hK d2 dA dJ dK","T7 T10 T11 T15 T16 s7 s8 s10 sK c10 cK h2"],"talon":"c7 T17 T3 T5 T21 T13","actions":["3 vorhand","0 weiter","1 dreier","2 weiter","3 weiter","1 nimm 2","1 ablage sN c9 dN","1 uhu","2 weiter","3 weiter","0 weiter","3 cK","0 cQ","1 T5","2 c8","1 T22","2 T9","3 T7","0 T6","1 T21","2 hA","3 T10"]}"#,
    ),
    (
        "p0",
        Blunder::BirdLost,
        r#"{"format":"koenigrufen-record/1","rules":"cup2019","forehand":3,"hands":["T3 T10 T16 T17 T22 s9 cN cQ h2 hQ hK d4","T7 T14 T18 c9 h4 h3 hN d3 dA dJ dN dK","T1 T4 T12 T21 s7 s8 sN sQ sK hJ d2 dQ","T2 T5 T8 T9 T15 T19 s10 sJ c7 c10 cJ cK"],"talon":"T20 T6 T11 c8 T13 hA","actions":["3 vorhand","0 weiter","1 weiter","2 weiter","3 rufer","3 rufe sK","3 nimm 1","3 ablage s10 sJ cJ","3 weiter","0 weiter","1 weiter","2 weiter","3 cK","0 cN","1 c9","2 T21","2 sK","3 T6","0 s9","1 T7","1 dK","2 d2","3 T2","0 d4","3 c7","0 cQ","1 T14"]}"#,
    ),
    (
        "pK",
        Blunder::MondIntoSkus,
        r#"{"format":"koenigrufen-record/1","rules":"cup2019","forehand":0,"hands":["T2 T11 T19 s10 sJ cN h2 hA hQ d4 dJ dK","T4 T7 s9 sK c9 cJ h4 hJ d3 d2 dN dQ","T1 T3 T6 T10 T13 T17 T18 T21 c7 c10 cQ hK","T5 T8 T14 T20 T22 s7 s8 sN sQ c8 hN dA"],"talon":"T15 cK T9 T16 T12 h3","actions":["0 vorhand","1 weiter","2 kakadurufer","3 weiter","0 weiter","2 rufe dK","2 nimm 1","2 ablage c7 c10 cQ","2 pagat","3 weiter","0 weiter","1 weiter","0 T2","1 T7","2 T6","3 T8","3 c8","0 cN","1 c9","2 cK"]}"#,
    ),
];

#[test]
fn no_level_repeats_the_strong_players_blunders_from_the_arena() {
    for (i, (code, which, text)) in POSITIONS.iter().enumerate() {
        let game = Record::from_json(text).unwrap().to_game().unwrap();
        let view = game.view(game.to_act().unwrap());
        let bad = Action::from_code(code).unwrap();
        assert_eq!(blunder(&view, bad), Some(*which), "position {}", i + 1);
        let mut choices = vec![(
            "medium",
            Medium::new().choose(&view, &mut SmallRng::seed_from_u64(1)),
        )];
        for seed in SEEDS {
            let action = Strong::new().choose(&view, &mut SmallRng::seed_from_u64(seed));
            choices.push(("strong", action));
        }
        for (level, action) in choices {
            assert_eq!(
                blunder(&view, action),
                None,
                "position {}: {level} chose {action:?}",
                i + 1
            );
        }
    }
}
