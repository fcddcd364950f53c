//! Announcements (Ansagen) and Kontra (SPEC §7): the round as a state
//! machine of turns, premium legality (K1–K6, K9, K10) and Kontra legality
//! (K7, K8) — per party in positive games, per declarer/opponent pair in
//! negative games.

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardSet};
use crate::contract::{Contract, Item, Mode, Premium};
use crate::error::RuleError;
use crate::rules::Rules;
use crate::seat::{Party, Seat, Seats};

/// An item in force: the game or an announced premium (SPEC §7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ItemState {
    /// The party that owns it.
    pub owner: Party,
    /// Kontra level: 0, 1 Kontra, 2 Rekontra, 3 Subkontra …
    pub level: u8,
    /// The seat that announced it (`None` for the game).
    pub announcer: Option<Seat>,
    /// Number of the turn that created or last raised it (0 = the start of the round).
    changed: u8,
}

/// A negative game's Kontra between one declarer and one opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PairState {
    /// Kontra level.
    pub level: u8,
    changed: u8,
}

/// What the round needs to know about the deal (built by the game).
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The contract (the first namer's).
    pub contract: Contract,
    /// The declarer (first namer).
    pub declarer: Seat,
    /// All declarers (several only with "bei").
    pub declarers: Seats,
    /// The true party of every seat.
    pub parties: [Party; 4],
    /// The hands now.
    pub hands: &'a [CardSet; 4],
    /// The called King, in king-calling games.
    pub called: Option<Card>,
    /// The partner, if the called King is in a hand other than the declarer's.
    pub partner: Option<Seat>,
    /// Birds the declarer took from the talon (§6.5).
    pub talon_birds: CardSet,
    /// Birds in the declarer's hand before the talon (K10).
    pub original_birds: CardSet,
}

/// The round of announcements and Kontras.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    negative: bool,
    turn: Seat,
    turn_no: u8,
    last_turn: [u8; 4],
    empties: u8,
    /// Positive games: the declarer's opening turn, which never counts as empty.
    opening: Option<Seat>,
    words: u8,
    items: [Option<ItemState>; Item::COUNT],
    pairs: [[PairState; 4]; 4],
    declarers: Seats,
    kontra_spiel: Seats,
    valat: Seats,
    done: bool,
}

impl Round {
    /// The round of a positive game: the declarer opens ("ich liege"); a
    /// bird-Rufer's bird exists from the start.
    pub fn positive(declarer: Seat, contract: Contract) -> Round {
        let mut items = [None; Item::COUNT];
        items[Item::Spiel.index()] = Some(ItemState {
            owner: Party::Declarer,
            level: 0,
            announcer: None,
            changed: 0,
        });
        if let Some(bird) = contract.bird() {
            items[Item::Premium(bird).index()] = Some(ItemState {
                owner: Party::Declarer,
                level: 0,
                announcer: Some(declarer),
                changed: 0,
            });
        }
        Round {
            negative: false,
            turn: declarer,
            turn_no: 1,
            last_turn: [0; 4],
            empties: 0,
            opening: Some(declarer),
            words: 0,
            items,
            pairs: [[PairState::default(); 4]; 4],
            declarers: Seats::single(declarer),
            kontra_spiel: Seats::NONE,
            valat: Seats::NONE,
            done: false,
        }
    }

    /// The Kontra round of a negative game: from the seat after the first declarer.
    pub fn negative(first: Seat, declarers: Seats) -> Round {
        Round {
            negative: true,
            turn: first.next(),
            opening: None,
            declarers,
            ..Round::positive(first, Contract::Piccolo)
        }
    }

    /// The seat whose turn it is.
    pub const fn turn(&self) -> Seat {
        self.turn
    }

    /// Whether three empty turns ended the round.
    pub const fn is_done(&self) -> bool {
        self.done
    }

    /// Whether the turn being played is the declarer's opening turn of a
    /// positive game (the one he ends with "ich liege", §7.2).
    pub const fn is_opening(&self) -> bool {
        self.opening.is_some()
    }

    /// Words said in the current turn so far.
    pub const fn words_this_turn(&self) -> u8 {
        self.words
    }

    /// The state of `item` (positive games).
    pub const fn item(&self, item: Item) -> Option<ItemState> {
        self.items[item.index()]
    }

    /// All items, indexed by [`Item::index`].
    pub const fn items(&self) -> &[Option<ItemState>; Item::COUNT] {
        &self.items
    }

    /// The Kontra level between declarer `d` and opponent `o` (negative games).
    pub const fn pair(&self, d: Seat, o: Seat) -> PairState {
        self.pairs[d.index()][o.index()]
    }

