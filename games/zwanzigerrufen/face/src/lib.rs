//! Zwanzigerrufen at the table: its texts, buttons, settlement sheet,
//! pictures, typed turns and computer players, over
//! [`tarock_zwanzigerrufen::Zwanzigerrufen`] (one round = one deal).
//!
//! The texts are the table's Zwanzigerrufen texts, moved here unchanged
//! ([`render`], [`auction`], [`words`], [`settlement`], [`typed`],
//! [`picture`]): every line a player knows stays byte for byte. The table
//! writes its own titles (table, deal, rules, stake) above them.
//!
//! Secrecy (SPEC §11): the public text and the table picture are built
//! from the engine's public view only (the called tarock, never its holder
//! until the view reveals the partner); a seat's text and hand picture from
//! that seat's view.
//!
//! Choices are exactly the seat's legal moves ([`turn`]): in the play each
//! legal card; in the bidding each whole turn, composed in presses. A turn
//! of several announcements ("Rufer + Pagat") is a draft until its
//! confirming button, which carries the whole turn (`ar.p`); the table
//! applies it at once through [`GameFace::action_tokens`], so nobody sees
//! a half-made turn. Computers and the stand-in (the medium player, as
//! before) choose whole turns too.

pub mod auction;
pub mod picture;
pub mod render;
pub mod settlement;
pub mod text;
pub mod turn;
pub mod typed;
pub mod words;

use rand::RngCore;
use serde_json::Value;
use tarock_face::numbers::money;
use tarock_face::picture::Deck;
use tarock_face::{
    BadRules, GameFace, Layout, NoTricks, Picture, SeatChoice, SeatText, SettlementText,
    TableContext, Title, TypedRefusal, refusal_by_code,
};
use tarock_game_core::{DynGame, Seat as FamilySeat};
use tarock_player::Level;
use tarock_zwanzigerrufen::score::Facts;
use tarock_zwanzigerrufen::{Action, Game, Party, Phase, Preset, Rules, Seat, Zwanzigerrufen};
use tarock_zwanzigerrufen_ai::drive;

use crate::render::{card_label, parse_card, plays_text};
use crate::settlement::{Sheet, settlement_items};
use crate::text::{Arg, Lang, lookup, tr};
use crate::turn::{Move, token_of};
use crate::typed::BadTurn;
use crate::words::{KontraWords, TableHeader};

/// The face of Zwanzigerrufen.
#[derive(Clone, Copy, Debug, Default)]
pub struct ZwanzigerrufenFace;

/// The level that plays for a seat whose time ran out (SPEC §14).
pub const STAND_IN: Level = Level::Medium;

/// The round, if it is one of Zwanzigerrufen.
fn zr_of(round: &dyn DynGame) -> Option<&Zwanzigerrufen> {
    round.downcast_ref::<Zwanzigerrufen>()
}

/// The deal of a round of Zwanzigerrufen, once dealt.
fn game_of(round: &dyn DynGame) -> Option<&Game> {
    zr_of(round)?.game()
}

/// The engine's seat of a table seat.
fn seat_of(seat: FamilySeat) -> Option<Seat> {
    Seat::new(seat.number())
}

/// The short name of rules for titles, as the table always wrote it: the
/// preset's name, `preset*` with overrides.
pub fn rules_label(rules: &Value) -> String {
    match rules {
        Value::String(name) => name.clone(),
        Value::Object(map) => {
            let preset = map
                .get("preset")
                .and_then(Value::as_str)
                .unwrap_or("standard");
            if map.len() > 1 {
                format!("{preset}*")
            } else {
                preset.to_owned()
            }
        }
        _ => "?".to_owned(),
    }
}

/// How `round`'s rules name the Kontra levels (its preset's words; rules
/// with overrides by the preset they are closest to).
fn words_of(zr: &Zwanzigerrufen) -> KontraWords {
    let spec =
        <Zwanzigerrufen as tarock_game_core::Game>::rules_spec(&tarock_game_core::Game::rules(zr));
    KontraWords::of_rules(&spec.to_string())
}

