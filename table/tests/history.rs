//! What players ask about the past: `/tarock stats`, `/tarock rangliste`
//! and `/tarock verlauf`, checked against the ledger the deals wrote.

mod common;

use common::{Harness, signed_money_text, units_text};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{Participant, TableId};
use tarock_table::{CommandKind, Lang, Outgoing, TableSettings};

/// The text of the one notice a query answers.
fn answer(replies: Vec<Outgoing>) -> String {
    match replies.as_slice() {
        [Outgoing::Notice { text, .. }] => text.clone(),
        other => panic!("expected one notice, got {other:?}"),
    }
}

/// Anna's units and cents at `table`, from the ledger.
async fn annas_balance(h: &Harness, table: TableId) -> (i64, i64) {
    let balances = h.store().table_balances(table).await.unwrap();
    let b = balances
        .iter()
        .find(|b| matches!(b.participant, Participant::Player(_)))
        .unwrap();
    (b.units, b.cents)
}

#[tokio::test]
async fn stats_leaderboard_and_history_follow_the_ledger() {
    let mut h = Harness::new(21).await;
    // Nobody has played yet.
    let text = answer(h.run("anna", CommandKind::Stats).await);
    assert!(text.contains("noch kein Spiel"), "{text}");
    let text = answer(h.run("anna", CommandKind::Leaderboard).await);
    assert!(text.contains("noch kein Spiel"), "{text}");

    let table = h
        .table_with(&["anna"], "easy", TableSettings::default())
        .await;
    h.run("anna", CommandKind::Start(Some(table))).await;
    let mut rng = StdRng::seed_from_u64(2);
    h.play_out(table, &["anna"], &mut rng).await;
    h.press_table_button(table, "anna", ":s").await;
    h.play_out(table, &["anna"], &mut rng).await;
    let (units, cents) = annas_balance(&h, table).await;
    let stats = h.store().player_stats(
        h.store()
            .player_on(tarock_storage::Platform::Telegram, "id-anna")
            .await
            .unwrap()
            .unwrap()
            .id,
        None,
    );
    let stats = stats.await.unwrap();
    assert_eq!(stats.deals, 2);

    // Her figures: two deals, her balance in points and money.
    let text = answer(h.run("anna", CommandKind::Stats).await);
    assert!(text.contains("Statistik von anna"), "{text}");
    let points = if units.abs() == 1 { "Punkt" } else { "Punkte" };
    let here = format!(
        "In diesem Chat: 2 Spiele, {} gewonnen, {} verloren · {} {points} ({})",
        stats.won,
        stats.lost,
        units_text(units),
        signed_money_text(cents, Lang::De)
    );
    assert!(text.contains(&here), "{here:?} in {text}");

    // The leaderboard lists the people only (not the computers).
    let text = answer(h.run("anna", CommandKind::Leaderboard).await);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[1].starts_with("1. anna: "), "{text}");
    assert!(lines[1].contains(&units_text(units)), "{text}");

    // The history: both deals, newest first, every seat's change.
    let text = answer(h.run("anna", CommandKind::History(Some(table))).await);
    let deals: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("Zwanzigerrufen "))
        .collect();
    assert_eq!(deals.len(), 2, "{text}");
    assert!(deals[0].starts_with("Zwanzigerrufen 2 (Nr. 2)"), "{text}");
    for deal in [1, 2] {
        let settled = h
            .store()
            .settlement(tarock_storage::DealId(deal))
            .await
            .unwrap()
            .unwrap();
        let line = deals[2 - deal as usize];
        for (_, _, change) in settled.seats {
            assert!(line.contains(&units_text(change)), "{line}");
        }
    }
    assert!(text.contains("tarock db export --deal"), "{text}");
    // In English for an English reader.
    h.set_lang("anna", Lang::En);
    let text = answer(h.run("anna", CommandKind::History(Some(table))).await);
    assert!(text.starts_with("📜 Table"), "{text}");
    // A table that does not exist is refused, nothing else.
    let text = answer(h.run("anna", CommandKind::History(Some(TableId(99)))).await);
    assert!(!text.contains("📜"), "{text}");
}

/// After one deal: "1 Spiel", not "1 Spiele"; each contract by its name as
/// the game's catalogue writes it, not the record's lower-case word.
#[tokio::test]
async fn stats_count_one_deal_in_the_singular_and_name_the_contracts() {
    let mut h = Harness::new(22).await;
    let table = h
        .table_with(&["anna"], "easy", TableSettings::default())
        .await;
    h.run("anna", CommandKind::Start(Some(table))).await;
    let mut rng = StdRng::seed_from_u64(4);
    h.play_out(table, &["anna"], &mut rng).await;
    let text = answer(h.run("anna", CommandKind::Stats).await);
    assert!(text.contains("In diesem Chat: 1 Spiel, "), "{text}");
    assert!(text.contains("Überall: 1 Spiel, "), "{text}");
    // The contract line: "Rufer als Spieler: 1 Spiel, …" (Zwanzigerrufen's
    // words rufer, farbensolo, solo are named Rufer, Farbensolo, Solo).
    let contract = text
        .lines()
        .find(|l| l.contains(" als Spieler: ") || l.contains(" als Gegner: "))
        .unwrap_or_else(|| panic!("no contract line in {text}"));
    assert!(
        ["Rufer ", "Farbensolo ", "Solo "]
            .iter()
            .any(|n| contract.starts_with(n)),
        "{contract}"
    );
    assert!(contract.contains(": 1 Spiel, "), "{contract}");
    h.set_lang("anna", Lang::En);
    let text = answer(h.run("anna", CommandKind::Stats).await);
    assert!(text.contains("In this chat: 1 deal, "), "{text}");
    let text = answer(h.run("anna", CommandKind::Leaderboard).await);
    assert!(text.contains(" · 1 deal, "), "{text}");
}

#[test]
fn statistics_name_koenigrufen_contracts_from_its_face() {
    use tarock_table::games::contract_name;
    assert_eq!(contract_name("piccolo-ouvert", Lang::De), "Piccolo ouvert");
    assert_eq!(contract_name("besserrufer", Lang::En), "Besserrufer");
    assert_eq!(contract_name("solo", Lang::De), "Solo");
    assert_eq!(contract_name("rufer", Lang::En), "Rufer");
}
