mod common;

use common::*;
use tarock_table::{CommandKind, Outgoing, TableSettings};

#[tokio::test]
async fn one_human_and_three_computers_finish_a_deal() {
    let mut h = Harness::new(1).await;
    let table = h.create("anna", TableSettings::default()).await;
    for _ in 0..3 {
        h.run(
            "anna",
            CommandKind::AddComputer(Some(table), "easy".into(), None),
        )
        .await;
    }
    let r = h.run("anna", CommandKind::Start(Some(table))).await;
    assert!(r.is_empty(), "{r:?}");
    for _ in 0..200 {
        if !h.settlements().is_empty() {
            break;
        }
        let Some(Outgoing::Private { buttons, .. }) = h.last_private("anna").cloned() else {
            panic!("no private view")
        };
        let Some(button) = buttons.first().and_then(|row| row.first()).cloned() else {
            panic!("no buttons: {}", h.last_table_text());
        };
        let replies = h
            .run("anna", CommandKind::Button(button.payload.clone()))
            .await;
        assert!(replies.is_empty(), "{button:?}: {replies:?}");
    }
    let s = h.settlements();
    assert_eq!(s.len(), 1);
    println!("{}", s[0].text());
    println!("{}", h.last_table_text());
}
