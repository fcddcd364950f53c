//! Card play by rules of thumb: reading the trick in progress (who wins it,
//! whether a card would win it and keep it) and the medium player's choice of
//! card. The easy player uses the first part only.

use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::rules::GameKind;
use tarock_zwanzigerrufen::trick::winning_index;
use tarock_zwanzigerrufen::{Party, Seat, SeatView};

use crate::knowledge::{Knowledge, class_of, known_party};

/// The trick in progress as the seat to play sees it.
#[derive(Clone, Debug)]
pub struct TrickRead<'a> {
    view: &'a SeatView,
    kind: GameKind,
    cards: Vec<Card>,
    leader: Seat,
}

impl<'a> TrickRead<'a> {
    /// Reads the current trick of `view` (trick play only).
    pub fn new(view: &'a SeatView) -> TrickRead<'a> {
        let trick = view.trick.expect("trick play has a current trick");
        TrickRead {
            view,
            kind: view.contract.expect("trick play has a game").kind,
            cards: trick.cards().to_vec(),
            leader: trick.leader(),
        }
    }

    /// The cards played to the trick so far.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Card points in the trick so far.
    pub fn points(&self) -> u32 {
        self.cards.iter().map(|c| u32::from(c.points())).sum()
    }

    /// The seat and card winning the trick so far.
    pub fn winner(&self) -> Option<(Seat, Card)> {
        if self.cards.is_empty() {
            return None;
        }
        let i = winning_index(&self.cards, self.kind, &self.view.rules);
        Some((self.leader.plus(i as u8), self.cards[i]))
    }

    /// Whether `card`, played now, would win the trick so far.
    pub fn wins_now(&self, card: Card) -> bool {
        self.with(card, |cards, kind, view| {
            winning_index(cards, kind, &view.rules) == cards.len() - 1
        })
    }

    /// The seats still to play after the seat to act.
    pub fn later_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.cards.len() as u8;
        (n + 1..4).map(move |i| self.leader.plus(i))
    }

    /// Whether a seat still to play after `card` is likely to beat it, as far
    /// as `k` tells: a seat not known to lack the led suit is assumed to
    /// follow it; one known to lack it may trump. Seats in `friends` are
    /// ignored.
    pub fn likely_beaten(&self, card: Card, k: &Knowledge, friends: &[Seat]) -> bool {
        let led = self.cards.first().copied().unwrap_or(card);
        let class = class_of(led);
        self.later_seats()
            .filter(|s| !friends.contains(s))
            .any(|seat| {
                let possible = k.possible(seat);
                let follows = !possible.intersect(class).is_empty();
                let options = if follows {
                    possible.intersect(class)
                } else {
                    possible
                };
                options.iter().any(|c| self.beats_after(card, c))
            })
    }

    /// Whether `later`, played after `card`, would take the trick.
    fn beats_after(&self, card: Card, later: Card) -> bool {
        let mut cards = self.cards.clone();
        cards.push(card);
        cards.push(later);
        winning_index(&cards, self.kind, &self.view.rules) == cards.len() - 1
    }

    fn with<T>(&self, card: Card, f: impl FnOnce(&[Card], GameKind, &SeatView) -> T) -> T {
        let mut cards = self.cards.clone();
        cards.push(card);
        f(&cards, self.kind, self.view)
    }
}

/// Cards to part with last: the Trull cards, then by points, then by rank.
pub fn cheapest(cards: CardSet) -> Option<Card> {
    cards
        .iter()
        .min_by_key(|c| (CardSet::TRULL.contains(*c), c.points(), c.index()))
}

/// The lowest card by rank (deck order) that is not a Trull card, if any.
fn lowest_plain(cards: CardSet) -> Option<Card> {
    cards.without(CardSet::TRULL).first()
}

/// The medium player's card: see the module docs of [`crate::medium`].
pub fn medium_card(view: &SeatView) -> Card {
    let legal = view.legal.expect("the seat is to act").cards;
    if legal.len() == 1 {
        return legal.first().expect("one card");
    }
    let k = Knowledge::from_view(view);
    let legal = keep_back(view, &k, legal);
    let read = TrickRead::new(view);
    if read.cards().is_empty() {
        lead(view, &k, legal)
    } else {
        follow(view, &k, &read, legal)
    }
}

/// Drops the Pagat (until the last trick) and an endangered Mond from the
/// choice, unless nothing else is left.
fn keep_back(view: &SeatView, k: &Knowledge, legal: CardSet) -> CardSet {
    let mut keep = legal;
    if view.hand.len() > 1 {
        keep.remove(Card::PAGAT);
    }
    if mond_endangered(view, k) {
        keep.remove(Card::MOND);
    }
    if keep.is_empty() { legal } else { keep }
}

/// The Mond can be caught while someone else may still hold the Sküs.
fn mond_endangered(view: &SeatView, k: &Knowledge) -> bool {
    let skus_out = k.unseen.contains(Card::SKUS);
    let skus_in_trick = view
        .trick
        .is_some_and(|t| t.card_set().contains(Card::SKUS));
    skus_out || skus_in_trick
}

/// Seats known to be on this seat's side (itself included).
fn friends(view: &SeatView) -> Vec<Seat> {
    let mine = view.my_party();
    Seat::ALL
        .into_iter()
        .filter(|s| *s == view.seat || (mine.is_some() && known_party(view, *s) == mine))
        .collect()
}

