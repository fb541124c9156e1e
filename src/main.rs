//! The `autosudoku` binary: parse the command line, set up logging, run one subcommand, exit with its code.

use autosudoku_agent::exit::Exit;
use clap::Parser;

fn main() {
    let cli = autosudoku::cli::Cli::parse();
    autosudoku::logging::init(&cli.global);
    let code = match autosudoku::cli::run(cli) {
        Ok(exit) => exit,
        // The reader of our stdout went away (`| head`): nothing left to say, like ripgrep.
        Err(err) if autosudoku::cli::output::closed_pipe(&err) => Exit::Ok,
        Err(err) => {
            eprintln!("autosudoku: error: {err:#}");
            autosudoku_agent::exit::code_of(&err)
        }
    };
    std::process::exit(code as i32);
}
