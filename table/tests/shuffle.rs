//! Deals nobody can predict: the production service shuffles every deal
//! from fresh OS entropy, whatever its clock says, stores the seed with the
//! deal before any hand is sent, continues the identical deal after a
//! restart, and lets the seed out nowhere before the deal's settlement
//! reveals it: not in a message, a record or a log line. A service with a
//! fixed seed stays reproducible.

mod common;

use std::sync::{Arc, Mutex};

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{DealId, DealRow, DealStatus, TableId};
use tarock_table::{CommandKind, Lang, ManualClock, Outgoing, Pace, RandomnessMode, TableSettings};
use tarock_zwanzigerrufen::{Phase, Seat};

const HUMANS: [&str; 2] = ["Anna", "Bert"];

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

/// Every line logged by anything in this test binary, at every level.
static LOG: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Appends each formatted log line (message and every field) to [`LOG`].
#[derive(Clone, Copy)]
struct Recorder;

impl std::io::Write for Recorder {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        LOG.lock()
            .unwrap()
            .push(String::from_utf8_lossy(buf).into_owned());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn record_logs() {
    // Several tests may ask; the first one installs the recorder.
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(|| Recorder)
        .finish();
    let _ = tracing::subscriber::set_global_default(subscriber);
}

/// A table of Anna, Bert and two medium computers with its first deal
/// started by Anna.
async fn first_deal(h: &mut Harness) -> TableId {
    let table = h.table_with(&HUMANS, "medium", settings()).await;
    h.press_table_button(table, "Anna", ":s").await;
    table
}

/// The deal rows of `table`, in order.
async fn deals(h: &Harness, table: TableId) -> Vec<DealRow> {
    h.store().deals_of(table).await.unwrap()
}

/// The seed stored with `deal`, which must have one.
async fn seed_of(h: &Harness, deal: DealId) -> [u8; 32] {
    h.store()
        .shuffle_seed(deal)
        .await
        .unwrap()
        .expect("every deal the service dealt has its seed")
}

/// The hands a stored seed deals, as the record writes them.
fn hands_of(seed: [u8; 32]) -> [String; 4] {
    let deal =
        tarock_zwanzigerrufen::Deal::shuffled(&mut tarock_game_core::fair::shuffle_rng(&seed));
    Seat::ALL.map(|s| deal.hand(s).to_string())
}

fn hex(seed: &[u8; 32]) -> String {
    seed.iter().map(|b| format!("{b:02x}")).collect()
}

/// Two production services started at the same instant of the same clock,
/// with the same tables and the same commands, deal different hands: the
/// shuffle does not follow from anything the two share.
#[tokio::test]
async fn two_services_with_the_same_clock_deal_different_hands() {
    let clock = Arc::new(ManualClock::new(T0));
    let mut one = Harness::with_entropy(clock.clone()).await;
    let mut two = Harness::with_entropy(clock.clone()).await;
    assert_eq!(one.service.randomness(), RandomnessMode::Entropy);
    let (t1, t2) = (first_deal(&mut one).await, first_deal(&mut two).await);
    assert_eq!(t1, t2, "the same table id at both");
    let (d1, d2) = (&deals(&one, t1).await[0], &deals(&two, t2).await[0]);
    assert_eq!((d1.number, d1.started_ms), (d2.number, d2.started_ms));
    assert_ne!(d1.hands, d2.hands);
    assert_ne!(seed_of(&one, d1.id).await, seed_of(&two, d2.id).await);
    // Not even Anna's own ten cards agree.
    assert_ne!(d1.hands[0], d2.hands[0]);
}

/// The same fixed seed deals the same hands in two services, and another
/// seed deals others: tests and `--seed` runs stay reproducible.
#[tokio::test]
async fn a_fixed_seed_deals_the_same_hands_every_time() {
    let mut one = Harness::new(31).await;
    let mut two = Harness::new(31).await;
    let mut other = Harness::new(32).await;
    assert_eq!(one.service.randomness(), RandomnessMode::FixedSeed);
    let tables = [
        first_deal(&mut one).await,
        first_deal(&mut two).await,
        first_deal(&mut other).await,
    ];
    let d1 = &deals(&one, tables[0]).await[0];
    let d2 = &deals(&two, tables[1]).await[0];
    let d3 = &deals(&other, tables[2]).await[0];
    assert_eq!(d1.hands, d2.hands);
    assert_ne!(d1.hands, d3.hands);
    // The fixed seed is stored like an entropy seed, and deals the hands.
    assert_eq!(hands_of(seed_of(&one, d1.id).await).to_vec(), d1.hands);
}

/// Every deal, redeals included, is stored with the seed that shuffles
/// exactly its hands and the commitment to them, in the transaction that
/// dealt it; no two seeds of a table are alike.
#[tokio::test]
async fn every_deal_is_stored_with_the_seed_of_its_hands() {
    let mut h = Harness::with_entropy(Arc::new(ManualClock::new(T0))).await;
    let table = first_deal(&mut h).await;
    let mut rng = StdRng::seed_from_u64(19);
    for _ in 0..3 {
        h.play_out(table, &HUMANS, &mut rng).await;
        h.press_table_button(table, "Anna", ":s").await;
    }
    let rows = deals(&h, table).await;
    assert!(rows.len() >= 4, "{rows:?}");
    let mut seeds = Vec::new();
    for row in &rows {
        let seed = seed_of(&h, row.id).await;
        assert_eq!(hands_of(seed).to_vec(), row.hands, "deal {}", row.number);
        // And with the commitment to seed, salt and hands (README).
        let (seed_hex, salt_hex) = secrets_of(h.store(), row).await;
        let hands: [&str; 4] = std::array::from_fn(|i| row.hands[i].as_str());
        assert_eq!(
            row.commitment.map(|c| hex32(&c)),
            Some(readme_commitment(&seed_hex, &salt_hex, &hands)),
            "deal {}",
            row.number
        );
        assert!(!seeds.contains(&seed), "deal {} repeats a seed", row.number);
        seeds.push(seed);
    }
}

/// The service is dropped in the middle of the trick play and a new
/// production service (with entropy of its own) opens the same file: the
/// deal goes on with the same hands and the same stored seed, Anna sees
/// the same cards, and it is played to its end. The next deal gets a new
/// seed.
#[tokio::test]
async fn a_restart_mid_deal_continues_the_identical_deal() {
    let mut h = Harness::with_entropy(Arc::new(ManualClock::new(T0))).await;
    let table = first_deal(&mut h).await;
    let mut rng = StdRng::seed_from_u64(1919);
    while h.game(table).await.unwrap().phase() == Phase::Bidding
        || h.game(table).await.unwrap().tricks().len() < 3
    {
        h.random_move(table, &HUMANS, &mut rng).await;
        assert!(h.settlements_of(table).is_empty(), "the deal ended early");
    }
    let before = h.loaded(table).await.deal.unwrap();
    let seed = seed_of(&h, before.deal.id).await;
    let anna = h.seat_of(table, "Anna").await.unwrap();
    let anna_hand = common::zr_game(&before).unwrap().hand(anna);

    let mut h = h.restart().await;
    assert_eq!(h.service.randomness(), RandomnessMode::Entropy);
    let after = h.loaded(table).await.deal.unwrap();
    assert_eq!(after.deal.id, before.deal.id);
    assert_eq!(after.deal.hands, before.deal.hands);
    assert_eq!(after.events, before.events);
    assert_eq!(common::zr_game(&after), common::zr_game(&before));
    assert_eq!(seed_of(&h, after.deal.id).await, seed);
    // Anna asks for her hand and gets the same cards.
    let replies = h.run("Anna", CommandKind::Hand(Some(table))).await;
    let shown = replies
        .iter()
        .find_map(|m| match m {
            Outgoing::Private { text, .. } => Some(text.clone()),
            _ => None,
        })
        .expect("Anna's hand");
    for card in anna_hand.iter() {
        let label = tarock_zwanzigerrufen_face::render::card_label(card, Lang::De);
        assert!(shown.contains(&label), "{label} missing from {shown}");
    }

    h.play_out(table, &HUMANS, &mut rng).await;
    let finished = &deals(&h, table).await[0];
    assert_eq!(finished.status, DealStatus::Finished);
    assert_eq!(finished.hands, before.deal.hands);
    h.press_table_button(table, "Anna", ":s").await;
    let rows = deals(&h, table).await;
    let next = rows.last().unwrap();
    assert!(next.number >= 2);
    let next_seed = seed_of(&h, next.id).await;
    assert_ne!(next_seed, seed);
    assert_eq!(hands_of(next_seed).to_vec(), next.hands);
}

/// Whole deals at a production table: a deal's seed and salt are in no
/// message sent (public or private) while the deal is played, in no
/// exported record and in no log line (the service's start line says which
/// randomness runs, and nothing more). Once a deal is over its settlement
/// (in the chat and each person's copy), and nothing else, reveals both; a
/// deal still being played and a redealt one reveal nothing anywhere.
#[tokio::test]
async fn a_deal_seed_is_in_no_message_record_or_log_line_before_its_settlement() {
    record_logs();
    let mut h = Harness::with_entropy(Arc::new(ManualClock::new(T0))).await;
    let table = first_deal(&mut h).await;
    let mut rng = StdRng::seed_from_u64(4);
    h.play_out(table, &HUMANS, &mut rng).await;
    h.press_table_button(table, "Anna", ":s").await;
    h.random_move(table, &HUMANS, &mut rng).await;
    let rows = deals(&h, table).await;
    assert!(rows.len() >= 2);
    assert_eq!(rows.last().unwrap().status, DealStatus::Active);
    let mut records = Vec::new();
    for row in &rows {
        records.push(h.store().record_text(row.id).await.unwrap());
    }
    let logged = LOG.lock().unwrap().clone();
    // The service said at its start which randomness it runs on.
    assert!(
        logged
            .iter()
            .any(|l| l.contains("randomness") && l.contains("OS entropy")),
        "{logged:?}"
    );
    let messages: Vec<String> = h
        .sent
        .iter()
        .map(|m| serde_json::to_string(m).unwrap())
        .collect();
    assert!(messages.len() > 20, "a deal sends many messages");
    let mut revealed = 0;
    for row in &rows {
        let seed = seed_of(&h, row.id).await;
        let (seed_hex, salt_hex) = secrets_of(h.store(), row).await;
        assert_eq!(seed_hex, hex(&seed));
        // Each secret in hex, upper-case hex, a part of it, and the seed's
        // bytes as a list of numbers.
        let secrets = [
            seed_hex.clone(),
            seed_hex.to_uppercase(),
            seed_hex[..16].to_owned(),
            format!("{}, {}, {}, {}", seed[0], seed[1], seed[2], seed[3]),
            format!("{},{},{},{}", seed[0], seed[1], seed[2], seed[3]),
            salt_hex.clone(),
            salt_hex.to_uppercase(),
            salt_hex[..16].to_owned(),
        ];
        let title = format!("Abrechnung Tisch {}, Spiel {}\n", table.0, row.number);
        for (message, text) in h.sent.iter().zip(&messages) {
            // The public settlement, or a player's private copy of it.
            let own_settlement = matches!(
                message,
                Outgoing::Settlement { text, .. } | Outgoing::Private { text, .. }
                    if text.contains(&title)
            );
            if own_settlement {
                assert_eq!(row.status, DealStatus::Finished);
                assert!(text.contains(&format!("Seed: {seed_hex}")), "{text}");
                assert!(text.contains(&format!("Salz: {salt_hex}")), "{text}");
                revealed += 1;
                continue;
            }
            for secret in &secrets {
                assert!(!text.contains(secret.as_str()), "{secret} leaked in {text}");
            }
        }
        for text in records.iter().chain(&logged) {
            for secret in &secrets {
                assert!(!text.contains(secret.as_str()), "{secret} leaked in {text}");
            }
        }
    }
    let finished = rows
        .iter()
        .filter(|r| r.status == DealStatus::Finished)
        .count();
    assert!(finished >= 1);
    // In the chat and to each of the two people at the table.
    assert_eq!(revealed, 3 * finished, "each finished deal is revealed");
}
