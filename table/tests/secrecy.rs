//! Hidden information: across every public message of many simulated
//! deals, no card still in a hand is named (the called card aside, which
//! is public), the called partner is named only once the engine makes him
//! public, and private views go only to the person whose hand they show.

mod common;

use std::collections::HashMap;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_storage::{DealStatus, TableId};
use tarock_table::{ButtonAction, CommandKind, Lang, Outgoing, Pace, Payload, TableSettings};
use tarock_zwanzigerrufen::{Card, CardSet, GameKind, Seat};

#[derive(Debug, Default)]
struct Stats {
    public: usize,
    private: usize,
    /// Public table views of a Rufer deal while the partner was still hidden.
    partner_hidden: usize,
    /// Public table views naming the partner.
    partner_named: usize,
    /// Public table views showing cards (played ones).
    with_cards: usize,
    redeals: usize,
}

/// Checks the messages delivered since `from` against the stored state
/// after the command that caused them. Cards unplayed after the command
/// were unplayed when the messages were written, so none of them may be
/// named publicly.
async fn check_new(
    h: &Harness,
    table: TableId,
    from: usize,
    labels: &HashMap<String, Card>,
    stats: &mut Stats,
) {
    let loaded = h.loaded(table).await;
    let all: CardSet = Card::all().collect();
    // Before the first deal nothing may be named at all.
    let mut hands: Option<[CardSet; 4]> = None;
    let mut secret = all;
    let mut unplayed_by_seat = [CardSet::default(); 4];
    let (mut called, mut partner, mut partner_public, mut rufer) = (None, None, None, false);
    if let Some(d) = loaded
        .deal
        .as_ref()
        .filter(|d| common::zr_game(d).is_some())
    {
        let game = &common::zr_game(d).unwrap();
        let dealt = hands_of(&d.deal);
        let played = played(&d.events);
        hands = Some(dealt);
        secret = all.without(played);
        unplayed_by_seat = dealt.map(|h| h.without(played));
        let public = game.public_view().contract;
        called = public.and_then(|c| c.called);
        partner = game.contract().and_then(|c| c.partner);
        partner_public = public.and_then(|c| c.partner);
        rufer = game.contract().is_some_and(|c| c.kind == GameKind::Rufer);
    }
    let table_lang = Lang::from_tag(&loaded.table.language);
    let name_of = |seat: Seat| -> String {
        let row = loaded
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .expect("four seats during a deal");
        seat_display_name(row, table_lang)
    };
    for message in &h.sent[from..] {
        match message {
            Outgoing::Table { chat: c, .. }
            | Outgoing::Chat { chat: c, .. }
            | Outgoing::Post { chat: c, .. }
            | Outgoing::Settlement { chat: c, .. } => {
                assert_eq!(*c, chat(), "public messages go to the table's chat");
                stats.public += 1;
                let mut text = message.text().to_owned();
                for b in message.buttons().iter().flatten() {
                    text.push('\n');
                    text.push_str(&b.label);
                }
                if text.starts_with("Neu geben:") || text.starts_with("Redeal:") {
                    // A redeal shows the hand that forced it, of a deal that
                    // is thrown away: exactly that hand.
                    let shown = cards_in(&text, labels);
                    let deals = h.store().deals_of(table).await.unwrap();
                    assert!(
                        deals
                            .iter()
                            .filter(|d| d.status == DealStatus::Redeal)
                            .any(|d| hands_of(d).contains(&shown)),
                        "a redeal names the redealt hand: {text}\n{:?}",
                        deals
                            .iter()
                            .map(|d| (d.number, d.status, d.hands.clone()))
                            .collect::<Vec<_>>()
                    );
                    stats.redeals += 1;
                    continue;
                }
                let mut leaked = cards_in(&text, labels).intersect(secret);
                if let Some(c) = called {
                    leaked.remove(c);
                }
                assert!(
                    leaked.is_empty(),
                    "a public message names cards still in a hand ({leaked}):\n{text}"
                );
                if !cards_in(&text, labels).is_empty() {
                    stats.with_cards += 1;
                }
                let names_partner = text.contains("Partner: ");
                match partner_public {
                    Some(p) => {
                        if names_partner {
                            assert!(
                                text.contains(&format!("Partner: {}.", name_of(p))),
                                "{text}"
                            );
                            stats.partner_named += 1;
                        }
                    }
                    None => {
                        assert!(
                            !names_partner,
                            "partner named before the engine reveals him:\n{text}"
                        );
                        if rufer && matches!(message, Outgoing::Table { .. }) {
                            stats.partner_hidden += 1;
                            // Nor does any text say who holds the called card.
                            if let Some(p) = partner {
                                assert!(!text.contains(&format!("Partner: {}", name_of(p))));
                            }
                        }
                    }
                }
                for word in ["Deine Karten", "Your cards", "dein Platz", "your seat"] {
                    assert!(!text.contains(word), "private words in public:\n{text}");
                }
            }
            Outgoing::Private {
                table: t,
                to,
                text,
                buttons,
                ..
            } => {
                stats.private += 1;
                assert_eq!(*t, table);
                // The addressee sits at the table; the view is of their seat.
                let row = loaded
                    .seats
                    .iter()
                    .find(|s| {
                        s.player
                            .as_ref()
                            .is_some_and(|p| p.platform_user_id == to.user_id)
                    })
                    .unwrap_or_else(|| panic!("a private view to {} who is not seated", to.name));
                let seat = row.seat;
                let lang = Lang::from_tag(&row.player.as_ref().unwrap().language);
                let title = match lang {
                    Lang::De => format!("dein Platz {}", seat.index() + 1),
                    Lang::En => format!("your seat {}", seat.index() + 1),
                };
                assert!(text.contains(&title), "{title:?} in\n{text}");
                let hands = hands.expect("private views only during a deal");
                let mut all_text = text.clone();
                for b in buttons.iter().flatten() {
                    all_text.push('\n');
                    all_text.push_str(&b.label);
                    let payload: Payload = b.payload.parse().expect("buttons carry payloads");
                    if let ButtonAction::Act(token) = payload.action
                        && let Some(card) = token
                            .strip_prefix('p')
                            .and_then(|c| c.parse::<tarock_zwanzigerrufen::Card>().ok())
                    {
                        assert!(
                            hands[seat.index()].contains(card),
                            "a button for a card of another hand"
                        );
                    }
                }
                let mut named = cards_in(&all_text, labels);
                // The called card is public (a settlement copy names it).
                if let Some(c) = called.filter(|c| !hands[seat.index()].contains(*c)) {
                    named.remove(c);
                }
                // Cards on the table (the trick, the last trick) are
                // public; none still held by another seat may be named.
                let foreign = named.without(hands[seat.index()]).intersect(secret);
                assert!(
                    foreign.is_empty(),
                    "{}'s private view names unplayed cards of other hands ({}):\n{text}",
                    to.name,
                    foreign
                );
                // It shows the whole hand (what is still held after the command at least).
                assert!(
                    unplayed_by_seat[seat.index()].without(named).is_empty(),
                    "the private view shows the hand:\n{text}"
                );
            }
            Outgoing::Notice { .. } => panic!("notices are replies, never queued: {message:?}"),
        }
    }
}

