//! One table across two platforms, end to end in one process: the real
//! Telegram bot and the real Discord bot on one database, each against its
//! fake platform server. Anna opens a table in a Telegram group and makes a
//! link code; Carl types `/tarock join CODE` in a Discord channel; Berta
//! (Telegram) and Carl and Dora (Discord) take seats from their own chats;
//! one deal is played with every player on their own platform; the
//! settlement shows in both chats; Discord unlinks.

mod fake;
#[path = "../../bot-telegram/tests/fake/mod.rs"]
#[allow(unused_imports)]
mod tg_fake;

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};
use tarock_storage::{Store, TableId};
use tarock_table::Lang;
use tarock_table::text::text;
use tokio::sync::oneshot;

use fake::{Fake as DiscordFake, Message, User};
use tg_fake::{Fake as TelegramFake, action, payloads};

const GROUP: i64 = -100_123;
const ANNA: (i64, &str) = (101, "Anna");
const BERTA: (i64, &str) = (102, "Berta");
const CHANNEL: u64 = 4_000;
const CARL: User = User {
    id: 203,
    name: "Carl",
    locale: "en-US",
};
const DORA: User = User {
    id: 204,
    name: "Dora",
    locale: "de",
};
const EPHEMERAL: u64 = 1 << 6;

struct Bots {
    stops: Vec<oneshot::Sender<()>>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Bots {
    /// Stops both bots and waits until they have.
    async fn stop(self) {
        for stop in self.stops {
            let _ = stop.send(());
        }
        for task in self.tasks {
            task.await.unwrap();
        }
    }
}

/// Both bots on one SQLite file, with fixed seeds.
fn start(tg: &TelegramFake, dc: &DiscordFake, db: &Path) -> Bots {
    let mut telegram = tarock_bot_telegram::Config::new("123456:TEST");
    telegram.api_url = Some(tg.url.parse().unwrap());
    telegram.database = db.display().to_string();
    telegram.fixed_seed = Some(21);
    telegram.poll_timeout = Duration::from_secs(1);
    telegram.delivery_interval = Duration::from_millis(50);
    telegram.edit_interval = Duration::ZERO;
    let mut discord = tarock_bot_discord::Config::new("test-token");
    discord.api_url = Some(dc.url.clone());
    discord.database = db.display().to_string();
    discord.fixed_seed = Some(22);
    discord.delivery_interval = Duration::from_millis(50);
    discord.edit_interval = Duration::ZERO;
    let (tg_stop, tg_rx) = oneshot::channel::<()>();
    let (dc_stop, dc_rx) = oneshot::channel::<()>();
    let tasks = vec![
        tokio::spawn(async move {
            tarock_bot_telegram::run(telegram, async {
                let _ = tg_rx.await;
            })
            .await
            .unwrap();
        }),
        tokio::spawn(async move {
            tarock_bot_discord::run(discord, async {
                let _ = dc_rx.await;
            })
            .await
            .unwrap();
        }),
    ];
    Bots {
        stops: vec![tg_stop, dc_stop],
        tasks,
    }
}

/// A Telegram message as it stands now.
fn tg_current(tg: &TelegramFake, chat: i64, id: i64) -> Value {
    tg.inner.lock().unwrap().messages[&(chat, id)].clone()
}

/// The Telegram table message, once it shows a button with `prefix`.
async fn tg_button(tg: &TelegramFake, table_msg: i64, prefix: &str) -> (Value, String) {
    tg.wait_for(&format!("a table button {prefix}"), |f| {
        let m = tg_current(f, GROUP, table_msg);
        let p = payloads(&m)
            .into_iter()
            .find(|p| action(p).starts_with(prefix))?;
        Some((m, p))
    })
    .await
}

/// The Discord channel's table message, once it shows a button with
/// `prefix`.
async fn dc_button(dc: &DiscordFake, prefix: &str) -> (u64, String) {
    dc.wait_until(&format!("a channel button {prefix}"), |inner| {
        inner
            .messages
            .values()
            .filter(|m| m.channel_id == CHANNEL && !m.is_ephemeral())
            .find_map(|m| {
                m.custom_ids()
                    .into_iter()
                    .find(|p| action(p).starts_with(prefix))
                    .map(|p| (m.id, p))
            })
    })
    .await
}

fn is_move(payload: &str) -> bool {
    let a = action(payload);
    a.starts_with('p') || a.starts_with('w') || a.starts_with('a') || a.starts_with('x')
}

/// A card, else a Kontra on the game, else Weiter, else an announcement.
fn choose(payloads: &[String]) -> Option<String> {
    for prefix in ["p", "akg", "w", "a", "x"] {
        if let Some(p) = payloads.iter().find(|p| action(p).starts_with(prefix)) {
            return Some(p.clone());
        }
    }
    None
}

fn dc_version(m: &Message) -> String {
    format!("{}@{}", m.id, m.custom_ids().join(","))
}

fn tg_version(m: &Value) -> String {
    format!("{}@{}", m["message_id"], payloads(m).join(","))
}

/// The moves on a Discord DM (buttons and the select menu's options).
fn dc_moves(m: &Message) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for c in m.all_components() {
        if let Some(id) = c["custom_id"].as_str()
            && c["type"] == 2
            && is_move(id)
        {
            out.push((id.to_owned(), false));
        }
        for o in c["options"].as_array().into_iter().flatten() {
            let v = o["value"].as_str().unwrap_or_default();
            if is_move(v) {
                out.push((v.to_owned(), true));
            }
        }
    }
    out
}

