//! Why the engine rejected an action. Each variant names the SPEC rule it
//! enforces (auction A1–A7, king call C1–C2, talon §6, discards T5,
//! announcements K1–K10, trick play §8); a rejected action never changes the game.

use crate::card::Card;
use crate::contract::{Contract, Item, Premium};
use crate::game::Phase;
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
    /// The deal is over.
    #[error("the deal is over")]
    DealOver,
    /// The action belongs to another phase of the deal.
    #[error("this action does not belong to the {0} phase")]
    WrongPhase(Phase),

    // ---- Auction (SPEC §4.3) ----
    /// A2: the Vorhand's first word may not be a pass.
    #[error("A2: the Vorhand must open: vorhand, a game, or sechserdreier")]
    MustOpen,
    /// A2: Rufer, Trischaken and Mussolini are no opening words.
    #[error("A2: {0} cannot be the Vorhand's opening word")]
    NotAnOpening(Contract),
    /// A2: Sechserdreier only as the Vorhand's first word.
    #[error("A2: sechserdreier is only the Vorhand's first word")]
    SechserOnlyFirst,
    /// A2/A3: the word `vorhand` is only the Vorhand's opening.
    #[error("A2: only the Vorhand's opening can be \"vorhand\"")]
    VorhandWordNotNow,
    /// A3: a bid must rank above the current one.
    #[error("A3: {0} does not rank above the current bid")]
    NotHigher(Contract),
    /// A3: only the Vorhand may hold.
    #[error("A3: only the Vorhand may hold a bid")]
    OnlyVorhandHolds,
    /// A3: there is no bid of another seat to hold.
    #[error("A3: there is no bid to hold")]
    NothingToHold,
    /// A3, D-08: with "bei" the Vorhand joins a closed Piccolo/Zwiccolo instead of holding it.
    #[error("A3 (D-08): the Vorhand joins a closed {0} with \"bei\" instead of holding it")]
    HoldBeiInstead(Contract),
    /// A3, A4 (D-03): Rufer and Trischaken only as the Vorhand's choice after three passes.
    #[error("A4: {0} is only the Vorhand's choice after \"vorhand\" and three passes")]
    ChoiceOnly(Contract),
    /// A4: after three passes the Vorhand must name a contract.
    #[error("A4: the others passed; the Vorhand names her contract")]
    ChoiceRequired,
    /// A4: Sechserdreier and Mussolini are no choice after three passes.
    #[error("A4: {0} cannot be the Vorhand's choice")]
    NotAChoice(Contract),
    /// A6 (§4.5): passing the Vorhand on needs the flag, the opening turn and four kings.
    #[error("A6: only a Vorhand with four kings may pass the Vorhand on, in her opening word")]
    VorhandWeiterNotAllowed,
    /// A7: a king-calling game needs a king to call.
    #[error("A7: {0} needs a king to call; the hand holds all four")]
    FourKings(Contract),
    /// A7: a bird-Rufer needs its bird, a Besserrufer any bird.
    #[error("A7: {0} needs its bird in the hand")]
    BirdMissing(Contract),
    /// A7: the Vorhand cannot play Mussolini.
    #[error("A7: the Vorhand cannot play mussolini")]
    MussoliniVorhand,
    /// The contract is not offered at this table.
    #[error("{0} is not played at this table")]
    NotOffered(Contract),
    /// §4.6: "bei" only joins a closed Piccolo/Zwiccolo, where the rules allow it.
    #[error("§4.6: \"bei\" joins only a closed piccolo or zwiccolo at a table that plays it")]
    BeiNotAllowed,

    // ---- King call (SPEC §5) ----
    /// C1: a king in one's own hand cannot be called.
    #[error("C1: {0} is in your own hand")]
    OwnKing(Card),
    /// C2: "der vierte König" needs exactly three kings.
    #[error("C2: calling the fourth king needs exactly three kings in the hand")]
    FourthNeedsThree,
    /// C1: only a King can be called.
    #[error("C1: {0} is not a king")]
    NotAKing(Card),

    // ---- Talon (SPEC §6) ----
    /// §6.3: schleifen only when the called king lies in the exposed talon.
    #[error("§6.3: schleifen only when the called king lies in the talon")]
    SchleifenNotAllowed,
    /// §6.3 (D-12): a Besserrufer names a bird of his hand when he concedes.
    #[error("§6.3 (D-12): a besserrufer concedes with \"schleifen BIRD\", a bird of his hand")]
    SchleifenBird,
    /// §6.3: with the called king in the talon the declarer concedes or takes all six.
    #[error("§6.3: the called king lies in the talon: schleifen or take all six")]
    TakeAllRequired,
    /// §6.1: taking all six only when the called king lies in the talon (cup2019).
    #[error("§6.1: take one half of the talon")]
    TakeHalfRequired,

    // ---- Discards (SPEC §6.2, T5) ----
    /// T5: exactly 3 (or 6) cards.
    #[error("T5: lay aside exactly {need} cards, not {got}")]
    DiscardCount {
        /// Cards required.
        need: u8,
        /// Cards given.
        got: u8,
    },
    /// A card not in the hand.
    #[error("card {0} is not in the hand")]
    NotInHand(Card),
    /// T5: Kings and Trull cards are never laid aside.
    #[error("T5: {0} cannot be laid aside (Kings and Trull never)")]
    DiscardForbidden(Card),
    /// T5: in tarock games a tarock only after every discardable suit card.
    #[error("T5: {0} is a tarock; lay aside every suit card first")]
    SuitCardsFirst(Card),
    /// T5: in colour games a suit card only after every discardable tarock.
    #[error("T5: {0} is a suit card; in a colour game lay aside every tarock first")]
    TarocksFirst(Card),
    /// D-11: a bird-Rufer's bird stays in the hand.
    #[error("D-11: {0} is the bird of your contract and stays in the hand")]
    NamedBird(Card),
    /// D-31: a Besserrufer keeps one of the birds he held before the talon (K10).
    #[error("D-31: keep one of the birds you held before the talon; you must announce it")]
    KeepABird,
    /// §6.6: Mussolini's opponents draw a card by its position in the row.
    #[error("§6.6: draw one of the {0} cards left in the row (zieh 1 … {0})")]
    DrawPosition(u8),

    // ---- Announcements and Kontra (SPEC §7.3) ----
    /// K1: no premiums in negative games and Trischaken.
    #[error("K1: no premiums in negative games")]
    NoPremiums,
    /// K2: the premium is not played in this game.
    #[error("K2: {0} is not announced in this game")]
    PremiumNotInGame(Premium),
    /// K3: premiums only in the seat's first turn.
    #[error("K3: premiums are announced only in your first turn")]
    PremiumsFirstTurn,
    /// K4: each premium at most once.
    #[error("K4: {0} has been announced already")]
    AlreadyAnnounced(Premium),
    /// K5: König Ultimo by party D (cup2019) or the holder of the called king (standard).
    #[error("K5: you may not announce König Ultimo")]
    KuNotAllowed,
    /// K6: a bird only by its holder (or the partner for the declarer's talon bird).
    #[error("K6: you do not hold the bird of {0}")]
    BirdNotHeld(Premium),
    /// K7: the item does not exist.
    #[error("K7: there is no {0} to kontra")]
    NothingToKontra(Item),
    /// K7: odd levels by the other side, even levels by the owner side.
    #[error("K7: this Kontra step on {0} belongs to the other side")]
    KontraWrongSide(Item),
    /// K7: the item is at the highest Kontra level.
    #[error("K7: {0} is at the highest Kontra level")]
    KontraLimit(Item),
    /// K7: a negative game's Kontra names the declarer or opponent when several are possible.
    #[error("K7: say whom the Kontra is against (kontra-spiel@SEAT)")]
    KontraTarget,
    /// K7: a negative game's Kontra against a seat that is not the other side of a pair.
    #[error("K7: no Kontra between you and seat {0}")]
    KontraNoPair(Seat),
    /// K8: a Kontra right after the item's creation or last raise only.
    #[error("K8: the Kontra on {0} had to come in your first turn after it changed")]
    KontraTooLate(Item),
    /// K9: colour games, an opponent kontras or announces Valat, not both.
    #[error("K9: in colour games an opponent either kontras or announces valat")]
    KontraOrValat,
    /// K10: the Besserrufer's opening turn announces a bird he held before the talon.
    #[error("K10: announce a bird you held before the talon")]
    BirdRequired,
    /// K7: in positive games a Kontra binds the parties and names no seat.
    #[error("K7: in a positive game the Kontra names no seat")]
    KontraSeatNotNeeded,

    // ---- Trick play (SPEC §8) ----
    /// §8.2: follow suit (tarock counts as a suit).
    #[error("§8.2: {card} does not follow {led}; you hold that suit")]
    MustFollowSuit {
        /// The card tried.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// §8.2: void in the led suit, a tarock must be played (Tarockzwang).
    #[error("§8.2: {card} is not a tarock; void in {led}'s suit you must play a tarock")]
    MustPlayTarock {
        /// The card tried.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// §8.1: in colour games a tarock is led only without suit cards.
    #[error("§8.1: in a colour game a tarock is led only without suit cards")]
    ColourLead(Card),
    /// §8.1: Stichzwang in negative games.
    #[error("§8.1 Stichzwang: you must beat {0}")]
    MustBeat(Card),
    /// §8.1: the Pagat only as the last tarock in negative games.
    #[error("§8.1: the Pagat is played only as your last tarock")]
    PagatLast,
    /// §8.4 (D-20): an announced bird or König Ultimo is kept for its trick.
    #[error("§8.4 (D-20): {card} is reserved for trick {target}")]
    Reserved {
        /// The reserved card.
        card: Card,
        /// Its trick.
        target: u8,
    },
    /// §8.4 (D-20): the reserved card is due in this trick.
    #[error("§8.4 (D-20): play {0} now, in its trick")]
    BirdDue(Card),
}
