//! Proves that real serenity 0.12.5 / poise 0.7.1 talk to the fake Discord.

mod fake;

use std::sync::Arc;
use std::time::Duration;

use fake::{APP_ID, DM_CHANNEL_BASE, Fake, GUILD_ID, OWNER_ID, PERM_MANAGE_GUILD, User};
use serde_json::{Value, json};
use serenity::all::{
    ChannelId, CommandDataOptionValue, ComponentInteractionDataKind, Context, CreateActionRow,
    CreateAttachment, CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, EditMessage, EventHandler, GatewayIntents,
    GuildId, Interaction, MessageId, Ready, ShardManager, UserId,
};
use serenity::http::{ErrorResponse, Http, HttpBuilder, HttpError};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

const ALICE: User = User {
    id: 11,
    name: "Alice",
    locale: "de",
};
const BOB: User = User {
    id: 12,
    name: "Bob",
    locale: "en-US",
};
const TABLE: u64 = 42;

fn http(fake: &Fake) -> Http {
    HttpBuilder::new("fake-token")
        .proxy(fake.url.clone())
        .ratelimiter_disabled(true)
        .build()
}

/// The `HttpError::UnsuccessfulRequest` inside a serenity error.
fn unsuccessful(e: serenity::Error) -> ErrorResponse {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => r,
        other => panic!("expected HttpError::UnsuccessfulRequest, got {other:?}"),
    }
}

#[derive(Debug)]
enum Seen {
    Ready {
        user: u64,
    },
    Command {
        id: String,
        user: u64,
        locale: String,
        channel: u64,
        guild: Option<u64>,
        permissions: u64,
        name: String,
        sub: String,
        options: Vec<(String, CommandDataOptionValue)>,
    },
    Component {
        id: String,
        user: u64,
        custom_id: String,
        message_id: u64,
        message_content: String,
        values: Option<Vec<String>>,
    },
    /// Status and Discord error code of a failed call, or (0, 0) on success.
    Outcome {
        what: &'static str,
        status: u16,
        code: isize,
        content: String,
    },
}

struct Handler {
    tx: UnboundedSender<Seen>,
}

