//! End to end: the bot's own `run` (dispatcher, deliverer, deadline loop)
//! over HTTP against a fake Telegram Bot API server.

#[path = "e2e/cup.rs"]
mod cup;
#[path = "support/fair_hint.rs"]
mod fair_hint;
mod fake;
#[path = "e2e/family.rs"]
mod family;
#[path = "support/process.rs"]
mod process;
#[path = "e2e/redelivery.rs"]
mod redelivery;
#[path = "e2e/scale.rs"]
mod scale;
#[path = "e2e/words.rs"]
mod words;

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use fake::{Event, Fake, action, payloads};
use serde_json::Value;
use tarock_bot_telegram::{BotError, Config, run};
use tarock_storage::{Store, TableId};
use tarock_table::Lang;
use tarock_zwanzigerrufen::{Card, Record};
use tarock_zwanzigerrufen_face::render::card_label;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const GROUP: i64 = -100_123;
const ANNA: (i64, &str) = (101, "Anna");
const BERTA: (i64, &str) = (102, "Berta");
const CARL: (i64, &str) = (103, "Carl");
const DORA: (i64, &str) = (104, "Dora");

struct Running {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), BotError>>,
}

fn config(fake: &Fake, db: &Path, seed: u64) -> Config {
    let mut c = Config::new("123456:TEST");
    c.api_url = Some(fake.url.parse().unwrap());
    c.database = db.display().to_string();
    c.fixed_seed = Some(seed);
    c.poll_timeout = Duration::from_secs(1);
    c.delivery_interval = Duration::from_millis(50);
    // Every version of the table message is sent at once, unless a test
    // sets a longer interval.
    c.edit_interval = Duration::ZERO;
    c
}

async fn start(fake: &Fake, db: &Path, seed: u64) -> Running {
    let (stop, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(run(config(fake, db, seed), async {
        let _ = rx.await;
    }));
    Running { stop, task }
}

async fn stop(bot: Running) {
    let _ = bot.stop.send(());
    bot.task.await.unwrap().unwrap();
}

/// The message as it stands now.
fn current(fake: &Fake, chat: i64, id: i64) -> Value {
    fake.inner.lock().unwrap().messages[&(chat, id)].clone()
}

/// Opens a table with `/tarock` and returns the id of its public message.
async fn open_table(fake: &Fake) -> i64 {
    fake.say(GROUP, ANNA, "/tarock");
    let message = fake
        .wait_for("the table message", |f| {
            f.messages_in(GROUP)
                .into_iter()
                .find(|m| payloads(m).iter().any(|p| action(p) == "j"))
        })
        .await;
    message["message_id"].as_i64().unwrap()
}

/// Presses a button and waits for its answer; the answer's alert text.
async fn press(fake: &Fake, who: (i64, &str), message: &Value, payload: &str) -> Option<String> {
    let id = fake.press(who, message, payload);
    let answer = fake.answered(&id).await;
    answer["text"].as_str().map(str::to_owned)
}

/// The payload of a table-message button with this action prefix.
async fn table_button(fake: &Fake, table_msg: i64, prefix: &str) -> (Value, String) {
    let prefix = prefix.to_owned();
    fake.wait_for(&format!("a table button {prefix}"), |f| {
        let m = current(f, GROUP, table_msg);
        let p = payloads(&m)
            .into_iter()
            .find(|p| action(p).starts_with(&prefix))?;
        Some((m, p))
    })
    .await
}

/// Waits until the table message no longer carries `payload` (a new
/// version of the message is shown).
async fn button_changed(fake: &Fake, table_msg: i64, payload: &str) {
    fake.wait_for("the next version of the table message", |f| {
        (!payloads(&current(f, GROUP, table_msg)).contains(&payload.to_owned())).then_some(())
    })
    .await;
}

/// Anna's table with three computer players, started.
async fn solo_table(fake: &Fake) -> i64 {
    let table_msg = open_table(fake).await;
    for _ in 0..3 {
        let (m, p) = table_button(fake, table_msg, "c").await;
        assert_eq!(press(fake, ANNA, &m, &p).await, None, "adding a computer");
        button_changed(fake, table_msg, &p).await;
    }
    let (m, p) = table_button(fake, table_msg, "s").await;
    assert_eq!(press(fake, ANNA, &m, &p).await, None, "starting");
    dealt(fake, table_msg).await;
    table_msg
}

/// Waits until the table message shows the deal (no start button).
async fn dealt(fake: &Fake, table_msg: i64) {
    let over = deal_over(table_msg);
    fake.wait_for("the deal", |f| (!over(f)).then_some(()))
        .await;
}

fn is_move(payload: &str) -> bool {
    let a = action(payload);
    a.starts_with('p') || a.starts_with('w') || a.starts_with('a') || a.starts_with('x')
}

/// The move a player makes from a keyboard: a card, else a Kontra (or
/// Rekontra …) on the game, else Weiter, else the first announcement.
fn choose(payloads: &[String]) -> Option<String> {
    if let Some(p) = payloads.iter().find(|p| action(p) == "akg") {
        return Some(p.clone());
    }
    for prefix in ['p', 'w', 'a', 'x'] {
        if let Some(p) = payloads.iter().find(|p| action(p).starts_with(prefix)) {
            return Some(p.clone());
        }
    }
    None
}

/// A version of a private message: its id and its buttons (the message is
/// edited in place from step to step).
fn version(message: &Value) -> String {
    format!("{}@{}", message["message_id"], payloads(message).join(","))
}

/// Plays by pressing the newest private keyboard of each user until `done`
/// says so or `max_presses` were made; returns the presses made.
async fn play(
    fake: &Fake,
    users: &[(i64, &str)],
    pressed: &mut HashSet<(i64, String)>,
    max_presses: usize,
    done: impl Fn(&Fake) -> bool,
) -> Vec<String> {
    let mut made = Vec::new();
    let mut idle = 0;
    while made.len() < max_presses && !done(fake) {
        let mut progressed = false;
        for &user in users {
            let Some(latest) = fake.messages_in(user.0).into_iter().last() else {
                continue;
            };
            let buttons: Vec<String> = payloads(&latest)
                .into_iter()
                .filter(|p| is_move(p))
                .collect();
            let key = (user.0, version(&latest));
            if pressed.contains(&key) || buttons.is_empty() {
                continue;
            }
            // The keyboard may have arrived after `done` was asked: ask
            // again now that it is here, so a caller never sees a press
            // made past its end.
            if done(fake) {
                return made;
            }
            let choice = choose(&buttons).unwrap();
            pressed.insert(key);
            let alert = press(fake, user, &latest, &choice).await;
            assert_eq!(alert, None, "{} pressing {choice}", user.1);
            made.push(choice);
            progressed = true;
            break;
        }
        if !progressed {
            idle += 1;
            assert!(idle < 6000, "nobody can move");
            tokio::time::sleep(Duration::from_millis(10)).await;
        } else {
            idle = 0;
        }
    }
    made
}

/// Whether the table message offers the next deal (the deal is over).
fn deal_over(table_msg: i64) -> impl Fn(&Fake) -> bool {
    move |f: &Fake| {
        payloads(&current(f, GROUP, table_msg))
            .iter()
            .any(|p| action(p) == "s")
    }
}

/// The words of a text, without punctuation around them.
fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| c.is_whitespace() || ",;()[]·:!?\"„“".contains(c))
        .map(|w| w.trim_end_matches('.').to_owned())
        .filter(|w| !w.is_empty())
        .collect()
}

