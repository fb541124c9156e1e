//! `autosudoku completions SHELL`: shell completion scripts (clap_complete), made from the same
//! clap definitions as `--help`, with `-s`/`--serial` completing the serials of the connected
//! phones in bash, zsh and fish (as `autosudoku devices --serials` lists them at TAB time).

use crate::cli::{output, GlobalArgs};
use crate::exit::Exit;
use clap::Args;
use clap_complete::Shell;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for; e.g. `autosudoku completions bash > ~/.local/share/bash-completion/completions/autosudoku`.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// What the shell runs at TAB time for `-s`: ready serials, one a line, never an error message.
const SERIALS: &str = "autosudoku devices --serials 2>/dev/null";

pub fn completions(args: CompletionsArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    let mut cmd = crate::cli::command();
    // Into a buffer first: clap_complete panics on a closed stdout (`| head`); output does not.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "autosudoku", &mut script);
    let script = String::from_utf8_lossy(&script);
    output::text(with_serials(args.shell, &script))?;
    Ok(Exit::Ok)
}

/// `script` with the value of every serial option completed from the connected phones; clap's
/// static scripts can only offer file names there.
fn with_serials(shell: Shell, script: &str) -> String {
    match shell {
        Shell::Bash => bash(script),
        Shell::Zsh => zsh(script),
        Shell::Fish => fish(script),
        _ => script.to_owned(),
    }
}

/// bash: the `compgen -f` under each `-s)`, `--serial)` and `--device)` case offers serials.
fn bash(script: &str) -> String {
    let mut out = String::with_capacity(script.len());
    let mut serial_case = false;
    for line in script.lines() {
        let trimmed = line.trim();
        if serial_case && trimmed == r#"COMPREPLY=($(compgen -f "${cur}"))"# {
            let indent = &line[..line.len() - line.trim_start().len()];
            out += &format!(r#"{indent}COMPREPLY=($(compgen -W "$({SERIALS})" -- "${{cur}}"))"#);
        } else {
            out += line;
        }
        out.push('\n');
        serial_case = matches!(trimmed, "-s)" | "--serial)" | "--device)");
    }
    out
}

/// zsh: a `_autosudoku_serials` function as the action of every `SERIAL` value.
fn zsh(script: &str) -> String {
    let function = format!(
        "\n_autosudoku_serials() {{\n    local -a serials\n    serials=(${{(f)\"$({SERIALS})\"}})\n    compadd -a serials\n}}\n"
    );
    let body = script.replace(":SERIAL:_default'", ":SERIAL:_autosudoku_serials'");
    match body.split_once('\n') {
        Some((compdef, rest)) => format!("{compdef}\n{function}{rest}"),
        None => body,
    }
}

/// fish: every `-s s -l serial` line takes its values from the phones, not files.
fn fish(script: &str) -> String {
    script
        .lines()
        .map(
            |line| match line.contains("-s s -l serial") && line.ends_with(" -r") {
                true => format!("{line} -f -a \"({SERIALS})\"\n"),
                false => format!("{line}\n"),
            },
        )
        .collect()
}
