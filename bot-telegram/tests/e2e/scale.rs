//! Running beyond one process: webhook mode (its security, and two
//! processes on one PostgreSQL taking turns, one killed mid-deal), a
//! graceful stop of the real binary by SIGTERM and a restart that loses
//! nothing, and the metrics listener. The processes are the
//! `tarock-telegram` binary itself, configured only by its environment.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command};
use std::time::Duration;

use serde_json::{Value, json};
use tarock_bot_telegram::webhook::Webhook;
use tarock_storage::scratch::ScratchDatabase;
use tarock_storage::{Platform, Store, TableId};
use tarock_table::Lang;

use super::fake::{Fake, action, payloads};
use super::process::Process;
use super::{
    ANNA, BERTA, CARL, DORA, GROUP, config, current, deal_over, dealt, open_table, play,
    played_cards, press, table_button,
};

const SECRET: &str = "hook-Secret_42";
const HOOK_URL: &str = "https://tarock.example/telegram/hook";

/// A free local port (bound and released: another process may take it in
/// between, which a test would notice as a failed start).
fn free_addr() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

/// Waits until something accepts connections at `addr`.
async fn listening(addr: SocketAddr, child: &mut Child) {
    for _ in 0..3000 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            return;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the bot exited before listening: {status}");
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("nothing listens at {addr}");
}

/// Starts the `tarock-telegram` binary against the fake, on `database`,
/// with `extra` environment; its standard error goes to a file in `dir`.
fn spawn_bot(
    fake: &Fake,
    database: &str,
    dir: &Path,
    name: &str,
    extra: &[(&str, String)],
) -> Process {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tarock-telegram"));
    command
        .env("TELOXIDE_TOKEN", "123456:TEST")
        .env("TELOXIDE_API_URL", &fake.url)
        .env("TAROCK_DATABASE", database)
        .env("RUST_LOG", "info")
        .env_remove("TELEGRAM_WEBHOOK_URL")
        .env_remove("TAROCK_METRICS_ADDR");
    for (k, v) in extra {
        command.env(k, v);
    }
    Process::spawn(command, dir, name)
}

/// Every message the bot sent twice with the same content to the same
/// chat (text and buttons).
fn sent_twice(fake: &Fake) -> Vec<Value> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut twice = Vec::new();
    for body in fake.requests("sendMessage") {
        let key = json!([body["chat_id"], body["text"], body["reply_markup"]]).to_string();
        let n = seen.entry(key).or_default();
        *n += 1;
        if *n == 2 {
            twice.push(body);
        }
    }
    twice
}

/// The settlement messages of a table's first deal in the group.
fn settlements(fake: &Fake) -> usize {
    let titles: Vec<String> = Lang::ALL
        .iter()
        .map(|lang| {
            tarock_table::text::text(
                *lang,
                "settlement-title",
                vec![("table", 1i64.into()), ("deal", 1i64.into())],
            )
        })
        .collect();
    fake.requests("sendMessage")
        .into_iter()
        .filter(|b| {
            b["chat_id"] == GROUP && {
                let text = b["text"].as_str().unwrap_or_default();
                titles.iter().any(|t| text.contains(t.as_str()))
            }
        })
        .count()
}

