//! Message texts, written out in German and English: the lobby, a bidding
//! view, a trick view and a settlement view of one reproducible deal
//! (service seed 2024, table 1, deal 1), plus the private views and buttons
//! that go with them. Each expected text was put together from the
//! catalogue (table/locales/{de,en}/main.ftl) and checked against the
//! rules; see the comments for the hand-checks of the deal.
//!
//! The deal (seed 2024), seat 1 Anna (Vorhand) … seat 4 Dora:
//!   Anna  T1 T6 T9 T13 T14 T17 T18 cK hK dN
//!   Bert  T10 T20 T22 sJ sN c10 cJ cN cQ hJ
//!   Cleo  T7 T15 T16 T21 s10 sK hN dA dJ dK
//!   Dora  T4 T5 T8 T11 T12 T19 sQ hA hQ dQ
//! Anna lacks XX, so her Rufer calls the XX (the highest of XX…XVI she does
//! not hold, SPEC §3.3); Bert holds it and is her hidden partner.

mod common;

use common::*;
use tarock_table::{CommandKind, Lang, Outgoing, TableSettings};
use tarock_zwanzigerrufen::Seat;

/// A message's buttons as (label, payload) rows.
fn keys(m: &Outgoing) -> Vec<Vec<(String, String)>> {
    m.buttons()
        .iter()
        .map(|row| {
            row.iter()
                .map(|b| (b.label.clone(), b.payload.clone()))
                .collect()
        })
        .collect()
}

fn rows(rows: &[&[(&str, &str)]]) -> Vec<Vec<(String, String)>> {
    rows.iter()
        .map(|r| {
            r.iter()
                .map(|(l, p)| (l.to_string(), p.to_string()))
                .collect()
        })
        .collect()
}

fn private_of(h: &Harness, name: &str) -> Outgoing {
    h.last_private(name)
        .cloned()
        .unwrap_or_else(|| panic!("no private view for {name}"))
}

async fn press_label(h: &mut Harness, name: &str, label: &str) {
    let payload = private_of(h, name)
        .buttons()
        .iter()
        .flatten()
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("{name} has no button {label:?}"))
        .payload
        .clone();
    let r = h.press(name, &payload).await;
    assert!(r.is_empty(), "{r:?}");
}

/// Plays `card` (an id like `hK`) for `name`: the card must be one of the
/// buttons of their private view.
async fn play(h: &mut Harness, name: &str, card: &str) {
    let payload = private_of(h, name)
        .buttons()
        .iter()
        .flatten()
        .find(|b| b.payload.ends_with(&format!(":p{card}")))
        .unwrap_or_else(|| panic!("{name} may not play {card}"))
        .payload
        .clone();
    let r = h.press(name, &payload).await;
    assert!(r.is_empty(), "{r:?}");
}

/// Every view the tests look at, in the order they occur.
struct Views {
    lobby_one: Outgoing,
    joined: Outgoing,
    lobby_three: Outgoing,
    lobby_full: Outgoing,
    anna_opening: Outgoing,
    bert_bidding: Outgoing,
    bidding: Outgoing,
    dora_bidding: Outgoing,
    trick: Outgoing,
    dora_trick: Outgoing,
    after_trick: Outgoing,
    settlement: Outgoing,
    anna_copy: Outgoing,
    final_table: Outgoing,
    balances_notice: Outgoing,
    /// After the deal: the last trick (to Cleo) and Dora's party's tricks.
    last_trick: Outgoing,
    our_tricks: Outgoing,
    rules_notice: Outgoing,
    /// Deal 1's seed and salt as stored, and its commitment computed from
    /// them and the hands above after the README.
    seed: String,
    salt: String,
    commitment: String,
}

