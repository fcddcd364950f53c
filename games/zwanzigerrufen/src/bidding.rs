//! The Lizitation: announcing the game, premiums and Kontras (SPEC §3).
//!
//! A turn is an ordered list of [`Bid`]s ended by Weiter; an empty turn is a
//! pass. Every bid is checked against the state left by the bids before it
//! (SPEC D-06), and the bidding ends after three passes in a row.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardSet};
use crate::error::RuleError;
use crate::rules::{GameKind, Item, Premium, Rules};
use crate::seat::{Party, Seat};

/// One announcement within a bidding turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bid {
    /// Announce a game (contract).
    Game(GameKind),
    /// Announce a game together with a Valat, ranked as one bid (tarockwelt, SPEC C-2).
    GameWithValat(GameKind),
    /// Announce a premium for one's own party.
    Premium(Premium),
    /// Raise an item by one Kontra level.
    Kontra(Item),
}

impl Bid {
    /// Every bid, for enumerating the legal ones.
    pub const ALL: [Bid; 13] = [
        Bid::Game(GameKind::Rufer),
        Bid::Game(GameKind::Farbensolo),
        Bid::Game(GameKind::Solo),
        Bid::GameWithValat(GameKind::Rufer),
        Bid::GameWithValat(GameKind::Farbensolo),
        Bid::GameWithValat(GameKind::Solo),
        Bid::Premium(Premium::Absolut),
        Bid::Premium(Premium::Pagat),
        Bid::Premium(Premium::Valat),
        Bid::Kontra(Item::Game),
        Bid::Kontra(Item::Absolut),
        Bid::Kontra(Item::Pagat),
        Bid::Kontra(Item::Valat),
    ];
}

// `LegalActions` keeps the legal bids as a 16-bit mask over `Bid::ALL`.
const _: () = assert!(Bid::ALL.len() <= 16);

impl fmt::Display for Bid {
    /// The record words of the bid (`solo`, `farbensolo valat`, `kontra-spiel` …).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bid::Game(kind) => f.write_str(kind.word()),
            Bid::GameWithValat(kind) => write!(f, "{} valat", kind.word()),
            Bid::Premium(Premium::Absolut) => f.write_str("absolut"),
            Bid::Premium(Premium::Pagat) => f.write_str("pagat"),
            Bid::Premium(Premium::Valat) => f.write_str("valat"),
            Bid::Kontra(item) => f.write_str(item.kontra_word()),
        }
    }
}

/// The game in force: its kind, declarer and (Rufer) the called card and partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The game kind.
    pub kind: GameKind,
    /// The Rufer's caller, or the soloist.
    pub declarer: Seat,
    /// The called tarock (Rufer only).
    pub called: Option<Card>,
    /// The holder of the called card (Rufer only). Hidden information.
    pub partner: Option<Seat>,
    /// Announced together with a Valat (tarockwelt's combined bid).
    pub with_valat: bool,
}

impl Contract {
    /// The party of `seat`.
    pub fn party(&self, seat: Seat) -> Party {
        if seat == self.declarer || Some(seat) == self.partner {
            Party::Declarer
        } else {
            Party::Opponents
        }
    }

    /// Seat mask of the declarer party.
    pub(crate) fn declarer_mask(&self) -> u8 {
        self.declarer.bit() | self.partner.map_or(0, Seat::bit)
    }
}

/// An announced item (the game, or a premium) with its Kontra level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ItemState {
    /// The party that owns it (the declarer party for the game).
    pub owner: Party,
    /// The seat that announced it (the declarer for the game).
    pub announcer: Seat,
    /// Kontra level: 0 none, 1 Kontra, 2 Rekontra, 3 Subkontra, 4 Resupre.
    pub level: u8,
    /// Voided by a Valat announcement: neither scored as announced nor kontra-able.
    pub void: bool,
    /// Turn and seat of the last change, for the earliest-opportunity rule.
    changed: (u32, Seat),
}

impl ItemState {
    /// The Kontra multiplier `2^level`.
    pub const fn multiplier(&self) -> u32 {
        1 << self.level
    }

    /// Whether the item counts (exists and was not voided).
    pub const fn in_force(&self) -> bool {
        !self.void
    }
}

