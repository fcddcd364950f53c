//! Button payloads: compact, stateless strings `t<table>:<step>:<action>`
//! that front ends attach to buttons and hand back on a press. They fit
//! Telegram's 64-byte callback data and Discord's 100-character custom ids,
//! and keep working after a restart because they carry everything needed.

use std::fmt;
use std::str::FromStr;

use tarock_game_core::Game as _;
use tarock_game_core::Seat;
use tarock_game_core::seat::MAX_SEATS;
use tarock_game_core::token::is_well_formed;
use tarock_storage::TableId;
use tarock_zwanzigerrufen::{Action, Bid, Card, GameKind, Item, Premium, Zwanzigerrufen};

pub use crate::typed::{is_turn_words, parse_turn_words};

/// The longest payload allowed (Telegram's callback data limit, in bytes).
pub const MAX_PAYLOAD: usize = 64;

/// A point in a table's history: deal number and the index of the next
/// action in that deal. A button made for one step is stale at any other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// The deal number, from 1.
    pub deal: u32,
    /// The next action's sequence number in the deal.
    pub seq: u32,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.deal, self.seq)
    }
}

impl FromStr for Step {
    type Err = ();

    fn from_str(s: &str) -> Result<Step, ()> {
        let (deal, seq) = s.split_once('.').ok_or(())?;
        if !all_digits(deal) || !all_digits(seq) {
            return Err(());
        }
        Ok(Step {
            deal: deal.parse().map_err(|_| ())?,
            seq: seq.parse().map_err(|_| ())?,
        })
    }
}

/// Whether `s` is a non-empty run of ASCII digits (no sign: `-1` and `+1`
/// are not ids).
fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// What a button does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ButtonAction {
    /// Take a seat.
    Join,
    /// Seat a computer player of this level, in the seat that was the
    /// first free one when the button was made (so that a double click on
    /// one version of the button seats one computer, not two).
    AddComputer(String, Option<Seat>),
    /// Start, or deal the next hand.
    Start,
    /// Show my hand privately.
    Hand,
    /// Show the rules.
    Rules,
    /// Show the balances.
    Balances,
    /// Show the last trick.
    LastTrick,
    /// Show my party's tricks.
    OurTricks,
    /// A bidding turn (no bids: Weiter).
    Turn(Vec<Bid>),
    /// The start of a turn of several announcements: show what may follow.
    Compose(Vec<Bid>),
    /// Play a card.
    Play(Card),
    /// An action of a game with a face: its token (`g<token>`).
    Act(String),
    /// A choice being made in steps: its draft token (`~<token>`).
    Draft(String),
}

/// A decoded payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payload {
    /// The table.
    pub table: TableId,
    /// The step it was made for (actions during a deal only).
    pub step: Option<Step>,
    /// What it does.
    pub action: ButtonAction,
}

/// The short code of a bid in a payload.
fn bid_code(bid: Bid) -> &'static str {
    match bid {
        Bid::Game(GameKind::Rufer) => "r",
        Bid::Game(GameKind::Farbensolo) => "f",
        Bid::Game(GameKind::Solo) => "s",
        Bid::GameWithValat(GameKind::Rufer) => "rv",
        Bid::GameWithValat(GameKind::Farbensolo) => "fv",
        Bid::GameWithValat(GameKind::Solo) => "sv",
        Bid::Premium(Premium::Absolut) => "a",
        Bid::Premium(Premium::Pagat) => "p",
        Bid::Premium(Premium::Valat) => "v",
        Bid::Kontra(Item::Game) => "kg",
        Bid::Kontra(Item::Absolut) => "ka",
        Bid::Kontra(Item::Pagat) => "kp",
        Bid::Kontra(Item::Valat) => "kv",
    }
}

fn bid_from_code(code: &str) -> Option<Bid> {
    Bid::ALL.into_iter().find(|b| bid_code(*b) == code)
}

