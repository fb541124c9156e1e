//! One report from many (`autosudoku report merge`): the JSON reports of a plan's shards, or of
//! runs on several hosts, joined into one run that every report format is written from. A device
//! that played in several shards gets one section, its cases in (game, check) order; the merged
//! report names the shards it holds and those of the split that are missing.

use super::outcome::{DeviceRun, RunReport};
use super::plan::Shard;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("cannot read the report {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not a JSON report of `autosudoku regress --json-report`")]
    Parse {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
    #[error("nothing to merge: name the shards' JSON reports")]
    Nothing,
    #[error("shard {shard} is given twice ({first} and {second}): merge each shard once")]
    Twice {
        shard: Shard,
        first: PathBuf,
        second: PathBuf,
    },
    #[error("the reports come from different splits ({a} and {b}): merge the shards of one run")]
    Splits { a: Shard, b: Shard },
    #[error("{path} is not a shard (run without --shard) but {other} is: merge one kind")]
    Mixed { path: PathBuf, other: Shard },
}

/// Reads one JSON report.
pub fn read(path: &Path) -> Result<RunReport, MergeError> {
    let text = std::fs::read_to_string(path).map_err(|source| MergeError::Read {
        path: path.to_owned(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| MergeError::Parse {
        path: path.to_owned(),
        source,
    })
}

/// Reads and merges the reports at `paths`.
pub fn merge_files(paths: &[PathBuf]) -> Result<RunReport, MergeError> {
    let parts = paths
        .iter()
        .map(|p| Ok((p.clone(), read(p)?)))
        .collect::<Result<Vec<_>, MergeError>>()?;
    merge(parts)
}

/// Merges runs (each with the file it came from, for messages).
pub fn merge(parts: Vec<(PathBuf, RunReport)>) -> Result<RunReport, MergeError> {
    let (merged, missing) = shards(&parts)?;
    let started = parts.iter().map(|(_, r)| r.started).min();
    let started = started.ok_or(MergeError::Nothing)?;
    // Shards run side by side: the longest is how long the whole run took.
    let elapsed = parts
        .iter()
        .map(|(_, r)| r.elapsed)
        .max()
        .unwrap_or_default();
    let mut hosts: Vec<String> = parts.iter().map(|(_, r)| r.hostname.clone()).collect();
    hosts.sort();
    hosts.dedup();
    let mut devices: BTreeMap<String, DeviceRun> = BTreeMap::new();
    for (_, run) in parts {
        for d in run.devices {
            match devices.get_mut(&d.serial) {
                Some(seen) => join(seen, d),
                None => {
                    devices.insert(d.serial.clone(), d);
                }
            }
        }
    }
    let mut devices: Vec<DeviceRun> = devices.into_values().collect();
    for d in &mut devices {
        d.cases.sort_by_key(|c| (c.game, c.check));
    }
    let mut run = RunReport::new(started, elapsed, devices);
    run.hostname = hosts.join(", ");
    run.merged = merged;
    run.missing = missing;
    Ok(run)
}

/// The shards the parts are, in order, and those of their split that are missing; unsharded
/// runs (from several hosts) merge too, but not with shards.
fn shards(parts: &[(PathBuf, RunReport)]) -> Result<(Vec<Shard>, Vec<Shard>), MergeError> {
    let first = parts.first().ok_or(MergeError::Nothing)?;
    let Some(count) = parts.iter().find_map(|(_, r)| r.shard).map(|s| s.count) else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut seen: BTreeMap<Shard, &Path> = BTreeMap::new();
    for (path, run) in parts {
        let shard = run.shard.ok_or_else(|| MergeError::Mixed {
            path: path.clone(),
            other: parts
                .iter()
                .find_map(|(_, r)| r.shard)
                .unwrap_or(Shard { index: 1, count }),
        })?;
        if shard.count != count {
            let a = first.1.shard.unwrap_or(shard);
            return Err(MergeError::Splits { a, b: shard });
        }
        if let Some(before) = seen.insert(shard, path) {
            return Err(MergeError::Twice {
                shard,
                first: before.to_owned(),
                second: path.clone(),
            });
        }
    }
    let missing = (1..=count)
        .map(|index| Shard { index, count })
        .filter(|s| !seen.contains_key(s))
        .collect();
    Ok((seen.into_keys().collect(), missing))
}

/// Adds a later shard's part of one device to what earlier shards had.
fn join(into: &mut DeviceRun, more: DeviceRun) {
    if !into.server.split(", ").any(|s| s == more.server) {
        into.server = format!("{}, {}", into.server, more.server);
    }
    into.model = into.model.take().or(more.model);
    into.games += more.games;
    into.cases.extend(more.cases);
    for (phase, d) in more.phases {
        into.add_phase(&phase, d);
    }
    into.captures += more.captures;
    into.taps += more.taps;
    into.keys += more.keys;
    into.elapsed += more.elapsed;
    into.stopped = joined(into.stopped.take(), more.stopped);
    into.refused = joined(into.refused.take(), more.refused);
}

/// Two shards' reasons for one device, both kept.
fn joined(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regress::outcome::sample;
    use crate::regress::report::json;

    /// The sample run split in two shards of 3 by device, read back from their JSON.
    fn parts() -> Vec<(PathBuf, RunReport)> {
        let whole = sample::run();
        (0..2)
            .map(|i| {
                let mut part = whole.clone();
                part.devices = vec![whole.devices[i].clone()];
                part.shard = Some(Shard {
                    index: i as u32 + 1,
                    count: 3,
                });
                let text = json::to_value(&part).to_string();
                let back: RunReport = serde_json::from_str(&text).unwrap();
                (PathBuf::from(format!("shard-{}.json", i + 1)), back)
            })
            .collect()
    }

    #[test]
    fn shards_merge_into_the_whole_run_and_the_missing_one_is_named() {
        let whole = sample::run();
        let merged = merge(parts()).unwrap();
        assert_eq!(merged.counts(), whole.counts());
        assert_eq!(merged.by_check(), whole.by_check());
        let names = |r: &RunReport| {
            r.devices
                .iter()
                .flat_map(|d| {
                    d.cases
                        .iter()
                        .map(|c| (c.name(), c.status, c.message.clone()))
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&merged), names(&whole));
        assert_eq!(
            merged.devices[1].cases[0].evidence,
            whole.devices[1].cases[0].evidence
        );
        assert_eq!(merged.missing, [Shard { index: 3, count: 3 }]);
        assert_eq!(merged.merged.len(), 2);
        assert!(!merged.ok());
    }

    #[test]
    fn one_device_in_two_shards_gets_one_section() {
        let mut parts = parts();
        let serial = parts[0].1.devices[0].serial.clone();
        parts[1].1.devices[0].serial = serial.clone();
        for c in &mut parts[1].1.devices[0].cases {
            c.device = serial.clone();
        }
        let merged = merge(parts).unwrap();
        assert_eq!(merged.devices.len(), 1);
        assert_eq!(merged.devices[0].games, 3);
        assert!(merged.devices[0].server.contains(", "));
    }

    #[test]
    fn the_same_shard_twice_or_two_splits_are_refused() {
        let mut twice = parts();
        twice[1].1.shard = twice[0].1.shard;
        assert!(matches!(merge(twice), Err(MergeError::Twice { .. })));
        let mut splits = parts();
        splits[1].1.shard = Some(Shard { index: 2, count: 2 });
        assert!(matches!(merge(splits), Err(MergeError::Splits { .. })));
        let mut mixed = parts();
        mixed[1].1.shard = None;
        assert!(matches!(merge(mixed), Err(MergeError::Mixed { .. })));
        assert!(matches!(merge(Vec::new()), Err(MergeError::Nothing)));
    }
}
