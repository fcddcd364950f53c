//! Button and select clicks: each one is a table command carrying the
//! interaction id (so a redelivered interaction acts once), and each is
//! answered: refusals and hands as ephemeral messages only the clicker
//! sees, a move made from an ephemeral hand by updating that hand in place.

use serenity::all::{
    ComponentInteraction, ComponentInteractionDataKind, CreateAllowedMentions, CreateAttachment,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, Http, MessageFlags,
};
use tarock_table::{Command, CommandKind, Lang, Outgoing, Payload, Sender, UserRef, tr};

use crate::layout::{components, cut, escape, split_text};
use crate::picture::{Drawn, HAND_FILE, MAX_DESCRIPTION};
use crate::{Bot, chat_ref, is_admin, user_ref};

/// One message of an answer: text and buttons.
pub(crate) struct Piece {
    /// At most 2 000 characters, markdown escaped.
    pub(crate) text: String,
    /// Rows of buttons.
    pub(crate) buttons: Vec<Vec<tarock_table::Button>>,
    /// Whether this is a private view (a hand), which may replace the
    /// ephemeral hand it was asked from.
    pub(crate) hand: bool,
    /// The hand's picture, shown above the buttons.
    pub(crate) drawn: Option<Drawn>,
}

impl Piece {
    /// The picture as an attachment (with its alt text), if any.
    pub(crate) fn attachment(&self) -> Option<CreateAttachment> {
        self.drawn.as_ref().map(|d| {
            CreateAttachment::bytes(d.png.to_vec(), HAND_FILE)
                .description(cut(&d.alt, MAX_DESCRIPTION))
        })
    }
}

/// The replies of a command as answer pieces: notices and private views,
/// split to Discord's length, buttons (and a hand's picture) with the last
/// piece.
pub(crate) async fn pieces(bot: &Bot, user: &UserRef, replies: &[Outgoing]) -> Vec<Piece> {
    let mut out = Vec::new();
    for reply in replies {
        let (text, buttons, hand, drawn) = match reply {
            Outgoing::Notice { text, .. } => (text, &[][..], false, None),
            Outgoing::Private {
                text,
                buttons,
                table,
                picture,
                ..
            } => (
                text,
                buttons.as_slice(),
                true,
                bot.hand_picture(*table, user, picture.as_ref()).await,
            ),
            _ => continue,
        };
        let split = split_text(&escape(text));
        let last = split.len() - 1;
        for (i, text) in split.into_iter().enumerate() {
            out.push(Piece {
                text,
                buttons: if i == last {
                    buttons.to_vec()
                } else {
                    Vec::new()
                },
                hand: hand && i == last,
                drawn: if i == last { drawn.clone() } else { None },
            });
        }
    }
    out
}

/// The payload a click carries: a button's custom id, or the chosen
/// option of the select menu that holds the buttons that did not fit.
fn payload_of(component: &ComponentInteraction) -> String {
    match &component.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().cloned().unwrap_or_default()
        }
        _ => component.data.custom_id.clone(),
    }
}

/// The clicker's private view of the table a payload names, after a move
/// made from an ephemeral hand: shown in its place.
async fn fresh_hand(bot: &Bot, user: &UserRef, payload: &str) -> Vec<Outgoing> {
    let Ok(payload) = payload.parse::<Payload>() else {
        return Vec::new();
    };
    match bot.service.private_views(user).await {
        Ok(views) => views
            .into_iter()
            .filter(|v| matches!(v, Outgoing::Private { table, .. } if *table == payload.table))
            .collect(),
        Err(e) => {
            tracing::warn!(user = %tarock_ops::logs::user_hash("discord", &user.user_id), error = %e, "private views");
            Vec::new()
        }
    }
}

/// A response with the piece's text, buttons and picture; its
/// attachments replace the message's (none: the old picture goes).
fn response_message(piece: &Piece) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(piece.text.clone())
        .components(components(&piece.buttons))
        .allowed_mentions(CreateAllowedMentions::new())
        .files(piece.attachment())
}

fn followup(piece: &Piece) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(piece.text.clone())
        .components(components(&piece.buttons))
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new())
        .files(piece.attachment())
}

