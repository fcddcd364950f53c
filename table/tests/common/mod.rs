//! A table service on a real SQLite file, a test clock, and an in-memory
//! collector of everything it sends; plus the checks several test files
//! share (settlements against the engine and the ledger, card labels in
//! texts, "nothing changed" snapshots).

#![allow(dead_code)]

pub mod family;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use rand::Rng;
use rand::rngs::StdRng;
use tarock_storage::{
    Balance, Deadline, DealId, DealRow, DealStatus, Event, LoadedTable, Occupant, OutboxCounts,
    Participant, Platform, SeatRow, Store, Summary, Table, TableId,
};
use tarock_table::{
    Button, ChatRef, Command, CommandKind, Keyboard, Lang, ManualClock, Outgoing, Sender,
    TableService, TableSettings, UserRef,
};
use tarock_zwanzigerrufen::{Card, CardSet, Game, Record, Seat};
use tarock_zwanzigerrufen_face::render::card_label;

/// 2026-11-20 12:00 UTC.
pub const T0: i64 = 1_795_176_000_000;

/// The outbox lease of the service (a claimed message is claimed again after it).
pub const LEASE_MS: i64 = 5_000;

pub struct Harness {
    pub service: TableService,
    pub clock: Arc<ManualClock>,
    pub path: String,
    /// The fixed seed of the service; `None`: OS entropy, as in production.
    pub seed: Option<u64>,
    /// Every message delivered from the outbox, in order.
    pub sent: Vec<Outgoing>,
    /// The language each user writes in (German unless set).
    pub langs: HashMap<String, Lang>,
    _dir: Option<tempfile::TempDir>,
}

pub fn chat() -> ChatRef {
    ChatRef {
        platform: Platform::Telegram,
        chat_id: "-100".into(),
        thread_id: None,
    }
}

pub fn user(name: &str) -> UserRef {
    UserRef {
        platform: Platform::Telegram,
        user_id: format!("id-{name}"),
        name: name.to_owned(),
    }
}

pub fn sender(name: &str, lang: Lang) -> Sender {
    Sender {
        user: user(name),
        chat: chat(),
        lang,
        is_admin: false,
    }
}

impl Harness {
    /// A service with a fixed seed (reproducible deals) on a new file.
    pub async fn new(seed: u64) -> Harness {
        Harness::fresh(Some(seed), Arc::new(ManualClock::new(T0))).await
    }

    /// The production service (every deal from fresh OS entropy) on a new
    /// file, reading time from `clock`.
    pub async fn with_entropy(clock: Arc<ManualClock>) -> Harness {
        Harness::fresh(None, clock).await
    }