async fn scenario(lang: Lang) -> Views {
    let mut h = Harness::new(2024).await;
    for name in ["Anna", "Bert", "Cleo", "Dora"] {
        h.set_lang(name, lang);
    }
    let settings = TableSettings {
        stake_cents: 150,
        lang,
        ..TableSettings::default()
    };
    let table = h.create("Anna", settings).await;
    let t = Some(table);
    let lobby_one = h.last_table(table).clone();
    assert!(h.run("Bert", CommandKind::Join(t, None)).await.is_empty());
    let joined = h
        .sent
        .iter()
        .rev()
        .find(|m| matches!(m, Outgoing::Chat { .. }))
        .unwrap()
        .clone();
    assert!(
        h.run("Anna", CommandKind::AddComputer(t, "easy".into(), None))
            .await
            .is_empty()
    );
    let lobby_three = h.last_table(table).clone();
    assert!(
        h.run("Anna", CommandKind::RemoveComputer(t, Seat::S2.into()))
            .await
            .is_empty()
    );
    assert!(h.run("Cleo", CommandKind::Join(t, None)).await.is_empty());
    assert!(h.run("Dora", CommandKind::Join(t, None)).await.is_empty());
    let lobby_full = h.last_table(table).clone();
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());

    // The bidding: Anna Rufer, Bert weiter, Cleo Kontra on the game.
    let anna_opening = private_of(&h, "Anna");
    press_label(&mut h, "Anna", "Rufer").await;
    let bert_bidding = private_of(&h, "Bert");
    let pass = match lang {
        Lang::De => "Weiter",
        Lang::En => "Pass (weiter)",
    };
    press_label(&mut h, "Bert", pass).await;
    let kontra = match lang {
        Lang::De => "Kontra auf Spiel",
        Lang::En => "Kontra on the game",
    };
    press_label(&mut h, "Cleo", kontra).await;
    let bidding = h.last_table(table).clone();
    let dora_bidding = private_of(&h, "Dora");
    // Dora, Anna and Bert pass: three passes end the bidding.
    for name in ["Dora", "Anna", "Bert"] {
        press_label(&mut h, name, pass).await;
    }

    // Trick 1: hearts.
    play(&mut h, "Anna", "hK").await;
    play(&mut h, "Bert", "hJ").await;
    play(&mut h, "Cleo", "hN").await;
    let trick = h.last_table(table).clone();
    let dora_trick = private_of(&h, "Dora");
    play(&mut h, "Dora", "hQ").await;
    let after_trick = h.last_table(table).clone();

    // Tricks 2–10 (seat order as played; the first card of each leads).
    let rest: [(&str, &str); 36] = [
        // 2: Bert's Sküs catches Cleo's Mond (Mondfang for the declarers).
        ("Anna", "T18"),
        ("Bert", "T22"),
        ("Cleo", "T21"),
        ("Dora", "T19"),
        // 3: Bert leads the called XX and is known as partner from now on.
        ("Bert", "T20"),
        ("Cleo", "T16"),
        ("Dora", "T12"),
        ("Anna", "T17"),
        // 4: Cleo wins with XV.
        ("Bert", "T10"),
        ("Cleo", "T15"),
        ("Dora", "T11"),
        ("Anna", "T14"),
        // 5: Anna wins with XIII; Bert has no tarock left.
        ("Cleo", "T7"),
        ("Dora", "T8"),
        ("Anna", "T13"),
        ("Bert", "sN"),
        // 6: Anna wins with IX.
        ("Anna", "T9"),
        ("Bert", "sJ"),
        ("Cleo", "sK"),
        ("Dora", "T5"),
        // 7: Anna wins with VI.
        ("Anna", "T6"),
        ("Bert", "cQ"),
        ("Cleo", "s10"),
        ("Dora", "T4"),
        // 8: Anna's Pagat wins (the only tarock), not in the last trick.
        ("Anna", "T1"),
        ("Bert", "cN"),
        ("Cleo", "dK"),
        ("Dora", "sQ"),
        // 9: Anna's ♣K wins.
        ("Anna", "cK"),
        ("Bert", "cJ"),
        ("Cleo", "dJ"),
        ("Dora", "hA"),
        // 10: Dora's ♦D wins.
        ("Anna", "dN"),
        ("Bert", "c10"),
        ("Cleo", "dA"),
        ("Dora", "dQ"),
    ];
    for (name, card) in rest {
        play(&mut h, name, card).await;
    }
    let settlements = h.settlements();
    assert_eq!(settlements.len(), 1);
    let settlement = settlements[0].clone();
    let anna_copy = private_of(&h, "Anna");
    let final_table = h.last_table(table).clone();
    let mut replies = h.run("Cleo", CommandKind::Balances(t)).await;
    assert_eq!(replies.len(), 1);
    let balances_notice = replies.remove(0);
    // Between deals the last deal's tricks can still be looked at.
    let last_trick = h.run("Cleo", CommandKind::LastTrick(t)).await.remove(0);
    let our_tricks = h.run("Dora", CommandKind::OurTricks(t)).await.remove(0);
    let rules_notice = h.run("Bert", CommandKind::Rules(t)).await.remove(0);
    assert_eq!(check_settlements(&h, table, lang).await, 1);
    let deal = h.loaded(table).await.deal.unwrap().deal;
    let (seed, salt) = secrets_of(h.store(), &deal).await;
    let commitment = readme_commitment(
        &seed,
        &salt,
        &[
            "T1 T6 T9 T13 T14 T17 T18 cK hK dN",
            "T10 T20 T22 sJ sN c10 cJ cN cQ hJ",
            "T7 T15 T16 T21 s10 sK hN dA dJ dK",
            "T4 T5 T8 T11 T12 T19 sQ hA hQ dQ",
        ],
    );
    Views {
        lobby_one,
        joined,
        lobby_three,
        lobby_full,
        anna_opening,
        bert_bidding,
        bidding,
        dora_bidding,
        trick,
        dora_trick,
        after_trick,
        settlement,
        anna_copy,
        final_table,
        balances_notice,
        last_trick,
        our_tricks,
        rules_notice,
        seed,
        salt,
        commitment,
    }
}

fn assert_text(got: &Outgoing, expected: &str) {
    let got = got.text();
    if got != expected {
        for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
            assert_eq!(g, e, "line {}", i + 1);
        }
        assert_eq!(got, expected);
    }
}

// The checks of the deal, for both languages:
// - Trick 1: ♥K ♥B ♥R ♥D, the King wins (Anna); 5+2+3+4 = 14 points.
// - Tricks won: Anna 1, 5, 6, 7, 8, 9; Bert 2, 3; Cleo 4; Dora 10.
// - Card points: declarers (Anna, Bert) 14+12+4+6+9+6+17+9 = 77, opponents
//   4+7 = 11; 77+11 = 88.
// - Game: 77 ≥ 45 won; Cleo's Kontra doubles it: +1·2 = +2.
// - Absolut, silent: 77 ≥ 56: +1 (Rufer, premium factor 1).
// - Pagat: played in trick 8, not the last: nothing. Valat: no.
// - Trull (I Anna, XXI Cleo, Sküs Bert) and four Kings (Anna ♣K ♥K, Cleo
//   ♠K ♦K) are split: nothing. Honneurs do not count in "standard".
// - Mondfang: Cleo (opponents) played the Mond into Bert's Sküs: +1.
// - T = 2+1+1 = 4: Anna and Bert +4 each, Cleo and Dora −4 each; at 1,50 €
//   per point that is 6,00 € each way.

