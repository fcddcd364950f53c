//! Issue 30, item 13: each surface in one language. A person's own
//! surfaces on Discord (their DMs, the ephemeral answers to their clicks and
//! commands: hands, draft steps, notices) are all in the person's language
//! (their client's locale); the public table message and what the channel
//! gets (lobby, round, settlement) all in the table's language. Played over
//! the fake Discord with an English-speaking player at a German table and a
//! German-speaking one at an English table, at Königrufen (five seats) and
//! 20 ab.

use std::collections::HashSet;

use super::fake::{Fake, Request, User};
use super::family::{
    GAME_KOENIGRUFEN, GAME_ZWANZIG_AB, Game, Players, open_and_start_as, plain, settlement,
    wait_for,
};
use super::{ANNA, CARL, CHANNEL, EPHEMERAL, action, start, stop, words};
use serde_json::{Value, json};
use tarock_table::Lang;
use tarock_table::text::text;

/// Words only German texts use (from the German catalogues: buttons,
/// draft steps, hands, suits, settlement), never the English ones. The
/// German game terms the English texts keep on purpose (Sküs, Pagat,
/// Valat, Trull, Kontra, Rufer, Dreier, "ich liege", "gut", König Ultimo,
/// "Alle Könige (all four Kings)", …) are not among them.
const GERMAN: &[&str] = &[
    "Mitspielen",
    "Verlassen",
    "Starten",
    "Meine",
    "Karten",
    "Weiter",
    "weiter",
    "Abwerfen",
    "Ablegen",
    "Hälfte",
    "Geben",
    "Stich",
    "Stiche",
    "Tisch",
    "Runde",
    "Spiel",
    "Partie",
    "Abrechnung",
    "Regeln",
    "Stand",
    "Letzter",
    "Nächstes",
    "Herz",
    "Pik",
    "Kreuz",
    "Karo",
    "Dame",
    "Bube",
    "Reiter",
    "Tausch",
    "Tauschen",
    "tauschen",
    "Löschen",
    "Zurück",
    "du",
    "Du",
    "dein",
    "deine",
    "Deine",
    "und",
    "oder",
    "nicht",
    "ist",
    "bist",
    "der",
    "die",
    "das",
    "mit",
    "für",
    "frei",
    "spielt",
    "ruft",
];

/// Words only English texts use, never the German ones.
const ENGLISH: &[&str] = &[
    "Join",
    "Leave",
    "Start",
    "My",
    "cards",
    "Pass",
    "pass",
    "Discard",
    "discard",
    "half",
    "trick",
    "tricks",
    "table",
    "Table",
    "deal",
    "session",
    "Settlement",
    "Rules",
    "Balances",
    "Last",
    "Next",
    "Hearts",
    "Spades",
    "Clubs",
    "Diamonds",
    "Queen",
    "Jack",
    "Knight",
    "King",
    "exchange",
    "Exchange",
    "Clear",
    "you",
    "You",
    "your",
    "Your",
    "and",
    "the",
    "The",
    "is",
    "free",
    "plays",
    "calls",
];