/// Plays `deals` deals at a table of `humans` (the rest computers), checking
/// every message after every command.
async fn run_table(
    seed: u64,
    humans: &[&str],
    rules: &str,
    lang: Lang,
    deals: usize,
    stats: &mut Stats,
) {
    let labels = label_map();
    let mut h = Harness::new(seed).await;
    for name in humans {
        h.set_lang(name, lang);
    }
    let settings = TableSettings {
        game: "zwanzigerrufen".into(),
        seats: None,
        rules: rules.into(),
        stake_cents: 10,
        pace: Pace::LIVE,
        lang,
        another: false,
    };
    let table = h.create(humans[0], settings).await;
    check_new(&h, table, 0, &labels, stats).await;
    for name in &humans[1..] {
        let from = h.sent.len();
        assert!(
            h.run(name, CommandKind::Join(Some(table), None))
                .await
                .is_empty()
        );
        check_new(&h, table, from, &labels, stats).await;
    }
    for _ in humans.len()..4 {
        let from = h.sent.len();
        assert!(
            h.run(
                humans[0],
                CommandKind::AddComputer(Some(table), "medium".into(), None)
            )
            .await
            .is_empty()
        );
        check_new(&h, table, from, &labels, stats).await;
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for deal in 0..deals {
        let from = h.sent.len();
        assert!(
            h.press_table_button(table, humans[deal % humans.len()], ":s")
                .await
                .is_empty()
        );
        check_new(&h, table, from, &labels, stats).await;
        let settled = h.settlements_of(table).len();
        for _ in 0..400 {
            if h.settlements_of(table).len() > settled {
                break;
            }
            let from = h.sent.len();
            h.random_move(table, humans, &mut rng).await;
            check_new(&h, table, from, &labels, stats).await;
        }
        assert_eq!(h.settlements_of(table).len(), settled + 1);
        // The rest asked for privately never goes public either.
        let from = h.sent.len();
        h.run(humans[0], CommandKind::Hand(Some(table))).await;
        assert_eq!(
            h.sent.len(),
            from,
            "a requested hand is a reply, not a queued message"
        );
    }
}

#[tokio::test]
async fn no_public_message_names_an_unplayed_card_or_a_hidden_partner() {
    let mut stats = Stats::default();
    let four = ["Anna", "Bert", "Cleo", "Dora"];
    for (i, rules) in ["standard", "directnet", "tarockwelt", "wikipedia"]
        .into_iter()
        .enumerate()
    {
        let lang = if i % 2 == 0 { Lang::De } else { Lang::En };
        run_table(900 + i as u64, &four, rules, lang, 5, &mut stats).await;
        let other = if lang == Lang::De { Lang::En } else { Lang::De };
        run_table(
            950 + i as u64,
            &["Anna", "Bert"],
            rules,
            other,
            4,
            &mut stats,
        )
        .await;
        run_table(970 + i as u64, &["Anna"], rules, lang, 4, &mut stats).await;
    }
    println!("{stats:?}");
    // The checks ran over real material.
    assert!(stats.public > 1000, "{stats:?}");
    assert!(stats.private > 500, "{stats:?}");
    assert!(stats.with_cards > 500, "{stats:?}");
    assert!(stats.partner_hidden > 25, "{stats:?}");
    assert!(stats.partner_named > 20, "{stats:?}");
}

/// A deal that begins with a known Rufer: until the called card is played
/// or the partner makes an announcement, the public view names nobody; the
/// partner's own private view says he is the partner.
#[tokio::test]
async fn the_partner_stays_hidden_until_he_plays_the_called_card() {
    let four = ["Anna", "Bert", "Cleo", "Dora"];
    let mut h = Harness::new(77).await;
    let table = h.table_with(&four, "easy", TableSettings::default()).await;
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    // Anna (Vorhand) opens a Rufer; everyone else says weiter; Anna ends.
    let game = h.game(table).await.unwrap();
    assert_eq!(game.to_act(), Some(Seat::S0));
    let press_label = |h: &Harness, name: &str, label: &str| -> String {
        let Some(Outgoing::Private { buttons, .. }) = h.last_private_of(table, name) else {
            panic!()
        };
        buttons
            .iter()
            .flatten()
            .find(|b| b.label == label)
            .unwrap_or_else(|| panic!("{name} has no {label} button: {buttons:?}"))
            .payload
            .clone()
    };
    let p = press_label(&h, "Anna", "Rufer");
    assert!(h.press("Anna", &p).await.is_empty());
    for name in ["Bert", "Cleo", "Dora"] {
        let p = press_label(&h, name, "Weiter");
        assert!(h.press(name, &p).await.is_empty());
    }
    let game = h.game(table).await.unwrap();
    let contract = *game.contract().unwrap();
    let partner = contract.partner.unwrap();
    let called = contract.called.unwrap();
    let partner_name = h.name_on(table, partner).await.unwrap();
    // The partner knows; the chat does not.
    let Some(Outgoing::Private { text, .. }) = h.last_private_of(table, &partner_name) else {
        panic!()
    };
    if partner != Seat::S0 {
        // (Pushed at his weiter, after the game was announced.)
        assert!(text.contains("Du bist der gerufene Partner."), "{text}");
    }
    let mut rng = StdRng::seed_from_u64(77);
    let mut hidden_views = 0;
    while h.settlements_of(table).is_empty() {
        // Nobody made a Zusatz, so the partner becomes public exactly when
        // he plays the called card, and the table view names him from then on.
        let t = h.loaded(table).await;
        let d = t.deal.unwrap();
        let called_played = played(&d.events).contains(called);
        let public_partner = common::zr_game(&d)
            .unwrap()
            .public_view()
            .contract
            .unwrap()
            .partner;
        let text = h.last_table_text();
        assert_eq!(public_partner.is_some(), called_played, "{text}");
        if called_played {
            assert_eq!(public_partner, Some(partner));
            assert!(
                text.contains(&format!("Partner: {partner_name}.")),
                "{text}"
            );
        } else {
            hidden_views += 1;
            assert!(!text.contains("Partner:"), "{text}");
            // The called card is public, its holder is not.
            assert!(text.contains(&format!(
                "ruft den {}.",
                tarock_zwanzigerrufen_face::render::card_label(called, Lang::De)
            )));
        }
        h.random_move(table, &four, &mut rng).await;
    }
    assert!(hidden_views >= 1);
    // After the deal the table view (and the engine) name the partner.
    let t = h.loaded(table).await;
    let game = common::zr_game(&t.deal.unwrap()).unwrap();
    assert_eq!(game.public_view().contract.unwrap().partner, Some(partner));
}