#[tokio::test]
async fn german_texts() {
    let v = scenario(Lang::De).await;
    // Every table view of the deal ends with its commitment; the settlement
    // reveals seed and salt.
    let table = |text: &str| {
        format!(
            "{text}\n🔒 Faires Geben: Prüfwert (SHA-256) dieses Spiels, festgelegt vor dem Austeilen: {}",
            v.commitment
        )
    };
    let settled = |text: &str| {
        format!(
            "{text}\n🔓 Faires Geben, Spiel 1: Seed und Salz sind jetzt offen.\n\
             Prüfwert: {}\nSeed: {}\nSalz: {}\n\
             Nachprüfen (README: „Faires Geben“): tarock verify --commitment {} --seed {} --salt {}",
            v.commitment, v.seed, v.salt, v.commitment, v.seed, v.salt
        )
    };

    assert_text(
        &v.lobby_one,
        "🃏 Tarock-Tisch 1 · Zwanzigerrufen · Regeln: standard · 1,50 € pro Punkt\n\
         1. Anna\n\
         2. (frei)\n\
         3. (frei)\n\
         4. (frei)\n\
         Noch 3 Plätze frei: mitspielen oder Computer dazusetzen.",
    );
    assert_eq!(
        keys(&v.lobby_one),
        rows(&[
            &[("Mitspielen", "t1::j"), ("+ Computer", "t1::cmedium.1")],
            // No start button before all four seats are taken.
            &[("Regeln", "t1::r")],
        ])
    );
    assert_text(&v.joined, "Bert spielt mit (Platz 2).");
    assert_text(
        &v.lobby_three,
        "🃏 Tarock-Tisch 1 · Zwanzigerrufen · Regeln: standard · 1,50 € pro Punkt\n\
         1. Anna\n\
         2. Bert\n\
         3. Computer 3 (leicht)\n\
         4. (frei)\n\
         Noch ein Platz frei: mitspielen oder einen Computer dazusetzen.",
    );
    assert_text(
        &v.lobby_full,
        "🃏 Tarock-Tisch 1 · Zwanzigerrufen · Regeln: standard · 1,50 € pro Punkt\n\
         1. Anna\n\
         2. Bert\n\
         3. Cleo\n\
         4. Dora\n\
         Alle Plätze sind besetzt: „Starten“ teilt aus.",
    );

    // Anna opens: she must announce a game, so there is no Weiter to offer
    // or to mention.
    assert_text(
        &v.anna_opening,
        "Tisch 1 · Spiel 1 · dein Platz 1\n\
         Deine Karten: XVIII XVII XIV XIII IX VI I ♣K ♥K ♦R\n\
         Du eröffnest die Lizitation: wähle ein Spiel.",
    );
    assert!(
        v.anna_opening
            .buttons()
            .iter()
            .flatten()
            .all(|b| !b.payload.ends_with(":w"))
    );
    // Bert holds the called XX: his private view says so. He may overbid
    // (7 suit cards: Farbensolo; Solo), announce Absolut or Valat for his
    // party, or pass; no Pagat (he lacks the I), no Kontra (his own game).
    assert_text(
        &v.bert_bidding,
        "Tisch 1 · Spiel 1 · dein Platz 2\n\
         Deine Karten: Sküs XX X ♠R ♠B ♣D ♣R ♣B ♣10 ♥B\n\
         Du bist der gerufene Partner.\n\
         Anna spielt Rufer und ruft den XX. Partner: Bert.\n\
         Du bist dran: wähle eine Ansage oder „weiter“.",
    );
    assert_eq!(
        keys(&v.bert_bidding),
        rows(&[
            &[
                ("Farbensolo", "t1:1.2:af"),
                ("Solo", "t1:1.2:as"),
                ("Absolut", "t1:1.2:aa")
            ],
            &[("Valat", "t1:1.2:av")],
            // More may follow a game or the Absolut in the same turn; after
            // a Valat only the other party's Kontra could.
            &[
                ("Farbensolo + …", "t1:1.2:xf"),
                ("Solo + …", "t1:1.2:xs"),
                ("Absolut + …", "t1:1.2:xa")
            ],
            &[("Weiter", "t1:1.2:w")],
        ])
    );

    // The bidding view: the call is public, the partner is not; Cleo's
    // Kontra is labelled "dagegen".
    assert_text(
        &v.bidding,
        &table(
            "🃏 Tisch 1 · Spiel 1 · standard · 1,50 € pro Punkt\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna spielt Rufer und ruft den XX.\n\
         Angesagt: Spiel – Kontra von Cleo\n\
         Lizitation: Anna: Rufer; Bert: weiter; Cleo: Kontra auf Spiel (dagegen)\n\
         Dora ist mit der Ansage dran.",
        ),
    );
    assert_eq!(
        keys(&v.bidding),
        rows(&[
            &[("Meine Karten", "t1::h"), ("Letzter Stich", "t1::l")],
            &[("Regeln", "t1::r"), ("Stand", "t1::b")],
        ])
    );
    // Dora: 4 suit cards (no Farbensolo), no I (no Pagat); the Rekontra
    // belongs to the declarers. Solo, Absolut, Valat or weiter.
    assert_text(
        &v.dora_bidding,
        "Tisch 1 · Spiel 1 · dein Platz 4\n\
         Deine Karten: XIX XII XI VIII V IV ♠D ♥D ♥A ♦D\n\
         Du spielst dagegen.\n\
         Anna spielt Rufer und ruft den XX.\n\
         Angesagt: Spiel – Kontra von Cleo\n\
         Du bist dran: wähle eine Ansage oder „weiter“.",
    );
    assert_eq!(
        keys(&v.dora_bidding),
        rows(&[
            &[
                ("Solo", "t1:1.5:as"),
                ("Absolut", "t1:1.5:aa"),
                ("Valat", "t1:1.5:av")
            ],
            &[("Solo + …", "t1:1.5:xs"), ("Absolut + …", "t1:1.5:xa")],
            &[("Weiter", "t1:1.5:w")],
        ])
    );

    // The trick view: three hearts on the table, Dora to play.
    assert_text(
        &v.trick,
        &table(
            "🃏 Tisch 1 · Spiel 1 · standard · 1,50 € pro Punkt\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna spielt Rufer und ruft den XX.\n\
         Angesagt: Spiel – Kontra von Cleo\n\
         Lizitation: Anna: Rufer; Bert: weiter; Cleo: Kontra auf Spiel (dagegen); Dora: weiter; Anna: weiter; Bert: weiter\n\
         Stiche (0/10): Anna 0, Bert 0, Cleo 0, Dora 0\n\
         Im Stich: Anna ♥K · Bert ♥B · Cleo ♥R\n\
         Dora ist am Zug.",
        ),
    );
    // Farbzwang: Dora may only play her two hearts (step 9: six bidding
    // turns and three cards before).
    assert_text(
        &v.dora_trick,
        "Tisch 1 · Spiel 1 · dein Platz 4\n\
         Deine Karten: XIX XII XI VIII V IV ♠D ♥D ♥A ♦D\n\
         Du spielst dagegen.\n\
         Anna spielt Rufer und ruft den XX.\n\
         Angesagt: Spiel – Kontra von Cleo\n\
         Im Stich (ausgespielt von Anna): Anna ♥K · Bert ♥B · Cleo ♥R\n\
         Du bist dran: spiel eine Karte aus.",
    );
    assert_eq!(
        keys(&v.dora_trick),
        rows(&[&[("♥D", "t1:1.11:phQ"), ("♥A", "t1:1.11:phA")]])
    );
    assert_text(
        &v.after_trick,
        &table(
            "🃏 Tisch 1 · Spiel 1 · standard · 1,50 € pro Punkt\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna spielt Rufer und ruft den XX.\n\
         Angesagt: Spiel – Kontra von Cleo\n\
         Lizitation: Anna: Rufer; Bert: weiter; Cleo: Kontra auf Spiel (dagegen); Dora: weiter; Anna: weiter; Bert: weiter\n\
         Stiche (1/10): Anna 1, Bert 0, Cleo 0, Dora 0\n\
         Letzter Stich: Anna ♥K · Bert ♥B · Cleo ♥R · Dora ♥D → Anna\n\
         Anna ist am Zug.",
        ),
    );

    // The settlement (see the checks above).
    assert_text(
        &v.settlement,
        &settled(
            "💰 Abrechnung Tisch 1, Spiel 1\n\
         Anna spielt Rufer und ruft den XX. Partner: Bert.\n\
         Kartenpunkte: Spieler 77 : Gegner 11\n\
         Rufer gewonnen (Kontra ×2): Spieler +2\n\
         Absolut still: Spieler +1\n\
         Mondfang: Spieler +1\n\
         Summe: Spieler +4 – Anna und Bert bekommen je 4, Cleo und Dora zahlen je 4.\n\
         Anna: +4 (+6,00 €) · Stand +4 (+6,00 €)\n\
         Bert: +4 (+6,00 €) · Stand +4 (+6,00 €)\n\
         Cleo: −4 (−6,00 €) · Stand −4 (−6,00 €)\n\
         Dora: −4 (−6,00 €) · Stand −4 (−6,00 €)",
        ),
    );
    // Anna's private copy (she reads German): the same, her line marked.
    assert_text(
        &v.anna_copy,
        &settled(
            "Tisch 1 · Spiel 1 · dein Platz 1\n\
         💰 Abrechnung Tisch 1, Spiel 1\n\
         Anna spielt Rufer und ruft den XX. Partner: Bert.\n\
         Kartenpunkte: Spieler 77 : Gegner 11\n\
         Rufer gewonnen (Kontra ×2): Spieler +2\n\
         Absolut still: Spieler +1\n\
         Mondfang: Spieler +1\n\
         Summe: Spieler +4 – Anna und Bert bekommen je 4, Cleo und Dora zahlen je 4.\n\
         ▶ Anna (du): +4 (+6,00 €) · Stand +4 (+6,00 €)\n\
         Bert: +4 (+6,00 €) · Stand +4 (+6,00 €)\n\
         Cleo: −4 (−6,00 €) · Stand −4 (−6,00 €)\n\
         Dora: −4 (−6,00 €) · Stand −4 (−6,00 €)",
        ),
    );
    assert!(v.anna_copy.buttons().is_empty());
    let Outgoing::Settlement {
        items,
        changes,
        balances,
        ..
    } = &v.settlement
    else {
        unreachable!()
    };
    let items: Vec<(&str, bool, u32, i64)> = items
        .iter()
        .map(|i| (i.name.as_str(), i.announced, i.multiplier, i.value))
        .collect();
    assert_eq!(
        items,
        vec![
            ("Spiel", true, 2, 1),
            ("Absolut", false, 1, 1),
            ("Mondfang", false, 1, 1)
        ]
    );
    assert_eq!(*changes, [4, 4, -4, -4]);
    let balances: Vec<(&str, i64, i64)> = balances
        .iter()
        .map(|b| (b.name.as_str(), b.units, b.cents))
        .collect();
    assert_eq!(
        balances,
        vec![
            ("Anna", 4, 600),
            ("Bert", 4, 600),
            ("Cleo", -4, -600),
            ("Dora", -4, -600)
        ]
    );
    // The table after the deal: the partner is public now.
    assert_text(
        &v.final_table,
        &table(
            "🃏 Tisch 1 · Spiel 1 · standard · 1,50 € pro Punkt\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna spielt Rufer und ruft den XX. Partner: Bert.\n\
         Angesagt: Spiel – Kontra von Cleo\n\
         Lizitation: Anna: Rufer; Bert: weiter; Cleo: Kontra auf Spiel (dagegen); Dora: weiter; Anna: weiter; Bert: weiter\n\
         Stiche (10/10): Anna 6, Bert 2, Cleo 1, Dora 1\n\
         Letzter Stich: Anna ♦R · Bert ♣10 · Cleo ♦A · Dora ♦D → Dora\n\
         Das Spiel ist aus.",
        ),
    );
    assert_eq!(
        keys(&v.final_table),
        rows(&[
            // Four people seated: nobody can join.
            &[("Nächstes Spiel", "t1::s")],
            &[("Stand", "t1::b"), ("Regeln", "t1::r")],
        ])
    );
    assert_eq!(
        v.balances_notice,
        Outgoing::Notice {
            to: user("Cleo"),
            text: "Stand:\n\
                   Anna: +4 Punkte (+6,00 €)\n\
                   Bert: +4 Punkte (+6,00 €)\n\
                   Cleo: −4 Punkte (−6,00 €)\n\
                   Dora: −4 Punkte (−6,00 €)"
                .into()
        }
    );
    // After the deal: trick 10 (Dora's ♦D wins), and the opponents' two
    // tricks: trick 4 (X XV XI XIV, 4 points) and trick 10 (♦R ♣10 ♦A ♦D,
    // 3 + 4 = 7 points): 11 card points.
    assert_text(
        &v.last_trick,
        "Letzter Stich: Anna ♦R · Bert ♣10 · Cleo ♦A · Dora ♦D – gewonnen von Dora.",
    );
    assert_text(
        &v.our_tricks,
        "Stiche der Gegenpartei (2, 11 Punkte in Karten): X XV XI XIV | ♦R ♣10 ♦A ♦D",
    );
    // A live table: two minutes per move.
    assert_text(
        &v.rules_notice,
        "Tisch 1: Regeln standard, 1,50 € pro Punkt, 2 Minuten Bedenkzeit pro Zug.",
    );
}

