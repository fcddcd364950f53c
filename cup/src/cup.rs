//! The tournament as data: its players, the rounds drawn so far and the
//! scores recorded at their tables.

use serde::{Deserialize, Serialize};

use crate::draw::{deals_per_round, draw};
use crate::standings::{DayPlace, SeasonPlace, rank_day, rank_season};

/// A player of the cup: an index into [`Cup::players`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerNo(pub u16);

/// The shape of a season.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CupFormat {
    /// Cup days in the season (seed 002: 8).
    pub days: usize,
    /// Rounds a day (3).
    pub rounds_per_day: usize,
    /// Days counted for the season (the best 6).
    pub best_days: usize,
}

impl Default for CupFormat {
    /// Seed 002's cup: 8 days of 3 rounds, the best 6 days count.
    fn default() -> Self {
        CupFormat {
            days: 8,
            rounds_per_day: 3,
            best_days: 6,
        }
    }
}

/// Which round: day and round within the day, both 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundId {
    /// The cup day.
    pub day: usize,
    /// The round of that day.
    pub round: usize,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableDraw {
    /// The players in seat order.
    pub seats: Vec<PlayerNo>,
    /// How many deals the round has here (16, or 20 at five seats).
    pub deals: u32,
    /// Each seat's score over the round, once recorded.
    pub scores: Option<Vec<i64>>,
}

/// A drawn round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Which round.
    pub id: RoundId,
    /// The seed of its draw (the draw repeats from it).
    pub seed: u64,
    /// Its tables.
    pub tables: Vec<TableDraw>,
}

impl Round {
    /// Whether every table's scores are in.
    #[must_use]
    pub fn complete(&self) -> bool {
        self.tables.iter().all(|t| t.scores.is_some())
    }
}

/// What the cup refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CupError {
    /// No mix of four- and five-seat tables seats this many players.
    #[error(
        "{players} players cannot be seated at tables of four and five (1–3, 6, 7 and 11 cannot)"
    )]
    CannotSeat {
        /// How many were to be seated.
        players: usize,
    },
    /// A name is empty or taken.
    #[error("every player needs a name of their own: {0:?}")]
    BadName(String),
    /// A player number the cup does not have.
    #[error("the cup has no player {0}")]
    NoPlayer(u16),
    /// The current round still has tables without scores.
    #[error("round {round} of day {day} is still being played", day = .0.day, round = .0.round)]
    RoundOpen(RoundId),
    /// All days of the season are played.
    #[error("the season is over")]
    SeasonOver,
    /// No round has been drawn yet.
    #[error("no round has been drawn")]
    NoRound,
    /// The current round has no such table.
    #[error("the round has no table {0}")]
    NoTable(usize),
    /// That table's scores are in already.
    #[error("table {0} has its scores already")]
    AlreadyRecorded(usize),
    /// Not one score per seat.
    #[error("table {table} has {seats} seats, and {given} scores were given")]
    WrongCount {
        /// The table (1-based).
        table: usize,
        /// Its seats.
        seats: usize,
        /// Scores given.
        given: usize,
    },
    /// Scores that do not add up to zero (every game's Schrift does).
    #[error("the scores add up to {0}, not 0")]
    NotZeroSum(i64),
}

/// A cup: players, format, and every round drawn so far with its results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cup {
    /// Its name.
    pub name: String,
    /// The game played (a registry name such as `koenigrufen`).
    pub game: String,
    /// The game's rules preset (`cup2019`).
    pub rules: String,
    /// Days, rounds and counted days.
    pub format: CupFormat,
    /// The players' names; [`PlayerNo`] indexes them.
    pub players: Vec<String>,
    /// The rounds drawn, in order.
    pub rounds: Vec<Round>,
}

impl Cup {
    /// A cup with these players and no round yet.
    ///
    /// # Errors
    /// [`CupError::BadName`] for an empty or repeated name.
    pub fn new(
        name: &str,
        game: &str,
        rules: &str,
        format: CupFormat,
        players: &[&str],
    ) -> Result<Cup, CupError> {
        let mut cup = Cup {
            name: name.to_owned(),
            game: game.to_owned(),
            rules: rules.to_owned(),
            format,
            players: Vec::new(),
            rounds: Vec::new(),
        };
        for p in players {
            cup.add_player(p)?;
        }
        Ok(cup)
    }

