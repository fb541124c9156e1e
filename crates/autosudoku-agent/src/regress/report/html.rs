//! The HTML report (`--html FILE`): one self-contained page, no server and no network needed — the
//! totals, a table per check, a time chart per phase for every device (inline SVG), and each failure
//! with its message, its screenshots before and after and the annotated read (embedded as base64
//! PNG) and the start of its trace.

use super::ReportError;
use crate::regress::outcome::{Case, DeviceRun, RunReport, Status};
use crate::regress::plan::Shard;
use base64::Engine;
use std::fmt::Write;
use std::path::Path;

/// Phase colours, in chart order; phases not listed come after in grey.
const PHASES: &[(&str, &str)] = &[
    ("capture", "#4e79a7"),
    ("read", "#f28e2b"),
    ("solve", "#e15759"),
    ("plan", "#76b7b2"),
    ("input", "#59a14f"),
    ("verify", "#edc948"),
    ("wait", "#b07aa1"),
    ("status", "#ff9da7"),
    ("new-game", "#9c755f"),
];

/// Trace lines shown under a failure.
const TRACE_LINES: usize = 40;

pub fn to_html(run: &RunReport) -> String {
    let c = run.counts();
    let mut h = String::new();
    let verdict = if run.ok() {
        ("PASSED", "ok")
    } else {
        ("FAILED", "bad")
    };
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>autosudoku regress: {}</title><style>{CSS}</style></head><body>\
         <h1>autosudoku regress <span class=\"badge {}\">{}</span></h1>\
         <p class=\"meta\">{} device(s), {} test(s) in {:.1} s: {c}</p>",
        verdict.0,
        verdict.1,
        verdict.0,
        run.devices.len(),
        c.tests,
        run.elapsed.as_secs_f64(),
    );
    h.push_str(&origin(run));
    h.push_str("<h2>Checks</h2><table><tr><th>check</th><th>passed</th><th>failed</th><th>errors</th><th>skipped</th><th>not run</th></tr>");
    for (name, k) in run.by_check() {
        let cls = if k.failures + k.errors > 0 {
            "bad"
        } else {
            "ok"
        };
        let _ = write!(
            h,
            "<tr class=\"{cls}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&name),
            k.passed,
            k.failures,
            k.errors,
            k.skipped,
            k.not_run
        );
    }
    h.push_str("</table><h2>Time per phase</h2>");
    h.push_str(&chart(&run.devices));
    for d in &run.devices {
        device(&mut h, d);
    }
    h.push_str("</body></html>\n");
    h
}

/// Where the run came from: its host, its shard, or the shards merged and those missing.
fn origin(run: &RunReport) -> String {
    let list = |shards: &[Shard]| {
        shards
            .iter()
            .map(Shard::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut h = format!("<p class=\"meta\">host {}", esc(&run.hostname));
    if let Some(shard) = run.shard {
        let _ = write!(h, " · shard {shard}");
    }
    if !run.merged.is_empty() {
        let _ = write!(h, " · shards merged: {}", list(&run.merged));
    }
    h.push_str("</p>");
    if !run.missing.is_empty() {
        let _ = write!(
            h,
            "<p class=\"stopped\">missing shards: {} (their cases are not in this report)</p>",
            list(&run.missing)
        );
    }
    h
}

pub fn write(run: &RunReport, path: &Path) -> Result<(), ReportError> {
    super::write(path, &to_html(run))
}

/// One horizontal stacked bar per device, seconds per phase, with a legend.
fn chart(devices: &[DeviceRun]) -> String {
    let total = |d: &DeviceRun| d.phases.values().map(|v| v.as_secs_f64()).sum::<f64>();
    let max = devices.iter().map(total).fold(0.0f64, f64::max).max(0.001);
    let (label_w, bar_w, row_h) = (220.0, 640.0, 28.0);
    let height = row_h * devices.len() as f64 + 40.0;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" role=\"img\" aria-label=\"time per phase\">",
        label_w + bar_w + 80.0
    );
    for (i, d) in devices.iter().enumerate() {
        let y = i as f64 * row_h + 4.0;
        let _ = write!(
            s,
            "<text x=\"0\" y=\"{}\" font-size=\"13\">{}</text>",
            y + 15.0,
            esc(&d.serial)
        );
        let mut x = label_w;
        for (name, secs) in ordered(d) {
            let w = secs / max * bar_w;
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"{y}\" width=\"{w:.1}\" height=\"20\" fill=\"{}\"><title>{}: {secs:.2} s</title></rect>",
                colour(&name),
                esc(&name)
            );
            x += w;
        }
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"12\">{:.1} s</text>",
            x + 6.0,
            y + 15.0,
            total(d)
        );
    }
    let mut x = 0.0;
    let y = row_h * devices.len() as f64 + 20.0;
    for (name, colour) in PHASES {
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{colour}\"/><text x=\"{}\" y=\"{y}\" font-size=\"12\">{name}</text>",
            y - 10.0,
            x + 16.0
        );
        x += 96.0;
    }
    s.push_str("</svg>");
    s
}

