//! The walls of the workspace, read from `cargo metadata` (the resolved dependency graph), not from
//! source text: the agent may learn about a phone only through what a real phone offers, so the
//! agent crate's closure (dev-dependencies included) never holds the virtual phone; the phone never
//! holds the agent or Tesseract; the core holds neither, nor any I/O crate.

#[path = "architecture/imports.rs"]
mod imports;
#[path = "architecture/shipped.rs"]
mod shipped;
#[path = "architecture/sizes.rs"]
mod sizes;

use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::process::Command;

/// The resolved graph: package name → (dependency name, its kinds) for every package in the lock.
struct Graph {
    deps: HashMap<String, Vec<(String, Vec<String>)>>,
}

impl Graph {
    fn load() -> Graph {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
        let out = Command::new(cargo)
            .args(["metadata", "--format-version", "1", "--manifest-path"])
            .arg(&manifest)
            .output()
            .expect("cargo metadata runs");
        assert!(
            out.status.success(),
            "cargo metadata: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
        let names: HashMap<&str, &str> = meta["packages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
            .collect();
        let mut deps = HashMap::new();
        for node in meta["resolve"]["nodes"].as_array().unwrap() {
            let edges = node["deps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let kinds = d["dep_kinds"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|k| k["kind"].as_str().unwrap_or("normal").to_string())
                        .collect();
                    (names[d["pkg"].as_str().unwrap()].to_string(), kinds)
                })
                .collect();
            deps.insert(names[node["id"].as_str().unwrap()].to_string(), edges);
        }
        Graph { deps }
    }

    /// Everything `root` builds against: its own dependencies of every kind (dev included), then
    /// their normal and build dependencies, transitively.
    fn closure(&self, root: &str) -> BTreeSet<String> {
        self.walk(root, true)
    }

    /// What the shipped binary of `root` links: normal and build dependencies only.
    fn product(&self, root: &str) -> BTreeSet<String> {
        self.walk(root, false)
    }

    fn walk(&self, root: &str, root_dev: bool) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<(String, bool)> = vec![(root.to_string(), root_dev)];
        while let Some((pkg, dev_counts)) = todo.pop() {
            for (dep, kinds) in self.deps.get(&pkg).into_iter().flatten() {
                let counts = dev_counts || kinds.iter().any(|k| k != "dev");
                if counts && seen.insert(dep.clone()) {
                    todo.push((dep.clone(), false));
                }
            }
        }
        seen
    }
}

fn assert_lacks(graph: &Graph, krate: &str, forbidden: &[&str]) {
    let closure = graph.closure(krate);
    assert!(
        !closure.is_empty(),
        "{krate} has no dependencies in cargo metadata: is it a workspace member?"
    );
    let found: Vec<_> = forbidden.iter().filter(|f| closure.contains(**f)).collect();
    assert!(
        found.is_empty(),
        "{krate} depends (perhaps transitively) on {found:?}"
    );
}

/// adb_client is a second, independent ADB client for the tests (tests/phone_adb/client.rs); the
/// product talks to the adb server through `device/wire.rs`, with our timeouts (README, "Phones
/// and the adb server").
#[test]
fn adb_client_is_only_a_test_dependency() {
    let graph = Graph::load();
    assert!(
        graph.closure("autosudoku").contains("adb_client"),
        "the tests no longer check the virtual phone against adb_client"
    );
    assert!(
        !graph.product("autosudoku").contains("adb_client"),
        "the shipped binary links adb_client"
    );
}

#[test]
fn the_agent_never_depends_on_the_virtual_phone() {
    assert_lacks(
        &Graph::load(),
        "autosudoku-agent",
        &["autosudoku-phone", "autosudoku"],
    );
}

#[test]
fn the_virtual_phone_never_depends_on_the_agent_or_tesseract() {
    let forbidden = [
        "autosudoku-agent",
        "autosudoku",
        "tesseract",
        "tesseract-sys",
        "leptonica-sys",
        "leptonica-plumbing",
    ];
    assert_lacks(&Graph::load(), "autosudoku-phone", &forbidden);
}

