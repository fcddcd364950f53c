//! Restarts: the service is dropped in the middle of a deal (in the
//! bidding, in the trick play, between deals, and in the middle of
//! delivering a batch of messages) and a new one is opened on the same
//! database file. The table must play on to the same settlements as a run
//! without the restart, and every message must be delivered exactly once,
//! in the same order; messages claimed but not confirmed before the crash
//! are delivered again once their lease runs out.

mod common;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{Balance, TableId};
use tarock_table::{CommandKind, Lang, Outgoing, Pace, TableSettings};
use tarock_zwanzigerrufen::Record;

const SEED: u64 = 4242;
const HUMANS: [&str; 2] = ["Anna", "Bert"];

/// Where a run crashes: before the `move_index`-th human move (counted over
/// the whole run; moves that start a deal count too), the command is
/// handled and (if `claimed`) its messages claimed and `confirmed` of them
/// marked delivered; then the service is dropped.
#[derive(Clone, Copy, Debug)]
struct Crash {
    move_index: usize,
    /// Whether the messages were claimed before the crash (else the crash
    /// came right after the commit).
    claimed: bool,
    confirmed: usize,
}

struct Outcome {
    sent: Vec<Outgoing>,
    records: Vec<Record>,
    balances: Vec<Balance>,
    /// Messages delivered again after the crash (claimed before it).
    redelivered: usize,
    /// What each command of the run was: "start", "bid" or "play".
    commands: Vec<&'static str>,
}

/// Two deals at a table of Anna, Bert and two medium computers, the humans
/// choosing with a seeded random generator; optionally with a crash.
async fn run(crash: Option<Crash>) -> Outcome {
    let mut h = Harness::new(SEED).await;
    let settings = TableSettings {
        game: "zwanzigerrufen".into(),
        seats: None,
        rules: "standard".into(),
        stake_cents: 10,
        pace: Pace::LIVE,
        lang: Lang::De,
        another: false,
    };
    let table = h.table_with(&HUMANS, "medium", settings).await;
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut index = 0;
    let mut redelivered = 0;
    let mut commands = Vec::new();
    for (deal, starter) in HUMANS.iter().enumerate() {
        let mut started = false;
        while h.settlements_of(table).len() == deal {
            // The next command: start the deal, or the next human move.
            let (name, payload) = if started {
                let bidding =
                    h.game(table).await.unwrap().phase() == tarock_zwanzigerrufen::Phase::Bidding;
                commands.push(if bidding { "bid" } else { "play" });
                h.choose_move(table, &HUMANS, &mut rng).await
            } else {
                started = true;
                commands.push("start");
                let payload = h
                    .last_table(table)
                    .buttons()
                    .iter()
                    .flatten()
                    .find(|b| b.payload.ends_with(":s"))
                    .expect("a start button")
                    .payload
                    .clone();
                (starter.to_string(), payload)
            };
            match crash.filter(|c| c.move_index == index) {
                None => {
                    let replies = h.press(&name, &payload).await;
                    assert!(replies.is_empty(), "{replies:?}");
                }
                Some(c) => {
                    let replies = h
                        .handle(
                            sender(&name, Lang::De),
                            None,
                            CommandKind::Button(payload.clone()),
                        )
                        .await;
                    assert!(replies.is_empty(), "{replies:?}");
                    if !c.claimed {
                        // Committed, never claimed: the new service delivers it all at once.
                        h = h.restart().await;
                        let again = h.drain().await;
                        assert!(!again.is_empty());
                        redelivered += again.len();
                        index += 1;
                        continue;
                    }
                    let batch = h.service.claim(100).await.unwrap();
                    assert!(
                        batch.len() > c.confirmed,
                        "the crash leaves some messages unconfirmed"
                    );
                    for d in &batch[..c.confirmed] {
                        h.service.delivered(d.id).await.unwrap();
                        h.sent.push(d.message.clone());
                    }
                    let unconfirmed: Vec<Outgoing> = batch[c.confirmed..]
                        .iter()
                        .map(|d| d.message.clone())
                        .collect();
                    // Crash, and start again on the same file.
                    h = h.restart().await;
                    // The unconfirmed messages are leased to the dead deliverer…
                    assert!(
                        h.service.claim(100).await.unwrap().is_empty(),
                        "nothing is claimable during the lease"
                    );
                    h.clock.advance(LEASE_MS - 1);
                    assert!(
                        h.service.claim(100).await.unwrap().is_empty(),
                        "nothing is claimable during the lease"
                    );
                    // …and delivered once the lease has run out, in order.
                    h.clock.advance(2);
                    let again = h.service.claim(100).await.unwrap();
                    assert_eq!(
                        again.iter().map(|d| d.message.clone()).collect::<Vec<_>>(),
                        unconfirmed
                    );
                    assert!(
                        again.iter().all(|d| d.attempts == 2),
                        "second attempt: {again:?}"
                    );
                    for d in &again {
                        h.service.delivered(d.id).await.unwrap();
                        h.sent.push(d.message.clone());
                    }
                    redelivered += again.len();
                    assert!(h.drain().await.is_empty(), "nothing else was queued");
                }
            }
            index += 1;
        }
    }
    // Every queued message was delivered exactly once.
    let counts = h.store().outbox_counts().await.unwrap();
    assert_eq!((counts.pending, counts.failed), (0, 0));
    assert_eq!(
        counts.sent as usize,
        h.sent.len(),
        "each outbox message delivered once"
    );
    let table = TableId(1);
    let mut records = Vec::new();
    for deal in h.store().deals_of(table).await.unwrap() {
        records.push(deal_record(h.store(), deal.id).await);
    }
    assert_eq!(check_settlements(&h, table, Lang::De).await, 2);
    Outcome {
        sent: h.sent.clone(),
        records,
        balances: h.store().table_balances(table).await.unwrap(),
        redelivered,
        commands,
    }
}

