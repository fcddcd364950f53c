//! Bad input of every kind. Each refused command gets exactly one notice,
//! to the sender only, in the sender's language (the texts below are the
//! catalogue's, written out), and changes nothing: the stored table, its
//! seats, deal, log, ledger and deadline, the outbox and the store's counts
//! are the same before and after, and nothing is queued for delivery.

mod common;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{Platform, TableId};
use tarock_table::{
    ChatRef, CommandKind, Lang, Outgoing, Pace, Payload, Sender, Step, TableSettings, UserRef,
};
use tarock_zwanzigerrufen::{Action, Bid, Card, GameKind, Item, Phase, Premium, RuleError, Seat};
use tarock_zwanzigerrufen_face::render::card_label;

const FOUR: [&str; 4] = ["Anna", "Bert", "Cleo", "Dora"];

/// German and English text of a notice.
type Texts = [&'static str; 2];

const NOT_SEATED: Texts = [
    "Du sitzt nicht an diesem Tisch.",
    "You do not sit at this table.",
];
const NOT_YOUR_TURN: Texts = ["Du bist nicht dran.", "It is not your turn."];
const STALE: Texts = [
    "Schon gespielt: dieser Knopf ist veraltet.",
    "Already played: this button is out of date.",
];
const UNKNOWN_TABLE: Texts = ["Diesen Tisch gibt es nicht.", "There is no such table."];
const MALFORMED: Texts = [
    "Das verstehe ich nicht (unbekannter Knopf oder Befehl).",
    "I do not understand that (unknown button or command).",
];
const TABLE_FULL: Texts = ["Der Tisch ist voll.", "The table is full."];
const SEAT_TAKEN: Texts = ["Dieser Platz ist besetzt.", "That seat is taken."];
const ALREADY_SEATED: Texts = [
    "Du sitzt schon an diesem Tisch.",
    "You already sit at this table.",
];
const NOT_ENOUGH: Texts = [
    "Es braucht vier Spieler (oder Computer) zum Starten.",
    "Four players (or computers) are needed to start.",
];
const DEAL_IN_PROGRESS: Texts = [
    "Das geht nur zwischen zwei Spielen.",
    "That is only possible between deals.",
];
const NO_DEAL: Texts = [
    "Gerade wird kein Spiel gespielt.",
    "No deal is being played.",
];
const STILL_BIDDING: Texts = ["Es wird noch lizitiert.", "The bidding is still going on."];
const BIDDING_OVER: Texts = [
    "Die Lizitation ist vorbei: spiel eine Karte.",
    "The bidding is over: play a card.",
];
const OPENING_REQUIRED: Texts = [
    "Die Vorhand muss mit einem Spiel eröffnen.",
    "The Vorhand must open with a game.",
];
const RUFER_ONLY_OPENING: Texts = [
    "Einen Rufer kann nur die Vorhand eröffnen.",
    "Only the Vorhand can open with a Rufer.",
];
const PAGAT_NOT_HELD: Texts = [
    "Den Pagat kann nur ansagen, wer ihn hat.",
    "Only the holder of the Pagat may announce it.",
];
const NOTHING_TO_KONTRA_PAGAT: Texts = [
    "Auf Pagat gibt es nichts zu kontrieren.",
    "There is no Pagat to kontra.",
];
const NOT_ALLOWED: Texts = [
    "Das darf nur, wer den Tisch eröffnet hat (oder ein Admin).",
    "Only the table's creator (or an admin) may do that.",
];
const UNKNOWN_LEVEL: Texts = [
    "Computer gibt es in den Stärken leicht (easy), mittel (medium) und stark (strong).",
    "Computer players come as easy, medium and strong.",
];
const NO_COMPUTER_THERE: Texts = [
    "Auf diesem Platz sitzt kein Computer.",
    "No computer sits on that seat.",
];
const NO_TABLE_HERE: Texts = [
    "Hier ist kein offener Tisch. Eröffne einen mit /tarock.",
    "There is no open table here. Open one with /tarock.",
];
const SEVERAL_TABLES: Texts = [
    "Hier sind mehrere Tische offen: benutze die Knöpfe des richtigen Tisches.",
    "Several tables are open here: use the buttons of the right one.",
];
const BAD_STAKE: Texts = [
    "Der Einsatz muss zwischen 0 und 1000 € pro Punkt liegen.",
    "The stake must be between 0 and 1000 per point.",
];
const TABLE_CLOSED: Texts = ["Dieser Tisch ist geschlossen.", "This table is closed."];
const TABLE_PAUSED: Texts = ["Der Tisch ist pausiert.", "The table is paused."];
const NO_TRICK_YET: Texts = [
    "Es wurde noch kein Stich gespielt.",
    "No trick has been played yet.",
];
const PARTY_UNKNOWN: Texts = [
    "Du weißt noch nicht, wer zu deiner Partei gehört.",
    "You do not know yet who is on your side.",
];
const BAD_RULES_PREFIX: Texts = [
    "Diese Regeln kenne ich nicht: ",
    "I do not know these rules: ",
];
const BAD_TURN_PREFIX: Texts = [
    "Diese Ansage verstehe ich nicht: ",
    "I do not understand that announcement: ",
];

fn sender_in(name: &str, lang: Lang, chat_id: &str) -> Sender {
    Sender {
        chat: ChatRef {
            platform: Platform::Telegram,
            chat_id: chat_id.into(),
            thread_id: None,
        },
        ..sender(name, lang)
    }
}

/// Sends `kind` from `s` (once in German, once in English) and checks the
/// notice (`exact`: the whole text; otherwise its beginning) and that
/// nothing changed at `table` or anywhere in the store.
async fn refused_as(
    h: &mut Harness,
    table: TableId,
    s: Sender,
    update: Option<&str>,
    kind: CommandKind,
    texts: Texts,
    exact: bool,
) {
    for (lang, text) in Lang::ALL.into_iter().zip(texts) {
        let before = h.snapshot(table).await;
        let s = Sender { lang, ..s.clone() };
        let to: UserRef = s.user.clone();
        let replies = h.handle(s, update, kind.clone()).await;
        assert_eq!(replies.len(), 1, "{kind:?}: exactly one reply: {replies:?}");
        let Outgoing::Notice {
            to: got_to,
            text: got,
        } = &replies[0]
        else {
            panic!("{kind:?}: a notice, not {replies:?}");
        };
        assert_eq!(*got_to, to, "{kind:?}: the notice goes to the sender");
        if exact {
            assert_eq!(got, text, "{kind:?} ({lang:?})");
        } else {
            assert!(
                got.starts_with(text) && got.len() > text.len(),
                "{kind:?} ({lang:?}): {got:?}"
            );
        }
        let queued = h.drain().await;
        assert!(
            queued.is_empty(),
            "{kind:?}: nothing queued, got {queued:?}"
        );
        assert_eq!(h.snapshot(table).await, before, "{kind:?}: nothing changed");
    }
}

async fn refused(h: &mut Harness, table: TableId, who: &str, kind: CommandKind, texts: Texts) {
    refused_as(h, table, sender(who, Lang::De), None, kind, texts, true).await;
}

/// Like [`refused`], for texts with a card in them (computed per language).
async fn refused_text(
    h: &mut Harness,
    table: TableId,
    who: &str,
    kind: CommandKind,
    texts: [String; 2],
) {
    for (lang, text) in Lang::ALL.into_iter().zip(texts) {
        let before = h.snapshot(table).await;
        let replies = h.handle(sender(who, lang), None, kind.clone()).await;
        assert_eq!(
            replies,
            vec![Outgoing::Notice {
                to: user(who),
                text: text.clone()
            }],
            "{kind:?} ({lang:?})"
        );
        assert!(h.drain().await.is_empty());
        assert_eq!(h.snapshot(table).await, before, "{kind:?}: nothing changed");
    }
}

/// The newest private buttons of `name` at `table`.
fn private_buttons(h: &Harness, table: TableId, name: &str) -> Vec<(String, String)> {
    match h.last_private_of(table, name) {
        Some(Outgoing::Private { buttons, .. }) => buttons
            .iter()
            .flatten()
            .map(|b| (b.label.clone(), b.payload.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

fn payload_with_label(h: &Harness, table: TableId, name: &str, label: &str) -> String {
    private_buttons(h, table, name)
        .into_iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("{name} has no {label} button"))
        .1
}

async fn step(h: &Harness, table: TableId) -> Step {
    let t = h.loaded(table).await;
    let d = t.deal.unwrap();
    Step {
        deal: d.deal.number,
        seq: d.next_seq(),
    }
}

fn settings() -> TableSettings {
    TableSettings {
        game: "zwanzigerrufen".into(),
        seats: None,
        rules: "standard".into(),
        stake_cents: 10,
        pace: Pace::LIVE,
        lang: Lang::De,
        another: false,
    }
}

#[tokio::test]
async fn refusals_in_the_lobby() {
    let mut h = Harness::new(1).await;
    let table = h.create("Anna", settings()).await;
    let t = Some(table);
    // Too few players, with one and with three seats taken.
    refused(&mut h, table, "Anna", CommandKind::Start(t), NOT_ENOUGH).await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Button(format!("t{table}::s")),
        NOT_ENOUGH,
    )
    .await;
    // Not seated: a stranger starts, adds or removes a computer.
    refused(&mut h, table, "Zoe", CommandKind::Start(t), NOT_SEATED).await;
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::AddComputer(t, "easy".into(), None),
        NOT_SEATED,
    )
    .await;
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::RemoveComputer(t, Seat::S1.into()),
        NOT_SEATED,
    )
    .await;
    refused(&mut h, table, "Zoe", CommandKind::Leave(t), NOT_SEATED).await;
    refused(&mut h, table, "Zoe", CommandKind::Pause(t), NOT_SEATED).await;
    // Seats.
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Join(t, None),
        ALREADY_SEATED,
    )
    .await;
    refused(
        &mut h,
        table,
        "Bert",
        CommandKind::Join(t, Some(Seat::S0.into())),
        SEAT_TAKEN,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::AddComputer(t, "godlike".into(), None),
        UNKNOWN_LEVEL,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Button(format!("t{table}::cgodlike")),
        UNKNOWN_LEVEL,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::RemoveComputer(t, Seat::S0.into()),
        NO_COMPUTER_THERE,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::RemoveComputer(t, Seat::S2.into()),
        NO_COMPUTER_THERE,
    )
    .await;
    // Playing before any deal.
    let card: Card = "T21".parse().unwrap();
    refused(&mut h, table, "Anna", play_kind(t, None, card), NO_DEAL).await;
    refused(&mut h, table, "Anna", turn_kind(t, None, vec![]), NO_DEAL).await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::TurnWords(t, None, vec!["rufer".into()]),
        NO_DEAL,
    )
    .await;
    refused(&mut h, table, "Anna", CommandKind::Hand(t), NO_DEAL).await;
    refused(&mut h, table, "Anna", CommandKind::LastTrick(t), NO_DEAL).await;
    refused(&mut h, table, "Anna", CommandKind::OurTricks(t), NO_DEAL).await;
    refused(&mut h, table, "Anna", CommandKind::Pause(t), NO_DEAL).await;
    refused(&mut h, table, "Zoe", CommandKind::Hand(t), NOT_SEATED).await;
    // Only the creator (or an admin) closes the table or hands over others' seats.
    assert!(h.run("Bert", CommandKind::Join(t, None)).await.is_empty());
    refused(&mut h, table, "Bert", CommandKind::Close(t), NOT_ALLOWED).await;
    refused(
        &mut h,
        table,
        "Bert",
        CommandKind::HandOver(t, Seat::S0.into(), user("Zoe")),
        NOT_ALLOWED,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::HandOver(t, Seat::S0.into(), user("Bert")),
        ALREADY_SEATED,
    )
    .await;
    // Three seats taken: still too few.
    assert!(
        h.run("Anna", CommandKind::AddComputer(t, "easy".into(), None))
            .await
            .is_empty()
    );
    refused(&mut h, table, "Bert", CommandKind::Start(t), NOT_ENOUGH).await;
    // A full table.
    assert!(h.run("Cleo", CommandKind::Join(t, None)).await.is_empty());
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::AddComputer(t, "easy".into(), None),
        TABLE_FULL,
    )
    .await;
    // (A person may take a computer's seat; with four people there is none.)
    assert!(h.run("Dora", CommandKind::Join(t, None)).await.is_empty());
    assert_eq!(
        h.loaded(table)
            .await
            .seats
            .iter()
            .filter(|s| s.player.is_some())
            .count(),
        4
    );
    refused(&mut h, table, "Zoe", CommandKind::Join(t, None), TABLE_FULL).await;
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::Button(format!("t{table}::j")),
        TABLE_FULL,
    )
    .await;
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::Join(t, Some(Seat::S3.into())),
        SEAT_TAKEN,
    )
    .await;
}

