//! End to end for the game family on Discord: the bot's own `run` against
//! the fake Discord, a whole 20 ab session and a Königrufen deal with
//! talon and discard, played by clicking the components of the DMs (and of
//! the ephemeral drafts a multi-press choice shows) the fake received.

use std::collections::HashSet;
use std::time::Duration;

use super::fair_hint::assert_the_hint_verifies;
use super::fake::{Fake, Message, User};
use super::{ANNA, BERTA, CHANNEL, EPHEMERAL, action, start, stop, table_button, words};
use serde_json::{Value, json};
use tarock_storage::{Store, TableId};
use tarock_table::Lang;
use tarock_table::text::text;

/// The index of a game among the `game` option's choices.
pub(super) const GAME_KOENIGRUFEN: u64 = 1;
pub(super) const GAME_ZWANZIG_AB: u64 = 2;

/// The game token of an action payload (`…:gswap.SA` → `swap.SA`).
fn token(payload: &str) -> Option<&str> {
    action(payload).strip_prefix('g')
}

fn is_draft(payload: &str) -> bool {
    action(payload).starts_with('~')
}

/// The content of a message or request body without Discord's markdown
/// escapes.
pub(super) fn plain(content: &str) -> String {
    content.replace('\\', "")
}

/// Opens a table with `/tarock new` and these options as Anna, seats
/// `joiners` by button and computers on the rest of `seats`, deals; the
/// table message's id.
async fn open_and_start(
    fake: &Fake,
    options: &[(&str, Value)],
    joiners: &[User],
    seats: usize,
) -> u64 {
    open_and_start_as(fake, &ANNA, options, joiners, seats).await
}

/// As [`open_and_start`], the table opened (and computers seated, the
/// deal started) by `creator`.
pub(super) async fn open_and_start_as(
    fake: &Fake,
    creator: &User,
    options: &[(&str, Value)],
    joiners: &[User],
    seats: usize,
) -> u64 {
    let id = fake.slash(creator, CHANNEL, "new", options);
    let answer = fake.response(&id).await;
    assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
    let table_msg = fake
        .wait_until("the table message", |inner| {
            inner
                .messages
                .values()
                .find(|m| {
                    m.channel_id == CHANNEL && !m.is_ephemeral() && !m.custom_ids().is_empty()
                })
                .map(|m| m.id)
        })
        .await;
    let mut seated = 1;
    for who in joiners {
        let p = table_button(fake, table_msg, "j").await;
        click_table(fake, who, table_msg, &p).await;
        fake.wait_until("the joined table", |inner| {
            plain(&inner.messages[&table_msg].content)
                .contains(who.name)
                .then_some(())
        })
        .await;
        seated += 1;
    }
    while seated < seats {
        let p = table_button(fake, table_msg, "c").await;
        click_table(fake, creator, table_msg, &p).await;
        fake.wait_until("the next table message", |inner| {
            (!inner.messages[&table_msg].custom_ids().contains(&p)).then_some(())
        })
        .await;
        seated += 1;
    }
    let p = table_button(fake, table_msg, "s").await;
    click_table(fake, creator, table_msg, &p).await;
    table_msg
}

/// Clicks a table-message button; it must be acknowledged without a word.
async fn click_table(fake: &Fake, user: &User, table_msg: u64, payload: &str) {
    let id = fake.click(user, CHANNEL, table_msg, payload);
    let answer = fake.response(&id).await;
    assert_eq!(
        answer["type"], 6,
        "{} pressing {payload}: {answer}",
        user.name
    );
}

