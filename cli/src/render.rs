//! `tarock render`: PNG pictures of a hand, a trick, the table, a stored
//! record's position, or the contact sheet of every card face, drawn by the
//! project's own renderer (`tarock-cards`, docs/CARDS.md). The picture's
//! alt text (the cards as text) goes to standard output, so the command
//! tells what it drew without an image viewer.
//!
//! Bad input (an unknown card, a card twice, a legal card not in the hand,
//! a step past the record's end …) is reported on standard error with exit
//! status 2, and no file is written.

mod faces;
mod position;
mod stack;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Subcommand, ValueEnum};
use tarock_cards::{Face, Hand, Lang, Picture, Play, RenderError, Renderer, Seat, Table, Trick};
use tarock_face::GameFace;
use tarock_face::picture::PictureError;

/// Exit status for input the command cannot draw.
const EXIT_BAD_INPUT: u8 = 2;

/// The picture to draw.
#[derive(Subcommand)]
pub enum Command {
    /// A hand: `tarock render hand T22 T21 hK sQ --legal T22 T21 -o hand.png`.
    Hand {
        /// The cards left to right, in the game's notation (`T21`, `hK`; commas also separate).
        #[arg(required = true)]
        cards: Vec<String>,
        /// The cards that may be played: lifted, the others dimmed.
        #[arg(long, num_args = 1..)]
        legal: Option<Vec<String>>,
        #[command(flatten)]
        common: Common,
    },
    /// A trick: `tarock render trick Anna=T21 Bert=hK Cleo -o trick.png` (leader first; a name without a card is still to play).
    Trick {
        /// The players in playing order, leader first, as NAME=CARD or NAME.
        #[arg(required = true)]
        plays: Vec<String>,
        /// The player who won the trick (ringed in gold).
        #[arg(long)]
        winner: Option<String>,
        #[command(flatten)]
        common: Common,
    },
    /// The table: `tarock render table Anna=T21:2 Bert:1 Cleo=hK Dora --leader Cleo --to-move Dora -o table.png`.
    Table {
        /// The seats in playing order, seat 0 at the bottom, as NAME[=CARD][:TRICKS WON].
        #[arg(required = true)]
        seats: Vec<String>,
        /// The seat that led the current trick.
        #[arg(long)]
        leader: Option<String>,
        /// The seat whose turn it is.
        #[arg(long)]
        to_move: Option<String>,
        #[command(flatten)]
        common: Common,
    },
    /// A stored record's position (a game whose record is one deal) after N of its actions, in public view.
    Record {
        /// The record file (JSON, docs/RECORD.md).
        file: PathBuf,
        /// How many of the record's actions have been made (0 = just dealt).
        #[arg(long)]
        deal_step: usize,
        /// Also show this seat's own hand (0 to 3) under the table.
        #[arg(long)]
        seat: Option<u8>,
        /// Court letters: German (K D R B) or English (K Q N J).
        #[arg(long, value_enum, default_value_t = LangArg::De)]
        lang: LangArg,
        /// Where to write the PNG.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The contact sheet of every face of every deck (`docs/cards.png`).
    Sheet {
        /// Where to write the PNG.
        #[arg(short, long, default_value = "docs/cards.png")]
        output: PathBuf,
    },
}

/// Options every scene given on the command line shares.
#[derive(clap::Args)]
pub struct Common {
    /// Court letters: German (K D R B) or English (K Q N J).
    #[arg(long, value_enum, default_value_t = LangArg::De)]
    lang: LangArg,
    /// The game whose card notation and deck are used.
    #[arg(long, default_value = tarock_games::DEFAULT_GAME, value_parser = faces::game_ids())]
    game: String,
    /// Where to write the PNG.
    #[arg(short, long)]
    output: PathBuf,
}

/// `--lang` on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// German court letters K D R B.
    De,
    /// English court letters K Q N J.
    En,
}

impl From<LangArg> for Lang {
    fn from(lang: LangArg) -> Lang {
        match lang {
            LangArg::De => Lang::De,
            LangArg::En => Lang::En,
        }
    }
}

