//! The plays a tarock player laughs at (issue 33, point 6), as exact
//! predicates over one decision: what the seat saw ([`SeatView`]) and what it
//! chose ([`Action`]) → which blunder, if any ([`blunder`]). They are pure
//! and use only the view, so the arena can count them for any player and
//! the fixtures can check that no level makes them.
//!
//! Each predicate names a situation where a better choice was legal and
//! certain to be better by the rules alone (koenigrufen/SPEC.md), not by
//! judgement: a card the other party is sure to win is lost whatever comes
//! after. Where the view does not show a seat's party (an unrevealed partner
//! in a king game) the seat is not counted as an opponent. The thresholds
//! the issue leaves open are fixed here and in docs/RULES.md ("Blunders"):
//! a trick "of 8 points" counts the card values (SPEC §1.3) of the cards
//! already in it; a "monster" hand holds Sküs, Mond and at least ten
//! tarocks; a "trash" hand holds no Trull card, no King and at most three
//! tarocks; a hand "stops a Valat" when it holds the Sküs (with
//! Märchenstich: the Sküs and the Mond or the Pagat, so no Märchenstich can
//! take it).
//!
//! Calling a King one holds cannot happen in Königrufen: the rules refuse
//! it (SPEC §5, C1), so there is no predicate for it.

use tarock_koenigrufen::contract::Family;
use tarock_koenigrufen::{
    Action, Card, CardSet, Contract, Item, Mode, Party, Phase, Premium, Seat, SeatView,
};

/// A blunder of issue 33's list that applies to Königrufen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Blunder {
    /// An announced bird or König Ultimo played before its trick while
    /// another card was legal, or the Pagat thrown into a trick the other
    /// party is sure to win while another card was legal.
    BirdLost,
    /// The Mond led while the Sküs may lie with the other party, another
    /// card being legal.
    MondIntoSkus,
    /// The other party's Mond in the trick, the Sküs legal, and another card played.
    MondNotCaught,
    /// Last to play, the other party winning a trick of at least 8 points,
    /// a winning card legal, and a card played that does not win.
    TrickLeft,
    /// Last to play, the other party winning, a King or Queen given to it
    /// while a card worth one point was legal.
    SchmierenWrongSide,
    /// Every trick so far went to this seat's party, and last to play it
    /// let the other party take this one while a winning card was legal.
    ValatThrownAway,
    /// A negative game's declarer, with all the tricks he may take already
    /// taken, played a card sure to take the trick while another legal card
    /// was not.
    NegativeTookTrick,
    /// A hand with Sküs, Mond and ten tarocks passed while a positive bid
    /// was open to it.
    MonsterPassed,
    /// A hand without Trull card, King or more than three tarocks bid a
    /// positive game of its own will (not the Vorhand's choice after three
    /// passes).
    TrashBid,
    /// The declarer conceded (schleifen) holding a card that is sure to
    /// take a trick, so the opponents could not make a Valat.
    ConcededValatStop,
}

impl Blunder {
    /// Every blunder, in a fixed order (for counters).
    pub const ALL: [Blunder; 10] = [
        Blunder::BirdLost,
        Blunder::MondIntoSkus,
        Blunder::MondNotCaught,
        Blunder::TrickLeft,
        Blunder::SchmierenWrongSide,
        Blunder::ValatThrownAway,
        Blunder::NegativeTookTrick,
        Blunder::MonsterPassed,
        Blunder::TrashBid,
        Blunder::ConcededValatStop,
    ];

    /// A short name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            Blunder::BirdLost => "bird_lost",
            Blunder::MondIntoSkus => "mond_into_skus",
            Blunder::MondNotCaught => "mond_not_caught",
            Blunder::TrickLeft => "trick_left",
            Blunder::SchmierenWrongSide => "schmieren_wrong_side",
            Blunder::ValatThrownAway => "valat_thrown_away",
            Blunder::NegativeTookTrick => "negative_took_trick",
            Blunder::MonsterPassed => "monster_passed",
            Blunder::TrashBid => "trash_bid",
            Blunder::ConcededValatStop => "conceded_valat_stop",
        }
    }
}