    /// Adds a player (a newcomer on a later day); returns their number.
    ///
    /// # Errors
    /// [`CupError::BadName`] for an empty or repeated name.
    pub fn add_player(&mut self, name: &str) -> Result<PlayerNo, CupError> {
        let name = name.trim();
        let taken = self.players.iter().any(|p| p.eq_ignore_ascii_case(name));
        if name.is_empty() || taken || self.players.len() >= usize::from(u16::MAX) {
            return Err(CupError::BadName(name.to_owned()));
        }
        self.players.push(name.to_owned());
        Ok(PlayerNo(
            u16::try_from(self.players.len() - 1).expect("checked above"),
        ))
    }

    /// A player's name.
    #[must_use]
    pub fn name_of(&self, player: PlayerNo) -> &str {
        self.players
            .get(usize::from(player.0))
            .map_or("?", String::as_str)
    }

    /// The last round drawn.
    #[must_use]
    pub fn current(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// The round the next draw makes; `None` when the season is over.
    #[must_use]
    pub fn next_round_id(&self) -> Option<RoundId> {
        let next = match self.current() {
            None => RoundId { day: 1, round: 1 },
            Some(r) if r.id.round < self.format.rounds_per_day => RoundId {
                day: r.id.day,
                round: r.id.round + 1,
            },
            Some(r) => RoundId {
                day: r.id.day + 1,
                round: 1,
            },
        };
        (next.day <= self.format.days).then_some(next)
    }

    /// The players of a day: those drawn in its first round.
    #[must_use]
    pub fn field_of(&self, day: usize) -> Vec<PlayerNo> {
        let mut field: Vec<PlayerNo> = self
            .rounds
            .iter()
            .find(|r| r.id.day == day)
            .map(|r| r.tables.iter().flat_map(|t| t.seats.clone()).collect())
            .unwrap_or_default();
        field.sort_unstable();
        field
    }

    /// Who the next round draws from, before anyone is named absent:
    /// everyone on a day's first round, the day's field on its later
    /// rounds; `None` when the season is over.
    #[must_use]
    pub fn next_field(&self) -> Option<Vec<PlayerNo>> {
        let next = self.next_round_id()?;
        Some(if next.round == 1 {
            (0..self.players.len())
                .map(|i| PlayerNo(u16::try_from(i).expect("add_player limits the players")))
                .collect()
        } else {
            self.field_of(next.day)
        })
    }

    /// Draws the next round's tables among `present` with `seed`.
    ///
    /// # Errors
    /// [`CupError::RoundOpen`] while the current round lacks scores,
    /// [`CupError::SeasonOver`], [`CupError::NoPlayer`], and
    /// [`CupError::CannotSeat`].
    pub fn draw_next(&mut self, present: &[PlayerNo], seed: u64) -> Result<&Round, CupError> {
        if let Some(r) = self.current().filter(|r| !r.complete()) {
            return Err(CupError::RoundOpen(r.id));
        }
        let id = self.next_round_id().ok_or(CupError::SeasonOver)?;
        if let Some(p) = present
            .iter()
            .find(|p| usize::from(p.0) >= self.players.len())
        {
            return Err(CupError::NoPlayer(p.0));
        }
        let mut present = present.to_vec();
        present.sort_unstable();
        present.dedup();
        let tables = draw(&present, seed)?
            .into_iter()
            .map(|seats| TableDraw {
                deals: deals_per_round(seats.len()),
                seats,
                scores: None,
            })
            .collect();
        self.rounds.push(Round { id, seed, tables });
        Ok(self.rounds.last().expect("just pushed"))
    }

    /// Records the scores of table `table` (1-based) of the current round,
    /// one per seat in seat order.
    ///
    /// # Errors
    /// [`CupError::NoRound`], [`CupError::NoTable`],
    /// [`CupError::AlreadyRecorded`], [`CupError::WrongCount`] and
    /// [`CupError::NotZeroSum`].
    pub fn record(&mut self, table: usize, scores: &[i64]) -> Result<(), CupError> {
        let round = self.rounds.last_mut().ok_or(CupError::NoRound)?;
        let t = table
            .checked_sub(1)
            .and_then(|i| round.tables.get_mut(i))
            .ok_or(CupError::NoTable(table))?;
        if t.scores.is_some() {
            return Err(CupError::AlreadyRecorded(table));
        }
        if scores.len() != t.seats.len() {
            return Err(CupError::WrongCount {
                table,
                seats: t.seats.len(),
                given: scores.len(),
            });
        }
        let sum: i64 = scores.iter().sum();
        if sum != 0 {
            return Err(CupError::NotZeroSum(sum));
        }
        t.scores = Some(scores.to_vec());
        Ok(())
    }

    /// Each player's total score on `day` over the tables recorded so far.
    #[must_use]
    pub fn day_totals(&self, day: usize) -> Vec<(PlayerNo, i64)> {
        let mut totals: Vec<(PlayerNo, i64)> =
            self.field_of(day).into_iter().map(|p| (p, 0)).collect();
        for round in self.rounds.iter().filter(|r| r.id.day == day) {
            for t in &round.tables {
                for (seat, score) in t.seats.iter().zip(t.scores.iter().flatten()) {
                    match totals.iter_mut().find(|(p, _)| p == seat) {
                        Some((_, total)) => *total += score,
                        None => totals.push((*seat, *score)),
                    }
                }
            }
        }
        totals
    }

    /// Whether all rounds of `day` are drawn and recorded.
    #[must_use]
    pub fn day_complete(&self, day: usize) -> bool {
        let rounds: Vec<&Round> = self.rounds.iter().filter(|r| r.id.day == day).collect();
        rounds.len() == self.format.rounds_per_day && rounds.iter().all(|r| r.complete())
    }

    /// The ranking of `day` (complete or so far).
    #[must_use]
    pub fn day_ranking(&self, day: usize) -> Vec<DayPlace> {
        rank_day(&self.day_totals(day))
    }

    /// The days whose rounds are all played, in order.
    #[must_use]
    pub fn complete_days(&self) -> Vec<usize> {
        (1..=self.format.days)
            .filter(|d| self.day_complete(*d))
            .collect()
    }

    /// The season ranking over the complete days.
    #[must_use]
    pub fn season_ranking(&self) -> Vec<SeasonPlace> {
        let days: Vec<Vec<DayPlace>> = self
            .complete_days()
            .into_iter()
            .map(|d| self.day_ranking(d))
            .collect();
        rank_season(&days, self.format.best_days)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn everyone(cup: &Cup) -> Vec<PlayerNo> {
        (0..cup.players.len())
            .map(|i| PlayerNo(u16::try_from(i).unwrap()))
            .collect()
    }

    fn nine() -> Cup {
        let names = [
            "Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans", "Ida",
        ];
        Cup::new(
            "Herbst",
            "koenigrufen",
            "cup2019",
            CupFormat::default(),
            &names,
        )
        .unwrap()
    }

    #[test]
    fn rounds_run_through_the_days_and_the_season_ends() {
        let mut cup = nine();
        cup.format.days = 2;
        let all = everyone(&cup);
        let mut seen = Vec::new();
        for seed in 0.. {
            let round = match cup.draw_next(&all, seed) {
                Ok(r) => r.clone(),
                Err(CupError::SeasonOver) => break,
                Err(e) => panic!("{e}"),
            };
            seen.push((round.id.day, round.id.round));
            // Nine players: a four-seat table (16 deals), a five-seat one (20).
            let shape: Vec<(usize, u32)> = round
                .tables
                .iter()
                .map(|t| (t.seats.len(), t.deals))
                .collect();
            assert_eq!(shape, [(4, 16), (5, 20)]);
            assert_eq!(
                cup.draw_next(&all, 99).unwrap_err(),
                CupError::RoundOpen(round.id)
            );
            cup.record(1, &[3, -1, -1, -1]).unwrap();
            cup.record(2, &[2, 2, -4, 0, 0]).unwrap();
        }
        assert_eq!(seen, [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]);
        assert_eq!(cup.complete_days(), [1, 2]);
        // Every day's totals add up to zero, as the scores did.
        assert_eq!(cup.day_totals(1).iter().map(|t| t.1).sum::<i64>(), 0);
    }

    #[test]
    fn bad_results_are_refused_and_change_nothing() {
        let mut cup = nine();
        assert_eq!(cup.record(1, &[0; 4]), Err(CupError::NoRound));
        let all = everyone(&cup);
        cup.draw_next(&all, 1).unwrap();
        let before = cup.clone();
        assert_eq!(cup.record(3, &[0; 4]), Err(CupError::NoTable(3)));
        assert_eq!(cup.record(0, &[0; 4]), Err(CupError::NoTable(0)));
        assert_eq!(
            cup.record(1, &[1, -1, 0]),
            Err(CupError::WrongCount {
                table: 1,
                seats: 4,
                given: 3
            })
        );
        assert_eq!(
            cup.record(1, &[5, -1, -1, -1]),
            Err(CupError::NotZeroSum(2))
        );
        assert_eq!(cup, before);
        cup.record(1, &[0; 4]).unwrap();
        assert_eq!(cup.record(1, &[0; 4]), Err(CupError::AlreadyRecorded(1)));
        assert_eq!(
            cup.draw_next(&all[..7], 2).unwrap_err(),
            CupError::RoundOpen(RoundId { day: 1, round: 1 })
        );
    }

    #[test]
    fn names_must_differ_and_absent_players_are_not_drawn() {
        assert_eq!(
            Cup::new(
                "x",
                "koenigrufen",
                "cup2019",
                CupFormat::default(),
                &["Anna", "anna"]
            ),
            Err(CupError::BadName("anna".into()))
        );
        let mut cup = nine();
        assert_eq!(cup.add_player(" "), Err(CupError::BadName(String::new())));
        assert_eq!(cup.add_player("Jakob"), Ok(PlayerNo(9)));
        // Eight of ten came today.
        let present: Vec<PlayerNo> = everyone(&cup).into_iter().skip(2).collect();
        let round = cup.draw_next(&present, 5).unwrap();
        assert_eq!(round.tables.len(), 2);
        assert_eq!(cup.field_of(1), present);
        assert_eq!(
            cup.draw_next(&[PlayerNo(40)], 5).unwrap_err(),
            CupError::RoundOpen(RoundId { day: 1, round: 1 })
        );
    }

    #[test]
    fn the_day_sums_the_rounds_and_ranks_them() {
        let mut cup = Cup::new(
            "x",
            "koenigrufen",
            "cup2019",
            CupFormat::default(),
            &["A", "B", "C", "D"],
        )
        .unwrap();
        let all = everyone(&cup);
        for (seed, scores) in [
            (1, [10, -4, -4, -2]),
            (2, [6, 6, -6, -6]),
            (3, [-1, 1, 2, -2]),
        ] {
            let seats = cup.draw_next(&all, seed).unwrap().tables[0].seats.clone();
            // Score by player, whatever seat the draw gave them.
            let by_seat: Vec<i64> = seats.iter().map(|p| scores[usize::from(p.0)]).collect();
            cup.record(1, &by_seat).unwrap();
        }
        // A 15, B 3, C −8, D −10.
        let day = cup.day_ranking(1);
        let got: Vec<(u16, i64, usize, u32)> = day
            .iter()
            .map(|p| (p.player.0, p.total, p.place, p.cup_points))
            .collect();
        assert_eq!(
            got,
            [
                (0, 15, 1, 50),
                (1, 3, 2, 45),
                (2, -8, 3, 40),
                (3, -10, 4, 35)
            ]
        );
        assert!(cup.day_complete(1));
        let season = cup.season_ranking();
        assert_eq!(season[0].cup_points, 50);
        assert_eq!(season[0].counted, [1]);
        // The cup survives a round trip through JSON (how a front end keeps it).
        let json = serde_json::to_string(&cup).unwrap();
        assert_eq!(serde_json::from_str::<Cup>(&json).unwrap(), cup);
    }
}