/// At most this many announcements in one turn fit a payload.
pub const MAX_TURN: usize = 5;

fn bid_codes(codes: &str) -> Option<Vec<Bid>> {
    codes
        .split('.')
        .map(bid_from_code)
        .collect::<Option<Vec<_>>>()
        .filter(|b| !b.is_empty() && b.len() <= MAX_TURN)
}

impl fmt::Display for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}:", self.table)?;
        if let Some(step) = self.step {
            write!(f, "{step}")?;
        }
        f.write_str(":")?;
        match &self.action {
            ButtonAction::Join => f.write_str("j"),
            ButtonAction::AddComputer(level, None) => write!(f, "c{level}"),
            ButtonAction::AddComputer(level, Some(seat)) => write!(f, "c{level}.{}", seat.index()),
            ButtonAction::Start => f.write_str("s"),
            ButtonAction::Hand => f.write_str("h"),
            ButtonAction::Rules => f.write_str("r"),
            ButtonAction::Balances => f.write_str("b"),
            ButtonAction::LastTrick => f.write_str("l"),
            ButtonAction::OurTricks => f.write_str("o"),
            ButtonAction::Turn(bids) if bids.is_empty() => f.write_str("w"),
            ButtonAction::Turn(bids) => {
                let codes: Vec<&str> = bids.iter().map(|b| bid_code(*b)).collect();
                write!(f, "a{}", codes.join("."))
            }
            ButtonAction::Compose(bids) => {
                let codes: Vec<&str> = bids.iter().map(|b| bid_code(*b)).collect();
                write!(f, "x{}", codes.join("."))
            }
            ButtonAction::Play(card) => write!(f, "p{card}"),
            ButtonAction::Act(token) => write!(f, "g{token}"),
            ButtonAction::Draft(token) => write!(f, "~{token}"),
        }
    }
}

/// What a button of Zwanzigerrufen's own path asks for, in the terms of the
/// path every game takes (issue 32): buttons already posted in chats keep
/// working once Zwanzigerrufen tables are played through it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenericPress {
    /// Apply these action tokens of the game (`xr`, `w`, `pT21`, see
    /// `tarock_zwanzigerrufen::family`), in order and as one move, at the
    /// payload's step: a whole bidding turn (its announcements, then `w`)
    /// or one card.
    Tokens(Vec<String>),
    /// Show the turn being composed: the tokens of its announcements so far
    /// (`xr`, `xkg`), from which the face writes its draft.
    Draft(Vec<String>),
}

/// An old payload read in the generic path's terms: its table, its step
/// (a button's step counts each stored event, and an older deal's bidding
/// turn stays one event, so the step of a posted button still holds) and
/// what it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pressed {
    /// The table.
    pub table: TableId,
    /// The step the button was made for.
    pub step: Option<Step>,
    /// The tokens or the draft.
    pub press: GenericPress,
}

/// The game's token of one announcement.
fn bid_token(bid: Bid) -> String {
    Zwanzigerrufen::action_token(&Action::Bid(bid))
}

impl Payload {
    /// This payload in the generic path's terms, if it is one of
    /// Zwanzigerrufen's own buttons (a turn, a card, a turn being composed);
    /// `None` for the buttons every table shares and for the generic
    /// path's own (`g…`, `~…`), which need no mapping.
    pub fn generic_press(&self) -> Option<Pressed> {
        let press = match &self.action {
            ButtonAction::Turn(bids) => GenericPress::Tokens(
                bids.iter()
                    .map(|b| bid_token(*b))
                    .chain([Zwanzigerrufen::action_token(&Action::Weiter)])
                    .collect(),
            ),
            ButtonAction::Play(card) => {
                GenericPress::Tokens(vec![Zwanzigerrufen::action_token(&Action::Play(*card))])
            }
            ButtonAction::Compose(bids) => {
                GenericPress::Draft(bids.iter().map(|b| bid_token(*b)).collect())
            }
            _ => return None,
        };
        Some(Pressed {
            table: self.table,
            step: self.step,
            press,
        })
    }
}

