//! Blunder fixtures of 20 ab (issue 33, point 6): exact positions dealt and
//! played by hand from the rules (SPEC §2.3 dealing, §5 trick play, §6.1
//! scoring) or taken from the arena, put to the medium and the strong
//! player with several seeds.
//! The predicates of `blunder` are first checked on the blunder itself, so
//! a fixture cannot pass by testing nothing.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_player::Level;
use tarock_zwanzig_ab::{Action, Card, CardSet, Deck, Rules, Seat, Session, Start, Suit};
use tarock_zwanzig_ab_ai::{Player, Strong, StrongConfig, blunder, player};

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
    answers_of(s, seat, &[Level::Medium, Level::Strong])
}

fn answers_of(s: &Session, seat: Seat, levels: &[Level]) -> Vec<(Level, u64, Action)> {
    let view = s.view(seat);
    let mut out = Vec::new();
    for &level in levels {
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

/// A deal of a running four-seat session: `dealer` deals `deck`, with the
/// scores and drops used before the deal; then `actions`.
fn position(dealer: u8, scores: [i32; 4], drops: [u8; 4], deck: &str, actions: &[&str]) -> Session {
    let mut start = Start::fresh(&Rules::STANDARD);
    start.scores[..4].copy_from_slice(&scores);
    start.drops[..4].copy_from_slice(&drops);
    let mut s = Session::new(Rules::STANDARD, 4, dealer, start).unwrap();
    s.start_deal(deck.parse::<Deck>().unwrap()).unwrap();
    apply(&mut s, actions);
    s
}

/// `seat` has no trick and two cards: `blunder` throws away the trick that
/// `safe` makes sure of (checked on the true hands), and each of `levels`
/// plays `safe` with every seed.
fn keeps_its_trick(s: &Session, seat: Seat, blunder: &str, safe: &str, levels: &[Level]) {
    let view = s.view(seat);
    let hands: Vec<CardSet> = (0..4).map(|i| s.hand(Seat::new(i).unwrap())).collect();
    let card = |id: &str| id.parse::<Card>().unwrap();
    assert!(blunder::no_trick_avoidable(&view, &hands, card(blunder)));
    assert!(!blunder::no_trick_avoidable(&view, &hands, card(safe)));
    for (level, seed, action) in answers_of(s, seat, levels) {
        assert_eq!(action, Action::Card(card(safe)), "{level:?} seed {seed}");
    }
}

/// Both simulating levels.
const BOTH: [Level; 2] = [Level::Medium, Level::Strong];

// The positions below come from the arena (strong against medium, 4 seats,
// seed 1). In each the player threw the trick away with some of `SEEDS`
// before the guessed deals in which a card is this blunder counted before
// the cards' values, with the seat's last chance simulated with the
// decision budget (240 guessed deals, medium 96).

#[test]
fn keeps_the_club_ace_over_the_ten_behind_it() {
    // Spades trump, S3 makes it; S2 (4 points, no trick) holds cA cK. Trick
    // 4: S3 hK, S0 c9, S1 hA; S2 has no heart and no spade. S1 takes the
    // trick and leads his last card cJ; S3 still holds c10, which outranks
    // cK (A 10 K Q J …). Kept, cA takes trick 5; cK does not.
    let s = position(
        2,
        [18, 18, 4, 30],
        [3, 3, 1, 2],
        "sA h8 sK hJ s9 s8 cQ d9 c8 sQ cA h10 dK d7 h9 hQ d8 sJ c7 s7 \
         hK c10 dA c9 d10 dJ h7 cJ hA cK dQ s10",
        &[
            "3 trump s",
            "3 swap h8 dK d7",
            "0 swap hQ hJ h9",
            "1 swap c8 d9 d8",
            "2 swap c7 h10", //
            "3 sA",
            "0 s9",
            "1 sJ",
            "2 sQ", //
            "3 sK",
            "0 s8",
            "1 cQ",
            "2 s7", //
            "3 dA",
            "0 dJ",
            "1 h7",
            "2 dQ", //
            "3 hK",
            "0 c9",
            "1 hA",
        ],
    );
    keeps_its_trick(&s, Seat::S2, "cA", "cK", &BOTH);
}

#[test]
fn the_maker_alone_against_one_keeps_the_ace_of_his_last_suit() {
    // Spades trump, S3 makes it, S0 and S1 drop; S2 took the first three
    // tricks. Trick 4: S2 leads cA; S3 (no club, no spade) holds hA dA, S2
    // has hQ left and leads it to trick 5. Kept, hA takes it; dA does not,
    // and the maker without a trick scores +10.
    let s = position(
        2,
        [18, 23, 13, 21],
        [2, 1, 0, 0],
        "d7 s10 c8 c10 c7 sJ d8 hK s9 sA h9 d10 cJ sQ c9 dQ d9 h10 sK cA \
         dA cK hA s8 hQ dK hJ h7 cQ dJ h8 s7",
        &[
            "3 trump s",
            "3 swap cJ c8 d7",
            "0 drop",
            "1 drop",
            "2 swap h9 d10", //
            "3 s10",
            "2 sA", //
            "2 sK",
            "3 sQ", //
            "2 s8",
            "3 cK", //
            "2 cA",
        ],
    );
    keeps_its_trick(&s, Seat::S3, "hA", "dA", &BOTH);
}

#[test]
fn keeps_the_club_ace_for_the_trump_that_must_take_the_fourth() {
    // Hearts trump, S0 makes it. Trick 4: S2 leads sQ; S3 (no spade, no
    // heart) holds cA dK. S1 holds c10 h8 without a spade, so he must
    // trump (must_trump), takes the trick and leads c10: a kept cA takes
    // trick 5 (S2 follows with cJ, no trump is left); a kept dK does not.
    let s = position(
        3,
        [43, 29, 43, 25],
        [4, 4, 4, 4],
        "d9 hK hJ c10 s8 s10 cQ hQ sJ h9 s7 d10 c7 dJ c9 sK h7 s9 cA dQ \
         dA c8 d7 h10 hA h8 sQ sA cJ cK dK d8",
        &[
            "0 trump h",
            "0 swap c7 dJ d9",
            "1 swap sK s8 c9",
            "2 swap sJ s9 cQ",
            "3 swap s7 d10 dQ", //
            "0 hJ",
            "1 hA",
            "2 h7",
            "3 h9", //
            "1 h10",
            "2 hQ",
            "3 cK",
            "0 hK", //
            "1 s10",
            "2 sA",
            "3 d8",
            "0 c8", //
            "2 sQ",
        ],
    );
    keeps_its_trick(&s, Seat::S3, "cA", "dK", &BOTH);
}

#[test]
fn strong_keeps_the_diamond_ace_for_the_winners_last_diamond() {
    // Clubs trump, S0 makes it and took the first three tricks. Trick 4:
    // S0 s9, S1 sA; S2 (no spade, no club) holds h10 dA; S3 holds sK dQ and
    // follows with sK. S1 takes the trick and leads his last card dK: no
    // trump is left, so a kept dA takes trick 5 and a kept h10 nothing.
    // Before, strong played dA with seeds 1 and 7. Only strong: of 200
    // guessed deals (seed 1) dA is the blunder in 78 and h10 in 61, close
    // enough that medium's 96 still choose dA with some seeds.
    let s = position(
        3,
        [21, 52, 53, 39],
        [4, 4, 4, 4],
        "c10 cA c7 sA d9 s7 h10 hA d8 sQ dJ hQ h9 hK sJ cJ s8 d10 c9 s10 \
         d7 s9 dK cQ h8 c8 dA hJ sK cK dQ h7",
        &[
            "0 trump c",
            "0 swap hK h9",
            "1 swap sJ s7 d9",
            "2 swap s8 d10 d8",
            "3 swap sQ hQ dJ", //
            "0 cA",
            "1 cQ",
            "2 c8",
            "3 c9", //
            "0 c10",
            "1 cJ",
            "2 hA",
            "3 cK", //
            "0 c7",
            "1 h8",
            "2 hJ",
            "3 s10", //
            "0 s9",
            "1 sA",
        ],
    );
    keeps_its_trick(&s, Seat::S2, "dA", "h10", &[Level::Strong]);
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

/// Spades trump, S1 makes it (dealer S0). After the exchange S1 holds
/// s8 sQ hJ s9 cQ, S2 hA s10 h8 c9 sJ, S3 s7 sA sK h9 dQ, S0 dA cA dK
/// c10 c7. Trick 1: S1 s9, S2 sJ, S3 sK, S0 dK (S3). Trick 2: S3 sA, S0
/// c7, S1 sQ, S2 s10 (S3). Trick 3: S3 dQ, S0 dA, S1 trumps with s8; S2
/// (no trick, no diamond, no spade) holds hA h8 c9.
fn guess_ahead() -> Session {
    position(
        0,
        [3, 11, 5, 21],
        [4, 3, 4, 3],
        "h10 s8 sQ d10 hA hQ d9 s7 sA dA h7 d7 d8 c8 s10 cK hK cJ dJ cA \
         hJ s9 cQ h8 c9 sJ sK h9 dQ dK c10 c7",
        &[
            "1 trump s",
            "1 swap c8 h10 d8",
            "2 swap cK hQ d10",
            "3 swap cJ hK d9",
            "0 swap h7 dJ d7", //
            "1 s9",
            "2 sJ",
            "3 sK",
            "0 dK", //
            "3 sA",
            "0 c7",
            "1 sQ",
            "2 s10", //
            "3 dQ",
            "0 dA",
            "1 s8",
        ],
    )
}

#[test]
fn strong_keeps_a_club_so_that_no_guess_is_left_for_the_fourth_trick() {
    // S1 takes trick 3 with s8 and leads trick 4 from hJ cQ; S3 keeps s7
    // h9, S0 cA c10. If S2 throws c9 now and keeps hA h8, S1 can lead cQ:
    // S3 must trump it with s7 and leads h9 to the last trick, so S2 must
    // guess to keep hA (it has no club and no trump, and on a heart lead hA
    // would have been right). If S2 throws h8 and keeps hA c9, its card is
    // forced whatever S1 leads: c9 under cQ (then S3's h9 leads into hA),
    // hA on hJ (the highest heart left, S3 follows and S0 has none).
    let s = guess_ahead();
    let card = |id: &str| id.parse::<Card>().unwrap();
    let mut kept_ace_low = s.clone();
    apply(&mut kept_ace_low, &["2 c9", "1 cQ"]);
    let view = kept_ace_low.view(Seat::S2);
    let hands: Vec<CardSet> = (0..4)
        .map(|i| kept_ace_low.hand(Seat::new(i).unwrap()))
        .collect();
    assert!(blunder::no_trick_avoidable(&view, &hands, card("hA")));
    assert!(!blunder::no_trick_avoidable(&view, &hands, card("h8")));
    for (lead, forced) in [("1 cQ", "c9"), ("1 hJ", "hA")] {
        let mut kept_club = s.clone();
        apply(&mut kept_club, &["2 h8", lead]);
        let legal = kept_club.view(Seat::S2).legal.unwrap().cards;
        assert_eq!(legal, forced.parse::<CardSet>().unwrap(), "{lead}");
    }
    let mut after_cq = s.clone();
    apply(&mut after_cq, &["2 h8", "1 cQ", "2 c9"]);
    assert_eq!(
        after_cq.view(Seat::S3).legal.unwrap().cards,
        "s7".parse::<CardSet>().unwrap()
    );
    // Strong, charged for the guess its roll-outs would take for granted,
    // throws h8; without that charge it threw c9 with every seed.
    for (level, seed, action) in answers_of(&s, Seat::S2, &[Level::Strong]) {
        assert_eq!(action, Action::Card(card("h8")), "{level:?} seed {seed}");
    }
    let before = StrongConfig {
        guess_penalty: 0.0,
        ..StrongConfig::STRONG
    };
    for seed in SEEDS {
        let mut rng = SmallRng::seed_from_u64(seed);
        let action = Strong::with_config(before).choose(&s.view(Seat::S2), &mut rng);
        assert_eq!(action, Action::Card(card("c9")), "seed {seed}");
    }
}
