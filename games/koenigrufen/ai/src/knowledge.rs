//! What one seat can deduce from its [`SeatView`] in trick play: which cards
//! it has not located, where each of them may lie, and which out-of-play
//! cards count for which party.
//!
//! Cards lie in six *slots*: the four hands, the declarer's face-down
//! discards ([`HIDDEN_D`], they count for party D), and other cards out of
//! play that the seat has not seen ([`HIDDEN_O`]: an untouched talon, the
//! cards Mussolini's opponents laid aside). Deductions:
//!
//! - cards played, and voids shown: not following the led class means none
//!   of it is left, and without a tarock either unless one was played; in a
//!   colour game a tarock lead means no suit card; in a negative game a card
//!   that did not beat the trick shows no card of its class that could have
//!   (Stichzwang), and the Pagat shows the last tarock;
//! - the talon: exposed halves are seen by all; the half the declarer took
//!   is in his hand or his discards; the other half counts for party O; the
//!   face-up discards are known, the face-down ones are of the class the
//!   rules allow (a tarock game's face-up tarocks show that every other suit
//!   card went too);
//! - the called King: not the declarer's, held by a seat known to be his
//!   partner, not by a seat known to be against him;
//! - announced birds: held by their announcer (a partner's announcement of
//!   the declarer's talon bird: by the declarer).

use tarock_koenigrufen::contract::TalonUse;
use tarock_koenigrufen::talon::Taken;
use tarock_koenigrufen::trick::Trick;
use tarock_koenigrufen::{
    Card, CardSet, Contract, Half, Item, Mode, Party, Premium, Seat, SeatView,
};

/// Number of places an unseen card can be in.
pub const SLOTS: usize = 6;
/// The slot of the declarer's face-down discards (they count for party D).
pub const HIDDEN_D: usize = 4;
/// The slot of other unseen cards out of play (untouched talon, Mussolini's
/// opponents' discards); they count for party O, or for nobody.
pub const HIDDEN_O: usize = 5;

/// The deductions of one seat in trick play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The seat that deduced this.
    pub me: Seat,
    /// Cards played so far (completed tricks and the trick in progress).
    pub played: CardSet,
    /// Cards whose place this seat does not know.
    pub pool: CardSet,
    /// Per slot: the pool cards it may hold.
    pub allowed: [CardSet; SLOTS],
    /// Per slot: pool cards it must hold.
    pub holds: [CardSet; SLOTS],
    /// Per slot: how many pool cards it holds.
    pub sizes: [u8; SLOTS],
    /// Known cards out of play that count for party D (own or face-up discards).
    pub known_d: CardSet,
    /// Known cards out of play that count for party O (the talon half not taken).
    pub known_o: CardSet,
    /// Per seat: cards it has shown it cannot hold (voids, Stichzwang, the called King).
    pub excluded: [CardSet; 4],
}

impl Knowledge {
    /// Everything `view.seat` can deduce from its view (trick play).
    pub fn from_view(view: &SeatView) -> Knowledge {
        let p = &view.public;
        let me = view.seat;
        let mode = p.contract.map_or(Mode::Tarock, Contract::mode);
        let mut excluded = [CardSet::EMPTY; 4];
        let mut played = CardSet::EMPTY;
        for trick in p.tricks.iter().map(|t| t.trick).chain(p.trick) {
            played = played.union(trick.card_set());
            note_trick(&trick, mode, &mut excluded);
        }
        let mut k = Knowledge {
            me,
            played,
            pool: CardSet::EMPTY,
            allowed: [CardSet::EMPTY; SLOTS],
            holds: [CardSet::EMPTY; SLOTS],
            sizes: [0; SLOTS],
            known_d: CardSet::EMPTY,
            known_o: CardSet::EMPTY,
            excluded,
        };
        let talon = k.talon(view);
        k.pool = CardSet::DECK
            .without(view.hand)
            .without(played)
            .without(k.known_d)
            .without(k.known_o);
        for s in Seat::ALL.into_iter().filter(|s| *s != me) {
            k.sizes[s.index()] = p.hand_sizes[s.index()];
            k.allowed[s.index()] = k.pool.without(k.excluded[s.index()]);
        }
        k.allowed[HIDDEN_O] = k.pool;
        k.allowed[HIDDEN_D] = k.pool.intersect(talon.hidden_class);
        // The talon cards the declarer took are in his hand or his discards.
        for slot in 0..SLOTS {
            if Some(slot) != talon.declarer.map(Seat::index) && slot != HIDDEN_D {
                k.allowed[slot] = k.allowed[slot].without(talon.taken);
            }
        }
        // Mussolini's row went to the opponents (into their hands or laid aside).
        if let Some(d) = talon.declarer.filter(|_| !talon.row.is_empty()) {
            k.allowed[d.index()] = k.allowed[d.index()].without(talon.row);
            k.allowed[HIDDEN_D] = k.allowed[HIDDEN_D].without(talon.row);
        }
        k.sizes[HIDDEN_D] = talon.hidden_d;
        k.sizes[HIDDEN_O] = talon.hidden_o;
        k.note_called(view, talon.declarer);
        k.note_birds(view, talon.declarer, talon.took);
        debug_assert_eq!(
            k.pool.len(),
            k.sizes.iter().map(|s| u32::from(*s)).sum::<u32>(),
            "the pool fills the slots"
        );
        k
    }