#[tokio::test]
async fn english_texts() {
    let v = scenario(Lang::En).await;
    let table = |text: &str| {
        format!(
            "{text}\n🔒 Fair deal: this deal's commitment (SHA-256), fixed before the cards were dealt: {}",
            v.commitment
        )
    };
    let settled = |text: &str| {
        format!(
            "{text}\n🔓 Fair deal, deal 1: seed and salt are revealed now.\n\
             Commitment: {}\nSeed: {}\nSalt: {}\n\
             Check it (README: \"Fair deals\"): tarock verify --commitment {} --seed {} --salt {}",
            v.commitment, v.seed, v.salt, v.commitment, v.seed, v.salt
        )
    };

    assert_text(
        &v.lobby_one,
        "🃏 Tarock table 1 · Zwanzigerrufen · rules: standard · €1.50 per point\n\
         1. Anna\n\
         2. (free)\n\
         3. (free)\n\
         4. (free)\n\
         3 seats left: join, or add computer players.",
    );
    assert_eq!(
        keys(&v.lobby_one),
        rows(&[
            &[("Join", "t1::j"), ("+ Computer", "t1::cmedium.1")],
            // No start button before all four seats are taken.
            &[("Rules", "t1::r")],
        ])
    );
    assert_text(&v.joined, "Bert joins (seat 2).");
    assert_text(
        &v.lobby_three,
        "🃏 Tarock table 1 · Zwanzigerrufen · rules: standard · €1.50 per point\n\
         1. Anna\n\
         2. Bert\n\
         3. Computer 3 (easy)\n\
         4. (free)\n\
         One seat left: join, or add a computer player.",
    );
    assert_text(
        &v.lobby_full,
        "🃏 Tarock table 1 · Zwanzigerrufen · rules: standard · €1.50 per point\n\
         1. Anna\n\
         2. Bert\n\
         3. Cleo\n\
         4. Dora\n\
         All seats are taken: \"Start\" deals.",
    );

    assert_text(
        &v.anna_opening,
        "Table 1 · deal 1 · your seat 1\n\
         Your cards: XVIII XVII XIV XIII IX VI I ♣K ♥K ♦N\n\
         You open the bidding: choose a game.",
    );
    // English court letters: Q(ueen), N (knight), J(ack).
    assert_text(
        &v.bert_bidding,
        "Table 1 · deal 1 · your seat 2\n\
         Your cards: Sküs XX X ♠N ♠J ♣Q ♣N ♣J ♣10 ♥J\n\
         You are the called partner.\n\
         Anna plays a Rufer and calls the XX. Partner: Bert.\n\
         Your turn: choose an announcement or pass (\"weiter\").",
    );
    assert_eq!(
        keys(&v.bert_bidding),
        rows(&[
            &[
                ("Farbensolo", "t1:1.2:af"),
                ("Solo", "t1:1.2:as"),
                ("Absolut", "t1:1.2:aa")
            ],
            &[("Valat", "t1:1.2:av")],
            // More may follow a game or the Absolut in the same turn; after
            // a Valat only the other party's Kontra could.
            &[
                ("Farbensolo + …", "t1:1.2:xf"),
                ("Solo + …", "t1:1.2:xs"),
                ("Absolut + …", "t1:1.2:xa")
            ],
            &[("Pass (weiter)", "t1:1.2:w")],
        ])
    );
    assert_text(
        &v.bidding,
        &table(
            "🃏 Table 1 · deal 1 · standard · €1.50 per point\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna plays a Rufer and calls the XX.\n\
         Announced: Game – Kontra by Cleo\n\
         Bidding: Anna: Rufer; Bert: weiter; Cleo: Kontra on the game (against)\n\
         Dora is to bid.",
        ),
    );
    assert_eq!(
        keys(&v.bidding),
        rows(&[
            &[("My cards", "t1::h"), ("Last trick", "t1::l")],
            &[("Rules", "t1::r"), ("Balances", "t1::b")],
        ])
    );
    assert_text(
        &v.dora_bidding,
        "Table 1 · deal 1 · your seat 4\n\
         Your cards: XIX XII XI VIII V IV ♠Q ♥Q ♥A ♦Q\n\
         You play against the declarer.\n\
         Anna plays a Rufer and calls the XX.\n\
         Announced: Game – Kontra by Cleo\n\
         Your turn: choose an announcement or pass (\"weiter\").",
    );
    assert_eq!(
        keys(&v.dora_bidding),
        rows(&[
            &[
                ("Solo", "t1:1.5:as"),
                ("Absolut", "t1:1.5:aa"),
                ("Valat", "t1:1.5:av")
            ],
            &[("Solo + …", "t1:1.5:xs"), ("Absolut + …", "t1:1.5:xa")],
            &[("Pass (weiter)", "t1:1.5:w")],
        ])
    );
    assert_text(
        &v.trick,
        &table(
            "🃏 Table 1 · deal 1 · standard · €1.50 per point\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna plays a Rufer and calls the XX.\n\
         Announced: Game – Kontra by Cleo\n\
         Bidding: Anna: Rufer; Bert: weiter; Cleo: Kontra on the game (against); Dora: weiter; Anna: weiter; Bert: weiter\n\
         Tricks (0/10): Anna 0, Bert 0, Cleo 0, Dora 0\n\
         On the table: Anna ♥K · Bert ♥J · Cleo ♥N\n\
         Dora is to play.",
        ),
    );
    assert_text(
        &v.dora_trick,
        "Table 1 · deal 1 · your seat 4\n\
         Your cards: XIX XII XI VIII V IV ♠Q ♥Q ♥A ♦Q\n\
         You play against the declarer.\n\
         Anna plays a Rufer and calls the XX.\n\
         Announced: Game – Kontra by Cleo\n\
         On the table (led by Anna): Anna ♥K · Bert ♥J · Cleo ♥N\n\
         Your turn: play a card.",
    );
    assert_eq!(
        keys(&v.dora_trick),
        rows(&[&[("♥Q", "t1:1.11:phQ"), ("♥A", "t1:1.11:phA")]])
    );
    assert_text(
        &v.after_trick,
        &table(
            "🃏 Table 1 · deal 1 · standard · €1.50 per point\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna plays a Rufer and calls the XX.\n\
         Announced: Game – Kontra by Cleo\n\
         Bidding: Anna: Rufer; Bert: weiter; Cleo: Kontra on the game (against); Dora: weiter; Anna: weiter; Bert: weiter\n\
         Tricks (1/10): Anna 1, Bert 0, Cleo 0, Dora 0\n\
         Last trick: Anna ♥K · Bert ♥J · Cleo ♥N · Dora ♥Q → Anna\n\
         Anna is to play.",
        ),
    );
    assert_text(
        &v.settlement,
        &settled(
            "💰 Settlement, table 1, deal 1\n\
         Anna plays a Rufer and calls the XX. Partner: Bert.\n\
         Card points: declarers 77 : opponents 11\n\
         Rufer won (Kontra ×2): declarers +2\n\
         Absolut silent: declarers +1\n\
         Mondfang: declarers +1\n\
         Total: declarers +4 – Anna and Bert receive 4 each, Cleo and Dora pay 4 each.\n\
         Anna: +4 (+€6.00) · balance +4 (+€6.00)\n\
         Bert: +4 (+€6.00) · balance +4 (+€6.00)\n\
         Cleo: −4 (−€6.00) · balance −4 (−€6.00)\n\
         Dora: −4 (−€6.00) · balance −4 (−€6.00)",
        ),
    );
    assert_text(
        &v.anna_copy,
        &settled(
            "Table 1 · deal 1 · your seat 1\n\
         💰 Settlement, table 1, deal 1\n\
         Anna plays a Rufer and calls the XX. Partner: Bert.\n\
         Card points: declarers 77 : opponents 11\n\
         Rufer won (Kontra ×2): declarers +2\n\
         Absolut silent: declarers +1\n\
         Mondfang: declarers +1\n\
         Total: declarers +4 – Anna and Bert receive 4 each, Cleo and Dora pay 4 each.\n\
         ▶ Anna (you): +4 (+€6.00) · balance +4 (+€6.00)\n\
         Bert: +4 (+€6.00) · balance +4 (+€6.00)\n\
         Cleo: −4 (−€6.00) · balance −4 (−€6.00)\n\
         Dora: −4 (−€6.00) · balance −4 (−€6.00)",
        ),
    );
    let Outgoing::Settlement { items, changes, .. } = &v.settlement else {
        unreachable!()
    };
    let items: Vec<(&str, bool, u32, i64)> = items
        .iter()
        .map(|i| (i.name.as_str(), i.announced, i.multiplier, i.value))
        .collect();
    assert_eq!(
        items,
        vec![
            ("Game", true, 2, 1),
            ("Absolut", false, 1, 1),
            ("Mondfang", false, 1, 1)
        ]
    );
    assert_eq!(*changes, [4, 4, -4, -4]);
    assert_text(
        &v.final_table,
        &table(
            "🃏 Table 1 · deal 1 · standard · €1.50 per point\n\
         Anna (Vorhand) · Bert · Cleo · Dora\n\
         Anna plays a Rufer and calls the XX. Partner: Bert.\n\
         Announced: Game – Kontra by Cleo\n\
         Bidding: Anna: Rufer; Bert: weiter; Cleo: Kontra on the game (against); Dora: weiter; Anna: weiter; Bert: weiter\n\
         Tricks (10/10): Anna 6, Bert 2, Cleo 1, Dora 1\n\
         Last trick: Anna ♦N · Bert ♣10 · Cleo ♦A · Dora ♦Q → Dora\n\
         The deal is over.",
        ),
    );
    assert_eq!(
        keys(&v.final_table),
        rows(&[
            // Four people seated: nobody can join.
            &[("Next deal", "t1::s")],
            &[("Balances", "t1::b"), ("Rules", "t1::r")],
        ])
    );
    assert_eq!(
        v.balances_notice.text(),
        "Balances:\n\
         Anna: +4 points (+€6.00)\n\
         Bert: +4 points (+€6.00)\n\
         Cleo: −4 points (−€6.00)\n\
         Dora: −4 points (−€6.00)"
    );
    assert_text(
        &v.last_trick,
        "Last trick: Anna ♦N · Bert ♣10 · Cleo ♦A · Dora ♦Q – won by Dora.",
    );
    assert_text(
        &v.our_tricks,
        "Tricks of the opponents (2, 11 card points): X XV XI XIV | ♦N ♣10 ♦A ♦Q",
    );
    assert_text(
        &v.rules_notice,
        "Table 1: rules standard, €1.50 per point, 2 minutes per move.",
    );
}

