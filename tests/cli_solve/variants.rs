//! `autosudoku solve` on variant puzzles (docs/variants.md) through the real binary: a killer
//! with no givens solved to the board its app shows finished, broken rules and mistakes in the
//! text named, no or several solutions said, and traced searches as for classic boards.

use super::{autosudoku, json_lines, run_with_stdin, stderr_of};

/// `kokiller-1` of the variant screenshots: a 9x9 killer of cages only (KOReader's plugin).
const KOKILLER: &str = "# kokiller-1, cages only
size 9x9
cages aabbbbbccdaeefggchdiiifjjjhkllmnoppqkrsmnotuqvrswnxtuyvvzwnxAyyBzzCDEAAFBGGCDEHHF
sums a=14,b=31,c=12,d=8,e=17,f=7,g=8,h=10,i=18,j=10,k=16,l=9,m=6,n=22,o=13,p=12,q=8,r=8,s=4
sums t=6,u=15,v=21,w=8,x=12,y=12,z=17,A=17,B=3,C=8,D=11,E=10,F=13,G=12,H=7
";
/// `kokiller-2`: the same game finished in the app.
const KOKILLER_SOLVED: &str =
    "612957843379842651584631729745218396963475182821369574496583217138724965257196438";

/// A 6x6 killer whose first cage (r1c1, r2c1) needs 5, with `givens`.
fn killer6(givens: &str) -> String {
    format!("size 6x6\ncages abccddabeffghiejkgllmjkgnnmoopqqrrop a=5,b=8,c=8,d=10,e=9,f=3,g=14,h=5,i=1,j=5,k=7,l=5,m=6,n=8,o=13,p=3,q=10,r=6\ngivens {givens}\n")
}

/// `autosudoku ARGS` with `input` on stdin, expecting exit `code`: its stderr.
fn stderr_with_stdin(args: &[&str], input: impl Into<String>, code: i32) -> String {
    let out = autosudoku()
        .args(args)
        .write_stdin(input.into())
        .assert()
        .code(code);
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}

fn file_with(text: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut file, text.as_bytes()).unwrap();
    file
}

#[test]
fn a_killer_file_without_givens_solves_to_the_apps_finished_board() {
    let file = file_with(KOKILLER);
    let path = file.path().to_str().unwrap();
    let out = run_with_stdin(&["solve", path], String::new(), 0);
    let rows: Vec<String> = KOKILLER_SOLVED
        .as_bytes()
        .chunks(9)
        .map(|r| {
            r.iter()
                .map(|&b| (b as char).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    assert_eq!(out, rows.concat());
    let json = json_lines(&run_with_stdin(
        &["--json", "solve", path],
        String::new(),
        0,
    ));
    assert_eq!(json.len(), 1, "one object");
    assert_eq!(json[0]["solution"], KOKILLER_SOLVED);
    assert_eq!(
        (&json[0]["variant"], &json[0]["size"]),
        (&"killer".into(), &"9x9".into())
    );
    assert_eq!(json[0]["solutions"], "one");
}

#[test]
fn a_broken_cage_is_explained_and_fails() {
    let text = killer6(&format!("1{}3{}", ".".repeat(5), ".".repeat(29)));
    let err = stderr_with_stdin(&["solve", "-"], text, 1);
    assert!(
        err.contains("autosudoku: error: invalid puzzle: cage r1c1–r2c1 sums to 4, needs 5"),
        "{err}"
    );
}

#[test]
fn mistakes_in_the_text_are_named_by_line_and_column() {
    let out = run_with_stdin(
        &["--json", "solve", "-"],
        "size 4\ngivens\n12..\n.5..\n....\n....\n".into(),
        1,
    );
    let json = json_lines(&out);
    assert_eq!(json[0]["status"], "invalid");
    assert_eq!(
        json[0]["error"]["message"],
        "line 4, column 2: expected a digit 1–4 or `.` for a blank, found `5`"
    );
}

#[test]
fn no_solution_and_several_are_said() {
    let none = run_with_stdin(
        &["--json", "solve", "-"],
        "size 4\ngivens 12........3...4.\n".into(),
        1,
    );
    assert_eq!(json_lines(&none)[0]["status"], "unsolvable");
    let err = stderr_with_stdin(&["solve", "-"], "size 4\n", 1);
    assert!(
        err.contains("solutions: more than one")
            && err.contains("the puzzle has more than one solution"),
        "{err}"
    );
}

#[test]
fn traced_searches_write_their_steps_and_count_them() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let file = file_with(&killer6(&".".repeat(36)));
    let args = ["--json", "solve", "--strategy", "mrv", "--steps", "--trace"];
    let mut args: Vec<&str> = args.to_vec();
    args.extend([trace.to_str().unwrap(), file.path().to_str().unwrap()]);
    let json = json_lines(&run_with_stdin(&args, String::new(), 0));
    let steps = std::fs::read_to_string(&trace).unwrap();
    let (p, r) = (
        json[0]["placements"].as_u64().unwrap(),
        json[0]["removals"].as_u64().unwrap(),
    );
    assert_eq!(steps.lines().count() as u64, p + r);
    assert_eq!(json[0]["steps"]["mrv"]["placements"], p);
    assert!(steps
        .lines()
        .next()
        .unwrap()
        .starts_with(r#"{"op":"place","row":"#));
    assert_eq!(json[0]["steps"]["naive"]["outcome"], "solved");
}

#[test]
fn a_classic_board_is_not_taken_for_a_variant() {
    let err = stderr_of(&["solve", "size 9x9 is not a board"], 1);
    assert!(err.contains("error"), "{err}");
}

#[test]
fn generated_variants_solve_back_to_their_one_solution() {
    for (kind, size) in [
        ("classic", "12"),
        ("jigsaw", "9"),
        ("x", "6"),
        ("hyper", "9"),
        ("killer", "9"),
    ] {
        let args = [
            "--json",
            "generate",
            "--variant",
            kind,
            "--size",
            size,
            "--seed",
            "11",
        ];
        let made = json_lines(&run_with_stdin(&args, String::new(), 0));
        assert_eq!(made.len(), 1, "one object");
        let puzzle = made[0]["puzzle"].as_str().unwrap().to_owned();
        let solved = json_lines(&run_with_stdin(&["--json", "solve", "-"], puzzle, 0));
        assert_eq!(solved[0]["solutions"], "one", "{kind}");
        assert_eq!(solved[0]["solution"], made[0]["solution"], "{kind}");
        assert!(
            solved[0]["variant"].as_str().unwrap().starts_with(kind),
            "{kind}"
        );
    }
    let text = run_with_stdin(
        &[
            "generate",
            "--variant",
            "killer",
            "--size",
            "6",
            "--seed",
            "4",
            "-n",
            "2",
        ],
        String::new(),
        0,
    );
    assert_eq!(text.matches("size 6x6").count(), 2);
    assert!(text.contains("\n\n# killer 6x6, seed 5\n"), "{text}");
}

#[test]
fn a_size_the_variant_does_not_offer_is_a_usage_error() {
    let err = stderr_of(&["generate", "--variant", "hyper", "--size", "6"], 2);
    assert!(err.contains("hyper puzzles are made 9x9, not 6x6"), "{err}");
}
