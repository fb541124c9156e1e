//! The vision corpus: every screenshot in tests/fixtures/screens/ (rendered layouts the virtual
//! phone lacks, and the phone's own skins) must read with every digit right and certain, given vs
//! entered and notes right, the keypad found, and a dialog over the grid reported, not guessed.
//! `REGENERATE=1 cargo test --test vision` rewrites the rendered fixtures first (`rig::golden`);
//! The virtual phone's toolbar icons are put in a test's own template folder (`rig::icons`):
//! nothing ships them.

#[macro_use]
mod rig;

use autosudoku_agent::vision::{
    BoardRead, CellKind, Reader, ReaderOptions, TemplateSources, CERTAIN,
};
use autosudoku_core::solve::fast::solve;
use autosudoku_core::sudoku::Board;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::ImageEncoder;
use rig::corpus::{render, scaled, Lines, Pad, Shade, State, Style, Truth};
use std::path::{Path, PathBuf};

const SCREENS: &str = "tests/fixtures/screens";

const PUZZLES: [&str; 2] = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
];

fn digits(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

fn fresh(p: &str) -> State {
    State {
        givens: digits(p),
        entered: vec![0; 81],
        ..State::default()
    }
}

/// Every other blank filled from the solution, one wrong entry, notes in three blanks, a selection.
fn half(p: &str) -> State {
    let board = Board::from_array(&digits(p).try_into().expect("81")).expect("digits");
    let solution = solve(&board).expect("test puzzles are solvable").to_array();
    let givens = digits(p);
    let mut entered = vec![0; 81];
    let blanks: Vec<usize> = (0..81).filter(|&i| givens[i] == 0).collect();
    for &i in blanks.iter().step_by(2) {
        entered[i] = solution[i];
    }
    let wrong = blanks[1];
    entered[wrong] = solution[wrong] % 9 + 1;
    let notes = blanks
        .iter()
        .skip(3)
        .step_by(2)
        .take(3)
        .map(|&i| (i, vec![1, 4, solution[i], 9]))
        .collect();
    State {
        givens,
        entered,
        wrong: vec![wrong],
        notes,
        selected: Some(blanks[4]),
        dialog: None,
    }
}

fn light() -> Style {
    Style {
        size: (1080, 2400),
        background: [255, 255, 255],
        status_bar: (220, [0x37, 0x47, 0x4F]),
        grid_at: (30, 460),
        cell: 104,
        paper: [255, 255, 255],
        thin: (2, [0xC8, 0xC8, 0xC8]),
        thick: (6, [0x20, 0x20, 0x20]),
        given_font: dejavu::serif::bold(),
        given: [0x11, 0x11, 0x11],
        entered_font: dejavu::sans::regular(),
        entered: [0x15, 0x65, 0xC0],
        wrong: [0xD3, 0x2F, 0x2F],
        note: [0x70, 0x70, 0x70],
        selected: [0xBB, 0xDE, 0xFB],
        peer: [0xEC, 0xEF, 0xF1],
        same: [0xC5, 0xCA, 0xE9],
        pad: Pad::Row { y: 1700 },
        key_font: dejavu::sans::regular(),
        key_fill: [0xEE, 0xF2, 0xF8],
        key_text: [0x15, 0x65, 0xC0],
        lines: Lines::Framed,
        digit_size: 0.55,
        note_size: 0.2,
        shade: Shade::Cell,
    }
}

fn dark() -> Style {
    Style {
        size: (1080, 2340),
        background: [0x12, 0x12, 0x12],
        status_bar: (80, [0, 0, 0]),
        grid_at: (54, 400),
        cell: 108,
        paper: [0x1E, 0x1E, 0x1E],
        thin: (2, [0x3A, 0x3A, 0x3A]),
        thick: (5, [0x9E, 0x9E, 0x9E]),
        given_font: dejavu::sans_mono::bold(),
        given: [0xE0, 0xE0, 0xE0],
        entered_font: dejavu::sans_mono::regular(),
        entered: [0x80, 0xCB, 0xC4],
        wrong: [0xEF, 0x53, 0x50],
        note: [0x9E, 0x9E, 0x9E],
        selected: [0x37, 0x47, 0x4F],
        peer: [0x26, 0x32, 0x38],
        same: [0x45, 0x5A, 0x64],
        pad: Pad::Block {
            x: 285,
            y: 1500,
            pitch: 170,
        },
        key_font: dejavu::sans_mono::bold(),
        key_fill: [0x2A, 0x2A, 0x2A],
        key_text: [0xE0, 0xE0, 0xE0],
        lines: Lines::Framed,
        digit_size: 0.55,
        note_size: 0.2,
        shade: Shade::Cell,
    }
}

fn landscape() -> Style {
    Style {
        size: (2400, 1080),
        background: [0xF5, 0xF5, 0xF5],
        status_bar: (60, [0xE0, 0xE0, 0xE0]),
        grid_at: (200, 110),
        cell: 96,
        given_font: dejavu::sans_condensed::bold(),
        given: [0, 0, 0],
        entered_font: dejavu::sans_condensed::regular(),
        entered: [0x6A, 0x1B, 0x9A],
        pad: Pad::Block {
            x: 1500,
            y: 220,
            pitch: 200,
        },
        key_font: dejavu::sans_condensed::regular(),
        key_text: [0x6A, 0x1B, 0x9A],
        ..light()
    }
}

/// Same ink for givens and entries, told apart only by weight.
fn weights() -> Style {
    Style {
        given_font: dejavu::sans::bold(),
        given: [0x22, 0x22, 0x22],
        entered: [0x22, 0x22, 0x22],
        grid_at: (72, 300),
        status_bar: (100, [0xFF, 0xFF, 0xFF]),
        ..light()
    }
}

/// A grid edge to edge across the screen with no outer frame, under a toolbar (Material apps).
fn edge() -> Style {
    Style {
        size: (1080, 2400),
        background: [0xF4, 0xF4, 0xF4],
        status_bar: (300, [0x21, 0x96, 0xF3]),
        grid_at: (0, 300),
        cell: 120,
        thin: (2, [0x50, 0x50, 0x50]),
        thick: (5, [0x20, 0x20, 0x20]),
        given_font: dejavu::sans::regular(),
        entered_font: dejavu::sans::regular(),
        entered: [0x1E, 0x88, 0xE5],
        pad: Pad::Block {
            x: 285,
            y: 1500,
            pitch: 170,
        },
        lines: Lines::NoFrame,
        ..light()
    }
}

/// Dark, small digits, the selected cell's row and column as bright bands over the lines.
fn bands() -> Style {
    Style {
        background: [0x36, 0x2E, 0x33],
        status_bar: (200, [0x2A, 0x24, 0x28]),
        grid_at: (48, 420),
        cell: 110,
        paper: [0x36, 0x2E, 0x33],
        thin: (3, [0x90, 0x90, 0x90]),
        thick: (6, [0x21, 0x96, 0xF3]),
        given_font: dejavu::sans::regular(),
        given: [0xF5, 0xF5, 0xF5],
        entered_font: dejavu::sans::regular(),
        entered: [0xFF, 0xB7, 0x4D],
        note: [0xB0, 0xB0, 0xB0],
        selected: [0x4C, 0xAF, 0x50],
        peer: [0x8B, 0xC3, 0x4A],
        same: [0x69, 0xF0, 0xAE],
        key_fill: [0x36, 0x2E, 0x33],
        key_text: [0x4C, 0xAF, 0x50],
        lines: Lines::Bands,
        digit_size: 0.3,
        ..dark()
    }
}

/// Black, the selected cell and the cells of its digit as lilac discs reaching almost to the
/// lines (SUD💜KU): the disc, not the cell's black, is those digits' paper.
fn discs() -> Style {
    Style {
        thin: (2, [0x30, 0x30, 0x30]),
        thick: (3, [0x9A, 0x86, 0xD0]),
        paper: [0, 0, 0],
        background: [0, 0, 0],
        selected: [0xAA, 0x8E, 0xD6],
        same: [0xAA, 0x8E, 0xD6],
        given_font: dejavu::sans::regular(),
        entered_font: dejavu::sans::regular(),
        given: [0xFF, 0xFF, 0xFF],
        entered: [0x70, 0x70, 0x70],
        shade: Shade::Disc,
        digit_size: 0.45,
        ..dark()
    }
}

/// Digits of a small font (a quarter of the cell) and pencil marks at a seventh (Suuudokuuu):
/// only the board's other digits tell a digit from a lone note.
fn small() -> Style {
    Style {
        given_font: dejavu::sans::regular(),
        digit_size: 0.25,
        note_size: 0.14,
        ..light()
    }
}

/// `half`, with a given selected: its digit's cells are highlighted too.
fn half_given_selected(p: &str) -> State {
    let mut state = half(p);
    state.selected = state.givens.iter().position(|&d| d > 0);
    state
}

/// A screenshot as a shared JPEG: smaller, with compression noise (quality 70).
fn jpeg(img: &image::RgbaImage) -> image::RgbaImage {
    let rgb = image::DynamicImage::ImageRgba8(img.clone()).to_rgb8();
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 70)
        .encode_image(&rgb)
        .expect("jpeg encode");
    image::load_from_memory(&bytes)
        .expect("jpeg decode")
        .to_rgba8()
}

