//! Cups in a chat (issue 18, item 4): a cup opened in a group, people
//! joining, a round drawn into Königrufen tables of the group that deal on
//! by themselves and end after 16 deals, the Schrift (score without
//! Kontra) going into the cup, and the standings of the day and the season
//! posted in the chat, ranked by seed 002's cup points.

mod common;

use common::{Harness, T0, chat, sender, user};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use tarock_koenigrufen::Koenigrufen;
use tarock_storage::{CupChat, CupStatus, DealStatus, LoadedTable, TableId, TableStatus};
use tarock_table::text::signed;
use tarock_table::{
    ChatRef, CommandKind, CupAction, CupSettings, Lang, Outgoing, Sender, Step, tr,
};

const EIGHT: [&str; 8] = [
    "Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans",
];

/// Seed 002's cup points for places 1–9.
const POINTS: [u32; 9] = [50, 45, 40, 35, 30, 27, 24, 21, 18];

fn cup(action: CupAction) -> CommandKind {
    CommandKind::Cup(action)
}

fn cup_chat() -> CupChat {
    let c = chat();
    CupChat {
        platform: c.platform,
        chat_id: c.chat_id,
        thread_id: c.thread_id,
    }
}

/// A season of `days` days of `rounds` rounds, the best `best` counting.
fn season(name: &str, days: usize, rounds: usize, best: usize) -> CupSettings {
    CupSettings {
        days,
        rounds,
        best,
        ..CupSettings::named(name, Lang::De)
    }
}

/// `players[0]` opens a cup of `settings`; the others join it.
async fn opened(h: &mut Harness, settings: CupSettings, players: &[&str]) {
    assert!(
        h.run(players[0], cup(CupAction::New(settings)))
            .await
            .is_empty()
    );
    for name in &players[1..] {
        assert!(h.run(name, cup(CupAction::Join)).await.is_empty(), "{name}");
    }
}

/// The next round drawn with nobody absent.
fn draw() -> CommandKind {
    cup(CupAction::Draw { absent: Vec::new() })
}

/// The notice a refused command answered with.
fn notice(replies: &[Outgoing]) -> String {
    match replies {
        [Outgoing::Notice { text, .. }] => text.clone(),
        other => panic!("one notice expected: {other:?}"),
    }
}

/// The texts posted in the cup's chat without a table (draws, standings).
fn posts(h: &Harness) -> Vec<(String, usize)> {
    h.sent
        .iter()
        .filter_map(|m| match m {
            Outgoing::Post {
                chat: c,
                text,
                mentions,
            } if *c == chat() => Some((text.clone(), mentions.len())),
            _ => None,
        })
        .collect()
}

/// The cup's stored document.
async fn doc(h: &Harness) -> Value {
    let row = h.store().open_cup_in(&cup_chat()).await.unwrap().unwrap();
    serde_json::from_str(&row.data).unwrap()
}

/// The open tables of the chat, oldest first.
async fn open_tables(h: &Harness) -> Vec<TableId> {
    let c = chat();
    h.store()
        .open_tables_in(c.platform, &c.chat_id)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.id)
        .collect()
}

fn person_on(loaded: &LoadedTable, seat: tarock_game_core::Seat) -> String {
    loaded
        .seats
        .iter()
        .find(|s| s.seat == seat)
        .and_then(|s| s.player.as_ref())
        .map(|p| p.display_name.clone())
        .expect("a person on every seat of a cup table")
}

/// Plays a cup table to its end: whoever is to act chooses one of their
/// legal actions at random. Returns how many actions were played.
async fn play_out(h: &mut Harness, table: TableId, rng: &mut StdRng) -> usize {
    play_until(h, table, rng, false).await.0
}

/// The last action of a table's round, not played yet: who, and the command.
type LastAction = (String, CommandKind);