impl Handler {
    fn outcome<T>(
        &self,
        what: &'static str,
        r: serenity::Result<T>,
        content: impl Fn(&T) -> String,
    ) {
        let seen = match r {
            Ok(v) => Seen::Outcome {
                what,
                status: 0,
                code: 0,
                content: content(&v),
            },
            Err(e) => {
                let e = unsuccessful(e);
                Seen::Outcome {
                    what,
                    status: e.status_code.as_u16(),
                    code: e.error.code,
                    content: e.error.message,
                }
            }
        };
        let _ = self.tx.send(seen);
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _ctx: Context, ready: Ready) {
        let _ = self.tx.send(Seen::Ready {
            user: ready.user.id.get(),
        });
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(cmd) => {
                let (sub, options) = match cmd.data.options.first().map(|o| &o.value) {
                    Some(CommandDataOptionValue::SubCommand(opts)) => (
                        cmd.data.options[0].name.clone(),
                        opts.iter()
                            .map(|o| (o.name.clone(), o.value.clone()))
                            .collect(),
                    ),
                    _ => (String::new(), Vec::new()),
                };
                let _ = self.tx.send(Seen::Command {
                    id: cmd.id.to_string(),
                    user: cmd.user.id.get(),
                    locale: cmd.locale.clone(),
                    channel: cmd.channel_id.get(),
                    guild: cmd.guild_id.map(GuildId::get),
                    permissions: cmd
                        .member
                        .as_ref()
                        .and_then(|m| m.permissions)
                        .map_or(u64::MAX, |p| p.bits()),
                    name: cmd.data.name.clone(),
                    sub: sub.clone(),
                    options,
                });
                match sub.as_str() {
                    "slow" => {
                        tokio::time::sleep(Duration::from_millis(3_200)).await;
                        let msg = CreateInteractionResponseMessage::new().content("late");
                        let r = cmd
                            .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                            .await;
                        self.outcome("slow", r, |_| String::new());
                    }
                    "twice" => {
                        let msg = CreateInteractionResponseMessage::new().content("one");
                        let first = cmd
                            .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                            .await;
                        self.outcome("first", first, |_| String::new());
                        let msg = CreateInteractionResponseMessage::new().content("two");
                        let second = cmd
                            .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                            .await;
                        self.outcome("second", second, |_| String::new());
                    }
                    "defer" => {
                        let r = cmd.defer_ephemeral(&ctx.http).await;
                        self.outcome("defer", r, |_| String::new());
                        let r = cmd
                            .edit_response(
                                &ctx.http,
                                EditInteractionResponse::new().content("done"),
                            )
                            .await;
                        self.outcome("edit", r, |m| m.content.clone());
                        let r = cmd
                            .create_followup(
                                &ctx.http,
                                CreateInteractionResponseFollowup::new()
                                    .content("more")
                                    .ephemeral(true),
                            )
                            .await;
                        self.outcome("followup", r, |m| format!("{} {}", m.id, m.content));
                        let r = cmd.get_response(&ctx.http).await;
                        self.outcome("get", r, |m| m.content.clone());
                    }
                    _ => {
                        let buttons = CreateActionRow::Buttons(vec![
                            CreateButton::new("btn-1").label("Press"),
                            CreateButton::new("btn-2").label("Other"),
                        ]);
                        let select = CreateActionRow::SelectMenu(CreateSelectMenu::new(
                            "pick",
                            CreateSelectMenuKind::String {
                                options: vec![
                                    CreateSelectMenuOption::new("A", "a"),
                                    CreateSelectMenuOption::new("B", "b"),
                                ],
                            },
                        ));
                        let msg = CreateInteractionResponseMessage::new()
                            .content("hello")
                            .ephemeral(true)
                            .components(vec![buttons, select]);
                        let r = cmd
                            .create_response(&ctx.http, CreateInteractionResponse::Message(msg))
                            .await;
                        self.outcome("reply", r, |_| String::new());
                    }
                }
            }
            Interaction::Component(c) => {
                let values = match &c.data.kind {
                    ComponentInteractionDataKind::StringSelect { values } => Some(values.clone()),
                    _ => None,
                };
                let _ = self.tx.send(Seen::Component {
                    id: c.id.to_string(),
                    user: c.user.id.get(),
                    custom_id: c.data.custom_id.clone(),
                    message_id: c.message.id.get(),
                    message_content: c.message.content.clone(),
                    values: values.clone(),
                });
                let response = match values {
                    Some(_) => CreateInteractionResponse::Acknowledge,
                    None => CreateInteractionResponse::UpdateMessage(
                        CreateInteractionResponseMessage::new()
                            .content(format!("clicked {}", c.data.custom_id)),
                    ),
                };
                let r = c.create_response(&ctx.http, response).await;
                self.outcome("component", r, |_| String::new());
            }
            _ => {}
        }
    }
}

async fn next(rx: &mut UnboundedReceiver<Seen>) -> Seen {
    tokio::time::timeout(Duration::from_secs(20), rx.recv())
        .await
        .expect("timed out waiting for the bot")
        .expect("handler channel closed")
}

/// Starts a serenity client with [`Handler`] against the fake.
async fn start_client(fake: &Fake) -> (Arc<ShardManager>, UnboundedReceiver<Seen>) {
    let (tx, rx) = unbounded_channel();
    let mut client =
        serenity::all::ClientBuilder::new_with_http(http(fake), GatewayIntents::non_privileged())
            .event_handler(Handler { tx })
            .await
            .expect("client");
    let shards = client.shard_manager.clone();
    tokio::spawn(async move { client.start().await });
    (shards, rx)
}