fn assert_same(crashed: &Outcome, reference: &Outcome, what: &str) {
    assert_eq!(
        crashed.records, reference.records,
        "{what}: the same deals were played"
    );
    assert_eq!(
        crashed.balances, reference.balances,
        "{what}: the same ledger"
    );
    let settlements = |o: &Outcome| -> Vec<Outgoing> {
        o.sent
            .iter()
            .filter(|m| matches!(m, Outgoing::Settlement { .. }))
            .cloned()
            .collect()
    };
    assert_eq!(
        settlements(crashed),
        settlements(reference),
        "{what}: the same settlements"
    );
    assert_eq!(
        crashed.sent.len(),
        reference.sent.len(),
        "{what}: no message lost or sent twice"
    );
    for (i, (a, b)) in crashed.sent.iter().zip(&reference.sent).enumerate() {
        assert_eq!(a, b, "{what}: message {i} differs");
    }
}

#[tokio::test]
async fn restarts_change_nothing_a_player_can_see() {
    let reference = run(None).await;
    assert_eq!(reference.redelivered, 0);
    assert_eq!(reference.records.len(), 2);
    let find = |kind: &str, nth: usize| -> usize {
        reference
            .commands
            .iter()
            .enumerate()
            .filter(|(_, k)| **k == kind)
            .nth(nth)
            .unwrap_or_else(|| panic!("no {kind} command {nth}: {:?}", reference.commands))
            .0
    };
    let last_card_of_first_deal = find("start", 1) - 1;
    assert_eq!(reference.commands[last_card_of_first_deal], "play");
    let crashes = [
        (
            "at the first deal's last card (the settlement unconfirmed)",
            Crash {
                move_index: last_card_of_first_deal,
                claimed: true,
                confirmed: 0,
            },
        ),
        (
            "at the first deal's start",
            Crash {
                move_index: find("start", 0),
                claimed: true,
                confirmed: 0,
            },
        ),
        (
            "in the bidding",
            Crash {
                move_index: find("bid", 0),
                claimed: true,
                confirmed: 0,
            },
        ),
        (
            "in the trick play, part of a batch confirmed",
            Crash {
                move_index: find("play", 3),
                claimed: true,
                confirmed: 1,
            },
        ),
        (
            "in the second deal's trick play",
            Crash {
                move_index: find("play", 25),
                claimed: true,
                confirmed: 1,
            },
        ),
        (
            "in the trick play, before the claim",
            Crash {
                move_index: find("play", 7),
                claimed: false,
                confirmed: 0,
            },
        ),
        (
            "between deals, at the next deal's start",
            Crash {
                move_index: find("start", 1),
                claimed: true,
                confirmed: 1,
            },
        ),
    ];
    // Deal 2 starts before the crash of the second deal's trick play.
    assert!(find("start", 1) < find("play", 25));
    for (what, crash) in crashes {
        let crashed = run(Some(crash)).await;
        assert_eq!(crashed.commands, reference.commands, "{what}");
        assert!(crashed.redelivered > 0, "{what}");
        assert_same(&crashed, &reference, what);
    }
}
