//! `autosudoku regress` end to end: several virtual phones at once through real adb servers (a
//! second one reached with --adb-server), a clean app passing every check, a phone killed mid-run
//! leaving the others to finish, and phones started with deliberate bugs failing exactly the checks
//! that catch them. Reports are read back: the JUnit XML parsed with quick-junit, counts compared
//! with the JSON summary, the HTML checked for embedded screenshots.

mod rig;

use autosudoku_phone::app::{Event, Grader, Logged};
use autosudoku_phone::PhoneHandle;
use quick_junit::Report;
use rig::{run_with_timeout, text, AdbServer};
use serde_json::Value;
use std::path::Path;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::Duration;

/// An in-process virtual phone running the app the flags describe, connected to `server`.
fn phone(server: &AdbServer, app_flags: &[&str]) -> PhoneHandle {
    rig::game::start_app(server, rig::game::app(app_flags), "")
}

fn regress(dir: &Path, server: &AdbServer, args: &[&str]) -> Output {
    run_with_timeout(
        &mut regress_command(dir, server, args),
        Duration::from_secs(240),
    )
}

/// `autosudoku regress ARGS` on `server`, writing its three reports and artifacts into `dir`.
fn regress_command(dir: &Path, server: &AdbServer, args: &[&str]) -> Command {
    let mut cmd = rig::game::autosudoku(server, &dir.join("home"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("regress")
        .args(["--input", "shell", "--device-timeout", "3"])
        .arg("--junit")
        .arg(dir.join("report.xml"))
        .arg("--json-report")
        .arg(dir.join("report.json"))
        .arg("--html")
        .arg(dir.join("report.html"))
        .arg("--artifacts")
        .arg(dir.join("artifacts"))
        .args(args);
    cmd
}

/// The JSON summary, after checking that the JUnit XML parses and its counts agree with it.
fn reports(dir: &Path) -> Value {
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("report.json")).unwrap()).unwrap();
    let xml = std::fs::read_to_string(dir.join("report.xml")).unwrap();
    let junit = Report::deserialize_from_str(&xml).expect("JUnit XML that quick-junit parses");
    assert_eq!(
        junit.tests as u64,
        json["totals"]["tests"].as_u64().unwrap()
    );
    assert_eq!(
        junit.failures as u64,
        json["totals"]["failures"].as_u64().unwrap()
    );
    assert_eq!(
        junit.errors as u64,
        json["totals"]["errors"].as_u64().unwrap()
    );
    assert_eq!(
        junit.test_suites.len(),
        json["devices"].as_array().unwrap().len()
    );
    for suite in &junit.test_suites {
        for case in &suite.test_cases {
            assert!(
                case.name.as_str().starts_with(suite.name.as_str()),
                "device in the test name: {:?}",
                case.name
            );
        }
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("Time per phase"));
    json
}

/// The report's entry for the device `serial`.
fn device<'j>(json: &'j Value, serial: &str) -> &'j Value {
    json["devices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["serial"] == serial)
        .unwrap_or_else(|| panic!("{serial} in the report"))
}