/// A notice comes in the sender's language, whatever the table's.
#[tokio::test]
async fn notices_follow_the_sender_and_views_the_table_or_the_reader() {
    let mut h = Harness::new(2024).await;
    let table = h.create("Anna", TableSettings::default()).await; // a German table
    h.set_lang("Bert", Lang::En);
    assert!(
        h.run("Bert", CommandKind::Join(Some(table), None))
            .await
            .is_empty()
    );
    // The public message is German (the table's language)…
    assert_text(h.sent.last().unwrap(), &h.last_table_text());
    assert!(h.last_table_text().contains("2. Bert"));
    assert!(h.last_table_text().contains("Noch 2 Plätze frei"));
    // …a refusal to Bert is English, to Anna German.
    let r = h.run("Bert", CommandKind::Start(Some(table))).await;
    assert_eq!(
        r[0].text(),
        "Four players (or computers) are needed to start."
    );
    let r = h.run("Anna", CommandKind::Start(Some(table))).await;
    assert_eq!(
        r[0].text(),
        "Es braucht vier Spieler (oder Computer) zum Starten."
    );
    // Private views follow the reader's language: Bert's are English.
    for name in ["Cleo", "Dora"] {
        assert!(
            h.run(name, CommandKind::Join(Some(table), None))
                .await
                .is_empty()
        );
    }
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    let Some(Outgoing::Private { text, .. }) = h.last_private("Bert") else {
        panic!()
    };
    assert!(
        text.starts_with(
            "Table 1 · deal 1 · your seat 2\nYour cards: Sküs XX X ♠N ♠J ♣Q ♣N ♣J ♣10 ♥J"
        ),
        "{text}"
    );
    let Some(Outgoing::Private { text, .. }) = h.last_private("Anna") else {
        panic!()
    };
    assert!(
        text.starts_with(
            "Tisch 1 · Spiel 1 · dein Platz 1\nDeine Karten: XVIII XVII XIV XIII IX VI I ♣K ♥K ♦R"
        ),
        "{text}"
    );
}

