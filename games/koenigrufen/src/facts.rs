//! Gathering the [`Facts`] of a finished deal from the game (SPEC §9.1,
//! §10.1, §10.2): piles, tricks, Kontra levels and premium outcomes.

use crate::card::{Card, CardSet};
use crate::contract::{Contract, Item, Premium};
use crate::game::Game;
use crate::play::{Play, TRICKS};
use crate::positive::{Announced, PositiveFacts};
use crate::score::{Facts, NegativeFacts, SchleifenFacts, Settlement, TrischakenFacts, settle};
use crate::seat::{Party, Seat};

impl Game {
    /// The facts of the finished deal (`None` before it is over).
    pub fn facts(&self) -> Option<Facts> {
        if !self.is_finished() {
            return None;
        }
        let d = *self.declared()?;
        if let Some(bird) = self.talon().schleifen {
            return Some(Facts::Schleifen(SchleifenFacts {
                contract: d.contract,
                declarer: d.declarer,
                bird,
            }));
        }
        let play = self.play()?;
        Some(match d.contract {
            Contract::Trischaken => Facts::Trischaken(TrischakenFacts {
                thirds: self.trischaken_piles(play).map(CardSet::thirds),
                tricks: play.won(),
                fahrer: d.vorhand,
            }),
            c if c.is_negative() => Facts::Negative(NegativeFacts {
                declarers: std::array::from_fn(|i| d.bidders.bidders().nth(i)),
                tricks: play.won(),
                levels: self.round()?.pair_levels(),
            }),
            _ => Facts::Positive(self.positive_facts(play)),
        })
    }

