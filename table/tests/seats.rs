//! Seats between deals: handing a seat over, leaving, and a person taking a
//! computer's seat; the balances stay with whoever played each deal.

mod common;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::Participant;
use tarock_table::{CommandKind, Lang, Outgoing, TableSettings};
use tarock_zwanzigerrufen::Seat;

#[tokio::test]
async fn seats_change_hands_between_deals() {
    let mut h = Harness::new(88).await;
    // Emil is known to the bot as an English speaker (he opened a table elsewhere).
    h.set_lang("Emil", Lang::En);
    let elsewhere = h
        .run_as(
            tarock_table::Sender {
                chat: tarock_table::ChatRef {
                    chat_id: "-300".into(),
                    ..chat()
                },
                ..sender("Emil", Lang::En)
            },
            None,
            CommandKind::Create(TableSettings::default()),
        )
        .await;
    assert!(elsewhere.is_empty());
    let table = h
        .table_with(&["Anna", "Bert"], "easy", TableSettings::default())
        .await;
    assert_eq!(table.0, 2);
    let t = Some(table);
    let mut rng = StdRng::seed_from_u64(88);
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    h.play_out(table, &["Anna", "Bert"], &mut rng).await;

    // Bert hands his own seat to Zoe; Anna (the creator) hands the computer's
    // seat 3 to Emil.
    let from = h.sent.len();
    assert!(
        h.run(
            "Bert",
            CommandKind::HandOver(t, Seat::S1.into(), user("Zoe"))
        )
        .await
        .is_empty()
    );
    let Outgoing::Chat { text, mentions, .. } = &h.sent[from] else {
        panic!("{:?}", h.sent[from])
    };
    assert_eq!(text, "Zoe übernimmt Platz 2.");
    assert_eq!(mentions, &vec![user("Zoe")]);
    assert!(
        h.run(
            "Anna",
            CommandKind::HandOver(t, Seat::S2.into(), user("Emil"))
        )
        .await
        .is_empty()
    );
    let seats = h.loaded(table).await.seats;
    let names: Vec<Option<String>> = seats
        .iter()
        .map(|s| s.player.as_ref().map(|p| p.display_name.clone()))
        .collect();
    assert_eq!(
        names,
        vec![
            Some("Anna".into()),
            Some("Zoe".into()),
            Some("Emil".into()),
            None
        ]
    );
    // Emil keeps his language; Zoe, new to the bot, gets Bert's.
    let emil = seats[2].player.as_ref().unwrap();
    assert_eq!(emil.language, "en", "a known player's language is kept");
    assert_eq!(seats[1].player.as_ref().unwrap().language, "de");

    // Bert is no longer seated; the next deal goes to the new people.
    let r = h.run("Bert", CommandKind::Start(t)).await;
    assert_eq!(r[0].text(), "Du sitzt nicht an diesem Tisch.");
    assert!(h.run("Zoe", CommandKind::Start(t)).await.is_empty());
    let Some(Outgoing::Private { text, .. }) = h.last_private_of(table, "Emil") else {
        panic!("Emil gets his hand")
    };
    assert!(text.starts_with("Table 2 · deal 2 · your seat 3"), "{text}");
    let Some(Outgoing::Private { text, .. }) = h.last_private_of(table, "Zoe") else {
        panic!("Zoe gets her hand")
    };
    assert!(
        text.starts_with("Tisch 2 · Spiel 2 · dein Platz 2"),
        "{text}"
    );
    h.play_out(table, &["Anna", "Zoe", "Emil"], &mut rng).await;
    assert_eq!(check_settlements(&h, table, Lang::De).await, 2);
    // Deal 1's result stays with Bert and the computer on seat 3; deal 2's
    // goes to Zoe and Emil.
    let balances = h.store().table_balances(table).await.unwrap();
    let deals: Vec<(String, u32)> = {
        let mut out = Vec::new();
        for b in &balances {
            let name = match &b.participant {
                Participant::Player(id) => {
                    h.store().player(*id).await.unwrap().unwrap().display_name
                }
                Participant::Computer { seat, level } => format!("{level} {}", seat.index() + 1),
            };
            out.push((name, b.deals));
        }
        out.sort();
        out
    };
    assert_eq!(
        deals,
        vec![
            ("Anna".to_owned(), 2),
            ("Bert".to_owned(), 1),
            ("Emil".to_owned(), 1),
            ("Zoe".to_owned(), 1),
            // The computer on seat 3 played deal 1 only, the one on seat 4
            // both deals: each seat keeps its own balance.
            ("easy 3".to_owned(), 1),
            ("easy 4".to_owned(), 2)
        ]
    );

    // Leaving between deals frees the seat, and four are needed again.
    let from = h.sent.len();
    assert!(h.run("Zoe", CommandKind::Leave(t)).await.is_empty());
    assert_eq!(h.sent[from].text(), "Zoe hat den Tisch verlassen.");
    let r = h.run("Anna", CommandKind::Start(t)).await;
    assert_eq!(
        r[0].text(),
        "Es braucht vier Spieler (oder Computer) zum Starten."
    );
    // A person may take a computer's seat: with one seat free, Bert gets it;
    // then Cleo takes the computer's seat 4.
    assert!(h.run("Bert", CommandKind::Join(t, None)).await.is_empty());
    assert_eq!(h.seat_of(table, "Bert").await, Some(Seat::S1));
    assert!(h.run("Cleo", CommandKind::Join(t, None)).await.is_empty());
    assert_eq!(h.seat_of(table, "Cleo").await, Some(Seat::S3));
    assert!(
        h.loaded(table)
            .await
            .seats
            .iter()
            .all(|s| s.player.is_some())
    );
}
