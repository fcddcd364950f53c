//! One table in two chats: a Telegram group opens the table, `/tarock
//! link` gives a one-time code, `/tarock join CODE` in a Discord channel
//! links it. Both chats get the table message and every public message;
//! people from either side take seats and play; private views go to each
//! player on their own platform; unlinking works from either side; bad
//! codes, private chats and chats that hold a table are refused and change
//! nothing.

mod common;

use common::*;
use tarock_storage::Platform;
use tarock_table::{
    ChatRef, CommandKind, LINK_CODE_MS, Lang, Outgoing, Sender, TableSettings, UserRef,
    normalize_code, text::text,
};

fn discord_chat() -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat_id: "4000".into(),
        thread_id: None,
    }
}

fn discord_user(name: &str) -> UserRef {
    UserRef {
        platform: Platform::Discord,
        user_id: format!("d-{name}"),
        name: name.to_owned(),
    }
}

/// `name` on Discord, writing in the linked channel.
fn on_discord(name: &str) -> Sender {
    Sender {
        user: discord_user(name),
        chat: discord_chat(),
        lang: Lang::En,
        is_admin: false,
    }
}

/// The code in a link notice.
fn code_of(replies: &[Outgoing]) -> String {
    let [Outgoing::Notice { text, .. }] = replies else {
        panic!("expected one notice: {replies:?}");
    };
    let after = text
        .split_once("join ")
        .expect("the notice names the command")
        .1;
    after.chars().take(6).collect()
}

/// The single notice of a refusal.
fn notice(replies: &[Outgoing]) -> String {
    match replies {
        [Outgoing::Notice { text, .. }] => text.clone(),
        other => panic!("expected one notice: {other:?}"),
    }
}

fn chats_of_table_messages(sent: &[Outgoing]) -> Vec<ChatRef> {
    let mut chats: Vec<ChatRef> = sent
        .iter()
        .filter_map(|m| match m {
            Outgoing::Table { chat, .. } => Some(chat.clone()),
            _ => None,
        })
        .collect();
    chats.dedup();
    chats
}

