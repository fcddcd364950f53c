//! Complete tables of several deals, driven only through what the players
//! are shown: four humans pressing buttons of their own newest private
//! view, one human with three computers, under every rules preset. The
//! settlements shown must be the engine's settlement of the stored record,
//! and the balances shown must be the ledger's, in units and money, summing
//! to zero.

mod common;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{DealStatus, Participant, TableStatus};
use tarock_table::{Lang, Outgoing, Pace, TableSettings};
use tarock_zwanzigerrufen::Seat;

const NAMES: [&str; 4] = ["Anna", "Bert", "Cleo", "Dora"];

fn settings(rules: &str, stake_cents: i64, lang: Lang) -> TableSettings {
    TableSettings {
        game: "zwanzigerrufen".into(),
        seats: None,
        rules: rules.into(),
        stake_cents,
        pace: Pace::LIVE,
        lang,
        another: false,
    }
}

/// Plays `deals` deals at a table of `humans` and computers of `level`,
/// starting each next deal from the table view's button; checks the
/// settlements after every deal.
async fn play_table(
    seed: u64,
    humans: &[&str],
    level: &str,
    settings: TableSettings,
    deals: usize,
) -> Harness {
    let lang = settings.lang;
    let mut h = Harness::new(seed).await;
    for name in humans {
        h.set_lang(name, lang);
    }
    let table = h.table_with(humans, level, settings).await;
    let mut rng = StdRng::seed_from_u64(seed);
    let r = h.press_table_button(table, humans[0], ":s").await;
    assert!(r.is_empty(), "start: {r:?}");
    for deal in 1..=deals {
        h.play_out(table, humans, &mut rng).await;
        assert_eq!(check_settlements(&h, table, lang).await, deal);
        // Between deals nobody holds live buttons and the table offers the next deal.
        for name in humans {
            if let Some(Outgoing::Private { buttons, .. }) = h.last_private_of(table, name) {
                assert!(
                    buttons.is_empty(),
                    "{name} still holds buttons after the deal"
                );
            }
        }
        if deal < deals {
            let starter = humans[deal % humans.len()];
            let r = h.press_table_button(table, starter, ":s").await;
            assert!(r.is_empty(), "next deal: {r:?}");
        }
    }
    let stored = h.store().deals_of(table).await.unwrap();
    assert_eq!(
        stored
            .iter()
            .filter(|d| d.status == DealStatus::Finished)
            .count(),
        deals
    );
    assert!(
        stored
            .iter()
            .all(|d| matches!(d.status, DealStatus::Finished | DealStatus::Redeal))
    );
    assert_eq!(
        h.store().table(table).await.unwrap().unwrap().status,
        TableStatus::Playing
    );
    h
}

#[tokio::test]
async fn four_humans_standard_german() {
    let h = play_table(101, &NAMES, "easy", settings("standard", 10, Lang::De), 4).await;
    // Every person has a balance line of their own; no computer played.
    let balances = h
        .store()
        .table_balances(tarock_storage::TableId(1))
        .await
        .unwrap();
    assert_eq!(balances.len(), 4);
    assert!(
        balances
            .iter()
            .all(|b| matches!(b.participant, Participant::Player(_)) && b.deals == 4)
    );
}

#[tokio::test]
async fn four_humans_directnet_english() {
    play_table(202, &NAMES, "easy", settings("directnet", 25, Lang::En), 3).await;
}

#[tokio::test]
async fn four_humans_tarockwelt_german() {
    play_table(
        303,
        &NAMES,
        "easy",
        settings("tarockwelt", 100, Lang::De),
        3,
    )
    .await;
}

#[tokio::test]
async fn four_humans_wikipedia_english() {
    play_table(404, &NAMES, "easy", settings("wikipedia", 5, Lang::En), 3).await;
}