#[tokio::test]
async fn refusals_of_unknown_tables_malformed_input_and_bad_settings() {
    let mut h = Harness::new(2).await;
    let table = h.create("Anna", settings()).await;
    let unknown = Some(TableId(999));
    // Unknown table ids, typed or in buttons.
    for kind in [
        CommandKind::Join(unknown, None),
        CommandKind::Start(unknown),
        play_kind(unknown, None, "T1".parse().unwrap()),
        CommandKind::Rules(unknown),
        CommandKind::Balances(unknown),
        CommandKind::Hand(unknown),
        CommandKind::Button("t999::j".into()),
        CommandKind::Button("t999:1.0:w".into()),
        CommandKind::Button("t999:1.4:pT21".into()),
    ] {
        refused(&mut h, table, "Anna", kind, UNKNOWN_TABLE).await;
    }
    // Payloads that are not buttons of this bot.
    let long = format!("t{table}::c{}", "x".repeat(70));
    for payload in [
        "",
        "hello",
        "t",
        "t1",
        "t1:",
        "tx::j",
        "t-1::j",
        "t+1::j",
        "t1::q",
        "t1::jj",
        "t1:1.0:pT23",
        "t1:1.0:p",
        "t1:1.0:a",
        "t1:1.0:azz",
        "t1:1.x:w",
        "t1:-1.0:w",
        "t1::w",
        "t1::pT21",
        "t1::ar",
        "t1:1.0:j:extra",
        "t99999999999999999999::j",
        long.as_str(),
    ] {
        refused(
            &mut h,
            table,
            "Anna",
            CommandKind::Button(payload.into()),
            MALFORMED,
        )
        .await;
    }
    // No table in this chat; several tables in one chat.
    refused_as(
        &mut h,
        table,
        sender_in("Zoe", Lang::De, "-200"),
        None,
        CommandKind::Join(None, None),
        NO_TABLE_HERE,
        true,
    )
    .await;
    refused_as(
        &mut h,
        table,
        sender_in("Zoe", Lang::De, "-200"),
        None,
        CommandKind::Rules(None),
        NO_TABLE_HERE,
        true,
    )
    .await;
    // Bad settings create nothing.
    let bad_rules = TableSettings {
        rules: "chess".into(),
        ..settings()
    };
    refused_as(
        &mut h,
        table,
        sender("Zoe", Lang::De),
        None,
        CommandKind::Create(bad_rules),
        BAD_RULES_PREFIX,
        false,
    )
    .await;
    let bad_override = TableSettings {
        rules: r#"{"preset":"standard","no_such_rule":1}"#.into(),
        ..settings()
    };
    refused_as(
        &mut h,
        table,
        sender("Zoe", Lang::De),
        None,
        CommandKind::Create(bad_override),
        BAD_RULES_PREFIX,
        false,
    )
    .await;
    for stake in [-1, 100_001] {
        let bad = TableSettings {
            stake_cents: stake,
            ..settings()
        };
        refused(&mut h, table, "Zoe", CommandKind::Create(bad), BAD_STAKE).await;
    }
    // `/tarock` again shows the open table again instead of a second one…
    let before = h.sent.len();
    let replies = h.run("Bert", CommandKind::Create(settings())).await;
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].text().contains("/tarock neu"), "{replies:?}");
    assert!(
        h.sent[before..]
            .iter()
            .any(|m| matches!(m, Outgoing::Table { table: t, .. } if *t == table)),
        "the open table is posted again"
    );
    // …and a second table in the same chat is opened on purpose: commands
    // without a table id are ambiguous then.
    let second = h
        .create(
            "Bert",
            TableSettings {
                another: true,
                ..settings()
            },
        )
        .await;
    assert_ne!(second, table);
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::Join(None, None),
        SEVERAL_TABLES,
    )
    .await;
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::Balances(None),
        SEVERAL_TABLES,
    )
    .await;
}

