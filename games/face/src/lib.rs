//! The face boundary of the tarock family: the face each game shows at a
//! table, what the table service needs from a game beyond the rules
//! boundary ([`tarock_game_core::DynGame`]). It names no game; each game's
//! face crate implements [`GameFace`], the registry lists the faces.
//!
//! The boundary says what a round *is* (whose turn, which tokens are legal,
//! apply, settle, record); it holds no text, because texts are the table
//! service's business (catalogues in two languages). A [`GameFace`] turns a
//! round of its game into what people read and press:
//!
//! - the **public text** of the table message ([`GameFace::public_text`]),
//!   which must never show a card the game keeps secret;
//! - one seat's **private text and choices** ([`GameFace::seat_text`]):
//!   labelled buttons, each either an action token the table applies, or a
//!   *draft* the table only carries back (see below);
//! - **chat lines** an action is worth announcing (a deal scored in 20 ab),
//!   [`GameFace::events`];
//! - the **settlement** of a finished round as lines and items
//!   ([`GameFace::settlement_text`]); the table adds money and balances;
//! - the **pictures** of a seat's hand and of the table
//!   ([`GameFace::hand_picture`], [`GameFace::table_picture`]), which show
//!   no more than the texts beside them; for `tarock render`, the game's
//!   picture deck and card ids ([`GameFace::deck`], [`GameFace::card_id`])
//!   and a record's position ([`GameFace::position_picture`]);
//! - the **rules** as a short label and as the lobby's full list of flags
//!   ([`GameFace::rules_label`], [`GameFace::rules_text`]);
//! - the **refusal** text of a rule-error code ([`GameFace::refusal_text`]);
//! - a **computer player's** choice by level, and the **stand-in's** choice
//!   when a seat's time runs out ([`GameFace::computer_token`],
//!   [`GameFace::stand_in_token`]; the levels and a level's checked choice
//!   every face shares are [`computers`]).
//!
//! Each game's face downcasts the boxed round to its own type
//! (`round.downcast_ref::<ZwanzigAb>()`) and works with its own views; a
//! round of another game is a bug in the caller, answered with a neutral
//! text, never a panic.
//!
//! ## Drafts: choices made in several presses
//!
//! Some actions pick several cards at once (20 ab's `swap` of 1–3 cards,
//! Königrufen's discard of 3 or 6 cards). Listing every combination as a
//! button would be hundreds of buttons, so a face may offer a choice in
//! steps: a [`ChoiceKind::Draft`] button carries a *draft token* (the game's
//! own short notation of a half-made choice, e.g. the cards picked so far)
//! and applies nothing. The table puts that token into the button's payload
//! (with the step, so it goes stale like any button) and, when it is
//! pressed, shows the seat's private text again with
//! [`GameFace::seat_text`]`(…, Some(draft))`, whose buttons then toggle
//! further cards ([`ChoiceKind::Draft`] again), clear the draft, or confirm
//! it ([`ChoiceKind::Act`] with the finished action's token). The table
//! keeps no draft state: the draft lives in the payload alone, so a restart
//! loses nothing. A draft token follows the shape of an action token
//! ([`tarock_game_core::token::is_well_formed`]); the face checks it (a
//! stale or forged draft shows the seat's text as if there were none).
//!
//! ## Texts
//!
//! Each game's texts live in its face crate's own catalogue files
//! `locales/{de,en}/<game id>.ftl`, embedded with [`catalogue!`]; the texts
//! every game shares (the shared refusals) are this crate's
//! (`games/face/locales`, [`text`]). The table's catalogue falls back to the
//! faces' ([`GameFace::catalogue_text`]), so every message id of a game
//! starts with the game's prefix (20 ab: `ab-`, Königrufen: `kr-`) and no
//! id is defined twice. Refusals are looked up by the game's
//! [`tarock_game_core::RuleError::code`] (`ab-refusal-D-12`,
//! `kr-refusal-must-follow-suit`), the refusals every game shares by their
//! shared code (`refusal-token`, `refusal-seat`, `refusal-deck`).
//!
//! ## Moves of several actions, moves in words, and a game's own layout
//!
//! A choice may stand for several actions that the table applies together
//! or not at all ([`GameFace::action_tokens`]: Zwanzigerrufen's bidding turn
//! "Rufer + Pagat" is three actions ended by Weiter, and nobody may see
//! half of it). A game may read moves typed in words besides cards
//! ([`GameFace::typed_token`]). And a face may keep the layout its players
//! knew before the faces ([`GameFace::title`], [`GameFace::layout`]);
//! every other game keeps the table's ([`Layout::TABLE`]).
//!
//! The table service still walks Zwanzigerrufen's own path until the
//! switch step, although its face is written and listed.

pub mod boundary;
pub mod computers;
pub mod numbers;
pub mod picture;
pub mod spelling;
pub mod text;

pub use boundary::{
    BadRules, Choice, ChoiceKind, GameFace, Layout, NoTricks, SeatChoice, SeatText, SettlementItem,
    SettlementText, TableContext, Title, TypedRefusal, refusal_by_code, rules_value,
};
pub use picture::Picture;
pub use text::{Arg, Lang};