/// A device's phases in chart order.
fn ordered(d: &DeviceRun) -> Vec<(String, f64)> {
    let rank = |n: &str| {
        PHASES
            .iter()
            .position(|(p, _)| *p == n)
            .unwrap_or(PHASES.len())
    };
    let mut v: Vec<(String, f64)> = d
        .phases
        .iter()
        .map(|(k, v)| (k.clone(), v.as_secs_f64()))
        .collect();
    v.sort_by_key(|(k, _)| rank(k));
    v
}

fn colour(phase: &str) -> &'static str {
    PHASES
        .iter()
        .find(|(p, _)| *p == phase)
        .map_or("#bab0ac", |(_, c)| c)
}

fn device(h: &mut String, d: &DeviceRun) {
    let k = d.counts();
    let _ = write!(
        h,
        "<h2>{}</h2><p class=\"meta\">{}adb server {} · {} game(s) · {:.1} s · {} captures, {} taps, {} keys · {}</p>",
        esc(&d.serial),
        d.model.as_deref().map(|m| format!("{} · ", esc(m))).unwrap_or_default(),
        esc(&d.server),
        d.games,
        d.elapsed.as_secs_f64(),
        d.captures,
        d.taps,
        d.keys,
        k
    );
    if let Some(why) = &d.stopped {
        let _ = write!(h, "<p class=\"stopped\">stopped early: {}</p>", esc(why));
    }
    if let Some(why) = &d.refused {
        let _ = write!(h, "<p class=\"stopped\">not played: {}</p>", esc(why));
    }
    h.push_str(
        "<table><tr><th>game</th><th>check</th><th>status</th><th>time</th><th>message</th></tr>",
    );
    for c in &d.cases {
        let _ = write!(
            h,
            "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{:.2} s</td><td>{}</td></tr>",
            class(c.status),
            c.game,
            c.check.map_or("game", |k| k.name()),
            class(c.status),
            c.duration.as_secs_f64(),
            esc(c.message.as_deref().unwrap_or(""))
        );
    }
    h.push_str("</table>");
    for c in d
        .cases
        .iter()
        .filter(|c| c.status == Status::Failed || !c.evidence.is_empty())
    {
        evidence(h, c);
    }
}

fn evidence(h: &mut String, c: &Case) {
    let _ = write!(
        h,
        "<section class=\"failure\"><h3>{}</h3><p>{}</p><div class=\"shots\">",
        esc(&c.name()),
        esc(c.message.as_deref().unwrap_or(""))
    );
    for (label, path) in [
        ("before", &c.evidence.before),
        ("after", &c.evidence.after),
        ("annotated read", &c.evidence.annotated),
    ] {
        let Some(path) = path else { continue };
        match std::fs::read(path) {
            Ok(bytes) => {
                let _ = write!(
                    h,
                    "<figure><img alt=\"{label}\" src=\"data:image/png;base64,{}\"><figcaption>{label}</figcaption></figure>",
                    base64::engine::general_purpose::STANDARD.encode(bytes)
                );
            }
            Err(e) => {
                let _ = write!(
                    h,
                    "<p>{label}: {} could not be read ({e})</p>",
                    esc(&path.display().to_string())
                );
            }
        }
    }
    h.push_str("</div>");
    facts(h, c);
    if let Some(trace) = c
        .evidence
        .trace
        .as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
    {
        let lines: Vec<&str> = trace.lines().collect();
        let _ = write!(
            h,
            "<details><summary>trace ({} moves)</summary><pre>{}{}</pre></details>",
            lines.len(),
            esc(&lines[..lines.len().min(TRACE_LINES)].join("\n")),
            if lines.len() > TRACE_LINES {
                "\n…"
            } else {
                ""
            }
        );
    }
    h.push_str("</section>");
}

