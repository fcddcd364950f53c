//! Blunder fixtures of 20 ab (issue 33, point 6): exact positions dealt and
//! played by hand from the rules (SPEC §2.3 dealing, §5 trick play, §6.1
//! scoring), put to the medium and the strong player with several seeds.
//! The predicates of `blunder` are first checked on the blunder itself, so
//! a fixture cannot pass by testing nothing.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_player::Level;
use tarock_zwanzig_ab::{Action, Card, CardSet, Deck, Rules, Seat, Session, Start, Suit};
use tarock_zwanzig_ab_ai::{blunder, player};

const SEEDS: [u64; 3] = [1, 7, 2026];

/// Four players, S3 deals, S0 makes trump; the deck as SPEC §2.3 deals it.
fn session(deck: &str) -> Session {
    let start = Start::fresh(&Rules::STANDARD);
    let mut s = Session::new(Rules::STANDARD, 4, 3, start).unwrap();
    s.start_deal(deck.parse::<Deck>().unwrap()).unwrap();
    s
}

fn apply(s: &mut Session, actions: &[&str]) {
    for a in actions {
        let (seat, words) = a.split_once(' ').unwrap();
        let seat = Seat::new(seat.parse().unwrap()).unwrap();
        s.apply(seat, words.parse().unwrap()).unwrap();
    }
}

fn answers(s: &Session, seat: Seat) -> Vec<(Level, u64, Action)> {
    let view = s.view(seat);
    let mut out = Vec::new();
    for level in [Level::Medium, Level::Strong] {
        for seed in SEEDS {
            let mut rng = SmallRng::seed_from_u64(seed);
            out.push((level, seed, player(level).choose(&view, &mut rng)));
        }
    }
    out
}

/// First packets S0 `hA h10 hK`, S1 `h7 c7 c8`, S2 `hQ c9 cA`, S3 `hJ c10
/// cK`; second packets S0 `s7 d7`, S1 `sA sJ`, S2 `sK d8`, S3 `s8 cQ`;
/// then the stock.
const NO_TRICK: &str = "hA h10 hK h7 c7 c8 hQ c9 cA hJ c10 cK s7 d7 sA sJ sK d8 s8 cQ \
                        s10 s9 sQ cJ h9 h8 dA d10 dK dQ dJ d9";

#[test]
fn a_player_without_a_trick_takes_the_fourth_with_the_ace() {
    // Hearts trump, everyone stays. Trick 1: S0 hA, S1 h7, S2 hQ, S3 hJ
    // (S0). Trick 2: S0 h10; S1, S2, S3 have no heart and discard c7, c9,
    // c10 (S0). Trick 3: S0 d7, S1 (no diamond, no trump) c8, S2 d8, S3
    // (none) cQ: d8 is highest, S2. Trick 4: S2 leads sK, S3 s8, S0 s7; S1
    // holds sA and sJ and no trick. sA takes trick 4; after sJ, S2 leads
    // his last card cA, S0 trumps it with hK, and S1's sA takes nothing:
    // +5 instead of −1.
    let mut s = session(NO_TRICK);
    apply(
        &mut s,
        &[
            "0 trump h",
            "0 stay",
            "1 stay",
            "2 stay",
            "3 stay", //
            "0 hA",
            "1 h7",
            "2 hQ",
            "3 hJ", //
            "0 h10",
            "1 c7",
            "2 c9",
            "3 c10", //
            "0 d7",
            "1 c8",
            "2 d8",
            "3 cQ", //
            "2 sK",
            "3 s8",
            "0 s7",
        ],
    );
    let view = s.view(Seat::S1);
    let hands: Vec<CardSet> = (0..4).map(|i| s.hand(Seat::new(i).unwrap())).collect();
    let card = |id: &str| id.parse::<Card>().unwrap();
    assert!(blunder::no_trick_avoidable(&view, &hands, card("sJ")));
    assert!(!blunder::no_trick_avoidable(&view, &hands, card("sA")));
    for (level, seed, action) in answers(&s, Seat::S1) {
        assert_eq!(action, Action::Card(card("sA")), "{level:?} seed {seed}");
    }
}

#[test]
fn trump_is_not_a_suit_missing_from_the_first_packet() {
    // S0's first packet sA s9 h7: two spades with their Ace; clubs and
    // diamonds are not in it.
    let deck = "sA s9 h7 c7 c8 c9 d7 d8 d9 h8 h9 hJ s7 s8 sK sQ hA h10 hK hQ \
                s10 sJ cA c10 cK cQ cJ dA d10 dK dQ dJ";
    let s = session(deck);
    let view = s.view(Seat::S0);
    assert!(blunder::trump_without_a_card(
        &view,
        Action::Trump(Suit::Clubs)
    ));
    assert!(!blunder::trump_without_a_card(
        &view,
        Action::Trump(Suit::Spades)
    ));
    for (level, seed, action) in answers(&s, Seat::S0) {
        assert!(
            !blunder::trump_without_a_card(&view, action),
            "{level:?} seed {seed}: {action:?}"
        );
    }
}
