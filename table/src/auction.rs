//! The Lizitation as the table shows it, from the bidding start to the end
//! of the deal: every turn with who said it, and the announcements in force
//! with who made them ("Pagat (Dora, dagegen) – Kontra (Anna)").

use tarock_engine::view::Announcement;
use tarock_engine::{Action, Bid, Item, ItemState, Party, Seat};

use crate::render::{TableHeader, bid_label, item_name, kontra_name, seat_name};
use crate::text::Lang;
use crate::tr;

/// Who made an announced item and who raised it, since the current game.
#[derive(Clone, Debug, Default)]
struct Story {
    /// The announcer of a premium and their party.
    by: Option<(Seat, Option<Party>)>,
    /// Each Kontra step on it, in order: (seat, level reached).
    kontras: Vec<(Seat, u8)>,
}

/// The stories of the four items of the game in force: a new game voids
/// everything announced before it (SPEC E1).
fn stories(announcements: &[Announcement]) -> [Story; 4] {
    let mut stories: [Story; 4] = Default::default();
    for a in announcements {
        let Action::Bid(bid) = a.action else { continue };
        match bid {
            Bid::Game(_) => stories = Default::default(),
            Bid::GameWithValat(_) => {
                stories = Default::default();
                stories[Item::Valat.index()].by = Some((a.seat, Some(Party::Declarer)));
            }
            Bid::Premium(p) => stories[p.item().index()].by = Some((a.seat, a.party)),
            Bid::Kontra(item) => {
                let story = &mut stories[item.index()];
                let level = story.kontras.len() as u8 + 1;
                story.kontras.push((a.seat, level));
            }
        }
    }
    stories
}

fn party_word(party: Party, lang: Lang) -> String {
    match party {
        Party::Declarer => tr!(lang, "party-with"),
        Party::Opponents => tr!(lang, "party-against"),
    }
}

/// "Angesagt: Spiel – Kontra (Cleo) · Pagat (Dora, dagegen) – Kontra (Anna)":
/// the items in force (the game only once kontra'd), each with who
/// announced it and who gave each Kontra step. `None` when there is none.
pub(crate) fn items_text(
    announcements: &[Announcement],
    items: &[Option<ItemState>; 4],
    header: &TableHeader,
    lang: Lang,
) -> Option<String> {
    let stories = stories(announcements);
    let shown: Vec<String> = Item::ALL
        .iter()
        .filter_map(|&item| {
            let state = items[item.index()]?;
            if state.void || (item == Item::Game && state.level == 0) {
                return None;
            }
            let story = &stories[item.index()];
            let mut text = match story.by {
                Some((seat, Some(party))) => tr!(
                    lang,
                    "announced-by",
                    item = item_name(item, lang),
                    name = seat_name(header, seat, lang),
                    party = party_word(party, lang)
                ),
                _ => item_name(item, lang),
            };
            let kontras: Vec<String> = story
                .kontras
                .iter()
                .map(|&(seat, level)| {
                    tr!(
                        lang,
                        "kontra-by",
                        kontra = kontra_name(level, lang, header.words),
                        name = seat_name(header, seat, lang)
                    )
                })
                .collect();
            if !kontras.is_empty() {
                text = tr!(
                    lang,
                    "announced-kontras",
                    item = text,
                    kontras = kontras.join(", ")
                );
            }
            Some(text)
        })
        .collect();
    (!shown.is_empty()).then(|| tr!(lang, "contract-items", items = shown.join(" · ")))
}

/// "Lizitation: Anna: Rufer; Bert: weiter; Cleo: Kontra auf Spiel
/// (dagegen); …": every turn in order, each Zusatz with its party. A
/// Weiter right after the same seat's own bid only ends that turn and is
/// left out. `None` before the first turn.
pub(crate) fn history_text(
    announcements: &[Announcement],
    header: &TableHeader,
    lang: Lang,
) -> Option<String> {
    let mut levels = [0u8; 4];
    let mut history = Vec::new();
    for (i, a) in announcements.iter().enumerate() {
        let who = seat_name(header, a.seat, lang);
        match a.action {
            Action::Weiter => {
                let ends_own_turn = i.checked_sub(1).is_some_and(|p| {
                    let prev = &announcements[p];
                    prev.seat == a.seat && matches!(prev.action, Action::Bid(_))
                });
                if !ends_own_turn {
                    history.push(tr!(lang, "history-weiter", name = who));
                }
            }
            Action::Bid(bid) => {
                let level = match bid {
                    // A new game voids the Kontras before it.
                    Bid::Game(_) | Bid::GameWithValat(_) => {
                        levels = [0; 4];
                        0
                    }
                    Bid::Kontra(item) => {
                        levels[item.index()] += 1;
                        levels[item.index()] - 1
                    }
                    Bid::Premium(_) => 0,
                };
                let label = bid_label(bid, lang, level, header.words);
                history.push(match (bid, a.party) {
                    (Bid::Game(_) | Bid::GameWithValat(_), _) | (_, None) => {
                        tr!(lang, "history-bid", name = who, bid = label)
                    }
                    (_, Some(party)) => tr!(
                        lang,
                        "history-bid-party",
                        name = who,
                        bid = label,
                        party = party_word(party, lang)
                    ),
                });
            }
            Action::Play(_) => break,
        }
    }
    (!history.is_empty()).then(|| tr!(lang, "bidding-history", history = history.join("; ")))
}