/// The moves on a message: (label, payload, whether it sits in the
/// select menu).
fn keys(message: &Message) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for c in message.all_components() {
        if let (Some(id), Some(label)) = (c["custom_id"].as_str(), c["label"].as_str())
            && c["type"] == 2
        {
            out.push((label.to_owned(), id.to_owned(), false));
        }
        for option in c["options"].as_array().into_iter().flatten() {
            out.push((
                option["label"].as_str().unwrap_or_default().to_owned(),
                option["value"].as_str().unwrap().to_owned(),
                true,
            ));
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Game {
    /// 20 ab.
    Ab,
    /// Königrufen.
    Kr,
}

/// A person's press (as in the Telegram test): 20 ab exchanges whenever
/// it may (a card ticked, then "exchange") and always plays on;
/// Königrufen steers to a talon game and discards by draft presses.
fn choose(game: Game, keys: &[(String, String, bool)]) -> Option<(String, String, bool)> {
    let act = |want: &dyn Fn(&str) -> bool| {
        keys.iter()
            .find(|(_, p, _)| token(p).is_some_and(want))
            .cloned()
    };
    let clear = text(Lang::De, "kr-button-clear", Vec::new());
    let untick = keys
        .iter()
        .find(|(l, p, _)| is_draft(p) && !l.starts_with('✓') && *l != clear)
        .cloned();
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

/// A version of a message: its id, text and components.
fn version(message: &Message) -> (u64, String) {
    (
        message.id,
        format!("{}@{}", message.content, message.custom_ids().join(",")),
    )
}

/// One press made: who, the payload, the label, the interaction.
#[derive(Clone, Debug)]
struct Made {
    user: u64,
    payload: String,
    label: String,
    interaction: String,
}

/// The players' state: the versions pressed, and per user the ephemeral
/// draft message being worked on.
#[derive(Default)]
pub(super) struct Players {
    pressed: HashSet<(u64, String)>,
    focus: Vec<(u64, u64)>,
    made: Vec<Made>,
}

impl Players {
    /// How many presses `user` made.
    pub(super) fn presses_by(&self, user: u64) -> usize {
        self.made.iter().filter(|m| m.user == user).count()
    }

    /// The message a user presses next: the draft being made, else the
    /// newest DM; if it shows a version not pressed yet.
    fn next(&self, fake: &Fake, user: &User) -> Option<(u64, Message)> {
        let dm = fake.dm_channel_of(user.id)?;
        let message = match self.focus.iter().find(|(u, _)| *u == user.id) {
            Some((_, id)) => fake.message(*id)?,
            None => fake
                .messages_in(dm)
                .into_iter()
                .rfind(|m| !m.is_ephemeral())?,
        };
        (!self.pressed.contains(&version(&message)) && !message.custom_ids().is_empty())
            .then_some((dm, message))
    }

    /// Presses `choice` on `message` as `user`; checks the answer: an
    /// action is acknowledged (or, from a draft, the draft replaced by the
    /// fresh view), a draft press shows the draft's buttons.
    async fn press(
        &mut self,
        fake: &Fake,
        user: &User,
        dm: u64,
        message: &Message,
        choice: (String, String, bool),
    ) {
        let (label, payload, in_select) = choice;
        self.pressed.insert(version(message));
        let id = if in_select {
            fake.select(user, dm, message.id, "more", &[payload.as_str()])
        } else {
            fake.click(user, dm, message.id, &payload)
        };
        let answer = fake.response(&id).await;
        let from_draft = message.is_ephemeral();
        if is_draft(&payload) {
            // The draft's buttons replace the pressed hand in place (a
            // second keyboard in the DM would be a stale one beside it).
            // (Updated at once, or acknowledged first when slow.)
            assert!(
                [6, 7].contains(&answer["type"].as_u64().unwrap_or(0)),
                "{} pressing {payload}: {answer}",
                user.name
            );
            let draft = fake
                .wait_until("the draft shown", |inner| {
                    inner
                        .messages
                        .get(&message.id)
                        .filter(|m| version(m) != version(message))
                        .cloned()
                })
                .await;
            assert!(!draft.is_ephemeral());
            assert!(
                draft
                    .custom_ids()
                    .iter()
                    .any(|p| is_draft(p) || token(p).is_some()),
                "{} pressing {payload}: {answer}",
                user.name
            );
            assert_eq!(
                fake.messages_in(dm)
                    .iter()
                    .filter(|m| !m.custom_ids().is_empty())
                    .count(),
                1,
                "one keyboard in {}'s DM",
                user.name
            );
            self.focus.retain(|(u, _)| *u != user.id);
            self.focus.push((user.id, draft.id));
        } else {
            let expected: &[u64] = if from_draft { &[6, 7] } else { &[6] };
            assert!(
                expected.contains(&answer["type"].as_u64().unwrap_or(0)),
                "{} pressing {payload} ({label}): {answer}",
                user.name
            );
            self.focus.retain(|(u, _)| *u != user.id);
        }
        self.made.push(Made {
            user: user.id,
            payload,
            label,
            interaction: id,
        });
    }

    /// Plays until `done` or `max` presses.
    pub(super) async fn play(
        &mut self,
        fake: &Fake,
        game: Game,
        users: &[User],
        max: usize,
        done: impl Fn(&Fake) -> bool,
    ) {
        let mut count = 0;
        let mut idle = 0;
        while count < max && !done(fake) {
            let mut progressed = false;
            for user in users {
                let Some((dm, message)) = self.next(fake, user) else {
                    continue;
                };
                if done(fake) {
                    return;
                }
                let Some(choice) = choose(game, &keys(&message)) else {
                    continue;
                };
                self.press(fake, user, dm, &message, choice).await;
                count += 1;
                progressed = true;
                break;
            }
            if progressed {
                idle = 0;
            } else {
                idle += 1;
                assert!(idle < 3000, "nobody can move");
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    }
}

/// The German settlement title of round 1 of `game`, whose round is a
/// `unit` ("deal" or "session").
pub(super) fn settlement_title(game: &str, unit: &str) -> String {
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

/// The channel's settlement with this title, once posted.
pub(super) fn settlement(fake: &Fake, title: &str) -> Option<String> {
    fake.messages_in(CHANNEL)
        .into_iter()
        .map(|m| plain(&m.content))
        .find(|c| c.contains(title))
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

/// Checks a posted settlement against the stored ledger: one line per
/// seat, zero sum, the same changes.
async fn check_settlement(store: &Store, text: &str, seats: usize, names: &[&str]) {
    let lines = seat_lines(text);
    assert_eq!(lines.len(), seats, "{text}");
    for name in names {
        assert!(
            lines
                .iter()
                .any(|(l, _)| l.starts_with(&format!("{name}: "))),
            "{text}"
        );
    }
    assert_eq!(lines.iter().map(|(_, c)| c).sum::<i64>(), 0, "{text}");
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
    assert!(posted.iter().any(|c| *c != 0), "{text}");
}

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

/// The cards of the 20 ab hand line of a private text, as labels.
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

/// No card of a person's hand in a message everybody in the channel can
/// see while they hold it (the cards of their DM's hand line before and
/// after the message, minus those they clicked in between). Returns the
/// messages checked and the held cards looked for.
fn assert_no_hand_card_leaks(fake: &Fake, users: &[User], made: &[Made]) -> (usize, usize) {
    let requests = fake.requests();
    let channel_path = format!("/channels/{CHANNEL}/messages");
    let content = |body: &Value| {
        plain(
            body["content"]
                .as_str()
                .or_else(|| body["data"]["content"].as_str())
                .unwrap_or_default(),
        )
    };
    // The request index at which each click was answered.
    let answered: Vec<(usize, &Made)> = made
        .iter()
        .filter_map(|m| {
            let at = requests.iter().position(|r| {
                r.path
                    .starts_with(&format!("/interactions/{}/", m.interaction))
            })?;
            Some((at, m))
        })
        .collect();
    let mut checked = 0;
    let mut looked = 0;
    for (i, request) in requests.iter().enumerate() {
        let public = request.path.starts_with(&channel_path)
            || (request.path.starts_with("/interactions/")
                && request.body["type"] == 4
                && request.body["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0);
        if !public || !matches!(request.method.as_str(), "POST" | "PATCH") {
            continue;
        }
        checked += 1;
        let seen = words(&content(&request.body));
        for user in users {
            let Some(dm) = fake.dm_channel_of(user.id) else {
                continue;
            };
            let dm_path = format!("/channels/{dm}/messages");
            let hand = |r: &super::fake::Request| {
                (r.path.starts_with(&dm_path) && matches!(r.method.as_str(), "POST" | "PATCH"))
                    .then(|| hand_labels(&content(&r.body)).unwrap_or_default())
            };
            let before = requests[..i]
                .iter()
                .enumerate()
                .rev()
                .find_map(|(j, r)| hand(r).map(|h| (j, h)));
            let after = requests[i..].iter().find_map(hand);
            let (Some((j, before)), Some(after)) = (before, after) else {
                continue;
            };
            let played: HashSet<&str> = answered
                .iter()
                .filter(|(at, m)| m.user == user.id && (j..=i).contains(at))
                .map(|(_, m)| m.label.as_str())
                .collect();
            for card in before.intersection(&after) {
                looked += 1;
                assert!(
                    played.contains(card.as_str()) || !seen.contains(card),
                    "{card} of {} shown while held: {}",
                    user.name,
                    request.body
                );
            }
        }
    }
    (checked, looked)
}

/// A whole 20 ab session at three seats (Anna, Berta, a computer) by
/// clicks to its settlement, exchanges made by draft clicks (an ephemeral
/// draft in the DM); wrong clicks answered and changing nothing. Seed 7.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_twenty_ab_session_is_played_by_clicks_to_its_settlement() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 7, 1).await;
    let table_msg = open_and_start(
        &fake,
        &[("game", json!(GAME_ZWANZIG_AB)), ("seats", json!(3))],
        &[BERTA],
        3,
    )
    .await;
    assert!(
        plain(&fake.message(table_msg).unwrap().content).contains("20 ab"),
        "{:?}",
        fake.message(table_msg)
    );
    let users = [ANNA, BERTA];
    let title = settlement_title("20 ab", "session");
    let done = |f: &Fake| settlement(f, &title).is_some();
    let mut players = Players::default();
    players.play(&fake, Game::Ab, &users, 4, done).await;
    assert_eq!(players.made.len(), 4);
    // Finish a draft under way first.
    while !players.focus.is_empty() {
        players.play(&fake, Game::Ab, &users, 1, done).await;
    }
    // The wrong clicks, at the next DM turn of somebody.
    let (actor, dm, latest) = fake.wait_for_next(&players, &users).await;
    let other = if actor == ANNA { BERTA } else { ANNA };
    let live = choose(Game::Ab, &keys(&latest)).unwrap();
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let before = events(&store).await;
    let refusal = |id: String| {
        let fake = fake.clone();
        async move {
            let answer = fake.response(&id).await;
            assert_eq!(answer["type"], 4, "{answer}");
            assert_eq!(answer["data"]["flags"], EPHEMERAL, "{answer}");
            plain(answer["data"]["content"].as_str().unwrap_or_default())
        }
    };
    let not_your_turn = text(Lang::De, "rej-not-your-turn", Vec::new());
    let other_dm = fake.dm_channel_of(other.id).unwrap();
    let carrier = fake
        .messages_in(other_dm)
        .into_iter()
        .rfind(|m| !m.is_ephemeral())
        .unwrap();
    // The actor's move and a draft step, forged by the other person on
    // their own DM.
    let id = fake.forged_click(&other, other_dm, carrier.id, &live.1);
    assert_eq!(refusal(id).await, not_your_turn);
    let draft = format!("{}:~x", live.1.rsplit_once(':').unwrap().0);
    let id = fake.forged_click(&other, other_dm, carrier.id, &draft);
    assert_eq!(refusal(id).await, not_your_turn);
    // A button of a step gone by.
    let old = players
        .made
        .iter()
        .find(|m| m.user == actor.id && token(&m.payload).is_some())
        .or_else(|| players.made.iter().find(|m| token(&m.payload).is_some()))
        .map(|m| m.payload.clone())
        .expect("an earlier action");
    let id = fake.forged_click(&actor, dm, latest.id, &old);
    assert_eq!(refusal(id).await, text(Lang::De, "rej-stale", Vec::new()));
    assert_eq!(
        events(&store).await,
        before,
        "a refused click changed the round"
    );
    // The rest of the session.
    players.play(&fake, Game::Ab, &users, 5_000, done).await;
    wait_for(&fake, "the settlement", |f| settlement(f, &title)).await;
    wait_for(&fake, "the private copies", |fake| {
        users
            .iter()
            .all(|u| {
                fake.dm_channel_of(u.id).is_some_and(|dm| {
                    fake.messages_in(dm)
                        .into_iter()
                        .rfind(|m| !m.is_ephemeral())
                        .is_some_and(|m| plain(&m.content).contains(&title))
                })
            })
            .then_some(())
    })
    .await;
    stop(bot).await;
    fake.assert_no_violations();
    assert!(events(&store).await > before);
    let made = &players.made;
    let drafts = made.iter().filter(|m| is_draft(&m.payload)).count();
    let swaps = made
        .iter()
        .filter(|m| token(&m.payload).is_some_and(|t| t.starts_with("swap.")))
        .count();
    assert!(drafts >= 1 && swaps >= 1, "{made:?}");
    let text_now = settlement(&fake, &title).unwrap();
    check_settlement(&store, &text_now, 3, &["Anna", "Berta"]).await;
    assert_the_hint_verifies(&text_now, "zwanzig-ab", 3);
    for user in users {
        let dm = fake.dm_channel_of(user.id).unwrap();
        let copy = fake
            .messages_in(dm)
            .into_iter()
            .rfind(|m| !m.is_ephemeral())
            .unwrap();
        assert!(
            plain(&copy.content).contains(&format!("▶ {}", user.name)),
            "{}",
            copy.content
        );
    }
    store.close().await;
    let (checked, looked) = assert_no_hand_card_leaks(&fake, &users, made);
    eprintln!(
        "discord 20 ab session: {} clicks ({drafts} draft clicks, {swaps} exchanges), \
         {checked} channel messages checked for {looked} held cards",
        made.len()
    );
    assert!(checked > 20, "only {checked} channel messages");
    assert!(looked > 100, "only {looked} held cards looked for");
}

/// A Königrufen deal with talon and discard by clicks: Anna (Vorhand)
/// steers to a talon game, takes a half, lays away by draft clicks, plays
/// to the settlement against three computers. Seed 3.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_koenigrufen_deal_with_talon_and_discard_is_played_by_clicks() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let table_msg = open_and_start(&fake, &[("game", json!(GAME_KOENIGRUFEN))], &[], 4).await;
    assert!(plain(&fake.message(table_msg).unwrap().content).contains("Königrufen"));
    let title = settlement_title("Königrufen", "deal");
    let done = |f: &Fake| settlement(f, &title).is_some();
    let mut players = Players::default();
    players.play(&fake, Game::Kr, &[ANNA], 500, done).await;
    wait_for(&fake, "the settlement", |f| settlement(f, &title)).await;
    stop(bot).await;
    fake.assert_no_violations();
    let made = &players.made;
    let tokens: Vec<&str> = made.iter().filter_map(|m| token(&m.payload)).collect();
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
    eprintln!("discord Königrufen deal: Anna's actions {tokens:?}, {drafts} draft clicks");
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let deal = store.deals_of(TableId(1)).await.unwrap().remove(0);
    let loaded = store.load_deal(deal.id).await.unwrap().unwrap();
    assert!(loaded.events.iter().any(|e| {
        e.seat.index() == 0 && Some(e.action.as_str()) == token(&made[discard].payload)
    }));
    let text_now = settlement(&fake, &title).unwrap();
    check_settlement(&store, &text_now, 4, &["Anna"]).await;
    assert_the_hint_verifies(&text_now, "koenigrufen", 4);
    store.close().await;
    let dm = fake.dm_channel_of(ANNA.id).unwrap();
    let copy = fake
        .messages_in(dm)
        .into_iter()
        .rfind(|m| !m.is_ephemeral())
        .unwrap();
    assert!(
        plain(&copy.content).contains(&title) && plain(&copy.content).contains("▶ Anna"),
        "{}",
        copy.content
    );
}

/// Polls `check` (which may read the fake) until it holds; a hang guard.
pub(super) async fn wait_for<T>(fake: &Fake, what: &str, check: impl Fn(&Fake) -> Option<T>) -> T {
    for _ in 0..3000 {
        if let Some(t) = check(fake) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("timed out waiting for {what}");
}

/// Waiting for somebody's next DM turn.
trait NextTurn {
    async fn wait_for_next(&self, players: &Players, users: &[User]) -> (User, u64, Message);
}

impl NextTurn for Fake {
    async fn wait_for_next(&self, players: &Players, users: &[User]) -> (User, u64, Message) {
        for _ in 0..3000 {
            for user in users {
                if let Some((dm, m)) = players.next(self, user)
                    && !m.is_ephemeral()
                    && m.custom_ids().iter().any(|p| token(p).is_some())
                {
                    return (*user, dm, m);
                }
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("nobody's turn came");
    }
}

/// A five-seat Königrufen table: the dealer sits the first deal out. The
/// settlement's embed lists all five seats' balances, the one who sat out
/// at 0, as the text does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_seat_koenigrufen_settlement_lists_who_sat_out() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3, 1).await;
    let options = [("game", json!(GAME_KOENIGRUFEN)), ("seats", json!(5))];
    let table_msg = open_and_start(&fake, &options, &[], 5).await;
    assert!(plain(&fake.message(table_msg).unwrap().content).contains("Königrufen"));
    let title = settlement_title("Königrufen", "deal");
    let done = |f: &Fake| settlement(f, &title).is_some();
    let mut players = Players::default();
    players.play(&fake, Game::Kr, &[ANNA], 500, done).await;
    let text_now = wait_for(&fake, "the settlement", |f| settlement(f, &title)).await;
    stop(bot).await;
    fake.assert_no_violations();
    assert_eq!(seat_lines(&text_now).len(), 5, "{text_now}");
    let posted = fake
        .messages_in(CHANNEL)
        .into_iter()
        .find(|m| plain(&m.content).contains(&title))
        .unwrap();
    let balances_title = text(Lang::De, "balances-title", Vec::new());
    let fields = posted.embeds[0]["fields"].as_array().unwrap();
    let balances = fields
        .iter()
        .find(|f| f["name"] == balances_title.as_str())
        .unwrap_or_else(|| panic!("no balances in {fields:?}"));
    let lines: Vec<&str> = balances["value"].as_str().unwrap().lines().collect();
    assert_eq!(lines.len(), 5, "{lines:?}");
    // Exactly the one who sat out stands at 0 after a settled deal of four.
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let booked = store.table_balances(TableId(1)).await.unwrap();
    store.close().await;
    assert_eq!(booked.len(), 4);
    assert_eq!(
        lines.iter().filter(|l| l.contains(": 0 (")).count(),
        1 + booked.iter().filter(|b| b.units == 0).count(),
        "{lines:?}"
    );
}
