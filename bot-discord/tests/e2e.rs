//! End to end: the bot's own `run` (the real serenity client with the poise
//! framework, the outbox deliverer, the deadline loop) against a fake
//! Discord: REST over HTTP and a gateway WebSocket sending HELLO, READY and
//! INTERACTION_CREATE in Discord's JSON.

#[path = "e2e/cup.rs"]
mod cup;
#[path = "../../bot-telegram/tests/support/fair_hint.rs"]
mod fair_hint;
mod fake;
#[path = "e2e/family.rs"]
mod family;
#[path = "e2e/languages.rs"]
mod languages;
#[path = "../../bot-telegram/tests/support/process.rs"]
mod process;
#[path = "e2e/scale.rs"]
mod scale;

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use fake::{Fake, GUILD_ID, Message, User};
use serde_json::{Value, json};
use tarock_bot_discord::{BotError, Config, run};
use tarock_storage::{Store, TableId};
use tarock_table::Lang;
use tarock_table::text::text;
use tarock_zwanzigerrufen::{Card, Record};
use tarock_zwanzigerrufen_face::render::card_label;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const CHANNEL: u64 = 4_000;
const ANNA: User = User {
    id: 101,
    name: "Anna",
    locale: "de",
};
const BERTA: User = User {
    id: 102,
    name: "Berta",
    locale: "de",
};
const CARL: User = User {
    id: 103,
    name: "Carl",
    locale: "en-US",
};
const DORA: User = User {
    id: 104,
    name: "Dora",
    locale: "de",
};
/// Someone in the channel who is not seated.
const EMIL: User = User {
    id: 105,
    name: "Emil",
    locale: "de",
};

/// Discord's flag of an ephemeral message.
const EPHEMERAL: u64 = 1 << 6;

struct Running {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), BotError>>,
}

fn config(fake: &Fake, db: &Path, seed: u64) -> Config {
    let mut c = Config::new("test-token");
    c.api_url = Some(fake.url.clone());
    c.database = db.display().to_string();
    c.fixed_seed = Some(seed);
    c.delivery_interval = Duration::from_millis(50);
    // Every version of the table message is sent at once.
    c.edit_interval = Duration::ZERO;
    c
}

async fn start_with(config: Config) -> Running {
    let (stop, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(run(config, async {
        let _ = rx.await;
    }));
    Running { stop, task }
}

/// Starts a bot and waits until it is the `nth` client on the gateway.
async fn start(fake: &Fake, db: &Path, seed: u64, nth: usize) -> Running {
    let bot = start_with(config(fake, db, seed)).await;
    fake.wait_ready(nth).await;
    bot
}

async fn stop(bot: Running) {
    let _ = bot.stop.send(());
    bot.task.await.unwrap().unwrap();
}

/// The action part of a payload `t<table>:<step>:<action>`.
fn action(payload: &str) -> &str {
    payload.splitn(3, ':').nth(2).unwrap_or("")
}

/// The moves on a message: (payload, whether it sits in the select menu).
fn moves(message: &Message) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for c in message.all_components() {
        if let Some(id) = c["custom_id"].as_str()
            && c["type"] == 2
        {
            out.push((id.to_owned(), false));
        }
        for option in c["options"].as_array().into_iter().flatten() {
            out.push((option["value"].as_str().unwrap().to_owned(), true));
        }
    }
    out.retain(|(p, _)| {
        let a = action(p);
        a.starts_with('p') || a.starts_with('w') || a.starts_with('a') || a.starts_with('x')
    });
    out
}

/// The move a player makes: a Kontra on the game, else a card, else Weiter,
/// else the first announcement.
fn choose(moves: &[(String, bool)]) -> Option<(String, bool)> {
    if let Some(m) = moves.iter().find(|(p, _)| action(p) == "akg") {
        return Some(m.clone());
    }
    for prefix in ['p', 'w', 'a', 'x'] {
        if let Some(m) = moves.iter().find(|(p, _)| action(p).starts_with(prefix)) {
            return Some(m.clone());
        }
    }
    None
}

/// Sends `/tarock <sub>` and returns the first answer, which must come and
/// be ephemeral.
async fn slash(fake: &Fake, user: &User, sub: &str, options: &[(&str, Value)]) -> (String, Value) {
    let id = fake.slash(user, CHANNEL, sub, options);
    let answer = fake.response(&id).await;
    assert_eq!(
        answer["data"]["flags"], EPHEMERAL,
        "/tarock {sub}: {answer}"
    );
    (id, answer)
}

/// The table message: the bot's only message in the channel with buttons.
async fn table_message(fake: &Fake) -> u64 {
    fake.wait_until("the table message", |inner| {
        let mut with_buttons = inner
            .messages
            .values()
            .filter(|m| m.channel_id == CHANNEL && !m.is_ephemeral() && !m.custom_ids().is_empty());
        let first = with_buttons.next()?;
        assert!(with_buttons.next().is_none(), "two table messages");
        Some(first.id)
    })
    .await
}

/// Opens a table with `/tarock new` as Anna; the table message's id.
async fn open_table(fake: &Fake) -> u64 {
    let (_, answer) = slash(fake, &ANNA, "new", &[]).await;
    assert_eq!(answer["type"], 4);
    assert_eq!(
        answer["data"]["content"],
        text(Lang::De, "discord-done", Vec::new())
    );
    table_message(fake).await
}

/// A table-message button whose action starts with `prefix`, once it shows.
async fn table_button(fake: &Fake, table_msg: u64, prefix: &str) -> String {
    fake.wait_until(&format!("a table button {prefix}"), |inner| {
        inner.messages[&table_msg]
            .custom_ids()
            .into_iter()
            .find(|p| action(p).starts_with(prefix))
    })
    .await
}

/// Clicks a table-message button; it must be acknowledged without a word.
/// Then waits for the next version of the table message (a "+ Computer"
/// button names the seat it fills, so each press needs the new version).
async fn press_table(fake: &Fake, user: &User, table_msg: u64, prefix: &str) {
    let payload = table_button(fake, table_msg, prefix).await;
    let before = fake
        .wait_until("the table message", |inner| {
            Some(inner.messages.get(&table_msg)?.custom_ids())
        })
        .await;
    let id = fake.click(user, CHANNEL, table_msg, &payload);
    let answer = fake.response(&id).await;
    assert_eq!(
        answer["type"], 6,
        "{} pressing {payload}: {answer}",
        user.name
    );
    if prefix == "c" {
        fake.wait_until("the next version of the table message", |inner| {
            (!inner.messages[&table_msg].custom_ids().contains(&payload)).then_some(())
        })
        .await;
    }
    // A join moves the "+ Computer" button to the next free seat: a button
    // of the version before would name the seat just taken (and a second
    // press of the same one would be refused as a double click).
    if prefix == "j" {
        fake.wait_until("the table message showing the new player", |inner| {
            (inner.messages[&table_msg].custom_ids() != before).then_some(())
        })
        .await;
    }
}

/// Starts the deal as Anna and waits until the table message shows it.
async fn deal(fake: &Fake, table_msg: u64) {
    press_table(fake, &ANNA, table_msg, "s").await;
    fake.wait_until("the deal", |inner| {
        let shown = inner.messages.get(&table_msg)?;
        (!shown.custom_ids().iter().any(|p| action(p) == "s")).then_some(())
    })
    .await;
}

/// Anna's table with three computer players, dealt; the table message.
async fn solo_table(fake: &Fake) -> u64 {
    let table_msg = open_table(fake).await;
    for _ in 0..3 {
        press_table(fake, &ANNA, table_msg, "c").await;
    }
    deal(fake, table_msg).await;
    table_msg
}

/// Anna's table with Berta, Carl and Dora joined by button, dealt.
async fn four_at_table(fake: &Fake) -> u64 {
    let table_msg = open_table(fake).await;
    for who in [BERTA, CARL, DORA] {
        press_table(fake, &who, table_msg, "j").await;
    }
    deal(fake, table_msg).await;
    table_msg
}

/// A version of a message: its id and its buttons (DMs are edited in place
/// from turn to turn).
fn version(message: &Message) -> (u64, String) {
    (message.id, message.custom_ids().join(","))
}