/// The header the moved texts are written with: the table's names and
/// stake, the words of the round's rules. Title fields (table, deal,
/// rules, status) stay empty: the table writes its own title and notes.
fn header(zr: &Zwanzigerrufen, table: &TableContext) -> TableHeader {
    TableHeader {
        table: 0,
        deal: None,
        names: Seat::ALL.map(|s| Some(table.name(FamilySeat::new(u8::from(s))))),
        rules: String::new(),
        stake_cents: table.stake_cents,
        status_note: None,
        words: words_of(zr),
    }
}

/// Bit `s` set for each seat `s` on the declaring side.
pub fn declarer_mask(facts: &Facts) -> u32 {
    facts
        .parties
        .iter()
        .enumerate()
        .filter(|(_, p)| **p == Party::Declarer)
        .fold(0, |mask, (seat, _)| mask | 1 << seat)
}

/// The move `level`'s player makes for the seat to act: a whole bidding
/// turn, or a card. `None` when nobody is to act.
fn computer_move(game: &Game, level: Level, rng: &mut dyn RngCore) -> Option<Move> {
    let mut player = tarock_zwanzigerrufen_ai::player(level);
    if game.phase() == Phase::Bidding {
        drive::bidding_turn(game, player.as_mut(), rng)
            .ok()
            .map(Move::Turn)
    } else {
        match drive::next_action(game, player.as_mut(), rng).ok()? {
            Some((_, Action::Play(card))) => Some(Move::Card(card)),
            _ => None,
        }
    }
}

/// The last completed trick as the table tells it ("Letzter Stich: … –
/// gewonnen von Bert."); `None` before the first trick.
pub fn last_trick_text(game: &Game, names: &[Option<String>; 4], lang: Lang) -> Option<String> {
    let last = game.tricks().last()?;
    let plays = plays_text(&last.trick, names, lang);
    let winner = names[last.winner.index()].clone().unwrap_or_default();
    Some(tr!(lang, "last-trick", plays = plays, winner = winner))
}

