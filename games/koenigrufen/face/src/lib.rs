//! Königrufen at the table: its texts, buttons, settlement and computer
//! players, over [`tarock_koenigrufen::Koenigrufen`] (one round = one deal).
//!
//! Secrecy (SPEC §5, §6, §8.5): the public text is built from the game's
//! public view only — the auction, the contract, the called King (not its
//! holder), the talon halves once the rules expose them, face-up discards,
//! announcements and Kontras with the actor, ouvert hands after the first
//! trick, the tricks. A seat's text adds only what that seat's view holds:
//! its hand, its party, its own discards, Mussolini's row for the declarer,
//! the card it drew.
//!
//! Choices are exactly the seat's legal actions: auction words ("bei" among
//! them for those who may), the King to call, a talon half (both shown with
//! their cards) or all six or schleifen, the discard in steps (see
//! [`draft`]), Mussolini's draw and lay-aside, announcements and Kontras,
//! cards. Computers choose with the registry's players at their level;
//! a seat whose time runs out is played by the medium player, for every
//! kind of decision (the same stand-in as Zwanzigerrufen's, SPEC §14:
//! "timeouts are played by a computer player").
//!
//! At a table of five the round maps table seats to the deal's four
//! ([`Koenigrufen::game_seat`]); every text below is written with the
//! deal's seats and a [`TableContext`] whose names are the deal's
//! ([`deal_context`]). The dealer who sits out is told so and has no
//! choices.

mod draft;
mod picture;
mod private;
mod public;
mod rules_text;
mod sheet;
pub mod text;
pub mod words;

use std::borrow::Cow;

use rand::RngCore;
use serde_json::Value;
use tarock_game_core::{DynGame, Seat};
use tarock_koenigrufen::{Action, Game, Koenigrufen};
use tarock_player::Level;

use crate::text::tr;
use crate::text::{Arg, Lang, lookup};
use tarock_face::Picture;
use tarock_face::computers::computer_token;
use tarock_face::picture::Deck;
use tarock_face::{
    BadRules, GameFace, NoTricks, SeatChoice, SeatText, SettlementText, TableContext,
    refusal_by_code,
};
use tarock_koenigrufen_ai::COMPUTERS;

/// The face of Königrufen.
#[derive(Clone, Copy, Debug, Default)]
pub struct KoenigrufenFace;

/// The level that plays for a seat whose time ran out (Zwanzigerrufen's
/// stand-in level too).
const STAND_IN: Level = Level::Medium;

/// The deal of a round of Königrufen, once dealt.
fn game_of(round: &dyn DynGame) -> Option<&Game> {
    round.downcast_ref::<Koenigrufen>()?.game()
}

/// The deal's seat of a table seat (`None` for the dealer who sits out at
/// a table of five).
fn kr_seat(round: &dyn DynGame, seat: Seat) -> Option<tarock_koenigrufen::Seat> {
    round.downcast_ref::<Koenigrufen>()?.game_seat(seat)
}

/// The table's names as the deal's seats read them: the same at four; at
/// five, the deal's seat 0 is the Vorhand's name and so on.
fn deal_context<'a>(round: &dyn DynGame, table: &'a TableContext) -> Cow<'a, TableContext> {
    match round.downcast_ref::<Koenigrufen>() {
        Some(kr) if kr.sitting_out().is_some() => Cow::Owned(TableContext {
            names: tarock_koenigrufen::Seat::ALL
                .iter()
                .map(|s| table.name(kr.table_seat(*s)))
                .collect(),
            stake_cents: table.stake_cents,
        }),
        _ => Cow::Borrowed(table),
    }
}

/// A line saying who deals and sits out at a table of five.
fn sitting_out_line(round: &dyn DynGame, table: &TableContext, lang: Lang) -> Option<String> {
    let seat = round.downcast_ref::<Koenigrufen>()?.sitting_out()?;
    Some(tr!(lang, "kr-sits-out", name = table.name(seat)))
}

