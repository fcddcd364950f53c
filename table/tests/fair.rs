//! Provably fair deals at a production table (OS entropy): the commitment
//! is stored and queued in the table message in the transaction that
//! deals, before any hand; it is the SHA-256 the README describes; the
//! settlement reveals seed and salt, which check out against the played
//! hands, and any change to the seed, the salt or the cards is caught.

mod common;

use std::sync::Arc;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_game_core::fair::{Commitment, Mismatch, Reveal, parse_hex};
use tarock_storage::{DealStatus, TableId};
use tarock_table::fair::{RoundSetup, RoundVerifyError, verify_setup};

/// `tarock verify`'s check of a Zwanzigerrufen deal: the setup its
/// settlement's command names none of (it follows from the seed alone).
fn verify(
    published: Commitment,
    reveal: &Reveal,
    played: Option<&[String]>,
) -> Result<Vec<String>, RoundVerifyError> {
    let setup = RoundSetup::assumed(tarock_games::by_id("zwanzigerrufen").unwrap());
    verify_setup(published, reveal, &setup, played)
}
use tarock_table::{CommandKind, Lang, ManualClock, Outgoing, Pace, TableSettings};

const HUMANS: [&str; 2] = ["Anna", "Bert"];

fn settings() -> TableSettings {
    TableSettings {
        game: "zwanzigerrufen".into(),
        seats: None,
        rules: "standard".into(),
        stake_cents: 10,
        pace: Pace::LIVE,
        lang: Lang::De,
        another: false,
    }
}

/// The 64 hex digits after `label` in `text`.
fn hex_after(text: &str, label: &str) -> String {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in {text}"));
    text[at + label.len()..].chars().take(64).collect()
}

const COMMITMENT_LABEL: &str = "festgelegt vor dem Austeilen: ";

/// Anna presses Start, and the process dies before a single message goes
/// out. The new process finds the deal stored with its commitment, and the
/// outbox holds the table message showing that commitment queued ahead of
/// every hand: whatever is delivered, the commitment was fixed first.
#[tokio::test]
async fn the_commitment_is_durable_and_queued_before_any_hand() {
    let mut h = Harness::with_entropy(Arc::new(ManualClock::new(T0))).await;
    let table = h.table_with(&HUMANS, "medium", settings()).await;
    let start = h
        .last_table(table)
        .buttons()
        .iter()
        .flatten()
        .find(|b| b.payload.ends_with(":s"))
        .unwrap()
        .payload
        .clone();
    let replies = h
        .handle(sender("Anna", Lang::De), None, CommandKind::Button(start))
        .await;
    assert!(replies.is_empty(), "{replies:?}");
    let h = h.restart().await;

    let deal = h.loaded(table).await.deal.unwrap().deal;
    let commitment = deal.commitment.expect("stored with the deal");
    let (seed, salt) = secrets_of(h.store(), &deal).await;
    let hands: [&str; 4] = std::array::from_fn(|i| deal.hands[i].as_str());
    assert_eq!(hex32(&commitment), readme_commitment(&seed, &salt, &hands));

    let queued = h.service.claim(100).await.unwrap();
    let table_at = queued
        .iter()
        .position(|d| matches!(d.message, Outgoing::Table { .. }))
        .expect("the table message is queued");
    let shown = hex_after(queued[table_at].message.text(), COMMITMENT_LABEL);
    assert_eq!(shown, hex32(&commitment));
    let hands_at: Vec<usize> = queued
        .iter()
        .enumerate()
        .filter(|(_, d)| matches!(d.message, Outgoing::Private { .. }))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(hands_at.len(), 2, "Anna's and Bert's hands are queued");
    for i in &hands_at {
        assert!(
            queued[*i].id > queued[table_at].id,
            "a hand is queued before the commitment"
        );
    }
    for d in &queued {
        let text = d.message.text();
        assert!(!text.contains(&seed) && !text.contains(&salt), "{text}");
    }
}

