//! One table in several chats (issue 18, item 1): `/tarock link` makes a
//! one-time code, `/tarock join CODE` in another chat (on the same or the
//! other platform) links that chat, and `/tarock unlink` undoes it. A
//! linked chat gets the table message and every public message of the
//! table in its own platform's format; its members take seats and press
//! the table's buttons there; private messages go to each player on their
//! own platform.

use rand::Rng;
use tarock_storage::{LinkRefusal, LinkedChat, table_scope};

use super::*;

/// How long a link code lasts.
pub const LINK_CODE_MS: i64 = 10 * 60 * 1000;

/// The letters of a link code: no 0/O, 1/I/L, so that it reads aloud.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a link code (31⁶ ≈ 890 million codes).
const CODE_LEN: usize = 6;

impl ChatRef {
    /// This chat as a link row.
    pub(crate) fn as_link(&self) -> LinkedChat {
        LinkedChat {
            platform: self.platform,
            chat_id: self.chat_id.clone(),
            thread_id: self.thread_id.clone(),
        }
    }

    /// A link row as a chat.
    pub(crate) fn of_link(link: &LinkedChat) -> ChatRef {
        ChatRef {
            platform: link.platform,
            chat_id: link.chat_id.clone(),
            thread_id: link.thread_id.clone(),
        }
    }
}

