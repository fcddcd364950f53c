//! The face boundary: what the table service needs from a game beyond the
//! rules boundary, as the trait [`GameFace`] and the data it speaks in
//! (the table's names and stake, choices, a seat's text, a settlement's
//! lines). Each game's face implements it; the registry lists the faces,
//! and the table service, the bots and `cli` use them. It names no game.

use rand::RngCore;
use serde_json::Value;
use tarock_game_core::{DynGame, Seat};

use serde::{Deserialize, Serialize};

use crate::picture::{Deck, Picture};
use crate::text::{Arg, Lang};

/// What a face needs to know about the table beyond the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableContext {
    /// The name to show for each seat, seat 0 first (a player's name, or a
    /// computer's name in the table's language); as many as the round has
    /// seats.
    pub names: Vec<String>,
    /// Money per unit, in cents (for texts that show stakes).
    pub stake_cents: i64,
}

impl TableContext {
    /// The name of `seat` (its number, counted from 1, if the table has no
    /// name for it).
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| (seat.number() + 1).to_string())
    }
}

/// What pressing a [`Choice`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceKind {
    /// Apply the action whose token the choice carries.
    Act,
    /// Show the seat's choices again with this draft (a choice being made in
    /// several presses); nothing is applied.
    Draft,
}

/// One button of a seat's private message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the button says, in the reader's language.
    pub label: String,
    /// The action token ([`ChoiceKind::Act`]) or draft token
    /// ([`ChoiceKind::Draft`]); at most
    /// [`tarock_game_core::MAX_TOKEN_LEN`] bytes of printable ASCII, no
    /// spaces or `:`.
    pub token: String,
    /// What pressing it does.
    pub kind: ChoiceKind,
}

impl Choice {
    /// A button that applies the action `token`.
    pub fn act(label: impl Into<String>, token: impl Into<String>) -> Choice {
        Choice {
            label: label.into(),
            token: token.into(),
            kind: ChoiceKind::Act,
        }
    }

    /// A button that shows the choices again with the draft `token`.
    pub fn draft(label: impl Into<String>, token: impl Into<String>) -> Choice {
        Choice {
            label: label.into(),
            token: token.into(),
            kind: ChoiceKind::Draft,
        }
    }
}

/// A seat's private message: its cards and situation as text, and its
/// choices as rows of buttons (empty when it is not the seat's turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatText {
    /// The text: the seat's cards and what it is asked to do.
    pub text: String,
    /// Rows of buttons, at most 5 per row (Discord's limit; Telegram's is
    /// wider) and at most 5 rows per draft step.
    pub choices: Vec<Vec<Choice>>,
}

/// A finished round's settlement as shown: lines of text and the items
/// scored. Units per seat come from [`DynGame::settlement`]; money and
/// running balances are added by the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettlementText {
    /// Lines describing the round's outcome (who won, the scores), in the
    /// reader's language, without money or balances.
    pub lines: Vec<String>,
    /// The items scored, for front ends that show them as a table (may be
    /// empty for a game without items, such as 20 ab).
    pub items: Vec<SettlementItem>,
}

/// One line of a settlement as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettlementItem {
    /// The item's name in the table's language (`Spiel`, `Pagat`, …).
    pub name: String,
    /// Whether it was announced.
    pub announced: bool,
    /// Kontra multiplier (1, 2, 4, 8, 16).
    pub multiplier: u32,
    /// Value for the declarer party in units before Kontras (negative: the
    /// opponents won it); the item counts `value × multiplier`.
    pub value: i64,
}

/// Why "our tricks" has nothing to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoTricks {
    /// No trick has been completed yet (or no round is shown).
    #[error("no trick yet")]
    NoneYet,
    /// The seat does not know its side yet.
    #[error("side unknown")]
    SideUnknown,
}

/// Why a rules description is not accepted for a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadRules(pub String);

/// A game's face at the table: everything the table service shows or
/// decides per game, given a round of that game as a [`DynGame`].
///
/// Implementations are stateless unit structs listed by the registry
/// (`tarock_games::face`); all methods take the round (or rules) they talk
/// about.
pub trait GameFace: Send + Sync {
    /// The game's id ([`tarock_game_core::Game::ID`]).
    fn id(&self) -> &'static str;