/// Plays a cup table on: to its end, or (with `hold_last`) up to the action
/// that would end its last deal, which is returned instead of played.
async fn play_until(
    h: &mut Harness,
    table: TableId,
    rng: &mut StdRng,
    hold_last: bool,
) -> (usize, Option<LastAction>) {
    let mut actions = 0;
    loop {
        let loaded = h.loaded(table).await;
        if loaded.table.status == TableStatus::Closed {
            return (actions, None);
        }
        let deal = loaded.deal.as_ref().expect("a cup table always has a deal");
        assert_eq!(deal.deal.status, DealStatus::Active, "deals on by itself");
        let round = deal.round.as_ref().expect("a Königrufen round");
        let seat = round.round().to_act().expect("someone is to act");
        let name = person_on(&loaded, seat);
        let tokens = round.round().legal_tokens();
        let token = tokens[rng.random_range(0..tokens.len())].clone();
        let step = Step {
            deal: deal.deal.number,
            seq: deal.next_seq(),
        };
        let last_deal = if loaded.table.seats == 5 { 20 } else { 16 };
        if hold_last && deal.deal.number == last_deal {
            let mut trial = round.clone();
            trial.apply(seat, &token).unwrap();
            if trial.round().is_over() {
                let last = CommandKind::Act(Some(table), Some(step), token);
                return (actions, Some((name, last)));
            }
        }
        let replies = h
            .run(&name, CommandKind::Act(Some(table), Some(step), token))
            .await;
        assert!(replies.is_empty(), "{name}: {replies:?}");
        actions += 1;
        assert!(actions < 20_000, "the table never ends");
    }
}

/// Each table seat's Schrift over a table's deals, from the stored
/// records replayed through the engine, and how many deals a Kontra made
/// the money differ from the Schrift. At a table of five, each deal's
/// dealer sits out and scores nothing.
async fn schrift_of(h: &Harness, table: TableId) -> (Vec<i64>, usize, usize) {
    let seats = usize::from(h.loaded(table).await.table.seats);
    let mut totals = vec![0i64; seats];
    let mut deals = 0;
    let mut kontra_deals = 0;
    for row in h.store().deals_of(table).await.unwrap() {
        assert_eq!(row.status, DealStatus::Finished);
        let loaded = h.store().load_deal(row.id).await.unwrap().unwrap();
        let round = loaded.round.unwrap();
        let kr = round
            .round()
            .downcast_ref::<Koenigrufen>()
            .expect("a Königrufen deal");
        let settlement = kr.game().unwrap().settlement().expect("settled");
        let score = kr.by_table_seat(settlement.score, 0);
        let money = kr.by_table_seat(settlement.money, 0);
        assert_eq!(score.len(), seats);
        if seats == 5 {
            // Deal k's Vorhand is seat k − 1; the seat before deals and
            // sits out.
            let vorhand = (row.number as usize - 1) % 5;
            assert_eq!(row.forehand.index(), vorhand);
            let dealer = (vorhand + 4) % 5;
            assert_eq!(kr.sitting_out().map(|s| s.index()), Some(dealer));
            assert_eq!((score[dealer], money[dealer]), (0, 0));
        }
        for (total, s) in totals.iter_mut().zip(&score) {
            *total += s;
        }
        // The ledger holds the money (with Kontra), one row per seat that
        // played.
        let ledger = h.store().settlement(row.id).await.unwrap().unwrap();
        assert_eq!(ledger.seats.len(), 4);
        for (seat, _, units) in &ledger.seats {
            assert_eq!(*units, money[seat.index()]);
            assert_ne!(Some(*seat), kr.sitting_out());
        }
        if money != score {
            kontra_deals += 1;
        }
        deals += 1;
    }
    (totals, deals, kontra_deals)
}