/// Reads a code as typed: case and spaces do not matter.
pub fn normalize_code(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// Whether a text as typed has the shape of a link code (six of the
/// code's letters, case and spaces aside), so that a front end can tell a
/// code from other words after `/mitspielen`.
pub fn looks_like_code(text: &str) -> bool {
    let code = normalize_code(text);
    code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// The delivery-state key of the table message in a linked chat.
fn public_key(chat: &ChatRef) -> String {
    format!(
        "public:{}:{}:{}",
        chat.platform,
        chat.chat_id,
        chat.thread_id.as_deref().unwrap_or("")
    )
}

impl TableState {
    /// Whether `chat` is the table's own chat or one linked to it.
    pub(crate) fn shown_in(&self, chat: &ChatRef) -> bool {
        *chat == self.chat() || self.links.contains(&chat.as_link())
    }
}

/// The table a chat shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// A table the chat opened (the newest, if several).
    Own(TableId),
    /// The open table the chat is linked to.
    Linked(TableId),
}

impl Shown {
    /// The table.
    pub(crate) fn id(self) -> TableId {
        match self {
            Shown::Own(id) | Shown::Linked(id) => id,
        }
    }
}

impl TableService {
    /// The open tables `chat` (and its thread) opened, oldest first.
    pub(crate) async fn own_open_tables(&self, chat: &ChatRef) -> Result<Vec<Table>, Fail> {
        Ok(self
            .store
            .open_tables_in(chat.platform, &chat.chat_id)
            .await?
            .into_iter()
            .filter(|t| t.thread_id == chat.thread_id)
            .collect())
    }

    /// The open table `chat` is linked to, if any.
    pub(crate) async fn linked_table_of(&self, chat: &ChatRef) -> Result<Option<TableId>, Fail> {
        Ok(self
            .store
            .linked_table(chat.platform, &chat.chat_id, chat.thread_id.as_deref())
            .await?)
    }

    /// The table a chat shows: its own newest open one, else the open
    /// table it is linked to.
    pub(crate) async fn table_shown_in(&self, chat: &ChatRef) -> Result<Option<Shown>, Fail> {
        if let Some(t) = self.own_open_tables(chat).await?.last() {
            return Ok(Some(Shown::Own(t.id)));
        }
        Ok(self.linked_table_of(chat).await?.map(Shown::Linked))
    }

    /// The table of a linking command, loaded for a change: refused in a
    /// private chat.
    async fn begin_in_group(
        &self,
        sender: &Sender,
        update: Option<&str>,
        choice: TableChoice,
    ) -> Result<Work, Fail> {
        if sender.in_private_chat() {
            return Err(Rejection::LinkInPrivate.into());
        }
        let table = self.resolve(sender, choice).await?;
        self.begin(update, sender.user.platform, table).await
    }

    /// `/tarock link`: a one-time code for the sender, who must sit at the
    /// table or have opened it.
    pub(crate) async fn link_code(
        &self,
        sender: &Sender,
        update: Option<&str>,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let mut w = self.begin_in_group(sender, update, choice).await?;
        let table = w.st.table.id;
        if w.st.table.status == TableStatus::Closed {
            return Err(Rejection::TableClosed.into());
        }
        if w.st.seat_of(&sender.user).is_none() && !w.st.is_creator(&sender.user) {
            return Err(Rejection::NotSeated.into());
        }
        let mut rng = self.randomness.link_rng(table, w.now)?;
        let code = loop {
            let code: String = (0..CODE_LEN)
                .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
                .collect();
            if w.tx
                .create_link_code(&code, table, w.now + LINK_CODE_MS)
                .await?
            {
                break code;
            }
        };
        self.commit(w).await?;
        Ok(vec![Outgoing::Notice {
            to: sender.user.clone(),
            text: tr!(
                sender.lang,
                "link-code",
                table = table.0,
                code = code.as_str()
            ),
        }])
    }

    /// `/tarock join CODE`: links the sender's chat to the code's table and
    /// shows the table there; every chat of the table is told.
    pub(crate) async fn link_with(
        &self,
        sender: &Sender,
        update: Option<&str>,
        code: &str,
    ) -> Result<Vec<Outgoing>, Fail> {
        if sender.in_private_chat() {
            return Err(Rejection::LinkInPrivate.into());
        }
        let code = normalize_code(code);
        let now = self.clock.now_ms();
        let table = self
            .store
            .peek_link_code(&code, now)
            .await?
            .ok_or(Rejection::BadLinkCode)?;
        if self.table_shown_in(&sender.chat).await?.is_some() {
            return Err(Rejection::ChatHasTable.into());
        }
        let mut w = self.begin(update, sender.user.platform, table).await?;
        if w.st.table.status == TableStatus::Closed {
            return Err(Rejection::TableClosed.into());
        }
        let link = sender.chat.as_link();
        match w.tx.link_chat(&code, table, &link, w.now).await? {
            Ok(()) => {}
            Err(LinkRefusal::BadCode) => return Err(Rejection::BadLinkCode.into()),
            Err(LinkRefusal::ChatTaken) => return Err(Rejection::ChatHasTable.into()),
        }
        w.st.links.push(link);
        let lang = w.st.lang();
        let platform = tr!(lang, &format!("platform-{}", sender.chat.platform));
        w.say(
            tr!(
                lang,
                "link-linked",
                table = table.0,
                platform = platform.as_str()
            ),
            Vec::new(),
        );
        self.push_table_view(&mut w);
        self.commit(w).await?;
        Ok(Vec::new())
    }

    /// `/tarock unlink`: in a linked chat, that chat leaves the table; in
    /// the table's own chat, every linked chat does. The chats that leave
    /// are told; their old table message no longer acts.
    pub(crate) async fn unlink(
        &self,
        sender: &Sender,
        update: Option<&str>,
        choice: TableChoice,
    ) -> Result<Vec<Outgoing>, Fail> {
        let mut w = self.begin_in_group(sender, update, choice).await?;
        let table = w.st.table.id;
        let own = sender.chat == w.st.chat();
        if !own && !w.st.shown_in(&sender.chat) {
            return Err(Rejection::ForeignChat.into());
        }
        if w.st.seat_of(&sender.user).is_none()
            && !w.st.is_creator(&sender.user)
            && !sender.is_admin
        {
            return Err(Rejection::NotAllowed.into());
        }
        let lang = w.st.lang();
        let leaving: Vec<LinkedChat> = if own {
            w.st.links.clone()
        } else {
            vec![sender.chat.as_link()]
        };
        if leaving.is_empty() {
            return Err(Rejection::NotLinked.into());
        }
        for link in &leaving {
            w.tx.unlink_chat(table, link).await?;
            w.out.push(Outgoing::Chat {
                table,
                chat: ChatRef::of_link(link),
                text: tr!(lang, "link-unlinked", table = table.0),
                mentions: Vec::new(),
            });
        }
        w.st.links.retain(|l| !leaving.contains(l));
        if own {
            w.say(tr!(lang, "link-unlinked-all", table = table.0), Vec::new());
        }
        self.commit(w).await?;
        // A later link of the same chat posts a new table message.
        for link in &leaving {
            self.forget_linked_message(table, &ChatRef::of_link(link))
                .await?;
        }
        Ok(Vec::new())
    }

    /// Forgets the table message of a linked chat (no-op for the table's
    /// own chat), so that the next version is posted anew.
    pub(crate) async fn forget_linked_message(
        &self,
        table: TableId,
        chat: &ChatRef,
    ) -> Result<(), Fail> {
        self.store
            .delivery_delete(&table_scope(table), &public_key(chat))
            .await?;
        Ok(())
    }

    /// The table's chat on `platform`: its own chat if it lives there,
    /// else the first chat of that platform linked to it. Where a front
    /// end points its players (a jump link, a fallback mention).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn chat_on(
        &self,
        table: TableId,
        platform: Platform,
    ) -> Result<Option<ChatRef>, ServiceError> {
        let Some(row) = self.store.table(table).await? else {
            return Ok(None);
        };
        if row.platform == platform {
            return Ok(Some(ChatRef {
                platform,
                chat_id: row.chat_id,
                thread_id: row.thread_id,
            }));
        }
        Ok(self
            .store
            .links_of(table)
            .await?
            .iter()
            .find(|l| l.platform == platform)
            .map(ChatRef::of_link))
    }

    /// The platform's id of the table message in `chat` (the table's own
    /// chat or a linked one), once it was sent.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn public_message_in(
        &self,
        table: TableId,
        chat: &ChatRef,
    ) -> Result<Option<String>, ServiceError> {
        let Some(row) = self.store.table(table).await? else {
            return Ok(None);
        };
        if lives_in(&row, chat) {
            return Ok(row.public_message_id);
        }
        Ok(self
            .store
            .delivery_get(&table_scope(table), &public_key(chat))
            .await?)
    }

    /// Remembers the platform's id of the table message in `chat`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_public_message_in(
        &self,
        table: TableId,
        chat: &ChatRef,
        message_id: &str,
    ) -> Result<(), ServiceError> {
        let Some(row) = self.store.table(table).await? else {
            return Ok(());
        };
        if lives_in(&row, chat) {
            return self.set_public_message(table, message_id).await;
        }
        self.store
            .delivery_put(
                &table_scope(table),
                &public_key(chat),
                message_id,
                self.clock.now_ms(),
            )
            .await?;
        Ok(())
    }
}

