//! Inline mode, the pattern players know from the Telegram UNO bot: typing
//! the bot's name in the group (or pressing "my cards" on the table
//! message) lists the player's own legal moves as inline results, visible
//! only to them; choosing one posts it in the group and plays it.
//!
//! Needs inline mode switched on with BotFather (`/setinline`) and inline
//! feedback (`/setinlinefeedback`), which delivers the chosen result.

use tarock_table::{Command, CommandKind, Outgoing, Sender, UserRef, tr};
use teloxide::prelude::*;
use teloxide::types::{
    ChosenInlineResult, InlineQuery, InlineQueryResult, InlineQueryResultArticle,
    InlineQueryResultsButton, InlineQueryResultsButtonKind, InputMessageContent,
    InputMessageContentText,
};

use crate::deliver::send_text;
use crate::user_hash;
use crate::{BotError, Ctx, user_lang, user_ref};

/// Whether a payload only opens a keyboard ("… +"): not a move to offer.
fn is_compose(payload: &str) -> bool {
    payload
        .split(':')
        .nth(2)
        .is_some_and(|a| a.starts_with('x'))
}

/// The inline results for a player: one per legal move of each table where
/// they are to act. The result id is the move's button payload (≤ 64 bytes,
/// Telegram's limit for result ids too).
pub fn results_for(views: &[Outgoing]) -> Vec<InlineQueryResult> {
    let mut results = Vec::new();
    for view in views {
        let Outgoing::Private { text, buttons, .. } = view else {
            continue;
        };
        // The hand, shown to the player only, under each choice.
        let hand = text.lines().nth(1).unwrap_or_default().to_owned();
        for button in buttons.iter().flatten().filter(|b| !is_compose(&b.payload)) {
            let content = InputMessageContent::Text(InputMessageContentText::new(format!(
                "🃏 {}",
                button.label
            )));
            let article = InlineQueryResultArticle::new(
                button.payload.clone(),
                button.label.clone(),
                content,
            )
            .description(hand.clone());
            results.push(InlineQueryResult::Article(article));
        }
    }
    results
}

/// Answers an inline query with the player's moves. With none (not their
/// turn, or no table), a button above the empty list opens the private chat
/// with the bot, where their hand is.
pub(crate) async fn on_inline_query(ctx: &Ctx, query: &InlineQuery) -> Result<(), BotError> {
    let user: UserRef = user_ref(&query.from);
    let views = ctx.service.private_views(&user).await?;
    let results = results_for(&views);
    let mut answer = ctx
        .bot
        .answer_inline_query(query.id.clone(), results.clone())
        .cache_time(0)
        .is_personal(true);
    if results.is_empty() {
        let start = match views.first() {
            Some(Outgoing::Private { table, .. }) => format!("t{table}"),
            _ => "karten".to_owned(),
        };
        answer = answer.button(InlineQueryResultsButton {
            text: tr!(user_lang(&query.from), "telegram-inline-none"),
            kind: InlineQueryResultsButtonKind::StartParameter(start),
        });
    }
    let answer = answer.await;
    if let Err(e) = answer {
        tracing::warn!(error = %e, "answering an inline query");
    }
    Ok(())
}

/// Plays the chosen result, exactly like a press of the same button. A
/// refusal (a stale move, say) goes to the player's private chat.
pub(crate) async fn on_chosen(
    ctx: &Ctx,
    chosen: &ChosenInlineResult,
    update_id: Option<String>,
) -> Result<(), BotError> {
    let user = user_ref(&chosen.from);
    let lang = user_lang(&chosen.from);
    let replies = tarock_ops::handle(
        &ctx.service,
        crate::PLATFORM,
        Command {
            sender: Sender {
                chat: tarock_table::ChatRef {
                    platform: user.platform,
                    chat_id: user.user_id.clone(),
                    thread_id: None,
                },
                user: user.clone(),
                lang,
                is_admin: false,
            },
            update_id,
            kind: CommandKind::Button(chosen.result_id.clone()),
        },
    )
    .await?;
    ctx.pump.wake.notify_one();
    let to = ChatId(chosen.from.id.0 as i64);
    for reply in replies {
        let buttons = reply.buttons().to_vec();
        if let Err(e) = send_text(&ctx.bot, to, None, reply.text(), &buttons).await {
            tracing::warn!(user = %user_hash(&user.user_id), error = %e, "answering a chosen inline result");
        }
    }
    Ok(())
}