/// Status per check of one device: {"givens-fixed": "failed", ...}.
fn statuses(json: &Value, serial: &str) -> Vec<(String, String)> {
    device(json, serial)["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                format!("{}:{}", c["game"], c["check"].as_str().unwrap_or("game")),
                c["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The cases on `serial` that failed or errored: `["1:givens-fixed=failed"]`.
fn failed(json: &Value, serial: &str) -> Vec<String> {
    statuses(json, serial)
        .into_iter()
        .filter(|(_, s)| s != "passed" && s != "skipped")
        .map(|(c, s)| format!("{c}={s}"))
        .collect()
}

/// The cases on `serial` that did not pass, skipped ones included, each with its message: a clean
/// phone whose skin shows everything the checks read has none, so a check that judged nothing
/// cannot pass for one.
fn not_passed(json: &Value, serial: &str) -> Vec<String> {
    device(json, serial)["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] != "passed")
        .map(|c| {
            let field = |key: &str, none: &'static str| c[key].as_str().unwrap_or(none).to_owned();
            let (check, status) = (field("check", "game"), field("status", "?"));
            format!("{}:{check}={status} ({})", c["game"], field("message", ""))
        })
        .collect()
}

/// A virtual phone on the classic skin with one deliberate `bug`. A high mistake limit: dropped
/// taps put digits in wrong cells, which the app counts.
fn buggy_phone(server: &AdbServer, bug: &str) -> PhoneHandle {
    let common = ["--skin", "classic", "--mistake-limit", "30", "--seed", "3"];
    phone(server, &[&common[..], &["--bug", bug]].concat())
}

/// Each device failed exactly its check, and every other check ran and passed (the counter and
/// timer are read on the classic skin).
fn assert_each_fails_only(json: &Value, out: &Output, expected: &[(String, &str)]) {
    for (serial, check) in expected {
        assert_eq!(
            failed(json, serial),
            [format!("1:{check}=failed")],
            "{}",
            text(out)
        );
        let passed = statuses(json, serial)
            .iter()
            .filter(|(_, s)| s == "passed")
            .count();
        assert_eq!(passed, 5, "{serial}: {:?}", statuses(json, serial));
    }
}

/// The report's case of `check` on the device `serial`.
fn case<'j>(json: &'j Value, serial: &str, check: &str) -> &'j Value {
    device(json, serial)["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["check"] == check)
        .unwrap_or_else(|| panic!("{check} on {serial}"))
}

/// A failure names the given cell it is about, typed, not only in its message, and keeps its
/// screenshots, embedded in the HTML report.
fn assert_failure_names_its_cell_and_keeps_evidence(case: &Value, dir: &Path) {
    let cells = case["cells"]
        .as_array()
        .unwrap_or_else(|| panic!("cells: {case}"));
    assert_eq!(cells.len(), 1, "{case}");
    assert!(
        case["message"]
            .as_str()
            .unwrap()
            .contains(cells[0].as_str().unwrap()),
        "{case}"
    );
    for key in ["before", "after", "annotated"] {
        let path = case["evidence"][key]
            .as_str()
            .unwrap_or_else(|| panic!("evidence {key}: {case}"));
        assert!(Path::new(path).is_file(), "{path}");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.matches("data:image/png;base64,").count() >= 3);
    let board = case["board"]
        .as_str()
        .unwrap_or_else(|| panic!("board: {case}"));
    assert_eq!(board.len(), 81, "{case}");
    assert!(
        html.contains("<pre class=\"grid\">"),
        "the board in the HTML"
    );
}

/// The failure of `case` as the HTML report shows it, all a person needs to check it without a
/// phone: the screenshots before and after with its cell boxed in red, the digit typed and the
/// commands that carried it (when `typed`: checks that judge a digit they typed), the board and,
/// once it could be read (not for puzzle-valid), the puzzle as grids.
fn assert_html_shows_the_failure(case: &Value, dir: &Path, typed: bool) {
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    let cell = case["cells"][0]
        .as_str()
        .unwrap_or_else(|| panic!("{case}"));
    let check = case["check"].as_str().unwrap();
    let section = html
        .split("<section class=\"failure\">")
        .skip(1)
        .map(|s| s.split("</section>").next().unwrap_or(s))
        .find(|s| s.contains(check) && s.contains(cell))
        .unwrap_or_else(|| panic!("no failure section for {check} at {cell} in the HTML"));
    let puzzle = (check != "puzzle-valid").then_some("<figcaption>puzzle</figcaption>");
    for part in [
        "alt=\"before\" src=\"data:image/png;base64,",
        "alt=\"after\" src=\"data:image/png;base64,",
        "<figcaption>board</figcaption>",
    ]
    .into_iter()
    .chain(puzzle)
    {
        assert!(
            section.contains(part),
            "{check}: {part} missing in {section:.300}"
        );
    }
    if typed {
        let (digit, at) = (&case["typed"]["digit"], &case["typed"]["cell"]);
        let (digit, at) = (digit.as_u64(), at.as_str());
        let (digit, at) = digit.zip(at).unwrap_or_else(|| panic!("{case}"));
        assert!(
            section.contains(&format!("typed {digit} at {at} with: <code>input ")),
            "{check}: {section:.2000}"
        );
    }
    // The red box round the cell (`vision::annotate::mark_cells`) on both pictures.
    for key in ["before", "after"] {
        let path = case["evidence"][key].as_str().unwrap();
        let img = image::open(path).unwrap().to_rgba8();
        let red = img.pixels().filter(|p| p.0[..3] == [230, 0, 40]).count();
        assert!(
            red > 40,
            "{check}: {key} has no cell marked ({red} red pixels)"
        );
    }
}

/// A failure about a typed digit carries the digit, its cell and the device commands that carried
/// it (typed by a check, by play's fill, or the fill's last digit the app answered too early).
fn assert_failure_names_what_was_typed(case: &Value) {
    let commands = case["typed"]["commands"].as_array();
    assert!(commands.is_some_and(|c| !c.is_empty()), "{case}");
    assert!(case["typed"]["digit"].as_u64().is_some(), "{case}");
    let puzzle = case["puzzle"]
        .as_str()
        .unwrap_or_else(|| panic!("puzzle: {case}"));
    assert_eq!(puzzle.len(), 81, "{case}");
}

#[test]
fn buggy_phones_each_fail_exactly_their_check_on_two_adb_servers() {
    let first = AdbServer::start();
    let second = AdbServer::start();
    let early = buggy_phone(&first, "solved-early");
    let givens = buggy_phone(&first, "given-overwrite");
    let drops = buggy_phone(&second, "drop-taps");
    let uncounted = buggy_phone(&second, "mistakes-uncounted");
    let dir = tempfile::tempdir().unwrap();
    let out = regress(
        dir.path(),
        &first,
        &[
            "--device",
            "all",
            "--adb-server",
            &format!("127.0.0.1:{}", second.port()),
            "--games",
            "1",
            // No profile: each app is learned with play's input-style probe, which must not type
            // into a given even where the given-overwrite bug would take it.
            "--check-mistakes",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "a failed check exits 1: {}",
        text(&out)
    );
    let json = reports(dir.path());
    assert_eq!(
        json["devices"].as_array().unwrap().len(),
        4,
        "both servers' phones: {}",
        text(&out)
    );
    assert_each_fails_only(
        &json,
        &out,
        &[
            (early.serial(), "solved-when-complete"),
            (givens.serial(), "givens-fixed"),
            (drops.serial(), "digits-land"),
            (uncounted.serial(), "mistakes-counted"),
        ],
    );
    let overwritten = case(&json, &givens.serial(), "givens-fixed");
    assert_failure_names_its_cell_and_keeps_evidence(overwritten, dir.path());
    for (phone, check) in [
        (&early, "solved-when-complete"),
        (&givens, "givens-fixed"),
        (&drops, "digits-land"),
        (&uncounted, "mistakes-counted"),
    ] {
        let failed = case(&json, &phone.serial(), check);
        assert_failure_names_what_was_typed(failed);
        assert_html_shows_the_failure(failed, dir.path(), true);
    }
}

/// A phone whose app the test holds the grader of, to see what was typed.
fn graded_phone(server: &AdbServer, app_flags: &[&str]) -> (PhoneHandle, Grader) {
    let app = rig::game::app(app_flags);
    let grader = app.grader();
    (rig::game::start_app(server, app, ""), grader)
}

#[test]
fn the_matrix_in_short_on_variants_judges_x_hyper_and_killer_by_their_rules_and_refuses_the_rest_untouched(
) {
    // Part of scripts/regress-matrix's variant rows: X clean; hyper, whose windows are a paper of
    // their own under givens and blanks alike, with a given the app lets be overwritten.
    let server = AdbServer::start();
    let x = phone(&server, &["--skin", "x", "--seed", "3"]);
    let hyper = phone(
        &server,
        &[
            "--skin",
            "hyper",
            "--seed",
            "3",
            "--mistake-limit",
            "30",
            "--bug",
            "given-overwrite",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let args = ["--device", "all", "--games", "1", "--check-mistakes"];
    let out = regress(dir.path(), &server, &args);
    let json = reports(dir.path());
    assert_eq!(
        not_passed(&json, &x.serial()),
        Vec::<String>::new(),
        "{}",
        text(&out)
    );
    assert_eq!(statuses(&json, &x.serial()).len(), 6, "{}", text(&out));
    assert_eq!(
        failed(&json, &hyper.serial()),
        ["1:givens-fixed=failed"],
        "{}",
        text(&out)
    );
    // A killer is judged by the cages read from its pixels; a board of another side is not read
    // by regress yet: one error, nothing typed, exit 4 as play's refusal, one JSON object.
    drop((x, hyper));
    let killer = phone(&server, &["--skin", "killer", "--seed", "3"]);
    let unread: Vec<(PhoneHandle, Grader)> = ["12x12"]
        .iter()
        .map(|skin| graded_phone(&server, &["--skin", skin, "--seed", "3"]))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let out = regress(
        dir.path(),
        &server,
        &["--device", "all", "--games", "1", "--json"],
    );
    assert_eq!(out.status.code(), Some(4), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let line: Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!(statuses(&line, &killer.serial()).len(), 6, "{}", text(&out));
    assert!(failed(&line, &killer.serial()).is_empty(), "{}", text(&out));
    for (phone, grader) in &unread {
        refused_untouched(&line, &out, phone, grader);
    }
}

/// `phone`'s one case in the report `line` is the game's error, refused with nothing typed, and
/// its app shows the givens alone.
fn refused_untouched(line: &Value, out: &Output, phone: &PhoneHandle, grader: &Grader) {
    let serial = phone.serial();
    assert_eq!(
        statuses(line, &serial),
        [("1:game".to_owned(), "error".to_owned())],
        "{}",
        text(out)
    );
    let refused = device(line, &serial)["refused"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    assert!(refused.contains("typed nothing"), "{refused}");
    assert_eq!(
        grader.grid(),
        grader.given_grid(),
        "{serial}: a digit was typed"
    );
}

#[test]
fn the_matrix_in_short_digit_first_and_key_skins_pass_clean_and_catch_their_bug() {
    // The short form of scripts/regress-matrix: the skins the checks used to type wrongly on
    // (digit-first, hardware keys) with no bug, and two bugs on digit-first skins.
    let server = AdbServer::start();
    let clean: Vec<PhoneHandle> = [("paper", "3"), ("edge", "4"), ("keys", "5")]
        .iter()
        .map(|(skin, seed)| phone(&server, &["--skin", skin, "--seed", seed]))
        .collect();
    let bug = |skin: &str, bug: &str| {
        let flags = [
            "--skin",
            skin,
            "--seed",
            "3",
            "--mistake-limit",
            "30",
            "--bug",
            bug,
        ];
        phone(&server, &flags)
    };
    let early = bug("paper", "solved-early");
    let smudged = bug("edge", "smudged-given");
    let dir = tempfile::tempdir().unwrap();
    let out = regress(
        dir.path(),
        &server,
        &["--device", "all", "--games", "1", "--check-mistakes"],
    );
    let json = reports(dir.path());
    // Every check passes on paper and edge. The keys skin's monospaced status line ("Mistakes: 0",
    // "00:15") is not read reliably yet (docs/notes/test-honesty.md): its two status checks may
    // be skipped there, never failed.
    let unread = ["mistakes-counted=skipped", "timer-moves=skipped"];
    for (p, skin) in clean.iter().zip(["paper", "edge", "keys"]) {
        let missing: Vec<String> = not_passed(&json, &p.serial())
            .into_iter()
            .filter(|c| skin != "keys" || !unread.iter().any(|u| c.contains(u)))
            .collect();
        assert_eq!(missing, Vec::<String>::new(), "{skin}: {}", text(&out));
        assert_eq!(statuses(&json, &p.serial()).len(), 6, "{}", text(&out));
    }
    assert_eq!(
        failed(&json, &early.serial()),
        ["1:solved-when-complete=failed"],
        "{}",
        text(&out)
    );
    assert_eq!(
        failed(&json, &smudged.serial()),
        ["1:puzzle-valid=failed"],
        "{}",
        text(&out)
    );
    // On a digit-first app too, the digit the app answered too early and what carried it.
    let declared = case(&json, &early.serial(), "solved-when-complete");
    assert_failure_names_what_was_typed(declared);
    assert_html_shows_the_failure(declared, dir.path(), true);
    let unreadable = case(&json, &smudged.serial(), "puzzle-valid");
    assert_failure_names_its_cell_and_keeps_evidence(unreadable, dir.path());
    assert_html_shows_the_failure(unreadable, dir.path(), false);
}

#[test]
fn clean_phones_pass_and_a_phone_killed_mid_run_leaves_the_others_to_finish() {
    let server = AdbServer::start();
    let classic = phone(&server, &["--skin", "classic", "--seed", "5"]);
    let compact = phone(&server, &["--skin", "compact", "--seed", "6"]);
    let app = rig::game::app(&["--skin", "classic", "--seed", "7"]);
    let grader = app.grader();
    let doomed = rig::game::start_app(&server, app, "");
    let doomed_serial = doomed.serial();
    // Killed once game 2 is under way: its new game started and a digit typed in it.
    let killer = std::thread::spawn(move || {
        rig::wait_until(Duration::from_secs(200), "a digit typed in game 2", || {
            digits_after_new_game(&grader) > 0
        });
        doomed.drop_connections();
        doomed.stop();
    });
    let dir = tempfile::tempdir().unwrap();
    let out = regress(
        dir.path(),
        &server,
        &[
            "-s",
            &classic.serial(),
            "-s",
            &compact.serial(),
            "-s",
            &doomed_serial,
            "--games",
            "2",
            "--check-mistakes",
        ],
    );
    killer.join().unwrap();
    assert_eq!(
        out.status.code(),
        Some(3),
        "a lost device and no failed check exits 3: {}",
        text(&out)
    );
    let json = reports(dir.path());
    for serial in [classic.serial(), compact.serial()] {
        assert_eq!(
            not_passed(&json, &serial),
            Vec::<String>::new(),
            "{serial}: {}",
            text(&out)
        );
        let played = statuses(&json, &serial);
        assert_eq!(played.len(), 12, "two games of six checks: {played:?}");
    }
    let lost = failed(&json, &doomed_serial);
    assert!(
        lost.iter()
            .any(|c| c.starts_with("2:") && c.ends_with("=error")),
        "the killed phone's last game is an error: {lost:?}"
    );
    let dev = device(&json, &doomed_serial);
    assert!(dev["stopped"].as_str().is_some(), "{dev}");
    for m in messages(&json) {
        assert!(!m.contains("autosudoku play"), "regress is not play: {m}");
    }
    assert_eq!(
        empty_folders(&dir.path().join("artifacts")),
        Vec::<PathBuf>::new(),
        "passing games leave no folders"
    );
}

/// Digits the app took since its last "New game" (0 before any).
fn digits_after_new_game(grader: &Grader) -> usize {
    let events = grader.events();
    events
        .iter()
        .rposition(|l| matches!(l.event, Event::NewGame { .. }))
        .map_or(0, |start| digits_typed(&events[start..]))
}

/// How many digits the app took in `events`.
fn digits_typed(events: &[Logged]) -> usize {
    events
        .iter()
        .filter(|l| matches!(l.event, Event::DigitEntered { .. }))
        .count()
}

/// The folders under `dir` that hold nothing.
fn empty_folders(dir: &Path) -> Vec<PathBuf> {
    let mut empty = Vec::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(d) = todo.pop() {
        let entries: Vec<PathBuf> = match std::fs::read_dir(&d) {
            Ok(rd) => rd.map(|e| e.unwrap().path()).collect(),
            Err(_) => continue,
        };
        if entries.is_empty() {
            empty.push(d.clone());
        }
        todo.extend(entries.into_iter().filter(|p| p.is_dir()));
    }
    empty
}

/// Every message in the report, with the case it belongs to.
fn messages(json: &Value) -> Vec<String> {
    json["devices"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["cases"].as_array().unwrap())
        .filter_map(|c| c["message"].as_str().map(str::to_owned))
        .collect()
}

/// A word such as `NoSolution`, `Some(3)` or `Screen::Game`: Rust's names, not a person's words.
fn rust_names(message: &str) -> Vec<&str> {
    message
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | ',' | ';'))
        .filter(|w| {
            let inner_capital = w
                .char_indices()
                .skip(1)
                .any(|(i, c)| c.is_ascii_uppercase() && w.as_bytes()[i - 1].is_ascii_lowercase());
            inner_capital || w.contains("::") || w.starts_with("Some(") || *w == "None"
        })
        .collect()
}

#[test]
fn an_overwritten_given_is_put_back_and_the_other_checks_still_judge() {
    let server = AdbServer::start();
    // Two bugs: the given typed over must be put back, or solved-early would never be judged.
    let both = phone(
        &server,
        &[
            "--skin",
            "classic",
            "--mistake-limit",
            "30",
            "--seed",
            "3",
            "--bug",
            "given-overwrite",
            "--bug",
            "solved-early",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let out = regress(
        dir.path(),
        &server,
        &["-s", &both.serial(), "--games", "1", "--check-mistakes"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let json = reports(dir.path());
    assert_eq!(
        failed(&json, &both.serial()),
        ["1:givens-fixed=failed", "1:solved-when-complete=failed"],
        "{}",
        text(&out)
    );
    let passed = statuses(&json, &both.serial())
        .iter()
        .filter(|(_, s)| s == "passed")
        .count();
    assert_eq!(passed, 4, "{}", text(&out));
    for m in messages(&json) {
        assert_eq!(rust_names(&m), Vec::<&str>::new(), "{m}");
    }
    assert_eq!(
        empty_folders(&dir.path().join("artifacts")),
        Vec::<PathBuf>::new()
    );
}

#[test]
fn unplayed_games_after_ctrl_c_are_not_run_in_every_report_format() {
    let rig = rig::game::rig(&["--skin", "classic", "--seed", "5"], "");
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = regress_command(
        dir.path(),
        &rig.server,
        // A gap between taps keeps game 1 going when the interrupt lands.
        &["-s", &rig.phone.serial(), "--games", "3", "--tap-gap", "60"],
    );
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let child = cmd.spawn().unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while rig.entries().len() < 5 {
        assert!(
            std::time::Instant::now() < deadline,
            "no digits typed in 60 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = interrupt(child);
    let json = reports(dir.path());
    let totals = &json["totals"];
    assert_eq!(totals["errors"], 0, "{}", text(&out));
    assert_eq!(totals["failures"], 0, "{}", text(&out));
    let all = statuses(&json, &rig.phone.serial());
    for game in ["2:game", "3:game"] {
        assert!(
            all.contains(&(game.to_owned(), "not-run".to_owned())),
            "{game} not run: {all:?}"
        );
    }
    assert!(totals["not_run"].as_u64().unwrap() >= 3, "{totals}");
    let xml = std::fs::read_to_string(dir.path().join("report.xml")).unwrap();
    let junit = Report::deserialize_from_str(&xml).unwrap();
    let skipped_not_run = junit.test_suites[0]
        .test_cases
        .iter()
        .filter(|c| match &c.status {
            quick_junit::TestCaseStatus::Skipped { message, .. } => message
                .as_ref()
                .is_some_and(|m| m.as_str().starts_with("not run")),
            _ => false,
        })
        .count();
    assert_eq!(skipped_not_run as u64, totals["not_run"].as_u64().unwrap());
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(html.contains("<td>not-run</td>") && html.contains("not run"));
    assert!(!text(&out).contains("ERROR"), "{}", text(&out));
}

/// A script of docs/ci/ run in `dir` on `server`'s phones, with the test build as `autosudoku`.
fn ci_script(dir: &Path, server: &AdbServer, script: &str, args: &[&str]) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let program = rig::game::autosudoku(server, &dir.join("home"))
        .get_program()
        .to_owned();
    let mut cmd = Command::new(root.join("docs/ci").join(script));
    cmd.current_dir(dir)
        .env("AUTOSUDOKU", program)
        .env("GAMES", "1")
        .env("ANDROID_ADB_SERVER_PORT", server.port().to_string())
        .env("AUTOSUDOKU_HOME", dir.join("home"))
        .env_remove("ANDROID_SERIAL")
        .args(args);
    run_with_timeout(&mut cmd, Duration::from_secs(240))
}

/// Every case as (suite, name, status) in the JUnit XML at `path`.
fn junit_cases(path: &Path) -> Vec<(String, String, String)> {
    let xml = std::fs::read_to_string(path).unwrap();
    let report = Report::deserialize_from_str(&xml).unwrap();
    let mut cases: Vec<_> = report
        .test_suites
        .iter()
        .flat_map(|s| {
            s.test_cases.iter().map(|c| {
                let status = match &c.status {
                    quick_junit::TestCaseStatus::Success { .. } => "success".to_owned(),
                    quick_junit::TestCaseStatus::Skipped { .. } => "skipped".to_owned(),
                    quick_junit::TestCaseStatus::NonSuccess { kind, .. } => format!("{kind:?}"),
                };
                (s.name.to_string(), c.name.to_string(), status)
            })
        })
        .collect();
    cases.sort();
    cases
}

/// Every case as "device game N check" in a JSON report, sorted.
fn json_cases(json: &Value) -> Vec<String> {
    let mut names: Vec<String> = json["devices"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["cases"].as_array().unwrap())
        .map(|c| {
            let check = c["check"].as_str().unwrap_or("game");
            format!(
                "{} game {} {check}",
                c["device"].as_str().unwrap(),
                c["game"]
            )
        })
        .collect();
    names.sort();
    names
}

/// The HTML report's device sections and its rows per status.
fn html_outline(path: &Path) -> (Vec<String>, [usize; 4]) {
    let html = std::fs::read_to_string(path).unwrap();
    let mut devices: Vec<String> = html
        .split("<h2>")
        .skip(1)
        .filter_map(|s| s.split("</h2>").next())
        .filter(|h| h.contains(':'))
        .map(str::to_owned)
        .collect();
    devices.sort();
    let rows = ["passed", "failed", "error", "skipped"].map(|class| {
        html.matches(&format!("<tr class=\"{class}\"><td>1</td>"))
            .count()
    });
    (devices, rows)
}

#[test]
fn two_shards_merged_equal_the_unsharded_run_in_all_three_formats() {
    let server = AdbServer::start();
    let phones: Vec<PhoneHandle> = (0..4)
        .map(|i| {
            let seed = (11 + i).to_string();
            let skin = if i % 2 == 0 { "classic" } else { "compact" };
            phone(&server, &["--skin", skin, "--seed", &seed])
        })
        .collect();
    let whole = tempfile::tempdir().unwrap();
    let out = regress(whole.path(), &server, &["--device", "all", "--games", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let sharded = tempfile::tempdir().unwrap();
    let flags = ["--input", "shell", "--device-timeout", "3"];
    // Side by side, as CI jobs run: the two shards play disjoint phones.
    let shards: Vec<Output> = std::thread::scope(|s| {
        let jobs: Vec<_> = ["1/2", "2/2"]
            .map(|k| {
                let (dir, server) = (sharded.path(), &server);
                s.spawn(move || {
                    ci_script(dir, server, "regress-shard", &[&[k][..], &flags].concat())
                })
            })
            .into_iter()
            .collect();
        jobs.into_iter().map(|j| j.join().unwrap()).collect()
    });
    for out in &shards {
        assert_eq!(out.status.code(), Some(0), "{}", text(out));
    }
    let merged = ci_script(sharded.path(), &server, "regress-merge", &[]);
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged));
    let json = |p: PathBuf| -> Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    let (unsharded, all) = (
        json(whole.path().join("report.json")),
        json(sharded.path().join("all.json")),
    );
    assert_eq!(json_cases(&all), json_cases(&unsharded));
    assert_eq!(json_cases(&all).len(), 4 * 6);
    assert_eq!(all["merged"].as_array().unwrap().len(), 2, "{all}");
    assert!(all.get("missing").is_none(), "{all}");
    for shard in ["shard-1.json", "shard-2.json"] {
        let part = json(sharded.path().join(shard));
        assert_eq!(part["devices"].as_array().unwrap().len(), 2, "{part}");
    }
    let names = |cases: Vec<(String, String, String)>| {
        cases
            .into_iter()
            .map(|(s, n, _)| (s, n))
            .collect::<Vec<_>>()
    };
    let (a, b) = (
        junit_cases(&whole.path().join("report.xml")),
        junit_cases(&sharded.path().join("all.xml")),
    );
    assert_eq!(names(b.clone()), names(a.clone()));
    assert!(
        b.iter().all(|(_, _, s)| s == "success" || s == "skipped"),
        "{b:?}"
    );
    let (devices, rows) = html_outline(&sharded.path().join("all.html"));
    let (devices_whole, rows_whole) = html_outline(&whole.path().join("report.html"));
    assert_eq!(devices, devices_whole);
    assert_eq!(devices.len(), phones.len());
    assert_eq!(rows.iter().sum::<usize>(), rows_whole.iter().sum::<usize>());
    // A shard missing is named, and fails the merge.
    std::fs::remove_file(sharded.path().join("shard-2.json")).unwrap();
    let partial = ci_script(sharded.path(), &server, "regress-merge", &[]);
    assert_eq!(partial.status.code(), Some(1), "{}", text(&partial));
    assert!(
        text(&partial).contains("missing shards: 2/2"),
        "{}",
        text(&partial)
    );
    let html = std::fs::read_to_string(sharded.path().join("all.html")).unwrap();
    assert!(html.contains("missing shards: 2/2"));
}

/// `regress --devices-from FARM --release CMD` where the farm hands out `phones` (not connected
/// to the adb server yet) and the release writes what it got back into `dir/released`.
fn farm_command(dir: &Path, server: &AdbServer, phones: &[PhoneHandle], args: &[&str]) -> Command {
    let list: Vec<String> = phones.iter().map(|p| p.serial()).collect();
    let lease = format!("printf '%s\\n' {}", list.join(" "));
    let release = format!("cat > '{}'", dir.join("released").display());
    let flags = [&["--devices-from", &lease, "--release", &release][..], args].concat();
    regress_command(dir, server, &flags)
}

/// What the farm got back, and whether the adb server still lists any leased phone.
fn assert_given_back(dir: &Path, server: &AdbServer, phones: &[PhoneHandle]) {
    let released = std::fs::read_to_string(dir.join("released")).expect("the release ran");
    let listed = server.ok(&["devices"]);
    for p in phones {
        assert!(released.lines().any(|l| l == p.serial()), "{released}");
        assert!(!listed.contains(&p.serial()), "disconnected: {listed}");
    }
}

#[test]
fn a_farm_leases_virtual_phones_and_gets_them_back_even_after_ctrl_c() {
    let server = AdbServer::start();
    let (farm, graders): (Vec<PhoneHandle>, Vec<Grader>) = (0..2)
        .map(|i| {
            let app = rig::game::app(&["--skin", "classic", "--seed", &(21 + i).to_string()]);
            let grader = app.grader();
            (rig::start(rig::phone(Box::new(app))), grader)
        })
        .unzip();
    let done = tempfile::tempdir().unwrap();
    let out = run_with_timeout(
        &mut farm_command(done.path(), &server, &farm, &["--games", "1"]),
        Duration::from_secs(240),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(reports(done.path())["devices"].as_array().unwrap().len(), 2);
    assert_given_back(done.path(), &server, &farm);

    let cut = tempfile::tempdir().unwrap();
    let mut cmd = farm_command(
        cut.path(),
        &server,
        &farm,
        &["--games", "3", "--tap-gap", "60"],
    );
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let before: Vec<usize> = graders.iter().map(|g| g.events().len()).collect();
    let child = cmd.spawn().unwrap();
    // Interrupted mid-game: the run has typed a digit on every leased phone.
    rig::wait_until(
        Duration::from_secs(120),
        "a digit typed on every phone",
        || {
            graders
                .iter()
                .zip(&before)
                .all(|(g, &from)| digits_typed(&g.events()[from..]) > 0)
        },
    );
    interrupt(child);
    assert_given_back(cut.path(), &server, &farm);
}

/// Stops `child` as Ctrl-C does (SIGINT) and waits for it: it must exit 130, as interrupted.
fn interrupt(child: std::process::Child) -> std::process::Output {
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    out
}

#[test]
fn solved_when_complete_judges_an_end_as_play_does_and_skips_an_app_that_shows_none() {
    // A card in words no list holds is a sign that lasts: passed. A board left as it is gives no
    // sign to judge: skipped with the reason, never failed.
    let server = AdbServer::start();
    let foreign = phone(
        &server,
        &["--skin", "classic", "--seed", "5", "--ending", "foreign"],
    );
    let silent = phone(
        &server,
        &["--skin", "classic", "--seed", "6", "--ending", "none"],
    );
    let dir = tempfile::tempdir().unwrap();
    let out = regress(
        dir.path(),
        &server,
        &[
            "-s",
            &foreign.serial(),
            "-s",
            &silent.serial(),
            "--games",
            "1",
        ],
    );
    let json = reports(dir.path());
    for serial in [foreign.serial(), silent.serial()] {
        assert_eq!(
            failed(&json, &serial),
            Vec::<String>::new(),
            "{}",
            text(&out)
        );
    }
    let judged = |serial: &str| case(&json, serial, "solved-when-complete").clone();
    assert_eq!(judged(&foreign.serial())["status"], "passed", "{json}");
    let silent_case = judged(&silent.serial());
    assert_eq!(silent_case["status"], "skipped", "{json}");
    let says = silent_case["message"].as_str().unwrap_or_default();
    assert!(
        says.contains("no lasting sign of a finished game"),
        "{silent_case}"
    );
}
