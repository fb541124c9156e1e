//! `autosudoku read` on a board of another side than 9x9 (4x4 to 16x16): the same report as a
//! 9x9 read, with `read.layout` (size and box shape) and `line` holding N×N characters (`.` for a
//! blank, letters above 9); refused (exit 4) when a cell, the boxes or the rules are in doubt.

use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::vision::sized::{SizedRead, SizedReader};
use image::RgbaImage;
use serde_json::json;
use std::time::Instant;

/// The report of a board of another side on `img`; `None` when none is there (the 9x9 reader's
/// verdict stands).
pub fn report(img: &RgbaImage, from: &str, global: &GlobalArgs) -> Option<anyhow::Result<Exit>> {
    let start = Instant::now();
    let read = SizedReader::default().read(img)?;
    if read.side() == 9 {
        return None;
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let doubt = read.doubt();
    let refused = doubt
        .as_ref()
        .map(|why| exit::with_code(Exit::Unreadable, anyhow::anyhow!("{from}: {why}")));
    let shown = if global.json {
        let mut report = report_json(&read, from, ms, doubt.as_deref());
        if let Some(err) = &refused {
            report["error"] = exit::json_body(err);
        }
        output::line(report)
    } else {
        output::text(report_text(&read))
    };
    Some(match (shown, refused) {
        (Err(e), _) => Err(e.into()),
        (Ok(()), None) => Ok(Exit::Ok),
        (Ok(()), Some(err)) if global.json => Err(exit::printed(err)),
        (Ok(()), Some(err)) => Err(err),
    })
}

fn report_json(read: &SizedRead, from: &str, ms: f64, doubt: Option<&str>) -> serde_json::Value {
    let side = read.side();
    let boxes = read.grid.boxes.map(|b| format!("{}x{}", b.rows, b.cols));
    json!({
        "source": from,
        "certain": doubt.is_none(),
        "line": read.board().to_line(),
        "givens_known": false,
        "givens": null,
        "entered": null,
        "uncertain": read.uncertain(),
        "annotated": null,
        "read": {
            "cells": cells_json(read),
            "geometry": {"xs": read.grid.xs, "ys": read.grid.ys, "cue": "sized-lines"},
            "sanity": {"problems": doubt.into_iter().collect::<Vec<_>>(), "suspects": []},
            "layout": {
                "size": format!("{side}x{side}"),
                "box": boxes,
                "regions": "",
                "cages": "",
                "diagonals": false,
                "windows": false,
                "doubt": doubt,
            },
            "board": read.board().to_line(),
            "keys": read.keys.iter().map(|k| k.0.to_char().to_string()).collect::<String>(),
        },
        "ms": (ms * 10.0).round() / 10.0,
    })
}

/// Each cell: where it is (0-based), its symbol (null when blank) and whether it is certain.
fn cells_json(read: &SizedRead) -> Vec<serde_json::Value> {
    let side = read.side();
    let cells = read.cells.iter().enumerate();
    cells
        .map(|(i, c)| {
            json!({
                "cell": {"row": i / side, "col": i % side},
                "symbol": c.symbol.map(|s| s.to_char().to_string()),
                "certain": c.certain,
            })
        })
        .collect()
}

fn report_text(read: &SizedRead) -> String {
    let side = read.side();
    let line = read.board().to_line();
    let rows: Vec<String> = line
        .as_bytes()
        .chunks(side)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    let boxes = read
        .grid
        .boxes
        .map_or("not seen".to_owned(), |b| format!("{}x{}", b.rows, b.cols));
    format!(
        "board:    {side}x{side}, boxes {boxes}\n{}\nverdict:  {}\n",
        rows.join("\n"),
        read.doubt().unwrap_or_else(|| "certain".to_owned())
    )
}