impl From<LangArg> for tarock_face::Lang {
    fn from(lang: LangArg) -> tarock_face::Lang {
        match lang {
            LangArg::De => tarock_face::Lang::De,
            LangArg::En => tarock_face::Lang::En,
        }
    }
}

/// Input that cannot be drawn; the message says why.
#[derive(Debug)]
struct BadInput(String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Bad input saying `message`.
fn bad(message: impl Into<String>) -> anyhow::Error {
    BadInput(message.into()).into()
}

/// Draws the picture, writes it, prints its alt text.
pub fn run(command: &Command) -> anyhow::Result<ExitCode> {
    let drawn = draw(command, &Renderer::with_cache(0));
    let (picture, output) = match drawn {
        Ok(done) => done,
        Err(e) => {
            return match e.downcast_ref::<BadInput>() {
                Some(bad) => {
                    eprintln!("tarock render: {bad}");
                    Ok(ExitCode::from(EXIT_BAD_INPUT))
                }
                None => Err(e),
            };
        }
    };
    std::fs::write(&output.path, &output.png)
        .with_context(|| format!("cannot write {}", output.path.display()))?;
    outln!("{}", picture.alt)?;
    Ok(ExitCode::SUCCESS)
}

/// The file to write.
struct Output {
    path: PathBuf,
    png: Vec<u8>,
}

/// What the command printed: the alt text.
struct Drawn {
    alt: String,
}

/// A picture drawn by the renderer, into `path`.
fn one(picture: Picture, path: &std::path::Path) -> (Drawn, Output) {
    (
        Drawn { alt: picture.alt },
        Output {
            path: path.to_owned(),
            png: picture.png.to_vec(),
        },
    )
}

/// A renderer error: bad input unless it is the renderer's own failure.
fn scene_error(e: RenderError) -> anyhow::Error {
    match e {
        RenderError::Svg(_) | RenderError::Png(_) => anyhow::Error::new(e),
        other => bad(other.to_string()),
    }
}

/// Draws the picture `command` asks for, without writing anything.
fn draw(command: &Command, renderer: &Renderer) -> anyhow::Result<(Drawn, Output)> {
    match command {
        Command::Hand {
            cards,
            legal,
            common,
        } => {
            let lang = common.lang.into();
            let game = faces::game(&common.game).map_err(bad)?;
            let cards = card_list(game, cards)?;
            no_duplicates(&cards, lang)?;
            let mut hand = Hand::new(cards.iter().copied(), lang);
            if let Some(legal) = legal {
                let legal = card_list(game, legal)?;
                no_duplicates(&legal, lang)?;
                if let Some(stray) = legal.iter().find(|c| !cards.contains(c)) {
                    return Err(bad(format!(
                        "the legal card {} is not in the hand",
                        stray.label(lang)
                    )));
                }
                hand = hand.with_legal(legal);
            }
            let picture = renderer.hand(&hand).map_err(scene_error)?;
            Ok(one(picture, &common.output))
        }
        Command::Trick {
            plays,
            winner,
            common,
        } => {
            let lang = common.lang.into();
            let game = faces::game(&common.game).map_err(bad)?;
            let plays = plays
                .iter()
                .map(|p| {
                    let (name, card, _) = seat_word(game, p, false)?;
                    Ok(Play::new(name, card))
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let cards: Vec<Face> = plays.iter().filter_map(|p| p.card).collect();
            no_duplicates(&cards, lang)?;
            let names: Vec<&str> = plays.iter().map(|p| p.name.as_str()).collect();
            let winner = winner.as_deref().map(|w| index_of(&names, w)).transpose()?;
            let trick = Trick {
                plays,
                winner,
                lang,
            };
            let picture = renderer.trick(&trick).map_err(scene_error)?;
            Ok(one(picture, &common.output))
        }
        Command::Table {
            seats,
            leader,
            to_move,
            common,
        } => {
            let lang = common.lang.into();
            let game = faces::game(&common.game).map_err(bad)?;
            let seats = seats
                .iter()
                .map(|s| {
                    let (name, card, tricks) = seat_word(game, s, true)?;
                    Ok(Seat::new(name, card, tricks))
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let cards: Vec<Face> = seats.iter().filter_map(|s| s.played).collect();
            no_duplicates(&cards, lang)?;
            let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
            let leader = leader.as_deref().map(|l| index_of(&names, l)).transpose()?;
            let to_move = to_move
                .as_deref()
                .map(|m| index_of(&names, m))
                .transpose()?;
            let table = Table {
                seats,
                leader,
                to_move,
                lang,
            };
            let picture = renderer.table(&table).map_err(scene_error)?;
            Ok(one(picture, &common.output))
        }
        Command::Record {
            file,
            deal_step,
            seat,
            lang,
            output,
        } => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| bad(format!("cannot read {}: {e}", file.display())))?;
            let game = faces::game(record_game(&text)).map_err(bad)?;
            let position = position::position(game, &text, *deal_step, *seat, (*lang).into())
                .map_err(|e| bad(format!("{}: {e}", file.display())))?;
            let table = drawn(&position.table, renderer)?;
            let Some(hand) = position.hand else {
                return Ok(one(table, output));
            };
            let hand = drawn(&hand, renderer)?;
            let png = stack::vertical(&table.png, &hand.png)?;
            Ok((
                Drawn {
                    alt: format!("{}\n{}", table.alt, hand.alt),
                },
                Output {
                    path: output.clone(),
                    png,
                },
            ))
        }
        Command::Sheet { output } => {
            let sheet = renderer.contact_sheet()?;
            Ok(one(sheet, output))
        }
    }
}

/// A face's picture description drawn by `renderer`: bad input when the
/// renderer refuses the scene.
fn drawn(picture: &tarock_face::Picture, renderer: &Renderer) -> anyhow::Result<Picture> {
    picture.render(renderer).map_err(|e| match e {
        PictureError::Render(e) => scene_error(e),
        other => anyhow::Error::new(other),
    })
}

/// The id of the game of a record text: the registry's game of its
/// `format` (or of its format family, so that another version is that
/// game's invalid record), else the default game, whose reader says what
/// is wrong.
fn record_game(text: &str) -> &'static str {
    let family = |f: &str| f.split('/').next().unwrap_or_default().to_owned();
    tarock_game_core::record::format_of(text)
        .ok()
        .and_then(|format| {
            tarock_games::GAMES
                .iter()
                .find(|g| family(g.record_format()) == family(&format))
        })
        .map_or(tarock_games::DEFAULT_GAME, |g| g.id())
}

/// The cards of `words` (each may hold several, separated by commas).
fn card_list(game: &dyn GameFace, words: &[String]) -> anyhow::Result<Vec<Face>> {
    words
        .iter()
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty())
        .map(|w| faces::parse(game, w).map_err(bad))
        .collect()
}

/// Fails on the first card given twice.
fn no_duplicates(cards: &[Face], lang: Lang) -> anyhow::Result<()> {
    for (i, card) in cards.iter().enumerate() {
        if cards[..i].contains(card) {
            return Err(bad(format!("{} is given twice", card.label(lang))));
        }
    }
    Ok(())
}

/// Reads `NAME[=CARD][:TRICKS]` (tricks only when `tricks_allowed`).
fn seat_word(
    game: &dyn GameFace,
    word: &str,
    tricks_allowed: bool,
) -> anyhow::Result<(String, Option<Face>, u8)> {
    let (rest, tricks) = match word.rsplit_once(':') {
        Some((rest, n)) if tricks_allowed => {
            let n = n
                .parse()
                .map_err(|_| bad(format!("{word:?}: tricks won must be a number, not {n:?}")))?;
            (rest, n)
        }
        _ => (word, 0),
    };
    let (name, card) = match rest.split_once('=') {
        Some((name, card)) => (name, Some(faces::parse(game, card).map_err(bad)?)),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(bad(format!("{word:?} has no player name")));
    }
    Ok((name.to_owned(), card, tricks))
}

/// The position of player `name` among `names`.
fn index_of(names: &[&str], name: &str) -> anyhow::Result<usize> {
    names
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| bad(format!("no player is called {name:?}")))
}