/// The catalogue files of the table (`main.ftl`, the cups' `cup.ftl`), of
/// the face boundary (`common.ftl`, the texts every game shares) and one
/// per game (`zwanzig-ab.ftl`, `koenigrufen.ftl`), as (file, German,
/// English): one bundle as the table reads them.
const CATALOGUES: [(&str, &str, &str); 6] = [
    (
        "zwanzigerrufen.ftl",
        include_str!("../../games/zwanzigerrufen/face/locales/de/zwanzigerrufen.ftl"),
        include_str!("../../games/zwanzigerrufen/face/locales/en/zwanzigerrufen.ftl"),
    ),
    (
        "main.ftl",
        include_str!("../locales/de/main.ftl"),
        include_str!("../locales/en/main.ftl"),
    ),
    (
        "common.ftl",
        include_str!("../../games/face/locales/de/common.ftl"),
        include_str!("../../games/face/locales/en/common.ftl"),
    ),
    (
        "zwanzig-ab.ftl",
        include_str!("../../games/zwanzig-ab/face/locales/de/zwanzig-ab.ftl"),
        include_str!("../../games/zwanzig-ab/face/locales/en/zwanzig-ab.ftl"),
    ),
    (
        "koenigrufen.ftl",
        include_str!("../../games/koenigrufen/face/locales/de/koenigrufen.ftl"),
        include_str!("../../games/koenigrufen/face/locales/en/koenigrufen.ftl"),
    ),
    (
        "cup.ftl",
        include_str!("../locales/de/cup.ftl"),
        include_str!("../locales/en/cup.ftl"),
    ),
];