/// Points (card values, SPEC §1.3) of a trick that must not be left to the
/// other party when a winner is legal.
pub const TRICK_LEFT_POINTS: u32 = 8;

/// Which blunder, if any, `action` is for the seat of `view`.
pub fn blunder(view: &SeatView, action: Action) -> Option<Blunder> {
    match (view.public.phase, action) {
        (Phase::Play, Action::Play(card)) => card_blunder(view, card),
        (Phase::Auction, _) => auction_blunder(view, action),
        (Phase::Talon, Action::Schleifen(_)) => {
            stops_valat(view.hand, view.public.rules.maerchenstich)
                .then_some(Blunder::ConcededValatStop)
        }
        _ => None,
    }
}

/// The legal cards of `view` that are no blunder of this list, or all of
/// them when each one is (then the list cannot tell them apart). The strong
/// player chooses among these before its search's value: the search prices
/// the settlement on sampled deals and can prefer a card the rules alone
/// say is worse (a bird played early, a King schmiert to the other side).
pub fn safe_cards(view: &SeatView) -> CardSet {
    let legal = view.legal.map_or(CardSet::EMPTY, |l| l.cards);
    let safe: CardSet = legal
        .iter()
        .filter(|c| card_blunder(view, *c).is_none())
        .collect();
    if safe.is_empty() { legal } else { safe }
}

/// Whether a hand is sure to take a trick in a tarock game: it holds the
/// Sküs, and with Märchenstich also the Mond or the Pagat.
pub fn stops_valat(hand: CardSet, maerchenstich: bool) -> bool {
    hand.contains(Card::SKUS)
        && (!maerchenstich || hand.contains(Card::MOND) || hand.contains(Card::PAGAT))
}

/// A hand no positive bid should pass: Sküs, Mond and at least ten tarocks.
pub fn is_monster(hand: CardSet) -> bool {
    let tarocks = hand.intersect(CardSet::TAROCKS);
    tarocks.contains(Card::SKUS) && tarocks.contains(Card::MOND) && tarocks.len() >= 10
}

/// A hand no positive game should be bid with: no Trull card, no King, at
/// most three tarocks.
pub fn is_trash(hand: CardSet) -> bool {
    !hand.meets(CardSet::TRULL)
        && !hand.meets(CardSet::KINGS)
        && hand.intersect(CardSet::TAROCKS).len() <= 3
}

fn auction_blunder(view: &SeatView, action: Action) -> Option<Blunder> {
    let words = view.legal.as_ref().map_or(&[][..], |l| l.words());
    let positive_open = words
        .iter()
        .any(|w| matches!(w, Action::Bid(c) if c.is_positive()));
    // The Vorhand's choice after three passes is the only turn offering the Rufer.
    let choice = words.contains(&Action::Bid(Contract::Rufer));
    match action {
        Action::Weiter if positive_open && is_monster(view.hand) => Some(Blunder::MonsterPassed),
        Action::Bid(c) if c.is_positive() && !choice && is_trash(view.hand) => {
            Some(Blunder::TrashBid)
        }
        Action::Halte if held(view).is_some_and(Contract::is_positive) && is_trash(view.hand) => {
            Some(Blunder::TrashBid)
        }
        _ => None,
    }
}

/// The bid a `halte` would hold: the last one named in the auction.
fn held(view: &SeatView) -> Option<Contract> {
    view.public
        .history
        .iter()
        .rev()
        .find_map(|e| match e.action {
            Some(Action::Bid(c)) => Some(c),
            _ => None,
        })
}

/// What a card decision needs to know about the trick.
struct Scene<'a> {
    view: &'a SeatView,
    mode: Mode,
    maerchenstich: bool,
    trick: tarock_koenigrufen::trick::Trick,
    legal: CardSet,
    /// Cards not yet played and not in this seat's hand.
    out: CardSet,
}