/// The tricks won by the seats `seat` knows to be on its side, with their
/// card points; `None` while the seat does not know its party.
pub fn our_tricks_text(game: &Game, seat: Seat, lang: Lang) -> Option<String> {
    let view = game.view(seat);
    let mine = view.my_party()?;
    let ours: Vec<_> = view
        .tricks
        .iter()
        .filter(|t| view.parties[t.winner.index()] == Some(mine))
        .collect();
    let tricks: Vec<String> = ours
        .iter()
        .map(|t| {
            t.trick
                .cards()
                .iter()
                .map(|c| card_label(*c, lang))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let points: u32 = ours
        .iter()
        .map(|t| {
            t.trick
                .cards()
                .iter()
                .map(|c| u32::from(c.points()))
                .sum::<u32>()
        })
        .sum();
    let party = match mine {
        Party::Declarer => tr!(lang, "party-declarers"),
        Party::Opponents => tr!(lang, "party-opponents"),
    };
    Some(tr!(
        lang,
        "our-tricks",
        party = party,
        count = tricks.len(),
        tricks = tricks.join(" | "),
        points = points
    ))
}

impl GameFace for ZwanzigerrufenFace {
    fn id(&self) -> &'static str {
        "zwanzigerrufen"
    }

    fn catalogue_text(
        &self,
        lang: Lang,
        id: &str,
        args: Vec<(&'static str, Arg)>,
    ) -> Option<String> {
        lookup(lang, id, args)
    }

    fn name(&self, lang: Lang) -> String {
        tr!(lang, "game-zwanzigerrufen")
    }

    fn seat_choice(&self) -> SeatChoice {
        SeatChoice {
            min: 4,
            max: 4,
            default: 4,
        }
    }

    fn contract_name(&self, word: &str, lang: Lang) -> Option<String> {
        lookup(lang, &format!("game-{word}"), Vec::new())
    }

    fn parse_rules(&self, text: &str) -> Result<Value, BadRules> {
        let text = text.trim();
        let value = if text.starts_with('{') || text.starts_with('"') {
            tarock_face::rules_value(text)?
        } else {
            // A preset by name, in any case (the table's old reading).
            let name = text.to_ascii_lowercase();
            if name.parse::<Preset>().is_err() {
                return Err(BadRules(text.chars().take(40).collect()));
            }
            Value::String(name)
        };
        Rules::from_spec(&value).map_err(|e| BadRules(e.to_string()))?;
        Ok(value)
    }

    fn rules_label(&self, rules: &Value, _lang: Lang) -> String {
        rules_label(rules)
    }

    fn rules_text(&self, rules: &Value, lang: Lang) -> String {
        // Every flag of the rules in force, one per line, as the record
        // form names it.
        let Ok(valid) = Rules::from_spec(rules) else {
            return tr!(lang, "zr-rules-unreadable");
        };
        let all = serde_json::to_value(*valid).unwrap_or(Value::Null);
        let mut lines = vec![tr!(lang, "zr-rules-preset", rules = rules_label(rules))];
        if let Value::Object(map) = all {
            lines.extend(map.iter().map(|(k, v)| format!("{k}: {v}")));
        }
        lines.join("\n")
    }

    fn public_text(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> String {
        let (Some(zr), Some(game)) = (zr_of(round), game_of(round)) else {
            return tr!(lang, "zr-not-dealt");
        };
        render::table_body(&game.public_view(), &header(zr, table), lang)
    }

    fn seat_text(
        &self,
        round: &dyn DynGame,
        seat: FamilySeat,
        draft: Option<&str>,
        table: &TableContext,
        lang: Lang,
    ) -> SeatText {
        let (Some(zr), Some(game), Some(s)) = (zr_of(round), game_of(round), seat_of(seat)) else {
            return SeatText {
                text: tr!(lang, "zr-not-dealt"),
                choices: Vec::new(),
            };
        };
        let header = header(zr, table);
        if game.to_act() != Some(s) {
            return SeatText {
                text: render::private_body(&game.view(s), &header, lang),
                choices: Vec::new(),
            };
        }
        // A turn begun with "… +" buttons: what it holds so far, and what
        // may follow (the table shows this text alone, [`Layout`]).
        let partial = draft
            .and_then(turn::draft_bids)
            .filter(|bids| turn::valid_partial(game, s, bids));
        match partial {
            Some(bids) => SeatText {
                text: tr!(
                    lang,
                    "compose-turn",
                    turn = turn::label_turn(game, s, &bids, lang, header.words).join(" + ")
                ),
                choices: turn::choices(game, s, &bids, lang, header.words),
            },
            None => SeatText {
                text: render::private_body(&game.view(s), &header, lang),
                choices: turn::choices(game, s, &[], lang, header.words),
            },
        }
    }

    fn valid_draft(&self, round: &dyn DynGame, seat: FamilySeat, draft: &str) -> bool {
        let (Some(game), Some(s)) = (game_of(round), seat_of(seat)) else {
            return false;
        };
        turn::draft_bids(draft).is_some_and(|bids| turn::valid_partial(game, s, &bids))
    }

    fn reads_words(&self, words: &[String]) -> bool {
        typed::is_turn_words(words)
    }

    fn action_tokens(&self, token: &str) -> Option<Vec<String>> {
        turn::tokens_of_turn(token)
    }

    fn draft_words(&self, draft: &str) -> Option<Vec<String>> {
        // A bid's record word is what people type for it (`rufer`).
        turn::draft_bids(draft).map(|bids| bids.iter().map(ToString::to_string).collect())
    }

    fn title(&self, title: Title<'_>, table: &TableContext, lang: Lang) -> Option<String> {
        // The titles the table gave Zwanzigerrufen before there were other
        // games: no game's name, "Tarock-Tisch" in the lobby.
        Some(match title {
            Title::Lobby {
                table: id, rules, ..
            } => tr!(
                lang,
                "lobby-title",
                table = id,
                rules = rules_label(rules),
                stake = money(table.stake_cents, lang)
            ),
            Title::Table {
                table: id,
                round,
                rules,
                ..
            } => tr!(
                lang,
                "table-title",
                table = id,
                deal = round,
                rules = rules_label(rules),
                stake = money(table.stake_cents, lang)
            ),
            Title::Private {
                table: id,
                round,
                seat,
            } => tr!(
                lang,
                "private-title",
                table = id,
                deal = round,
                seat = seat.index() + 1
            ),
            Title::Settlement { table: id, round } => {
                tr!(lang, "settlement-title", table = id, deal = round)
            }
        })
    }

    fn layout(&self) -> Layout {
        // The table message of a Zwanzigerrufen deal says every move in
        // its Lizitation and tricks; it kept "last trick" as a button.
        Layout {
            move_lines: false,
            status_before_commitment: true,
            last_trick_button: true,
            rules_in_lobby: false,
            private_settlement_title: true,
            reveal_setup: false,
            draft_alone: true,
            rules_by_label: true,
            // Its table message says who leads; the chat stays quiet.
            start_line: false,
            // The buttons players have in their chats read as before.
            short_payloads: true,
        }
    }

    fn typed_token(
        &self,
        round: &dyn DynGame,
        _seat: FamilySeat,
        words: &[String],
    ) -> Option<Result<String, TypedRefusal>> {
        // A bidding turn in words (in the play too: the rules then refuse
        // it as they always did, "the bidding is over").
        let game = game_of(round)?;
        Some(
            typed::parse_turn_words(words, game.rules())
                .map(|bids| turn::turn_token(&bids))
                .map_err(|e| match e {
                    BadTurn::UnknownWord(word) => TypedRefusal {
                        id: "rej-bad-turn",
                        word: Some(word),
                    },
                    BadTurn::WeiterFirst => TypedRefusal {
                        id: "rej-bad-turn-weiter",
                        word: None,
                    },
                    BadTurn::Empty => TypedRefusal {
                        id: "rej-bad-turn-empty",
                        word: None,
                    },
                    BadTurn::TooLong => TypedRefusal {
                        id: "rej-too-long",
                        word: None,
                    },
                }),
        )
    }

    fn last_trick(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> Option<String> {
        let names = Seat::ALL.map(|s| Some(table.name(FamilySeat::new(u8::from(s)))));
        last_trick_text(game_of(round)?, &names, lang)
    }

    fn our_tricks(
        &self,
        round: &dyn DynGame,
        seat: FamilySeat,
        _table: &TableContext,
        lang: Lang,
    ) -> Result<String, NoTricks> {
        let (Some(game), Some(s)) = (game_of(round), seat_of(seat)) else {
            return Err(NoTricks::NoneYet);
        };
        our_tricks_text(game, s, lang).ok_or(NoTricks::SideUnknown)
    }

    fn help_text(&self, lang: Lang) -> String {
        tr!(lang, "terminal-help")
    }

    fn card_token(&self, text: &str) -> Option<String> {
        parse_card(text).map(|c| format!("p{c}"))
    }

    fn cards_text(&self, cards: &str, lang: Lang) -> String {
        // A hand as its labels, in the table's order (the redeal's line).
        cards
            .parse::<tarock_zwanzigerrufen::CardSet>()
            .map_or_else(|_| cards.to_owned(), |hand| render::hand_text(hand, lang))
    }

    fn deck(&self) -> Option<Deck> {
        Some(Deck::Tarock)
    }

    fn card_id(&self, text: &str) -> Option<String> {
        parse_card(text).map(|c| c.to_string())
    }

    fn draws_positions(&self) -> bool {
        true
    }

    fn position_picture(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<Picture> {
        let names = Seat::ALL.map(|s| table.name(FamilySeat::new(u8::from(s))));
        Some(picture::position(
            &game_of(round)?.public_view(),
            &names,
            lang,
        ))
    }

    fn hand_picture(&self, round: &dyn DynGame, seat: FamilySeat, lang: Lang) -> Option<Picture> {
        let game = game_of(round)?;
        let s = seat_of(seat)?;
        // The cards the buttons offer are the ones lifted.
        let legal =
            (game.phase() == Phase::Play && game.to_act() == Some(s)).then(|| game.legal_cards());
        Some(picture::hand(&game.view(s), legal, lang))
    }

    fn table_picture(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<Picture> {
        let names = Seat::ALL.map(|s| table.name(FamilySeat::new(u8::from(s))));
        picture::table(&game_of(round)?.public_view(), &names, lang)
    }

    fn action_text(
        &self,
        round: &dyn DynGame,
        seat: FamilySeat,
        token: &str,
        table: &TableContext,
        lang: Lang,
    ) -> String {
        let name = table.name(seat);
        match (game_of(round), seat_of(seat), turn::move_of(token)) {
            (_, _, Some(Move::Card(card))) => tr!(
                lang,
                "zr-did-play",
                name = name,
                card = card_label(card, lang)
            ),
            (_, _, Some(Move::Turn(bids))) if bids.is_empty() => {
                tr!(lang, "history-weiter", name = name)
            }
            (Some(game), Some(s), Some(Move::Turn(bids))) => {
                let words = zr_of(round).map(words_of).unwrap_or_default();
                let labels = turn::label_turn(game, s, &bids, lang, words);
                tr!(lang, "history-bid", name = name, bids = labels.join(", "))
            }
            _ => tr!(lang, "zr-did-unknown", name = name),
        }
    }

    fn events(
        &self,
        _before: &dyn DynGame,
        _after: &dyn DynGame,
        _table: &TableContext,
        _lang: Lang,
    ) -> Vec<String> {
        // The table message says all a deal's moves; nothing deserves a
        // chat message of its own (as before the face).
        Vec::new()
    }

    fn settlement_text(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<SettlementText> {
        let zr = zr_of(round)?;
        let game = zr.game()?;
        let settlement = game.settlement_with_factor(zr.factor())?;
        let facts = game.facts()?;
        let contract = *game.contract()?;
        let sheet = Sheet {
            table: 0,
            deal: 0,
            names: Seat::ALL.map(|s| table.name(FamilySeat::new(u8::from(s)))),
            declarer: contract.declarer,
            called: contract.called,
            facts,
            settlement: settlement.clone(),
            valat_replaces_all: game.rules().valat_replaces_all,
            words: words_of(zr),
            stake_cents: table.stake_cents,
            balances: [(0, 0); 4],
        };
        Some(SettlementText {
            lines: sheet.lines(lang),
            items: settlement_items(&settlement, lang),
        })
    }

    fn sides(&self, round: &dyn DynGame) -> Option<(&'static str, u32)> {
        let facts = game_of(round)?.facts()?;
        Some((facts.kind.word(), declarer_mask(&facts)))
    }

    fn refusal_text(&self, code: &str, lang: Lang) -> String {
        // A code's text without the error's details (the card, the item):
        // the full texts need the error itself (`render::rule_error_text`).
        refusal_by_code(self, &format!("zr-refusal-{code}"), code, lang)
    }

    fn rule_text(&self, error: &tarock_game_core::Rejected, lang: Lang) -> Option<String> {
        // The full text, as the table always gave it: the card to follow,
        // the item already announced.
        error
            .downcast_ref::<tarock_zwanzigerrufen::RuleError>()
            .map(|e| render::rule_error_text(e, lang))
    }

    fn computer_token(
        &self,
        round: &dyn DynGame,
        seat: FamilySeat,
        level: &str,
        rng: &mut dyn RngCore,
    ) -> Option<String> {
        let level: Level = level.parse().ok()?;
        let game = game_of(round)?;
        if game.to_act() != seat_of(seat) {
            return None;
        }
        computer_move(game, level, rng).map(|m| token_of(&m))
    }

    fn stand_in_token(
        &self,
        round: &dyn DynGame,
        seat: FamilySeat,
        rng: &mut dyn RngCore,
    ) -> Option<String> {
        self.computer_token(round, seat, STAND_IN.name(), rng)
    }
}