/// Messages of a deal from request `from` on: new DMs per user (posts to
/// their DM channel), new channel messages besides the table message and
/// the settlement, and DMs still showing buttons now.
fn deal_counts(fake: &Fake, from: usize, users: &[User]) -> (Vec<usize>, usize, usize) {
    let requests = fake.requests();
    let posted = |r: &fake::Request, channel: u64| {
        r.method == "POST" && r.path == format!("/channels/{channel}/messages") && r.status == 200
    };
    let private = users
        .iter()
        .map(|u| {
            fake.dm_channel_of(u.id).map_or(0, |dm| {
                requests[from..].iter().filter(|r| posted(r, dm)).count()
            })
        })
        .collect();
    let channel = requests[from..]
        .iter()
        .filter(|r| posted(r, CHANNEL))
        .filter(|r| {
            let content = r.body["content"].as_str().unwrap_or_default();
            !content.starts_with("🃏") && !content.starts_with("💰")
        })
        .count();
    let stale = users
        .iter()
        .filter_map(|u| fake.dm_channel_of(u.id))
        .map(|dm| {
            fake.messages_in(dm)
                .iter()
                .filter(|m| !m.is_ephemeral() && !m.custom_ids().is_empty())
                .count()
        })
        .sum();
    (private, channel, stale)
}

/// Whether the table message offers the next deal (the deal is over).
fn deal_over(table_msg: u64) -> impl Fn(&Fake) -> bool {
    move |f: &Fake| {
        f.message(table_msg)
            .is_some_and(|m| m.custom_ids().iter().any(|p| action(p) == "s"))
    }
}

/// How a player sees their moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Via {
    /// The newest DM with buttons.
    Dm,
    /// "My cards" on the table message: an ephemeral hand.
    Hand,
}

/// A move made: how many requests the fake had seen before it, who made it,
/// and its payload.
type Made = (usize, u64, String);

/// Plays until `done` or `max` moves: each player by their way, pressing a
/// chosen move; every answer must be an acknowledgement (a DM) or the hand
/// updated in place (an ephemeral hand), never a refusal.
async fn play(
    fake: &Fake,
    table_msg: u64,
    players: &[(User, Via)],
    pressed: &mut HashSet<(u64, String)>,
    max: usize,
    done: impl Fn(&Fake) -> bool,
) -> Vec<Made> {
    let mut made = Vec::new();
    let mut idle = 0;
    while made.len() < max && !done(fake) {
        let mut progressed = false;
        for (user, via) in players {
            let found = match via {
                Via::Dm => fake.dm_channel_of(user.id).and_then(|dm| {
                    let latest = fake.messages_in(dm).into_iter().last()?;
                    (!pressed.contains(&version(&latest))).then_some((dm, latest))
                }),
                Via::Hand => {
                    let Some(h) = fake
                        .message(table_msg)
                        .and_then(|m| m.custom_ids().into_iter().find(|p| action(p) == "h"))
                    else {
                        continue;
                    };
                    let id = fake.click(user, CHANNEL, table_msg, &h);
                    let answer = fake.response(&id).await;
                    assert_eq!(answer["type"], 4, "{answer}");
                    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
                    fake.original_message(&id).map(|m| (CHANNEL, m))
                }
            };
            let Some((channel, message)) = found else {
                continue;
            };
            let Some((payload, in_select)) = choose(&moves(&message)) else {
                continue;
            };
            made.push((fake.requests().len(), user.id, payload.clone()));
            let id = if in_select {
                fake.select(user, channel, message.id, "more", &[payload.as_str()])
            } else {
                fake.click(user, channel, message.id, &payload)
            };
            pressed.insert(version(&message));
            let answer = fake.response(&id).await;
            let expected = if *via == Via::Dm { 6 } else { 7 };
            assert_eq!(
                answer["type"], expected,
                "{} pressing {payload}: {answer}",
                user.name
            );
            progressed = true;
            break;
        }
        if progressed {
            idle = 0;
        } else {
            idle += 1;
            assert!(idle < 1500, "nobody can move");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    made
}

fn cards_of(made: &[Made]) -> Vec<Card> {
    made.iter()
        .filter_map(|(_, _, p)| action(p).strip_prefix('p').map(|c| c.parse().unwrap()))
        .collect()
}

/// The words of a text, without punctuation around them.
fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| c.is_whitespace() || ",;()[]·:!?\"„“".contains(c))
        .map(|w| w.trim_end_matches('.').to_owned())
        .filter(|w| !w.is_empty())
        .collect()
}

/// The part of the Rufer announcement that names the called card (public
/// whoever holds it).
fn called_phrase(lang: Lang, card: Card) -> String {
    let full = text(
        lang,
        "contract-rufer",
        vec![
            ("name", "\u{1}".into()),
            ("game", "\u{2}".into()),
            ("called", card_label(card, lang).into()),
        ],
    );
    full.split('\u{2}').nth(1).unwrap_or_default().to_owned()
}

/// The dealt hands of the table's first deal.
async fn dealt_hands(store: &Store) -> Vec<Vec<Card>> {
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    deal.hands
        .iter()
        .map(|h| h.split_whitespace().map(|c| c.parse().unwrap()).collect())
        .collect()
}

/// No card of any person's hand shows in a message everybody in the channel
/// can see before its holder played it: over every request the fake got
/// (channel messages and edits, and interaction answers that are not
/// ephemeral).
fn assert_no_hand_card_leaks(fake: &Fake, hands: &[(u64, Vec<Card>)], made: &[Made]) {
    let channel_path = format!("/channels/{CHANNEL}/messages");
    let mut checked = 0;
    for (index, request) in fake.requests().into_iter().enumerate() {
        let public = request.path.starts_with(&channel_path)
            || (request.path.starts_with("/interactions/")
                && request.body["type"] == 4
                && request.body["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0);
        if !public || !matches!(request.method.as_str(), "POST" | "PATCH") {
            continue;
        }
        checked += 1;
        let content = request.body["content"]
            .as_str()
            .or_else(|| request.body["data"]["content"].as_str())
            .unwrap_or_default()
            .replace('\\', "");
        let mut stripped = content.clone();
        for card in Card::all() {
            for lang in Lang::ALL {
                stripped = stripped.replace(&called_phrase(lang, card), "");
            }
        }
        let seen = words(&stripped);
        for (user, hand) in hands {
            for card in hand {
                let played = made.iter().any(|(at, who, p)| {
                    *at <= index && who == user && action(p) == format!("p{card}")
                });
                if played {
                    continue;
                }
                for lang in Lang::ALL {
                    assert!(
                        !seen.contains(&card_label(*card, lang)),
                        "{card} of {user} shown before it was played: {content}"
                    );
                }
            }
        }
    }
    // The leak check must have looked at the deal's public messages: at
    // least the table message, its edits as the tricks went and the
    // settlement. How many edits there are depends on how the pump
    // coalesces them under load (one run on a loaded machine saw 10), so
    // the floor is what every deal has, not a typical count.
    assert!(checked >= 5, "only {checked} channel messages");
}

/// Each person's dealt hand: the one holding the first card they played.
fn hands_of(dealt: &[Vec<Card>], made: &[Made], users: &[User]) -> Vec<(u64, Vec<Card>)> {
    users
        .iter()
        .map(|u| {
            let first: Card = made
                .iter()
                .find_map(|(_, who, p)| {
                    (*who == u.id)
                        .then(|| action(p).strip_prefix('p'))
                        .flatten()
                        .map(|c| c.parse().unwrap())
                })
                .unwrap();
            let hand = dealt.iter().find(|h| h.contains(&first)).unwrap().clone();
            (u.id, hand)
        })
        .collect()
}

/// Prints how long the bot took to answer each interaction (a figure for
/// the notes, not a test: the fake counts answers after 3 s as violations).
fn report_answer_times(fake: &Fake) {
    let mut times: Vec<Duration> = fake
        .lock()
        .interactions
        .values()
        .filter_map(|r| r.answered_after)
        .collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "interaction answers: {} in all, p50 {:?}, p99 {:?}, max {:?}",
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1]
    );
}