impl Scene<'_> {
    /// The party of `seat` as this seat knows it: shown in the view, or
    /// implied by it (party D has two seats at most: once two are known, the
    /// rest are opponents; without a partner it has one).
    fn party(&self, seat: Seat) -> Option<Party> {
        let parties = &self.view.parties;
        if let Some(p) = parties[seat.index()] {
            return Some(p);
        }
        let d = parties
            .iter()
            .filter(|p| **p == Some(Party::Declarer))
            .count();
        let public = &self.view.public;
        let partnerless = public
            .called
            .is_none_or(|c| public.talon.iter().flatten().any(|h| h.contains(c)));
        (d == 2 || (d == 1 && partnerless)).then_some(Party::Opponents)
    }

    /// Whether `seat` is known to this seat to be of the other party.
    fn other(&self, seat: Seat) -> bool {
        let mine = self.party(self.view.seat);
        mine.is_some() && self.party(seat) == mine.map(Party::other)
    }

    /// Whether `seat` is known to be of this seat's party (itself included).
    fn friend(&self, seat: Seat) -> bool {
        seat == self.view.seat
            || self
                .party(self.view.seat)
                .is_some_and(|p| self.party(seat) == Some(p))
    }

    fn last(&self) -> bool {
        self.trick.len() == 3
    }

    /// The seat and card winning the trick once `card` is played.
    fn winner_with(&self, card: Card) -> (Seat, Card) {
        let mut t = self.trick;
        t.push(card);
        t.winner(self.mode, self.maerchenstich)
            .expect("the trick has a card")
    }

    /// Whether `card` wins the trick as it stands.
    fn wins(&self, card: Card) -> bool {
        self.winner_with(card).1 == card
    }

    /// Whether the trick, once `card` is played, is sure to go to the seat
    /// winning it now: this seat is last, or no card still out beats the
    /// winning card.
    fn settled_with(&self, card: Card) -> bool {
        if self.last() {
            return true;
        }
        let mut t = self.trick;
        t.push(card);
        let skus_beaten = self.maerchenstich
            && self.mode == Mode::Tarock
            && t.card_set().contains(Card::SKUS)
            && self.out.contains(Card::PAGAT);
        !skus_beaten
            && self.out.iter().all(|c| {
                let mut u = t;
                u.push(c);
                u.winning_card(self.mode, self.maerchenstich) != Some(c)
            })
    }
}

fn card_blunder(view: &SeatView, card: Card) -> Option<Blunder> {
    let p = &view.public;
    let contract = p.contract?;
    let legal = view.legal?.cards;
    if legal.len() < 2 || contract.family() == Family::Trischaken {
        return None;
    }
    let played = p
        .tricks
        .iter()
        .fold(CardSet::EMPTY, |a, t| a.union(t.trick.card_set()));
    let trick = p.trick?;
    let s = Scene {
        view,
        mode: contract.mode(),
        maerchenstich: p.rules.maerchenstich,
        trick,
        legal,
        out: CardSet::DECK
            .without(played)
            .without(trick.card_set())
            .without(view.hand),
    };
    if contract.is_negative() {
        return negative_blunder(&s, card);
    }
    bird_blunder(&s, card)
        .or_else(|| mond_blunder(&s, card))
        .or_else(|| last_hand_blunder(&s, card))
}

/// Announced birds and König Ultimo played early; the Pagat thrown away.
fn bird_blunder(s: &Scene, card: Card) -> Option<Blunder> {
    let p = &s.view.public;
    let number = p.tricks.len() as u8 + 1;
    let mine = s.view.my_party();
    for (item, state) in &p.items {
        let Item::Premium(pr) = item else { continue };
        let premium_card = pr
            .bird_card()
            .or(if *pr == Premium::Ku { p.called } else { None });
        if premium_card == Some(card)
            && Some(state.owner) == mine
            && pr.target_trick().is_some_and(|t| number < t)
            && !s.legal.without(CardSet::single(card)).is_empty()
        {
            return Some(Blunder::BirdLost);
        }
    }
    if card == Card::PAGAT && s.mode == Mode::Tarock && !s.trick.is_empty() {
        let (winner, best) = s.winner_with(card);
        if best != Card::PAGAT && s.other(winner) && s.settled_with(card) {
            return Some(Blunder::BirdLost);
        }
    }
    None
}