    /// Whether `seat` may raise something last changed in turn `changed` (K8).
    fn in_time(&self, seat: Seat, changed: u8) -> bool {
        let last = self.last_turn[seat.index()];
        if changed == 0 {
            last == 0
        } else {
            last < changed
        }
    }

    /// Checks an announcement of `p` by the seat to act (K1–K6, K9).
    ///
    /// # Errors
    /// The [`RuleError`] of the rule it breaks.
    pub fn check_announce(&self, p: Premium, ctx: &Context) -> Result<(), RuleError> {
        let seat = self.turn;
        if self.negative || !ctx.contract.is_positive() {
            return Err(RuleError::NoPremiums);
        }
        let in_game = match (ctx.contract.mode(), p) {
            (Mode::Colour, Premium::Koenige | Premium::Valat) => true,
            (Mode::Colour, _) => false,
            (_, Premium::Ku) => ctx.contract.calls_king() && ctx.rules.premium(p) > 0,
            (_, Premium::Valat) => true,
            (_, _) => ctx.rules.premium(p) > 0,
        };
        if !in_game {
            return Err(RuleError::PremiumNotInGame(p));
        }
        if self.last_turn[seat.index()] != 0 {
            return Err(RuleError::PremiumsFirstTurn);
        }
        if self.items[Item::Premium(p).index()].is_some() {
            return Err(RuleError::AlreadyAnnounced(p));
        }
        let party = ctx.parties[seat.index()];
        let hand = ctx.hands[seat.index()];
        match p {
            Premium::Ku => {
                let holder = ctx.called.is_some_and(|k| hand.contains(k));
                let ok = if ctx.rules.ku_by_party {
                    party == Party::Declarer
                } else {
                    holder
                };
                if !ok {
                    return Err(RuleError::KuNotAllowed);
                }
            }
            Premium::Valat => {
                let colour_opp = ctx.contract.mode() == Mode::Colour && party == Party::Opponents;
                if ctx.rules.colour_kontra_or_valat
                    && colour_opp
                    && self.kontra_spiel.contains(seat)
                {
                    return Err(RuleError::KontraOrValat);
                }
            }
            _ => {
                if let Some(bird) = p.bird_card()
                    && !hand.contains(bird)
                    && !announces_talon_bird(seat, bird, ctx)
                {
                    return Err(RuleError::BirdNotHeld(p));
                }
            }
        }
        Ok(())
    }

    /// Checks a Kontra on `item` by the seat to act; in negative games
    /// `against` names the other seat of the pair and is resolved when only
    /// one is possible. Returns the pair (declarer, opponent) in negative
    /// games, `None` in positive games.
    ///
    /// # Errors
    /// The [`RuleError`] of the rule it breaks (K7, K8, K9).
    pub fn check_kontra(
        &self,
        item: Item,
        against: Option<Seat>,
        ctx: &Context,
    ) -> Result<Option<(Seat, Seat)>, RuleError> {
        if self.negative {
            if item != Item::Spiel {
                return Err(RuleError::NothingToKontra(item));
            }
            return self.check_pair_kontra(against, ctx).map(Some);
        }
        if against.is_some() {
            return Err(RuleError::KontraSeatNotNeeded);
        }
        let seat = self.turn;
        let state = self.items[item.index()].ok_or(RuleError::NothingToKontra(item))?;
        // K8 first: a seat whose moment has passed is told so (KV3).
        if !self.in_time(seat, state.changed) {
            return Err(RuleError::KontraTooLate(item));
        }
        let by_owner = ctx.parties[seat.index()] == state.owner;
        if by_owner != (state.level % 2 == 1) {
            return Err(RuleError::KontraWrongSide(item));
        }
        if state.level >= ctx.rules.max_kontra {
            return Err(RuleError::KontraLimit(item));
        }
        let colour_opp = ctx.contract.mode() == Mode::Colour && !by_owner && item == Item::Spiel;
        if ctx.rules.colour_kontra_or_valat && colour_opp && self.valat.contains(seat) {
            return Err(RuleError::KontraOrValat);
        }
        Ok(None)
    }

    /// The pair (declarer, opponent) that a Kontra by the seat to act
    /// against `other` raises, if any: first as an opponent of declarer
    /// `other` (odd level), else as declarer against opponent `other` (even
    /// level). Between two "bei" declarers both may be open; the Kontra on
    /// the other's game comes first (the record word is the same).
    fn pair_against(&self, other: Seat, max: u8) -> Option<(Seat, Seat)> {
        let seat = self.turn;
        if other == seat {
            return None;
        }
        let as_opponent = (self.declarers.contains(other)
            && self.pair(other, seat).level.is_multiple_of(2))
        .then_some((other, seat));
        let as_declarer = (self.declarers.contains(seat) && self.pair(seat, other).level % 2 == 1)
            .then_some((seat, other));
        [as_opponent, as_declarer]
            .into_iter()
            .flatten()
            .find(|&(d, o)| {
                let state = self.pair(d, o);
                state.level < max && self.in_time(seat, state.changed)
            })
    }