    async fn fresh(seed: Option<u64>, clock: Arc<ManualClock>) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tarock.db").display().to_string();
        let mut h = Harness::open(&path, seed, clock).await;
        h._dir = Some(dir);
        h
    }

    /// A service on an existing database (a restart).
    pub async fn open(path: &str, seed: Option<u64>, clock: Arc<ManualClock>) -> Harness {
        let store = Store::open(path).await.unwrap();
        let service = match seed {
            Some(seed) => TableService::with_fixed_seed(store, clock.clone(), seed),
            None => TableService::new(store, clock.clone()),
        };
        Harness {
            service,
            clock,
            path: path.to_owned(),
            seed,
            sent: Vec::new(),
            langs: HashMap::new(),
            _dir: None,
        }
    }

    /// Drops the service and its store (a crash: nothing is closed in
    /// order) and starts a new one on the same file, clock and seed (a new
    /// production service draws its own entropy). What the platform side
    /// holds (the delivered messages, the users' languages) is kept.
    pub async fn restart(self) -> Harness {
        let Harness {
            service,
            clock,
            path,
            seed,
            sent,
            langs,
            _dir,
        } = self;
        drop(service);
        let mut h = Harness::open(&path, seed, clock).await;
        h.sent = sent;
        h.langs = langs;
        h._dir = _dir;
        h
    }

    pub fn store(&self) -> &Store {
        self.service.store()
    }

    /// Runs one statement on the database file directly (a row as an older
    /// version left it).
    pub async fn exec(&self, sql: &str) {
        use sqlx::{Connection, Executor};
        let (url, _) = tarock_storage::normalize_url(&self.path).unwrap();
        let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
        conn.execute(sqlx::AssertSqlSafe(sql.to_owned()))
            .await
            .unwrap();
        conn.close().await.unwrap();
    }

    pub fn set_lang(&mut self, name: &str, lang: Lang) {
        self.langs.insert(name.to_owned(), lang);
    }

    pub fn lang(&self, name: &str) -> Lang {
        self.langs.get(name).copied().unwrap_or(Lang::De)
    }

    /// Runs a command from `name` (in their language); returns the immediate
    /// replies, after delivering everything the command queued.
    pub async fn run(&mut self, name: &str, kind: CommandKind) -> Vec<Outgoing> {
        let lang = self.lang(name);
        self.run_as(sender(name, lang), None, kind).await
    }

    pub async fn run_as(
        &mut self,
        sender: Sender,
        update: Option<&str>,
        kind: CommandKind,
    ) -> Vec<Outgoing> {
        let replies = self.handle(sender, update, kind).await;
        self.drain().await;
        replies
    }

    /// Runs a command without delivering anything.
    pub async fn handle(
        &mut self,
        sender: Sender,
        update: Option<&str>,
        kind: CommandKind,
    ) -> Vec<Outgoing> {
        self.service
            .handle(Command {
                sender,
                update_id: update.map(str::to_owned),
                kind,
            })
            .await
            .unwrap()
    }

    /// Presses a button as `name`.
    pub async fn press(&mut self, name: &str, payload: &str) -> Vec<Outgoing> {
        self.run(name, CommandKind::Button(payload.to_owned()))
            .await
    }

    /// Delivers everything in the outbox.
    pub async fn drain(&mut self) -> Vec<Outgoing> {
        let mut got = Vec::new();
        loop {
            let batch = self.service.claim(100).await.unwrap();
            if batch.is_empty() {
                break;
            }
            for d in batch {
                self.service.delivered(d.id).await.unwrap();
                got.push(d.message);
            }
        }
        self.sent.extend(got.clone());
        got
    }

    pub async fn create(&mut self, name: &str, settings: TableSettings) -> TableId {
        let before = self.sent.len();
        let replies = self.run(name, CommandKind::Create(settings)).await;
        assert!(replies.is_empty(), "create refused: {replies:?}");
        match self.sent[before..].iter().rev().find_map(|m| match m {
            Outgoing::Table { table, .. } => Some(*table),
            _ => None,
        }) {
            Some(t) => t,
            None => panic!("no table view after create"),
        }
    }

    /// A table with `names` seated in order (the first creates it), then
    /// computers of `level` in the remaining seats.
    pub async fn table_with(
        &mut self,
        names: &[&str],
        computers: &str,
        settings: TableSettings,
    ) -> TableId {
        let table = self.create(names[0], settings).await;
        for name in &names[1..] {
            let r = self.run(name, CommandKind::Join(Some(table), None)).await;
            assert!(r.is_empty(), "{name} could not join: {r:?}");
        }
        for _ in names.len()..4 {
            let r = self
                .run(
                    names[0],
                    CommandKind::AddComputer(Some(table), computers.into(), None),
                )
                .await;
            assert!(r.is_empty(), "no computer: {r:?}");
        }
        table
    }

    /// The newest private view sent to `name`.
    pub fn last_private(&self, name: &str) -> Option<&Outgoing> {
        self.sent
            .iter()
            .rev()
            .find(|m| matches!(m, Outgoing::Private { to, .. } if to.name == name))
    }

    /// The newest private view of `table` sent to `name`.
    pub fn last_private_of(&self, table: TableId, name: &str) -> Option<&Outgoing> {
        self.sent
            .iter()
            .rev()
            .find(|m| matches!(m, Outgoing::Private { to, table: t, .. } if to.name == name && *t == table))
    }

    /// The newest public table text.
    pub fn last_table_text(&self) -> String {
        self.sent
            .iter()
            .rev()
            .find_map(|m| match m {
                Outgoing::Table { text, .. } => Some(text.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// The newest public table message of `table`.
    pub fn last_table(&self, table: TableId) -> &Outgoing {
        self.sent
            .iter()
            .rev()
            .find(|m| matches!(m, Outgoing::Table { table: t, .. } if *t == table))
            .expect("a table view")
    }

    pub fn settlements(&self) -> Vec<&Outgoing> {
        self.sent
            .iter()
            .filter(|m| matches!(m, Outgoing::Settlement { .. }))
            .collect()
    }

    pub fn settlements_of(&self, table: TableId) -> Vec<&Outgoing> {
        self.sent
            .iter()
            .filter(|m| matches!(m, Outgoing::Settlement { table: t, .. } if *t == table))
            .collect()
    }

    pub async fn loaded(&self, table: TableId) -> LoadedTable {
        self.store()
            .load_table(table)
            .await
            .unwrap()
            .expect("the table exists")
    }

    /// The active deal's game, if one is on.
    pub async fn game(&self, table: TableId) -> Option<Game> {
        let t = self.loaded(table).await;
        t.deal
            .filter(|d| d.deal.status == DealStatus::Active)
            .and_then(|d| zr_game(&d))
    }

    /// The seat `name` sits on.
    pub async fn seat_of(&self, table: TableId, name: &str) -> Option<Seat> {
        self.loaded(table)
            .await
            .seats
            .iter()
            .find(|s| s.player.as_ref().is_some_and(|p| p.display_name == name))
            .map(|s| Seat::try_from(s.seat).expect("a Zwanzigerrufen seat"))
    }

    /// The name of the person on `seat`, if a person sits there.
    pub async fn name_on(&self, table: TableId, seat: Seat) -> Option<String> {
        self.loaded(table)
            .await
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .and_then(|s| s.player.as_ref().map(|p| p.display_name.clone()))
    }

    /// The move of the human to act at `table`, chosen at random among the
    /// buttons of their newest private view: (name, payload). Checks that
    /// exactly one of `names` holds live buttons and that it is the seat the
    /// engine says is to act.
    pub async fn choose_move(
        &self,
        table: TableId,
        names: &[&str],
        rng: &mut StdRng,
    ) -> (String, String) {
        let holders: Vec<(&str, Keyboard)> = names
            .iter()
            .filter_map(|n| match self.last_private_of(table, n) {
                Some(Outgoing::Private { buttons, .. }) if !buttons.is_empty() => {
                    Some((*n, buttons.clone()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            holders.len(),
            1,
            "exactly one person must hold live buttons: {:?}\n{}",
            holders.iter().map(|h| h.0).collect::<Vec<_>>(),
            self.last_table_text()
        );
        let (name, keyboard) = holders.into_iter().next().unwrap();
        let game = self.game(table).await.expect("a deal is on");
        assert_eq!(
            Some(self.seat_of(table, name).await.unwrap()),
            game.to_act(),
            "the holder of the buttons is the seat to act"
        );
        // Buttons that make a move; "… +" buttons only open a keyboard of
        // what may follow (tested on their own).
        let buttons: Vec<&Button> = keyboard
            .iter()
            .flatten()
            .filter(|b| !is_compose(&b.payload))
            .collect();
        let button = buttons[rng.random_range(0..buttons.len())];
        (name.to_owned(), button.payload.clone())
    }

    /// One move by the human to act at `table` ([`Harness::choose_move`]),
    /// which must be accepted. Returns the payload pressed.
    pub async fn random_move(
        &mut self,
        table: TableId,
        names: &[&str],
        rng: &mut StdRng,
    ) -> String {
        let (name, mut payload) = self.choose_move(table, names, rng).await;
        loop {
            let replies = self.press(&name, &payload).await;
            // A "… +" button starts a turn of several announcements: the
            // answer is a private keyboard of what may follow, to the
            // presser only; choose from it until the turn is made.
            if !is_compose(&payload) {
                assert!(replies.is_empty(), "{name} pressed {payload}: {replies:?}");
                return payload;
            }
            let [Outgoing::Private { to, buttons, .. }] = replies.as_slice() else {
                panic!("{name} pressed {payload}: expected one private keyboard, got {replies:?}");
            };
            assert_eq!(to.name, name);
            let choices: Vec<&Button> = buttons.iter().flatten().collect();
            assert!(!choices.is_empty(), "{payload}: no choices");
            payload = choices[rng.random_range(0..choices.len())].payload.clone();
        }
    }

    /// Plays on with random buttons until the deal in progress is settled.
    pub async fn play_out(&mut self, table: TableId, names: &[&str], rng: &mut StdRng) {
        let settled = self.settlements_of(table).len();
        for _ in 0..400 {
            if self.settlements_of(table).len() > settled {
                return;
            }
            self.random_move(table, names, rng).await;
        }
        panic!("the deal did not end in 400 moves");
    }

    /// Presses the table view's button whose payload ends with `suffix`
    /// (`:s` start / next deal, `:j` join …) as `name`.
    pub async fn press_table_button(
        &mut self,
        table: TableId,
        name: &str,
        suffix: &str,
    ) -> Vec<Outgoing> {
        let payload = self
            .last_table(table)
            .buttons()
            .iter()
            .flatten()
            .find(|b| b.payload.ends_with(suffix))
            .unwrap_or_else(|| panic!("no {suffix} button on the table view"))
            .payload
            .clone();
        self.press(name, &payload).await
    }

    /// Everything that must stay the same when a command is refused.
    pub async fn snapshot(&self, table: TableId) -> Snapshot {
        let store = self.store();
        let loaded = self.loaded(table).await;
        Snapshot {
            table: loaded.table,
            seats: loaded.seats,
            deal: loaded.deal.map(|d| {
                let game = zr_game(&d);
                (d.deal, d.events, game)
            }),
            deals: store.deals_of(table).await.unwrap(),
            balances: store.table_balances(table).await.unwrap(),
            deadline: store.deadline(table).await.unwrap(),
            outbox: store.outbox_counts().await.unwrap(),
            summary: store.summary().await.unwrap(),
        }
    }
}

/// The stored state of a table (and counts of the whole store).
#[derive(Debug, PartialEq)]
pub struct Snapshot {
    pub table: Table,
    pub seats: Vec<SeatRow>,
    pub deal: Option<(DealRow, Vec<Event>, Option<Game>)>,
    pub deals: Vec<DealRow>,
    pub balances: Vec<Balance>,
    pub deadline: Option<Deadline>,
    pub outbox: OutboxCounts,
    pub summary: Summary,
}

// ----- card labels in texts ---------------------------------------------------

/// The words of a text as card labels are matched: maximal runs of letters,
/// digits and suit symbols (so `XIX` is one word, never `X` and `IX`, and
/// `♠10` one word).
pub fn words(text: &str) -> Vec<&str> {
    let is_word = |c: char| c.is_alphanumeric() || "♠♣♥♦".contains(c);
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (is_word(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(&text[s..i]);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(&text[s..]);
    }
    out
}

/// Every card label of both languages, to the card.
pub fn label_map() -> HashMap<String, Card> {
    let mut map = HashMap::new();
    for card in Card::all() {
        for lang in Lang::ALL {
            let label = card_label(card, lang);
            if let Some(other) = map.insert(label.clone(), card) {
                assert_eq!(other, card, "label {label} names two cards");
            }
        }
    }
    assert!(map.len() >= 40);
    map
}

/// The cards named in a text (in either language), as whole words.
pub fn cards_in(text: &str, labels: &HashMap<String, Card>) -> CardSet {
    let mut set = CardSet::default();
    for w in words(text) {
        if let Some(card) = labels.get(w) {
            set.insert(*card);
        }
    }
    set
}

/// 32 bytes as 64 lowercase hexadecimal digits.
pub fn hex32(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A deal's seed and salt as 64 hex digits each, read in a transaction of
/// their own (the service reads them so at the settlement).
pub async fn secrets_of(store: &Store, deal: &DealRow) -> (String, String) {
    let mut tx = store.begin().await.unwrap();
    let s = tx
        .deal_secrets(deal.id)
        .await
        .unwrap()
        .expect("the service deals with a seed and a salt");
    (hex32(&s.seed), hex32(&s.salt))
}

/// The commitment of a Zwanzigerrufen deal as the README tells anyone to
/// compute it: SHA-256 over the lines `tarock-fair-deal/1`, `game
/// zwanzigerrufen`, `seed …`, `salt …` and the four hands, each line ended
/// by a line feed. Written out here, not taken from the service.
pub fn readme_commitment(seed: &str, salt: &str, hands: &[&str; 4]) -> String {
    use sha2::Digest;
    let text = format!(
        "tarock-fair-deal/1\ngame zwanzigerrufen\nseed {seed}\nsalt {salt}\n{}\n{}\n{}\n{}\n",
        hands[0], hands[1], hands[2], hands[3]
    );
    let digest: [u8; 32] = sha2::Sha256::digest(text.as_bytes()).into();
    hex32(&digest)
}

pub fn hands_of(deal: &DealRow) -> [CardSet; 4] {
    deal.hands
        .clone()
        .iter()
        .map(|h| h.parse::<CardSet>().expect("stored hands read"))
        .collect::<Vec<_>>()
        .try_into()
        .expect("four hands")
}

/// The cards played so far in a deal's log.
pub fn played(events: &[Event]) -> CardSet {
    let mut set = CardSet::default();
    // A card is a token `p<card>` (or, in a deal stored in record form,
    // the card's id alone).
    for e in events {
        let id = e.action.strip_prefix('p').unwrap_or(&e.action);
        if let Ok(card) = id.parse::<Card>() {
            set.insert(card);
        }
    }
    set
}

// ----- settlements --------------------------------------------------------------

/// Units as the texts show them: `+2`, `−1`, `0`.
/// Whether a payload is a "… +" button (its action starts with `x`).
pub fn is_compose(payload: &str) -> bool {
    payload
        .split(':')
        .nth(2)
        .is_some_and(|a| a.starts_with('~') || a.starts_with('x'))
}

pub fn units_text(n: i64) -> String {
    match n {
        0 => "0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}

/// Money as the texts show it: `1,20 €` / `€1.20`, with `−` when negative.
pub fn money_text(cents: i64, lang: Lang) -> String {
    let sign = if cents < 0 { "−" } else { "" };
    let (euros, rest) = (cents.abs() / 100, cents.abs() % 100);
    match lang {
        Lang::De => format!("{sign}{euros},{rest:02} €"),
        Lang::En => format!("{sign}€{euros}.{rest:02}"),
    }
}

/// Money with its sign: `+1,20 €`, `−€1.20`, `0,00 €`.
pub fn signed_money_text(cents: i64, lang: Lang) -> String {
    if cents > 0 {
        format!("+{}", money_text(cents, lang))
    } else {
        money_text(cents, lang)
    }
}

/// The name a seat is shown with: the person's, or `Computer 2 (mittel)`.
pub fn seat_display_name(row: &SeatRow, lang: Lang) -> String {
    match (&row.player, &row.occupant) {
        (Some(p), _) => p.display_name.clone(),
        (None, Occupant::Computer(level)) => {
            computer_seat_name(Seat::try_from(row.seat).expect("a seat"), level, lang)
        }
        (None, Occupant::Player(id)) => format!("#{id}"),
    }
}

/// The shown name of the computer on `seat`: `Computer 2 (mittel)`.
pub fn computer_seat_name(seat: Seat, level: &str, lang: Lang) -> String {
    let level = match (level, lang) {
        ("easy", Lang::De) => "leicht",
        ("medium", Lang::De) => "mittel",
        ("strong", Lang::De) => "stark",
        (other, _) => other,
    };
    format!("Computer {} ({level})", seat.index() + 1)
}

/// The shown name of a balance's owner: a person's name, or the computer
/// seat's (each computer seat keeps its own balance).
async fn participant_name(store: &Store, participant: &Participant, lang: Lang) -> String {
    match participant {
        Participant::Player(id) => store.player(*id).await.unwrap().unwrap().display_name,
        Participant::Computer { seat, level } => {
            computer_seat_name(Seat::try_from(*seat).expect("a seat"), level, lang)
        }
    }
}

/// The lines of a settlement text that score an item: `<what>: Spieler +2`
/// (or `Gegner`, `declarers`, `opponents`), as (party is the declarers,
/// value).
pub fn scored_lines(text: &str) -> Vec<(bool, i64)> {
    text.lines()
        .filter_map(|line| {
            let (_, tail) = line.rsplit_once(": ")?;
            let (side, value) = tail.split_once(' ')?;
            let declarers = match side {
                "Spieler" | "declarers" => true,
                "Gegner" | "opponents" => false,
                _ => return None,
            };
            let value: i64 = value.strip_prefix('+')?.parse().ok()?;
            Some((declarers, value))
        })
        .collect()
}

/// Checks every settlement message of `table` against the stored deals, the
/// engine and the ledger:
/// - one settlement message per finished deal, in order;
/// - its changes are the engine's settlement of the stored record (with the
///   deal's factor), sum to zero, and are what the ledger holds for the deal;
/// - its items are the engine's lines (value, Kontra multiplier, announced),
///   and the item lines of its text add up to the engine's sum;
/// - its balances are the running sums of the changes per participant (a
///   person, or a computer seat), in units and in money (units × stake),
///   summing to zero; each seat's line in the text shows its change and
///   its participant's new balance;
/// - the last one's balances are the ledger's.
///
/// Returns the number of settled deals.
/// The Zwanzigerrufen record of a deal, as storage exports it
/// ([`Store::record_text`]) read back.
pub async fn deal_record(store: &Store, deal: DealId) -> Record {
    let text = store.record_text(deal).await.unwrap();
    Record::from_json(&text).unwrap_or_else(|e| panic!("deal {deal}: {e}: {text}"))
}

pub async fn check_settlements(h: &Harness, table: TableId, lang: Lang) -> usize {
    let store = h.store();
    let stake = store.table(table).await.unwrap().unwrap().stake_cents;
    let messages = h.settlements_of(table);
    let finished: Vec<DealRow> = store
        .deals_of(table)
        .await
        .unwrap()
        .into_iter()
        .filter(|d| d.status == DealStatus::Finished)
        .collect();
    assert_eq!(
        messages.len(),
        finished.len(),
        "one settlement message per finished deal"
    );
    let mut running: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    for (message, deal) in messages.iter().zip(&finished) {
        let Outgoing::Settlement {
            text,
            items,
            changes,
            balances,
            ..
        } = message
        else {
            unreachable!()
        };
        let record = deal_record(store, deal.id).await;
        let game = record.to_game().expect("the stored record replays");
        // The session factor the round was settled with (a double round
        // after a Mondfang), which records do not hold: the round's own.
        let loaded = store.load_deal(deal.id).await.unwrap().unwrap();
        let factor = loaded
            .round
            .as_ref()
            .and_then(|r| {
                r.round()
                    .downcast_ref::<tarock_zwanzigerrufen::Zwanzigerrufen>()
            })
            .map_or(deal.factor, tarock_zwanzigerrufen::Zwanzigerrufen::factor);
        let engine = game
            .settlement_with_factor(factor)
            .expect("the stored deal is finished");
        assert_eq!(
            *changes, engine.changes,
            "deal {}: changes are the engine's",
            deal.number
        );
        assert_eq!(changes.iter().sum::<i64>(), 0, "changes sum to zero");
        assert_eq!(items.len(), engine.lines.len());
        for (item, line) in items.iter().zip(&engine.lines) {
            // An item's value is before its Kontras, as in every face.
            assert_eq!(item.value * i64::from(item.multiplier), line.value);
            assert_eq!(item.multiplier, 1 << line.kontra);
            assert_eq!(item.announced, line.announced);
        }
        // The sum from the text's lines alone, from the declarers' side.
        let lines = scored_lines(text);
        assert_eq!(lines.len(), engine.lines.len(), "{text}");
        let sum: i64 = lines
            .iter()
            .map(|&(declarers, v)| if declarers { v } else { -v })
            .sum();
        assert_eq!(
            sum * i64::from(engine.factor),
            engine.total,
            "deal {}: the lines add up\n{text}",
            deal.number
        );
        let stored = store
            .settlement(deal.id)
            .await
            .unwrap()
            .expect("a stored settlement");
        assert_eq!(stored.stake_cents, stake);
        let mut ledger_changes = [0i64; 4];
        let mut seat_names = Vec::new();
        for (seat, occupant, units) in &stored.seats {
            ledger_changes[seat.index()] = *units;
            let name = participant_name(store, &Participant::of(*seat, occupant), lang).await;
            let entry = running.entry(name.clone()).or_default();
            entry.0 += units;
            entry.1 += units * stake;
            seat_names.push((name, *units));
        }
        assert_eq!(
            ledger_changes, engine.changes,
            "the ledger holds the engine's changes"
        );
        // Each seat's line: its change and its participant's new balance.
        for (name, units) in &seat_names {
            let (total, cents) = running[name];
            let balance_word = match lang {
                Lang::De => "Stand",
                Lang::En => "balance",
            };
            let line = format!(
                "{name}: {} ({}) · {balance_word} {} ({})",
                units_text(*units),
                signed_money_text(units * stake, lang),
                units_text(total),
                signed_money_text(cents, lang)
            );
            assert!(
                text.lines().any(|l| l == line),
                "{line:?} is not in\n{text}"
            );
        }
        // The balances as data: the running sums, best first, money = units × stake.
        let mut shown: BTreeMap<String, (i64, i64)> = BTreeMap::new();
        for b in balances {
            assert_eq!(
                b.cents,
                b.units * stake,
                "{}: money is units × stake",
                b.name
            );
            assert!(
                shown.insert(b.name.clone(), (b.units, b.cents)).is_none(),
                "{} shown twice",
                b.name
            );
        }
        assert_eq!(
            shown, running,
            "deal {}: the balances are the running sums",
            deal.number
        );
        assert_eq!(
            balances.iter().map(|b| b.units).sum::<i64>(),
            0,
            "balances sum to zero"
        );
        assert!(
            balances.windows(2).all(|w| w[0].units >= w[1].units),
            "best first"
        );
    }
    // The newest balances are the ledger's, in its order.
    if let Some(Outgoing::Settlement { balances, .. }) = messages.last() {
        let ledger = store.table_balances(table).await.unwrap();
        assert_eq!(ledger.len(), balances.len());
        for (l, b) in ledger.iter().zip(balances) {
            assert_eq!(participant_name(store, &l.participant, lang).await, b.name);
            assert_eq!((l.units, l.cents), (b.units, b.cents));
        }
        assert_eq!(ledger.iter().map(|l| l.units).sum::<i64>(), 0);
        assert_eq!(ledger.iter().map(|l| l.cents).sum::<i64>(), 0);
    }
    finished.len()
}

/// The set of message ids a Fluent file defines.
pub fn ftl_ids(source: &str) -> HashSet<String> {
    source
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim().to_owned()))
        .collect()
}

/// The Zwanzigerrufen game of a loaded deal's round (a Zwanzigerrufen deal
/// that was dealt), as the engine's own type.
pub fn zr_game(deal: &tarock_storage::LoadedDeal) -> Option<Game> {
    deal.round
        .as_ref()?
        .round()
        .downcast_ref::<tarock_zwanzigerrufen::Zwanzigerrufen>()?
        .game()
        .cloned()
}