    /// The pool cards `seat` may hold as far as this seat knows.
    pub fn possible(&self, seat: Seat) -> CardSet {
        if seat == self.me {
            CardSet::EMPTY
        } else {
            self.allowed[seat.index()]
        }
    }

    /// Whether `seat` may hold `card`.
    pub fn may_hold(&self, seat: Seat, card: Card) -> bool {
        self.possible(seat).contains(card)
    }

    /// The talon and discards as this seat knows them; sets `known_d`,
    /// `known_o` and the declarer's exclusions.
    fn talon(&mut self, view: &SeatView) -> TalonKnowledge {
        let p = &view.public;
        let mut t = TalonKnowledge::default();
        let Some(contract) = p.contract else {
            return t;
        };
        let declarer = p.declarers.first().map(|d| d.0);
        t.declarer = declarer;
        let mine = declarer == Some(self.me);
        let colour = contract.mode() == Mode::Colour;
        // Face-down discards: suit cards in tarock games, tarocks in colour
        // games, anything allowed in a Mussolini; never Kings, Trull or the named bird.
        let mut class = CardSet::DECK
            .without(CardSet::KINGS)
            .without(CardSet::TRULL);
        if let Some(bird) = contract.bird().and_then(Premium::bird_card) {
            class.remove(bird);
        }
        t.hidden_class = match contract.talon_use() {
            TalonUse::Mussolini => class,
            _ if colour => class.intersect(CardSet::TAROCKS),
            _ => class.intersect(CardSet::SUIT_CARDS),
        };
        let need = match p.talon_taken {
            Some(Taken::All) => 6,
            Some(Taken::Half(_)) => 3,
            None => 0,
        };
        match contract.talon_use() {
            TalonUse::Exposed => {
                if let Some(Taken::Half(h)) = p.talon_taken {
                    t.taken = p.talon[h as usize].unwrap_or_default();
                    self.known_o = p.talon[h.other() as usize].unwrap_or_default();
                }
                if p.talon_taken == Some(Taken::All) {
                    t.taken = Half::BOTH
                        .iter()
                        .filter_map(|h| p.talon[*h as usize])
                        .fold(CardSet::EMPTY, CardSet::union);
                }
                self.discards(view, mine, need, contract, &mut t);
            }
            TalonUse::AllSix => {
                if mine {
                    t.taken = view
                        .talon
                        .iter()
                        .flatten()
                        .fold(CardSet::EMPTY, |a, h| a.union(*h));
                }
                self.discards(view, mine, 6, contract, &mut t);
            }
            TalonUse::Mussolini => {
                if mine {
                    self.known_d = view.own_discard;
                    t.row = view.row.map_or(CardSet::EMPTY, |r| r.into_iter().collect());
                    t.hidden_o = 3;
                } else {
                    self.known_o = view.own_discard;
                    t.hidden_d = 3;
                    t.hidden_o = 2;
                }
            }
            TalonUse::ForOpponents | TalonUse::Unused | TalonUse::LastTrick => t.hidden_o = 6,
        }
        t.took = t.taken;
        // Cards already played cannot be anywhere else.
        t.taken = t.taken.without(self.played).without(self.known_d);
        t.row = t.row.without(self.played);
        t
    }