/// The settlement message in the channel, once it is there.
async fn settlement(fake: &Fake) -> String {
    let title = text(
        Lang::De,
        "settlement-title",
        vec![("table", 1i64.into()), ("deal", 1i64.into())],
    );
    fake.wait_until("the settlement", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && m.content.contains(&title))
            .map(|m| m.content.clone())
    })
    .await
}

/// POSTs of new messages to the table channel that carried buttons: the
/// table message being posted.
fn table_posts(fake: &Fake) -> usize {
    let path = format!("/channels/{CHANNEL}/messages");
    fake.requests()
        .iter()
        .filter(|r| {
            r.method == "POST"
                && r.path == path
                && r.status == 200
                && r.body["components"]
                    .as_array()
                    .is_some_and(|c| !c.is_empty())
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_deal_with_three_computers_from_ephemeral_hands() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11, 1).await;
    let table_msg = solo_table(&fake).await;
    let mut pressed = HashSet::new();
    let made = play(
        &fake,
        table_msg,
        &[(ANNA, Via::Hand)],
        &mut pressed,
        200,
        deal_over(table_msg),
    )
    .await;
    // Anna played her ten cards, each from her ephemeral hand.
    assert_eq!(cards_of(&made).len(), 10, "{made:?}");
    let text_now = settlement(&fake).await;
    assert!(text_now.starts_with("💰"), "{text_now}");
    // The balance, asked for: ephemeral, with money.
    let (_, answer) = slash(&fake, &ANNA, "balance", &[]).await;
    let balance = answer["data"]["content"].as_str().unwrap();
    assert!(balance.contains("Anna"), "{balance}");
    assert!(balance.contains('€'), "{balance}");
    stop(bot).await;
    fake.assert_no_violations();
    // The table message was posted once and edited in place after that:
    // at least for the start button and for the deal (how many versions in
    // between the outbox merged depends on how fast Anna clicked).
    assert_eq!(table_posts(&fake), 1);
    let edit_path = format!("/channels/{CHANNEL}/messages/{table_msg}");
    let edits = fake
        .requests()
        .iter()
        .filter(|r| r.method == "PATCH" && r.path == edit_path)
        .count();
    assert!(edits >= 2, "{edits} edits");

    let store = Store::open(&db.display().to_string()).await.unwrap();
    let balances = store.table_balances(TableId(1)).await.unwrap();
    assert_eq!(balances.iter().map(|b| b.units).sum::<i64>(), 0);
    assert!(balances.iter().any(|b| b.units != 0), "{balances:?}");
    let dealt = dealt_hands(&store).await;
    store.close().await;
    assert_no_hand_card_leaks(&fake, &hands_of(&dealt, &made, &[ANNA]), &made);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_people_bid_with_a_kontra_and_play_a_deal_by_dm() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 5, 1).await;
    let table_msg = open_table(&fake).await;
    for who in [BERTA, CARL, DORA] {
        press_table(&fake, &who, table_msg, "j").await;
    }
    // The deal's messages: everything from the start on.
    let from = fake.requests().len();
    deal(&fake, table_msg).await;
    let users = [ANNA, BERTA, CARL, DORA];
    let players: Vec<(User, Via)> = users.iter().map(|u| (*u, Via::Dm)).collect();
    let mut pressed = HashSet::new();
    let mut made = play(&fake, table_msg, &players, &mut pressed, 100, |f| {
        users.iter().any(|u| {
            f.dm_channel_of(u.id)
                .and_then(|dm| f.messages_in(dm).into_iter().last())
                .is_some_and(|m| moves(&m).iter().any(|(p, _)| action(p).starts_with('p')))
        })
    })
    .await;
    // The opening game and a Kontra on it, by button.
    assert!(made.iter().any(|(_, _, p)| action(p) == "ar"), "{made:?}");
    assert!(made.iter().any(|(_, _, p)| action(p) == "akg"), "{made:?}");
    assert!(cards_of(&made).is_empty());
    made.extend(
        play(
            &fake,
            table_msg,
            &players,
            &mut pressed,
            100,
            deal_over(table_msg),
        )
        .await,
    );
    assert_eq!(cards_of(&made).len(), 40, "{made:?}");
    let shown = settlement(&fake).await;
    let (private, channel, stale) = deal_counts(&fake, from, &users);
    eprintln!(
        "COUNTS discord private per player {private:?}, channel extra {channel}, keyboards left {stale}"
    );
    assert!(private.iter().all(|n| *n <= 12), "{private:?}");
    assert!(channel <= 3, "{channel}");
    assert_eq!(stale, 0);
    // The game's line with its Kontra (or a later step) named.
    assert!(
        shown
            .lines()
            .any(|l| l.starts_with("Rufer ") && l.contains("ontra ×")),
        "{shown}"
    );
    // /tarock in a DM: a pointer to the server channel.
    let dm = fake.dm_channel_of(ANNA.id).unwrap();
    let id = fake.slash(&ANNA, dm, "hand", &[]);
    let answer = fake.response(&id).await;
    assert_eq!(
        answer["data"]["content"],
        text(Lang::De, "discord-guild-only", Vec::new()),
        "{answer}"
    );
    stop(bot).await;
    fake.assert_no_violations();
    report_answer_times(&fake);
    // Carl's DMs are in English, the others' in German; each links back to
    // the table message.
    let link = format!("https://discord.com/channels/{GUILD_ID}/{CHANNEL}/{table_msg}");
    for u in users {
        let mut dms = fake.messages_in(fake.dm_channel_of(u.id).unwrap());
        dms.retain(|m| !m.is_ephemeral());
        // One hand per table: each new one replaced the one before.
        assert_eq!(dms.len(), 1, "{}", u.name);
        assert!(dms.iter().all(|m| m.content.contains(&link)), "{}", u.name);
        let german = dms.iter().any(|m| m.content.contains("dein Platz"));
        assert_eq!(german, u.locale == "de", "{}: {:?}", u.name, dms[0].content);
    }
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    let record = Record::from_json(&store.record_text(deal.id).await.unwrap()).unwrap();
    assert!(
        record.actions.iter().any(|a| a.ends_with(" kontra-spiel")),
        "{record:?}"
    );
    let balances = store.table_balances(TableId(1)).await.unwrap();
    assert_eq!(balances.len(), 4);
    assert_eq!(balances.iter().map(|b| b.units).sum::<i64>(), 0);
    let dealt = dealt_hands(&store).await;
    store.close().await;
    assert_no_hand_card_leaks(&fake, &hands_of(&dealt, &made, &users), &made);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_fall_back_to_mentions_and_a_429_is_waited_out() {
    let fake = Fake::start().await;
    {
        let mut inner = fake.lock();
        inner.dm_closed.insert(BERTA.id);
        // The first table message is refused with a 429.
        inner.rate_limit_once.insert(CHANNEL);
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = open_table(&fake).await;
    let path = format!("/channels/{CHANNEL}/messages");
    let statuses: Vec<u16> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses[..2], [429, 200], "{statuses:?}");
    press_table(&fake, &BERTA, table_msg, "j").await;
    for _ in 0..2 {
        press_table(&fake, &ANNA, table_msg, "c").await;
    }
    let from = fake.requests().len();
    deal(&fake, table_msg).await;
    let closed = text(
        Lang::De,
        "discord-dm-closed",
        vec![("mention", format!("<@{}>", BERTA.id).into())],
    );
    fake.wait_until("the DMs-closed notice", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && m.content == closed)
            .map(|_| ())
    })
    .await;
    // Berta plays from "my cards"; Anna from her DMs.
    let mut pressed = HashSet::new();
    let made = play(
        &fake,
        table_msg,
        &[(ANNA, Via::Dm), (BERTA, Via::Hand)],
        &mut pressed,
        200,
        deal_over(table_msg),
    )
    .await;
    assert_eq!(cards_of(&made).len(), 20, "{made:?}");
    settlement(&fake).await;
    stop(bot).await;
    fake.assert_no_violations();
    let posts: Vec<Value> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == path && r.status == 200)
        .map(|r| r.body)
        .collect();
    // Said once; every later turn of hers is a mention that notifies her
    // alone.
    assert_eq!(posts.iter().filter(|b| b["content"] == closed).count(), 1);
    let turn = text(
        Lang::De,
        "discord-your-turn",
        vec![("mention", format!("<@{}>", BERTA.id).into())],
    );
    let turns: Vec<&Value> = posts.iter().filter(|b| b["content"] == turn).collect();
    let (private, channel, stale) = deal_counts(&fake, from, &[ANNA, BERTA]);
    eprintln!(
        "COUNTS discord closed DMs: private {private:?}, channel extra {channel} ({} pings), keyboards left {stale}",
        turns.len()
    );
    // One ping per turn of hers at most (the notice came with the deal),
    // and each is gone once she answered it.
    let her_moves = made.iter().filter(|(_, u, _)| *u == BERTA.id).count();
    assert!(
        turns.len() <= her_moves,
        "{} pings for {her_moves} moves",
        turns.len()
    );
    assert!(turns.len() >= 5, "{} turn mentions", turns.len());
    assert!(
        fake.messages_in(CHANNEL).iter().all(|m| m.content != turn),
        "answered pings are deleted"
    );
    assert_eq!(stale, 0);
    for b in turns {
        assert_eq!(
            b["allowed_mentions"]["users"],
            json!([BERTA.id.to_string()])
        );
    }
    // The table message is still the one message with buttons.
    assert_eq!(table_posts(&fake), 1);
    // Anna's DMs went through.
    assert!(
        fake.dm_channel_of(ANNA.id)
            .is_some_and(|dm| !fake.messages_in(dm).is_empty())
    );
}