#[test]
fn the_core_does_no_io_and_knows_no_one_above_it() {
    let forbidden = [
        "autosudoku-agent",
        "autosudoku-phone",
        "autosudoku",
        "tesseract",
        "image",
        "adb_client",
        "tracing",
    ];
    assert_lacks(&Graph::load(), "autosudoku-core", &forbidden);
}

#[test]
fn all_three_crates_build_on_the_core() {
    let graph = Graph::load();
    for krate in ["autosudoku-agent", "autosudoku-phone", "autosudoku"] {
        assert!(
            graph.closure(krate).contains("autosudoku-core"),
            "{krate} does not use the core"
        );
    }
}

/// `demo` and `phone` start virtual phones; every other subcommand plays a phone it is given.
#[test]
fn only_demo_and_phone_subcommands_use_the_virtual_phone() {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    assert_eq!(
        phone_users(&cli),
        ["demo.rs", "phone.rs"],
        "subcommands that use the virtual phone"
    );
}

/// The Rust files under `dir` and its subfolders that name the virtual phone's crate, relative to
/// `dir` and sorted; panics on a file it cannot read rather than count it as clean.
fn phone_users(dir: &Path) -> Vec<String> {
    let mut users = Vec::new();
    for file in sizes::rust_files(dir) {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if text.contains("autosudoku_phone") {
            let name = file.strip_prefix(dir).unwrap();
            users.push(name.to_string_lossy().into_owned());
        }
    }
    users.sort();
    users
}

#[test]
fn the_phone_user_reader_looks_into_subfolders_and_fails_on_an_unreadable_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("solve/deep")).unwrap();
    std::fs::write(dir.path().join("play.rs"), "use crate::x;\n").unwrap();
    std::fs::write(
        dir.path().join("solve/deep/sim.rs"),
        "use autosudoku_phone::Phone;\n",
    )
    .unwrap();
    assert_eq!(phone_users(dir.path()), ["solve/deep/sim.rs"]);
    // A link to nothing is listed as a file and cannot be read.
    std::os::unix::fs::symlink(dir.path().join("gone.rs"), dir.path().join("solve/lost.rs"))
        .unwrap();
    let read = std::panic::catch_unwind(|| phone_users(dir.path()));
    assert!(read.is_err(), "an unreadable file counted as clean");
}

/// Each crate's files form a tree of imports (tests/architecture/imports.rs says how it is read):
/// a file that imports another which imports it back is one concern cut in two, or a shared piece
/// that wants a leaf of its own.
#[test]
fn no_two_files_import_each_other_but_a_parent_and_its_child() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for krate in [
        "src/lib.rs",
        "src/main.rs",
        "crates/autosudoku-core/src/lib.rs",
        "crates/autosudoku-agent/src/lib.rs",
        "crates/autosudoku-phone/src/lib.rs",
    ] {
        found.extend(imports::mutual_imports(&root.join(krate)));
    }
    assert!(
        found.is_empty(),
        "files that import each other:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_import_reader_sees_a_circle_and_lets_a_parent_and_child_be() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "mod a;\nmod b;\nmod p;\n");
    write("a.rs", "use crate::b::{self, B};\n// use crate::p;\n");
    write(
        "b.rs",
        "pub struct B;\nfn f() { let s = \"crate::p\"; super::a::g(); }\n",
    );
    write("p/mod.rs", "mod c;\nuse c::C;\n");
    write(
        "p/c.rs",
        "pub struct C;\nuse super::D;\n#[cfg(test)]\nmod tests { use super::C; }\n",
    );
    let found = imports::mutual_imports(&dir.path().join("lib.rs"));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("a.rs <-> ") && found[0].ends_with("b.rs"),
        "{found:?}"
    );
}

/// The folders of Rust the project writes.
fn project_sources() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["src", "crates", "tests", "benches", "examples"]
        .iter()
        .flat_map(|dir| sizes::rust_files(&root.join(dir)))
        .collect()
}