/// A day's places from total scores: equal totals share a place.
fn places(totals: &[(String, i64)]) -> Vec<(usize, String, i64, u32)> {
    let mut sorted = totals.to_vec();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut out: Vec<(usize, String, i64, u32)> = Vec::new();
    for (i, (name, total)) in sorted.into_iter().enumerate() {
        let place = match out.last() {
            Some((p, _, t, _)) if *t == total => *p,
            _ => i + 1,
        };
        out.push((place, name, total, POINTS[place - 1]));
    }
    out
}

/// Checks the standings' lines after their title: the day's `places`,
/// then `season_title` and the season, where that one day is the only one
/// counted (so the same order, points and Schrift).
fn day_and_season(
    lines: &mut std::str::Lines<'_>,
    places: &[(usize, String, i64, u32)],
    season_title: &str,
) {
    for (place, name, total, points) in places {
        assert_eq!(
            lines.next().unwrap(),
            format!("{place}. {name} {} · {points} Cuppunkte", signed(*total))
        );
    }
    assert_eq!(lines.next().unwrap(), season_title);
    for (place, name, total, points) in places {
        assert_eq!(
            lines.next().unwrap(),
            format!(
                "{place}. {name}: {points} Cuppunkte, Schrift {} (1 Tag)",
                signed(*total)
            )
        );
    }
}