/// The one-time "I cannot write to you" notice is rate limited on its first
/// try (a 429 with `retry_after`): it is sent again once the wait is over,
/// exactly once, and no "your turn" ping comes before it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_dms_closed_notice_is_sent_again_and_only_once() {
    let fake = Fake::start().await;
    let closed = text(
        Lang::De,
        "discord-dm-closed",
        vec![("mention", format!("<@{}>", BERTA.id).into())],
    );
    let turn = text(
        Lang::De,
        "discord-your-turn",
        vec![("mention", format!("<@{}>", BERTA.id).into())],
    );
    {
        let mut inner = fake.lock();
        inner.dm_closed.insert(BERTA.id);
        inner.rate_limit_text_once.insert(closed.clone());
        inner.retry_after = Some(1.48);
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = open_table(&fake).await;
    press_table(&fake, &BERTA, table_msg, "j").await;
    for _ in 0..2 {
        press_table(&fake, &ANNA, table_msg, "c").await;
    }
    deal(&fake, table_msg).await;
    fake.wait_until("the DMs-closed notice", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && m.content == closed)
            .map(|_| ())
    })
    .await;
    let mut pressed = HashSet::new();
    let made = play(
        &fake,
        table_msg,
        &[(ANNA, Via::Dm), (BERTA, Via::Hand)],
        &mut pressed,
        200,
        deal_over(table_msg),
    )
    .await;
    assert_eq!(cards_of(&made).len(), 20, "{made:?}");
    settlement(&fake).await;
    stop(bot).await;
    fake.assert_no_violations();
    let path = format!("/channels/{CHANNEL}/messages");
    let tries: Vec<(u16, String)> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == path)
        .map(|r| {
            (
                r.status,
                r.body["content"].as_str().unwrap_or("").to_owned(),
            )
        })
        .filter(|(_, content)| *content == closed || *content == turn)
        .collect();
    let notices: Vec<u16> = tries
        .iter()
        .filter(|(_, c)| *c == closed)
        .map(|(s, _)| *s)
        .collect();
    // Refused once, then delivered once.
    assert_eq!(notices, [429, 200], "{tries:?}");
    // The first mention she gets is the explanation, and she got pings
    // for her turns after it.
    let first_delivered = tries.iter().find(|(s, _)| *s == 200).unwrap();
    assert_eq!(first_delivered.1, closed, "{tries:?}");
    assert!(
        tries.iter().any(|(s, c)| *s == 200 && *c == turn),
        "{tries:?}"
    );
    assert_eq!(
        fake.messages_in(CHANNEL)
            .iter()
            .filter(|m| m.content == closed)
            .count(),
        1
    );
}

/// The suggested presets of an autocomplete answer.
async fn suggested(fake: &Fake, id: &str) -> Vec<String> {
    let answer = fake.response(id).await;
    assert_eq!(answer["type"], 8, "{answer}");
    answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            assert_eq!(c["name"], c["value"], "{c}");
            c["value"].as_str().unwrap().to_owned()
        })
        .collect()
}

/// `/tarock new` offers the presets of the game chosen (Königrufen's
/// `cup2019` among them), opens a Königrufen table with it, and a preset of
/// another game is refused by the table service (as any front end's would
/// be), listing the chosen game's, in the user's language, opening nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presets_follow_the_chosen_game() {
    const KOENIGRUFEN: u64 = 1;
    const ZWANZIG_AB: u64 = 2;
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 12, 1).await;
    fake.wait_until("the registration", |inner| inner.commands.first().cloned())
        .await;
    let game = |g: u64| ("game", json!(g));
    let id = fake.autocomplete(&ANNA, CHANNEL, "new", &[game(KOENIGRUFEN)], ("rules", ""));
    assert_eq!(suggested(&fake, &id).await, ["standard", "cup2019"]);
    let id = fake.autocomplete(&ANNA, CHANNEL, "new", &[game(KOENIGRUFEN)], ("rules", "c"));
    assert_eq!(suggested(&fake, &id).await, ["cup2019"]);
    let id = fake.autocomplete(&ANNA, CHANNEL, "new", &[game(ZWANZIG_AB)], ("rules", ""));
    assert_eq!(suggested(&fake, &id).await, ["standard"]);
    // No game chosen yet: Zwanzigerrufen's.
    let id = fake.autocomplete(&ANNA, CHANNEL, "new", &[], ("rules", "d"));
    assert_eq!(suggested(&fake, &id).await, ["directnet"]);

    // Zwanzigerrufen's directnet for Königrufen: refused, nothing opened.
    let (_, answer) = slash(
        &fake,
        &CARL,
        "new",
        &[game(KOENIGRUFEN), ("rules", json!("directnet"))],
    )
    .await;
    // The table service refuses it (`Rejection::BadRules`), naming the
    // word and the chosen game's presets.
    let refusal = answer["data"]["content"].as_str().unwrap();
    assert!(
        refusal.starts_with("I do not know these rules"),
        "{refusal}"
    );
    for word in ["directnet", "Königrufen", "standard", "cup2019"] {
        assert!(refusal.contains(word), "{refusal}");
    }
    let (_, answer) = slash(
        &fake,
        &ANNA,
        "new",
        &[game(KOENIGRUFEN), ("rules", json!("wikipedia"))],
    )
    .await;
    let refusal = answer["data"]["content"].as_str().unwrap();
    assert!(
        refusal.starts_with("Diese Regeln kenne ich nicht"),
        "{refusal}"
    );
    for word in ["wikipedia", "Königrufen", "standard", "cup2019"] {
        assert!(refusal.contains(word), "{refusal}");
    }
    assert!(fake.messages_in(CHANNEL).iter().all(|m| m.is_ephemeral()));
    let store = Store::open(&db.display().to_string()).await.unwrap();
    assert!(store.table(TableId(1)).await.unwrap().is_none());

    // Königrufen with cup2019 opens.
    let (_, answer) = slash(
        &fake,
        &ANNA,
        "new",
        &[game(KOENIGRUFEN), ("rules", json!("cup2019"))],
    )
    .await;
    assert_eq!(
        answer["data"]["content"],
        text(Lang::De, "discord-done", Vec::new())
    );
    table_message(&fake).await;
    let row = store.table(TableId(1)).await.unwrap().unwrap();
    assert_eq!(row.game, "koenigrufen");
    assert!(row.rules.contains("cup2019"), "{}", row.rules);
    stop(bot).await;
    fake.assert_no_violations();
}

