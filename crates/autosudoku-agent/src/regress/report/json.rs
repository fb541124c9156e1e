//! The JSON summary (`--json-report FILE`): totals, counts per check, and every device with its
//! cases, phase times and evidence paths, for scripts and dashboards.

use super::ReportError;
use crate::regress::outcome::RunReport;
use serde_json::{json, Value};
use std::path::Path;

/// The summary as a JSON value: the run's own fields plus `ok`, `totals` and per-check counts.
pub fn to_value(run: &RunReport) -> Value {
    let mut v = serde_json::to_value(run).unwrap_or(Value::Null);
    if let Value::Object(o) = &mut v {
        let by_check: serde_json::Map<String, Value> = run
            .by_check()
            .into_iter()
            .map(|(name, counts)| (name, json!(counts)))
            .collect();
        o.insert("ok".into(), json!(run.ok()));
        o.insert("totals".into(), json!(run.counts()));
        o.insert("checks".into(), Value::Object(by_check));
    }
    v
}

pub fn write(run: &RunReport, path: &Path) -> Result<(), ReportError> {
    let text = serde_json::to_string_pretty(&to_value(run)).unwrap_or_default();
    super::write(path, &(text + "\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regress::outcome::sample;

    #[test]
    fn totals_checks_and_devices() {
        let v = to_value(&sample::run());
        assert_eq!(v["ok"], false);
        assert_eq!(v["totals"]["tests"], 8);
        assert_eq!(v["totals"]["failures"], 1);
        assert_eq!(v["checks"]["givens-fixed"]["failures"], 1);
        assert_eq!(v["started"], 1_790_000_000u64);
        let dev = &v["devices"][1];
        assert_eq!(dev["serial"], "emulator-5554");
        assert_eq!(dev["cases"][0]["check"], "givens-fixed");
        assert_eq!(dev["cases"][0]["status"], "failed");
        assert_eq!(dev["cases"][0]["evidence"]["before"], "before.png");
        assert_eq!(v["devices"][0]["phases"]["read"], 1.4);
    }
}