    /// The text `id` of this face's own catalogue (or the shared one) in
    /// `lang` with `args`; `None` when neither has it. The table's
    /// catalogue falls back to it, so that a game's message ids stay
    /// reachable by id (tests, front ends) without naming the game.
    fn catalogue_text(
        &self,
        lang: Lang,
        id: &str,
        args: Vec<(&'static str, Arg)>,
    ) -> Option<String>;

    /// The game's name in `lang` ("20 ab", "Königrufen").
    fn name(&self, lang: Lang) -> String;

    /// The seat counts a table of this game may choose, and the default.
    fn seat_choice(&self) -> SeatChoice;

    /// What one round of this game is, as the table's titles name it:
    /// `"deal"` (one deal: "Spiel 3" / "deal 3", Königrufen) or
    /// `"session"` (a series of deals until someone wins: "Partie 3" /
    /// "session 3", 20 ab). The catalogues select their word by it.
    fn round_unit(&self) -> &'static str {
        "deal"
    }

    /// The name in `lang` of the contract this game records as `word` in
    /// the statistics ([`GameFace::sides`]); `None` for a word it does not
    /// know.
    fn contract_name(&self, word: &str, lang: Lang) -> Option<String> {
        let _ = (word, lang);
        None
    }

    /// The rules of a table option text (a preset name, or the game's
    /// record form of rules as JSON), in the record form
    /// [`tarock_game_core::DynKind::new_round`] takes.
    ///
    /// # Errors
    /// [`BadRules`] naming what is wrong, in English (the table wraps it in
    /// a localized refusal).
    fn parse_rules(&self, text: &str) -> Result<Value, BadRules>;

    /// A short name of the rules for headers ("standard", "standard +
    /// hearts double").
    fn rules_label(&self, rules: &Value, lang: Lang) -> String;

    /// The rules in full for the lobby and the rules button: every flag of
    /// the game with its value, one per line.
    fn rules_text(&self, rules: &Value, lang: Lang) -> String;

