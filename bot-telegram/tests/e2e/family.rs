//! End to end for the game family: the bot's own `run` against the fake
//! Telegram Bot API, a whole 20 ab session and a Königrufen deal with
//! talon and discard, played by pressing the buttons of the private
//! messages the fake received (actions `g…`, steps of a multi-press
//! choice `~…`).

use std::collections::HashSet;
use std::time::Duration;

use super::fair_hint::assert_the_hint_verifies;
use super::fake::{Event, Fake, action, payloads};
use super::{ANNA, BERTA, GROUP, current, press, start, stop, table_button};
use serde_json::Value;
use tarock_storage::{Store, TableId};
use tarock_table::Lang;
use tarock_table::text::text;

/// Opens a table with `command` as Anna, seats `joiners` by button and
/// computers on the other `seats`, starts it; the table message's id.
async fn open_and_start(fake: &Fake, command: &str, joiners: &[(i64, &str)], seats: usize) -> i64 {
    fake.say(GROUP, ANNA, command);
    let table_msg = fake
        .wait_for("the table message", |f| {
            f.messages_in(GROUP)
                .into_iter()
                .find(|m| payloads(m).iter().any(|p| action(p) == "j"))
        })
        .await["message_id"]
        .as_i64()
        .unwrap();
    let mut seated = 1;
    for &who in joiners {
        let (m, p) = table_button(fake, table_msg, "j").await;
        assert_eq!(press(fake, who, &m, &p).await, None, "{} joining", who.1);
        seated += 1;
        fake.wait_for("the joined table", |f| {
            current(f, GROUP, table_msg)["text"]
                .as_str()
                .is_some_and(|t| t.contains(who.1))
                .then_some(())
        })
        .await;
    }
    while seated < seats {
        let (m, p) = table_button(fake, table_msg, "c").await;
        assert_eq!(press(fake, ANNA, &m, &p).await, None, "adding a computer");
        seated += 1;
        fake.wait_for("the next table message", |f| {
            (!payloads(&current(f, GROUP, table_msg)).contains(&p)).then_some(())
        })
        .await;
    }
    let (m, p) = table_button(fake, table_msg, "s").await;
    assert_eq!(press(fake, ANNA, &m, &p).await, None, "starting");
    table_msg
}

