//! JUnit XML with `quick-junit`: one test suite per device, one test case per check per game,
//! named with the device so merged results stay apart in CI; failures carry the message and the
//! evidence files, errors the reason the check could not run.

use super::ReportError;
use crate::regress::outcome::{Case, RunReport, Status};
use crate::regress::plan::Shard;
use chrono::{DateTime, FixedOffset, Utc};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::path::Path;
use std::time::SystemTime;

/// The XML for a run.
pub fn to_xml(run: &RunReport) -> Result<String, ReportError> {
    let mut report = Report::new("autosudoku regress");
    report.set_time(run.elapsed);
    let started = timestamp(run.started);
    report.set_timestamp(started);
    for device in &run.devices {
        let mut suite = TestSuite::new(device.serial.as_str());
        suite.set_time(device.elapsed);
        suite.set_timestamp(started);
        suite
            .extra
            .insert("hostname".into(), run.hostname.as_str().into());
        for (name, value) in shard_properties(run) {
            suite.add_property((name, value.as_str()));
        }
        suite.add_property(("adb-server", device.server.as_str()));
        if let Some(model) = &device.model {
            suite.add_property(("model", model.as_str()));
        }
        if let Some(why) = &device.stopped {
            suite.set_system_err(why.as_str());
        }
        suite.add_test_cases(device.cases.iter().map(case));
        report.add_test_suite(suite);
    }
    report
        .to_string()
        .map_err(|e| ReportError::Junit(e.to_string()))
}

pub fn write(run: &RunReport, path: &Path) -> Result<(), ReportError> {
    super::write(path, &to_xml(run)?)
}

/// A run's start as JUnit writes it (RFC 3339, UTC).
fn timestamp(t: SystemTime) -> DateTime<FixedOffset> {
    DateTime::<Utc>::from(t).fixed_offset()
}

/// `shard` (K/N) for a shard's run; `shards` merged and `missing-shards` for a merged one.
fn shard_properties(run: &RunReport) -> Vec<(&'static str, String)> {
    let list = |shards: &[Shard]| {
        shards
            .iter()
            .map(Shard::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut props = Vec::new();
    if let Some(shard) = run.shard {
        props.push(("shard", shard.to_string()));
    }
    if !run.merged.is_empty() {
        props.push(("shards", list(&run.merged)));
    }
    if !run.missing.is_empty() {
        props.push(("missing-shards", list(&run.missing)));
    }
    props
}

fn case(c: &Case) -> TestCase {
    let mut status = match c.status {
        Status::Passed => TestCaseStatus::success(),
        // JUnit has no "not run": a skip whose message says why (Ctrl-C) is what CI tools show.
        Status::Skipped | Status::NotRun => TestCaseStatus::skipped(),
        Status::Failed => TestCaseStatus::non_success(NonSuccessKind::Failure),
        Status::Error => TestCaseStatus::non_success(NonSuccessKind::Error),
    };
    if let Some(m) = &c.message {
        status.set_message(m.as_str());
    }
    let files: Vec<String> = [
        ("before", &c.evidence.before),
        ("after", &c.evidence.after),
        ("annotated", &c.evidence.annotated),
        ("trace", &c.evidence.trace),
    ]
    .iter()
    .filter_map(|(k, p)| p.as_ref().map(|p| format!("{k}: {}", p.display())))
    .collect();
    if !files.is_empty() && c.status != Status::Passed {
        status.set_description(files.join("\n"));
    }
    let mut tc = TestCase::new(c.name(), status);
    tc.set_classname(format!(
        "autosudoku.regress.{}",
        c.check.map_or("game", |k| k.name())
    ));
    tc.set_time(c.duration);
    tc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regress::outcome::sample;

    #[test]
    fn the_xml_parses_back_with_matching_counts() {
        let run = sample::run();
        let xml = to_xml(&run).unwrap();
        let back = Report::deserialize_from_str(&xml).expect("valid JUnit XML");
        assert_eq!(back.test_suites.len(), 2);
        let counts = run.counts();
        assert_eq!(back.tests, counts.tests);
        assert_eq!(back.failures, counts.failures);
        assert_eq!(back.errors, counts.errors);
        let b = &back.test_suites[1];
        assert_eq!(b.name.as_str(), "emulator-5554");
        assert_eq!(
            b.timestamp.map(|t| t.timestamp()),
            Some(1_790_000_000),
            "CI tools group suites by their start"
        );
        assert_eq!(
            b.extra.get("hostname").map(|h| h.as_str()),
            Some("ci-runner-3")
        );
        let shard = b.properties.iter().find(|p| p.name.as_str() == "shard");
        assert_eq!(shard.map(|p| p.value.as_str()), Some("2/3"));
        assert_eq!((b.tests, b.failures, b.errors), (2, 1, 1));
        let failed = &b.test_cases[0];
        assert_eq!(failed.name.as_str(), "emulator-5554 game 1 givens-fixed");
        match &failed.status {
            TestCaseStatus::NonSuccess {
                kind,
                message,
                description,
                ..
            } => {
                assert_eq!(*kind, NonSuccessKind::Failure);
                assert!(message.as_ref().unwrap().as_str().contains("<&>"));
                assert!(description
                    .as_ref()
                    .unwrap()
                    .as_str()
                    .contains("before.png"));
            }
            other => panic!("{other:?}"),
        }
        let skipped = back.test_suites[0]
            .test_cases
            .iter()
            .filter(|c| matches!(c.status, TestCaseStatus::Skipped { .. }))
            .count();
        assert_eq!(skipped, counts.skipped);
    }
}
