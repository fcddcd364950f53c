//! The medium player's auction: which contracts its hand can play, and the
//! word that gets it the best of them with the Vorhand's privileges.
//!
//! Each contract has a [`Need`] (data, [`NEEDS`]) that turns the figures of
//! [`HandEval`] into a *margin*: at least zero when the hand is good enough.
//! In its turn the player names the acceptable contract worth the most that
//! the rules let it name; the Vorhand reserves first ("vorhand", or the
//! Sechserdreier, which only her first word may be), holds a bid she could
//! play herself, and after three passes chooses her best contract, else
//! Trischaken with a hand that takes few points, else the Rufer. A Vorhand
//! with four Kings and no game passes the Vorhand on where the rules allow.

use tarock_koenigrufen::{Action, Card, CardSet, Contract, LegalActions, SeatView};

use super::eval::HandEval;

/// What a hand needs for a contract.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Need {
    /// Tarock strength at least this.
    Strength(f32),
    /// A bird-Rufer: the bird, at least this many tarocks, this strength.
    Bird(Card, u32, f32),
    /// Colour strength at least this.
    Colour(f32),
    /// A negative game: `top` cards each at least `sure` likely to take a
    /// trick take the contract's tricks, and the danger left is at most `max`.
    Negative {
        /// Tricks taken on purpose.
        top: usize,
        /// Danger left at most.
        max: f32,
        /// Danger of each card that takes a trick on purpose, at least.
        sure: f32,
    },
    /// Trischaken: danger at most the first figure, strength at most the second.
    Trischaken(f32, f32),
    /// Any bird-Rufer's need (the `standard` Besserrufer).
    AnyBird,
    /// Not chosen on its merits (the Rufer: the Vorhand's default).
    Never,
}

/// A negative game's need.
const fn negative(top: usize, max: f32, sure: f32) -> Need {
    Need::Negative { top, max, sure }
}

/// The needs per contract, tuned with `examples/koenigrufen_calibrate.rs`
/// (the declarer's mean money per margin when four medium players play the
/// contract): each need lies where that mean is clearly positive. Piccolo
/// wants the Sküs as its trick; Zwiccolo and the ouvert Piccolo and
/// Zwiccolo, which medium players do not win on average, need hands that
/// hardly occur.
pub const NEEDS: [(Contract, Need); 21] = [
    (Contract::Trischaken, Need::Trischaken(3.05, 11.0)),
    (Contract::Rufer, Need::Never),
    (Contract::Piccolo, negative(1, 1.2, 0.95)),
    (Contract::Zwiccolo, negative(2, 0.5, 0.9)),
    (Contract::Solorufer, Need::Strength(11.5)),
    (Contract::Pagatrufer, Need::Bird(Card::PAGAT, 7, 9.5)),
    (Contract::Bettler, negative(0, 1.8, 0.0)),
    (Contract::Mussolini, Need::Strength(11.5)),
    (Contract::Sechserdreier, Need::Strength(10.5)),
    (Contract::Uhurufer, Need::Bird(Card::UHU, 8, 10.5)),
    (Contract::Farbendreier, Need::Colour(14.0)),
    (Contract::Dreier, Need::Strength(11.0)),
    (Contract::PiccoloOuvert, negative(1, 0.3, 0.95)),
    (Contract::ZwiccoloOuvert, negative(2, 0.3, 0.9)),
    (Contract::Kakadurufer, Need::Bird(Card::KAKADU, 8, 11.0)),
    (Contract::BettlerOuvert, negative(0, 1.5, 0.0)),
    (Contract::Wildsaurufer, Need::Bird(Card::WILDSAU, 9, 11.5)),
    (Contract::Farbensolo, Need::Colour(16.0)),
    (Contract::Geierrufer, Need::Bird(Card::GEIER, 9, 12.5)),
    (Contract::Solodreier, Need::Strength(15.5)),
    (Contract::Besserrufer, Need::AnyBird),
];

/// The need of `contract`.
pub fn need(contract: Contract) -> Need {
    NEEDS
        .iter()
        .find(|(c, _)| *c == contract)
        .map_or(Need::Never, |(_, n)| *n)
}

/// How far `hand` (evaluated as `e`) is above the need of `contract`;
/// at least zero when it can play it.
pub fn margin(contract: Contract, hand: CardSet, e: &HandEval) -> f32 {
    match need(contract) {
        Need::Strength(t) => (e.strength - t) / 4.0,
        Need::Bird(bird, tarocks, strength) => bird_margin(hand, e, bird, tarocks, strength),
        Need::Colour(t) => (e.colour - t) / 4.0,
        Need::Negative { top, max, sure } => {
            let left = max - e.danger_without_top(top);
            match top {
                0 => left,
                n => left.min(e.top[n - 1] - sure),
            }
        }
        Need::Trischaken(max, strength) => (max - e.danger).min((strength - e.strength) / 4.0),
        Need::AnyBird => [
            Contract::Pagatrufer,
            Contract::Uhurufer,
            Contract::Kakadurufer,
            Contract::Wildsaurufer,
        ]
        .into_iter()
        .map(|c| margin(c, hand, e))
        .fold(f32::NEG_INFINITY, f32::max),
        Need::Never => f32::NEG_INFINITY,
    }
}