/// The rendered part of the corpus: (name, screenshot, truth).
fn rendered() -> Vec<(String, image::RgbaImage, Truth)> {
    let mut out = Vec::new();
    let mut add = |name: &str, style: &Style, state: &State, scale: Option<f32>| {
        let (img, truth) = render(style, state);
        let img = scale.map_or(img.clone(), |f| scaled(&img, f));
        out.push((format!("render-{name}"), img, truth));
    };
    let mut dialog = half(PUZZLES[0]);
    dialog.dialog = Some((90, 460 + 3 * 104 - 30, 900, 380));
    add("light-fresh", &light(), &fresh(PUZZLES[0]), None);
    add("light-half", &light(), &half(PUZZLES[0]), None);
    add("light-dialog", &light(), &dialog, None);
    add("light-half-x0.5", &light(), &half(PUZZLES[1]), Some(0.5));
    add("dark-fresh", &dark(), &fresh(PUZZLES[1]), None);
    add("dark-half", &dark(), &half(PUZZLES[1]), None);
    add("dark-half-x1.7", &dark(), &half(PUZZLES[0]), Some(1.7));
    add("landscape-half", &landscape(), &half(PUZZLES[0]), None);
    add(
        "landscape-half-x0.5",
        &landscape(),
        &half(PUZZLES[1]),
        Some(0.5),
    );
    add("weights-half", &weights(), &half(PUZZLES[1]), None);
    // Classes of real apps that broke the reader: no frame, bands over lines, JPEG.
    add("edge-half", &edge(), &half(PUZZLES[1]), None);
    add("bands-half", &bands(), &half(PUZZLES[1]), None);
    add(
        "discs-half",
        &discs(),
        &half_given_selected(PUZZLES[1]),
        None,
    );
    add("small-half", &small(), &half(PUZZLES[0]), None);
    add("small-half-x0.45", &small(), &half(PUZZLES[1]), Some(0.45));
    let (img, truth) = render(&edge(), &half(PUZZLES[0]));
    out.push((
        "render-edge-jpeg-x0.6".into(),
        jpeg(&scaled(&img, 0.6)),
        truth,
    ));
    out
}