/// Webhook requests without the secret, with a wrong one, too large or not
/// an update: 401 or 400, the bot runs on, and nothing happened; the right
/// secret with an update is answered only once the command is committed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_requests_without_the_secret_or_with_a_bad_body_change_nothing() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let listen = free_addr();
    let mut c = config(&fake, &db, 7);
    c.webhook = Some(Webhook {
        url: HOOK_URL.parse().unwrap(),
        listen,
        secret: SECRET.to_owned(),
    });
    let (halt, rx) = tokio::sync::oneshot::channel::<()>();
    let bot = tokio::spawn(tarock_bot_telegram::run(c, async {
        let _ = rx.await;
    }));
    let hook = format!("http://{listen}/telegram/hook");
    // A new connection for every request: the server answers a too-large
    // body before reading it and closes that connection, and a pooled
    // connection could be reused in the moment before it is closed (an
    // `IncompleteMessage` on the next request, seen once in CI).
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    let hook_set = fake
        .wait_for("setWebhook", |f| {
            f.requests("setWebhook").into_iter().next()
        })
        .await;
    assert_eq!(hook_set["url"], HOOK_URL);
    assert_eq!(hook_set["secret_token"], SECRET);
    // A form field arrives as text; the fake may read it as JSON.
    let drop_pending = &hook_set["drop_pending_updates"];
    assert!(
        drop_pending == "false" || drop_pending == false,
        "drop_pending_updates must be off: {drop_pending}"
    );
    // Queued at the fake, which posts nothing here (no processes behind
    // the URL): the test posts it itself.
    let tarock = fake.say(GROUP, ANNA, "/tarock");
    let post = |secret: Option<&str>, body: Vec<u8>| {
        let mut request = client
            .post(&hook)
            .header("content-type", "application/json")
            .body(body);
        if let Some(s) = secret {
            request = request.header("X-Telegram-Bot-Api-Secret-Token", s);
        }
        request.send()
    };
    let update = tarock.to_string().into_bytes();
    let status = |r: reqwest::Response| r.status().as_u16();
    assert_eq!(status(post(None, update.clone()).await.unwrap()), 401);
    assert_eq!(
        status(post(Some("hook-Secret_4"), update.clone()).await.unwrap()),
        401
    );
    assert_eq!(
        status(post(Some("hook-Secret_43"), update.clone()).await.unwrap()),
        401
    );
    assert_eq!(status(post(Some(""), update.clone()).await.unwrap()), 401);
    // Too large: 2 MiB of a text message.
    let mut huge = tarock.clone();
    huge["message"]["text"] = json!("x".repeat(2 << 20));
    assert_eq!(
        status(
            post(Some(SECRET), huge.to_string().into_bytes())
                .await
                .unwrap()
        ),
        400
    );
    for bad in [
        &b"{not json"[..],
        b"",
        b"[]",
        b"{\"update\": 1}",
        &[0xff, 0xfe, 0x00],
    ] {
        assert_eq!(
            status(post(Some(SECRET), bad.to_vec()).await.unwrap()),
            400,
            "{}",
            String::from_utf8_lossy(bad)
        );
    }
    // A wrong method on the path: not served.
    let get = client.get(&hook).send().await.unwrap();
    assert_eq!(get.status().as_u16(), 405);
    // Nothing happened: no table, nothing sent to the group.
    let store = Store::open(&db.display().to_string()).await.unwrap();
    assert!(
        store
            .open_tables_in(Platform::Telegram, &GROUP.to_string())
            .await
            .unwrap()
            .is_empty()
    );
    assert!(fake.messages_in(GROUP).is_empty());
    // The right secret: the table exists when the answer comes.
    assert_eq!(
        status(post(Some(SECRET), update.clone()).await.unwrap()),
        200
    );
    assert_eq!(
        store
            .open_tables_in(Platform::Telegram, &GROUP.to_string())
            .await
            .unwrap()
            .len(),
        1,
        "answered before it was durable"
    );
    // Telegram's second delivery of the same update changes nothing.
    assert_eq!(status(post(Some(SECRET), update).await.unwrap()), 200);
    fake.wait_for("the table message", |f| {
        f.messages_in(GROUP)
            .into_iter()
            .find(|m| payloads(m).iter().any(|p| action(p) == "j"))
    })
    .await;
    assert_eq!(
        store
            .open_tables_in(Platform::Telegram, &GROUP.to_string())
            .await
            .unwrap()
            .len(),
        1
    );
    store.close().await;
    let _ = halt.send(());
    bot.await.unwrap().unwrap();
    assert!(
        fake.requests("getUpdates").is_empty(),
        "webhook mode polls not"
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

/// Two webhook processes on one PostgreSQL behind one URL, updates
/// alternating between them; one is killed (SIGKILL) mid-deal. The deal
/// finishes, every update is handled, no message is sent twice, and the
/// settlement is made and shown once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_webhook_processes_share_a_deal_and_survive_a_kill() {
    let Some(scratch) = ScratchDatabase::create("tg_webhook").await else {
        return;
    };
    let url = scratch.url.clone();
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let addrs = [free_addr(), free_addr()];
    let mut processes: Vec<Process> = addrs
        .iter()
        .enumerate()
        .map(|(i, addr)| {
            spawn_bot(
                &fake,
                &url,
                dir.path(),
                &format!("bot{i}"),
                &[
                    ("TELEGRAM_WEBHOOK_URL", HOOK_URL.to_owned()),
                    ("TELEGRAM_WEBHOOK_SECRET", SECRET.to_owned()),
                    ("TELEGRAM_WEBHOOK_LISTEN", addr.to_string()),
                ],
            )
        })
        .collect();
    for (p, addr) in processes.iter_mut().zip(addrs) {
        listening(addr, &mut p.child).await;
    }
    fake.wait_for("both webhooks set", |f| {
        (f.requests("setWebhook").len() == 2).then_some(())
    })
    .await;
    fake.balance_to(addrs.iter().map(|a| format!("http://{a}")).collect());

    let table_msg = open_table(&fake).await;
    for who in [BERTA, CARL, DORA] {
        let (m, p) = table_button(&fake, table_msg, "j").await;
        assert_eq!(press(&fake, who, &m, &p).await, None, "{} joining", who.1);
    }
    let (m, p) = table_button(&fake, table_msg, "s").await;
    assert_eq!(press(&fake, ANNA, &m, &p).await, None, "starting");
    dealt(&fake, table_msg).await;
    let users = [ANNA, BERTA, CARL, DORA];
    let mut pressed = HashSet::new();
    // Bidding and the first tricks, then a quiet moment (every update
    // answered, every message delivered), then process 0 is killed.
    let mut presses = play(&fake, &users, &mut pressed, 16, |_| false).await;
    assert_eq!(presses.len(), 16);
    let handled_by = |f: &Fake, target: usize| {
        f.inner
            .lock()
            .unwrap()
            .posted
            .iter()
            .filter(|(_, t, status)| *t == target && *status == 200)
            .count()
    };
    assert!(handled_by(&fake, 0) >= 5, "process 0 took its turns");
    assert!(handled_by(&fake, 1) >= 5, "process 1 took its turns");
    let store = Store::open(&url).await.unwrap();
    for _ in 0..6000 {
        let pending = store.gauges(i64::MAX / 2).await.unwrap().outbox_pending;
        if fake.pending_updates() == 0 && pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    processes[0].child.kill().unwrap();
    processes[0].child.wait().unwrap();
    let killed_at = fake.inner.lock().unwrap().posted.len();

    presses.extend(play(&fake, &users, &mut pressed, 300, deal_over(table_msg)).await);
    assert_eq!(played_cards(&presses).len(), 40, "{presses:?}");
    fake.wait_for("the settlement", |f| (settlements(f) >= 1).then_some(()))
        .await;
    // After the kill, process 1 handled everything; what went to process 0
    // found nobody and was posted again.
    let posted = fake.inner.lock().unwrap().posted.clone();
    assert!(
        posted[killed_at..]
            .iter()
            .all(|(_, t, status)| *t == 1 || *status == 0),
        "{:?}",
        &posted[killed_at..]
    );
    // Nothing lost: every update was answered 200 by one of them.
    assert_eq!(fake.pending_updates(), 0);
    let answered: HashSet<i64> = posted
        .iter()
        .filter(|(_, _, s)| *s == 200)
        .map(|(id, _, _)| *id)
        .collect();
    let queued = fake
        .inner
        .lock()
        .unwrap()
        .log
        .iter()
        .filter(|e| matches!(e, super::fake::Event::Update(_)))
        .count();
    assert_eq!(answered.len(), queued);

    let (status, _) = processes[1].terminate().await;
    assert!(status.success(), "{}", processes[1].log());
    assert_eq!(settlements(&fake), 1, "the settlement shown once");
    let twice = sent_twice(&fake);
    assert!(twice.is_empty(), "sent twice: {twice:#?}");
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let deals = store.deals_of(TableId(1)).await.unwrap();
    assert_eq!(deals.len(), 1);
    assert!(store.settlement(deals[0].id).await.unwrap().is_some());
    let balances = store.table_balances(TableId(1)).await.unwrap();
    assert_eq!(balances.len(), 4);
    assert!(
        balances.iter().all(|b| b.deals == 1),
        "settled once: {balances:?}"
    );
    assert_eq!(balances.iter().map(|b| b.units).sum::<i64>(), 0);
    store.close().await;
    drop(processes);
    scratch.drop_now().await;
}

/// SIGTERM stops the real binary cleanly (the intake first, then the
/// deliverer, within the grace period), with a press just sent; the next
/// process handles what the first did not confirm, and nothing is lost or
/// done twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_cleanly_and_a_restart_loses_nothing() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").display().to_string();
    let mut first = spawn_bot(&fake, &db, dir.path(), "first", &[]);
    let table_msg = open_table(&fake).await;
    let (m, p) = table_button(&fake, table_msg, "j").await;
    let callback = fake.press(BERTA, &m, &p);
    let (status, took) = first.terminate().await;
    let log = first.log();
    assert!(status.success(), "{status}: {log}");
    assert!(log.contains("stopped clean=true"), "{log}");
    eprintln!("SHUTDOWN took {} ms", took.as_millis());
    // No lease is left behind: whatever is pending can be claimed at once.
    let store = Store::open(&db).await.unwrap();
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap();
    let pending = store.gauges(now).await.unwrap().outbox_pending;
    // A table edit may wait out the edit interval (3 s by default), a
    // leased message would wait 5 s: claiming 3.5 s ahead takes the first
    // and not the second.
    let claimable = store
        .claim_outbox(now + 3_500, 1, 1000)
        .await
        .unwrap()
        .len();
    assert_eq!(
        claimable as u64, pending,
        "a claimed message was not handed back"
    );
    store.close().await;

    let mut second = spawn_bot(&fake, &db, dir.path(), "second", &[]);
    fake.answered(&callback).await;
    fake.wait_for("Berta seated", |f| {
        current(f, GROUP, table_msg)["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Berta")
            .then_some(())
    })
    .await;
    let (status, _) = second.terminate().await;
    assert!(status.success(), "{}", second.log());
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
    assert_eq!(joined, 1, "Berta's press handled once");
    let answers = fake
        .requests("answerCallbackQuery")
        .into_iter()
        .filter(|b| b["callback_query_id"] == callback.as_str())
        .count();
    assert!(answers >= 1);
    let store = Store::open(&db).await.unwrap();
    let seats = store.load_table(TableId(1)).await.unwrap().unwrap().seats;
    assert_eq!(seats.len(), 2, "Anna and Berta");
    store.close().await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

/// The metrics listener, off unless configured: counts the commands by
/// kind and outcome, shows the database's gauges, and its health check
/// fails once the database is gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_and_health_are_served_when_configured() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let addr = free_addr();
    let mut c = config(&fake, &db, 5);
    c.metrics_addr = Some(addr);
    let (halt, rx) = tokio::sync::oneshot::channel::<()>();
    let bot = tokio::spawn(tarock_bot_telegram::run(c, async {
        let _ = rx.await;
    }));
    let table_msg = open_table(&fake).await;
    // One join refused (Anna sits already), one accepted.
    let (m, p) = table_button(&fake, table_msg, "j").await;
    assert!(press(&fake, ANNA, &m, &p).await.is_some(), "refused");
    assert_eq!(press(&fake, BERTA, &m, &p).await, None);
    let client = reqwest::Client::new();
    let scrape = client
        .get(format!("http://{addr}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(scrape.status().as_u16(), 200);
    let text = scrape.text().await.unwrap();
    let value = |prefix: &str| -> f64 {
        text.lines()
            .find(|l| l.starts_with(prefix))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("no {prefix} in\n{text}"))
    };
    // Other tests of this binary count too (one process): at least ours.
    assert!(
        value(r#"tarock_commands_total{platform="telegram",kind="create",outcome="done"}"#) >= 1.0
    );
    assert!(
        value(r#"tarock_commands_total{platform="telegram",kind="button_join",outcome="refused"}"#)
            >= 1.0
    );
    assert!(
        value(r#"tarock_commands_total{platform="telegram",kind="button_join",outcome="done"}"#)
            >= 1.0
    );
    assert!(value(r#"tarock_command_seconds_count{platform="telegram"}"#) >= 3.0);
    assert_eq!(value("tarock_live_tables "), 1.0);
    assert_eq!(value("tarock_deadlines_due "), 0.0);
    assert_eq!(value("tarock_database_up "), 1.0);
    assert!(value("tarock_outbox_pending ") >= 0.0);
    assert!(text.contains("# TYPE tarock_command_seconds histogram"));
    let health = client
        .get(format!("http://{addr}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 200);
    let _ = halt.send(());
    bot.await.unwrap().unwrap();
    // Without the setting nothing listens.
    assert!(tokio::net::TcpStream::connect(addr).await.is_err());
}

/// `/healthz` answers 200 while the database answers and 503 once it is
/// gone, and the scrape says so too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_fails_while_the_database_is_unreachable() {
    let Some(scratch) = ScratchDatabase::create("tg_health").await else {
        return;
    };
    let url = scratch.url.clone();
    let store = Store::open(&url).await.unwrap();
    let service = std::sync::Arc::new(tarock_table::TableService::new(
        store.clone(),
        std::sync::Arc::new(tarock_table::SystemClock),
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let served = tokio::spawn(tarock_ops::serve(listener, service, stop_rx));
    let client = reqwest::Client::new();
    let health = || async {
        client
            .get(format!("http://{addr}/healthz"))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    };
    assert_eq!(health().await, 200);
    // The database goes away (its connections with it).
    scratch.drop_now().await;
    assert_eq!(health().await, 503);
    let scrape = client
        .get(format!("http://{addr}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        scrape.lines().any(|l| l == "tarock_database_up 0"),
        "{scrape}"
    );
    let _ = stop_tx.send(true);
    served.await.unwrap();
    store.close().await;
}

/// Telegram posts an update again when it missed the answer to it (here:
/// the same button press twice, and a message twice, as a webhook whose
/// first answer was lost would get them): each is applied once and
/// answered once; Telegram refuses a second answer to one callback query.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_posted_twice_is_applied_and_answered_once() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let listen = free_addr();
    let mut c = config(&fake, &db, 7);
    c.webhook = Some(Webhook {
        url: HOOK_URL.parse().unwrap(),
        listen,
        secret: SECRET.to_owned(),
    });
    let (halt, rx) = tokio::sync::oneshot::channel::<()>();
    let bot = tokio::spawn(tarock_bot_telegram::run(c, async {
        let _ = rx.await;
    }));
    fake.wait_for("setWebhook", |f| {
        f.requests("setWebhook").into_iter().next()
    })
    .await;
    let client = reqwest::Client::new();
    let hook = format!("http://{listen}/telegram/hook");
    let post = |update: &Value| {
        client
            .post(&hook)
            .header("content-type", "application/json")
            .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
            .body(update.to_string())
            .send()
    };
    let tarock = fake.say(GROUP, ANNA, "/tarock");
    assert_eq!(post(&tarock).await.unwrap().status().as_u16(), 200);
    let (message, join) = fake
        .wait_for("the table message", |f| {
            let m = f.messages_in(GROUP).into_iter().next()?;
            let p = payloads(&m).into_iter().find(|p| action(p) == "j")?;
            Some((m, p))
        })
        .await;
    let id = fake.press(BERTA, &message, &join);
    let update = fake
        .inner
        .lock()
        .unwrap()
        .log
        .iter()
        .find_map(|e| match e {
            super::fake::Event::Update(u) if u["callback_query"]["id"] == id.as_str() => {
                Some(u.clone())
            }
            _ => None,
        })
        .unwrap();
    for _ in 0..2 {
        assert_eq!(post(&update).await.unwrap().status().as_u16(), 200);
    }
    fake.answered(&id).await;
    // A message posted twice is answered once (here: the asker's figures,
    // sent privately).
    let stats = fake.say(GROUP, BERTA, "/statistik");
    for _ in 0..2 {
        assert_eq!(post(&stats).await.unwrap().status().as_u16(), 200);
    }
    let none = tarock_table::text::text(Lang::De, "stats-none", Vec::new());
    let to_berta = |f: &Fake| {
        f.requests("sendMessage")
            .into_iter()
            .filter(|b| b["chat_id"] == BERTA.0 && b["text"] == none.as_str())
            .count()
    };
    // The answer was sent before the second post was answered (200).
    assert_eq!(to_berta(&fake), 1, "answered once");
    let _ = halt.send(());
    bot.await.unwrap().unwrap();
    let answers = fake
        .requests("answerCallbackQuery")
        .into_iter()
        .filter(|b| b["callback_query_id"] == id.as_str())
        .count();
    assert_eq!(answers, 1, "answered once");
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let seats = store.load_table(TableId(1)).await.unwrap().unwrap().seats;
    assert_eq!(seats.len(), 2, "Berta seated once");
    store.close().await;
}