/// Rules a game does not know are refused with the chosen game's name and
/// its own presets (the game registry's), and an unknown game with the
/// games there are; nothing is created.
#[tokio::test]
async fn bad_rules_name_the_chosen_games_presets_and_an_unknown_game_the_games() {
    let mut h = Harness::new(1).await;
    let table = h.create("Anna", settings()).await;
    let cases: [(&str, &str, Texts); 4] = [
        (
            "zwanzigerrufen",
            "chess",
            [
                "Diese Regeln kenne ich nicht: chess. Für Zwanzigerrufen gibt es standard, \
                 directnet, tarockwelt und wikipedia (oder Regeln als JSON).",
                "I do not know these rules: chess. For Zwanzigerrufen there are standard, \
                 directnet, tarockwelt and wikipedia (or rules as JSON).",
            ],
        ),
        (
            "koenigrufen",
            "directnet",
            [
                "Diese Regeln kenne ich nicht: directnet. Für Königrufen gibt es standard und cup2019 (oder Regeln als JSON).",
                "I do not know these rules: directnet. For Königrufen there are standard and cup2019 (or rules as JSON).",
            ],
        ),
        (
            "20ab",
            "wikipedia",
            [
                "Diese Regeln kenne ich nicht: wikipedia. Für 20 ab gibt es nur standard (oder Regeln als JSON).",
                "I do not know these rules: wikipedia. For 20 ab there is only standard (or rules as JSON).",
            ],
        ),
        (
            "schnapsen",
            "standard",
            [
                "Dieses Spiel kenne ich nicht. Zur Wahl stehen Zwanzigerrufen, Königrufen \
                 und 20 ab.",
                "I do not know that game. The choices are Zwanzigerrufen, Königrufen and \
                 20 ab.",
            ],
        ),
    ];
    for (game, rules, texts) in cases {
        let bad = TableSettings {
            game: game.into(),
            rules: rules.into(),
            another: true,
            ..settings()
        };
        refused_as(
            &mut h,
            table,
            sender("Zoe", Lang::De),
            None,
            CommandKind::Create(bad),
            texts,
            true,
        )
        .await;
    }
}

