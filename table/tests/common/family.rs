//! What the tests of the game family's tables (20 ab, Königrufen) share:
//! a started table, and reading a person's buttons.

use tarock_storage::TableId;
use tarock_table::{CommandKind, Keyboard, Outgoing, TableSettings};

use super::Harness;

/// A table of `settings` (which name the seat count) with `people` seated
/// in order and computers of `level` on the other seats, started.
pub async fn started(
    h: &mut Harness,
    settings: TableSettings,
    people: &[&str],
    level: &str,
) -> TableId {
    let seats = settings.seats.expect("the settings name the seats");
    let table = h.create(people[0], settings).await;
    for name in &people[1..] {
        let r = h.run(name, CommandKind::Join(Some(table), None)).await;
        assert!(r.is_empty(), "{name} could not join: {r:?}");
    }
    for _ in people.len()..usize::from(seats) {
        let r = h
            .run(
                people[0],
                CommandKind::AddComputer(Some(table), level.into(), None),
            )
            .await;
        assert!(r.is_empty(), "no computer: {r:?}");
    }
    let r = h.run(people[0], CommandKind::Start(Some(table))).await;
    assert!(r.is_empty(), "no start: {r:?}");
    table
}

/// The buttons of `name`'s newest private message of `table`.
pub fn keyboard(h: &Harness, table: TableId, name: &str) -> Keyboard {
    match h.last_private_of(table, name) {
        Some(Outgoing::Private { buttons, .. }) => buttons.clone(),
        _ => Vec::new(),
    }
}

/// Whether a payload is a game action (`…:g<token>`), not a draft (`…:~…`).
pub fn is_act(payload: &str) -> bool {
    payload
        .split(':')
        .nth(2)
        .is_some_and(|a| a.starts_with('g'))
}
