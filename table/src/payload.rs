//! Button payloads: compact, stateless strings `t<table>:<step>:<action>`
//! that front ends attach to buttons and hand back on a press. They fit
//! Telegram's 64-byte callback data and Discord's 100-character custom ids,
//! and keep working after a restart because they carry everything needed.

use std::fmt;
use std::str::FromStr;

use tarock_game_core::Seat;
use tarock_game_core::seat::MAX_SEATS;
use tarock_game_core::token::is_well_formed;
use tarock_storage::TableId;
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
    /// An action of the table's game: its face's choice token
    /// (`g<token>`).
    Act(String),
    /// A choice being made in steps: the face's draft token (`~<token>`).
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
            ButtonAction::Act(token) => write!(f, "g{token}"),
            ButtonAction::Draft(token) => write!(f, "~{token}"),
        }
    }
}

impl Payload {
    /// The payload in its short form: a choice or draft token without its
    /// prefix where it reads back as the same action (`ar.p`, `w`, `pT21`,
    /// `xr`), as Zwanzigerrufen's buttons were always written; otherwise
    /// as [`fmt::Display`] writes it.
    pub fn short(&self) -> String {
        let bare = match &self.action {
            ButtonAction::Act(token) if is_short_act(token) => token,
            ButtonAction::Draft(token) if is_short_draft(token) => token,
            _ => return self.to_string(),
        };
        let step = self.step.map(|s| s.to_string()).unwrap_or_default();
        format!("t{}:{step}:{bare}", self.table)
    }
}

/// Whether a choice token reads back as itself without the `g` prefix:
/// `w`, or a token of more than one character that starts with `a` or
/// `p` (`ar.p`, `pT21`).
fn is_short_act(token: &str) -> bool {
    token == "w" || (token.len() > 1 && (token.starts_with('a') || token.starts_with('p')))
}