#[tokio::test]
async fn a_cup_day_is_drawn_played_to_sixteen_deals_and_ranked() {
    let mut h = Harness::new(2019).await;
    opened(&mut h, season("Herbstcup", 1, 1, 1), &EIGHT).await;
    let first = &posts(&h)[0].0;
    assert!(
        first.starts_with("🏆 Cup „Herbstcup“ eröffnet von Anna: Königrufen"),
        "{first}"
    );
    assert_eq!(
        notice(&h.run("Carl", cup(CupAction::Join)).await),
        tr!(Lang::De, "cup-rej-already-in")
    );
    // Only the organizer (or an admin) draws; seven present do not fit
    // four to a table; an unknown name is named back.
    assert_eq!(
        notice(&h.run("Berta", draw()).await),
        tr!(Lang::De, "cup-rej-not-organizer")
    );
    let absent = |names: &[&str]| CupAction::Draw {
        absent: names.iter().map(|n| (*n).to_owned()).collect(),
    };
    assert_eq!(
        notice(&h.run("Anna", cup(absent(&["hans"]))).await),
        tr!(Lang::De, "cup-rej-cannot-seat", present = 7)
    );
    assert_eq!(
        notice(&h.run("Anna", cup(absent(&["Zenzi"]))).await),
        tr!(Lang::De, "cup-rej-unknown-player", name = "Zenzi")
    );
    assert!(
        open_tables(&h).await.is_empty(),
        "a refused draw deals nothing"
    );

    assert!(h.run("Anna", draw()).await.is_empty());
    let tables = open_tables(&h).await;
    assert_eq!(tables.len(), 2, "eight players: two tables of four");
    let (drawn, mentioned) = posts(&h).last().unwrap().clone();
    assert_eq!(mentioned, 8, "everyone drawn is mentioned: {drawn}");
    let mut lines = drawn.lines();
    assert_eq!(
        lines.next().unwrap(),
        "🎲 Herbstcup: Tag 1, Runde 1 von 1 ist ausgelost, 2 Tische. Es wird gleich gegeben."
    );
    // The tables as drawn: each seats four of the eight, everyone once.
    let d = doc(&h).await;
    let names: Vec<String> = d["cup"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, EIGHT);
    let mut seated = Vec::new();
    for (i, table) in tables.iter().enumerate() {
        let drawn_seats: Vec<String> = d["cup"]["rounds"][0]["tables"][i]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| names[p.as_u64().unwrap() as usize].clone())
            .collect();
        assert_eq!(
            lines.next().unwrap(),
            format!(
                "Tisch {} (#{}, 16 Spiele): {}",
                i + 1,
                table.0,
                drawn_seats.join(", ")
            )
        );
        let loaded = h.loaded(*table).await;
        assert_eq!(loaded.table.game, "koenigrufen");
        let at_table: Vec<String> = (0..4)
            .map(|s| person_on(&loaded, tarock_game_core::Seat::new(s)))
            .collect();
        assert_eq!(at_table, drawn_seats, "seated in the drawn order");
        // The first deal is on at once.
        let deal = loaded.deal.unwrap();
        assert_eq!(
            (deal.deal.number, deal.deal.status),
            (1, DealStatus::Active)
        );
        seated.extend(at_table);
    }
    seated.sort();
    let mut everyone = EIGHT.map(str::to_owned).to_vec();
    everyone.sort();
    assert_eq!(seated, everyone);

    // While the round is played: no second draw, and its tables are not
    // closed by hand.
    assert_eq!(
        notice(&h.run("Anna", draw()).await),
        tr!(Lang::De, "cup-rej-round-open", tables = "1, 2")
    );
    let admin = Sender {
        is_admin: true,
        ..sender("Emil", Lang::De)
    };
    assert_eq!(
        notice(
            &h.run_as(admin, None, CommandKind::Close(Some(tables[0])))
                .await
        ),
        tr!(Lang::De, "cup-rej-table-of-cup", deals = 16)
    );

    // Play both tables out, one after the other.
    let mut rng = StdRng::seed_from_u64(7);
    let mut expected = Vec::new();
    let mut kontras = 0;
    for (i, table) in tables.iter().enumerate() {
        let actions = play_out(&mut h, *table, &mut rng).await;
        assert!(actions > 16 * 12, "{actions} actions");
        let (totals, deals, kontra_deals) = schrift_of(&h, *table).await;
        assert_eq!(deals, 16, "a cup table ends after 16 deals");
        assert_eq!(totals.iter().sum::<i64>(), 0);
        kontras += kontra_deals;
        // The chat was told each next deal, and the end with the Schrift.
        let said: Vec<&str> = h
            .sent
            .iter()
            .filter_map(|m| match m {
                Outgoing::Chat { table: t, text, .. } if t == table => Some(text.as_str()),
                _ => None,
            })
            .collect();
        // Each deal's start says which deal of the round it is, in the
        // same message (no extra message per deal).
        for k in 1..=16 {
            let starts: Vec<&&str> = said
                .iter()
                .filter(|s| s.starts_with(&format!("Königrufen, Spiel {k}:")))
                .collect();
            assert_eq!(starts.len(), 1, "deal {k}: {said:?}");
            assert!(
                starts[0].ends_with(&format!("\nCup: Spiel {k} von 16.")),
                "{}",
                starts[0]
            );
        }
        let loaded = h.loaded(*table).await;
        let scores: Vec<String> = (0..4)
            .map(|s| {
                format!(
                    "{} {}",
                    person_on(&loaded, tarock_game_core::Seat::new(s)),
                    signed(totals[usize::from(s)])
                )
            })
            .collect();
        let done = format!(
            "🏆 Cup-Tisch {} ist nach 16 Spielen fertig. Schrift (ohne Kontra): {}",
            i + 1,
            scores.join(", ")
        );
        assert!(said.contains(&done.as_str()), "{done}: {said:?}");
        for (s, total) in totals.iter().enumerate() {
            expected.push((
                person_on(&loaded, tarock_game_core::Seat::new(s as u8)),
                *total,
            ));
        }
        if i == 0 {
            // Half the round is played: the cup waits for the other table.
            assert_eq!(
                notice(&h.run("Anna", draw()).await),
                tr!(Lang::De, "cup-rej-round-open", tables = "2")
            );
        }
    }
    assert!(
        kontras > 0,
        "random play gives a Kontra somewhere, so the Schrift is tested apart from the money"
    );
    assert!(open_tables(&h).await.is_empty());

    // The round was the season: the cup is over and the final standings
    // are in the chat, the day ranked by Schrift with seed 002's points.
    assert_eq!(h.store().open_cup_in(&cup_chat()).await.unwrap(), None);
    let (last, _) = posts(&h).last().unwrap().clone();
    let mut lines = last.lines();
    assert_eq!(
        lines.next().unwrap(),
        "🏁 Alle Tage des Cups „Herbstcup“ sind gespielt. Der Endstand:"
    );
    assert_eq!(
        lines.next().unwrap(),
        "🏆 Herbstcup · Tag 1 von 1, 1 von 1 Runde gespielt"
    );
    day_and_season(
        &mut lines,
        &places(&expected),
        "Gesamtwertung nach 1 von 1 Tagen (die besten 1 zählen):",
    );
    assert_eq!(lines.next(), None);
    // A new cup may be opened in the chat now.
    assert!(
        h.run(
            "Berta",
            cup(CupAction::New(CupSettings::named("Wintercup", Lang::De)))
        )
        .await
        .is_empty()
    );
    let _ = T0;
}

