//! A database written by the schema before migration 0014 (every
//! Zwanzigerrufen deal stored with its hands and one record action per
//! bidding turn or card; the other games by seed and tokens) upgrades, and
//! every deal loads as a round of its game in the state the old replay
//! gave: a Zwanzigerrufen deal in the middle of the bidding and one in the
//! middle of the trick play (in a double round), a thrown-in deal, a
//! finished deal that still exports as it did, a Königrufen and a 20 ab
//! round in the middle of play. The deal in the middle of play then
//! finishes by tokens. On SQLite and on PostgreSQL.

mod common;

use common::*;
use tarock_game_core::{DynGame, Game as _, Seat, fair};
use tarock_games::{SeededRound, by_id};
use tarock_storage::{Backend, DealId, Event, Store, TableId};
use tarock_zwanzigerrufen::record::Record;
use tarock_zwanzigerrufen::{Action, Deal, Game, Phase, Preset, ReplayReport, Zwanzigerrufen};

/// A seed from a small number, spread over its 32 bytes.
fn seed(n: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (i % 8 * 8)) as u8 ^ i as u8;
    }
    bytes
}

fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A Zwanzigerrufen deal from seed `n` (the first that forces no redeal
/// from `n` on), played by first legal actions until `stop` says so: its
/// seed and its record as the older path stored it.
fn zr_record(preset: Preset, from: u64, stop: impl Fn(&Game) -> bool) -> ([u8; 32], Record) {
    let kind = by_id("zwanzigerrufen").unwrap();
    let spec = serde_json::Value::from(preset.name());
    for n in from.. {
        let mut round = SeededRound::new(kind, &spec, 4, Seat::new(0), &seed(n)).unwrap();
        if round.round().thrown_in().is_some() {
            continue;
        }
        loop {
            let zr = round.round().downcast_ref::<Zwanzigerrufen>().unwrap();
            let game = zr.game().unwrap();
            if round.round().to_record().is_some() && stop(game) {
                return (seed(n), Record::from_game(game));
            }
            let seat = round.round().to_act().expect("stopped before the end");
            let token = round.round().legal_tokens().remove(0);
            round.apply(seat, &token).unwrap();
        }
    }
    unreachable!()
}

/// A seed from `from` on whose first shuffle forces a redeal under `preset`.
fn thrown_in_seed(preset: Preset, from: u64) -> ([u8; 32], Deal) {
    let rules = preset.rules();
    (from..)
        .find_map(|n| {
            let deal = Deal::shuffled(&mut fair::shuffle_rng(&seed(n)));
            deal.redeal_seat(&rules)
                .is_some()
                .then_some((seed(n), deal))
        })
        .unwrap()
}

/// A round of `game` at `seats` seats from `n`, after `steps` first legal
/// tokens: its seed and tokens.
fn family_round(game: &str, seats: u8, n: u64, steps: usize) -> ([u8; 32], Vec<(Seat, String)>) {
    let kind = by_id(game).unwrap();
    let mut round =
        SeededRound::new(kind, &"standard".into(), seats, Seat::new(0), &seed(n)).unwrap();
    let mut log = Vec::new();
    for _ in 0..steps {
        let seat = round.round().to_act().unwrap();
        let token = round.round().legal_tokens().remove(0);
        round.apply(seat, &token).unwrap();
        log.push((seat, token));
    }
    (seed(n), log)
}

/// SQL values of a deal's events: `(deal, seq, seat, 'action', at, 0)`.
fn event_rows(deal: i64, events: &[(Seat, String)]) -> String {
    events
        .iter()
        .enumerate()
        .map(|(i, (seat, action))| format!("({deal}, {i}, {}, '{action}', {i}, 0)", seat.index()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The events of a record, as (seat, action text without the seat).
fn record_events(record: &Record) -> Vec<(Seat, String)> {
    record
        .actions
        .iter()
        .map(|a| {
            let (seat, action) = a.split_once(' ').unwrap();
            (Seat::new(seat.parse().unwrap()), action.to_owned())
        })
        .collect()
}

fn zr(round: &dyn DynGame) -> &Zwanzigerrufen {
    round.downcast_ref::<Zwanzigerrufen>().unwrap()
}

async fn old_zwanzigerrufen_deals_load_as_rounds(backend: Backend) {
    let Some(old) = database_at_version(backend, 13).await else {
        return;
    };
    // Table 1 (standard): deal 1 finished, deal 2 thrown in, deal 3 in the
    // middle of the bidding (two turns said).
    let (_, finished) = zr_record(Preset::Standard, 10, |g| g.phase() == Phase::Finished);
    let (thrown_seed, thrown) = thrown_in_seed(Preset::Standard, 0);
    let (bidding_seed, bidding) = zr_record(Preset::Standard, 50, |g| {
        g.phase() == Phase::Bidding && Record::from_game(g).actions.len() >= 2
    });
    let bidding_turns = record_events(&bidding);
    assert!(bidding_turns.len() >= 2, "{bidding:?}");
    // Table 2 (wikipedia, a double round with 3 doubled deals to come):
    // deal 1 in the middle of the trick play, dealt at factor 2.
    let (play_seed, playing) = zr_record(Preset::Wikipedia, 90, |g| {
        g.phase() == Phase::Play && g.tricks().len() >= 3
    });
    // Table 3: Königrufen; table 4: 20 ab at three seats, both mid-round.
    let (kr_seed, kr_log) = family_round("koenigrufen", 4, 3, 9);
    let (ab_seed, ab_log) = family_round("zwanzig-ab", 3, 4, 12);

    old.exec(
        "INSERT INTO players (id, platform, platform_user_id, display_name, language, created_ms)
         VALUES (1, 'telegram', 'u1', 'anna', 'de', 1)",
    )
    .await;
    old.exec(
        "INSERT INTO tables (id, platform, chat_id, rules, stake_cents, pace_ms, language, status,
                             creator_id, created_ms, updated_ms, game, seat_count, round_state)
         VALUES (1, 'telegram', 'c1', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'zwanzigerrufen', 4, '{\"remaining\":0}'),
                (2, 'telegram', 'c2', '\"wikipedia\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'zwanzigerrufen', 4, '{\"remaining\":3}'),
                (3, 'telegram', 'c3', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'koenigrufen', 4, NULL),
                (4, 'telegram', 'c4', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'zwanzig-ab', 3, NULL)",
    )
    .await;
    let hands = |r: &Record| serde_json::to_string(&r.hands).unwrap();
    let thrown_hands: Vec<String> = tarock_zwanzigerrufen::Seat::ALL
        .map(|s| thrown.hand(s).to_string())
        .to_vec();
    old.exec(&format!(
        "INSERT INTO deals (id, table_id, number, forehand, hands, rules, factor, status,
                            started_ms, finished_ms, shuffle_seed, game)
         VALUES (11, 1, 1, 0, '{}', '\"standard\"', 1, 'finished', 1, 2, NULL, 'zwanzigerrufen'),
                (12, 1, 2, 1, '{}', '\"standard\"', 1, 'redeal', 3, 3, '{}', 'zwanzigerrufen'),
                (13, 1, 3, 0, '{}', '\"standard\"', 1, 'active', 4, NULL, '{}', 'zwanzigerrufen'),
                (21, 2, 1, 0, '{}', '\"wikipedia\"', 2, 'active', 5, NULL, '{}', 'zwanzigerrufen'),
                (31, 3, 1, 0, '[]', '\"standard\"', 1, 'active', 6, NULL, '{}', 'koenigrufen'),
                (41, 4, 1, 0, '[]', '\"standard\"', 1, 'active', 7, NULL, '{}', 'zwanzig-ab')",
        hands(&finished),
        serde_json::to_string(&thrown_hands).unwrap(),
        hex(&thrown_seed),
        hands(&bidding),
        hex(&bidding_seed),
        hands(&playing),
        hex(&play_seed),
        hex(&kr_seed),
        hex(&ab_seed),
    ))
    .await;
    old.exec(&format!(
        "INSERT INTO events (deal_id, seq, seat, action, at_ms, by_computer) VALUES {}, {}, {}, {}, {}",
        event_rows(11, &record_events(&finished)),
        event_rows(13, &bidding_turns),
        event_rows(21, &record_events(&playing)),
        event_rows(31, &kr_log),
        event_rows(41, &ab_log),
    ))
    .await;

    let store = Store::open(&old.url).await.unwrap();

    // Mid-bidding: the round is the old replay's game, and so is `game`.
    let loaded = store
        .load_table(TableId(1))
        .await
        .unwrap()
        .unwrap()
        .deal
        .unwrap();
    assert_eq!(loaded.deal.id, DealId(13));
    assert_eq!(loaded.deal.tokens_from, None);
    let old_game = bidding.to_game().unwrap();
    assert_eq!(old_game.phase(), Phase::Bidding);
    let round = loaded.round.as_ref().unwrap().round();
    assert_eq!(zr(round).game(), Some(&old_game));
    assert_eq!(
        round.to_act().map(|s| s.index()),
        old_game.to_act().map(|s| s.index())
    );
    assert_eq!(round.carry().as_deref(), Some(r#"{"remaining":0}"#));

    // Thrown in: the round says who forced it, with which hand.
    let redeal = store.load_deal(DealId(12)).await.unwrap().unwrap();
    let thrown_in = redeal.round.as_ref().unwrap().round().thrown_in().unwrap();
    let forcing = thrown.redeal_seat(&Preset::Standard.rules()).unwrap();
    assert_eq!(thrown_in.seat.index(), forcing.index());
    assert_eq!(thrown_in.cards, thrown.hand(forcing).to_string());

    // Finished: exported exactly as before, and it replays to the end.
    let text = store.record_text(DealId(11)).await.unwrap();
    let exported = Record {
        rules: "standard".into(),
        ..finished.clone()
    };
    assert_eq!(text, exported.to_json());
    let report = serde_json::to_value(ReplayReport::from_json(&text)).unwrap();
    assert_eq!(report["status"], "finished");
    let done = store.load_deal(DealId(11)).await.unwrap().unwrap();
    let done_round = done.round.as_ref().unwrap().round();
    assert!(done_round.is_over());
    assert_eq!(
        done_round.settlement().unwrap().units(),
        finished
            .to_game()
            .unwrap()
            .settlement()
            .unwrap()
            .changes
            .as_slice()
    );

    // Mid-play in a double round: the round is the old game, settles at the
    // stored factor and carries the kept double round.
    let loaded = store
        .load_table(TableId(2))
        .await
        .unwrap()
        .unwrap()
        .deal
        .unwrap();
    let old_game = playing.to_game().unwrap();
    let round = loaded.round.as_ref().unwrap();
    assert_eq!(zr(round.round()).game(), Some(&old_game));
    assert_eq!(zr(round.round()).double_round().remaining, 3);
    assert_eq!(loaded.deal.carry.as_deref(), Some(r#"{"remaining":3}"#));
    // It finishes by tokens: the generic path marks where they begin.
    let mut round = round.clone();
    let mut engine = old_game.clone();
    let mut seq = loaded.next_seq();
    let first_token = seq;
    let mut tx = store.begin().await.unwrap();
    tx.continue_in_tokens(DealId(21), seq).await.unwrap();
    while let Some(seat) = round.round().to_act() {
        let token = round.round().legal_tokens().remove(0);
        round.apply(seat, &token).unwrap();
        let action: Action = Zwanzigerrufen::parse_action_token(&token).unwrap();
        engine
            .apply(
                tarock_zwanzigerrufen::Seat::new(seat.number()).unwrap(),
                action,
            )
            .unwrap();
        tx.append_token(
            DealId(21),
            &Event {
                seq,
                seat,
                action: token,
                at_ms: 10,
                by_computer: false,
            },
        )
        .await
        .unwrap();
        seq += 1;
    }
    tx.commit().await.unwrap();
    let reloaded = store.load_deal(DealId(21)).await.unwrap().unwrap();
    assert_eq!(reloaded.deal.tokens_from, Some(first_token));
    let finished_round = reloaded.round.as_ref().unwrap().round();
    assert!(finished_round.same_as(round.round()));
    assert_eq!(zr(finished_round).game(), Some(&engine));
    let doubled: Vec<i64> = engine
        .settlement()
        .unwrap()
        .changes
        .iter()
        .map(|c| c * 2)
        .collect();
    assert_eq!(
        finished_round.settlement().unwrap().units(),
        doubled.as_slice()
    );
    // Its export is the whole deal, and it replays to the end.
    let text = store.record_text(DealId(21)).await.unwrap();
    let report = serde_json::to_value(ReplayReport::from_json(&text)).unwrap();
    assert_eq!(report["status"], "finished");
    assert_eq!(Record::from_json(&text).unwrap().to_game().unwrap(), engine);

    // Königrufen and 20 ab: the same rounds as before the upgrade.
    for (table, game, seats, seed, log) in [
        (3, "koenigrufen", 4, kr_seed, &kr_log),
        (4, "zwanzig-ab", 3, ab_seed, &ab_log),
    ] {
        let loaded = store
            .load_table(TableId(table))
            .await
            .unwrap()
            .unwrap()
            .deal
            .unwrap();
        assert_eq!(loaded.deal.tokens_from, Some(0));
        let mut expected = SeededRound::new(
            by_id(game).unwrap(),
            &"standard".into(),
            seats,
            Seat::new(0),
            &seed,
        )
        .unwrap();
        for (seat, token) in log {
            expected.apply(*seat, token).unwrap();
        }
        assert!(
            loaded
                .round
                .as_ref()
                .unwrap()
                .round()
                .same_as(expected.round()),
            "{game}"
        );
    }
}

#[tokio::test]
async fn sqlite_old_zwanzigerrufen_deals_load_as_rounds() {
    old_zwanzigerrufen_deals_load_as_rounds(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_old_zwanzigerrufen_deals_load_as_rounds() {
    old_zwanzigerrufen_deals_load_as_rounds(Backend::Postgres).await;
}