#[tokio::test]
async fn four_humans_with_overrides() {
    // Rules as a JSON object with an override.
    play_table(
        505,
        &NAMES,
        "easy",
        settings(r#"{"preset":"standard","solo_value":5}"#, 20, Lang::De),
        2,
    )
    .await;
}

#[tokio::test]
async fn one_human_and_three_computers_every_preset() {
    for (i, preset) in ["standard", "directnet", "tarockwelt", "wikipedia"]
        .into_iter()
        .enumerate()
    {
        let lang = if i % 2 == 0 { Lang::De } else { Lang::En };
        let level = if i % 2 == 0 { "medium" } else { "easy" };
        let h = play_table(
            600 + i as u64,
            &["Anna"],
            level,
            settings(preset, 10 + 10 * i as i64, lang),
            4,
        )
        .await;
        // The three computers of one level keep three balances, one per
        // seat, each the sum of its seat's changes over the four deals
        // (check_settlements checked every deal's running sums by name);
        // with Anna's they sum to zero.
        let table = tarock_storage::TableId(1);
        let balances = h.store().table_balances(table).await.unwrap();
        assert_eq!(balances.len(), 4, "{preset}: {balances:?}");
        let mut seat_sums = [0i64; 4];
        for deal in h.store().deals_of(table).await.unwrap() {
            if let Some(stored) = h.store().settlement(deal.id).await.unwrap() {
                for (seat, _, units) in stored.seats {
                    seat_sums[seat.index()] += units;
                }
            }
        }
        for seat in [Seat::S1, Seat::S2, Seat::S3] {
            let computer = Participant::Computer {
                seat: seat.into(),
                level: level.into(),
            };
            let balance = balances
                .iter()
                .find(|b| b.participant == computer)
                .unwrap_or_else(|| panic!("{preset}: no balance of {computer:?}"));
            assert_eq!(balance.units, seat_sums[seat.index()], "{preset}: {seat:?}");
            assert_eq!(balance.deals, 4);
        }
        assert_eq!(balances.iter().map(|b| b.units).sum::<i64>(), 0);
        // The newest settlement shows each computer seat by its own name
        // with its own balance.
        let Outgoing::Settlement { text, .. } = h.settlements_of(table).last().unwrap() else {
            unreachable!()
        };
        for seat in [Seat::S1, Seat::S2, Seat::S3] {
            let name = computer_seat_name(seat, level, lang);
            assert_eq!(
                text.lines()
                    .filter(|l| l.starts_with(&format!("{name}: ")))
                    .count(),
                1,
                "{preset}: {name}\n{text}"
            );
        }
        // Anna only ever acted herself: her events are hers, the computers'
        // are not stand-ins.
        for deal in h
            .store()
            .deals_of(tarock_storage::TableId(1))
            .await
            .unwrap()
        {
            if let Some(loaded) = h.store().load_deal(deal.id).await.unwrap() {
                assert!(
                    loaded.events.iter().all(|e| !e.by_computer),
                    "{preset}: no stand-in without a deadline"
                );
            }
        }
    }
}

#[tokio::test]
async fn two_humans_and_two_computers_of_different_levels() {
    let mut h = Harness::new(707).await;
    let table = h.create("Anna", settings("standard", 50, Lang::De)).await;
    assert!(
        h.run("Bert", tarock_table::CommandKind::Join(Some(table), None))
            .await
            .is_empty()
    );
    assert!(
        h.run(
            "Anna",
            tarock_table::CommandKind::AddComputer(Some(table), "easy".into(), None)
        )
        .await
        .is_empty()
    );
    assert!(
        h.run(
            "Bert",
            tarock_table::CommandKind::AddComputer(Some(table), "medium".into(), None)
        )
        .await
        .is_empty()
    );
    let mut rng = StdRng::seed_from_u64(707);
    assert!(h.press_table_button(table, "Bert", ":s").await.is_empty());
    for deal in 1..=4 {
        h.play_out(table, &["Anna", "Bert"], &mut rng).await;
        assert_eq!(check_settlements(&h, table, Lang::De).await, deal);
        if deal < 4 {
            assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
        }
    }
    let balances = h.store().table_balances(table).await.unwrap();
    assert_eq!(balances.len(), 4, "{balances:?}");
    for (seat, level) in [(Seat::S2, "easy"), (Seat::S3, "medium")] {
        let computer = Participant::Computer {
            seat: seat.into(),
            level: level.into(),
        };
        assert!(balances.iter().any(|b| b.participant == computer));
    }
}

/// A quiet bidding (the Vorhand's Rufer, everyone else Weiter) and random
/// cards, so that the deals are plain Rufer games.
async fn quiet_move(
    h: &mut Harness,
    table: tarock_storage::TableId,
    names: &[&str],
    rng: &mut StdRng,
) {
    use rand::Rng;
    for name in names {
        if let Some(Outgoing::Private { buttons, .. }) = h.last_private_of(table, name).cloned() {
            let all: Vec<_> = buttons.iter().flatten().cloned().collect();
            if all.is_empty() {
                continue;
            }
            let button = all
                .iter()
                .find(|b| b.label == "Weiter")
                .or_else(|| all.iter().find(|b| b.label == "Rufer"))
                .cloned()
                .unwrap_or_else(|| all[rng.random_range(0..all.len())].clone());
            let r = h.press(name, &button.payload).await;
            assert!(r.is_empty(), "{r:?}");
            return;
        }
    }
    panic!("nobody holds buttons");
}

/// Wikipedia rules: a scored Mondfang doubles the next four deals (SPEC
/// §5.6). The stored factors follow the rule, the settlement says so, and
/// the changes are the engine's doubled settlement.
#[tokio::test]
async fn a_mondfang_starts_a_double_round_under_wikipedia_rules() {
    mondfang_double_round(false).await;
}

/// The same deals at a table whose double round was never kept (settled
/// before the table row kept it, migration 0011): the service counts it
/// from the settled deals, and the deals come out the same.
#[tokio::test]
async fn a_double_round_is_counted_at_a_table_settled_before_it_was_kept() {
    mondfang_double_round(true).await;
}

/// Six deals under the Wikipedia rules (deal 1 has a Mondfang); with
/// `forget`, the kept double round is wiped after every settlement.
async fn mondfang_double_round(forget: bool) {
    let names = ["Anna", "Bert", "Cleo", "Dora"];
    let mut h = Harness::new(5).await;
    let table = h
        .table_with(&names, "easy", settings("wikipedia", 5, Lang::De))
        .await;
    let mut rng = StdRng::seed_from_u64(5);
    for deal in 1..=6 {
        assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
        while h.settlements_of(table).len() < deal {
            quiet_move(&mut h, table, &names, &mut rng).await;
        }
        if forget {
            h.exec(&format!(
                "UPDATE tables SET round_state = NULL WHERE id = {}",
                table.0
            ))
            .await;
        }
    }
    assert_eq!(check_settlements(&h, table, Lang::De).await, 6);
    // The rule, counted independently: after a scored Mondfang the next
    // four deals count double; the factor is 2 at most.
    let finished: Vec<_> = h
        .store()
        .deals_of(table)
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.status == DealStatus::Finished)
        .collect();
    let messages = h.settlements_of(table);
    let mut remaining = 0u32;
    let mut doubled = 0;
    for (deal, message) in finished.iter().zip(&messages) {
        let expected = if remaining > 0 { 2 } else { 1 };
        // The factor is the round's own (its carry says the double round
        // it was dealt in).
        let factor = h
            .store()
            .load_deal(deal.id)
            .await
            .unwrap()
            .unwrap()
            .round
            .as_ref()
            .and_then(|r| {
                r.round()
                    .downcast_ref::<tarock_zwanzigerrufen::Zwanzigerrufen>()
                    .map(tarock_zwanzigerrufen::Zwanzigerrufen::factor)
            });
        assert_eq!(factor, Some(expected), "deal {}", deal.number);
        let game = deal_record(h.store(), deal.id).await.to_game().unwrap();
        let plain = game.settlement().unwrap();
        let Outgoing::Settlement { text, changes, .. } = message else {
            unreachable!()
        };
        assert_eq!(*changes, plain.changes.map(|c| c * i64::from(expected)));
        assert_eq!(
            text.lines()
                .any(|l| l.starts_with("Summe: ") && l.contains(", Doppelrunde ×2: ")),
            expected == 2,
            "{text}"
        );
        if expected == 2 {
            doubled += 1;
        }
        // The same deal as a round of its game (the path every game takes):
        // kept with the double round it was dealt in, it settles the same
        // changes and carries on what the rule says.
        // (A deal dealt with nothing carried stores none.)
        assert_eq!(
            deal.carry
                .as_deref()
                .map(|c| serde_json::from_str::<serde_json::Value>(c).unwrap())
                .unwrap_or_else(|| serde_json::json!({ "remaining": 0 })),
            serde_json::json!({ "remaining": remaining }),
            "deal {}",
            deal.number
        );
        let loaded = h.store().load_deal(deal.id).await.unwrap().unwrap();
        let round = loaded.round.as_ref().unwrap().round();
        assert_eq!(round.settlement().unwrap().units(), changes.as_slice());
        remaining = remaining.saturating_sub(1);
        if plain.mondfang_scored {
            remaining += 4;
        }
        let next = round.next_round().unwrap();
        let carried: serde_json::Value = serde_json::from_str(&next.carry().unwrap()).unwrap();
        assert_eq!(carried, serde_json::json!({ "remaining": remaining }));
    }
    assert!(
        doubled >= 4,
        "deal 1 has a Mondfang: {doubled} doubled deals"
    );
    // What the table keeps for its next deal: the doubled deals still to
    // come, as counted here.
    let mut tx = h.store().begin().await.unwrap();
    let kept = tx.round_state(table).await.unwrap();
    if forget {
        assert_eq!(kept, None);
    } else {
        let kept: serde_json::Value = serde_json::from_str(&kept.unwrap()).unwrap();
        assert_eq!(kept, serde_json::json!({ "remaining": remaining }));
    }
}