/// Every text of a request body a person reads: contents, button and
/// option labels, placeholders, embed titles, fields and descriptions, and
/// the pictures' alt texts (not custom ids, option values or file names).
fn texts_of(body: &Value, out: &mut Vec<String>) {
    match body {
        Value::Object(map) => {
            let is_option = map.contains_key("label") && map.contains_key("value");
            for (key, value) in map {
                let skip = matches!(
                    key.as_str(),
                    "custom_id" | "url" | "filename" | "id" | "proxy_url" | "content_type"
                ) || (is_option && key == "value");
                if skip {
                    continue;
                }
                match value {
                    Value::String(s) => out.push(plain(s)),
                    other => texts_of(other, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| texts_of(v, out)),
        _ => {}
    }
}

/// The requests that put something on `user`'s own surfaces: posts and
/// edits in their DM, and the answers (callbacks, follow-ups, edits) to
/// their interactions.
fn private_requests(fake: &Fake, user: &User) -> Vec<Request> {
    private_requests_from(fake, user, 0)
}

/// [`private_requests`] from the `from`th request the fake got on.
fn private_requests_from(fake: &Fake, user: &User, from: usize) -> Vec<Request> {
    let dm = fake
        .dm_channel_of(user.id)
        .map(|dm| format!("/channels/{dm}/"));
    let (ids, tokens): (Vec<String>, Vec<String>) = {
        let inner = fake.lock();
        inner
            .interactions
            .values()
            .filter(|r| r.user.id == user.id)
            .map(|r| (format!("/interactions/{}/", r.id), r.token.clone()))
            .unzip()
    };
    fake.requests()
        .into_iter()
        .skip(from)
        .filter(|r| matches!(r.method.as_str(), "POST" | "PATCH"))
        .filter(|r| {
            dm.as_ref().is_some_and(|dm| r.path.starts_with(dm))
                || ids.iter().any(|i| r.path.starts_with(i))
                || tokens.iter().any(|t| r.path.contains(t.as_str()))
        })
        .collect()
}

/// The requests that put something in the channel for everybody: posts
/// and edits of channel messages (the table message, the settlement).
fn public_requests(fake: &Fake) -> Vec<Request> {
    let channel = format!("/channels/{CHANNEL}/messages");
    fake.requests()
        .into_iter()
        .filter(|r| matches!(r.method.as_str(), "POST" | "PATCH") && r.path.starts_with(&channel))
        .collect()
}

/// The words of `foreign` found in the texts of `requests`, each with the
/// text it was found in.
fn foreign_words(requests: &[Request], foreign: &[&str]) -> Vec<(String, String)> {
    let foreign: HashSet<&str> = foreign.iter().copied().collect();
    let mut found = Vec::new();
    for request in requests {
        let mut texts = Vec::new();
        texts_of(&request.body, &mut texts);
        for t in texts {
            for w in words(&t) {
                if foreign.contains(w.as_str()) {
                    found.push((w, t.clone()));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The settlement title of round 1 of `game` in `lang`.
fn title(lang: Lang, game: &str, unit: &str) -> String {
    text(
        lang,
        "round-settlement-title",
        vec![
            ("table", 1i64.into()),
            ("game", game.into()),
            ("unit", unit.into()),
            ("round", 1i64.into()),
        ],
    )
}

/// Asks for the hand on the table message ("My cards") as `user`: an
/// ephemeral answer.
async fn ask_hand(fake: &Fake, user: &User, table_msg: u64) {
    let hand = super::table_button(fake, table_msg, "h").await;
    let id = fake.click(user, CHANNEL, table_msg, &hand);
    let answer = fake.response(&id).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
}

/// Plays a round at `creator`'s table (language `table_lang`) with `guest`
/// in the other language to its settlement; checks each surface's words.
async fn one_language_per_surface(
    game: Game,
    creator: User,
    guest: User,
    table_lang: Lang,
    seats: usize,
) {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let (game_option, name, unit) = match game {
        Game::Kr => (GAME_KOENIGRUFEN, "Königrufen", "deal"),
        Game::Ab => (GAME_ZWANZIG_AB, "20 ab", "session"),
    };
    let options = [
        ("game", json!(game_option)),
        ("seats", json!(seats)),
        ("language", json!(u64::from(table_lang == Lang::En))),
    ];
    let table_msg = open_and_start_as(&fake, &creator, &options, &[guest], seats).await;
    // Both ask for their hand on the table message once the round is on.
    for who in [&creator, &guest] {
        ask_hand(&fake, who, table_msg).await;
    }
    let title = title(table_lang, name, unit);
    let done = |f: &Fake| settlement(f, &title).is_some();
    let mut players = Players::default();
    players
        .play(&fake, game, &[creator, guest], 5_000, done)
        .await;
    wait_for(&fake, "the settlement", |f| settlement(f, &title)).await;
    // The private copies of the settlement.
    for who in [&creator, &guest] {
        let dm = fake.dm_channel_of(who.id).unwrap();
        wait_for(&fake, "the private settlement", |f| {
            f.messages_in(dm)
                .iter()
                .any(|m| m.custom_ids().is_empty() && plain(&m.content).contains('💰'))
                .then_some(())
        })
        .await;
    }
    // A button pressed after the round: the table message's "My cards".
    if let Some(hand) = fake
        .message(table_msg)
        .unwrap()
        .custom_ids()
        .into_iter()
        .find(|p| action(p) == "h")
    {
        let id = fake.click(&guest, CHANNEL, table_msg, &hand);
        fake.response(&id).await;
    }
    stop(bot).await;
    fake.assert_no_violations();
    assert!(
        players.presses_by(guest.id) >= 3,
        "{} pressed too little",
        guest.name
    );
    let words_of = |lang: Lang| if lang == Lang::De { GERMAN } else { ENGLISH };
    let other = |lang: Lang| if lang == Lang::De { Lang::En } else { Lang::De };
    // The guest's surfaces: all in the guest's language.
    let guest_lang = other(table_lang);
    let private = private_requests(&fake, &guest);
    assert!(private.len() > 5, "{private:?}");
    // (The texts were read: the guest's own words are there.)
    assert!(!foreign_words(&private, words_of(guest_lang)).is_empty());
    let found = foreign_words(&private, words_of(table_lang));
    assert!(
        found.is_empty(),
        "{} ({guest_lang:?}) reads {table_lang:?} words: {found:#?}",
        guest.name
    );
    // The creator's surfaces: all in the creator's (the table's) language.
    let own = private_requests(&fake, &creator);
    let found = foreign_words(&own, words_of(guest_lang));
    assert!(
        found.is_empty(),
        "{} ({table_lang:?}) reads {guest_lang:?} words: {found:#?}",
        creator.name
    );
    // The channel: all in the table's language, whoever clicked.
    let public = public_requests(&fake);
    assert!(public.len() > 5, "{public:?}");
    let found = foreign_words(&public, words_of(guest_lang));
    assert!(
        found.is_empty(),
        "the {table_lang:?} table shows {guest_lang:?} words: {found:#?}"
    );
}

/// An English-speaking player (locale en-US) at a German five-seat
/// Königrufen table: talon, discard by draft steps, the Kontra round, the
/// settlement.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_english_player_at_a_german_koenigrufen_table_reads_only_english() {
    one_language_per_surface(Game::Kr, ANNA, CARL, Lang::De, 5).await;
}

/// A German-speaking player at an English five-seat Königrufen table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_player_at_an_english_koenigrufen_table_reads_only_german() {
    one_language_per_surface(Game::Kr, CARL, ANNA, Lang::En, 5).await;
}

/// An English-speaking player at a German 20 ab table of three.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_english_player_at_a_german_twenty_ab_table_reads_only_english() {
    one_language_per_surface(Game::Ab, ANNA, CARL, Lang::De, 3).await;
}

/// A German-speaking player at an English 20 ab table of three.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_player_at_an_english_twenty_ab_table_reads_only_german() {
    one_language_per_surface(Game::Ab, CARL, ANNA, Lang::En, 3).await;
}

/// A person who sat down with a German client and plays on with an
/// English one: from their first English click on, all their own surfaces
/// (the DM hand and its buttons, the answers to their clicks) are English,
/// not the German they joined in beside English notices.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_client_turns_english_reads_english_from_then_on() {
    const CARL_DE: User = User {
        locale: "de",
        ..CARL
    };
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let options = [("game", json!(GAME_ZWANZIG_AB)), ("seats", json!(3))];
    open_and_start_as(&fake, &ANNA, &options, &[CARL_DE], 3).await;
    // Dealt: Carl's hand in his DM, in German as he joined.
    let dm = wait_for(&fake, "Carl's hand", |f| {
        let dm = f.dm_channel_of(CARL.id)?;
        f.messages_in(dm)
            .iter()
            .any(|m| !m.is_ephemeral())
            .then_some(dm)
    })
    .await;
    let title = title(Lang::De, "20 ab", "session");
    let done = |f: &Fake| settlement(f, &title).is_some();
    let mut players = Players::default();
    players
        .play(&fake, Game::Ab, &[ANNA, CARL], 5_000, done)
        .await;
    wait_for(&fake, "the settlement", |f| settlement(f, &title)).await;
    wait_for(&fake, "Carl's private settlement", |f| {
        f.messages_in(dm)
            .iter()
            .any(|m| m.custom_ids().is_empty() && plain(&m.content).contains('💰'))
            .then_some(())
    })
    .await;
    stop(bot).await;
    fake.assert_no_violations();
    assert!(players.presses_by(CARL.id) >= 3, "Carl pressed too little");
    // Where Carl's first English click was answered.
    let english: Vec<String> = {
        let inner = fake.lock();
        inner
            .interactions
            .values()
            .filter(|r| r.user.id == CARL.id && r.user.locale == CARL.locale)
            .map(|r| format!("/interactions/{}/", r.id))
            .collect()
    };
    let requests = fake.requests();
    let first = requests
        .iter()
        .position(|r| english.iter().any(|i| r.path.starts_with(i)))
        .expect("an answer to an English click");
    let before: Vec<Request> = private_requests(&fake, &CARL)
        .into_iter()
        .filter(|r| {
            requests[..first]
                .iter()
                .any(|b| b.path == r.path && b.body == r.body)
        })
        .collect();
    assert!(!foreign_words(&before, GERMAN).is_empty(), "{before:#?}");
    let after = private_requests_from(&fake, &CARL, first);
    assert!(after.len() > 3, "{after:#?}");
    assert!(!foreign_words(&after, ENGLISH).is_empty());
    let found = foreign_words(&after, GERMAN);
    assert!(found.is_empty(), "Carl reads German still: {found:#?}");
}
