//! Where `regress` and `report merge` write a run's reports: JUnit XML, the JSON summary and the
//! self-contained HTML page, each only when asked for.

use crate::exit::{self, Exit};
use autosudoku_agent::regress::report::{html, json, junit};
use autosudoku_agent::regress::RunReport;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct ReportFiles {
    /// Write JUnit XML here (for CI).
    #[arg(long, value_name = "FILE.xml")]
    pub junit: Option<PathBuf>,
    /// Write the JSON summary here.
    #[arg(long = "json-report", value_name = "FILE.json")]
    pub json_report: Option<PathBuf>,
    /// Write the self-contained HTML report here.
    #[arg(long, value_name = "FILE.html")]
    pub html: Option<PathBuf>,
}

impl ReportFiles {
    /// Writes every report asked for; a file that cannot be written is a failure (exit 1).
    pub fn write(&self, report: &RunReport) -> anyhow::Result<()> {
        let failed = |e| exit::with_code(Exit::Failure, e);
        if let Some(p) = &self.junit {
            junit::write(report, p).map_err(failed)?;
        }
        if let Some(p) = &self.json_report {
            json::write(report, p).map_err(failed)?;
        }
        if let Some(p) = &self.html {
            html::write(report, p).map_err(failed)?;
        }
        Ok(())
    }

    /// The reports asked for, with what each is.
    pub fn named(&self) -> [(&Option<PathBuf>, &'static str); 3] {
        [
            (&self.junit, "JUnit XML"),
            (&self.json_report, "JSON summary"),
            (&self.html, "HTML report"),
        ]
    }
}
