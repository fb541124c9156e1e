//! How a run's values are written into the JSON report and read back from it (`report merge`):
//! durations as seconds to the millisecond, the start as Unix seconds, cells as users name them
//! ("r1c1"); and the name of the machine the run is on.

use autosudoku_core::sudoku::Cell;
use serde::{Deserialize, Deserializer, Serializer};
use std::collections::BTreeMap;
use std::time::{Duration, SystemTime};

fn rounded(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}

fn duration<E: serde::de::Error>(secs: f64) -> Result<Duration, E> {
    Duration::try_from_secs_f64(secs).map_err(|_| E::custom(format!("{secs} is not a duration")))
}

pub mod secs {
    use super::*;

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(rounded(*d))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        duration(f64::deserialize(d)?)
    }
}

pub mod phase_secs {
    use super::*;

    pub fn serialize<S: Serializer>(
        p: &BTreeMap<String, Duration>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_map(p.iter().map(|(k, v)| (k, rounded(*v))))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<String, Duration>, D::Error> {
        BTreeMap::<String, f64>::deserialize(d)?
            .into_iter()
            .map(|(k, v)| Ok((k, duration(v)?)))
            .collect()
    }
}

pub mod unix_secs {
    use super::*;

    pub fn serialize<S: Serializer>(t: &SystemTime, s: S) -> Result<S::Ok, S::Error> {
        let secs = t
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_secs();
        s.serialize_u64(secs)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SystemTime, D::Error> {
        Ok(SystemTime::UNIX_EPOCH + Duration::from_secs(u64::deserialize(d)?))
    }
}

pub mod cell_names {
    use super::*;

    pub fn serialize<S: Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(cells.iter().map(Cell::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Cell>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|name| {
                parse_cell(name)
                    .ok_or_else(|| serde::de::Error::custom(format!("{name:?} is not a cell")))
            })
            .collect()
    }
}

pub mod cell_name {
    use super::*;

    pub fn serialize<S: Serializer>(cell: &Cell, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(cell)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let name = String::deserialize(d)?;
        parse_cell(&name).ok_or_else(|| serde::de::Error::custom(format!("{name:?} is not a cell")))
    }
}

/// "r3c7" as a cell.
fn parse_cell(name: &str) -> Option<Cell> {
    let (r, c) = name.strip_prefix('r')?.split_once('c')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    Cell::new(r.checked_sub(1)?, c.checked_sub(1)?)
}

/// This machine's name, for reports that CI tools group by host.
pub fn hostname() -> String {
    let from_kernel = std::fs::read_to_string("/proc/sys/kernel/hostname").ok();
    let from_env = || std::env::var("HOSTNAME").ok();
    let from_command = || {
        let out = std::process::Command::new("hostname").output().ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    from_kernel
        .or_else(from_env)
        .or_else(from_command)
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_back_as_written() {
        for cell in Cell::all() {
            assert_eq!(parse_cell(&cell.to_string()), Some(cell));
        }
        assert_eq!(parse_cell("r0c1"), None);
        assert_eq!(parse_cell("r10c1"), None);
        assert!(!hostname().is_empty());
    }
}