/// The Mond led into the Sküs, or the other party's Mond let go.
fn mond_blunder(s: &Scene, card: Card) -> Option<Blunder> {
    if s.mode != Mode::Tarock {
        return None;
    }
    if card == Card::MOND && s.trick.is_empty() {
        let k = crate::knowledge::Knowledge::from_view(s.view);
        let danger = Seat::ALL
            .into_iter()
            .any(|seat| !s.friend(seat) && k.may_hold(seat, Card::SKUS));
        if danger {
            return Some(Blunder::MondIntoSkus);
        }
    }
    let mond_by = s
        .trick
        .cards()
        .position(|c| c == Card::MOND)
        .map(|i| s.trick.leader().plus(i as u8));
    if let Some(seat) = mond_by
        && s.other(seat)
        && s.legal.contains(Card::SKUS)
        && card != Card::SKUS
        && s.wins(Card::SKUS)
    {
        return Some(Blunder::MondNotCaught);
    }
    None
}

/// Last to play in a positive game: a Valat or a fat trick left to the
/// other party with a winner in hand, a King or Queen given to it.
fn last_hand_blunder(s: &Scene, card: Card) -> Option<Blunder> {
    if !s.last() {
        return None;
    }
    let (winner, _) = s.winner_with(card);
    if !s.other(winner) {
        return None;
    }
    let winner_legal = s.legal.iter().any(|c| s.wins(c));
    let p = &s.view.public;
    let all_ours = !p.tricks.is_empty() && p.tricks.iter().all(|t| s.friend(t.winner));
    if winner_legal && all_ours {
        return Some(Blunder::ValatThrownAway);
    }
    let points: u32 = s.trick.cards().map(|c| u32::from(c.value())).sum();
    if winner_legal && points >= TRICK_LEFT_POINTS {
        return Some(Blunder::TrickLeft);
    }
    let honour = !card.is_tarock() && card.value() >= 4;
    let cheap = s
        .legal
        .iter()
        .any(|c| c.value() <= 1 && c != Card::PAGAT && !s.wins(c));
    if honour && cheap {
        return Some(Blunder::SchmierenWrongSide);
    }
    None
}