fn lead(view: &SeatView, k: &Knowledge, legal: CardSet) -> Card {
    if let Some(card) = partner_signal(view, legal) {
        return card;
    }
    let contract = view.contract.expect("trick play has a game");
    let declarer_side = view.my_party() == Some(Party::Declarer);
    let my_tarocks = view.hand.intersect(CardSet::TAROCKS);
    let out_tarocks = k.unseen.intersect(CardSet::TAROCKS);
    // A tarock no one else can beat; worth leading to draw the opponents' tarocks.
    let top_tarock = my_tarocks
        .intersect(legal)
        .last()
        .filter(|t| out_tarocks.iter().all(|o| o < *t));
    let draw = (declarer_side && contract.kind != GameKind::Farbensolo)
        || my_tarocks.len() > out_tarocks.len();
    if let Some(t) = top_tarock
        && draw
    {
        return t;
    }
    if let Some(king) = safe_king(view, k, legal) {
        return king;
    }
    let soloist = declarer_side && contract.kind == GameKind::Solo && my_tarocks.len() >= 6;
    if soloist && let Some(t) = lowest_plain(my_tarocks.intersect(legal)) {
        return t;
    }
    low_lead(view, legal)
}

/// The secret partner shows herself by leading the called tarock early.
fn partner_signal(view: &SeatView, legal: CardSet) -> Option<Card> {
    let contract = view.contract?;
    let called = contract.called?;
    let early = view.tricks.len() < 4;
    (contract.declarer != view.seat && legal.contains(called) && early).then_some(called)
}

/// A King of a suit that no other seat is known to lack and that has been
/// played at most once before.
fn safe_king(view: &SeatView, k: &Knowledge, legal: CardSet) -> Option<Card> {
    legal.intersect(CardSet::KINGS).iter().find(|king| {
        let suit = class_of(*king);
        let round = k.played.intersect(suit).len();
        let void_known = Seat::ALL
            .into_iter()
            .filter(|s| *s != view.seat)
            .any(|s| k.excluded[s.index()].contains_all(suit));
        round <= 1 && !void_known
    })
}

/// A low card from the shortest suit, so that the hand can trump it later;
/// otherwise the lowest tarock.
fn low_lead(view: &SeatView, legal: CardSet) -> Card {
    let suits = legal.intersect(CardSet::SUIT_CARDS);
    let shortest = suits.iter().filter(|c| c.points() < 5).min_by_key(|c| {
        (
            view.hand.intersect(class_of(*c)).len(),
            c.points(),
            c.index(),
        )
    });
    shortest
        .or_else(|| lowest_plain(legal))
        .or_else(|| cheapest(legal))
        .expect("legal is not empty")
}

fn follow(view: &SeatView, k: &Knowledge, read: &TrickRead<'_>, legal: CardSet) -> Card {
    let friends = friends(view);
    let (winner, winning) = read.winner().expect("the trick has a card");
    let my_party = view.my_party();
    // Catch an opposing Mond with the Sküs.
    let mond_seat = view.trick.and_then(|t| t.player_of(Card::MOND));
    if legal.contains(Card::SKUS)
        && let Some(mond_seat) = mond_seat
        && my_party.is_some()
        && known_party(view, mond_seat) == my_party.map(Party::other)
    {
        return Card::SKUS;
    }
    let partner_wins =
        friends.contains(&winner) && !read.likely_beaten_by_others(winning, k, &friends);
    if partner_wins {
        return schmieren(view, legal);
    }
    let winners: Vec<Card> = legal.iter().filter(|c| read.wins_now(*c)).collect();
    let sure: Vec<Card> = winners
        .iter()
        .copied()
        .filter(|c| !read.likely_beaten(*c, k, &friends))
        .collect();
    let last = read.cards().len() == 3;
    if let Some(card) = sure.iter().copied().min_by_key(|c| win_cost(*c))
        && (last || read.points() + u32::from(card.points()) >= 3)
    {
        return card;
    }
    discard(legal)
}

impl TrickRead<'_> {
    /// Whether the card now winning is likely to be beaten by a later seat
    /// that is not a friend.
    fn likely_beaten_by_others(&self, winning: Card, k: &Knowledge, friends: &[Seat]) -> bool {
        let led = self.cards[0];
        let class = class_of(led);
        self.later_seats()
            .skip(1)
            .filter(|s| !friends.contains(s))
            .any(|seat| {
                let possible = k.possible(seat);
                let options = if possible.intersect(class).is_empty() {
                    possible
                } else {
                    possible.intersect(class)
                };
                options.iter().any(|c| {
                    let mut cards = self.cards.clone();
                    cards.push(c);
                    cards.iter().position(|x| *x == winning)
                        != Some(winning_index(&cards, self.kind, &self.view.rules))
                })
            })
    }
}

/// What winning with `card` costs: a high tarock is worth keeping.
fn win_cost(card: Card) -> (u8, u8) {
    if card.is_tarock() {
        (1, card.index())
    } else {
        (0, card.index())
    }
}

/// Gives a winning partner as many points as can be spared.
fn schmieren(view: &SeatView, legal: CardSet) -> Card {
    let spare = if view.hand.len() > 1 {
        legal.without(CardSet::single(Card::PAGAT))
    } else {
        legal
    };
    let spare = if spare.is_empty() { legal } else { spare };
    spare
        .iter()
        .max_by_key(|c| {
            // Suit points first; a tarock's points are worth its trick-taking less.
            let keep = if c.is_tarock() && *c != Card::MOND {
                c.index()
            } else {
                0
            };
            (
                i32::from(c.points()) * 10 - i32::from(keep),
                std::cmp::Reverse(c.index()),
            )
        })
        .expect("legal is not empty")
}

/// The card that gives the opponents the least.
fn discard(legal: CardSet) -> Card {
    let tarocks = legal.intersect(CardSet::TAROCKS);
    if !tarocks.is_empty() && tarocks == legal {
        return lowest_plain(tarocks)
            .or_else(|| cheapest(tarocks))
            .expect("tarocks is not empty");
    }
    cheapest(legal).expect("legal is not empty")
}
