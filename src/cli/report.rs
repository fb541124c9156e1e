//! `autosudoku report merge`: the JSON reports of a plan's shards (`regress --shard K/N`, one per
//! CI job) or of runs on several hosts, merged into one JUnit XML, JSON and HTML report.

use crate::cli::report_files::ReportFiles;
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::regress::merge;
use autosudoku_agent::regress::report::json;
use autosudoku_agent::regress::RunReport;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ReportArgs {
    #[command(subcommand)]
    pub action: ReportAction,
}

#[derive(Debug, Subcommand)]
pub enum ReportAction {
    /// Merge `regress --json-report` files (the shards of one plan, or runs on several hosts) into
    /// one report: totals, per-check tables, per-device sections, failures with their evidence.
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The JSON reports to merge.
    #[arg(value_name = "FILE.json", required = true)]
    pub reports: Vec<PathBuf>,
    #[command(flatten)]
    pub files: ReportFiles,
}

pub fn run(args: ReportArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let ReportAction::Merge(args) = args.action;
    let report = merge::merge_files(&args.reports).map_err(|e| exit::with_code(Exit::Usage, e))?;
    args.files.write(&report)?;
    if global.json {
        output::line(json::to_value(&report))?;
    }
    if !global.quiet {
        summary(&report, args.reports.len());
    }
    Ok(if report.ok() { Exit::Ok } else { Exit::Failure })
}

fn summary(report: &RunReport, files: usize) {
    let c = report.counts();
    eprintln!(
        "report merge: {files} report(s), {} test(s) on {} device(s): {c}",
        c.tests,
        report.devices.len()
    );
    if !report.missing.is_empty() {
        let missing: Vec<String> = report.missing.iter().map(ToString::to_string).collect();
        eprintln!(
            "  missing shards: {} (their cases are not in this report)",
            missing.join(", ")
        );
    }
}