fn bird_margin(hand: CardSet, e: &HandEval, bird: Card, tarocks: u32, strength: f32) -> f32 {
    if !hand.contains(bird) {
        return f32::NEG_INFINITY;
    }
    let length = (e.tarocks as f32 - tarocks as f32) / 2.0;
    length.min((e.strength - strength) / 4.0)
}

/// The medium player's auction word.
pub fn medium_word(view: &SeatView, legal: &LegalActions) -> Action {
    let hand = view.hand;
    let e = HandEval::of(hand);
    let rules = &view.public.rules;
    let bids = || {
        legal.words().iter().filter_map(|a| match a {
            Action::Bid(c) => Some(*c),
            _ => None,
        })
    };
    let worth = |c: Contract| (rules.value(c), rules.rank(c));
    let best = bids()
        .filter(|c| margin(*c, hand, &e) >= 0.0)
        .max_by_key(|c| worth(*c));
    let opening = legal.words().contains(&Action::Vorhand);
    let choice = !opening && !legal.words().contains(&Action::Weiter);
    if opening {
        return match best {
            Some(Contract::Sechserdreier) => Action::Bid(Contract::Sechserdreier),
            None if legal.words().contains(&Action::VorhandWeiter) => Action::VorhandWeiter,
            _ => Action::Vorhand,
        };
    }
    if choice {
        return Action::Bid(best.unwrap_or_else(|| fallback_choice(legal, hand, &e)));
    }
    let current = current_bid(view);
    let hold = legal.words().contains(&Action::Halte)
        && current.is_some_and(|c| margin(c, hand, &e) >= 0.0)
        && best.is_none_or(|b| worth(b) <= current.map_or((0, 0), worth));
    if hold {
        return Action::Halte;
    }
    if let Some(c) = best {
        return Action::Bid(c);
    }
    let bei = legal
        .words()
        .iter()
        .find(|a| matches!(a, Action::Bei(c) if margin(*c, hand, &e) >= 0.0));
    bei.copied().unwrap_or(Action::Weiter)
}

/// The Vorhand's choice when no contract is good enough: Trischaken with a
/// hand that takes few points, the Rufer, else the least bad contract.
fn fallback_choice(legal: &LegalActions, hand: CardSet, e: &HandEval) -> Contract {
    let can = |c: Contract| legal.words().contains(&Action::Bid(c));
    if can(Contract::Rufer) && margin(Contract::Trischaken, hand, e) < 0.0 {
        return Contract::Rufer;
    }
    legal
        .words()
        .iter()
        .filter_map(|a| match a {
            Action::Bid(c) => Some(*c),
            _ => None,
        })
        .max_by(|a, b| margin(*a, hand, e).total_cmp(&margin(*b, hand, e)))
        .expect("the Vorhand's choice has a contract")
}

/// The bid standing in the auction so far, from the public history.
fn current_bid(view: &SeatView) -> Option<Contract> {
    view.public
        .history
        .iter()
        .rev()
        .find_map(|e| match e.action {
            Some(Action::Bid(c)) => Some(c),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn margin_of(c: Contract, hand: &str) -> f32 {
        let hand: CardSet = hand.parse().unwrap();
        margin(c, hand, &HandEval::of(hand))
    }

    #[test]
    fn every_contract_has_a_need() {
        for c in Contract::ALL {
            assert!(NEEDS.iter().any(|(n, _)| *n == c), "{c}");
        }
    }

    #[test]
    fn a_dreier_hand_and_a_bettler_hand_are_told_apart() {
        let dreier = "T22 T21 T20 T19 T18 T17 T16 T15 T10 cK hK s7";
        let bettler = "T2 T3 s7 s8 s9 c7 c8 h4 h3 d4 d3 d2";
        assert!(margin_of(Contract::Dreier, dreier) >= 0.0);
        assert!(margin_of(Contract::Bettler, dreier) < 0.0);
        assert!(margin_of(Contract::Bettler, bettler) >= 0.0);
        assert!(margin_of(Contract::Dreier, bettler) < 0.0);
        // Without the Uhu there is no Uhu-Rufer, however strong the hand.
        assert_eq!(margin_of(Contract::Uhurufer, dreier), f32::NEG_INFINITY);
    }
}