    /// The declarer's discards of `need` cards: known to himself; to the
    /// others only the face-up ones, which may show that a class is gone.
    fn discards(
        &mut self,
        view: &SeatView,
        mine: bool,
        need: u8,
        c: Contract,
        t: &mut TalonKnowledge,
    ) {
        if mine {
            self.known_d = view.own_discard;
            return;
        }
        let face_up = view.public.face_up;
        self.known_d = face_up;
        t.hidden_d = need.saturating_sub(face_up.len() as u8);
        let Some(d) = t.declarer else { return };
        let trigger = if c.mode() == Mode::Colour {
            CardSet::SUIT_CARDS
        } else {
            CardSet::TAROCKS
        };
        // A card of the trigger class went face up only once every allowed
        // card of the other class had gone.
        if face_up.meets(trigger) {
            let forced = CardSet::DECK
                .without(trigger)
                .without(CardSet::KINGS)
                .without(CardSet::TRULL);
            self.excluded[d.index()] = self.excluded[d.index()].union(forced);
        }
    }

    /// The called King: not the declarer's; held by a known partner, not by
    /// a seat known to be an opponent.
    fn note_called(&mut self, view: &SeatView, declarer: Option<Seat>) {
        let Some(king) = view.public.called.filter(|k| self.pool.contains(*k)) else {
            return;
        };
        for seat in Seat::ALL.into_iter().filter(|s| *s != self.me) {
            let i = seat.index();
            let party = view.parties[i];
            if Some(seat) == declarer || party == Some(Party::Opponents) {
                self.allowed[i].remove(king);
                self.excluded[i].insert(king);
            } else if party == Some(Party::Declarer) {
                self.holds[i].insert(king);
            }
        }
    }

    /// Announced birds are held by their announcer, or by the declarer when
    /// his partner announced a bird the declarer took from the talon (§6.5).
    fn note_birds(&mut self, view: &SeatView, declarer: Option<Seat>, took: CardSet) {
        for (item, state) in &view.public.items {
            let Item::Premium(premium) = item else {
                continue;
            };
            let (Some(card), Some(announcer)) = (premium.bird_card(), state.announcer) else {
                continue;
            };
            let holder = match declarer {
                Some(d) if took.contains(card) => d,
                _ => announcer,
            };
            if holder != self.me && self.allowed[holder.index()].contains(card) {
                self.holds[holder.index()].insert(card);
            }
        }
    }
}

/// What the talon tells one seat.
#[derive(Clone, Copy, Debug, Default)]
struct TalonKnowledge {
    declarer: Option<Seat>,
    /// Seen talon cards the declarer took and has not played or shown.
    taken: CardSet,
    /// Every talon card the declarer took, as far as this seat saw them.
    took: CardSet,
    /// Mussolini's row, as its declarer knows it.
    row: CardSet,
    /// The cards a face-down discard may be.
    hidden_class: CardSet,
    hidden_d: u8,
    hidden_o: u8,
}

/// The cards that beat `card` under tarock-game ranking (Stichzwang's test).
pub fn beating(card: Card) -> CardSet {
    if card.is_tarock() {
        CardSet::TAROCKS.above(card)
    } else {
        card.class().above(card).union(CardSet::TAROCKS)
    }
}