/// The buttons of a message: (label, payload).
fn buttons(message: &Value) -> Vec<(String, String)> {
    message["reply_markup"]["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r.as_array().cloned().unwrap_or_default())
        .filter_map(|b| {
            Some((
                b["text"].as_str()?.to_owned(),
                b["callback_data"].as_str()?.to_owned(),
            ))
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Game {
    /// 20 ab.
    Ab,
    /// Königrufen.
    Kr,
}

/// The game token of an action payload (`t1:1.4:gswap.SA` → `swap.SA`).
fn token(payload: &str) -> Option<&str> {
    action(payload).strip_prefix('g')
}

fn is_draft(payload: &str) -> bool {
    action(payload).starts_with('~')
}

/// A person's press from a keyboard. 20 ab: an exchange whenever one is
/// offered (one card ticked by a draft press, then "exchange"), always
/// playing on, the first trump and card. Königrufen: steer to a game with
/// the talon (Vorhand, hold, Rufer or Dreier), then the first king, the
/// first half, a discard made by draft presses, "weiter" to every
/// announcement, the first card.
fn choose(game: Game, keys: &[(String, String)]) -> Option<String> {
    let act = |want: &dyn Fn(&str) -> bool| {
        keys.iter()
            .find(|(_, p)| token(p).is_some_and(want))
            .map(|(_, p)| p.clone())
    };
    let clear = text(Lang::De, "kr-button-clear", Vec::new());
    let untick = keys
        .iter()
        .find(|(l, p)| is_draft(p) && !l.starts_with('✓') && *l != clear)
        .map(|(_, p)| p.clone());
    match game {
        Game::Ab => act(&|t| t.starts_with("swap."))
            .or(untick)
            .or_else(|| act(&|t| t == "play"))
            .or_else(|| act(&|t| t == "stay"))
            .or_else(|| act(&|t| t != "drop"))
            .or_else(|| act(&|_| true)),
        Game::Kr => act(&|t| t.starts_with('d'))
            .or(untick)
            .or_else(|| {
                ["V", "H", "bb", "bl"]
                    .iter()
                    .find_map(|w| act(&|t| t == *w))
            })
            .or_else(|| act(&|t| t == "W"))
            .or_else(|| act(&|_| true)),
    }
}

/// A version of a private message: its id, text and buttons.
fn version(message: &Value) -> String {
    format!(
        "{}@{}@{}",
        message["message_id"],
        message["text"],
        payloads(message).join(",")
    )
}

/// One press made: who, the payload, the button's label.
#[derive(Clone, Debug)]
struct Made {
    user: i64,
    payload: String,
    label: String,
}

/// The newest private message of a user, if it offers a button not yet
/// answered by a press of this test.
fn fresh(fake: &Fake, user: i64, pressed: &HashSet<(i64, String)>) -> Option<Value> {
    let latest = fake.messages_in(user).into_iter().last()?;
    (!pressed.contains(&(user, version(&latest))) && !payloads(&latest).is_empty())
        .then_some(latest)
}

/// Plays by the newest private keyboard of each user until `done` or
/// `max` presses; every press must be answered without an alert.
async fn play(
    fake: &Fake,
    game: Game,
    users: &[(i64, &str)],
    pressed: &mut HashSet<(i64, String)>,
    made: &mut Vec<Made>,
    max: usize,
    done: impl Fn(&Fake) -> bool,
) {
    let mut idle = 0;
    let mut count = 0;
    while count < max && !done(fake) {
        let mut progressed = false;
        for &user in users {
            let Some(latest) = fresh(fake, user.0, pressed) else {
                continue;
            };
            if done(fake) {
                return;
            }
            let keys = buttons(&latest);
            let Some(choice) = choose(game, &keys) else {
                continue;
            };
            let label = keys
                .iter()
                .find(|(_, p)| *p == choice)
                .map(|(l, _)| l.clone())
                .unwrap();
            pressed.insert((user.0, version(&latest)));
            let alert = press(fake, user, &latest, &choice).await;
            assert_eq!(alert, None, "{} pressing {choice} ({label})", user.1);
            made.push(Made {
                user: user.0,
                payload: choice,
                label,
            });
            count += 1;
            progressed = true;
            break;
        }
        if progressed {
            idle = 0;
        } else {
            idle += 1;
            assert!(idle < 6000, "nobody can move");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// The settlement of round 1 of `game` as posted in the group, once it is.
/// The German settlement title of round 1 of `game`, whose round is a
/// `unit` ("deal" or "session").
fn settlement_title(game: &str, unit: &str) -> String {
    text(
        Lang::De,
        "round-settlement-title",
        vec![
            ("table", 1i64.into()),
            ("game", game.into()),
            ("unit", unit.into()),
            ("round", 1i64.into()),
        ],
    )
}

fn settled(title: String) -> impl Fn(&Fake) -> bool {
    move |f: &Fake| {
        f.requests("sendMessage").iter().any(|b| {
            b["chat_id"] == GROUP && b["text"].as_str().unwrap_or_default().contains(&title)
        })
    }
}

/// The per-seat lines of a settlement text: (line, change).
fn seat_lines(settlement: &str) -> Vec<(String, i64)> {
    settlement
        .lines()
        .filter(|l| l.contains(" · Stand "))
        .map(|l| {
            let (_, rest) = l.rsplit_once("): ").or_else(|| l.split_once(": ")).unwrap();
            let change = rest.split_whitespace().next().unwrap();
            let n: i64 = change
                .replace('−', "-")
                .trim_start_matches('+')
                .parse()
                .unwrap_or_else(|_| panic!("a change in {l}"));
            (l.to_owned(), n)
        })
        .collect()
}

/// The group's settlement text with this title.
fn settlement_text(fake: &Fake, title: &str) -> String {
    fake.requests("sendMessage")
        .into_iter()
        .filter(|b| b["chat_id"] == GROUP)
        .filter_map(|b| b["text"].as_str().map(str::to_owned))
        .find(|t| t.contains(title))
        .expect("the settlement in the group")
}

/// The number of stored actions of the table's first round.
async fn events(store: &Store) -> usize {
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    store
        .load_deal(deal.id)
        .await
        .unwrap()
        .unwrap()
        .events
        .len()
}

/// The cards of the hand line of a private text (20 ab: "Deine Karten:",
/// "Dein erstes Paket:"), as labels.
fn hand_labels(private: &str) -> Option<HashSet<String>> {
    let heads = [
        text(Lang::De, "ab-private-hand", vec![("cards", "".into())]),
        text(
            Lang::De,
            "ab-private-first-packet",
            vec![("cards", "".into())],
        ),
    ];
    private.lines().find_map(|line| {
        heads.iter().find_map(|h| {
            line.strip_prefix(h.trim_end())
                .map(|rest| rest.split_whitespace().map(str::to_owned).collect())
        })
    })
}

/// The words of a text, without punctuation around them.
fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| c.is_whitespace() || ",;()[]·:!?\"„“".contains(c))
        .map(|w| w.trim_end_matches('.').to_owned())
        .filter(|w| !w.is_empty())
        .collect()
}

/// No card of a person's hand shows in a group message while they hold
/// it: for every group message, the cards shown in the person's private
/// hand line both before and after it (the hand held then), minus those
/// they pressed in between, are not among its words.
/// Returns how many group messages were checked and how many held cards
/// were looked for in them.
fn assert_no_hand_card_leaks(fake: &Fake, users: &[i64], made: &[Made]) -> (usize, usize) {
    let log = fake.inner.lock().unwrap().log.clone();
    // Per request index: a private hand shown to a user.
    // A hand comes as text, or as a photo whose caption is the text.
    let private_hand = |e: &Event, user: i64| -> Option<HashSet<String>> {
        let Event::Request(m, b) = e else { return None };
        if b["chat_id"].as_i64() != Some(user) {
            return None;
        }
        let text = match m.as_str() {
            "sendMessage" | "editMessageText" => b["text"].as_str(),
            "sendPhoto" | "editMessageCaption" => b["caption"].as_str(),
            "editMessageMedia" => b["media"]["caption"].as_str(),
            _ => None,
        }?;
        Some(hand_labels(text).unwrap_or_default())
    };
    let pressed_label = |e: &Event, user: i64| -> Option<String> {
        let Event::Update(u) = e else { return None };
        let q = &u["callback_query"];
        if q["from"]["id"].as_i64() != Some(user) {
            return None;
        }
        let data = q["data"].as_str()?;
        made.iter()
            .find(|m| m.user == user && m.payload == data)
            .map(|m| m.label.clone())
    };
    let mut checked = 0;
    let mut looked = 0;
    for (i, event) in log.iter().enumerate() {
        let Event::Request(method, body) = event else {
            continue;
        };
        if !matches!(method.as_str(), "sendMessage" | "editMessageText")
            || body["chat_id"].as_i64() != Some(GROUP)
        {
            continue;
        }
        checked += 1;
        let seen = words(body["text"].as_str().unwrap_or_default());
        for &user in users {
            let before = log[..i]
                .iter()
                .enumerate()
                .rev()
                .find_map(|(j, e)| private_hand(e, user).map(|h| (j, h)));
            let after = log[i..].iter().find_map(|e| private_hand(e, user));
            let (Some((j, before)), Some(after)) = (before, after) else {
                continue;
            };
            let played: HashSet<String> = log[j..i]
                .iter()
                .filter_map(|e| pressed_label(e, user))
                .collect();
            for card in before.intersection(&after) {
                looked += 1;
                assert!(
                    played.contains(card) || !seen.contains(card),
                    "{card} of {user} shown while held: {}",
                    body["text"]
                );
            }
        }
    }
    (checked, looked)
}

/// A whole 20 ab session at three seats (Anna, Berta, a computer) played
/// by buttons to its settlement, with exchanges made by draft presses;
/// wrong presses in between are answered with an alert and change
/// nothing. Seed 7.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twenty_ab_session_is_played_by_buttons_to_its_settlement() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 7).await;
    let table_msg = open_and_start(&fake, "/tarock 20ab 3", &[BERTA], 3).await;
    let table_text = current(&fake, GROUP, table_msg)["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(table_text.contains("20 ab"), "{table_text}");
    let users = [ANNA, BERTA];
    let title = settlement_title("20 ab", "session");
    let mut pressed = HashSet::new();
    let mut made = Vec::new();
    // A few presses, then the wrong ones.
    play(
        &fake,
        Game::Ab,
        &users,
        &mut pressed,
        &mut made,
        4,
        settled(title.clone()),
    )
    .await;
    assert_eq!(made.len(), 4, "{made:?}");
    let (actor, latest) = fake
        .wait_for("a person's next keyboard", |f| {
            users.iter().find_map(|u| {
                let m = fresh(f, u.0, &pressed)?;
                payloads(&m)
                    .iter()
                    .any(|p| token(p).is_some())
                    .then_some((*u, m))
            })
        })
        .await;
    let other = if actor == ANNA { BERTA } else { ANNA };
    let live = choose(Game::Ab, &buttons(&latest)).unwrap();
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let before = events(&store).await;
    // Another person presses the actor's button (carried by their own
    // private message): refused.
    let carrier = fake.messages_in(other.0).into_iter().last().unwrap();
    let alert = press(&fake, other, &carrier, &live)
        .await
        .unwrap_or_default();
    assert_eq!(alert, text(Lang::De, "rej-not-your-turn", Vec::new()));
    // A draft press by someone not to act: refused as well.
    let draft = format!("{}:~x", live.rsplit_once(':').unwrap().0);
    let alert = press(&fake, other, &carrier, &draft)
        .await
        .unwrap_or_default();
    assert_eq!(alert, text(Lang::De, "rej-not-your-turn", Vec::new()));
    // A button of a step gone by (the actor's own if they made one):
    // stale.
    let old = made
        .iter()
        .find(|m| m.user == actor.0 && token(&m.payload).is_some())
        .or_else(|| made.iter().find(|m| token(&m.payload).is_some()))
        .map(|m| m.payload.clone())
        .expect("an earlier action");
    let alert = press(&fake, actor, &latest, &old).await.unwrap_or_default();
    assert_eq!(alert, text(Lang::De, "rej-stale", Vec::new()));
    assert_eq!(
        events(&store).await,
        before,
        "a refused press changed the round"
    );
    // The live button still works.
    pressed.insert((actor.0, version(&latest)));
    assert_eq!(press(&fake, actor, &latest, &live).await, None);
    let label = buttons(&latest)
        .into_iter()
        .find(|(_, p)| *p == live)
        .unwrap()
        .0;
    made.push(Made {
        user: actor.0,
        payload: live.clone(),
        label,
    });
    // The rest of the session.
    play(
        &fake,
        Game::Ab,
        &users,
        &mut pressed,
        &mut made,
        5_000,
        settled(title.clone()),
    )
    .await;
    fake.wait_for("the settlement", |f| {
        settled(title.clone())(f).then_some(())
    })
    .await;
    // The private copies come with the settlement.
    fake.wait_for("Anna's and Berta's copies", |f| {
        users
            .iter()
            .all(|u| {
                f.messages_in(u.0)
                    .last()
                    .and_then(|m| m["text"].as_str().map(|t| t.contains(&title)))
                    .unwrap_or(false)
            })
            .then_some(())
    })
    .await;
    stop(bot).await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    assert!(events(&store).await > before + 1);

    // Exchanges were made by draft presses, each finished by "exchange".
    let drafts = made.iter().filter(|m| is_draft(&m.payload)).count();
    let swaps = made
        .iter()
        .filter(|m| token(&m.payload).is_some_and(|t| t.starts_with("swap.")))
        .count();
    assert!(drafts >= 1 && swaps >= 1, "{made:?}");
    assert!(swaps <= drafts);
    // Several deals were played: 20 ab is a session of deals.
    let deal_over = text(Lang::De, "ab-deal-over", vec![("deal", 2i64.into())]);
    let all_group: Vec<String> = fake
        .requests("sendMessage")
        .into_iter()
        .chain(fake.requests("editMessageText"))
        .filter(|b| b["chat_id"] == GROUP)
        .filter_map(|b| b["text"].as_str().map(str::to_owned))
        .collect();
    assert!(
        all_group.iter().any(|t| t.contains(&deal_over)),
        "no second deal ended"
    );

    // The settlement: one line per seat, the changes sum to zero and are
    // the stored ledger.
    let settlement = settlement_text(&fake, &title);
    assert_the_hint_verifies(&settlement, "zwanzig-ab", 3);
    let lines = seat_lines(&settlement);
    assert_eq!(lines.len(), 3, "{settlement}");
    assert!(
        lines.iter().any(|(l, _)| l.starts_with("Anna: ")),
        "{settlement}"
    );
    assert!(
        lines.iter().any(|(l, _)| l.starts_with("Berta: ")),
        "{settlement}"
    );
    let computer = text(
        Lang::De,
        "computer-seat-name",
        vec![("seat", 3i64.into()), ("level", "".into())],
    );
    let computer = computer.split(" (").next().unwrap().to_owned();
    assert!(
        lines.iter().any(|(l, _)| l.starts_with(&computer)),
        "{settlement}"
    );
    assert_eq!(lines.iter().map(|(_, c)| c).sum::<i64>(), 0, "{settlement}");
    let mut posted: Vec<i64> = lines.iter().map(|(_, c)| *c).collect();
    let mut stored: Vec<i64> = store
        .table_balances(TableId(1))
        .await
        .unwrap()
        .iter()
        .map(|b| b.units)
        .collect();
    posted.sort_unstable();
    stored.sort_unstable();
    assert_eq!(posted, stored);
    assert!(posted.iter().any(|c| *c != 0), "{settlement}");
    // Each person's copy marks their own line.
    for (who, name) in users {
        let copy = fake.messages_in(who).last().unwrap()["text"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(copy.contains(&format!("▶ {name}")), "{copy}");
    }
    store.close().await;
    // Secrecy: no card of Anna's or Berta's hand in a group message while
    // they hold it.
    let (checked, looked) = assert_no_hand_card_leaks(&fake, &[ANNA.0, BERTA.0], &made);
    eprintln!(
        "20 ab session: {} presses ({drafts} draft presses, {swaps} exchanges), \
         {checked} group messages checked for {looked} held cards",
        made.len()
    );
    assert!(checked > 20, "only {checked} group messages");
    assert!(looked > 100, "only {looked} held cards looked for");
}

/// One Königrufen deal with talon and discard: Anna (Vorhand) steers to
/// a talon game, takes a half, lays away by draft presses and plays to
/// the settlement against three computers. Seed 3.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_koenigrufen_deal_with_talon_and_discard_is_played_by_buttons() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let table_msg = open_and_start(&fake, "/tarock koenigrufen", &[], 4).await;
    let table_text = current(&fake, GROUP, table_msg)["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(table_text.contains("Königrufen"), "{table_text}");
    let title = settlement_title("Königrufen", "deal");
    let mut pressed = HashSet::new();
    let mut made = Vec::new();
    play(
        &fake,
        Game::Kr,
        &[ANNA],
        &mut pressed,
        &mut made,
        500,
        settled(title.clone()),
    )
    .await;
    fake.wait_for("the settlement", |f| {
        settled(title.clone())(f).then_some(())
    })
    .await;
    stop(bot).await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    let tokens: Vec<&str> = made.iter().filter_map(|m| token(&m.payload)).collect();
    // Anna took a talon half and laid away by draft presses, each press
    // showing the draft in place, then confirmed it.
    assert!(tokens.iter().any(|t| t.starts_with('t')), "{tokens:?}");
    let discard = made
        .iter()
        .position(|m| token(&m.payload).is_some_and(|t| t.starts_with('d')))
        .unwrap_or_else(|| panic!("no discard: {made:?}"));
    let drafts = made[..discard]
        .iter()
        .rev()
        .take_while(|m| is_draft(&m.payload))
        .count();
    let laid = token(&made[discard].payload).unwrap().len() - 1;
    assert_eq!(drafts, laid, "{made:?}");
    eprintln!("Königrufen deal: Anna's actions {tokens:?}, {drafts} draft presses");
    // The stored round holds the same discard as Anna's.
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    let loaded = store.load_deal(deal.id).await.unwrap().unwrap();
    assert!(
        loaded.events.iter().any(
            |e| e.seat.index() == 0 && Some(e.action.as_str()) == token(&made[discard].payload)
        )
    );
    let settlement = settlement_text(&fake, &title);
    assert_the_hint_verifies(&settlement, "koenigrufen", 4);
    let lines = seat_lines(&settlement);
    assert_eq!(lines.len(), 4, "{settlement}");
    assert!(
        lines.iter().any(|(l, _)| l.starts_with("Anna: ")),
        "{settlement}"
    );
    assert_eq!(lines.iter().map(|(_, c)| c).sum::<i64>(), 0, "{settlement}");
    let mut posted: Vec<i64> = lines.iter().map(|(_, c)| *c).collect();
    let mut stored: Vec<i64> = store
        .table_balances(TableId(1))
        .await
        .unwrap()
        .iter()
        .map(|b| b.units)
        .collect();
    posted.sort_unstable();
    stored.sort_unstable();
    assert_eq!(posted, stored);
    store.close().await;
    let copy = fake.messages_in(ANNA.0).last().unwrap()["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(copy.contains(&title) && copy.contains("▶ Anna"), "{copy}");
}

/// Whether an action token is a 20 ab card (`sA`, `h10`): a suit letter
/// and a rank of its 32-card deck.
fn is_ab_card(token: &str) -> bool {
    let mut chars = token.chars();
    chars.next().is_some_and(|s| "schd".contains(s))
        && ["A", "10", "K", "Q", "J", "9", "8", "7"].contains(&chars.as_str())
}

/// How many requests the bot made to `user`'s private chat.
fn requests_to(fake: &Fake, user: i64) -> usize {
    fake.inner
        .lock()
        .unwrap()
        .log
        .iter()
        .filter(|e| matches!(e, Event::Request(_, b) if b["chat_id"].as_i64() == Some(user)))
        .count()
}

/// The texts the bot sent to `user` privately, in order.
fn private_texts(fake: &Fake, user: i64) -> Vec<String> {
    fake.requests("sendMessage")
        .into_iter()
        .filter(|b| b["chat_id"].as_i64() == Some(user))
        .filter_map(|b| b["text"].as_str().map(str::to_owned))
        .collect()
}

/// A card typed in the group at a 20 ab table is read by 20 ab's
/// spellings, also one Zwanzigerrufen has not (an ace, `sA`): a card Anna
/// does not hold is refused with 20 ab's answer, one of her keyboard is
/// played. Seed 7.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_typed_at_a_twenty_ab_table_is_read_as_a_twenty_ab_card() {
    use tarock_zwanzig_ab_face::{card_label, parse_card};
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 7).await;
    open_and_start(&fake, "/tarock 20ab 3", &[], 3).await;
    let mut pressed = HashSet::new();
    let mut made = Vec::new();
    let card_keyboard = |f: &Fake| {
        f.messages_in(ANNA.0)
            .into_iter()
            .last()
            .filter(|m| payloads(m).iter().any(|p| token(p).is_some_and(is_ab_card)))
    };
    // Anna exchanges and plays on until her keyboard offers cards.
    play(&fake, Game::Ab, &[ANNA], &mut pressed, &mut made, 50, |f| {
        card_keyboard(f).is_some()
    })
    .await;
    let keyboard = fake.wait_for("Anna's cards", card_keyboard).await;
    let private = keyboard["text"]
        .as_str()
        .or(keyboard["caption"].as_str())
        .unwrap_or_default();
    let hand = hand_labels(private).unwrap_or_else(|| panic!("no hand in {private}"));
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let before = events(&store).await;
    // An ace she does not hold, typed as its id: 20 ab's answer.
    let ace = ["sA", "cA", "hA", "dA"]
        .into_iter()
        .find(|id| !hand.contains(&card_label(parse_card(id).unwrap(), Lang::De)))
        .expect("an ace Anna does not hold");
    let told = private_texts(&fake, ANNA.0).len();
    fake.say(GROUP, ANNA, ace);
    let answer = fake
        .wait_for("the answer to a card not held", |f| {
            private_texts(f, ANNA.0).get(told).cloned()
        })
        .await;
    assert_eq!(answer, text(Lang::De, "ab-refusal-P-2", Vec::new()));
    assert_eq!(
        events(&store).await,
        before,
        "a refused card changed the round"
    );
    // A card of her keyboard, typed: played.
    let card = payloads(&keyboard)
        .iter()
        .filter_map(|p| token(p))
        .find(|t| is_ab_card(t))
        .unwrap()
        .to_owned();
    // It is Anna's turn, so nothing else moves until she does: the next
    // request to her chat follows her card.
    let sent = requests_to(&fake, ANNA.0);
    fake.say(GROUP, ANNA, &card);
    fake.wait_for("what follows Anna's card", |f| {
        (requests_to(f, ANNA.0) > sent).then_some(())
    })
    .await;
    assert!(events(&store).await > before, "{card} typed was not played");
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    let log = store.load_deal(deal.id).await.unwrap().unwrap().events;
    assert!(
        log[before..]
            .iter()
            .any(|e| e.action == card && !e.by_computer),
        "{card} not among the new actions: {:?}",
        &log[before..]
    );
    store.close().await;
    stop(bot).await;
}