/// Plays the deal: Anna and Berta from their Telegram private chats, Carl
/// and Dora from their Discord DMs. Returns the moves made per platform.
async fn play(tg: &TelegramFake, dc: &DiscordFake, table_msg: i64) -> (usize, usize) {
    let over = |tg: &TelegramFake| {
        payloads(&tg_current(tg, GROUP, table_msg))
            .iter()
            .any(|p| action(p) == "s")
    };
    let mut pressed: HashSet<String> = HashSet::new();
    let (mut on_tg, mut on_dc) = (0, 0);
    let mut idle = 0;
    while !over(tg) {
        let mut moved = false;
        for who in [ANNA, BERTA] {
            let Some(latest) = tg.messages_in(who.0).into_iter().last() else {
                continue;
            };
            let moves: Vec<String> = payloads(&latest)
                .into_iter()
                .filter(|p| is_move(p))
                .collect();
            if moves.is_empty() || !pressed.insert(tg_version(&latest)) {
                continue;
            }
            let choice = choose(&moves).unwrap();
            let id = tg.press(who, &latest, &choice);
            let answer = tg.answered(&id).await;
            assert_eq!(answer["text"], Value::Null, "{} pressing {choice}", who.1);
            on_tg += 1;
            moved = true;
            break;
        }
        if !moved {
            for who in [CARL, DORA] {
                let Some(dm) = dc.dm_channel_of(who.id) else {
                    continue;
                };
                let Some(latest) = dc.messages_in(dm).into_iter().last() else {
                    continue;
                };
                let moves = dc_moves(&latest);
                let Some((choice, in_select)) =
                    choose(&moves.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>())
                        .and_then(|c| moves.into_iter().find(|(p, _)| *p == c))
                else {
                    continue;
                };
                if !pressed.insert(dc_version(&latest)) {
                    continue;
                }
                let id = if in_select {
                    dc.select(&who, dm, latest.id, "more", &[choice.as_str()])
                } else {
                    dc.click(&who, dm, latest.id, &choice)
                };
                let answer = dc.response(&id).await;
                assert_eq!(
                    answer["type"], 6,
                    "{} pressing {choice}: {answer}",
                    who.name
                );
                on_dc += 1;
                moved = true;
                break;
            }
        }
        if moved {
            idle = 0;
        } else {
            idle += 1;
            assert!(idle < 3000, "nobody can move");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    (on_tg, on_dc)
}

/// Anna presses "start" on the Telegram table message: the deal begins.
async fn anna_deals(tg: &TelegramFake, table_msg: i64) {
    let (m, p) = tg_button(tg, table_msg, "s").await;
    let id = tg.press(ANNA, &m, &p);
    assert_eq!(tg.answered(&id).await["text"], Value::Null, "starting");
}

/// Anna opens a table in the Telegram group and Berta sits down; Anna
/// links it, Carl joins the link in the Discord channel (after a wrong
/// code), and Carl and Dora take seats there. Returns the Telegram table
/// message.
async fn open_linked_table(tg: &TelegramFake, dc: &DiscordFake) -> i64 {
    // Anna opens the table in the Telegram group; Berta sits down.
    tg.say(GROUP, ANNA, "/tarock");
    let table_msg = tg
        .wait_for("the table message", |f| {
            f.messages_in(GROUP)
                .into_iter()
                .find(|m| payloads(m).iter().any(|p| action(p) == "j"))
        })
        .await["message_id"]
        .as_i64()
        .unwrap();
    let (m, p) = tg_button(tg, table_msg, "j").await;
    let id = tg.press(BERTA, &m, &p);
    assert_eq!(tg.answered(&id).await["text"], Value::Null);

    // `/tarock link`: the code comes to Anna privately.
    tg.say(GROUP, ANNA, "/tarock link");
    let code = tg
        .wait_for("the link code", |f| {
            f.messages_in(ANNA.0).into_iter().find_map(|m| {
                let t = m["text"].as_str()?;
                let after = t.split_once("join ")?.1;
                Some(after.chars().take(6).collect::<String>())
            })
        })
        .await;
    assert_eq!(code.len(), 6);
    assert!(
        tg.messages_in(GROUP)
            .iter()
            .all(|m| !m["text"].as_str().unwrap_or_default().contains(&code)),
        "the code is not shown in the group"
    );

    // A wrong code in Discord is refused, privately; the right one links.
    let id = dc.slash(&CARL, CHANNEL, "join", &[("code", json!("ZZZZZZ"))]);
    let answer = dc.response(&id).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
    assert_eq!(
        answer["data"]["content"],
        text(Lang::En, "rej-bad-link-code", vec![]),
        "{answer}"
    );
    let id = dc.slash(
        &CARL,
        CHANNEL,
        "join",
        &[("code", json!(code.to_lowercase()))],
    );
    let answer = dc.response(&id).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
    // The channel shows the table (in its own format: components) and
    // both chats are told.
    dc_button(dc, "j").await;
    tg.wait_for("the group told of the link", |f| {
        f.messages_in(GROUP)
            .into_iter()
            .find(|m| m["text"].as_str().is_some_and(|t| t.contains("🔗")))
    })
    .await;
    // Carl and Dora take seats from Discord.
    for who in [CARL, DORA] {
        let (message, join) = dc_button(dc, "j").await;
        let id = dc.click(&who, CHANNEL, message, &join);
        let answer = dc.response(&id).await;
        assert_eq!(answer["type"], 6, "{} joining: {answer}", who.name);
        dc.wait_until("the table message naming the new player", |inner| {
            inner.messages[&message]
                .content
                .contains(who.name)
                .then_some(())
        })
        .await;
    }
    table_msg
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_deal_at_a_table_shared_by_a_telegram_group_and_a_discord_channel() {
    let tg = TelegramFake::start().await;
    let dc = DiscordFake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    // Both bots create and migrate the new file at the same moment (the
    // schema lock lets one go first).
    let bots = start(&tg, &dc, &db);
    dc.wait_ready(1).await;

    let table_msg = open_linked_table(&tg, &dc).await;
    // The Telegram table message shows all four: Anna deals.
    anna_deals(&tg, table_msg).await;
    tg.wait_for("the deal", |f| {
        (!payloads(&tg_current(f, GROUP, table_msg))
            .iter()
            .any(|p| action(p) == "s"))
        .then_some(())
    })
    .await;

    let (on_tg, on_dc) = play(&tg, &dc, table_msg).await;
    assert!(
        on_tg >= 10 && on_dc >= 10,
        "{on_tg} moves on Telegram, {on_dc} on Discord"
    );

    // The settlement shows in both chats.
    let title = text(
        Lang::De,
        "settlement-title",
        vec![("table", 1i64.into()), ("deal", 1i64.into())],
    );
    tg.wait_for("the settlement in the group", |f| {
        f.messages_in(GROUP)
            .into_iter()
            .find(|m| m["text"].as_str().is_some_and(|t| t.contains(&title)))
    })
    .await;
    dc.wait_until("the settlement in the channel", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && m.content.contains(&title))
            .map(|_| ())
    })
    .await;
    // Private messages went to each player on their own platform only.
    for who in [ANNA, BERTA] {
        assert!(!tg.messages_in(who.0).is_empty(), "{}", who.1);
    }
    // A Discord player's hand links back to the table message in the
    // linked channel (the table itself lives in a Telegram group).
    let jump = format!("https://discord.com/channels/{}/{CHANNEL}/", fake::GUILD_ID);
    for who in [CARL, DORA] {
        let dm = dc.dm_channel_of(who.id).expect("a DM");
        assert!(
            dc.messages_in(dm).iter().any(|m| m.content.contains(&jump)),
            "{}",
            who.name
        );
        assert!(tg.messages_in(who.id as i64).is_empty(), "{}", who.name);
    }

    // Discord unlinks: the channel is told, its buttons stop acting.
    let id = dc.slash(&DORA, CHANNEL, "unlink", &[]);
    let answer = dc.response(&id).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
    let unlinked = text(Lang::De, "link-unlinked", vec![("table", 1i64.into())]);
    dc.wait_until("the channel told", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && m.content.contains(&unlinked))
            .map(|_| ())
    })
    .await;
    let (message, next) = dc_button(&dc, "s").await;
    let id = dc.click(&CARL, CHANNEL, message, &next);
    let answer = dc.response(&id).await;
    assert_eq!(
        answer["data"]["content"],
        text(Lang::En, "rej-foreign-chat", vec![]),
        "{answer}"
    );

    bots.stop().await;
    dc.assert_no_violations();
    assert!(tg.violations().is_empty(), "{:?}", tg.violations());
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let balances = store.table_balances(TableId(1)).await.unwrap();
    assert_eq!(balances.len(), 4);
    assert!(balances.iter().all(|b| b.deals == 1), "{balances:?}");
    assert_eq!(balances.iter().map(|b| b.units).sum::<i64>(), 0);
    store.close().await;
}

