//! Why a picture could not be made.

use crate::face::Face;

/// A scene that cannot be drawn, or a failure inside the renderer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// A hand with more cards than any game deals.
    #[error("a hand holds at most {max} cards, not {count}")]
    TooManyCards {
        /// Cards given.
        count: usize,
        /// The most allowed.
        max: usize,
    },
    /// The same face twice in one picture.
    #[error("{0} appears twice")]
    DuplicateCard(Face),
    /// A card marked legal that the hand does not hold.
    #[error("the legal card {0} is not in the hand")]
    LegalNotInHand(Face),
    /// A trick or table with an unsupported number of players.
    #[error("{0} players cannot be drawn here")]
    PlayerCount(usize),
    /// A player marked (leader, winner, to move) who is not there or has no card.
    #[error("player {0} is not in the picture or has no card")]
    NoSuchPlayer(usize),
    /// A player shown with a card after a player still to play.
    #[error("{0} has a card although an earlier player has not played yet")]
    PlayOutOfOrder(String),
    /// A generated SVG did not parse (a bug in this crate).
    #[error("internal SVG error: {0}")]
    Svg(String),
    /// Encoding the PNG failed.
    #[error("PNG encoding failed: {0}")]
    Png(String),
}