/// Handles one click and answers it.
pub(crate) async fn on_component(bot: &Bot, http: &Http, component: &ComponentInteraction) {
    // A redelivered interaction is not answered twice (Discord would
    // refuse the second answer with 40060); its command was applied once.
    if !bot.first_answer(&component.id.get().to_string()).await {
        tracing::info!(
            "interaction {} came again: not answered twice",
            component.id
        );
        return;
    }
    let payload = payload_of(component);
    let user = user_ref(&component.user, component.member.as_ref());
    let lang = Lang::from_tag(&component.locale);
    bot.remember_guild(component.channel_id, component.guild_id)
        .await;
    // A click in the bot's DM with the user comes from their private chat,
    // which the table service names by their user id.
    let chat = if component.guild_id.is_none() {
        tarock_table::ChatRef {
            platform: tarock_table::Platform::Discord,
            chat_id: user.user_id.clone(),
            thread_id: None,
        }
    } else {
        chat_ref(component.channel_id)
    };
    let from_ephemeral = component
        .message
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
    let command = Command {
        sender: Sender {
            user: user.clone(),
            chat,
            lang,
            is_admin: is_admin(component.member.as_ref()),
        },
        update_id: Some(component.id.get().to_string()),
        kind: CommandKind::Button(payload.clone()),
    };
    let (result, acknowledged) = bot
        .handle_timely(command, || async {
            if let Err(e) = component
                .create_response(http, CreateInteractionResponse::Acknowledge)
                .await
            {
                tracing::warn!("acknowledging a click: {e}");
            }
        })
        .await;
    let mut replies = match result {
        Ok(replies) => replies,
        Err(e) => {
            tracing::error!(error = %e, "a click failed");
            vec![Outgoing::Notice {
                to: user.clone(),
                text: tr!(lang, "discord-failed"),
            }]
        }
    };
    if replies.is_empty() && from_ephemeral {
        replies = fresh_hand(bot, &user, &payload).await;
        if replies.is_empty() {
            // The deal is over: the hand stays as it was, without buttons.
            if let Err(e) = clear_buttons(http, component, acknowledged).await {
                tracing::warn!("answering a click: {e}");
            }
            return;
        }
    }
    let pieces = pieces(bot, &user, &replies).await;
    // In the DM the clicked message is the player's hand: a view answering
    // the click (a choice made in steps) replaces it there, so the DM never
    // holds a second keyboard.
    let in_dm = component.guild_id.is_none();
    let replace = from_ephemeral || in_dm;
    match answer(http, component, &pieces, acknowledged, replace).await {
        Ok(()) => {
            if let Some(first) = pieces.first().filter(|p| p.hand && in_dm) {
                bot.showing(&component.message.id.to_string(), first.drawn.as_ref());
            }
        }
        Err(e) => tracing::warn!("answering a click: {e}"),
    }
}

/// Takes the buttons off the clicked message, leaving its text.
async fn clear_buttons(
    http: &Http,
    component: &ComponentInteraction,
    acknowledged: bool,
) -> Result<(), serenity::Error> {
    if acknowledged {
        let edit = EditInteractionResponse::new()
            .components(Vec::new())
            .allowed_mentions(CreateAllowedMentions::new());
        component.edit_response(http, edit).await?;
    } else {
        let update = CreateInteractionResponseMessage::new()
            .components(Vec::new())
            .allowed_mentions(CreateAllowedMentions::new());
        component
            .create_response(http, CreateInteractionResponse::UpdateMessage(update))
            .await?;
    }
    Ok(())
}

/// Sends the answer: the first piece as the interaction response (a hand
/// replacing, with `in_place`, the clicked hand: an ephemeral one or the
/// DM), the rest as ephemeral follow-ups.
async fn answer(
    http: &Http,
    component: &ComponentInteraction,
    pieces: &[Piece],
    acknowledged: bool,
    in_place: bool,
) -> Result<(), serenity::Error> {
    let Some((first, rest)) = pieces.split_first() else {
        if !acknowledged {
            component
                .create_response(http, CreateInteractionResponse::Acknowledge)
                .await?;
        }
        return Ok(());
    };
    let replace = first.hand && in_place;
    match (acknowledged, replace) {
        (false, true) => {
            component
                .create_response(
                    http,
                    CreateInteractionResponse::UpdateMessage(response_message(first)),
                )
                .await?;
        }
        (false, false) => {
            component
                .create_response(
                    http,
                    CreateInteractionResponse::Message(response_message(first).ephemeral(true)),
                )
                .await?;
        }
        (true, true) => {
            let mut edit = EditInteractionResponse::new()
                .content(first.text.clone())
                .components(components(&first.buttons))
                .allowed_mentions(CreateAllowedMentions::new())
                .clear_attachments();
            if let Some(file) = first.attachment() {
                edit = edit.new_attachment(file);
            }
            component.edit_response(http, edit).await?;
        }
        (true, false) => {
            component.create_followup(http, followup(first)).await?;
        }
    }
    for piece in rest {
        component.create_followup(http, followup(piece)).await?;
    }
    Ok(())
}