/// At a linked table, a player who cannot be written to privately is told
/// so in the chat of their own platform that shows the table, and only
/// there: Dora (Discord, direct messages closed) in the Discord channel,
/// mentioned; Berta (Telegram, never started the bot) in the Telegram
/// group, with the link that opens the private chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_player_is_told_in_the_chat_of_their_own_platform() {
    let tg = TelegramFake::start().await;
    let dc = DiscordFake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("shared.db");
    dc.lock().dm_closed.insert(DORA.id);
    tg.inner.lock().unwrap().forbidden.insert(BERTA.0);
    let bots = start(&tg, &dc, &db);
    dc.wait_ready(1).await;
    let table_msg = open_linked_table(&tg, &dc).await;

    // Anna deals: every hand goes out privately.
    anna_deals(&tg, table_msg).await;
    let mention = format!("<@{}>", DORA.id);
    let dora_told = text(
        Lang::De,
        "discord-dm-closed",
        vec![("mention", mention.clone().into())],
    );
    dc.wait_until("Dora told in the Discord channel", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && m.content == dora_told)
            .map(|_| ())
    })
    .await;
    let berta_told = tg
        .wait_for("Berta told in the Telegram group", |f| {
            f.messages_in(GROUP).into_iter().find(|m| {
                m["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("Berta") && t.contains("https://t.me/"))
            })
        })
        .await;
    assert!(
        berta_told["text"].as_str().unwrap().contains("?start="),
        "{berta_told}"
    );
    // Neither is told on the other platform.
    assert!(
        tg.messages_in(GROUP).iter().all(|m| {
            let t = m["text"].as_str().unwrap_or_default();
            !t.contains(&mention) && t != dora_told
        }),
        "the Telegram group is not told about Dora"
    );
    assert!(
        dc.messages_in(CHANNEL)
            .iter()
            .all(|m| !m.content.contains("https://t.me/")),
        "the Discord channel is not told about Berta"
    );
    // Anna and Carl got their hands privately.
    assert!(!tg.messages_in(ANNA.0).is_empty());
    let carl_dm = dc.dm_channel_of(CARL.id).expect("Carl's DM");
    assert!(!dc.messages_in(carl_dm).is_empty());

    bots.stop().await;
    dc.assert_no_violations();
    assert!(tg.violations().is_empty(), "{:?}", tg.violations());
}
