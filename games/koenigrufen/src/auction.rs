//! The auction (Lizitation) as the state machine of SPEC §4.2–§4.6: the
//! Vorhand's reserve ("vorhand"), holding ("halte"), her choice after three
//! passes, "bei" for closed Piccolo/Zwiccolo, and passing the Vorhand on.

use serde::{Deserialize, Serialize};

use crate::card::CardSet;
use crate::contract::{Contract, Family};
use crate::error::RuleError;
use crate::rules::Rules;
use crate::seat::{Seat, Seats};

/// One word of the auction (SPEC §4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Word {
    /// The Vorhand reserves ("Vorhand!").
    Vorhand,
    /// Pass, final.
    Weiter,
    /// The Vorhand holds the current bid.
    Halte,
    /// A bid (or the Vorhand's choice after three passes).
    Bid(Contract),
    /// Join a closed Piccolo/Zwiccolo with this contract (`piccolo-bei`, `zwiccolo-bei`).
    Bei(Contract),
    /// The Vorhand with four kings passes the Vorhand on (`vorhand-weiter`).
    VorhandWeiter,
}

/// A declarer with the contract he named (several only with "bei").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bidder {
    /// The seat.
    pub seat: Seat,
    /// The contract it plays.
    pub contract: Contract,
}

/// The current highest bid: one bidder, or a closed Piccolo/Zwiccolo with "bei" joiners.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Group {
    members: [Option<Bidder>; 4],
}

impl Group {
    /// The bidders in the order they joined (the first namer first).
    pub fn bidders(&self) -> impl Iterator<Item = Bidder> + '_ {
        self.members.iter().flatten().copied()
    }

    /// The first namer, whose contract is the bid.
    pub const fn first(&self) -> Option<Bidder> {
        self.members[0]
    }

    /// The seats in the group.
    pub fn seats(&self) -> Seats {
        self.bidders().fold(Seats::NONE, |s, b| s.with(b.seat))
    }

    fn only(bidder: Bidder) -> Group {
        Group {
            members: [Some(bidder), None, None, None],
        }
    }

    fn push(&mut self, bidder: Bidder) {
        if let Some(slot) = self.members.iter_mut().find(|m| m.is_none()) {
            *slot = Some(bidder);
        }
    }
}

/// The auction state (SPEC §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    /// The effective Vorhand.
    vh: Seat,
    opened: bool,
    passed: Seats,
    group: Group,
    await_choice: bool,
    turn: Seat,
    done: bool,
}

impl Auction {
    /// A new auction with `vh` to open.
    pub const fn new(vh: Seat) -> Auction {
        Auction {
            vh,
            opened: false,
            passed: Seats::NONE,
            group: Group { members: [None; 4] },
            await_choice: false,
            turn: vh,
            done: false,
        }
    }

    /// The effective Vorhand (changes only by `vorhand-weiter`).
    pub const fn vorhand(&self) -> Seat {
        self.vh
    }

    /// The seat to speak.
    pub const fn turn(&self) -> Seat {
        self.turn
    }

    /// Whether the auction has ended.
    pub const fn is_done(&self) -> bool {
        self.done
    }

    /// The current (or, once done, the winning) bid.
    pub const fn group(&self) -> &Group {
        &self.group
    }

    /// Whether the Vorhand said "vorhand" and the others passed (A4).
    pub const fn awaits_choice(&self) -> bool {
        self.await_choice
    }

    /// The seats that passed.
    pub const fn passed(&self) -> Seats {
        self.passed
    }

    /// Checks `word` by the seat to speak, holding `hand` (A2–A7, §4.6).
    ///
    /// # Errors
    /// The [`RuleError`] of the rule the word breaks.
    pub fn check(&self, word: Word, hand: CardSet, rules: &Rules) -> Result<(), RuleError> {
        let seat = self.turn;
        if self.await_choice {
            return match word {
                Word::Bid(c) => self.check_choice(c, hand, rules),
                _ => Err(RuleError::ChoiceRequired),
            };
        }
        if !self.opened {
            return self.check_opening(word, hand, rules);
        }
        match word {
            Word::Weiter => Ok(()),
            Word::Vorhand => Err(RuleError::VorhandWordNotNow),
            Word::VorhandWeiter => Err(RuleError::VorhandWeiterNotAllowed),
            Word::Halte => self.check_hold(seat, hand, rules),
            Word::Bei(c) => self.check_bei(c, rules),
            Word::Bid(c) => self.check_bid(seat, c, hand, rules),
        }
    }

    fn check_opening(&self, word: Word, hand: CardSet, rules: &Rules) -> Result<(), RuleError> {
        match word {
            Word::Vorhand => Ok(()),
            Word::Weiter => Err(RuleError::MustOpen),
            Word::Halte => Err(RuleError::NothingToHold),
            Word::Bei(_) => Err(RuleError::BeiNotAllowed),
            Word::VorhandWeiter => {
                let kings = hand.intersect(CardSet::KINGS).len();
                if rules.pass_vorhand && kings == 4 {
                    Ok(())
                } else {
                    Err(RuleError::VorhandWeiterNotAllowed)
                }
            }
            Word::Bid(c @ (Contract::Rufer | Contract::Trischaken | Contract::Mussolini)) => {
                offered(c, rules)?;
                Err(RuleError::NotAnOpening(c))
            }
            Word::Bid(c) => eligible(self.vh, self.vh, c, hand, rules),
        }
    }

