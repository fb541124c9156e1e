//! The test plan: which games each device plays. Unsharded, every device plays games 1..=N (or
//! new games until the time is up). With `--shard K/N` the plan's (game, device) pairs, in a
//! fixed order (game number, then serial), are dealt round-robin to N shards and only the K-th's
//! are played: the same devices, games and N always give the same split, the N shards together
//! are exactly the unsharded plan, and a case keeps its name (device, game, check) in any shard.

use super::options::Budget;
use crate::device::{DeviceConfig, ServerConfig};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// One of N parts of a plan: `index` counts from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("{s:?} is not K/N with 1 <= K <= N (e.g. 2/4: the second of four)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u32 = k.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// The games one device plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Schedule {
    /// These game numbers, in order.
    Games(Vec<u32>),
    /// New games, numbered from 1, until this much time has passed.
    Until(Duration),
}

impl Schedule {
    /// The number of the `index`-th game (from 0), if it is due `elapsed` into the run.
    pub fn game(&self, index: usize, elapsed: Duration) -> Option<u32> {
        match self {
            Schedule::Games(numbers) => numbers.get(index).copied(),
            Schedule::Until(d) => (index == 0 || elapsed < *d).then(|| index as u32 + 1),
        }
    }

    /// The games from the `index`-th on that a stop keeps from being played (with a time
    /// budget, only the first game of a device that never played one).
    pub fn left(&self, index: usize) -> Vec<u32> {
        match self {
            Schedule::Games(numbers) => numbers.get(index..).unwrap_or_default().to_vec(),
            Schedule::Until(_) if index == 0 => vec![1],
            Schedule::Until(_) => Vec::new(),
        }
    }

    /// How many games, when it is known beforehand.
    pub fn count(&self) -> Option<usize> {
        match self {
            Schedule::Games(numbers) => Some(numbers.len()),
            Schedule::Until(_) => None,
        }
    }
}

/// A device to test and how to reach it.
#[derive(Debug, Clone)]
pub struct Target {
    pub serial: String,
    pub server: ServerConfig,
    pub config: DeviceConfig,
}

/// A device and the games it plays.
#[derive(Debug, Clone)]
pub struct Job {
    pub target: Target,
    pub schedule: Schedule,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlanError {
    #[error("--shard needs --games: a time budget would not split the same way twice")]
    ShardedTime,
}

/// Every device's games, in serial order; with a shard, only the devices that have games in it.
pub fn jobs(
    mut targets: Vec<Target>,
    budget: Budget,
    shard: Option<Shard>,
) -> Result<Vec<Job>, PlanError> {
    targets.sort_by(|a, b| a.serial.cmp(&b.serial));
    let games = match (budget, shard) {
        (Budget::Time(d), None) => {
            let schedule = Schedule::Until(d);
            return Ok(targets
                .into_iter()
                .map(|target| Job {
                    target,
                    schedule: schedule.clone(),
                })
                .collect());
        }
        (Budget::Time(_), Some(_)) => return Err(PlanError::ShardedTime),
        (Budget::Games(n), _) => n,
    };
    let whole = Shard { index: 1, count: 1 };
    let numbers = deal(targets.len(), games, shard.unwrap_or(whole));
    Ok(targets
        .into_iter()
        .zip(numbers)
        .filter(|(_, numbers)| !numbers.is_empty())
        .map(|(target, numbers)| Job {
            target,
            schedule: Schedule::Games(numbers),
        })
        .collect())
}

/// The game numbers each of `devices` devices plays in `shard` of a plan of `games` games each:
/// pair i of the order (game, device) goes to shard i mod N.
fn deal(devices: usize, games: u32, shard: Shard) -> Vec<Vec<u32>> {
    let mut numbers = vec![Vec::new(); devices];
    let count = shard.count as usize;
    let pairs = (1..=games).flat_map(|game| (0..devices).map(move |device| (game, device)));
    for (i, (game, device)) in pairs.enumerate() {
        if i % count == shard.index as usize - 1 {
            numbers[device].push(game);
        }
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_refuse_what_is_not_k_of_n() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/2", "3/2", "2", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 1, count: 3 }.to_string(), "1/3");
    }

    #[test]
    fn the_shards_together_are_the_whole_plan_each_pair_once() {
        for (devices, games, count) in [(4, 1, 2), (4, 3, 2), (3, 5, 4), (1, 7, 3), (2, 1, 5)] {
            let whole = deal(devices, games, Shard { index: 1, count: 1 });
            let mut union = vec![Vec::new(); devices];
            for index in 1..=count {
                let part = deal(devices, games, Shard { index, count });
                assert_eq!(
                    part,
                    deal(devices, games, Shard { index, count }),
                    "same split"
                );
                for (all, mine) in union.iter_mut().zip(part) {
                    all.extend(mine);
                }
            }
            for u in &mut union {
                u.sort();
            }
            assert_eq!(union, whole, "{devices} devices x {games} games / {count}");
        }
    }

    #[test]
    fn a_shard_of_a_farm_takes_whole_devices_when_it_can() {
        // 4 phones, 2 shards: phones 1 and 3 play in the first, 2 and 4 in the second.
        let first = deal(4, 2, Shard { index: 1, count: 2 });
        assert_eq!(first, [vec![1, 2], vec![], vec![1, 2], vec![]]);
        // One phone per CI job: the games are dealt instead.
        let one = deal(1, 5, Shard { index: 2, count: 2 });
        assert_eq!(one, [vec![2, 4]]);
    }

    #[test]
    fn a_time_budget_cannot_be_sharded() {
        let budget = Budget::Time(Duration::from_secs(60));
        let shard = Some(Shard { index: 1, count: 2 });
        assert_eq!(
            jobs(Vec::new(), budget, shard).unwrap_err(),
            PlanError::ShardedTime
        );
        let s = Schedule::Until(Duration::from_secs(1));
        assert_eq!(s.game(0, Duration::from_secs(5)), Some(1));
        assert_eq!(s.game(3, Duration::ZERO), Some(4));
        assert_eq!(s.game(3, Duration::from_secs(2)), None);
        assert_eq!(Schedule::Games(vec![2, 4]).left(1), [4]);
    }
}
