//! What every subcommand's `--help` ends with and its man page holds beyond the flags: two or three
//! real examples and its exit codes (one table, so help and man never differ), and the files and
//! environment every command shares.

use crate::exit::Exit;
use clap::Command;

/// One subcommand's examples and exit codes: each code that it can end with, and what it means
/// for this command beyond the code's one meaning (`CODES`), or "" when nothing.
pub struct Page {
    pub name: &'static str,
    pub examples: &'static [&'static str],
    pub exits: &'static [(Exit, &'static str)],
}

/// The one meaning of each exit code, which every `--help`, man page and the README print.
pub const CODES: [(Exit, &str); 6] = [
    (Exit::Ok, "done"),
    (Exit::Failure, "failure"),
    (Exit::Usage, "usage error"),
    (Exit::DeviceLost, "device lost or unreachable"),
    (
        Exit::Unreadable,
        "board unreadable, uncertain or without a single solution (screenshot saved)",
    ),
    (Exit::Interrupted, "interrupted (Ctrl-C)"),
];

/// The meaning of `exit` in `CODES`.
pub fn meaning(exit: Exit) -> &'static str {
    CODES
        .iter()
        .find(|(e, _)| *e == exit)
        .map_or("", |(_, m)| m)
}

/// One row of an exit code table: the code's meaning, then what it means for this command.
pub fn exit_line(exit: Exit, detail: &str) -> String {
    match detail {
        "" => meaning(exit).to_owned(),
        detail => format!("{}: {detail}", meaning(exit)),
    }
}

const USAGE: (Exit, &str) = (Exit::Usage, "");
const DEVICE: (Exit, &str) = (Exit::DeviceLost, "");
const CTRL_C: (Exit, &str) = (Exit::Interrupted, "");

/// What the top `--help` and man page list as their examples and exit codes.
pub const TOP: Page = Page {
    name: "autosudoku",
    examples: &[
        "autosudoku phone & adb connect 127.0.0.1:6520",
        "autosudoku play -s 127.0.0.1:6520 --summary",
        "autosudoku man --out-dir ~/.local/share/man/man1",
    ],
    exits: &[
        (Exit::Ok, "solved, read, connected"),
        (Exit::Failure, "an unsolvable puzzle, a failed check"),
        USAGE,
        (Exit::DeviceLost, "also a phone another autosudoku drives"),
        (Exit::Unreadable, ""),
        CTRL_C,
    ],
};

