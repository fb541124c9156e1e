//! The wall between the agent and the virtual phone: no agent module may name `phone`.
//! The agent may learn about a phone only through what a real phone offers (pixels, shell output).

use std::fs;
use std::path::{Path, PathBuf};

const AGENT_MODULES: &[&str] = &["sudoku", "solve", "device", "vision", "play", "regress"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn agent_modules_never_name_the_virtual_phone() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for module in AGENT_MODULES {
        rust_files(&src.join(module), &mut files);
    }
    assert!(
        !files.is_empty(),
        "no agent sources found under {}",
        src.display()
    );
    let leaks: Vec<String> = files
        .iter()
        .flat_map(|path| {
            let text = fs::read_to_string(path).unwrap_or_default();
            text.lines()
                .enumerate()
                .filter(|(_, line)| {
                    let code = line.split("//").next().unwrap_or("");
                    code.contains("crate::phone") || code.contains("autosudoku::phone")
                })
                .map(|(n, line)| format!("{}:{}: {}", path.display(), n + 1, line.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        leaks.is_empty(),
        "agent code reaches into the virtual phone:\n{}",
        leaks.join("\n")
    );
}