/// Discord drops the gateway connection: the bot resumes its session on
/// READY's `resume_gateway_url` (the fake accepts a RESUME only there), so
/// it does not identify anew, and commands reach it after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_session_is_resumed_on_the_resume_gateway_url() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 13, 1).await;
    fake.wait_until("the registration", |inner| inner.commands.first().cloned())
        .await;
    fake.close_gateway(4000);
    fake.wait_until("RESUMED", |i| (i.resumed_count == 1).then_some(()))
        .await;
    {
        let inner = fake.lock();
        assert_eq!(inner.resumes_refused, 0);
        assert_eq!(inner.ready_count, 1, "resumed, not identified anew");
    }
    open_table(&fake).await;
    stop(bot).await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_and_stale_clicks_get_an_ephemeral_notice_and_change_nothing() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11, 1).await;
    let table_msg = solo_table(&fake).await;
    let mut pressed = HashSet::new();
    let first = play(
        &fake,
        table_msg,
        &[(ANNA, Via::Dm)],
        &mut pressed,
        1,
        |_| false,
    )
    .await;
    let used = first[0].2.clone();
    // Anna's next move, untouched.
    let dm = fake.dm_channel_of(ANNA.id).unwrap();
    let latest = fake
        .wait_until("Anna's next DM", |inner| {
            let m = inner
                .messages
                .values()
                .filter(|m| m.channel_id == dm)
                .max_by_key(|m| m.id)?;
            (!pressed.contains(&version(m)) && !moves(m).is_empty()).then(|| m.clone())
        })
        .await;
    let live = choose(&moves(&latest)).unwrap().0;
    let events = || async {
        let store = Store::open(&db.display().to_string()).await.unwrap();
        let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
        let n = store
            .load_deal(deal.id)
            .await
            .unwrap()
            .unwrap()
            .events
            .len();
        store.close().await;
        n
    };
    let before = events().await;
    let forgeries = [
        (ANNA, live.replacen("t1:", "t77:", 1)),
        (ANNA, used.clone()),
        (ANNA, "garbage".to_owned()),
        (ANNA, format!("{}pZZ", live.rsplit_once(':').unwrap().0)),
        (ANNA, "t1:1.0:p".to_owned() + &"X".repeat(90)),
        (EMIL, live.clone()),
        (BERTA, live.clone()),
    ];
    for (who, payload) in &forgeries {
        // Others cannot see Anna's DM: theirs is a click on the table message.
        let (channel, message) = if who.id == ANNA.id {
            (dm, latest.id)
        } else {
            (CHANNEL, table_msg)
        };
        let id = fake.forged_click(who, channel, message, payload);
        let answer = fake.response(&id).await;
        assert_eq!(answer["type"], 4, "{payload}: {answer}");
        assert_eq!(answer["data"]["flags"], EPHEMERAL, "{payload}: {answer}");
        let says = answer["data"]["content"].as_str().unwrap();
        assert!(
            !says.is_empty() && !says.contains("t1:"),
            "{payload}: {says}"
        );
    }
    // The one who is not seated, on the public table message.
    let id = fake.forged_click(&EMIL, CHANNEL, table_msg, "t1::s");
    let answer = fake.response(&id).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
    assert_eq!(events().await, before, "a refused click changed the deal");
    // Someone deleted the table message meanwhile. The live move still
    // works, and the table message is posted anew.
    fake.lock().messages.remove(&table_msg);
    let id = fake.click(&ANNA, dm, latest.id, &live);
    assert_eq!(fake.response(&id).await["type"], 6);
    let reposted = table_message(&fake).await;
    assert_ne!(reposted, table_msg);
    assert!(fake.requests().iter().any(|r| r.method == "PATCH"
        && r.path == format!("/channels/{CHANNEL}/messages/{table_msg}")
        && r.status == 404));
    stop(bot).await;
    fake.assert_no_violations();
    assert!(events().await > before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_client_on_the_same_database_finishes_the_deal_from_old_buttons() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 5, 1).await;
    let table_msg = four_at_table(&fake).await;
    let users = [ANNA, BERTA, CARL, DORA];
    let players: Vec<(User, Via)> = users.iter().map(|u| (*u, Via::Dm)).collect();
    let mut pressed = HashSet::new();
    let mut made = play(&fake, table_msg, &players, &mut pressed, 12, |_| false).await;
    // Wait until the next player's DM with buttons is there, then restart.
    fake.wait_until("the next turn's DM", |inner| {
        users.iter().find_map(|u| {
            let dm = inner.dm_channels.get(&u.id)?;
            let m = inner
                .messages
                .values()
                .filter(|m| m.channel_id == *dm)
                .max_by_key(|m| m.id)?;
            (!pressed.contains(&version(m)) && !moves(m).is_empty()).then_some(())
        })
    })
    .await;
    stop(bot).await;
    let requests_before = fake.requests().len();
    let bot = start(&fake, &db, 5, 2).await;
    // The first move after the restart is pressed on a DM the old client sent.
    let old_dm_ids: HashSet<u64> = fake.lock().messages.keys().copied().collect();
    let after = play(&fake, table_msg, &players, &mut pressed, 1, |_| false).await;
    let moved_on: u64 = pressed
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| old_dm_ids.contains(id))
        .max()
        .unwrap();
    assert!(old_dm_ids.contains(&moved_on));
    made.extend(after);
    made.extend(
        play(
            &fake,
            table_msg,
            &players,
            &mut pressed,
            200,
            deal_over(table_msg),
        )
        .await,
    );
    assert_eq!(cards_of(&made).len(), 40);
    settlement(&fake).await;
    stop(bot).await;
    fake.assert_no_violations();
    // Nothing twice: one table message, one settlement, and no message the
    // old client sent was posted again by the new one.
    assert_eq!(table_posts(&fake), 1);
    let requests = fake.requests();
    let posted =
        |r: &fake::Request| r.method == "POST" && r.path.ends_with("/messages") && r.status == 200;
    let title = text(
        Lang::De,
        "settlement-title",
        vec![("table", 1i64.into()), ("deal", 1i64.into())],
    );
    assert_eq!(
        requests
            .iter()
            .filter(|r| posted(r) && r.body["content"].as_str().unwrap_or("").contains(&title))
            .count(),
        1
    );
    let old: HashSet<(String, String)> = requests[..requests_before]
        .iter()
        .filter(|r| posted(r))
        .map(|r| (r.path.clone(), r.body["content"].to_string()))
        .collect();
    for r in requests[requests_before..].iter().filter(|r| posted(r)) {
        assert!(
            !old.contains(&(r.path.clone(), r.body["content"].to_string())),
            "sent again after the restart: {} {}",
            r.path,
            r.body["content"]
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_acknowledged_first_and_completed_after() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut c = config(&fake, &db, 11);
    // Every command counts as slow: it is acknowledged before it is done.
    c.answer_within = Duration::ZERO;
    let bot = start_with(c).await;
    fake.wait_ready(1).await;
    let id = fake.slash(&ANNA, CHANNEL, "new", &[]);
    let first = fake.response(&id).await;
    assert_eq!(first["type"], 5, "{first}");
    assert_eq!(first["data"]["flags"], EPHEMERAL);
    let done = text(Lang::De, "discord-done", Vec::new());
    fake.wait_until("the deferred answer", |inner| {
        let original = inner.interactions.get(&id)?.original?;
        (inner.messages.get(&original)?.content == done).then_some(())
    })
    .await;
    let table_msg = table_message(&fake).await;
    // A click is acknowledged (type 6), and its refusal follows up
    // ephemerally: Anna is seated already.
    let join = table_button(&fake, table_msg, "j").await;
    let id = fake.click(&ANNA, CHANNEL, table_msg, &join);
    assert_eq!(fake.response(&id).await["type"], 6);
    let followup = fake
        .wait_until("the follow-up", |inner| {
            inner.responses.get(&id).and_then(|r| r.get(1).cloned())
        })
        .await;
    assert_eq!(followup["flags"], EPHEMERAL, "{followup}");
    assert!(!followup["content"].as_str().unwrap().is_empty());
    stop(bot).await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_commands_are_registered_localized_and_refuse_politely() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11, 1).await;
    let registered = fake
        .wait_until("the registration", |inner| inner.commands.first().cloned())
        .await;
    assert_eq!(registered["name"], "tarock");
    let subs: Vec<(String, String)> = registered["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["name"].as_str().unwrap().to_owned(),
                o["name_localizations"]["de"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert!(subs.contains(&("new".into(), "neu".into())), "{subs:?}");
    assert!(
        subs.contains(&("join".into(), "mitspielen".into())),
        "{subs:?}"
    );
    assert_eq!(subs.len(), 17);
    // The cup is a group of its own subcommands, localized as well.
    assert!(subs.contains(&("cup".into(), "cup".into())), "{subs:?}");
    let cup = registered["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "cup")
        .unwrap();
    assert_eq!(cup["type"], 2, "a subcommand group");
    let cup_subs: Vec<(&str, &str)> = cup["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["name"].as_str().unwrap(),
                o["name_localizations"]["de"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        cup_subs,
        [
            ("new", "neu"),
            ("join", "mitspielen"),
            ("leave", "verlassen"),
            ("draw", "auslosen"),
            ("standings", "stand"),
            ("end", "ende")
        ]
    );
    assert!(
        subs.contains(&("link".into(), "verbinden".into())),
        "{subs:?}"
    );
    assert!(
        subs.contains(&("unlink".into(), "trennen".into())),
        "{subs:?}"
    );
    assert!(
        subs.contains(&("pictures".into(), "bilder".into())),
        "{subs:?}"
    );
    for (name, de) in [
        ("stats", "statistik"),
        ("leaderboard", "rangliste"),
        ("history", "verlauf"),
    ] {
        assert!(subs.contains(&(name.into(), de.into())), "{subs:?}");
    }
    assert_eq!(
        registered["description_localizations"]["de"],
        text(Lang::De, "discord-cmd-tarock", Vec::new())
    );
    // A pace that means nothing: refused, no table.
    let (_, answer) = slash(&fake, &ANNA, "new", &[("pace", json!("bald"))]).await;
    assert_eq!(
        answer["data"]["content"],
        text(Lang::De, "discord-bad-pace", Vec::new())
    );
    // Carl (English) opens a table with options.
    let (_, answer) = slash(
        &fake,
        &CARL,
        "new",
        &[
            ("rules", json!("tarockwelt")),
            ("stake", json!(50)),
            ("pace", json!("12h")),
        ],
    )
    .await;
    assert_eq!(
        answer["data"]["content"],
        text(Lang::En, "discord-done", Vec::new())
    );
    let table_msg = table_message(&fake).await;
    let shown = fake.message(table_msg).unwrap().content;
    assert!(shown.contains("tarockwelt"), "{shown}");
    // Rules, asked by someone else: an ephemeral text of the table's rules.
    let (_, answer) = slash(&fake, &EMIL, "rules", &[]).await;
    assert!(!answer["data"]["content"].as_str().unwrap().is_empty());
    // Closing is for the creator or a server admin; Emil is neither.
    let (_, answer) = slash(&fake, &EMIL, "close", &[]).await;
    assert_ne!(
        answer["data"]["content"],
        text(Lang::De, "discord-done", Vec::new())
    );
    let id = fake.slash_admin(&EMIL, CHANNEL, "close", &[]);
    let answer = fake.response(&id).await;
    assert_eq!(
        answer["data"]["content"],
        text(Lang::De, "discord-done", Vec::new()),
        "{answer}"
    );
    stop(bot).await;
    fake.assert_no_violations();
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let table = store.table(TableId(1)).await.unwrap().unwrap();
    assert_eq!(table.status, tarock_storage::TableStatus::Closed);
    assert_eq!(table.stake_cents, 50);
    store.close().await;
}

#[test]
fn without_a_token_the_binary_explains_and_exits_with_2() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tarock-discord"))
        .env_remove("DISCORD_TOKEN")
        .env("LANG", "en_US.UTF-8")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        said.trim(),
        text(Lang::En, "discord-no-token", Vec::new()),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_waits_too_long_is_reminded_by_mention_then_stood_in_for() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11, 1).await;
    // The shortest pace: ten seconds a move, the reminder after five.
    let (_, answer) = slash(&fake, &ANNA, "new", &[("pace", json!("10s"))]).await;
    assert_eq!(answer["type"], 4);
    let table_msg = table_message(&fake).await;
    for _ in 0..3 {
        press_table(&fake, &ANNA, table_msg, "c").await;
    }
    deal(&fake, table_msg).await;
    // Anna does nothing. The reminder names her as a real mention that
    // notifies her alone.
    let reminder = fake
        .wait_until("the reminder", |inner| {
            inner
                .requests
                .iter()
                .find(|r| {
                    r.method == "POST"
                        && r.path == format!("/channels/{CHANNEL}/messages")
                        && r.body["content"]
                            .as_str()
                            .is_some_and(|c| c.starts_with('⏰'))
                })
                .map(|r| r.body.clone())
        })
        .await;
    let content = reminder["content"].as_str().unwrap();
    assert!(content.contains(&format!("<@{}>", ANNA.id)), "{content}");
    assert!(!content.contains("Anna"), "{content}");
    assert_eq!(
        reminder["allowed_mentions"]["users"],
        json!([ANNA.id.to_string()])
    );
    // Then the computer moves for her, and the channel says so, naming her
    // (the first time as a mention).
    let stood_in = text(Lang::De, "stand-in", vec![("name", "Anna".into())]).replacen(
        "Anna",
        &format!("<@{}>", ANNA.id),
        1,
    );
    fake.wait_until("the stand-in", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && m.content == stood_in)
            .map(|_| ())
    })
    .await;
    stop(bot).await;
    fake.assert_no_violations();
}