/// The state of the Lizitation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bidding {
    forehand: Seat,
    turn: Seat,
    turn_no: u32,
    bids_this_turn: u8,
    contract: Option<Contract>,
    contract_changed: (u32, Seat),
    items: [Option<ItemState>; 4],
    agreed: u8,
    passed_ever: u8,
    consecutive_passes: u8,
    revealed: u8,
}

/// Passes in a row that end the bidding.
const PASSES_TO_END: u8 = 3;

impl Bidding {
    /// The bidding before the Vorhand's opening.
    pub fn new(forehand: Seat) -> Bidding {
        Bidding {
            forehand,
            turn: forehand,
            turn_no: 0,
            bids_this_turn: 0,
            contract: None,
            contract_changed: (0, forehand),
            items: [None; 4],
            agreed: 0,
            passed_ever: 0,
            consecutive_passes: 0,
            revealed: 0,
        }
    }

    /// The seat whose turn it is.
    pub const fn turn(&self) -> Seat {
        self.turn
    }

    /// Bids made so far in the current turn.
    pub const fn bids_this_turn(&self) -> u8 {
        self.bids_this_turn
    }

    /// The game currently announced.
    pub const fn contract(&self) -> Option<&Contract> {
        self.contract.as_ref()
    }

    /// The state of `item`, if announced in the current game.
    pub const fn item(&self, item: Item) -> Option<&ItemState> {
        self.items[item.index()].as_ref()
    }

    /// Whether three passes in a row ended the bidding.
    pub const fn is_over(&self) -> bool {
        self.consecutive_passes >= PASSES_TO_END
    }

    /// Passes in a row so far.
    pub const fn consecutive_passes(&self) -> u8 {
        self.consecutive_passes
    }

    /// Whether `seat` has agreed to the current game (and so may not overbid it).
    pub const fn has_agreed(&self, seat: Seat) -> bool {
        self.agreed & seat.bit() != 0
    }

    /// The party of `seat` as everyone at the table knows it (SPEC §3.7).
    pub fn public_party(&self, seat: Seat) -> Option<Party> {
        let contract = self.contract.as_ref()?;
        (self.revealed_mask() & seat.bit() != 0).then(|| contract.party(seat))
    }

    /// Seat mask of publicly known parties, closed under deduction.
    pub(crate) fn revealed_mask(&self) -> u8 {
        let Some(contract) = &self.contract else {
            return 0;
        };
        if contract.kind.is_solo() {
            return 0b1111;
        }
        let d = contract.declarer_mask();
        let opponents = 0b1111 & !d;
        let revealed = self.revealed | contract.declarer.bit();
        let partner_known = revealed & d == d;
        let opponents_known = revealed & opponents == opponents;
        if partner_known || opponents_known {
            0b1111
        } else {
            revealed
        }
    }

    /// Makes `seat`'s party public (a Zusatz, or the called card played).
    pub(crate) fn reveal(&mut self, seat: Seat) {
        self.revealed |= seat.bit();
    }

    /// The Valat item if one is in force.
    fn valat_in_force(&self) -> bool {
        self.items[Item::Valat.index()].is_some_and(|v| v.in_force())
    }

    /// Bid rank for overbidding (SPEC §3.2).
    fn rank(kind: GameKind, with_valat: bool, rules: &Rules) -> u8 {
        match (rules.valat_raises_bid_rank, kind, with_valat) {
            (false, GameKind::Rufer, _) => 1,
            (false, GameKind::Farbensolo, _) => 2,
            (false, GameKind::Solo, _) => 3,
            (true, GameKind::Rufer, false) => 1,
            (true, GameKind::Rufer, true) => 2,
            (true, GameKind::Farbensolo, false) => 3,
            (true, GameKind::Solo, false) => 4,
            (true, GameKind::Farbensolo, true) => 5,
            (true, GameKind::Solo, true) => 6,
        }
    }

    /// The card a Rufer by the holder of `hand` calls: the highest of XX…XVI she lacks.
    pub fn called_card(hand: CardSet) -> Option<Card> {
        CardSet::CALLABLE.into_iter().find(|c| !hand.contains(*c))
    }

    /// Whether, under the earliest-opportunity rule, `seat` may still react now
    /// to something done in turn `turn` by seat `by` (SPEC L7, C-1).
    fn is_opportunity(&self, (turn, by): (u32, Seat), seat: Seat) -> bool {
        self.turn_no == turn + u32::from(by.distance_to(seat))
    }