#[tokio::test]
async fn cup_commands_are_refused_in_words_and_change_nothing() {
    let mut h = Harness::new(5).await;
    let private = Sender {
        chat: ChatRef {
            platform: user("Anna").platform,
            chat_id: user("Anna").user_id,
            thread_id: None,
        },
        ..sender("Anna", Lang::De)
    };
    let new = |name: &str| cup(CupAction::New(CupSettings::named(name, Lang::En)));
    assert_eq!(
        notice(&h.run_as(private, None, new("Herbst")).await),
        tr!(Lang::De, "cup-rej-in-private")
    );
    assert_eq!(
        notice(&h.run("Anna", cup(CupAction::Join)).await),
        tr!(Lang::De, "cup-rej-no-cup")
    );
    assert_eq!(
        notice(&h.run("Anna", new("  ")).await),
        tr!(Lang::De, "cup-rej-bad-settings")
    );
    let too_many_best = season("Herbst", 2, 3, 3);
    assert_eq!(
        notice(&h.run("Anna", cup(CupAction::New(too_many_best))).await),
        tr!(Lang::De, "cup-rej-bad-settings")
    );
    assert_eq!(
        notice(&h.run("Anna", cup(CupAction::Help)).await),
        tr!(Lang::De, "cup-help")
    );
    assert!(posts(&h).is_empty(), "nothing was said in the chat");

    // An English cup: its messages are English whoever writes.
    assert!(h.run("Anna", new("Autumn")).await.is_empty());
    assert_eq!(
        notice(&h.run("Berta", new("Second")).await),
        tr!(Lang::De, "cup-rej-chat-has-cup")
    );
    // The same update twice (a platform's redelivery) joins once.
    let berta = sender("Berta", Lang::De);
    let first = h
        .run_as(berta.clone(), Some("u-1"), cup(CupAction::Join))
        .await;
    assert!(first.is_empty());
    let again = h.run_as(berta, Some("u-1"), cup(CupAction::Join)).await;
    assert!(again.is_empty());
    assert_eq!(doc(&h).await["members"].as_array().unwrap().len(), 2);
    // Two people of one name are told apart.
    let other_anna = Sender {
        user: tarock_table::UserRef {
            user_id: "id-Anna-2".into(),
            ..user("Anna")
        },
        ..sender("Anna", Lang::De)
    };
    assert!(
        h.run_as(other_anna, None, cup(CupAction::Join))
            .await
            .is_empty()
    );
    assert_eq!(
        posts(&h).last().unwrap().0,
        "Anna (2) joins the cup “Autumn” (3 players)."
    );
    assert_eq!(
        notice(&h.run("Carl", cup(CupAction::Leave)).await),
        tr!(Lang::De, "cup-rej-not-in")
    );
    assert!(h.run("Carl", cup(CupAction::Join)).await.is_empty());
    assert!(h.run("Carl", cup(CupAction::Leave)).await.is_empty());
    assert_eq!(
        posts(&h).last().unwrap().0,
        "Carl left the cup (3 players)."
    );
    assert!(h.run("Dora", cup(CupAction::Join)).await.is_empty());
    // The standings before any draw list who plays.
    assert!(h.run("Dora", cup(CupAction::Standings)).await.is_empty());
    assert_eq!(
        posts(&h).last().unwrap().0,
        "🏆 Autumn: no round drawn yet. Playing (4): Anna, Berta, Anna (2), Dora"
    );
    // A chat admin may draw as well as the organizer.
    let admin = Sender {
        is_admin: true,
        ..sender("Zoe", Lang::De)
    };
    assert!(h.run_as(admin, None, draw()).await.is_empty());
    let tables = open_tables(&h).await;
    assert_eq!(tables.len(), 1);
    assert_eq!(h.loaded(tables[0]).await.table.language, "en");
    assert_eq!(
        notice(&h.run("Dora", cup(CupAction::Leave)).await),
        tr!(Lang::De, "cup-rej-already-drawn")
    );
    // A newcomer after the draw waits for the next day.
    assert!(h.run("Emil", cup(CupAction::Join)).await.is_empty());
    assert_eq!(
        posts(&h).last().unwrap().0,
        "Emil joins the cup “Autumn” (5 players). They are drawn from the next day on."
    );
    // Only the organizer or an admin ends it; ending closes its tables.
    assert_eq!(
        notice(&h.run("Berta", cup(CupAction::End)).await),
        tr!(Lang::De, "cup-rej-not-organizer")
    );
    assert!(h.run("Anna", cup(CupAction::End)).await.is_empty());
    assert!(open_tables(&h).await.is_empty());
    let loaded = h.loaded(tables[0]).await;
    assert_eq!(loaded.table.status, TableStatus::Closed);
    assert_eq!(loaded.deal.unwrap().deal.status, DealStatus::Abandoned);
    let ended = posts(&h).last().unwrap().0.clone();
    // No round of the day was finished: no day ranking to show.
    assert_eq!(
        ended,
        "🏁 The cup “Autumn” has ended.\n🏆 Autumn · day 1 of 8, 0 of 3 rounds played"
    );
    assert_eq!(
        h.store()
            .cup(tarock_storage::CupId(1))
            .await
            .unwrap()
            .unwrap()
            .status,
        CupStatus::Over
    );
    // Its standings stay on request, as ended.
    assert!(h.run("Carl", cup(CupAction::Standings)).await.is_empty());
    assert_eq!(
        posts(&h).last().unwrap().0,
        "The cup “Autumn” has ended. Its final standings:\n🏆 Autumn · day 1 of 8, 0 of 3 rounds played"
    );
    // And a new cup may be opened.
    assert!(h.run("Carl", new("Winter")).await.is_empty());
}