/// The text of a round that is not a dealt Königrufen deal.
fn not_this_game(round: &dyn DynGame, lang: Lang) -> String {
    if round.downcast_ref::<Koenigrufen>().is_some() {
        tr!(lang, "kr-not-dealt")
    } else {
        tr!(lang, "kr-not-this-game")
    }
}

impl GameFace for KoenigrufenFace {
    fn id(&self) -> &'static str {
        "koenigrufen"
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
        tr!(lang, "kr-name")
    }

    fn seat_choice(&self) -> SeatChoice {
        SeatChoice {
            min: 4,
            max: 5,
            default: 4,
        }
    }

    fn parse_rules(&self, text: &str) -> Result<Value, BadRules> {
        rules_text::parse_rules(text)
    }

    fn rules_label(&self, rules: &Value, lang: Lang) -> String {
        rules_text::rules_label(rules, lang)
    }

    fn rules_text(&self, rules: &Value, lang: Lang) -> String {
        rules_text::rules_text(rules, lang)
    }

    fn public_text(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> String {
        let Some(game) = game_of(round) else {
            return not_this_game(round, lang);
        };
        let text = public::public_text(game, &deal_context(round, table), lang);
        match sitting_out_line(round, table, lang) {
            Some(line) => format!("{line}\n{text}"),
            None => text,
        }
    }

    fn seat_text(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        draft: Option<&str>,
        table: &TableContext,
        lang: Lang,
    ) -> SeatText {
        let sits_out = round
            .downcast_ref::<Koenigrufen>()
            .and_then(Koenigrufen::sitting_out)
            == Some(seat);
        match (game_of(round), kr_seat(round, seat)) {
            (Some(game), Some(s)) => {
                private::seat_text(game, s, draft, &deal_context(round, table), lang)
            }
            (Some(_), None) if sits_out => SeatText {
                text: tr!(lang, "kr-you-sit-out"),
                choices: Vec::new(),
            },
            _ => SeatText {
                text: not_this_game(round, lang),
                choices: Vec::new(),
            },
        }
    }

    fn valid_draft(&self, round: &dyn DynGame, seat: Seat, draft: &str) -> bool {
        let (Some(game), Some(s)) = (game_of(round), kr_seat(round, seat)) else {
            return false;
        };
        game.to_act() == Some(s)
            && game
                .view(s)
                .legal
                .and_then(|l| l.discard)
                .is_some_and(|rule| draft::Picked::parse(draft, &rule).is_some())
    }

    fn last_trick(&self, round: &dyn DynGame, table: &TableContext, lang: Lang) -> Option<String> {
        public::last_trick(game_of(round)?, &deal_context(round, table), lang)
    }

    fn our_tricks(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        table: &TableContext,
        lang: Lang,
    ) -> Result<String, NoTricks> {
        let (Some(game), Some(s)) = (game_of(round), kr_seat(round, seat)) else {
            return Err(NoTricks::NoneYet);
        };
        if game.public_view().tricks.is_empty() {
            return Err(NoTricks::NoneYet);
        }
        public::our_tricks(game, s, &deal_context(round, table), lang).ok_or(NoTricks::SideUnknown)
    }

    fn help_text(&self, lang: Lang) -> String {
        tr!(lang, "kr-help")
    }

    fn card_token(&self, text: &str) -> Option<String> {
        words::parse_card(text).map(|c| Action::Play(c).code())
    }

    fn deck(&self) -> Option<Deck> {
        Some(Deck::Tarock)
    }

    fn card_id(&self, text: &str) -> Option<String> {
        words::parse_card(text).map(|c| c.to_string())
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
        let context = deal_context(round, table);
        Some(picture::position(game_of(round)?, &context, lang))
    }

    fn hand_picture(&self, round: &dyn DynGame, seat: Seat, lang: Lang) -> Option<Picture> {
        picture::hand(game_of(round)?, kr_seat(round, seat)?, lang)
    }

    fn table_picture(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<Picture> {
        picture::table(game_of(round)?, &deal_context(round, table), lang)
    }

    fn action_text(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        token: &str,
        table: &TableContext,
        lang: Lang,
    ) -> String {
        let (Some(game), Some(s), Some(action)) = (
            game_of(round),
            kr_seat(round, seat),
            Action::from_code(token),
        ) else {
            return tr!(lang, "kr-did-unknown", name = table.name(seat));
        };
        words::action_text(game, s, action, &deal_context(round, table), lang)
    }

    fn events(
        &self,
        before: &dyn DynGame,
        after: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Vec<String> {
        let (Some(b), Some(a)) = (game_of(before), game_of(after)) else {
            return Vec::new();
        };
        let table = &deal_context(after, table);
        let mut out = Vec::new();
        // The auction's outcome is worth a message of its own.
        if b.declared().is_none()
            && let Some(d) = a.declared()
        {
            out.push(tr!(
                lang,
                "kr-event-contract",
                name = words::name(table, d.declarer),
                game = words::contract_name(d.contract, lang)
            ));
        }
        // Ouvert hands are laid open after the first trick (§8.5); a deal
        // that ended with that trick (the Bettler took it) shows no hand
        // to follow, so nothing is announced.
        let opened = |g: &Game| g.public_view().open_hands.iter().any(Option::is_some);
        if !opened(b) && opened(a) && a.to_act().is_some() {
            out.push(tr!(lang, "kr-event-ouvert"));
        }
        out
    }

    fn settlement_text(
        &self,
        round: &dyn DynGame,
        table: &TableContext,
        lang: Lang,
    ) -> Option<SettlementText> {
        sheet::settlement_text(game_of(round)?, &deal_context(round, table), lang)
    }

    fn sides(&self, round: &dyn DynGame) -> Option<(&'static str, u32)> {
        if !round.is_over() {
            return None;
        }
        let kr = round.downcast_ref::<Koenigrufen>()?;
        let view = kr.game()?.public_view();
        let contract = view.contract?;
        // Bit `s` for table seat `s`.
        let mask = tarock_koenigrufen::Seat::ALL
            .iter()
            .filter(|s| view.parties[s.index()] == Some(tarock_koenigrufen::Party::Declarer))
            .fold(0, |mask, s| mask | 1 << kr.table_seat(*s).index());
        Some((contract.word(), mask))
    }

    fn contract_name(&self, word: &str, lang: Lang) -> Option<String> {
        let contract = word.parse::<tarock_koenigrufen::Contract>().ok()?;
        Some(words::contract_name(contract, lang))
    }

    fn sitting_out(&self, round: &dyn DynGame) -> Option<Seat> {
        round.downcast_ref::<Koenigrufen>()?.sitting_out()
    }

    fn has_cup_score(&self) -> bool {
        true
    }

    fn cup_rules(&self) -> Option<&'static str> {
        // Seed 002's Tarockcup plays Königrufen by the 2019 cup's rules.
        Some("cup2019")
    }

    fn cup_score(&self, round: &dyn DynGame) -> Option<Vec<i64>> {
        // The Schrift: the score before Kontra doubles it into money; the
        // dealer who sits out at a table of five scores nothing.
        let kr = round.downcast_ref::<Koenigrufen>()?;
        Some(kr.by_table_seat(kr.game()?.settlement()?.score, 0))
    }

    fn refusal_text(&self, code: &str, lang: Lang) -> String {
        refusal_by_code(self, &format!("kr-refusal-{code}"), code, lang)
    }

    fn computer_token(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        level: &str,
        rng: &mut dyn RngCore,
    ) -> Option<String> {
        computer_token(&COMPUTERS, level, round, seat, rng)
    }

    fn stand_in_token(
        &self,
        round: &dyn DynGame,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<String> {
        computer_token(&COMPUTERS, STAND_IN.name(), round, seat, rng)
    }
}