    /// Checks `bid` by `seat` (holding `hand`, the deal's hands in `hands`).
    pub(crate) fn check(
        &self,
        seat: Seat,
        bid: Bid,
        hand: CardSet,
        rules: &Rules,
    ) -> Result<(), RuleError> {
        match bid {
            Bid::Game(kind) => self.check_game(seat, kind, false, hand, rules),
            Bid::GameWithValat(kind) => {
                if !rules.valat_raises_bid_rank {
                    return Err(RuleError::NoGameWithValat);
                }
                self.check_game(seat, kind, true, hand, rules)
            }
            Bid::Premium(p) => self.check_premium(seat, p, hand, rules),
            Bid::Kontra(item) => self.check_kontra(seat, item, rules),
        }
    }

    fn check_game(
        &self,
        seat: Seat,
        kind: GameKind,
        with_valat: bool,
        hand: CardSet,
        rules: &Rules,
    ) -> Result<(), RuleError> {
        if self.bids_this_turn > 0 {
            return Err(RuleError::GameNotFirst);
        }
        if let Some(current) = &self.contract {
            if kind == GameKind::Rufer {
                return Err(RuleError::RuferOnlyAsOpening);
            }
            if self.has_agreed(seat) {
                return Err(RuleError::AlreadyAgreed(seat));
            }
            if rules.pass_locks_auction && self.passed_ever & seat.bit() != 0 {
                return Err(RuleError::PassedBefore(seat));
            }
            let current_rank = Bidding::rank(current.kind, current.with_valat, rules);
            if Bidding::rank(kind, with_valat, rules) <= current_rank {
                return Err(RuleError::NotHigher(kind));
            }
        } else if kind == GameKind::Rufer && Bidding::called_card(hand).is_none() {
            return Err(RuleError::NothingToCall);
        }
        if kind == GameKind::Farbensolo {
            let held = hand.intersect(CardSet::SUIT_CARDS).len() as u8;
            if held < rules.farbensolo_min_suit_cards {
                return Err(RuleError::FarbensoloNotEligible {
                    needed: rules.farbensolo_min_suit_cards,
                    held,
                });
            }
        }
        Ok(())
    }

    fn check_premium(
        &self,
        seat: Seat,
        premium: Premium,
        hand: CardSet,
        rules: &Rules,
    ) -> Result<(), RuleError> {
        let contract = self.contract.as_ref().ok_or(RuleError::OpeningRequired)?;
        if self.items[premium.item().index()].is_some() {
            return Err(RuleError::AlreadyAnnounced(premium));
        }
        if self.valat_in_force() {
            return Err(RuleError::ValatInForce);
        }
        if !rules.premium_allowed(premium, contract.kind) {
            return Err(RuleError::PremiumNotInGame {
                premium,
                game: contract.kind,
            });
        }
        // C-2: where a game with Valat is a bid of its own, a Valat right after
        // one's own game in the same turn *is* that bid; the records could not
        // tell the two apart, so only the combined bid is allowed.
        let own_game_just_announced =
            self.bids_this_turn == 1 && self.contract_changed == (self.turn_no, seat);
        if premium == Premium::Valat && rules.valat_raises_bid_rank && own_game_just_announced {
            return Err(RuleError::ValatBelongsToGame);
        }
        if premium == Premium::Pagat && !hand.contains(Card::PAGAT) {
            return Err(RuleError::PagatNotHeld);
        }
        if rules.earliest_opportunity && !self.is_opportunity(self.contract_changed, seat) {
            return Err(RuleError::OpportunityPassed);
        }
        Ok(())
    }

    fn check_kontra(&self, seat: Seat, item: Item, rules: &Rules) -> Result<(), RuleError> {
        let contract = self.contract.as_ref().ok_or(RuleError::OpeningRequired)?;
        let state = match self.items[item.index()] {
            Some(s) if s.in_force() => s,
            _ => return Err(RuleError::NothingToKontra(item)),
        };
        if item != Item::Valat && rules.after_valat_only_valat_kontras && self.valat_in_force() {
            return Err(RuleError::ValatInForce);
        }
        let level = state.level + 1;
        if level > rules.max_kontra.get(item, contract.kind) {
            return Err(RuleError::KontraLimit(item));
        }
        let party = contract.party(seat);
        let owners_turn = level % 2 == 0;
        if (party == state.owner) != owners_turn {
            return Err(RuleError::KontraWrongParty(item));
        }
        if rules.earliest_opportunity && !self.is_opportunity(state.changed, seat) {
            return Err(RuleError::OpportunityPassed);
        }
        Ok(())
    }