/// Whether `chat` is the table's own chat (not a linked one).
fn lives_in(row: &Table, chat: &ChatRef) -> bool {
    row.platform == chat.platform && row.chat_id == chat.chat_id && row.thread_id == chat.thread_id
}

/// Copies of the public messages of the table's own chat for each linked
/// chat. Every chat message mentions only the users of its chat's platform:
/// a player of another platform (seated through a link, perhaps unlinked
/// since) is named there, and mentioned only in their own platform's chat.
pub(crate) fn fan_out(out: Vec<Outgoing>, own: &ChatRef, links: &[LinkedChat]) -> Vec<Outgoing> {
    let mut all = Vec::with_capacity(out.len() * (links.len() + 1));
    for mut message in out {
        let copies: Vec<Outgoing> = match &message {
            Outgoing::Table { chat, .. }
            | Outgoing::Chat { chat, .. }
            | Outgoing::Settlement { chat, .. }
                if chat == own =>
            {
                links
                    .iter()
                    .map(|link| readdressed(&message, ChatRef::of_link(link)))
                    .collect()
            }
            _ => Vec::new(),
        };
        if let Outgoing::Chat { chat, mentions, .. } = &mut message {
            mentions.retain(|m| m.platform == chat.platform);
        }
        all.push(message);
        all.extend(copies);
    }
    all
}

/// `message` (a public one) sent to `to` instead.
fn readdressed(message: &Outgoing, to: ChatRef) -> Outgoing {
    let mut copy = message.clone();
    match &mut copy {
        Outgoing::Table { chat, .. } | Outgoing::Settlement { chat, .. } => *chat = to,
        Outgoing::Chat { chat, mentions, .. } => {
            mentions.retain(|m| m.platform == to.platform);
            *chat = to;
        }
        Outgoing::Private { .. } | Outgoing::Notice { .. } | Outgoing::Post { .. } => {}
    }
    copy
}