/// Each person's Schrift at a played cup table, by name.
async fn totals_by_name(h: &Harness, table: TableId) -> Vec<(String, i64)> {
    let (totals, deals, _) = schrift_of(h, table).await;
    let loaded = h.loaded(table).await;
    assert_eq!(deals, if loaded.table.seats == 5 { 20 } else { 16 });
    totals
        .iter()
        .enumerate()
        .map(|(s, t)| (person_on(&loaded, tarock_game_core::Seat::new(s as u8)), *t))
        .collect()
}

#[tokio::test]
async fn later_rounds_draw_the_days_field_and_a_new_day_draws_everyone() {
    let mut h = Harness::new(77).await;
    opened(&mut h, season("Frühjahr", 2, 2, 1), &EIGHT[..4]).await;
    assert!(h.run("Anna", draw()).await.is_empty());
    // Four come late on day 1: they wait for day 2.
    for name in &EIGHT[4..] {
        assert!(h.run(name, cup(CupAction::Join)).await.is_empty());
    }
    let mut rng = StdRng::seed_from_u64(11);
    let first = open_tables(&h).await;
    assert_eq!(first.len(), 1);
    play_out(&mut h, first[0], &mut rng).await;
    let mut day: Vec<(String, i64)> = totals_by_name(&h, first[0]).await;
    // Round 1 of 2 is played: the day so far, no season yet, and what
    // comes next.
    let (after_one, _) = posts(&h).last().unwrap().clone();
    let lines: Vec<&str> = after_one.lines().collect();
    assert_eq!(
        lines[0],
        "🏆 Frühjahr · Tag 1 von 2, 1 von 2 Runden gespielt"
    );
    assert_eq!(lines.len(), 1 + 4 + 1, "{after_one}");
    assert_eq!(lines[5], "Nächste Runde: /tarock cup auslosen");

    // Round 2 draws the day's field again: the four of round 1 only.
    assert!(h.run("Anna", draw()).await.is_empty());
    let second = open_tables(&h).await;
    assert_eq!(second.len(), 1);
    let loaded = h.loaded(second[0]).await;
    let mut seated: Vec<String> = (0..4)
        .map(|s| person_on(&loaded, tarock_game_core::Seat::new(s)))
        .collect();
    seated.sort();
    assert_eq!(seated, ["Anna", "Berta", "Carl", "Dora"]);
    play_out(&mut h, second[0], &mut rng).await;
    for (name, total) in totals_by_name(&h, second[0]).await {
        day.iter_mut().find(|(n, _)| *n == name).unwrap().1 += total;
    }
    // Day 1 is complete: ranked by the sum of both rounds, and the season
    // counts it.
    let (after_two, _) = posts(&h).last().unwrap().clone();
    let mut lines = after_two.lines();
    assert_eq!(
        lines.next().unwrap(),
        "🏆 Frühjahr · Tag 1 von 2, 2 von 2 Runden gespielt"
    );
    day_and_season(
        &mut lines,
        &places(&day),
        "Gesamtwertung nach 1 von 2 Tagen (die besten 1 zählen):",
    );
    assert_eq!(lines.next().unwrap(), "Nächste Runde: /tarock cup auslosen");
    assert_eq!(lines.next(), None);

    // Day 2 draws everyone in the cup: eight, two tables.
    assert!(h.run("Anna", draw()).await.is_empty());
    assert_eq!(open_tables(&h).await.len(), 2);
    let d = doc(&h).await;
    assert_eq!(d["cup"]["rounds"][2]["id"]["day"], 2);
    assert_eq!(d["cup"]["rounds"][2]["tables"].as_array().unwrap().len(), 2);
}

