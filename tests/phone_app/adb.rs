//! The app on a served phone: whole games through the real `adb` server and `adb shell input`,
//! and `--snapshot` without a server (`phone --exit-when` is played in tests/play/phones.rs).

use crate::rig;
use autosudoku_core::sudoku::Digit;
use autosudoku_phone::app::{
    App, AppArgs, Dialog, DialogButton, Event, Grader, Phase, Point, SkinName,
};

/// `adb shell` command lines for a whole game in the skin's own input style, at layout coordinates,
/// several commands chained with `;` per call (one `adb shell` costs far more than one tap).
fn game_commands(skin: SkinName, app: &App, grader: &Grader) -> Vec<String> {
    let l = app.layout();
    let tap = |p: Point| {
        let (x, y) = p.to_pixels();
        format!("input tap {x} {y}")
    };
    let board = grader.board();
    let solution = grader.solution();
    let mut cmds = Vec::new();
    match skin {
        SkinName::Paper | SkinName::Edge => {
            for d in Digit::all() {
                cmds.push(tap(l.key_center(d).unwrap()));
                for c in board.blanks().filter(|&c| solution.get(c) == Some(d)) {
                    cmds.push(tap(l.cell_center(c)));
                }
            }
        }
        _ => {
            for (i, c) in board.blanks().enumerate() {
                let d = solution.get(c).unwrap();
                cmds.push(tap(l.cell_center(c)));
                cmds.push(match l.key_center(d) {
                    Some(k) => tap(k),
                    // Hardware keys both ways a script sends them.
                    None if i % 2 == 0 => format!("input keyevent KEYCODE_{d}"),
                    None => format!("input text {d}"),
                });
            }
        }
    }
    cmds.chunks(24).map(|c| c.join("; ")).collect()
}

#[test]
fn every_skin_plays_a_whole_game_through_real_adb() {
    let adb = rig::AdbServer::start();
    for skin in SkinName::ALL {
        let args = AppArgs {
            skin,
            seed: 3,
            ..AppArgs::default()
        };
        let app = args.build().unwrap();
        let grader = app.grader();
        let commands = game_commands(skin, &app, &grader);
        let layout = app.layout().clone();
        let handle = rig::start(rig::phone(Box::new(app)));
        let serial = handle.serial();
        adb.connect(&serial);
        for line in &commands {
            adb.ok(&["-s", &serial, "shell", line]);
        }
        assert_eq!(
            grader.phase(),
            Phase::Solved,
            "{skin:?}: {:?}",
            grader.events().last()
        );
        assert_eq!(grader.dialog(), Some(Dialog::Solved), "{skin:?}");
        assert_eq!(grader.mistakes(), 0, "{skin:?}");
        let (x, y) = layout
            .dialog_button(Dialog::Solved, DialogButton::NewGame)
            .unwrap()
            .to_pixels();
        adb.ok(&["-s", &serial, "shell", &format!("input tap {x} {y}")]);
        assert_eq!(grader.phase(), Phase::Playing, "{skin:?}");
        assert!(
            grader
                .events()
                .iter()
                .any(|l| l.event == Event::NewGame { seed: 4 }),
            "{skin:?}"
        );
        adb.run(&["disconnect", &serial]);
        handle.stop();
    }
}

#[test]
fn snapshot_writes_one_screen_without_a_server() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("paper.png");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .args(["phone", "--snapshot"])
        .arg(&path)
        .args(["--skin", "paper", "--size", "720x1500", "--density", "320"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&path).unwrap();
    assert_eq!((img.width(), img.height()), (720, 1500));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .args([
            "phone",
            "--snapshot",
            "/tmp/x.png",
            "--size",
            "300x300",
            "--density",
            "600",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--size"));
}

/// `autosudoku phone --json` stopped by Ctrl-C (as `scripts/soak` stops it after a play): the
/// game's final state is its last line, whatever that state is, and the exit is 0.
#[test]
fn the_phone_command_with_json_prints_the_final_state_when_stopped() {
    use std::io::BufRead;
    use std::process::Stdio;
    let mut child = rig::phone_command(&["--skin", "classic", "--seed", "5", "--json", "-q"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut ready = String::new();
    out.read_line(&mut ready).unwrap();
    let ready: serde_json::Value = serde_json::from_str(&ready).unwrap();
    assert!(ready["ready"]["address"].is_string(), "{ready}");
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    assert!(status.success(), "{status:?}");
    let state: serde_json::Value = serde_json::from_str(rest.trim()).unwrap();
    assert_eq!(state["phase"], "playing", "{state}");
    assert_eq!(state["skin"], "classic", "{state}");
    assert_eq!(state["mistakes"], 0, "{state}");
}