    /// The table's public message body for `round` (the table adds its own
    /// header and buttons): never a card the game keeps secret (20 ab: no
    /// hand, no discard, no stock card).
    fn public_text(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> String;

    /// What `seat` sees privately and may choose. `draft` is the draft
    /// token of a [`ChoiceKind::Draft`] button just pressed (`None`
    /// otherwise); an invalid or stale draft is ignored. Choices are empty
    /// when `seat` is not to act.
    fn seat_text(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        draft: Option<&str>,
        table: &TableContext,
        lang: Lang,
    ) -> SeatText;

    /// Whether `draft` is a draft token `seat` may carry on with now: one
    /// of the half-made choices [`GameFace::seat_text`] offers (or leads
    /// to) on the seat's turn. The table refuses any other draft in words
    /// (a forged or stale one); a game without drafts refuses them all.
    fn valid_draft(&self, round: &dyn DynGame, seat: Seat, draft: &str) -> bool {
        let _ = (round, seat, draft);
        false
    }

    /// Whether `words` (lowercase, as typed) read as a move of this game
    /// under its default rules (a Zwanzigerrufen bidding turn, `rufer
    /// pagat`): what a front end asks to tell a typed move from chat
    /// before it knows the table. Cards are asked by
    /// [`GameFace::card_token`]; the default reads no words.
    fn reads_words(&self, words: &[String]) -> bool {
        let _ = words;
        false
    }

    /// The round's action tokens that the [`ChoiceKind::Act`] choice
    /// `token` stands for, applied in order and all or none: a choice may
    /// be one move of several actions as players see it (a Zwanzigerrufen
    /// bidding turn "Rufer + Pagat" is three actions, ended by Weiter), so
    /// that nobody sees a half-made move. `None` for a token that is no
    /// choice of this game (refused like an unknown token). Most games'
    /// choices are one action each: the default is `token` itself.
    fn action_tokens(&self, token: &str) -> Option<Vec<String>> {
        Some(vec![token.to_owned()])
    }

    /// A title line of this game's messages written by the face, `None`
    /// for the table's own title (the default). A game whose players
    /// know other titles (Zwanzigerrufen's, without the game's name)
    /// writes them here.
    fn title(&self, title: Title<'_>, table: &TableContext, lang: Lang) -> Option<String> {
        let _ = (title, table, lang);
        None
    }

    /// How the table arranges this game's messages ([`Layout::TABLE`]
    /// unless the game keeps its own).
    fn layout(&self) -> Layout {
        Layout::TABLE
    }

    /// The choice token of a move `seat` typed in words other than a card
    /// (a Zwanzigerrufen bidding turn: `rufer pagat`, `weiter`,
    /// `Kontra auf Spiel`); `None` when the game reads no such words (the
    /// table then reads the text as a card, [`GameFace::card_token`]).
    ///
    /// # Errors
    /// [`TypedRefusal`] when the words are meant as such a move but are
    /// none (an unknown word, "weiter" before announcements).
    fn typed_token(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        words: &[String],
    ) -> Option<Result<String, TypedRefusal>> {
        let _ = (round, seat, words);
        None
    }

    /// The last completed trick of the round shown (who played what, who
    /// took it), for "last trick"; `None` before the first trick.
    fn last_trick(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> Option<String>;

    /// The tricks `seat`'s side has taken, as far as `seat` may know its
    /// side, for "our tricks" (in a game without parties, such as 20 ab,
    /// the seat's own tricks); [`NoTricks`] says why there is nothing to
    /// show.
    ///
    /// # Errors
    /// [`NoTricks`]: no trick completed yet, or the side still unknown.
    fn our_tricks(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        table: &TableContext,
        lang: Lang,
    ) -> Result<String, NoTricks>;

    /// The words a person may type at a table of this game (the terminal's
    /// help), in `lang`.
    fn help_text(&self, lang: Lang) -> String;

    /// The action token of playing the card `text` spells in this game
    /// (its id or label as people type them: `hK`, `♥K`, `XXI`, `Sküs`,
    /// `XXII`; see [`crate::spelling`]), whether or not it may be played now:
    /// the round answers that by its rules. `None` when `text` spells no
    /// card of this game.
    fn card_token(&self, text: &str) -> Option<String>;

    /// `cards` (a hand as the game's records write it, e.g. the hand that
    /// threw a deal in: [`tarock_game_core::ThrownIn`]) as people read them
    /// in `lang`. The default shows the record's card ids.
    fn cards_text(&self, cards: &str, lang: Lang) -> String {
        let _ = lang;
        cards.to_owned()
    }

    /// The picture of `seat`'s hand beside its private text: its cards in
    /// the order the text lists them, the cards it may play lifted when it
    /// is to play a card. `None` when the text shows no cards (or the game
    /// draws none).
    fn hand_picture(&self, round: &dyn DynGame, seat: Seat, lang: Lang) -> Option<Picture> {
        let _ = (round, seat, lang);
        None
    }

    /// The picture of the table beside the public text: the seats in order
    /// with their names, the card each played to the trick shown, the
    /// tricks won, who led and who is to act; never a card the game keeps
    /// secret. `None` while there is nothing to draw (or the game draws
    /// none).
    fn table_picture(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<Picture> {
        let _ = (round, table, lang);
        None
    }

    /// The deck of this game's card pictures; `None` for a game that draws
    /// no cards. `tarock render` draws cards given in the game's notation
    /// with it ([`GameFace::card_id`], [`crate::picture::face`]).
    fn deck(&self) -> Option<Deck> {
        None
    }

    /// The card id (the records' and pictures' notation: `T21`, `hK`) of
    /// the card `text` spells in this game, read as
    /// [`GameFace::card_token`] reads it; `None` when `text` spells no
    /// card of this game (a card of another deck included).
    fn card_id(&self, text: &str) -> Option<String> {
        let _ = text;
        None
    }

    /// Whether [`GameFace::position_picture`] draws this game's records:
    /// a game whose record is one deal. The default is no (20 ab's records
    /// are whole sessions, with no single deal to stop in).
    fn draws_positions(&self) -> bool {
        false
    }

    /// The table of `round` as `tarock render record` draws a record's
    /// position: every seat with its name, the card it played to the trick
    /// under way (none between tricks: unlike
    /// [`GameFace::table_picture`], no trick taken is shown), the tricks
    /// won, who led the trick under way and who is to act, in every phase
    /// (before the first card, a table without cards); from the public
    /// view only. `None` for a game that does not draw positions
    /// ([`GameFace::draws_positions`]) or a round of another game.
    fn position_picture(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<Picture> {
        let _ = (round, table, lang);
        None
    }

    /// The words of the move begun by the draft token `draft` as a person
    /// types them (Zwanzigerrufen's `xr`, the turn begun with Rufer:
    /// `["rufer"]`), so that words typed after pressing a draft button go
    /// after them in one move; `None` for a draft that is no typed move
    /// (the default: cards picked one by one).
    fn draft_words(&self, draft: &str) -> Option<Vec<String>> {
        let _ = draft;
        None
    }

    /// The label of the action `token` by `seat` as the table tells it
    /// ("Anna names ♥ trump"), for the table message's last-move line.
    /// `round` is the round *before* the action.
    fn action_text(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        token: &str,
        table: &TableContext,
        lang: Lang,
    ) -> String;

    /// Chat messages that the action just applied deserves beyond the table
    /// message's update (a deal scored, a session won), from the round
    /// `before` and `after` it. Most actions deserve none.
    fn events(
        &self,
        before: &dyn DynGame,
        after: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Vec<String>;

    /// The settlement of a finished round (`None` while it is not over).
    fn settlement_text(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<SettlementText>;

    /// The contract (its record word) and the seats on the declaring side
    /// (bit `s` for seat `s`) of a finished round, for the statistics by
    /// contract and side; `None` for a game without sides (20 ab) or a
    /// round that is not over.
    fn sides(&self, _round: &dyn DynGame) -> Option<(&'static str, u32)> {
        None
    }

    /// The seat that does not play this round (the dealer at a Königrufen
    /// table of five): it scores 0 and has no ledger row, so the round
    /// counts in none of its statistics.
    fn sitting_out(&self, _round: &dyn DynGame) -> Option<Seat> {
        None
    }

    /// Each seat's score of a finished round as a cup counts it (the
    /// "Schrift": Königrufen's score without Kontra); `None` where the
    /// game's settlement units are that score already, or while the round
    /// is not over.
    fn cup_score(&self, _round: &dyn DynGame) -> Option<Vec<i64>> {
        None
    }

    /// Whether [`GameFace::cup_score`] reports a score apart from the
    /// money (Königrufen's Schrift): the settlement lines and the balances
    /// then show each seat's running score beside the money.
    fn has_cup_score(&self) -> bool {
        false
    }

    /// The rules preset a chat cup of this game is played by; `None`
    /// (the default) for a game no cup plays. The table's cups play the
    /// first game of the registry that names one.
    fn cup_rules(&self) -> Option<&'static str> {
        None
    }

    /// The localized text of a refusal with this code: a game rule's
    /// [`tarock_game_core::RuleError::code`], or one of the codes every
    /// game shares (`token`, `seat`, `deck`). An unknown code gets a
    /// general "not allowed now" text.
    fn refusal_text(&self, code: &str, lang: Lang) -> String;

    /// The localized text of the game's own refusal with its details (the
    /// card that must be followed, the item already announced), where the
    /// face words them; `None` (the default) falls back to
    /// [`GameFace::refusal_text`] of its code.
    fn rule_text(&self, _error: &tarock_game_core::Rejected, _lang: Lang) -> Option<String> {
        None
    }

    /// The computer levels this game has, weakest first (`easy`, …); the
    /// first is the default for `+ Computer`. The default is every level
    /// ([`crate::computers::LEVELS`]), which each game's computers play.
    fn levels(&self) -> &'static [&'static str] {
        &crate::computers::LEVELS
    }

    /// The token a computer player of `level` chooses for `seat`, which is
    /// to act; `None` when `seat` is not to act or `level` is unknown.
    /// Deterministic in `rng`.
    fn computer_token(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        level: &str,
        rng: &mut dyn RngCore,
    ) -> Option<String>;

    /// The token played for a human `seat` whose time ran out (the game's
    /// time-out rule, 20 ab's D-23); `None` when `seat` is not to act.
    fn stand_in_token(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<String>;
}

/// A title line of a table message, with what the table knows of it, for
/// a face that writes its own titles ([`GameFace::title`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Title<'a> {
    /// The lobby message's first line (no round shown).
    Lobby {
        /// The table's id.
        table: i64,
        /// The table's rules, in the record form.
        rules: &'a Value,
        /// Money per unit, in cents.
        stake_cents: i64,
    },
    /// The public message's first line while a round is shown.
    Table {
        /// The table's id.
        table: i64,
        /// The round's number at the table, from 1.
        round: u32,
        /// The table's rules, in the record form.
        rules: &'a Value,
        /// Money per unit, in cents.
        stake_cents: i64,
    },
    /// A seat's private message's first line (its hand, its settlement copy).
    Private {
        /// The table's id.
        table: i64,
        /// The round's number at the table, from 1.
        round: u32,
        /// The seat the message is for.
        seat: Seat,
    },
    /// The settlement's first line.
    Settlement {
        /// The table's id.
        table: i64,
        /// The round's number at the table, from 1.
        round: u32,
    },
}

/// How the table arranges a game's messages around the face's texts. Every
/// game gets [`Layout::TABLE`] unless its face keeps a layout its players
/// knew before the faces (Zwanzigerrufen's): the flags say where that one
/// differs, so that the table's one path shows it unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The lines of the moves just made ([`GameFace::action_text`]) go
    /// under the public message.
    pub move_lines: bool,
    /// The table's status note (paused, closed) comes before the line of
    /// the deal's commitment (`true`) or after it.
    pub status_before_commitment: bool,
    /// The public message offers "last trick" beside "hand" while a round
    /// is played.
    pub last_trick_button: bool,
    /// The lobby message lists the rules in full.
    pub rules_in_lobby: bool,
    /// A seat's private copy of the settlement starts with the seat's
    /// private title ([`Title::Private`]).
    pub private_settlement_title: bool,
    /// The revealed seed's lines name the round's setup (game, rules,
    /// seats, first seat) for `tarock verify`. Off only for a game whose
    /// dealt piles follow from the seed alone: `tarock verify` then
    /// assumes the default game's default setup.
    pub reveal_setup: bool,
    /// The message a draft button answers with is the face's text alone
    /// (no title, no picture of the hand) instead of the seat's whole
    /// message.
    pub draft_alone: bool,
    /// The rules button answers with the rules' short name and the
    /// overrides as written (`true`) instead of every flag in full.
    pub rules_by_label: bool,
    /// Each round's start is said in the chat ("Königrufen, Spiel 3: Anna
    /// beginnt."); without it the table message alone shows the new deal.
    pub start_line: bool,
    /// The buttons' payloads carry a choice token without its prefix
    /// where it reads back the same (`t1:1.0:ar.p`), as Zwanzigerrufen's
    /// buttons were always written; otherwise `g<token>` and `~<draft>`.
    pub short_payloads: bool,
}

impl Layout {
    /// The table's layout, the same for every game.
    pub const TABLE: Layout = Layout {
        move_lines: true,
        status_before_commitment: false,
        last_trick_button: false,
        rules_in_lobby: true,
        private_settlement_title: false,
        reveal_setup: true,
        draft_alone: false,
        rules_by_label: false,
        start_line: true,
        short_payloads: false,
    };
}

/// Why typed words are no move ([`GameFace::typed_token`]): the id of a
/// text of the face's catalogue, with the word it quotes, if any.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("typed words refused ({id})")]
pub struct TypedRefusal {
    /// The id of the refusal's text in the face's catalogue (or the shared
    /// one), which may quote `$word`.
    pub id: &'static str,
    /// The word quoted back (shortened by the face), if any.
    pub word: Option<String>,
}

/// The seat counts a table may choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatChoice {
    /// The fewest seats.
    pub min: u8,
    /// The most seats.
    pub max: u8,
    /// The seats of a table that names none.
    pub default: u8,
}

/// A face's [`GameFace::refusal_text`] from its catalogue
/// ([`GameFace::catalogue_text`]): the game's own text `own` for the code
/// (`kr-refusal-must-follow-suit`, written out by the face so that its
/// ids stay named in its code), else the text every game shares,
/// `refusal-<code>` (`refusal-token`), else the general "not allowed now"
/// (`refusal-other`).
pub fn refusal_by_code<F: GameFace + ?Sized>(
    face: &F,
    own: &str,
    code: &str,
    lang: Lang,
) -> String {
    let text = |id: &str| face.catalogue_text(lang, id, Vec::new());
    text(own)
        .or_else(|| text(&format!("refusal-{code}")))
        .unwrap_or_else(|| crate::text::expect(text("refusal-other"), lang, "refusal-other"))
}

/// A table's rules option as its record form before the game reads it: a
/// JSON object as written, anything else a preset name (for a face's
/// [`GameFace::parse_rules`]).
///
/// # Errors
/// [`BadRules`] for a text that starts like JSON and is none.
pub fn rules_value(text: &str) -> Result<Value, BadRules> {
    let text = text.trim();
    if text.starts_with('{') || text.starts_with('"') {
        // The record form as stored: an object, or a preset name in quotes.
        serde_json::from_str(text).map_err(|e| BadRules(e.to_string()))
    } else {
        Ok(Value::String(text.to_owned()))
    }
}