/// On PostgreSQL, the last deals of a round's two tables end at the same
/// moment: each table's transaction takes its table, then the cup (`FOR
/// UPDATE`), so both tables' scores go into the cup, and the standings are
/// posted once, by whichever came second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_tables_ending_at_once_both_count_on_postgres() {
    let Some(scratch) = tarock_storage::scratch::ScratchDatabase::create("cup_race").await else {
        return;
    };
    let clock = std::sync::Arc::new(tarock_table::ManualClock::new(T0));
    let mut h = Harness::open(&scratch.url, Some(3), clock).await;
    opened(&mut h, season("Blitz", 1, 1, 1), &EIGHT).await;
    assert!(h.run("Anna", draw()).await.is_empty());
    let tables = open_tables(&h).await;
    assert_eq!(tables.len(), 2);
    let mut rng = StdRng::seed_from_u64(5);
    let mut last = Vec::new();
    for table in &tables {
        let (_, held) = play_until(&mut h, *table, &mut rng, true).await;
        last.push(held.expect("the last action is held back"));
    }
    let command = |(name, kind): &LastAction| tarock_table::Command {
        sender: sender(name, Lang::De),
        update_id: None,
        kind: kind.clone(),
    };
    let (a, b) = tokio::join!(
        h.service.handle(command(&last[0])),
        h.service.handle(command(&last[1]))
    );
    assert!(a.unwrap().is_empty());
    assert!(b.unwrap().is_empty());
    h.drain().await;
    assert!(open_tables(&h).await.is_empty());
    let row = h.store().latest_cup_in(&cup_chat()).await.unwrap().unwrap();
    assert_eq!(row.status, CupStatus::Over);
    let d: Value = serde_json::from_str(&row.data).unwrap();
    for (i, table) in tables.iter().enumerate() {
        let (totals, deals, _) = schrift_of(&h, *table).await;
        assert_eq!(deals, 16);
        assert_eq!(
            d["cup"]["rounds"][0]["tables"][i]["scores"],
            serde_json::json!(totals),
            "table {i}"
        );
    }
    let finals = posts(&h)
        .iter()
        .filter(|(t, _)| t.starts_with("🏁 Alle Tage des Cups „Blitz“"))
        .count();
    assert_eq!(finals, 1, "the standings are posted once");
    drop(h);
    scratch.drop_now().await;
}

