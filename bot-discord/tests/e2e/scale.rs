//! Discord beyond one process: two `tarock-discord` binaries on one
//! PostgreSQL, each running one of two gateway shards (`DISCORD_SHARDS`),
//! against a fake gateway that routes a guild's events to shard
//! `(guild_id >> 22) % 2` and direct messages to shard 0, as Discord does.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::json;
use tarock_storage::scratch::ScratchDatabase;
use tarock_storage::{Store, TableId};

use super::fake::Fake;
use super::process::Process;
use super::{
    ANNA, BERTA, CARL, CHANNEL, DORA, Via, cards_of, deal, deal_over, open_table, play,
    press_table, settlement,
};

/// A guild whose events go to shard 1 of 2: `(1 << 22 >> 22) % 2 == 1`.
const GUILD_ON_SHARD_1: u64 = 1 << 22;

/// Starts the `tarock-discord` binary against the fake on `database`,
/// running `shards`.
fn spawn_bot(fake: &Fake, database: &str, dir: &Path, name: &str, shards: &str) -> Process {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tarock-discord"));
    command
        .env("DISCORD_TOKEN", "test-token")
        .env("DISCORD_API_URL", fake.url.as_str())
        .env("TAROCK_DATABASE", database)
        .env("DISCORD_SHARDS", shards)
        .env("RUST_LOG", "info")
        .env_remove("DISCORD_GUILD_ID")
        .env_remove("TAROCK_METRICS_ADDR");
    Process::spawn(command, dir, name)
}

/// Messages the bot posted twice: the same content and buttons to the same
/// channel.
fn posted_twice(fake: &Fake) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut twice = Vec::new();
    for r in fake.requests() {
        if r.method != "POST" || !r.path.ends_with("/messages") || r.status != 200 {
            continue;
        }
        let key = json!([
            r.path,
            r.body["content"],
            r.body["components"],
            r.body["embeds"]
        ])
        .to_string();
        let n = seen.entry(key.clone()).or_default();
        *n += 1;
        if *n == 2 {
            twice.push(key);
        }
    }
    twice
}

/// Clicks the fake sent to shard `shard` that were answered.
fn answered_on(fake: &Fake, shard: u64) -> usize {
    fake.lock()
        .interactions
        .values()
        .filter(|r| r.shard == shard && r.acked.is_some())
        .count()
}

/// Two processes share one deal by shard: the table's guild is on shard 1
/// (process B), the two players who play from their DMs reach shard 0
/// (process A), so the deal's clicks alternate between the processes. A is
/// killed (SIGKILL) mid-deal and a replacement takes shard 0 over, as a
/// supervisor would restart it. The deal finishes, every click is answered,
/// nothing is posted twice, and the settlement is made and shown once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shard_processes_share_a_deal_and_survive_a_kill() {
    let Some(scratch) = ScratchDatabase::create("dc_shards").await else {
        return;
    };
    let fake = Fake::start().await;
    fake.put_channel_in_guild(CHANNEL, GUILD_ON_SHARD_1);
    let dir = tempfile::tempdir().unwrap();
    let mut a = spawn_bot(&fake, &scratch.url, dir.path(), "a", "0/2");
    let mut b = spawn_bot(&fake, &scratch.url, dir.path(), "b", "1-1/2");
    fake.wait_ready(2).await;
    let identified: HashSet<String> = fake
        .lock()
        .identifies
        .iter()
        .map(|d| d["shard"].to_string())
        .collect();
    assert_eq!(
        identified,
        HashSet::from(["[0,2]".to_owned(), "[1,2]".to_owned()]),
        "each process identifies its own shard of two"
    );

    let table_msg = open_table(&fake).await;
    for who in [BERTA, CARL, DORA] {
        press_table(&fake, &who, table_msg, "j").await;
    }
    deal(&fake, table_msg).await;
    let players = [
        (ANNA, Via::Dm),
        (BERTA, Via::Dm),
        (CARL, Via::Hand),
        (DORA, Via::Hand),
    ];
    let mut pressed = HashSet::new();
    let mut made = play(&fake, table_msg, &players, &mut pressed, 12, |_| false).await;
    assert_eq!(made.len(), 12);
    assert!(answered_on(&fake, 0) >= 4, "process A took the DM clicks");
    assert!(
        answered_on(&fake, 1) >= 4,
        "process B took the guild's clicks"
    );

    // A quiet moment (every message delivered), then A dies without a word.
    let store = Store::open(&scratch.url).await.unwrap();
    for _ in 0..6000 {
        if store.gauges(i64::MAX / 2).await.unwrap().outbox_pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    a.child.kill().unwrap();
    a.child.wait().unwrap();
    for _ in 0..3000 {
        if fake.live_connections() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(fake.live_connections(), 1, "only B is connected");
    let shard0_before = answered_on(&fake, 0);
    let mut a2 = spawn_bot(&fake, &scratch.url, dir.path(), "a2", "0/2");
    fake.wait_ready(3).await;

    made.extend(
        play(
            &fake,
            table_msg,
            &players,
            &mut pressed,
            300,
            deal_over(table_msg),
        )
        .await,
    );
    assert_eq!(cards_of(&made).len(), 40, "{made:?}");
    settlement(&fake).await;
    assert!(
        answered_on(&fake, 0) > shard0_before,
        "the replacement took shard 0's clicks"
    );
    // Every click the fake sent was answered, by the process of its shard.
    let unanswered: Vec<String> = fake
        .lock()
        .interactions
        .values()
        .filter(|r| r.acked.is_none())
        .map(|r| format!("{} on shard {}", r.id, r.shard))
        .collect();
    assert!(unanswered.is_empty(), "{unanswered:?}");

    for p in [&mut b, &mut a2] {
        let (status, _) = p.terminate().await;
        assert!(status.success(), "{}", p.log());
    }
    let title_count = {
        let title = tarock_table::text::text(
            tarock_table::Lang::De,
            "settlement-title",
            vec![("table", 1i64.into()), ("deal", 1i64.into())],
        );
        fake.messages_in(CHANNEL)
            .iter()
            .filter(|m| m.content.contains(&title))
            .count()
    };
    assert_eq!(title_count, 1, "the settlement shown once");
    let twice = posted_twice(&fake);
    assert!(twice.is_empty(), "posted twice: {twice:#?}");
    fake.assert_no_violations();
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
    drop((a, b, a2));
    scratch.drop_now().await;
}