/// A negative declarer taking a trick he could duck, once he has all he may take.
fn negative_blunder(s: &Scene, card: Card) -> Option<Blunder> {
    let p = &s.view.public;
    let me = s.view.seat;
    let target = p
        .declarers
        .iter()
        .find(|d| d.0 == me)
        .and_then(|d| d.1.target_tricks())?;
    if p.won[me.index()] < target || s.trick.is_empty() {
        return None;
    }
    // Under Stichzwang a card that beats the trick now may still be beaten
    // by a seat behind him: that too is a duck.
    let takes = |c: Card| s.wins(c) && s.settled_with(c);
    let duck = s.legal.iter().any(|c| !takes(c));
    (duck && takes(card)).then_some(Blunder::NegativeTookTrick)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{self, apply, bettler, dealt, in_play, rufer, solodreier, talon_laid};
    use crate::{Medium, Player, Strong};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_koenigrufen::{Game, Preset};

    /// Seeds the strong player is asked with.
    const SEEDS: u64 = 4;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// The view of the seat to act, which must be `seat`.
    fn scene(game: &Game, seat: Seat) -> SeatView {
        let view = game.view(game.to_act().expect("a seat to act"));
        assert_eq!(view.seat, seat);
        view
    }

    /// Checks that `bad` is the blunder `which` at `view`, then that no
    /// level blunders there; returns the levels' actions.
    fn pinned(view: &SeatView, bad: Action, which: Blunder) -> Vec<Action> {
        assert_eq!(blunder(view, bad), Some(which), "{bad:?}");
        no_level_blunders(view)
    }

    /// The play of card `s`.
    fn play(s: &str) -> Action {
        Action::Play(card(s))
    }

    /// Asks medium and strong (several seeds) and checks neither blunders;
    /// returns their actions.
    fn no_level_blunders(view: &SeatView) -> Vec<Action> {
        let mut actions = vec![Medium::new().choose(view, &mut SmallRng::seed_from_u64(0))];
        for seed in 0..SEEDS {
            let mut strong = Strong::new();
            actions.push(strong.choose(view, &mut SmallRng::seed_from_u64(seed)));
        }
        for (i, a) in actions.iter().enumerate() {
            let who = if i == 0 { "medium" } else { "strong" };
            assert_eq!(blunder(view, *a), None, "{who} chose {a:?}");
        }
        actions
    }

    /// S0's Solodreier, trick 1: S0 leads hQ, S1 hN, S2 hJ: 4 + 3 + 2 = 9
    /// points for the declarer; S3, last, holds hK h4 (must follow hearts).
    fn fat_trick() -> Game {
        solodreier(
            [
                "T22 T21 T20 T19 T18 T17 T16 T15 hQ sK cK dK",
                "hN s7 s8 s9 c7 c8 c9 d4 d3 T1 T2 T3",
                "hJ s10 sJ c10 cJ d2 dA T4 T5 T6 T7 T8",
                "hK h4 sN sQ cN cQ dJ dN T9 T10 T11 T12",
            ],
            "h3 h2 hA T13 T14 dQ",
            &["0 hQ", "1 hN", "2 hJ"],
        )
    }

    #[test]
    fn a_nine_point_trick_is_taken_with_the_king_when_last() {
        let view = scene(&fat_trick(), Seat::S3);
        assert_eq!(view.legal.unwrap().cards, "hK h4".parse().unwrap());
        for a in pinned(&view, play("h4"), Blunder::TrickLeft) {
            assert_eq!(a, play("hK"));
        }
    }

    /// S0's Solodreier, trick 1: S0 leads the Sküs, S1 T2, S2 T5; S3, last,
    /// has no tarock: King, Queen, Jack or a 10 of spades/clubs (1 point).
    fn no_tarock_behind_the_skus() -> Game {
        solodreier(
            [
                "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 hQ hN",
                "T1 T2 T3 T4 s7 s8 c7 c8 d4 d3 h4 h3",
                "T5 T6 T7 T8 T9 s9 c9 d2 dA h2 hA sJ",
                "sK sQ cK cQ hK hJ dK dQ s10 c10 dJ cJ",
            ],
            "T10 T11 T12 sN cN dN",
            &["0 T22", "1 T2", "2 T5"],
        )
    }

    #[test]
    fn no_king_or_queen_goes_into_the_declarers_skus_trick() {
        let view = scene(&no_tarock_behind_the_skus(), Seat::S3);
        for c in ["sK", "sQ", "cK", "cQ", "hK", "dK"] {
            assert_eq!(
                blunder(&view, play(c)),
                Some(Blunder::SchmierenWrongSide),
                "{c}"
            );
        }
        assert_eq!(blunder(&view, play("s10")), None);
        pinned(&view, play("dQ"), Blunder::SchmierenWrongSide);
    }

    #[test]
    fn the_declarers_mond_is_caught_with_the_skus() {
        // S0 leads the Mond, S1 follows T2; S2 holds the Sküs and T5–T7.
        let game = solodreier(
            [
                "T21 T20 T19 T18 T17 T16 T15 T14 hK hQ sK sQ",
                "T1 T2 T3 T4 s7 s8 c7 c8 d4 d3 h4 h3",
                "T22 T5 T6 T7 s9 sJ c9 cJ d2 dA h2 hA",
                "T8 T9 T10 s10 sN c10 cN cQ dJ dN hJ hN",
            ],
            "T11 T12 T13 cK dK dQ",
            &["0 T21", "1 T2"],
        );
        let view = scene(&game, Seat::S2);
        for a in pinned(&view, play("T5"), Blunder::MondNotCaught) {
            assert_eq!(a, Action::Play(Card::SKUS));
        }
    }

    #[test]
    fn the_declarer_does_not_lead_his_mond_into_an_unseen_skus() {
        // S0 leads trick 1 with T15–T21 beside four Kings and hQ; S1 holds the Sküs.
        let game = solodreier(
            [
                "T21 T20 T19 T18 T17 T16 T15 hK hQ sK cK dK",
                "T22 T1 T2 T3 s7 s8 c7 c8 d4 d3 h4 h3",
                "T4 T5 T6 T7 T8 s9 sJ c9 cJ d2 dA h2",
                "T9 T10 T11 s10 sN c10 cN cQ dJ dN hJ hN",
            ],
            "T12 T13 T14 sQ hA dQ",
            &[],
        );
        let view = scene(&game, Seat::S0);
        assert_eq!(blunder(&view, play("T20")), None);
        pinned(&view, Action::Play(Card::MOND), Blunder::MondIntoSkus);
    }

    #[test]
    fn the_pagat_is_not_thrown_into_the_declarers_skus_trick() {
        // S0 leads the Sküs, S1 T2, S2 T5; S3 must follow with T1 or T8.
        let game = solodreier(
            [
                "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 hQ hN",
                "T2 T3 T4 s7 s8 c7 c8 d4 d3 h4 h3 hK",
                "T5 T6 T7 T9 s9 c9 d2 dA h2 hA sJ sK",
                "T1 T8 sQ cK cQ hJ dK dQ s10 c10 dJ cJ",
            ],
            "T10 T11 T12 sN cN dN",
            &["0 T22", "1 T2", "2 T5"],
        );
        let view = scene(&game, Seat::S3);
        assert_eq!(view.legal.unwrap().cards, "T1 T8".parse().unwrap());
        for a in pinned(&view, Action::Play(Card::PAGAT), Blunder::BirdLost) {
            assert_eq!(a, play("T8"));
        }
    }

    #[test]
    fn the_safe_cards_leave_out_each_blunder_and_keep_the_rest() {
        // Last to play behind a 9-point trick of the declarer: the h4 leaves
        // it (a blunder), the hK takes it.
        let view = scene(&fat_trick(), Seat::S3);
        assert_eq!(safe_cards(&view), "hK".parse().unwrap());
        // The announced Pagat in trick 1: every other legal card stays.
        let view = scene(&fixtures::fd1_soft_pagat(), Seat::S3);
        let legal = view.legal.unwrap().cards;
        assert!(legal.contains(Card::PAGAT) && legal.len() >= 2);
        assert_eq!(
            safe_cards(&view),
            legal.without(CardSet::single(Card::PAGAT))
        );
    }

    #[test]
    fn an_announced_pagat_is_kept_for_the_last_trick() {
        // Soft reservation: S3 announced the Pagat and may play it in trick
        // 1 (losing the premium); T22 T2 T21 lie in the trick.
        let game = fixtures::fd1_soft_pagat();
        let view = scene(&game, Seat::S3);
        pinned(&view, Action::Play(Card::PAGAT), Blunder::BirdLost);
    }

    #[test]
    fn a_bettler_ducks_under_a_higher_tarock_behind_him() {
        // S1's Bettler. Trick 1: s7 s8 s9 sK (S0 wins); trick 2: S0 leads
        // T10. S1 must beat it: T16 (S2 behind him holds T17 T18 and must
        // beat it in turn) or the Sküs (sure to take the trick).
        let game = bettler(
            [
                "sK sQ T1 T10 T11 T12 T13 T14 T15 cK hK dK",
                "T22 T16 T2 T3 T4 s7 c7 c8 h4 h3 d4 d3",
                "s8 T5 T6 T7 T17 T18 c9 c10 hA h2 dA d2",
                "s9 T8 T9 T19 T20 T21 cJ cN hJ hN dJ dN",
            ],
            "s10 sJ sN cQ hQ dQ",
            &["1 s7", "2 s8", "3 s9", "0 sK", "0 T10"],
        );
        let view = scene(&game, Seat::S1);
        assert_eq!(view.legal.unwrap().cards, "T16 T22".parse().unwrap());
        for a in pinned(&view, Action::Play(Card::SKUS), Blunder::NegativeTookTrick) {
            assert_eq!(a, play("T16"));
        }
    }

    #[test]
    fn a_monster_hand_bids_and_a_trash_hand_does_not() {
        let mut game = dealt(
            Preset::Cup2019,
            [
                "T4 T2 T3 s7 s8 c7 c8 d4 d3 h4 h3 hJ",
                "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 sK hK",
                "T1 T5 T6 T7 T8 s9 sJ c9 cJ d2 dA h2",
                "T9 T10 T11 s10 sN c10 cN cQ dJ dN hN hA",
            ],
            "T12 sQ cK dK dQ hQ",
        );
        // S0 (the Vorhand) must open; S1 holds ten tarocks with Sküs and Mond.
        apply(&mut game, &["0 vorhand"]);
        let view = scene(&game, Seat::S1);
        assert!(is_monster(view.hand));
        pinned(&view, Action::Weiter, Blunder::MonsterPassed);
        // S0 holds no Trull card, no King and three tarocks; after S1's Dreier
        // she may hold it.
        apply(&mut game, &["1 dreier", "2 weiter", "3 weiter"]);
        let view = scene(&game, Seat::S0);
        assert!(is_trash(view.hand));
        pinned(&view, Action::Halte, Blunder::TrashBid);
    }

    #[test]
    fn a_trash_hand_does_not_bid_a_positive_game_after_the_vorhand() {
        let mut game = dealt(
            Preset::Cup2019,
            [
                "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 sK hK",
                "T4 T2 T3 s7 s8 c7 c8 d4 d3 h4 h3 hJ",
                "T1 T5 T6 T7 T8 s9 sJ c9 cJ d2 dA h2",
                "T9 T10 T11 s10 sN c10 cN cQ dJ dN hN hA",
            ],
            "T12 sQ cK dK dQ hQ",
        );
        apply(&mut game, &["0 vorhand"]);
        let view = scene(&game, Seat::S1);
        assert!(is_trash(view.hand));
        pinned(&view, Action::Bid(Contract::Dreier), Blunder::TrashBid);
    }

    #[test]
    fn a_rufer_with_the_skus_does_not_concede_when_the_king_lies_in_the_talon() {
        // S0's Rufer calls the cK, which lies in the talon; S0 holds the Sküs,
        // which takes a trick whatever the others hold (no Märchenstich in
        // cup2019), so no Valat can be made against him.
        let game = rufer(
            dealt(
                Preset::Cup2019,
                [
                    "T22 T2 s7 s8 s9 c7 c8 h4 h3 d4 d3 d2",
                    "T21 T20 T19 T18 T17 T16 sK sQ hK hQ dK dQ",
                    "T1 T3 T4 T5 T6 T7 T8 s10 sJ c9 c10 hA",
                    "T9 T10 T11 T12 T13 T14 sN cJ cN h2 hJ dA",
                ],
                "cK cQ hN T15 dJ dN",
            ),
            "cK",
        );
        let view = scene(&game, Seat::S0);
        assert!(
            view.legal
                .unwrap()
                .words()
                .contains(&Action::Schleifen(None))
        );
        pinned(&view, Action::Schleifen(None), Blunder::ConcededValatStop);
    }

    #[test]
    fn a_rufer_keeps_his_sides_valat_with_a_winning_tarock_when_last() {
        // S0's Rufer calls the cK, which S1 holds: trick 1 c7 cK c8 c9 goes
        // to S1 (now known as the partner). Trick 2: S1 leads hK, S2 trumps
        // with T5, S3 follows h4; S0, last and void in hearts, holds T3 and
        // T10–T14: only T3 gives up the trick and the side's Valat.
        let game = dealt(
            Preset::Cup2019,
            [
                "c7 T3 T10 T11 T12 T13 T14 sK sQ dK dQ s7",
                "cK hK T15 T16 T17 T18 T19 T20 h3 h2 d3 d2",
                "c8 T1 T4 T5 T6 T7 T8 T9 sJ sN dA dJ",
                "c9 h4 hA hJ hN hQ T2 T21 T22 s10 cJ cN",
            ],
            "s8 s9 d4 cQ c10 dN",
        );
        let game = in_play(
            talon_laid(rufer(game, "cK"), "1", "s8 s9 d4"),
            &[
                "0 c7", "1 cK", "2 c8", "3 c9", //
                "1 hK", "2 T5", "3 h4",
            ],
        );
        let view = scene(&game, Seat::S0);
        for a in pinned(&view, play("T3"), Blunder::ValatThrownAway) {
            assert_ne!(a, play("T3"));
        }
    }
}