/// Refusals during a deal of four people, in the bidding and in the trick
/// play; the illegal cards and announcements are found in the stored hands
/// as the deals go on.
#[tokio::test]
async fn refusals_during_a_deal() {
    let mut h = Harness::new(3).await;
    let table = h.table_with(&FOUR, "easy", settings()).await;
    let t = Some(table);
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    let game = h.game(table).await.unwrap();
    assert_eq!(game.to_act(), Some(Seat::S0), "Anna is Vorhand and opens");
    let now = step(&h, table).await;
    let rufer = payload_with_label(&h, table, "Anna", "Rufer");
    // Bert and a stranger press Anna's live button.
    refused(
        &mut h,
        table,
        "Bert",
        CommandKind::Button(rufer.clone()),
        NOT_YOUR_TURN,
    )
    .await;
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::Button(rufer.clone()),
        NOT_SEATED,
    )
    .await;
    refused(
        &mut h,
        table,
        "Cleo",
        turn_kind(t, None, vec![]),
        NOT_YOUR_TURN,
    )
    .await;
    // A button for another step.
    let old = Payload {
        step: Some(Step { deal: 1, seq: 5 }),
        ..rufer.parse::<Payload>().unwrap()
    };
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Button(old.to_string()),
        STALE,
    )
    .await;
    // Illegal announcements: Weiter or a premium as the opening, nonsense words.
    refused(
        &mut h,
        table,
        "Anna",
        turn_kind(t, Some(now), vec![]),
        OPENING_REQUIRED,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::TurnWords(t, None, vec!["weiter".into()]),
        OPENING_REQUIRED,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        turn_kind(t, Some(now), vec![Bid::Premium(Premium::Absolut)]),
        OPENING_REQUIRED,
    )
    .await;
    refused_as(
        &mut h,
        table,
        sender("Anna", Lang::De),
        None,
        CommandKind::TurnWords(t, None, vec!["rufer".into(), "bitte".into()]),
        BAD_TURN_PREFIX,
        false,
    )
    .await;
    // A card of another game (20 ab's ♠A, Königrufen's ♥4) typed at
    // Zwanzigerrufen: a card answer, not a bidding one.
    for typed in ["sa", "♥4"] {
        refused_text(
            &mut h,
            table,
            "Anna",
            CommandKind::TurnWords(t, None, vec![typed.into()]),
            [
                format!("„{typed}“ gibt es in diesem Spiel nicht."),
                format!("There is no “{typed}” in this game."),
            ],
        )
        .await;
    }
    // A card during the bidding; commands for between deals.
    let card = game.view(Seat::S0).hand.first().unwrap();
    refused(
        &mut h,
        table,
        "Anna",
        play_kind(t, Some(now), card),
        STILL_BIDDING,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Leave(t),
        DEAL_IN_PROGRESS,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Start(t),
        DEAL_IN_PROGRESS,
    )
    .await;
    refused(
        &mut h,
        table,
        "Bert",
        CommandKind::Button(format!("t{table}::s")),
        DEAL_IN_PROGRESS,
    )
    .await;
    refused(
        &mut h,
        table,
        "Zoe",
        CommandKind::Join(t, None),
        DEAL_IN_PROGRESS,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::AddComputer(t, "easy".into(), None),
        DEAL_IN_PROGRESS,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::HandOver(t, Seat::S0.into(), user("Zoe")),
        DEAL_IN_PROGRESS,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::LastTrick(t),
        NO_TRICK_YET,
    )
    .await;
    refused(
        &mut h,
        table,
        "Bert",
        CommandKind::OurTricks(t),
        PARTY_UNKNOWN,
    )
    .await;

    // Anna opens the Rufer.
    assert!(h.press("Anna", &rufer).await.is_empty());
    // Her button again: stale, whoever presses it.
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Button(rufer.clone()),
        STALE,
    )
    .await;
    refused(
        &mut h,
        table,
        "Bert",
        CommandKind::Button(rufer.clone()),
        STALE,
    )
    .await;
    let now = step(&h, table).await;
    let game = h.game(table).await.unwrap();
    assert_eq!(game.to_act(), Some(Seat::S1));
    // Bert's illegal announcements; the engine agrees on each reason.
    let bert_hand = game.view(Seat::S1).hand;
    let mut cases: Vec<(Vec<Bid>, Texts)> = vec![
        (vec![Bid::Game(GameKind::Rufer)], RUFER_ONLY_OPENING),
        (vec![Bid::Kontra(Item::Pagat)], NOTHING_TO_KONTRA_PAGAT),
    ];
    if !bert_hand.contains(Card::PAGAT) {
        cases.push((vec![Bid::Premium(Premium::Pagat)], PAGAT_NOT_HELD));
    }
    for (bids, texts) in cases {
        assert!(game.clone().apply_turn(Seat::S1, &bids).is_err());
        refused(
            &mut h,
            table,
            "Bert",
            turn_kind(t, Some(now), bids.clone()),
            texts,
        )
        .await;
        let payload = Payload {
            table,
            step: Some(now),
            action: tarock_table::ButtonAction::Act(tarock_zwanzigerrufen_face::turn::turn_token(
                &bids,
            )),
        };
        refused(
            &mut h,
            table,
            "Bert",
            CommandKind::Button(payload.to_string()),
            texts,
        )
        .await;
    }
    // The others pass.
    for name in ["Bert", "Cleo", "Dora"] {
        let w = payload_with_label(&h, table, name, "Weiter");
        assert!(h.press(name, &w).await.is_empty());
    }
    let game = h.game(table).await.unwrap();
    assert_eq!(game.phase(), Phase::Play);
    let now = step(&h, table).await;
    // A bidding turn in the trick play.
    refused(
        &mut h,
        table,
        "Anna",
        turn_kind(t, Some(now), vec![]),
        BIDDING_OVER,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::TurnWords(t, None, vec!["solo".into()]),
        BIDDING_OVER,
    )
    .await;
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Leave(t),
        DEAL_IN_PROGRESS,
    )
    .await;

    // Illegal cards, found as the play goes on: a card not held, not
    // following suit, not giving a tarock.
    let mut found = [false; 3];
    let mut rng = StdRng::seed_from_u64(3);
    for _deal in 0..6 {
        while h.game(table).await.is_some() {
            let game = h.game(table).await.unwrap();
            if game.phase() == Phase::Play {
                let seat = game.to_act().unwrap();
                let name = h.name_on(table, seat).await.unwrap();
                let hand = game.view(seat).hand;
                let now = step(&h, table).await;
                let led = game
                    .current_trick()
                    .and_then(|t| t.plays().next())
                    .map(|(_, c)| c);
                // Not in hand.
                if !found[0] {
                    let card = Card::all().find(|c| !hand.contains(*c)).unwrap();
                    assert!(matches!(
                        game.clone().apply(seat, Action::Play(card)),
                        Err(RuleError::NotInHand(_))
                    ));
                    let texts = Lang::ALL.map(|l| match l {
                        Lang::De => format!("{} hast du nicht.", card_label(card, l)),
                        Lang::En => format!("You do not hold {}.", card_label(card, l)),
                    });
                    refused_text(&mut h, table, &name, play_kind(t, Some(now), card), texts).await;
                    found[0] = true;
                }
                if let Some(led) = led {
                    let legal = game.legal_cards();
                    for card in hand.iter().filter(|c| !legal.contains(*c)) {
                        let error = game.clone().apply(seat, Action::Play(card)).unwrap_err();
                        let (i, texts) = match error {
                            RuleError::MustFollowSuit { card: c, led: l } => {
                                assert_eq!((c, l), (card, led));
                                (
                                    1,
                                    Lang::ALL.map(|lang| match lang {
                                        Lang::De => format!(
                                            "{} geht nicht: {} ist ausgespielt, und du hast die Farbe (Farbzwang).",
                                            card_label(card, lang),
                                            card_label(led, lang)
                                        ),
                                        Lang::En => format!(
                                            "Not {}: {} was led and you hold that suit.",
                                            card_label(card, lang),
                                            card_label(led, lang)
                                        ),
                                    }),
                                )
                            }
                            RuleError::MustPlayTarock { card: c, led: l } => {
                                assert_eq!((c, l), (card, led));
                                (
                                    2,
                                    Lang::ALL.map(|lang| match lang {
                                        Lang::De => format!(
                                            "{} geht nicht: {} ist ausgespielt, und du musst Tarock geben (Tarockzwang).",
                                            card_label(card, lang),
                                            card_label(led, lang)
                                        ),
                                        Lang::En => format!(
                                            "Not {}: {} was led and you must play a tarock.",
                                            card_label(card, lang),
                                            card_label(led, lang)
                                        ),
                                    }),
                                )
                            }
                            _ => continue,
                        };
                        if !found[i] {
                            refused_text(
                                &mut h,
                                table,
                                &name,
                                play_kind(t, Some(now), card),
                                texts.clone(),
                            )
                            .await;
                            // The same card as a button.
                            let payload = format!("t{table}:{now}:p{card}");
                            refused_text(&mut h, table, &name, CommandKind::Button(payload), texts)
                                .await;
                            found[i] = true;
                        }
                    }
                }
            }
            h.random_move(table, &FOUR, &mut rng).await;
        }
        if found.iter().all(|f| *f) {
            break;
        }
        assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    }
    assert_eq!(found, [true; 3], "every kind of illegal card was tried");
    // Between deals: no deal, and commands for the deal are refused.
    if h.game(table).await.is_none() {
        refused(&mut h, table, "Anna", turn_kind(t, None, vec![]), NO_DEAL).await;
    }
}