fn regenerate() {
    for (name, img, truth) in rendered()
        .into_iter()
        .chain(rig::corpus::phone::screenshots())
    {
        let dir = Path::new(SCREENS);
        let file =
            std::fs::File::create(dir.join(format!("{name}.png"))).expect("create fixture png");
        // Flat UI compresses well at the best setting; the corpus stays a few MB.
        let png = PngEncoder::new_with_quality(
            std::io::BufWriter::new(file),
            CompressionType::Best,
            FilterType::Adaptive,
        );
        png.write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgba8,
        )
        .expect("write fixture png");
        let json = serde_json::to_string_pretty(&truth).expect("truth");
        std::fs::write(dir.join(format!("{name}.json")), json + "\n").expect("write fixture json");
    }
}

/// The rendered corpus, current before any test reads it (`REGENERATE=1` rewrites it once).
fn goldens() {
    rig::golden::ready("vision corpus", regenerate);
}

/// Every (png, truth) pair of the corpus, sorted by name.
fn corpus() -> Vec<(PathBuf, Truth)> {
    goldens();
    let mut out: Vec<(PathBuf, Truth)> = std::fs::read_dir(SCREENS)
        .expect("tests/fixtures/screens exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let truth: Truth =
                serde_json::from_str(&std::fs::read_to_string(&p).expect("read truth"))
                    .expect("truth json");
            (p.with_extension("png"), truth)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!out.is_empty(), "empty corpus: {}", rig::golden::hint());
    out
}

/// Every way `read` differs from `truth`, as text.
fn differences(read: &BoardRead, truth: &Truth) -> Vec<String> {
    let mut out = Vec::new();
    if truth.covered {
        if read.covered.is_empty() {
            out.push("a dialog covers the grid but the read did not say so".into());
        }
        if read.is_certain() {
            out.push("read claims certainty over a covered grid".into());
        }
        return out;
    }
    let kinds: Vec<char> = truth.kinds.chars().collect();
    for (i, (c, want)) in read.cells.iter().zip(truth.board.chars()).enumerate() {
        let got = c.digit.map_or('.', |d| d.to_char());
        let kind = match c.kind {
            CellKind::Given => 'g',
            CellKind::Entered => 'e',
            CellKind::Notes => 'n',
            CellKind::Empty => '.',
            CellKind::Covered => 'c',
        };
        if got != want || kind != kinds[i] {
            out.push(format!(
                "{}: read {got}/{kind} ({:.2}), truth {want}/{}",
                c.cell, c.confidence, kinds[i]
            ));
        } else if c.confidence < CERTAIN {
            out.push(format!(
                "{}: right but uncertain ({:.2})",
                c.cell, c.confidence
            ));
        }
    }
    if read.sanity.is_misread() {
        out.push(format!("sanity: {:?}", read.sanity.problems));
    }
    match (&read.keypad, truth.keypad.as_str()) {
        (None, "none") => {}
        (Some(k), "none") => out.push(format!("keypad found where there is none: {k:?}")),
        (None, want) => out.push(format!("no keypad found, truth {want}")),
        (Some(k), want) => {
            let layout = serde_json::to_value(k.layout).expect("layout");
            let keys: String = k.keys.iter().map(|k| k.digit.to_char()).collect();
            // Keys of used-up digits may be greyed out (found or not) or hidden.
            let all_needed = truth.keys.chars().all(|d| keys.contains(d));
            if layout != want || !all_needed {
                out.push(format!(
                    "keypad {layout} {keys}, truth {want} {}",
                    truth.keys
                ));
            }
        }
    }
    out
}