    fn check_choice(&self, c: Contract, hand: CardSet, rules: &Rules) -> Result<(), RuleError> {
        if matches!(c, Contract::Sechserdreier | Contract::Mussolini) {
            offered(c, rules)?;
            return Err(RuleError::NotAChoice(c));
        }
        eligible(self.vh, self.vh, c, hand, rules)
    }

    fn check_bid(
        &self,
        seat: Seat,
        c: Contract,
        hand: CardSet,
        rules: &Rules,
    ) -> Result<(), RuleError> {
        offered(c, rules)?;
        match c {
            Contract::Rufer | Contract::Trischaken => return Err(RuleError::ChoiceOnly(c)),
            Contract::Sechserdreier => return Err(RuleError::SechserOnlyFirst),
            _ => {}
        }
        if let Some(current) = self.group.first()
            && rules.rank(c) <= rules.rank(current.contract)
        {
            return Err(RuleError::NotHigher(c));
        }
        eligible(seat, self.vh, c, hand, rules)
    }

    fn check_hold(&self, seat: Seat, hand: CardSet, rules: &Rules) -> Result<(), RuleError> {
        if seat != self.vh {
            return Err(RuleError::OnlyVorhandHolds);
        }
        let current = self.group.first().ok_or(RuleError::NothingToHold)?;
        if rules.bei && current.contract.allows_bei() {
            return Err(RuleError::HoldBeiInstead(current.contract));
        }
        eligible(seat, self.vh, current.contract, hand, rules)
    }

    fn check_bei(&self, c: Contract, rules: &Rules) -> Result<(), RuleError> {
        let closed = self.group.first().is_some_and(|b| b.contract.allows_bei());
        if rules.bei && closed && c.allows_bei() && rules.offers(c) {
            Ok(())
        } else {
            Err(RuleError::BeiNotAllowed)
        }
    }

    /// Applies a checked word (SPEC §4.3 `on_turn`).
    pub fn apply(&mut self, word: Word) {
        let seat = self.turn;
        if self.await_choice {
            if let Word::Bid(contract) = word {
                self.group = Group::only(Bidder { seat, contract });
            }
            self.done = true;
            return;
        }
        if !self.opened {
            self.opened = true;
            match word {
                Word::Bid(contract) => self.group = Group::only(Bidder { seat, contract }),
                Word::VorhandWeiter => {
                    // A6: she counts as passed; the next seat opens with all Vorhand rights.
                    self.passed = self.passed.with(seat);
                    self.vh = seat.next();
                    self.opened = false;
                    self.turn = self.vh;
                    return;
                }
                _ => {}
            }
        } else {
            match word {
                Word::Weiter => self.passed = self.passed.with(seat),
                Word::Halte => {
                    let contract = self.group.first().expect("checked").contract;
                    self.group = Group::only(Bidder { seat, contract });
                }
                Word::Bei(contract) => self.group.push(Bidder { seat, contract }),
                Word::Bid(contract) => self.group = Group::only(Bidder { seat, contract }),
                Word::Vorhand | Word::VorhandWeiter => {}
            }
        }
        self.advance(seat);
    }

    fn advance(&mut self, seat: Seat) {
        let members = self.group.seats();
        let waiting = self.passed.with(self.vh).complement();
        if members.is_empty() && waiting.is_empty() {
            self.await_choice = true;
            self.turn = self.vh;
            return;
        }
        let open = self.passed.union(members).complement();
        if !members.is_empty() && open.is_empty() {
            self.done = true;
            return;
        }
        self.turn = (1..=4)
            .map(|n| seat.plus(n))
            .find(|s| open.contains(*s))
            .expect("someone is still bidding");
    }
}

fn offered(c: Contract, rules: &Rules) -> Result<(), RuleError> {
    if rules.offers(c) {
        Ok(())
    } else {
        Err(RuleError::NotOffered(c))
    }
}

/// A7: may `seat` (holding `hand`) play `c`, with `vh` the effective Vorhand?
pub fn eligible(
    seat: Seat,
    vh: Seat,
    c: Contract,
    hand: CardSet,
    rules: &Rules,
) -> Result<(), RuleError> {
    offered(c, rules)?;
    if c.family() == Family::KingCall && hand.contains_all(CardSet::KINGS) {
        return Err(RuleError::FourKings(c));
    }
    if let Some(bird) = c.bird().and_then(|b| b.bird_card())
        && !hand.contains(bird)
    {
        return Err(RuleError::BirdMissing(c));
    }
    if c == Contract::Besserrufer && !hand.meets(rules.birds()) {
        return Err(RuleError::BirdMissing(c));
    }
    if c == Contract::Mussolini && seat == vh {
        return Err(RuleError::MussoliniVorhand);
    }
    Ok(())
}