/// No card of `hands` (user id → dealt hand) shows in a group message before
/// its holder played it, over every request the fake received.
fn assert_no_hand_card_leaks(fake: &Fake, hands: &[(i64, Vec<Card>)]) {
    let log = fake.inner.lock().unwrap().log.clone();
    let mut played: HashSet<(i64, Card)> = HashSet::new();
    let mut checked = 0;
    for event in log {
        match event {
            Event::Update(u) => {
                let q = &u["callback_query"];
                if let (Some(from), Some(data)) = (q["from"]["id"].as_i64(), q["data"].as_str())
                    && let Some(card) = action(data).strip_prefix('p')
                {
                    played.insert((from, card.parse().unwrap()));
                }
            }
            Event::Request(method, body) => {
                if !matches!(method.as_str(), "sendMessage" | "editMessageText")
                    || body["chat_id"].as_i64() != Some(GROUP)
                {
                    continue;
                }
                checked += 1;
                // The called tarock is public ("… ruft den XX."), whoever holds it.
                let mut text = body["text"].as_str().unwrap_or_default().to_owned();
                for card in Card::all() {
                    for lang in Lang::ALL {
                        text = text.replace(&called_phrase(lang, card), "");
                    }
                }
                let seen = words(&text);
                for (user, hand) in hands {
                    for card in hand {
                        if played.contains(&(*user, *card)) {
                            continue;
                        }
                        for lang in Lang::ALL {
                            assert!(
                                !seen.contains(&card_label(*card, lang)),
                                "{card} of {user} shown before it was played: {}",
                                body["text"]
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10, "only {checked} group messages");
}

/// The part of the Rufer announcement that names the called card.
fn called_phrase(lang: Lang, card: Card) -> String {
    let full = tarock_table::text::text(
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

/// The dealt hand of the seat that holds `card` in the table's first deal.
async fn hand_holding(store: &Store, table: TableId, card: Card) -> Vec<Card> {
    let deal = store.deals_of(table).await.unwrap().remove(0);
    deal.hands
        .iter()
        .map(|h| {
            h.split_whitespace()
                .map(|c| c.parse::<Card>().unwrap())
                .collect::<Vec<_>>()
        })
        .find(|h| h.contains(&card))
        .unwrap()
}

fn played_cards(presses: &[String]) -> Vec<Card> {
    presses
        .iter()
        .filter_map(|p| action(p).strip_prefix('p').map(|c| c.parse().unwrap()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_deal_with_three_computers_ends_in_the_settlement() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11).await;
    let table_msg = solo_table(&fake).await;
    let mut pressed = HashSet::new();
    let presses = play(&fake, &[ANNA], &mut pressed, 200, deal_over(table_msg)).await;
    // Ten cards are played by Anna, and only legal ones (no alert above).
    assert_eq!(played_cards(&presses).len(), 10, "{presses:?}");
    let title = tarock_table::text::text(
        Lang::De,
        "settlement-title",
        vec![("table", 1i64.into()), ("deal", 1i64.into())],
    );
    fake.wait_for("the settlement", |f| {
        f.requests("sendMessage").into_iter().find(|b| {
            b["chat_id"] == GROUP && b["text"].as_str().unwrap_or_default().contains(&title)
        })
    })
    .await;
    stop(bot).await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    // The table message was sent once and edited after that.
    let sent_with_join = fake
        .requests("sendMessage")
        .into_iter()
        .filter(|b| b["chat_id"] == GROUP && b["reply_markup"].is_object())
        .count();
    assert_eq!(sent_with_join, 1);
    assert!(!fake.requests("editMessageText").is_empty());

    let store = Store::open(&db.display().to_string()).await.unwrap();
    let balances = store.table_balances(TableId(1)).await.unwrap();
    // Anna and three computers, one balance per computer seat.
    assert_eq!(balances.len(), 4, "{balances:?}");
    assert_eq!(balances.iter().map(|b| b.units).sum::<i64>(), 0);
    assert!(balances.iter().all(|b| b.deals >= 1), "{balances:?}");
    assert!(balances.iter().any(|b| b.units != 0));
    let anna_hand = hand_holding(&store, TableId(1), played_cards(&presses)[0]).await;
    store.close().await;
    assert_no_hand_card_leaks(&fake, &[(ANNA.0, anna_hand)]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_people_join_by_button_and_bid_by_button() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 5).await;
    let table_msg = open_table(&fake).await;
    for who in [BERTA, CARL, DORA] {
        let (m, p) = table_button(&fake, table_msg, "j").await;
        assert_eq!(press(&fake, who, &m, &p).await, None, "{} joining", who.1);
    }
    let (m, p) = table_button(&fake, table_msg, "s").await;
    let before_deal = fake.requests("sendMessage").len();
    assert_eq!(press(&fake, ANNA, &m, &p).await, None, "starting");
    dealt(&fake, table_msg).await;
    let users = [ANNA, BERTA, CARL, DORA];
    let mut pressed = HashSet::new();
    // Bidding by buttons until somebody may play a card.
    let bids = play(&fake, &users, &mut pressed, 100, |f| {
        users.iter().any(|u| {
            f.messages_in(u.0)
                .last()
                .is_some_and(|m| payloads(m).iter().any(|p| action(p).starts_with('p')))
        })
    })
    .await;
    assert!(bids.len() >= 4, "{bids:?}");
    assert!(bids.iter().all(|b| !action(b).starts_with('p')));
    // The opening game and at least one Kontra on it, by button.
    assert!(bids.iter().any(|b| action(b) == "ar"), "{bids:?}");
    assert!(bids.iter().any(|b| action(b) == "akg"), "{bids:?}");
    // And the whole deal.
    let presses = play(&fake, &users, &mut pressed, 200, deal_over(table_msg)).await;
    assert_eq!(played_cards(&presses).len(), 40, "{presses:?}");
    stop(bot).await;
    // Messages per deal: new private messages per player, new group
    // messages besides the table message and the settlement.
    let sends = fake.requests("sendMessage").split_off(before_deal);
    // Hands exist only during the deal: every photo counts.
    let photos = fake.requests("sendPhoto");
    let private: Vec<usize> = users
        .iter()
        .map(|u| {
            sends.iter().filter(|b| b["chat_id"] == u.0).count()
                + photos.iter().filter(|b| b["chat_id"] == u.0).count()
        })
        .collect();
    let group_extra = sends
        .iter()
        .filter(|b| b["chat_id"] == GROUP)
        .filter(|b| {
            let t = b["text"].as_str().unwrap_or_default();
            !t.starts_with("💰") && !t.starts_with("🃏")
        })
        .count();
    let stale: usize = users
        .iter()
        .map(|u| {
            fake.messages_in(u.0)
                .iter()
                .filter(|m| !payloads(m).is_empty())
                .count()
        })
        .sum();
    eprintln!(
        "COUNTS telegram private per player {private:?}, group extra {group_extra}, keyboards left {stale}"
    );
    // The targets: at most 12 new private messages per player and deal,
    // none left with buttons after the deal, at most 3 new group messages
    // besides the table message and the settlement.
    assert!(private.iter().all(|n| *n <= 12), "{private:?}");
    assert_eq!(stale, 0, "private keyboards left after the deal");
    assert!(group_extra <= 3, "{group_extra}");
    // One private message per player and table stands.
    for u in users {
        assert_eq!(fake.messages_in(u.0).len(), 1, "{}", u.1);
    }
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    // Every player got a private keyboard, under the photo of their hand.
    for u in users {
        assert!(
            fake.requests("sendPhoto")
                .iter()
                .any(|b| b["chat_id"] == u.0 && b["reply_markup"].is_object()),
            "{}",
            u.1
        );
    }
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    // The Kontra is in the record, and the settlement shows the game's line
    // with its Kontra (or a later step) named.
    let record = Record::from_json(&store.record_text(deal.id).await.unwrap()).unwrap();
    assert!(
        record.actions.iter().any(|a| a.ends_with(" kontra-spiel")),
        "{record:?}"
    );
    let settlement = fake
        .requests("sendMessage")
        .into_iter()
        .find(|b| b["chat_id"] == GROUP && b["text"].as_str().unwrap_or_default().starts_with("💰"))
        .expect("the settlement message");
    let text = settlement["text"].as_str().unwrap();
    assert!(
        text.lines()
            .any(|l| l.starts_with("Rufer ") && l.contains("ontra ×")),
        "{text}"
    );
    let mut hands = Vec::new();
    // Each user's hand: the dealt hand holding the first card they played.
    let log = fake.inner.lock().unwrap().log.clone();
    for u in users {
        let card: Card = log
            .iter()
            .find_map(|e| match e {
                Event::Update(up) if up["callback_query"]["from"]["id"] == u.0 => {
                    up["callback_query"]["data"]
                        .as_str()
                        .and_then(|d| action(d).strip_prefix('p'))
                        .map(|c| c.parse().unwrap())
                }
                _ => None,
            })
            .unwrap();
        let hand = deal
            .hands
            .iter()
            .map(|h| {
                h.split_whitespace()
                    .map(|c| c.parse::<Card>().unwrap())
                    .collect::<Vec<_>>()
            })
            .find(|h| h.contains(&card))
            .unwrap();
        hands.push((u.0, hand));
    }
    store.close().await;
    assert_no_hand_card_leaks(&fake, &hands);
}

/// Opens a table where `player` joins by button beside Anna and two
/// computers, starts it, and waits for the group's deep-link notice naming
/// `player` (whose private chat is closed to the bot). Returns the table
/// message and the link.
async fn seat_and_start_with(fake: &Fake, player: (i64, &str)) -> (i64, String) {
    let table_msg = open_table(fake).await;
    let (m, p) = table_button(fake, table_msg, "j").await;
    assert_eq!(press(fake, player, &m, &p).await, None);
    // Wait for the table message that shows the new player: a "+ Computer"
    // button of the version before names the seat the player just took, and
    // the version between might name the seat the first computer then took
    // (a second press of that is refused as a double click).
    fake.wait_for("the table showing the new player", |f| {
        let text = current(f, GROUP, table_msg)["text"].as_str()?.to_owned();
        text.contains(player.1).then_some(())
    })
    .await;
    for _ in 0..2 {
        let (m, p) = table_button(fake, table_msg, "c").await;
        assert_eq!(press(fake, ANNA, &m, &p).await, None);
        button_changed(fake, table_msg, &p).await;
    }
    let (m, p) = table_button(fake, table_msg, "s").await;
    assert_eq!(press(fake, ANNA, &m, &p).await, None);
    let link = format!("https://t.me/{}?start=t1", fake::BOT_NAME);
    let notice = fake
        .wait_for("the deep link in the group", |f| {
            f.requests("sendMessage").into_iter().find(|b| {
                b["chat_id"] == GROUP && b["text"].as_str().unwrap_or_default().contains(&link)
            })
        })
        .await;
    assert!(notice["text"].as_str().unwrap().contains(player.1));
    (table_msg, link)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_started_the_bot_gets_a_deep_link() {
    let fake = Fake::start().await;
    fake.inner.lock().unwrap().forbidden.insert(BERTA.0);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let (table_msg, link) = seat_and_start_with(&fake, BERTA).await;
    // The private keyboard never reached her. "My cards" on the table
    // message opens inline mode; it is not her turn (Anna opens the
    // bidding), so the answer is empty with a button to the private chat.
    let table_now = current(&fake, GROUP, table_msg);
    let cards_button = table_now["reply_markup"]["inline_keyboard"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap().clone())
        .find(|b| b["switch_inline_query_current_chat"].is_string())
        .expect("a my-cards button that opens inline mode");
    assert_eq!(cards_button["text"], "Meine Karten");
    let query = fake.inline_query(BERTA);
    let answer = fake.inline_answer(&query).await;
    assert_eq!(answer["results"].as_array().map(Vec::len), Some(0));
    assert_eq!(answer["button"]["start_parameter"], "t1");
    assert!(link.ends_with("start=t1"));
    // She opens the private chat through the link: her hand arrives there.
    fake.inner.lock().unwrap().forbidden.remove(&BERTA.0);
    fake.say(BERTA.0, BERTA, "/start t1");
    fake.wait_for("Berta's hand", |f| {
        f.messages_in(BERTA.0).into_iter().next()
    })
    .await;
    stop(bot).await;
    let links = fake
        .requests("sendMessage")
        .into_iter()
        .filter(|b| b["chat_id"] == GROUP && b["text"].as_str().unwrap_or_default().contains(&link))
        .count();
    assert_eq!(links, 1, "the group is told once");
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_buttons_get_an_alert_and_change_nothing() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11).await;
    let table_msg = solo_table(&fake).await;
    let mut pressed = HashSet::new();
    let first = play(&fake, &[ANNA], &mut pressed, 1, |_| false).await;
    let used = first[0].clone();
    // Anna's newest keyboard, untouched.
    let latest = fake
        .wait_for("Anna's next keyboard", |f| {
            let m = f.messages_in(ANNA.0).into_iter().last()?;
            (!pressed.contains(&(ANNA.0, version(&m))) && payloads(&m).iter().any(|p| is_move(p)))
                .then_some(m)
        })
        .await;
    let live = choose(&payloads(&latest)).unwrap();
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    let before = store
        .load_deal(deal.id)
        .await
        .unwrap()
        .unwrap()
        .events
        .len();
    let other_table = live.replacen("t1:", "t77:", 1);
    let forgeries = [
        (ANNA, other_table.as_str()),
        (BERTA, live.as_str()),
        (ANNA, used.as_str()),
        (ANNA, "garbage"),
        (ANNA, "t1:9.9:pT99"),
    ];
    for (who, data) in forgeries {
        let alert = press(&fake, who, &latest, data).await;
        assert!(alert.is_some_and(|a| !a.is_empty()), "{data} by {}", who.1);
        let answer = fake
            .requests("answerCallbackQuery")
            .into_iter()
            .last()
            .unwrap();
        assert_eq!(answer["show_alert"], true);
    }
    let after = store
        .load_deal(deal.id)
        .await
        .unwrap()
        .unwrap()
        .events
        .len();
    assert_eq!(before, after);
    // The real button still works.
    assert_eq!(press(&fake, ANNA, &latest, &live).await, None);
    stop(bot).await;
    let moved = store
        .load_deal(deal.id)
        .await
        .unwrap()
        .unwrap()
        .events
        .len();
    assert!(moved > after);
    store.close().await;
    let _ = table_msg;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_bot_on_the_same_database_continues_the_deal() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11).await;
    let table_msg = solo_table(&fake).await;
    let mut pressed = HashSet::new();
    let early = play(&fake, &[ANNA], &mut pressed, 4, deal_over(table_msg)).await;
    assert_eq!(early.len(), 4);
    // Wait until Anna has her next keyboard, then stop the bot.
    fake.wait_for("Anna's next keyboard", |f| {
        let m = f.messages_in(ANNA.0).into_iter().last()?;
        (!pressed.contains(&(ANNA.0, version(&m)))).then_some(())
    })
    .await;
    stop(bot).await;
    let private_before: Vec<i64> = fake
        .messages_in(ANNA.0)
        .iter()
        .filter_map(|m| m["message_id"].as_i64())
        .collect();
    assert_eq!(private_before.len(), 1, "one private message per table");
    // A new process: the old keyboard (sent by the first) still works, and
    // the new process knows (from the database) which message is Anna's:
    // it edits that one instead of posting another.
    let bot = start(&fake, &db, 12).await;
    let rest = play(&fake, &[ANNA], &mut pressed, 200, deal_over(table_msg)).await;
    assert_eq!(played_cards(&early).len() + played_cards(&rest).len(), 10);
    stop(bot).await;
    let private_after: Vec<Value> = fake.messages_in(ANNA.0);
    assert_eq!(private_after.len(), 1, "{private_after:?}");
    // Until the deal ended, the new process edited the photo the old one
    // had posted (its id came from the database); only the copy of the
    // settlement, which has no picture, replaced it as a text message.
    let restarted = fake
        .inner
        .lock()
        .unwrap()
        .log
        .iter()
        .rposition(|e| matches!(e, Event::Request(m, _) if m == "getMe"))
        .unwrap();
    let log = fake.inner.lock().unwrap().log[restarted..].to_vec();
    let photo_edits = log
        .iter()
        .filter(|e| {
            matches!(e, Event::Request(m, b)
                if (m == "editMessageMedia" || m == "editMessageCaption")
                    && b["message_id"].as_i64() == Some(private_before[0]))
        })
        .count();
    assert!(photo_edits >= 5, "{photo_edits} edits of the old photo");
    let photos_after = log
        .iter()
        .filter(|e| matches!(e, Event::Request(m, b) if m == "sendPhoto" && b["chat_id"] == ANNA.0))
        .count();
    assert_eq!(photos_after, 0, "a new photo after the restart");
    assert!(payloads(&private_after[0]).is_empty(), "no keyboard left");
    // Nothing was sent twice: every private view is new, and the table
    // message was posted once and edited since.
    let sends = fake.requests("sendMessage");
    let mut seen = HashSet::new();
    for b in sends.iter().filter(|b| b["chat_id"] == ANNA.0) {
        assert!(
            seen.insert((b["text"].to_string(), b["reply_markup"].to_string())),
            "twice: {b}"
        );
    }
    let table_posts = sends
        .iter()
        .filter(|b| b["chat_id"] == GROUP && b["reply_markup"].is_object())
        .count();
    assert_eq!(table_posts, 1);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_honoured_and_the_message_sent_later() {
    let fake = Fake::start().await;
    fake.inner.lock().unwrap().rate_limit_once.insert(GROUP);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 1).await;
    let table_msg = open_table(&fake).await;
    stop(bot).await;
    let posts: Vec<Value> = fake
        .requests("sendMessage")
        .into_iter()
        .filter(|b| b["chat_id"] == GROUP)
        .collect();
    // Refused once, then sent: two attempts of the same message.
    assert_eq!(posts.len(), 2, "{posts:?}");
    assert_eq!(posts[0], posts[1]);
    assert!(fake.inner.lock().unwrap().rate_limit_once.is_empty());
    assert!(table_msg > 0);
}

/// Versions of the table message that come faster than the edit interval
/// are merged: three quick changes give one edit, showing the newest state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_changes_are_merged_into_one_edit() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut c = config(&fake, &db, 1);
    // Long enough that the three presses below fall inside one interval.
    c.edit_interval = Duration::from_secs(5);
    let (stop_tx, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(run(c, async {
        let _ = rx.await;
    }));
    let table_msg = open_table(&fake).await;
    let message = current(&fake, GROUP, table_msg);
    let add = payloads(&message)
        .into_iter()
        .find(|p| action(p).starts_with('c'))
        .unwrap();
    // Three presses, each of the button as it would be after the one
    // before (the button names the seat it fills: seats 2, 3 and 4).
    let base = add.rsplit_once('.').unwrap().0.to_owned();
    for seat in 1..=3 {
        let payload = format!("{base}.{seat}");
        assert_eq!(press(&fake, ANNA, &message, &payload).await, None);
    }
    let edit = fake
        .wait_for("the merged edit", |f| {
            f.requests("editMessageText").first().cloned()
        })
        .await;
    let text = edit["text"].as_str().unwrap();
    assert!(text.contains("4. Computer 4"), "the newest state: {text}");
    // Nothing else was edited in between, and the table was posted once.
    assert_eq!(fake.requests("editMessageText").len(), 1);
    let posts = fake
        .requests("sendMessage")
        .into_iter()
        .filter(|b| b["chat_id"] == GROUP)
        .count();
    assert_eq!(posts, 1);
    let _ = stop_tx.send(());
    task.await.unwrap().unwrap();
}

/// A player who blocked the bot gets the same help as one who never
/// started it: a deep link in the group, once, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_blocked_the_bot_gets_a_deep_link() {
    let fake = Fake::start().await;
    fake.inner.lock().unwrap().blocked.insert(CARL.0);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 4).await;
    seat_and_start_with(&fake, CARL).await;
    // Anna, who did start the bot, has her hand in her private chat.
    fake.wait_for("Anna's hand", |f| f.messages_in(ANNA.0).into_iter().next())
        .await;
    stop(bot).await;
    // Nothing ever reached Carl's private chat.
    assert!(fake.messages_in(CARL.0).is_empty());
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

/// Inline mode: the player to act types the bot's name (or presses "my
/// cards"); the results are their legal moves, for them alone; choosing one
/// plays it. Choosing a result that is out of date is refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inline_mode_lists_the_moves_and_plays_the_chosen_one() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 1).await;
    let _table_msg = solo_table(&fake).await;
    // Anna's newest private keyboard: her legal moves now.
    let keyboard = fake
        .wait_for("Anna's keyboard", |f| {
            f.messages_in(ANNA.0)
                .into_iter()
                .rev()
                .find(|m| payloads(m).iter().any(|p| is_move(p)))
        })
        .await;
    let moves: Vec<String> = payloads(&keyboard)
        .into_iter()
        .filter(|p| is_move(p) && !action(p).starts_with('x'))
        .collect();
    let query = fake.inline_query(ANNA);
    let answer = fake.inline_answer(&query).await;
    assert_eq!(answer["is_personal"], true);
    let ids: Vec<String> = answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(ids, moves, "the results are exactly her moves");
    // A computer asks nothing; a stranger gets no moves.
    let stranger = fake.inline_query((999, "Zora"));
    let none = fake.inline_answer(&stranger).await;
    assert_eq!(none["results"].as_array().map(Vec::len), Some(0));

    let store = Store::open(&db.display().to_string()).await.unwrap();
    let before = store.deals_of(TableId(1)).await.unwrap().remove(0);
    let events_before = store
        .load_deal(before.id)
        .await
        .unwrap()
        .unwrap()
        .events
        .len();
    fake.choose_inline(ANNA, &ids[0]);
    let played = fake
        .wait_for("the chosen move", |_| {
            let store = store.clone();
            let id = before.id;
            let n = std::thread::spawn(move || {
                tokio::runtime::Runtime::new()
                    .unwrap()
                    .block_on(async { store.load_deal(id).await.unwrap().unwrap().events })
            })
            .join()
            .unwrap();
            (n.len() > events_before).then_some(n)
        })
        .await;
    assert_eq!(played[events_before].seat.index(), 0, "Anna's move");
    // The same result again is out of date: a private notice, nothing played.
    let private_before = fake.messages_in(ANNA.0).len();
    fake.choose_inline(ANNA, &ids[0]);
    // (Her next private view may arrive too; the refusal is among them.)
    let notice = fake
        .wait_for("the refusal", |f| {
            f.messages_in(ANNA.0)
                .into_iter()
                .skip(private_before)
                .find(|m| {
                    m["text"]
                        .as_str()
                        .is_some_and(|t| t.starts_with("Schon gespielt"))
                })
        })
        .await;
    assert!(payloads(&notice).is_empty(), "a refusal has no buttons");
    // Nothing more was played for Anna than her one move (a card, or a
    // bidding turn: its announcements, then its end `w`).
    let events = store.load_deal(before.id).await.unwrap().unwrap().events;
    let moves = |events: &[tarock_storage::Event]| {
        events
            .iter()
            .filter(|e| e.seat.index() == 0)
            .filter(|e| e.action == "w" || e.action.starts_with('p'))
            .count()
    };
    assert_eq!(moves(&events), moves(&played[..events_before]) + 1);
    stop(bot).await;
    store.close().await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

/// Telegram confirms an update with the next `getUpdates` offset. The bot
/// may move the offset past a button press only after it handled it (here:
/// answered the callback), so a crash in between loses nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_update_is_confirmed_only_after_it_was_handled() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let table_msg = open_table(&fake).await;
    let mut presses = Vec::new();
    for who in [BERTA, CARL] {
        let (m, p) = table_button(&fake, table_msg, "j").await;
        let id = fake.press(who, &m, &p);
        fake.answered(&id).await;
        presses.push(id);
    }
    stop(bot).await;
    let log = fake.inner.lock().unwrap().log.clone();
    for callback in presses {
        let update_id = log
            .iter()
            .find_map(|e| match e {
                Event::Update(u) if u["callback_query"]["id"] == callback.as_str() => {
                    u["update_id"].as_i64()
                }
                _ => None,
            })
            .unwrap();
        let position = |f: &dyn Fn(&Event) -> bool| log.iter().position(f);
        let answered = position(&|e| {
            matches!(e, Event::Request(m, b) if m == "answerCallbackQuery" && b["callback_query_id"] == callback.as_str())
        })
        .unwrap();
        let confirmed = position(&|e| {
            matches!(e, Event::Request(m, b) if m == "getUpdates" && b["offset"].as_i64().unwrap_or(0) > update_id)
        })
        .expect("confirmed at last");
        assert!(
            answered < confirmed,
            "update {update_id} was confirmed (request {confirmed}) before it was answered (request {answered})"
        );
    }
}

/// The bot dies after receiving a press and before handling it: a new
/// process reads the press again and handles it, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_received_by_a_bot_that_died_is_handled_by_the_next_once() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let table_msg = open_table(&fake).await;
    stop(bot).await;
    // A bot that halts right after its first batch of updates.
    let mut c = config(&fake, &db, 3);
    c.halt_after_receipt = true;
    let (halt, rx) = oneshot::channel::<()>();
    let halting = tokio::spawn(run(c, async {
        let _ = rx.await;
    }));
    let (m, p) = table_button(&fake, table_msg, "j").await;
    let callback = fake.press(BERTA, &m, &p);
    fake.wait_for("the press to be received", |f| {
        (!f.inner.lock().unwrap().delivered.is_empty()).then_some(())
    })
    .await;
    let _ = halt.send(());
    halting.await.unwrap().unwrap();
    assert!(
        fake.answer(&callback).is_none(),
        "the dead bot answered nothing"
    );
    // The next process gets the same press and handles it.
    let bot = start(&fake, &db, 3).await;
    fake.answered(&callback).await;
    fake.wait_for("Berta seated", |f| {
        current(f, GROUP, table_msg)["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Berta")
            .then_some(())
    })
    .await;
    stop(bot).await;
    let joined = fake
        .requests("sendMessage")
        .into_iter()
        .filter(|b| {
            b["chat_id"] == GROUP
                && b["text"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("Berta spielt mit")
        })
        .count();
    assert_eq!(joined, 1, "handled once");
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let seats = store.load_table(TableId(1)).await.unwrap().unwrap().seats;
    assert_eq!(seats.len(), 2);
    store.close().await;
}

/// A button of a table pressed on a message in another group (or in the
/// wrong private chat) is refused there and changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_pressed_in_another_chat_is_refused() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let table_msg = open_table(&fake).await;
    let (_, join) = table_button(&fake, table_msg, "j").await;
    const OTHER: i64 = -100_777;
    // A message of the bot's in another group, carrying the payload.
    let elsewhere = serde_json::json!({
        "message_id": 5,
        "date": 1_700_000_000,
        "chat": fake::chat(OTHER),
        "text": "t1",
    });
    let in_private = serde_json::json!({
        "message_id": 6,
        "date": 1_700_000_000,
        "chat": fake::chat(BERTA.0),
        "text": "t1",
    });
    for message in [&elsewhere, &in_private] {
        let alert = press(&fake, BERTA, message, &join).await;
        assert_eq!(
            alert.as_deref(),
            Some(
                "Dieser Knopf gehört zu einem Tisch in einem anderen Chat (oder zur Ansicht eines anderen Spielers). Hier bewirkt er nichts."
            )
        );
    }
    stop(bot).await;
    assert!(
        fake.requests("sendMessage")
            .iter()
            .all(|b| !b["text"].as_str().unwrap_or_default().contains("Berta")),
        "nobody was told that Berta joined"
    );
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

/// `/tarock` while a table is open: the table is posted again at the
/// bottom, the sender learns how to open another one, and no second table
/// is opened; `/tarock neu` opens one on purpose.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tarock_again_shows_the_open_table_again() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let first = open_table(&fake).await;
    fake.say(GROUP, BERTA, "/tarock");
    let again = fake
        .wait_for("the table posted again", |f| {
            f.messages_in(GROUP).into_iter().find(|m| {
                m["message_id"].as_i64() > Some(first)
                    && payloads(m).iter().any(|p| p.starts_with("t1:"))
            })
        })
        .await;
    assert!(again["text"].as_str().unwrap().contains("Tisch 1"));
    let hint = fake
        .wait_for("the hint to Berta", |f| {
            f.requests("sendMessage")
                .into_iter()
                .find(|b| b["chat_id"] == BERTA.0)
        })
        .await;
    assert!(
        hint["text"].as_str().unwrap().contains("/tarock neu"),
        "{hint}"
    );
    fake.say(GROUP, BERTA, "/tarock neu");
    fake.wait_for("a second table", |f| {
        f.messages_in(GROUP)
            .into_iter()
            .find(|m| payloads(m).iter().any(|p| p.starts_with("t2:")))
    })
    .await;
    stop(bot).await;
}

/// `/start` in the private chat without a deep link: a short help, with the
/// person's open tables and links to them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_in_the_private_chat_answers_with_help_and_the_open_tables() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    // Nobody's table yet.
    fake.say(BERTA.0, BERTA, "/start");
    let first = fake
        .wait_for("the help", |f| f.messages_in(BERTA.0).into_iter().next())
        .await;
    let text = first["text"].as_str().unwrap();
    assert!(text.contains("/tarock"), "{text}");
    // The bot presents every game of the family, not Zwanzigerrufen alone.
    assert!(
        text.starts_with(
            "Ich bin der Tarock-Bot: ich leite Tische für Zwanzigerrufen, Königrufen und 20 ab \
             in Gruppen"
        ),
        "{text}"
    );
    assert!(text.contains("an keinem offenen Tisch"), "{text}");
    let table_msg = open_table(&fake).await;
    let (m, p) = table_button(&fake, table_msg, "j").await;
    assert_eq!(press(&fake, BERTA, &m, &p).await, None);
    fake.say(BERTA.0, BERTA, "/start");
    let second = fake
        .wait_for("the help with a table", |f| {
            f.messages_in(BERTA.0)
                .into_iter()
                .find(|m| m["text"].as_str().unwrap_or_default().contains("Tisch 1:"))
        })
        .await;
    // The group -100123 is a supergroup: its internal id is 123.
    assert!(
        second["text"]
            .as_str()
            .unwrap()
            .contains(&format!("https://t.me/c/123/{table_msg}")),
        "{second}"
    );
    stop(bot).await;
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
    tx.mark_update(Platform::Telegram, "long-ago", 1000)
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
            .is_processed(Platform::Telegram, "long-ago")
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
    let bot = start(&fake, &db, 5).await;
    wait_until_pruned(&db).await;
    stop(bot).await;
}

/// What a message says: its text, or a photo's caption.
fn said(message: &Value) -> String {
    message["text"]
        .as_str()
        .or_else(|| message["caption"].as_str())
        .unwrap_or_default()
        .to_owned()
}

/// Requests of `methods` to a chat, in order.
fn requests_to(fake: &Fake, methods: &[&str], chat: i64) -> Vec<(String, Value)> {
    fake.inner
        .lock()
        .unwrap()
        .log
        .iter()
        .filter_map(|e| match e {
            Event::Request(m, b) if methods.contains(&m.as_str()) && b["chat_id"] == chat => {
                Some((m.clone(), b.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The private hand is a photo of the cards with the moves as its inline
/// keyboard and the turn's text as its caption; it is edited in place
/// (`editMessageMedia` for a new picture, `editMessageCaption` when only
/// the text changed), not posted again; every upload is a PNG within the
/// Bot API's photo limits, which the fake enforces.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hand_arrives_as_a_photo_with_its_keyboard_and_is_edited_in_place() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11).await;
    let table_msg = solo_table(&fake).await;
    let hand = fake
        .wait_for("Anna's hand as a photo", |f| {
            f.messages_in(ANNA.0)
                .into_iter()
                .find(|m| m["photo"].is_array())
        })
        .await;
    // The caption lists the cards the picture shows (the hand line).
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let dealt = store.deals_of(TableId(1)).await.unwrap().remove(0).hands;
    let seat = store
        .load_table(TableId(1))
        .await
        .unwrap()
        .unwrap()
        .seats
        .iter()
        .find(|s| s.player.is_some())
        .unwrap()
        .seat;
    let mine: Vec<Card> = dealt[seat.index()]
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    let caption = said(&hand);
    for card in &mine {
        assert!(
            words(&caption).contains(&card_label(*card, Lang::De)),
            "{card} not in {caption}"
        );
    }
    let mut pressed = HashSet::new();
    let made = play(&fake, &[ANNA], &mut pressed, 200, deal_over(table_msg)).await;
    assert_eq!(played_cards(&made).len(), 10);
    stop(bot).await;
    store.close().await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());

    let private = requests_to(
        &fake,
        &[
            "sendPhoto",
            "sendMessage",
            "editMessageMedia",
            "editMessageCaption",
            "editMessageText",
            "deleteMessage",
        ],
        ANNA.0,
    );
    let count = |method: &str| private.iter().filter(|(m, _)| m == method).count();
    let photos: Vec<&Value> = private
        .iter()
        .filter(|(m, _)| m == "sendPhoto")
        .map(|(_, b)| b)
        .collect();
    // One photo per deal (a hand asked for would add one): every later
    // version was an edit of it, with a keyboard whenever Anna could move.
    assert_eq!(photos.len(), 1, "{private:?}");
    assert!(photos[0]["reply_markup"]["inline_keyboard"].is_array());
    let photo_id = hand["message_id"].as_i64().unwrap();
    let edits: Vec<&Value> = private
        .iter()
        .filter(|(m, _)| m == "editMessageMedia" || m == "editMessageCaption")
        .map(|(_, b)| b)
        .collect();
    assert!(edits.len() >= 9, "{} edits", edits.len());
    assert!(edits.iter().all(|b| b["message_id"] == photo_id));
    // Anna's view changes when it is her turn again, after her card left
    // the hand: each version uploads the new hand.
    assert!(count("editMessageMedia") >= 9, "{private:?}");
    let with_keyboard = edits
        .iter()
        .filter(|b| b["reply_markup"]["inline_keyboard"].is_array())
        .count();
    assert!(with_keyboard >= 9, "{with_keyboard}");
    // Every upload is a PNG the Bot API takes as a photo.
    let uploads = fake.inner.lock().unwrap().uploads.clone();
    assert_eq!(uploads.len(), 1 + count("editMessageMedia"));
    for (_, upload) in &uploads {
        let (w, h) = fake::media_png_size(&upload.bytes).expect("a PNG");
        assert!(w + h <= 10_000 && w.max(h) <= 20 * w.min(h), "{w}×{h}");
        assert!(upload.bytes.len() <= 10 * 1024 * 1024);
    }
    // At the end the copy of the settlement replaces the photo (a text:
    // it has no picture), so Anna keeps one message of the table.
    let now = fake.messages_in(ANNA.0);
    assert_eq!(now.len(), 1, "{now:?}");
    assert!(said(&now[0]).contains("Anna"), "{}", said(&now[0]));
    // Figures for the closing note: messages and edits of one deal.
    let group = requests_to(&fake, &["sendMessage", "editMessageText"], GROUP);
    eprintln!(
        "telegram, pictures, one deal: private sendPhoto {} sendMessage {} editMessageMedia {} \
         editMessageCaption {} editMessageText {} deleteMessage {}; group {} requests",
        count("sendPhoto"),
        count("sendMessage"),
        count("editMessageMedia"),
        count("editMessageCaption"),
        count("editMessageText"),
        count("deleteMessage"),
        group.len()
    );
}

/// `/bilder aus` in the private chat: from then on the hand comes as text
/// with its keyboard, and no photo is sent or edited; `/bilder an` brings
/// them back for the next version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_only_mode_sends_no_pictures() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11).await;
    fake.say(ANNA.0, ANNA, "/bilder aus");
    let answer = fake
        .wait_for("the answer to /bilder aus", |f| {
            f.messages_in(ANNA.0)
                .into_iter()
                .find(|m| said(m).contains("/bilder an"))
        })
        .await;
    assert!(said(&answer).contains("nur als Text"), "{}", said(&answer));
    let table_msg = solo_table(&fake).await;
    let mut pressed = HashSet::new();
    let made = play(&fake, &[ANNA], &mut pressed, 200, deal_over(table_msg)).await;
    assert_eq!(played_cards(&made).len(), 10);
    stop(bot).await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let pictures = requests_to(
        &fake,
        &["sendPhoto", "editMessageMedia", "editMessageCaption"],
        ANNA.0,
    );
    assert!(pictures.is_empty(), "{pictures:?}");
    assert!(fake.inner.lock().unwrap().uploads.is_empty());
    let private = requests_to(&fake, &["sendMessage", "editMessageText"], ANNA.0);
    let keyboards = private
        .iter()
        .filter(|(_, b)| b["reply_markup"]["inline_keyboard"].is_array())
        .count();
    assert!(keyboards >= 10, "{keyboards}");
    eprintln!(
        "telegram, text only, one deal: private sendMessage {} editMessageText {}",
        private.iter().filter(|(m, _)| m == "sendMessage").count(),
        private
            .iter()
            .filter(|(m, _)| m == "editMessageText")
            .count()
    );
}

/// A table set to text only in its group (`/bilder aus` there) sends its
/// players' hands as text, whatever their own setting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_only_table_sends_no_pictures_to_anyone() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 11).await;
    let table_msg = open_table(&fake).await;
    fake.say(GROUP, ANNA, "/bilder aus");
    fake.wait_for("the table's answer", |f| {
        f.messages_in(GROUP)
            .into_iter()
            .find(|m| said(m).contains("Tisch 1 zeigt ab jetzt nur Text"))
    })
    .await;
    for _ in 0..3 {
        let (m, p) = table_button(&fake, table_msg, "c").await;
        assert_eq!(press(&fake, ANNA, &m, &p).await, None);
        button_changed(&fake, table_msg, &p).await;
    }
    let (m, p) = table_button(&fake, table_msg, "s").await;
    assert_eq!(press(&fake, ANNA, &m, &p).await, None);
    dealt(&fake, table_msg).await;
    let mut pressed = HashSet::new();
    play(&fake, &[ANNA], &mut pressed, 3, deal_over(table_msg)).await;
    stop(bot).await;
    assert!(
        requests_to(&fake, &["sendPhoto", "editMessageMedia"], ANNA.0).is_empty(),
        "a photo at a text-only table"
    );
    assert!(!requests_to(&fake, &["sendMessage"], ANNA.0).is_empty());
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

/// The fake refuses photos as the Bot API does: a caption over 1 024
/// characters, a file that is no image, a picture whose sides are too far
/// apart; and takes a proper one (so the limits checked above are real).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_photos_beyond_the_bot_api_limits() {
    use teloxide::prelude::*;
    use teloxide::types::{ChatId, InputFile};
    let fake = Fake::start().await;
    let bot = Bot::new("1:T").set_api_url(fake.url.parse().unwrap());
    let png = |w: u32, h: u32| {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        bytes.extend(w.to_be_bytes());
        bytes.extend(h.to_be_bytes());
        bytes.extend([8, 2, 0, 0, 0]);
        bytes
    };
    let send = |bytes: Vec<u8>, caption: String| {
        bot.send_photo(ChatId(ANNA.0), InputFile::memory(bytes).file_name("x.png"))
            .caption(caption)
    };
    let ok = send(png(1171, 378), "ü".repeat(1024)).await;
    assert!(ok.is_ok(), "{ok:?}");
    for (bytes, caption, why) in [
        (png(1171, 378), "ü".repeat(1025), "caption is too long"),
        (
            b"GIF89a not a png".to_vec(),
            "x".into(),
            "IMAGE_PROCESS_FAILED",
        ),
        (png(4200, 200), "x".into(), "PHOTO_INVALID_DIMENSIONS"),
        (png(6000, 4500), "x".into(), "PHOTO_INVALID_DIMENSIONS"),
    ] {
        let refused = send(bytes, caption).await.unwrap_err().to_string();
        assert!(refused.contains(why), "{refused}");
    }
    assert_eq!(fake.violations().len(), 4);
}