#[tokio::test]
async fn a_redelivered_update_does_nothing() {
    let mut h = Harness::new(4).await;
    let table = h.table_with(&FOUR, "easy", settings()).await;
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    let rufer = payload_with_label(&h, table, "Anna", "Rufer");
    let before = h.snapshot(table).await;
    let replies = h
        .run_as(
            sender("Anna", Lang::De),
            Some("upd-1"),
            CommandKind::Button(rufer.clone()),
        )
        .await;
    assert!(replies.is_empty());
    let after = h.snapshot(table).await;
    assert_ne!(after, before, "the first delivery is applied");
    // A turn of one announcement is two actions: the Rufer, then the
    // end of the turn.
    assert_eq!(after.deal.as_ref().unwrap().1.len(), 2);
    // The same update again: no reply, no change, nothing sent.
    for lang in Lang::ALL {
        let replies = h
            .handle(
                sender("Anna", lang),
                Some("upd-1"),
                CommandKind::Button(rufer.clone()),
            )
            .await;
        assert_eq!(replies, Vec::new(), "a redelivered update gets no notice");
        assert!(h.drain().await.is_empty());
        assert_eq!(h.snapshot(table).await, after);
    }
    // Even when the update id comes with another command (the platform's id wins).
    let weiter = payload_with_label(&h, table, "Bert", "Weiter");
    let replies = h
        .handle(
            sender("Bert", Lang::De),
            Some("upd-1"),
            CommandKind::Button(weiter.clone()),
        )
        .await;
    assert_eq!(replies, Vec::new());
    assert!(h.drain().await.is_empty());
    assert_eq!(h.snapshot(table).await, after);
    // A new id goes through.
    assert!(
        h.run_as(
            sender("Bert", Lang::De),
            Some("upd-2"),
            CommandKind::Button(weiter)
        )
        .await
        .is_empty()
    );
    // Bert's Weiter is one action more.
    assert_eq!(h.snapshot(table).await.deal.unwrap().1.len(), 3);
    // A refused command does not use up its update id: the notice comes
    // again if the platform redelivers it.
    let stale = rufer;
    for _ in 0..2 {
        let replies = h
            .handle(
                sender("Cleo", Lang::De),
                Some("upd-3"),
                CommandKind::Button(stale.clone()),
            )
            .await;
        assert_eq!(
            replies,
            vec![Outgoing::Notice {
                to: user("Cleo"),
                text: STALE[0].into()
            }]
        );
    }
}

