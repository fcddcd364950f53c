//! Statistics from real deals: after several deals at a table of Anna,
//! Bert and two computers, the store's figures for each person (in the
//! table's chat and everywhere), the leaderboard and the figures by
//! contract are what the engine's replay of every settled deal says: its
//! game kind, each seat's party and each seat's change.

mod common;

use std::collections::BTreeMap;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{DealStatus, Platform, SideStats};
use tarock_table::{Lang, Pace, TableSettings};
use tarock_zwanzigerrufen::Party;

#[tokio::test]
async fn figures_are_what_the_settled_deals_paid() {
    let mut h = Harness::new(77).await;
    let settings = TableSettings {
        game: "zwanzigerrufen".into(),
        seats: None,
        rules: "standard".into(),
        stake_cents: 10,
        pace: Pace::LIVE,
        lang: Lang::De,
        another: false,
    };
    let table = h.table_with(&["Anna", "Bert"], "medium", settings).await;
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..4 {
        h.press_table_button(table, "Anna", ":s").await;
        h.play_out(table, &["Anna", "Bert"], &mut rng).await;
    }
    let loaded = h.loaded(table).await;
    let people: Vec<(usize, tarock_storage::PlayerId)> = loaded
        .seats
        .iter()
        .filter_map(|s| s.player.as_ref().map(|p| (s.seat.index(), p.id)))
        .collect();
    assert_eq!(people.len(), 2);

    // Expected, from the engine: per seat (deals, won, lost, declarer
    // deals/won, opponent deals/won, units), and per (contract, side).
    let mut expected: BTreeMap<usize, [i64; 8]> = BTreeMap::new();
    let mut by_contract: BTreeMap<(usize, String, bool), (u32, u32, i64)> = BTreeMap::new();
    let mut finished = 0;
    for deal in h.store().deals_of(table).await.unwrap() {
        if deal.status != DealStatus::Finished {
            continue;
        }
        finished += 1;
        let game = deal_record(h.store(), deal.id).await.replay().unwrap().game;
        let facts = game.facts().unwrap();
        let changes = game.settlement_with_factor(deal.factor).unwrap().changes;
        for &(seat, _) in &people {
            let change = changes[seat];
            let declarer = facts.parties[seat] == Party::Declarer;
            let won = i64::from(change > 0);
            let e = expected.entry(seat).or_default();
            e[0] += 1;
            e[1] += won;
            e[2] += i64::from(change < 0);
            if declarer {
                e[3] += 1;
                e[4] += won;
            } else {
                e[5] += 1;
                e[6] += won;
            }
            e[7] += change;
            let c = by_contract
                .entry((seat, facts.kind.word().to_owned(), declarer))
                .or_default();
            c.0 += 1;
            c.1 += u32::from(change > 0);
            c.2 += change;
        }
    }
    assert!(finished >= 4, "four deals played");

    for &(seat, id) in &people {
        let e = expected[&seat];
        let figures = [
            h.store()
                .player_stats(id, Some((Platform::Telegram, "-100")))
                .await
                .unwrap(),
            h.store().player_stats(id, None).await.unwrap(),
        ];
        for got in figures {
            let side = |deals: i64, won: i64| SideStats {
                deals: deals as u32,
                won: won as u32,
            };
            assert_eq!(
                (got.deals, got.won, got.lost),
                (e[0] as u32, e[1] as u32, e[2] as u32)
            );
            assert_eq!(got.declarer, side(e[3], e[4]));
            assert_eq!(got.opponent, side(e[5], e[6]));
            assert_eq!((got.units, got.cents), (e[7], 10 * e[7]));
        }
        let contracts = h
            .store()
            .player_contracts(id, Platform::Telegram, "-100")
            .await
            .unwrap();
        let mut got: Vec<(String, bool, u32, u32, i64)> = contracts
            .into_iter()
            .map(|c| {
                (
                    c.contract.unwrap(),
                    c.declarer.unwrap(),
                    c.deals,
                    c.won,
                    c.units,
                )
            })
            .collect();
        got.sort();
        let want: Vec<(String, bool, u32, u32, i64)> = by_contract
            .iter()
            .filter(|((s, _, _), _)| *s == seat)
            .map(|((_, k, d), (n, w, u))| (k.clone(), *d, *n, *w, *u))
            .collect();
        assert_eq!(got, want, "seat {seat}");
    }
    // The leaderboard: the two people, better balance first.
    let board = h
        .store()
        .chat_leaderboard(Platform::Telegram, "-100", 10)
        .await
        .unwrap();
    assert_eq!(board.len(), 2);
    assert!(board[0].units >= board[1].units);
    let mut ids: Vec<_> = board.iter().map(|b| b.player).collect();
    ids.sort();
    let mut want: Vec<_> = people.iter().map(|p| p.1).collect();
    want.sort();
    assert_eq!(ids, want);
}