/// Every subcommand's page, in `--help`'s order.
pub const PAGES: &[Page] = &[
    Page {
        name: "solve",
        examples: &[
            "autosudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "autosudoku solve --strategy naive --steps --trace steps.jsonl PUZZLE",
            "autosudoku solve --file puzzles.txt --count-solutions --json > results.jsonl",
        ],
        exits: &[
            (Exit::Ok, "every puzzle solved"),
            (Exit::Failure, "a puzzle invalid, unsolvable, given up, or with several solutions (--count-solutions)"),
            USAGE,
        ],
    },
    Page {
        name: "generate",
        examples: &[
            "autosudoku generate --difficulty hard --seed 7",
            "autosudoku generate --difficulty easy --seed 1 --count 100 > easy.txt",
        ],
        exits: &[(Exit::Ok, "generated"), USAGE],
    },
    Page {
        name: "phone",
        examples: &[
            "autosudoku phone --skin night",
            "autosudoku phone --listen 127.0.0.1:6521 --faults drop-taps=0.1 --latency none",
            "autosudoku phone --skin paper --snapshot paper.png",
        ],
        exits: &[
            (Exit::Ok, "stopped, or the game reached --exit-when"),
            (Exit::Failure, "cannot listen on the address"),
            USAGE,
        ],
    },
    Page {
        name: "devices",
        examples: &[
            "autosudoku devices",
            "autosudoku devices -H phones-host.lan -P 5037 --json",
        ],
        exits: &[
            (Exit::Ok, "listed (none is not an error)"),
            (Exit::Failure, "the adb server is too old"),
            (Exit::Usage, "several devices match, or something other than an adb server answers at -H/-P"),
            DEVICE,
        ],
    },
    Page {
        name: "screenshot",
        examples: &[
            "autosudoku screenshot -o shot.png",
            "autosudoku screenshot -s 127.0.0.1:6520 -o shot.jpg --json",
            "autosudoku screenshot -o - | autosudoku read --image -",
        ],
        exits: &[
            (Exit::Ok, "saved"),
            (Exit::Failure, "the capture failed"),
            (Exit::Usage, "a folder that does not exist, an extension that is no image format"),
            DEVICE,
        ],
    },
    Page {
        name: "play",
        examples: &[
            "autosudoku play -s 127.0.0.1:6520",
            "autosudoku play --mode replay --strategy mrv --new-game --record replay.mp4",
            "autosudoku play --summary --json > game.json",
        ],
        exits: &[
            (Exit::Ok, "solved"),
            (Exit::Failure, "a dialog or another app in front, the game lost, a tap that never lands, the game already over and no --new-game"),
            USAGE,
            (Exit::DeviceLost, "the phone gone, or driven by another autosudoku (named with its pid)"),
            (Exit::Unreadable, ""),
            CTRL_C,
        ],
    },
    Page {
        name: "demo",
        examples: &["autosudoku demo", "autosudoku demo --latency none -o fast.gif"],
        exits: &[(Exit::Ok, "demo written"), (Exit::Failure, ""), USAGE, CTRL_C],
    },
    Page {
        name: "calibrate",
        examples: &[
            "autosudoku calibrate --name myapp",
            "autosudoku calibrate -s R58M12345 --name myapp --json",
        ],
        exits: &[
            (Exit::Ok, "profile written"),
            (Exit::Failure, "no input style entered a digit"),
            USAGE,
            DEVICE,
            (Exit::Unreadable, ""),
        ],
    },
    Page {
        name: "read",
        examples: &[
            "autosudoku read --image shot.png",
            "autosudoku read -s 127.0.0.1:6520 --annotate seen.png",
            "autosudoku read --image shot.png --json --no-learn",
        ],
        exits: &[
            (Exit::Ok, "read with certainty, a proper puzzle"),
            (Exit::Failure, ""),
            (Exit::Usage, "a path or image that cannot be read, an unknown profile"),
            DEVICE,
            (Exit::Unreadable, "no grid (what is on screen is named), a grid covered, a digit uncertain or givens without one solution (screenshot saved)"),
        ],
    },
    Page {
        name: "regress",
        examples: &[
            "autosudoku regress --device all --games 5 --junit report.xml --html report.html",
            "autosudoku regress -s R58M12345 -s emulator-5554 --minutes 10",
        ],
        exits: &[
            (Exit::Ok, "every check passed (or was skipped)"),
            (Exit::Failure, "a check failed (or a test errored)"),
            USAGE,
            (Exit::DeviceLost, "a device lost, unreachable or driven by another autosudoku, and no check failed"),
            (Exit::Unreadable, "a device's game is one autosudoku cannot read (another size than 9x9, killer cages not read): nothing typed, no check failed"),
            (Exit::Interrupted, "the reports cover the games played"),
        ],
    },
    Page {
        name: "report",
        examples: &[
            "autosudoku report merge shard-1.json shard-2.json --html all.html",
            "autosudoku report merge run-a.json run-b.json --junit all.xml --json-report all.json",
        ],
        exits: &[
            (Exit::Ok, "every check passed (or was skipped) and no shard is missing"),
            (Exit::Failure, "a check failed or errored, a shard is missing, or a report could not be written"),
            (Exit::Usage, "a report could not be read, or the reports do not belong together"),
        ],
    },
    Page {
        name: "doctor",
        examples: &["autosudoku doctor", "autosudoku doctor -P 5038 --json"],
        exits: &[(Exit::Ok, "all that is essential is there"), (Exit::Failure, "something essential is missing"), USAGE],
    },
    Page {
        name: "clean",
        examples: &["autosudoku clean", "autosudoku clean --home /tmp/as --json"],
        exits: &[(Exit::Ok, "emptied"), (Exit::Failure, "a file could not be removed"), USAGE],
    },
    Page {
        name: "completions",
        examples: &[
            "autosudoku completions bash > ~/.local/share/bash-completion/completions/autosudoku",
            "autosudoku completions zsh > ~/.zfunc/_autosudoku",
        ],
        exits: &[(Exit::Ok, "printed"), USAGE],
    },
    Page {
        name: "man",
        examples: &[
            "autosudoku man > autosudoku.1",
            "autosudoku man play | man -l -",
            "autosudoku man --out-dir ~/.local/share/man/man1",
        ],
        exits: &[(Exit::Ok, "written"), (Exit::Failure, "the folder cannot be written"), USAGE],
    },
    Page {
        name: "help",
        examples: &["autosudoku help play", "autosudoku help"],
        exits: &[(Exit::Ok, "printed"), (Exit::Usage, "no such subcommand")],
    },
];