/// A button of the previous deal is stale in the next one.
#[tokio::test]
async fn a_button_of_the_previous_deal_is_stale() {
    let mut h = Harness::new(5).await;
    let table = h.table_with(&["Anna"], "easy", settings()).await;
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    let Some(Outgoing::Private { buttons, .. }) = h.last_private_of(table, "Anna").cloned() else {
        panic!()
    };
    let first = buttons[0][0].payload.clone();
    let mut rng = StdRng::seed_from_u64(5);
    h.play_out(table, &["Anna"], &mut rng).await;
    // Between deals the old button finds no deal.
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Button(first.clone()),
        NO_DEAL,
    )
    .await;
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    assert_eq!(step(&h, table).await.deal, 2);
    refused(&mut h, table, "Anna", CommandKind::Button(first), STALE).await;
}

/// Two presses at once: one acts, the other is told it came too late. Eight
/// times the same button twice (a double click, two platform updates: the
/// outcome does not depend on which is first), then two different buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_presses_at_once_cannot_both_act() {
    let mut h = Harness::new(6).await;
    let table = h.table_with(&FOUR, "easy", settings()).await;
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    let mut rng = StdRng::seed_from_u64(6);
    let mut rounds = 0;
    while rounds < 9 {
        let game = h.game(table).await.expect("the deal lasts");
        let seat = game.to_act().unwrap();
        let name = h.name_on(table, seat).await.unwrap();
        let buttons = private_buttons(&h, table, &name);
        if buttons.len() < 2 {
            h.random_move(table, &FOUR, &mut rng).await;
            continue;
        }
        rounds += 1;
        let events = h.snapshot(table).await.deal.unwrap().1.len();
        let (a, b) = if rounds < 9 {
            (buttons[0].1.clone(), buttons[0].1.clone())
        } else {
            (buttons[0].1.clone(), buttons[1].1.clone())
        };
        let command = |payload: String, update: String| tarock_table::Command {
            sender: sender(&name, Lang::De),
            update_id: Some(update),
            kind: CommandKind::Button(payload),
        };
        let (ra, rb) = tokio::join!(
            h.service.handle(command(a.clone(), format!("x{rounds}a"))),
            h.service.handle(command(b.clone(), format!("x{rounds}b")))
        );
        let mut replies = [ra.unwrap(), rb.unwrap()];
        replies.sort_by_key(|r| r.len());
        assert!(replies[0].is_empty(), "one press acts: {replies:?}");
        assert_eq!(
            replies[1],
            vec![Outgoing::Notice {
                to: user(&name),
                text: STALE[0].into()
            }],
            "the other is stale"
        );
        h.drain().await;
        let after = h.snapshot(table).await.deal.unwrap().1;
        // One move was stored (no computers here): the actions of one of
        // the two buttons (a bidding turn is its announcements and its
        // end), all of them the presser's.
        let face = tarock_table::games::face("zwanzigerrufen").unwrap();
        let actions = |payload: &str| match payload.parse::<Payload>().unwrap().action {
            tarock_table::ButtonAction::Act(token) => face.action_tokens(&token).unwrap().len(),
            other => panic!("{other:?} is no move"),
        };
        let added = after.len() - events;
        assert!(
            [actions(&a), actions(&b)].contains(&added),
            "one move was stored: {added} actions"
        );
        assert!(
            after[events..].iter().all(|e| e.seat == seat),
            "and it was {name}'s"
        );
    }
}