/// Whether a draft token reads back as itself without the `~` prefix:
/// one of more than one character that starts with `x` (`xr.p`).
fn is_short_draft(token: &str) -> bool {
    token.len() > 1 && token.starts_with('x')
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
            // Buttons posted before every game walked one path: their
            // action part is the Zwanzigerrufen face's own choice token
            // (`w`, `ar.p`, `pT21`) or draft token (`xr`), which the face
            // reads and checks like any other.
            ("w", "") => ButtonAction::Act(action.to_owned()),
            ("a" | "p", rest) if !rest.is_empty() && is_well_formed(action) => {
                ButtonAction::Act(action.to_owned())
            }
            ("x", rest) if !rest.is_empty() && is_well_formed(action) => {
                ButtonAction::Draft(action.to_owned())
            }
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
            // The longest Zwanzigerrufen turn (five announcements).
            ButtonAction::Act("afv.a.p.kg.ka".into()),
            ButtonAction::Draft("xfv.a.p.kg.ka".into()),
            // The longest token of any game, as an action and as a draft.
            ButtonAction::Act("p".repeat(MAX_TOKEN_LEN)),
            ButtonAction::Draft("x".repeat(MAX_TOKEN_LEN)),
            // Tokens that only read back with their prefix.
            ButtonAction::Act("weiter".into()),
            ButtonAction::Act("p".into()),
            ButtonAction::Act("xr".into()),
            ButtonAction::Draft("a".into()),
            ButtonAction::Draft("swap.h10".into()),
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
            "t1::a",
            "t1::x",
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
            "t1::p T21",
            "t99999999999999999999::j",
        ] {
            assert!(bad.parse::<Payload>().is_err(), "{bad:?} must be refused");
        }
        let long = format!("t1::c{}", "x".repeat(70));
        assert!(long.parse::<Payload>().is_err());
        let token = format!("t1:1.0:g{}", "p".repeat(MAX_TOKEN_LEN + 1));
        assert!(token.parse::<Payload>().is_err());
    }

    /// A Zwanzigerrufen button posted before every game walked one path
    /// (`ar.p`, `w`, `pT21`, `xkg.ka`) reads as the face's own choice or
    /// draft token, the same text: the press does what it showed.
    #[test]
    fn old_buttons_read_as_the_faces_tokens() {
        let action = |text: &str| text.parse::<Payload>().unwrap().action;
        let act = |t: &str| ButtonAction::Act(t.to_owned());
        assert_eq!(action("t5:1.0:ar.p"), act("ar.p"));
        assert_eq!(action("t5:1.3:w"), act("w"));
        assert_eq!(action("t12:3.17:pT21"), act("pT21"));
        assert_eq!(action("t12:3.17:ps10"), act("ps10"));
        assert_eq!(
            action("t5:2.4:xkg.ka"),
            ButtonAction::Draft("xkg.ka".into())
        );
        // The prefixed form of the same buttons reads the same, and the
        // short form is what they are written as.
        assert_eq!(action("t5:1.0:gar.p"), act("ar.p"));
        assert_eq!(action("t5:1.0:~xkg"), ButtonAction::Draft("xkg".into()));
        let written = |action: ButtonAction| {
            let payload = Payload {
                table: TableId(5),
                step: Some(Step { deal: 1, seq: 0 }),
                action,
            };
            // Both forms read back as the same payload.
            assert_eq!(payload.short().parse::<Payload>().unwrap(), payload);
            payload.short()
        };
        assert_eq!(written(act("ar.p")), "t5:1.0:ar.p");
        assert_eq!(written(act("w")), "t5:1.0:w");
        assert_eq!(written(act("pT21")), "t5:1.0:pT21");
        assert_eq!(written(ButtonAction::Draft("xkg".into())), "t5:1.0:xkg");
        // Tokens that would read otherwise keep their prefix.
        assert_eq!(written(act("weiter")), "t5:1.0:gweiter");
        assert_eq!(written(act("p")), "t5:1.0:gp");
        assert_eq!(written(act("x1")), "t5:1.0:gx1");
        assert_eq!(written(ButtonAction::Draft("swap".into())), "t5:1.0:~swap");
        let p: Payload = "t12:3.17:pT21".parse().unwrap();
        assert_eq!(p.table, TableId(12));
        assert_eq!(p.step, Some(Step { deal: 3, seq: 17 }));
        assert!(Step { deal: 2, seq: 0 } > Step { deal: 1, seq: 40 });
    }

    /// An old turn or card button, pressed through Zwanzigerrufen's face,
    /// changes a round exactly as the old path's move changed its game: a
    /// turn as `Game::apply_turn`, a card as one play. Whole deals from
    /// several seeds, each turn the first legal announcement alone (or
    /// Weiter), each button written in the old payload form.
    #[test]
    fn an_old_button_applies_as_the_move_it_showed() {
        use tarock_games::SeededRound;
        use tarock_zwanzigerrufen::{Action, Zwanzigerrufen};
        let code = tarock_zwanzigerrufen_face::turn::bid_code;
        let face = tarock_games::face("zwanzigerrufen").unwrap();
        let kind = tarock_games::by_id("zwanzigerrufen").unwrap();
        let mut turns = 0;
        let mut cards = 0;
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
                let mut next = engine.clone();
                let old = match legal.iter().next() {
                    Some(Action::Play(card)) => {
                        next.apply(seat, Action::Play(card)).unwrap();
                        cards += 1;
                        format!("t1:1.0:p{card}")
                    }
                    Some(Action::Bid(bid)) => {
                        next.apply_turn(seat, &[bid]).unwrap();
                        turns += 1;
                        format!("t1:1.0:a{}", code(bid))
                    }
                    _ => {
                        next.apply_turn(seat, &[]).unwrap();
                        turns += 1;
                        "t1:1.0:w".to_owned()
                    }
                };
                let ButtonAction::Act(token) = old.parse::<Payload>().unwrap().action else {
                    panic!("{old} is an action");
                };
                for token in face.action_tokens(&token).unwrap() {
                    round.apply(Seat::new(seat.index() as u8), &token).unwrap();
                }
                engine = next;
                assert_eq!(zr(&round).as_ref(), Some(&engine), "{old}");
            }
        }
        assert!(turns > 20 && cards > 100, "{turns} turns, {cards} cards");
    }
}
