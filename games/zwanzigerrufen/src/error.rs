//! Why the engine rejected an action. Each variant names the rule it enforces
//! (SPEC §3.5 L1–L8, §4.1); a rejected action never changes the game.

use crate::card::Card;
use crate::rules::{GameKind, Item, Premium};
use crate::seat::Seat;

/// A well-formed action that the rules do not allow now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Another seat is to act.
    #[error("it is seat {expected}'s turn, not seat {actual}'s")]
    NotYourTurn {
        /// The seat to act.
        expected: Seat,
        /// The seat that tried.
        actual: Seat,
    },
    /// All ten tricks have been played.
    #[error("the deal is over")]
    DealOver,
    /// A bidding action during trick play.
    #[error("the bidding is over; play a card")]
    BiddingOver,
    /// A card played during the bidding.
    #[error("the bidding is still going on")]
    StillBidding,
    /// L1: the Vorhand's first turn must open with a game.
    #[error("L1: the Vorhand must open the bidding with a game")]
    OpeningRequired,
    /// L1: the Vorhand holds XX to XVI and has no card to call.
    #[error("L1: no card to call, since XX to XVI are all in the caller's hand")]
    NothingToCall,
    /// L2: a game can only be the first action of a turn.
    #[error("L2: a game must be the first announcement of a turn")]
    GameNotFirst,
    /// L3: only the Vorhand's opening can be a Rufer.
    #[error("L3: only the Vorhand's opening can be a Rufer")]
    RuferOnlyAsOpening,
    /// L3: a new game must rank above the current one.
    #[error("L3: {0} does not rank above the current game")]
    NotHigher(GameKind),
    /// L3: the seat has agreed to the current game.
    #[error("L3: seat {0} has already agreed to the current game")]
    AlreadyAgreed(Seat),
    /// L3 (pass_locks_auction): the seat said Weiter earlier.
    #[error("L3: seat {0} has passed and may not announce a game")]
    PassedBefore(Seat),
    /// L3: not enough suit cards for a Farbensolo.
    #[error("L3: a Farbensolo needs at least {needed} suit cards, the hand has {held}")]
    FarbensoloNotEligible {
        /// Suit cards needed.
        needed: u8,
        /// Suit cards held.
        held: u8,
    },
    /// L3 (tarockwelt): a game with Valat only where the ranking knows it.
    #[error("L3: a game announced together with Valat is not part of these rules")]
    NoGameWithValat,
    /// C-2 (tarockwelt): a Valat right after one's own game is the combined bid.
    #[error("C-2: announce the Valat together with the game, as one bid")]
    ValatBelongsToGame,
    /// L4: a premium before any game was announced.
    #[error("L4: no game has been announced")]
    NoGame,
    /// L4: the premium exists already in this game.
    #[error("L4: {0:?} has already been announced")]
    AlreadyAnnounced(Premium),
    /// L4, L5: a Valat is in force; only Kontras on it are allowed.
    #[error("L4/L5: after a Valat only Kontras on the Valat are allowed")]
    ValatInForce,
    /// L4: Pagat Ultimo by a seat without the Pagat.
    #[error("L4: only the holder of the Pagat (T1) may announce Pagat Ultimo")]
    PagatNotHeld,
    /// L4: the premium is not played in this game kind.
    #[error("L4: {premium:?} is not played in a {game}")]
    PremiumNotInGame {
        /// The premium.
        premium: Premium,
        /// The current game.
        game: GameKind,
    },
    /// L5: Kontra on an item that was not announced (or was voided).
    #[error("L5: there is no {0:?} to kontra")]
    NothingToKontra(Item),
    /// L5: the item is at its highest Kontra level.
    #[error("L5: {0:?} cannot be raised above its Kontra limit")]
    KontraLimit(Item),
    /// L5: odd levels come from the other party, even levels from the owner.
    #[error("L5: this Kontra step on {0:?} belongs to the other party")]
    KontraWrongParty(Item),
    /// L7 (tarockwelt): the earliest opportunity has passed.
    #[error("L7: this announcement had to be made at the earliest opportunity")]
    OpportunityPassed,
    /// L8 (directnet): an opponent holding the Trull must kontra the Rufer.
    #[error("L8: an opponent holding the whole Trull must give Kontra")]
    TrullMustKontra,
    /// The card is not in the player's hand.
    #[error("card {0} is not in the hand")]
    NotInHand(Card),
    /// §4.1: a suit card was led and the hand holds that suit (Farbzwang).
    #[error("{card} does not follow suit: {led} was led and you hold that suit")]
    MustFollowSuit {
        /// The card tried.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// §4.1: a tarock must be played — to a tarock lead, or when void in the led suit (Tarockzwang).
    #[error("{card} is not a tarock: {led} was led and you must play a tarock")]
    MustPlayTarock {
        /// The card tried.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// §4.1: in a Farbensolo no tarock may be led while the hand holds a suit card.
    #[error("{card}: in a Farbensolo a tarock may be led only without suit cards")]
    FarbensoloLead {
        /// The card tried.
        card: Card,
    },
    /// §4.3: the Pagat announcer must keep the Pagat while he has other legal cards.
    #[error("the announced Pagat must be kept for the last trick")]
    PagatMustBeKept,
}