/// A 429 on the table channel asks for more than the old fixed second: the
/// bot waits what the body's `retry_after` says for that bucket (the fake
/// counts a request before then as a violation), while other channels
/// (the DMs) go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_waited_out_for_as_long_as_discord_says_per_bucket() {
    let fake = Fake::start().await;
    {
        let mut inner = fake.lock();
        inner.retry_after = Some(1.6);
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = solo_table(&fake).await;
    // Anna's hand came by DM; now the channel is limited.
    fake.lock().rate_limit_once.insert(CHANNEL);
    let mut pressed = HashSet::new();
    let made = play(
        &fake,
        table_msg,
        &[(ANNA, Via::Dm)],
        &mut pressed,
        200,
        deal_over(table_msg),
    )
    .await;
    assert_eq!(cards_of(&made).len(), 10);
    settlement(&fake).await;
    stop(bot).await;
    let limited: Vec<u16> = fake
        .requests()
        .iter()
        .filter(|r| r.path.starts_with(&format!("/channels/{CHANNEL}/messages")) && r.status == 429)
        .map(|r| r.status)
        .collect();
    assert_eq!(limited.len(), 1, "one 429, never an early retry");
    fake.assert_no_violations();
}

/// A member named like a mass mention joins: no message or edit (table
/// message, DMs, interaction answers) can ping @everyone, and the name is
/// shown with its mention syntax broken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_with_mention_syntax_mention_nobody() {
    const EVIL: User = User {
        id: 106,
        name: "@everyone Bert <@&1>",
        locale: "de",
    };
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = open_table(&fake).await;
    press_table(&fake, &EVIL, table_msg, "j").await;
    press_table(&fake, &ANNA, table_msg, "c").await;
    press_table(&fake, &ANNA, table_msg, "c").await;
    deal(&fake, table_msg).await;
    let mut pressed = HashSet::new();
    play(
        &fake,
        table_msg,
        &[(ANNA, Via::Dm), (EVIL, Via::Dm)],
        &mut pressed,
        6,
        deal_over(table_msg),
    )
    .await;
    stop(bot).await;
    // The fake counts any content that would ping @everyone/@here or
    // parse mentions without allowed_mentions (edits included).
    fake.assert_no_violations();
    let edits: Vec<fake::Request> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "PATCH" && r.body["content"].is_string())
        .collect();
    assert!(!edits.is_empty());
    for r in &edits {
        assert!(
            r.body["allowed_mentions"].is_object(),
            "{} {}",
            r.path,
            r.body
        );
    }
    let shown = fake.message(table_msg).unwrap().content;
    assert!(shown.contains("Bert"), "{shown}");
    assert!(!shown.contains("@everyone"), "{shown}");
}