#[test]
fn no_function_is_over_80_lines() {
    let mut found = Vec::new();
    for file in project_sources() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, name, lines) in sizes::long_functions(&text, 80) {
            found.push(format!(
                "{}:{line}: fn {name} is {lines} lines",
                file.display()
            ));
        }
    }
    assert!(
        found.is_empty(),
        "split these along their steps:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_comment_in_the_product_cites_an_issue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for file in ["src", "crates"]
        .iter()
        .flat_map(|d| sizes::rust_files(&root.join(d)))
    {
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, comment) in sizes::issue_citations(&text) {
            found.push(format!("{}:{line}: {comment}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "say why instead (history goes to commit messages and docs/notes/):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_size_readers_see_a_long_function_and_an_issue_number() {
    let long = format!(
        "fn long() {{\n{}}}\nfn short() {{ let s = \"{{\"; }}\n",
        "    x();\n".repeat(85)
    );
    let found = sizes::long_functions(&long, 80);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0, found[0].1.as_str(), found[0].2),
        (1, "long", 87)
    );
    let cited = sizes::issue_citations("let a = 1; // as issue 16 measured\n// an issue with #4\n");
    assert_eq!(cited.len(), 1, "{cited:?}");
}

/// The digit sets go through one table (`build.rs`), so the manifest's check and the
/// `--no-shipped-templates` switch see all of them: no source embeds a shipped file itself.
#[test]
fn shipped_data_is_embedded_only_through_the_build_scripts_table() {
    let found: Vec<String> = project_sources()
        .iter()
        .flat_map(|file| {
            let text =
                std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            shipped::embedded_directly(&text)
                .into_iter()
                .map(move |line| format!("{}:{line}", file.display()))
        })
        .collect();
    assert!(
        found.is_empty(),
        "take these from `autosudoku_agent::shipped` instead:\n{}",
        found.join("\n")
    );
    // Put together here, so that this file does not embed one itself.
    let split = format!(
        "//! A file.\nconst I: &[u8] = include_bytes!(\n    \"../{}/icons/undo.png\",\n);",
        "shipped"
    );
    assert_eq!(shipped::embedded_directly(&split), [2]);
    assert!(shipped::embedded_directly("include_str!(\"README.md\")").is_empty());
}

/// Data is held to what code is: nothing shipped is a capture of the virtual phone unless the tests
/// that read with it say so in their names ("shipped"); a test that claims zero-config reading
/// turns the shipped sets off instead. Every profile and template set needs a declared source.
#[test]
fn nothing_shipped_is_a_capture_of_the_virtual_phone_unless_its_tests_say_so() {
    let root = shipped::root();
    let items = shipped::declared(&root);
    let mut paths: Vec<String> = items.iter().map(|i| i.path.clone()).collect();
    paths.sort();
    assert_eq!(
        paths,
        shipped::present(&root),
        "shipped/SOURCES.toml must declare each shipped profile and template set exactly once"
    );
    // The virtual phone's toolbar icons matched its own bitmaps in every run; they do not ship.
    let icons = root.join("templates").join("icons");
    assert!(
        !icons.exists(),
        "{}: toolbar icons must not ship (tests put the phone's in their own template folder: tests/rig/icons.rs)",
        icons.display()
    );
    let skins: Vec<String> = autosudoku_phone::app::SkinName::ALL
        .iter()
        .filter_map(|s| clap::ValueEnum::to_possible_value(s))
        .map(|v| v.get_name().to_owned())
        .collect();
    let sources = project_sources();
    for item in &items {
        let stem = Path::new(&item.path).file_stem().unwrap().to_string_lossy();
        assert!(
            !item.why.trim().is_empty(),
            "{}: say why it ships",
            item.path
        );
        if skins.iter().any(|s| *s == stem) {
            assert_eq!(
                item.source,
                shipped::Source::VirtualPhone,
                "{} is named after a virtual phone skin",
                item.path
            );
        }
        if item.source != shipped::Source::VirtualPhone {
            continue;
        }
        assert!(
            !item.tests.is_empty(),
            "{}: name the tests that read with it",
            item.path
        );
        for test in &item.tests {
            assert!(
                test.contains("shipped"),
                "{}: the test {test} reads with a capture of the virtual phone and must say \"shipped\"",
                item.path
            );
            assert!(
                shipped::test_exists(test, &sources),
                "{}: no test {test}",
                item.path
            );
        }
    }
}