/// The corpus's groups, by file name: each phone skin's screenshots, and the rendered layouts.
const GROUPS: [&str; 7] = [
    "phone-classic-",
    "phone-compact-",
    "phone-keys-",
    "phone-night-",
    "phone-paper-",
    "phone-tablet-",
    "render-",
];

/// The corpus's screenshots whose file name starts with `group`.
fn corpus_of(group: &str) -> Vec<(PathBuf, Truth)> {
    let in_group = |p: &Path| {
        p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with(group))
    };
    corpus().into_iter().filter(|(p, _)| in_group(p)).collect()
}

#[test]
fn every_corpus_screenshot_is_in_a_group_read_below() {
    let corpus = corpus();
    let grouped: usize = GROUPS.iter().map(|g| corpus_of(g).len()).sum();
    assert_eq!(grouped, corpus.len(), "a screenshot in no group, or in two");
    assert!(
        corpus.len() >= 70,
        "corpus has {} screenshots",
        corpus.len()
    );
}

// One test a group (each with its own learned templates), so the test threads share the work.
cases!(reads_right_cold_and_again_from_learned_templates {
    corpus_phone_classic_reads_right_cold_and_again_from_learned_templates: (GROUPS[0]);
    corpus_phone_compact_reads_right_cold_and_again_from_learned_templates: (GROUPS[1]);
    corpus_phone_keys_reads_right_cold_and_again_from_learned_templates: (GROUPS[2]);
    corpus_phone_night_reads_right_cold_and_again_from_learned_templates: (GROUPS[3]);
    corpus_phone_paper_reads_right_cold_and_again_from_learned_templates: (GROUPS[4]);
    corpus_phone_tablet_reads_right_cold_and_again_from_learned_templates: (GROUPS[5]);
    corpus_renders_read_right_cold_and_again_from_learned_templates: (GROUPS[6]);
});