/// Discord sends an interaction again (after a resume): the click acts
/// once and is answered once (a second answer would get 40060).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redelivered_interaction_is_answered_once() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = open_table(&fake).await;
    let join = table_button(&fake, table_msg, "j").await;
    let id = fake.click(&BERTA, CHANNEL, table_msg, &join);
    fake.response(&id).await;
    fake.redeliver(&id);
    // Something after it, answered: the redelivery was read by then.
    let later = fake.click(&CARL, CHANNEL, table_msg, &join);
    fake.response(&later).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop(bot).await;
    assert_eq!(
        fake.responses_of(&id).len(),
        1,
        "{:?}",
        fake.responses_of(&id)
    );
    fake.assert_no_violations();
    let store = Store::open(&db.display().to_string()).await.unwrap();
    assert_eq!(
        store
            .load_table(TableId(1))
            .await
            .unwrap()
            .unwrap()
            .seats
            .len(),
        3
    );
    store.close().await;
}

/// A button of the table in one channel clicked on a message in another
/// channel (a modified client can send any custom id) is refused there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_from_another_channel_is_refused() {
    const OTHER: u64 = 4_001;
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = open_table(&fake).await;
    let join = table_button(&fake, table_msg, "j").await;
    // A second table in another channel, whose message carries the click.
    let id = fake.slash(&EMIL, OTHER, "new", &[]);
    fake.response(&id).await;
    let other_msg = fake
        .wait_until("the other table message", |inner| {
            inner
                .messages
                .values()
                .find(|m| m.channel_id == OTHER && !m.custom_ids().is_empty())
                .map(|m| m.id)
        })
        .await;
    let click = fake.forged_click(&EMIL, OTHER, other_msg, &join);
    let answer = fake.response(&click).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
    assert_eq!(
        answer["data"]["content"],
        text(Lang::De, "rej-foreign-chat", Vec::new()),
        "{answer}"
    );
    stop(bot).await;
    let store = Store::open(&db.display().to_string()).await.unwrap();
    assert_eq!(
        store
            .load_table(TableId(1))
            .await
            .unwrap()
            .unwrap()
            .seats
            .len(),
        1
    );
    store.close().await;
}

/// The table's language is an option at creation: a German member opens
/// an English table; the public message is English, his own answers stay
/// German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_language_is_chosen_at_creation() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let (_, answer) = slash(&fake, &ANNA, "new", &[("language", json!(1))]).await;
    assert_eq!(
        answer["data"]["content"],
        text(Lang::De, "discord-done", Vec::new())
    );
    let table_msg = table_message(&fake).await;
    let shown = fake.message(table_msg).unwrap();
    assert!(
        shown.content.contains("Tarock table 1"),
        "{}",
        shown.content
    );
    stop(bot).await;
}

/// A direct message to the bot gets a short help with the person's open
/// tables, linked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_gets_help_and_the_open_tables() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = open_table(&fake).await;
    // The bot records the table message's id right after Discord names
    // it; the help links to it from then on.
    let store = Store::open(&db.display().to_string()).await.unwrap();
    for _ in 0..2000 {
        let row = store.table(TableId(1)).await.unwrap().unwrap();
        if row.public_message_id.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    store.close().await;
    let dm = fake.dm_to_bot(&ANNA, "hallo?");
    let help = fake
        .wait_until("the help", |inner| {
            inner
                .messages
                .values()
                .find(|m| m.channel_id == dm && m.content.contains("/tarock"))
                .cloned()
        })
        .await;
    let link = format!("https://discord.com/channels/{GUILD_ID}/{CHANNEL}/{table_msg}");
    assert!(help.content.contains(&link), "{}", help.content);
    assert!(help.content.contains("Tisch 1"), "{}", help.content);
    // The bot presents every game of the family, not Zwanzigerrufen alone.
    assert!(
        help.content.starts_with(
            "Ich bin der Tarock-Bot: ich leite Tische für Zwanzigerrufen, Königrufen und 20 ab \
             in Server-Kanälen;"
        ),
        "{}",
        help.content
    );
    stop(bot).await;
    fake.assert_no_violations();
}

/// A delivered message and a processed update id from long ago, as a bot
/// that has run for a while leaves them behind.
async fn old_deliveries(db: &Path) {
    use tarock_storage::{Delivered, NewMessage, Platform};
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let mut tx = store.begin().await.unwrap();
    let message = NewMessage {
        destination: "long-ago".into(),
        payload: "{}".into(),
    };
    tx.enqueue(None, &message, 1000).await.unwrap();
    tx.mark_update(Platform::Discord, "long-ago", 1000)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let claimed = store.claim_outbox(1000, 1000, 10).await.unwrap();
    store
        .record_deliveries(&[(claimed[0].id, Delivered::Sent)], 2000)
        .await
        .unwrap();
    assert_eq!(store.outbox_counts().await.unwrap().sent, 1);
    store.close().await;
}

/// The running bot's housekeeping deletes them (it runs when the bot
/// starts); the wait is bounded only so that a failure ends the test.
async fn wait_until_pruned(db: &Path) {
    use tarock_storage::Platform;
    let store = Store::open(&db.display().to_string()).await.unwrap();
    for _ in 0..1500 {
        let sent = store.outbox_counts().await.unwrap().sent;
        let seen = store
            .is_processed(Platform::Discord, "long-ago")
            .await
            .unwrap();
        if sent == 0 && !seen {
            store.close().await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the bot kept its deliveries from 1970");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_running_bot_forgets_old_deliveries_by_default() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    old_deliveries(&db).await;
    let bot = start(&fake, &db, 5, 1).await;
    wait_until_pruned(&db).await;
    stop(bot).await;
}

/// The uploads of requests whose path starts with `prefix`: (method and
/// path, file name, bytes).
fn uploads_to(fake: &Fake, prefix: &str) -> Vec<(String, String, Vec<u8>)> {
    fake.lock()
        .uploads
        .iter()
        .filter(|(route, _)| {
            route
                .split_once(' ')
                .is_some_and(|(_, p)| p.starts_with(prefix))
        })
        .map(|(route, f)| (route.clone(), f.filename.clone(), f.bytes.clone()))
        .collect()
}

/// Width and height of a PNG, if the bytes are one.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    Some((be(16), be(20)))
}

/// The hand arrives in the DM as a picture (`hand.png`, its alt text the
/// cards) above the buttons and is edited in place, the picture replaced
/// when the hand changed; the table message is an embed whose image is
/// the table, replaced on edit; the settlement gets an embed with a field
/// per item and the balances; an ephemeral hand carries the picture too.
/// The fake checks Discord's embed and attachment limits throughout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hands_and_the_table_arrive_as_pictures_and_are_edited_in_place() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11, 1).await;
    let table_msg = solo_table(&fake).await;
    // An ephemeral hand asked for: the picture with the buttons.
    let h = table_button(&fake, table_msg, "h").await;
    let click = fake.click(&ANNA, CHANNEL, table_msg, &h);
    let answer = fake.response(&click).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
    let ephemeral = fake.original_message(&click).expect("the ephemeral hand");
    assert_eq!(ephemeral.attachments[0]["filename"], "hand.png");
    assert!(!ephemeral.custom_ids().is_empty());
    let mut pressed = HashSet::new();
    let made = play(
        &fake,
        table_msg,
        &[(ANNA, Via::Dm)],
        &mut pressed,
        200,
        deal_over(table_msg),
    )
    .await;
    assert_eq!(cards_of(&made).len(), 10, "{made:?}");
    let shown = settlement(&fake).await;
    stop(bot).await;
    fake.assert_no_violations();

    // The DM: posted once, with the picture and its alt text, then edited.
    let dm = fake.dm_channel_of(ANNA.id).unwrap();
    let dm_path = format!("/channels/{dm}/messages");
    let requests = fake.requests();
    let posts: Vec<&fake::Request> = requests
        .iter()
        .filter(|r| r.method == "POST" && r.path == dm_path && r.status == 200)
        .collect();
    assert_eq!(posts.len(), 1, "one DM per deal");
    assert_eq!(posts[0].files, ["hand.png"]);
    let alt = posts[0].body["attachments"][0]["description"]
        .as_str()
        .unwrap();
    let hand_line = posts[0].body["content"]
        .as_str()
        .unwrap()
        .lines()
        .nth(1)
        .unwrap();
    // The alt text names the same cards as the text's hand line.
    for label in alt.split(' ') {
        assert!(hand_line.contains(label), "{label} not in {hand_line}");
    }
    let hand_id = fake.messages_in(dm)[0].id;
    let edits: Vec<&fake::Request> = requests
        .iter()
        .filter(|r| r.method == "PATCH" && r.path == format!("{dm_path}/{hand_id}"))
        .collect();
    let new_pictures = edits.iter().filter(|r| !r.files.is_empty()).count();
    assert!(new_pictures >= 9, "{new_pictures} new hand pictures");
    // The copy of the settlement has no picture: the last edit removes it.
    let now = fake.message(hand_id).unwrap();
    assert!(now.attachments.as_array().unwrap().is_empty());
    assert!(now.custom_ids().is_empty());

    // The table message: an embed showing table.png, replaced on edit.
    let table_path = format!("/channels/{CHANNEL}/messages/{table_msg}");
    let table_edits_with_picture = requests
        .iter()
        .filter(|r| r.method == "PATCH" && r.path == table_path && !r.files.is_empty())
        .count();
    assert!(table_edits_with_picture >= 10, "{table_edits_with_picture}");
    let table_now = fake.message(table_msg).unwrap();
    assert_eq!(
        table_now.embeds[0]["image"]["url"],
        "attachment://table.png"
    );
    assert_eq!(table_now.attachments.as_array().unwrap().len(), 1);
    assert!(!table_now.content.is_empty(), "the text stays");

    // The settlement: the text and an embed with the items and balances.
    let sheet = fake
        .lock()
        .messages
        .values()
        .find(|m| m.content == shown)
        .cloned()
        .unwrap();
    let fields = sheet.embeds[0]["fields"].as_array().unwrap();
    assert!(fields.len() >= 2, "{fields:?}");
    assert_eq!(fields.last().unwrap()["name"], "Stand:");
    assert!(
        fields.last().unwrap()["value"]
            .as_str()
            .unwrap()
            .contains("Anna")
    );

    // Every upload is a PNG within the limits.
    let all = uploads_to(&fake, "/");
    assert!(!all.is_empty());
    for (route, name, bytes) in &all {
        assert!(png_size(bytes).is_some(), "{route} {name}");
        assert!(bytes.len() <= 10 * 1024 * 1024);
    }
    eprintln!(
        "discord, pictures, one deal: DM posts {} DM edits {} (new picture {}), table edits {} \
         (new picture {}), uploads {} ({} bytes)",
        posts.len(),
        edits.len(),
        new_pictures,
        requests
            .iter()
            .filter(|r| r.method == "PATCH" && r.path == table_path)
            .count(),
        table_edits_with_picture,
        all.len(),
        all.iter().map(|(_, _, b)| b.len()).sum::<usize>()
    );
}