/// The files every command may use, for the man pages.
pub const FILES: &[&str] = &[
    "~/.config/autosudoku/profiles/NAME.toml: your app profiles (calibrate writes them)",
    "~/.local/share/autosudoku/templates/APP/: digit glyphs learned from each app (its package, or a fingerprint of the font of a screenshot file)",
    "~/.local/share/autosudoku/screenshots/: screenshots of refused reads and stops, the last 50 kept (autosudoku clean empties it)",
    "~/.local/share/autosudoku/regress/DEVICE/game-N/CHECK/: the files of failed regress checks (--artifacts DIR elsewhere)",
    "With --home DIR (or AUTOSUDOKU_HOME): DIR/profiles, DIR/templates, DIR/screenshots and DIR/regress instead",
];

/// The environment every command reads, for the man pages.
pub const ENVIRONMENT: &[&str] = &[
    "AUTOSUDOKU_HOME: one folder for your profiles, templates and screenshots (as --home)",
    "ANDROID_SERIAL: the device to use when none of -s, -d, -e, -t is given",
    "ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_ADDRESS, ANDROID_ADB_SERVER_PORT: the adb server, as for adb",
    "ADB: the adb binary that starts a server",
    "NO_COLOR: no colour, unless --color always",
    "RUST_LOG: log filter (overrides -v and -q)",
];

impl Page {
    /// The `Examples:` and `Exit codes:` text `--help` ends with.
    pub fn help_text(&self) -> String {
        let mut text = String::from("Examples:\n");
        for e in self.examples {
            text += &format!("  {e}\n");
        }
        text + "\n" + &self.exits_text()
    }

    /// The `Exit codes:` table alone, as the top `--help` ends.
    pub fn exits_text(&self) -> String {
        let mut text = String::from("Exit codes:");
        for &(exit, detail) in self.exits {
            text += &format!("\n  {:<4} {}", exit as i32, exit_line(exit, detail));
        }
        text
    }
}

/// The page of subcommand `name`.
pub fn page(name: &str) -> Option<&'static Page> {
    PAGES.iter().find(|p| p.name == name)
}

/// `cmd` with every subcommand's help ending in its examples and exit codes (after what the
/// subcommand says itself).
pub fn with_pages(cmd: Command) -> Command {
    PAGES.iter().fold(cmd, |cmd, page| {
        cmd.mut_subcommand(page.name, |sub| {
            let own = sub
                .get_after_help()
                .map(|h| format!("{h}\n\n"))
                .unwrap_or_default();
            sub.after_help(format!("{own}{}", page.help_text()))
        })
    })
}