/// Every screenshot of `group` reads right cold (learning templates as it goes), then again with
/// a fresh reader that has only the templates the first pass saved.
fn reads_right_cold_and_again_from_learned_templates(group: &str) {
    let templates = tempfile::tempdir().expect("tempdir");
    let options = ReaderOptions {
        templates: Some(TemplateSources::folder(templates.path().into())),
        font: None,
        learn: true,
        app: None,
    };
    let mut reader = Reader::new(options.clone()).expect("reader");
    let corpus = corpus_of(group);
    let mut failures = Vec::new();
    let mut digits_checked = 0;
    for pass in ["cold", "templates"] {
        if pass == "templates" {
            // A fresh reader that only has what the first pass saved to disk.
            reader = Reader::new(options.clone()).expect("reader over learned templates");
        }
        for (png, truth) in &corpus {
            let img = image::open(png).expect("corpus png").to_rgba8();
            let name = png
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            match reader.read(&img) {
                Ok(read) => {
                    digits_checked += truth.board.chars().filter(|c| c.is_ascii_digit()).count();
                    for d in differences(&read, truth) {
                        failures.push(format!("{pass} {name}: {d}"));
                    }
                }
                Err(e) if truth.covered => {
                    let _ = e; // No grid found under a dialog is also an honest answer.
                }
                Err(e) => failures.push(format!("{pass} {name}: {e}")),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems over {} screenshots ({digits_checked} digits):\n{}",
        failures.len(),
        corpus.len(),
        failures.join("\n")
    );
    assert!(!corpus.is_empty(), "no screenshot starts with {group}");
}

/// The blocks skin's box panels under its tints (the selected cell's row, column and box, and
/// every cell of its digit), through JPEG, where play stopped with no profile: the tints hide the
/// lines under them in luma, and luma's grid there was wrong or said a dialog covers the tinted
/// cells, while the hue-blind tone's lines make the whole grid. Three games: after the input
/// probe (luma's whole grid, the tinted row, column and box taken for a card: 27 cells); 22
/// moves in (luma's partly hidden lattice two rows low); late (luma's partly hidden lattice at
/// half the pitch, all 81 cells covered).
#[test]
fn blocks_under_its_tints_reads_every_cell_right() {
    let games = [
        (
            "3...8.6.9.5.46...7.9..5.1....4...........8.1.936.2.........59.2....7...3...2..78.",
            "34..8.6.9.5.46...7.9..5.1....4...........8.1.936.2.........59.2....7...3...2..78.",
            (0, 1),
        ),
        (
            "2.41.....3....94..9714.6.8.....1.9.........2572.89....63.5872..8..3..5..45296....",
            "26413....3..2.94.19714.6382.43.129..1...43.2572.89.14363.58721481.3245..452961.3.",
            (0, 0),
        ),
        (
            "1.53287..8..5...1.........83591.....6.79..2...1.68....5.6..3..9....9..67..1.5642.",
            "1653287.487456.312.23714658359142.766.7935241412687.355462731.923.4915677.1.56423",
            (0, 0),
        ),
    ];
    let options = ReaderOptions {
        templates: Some(TemplateSources::shipped_only()),
        font: None,
        learn: false,
        app: None,
    };
    let mut reader = Reader::new(options).expect("reader");
    for (puzzle, line, (row, col)) in games {
        let args = autosudoku_phone::app::AppArgs {
            skin: autosudoku_phone::app::SkinName::Blocks,
            puzzle: Some(puzzle.parse().expect("puzzle")),
            ..Default::default()
        };
        let selected = autosudoku_core::sudoku::Cell::new(row, col).expect("cell");
        let (img, truth) = rig::corpus::phone::in_play(&args, line, selected);
        let read = reader.read(&img).expect("read");
        assert_eq!(differences(&read, &truth), Vec::<String>::new(), "{line}");
        assert!(read.covered.is_empty(), "{line}: {:?}", read.covered);
    }
}

/// A font learned from one screenshot reads the same skin at other sizes from its templates alone:
/// glyphs are normalised to their ink box and a fixed square, enlarged smoothly, and matched
/// blurred, so the box quantisation of another resolution costs little.
#[test]
fn templates_learned_at_one_size_read_the_same_skin_at_other_sizes_without_tesseract() {
    let load = |name: &str| {
        let png = Path::new(SCREENS).join(format!("{name}.png"));
        let truth: Truth = serde_json::from_str(
            &std::fs::read_to_string(png.with_extension("json")).expect("truth"),
        )
        .expect("truth json");
        (image::open(&png).expect("corpus png").to_rgba8(), truth)
    };
    // (learned from, read, scale applied to the read screenshot)
    let cases = [
        (
            "phone-classic-native-half",
            "phone-classic-native-half",
            4.0 / 3.0,
        ), // 1440x3200
        (
            "phone-classic-native-half",
            "phone-classic-native-half",
            2.0 / 3.0,
        ), // 720x1600
        ("phone-classic-native-half", "phone-classic-alt-half", 1.0), // phone at 720x1600
        ("phone-night-alt-half", "phone-night-native-half", 1.0),     // 1080x2400 -> 1440x3200
        ("phone-keys-native-half", "phone-keys-alt-half", 1.0),       // 1080x1920 -> 720x1280
        ("render-light-half", "render-light-half-x0.5", 1.0),
        ("render-dark-half", "render-dark-half-x1.7", 1.0),
        ("render-landscape-half", "render-landscape-half-x0.5", 1.0),
    ];
    let mut failures = Vec::new();
    for (from, name, scale) in cases {
        let templates = tempfile::tempdir().expect("tempdir");
        let options = ReaderOptions {
            templates: Some(TemplateSources::folder(templates.path().into())),
            font: None,
            learn: true,
            app: None,
        };
        let (img, _) = load(from);
        let first = Reader::new(options.clone())
            .expect("reader")
            .read(&img)
            .expect("learning read");
        assert!(
            first.ocr_calls > 0,
            "{from}: the first read learns with Tesseract"
        );
        let (img, truth) = load(name);
        let img = if scale == 1.0 {
            img
        } else {
            scaled(&img, scale)
        };
        let case = format!("{from} -> {name} at {}x{}", img.width(), img.height());
        let read = Reader::new(options)
            .expect("reader over the learned templates")
            .read(&img)
            .expect("read");
        for d in differences(&read, &truth) {
            failures.push(format!("{case}: {d}"));
        }
        if read.ocr_calls != 0 {
            failures.push(format!("{case}: {} Tesseract calls", read.ocr_calls));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The binary, with its own folders in a private place (an unsure read keeps its screenshot there).
fn autosudoku() -> assert_cmd::Command {
    static HOME: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    let home = HOME.get_or_init(|| tempfile::tempdir().expect("tempdir"));
    let mut cmd = assert_cmd::Command::cargo_bin("autosudoku").expect("the binary builds");
    cmd.env("AUTOSUDOKU_HOME", home.path());
    cmd
}

#[test]
fn read_cli_prints_the_board_and_exits_0_on_a_clear_screenshot() {
    let templates = tempfile::tempdir().expect("tempdir");
    let png = Path::new(SCREENS).join("phone-classic-native-half.png");
    let truth: Truth =
        serde_json::from_str(&std::fs::read_to_string(png.with_extension("json")).expect("truth"))
            .expect("json");
    let out = autosudoku()
        .args(["read", "--json", "--templates"])
        .arg(templates.path())
        .arg("--image")
        .arg(&png)
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["line"], truth.board.as_str());
    assert_eq!(json["certain"], true);
    assert_eq!(json["read"]["keypad"]["layout"], "row");
    // The classic skin's font ships inside the binary: no Tesseract call, nothing to learn.
    assert_eq!(json["read"]["font"], "classic", "{json}");
    assert_eq!(json["read"]["ocr_calls"], 0, "{json}");
    let annotated = templates.path().join("annotated.png");
    autosudoku()
        .args(["read", "--templates"])
        .arg(templates.path())
        .arg("--image")
        .arg(&png)
        .arg("--annotate")
        .arg(&annotated)
        .assert()
        .success()
        .stdout(predicates::str::contains(truth.board.as_str()))
        .stdout(predicates::str::contains("read in"));
    let img = image::open(&annotated).expect("annotated png");
    assert_eq!((img.width(), img.height()), (1080, 2400));
}

/// The puzzle's givens of its first two rows drawn in the entries' ink, as an app whose highlight
/// recolours them draws them: the givens the ink shows alone have several solutions, the board
/// shown has one completion. The split loses, not the read: certain, every digit a given, and
/// `read --json` says the givens are unknown.
#[test]
fn givens_drawn_like_entries_are_read_certain_with_the_split_unknown() {
    use autosudoku_core::solve::fast::{count_solutions, Solutions};
    let mut state = fresh(PUZZLES[0]);
    for i in 0..18 {
        state.entered[i] = std::mem::take(&mut state.givens[i]);
    }
    let ink_givens = Board::from_array(&state.givens.clone().try_into().expect("81")).unwrap();
    assert!(
        matches!(count_solutions(&ink_givens, 2), Solutions::Many { .. }),
        "the test needs givens that the ink alone leaves ambiguous"
    );
    let (img, truth) = render(&light(), &state);
    let read = Reader::new(ReaderOptions::default())
        .expect("reader")
        .read(&img)
        .expect("read");
    assert_eq!(read.board.to_line(), truth.board);
    assert!(read.is_certain(), "{:?}", read.sanity.problems);
    assert!(!read.givens_known);
    assert_eq!(read.givens(), read.board);
    let dir = tempfile::tempdir().expect("tempdir");
    let png = dir.path().join("alike.png");
    img.save(&png).expect("png");
    let out = autosudoku()
        .args(["read", "--json", "--templates"])
        .arg(dir.path())
        .arg("--image")
        .arg(&png)
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["certain"], true, "{json}");
    assert_eq!(json["givens_known"], false, "{json}");
    assert!(
        json["givens"].is_null() && json["entered"].is_null(),
        "{json}"
    );
}

#[test]
fn read_cli_exits_4_on_a_dialog_and_2_on_a_file_that_is_no_image() {
    let dir = tempfile::tempdir().expect("tempdir");
    let annotated = dir.path().join("why.png");
    autosudoku()
        .args(["read", "--templates"])
        .arg(dir.path().join("t"))
        .arg("--image")
        .arg(Path::new(SCREENS).join("phone-night-native-dialog.png"))
        .arg("--annotate")
        .arg(&annotated)
        .assert()
        .code(4)
        .stderr(predicates::str::contains("grid covered by a dialog"));
    assert!(
        annotated.exists(),
        "the annotated screenshot is kept for a person to look at"
    );
    let bogus = dir.path().join("not.png");
    std::fs::write(&bogus, "hello").expect("write");
    autosudoku()
        .args(["read", "--image"])
        .arg(&bogus)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot read the image"));
}

// --- Toolbar buttons -----------------------------------------------------------------------

use autosudoku_agent::geometry::Point;
use autosudoku_agent::vision::screen::buttons::{self, ButtonKind, FoundBy};
use autosudoku_phone::app::{Rect as PhoneRect, Tool};

const TOOLS: [(ButtonKind, Tool); 3] = [
    (ButtonKind::Undo, Tool::Undo),
    (ButtonKind::Erase, Tool::Erase),
    (ButtonKind::Notes, Tool::Notes),
];

fn inside(r: PhoneRect, p: Point) -> bool {
    let (x, y) = (p.x as f32, p.y as f32);
    x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h
}

/// Where the rendered layouts with a keypad row put their label words ("Undo", "Erase", "Notes",
/// "Hint" over the keys; see rig::corpus::render), scaled to the screenshot.
fn label_centre(kind: ButtonKind, img: &image::RgbaImage) -> (f32, f32) {
    let k = ButtonKind::ALL
        .iter()
        .position(|&b| b == kind)
        .expect("kind") as f32;
    let scale = img.width() as f32 / 1080.0;
    (
        img.width() as f32 * (k * 2.0 + 1.0) / 8.0,
        (1700.0 - 60.0) * scale,
    )
}

/// A reader with the shipped digit sets (`--no-shipped-templates` turns them off) and the icon
/// templates in `templates`, that learns nothing into it.
fn shipped_reader(templates: &Path) -> Reader {
    Reader::new(ReaderOptions {
        templates: Some(TemplateSources {
            shipped: true,
            ..TemplateSources::folder(templates.into())
        }),
        font: None,
        learn: false,
        app: None,
    })
    .expect("reader")
}

#[test]
fn toolbar_buttons_are_found_with_the_shipped_sets_by_the_phones_icons_put_in_the_template_folder_and_by_label_on_rendered_layouts(
) {
    goldens();
    let templates = tempfile::tempdir().expect("tempdir");
    rig::icons::put_virtual_phone_icons(templates.path());
    let mut reader = shipped_reader(templates.path());
    let mut failures = Vec::new();
    let mut checked = 0;
    for (png, truth) in corpus().iter().filter(|(_, t)| !t.covered) {
        let name = png
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let img = image::open(png).expect("corpus png").to_rgba8();
        let read = match reader.read(&img) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let found = |kind| read.buttons.iter().find(|b| b.kind == kind);
        let mut fail = |what: String| failures.push(format!("{name}: {what}"));
        let labelled = name.starts_with("render-") && truth.keypad == "row";
        let expected: Vec<ButtonKind> = if let Some(app) = rig::corpus::phone::app_of(&name) {
            let layout = app.layout();
            if layout.tools.is_empty() {
                Vec::new()
            } else {
                for (kind, tool) in TOOLS {
                    let at = layout.tool_rect(tool).expect("tool");
                    match found(kind) {
                        Some(b) if inside(at, b.rect.center()) && b.by == FoundBy::Icon => {}
                        Some(b) => fail(format!(
                            "{kind:?} at {} by {:?}, truth {at:?}",
                            b.rect, b.by
                        )),
                        None => fail(format!("{kind:?} not found, truth {at:?}")),
                    }
                }
                ButtonKind::ALL.to_vec()
            }
        } else if labelled {
            for kind in ButtonKind::ALL {
                let (x, y) = label_centre(kind, &img);
                let near = |b: &buttons::Button| {
                    let c = b.rect.center();
                    (c.x as f32 - x).abs() < img.width() as f32 / 16.0
                        && (c.y as f32 - y).abs() < img.width() as f32 / 40.0
                };
                match found(kind) {
                    Some(b) if near(b) && b.by == FoundBy::Label => {}
                    Some(b) => fail(format!(
                        "{kind:?} at {} by {:?}, label at ({x}, {y})",
                        b.rect, b.by
                    )),
                    None => fail(format!("{kind:?} not found by its label at ({x}, {y})")),
                }
            }
            ButtonKind::ALL.to_vec()
        } else {
            Vec::new()
        };
        if read.buttons.len() != expected.len() {
            fail(format!("buttons {:?}, expected {expected:?}", read.buttons));
        }
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "{} problems over {checked} screenshots:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn read_cli_lists_the_toolbar_buttons_in_text_and_json() {
    let templates = tempfile::tempdir().expect("tempdir");
    // The phone's icons, in the folder named with --templates: the one the read looks in.
    rig::icons::put_virtual_phone_icons(templates.path());
    let png = Path::new(SCREENS).join("phone-night-alt-half.png");
    let out = autosudoku()
        .args(["read", "--json", "--no-learn", "--templates"])
        .arg(templates.path())
        .arg("--image")
        .arg(&png)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let kinds: Vec<&str> = json["read"]["buttons"]
        .as_array()
        .expect("buttons array")
        .iter()
        .map(|b| b["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(kinds, ["undo", "erase", "notes"]);
    assert_eq!(json["read"]["buttons"][1]["by"], "icon");
    autosudoku()
        .args(["read", "--no-learn", "--templates"])
        .arg(templates.path())
        .arg("--image")
        .arg(Path::new(SCREENS).join("render-light-half.png"))
        .assert()
        .success()
        .stdout(predicates::str::contains("buttons:  undo@"))
        .stdout(predicates::str::contains("(label \"Erase\""));
}

/// An app whose toolbar icons are unknown (hollow squares here) but labelled: each button is found
/// by its word, and spans icon and label.
#[test]
fn unknown_icons_with_labels_are_found_by_their_words_icon_and_label_together() {
    let (mut img, _) = render(&light(), &half(PUZZLES[0]));
    let mut centres = Vec::new();
    for kind in ButtonKind::ALL {
        let (x, y) = label_centre(kind, &img);
        let (x, y) = (x as u32, y as u32 - 80);
        let ink = [0x15, 0x65, 0xC0];
        rig::corpus::fill(&mut img, x - 25, y - 25, 50, 50, ink);
        rig::corpus::fill(&mut img, x - 19, y - 19, 38, 38, [255, 255, 255]);
        centres.push((kind, x, y));
    }
    let read = Reader::new(ReaderOptions::default())
        .expect("reader")
        .read(&img)
        .expect("reads");
    for (kind, x, y) in centres {
        let b = read
            .buttons
            .iter()
            .find(|b| b.kind == kind)
            .unwrap_or_else(|| panic!("{kind:?} not found: {:?}", read.buttons));
        assert_eq!(b.by, FoundBy::Label, "{b:?}");
        let icon = Point::new(x, y);
        let label = Point::new(x, y + 80);
        assert!(
            b.rect.contains(icon) && b.rect.contains(label),
            "{kind:?} at {} should hold its icon {icon} and label {label}",
            b.rect
        );
    }
    assert_eq!(read.buttons.len(), 3, "{:?}", read.buttons);
}

/// No icon ships: with no icon template in the reader's folders, the virtual phone's screens,
/// which label no button, have no button found by an icon.
#[test]
fn without_icon_templates_the_phones_toolbar_icons_are_not_matched() {
    let home = tempfile::tempdir().unwrap();
    let options = ReaderOptions {
        templates: Some(TemplateSources::folder(home.path().to_path_buf())),
        ..ReaderOptions::default()
    };
    let mut reader = Reader::new(options).expect("reader");
    let mut checked = 0;
    for (png, _) in corpus() {
        let name = png.file_stem().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("phone-") || !name.ends_with("-fresh") {
            continue;
        }
        let img = image::open(&png).expect("corpus png").to_rgba8();
        let read = reader.read(&img).expect("reads");
        let by_icon: Vec<_> = read
            .buttons
            .iter()
            .filter(|b| b.by == FoundBy::Icon)
            .collect();
        assert!(by_icon.is_empty(), "{name}: {by_icon:?}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} screens");
}

/// With notes mode on, the notes button wears its "ON" badge: still found by the phone's icons
/// put in the template folder, on every toolbar skin and size.
#[test]
fn the_notes_button_is_found_by_the_phones_icons_with_notes_mode_on() {
    let templates = tempfile::tempdir().expect("tempdir");
    rig::icons::put_virtual_phone_icons(templates.path());
    let options = ReaderOptions {
        templates: Some(TemplateSources::folder(templates.path().to_path_buf())),
        learn: false,
        ..ReaderOptions::default()
    };
    let mut reader = Reader::new(options).expect("reader");
    let mut checked = 0;
    for (png, _) in corpus() {
        let name = png
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !name.starts_with("phone-") || !name.ends_with("-fresh") {
            continue;
        }
        let Some((img, layout)) = rig::corpus::phone::notes_on(&name) else {
            continue; // no toolbar (keys)
        };
        let read = reader.read(&img).expect("reads");
        let at = layout.tool_rect(Tool::Notes).expect("notes tool");
        let notes = read.buttons.iter().find(|b| b.kind == ButtonKind::Notes);
        assert!(
            notes.is_some_and(|b| inside(at, b.rect.center())),
            "{name}: notes {notes:?}, truth {at:?}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "{checked} screens");
}

/// `autosudoku read --image` of each file with `home` as the data folder; never a panic.
fn read_into(home: &Path, shots: &[PathBuf]) {
    for shot in shots {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_autosudoku"))
            .env("AUTOSUDOKU_HOME", home)
            .args(["-q", "read", "--image"])
            .arg(shot)
            .output()
            .unwrap();
        assert_ne!(out.status.code(), Some(101), "{shot:?}: {out:?}");
    }
}

/// The folders learned glyphs were filed in under `home`.
fn filed_folders(home: &Path) -> Vec<String> {
    std::fs::read_dir(home.join("templates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

fn fixture_screen(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/screens")
        .join(name)
}

/// Glyphs a read of a screenshot file learns go to a folder named by a fingerprint of the font,
/// never to one named like a shipped font (whose folder would collect every look-alike app's).
#[test]
fn learned_glyphs_are_filed_under_a_fingerprint_never_a_shipped_fonts_name() {
    let home = tempfile::tempdir().unwrap();
    let shots = [
        "render-light-fresh.png",
        "render-bands-half.png",
        "phone-classic-alt-fresh.png",
    ];
    read_into(home.path(), &shots.map(fixture_screen));
    let shipped: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
    let filed = filed_folders(home.path());
    assert!(!filed.is_empty(), "nothing was learned");
    for name in &filed {
        assert!(
            !shipped.contains(name),
            "learned glyphs filed under the shipped {name}: {filed:?}"
        );
        assert!(name.starts_with("font-a"), "{filed:?}");
    }
}

/// The same app's screenshots from phones of other densities (one font drawn at several sizes)
/// file their glyphs in one folder, not one per size.
#[test]
fn one_font_at_several_scales_is_filed_in_one_folder() {
    let home = tempfile::tempdir().unwrap();
    let shot = image::open(fixture_screen("phone-classic-alt-fresh.png")).unwrap();
    let shots: Vec<PathBuf> = [0.45, 1.0, 1.7]
        .iter()
        .map(|scale| {
            let (w, h) = (shot.width() as f32 * scale, shot.height() as f32 * scale);
            let path = home.path().join(format!("shot-{scale}.png"));
            shot.resize(w as u32, h as u32, image::imageops::FilterType::Lanczos3)
                .save(&path)
                .unwrap();
            path
        })
        .collect();
    read_into(home.path(), &shots);
    let filed = filed_folders(home.path());
    assert_eq!(filed.len(), 1, "one font, several folders: {filed:?}");
}
