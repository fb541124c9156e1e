//! The `autosudoku` binary: parse the command line, set up logging, run one subcommand, exit with
//! its code. Errors, usage errors included, are reported here once for every command: on stderr,
//! and with `--json` also as one `{"error":{…}}` line on stdout, unless the command's own result
//! object already carries it (`exit::Printed`).

use autosudoku::cli::{output, paint};
use autosudoku::exit::{self, Exit, JsonError};
use std::process::ExitCode;

fn main() -> ExitCode {
    autosudoku_agent::vision::ocr::tesseract::one_thread_per_read();
    let cli = match autosudoku::cli::parse() {
        Ok(cli) => cli,
        Err(e) => {
            // The flags did not parse, so whether --json was asked is read off the raw words.
            let json = std::env::args_os().any(|a| a == "--json");
            if json && e.use_stderr() {
                let err = exit::with_code(Exit::Usage, anyhow::anyhow!("{}", e.render()));
                let _ = output::line(serde_json::json!(JsonError::new(&err)));
            }
            e.exit();
        }
    };
    autosudoku::logging::init(&cli.global, &cli.command);
    let json = cli.global.json;
    let color = cli.global.color;
    let code = match autosudoku::cli::run(cli) {
        Ok(exit) => exit,
        // The reader of our stdout went away (`| head`): nothing left to say, like ripgrep.
        Err(err) if output::closed_pipe(&err) => Exit::Ok,
        Err(err) => {
            let (err, printed) = match err.downcast::<exit::Printed>() {
                Ok(exit::Printed(err)) => (err, true),
                Err(err) => (err, false),
            };
            eprintln!("{}{err:#}", paint::error_prefix(color));
            if json && !printed {
                let _ = output::line(serde_json::json!(JsonError::new(&err)));
            }
            exit::code_of(&err)
        }
    };
    ExitCode::from(code as u8)
}