/// The source folders, relative to the table's, whose code names the ids
/// of [`CATALOGUES`].
const CODE: [&str; 5] = [
    "src",
    "../games/face/src",
    "../games/zwanzigerrufen/face/src",
    "../games/zwanzig-ab/face/src",
    "../games/koenigrufen/face/src",
];

/// Every German message id of all catalogue files (they share one bundle).
fn all_german_ids() -> std::collections::HashSet<String> {
    CATALOGUES
        .iter()
        .flat_map(|(_, de, _)| ftl_ids(de))
        .collect()
}

/// Both languages define exactly the same message ids, file by file, and
/// no id is defined in two files.
#[test]
fn catalogues_define_the_same_ids() {
    let mut total = 0;
    for (file, de, en) in CATALOGUES {
        let de = ftl_ids(de);
        let en = ftl_ids(en);
        let only_de: Vec<_> = de.difference(&en).collect();
        let only_en: Vec<_> = en.difference(&de).collect();
        assert!(
            only_de.is_empty() && only_en.is_empty(),
            "{file}: only German: {only_de:?}; only English: {only_en:?}"
        );
        total += de.len();
    }
    assert!(total > 100, "{total} ids");
    assert_eq!(all_german_ids().len(), total, "an id is defined twice");
}

/// Every message id the code names is in a catalogue, and every id of the
/// catalogues is named somewhere in the code (no dead or missing texts).
/// An id made from data (`format!("kr-contract-{}", …)`, a refusal's rule
/// code) counts as named when the code names its prefix so.
#[test]
fn the_code_and_the_catalogue_name_the_same_ids() {
    let de = all_german_ids();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut code = String::new();
    // The table's code and the code of the crates whose catalogues are here.
    let mut dirs: Vec<_> = CODE.iter().map(|dir| root.join(dir)).collect();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                code.push_str(&std::fs::read_to_string(path).unwrap());
            }
        }
    }
    // Words joined by '-' that are no message ids: a game id, and the
    // unknown refusal code a unit test asks for.
    let not_ids = ["zwanzig-ab", "no-such-code"];
    // String literals that look like message ids: lower-case words joined by '-'.
    let mut named = std::collections::HashSet::new();
    for literal in code.split('"').skip(1).step_by(2) {
        let parts: Vec<&str> = literal.split('-').collect();
        if parts.len() > 1
            && !not_ids.contains(&literal)
            && parts.iter().all(|p| {
                !p.is_empty()
                    && p.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            })
        {
            named.insert(literal.to_owned());
        }
    }
    let missing: Vec<_> = named.iter().filter(|id| !de.contains(*id)).collect();
    assert!(
        missing.is_empty(),
        "named in the code, not in the catalogue: {missing:?}"
    );
    // (The `terminal-` texts are the terminal front end's, in the cli crate;
    // the `telegram-` and `discord-` texts are the bots', in bot-telegram
    // and bot-discord.)
    let made_from_data = |id: &str| {
        id.match_indices('-')
            .any(|(i, _)| code.contains(&format!("\"{}-{{", &id[..i])))
    };
    let unused: Vec<_> = de
        .iter()
        .filter(|id| {
            !id.starts_with("terminal-")
                && !id.starts_with("telegram-")
                && !id.starts_with("discord-")
                && !code.contains(&format!("\"{id}\""))
                && !made_from_data(id)
        })
        .collect();
    assert!(
        unused.is_empty(),
        "in the catalogue, never named in the code: {unused:?}"
    );
}