/// A whole deal: the commitment the table message showed, the seed and
/// salt the settlement revealed, and the hands exported from the store
/// verify; each tampered value fails, and says which check it failed.
#[tokio::test]
async fn a_played_deal_verifies_from_what_the_chat_showed() {
    let mut h = Harness::with_entropy(Arc::new(ManualClock::new(T0))).await;
    let table = h.table_with(&HUMANS, "medium", settings()).await;
    h.press_table_button(table, "Anna", ":s").await;
    let committed = hex_after(h.last_table(table).text(), COMMITMENT_LABEL);
    let mut rng = StdRng::seed_from_u64(18);
    h.play_out(table, &HUMANS, &mut rng).await;
    let Some(Outgoing::Settlement { text, .. }) = h.settlements_of(table).last().copied() else {
        panic!("no settlement");
    };
    // The settlement repeats the commitment and reveals the secrets.
    assert_eq!(hex_after(text, "Prüfwert: "), committed);
    let reveal = Reveal {
        seed: parse_hex(&hex_after(text, "Seed: ")).unwrap(),
        salt: parse_hex(&hex_after(text, "Salz: ")).unwrap(),
    };
    let published: Commitment = committed.parse().unwrap();
    // With real entropy the first deal may have been redealt (inside the
    // dealing transaction, its commitment never shown): the played deal is
    // the one that finished.
    let deals = h.store().deals_of(table).await.unwrap();
    let finished: Vec<_> = deals
        .into_iter()
        .filter(|d| d.status == DealStatus::Finished)
        .collect();
    assert_eq!(finished.len(), 1, "one deal was played");
    let deal = finished.into_iter().next().unwrap();
    let record = deal_record(h.store(), deal.id).await;
    let dealt = verify(published, &reveal, Some(&record.hands)).expect("an honest deal");
    assert_eq!(dealt, deal.hands, "the piles are the stored hands");
    let read: Vec<tarock_zwanzigerrufen::CardSet> =
        dealt.iter().map(|h| h.parse().unwrap()).collect();
    assert_eq!(hands_of(&deal).to_vec(), read);
    // The export of the store reveals the same.
    let proof = h.store().deal_proof(deal.id).await.unwrap();
    let stored = proof.revealed.unwrap();
    assert_eq!((stored.seed, stored.salt), (reveal.seed, reveal.salt));

    let mut seed = reveal.clone();
    seed.seed[7] ^= 0x10;
    assert!(matches!(
        verify(published, &seed, Some(&record.hands)),
        Err(RoundVerifyError::Mismatch(Mismatch::Deal { .. }))
    ));
    assert!(matches!(
        verify(published, &seed, None),
        Err(RoundVerifyError::Mismatch(Mismatch::Commitment { .. }))
    ));
    let mut salt = reveal.clone();
    salt.salt[31] ^= 1;
    assert!(matches!(
        verify(published, &salt, Some(&record.hands)),
        Err(RoundVerifyError::Mismatch(Mismatch::Commitment { .. }))
    ));
    // Seat 3's first card handed to seat 4 and back the other way.
    let mut hands = record.hands.clone();
    let a = hands[2].split(' ').next().unwrap().to_owned();
    let b = hands[3].split(' ').next().unwrap().to_owned();
    hands[2] = hands[2].replacen(&a, &b, 1);
    hands[3] = hands[3].replacen(&b, &a, 1);
    assert!(matches!(
        verify(published, &reveal, Some(&hands)),
        Err(RoundVerifyError::Mismatch(Mismatch::Deal { pile: 3, .. }))
    ));
    let mut other = published.0;
    other[0] ^= 0xFF;
    assert!(matches!(
        verify(Commitment(other), &reveal, Some(&record.hands)),
        Err(RoundVerifyError::Mismatch(Mismatch::Commitment { .. }))
    ));
}

/// Deals at one table draw their salts afresh: no two deals share a salt
/// or a commitment, and no salt is its deal's seed.
#[tokio::test]
async fn salts_are_fresh_for_every_deal() {
    let mut h = Harness::with_entropy(Arc::new(ManualClock::new(T0))).await;
    let table: TableId = h.table_with(&HUMANS, "medium", settings()).await;
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..3 {
        h.press_table_button(table, "Anna", ":s").await;
        h.play_out(table, &HUMANS, &mut rng).await;
    }
    let deals = h.store().deals_of(table).await.unwrap();
    assert!(deals.len() >= 3);
    let mut seen = Vec::new();
    for deal in &deals {
        let (seed, salt) = secrets_of(h.store(), deal).await;
        assert_ne!(seed, salt);
        let commitment = deal.commitment.unwrap();
        assert!(!seen.contains(&salt) && !seen.contains(&hex32(&commitment)));
        seen.push(salt);
        seen.push(hex32(&commitment));
    }
}

/// Commitments published before every game went through one path hashed
/// a Zwanzigerrufen deal's four hands as the engine shuffled them from
/// the seed. The generic check deals the same hands from the same seed,
/// so those settlements' `tarock verify` commands still verify.
#[test]
fn commitments_made_before_the_one_path_still_verify() {
    use tarock_game_core::fair::{commit, shuffle_rng};
    use tarock_zwanzigerrufen::{Deal, Seat};
    for byte in [0_u8, 7, 0xAB, 0xFF] {
        let reveal = Reveal {
            seed: [byte; 32],
            salt: [byte ^ 0x5A; 32],
        };
        let deal = Deal::shuffled(&mut shuffle_rng(&reveal.seed));
        let hands: Vec<String> = Seat::ALL
            .iter()
            .map(|s| deal.hand(*s).to_string())
            .collect();
        let published = commit("zwanzigerrufen", &reveal, &hands);
        assert_eq!(verify(published, &reveal, None), Ok(hands.clone()));
        assert_eq!(verify(published, &reveal, Some(&hands)), Ok(hands));
    }
}