/// The digit typed and its commands, the puzzle dealt and the board seen, as grids a person can
/// compare with the screenshots.
fn facts(h: &mut String, c: &Case) {
    if let Some(t) = &c.typed {
        let _ = write!(
            h,
            "<p>typed {} at {} with: <code>{}</code></p>",
            t.digit,
            t.cell,
            esc(&t.commands.join(" ; "))
        );
    }
    let grids = [("puzzle", &c.puzzle), ("board", &c.board)];
    let shown: Vec<_> = grids
        .iter()
        .filter_map(|(label, line)| Some((label, line.as_ref()?)))
        .collect();
    if shown.is_empty() {
        return;
    }
    h.push_str("<div class=\"shots\">");
    for (label, line) in shown {
        let rows: Vec<String> = line
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).replace('0', "."))
            .collect();
        let _ = write!(
            h,
            "<figure><pre class=\"grid\">{}</pre><figcaption>{label}</figcaption></figure>",
            esc(&rows.join("\n"))
        );
    }
    h.push_str("</div>");
}

fn class(s: Status) -> &'static str {
    match s {
        Status::Passed => "passed",
        Status::Failed => "failed",
        Status::Skipped => "skipped",
        Status::Error => "error",
        Status::NotRun => "not-run",
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const CSS: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}\
h1 .badge{font-size:.6em;padding:.2em .6em;border-radius:.4em;color:#fff;vertical-align:middle}\
.badge.ok{background:#2e7d32}.badge.bad{background:#c62828}.meta{color:#555}\
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ddd;padding:.3em .7em;text-align:left;white-space:nowrap}td:last-child{white-space:normal}\
tr.failed td,tr.bad td{background:#fdecea}tr.error td{background:#fff4e5}tr.skipped td,tr.not-run td{color:#888}\
.stopped{color:#c62828}.failure{border-left:4px solid #c62828;padding:.2em 1em;margin:1em 0}\
.shots{display:flex;gap:1em;flex-wrap:wrap}figure{margin:0}figure img{max-width:300px;border:1px solid #ccc}\
figcaption{text-align:center;color:#555}pre{background:#f6f6f6;padding:.5em;overflow:auto}";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regress::outcome::sample;

    #[test]
    fn one_page_with_chart_failures_and_embedded_screenshots() {
        let dir = tempfile::tempdir().unwrap();
        let png = dir.path().join("before.png");
        image::RgbaImage::from_pixel(4, 4, image::Rgba([255, 0, 0, 255]))
            .save(&png)
            .unwrap();
        let mut run = sample::run();
        run.devices[1].cases[0].evidence.before = Some(png);
        run.devices[1].cases[0].puzzle = Some(format!("53..7{}", ".".repeat(76)));
        run.devices[1].cases[0].typed = Some(crate::regress::outcome::Typed {
            cell: autosudoku_core::sudoku::Cell::new(0, 2).unwrap(),
            digit: 6,
            commands: vec!["input tap 100 200".into()],
        });
        let html = to_html(&run);
        assert!(
            html.contains("<pre class=\"grid\">53..7....\n"),
            "the puzzle as a grid"
        );
        assert!(html.contains("typed 6 at r1c3 with: <code>input tap 100 200</code>"));
        assert!(html.starts_with("<!DOCTYPE html>") && html.contains("FAILED"));
        assert!(html.contains("<svg") && html.contains("read: 1.40 s"));
        assert!(
            html.contains("data:image/png;base64,iVBOR"),
            "screenshot embedded"
        );
        assert!(
            html.contains("changed to 6 by typing 6 on it &lt;&amp;&gt;"),
            "escaped message"
        );
        assert!(
            !html.contains("src=\"http") && !html.contains("<script"),
            "self-contained"
        );
        assert!(html.contains("emulator-5554 game 1 givens-fixed"));
        assert!(html.contains("host ci-runner-3 · shard 2/3"));
    }
}