    /// Checks that `seat` may end its turn now (SPEC L1, L8).
    pub(crate) fn check_weiter(
        &self,
        seat: Seat,
        hand: CardSet,
        rules: &Rules,
    ) -> Result<(), RuleError> {
        let Some(contract) = &self.contract else {
            return Err(RuleError::OpeningRequired);
        };
        let game = self.items[Item::Game.index()];
        let must_kontra = rules.trull_holder_must_kontra
            && contract.kind == GameKind::Rufer
            && contract.party(seat) == Party::Opponents
            && hand.contains_all(CardSet::TRULL)
            && game.is_some_and(|g| g.level == 0)
            && rules.max_kontra.game.rufer > 0
            && !self.valat_in_force();
        if must_kontra {
            return Err(RuleError::TrullMustKontra);
        }
        Ok(())
    }

    /// Applies a bid that [`Bidding::check`] accepted. `hands` are the dealt hands.
    pub(crate) fn apply(&mut self, seat: Seat, bid: Bid, hands: &[CardSet; 4], rules: &Rules) {
        let now = (self.turn_no, seat);
        match bid {
            Bid::Game(kind) => self.announce_game(seat, kind, false, hands),
            Bid::GameWithValat(kind) => self.announce_game(seat, kind, true, hands),
            Bid::Premium(premium) => {
                let contract = self.contract.expect("checked: a game exists");
                let owner = contract.party(seat);
                self.items[premium.item().index()] = Some(ItemState {
                    owner,
                    announcer: seat,
                    level: 0,
                    void: false,
                    changed: now,
                });
                let game = self.items[Item::Game.index()].as_mut().expect("game item");
                if owner == Party::Opponents
                    && rules.opp_premium_implies_game_kontra.contains(premium)
                    && game.level == 0
                {
                    game.level = 1;
                    game.changed = now;
                }
                if premium == Premium::Valat && rules.valat_voids_other_zusaetze {
                    for item in [Item::Absolut, Item::Pagat] {
                        if let Some(s) = self.items[item.index()].as_mut() {
                            s.void = true;
                        }
                    }
                }
                self.agree_and_reveal(seat);
            }
            Bid::Kontra(item) => {
                let state = self.items[item.index()]
                    .as_mut()
                    .expect("checked: item exists");
                state.level += 1;
                state.changed = now;
                self.agree_and_reveal(seat);
            }
        }
        self.bids_this_turn += 1;
        self.consecutive_passes = 0;
    }

    fn agree_and_reveal(&mut self, seat: Seat) {
        self.agreed |= seat.bit();
        self.revealed |= seat.bit();
    }

    /// E1: a new game voids everything announced before it.
    fn announce_game(
        &mut self,
        seat: Seat,
        kind: GameKind,
        with_valat: bool,
        hands: &[CardSet; 4],
    ) {
        let (called, partner) = if kind == GameKind::Rufer {
            let called = Bidding::called_card(hands[seat.index()]).expect("checked: callable");
            let partner = Seat::ALL
                .into_iter()
                .find(|s| hands[s.index()].contains(called));
            (Some(called), partner)
        } else {
            (None, None)
        };
        self.contract = Some(Contract {
            kind,
            declarer: seat,
            called,
            partner,
            with_valat,
        });
        self.contract_changed = (self.turn_no, seat);
        let item = |owner| ItemState {
            owner,
            announcer: seat,
            level: 0,
            void: false,
            changed: (self.turn_no, seat),
        };
        self.items = [Some(item(Party::Declarer)), None, None, None];
        if with_valat {
            self.items[Item::Valat.index()] = Some(item(Party::Declarer));
        }
        self.agreed = seat.bit();
        self.revealed = seat.bit();
    }

    /// Ends `seat`'s turn (after [`Bidding::check_weiter`]); an empty turn is a pass.
    pub(crate) fn end_turn(&mut self, seat: Seat) {
        if self.bids_this_turn == 0 {
            self.agreed |= seat.bit();
            self.passed_ever |= seat.bit();
            self.consecutive_passes += 1;
        }
        self.turn_no += 1;
        self.turn = seat.next();
        self.bids_this_turn = 0;
    }
}