    /// Checks that every card is in exactly one place (hands, the talon not
    /// taken, discards, Mussolini's row, the trick being played, each
    /// completed trick), that each seat's pile is the cards of the tricks it
    /// won, and that a finished deal's piles count 210 thirds: in a positive
    /// game `pile(D)` and `pile(O)` of SPEC §9.1 (the latter gathered from its
    /// own parts — tricks won by O, the talon cards no one took, Mussolini
    /// opponents' discards) are disjoint and count 210 together; in
    /// Trischaken the four seats' piles (the talon with the last trick) do.
    /// For simulators and tools; it allocates nothing and does not compute
    /// the settlement.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        let talon = self.talon();
        let mut row = CardSet::EMPTY;
        for card in talon.row_left.remaining() {
            row.insert(card);
        }
        let untaken = self.deal().talon_set().without(talon.from_talon);
        let mut seen = CardSet::EMPTY;
        let mut place = |what: &str, cards: CardSet| {
            let twice = seen.intersect(cards);
            seen = seen.union(cards);
            match twice.first() {
                Some(card) => Err(format!("{card} is in two places (again in {what})")),
                None => Ok(()),
            }
        };
        place("the talon", untaken)?;
        place("the discards", talon.discard)?;
        place("Mussolini's row", row)?;
        place("the opponents' discards", talon.opponents_discard)?;
        for seat in Seat::ALL {
            place("a hand", self.hand(seat))?;
        }
        let Some(play) = self.play() else {
            return self.all_placed(seen);
        };
        place("the trick being played", play.current().card_set())?;
        let mut won = [CardSet::EMPTY; 4];
        for t in play.tricks() {
            place("a trick", t.trick.card_set())?;
            let w = t.winner.index();
            won[w] = won[w].union(t.trick.card_set());
        }
        self.all_placed(seen)?;
        if won != play.piles() {
            return Err(format!(
                "piles {:?} are not the tricks won {won:?}",
                play.piles()
            ));
        }
        if !self.is_finished() || self.talon().schleifen.is_some() {
            return Ok(());
        }
        let Some(d) = self.declared() else {
            return Ok(());
        };
        let piles: [CardSet; 4] = match d.contract {
            Contract::Trischaken => self.trischaken_piles(play),
            c if c.is_negative() => return Ok(()),
            c => {
                let pile_d = self.declarer_pile();
                let mut pile_o = untaken.union(talon.opponents_discard);
                if c == Contract::Solorufer
                    && let Some(half) = self.king_half()
                {
                    pile_o = pile_o.without(self.deal().half(half));
                }
                for seat in Seat::ALL {
                    if self.party(seat) == Some(Party::Opponents) {
                        pile_o = pile_o.union(won[seat.index()]);
                    }
                }
                [pile_d, pile_o, CardSet::EMPTY, CardSet::EMPTY]
            }
        };
        let mut all = CardSet::EMPTY;
        let mut thirds = 0;
        for pile in piles {
            if !all.intersect(pile).is_empty() {
                return Err(format!("{} count in two piles", all.intersect(pile)));
            }
            all = all.union(pile);
            thirds += pile.thirds();
        }
        if all != CardSet::DECK || thirds != 210 {
            return Err(format!("the piles hold {all} and count {thirds} thirds"));
        }
        Ok(())
    }

    /// The end of the cards-in-place check: every card of the deck was seen.
    fn all_placed(&self, seen: CardSet) -> Result<(), String> {
        if seen == CardSet::DECK {
            Ok(())
        } else {
            Err(format!("missing cards: {}", CardSet::DECK.without(seen)))
        }
    }

    /// The settlement of the finished deal.
    pub fn settlement(&self) -> Option<Settlement> {
        Some(settle(&self.facts()?, self.rules()))
    }

    /// Party D's pile: its tricks, the declarer's discards, and in a
    /// Solorufer with the King in the talon the King's half (§9.1, D-14).
    pub fn declarer_pile(&self) -> CardSet {
        let Some(play) = self.play() else {
            return CardSet::EMPTY;
        };
        let mut pile = self.talon().discard;
        for seat in self.declarer_seats().iter() {
            pile = pile.union(play.piles()[seat.index()]);
        }
        let solorufer = self
            .declared()
            .is_some_and(|d| d.contract == Contract::Solorufer);
        if let Some(half) = self.king_half().filter(|_| solorufer) {
            pile = pile.union(self.deal().half(half));
        }
        pile
    }

    /// Trischaken piles: each seat's tricks, the talon to the winner of trick 12.
    pub fn trischaken_piles(&self, play: &Play) -> [CardSet; 4] {
        let mut piles = play.piles();
        if let Some(last) = play.trick(TRICKS - 1) {
            let w = last.winner.index();
            piles[w] = piles[w].union(self.deal().talon_set());
        }
        piles
    }

    fn positive_facts(&self, play: &Play) -> PositiveFacts {
        let d = self.declared().expect("finished");
        let parties = Seat::ALL.map(|s| self.party(s).unwrap_or(Party::Opponents));
        let mut f = PositiveFacts::new(d.contract, parties);
        let pile_d = self.declarer_pile();
        let pile_o = CardSet::DECK.without(pile_d);
        f.thirds = pile_d.thirds();
        f.tricks = play
            .tricks()
            .filter(|t| parties[t.winner.index()] == Party::Declarer)
            .count() as u8;
        let round = self.round().expect("positive games have a round");
        f.game_level = round.item(Item::Spiel).map_or(0, |s| s.level);
        f.kontras_void = d.contract == Contract::Solorufer && self.king_in_talon();
        for p in Premium::ALL {
            f.announced[p.index()] = round.item(Item::Premium(p)).map(|s| Announced {
                owner: s.owner,
                level: s.level,
            });
        }
        for (p, set) in [
            (Premium::Trull, CardSet::TRULL),
            (Premium::Koenige, CardSet::KINGS),
        ] {
            f.achieved[p.index()] = if pile_d.contains_all(set) {
                Some(Party::Declarer)
            } else if pile_o.contains_all(set) {
                Some(Party::Opponents)
            } else {
                None
            };
        }
        let mut trick_card = |p: Premium, card: Card| {
            let (achieved, failed) =
                trick_outcome(play, card, p.target_trick().expect("a target"), &parties);
            f.achieved[p.index()] = achieved;
            f.failed[p.index()] = failed;
        };
        for p in Premium::BIRDS {
            trick_card(p, p.bird_card().expect("a bird"));
        }
        if let Some(king) = self.called() {
            trick_card(Premium::Ku, king.card);
            // König Ultimo counts only for party D (§9.2).
            if f.achieved[Premium::Ku.index()] == Some(Party::Opponents) {
                f.achieved[Premium::Ku.index()] = None;
            }
        }
        f
    }
}

/// Whether `card` won trick `target` (its player's party), or lost in it.
fn trick_outcome(
    play: &Play,
    card: Card,
    target: u8,
    parties: &[Party; 4],
) -> (Option<Party>, Option<Party>) {
    let Some(t) = play.trick(usize::from(target) - 1) else {
        return (None, None);
    };
    let Some(player) = Seat::ALL
        .into_iter()
        .find(|s| t.trick.card_of(*s) == Some(card))
    else {
        return (None, None);
    };
    let party = parties[player.index()];
    if t.card == card {
        (Some(party), None)
    } else if t.winner != player && parties[t.winner.index()] == party && card.is_tarock() {
        // A bird must win its trick itself (§9.2): beaten by a partner it still fails.
        (None, Some(party))
    } else if !card.is_tarock() && parties[t.winner.index()] == party {
        // König Ultimo: trick 12 won by party D, by the King or a partner's tarock.
        (Some(party), None)
    } else {
        (None, Some(party))
    }
}