#[tokio::test]
async fn a_table_played_from_a_telegram_group_and_a_discord_channel() {
    let mut h = Harness::new(11).await;
    let table = h.create("Anna", TableSettings::default()).await;
    h.run("Berta", CommandKind::Join(Some(table), None)).await;

    // Only someone at the table makes a code, and only in a group.
    let refused = h.run("Zoe", CommandKind::Link(None)).await;
    assert_eq!(notice(&refused), text(Lang::De, "rej-not-seated", vec![]));
    let private = Sender {
        chat: ChatRef {
            platform: Platform::Telegram,
            chat_id: "id-Anna".into(),
            thread_id: None,
        },
        ..sender("Anna", Lang::De)
    };
    let refused = h.run_as(private, None, CommandKind::Link(None)).await;
    assert_eq!(
        notice(&refused),
        text(Lang::De, "rej-link-in-private", vec![])
    );

    let code = code_of(&h.run("Anna", CommandKind::Link(None)).await);
    assert_eq!(code.len(), 6);
    assert!(
        code.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    );

    // A wrong code changes nothing; the right one, typed in lower case with
    // a space, links the channel.
    let before = h.sent.len();
    let refused = h
        .run_as(
            on_discord("Carl"),
            None,
            CommandKind::LinkWith("ZZZZZZ".into()),
        )
        .await;
    assert_eq!(
        notice(&refused),
        text(Lang::En, "rej-bad-link-code", vec![])
    );
    assert_eq!(h.sent.len(), before);
    let typed = format!("{} {}", code[..3].to_lowercase(), &code[3..]);
    assert_eq!(normalize_code(&typed), code);
    let replies = h
        .run_as(on_discord("Carl"), None, CommandKind::LinkWith(typed))
        .await;
    assert!(replies.is_empty(), "{replies:?}");
    // The channel got the table message; both chats were told.
    let linked = &h.sent[before..];
    assert!(chats_of_table_messages(linked).contains(&discord_chat()));
    let told: Vec<&ChatRef> = linked
        .iter()
        .filter_map(|m| match m {
            Outgoing::Chat { chat, text, .. } if text.contains("🔗") => Some(chat),
            _ => None,
        })
        .collect();
    assert_eq!(told, [&chat(), &discord_chat()]);
    // A code is used once.
    let again = h
        .run_as(
            on_discord("Dora"),
            None,
            CommandKind::LinkWith(code.clone()),
        )
        .await;
    assert_eq!(notice(&again), text(Lang::En, "rej-bad-link-code", vec![]));
    // A fresh code still cannot link a chat that shows the table already.
    h.clock.advance(1);
    let fresh = code_of(&h.run("Berta", CommandKind::Link(None)).await);
    assert_ne!(fresh, code);
    let again = h
        .run_as(on_discord("Dora"), None, CommandKind::LinkWith(fresh))
        .await;
    assert_eq!(notice(&again), text(Lang::En, "rej-chat-has-table", vec![]));

    // Carl and Dora take seats from Discord, by the command and by the
    // table message's button as the channel shows it.
    let r = h
        .run_as(on_discord("Carl"), None, CommandKind::Join(None, None))
        .await;
    assert!(r.is_empty(), "{r:?}");
    let join = h
        .sent
        .iter()
        .rev()
        .find_map(|m| match m {
            Outgoing::Table { chat, buttons, .. } if *chat == discord_chat() => buttons
                .iter()
                .flatten()
                .find(|b| b.payload.ends_with(":j"))
                .map(|b| b.payload.clone()),
            _ => None,
        })
        .expect("a join button in the channel");
    let r = h
        .run_as(on_discord("Dora"), None, CommandKind::Button(join.clone()))
        .await;
    assert!(r.is_empty(), "{r:?}");
    // The same button from a chat the table is not in is refused.
    let elsewhere = Sender {
        chat: ChatRef {
            chat_id: "9999".into(),
            ..discord_chat()
        },
        ..on_discord("Emil")
    };
    let r = h.run_as(elsewhere, None, CommandKind::Button(join)).await;
    assert_eq!(notice(&r), text(Lang::En, "rej-foreign-chat", vec![]));

    // The deal: private views go to each player on their own platform.
    let from = h.sent.len();
    let r = h.run("Anna", CommandKind::Start(None)).await;
    assert!(r.is_empty(), "{r:?}");
    for m in &h.sent[from..] {
        if let Outgoing::Private { to, .. } = m {
            let expected = if to.name == "Carl" || to.name == "Dora" {
                Platform::Discord
            } else {
                Platform::Telegram
            };
            assert_eq!(to.platform, expected, "{}", to.name);
        }
    }
    // A reminder for a player on Discord: the channel's copy mentions
    // them; the Telegram group's message names them without a mention.
    let mut reminded = false;
    // Play it out, each player pressing the moves of their own view from
    // their own private chat.
    let players = [
        ("Anna", sender("Anna", Lang::De).user),
        ("Berta", sender("Berta", Lang::De).user),
        ("Carl", discord_user("Carl")),
        ("Dora", discord_user("Dora")),
    ];
    for _ in 0..400 {
        if !h.settlements_of(table).is_empty() {
            break;
        }
        let to_act = h
            .store()
            .deadline(table)
            .await
            .unwrap()
            .filter(|d| d.remind_ms.is_some());
        if !reminded
            && let Some(d) = to_act
            && let Some(name) = h
                .name_on(
                    table,
                    tarock_zwanzigerrufen::Seat::try_from(d.seat).unwrap(),
                )
                .await
            && (name == "Carl" || name == "Dora")
        {
            reminded = true;
            h.clock.set(d.remind_ms.unwrap());
            assert_eq!(h.service.tick().await.unwrap(), 1);
            let sent = h.drain().await;
            let reminders: Vec<(&ChatRef, Vec<&str>)> = sent
                .iter()
                .filter_map(|m| match m {
                    Outgoing::Chat {
                        chat,
                        text,
                        mentions,
                        ..
                    } if text.contains(&name) => {
                        Some((chat, mentions.iter().map(|u| u.name.as_str()).collect()))
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(
                reminders,
                [(&chat(), vec![]), (&discord_chat(), vec![name.as_str()])],
                "{sent:?}"
            );
        }
        let mut moved = false;
        for (name, user) in &players {
            let Some(Outgoing::Private { buttons, .. }) = h.last_private_of(table, name).cloned()
            else {
                continue;
            };
            let Some(button) = buttons.iter().flatten().find(|b| {
                let action = b.payload.splitn(3, ':').nth(2).unwrap_or("");
                ["p", "w", "a", "x"].iter().any(|p| action.starts_with(p))
            }) else {
                continue;
            };
            let me = Sender {
                user: user.clone(),
                chat: ChatRef {
                    platform: user.platform,
                    chat_id: user.user_id.clone(),
                    thread_id: None,
                },
                lang: Lang::De,
                is_admin: false,
            };
            let r = h
                .run_as(me, None, CommandKind::Button(button.payload.clone()))
                .await;
            if r.is_empty() {
                moved = true;
                break;
            }
        }
        assert!(moved, "nobody could move");
    }
    assert!(reminded, "a Discord player was reminded");
    // The settlement is shown in both chats.
    let shown: Vec<ChatRef> = h
        .settlements_of(table)
        .iter()
        .filter_map(|m| match m {
            Outgoing::Settlement { chat, .. } => Some(chat.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(shown, [chat(), discord_chat()]);
    // Mentions in the channel's copies name only Discord users.
    for m in &h.sent {
        if let Outgoing::Chat { chat, mentions, .. } = m {
            assert!(
                mentions.iter().all(|u| u.platform == chat.platform),
                "{m:?}"
            );
        }
    }

    // The channel's leaderboard and statistics count the linked table:
    // all four players, and Carl's one deal here.
    let board = notice(
        &h.run_as(on_discord("Carl"), None, CommandKind::Leaderboard)
            .await,
    );
    assert_eq!(board.lines().count(), 1 + 4, "{board}");
    for name in ["Anna", "Berta", "Carl", "Dora"] {
        assert!(board.contains(name), "{name} in {board}");
    }
    let stats = notice(&h.run_as(on_discord("Carl"), None, CommandKind::Stats).await);
    assert!(stats.contains("In this chat: 1 deal,"), "{stats}");

    // Unlinking from the channel: it is told, and its buttons stop acting.
    let from = h.sent.len();
    let r = h
        .run_as(on_discord("Carl"), None, CommandKind::Unlink(None))
        .await;
    assert!(r.is_empty(), "{r:?}");
    assert!(h.sent[from..].iter().any(|m| matches!(
        m,
        Outgoing::Chat { chat, text, .. } if *chat == discord_chat() && text.contains(&table.0.to_string())
    )));
    let old_button = h
        .sent
        .iter()
        .rev()
        .find_map(|m| match m {
            Outgoing::Table { chat, buttons, .. } if *chat == discord_chat() => {
                buttons.iter().flatten().next().map(|b| b.payload.clone())
            }
            _ => None,
        })
        .expect("the channel's last table message had buttons");
    let r = h
        .run_as(on_discord("Carl"), None, CommandKind::Button(old_button))
        .await;
    assert_eq!(notice(&r), text(Lang::En, "rej-foreign-chat", vec![]));
    // Nor is there a table in the channel any more.
    let r = h
        .run_as(on_discord("Carl"), None, CommandKind::Start(None))
        .await;
    assert_eq!(notice(&r), text(Lang::En, "rej-no-table-here", vec![]));
    let next = h.run("Anna", CommandKind::Unlink(None)).await;
    assert_eq!(notice(&next), text(Lang::De, "rej-not-linked", vec![]));
}

#[tokio::test]
async fn codes_expire_and_a_chat_with_its_own_table_is_not_linked() {
    let mut h = Harness::new(12).await;
    let table = h.create("Anna", TableSettings::default()).await;
    let code = code_of(&h.run("Anna", CommandKind::Link(Some(table))).await);
    // The Discord channel has a table of its own.
    let replies = h
        .run_as(
            on_discord("Carl"),
            None,
            CommandKind::Create(TableSettings {
                lang: Lang::En,
                ..TableSettings::default()
            }),
        )
        .await;
    assert!(replies.is_empty());
    let r = h
        .run_as(
            on_discord("Carl"),
            None,
            CommandKind::LinkWith(code.clone()),
        )
        .await;
    assert_eq!(notice(&r), text(Lang::En, "rej-chat-has-table", vec![]));
    // Another channel, ten minutes later: the code is dead.
    h.clock.advance(LINK_CODE_MS);
    let other = Sender {
        chat: ChatRef {
            chat_id: "4001".into(),
            ..discord_chat()
        },
        ..on_discord("Dora")
    };
    let r = h.run_as(other, None, CommandKind::LinkWith(code)).await;
    assert_eq!(notice(&r), text(Lang::En, "rej-bad-link-code", vec![]));
}