#[tokio::test]
async fn nine_players_sit_at_four_and_five_where_each_deals_dealer_sits_out() {
    let mut h = Harness::new(9).await;
    let nine = [EIGHT.as_slice(), &["Ida"]].concat();
    opened(&mut h, season("Neuner", 1, 1, 1), &nine).await;
    assert!(h.run("Anna", draw()).await.is_empty());
    let tables = open_tables(&h).await;
    let seats: Vec<u8> = {
        let mut seats = Vec::new();
        for t in &tables {
            seats.push(h.loaded(*t).await.table.seats);
        }
        seats
    };
    assert_eq!(seats, [4, 5], "nine: a table of four and one of five");
    let (drawn, mentioned) = posts(&h).last().unwrap().clone();
    assert_eq!(mentioned, 9);
    let lines: Vec<&str> = drawn.lines().collect();
    assert!(lines[1].starts_with(&format!("Tisch 1 (#{}, 16 Spiele): ", tables[0].0)));
    assert!(
        lines[2].starts_with(&format!(
            "Tisch 2 (#{}, 20 Spiele, der Geber setzt jeweils aus): ",
            tables[1].0
        )),
        "{drawn}"
    );
    // At the table of five, the first deal's dealer (the last seat) sits
    // out: told so privately, without buttons, and named on the table.
    let five = h.loaded(tables[1]).await;
    let dealer = person_on(&five, tarock_game_core::Seat::new(4));
    let told = h
        .sent
        .iter()
        .rev()
        .find_map(|m| match m {
            Outgoing::Private {
                table,
                to,
                text,
                buttons,
                ..
            } if *table == tables[1] && to.name == dealer => Some((text.clone(), buttons.len())),
            _ => None,
        })
        .expect("the dealer hears from the table");
    assert!(
        told.0.contains(&tr!(Lang::De, "kr-you-sit-out")),
        "{}",
        told.0
    );
    assert_eq!(told.1, 0, "no choices while sitting out");
    let Outgoing::Table { text, .. } = h.last_table(tables[1]) else {
        panic!()
    };
    assert!(
        text.contains(&tr!(Lang::De, "kr-sits-out", name = dealer.as_str())),
        "{text}"
    );

    let mut rng = StdRng::seed_from_u64(99);
    let mut day = Vec::new();
    for table in &tables {
        play_out(&mut h, *table, &mut rng).await;
        day.extend(totals_by_name(&h, *table).await);
    }
    // Every player is ranked by their Schrift, the five-seat table's
    // players over their 16 deals each (four of the 20 sat out).
    let (last, _) = posts(&h).last().unwrap().clone();
    let ranked = places(&day);
    let lines: Vec<&str> = last.lines().collect();
    for (i, (place, name, total, points)) in ranked.iter().enumerate() {
        assert_eq!(
            lines[2 + i],
            format!("{place}. {name} {} · {points} Cuppunkte", signed(*total))
        );
    }
}