async fn expect_outcome(rx: &mut UnboundedReceiver<Seen>, what: &str) -> (u16, isize, String) {
    match next(rx).await {
        Seen::Outcome {
            what: w,
            status,
            code,
            content,
        } if w == what => (status, code, content),
        other => panic!("expected outcome {what:?}, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_client_gets_interactions_and_answers() {
    let fake = Fake::start().await;
    let (shards, mut rx) = start_client(&fake).await;
    fake.wait_ready(1).await;
    match next(&mut rx).await {
        Seen::Ready { user } => assert_eq!(user, APP_ID),
        other => panic!("expected ready, got {other:?}"),
    }
    assert_eq!(fake.requests()[0].path, "/gateway");
    let identify = fake.lock().identifies[0].clone();
    assert_eq!(identify["token"], "Bot fake-token");
    assert_eq!(identify["intents"], GatewayIntents::non_privileged().bits());

    // 1. A slash command with options, answered ephemerally with components.
    let id = fake.slash(
        &ALICE,
        TABLE,
        "join",
        &[("seat", json!(2)), ("name", json!("x"))],
    );
    match next(&mut rx).await {
        Seen::Command {
            id: got,
            user,
            locale,
            channel,
            guild,
            permissions,
            name,
            sub,
            options,
        } => {
            assert_eq!(got, id);
            assert_eq!(user, ALICE.id);
            assert_eq!(locale, "de");
            assert_eq!(channel, TABLE);
            assert_eq!(guild, Some(GUILD_ID));
            assert_eq!(permissions & PERM_MANAGE_GUILD, 0);
            assert_eq!(name, "tarock");
            assert_eq!(sub, "join");
            assert_eq!(
                options,
                vec![
                    ("seat".to_string(), CommandDataOptionValue::Integer(2)),
                    (
                        "name".to_string(),
                        CommandDataOptionValue::String("x".into())
                    ),
                ]
            );
        }
        other => panic!("expected a command, got {other:?}"),
    }
    assert_eq!(expect_outcome(&mut rx, "reply").await.0, 0);
    let answer = fake.response(&id).await;
    assert_eq!(answer["type"], 4);
    assert_eq!(answer["data"]["flags"], 64);
    assert_eq!(answer["data"]["content"], "hello");
    let original = fake.original_message(&id).expect("original message");
    assert!(original.is_ephemeral());
    assert_eq!(original.visible_to, Some(ALICE.id));
    assert_eq!(original.channel_id, TABLE);
    assert_eq!(original.custom_ids(), ["btn-1", "btn-2", "pick"]);

    // Admin permissions reach the bot.
    let admin = fake.slash_admin(&BOB, TABLE, "join", &[]);
    match next(&mut rx).await {
        Seen::Command {
            id,
            user,
            permissions,
            locale,
            ..
        } => {
            assert_eq!(id, admin);
            assert_eq!(user, BOB.id);
            assert_eq!(locale, "en-US");
            assert_ne!(permissions & PERM_MANAGE_GUILD, 0);
        }
        other => panic!("expected a command, got {other:?}"),
    }
    expect_outcome(&mut rx, "reply").await;

    // 2. A click on the ephemeral message, answered with UPDATE_MESSAGE.
    let click = fake.click(&ALICE, TABLE, original.id, "btn-1");
    match next(&mut rx).await {
        Seen::Component {
            id,
            user,
            custom_id,
            message_id,
            message_content,
            values,
        } => {
            assert_eq!(id, click);
            assert_eq!(user, ALICE.id);
            assert_eq!(custom_id, "btn-1");
            assert_eq!(message_id, original.id);
            assert_eq!(message_content, "hello");
            assert_eq!(values, None);
        }
        other => panic!("expected a component, got {other:?}"),
    }
    assert_eq!(expect_outcome(&mut rx, "component").await.0, 0);
    assert_eq!(fake.response(&click).await["type"], 7);
    let updated = fake.message(original.id).unwrap();
    assert_eq!(updated.content, "clicked btn-1");
    assert_eq!(
        updated.custom_ids(),
        original.custom_ids(),
        "components were kept"
    );

    // A string select, answered with DEFERRED_UPDATE_MESSAGE.
    let pick = fake.select(&ALICE, TABLE, original.id, "pick", &["b"]);
    match next(&mut rx).await {
        Seen::Component {
            id,
            custom_id,
            values,
            ..
        } => {
            assert_eq!(id, pick);
            assert_eq!(custom_id, "pick");
            assert_eq!(values, Some(vec!["b".to_string()]));
        }
        other => panic!("expected a select, got {other:?}"),
    }
    expect_outcome(&mut rx, "component").await;
    assert_eq!(fake.response(&pick).await["type"], 6);

    // Defer, edit the original, follow up, read the original back.
    let defer = fake.slash(&ALICE, TABLE, "defer", &[]);
    assert!(matches!(next(&mut rx).await, Seen::Command { .. }));
    assert_eq!(expect_outcome(&mut rx, "defer").await.0, 0);
    assert_eq!(
        expect_outcome(&mut rx, "edit").await,
        (0, 0, "done".to_string())
    );
    let (status, _, followup) = expect_outcome(&mut rx, "followup").await;
    assert_eq!(status, 0);
    assert_eq!(
        expect_outcome(&mut rx, "get").await,
        (0, 0, "done".to_string())
    );
    let answers = fake.responses_of(&defer);
    assert_eq!(
        (&answers[0]["type"], &answers[0]["data"]["flags"]),
        (&json!(5), &json!(64))
    );
    assert_eq!(answers[1]["content"], "more");
    let original = fake.original_message(&defer).unwrap();
    assert_eq!((original.content.as_str(), original.flags), ("done", 64));
    let followup_id: u64 = followup.split(' ').next().unwrap().parse().unwrap();
    let followup = fake.message(followup_id).unwrap();
    assert_eq!(followup.content, "more");
    assert!(followup.is_ephemeral());
    fake.assert_no_violations();

    // A second answer to one interaction is refused (40060) and recorded.
    let twice = fake.slash(&ALICE, TABLE, "twice", &[]);
    assert!(matches!(next(&mut rx).await, Seen::Command { .. }));
    assert_eq!(expect_outcome(&mut rx, "first").await.0, 0);
    let (status, code, _) = expect_outcome(&mut rx, "second").await;
    assert_eq!((status, code), (400, 40060));
    assert_eq!(fake.responses_of(&twice).len(), 2);
    let violations = std::mem::take(&mut fake.lock().violations);
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].contains("second answer"), "{violations:?}");

    // Answering after 3 s: Discord has forgotten the interaction.
    fake.slash(&ALICE, TABLE, "slow", &[]);
    assert!(matches!(next(&mut rx).await, Seen::Command { .. }));
    let (status, code, _) = expect_outcome(&mut rx, "slow").await;
    assert_eq!((status, code), (404, 10062));
    let violations = std::mem::take(&mut fake.lock().violations);
    assert!(
        violations.len() == 1 && violations[0].contains("after"),
        "{violations:?}"
    );

    // A slash command in the user's DM channel has no guild and no member.
    let dm = DM_CHANNEL_BASE + ALICE.id;
    fake.lock().dm_channels.insert(ALICE.id, dm);
    let in_dm = fake.slash(&ALICE, dm, "join", &[]);
    match next(&mut rx).await {
        Seen::Command {
            id,
            user,
            channel,
            guild,
            permissions,
            ..
        } => {
            assert_eq!(
                (id, user, channel, guild),
                (in_dm.clone(), ALICE.id, dm, None)
            );
            assert_eq!(permissions, u64::MAX, "no member in DMs");
        }
        other => panic!("expected a command, got {other:?}"),
    }
    expect_outcome(&mut rx, "reply").await;
    assert_eq!(fake.original_message(&in_dm).unwrap().channel_id, dm);

    // Clicking a button that is not there is a test bug: the helper panics.
    let fake2 = fake.clone();
    let missing = std::panic::catch_unwind(move || fake2.click(&ALICE, TABLE, original.id, "nope"));
    assert!(missing.is_err());

    shards.shutdown_all().await;
    fake.wait_disconnected().await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_errors_and_limits_surface_in_serenity() {
    let fake = Fake::start().await;
    let http = http(&fake);

    let me = http.get_current_user().await.expect("current user");
    assert_eq!((me.id.get(), me.bot), (APP_ID, true));
    let app = http
        .get_current_application_info()
        .await
        .expect("application info");
    assert_eq!(app.id.get(), APP_ID);
    assert_eq!(app.owner.unwrap().id.get(), OWNER_ID);

    // 429 once, then the retry goes through.
    fake.lock().rate_limit_once.insert(77);
    let e = unsuccessful(ChannelId::new(77).say(&http, "hi").await.unwrap_err());
    assert_eq!(e.status_code.as_u16(), 429);
    assert_eq!(e.error.code, -1, "Discord's 429 body has no code: {e:?}");
    // The bucket stays closed for the body's retry_after (0.2 s): a retry
    // before then would be early (another 429 and a violation).
    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    let msg = ChannelId::new(77)
        .say(&http, "hi")
        .await
        .expect("second try");
    assert_eq!((msg.channel_id.get(), msg.content.as_str()), (77, "hi"));
    assert_eq!(msg.author.id.get(), APP_ID);
    assert_eq!(fake.message(msg.id.get()).unwrap().content, "hi");
    let statuses: Vec<u16> = fake.requests().iter().map(|r| r.status).collect();
    assert_eq!(&statuses[statuses.len() - 2..], [429, 200]);

    // Edits, fetches, unknown messages.
    let edited = ChannelId::new(77)
        .edit_message(&http, msg.id, EditMessage::new().content("edited"))
        .await
        .expect("edit");
    assert_eq!(edited.content, "edited");
    assert!(edited.edited_timestamp.is_some());
    assert_eq!(fake.message(msg.id.get()).unwrap().content, "edited");
    let e = ChannelId::new(77)
        .edit_message(&http, MessageId::new(123), EditMessage::new().content("x"))
        .await
        .unwrap_err();
    let e = unsuccessful(e);
    assert_eq!((e.status_code.as_u16(), e.error.code), (404, 10008));
    fake.lock().violations.clear(); // 123 was never sent: the fake flags it
    ChannelId::new(77)
        .delete_message(&http, msg.id)
        .await
        .expect("delete");
    assert!(fake.message(msg.id.get()).is_none());

    // DMs: open one, closed one.
    fake.lock().dm_closed.insert(BOB.id);
    let bob_dm = UserId::new(BOB.id)
        .create_dm_channel(&http)
        .await
        .expect("dm channel");
    assert_eq!(bob_dm.id.get(), DM_CHANNEL_BASE + BOB.id);
    assert_eq!(bob_dm.recipient.id.get(), BOB.id);
    assert_eq!(fake.dm_channel_of(BOB.id), Some(bob_dm.id.get()));
    let e = unsuccessful(bob_dm.say(&http, "your hand").await.unwrap_err());
    assert_eq!((e.status_code.as_u16(), e.error.code), (403, 50007));
    assert_eq!(e.error.message, "Cannot send messages to this user");
    let dm = UserId::new(ALICE.id)
        .direct_message(&http, CreateMessage::new().content("your hand"))
        .await
        .expect("open DM");
    assert_eq!(dm.channel_id.get(), DM_CHANNEL_BASE + ALICE.id);
    assert_eq!(fake.messages_in(DM_CHANNEL_BASE + ALICE.id).len(), 1);
    let channel = http.get_channel(dm.channel_id).await.expect("get channel");
    assert!(channel.private().is_some());
    let channel = http
        .get_channel(ChannelId::new(77))
        .await
        .expect("get channel");
    assert_eq!(channel.guild().unwrap().guild_id.get(), GUILD_ID);
    fake.assert_no_violations();

    // Six buttons in a row: 50035 with Discord's error tree, and a violation.
    let buttons = (0..6)
        .map(|i| CreateButton::new(format!("b{i}")).label("x"))
        .collect();
    let e = ChannelId::new(77)
        .send_message(
            &http,
            CreateMessage::new()
                .content("t")
                .components(vec![CreateActionRow::Buttons(buttons)]),
        )
        .await
        .unwrap_err();
    let e = unsuccessful(e);
    assert_eq!((e.status_code.as_u16(), e.error.code), (400, 50035));
    assert_eq!(e.error.errors[0].path, "components.0.components");
    assert_eq!(e.error.errors[0].code, "BASE_TYPE_MAX_LENGTH");
    assert_eq!(std::mem::take(&mut fake.lock().violations).len(), 1);

    // Long labels, a select sharing a row, duplicate ids.
    let long = "x".repeat(81);
    let body = json!({
        "content": "t",
        "components": [
            { "type": 1, "components": [{ "type": 2, "style": 1, "custom_id": "a", "label": long }] },
            { "type": 1, "components": [
                { "type": 2, "style": 1, "custom_id": "b", "label": "b" },
                { "type": 3, "custom_id": "s", "options": [{ "label": "l", "value": "v" }] },
            ] },
            { "type": 1, "components": [{ "type": 2, "style": 1, "custom_id": "a", "label": "again" }] },
        ],
    });
    let e = unsuccessful(
        http.send_message(ChannelId::new(77), vec![], &body)
            .await
            .unwrap_err(),
    );
    assert_eq!(e.error.code, 50035);
    let paths: Vec<&str> = e.error.errors.iter().map(|x| x.path.as_str()).collect();
    assert!(
        paths.contains(&"components.0.components.0.label"),
        "{paths:?}"
    );
    assert!(paths.contains(&"components.1.components"), "{paths:?}");
    assert!(
        paths.contains(&"components.2.components.0.custom_id"),
        "{paths:?}"
    );
    assert_eq!(std::mem::take(&mut fake.lock().violations).len(), 3);

    // 26 select options, an empty message, 2001 characters.
    let options: Vec<Value> = (0..26)
        .map(|i| json!({ "label": format!("o{i}"), "value": format!("v{i}") }))
        .collect();
    let body = json!({ "components": [{ "type": 1, "components": [
        { "type": 3, "custom_id": "s", "options": options },
    ] }] });
    let e = unsuccessful(
        http.send_message(ChannelId::new(77), vec![], &body)
            .await
            .unwrap_err(),
    );
    assert_eq!(e.error.errors[0].path, "components.0.components.0.options");
    let e = unsuccessful(
        http.send_message(ChannelId::new(77), vec![], &json!({}))
            .await
            .unwrap_err(),
    );
    assert_eq!((e.status_code.as_u16(), e.error.code), (400, 50006));
    let long = json!({ "content": "x".repeat(2001) });
    let e = unsuccessful(
        http.send_message(ChannelId::new(77), vec![], &long)
            .await
            .unwrap_err(),
    );
    assert_eq!(e.error.errors[0].path, "content");
    assert_eq!(std::mem::take(&mut fake.lock().violations).len(), 3);

    // Files go as multipart; the fake reads payload_json and the parts.
    let file = CreateAttachment::bytes(b"abc".to_vec(), "hand.txt");
    let msg = ChannelId::new(77)
        .send_message(&http, CreateMessage::new().add_file(file))
        .await
        .expect("upload");
    assert_eq!(msg.attachments.len(), 1);
    assert_eq!(
        (
            msg.attachments[0].filename.as_str(),
            msg.attachments[0].size
        ),
        ("hand.txt", 3)
    );
    assert_eq!(fake.requests().last().unwrap().files, ["hand.txt"]);

    // Command registration is checked like Discord does (lowercase names).
    http.set_application_id(APP_ID.into());
    let cmds = json!([{ "name": "Tarock", "description": "d", "type": 1 }]);
    let e = unsuccessful(http.create_global_commands(&cmds).await.unwrap_err());
    assert_eq!(e.error.errors[0].path, "0.name");
    assert_eq!(std::mem::take(&mut fake.lock().violations).len(), 1);
    let cmds = json!([{ "name": "tarock", "description": "d", "type": 1 }]);
    let registered = http.create_global_commands(&cmds).await.expect("register");
    assert_eq!(registered[0].name, "tarock");
    assert_eq!(registered[0].application_id.get(), APP_ID);
    fake.assert_no_violations();

    // Unknown routes are 404 and a violation.
    let e = unsuccessful(http.get_guild(GuildId::new(GUILD_ID)).await.unwrap_err());
    assert_eq!(e.status_code.as_u16(), 404);
    let violations = std::mem::take(&mut fake.lock().violations);
    assert!(violations[0].contains("does not know"), "{violations:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_restart_and_resume() {
    let fake = Fake::start().await;
    let (first, mut rx1) = start_client(&fake).await;
    fake.wait_ready(1).await;
    assert!(matches!(next(&mut rx1).await, Seen::Ready { .. }));
    first.shutdown_all().await;
    fake.wait_disconnected().await;
    assert_eq!(fake.live_connections(), 0);

    let (_second, mut rx2) = start_client(&fake).await;
    fake.wait_ready(2).await;
    assert!(matches!(next(&mut rx2).await, Seen::Ready { .. }));
    let id = fake.slash(&BOB, TABLE, "join", &[]);
    match next(&mut rx2).await {
        Seen::Command { id: got, .. } => assert_eq!(got, id),
        other => panic!("expected a command, got {other:?}"),
    }
    expect_outcome(&mut rx2, "reply").await;
    assert_eq!(fake.response(&id).await["type"], 4);

    // Discord drops the connection. A bare serenity client resumes on the
    // URL it started on, not READY's resume_gateway_url: refused there, it
    // identifies anew (the bot itself follows the resume URL).
    fake.close_gateway(4000);
    fake.wait_until("the refused RESUME", |i| {
        (i.resumes_refused == 1).then_some(())
    })
    .await;
    fake.wait_ready(3).await;
    assert!(matches!(next(&mut rx2).await, Seen::Ready { .. }));
    let id = fake.slash(&BOB, TABLE, "join", &[]);
    match next(&mut rx2).await {
        Seen::Command { id: got, .. } => assert_eq!(got, id),
        other => panic!("expected a command after resume, got {other:?}"),
    }
    expect_outcome(&mut rx2, "reply").await;
    assert_eq!(fake.response(&id).await["type"], 4);
    assert_eq!(fake.lock().resumed_count, 0);
    assert!(rx1.try_recv().is_err(), "the stopped client got nothing");
    fake.assert_no_violations();
}

// --- poise -----------------------------------------------------------------

type PoiseError = Box<dyn std::error::Error + Send + Sync>;
type PoiseContext<'a> = poise::Context<'a, (), PoiseError>;

/// Tarock at this table
#[poise::command(slash_command, subcommands("join"))]
async fn tarock(_ctx: PoiseContext<'_>) -> Result<(), PoiseError> {
    Ok(())
}

/// Join the table
#[poise::command(
    slash_command,
    name_localized("de", "beitreten"),
    description_localized("de", "Am Tisch Platz nehmen")
)]
async fn join(
    ctx: PoiseContext<'_>,
    #[description = "Seat number"] seat: Option<u32>,
) -> Result<(), PoiseError> {
    let content = match seat {
        Some(seat) => format!("x {seat}"),
        None => "x".to_string(),
    };
    ctx.send(
        poise::CreateReply::default()
            .content(content)
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn poise_registers_and_runs_a_subcommand() {
    let fake = Fake::start().await;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![tarock()],
            initialize_owners: false,
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(())
            })
        })
        .build();
    let mut client =
        serenity::all::ClientBuilder::new_with_http(http(&fake), GatewayIntents::non_privileged())
            .framework(framework)
            .await
            .expect("client");
    let shards = client.shard_manager.clone();
    tokio::spawn(async move { client.start().await });
    fake.wait_ready(1).await;

    let put = fake
        .wait_request("PUT", &format!("/applications/{APP_ID}/commands"))
        .await;
    assert_eq!(put.status, 200);
    let cmd = &put.body[0];
    assert_eq!(cmd["name"], "tarock");
    assert_eq!(cmd["options"][0]["name"], "join");
    assert_eq!(cmd["options"][0]["type"], 1);
    assert_eq!(cmd["options"][0]["name_localizations"]["de"], "beitreten");
    assert_eq!(
        cmd["options"][0]["description_localizations"]["de"],
        "Am Tisch Platz nehmen"
    );
    assert!(fake.lock().commands[0]["id"].is_string());

    let id = fake.slash(&ALICE, TABLE, "join", &[]);
    let answer = fake.response(&id).await;
    assert_eq!(answer["type"], 4);
    assert_eq!(answer["data"]["flags"], 64);
    assert_eq!(answer["data"]["content"], "x");
    // The option type (4, integer) comes from the registered command.
    assert_eq!(cmd["options"][0]["options"][0]["type"], 4);
    let id = fake.slash(&ALICE, TABLE, "join", &[("seat", json!(3))]);
    assert_eq!(fake.response(&id).await["data"]["content"], "x 3");

    // The registered command has no such subcommand: the helper refuses.
    let fake2 = fake.clone();
    let wrong = std::panic::catch_unwind(move || fake2.slash(&ALICE, TABLE, "leave", &[]));
    assert!(wrong.is_err());

    shards.shutdown_all().await;
    fake.assert_no_violations();
}