/// Records what one trick shows about the hands of the seats that played to it.
fn note_trick(trick: &Trick, mode: Mode, out: &mut [CardSet; 4]) {
    let Some(led) = trick.led() else { return };
    let leader = trick.leader();
    if mode == Mode::Colour && led.is_tarock() {
        out[leader.index()] = out[leader.index()].union(CardSet::SUIT_CARDS);
    }
    if mode == Mode::Negative && led == Card::PAGAT {
        out[leader.index()] = out[leader.index()].union(CardSet::TAROCKS);
    }
    let class = led.class();
    let mut so_far = Trick::new(leader);
    for card in trick.cards() {
        let seat = so_far.to_play();
        let mask = &mut out[seat.index()];
        if !so_far.is_empty() {
            if !class.contains(card) {
                *mask = mask.union(class);
                if !card.is_tarock() {
                    *mask = mask.union(CardSet::TAROCKS);
                }
            }
            if mode == Mode::Negative {
                let winning = so_far
                    .winning_card(Mode::Tarock, false)
                    .expect("a card led");
                let follow = if class.contains(card) {
                    class
                } else if card.is_tarock() {
                    CardSet::TAROCKS
                } else {
                    CardSet::EMPTY
                };
                if !beating(winning).contains(card) {
                    let could = follow
                        .intersect(beating(winning))
                        .without(CardSet::single(Card::PAGAT));
                    *mask = mask.union(could);
                }
                if card == Card::PAGAT {
                    *mask = mask.union(CardSet::TAROCKS);
                }
            }
        }
        so_far.push(card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn fd1_after_the_talon_locates_the_halves_and_the_called_king() {
        // FD1: S0 plays a Rufer, calls cK (S2 has it), takes half 2, lays c8 c10 d2 aside.
        let game = fixtures::fd1_in_play();
        let k = Knowledge::from_view(&game.view(Seat::S1));
        // Half 1 (hA h3 c9) counts for the opponents; half 2 went to S0.
        assert_eq!(k.known_o, "hA h3 c9".parse().unwrap());
        assert_eq!(k.known_d, CardSet::EMPTY);
        assert_eq!(k.sizes, [12, 0, 12, 12, 3, 0]);
        // d4 and cQ of half 2 are S0's or among his three discards; d2 too.
        for c in ["d4", "cQ", "d2"] {
            assert!(k.may_hold(Seat::S0, card(c)));
            assert!(!k.may_hold(Seat::S2, card(c)));
            assert!(k.allowed[HIDDEN_D].contains(card(c)));
        }
        // The called King is not the declarer's.
        assert!(!k.may_hold(Seat::S0, card("cK")));
        assert!(k.may_hold(Seat::S2, card("cK")) && k.may_hold(Seat::S3, card("cK")));
        // Face-down discards of a tarock game are suit cards.
        assert!(!k.allowed[HIDDEN_D].meets(CardSet::TAROCKS));
        assert_eq!(k.pool.len(), 39);
    }

    #[test]
    fn the_declarer_knows_his_discards_and_the_partner_knows_himself() {
        let game = fixtures::fd1_in_play();
        let k = Knowledge::from_view(&game.view(Seat::S0));
        assert_eq!(k.known_d, "c8 c10 d2".parse().unwrap());
        assert_eq!(k.sizes, [0, 12, 12, 12, 0, 0]);
        assert_eq!(k.pool.len(), 36);
    }

    #[test]
    fn stichzwang_and_voids_show_missing_cards_in_a_negative_game() {
        let mut game = fixtures::bettler_in_play();
        // S1 leads d4; S2 must beat it (dK); S3 has no diamond and must
        // trump (T12); S0 has no diamond and no tarock above T12 (T4).
        fixtures::apply(&mut game, &["1 d4", "2 dK", "3 T12", "0 T4"]);
        let k = Knowledge::from_view(&game.view(Seat::S2));
        let diamonds = tarock_koenigrufen::Suit::Diamonds.cards();
        assert!(!k.possible(Seat::S0).meets(diamonds));
        assert!(
            !k.possible(Seat::S0)
                .meets(CardSet::TAROCKS.above(card("T12")))
        );
        assert!(k.may_hold(Seat::S0, card("T11")));
        assert!(!k.possible(Seat::S3).meets(diamonds));
        assert!(k.may_hold(Seat::S3, card("T13")));
        // The untouched talon (six cards) is out of play.
        assert_eq!(k.sizes, [11, 11, 0, 11, 0, 6]);
        assert_eq!(k.pool.len(), 39);
    }

    #[test]
    fn a_pagat_played_in_a_negative_game_was_the_last_tarock() {
        let mut out = [CardSet::EMPTY; 4];
        let trick = Trick::from_cards(Seat::S0, &[card("T9"), card("T1")]);
        note_trick(&trick, Mode::Negative, &mut out);
        assert!(out[1].contains_all(CardSet::TAROCKS));
        assert!(out[0].is_empty());
    }
}