#[tokio::test]
async fn refusals_at_paused_and_closed_tables() {
    let mut h = Harness::new(7).await;
    let table = h.table_with(&["Anna", "Bert"], "easy", settings()).await;
    let t = Some(table);
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    assert!(h.run("Bert", CommandKind::Pause(t)).await.is_empty());
    let game = h.game(table).await.unwrap();
    let now = step(&h, table).await;
    refused(
        &mut h,
        table,
        "Anna",
        turn_kind(t, Some(now), vec![Bid::Game(GameKind::Rufer)]),
        TABLE_PAUSED,
    )
    .await;
    refused(&mut h, table, "Anna", CommandKind::Pause(t), TABLE_PAUSED).await;
    refused(&mut h, table, "Anna", CommandKind::Leave(t), TABLE_PAUSED).await;
    assert_eq!(game.to_act(), Some(Seat::S0));
    assert!(h.run("Anna", CommandKind::Resume(t)).await.is_empty());
    refused(&mut h, table, "Zoe", CommandKind::Resume(t), NOT_SEATED).await;
    refused(&mut h, table, "Bert", CommandKind::Close(t), NOT_ALLOWED).await;
    assert!(h.run("Anna", CommandKind::Close(t)).await.is_empty());
    for kind in [
        CommandKind::Join(t, None),
        CommandKind::Start(t),
        turn_kind(t, Some(now), vec![Bid::Game(GameKind::Rufer)]),
        CommandKind::Close(t),
        CommandKind::Hand(t),
        CommandKind::Button(format!("t{table}:{now}:ar")),
    ] {
        refused(&mut h, table, "Anna", kind, TABLE_CLOSED).await;
    }
    // Without a table id, a closed table is no table.
    refused(
        &mut h,
        table,
        "Anna",
        CommandKind::Start(None),
        NO_TABLE_HERE,
    )
    .await;
}

/// A whole Zwanzigerrufen bidding turn as the face's choice token (`w`,
/// `ar.p`), as its button sends it.
fn turn_kind(
    table: tarock_table::command::TableChoice,
    step: Option<tarock_table::Step>,
    bids: Vec<tarock_zwanzigerrufen::Bid>,
) -> CommandKind {
    CommandKind::Act(
        table,
        step,
        tarock_zwanzigerrufen_face::turn::turn_token(&bids),
    )
}

/// A Zwanzigerrufen card as the face's choice token (`pT21`), as its
/// button sends it.
fn play_kind(
    table: tarock_table::command::TableChoice,
    step: Option<tarock_table::Step>,
    card: tarock_zwanzigerrufen::Card,
) -> CommandKind {
    CommandKind::Act(table, step, format!("p{card}"))
}