    fn check_pair_kontra(
        &self,
        against: Option<Seat>,
        ctx: &Context,
    ) -> Result<(Seat, Seat), RuleError> {
        let seat = self.turn;
        let max = ctx.rules.max_kontra;
        match against {
            None => {
                let mut options = Seat::ALL
                    .into_iter()
                    .filter_map(|o| self.pair_against(o, max));
                match (options.next(), options.next()) {
                    (Some(pair), None) => Ok(pair),
                    (Some(_), Some(_)) => Err(RuleError::KontraTarget),
                    (None, _) => Err(self.pair_error(seat, None, max)),
                }
            }
            Some(target) => self
                .pair_against(target, max)
                .ok_or_else(|| self.pair_error(seat, Some(target), max)),
        }
    }

    /// The most telling reason why `seat` cannot kontra (against `target`).
    fn pair_error(&self, seat: Seat, target: Option<Seat>, max: u8) -> RuleError {
        let spiel = Item::Spiel;
        let Some(t) = target else {
            return RuleError::KontraTooLate(spiel);
        };
        let pair = if self.declarers.contains(t) && t != seat {
            (t, seat)
        } else if self.declarers.contains(seat) && t != seat {
            (seat, t)
        } else {
            return RuleError::KontraNoPair(t);
        };
        let state = self.pair(pair.0, pair.1);
        let opponent_acts = pair.1 == seat;
        if state.level >= max {
            RuleError::KontraLimit(spiel)
        } else if opponent_acts != state.level.is_multiple_of(2) {
            RuleError::KontraWrongSide(spiel)
        } else {
            RuleError::KontraTooLate(spiel)
        }
    }

    /// Checks the end of the turn (K10: the Besserrufer's obligatory bird).
    ///
    /// # Errors
    /// [`RuleError::BirdRequired`].
    pub fn check_weiter(&self, ctx: &Context) -> Result<(), RuleError> {
        if self.opening.is_some() && ctx.contract == Contract::Besserrufer {
            let announced = Premium::BIRDS.into_iter().any(|p| {
                let state = self.items[Item::Premium(p).index()];
                let card = p.bird_card().expect("a bird");
                state.is_some_and(|s| s.announcer == Some(ctx.declarer))
                    && ctx.original_birds.contains(card)
            });
            if !announced {
                return Err(RuleError::BirdRequired);
            }
        }
        Ok(())
    }

    /// Applies a checked announcement.
    pub fn announce(&mut self, p: Premium, ctx: &Context) {
        let seat = self.turn;
        self.items[Item::Premium(p).index()] = Some(ItemState {
            owner: ctx.parties[seat.index()],
            level: 0,
            announcer: Some(seat),
            changed: self.turn_no,
        });
        if p == Premium::Valat {
            self.valat = self.valat.with(seat);
        }
        self.words += 1;
    }

    /// Applies a checked Kontra (`pair` as returned by [`Round::check_kontra`]).
    pub fn kontra(&mut self, item: Item, pair: Option<(Seat, Seat)>) {
        let seat = self.turn;
        match pair {
            Some((d, o)) => {
                let state = &mut self.pairs[d.index()][o.index()];
                state.level += 1;
                state.changed = self.turn_no;
            }
            None => {
                let state = self.items[item.index()].as_mut().expect("checked");
                state.level += 1;
                state.changed = self.turn_no;
                if item == Item::Spiel {
                    self.kontra_spiel = self.kontra_spiel.with(seat);
                }
            }
        }
        self.words += 1;
    }

    /// Ends the turn; three empty turns in a row end the round (§7.2).
    pub fn end_turn(&mut self) {
        let seat = self.turn;
        if self.opening.take().is_none() {
            self.empties = if self.words == 0 { self.empties + 1 } else { 0 };
        }
        self.last_turn[seat.index()] = self.turn_no;
        self.turn_no = self.turn_no.saturating_add(1);
        self.words = 0;
        self.turn = seat.next();
        self.done = self.empties >= 3;
    }

    /// The kontras in force in a negative game, as (declarer, opponent, level).
    pub fn pair_levels(&self) -> [[u8; 4]; 4] {
        self.pairs.map(|row| row.map(|p| p.level))
    }
}

/// §6.5 (`cup2019`): the partner announces a bird the declarer took from the
/// exposed talon and still holds.
fn announces_talon_bird(seat: Seat, bird: Card, ctx: &Context) -> bool {
    ctx.rules.partner_announces_talon_bird
        && ctx.partner == Some(seat)
        && ctx.talon_birds.contains(bird)
        && ctx.hands[ctx.declarer.index()].contains(bird)
}