/// Why a payload could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a button of this bot: {0:?}")]
pub struct BadPayload(pub String);

impl FromStr for Payload {
    type Err = BadPayload;

    fn from_str(s: &str) -> Result<Payload, BadPayload> {
        let bad = || BadPayload(s.chars().take(80).collect());
        if s.len() > MAX_PAYLOAD {
            return Err(bad());
        }
        let rest = s.strip_prefix('t').ok_or_else(bad)?;
        let mut parts = rest.splitn(3, ':');
        let (Some(table), Some(step), Some(action)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if !all_digits(table) {
            return Err(bad());
        }
        let table = TableId(table.parse().map_err(|_| bad())?);
        let step = if step.is_empty() {
            None
        } else {
            Some(step.parse().map_err(|_| bad())?)
        };
        let (code, arg) = action.split_at(action.chars().next().map_or(0, char::len_utf8));
        let action = match (code, arg) {
            ("j", "") => ButtonAction::Join,
            ("c", arg) if !arg.is_empty() => match arg.split_once('.') {
                None => ButtonAction::AddComputer(arg.to_owned(), None),
                Some((level, seat)) if !level.is_empty() => {
                    let seat = match seat.parse::<u8>() {
                        Ok(n) if n < MAX_SEATS && seat.len() == 1 => Seat::new(n),
                        _ => return Err(bad()),
                    };
                    ButtonAction::AddComputer(level.to_owned(), Some(seat))
                }
                Some(_) => return Err(bad()),
            },
            ("s", "") => ButtonAction::Start,
            ("h", "") => ButtonAction::Hand,
            ("r", "") => ButtonAction::Rules,
            ("b", "") => ButtonAction::Balances,
            ("l", "") => ButtonAction::LastTrick,
            ("o", "") => ButtonAction::OurTricks,
            ("w", "") => ButtonAction::Turn(Vec::new()),
            ("a", codes) => ButtonAction::Turn(bid_codes(codes).ok_or_else(bad)?),
            ("x", codes) => ButtonAction::Compose(bid_codes(codes).ok_or_else(bad)?),
            ("p", card) => ButtonAction::Play(card.parse().map_err(|_| bad())?),
            ("g", token) if is_well_formed(token) => ButtonAction::Act(token.to_owned()),
            ("~", token) if is_well_formed(token) => ButtonAction::Draft(token.to_owned()),
            _ => return Err(bad()),
        };
        Ok(Payload {
            table,
            step,
            action,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_game_core::token::MAX_TOKEN_LEN;

    fn round_trip(p: &Payload) {
        let text = p.to_string();
        assert!(text.len() <= MAX_PAYLOAD, "{text} is {} bytes", text.len());
        assert_eq!(text.parse::<Payload>().unwrap(), *p);
    }

    #[test]
    fn every_action_round_trips_within_64_bytes() {
        // The longest table id and step a table can reach.
        let table = TableId(i64::MAX);
        let step = Some(Step {
            deal: u32::MAX,
            seq: u32::MAX,
        });
        let longest_turn = vec![
            Bid::GameWithValat(GameKind::Farbensolo),
            Bid::Premium(Premium::Absolut),
            Bid::Premium(Premium::Pagat),
            Bid::Kontra(Item::Game),
            Bid::Kontra(Item::Absolut),
        ];
        let actions = [
            ButtonAction::Join,
            ButtonAction::AddComputer("strong".into(), None),
            ButtonAction::AddComputer("strong".into(), Some(Seat::new(3))),
            ButtonAction::Start,
            ButtonAction::Hand,
            ButtonAction::Rules,
            ButtonAction::Balances,
            ButtonAction::LastTrick,
            ButtonAction::OurTricks,
            ButtonAction::Turn(vec![]),
            ButtonAction::Turn(longest_turn.clone()),
            ButtonAction::Compose(longest_turn),
            ButtonAction::Play("T22".parse().unwrap()),
            ButtonAction::Play("s10".parse().unwrap()),
            // The longest token of any game, as an action and as a draft.
            ButtonAction::Act("p".repeat(MAX_TOKEN_LEN)),
            ButtonAction::Draft("x".repeat(MAX_TOKEN_LEN)),
        ];
        for action in actions {
            round_trip(&Payload {
                table,
                step,
                action: action.clone(),
            });
            round_trip(&Payload {
                table: TableId(7),
                step: None,
                action,
            });
        }
        // Every bid has its own code.
        for bid in Bid::ALL {
            assert_eq!(bid_from_code(bid_code(bid)), Some(bid));
        }
    }

    #[test]
    fn malformed_payloads_are_refused() {
        for bad in [
            "",
            "t",
            "t1",
            "t1:",
            "t1::",
            "x1::j",
            "t-1::j",
            "tx::j",
            "t1:1:j:x",
            "t1:1.:p",
            "t1:a.b:w",
            "t1::pT23",
            "t1::a",
            "t1::azz",
            "t1::a.r",
            "t1::c",
            "t1::cmedium.5",
            "t1::cmedium.10",
            "t1:1.0:g",
            "t1:1.0:g a",
            "t1:1.0:~",
            "t1::cmedium.",
            "t1::c.1",
            "t1::q",
            "t1::jj",
            "t1::wx",
            "t1::ü",
            "t1::p",
            "t99999999999999999999::j",
        ] {
            assert!(bad.parse::<Payload>().is_err(), "{bad:?} must be refused");
        }
        let long = format!("t1::c{}", "x".repeat(70));
        assert!(long.parse::<Payload>().is_err());
        let token = format!("t1:1.0:g{}", "p".repeat(MAX_TOKEN_LEN + 1));
        assert!(token.parse::<Payload>().is_err());
    }

    /// Every old Zwanzigerrufen button maps to the game's tokens; the
    /// shared buttons and the generic path's own map to nothing.
    #[test]
    fn old_buttons_map_to_the_games_tokens() {
        let pressed = |text: &str| text.parse::<Payload>().unwrap().generic_press();
        let tokens =
            |list: &[&str]| GenericPress::Tokens(list.iter().map(|t| t.to_string()).collect());
        // A whole turn: its announcements, then the end of the turn.
        assert_eq!(
            pressed("t5:1.0:ar.p"),
            Some(Pressed {
                table: TableId(5),
                step: Some(Step { deal: 1, seq: 0 }),
                press: tokens(&["xr", "xp", "w"]),
            })
        );
        // Weiter alone is the empty turn.
        assert_eq!(pressed("t5:1.3:w").unwrap().press, tokens(&["w"]));
        assert_eq!(pressed("t12:3.17:pT21").unwrap().press, tokens(&["pT21"]));
        assert_eq!(pressed("t12:3.17:ps10").unwrap().press, tokens(&["ps10"]));
        assert_eq!(
            pressed("t5:2.4:xkg.ka").unwrap().press,
            GenericPress::Draft(vec!["xkg".into(), "xka".into()])
        );
        for other in [
            "t1::j",
            "t1::s",
            "t1::h",
            "t1::l",
            "t1::o",
            "t1:1.0:gpT21",
            "t1:1.0:~x",
        ] {
            assert_eq!(pressed(other), None, "{other}");
        }
    }

    /// The tokens of every announcement and card are the game's own: they
    /// read back as the same action.
    #[test]
    fn every_bid_and_card_token_reads_back_as_the_same_action() {
        for bid in Bid::ALL {
            let payload = Payload {
                table: TableId(1),
                step: None,
                action: ButtonAction::Turn(vec![bid]),
            };
            let Some(Pressed {
                press: GenericPress::Tokens(tokens),
                ..
            }) = payload.generic_press()
            else {
                panic!("a turn maps to tokens");
            };
            assert_eq!(tokens.len(), 2);
            assert_eq!(
                Zwanzigerrufen::parse_action_token(&tokens[0]),
                Some(Action::Bid(bid))
            );
            assert_eq!(
                Zwanzigerrufen::parse_action_token(&tokens[1]),
                Some(Action::Weiter)
            );
        }
        for card in Card::DECK {
            let payload = Payload {
                table: TableId(1),
                step: None,
                action: ButtonAction::Play(card),
            };
            let Some(Pressed {
                press: GenericPress::Tokens(tokens),
                ..
            }) = payload.generic_press()
            else {
                panic!("a card maps to tokens");
            };
            assert_eq!(
                tokens
                    .iter()
                    .map(|t| Zwanzigerrufen::parse_action_token(t))
                    .collect::<Vec<_>>(),
                vec![Some(Action::Play(card))]
            );
        }
    }

    /// An old turn or card button, pressed through the mapping, changes a
    /// round exactly as the old path's move changed its game: a turn as
    /// `Game::apply_turn`, a card as one play. Whole deals from several
    /// seeds, each turn the first legal announcement alone (or Weiter).
    #[test]
    fn an_old_button_applies_as_the_move_it_showed() {
        use tarock_games::SeededRound;
        let kind = tarock_games::by_id("zwanzigerrufen").unwrap();
        let mut turns = 0;
        for n in 0..20u8 {
            let mut round =
                SeededRound::new(kind, &"standard".into(), 4, Seat::new(0), &[n; 32]).unwrap();
            let zr = |r: &SeededRound| {
                r.round()
                    .downcast_ref::<Zwanzigerrufen>()
                    .and_then(|z| z.game().cloned())
            };
            let Some(mut engine) = zr(&round) else {
                continue;
            };
            while let Some(seat) = engine.to_act() {
                let legal = engine.legal_actions();
                let (action, expected) = match legal.iter().next() {
                    Some(Action::Play(card)) => {
                        let mut next = engine.clone();
                        next.apply(seat, Action::Play(card)).unwrap();
                        (ButtonAction::Play(card), next)
                    }
                    first => {
                        let bids: Vec<Bid> = match first {
                            Some(Action::Bid(bid)) => vec![bid],
                            _ => Vec::new(),
                        };
                        let mut next = engine.clone();
                        next.apply_turn(seat, &bids).unwrap();
                        turns += 1;
                        (ButtonAction::Turn(bids), next)
                    }
                };
                let payload = Payload {
                    table: TableId(1),
                    step: None,
                    action,
                };
                let Some(Pressed {
                    press: GenericPress::Tokens(tokens),
                    ..
                }) = payload.generic_press()
                else {
                    panic!("{payload} maps to tokens");
                };
                for token in &tokens {
                    round.apply(Seat::new(seat.index() as u8), token).unwrap();
                }
                engine = expected;
                assert_eq!(zr(&round).as_ref(), Some(&engine), "{payload}");
            }
        }
        assert!(turns > 20, "{turns} turns");
    }

    #[test]
    fn steps_and_example_payloads() {
        let p: Payload = "t12:3.17:pT21".parse().unwrap();
        assert_eq!(p.table, TableId(12));
        assert_eq!(p.step, Some(Step { deal: 3, seq: 17 }));
        assert_eq!(p.action, ButtonAction::Play("T21".parse().unwrap()));
        let p: Payload = "t5:1.0:ar.p".parse().unwrap();
        assert_eq!(
            p.action,
            ButtonAction::Turn(vec![
                Bid::Game(GameKind::Rufer),
                Bid::Premium(Premium::Pagat)
            ])
        );
        assert!(Step { deal: 2, seq: 0 } > Step { deal: 1, seq: 40 });
    }
}
