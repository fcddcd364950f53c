//! The declarer's discard chosen card by card (a draft, see
//! [`tarock_face`]): the draft token is `D` followed by the one-character
//! codes ([`Card::code`]) of the cards picked so far, in the order picked
//! (`D`, `D4`, `D4Xe`). The order matters only for a Mussolini, whose first
//! three cards count for the declarer and whose last three are the row. A
//! draft is valid only while it can still end in a legal discard
//! ([`DiscardRule::completable`]); anything else is shown as no draft.

use tarock_koenigrufen::{Card, CardList, CardSet, DiscardRule};

/// The first character of every discard draft.
const PREFIX: char = 'D';

/// The cards picked so far, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picked(Vec<Card>);

impl Picked {
    /// The picks of `draft` if it is a valid half-made discard under `rule`.
    pub fn parse(draft: &str, rule: &DiscardRule) -> Option<Picked> {
        let codes = draft.strip_prefix(PREFIX)?;
        let mut cards = Vec::new();
        for b in codes.bytes() {
            let card = Card::from_code(b)?;
            if cards.contains(&card) {
                return None;
            }
            cards.push(card);
        }
        let picked = Picked(cards);
        let set = picked.set();
        let fits = set.len() <= u32::from(rule.need) && rule.completable(set);
        fits.then_some(picked)
    }

    /// The picked cards as a set.
    pub fn set(&self) -> CardSet {
        self.0.iter().copied().collect()
    }

    /// How many cards are picked.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nothing is picked.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The picks in order.
    pub fn cards(&self) -> &[Card] {
        &self.0
    }

    /// The draft token of these picks.
    pub fn token(&self) -> String {
        std::iter::once(PREFIX)
            .chain(self.0.iter().map(|c| c.code()))
            .collect()
    }

    /// These picks with `card` added at the end, or taken out if picked.
    pub fn toggled(&self, card: Card) -> Picked {
        let mut cards = self.0.clone();
        match cards.iter().position(|c| *c == card) {
            Some(i) => {
                cards.remove(i);
            }
            None => cards.push(card),
        }
        Picked(cards)
    }

    /// The finished discard, when the picks are one the rule accepts.
    pub fn finished(&self, rule: &DiscardRule) -> Option<CardList> {
        if self.0.len() != usize::from(rule.need) || rule.check(self.set()).is_err() {
            return None;
        }
        CardList::new(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use tarock_koenigrufen::Contract;

    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// FD1's declarer after taking half 2 (SPEC §15.4).
    fn fd1_rule() -> DiscardRule {
        let hand = set("T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9 d2 d4 cQ");
        DiscardRule::new(Contract::Rufer, hand, 3, CardSet::BIRDS, hand)
    }

    #[test]
    fn a_draft_round_trips_and_keeps_the_order_picked() {
        let rule = fd1_rule();
        let picked = Picked::default()
            .toggled(card("d2"))
            .toggled(card("c8"))
            .toggled(card("c10"));
        let token = picked.token();
        assert!(token.starts_with('D') && token.len() == 4, "{token}");
        assert_eq!(Picked::parse(&token, &rule), Some(picked.clone()));
        let list = picked.finished(&rule).unwrap();
        assert_eq!(list.get(0), Some(card("d2")));
        assert_eq!(
            picked.toggled(card("c8")).cards(),
            [card("d2"), card("c10")]
        );
    }

    #[test]
    fn drafts_that_cannot_end_in_a_legal_discard_are_refused() {
        let rule = fd1_rule();
        let of = |cards: &[&str]| {
            let mut p = Picked::default();
            for c in cards {
                p = p.toggled(card(c));
            }
            p.token()
        };
        // A King, a tarock while suit cards remain, four cards, a card of
        // another hand, no prefix, a repeated card.
        for draft in [
            of(&["hK"]),
            of(&["T6"]),
            of(&["c8", "c10", "d2", "d4"]),
            of(&["sK"]),
            "x".to_owned(),
            format!("D{0}{0}", card("c8").code()),
        ] {
            assert_eq!(Picked::parse(&draft, &rule), None, "{draft}");
        }
        assert!(Picked::parse(&of(&["c8", "cQ"]), &rule).is_some());
    }
}