/// `/tarock pictures on:false table:true`: the table's message, hands and
/// settlement come without pictures or embeds; `/tarock pictures on:false`
/// alone turns off only the asker's hands (the ephemeral hand has none).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_only_mode_sends_no_pictures() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11, 1).await;
    let table_msg = open_table(&fake).await;
    let (_, answer) = slash(
        &fake,
        &ANNA,
        "pictures",
        &[("on", json!(false)), ("table", json!(true))],
    )
    .await;
    let said = answer["data"]["content"].as_str().unwrap();
    assert!(said.contains("Tisch 1"), "{said}");
    for _ in 0..3 {
        press_table(&fake, &ANNA, table_msg, "c").await;
    }
    deal(&fake, table_msg).await;
    let mut pressed = HashSet::new();
    let made = play(
        &fake,
        table_msg,
        &[(ANNA, Via::Dm)],
        &mut pressed,
        200,
        deal_over(table_msg),
    )
    .await;
    assert_eq!(cards_of(&made).len(), 10);
    let shown = settlement(&fake).await;
    assert!(shown.contains("Anna"));
    let before = fake.lock().uploads.len();
    assert_eq!(before, 0, "a picture at a text-only table");
    let sheet = fake
        .lock()
        .messages
        .values()
        .find(|m| m.content == shown)
        .cloned()
        .unwrap();
    assert!(sheet.embeds.as_array().unwrap().is_empty());
    assert!(
        fake.message(table_msg)
            .unwrap()
            .embeds
            .as_array()
            .unwrap()
            .is_empty()
    );
    let dm_requests = fake
        .requests()
        .iter()
        .filter(|r| {
            r.path.starts_with(&format!(
                "/channels/{}",
                fake.dm_channel_of(ANNA.id).unwrap()
            ))
        })
        .count();
    eprintln!("discord, text only, one deal: DM requests {dm_requests}");
    // Back on for the table, off for Anna alone: her ephemeral hand of the
    // next deal comes without a picture.
    let (_, answer) = slash(
        &fake,
        &ANNA,
        "pictures",
        &[("on", json!(true)), ("table", json!(true))],
    )
    .await;
    assert!(
        answer["data"]["content"]
            .as_str()
            .unwrap()
            .contains("Tisch 1")
    );
    let (_, answer) = slash(&fake, &ANNA, "pictures", &[("on", json!(false))]).await;
    assert!(
        answer["data"]["content"]
            .as_str()
            .unwrap()
            .contains("/tarock bilder"),
        "{answer}"
    );
    press_table(&fake, &ANNA, table_msg, "s").await;
    let h = table_button(&fake, table_msg, "h").await;
    let click = fake.click(&ANNA, CHANNEL, table_msg, &h);
    fake.response(&click).await;
    let ephemeral = fake.original_message(&click).expect("the ephemeral hand");
    assert!(ephemeral.attachments.as_array().unwrap().is_empty());
    assert!(!ephemeral.custom_ids().is_empty() || !ephemeral.content.is_empty());
    stop(bot).await;
    fake.assert_no_violations();
}

/// SIGTERM stops the real `tarock-discord` binary cleanly within the grace
/// period, right after a click it has just taken: the click is carried out
/// and answered, the gateway connection is closed, no outbox lease is left
/// behind, and the next process on the same database carries on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_binary_cleanly_and_a_restart_carries_on() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").display().to_string();
    let spawn = |name: &str| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tarock-discord"));
        command
            .env("DISCORD_TOKEN", "test-token")
            .env("DISCORD_API_URL", fake.url.as_str())
            .env("TAROCK_DATABASE", &db)
            .env("RUST_LOG", "info")
            .env_remove("DISCORD_SHARDS")
            .env_remove("TAROCK_METRICS_ADDR");
        process::Process::spawn(command, dir.path(), name)
    };
    let mut first = spawn("first");
    fake.wait_ready(1).await;
    let table_msg = open_table(&fake).await;
    let join = table_button(&fake, table_msg, "j").await;
    let click = fake.click(&BERTA, CHANNEL, table_msg, &join);
    // SIGTERM while the click may still be in flight.
    let (status, took) = first.terminate().await;
    let log = first.log();
    eprintln!("SHUTDOWN took {} ms", took.as_millis());
    assert!(status.success(), "{status}: {log}");
    assert!(
        log.contains("stopped") && log.contains("clean=true"),
        "{log}"
    );
    // The click was taken before the intake closed: answered, and Berta sits.
    let answer = fake.response(&click).await;
    assert_eq!(answer["type"], 6, "{answer}");
    let store = Store::open(&db).await.unwrap();
    let seats = store.load_table(TableId(1)).await.unwrap().unwrap().seats;
    assert_eq!(seats.len(), 2, "Anna and Berta");
    // No lease is left behind: everything pending can be claimed at once
    // (an edit may wait out the edit interval, a lease would hold 5 s).
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap();
    let pending = store.gauges(now).await.unwrap().outbox_pending;
    let claimable = store.claim_outbox(now + 3_500, 1, 1000).await.unwrap();
    assert_eq!(
        claimable.len() as u64,
        pending,
        "a claimed message was not handed back"
    );
    store.close().await;
    // The next process carries on: it delivers what is left, and the
    // table message shows Berta.
    let second = spawn("second");
    fake.wait_ready(2).await;
    fake.wait_until("Berta on the table message", |inner| {
        inner.messages[&table_msg]
            .content
            .contains("Berta")
            .then_some(())
    })
    .await;
    drop(second);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}
