//! `Command`: one device command as the encodings build it and the transports send it, with the
//! number of inputs it carries so the sent log can count them.

/// One device command and the number of inputs (taps or keys) it carries, for the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub line: String,
    pub inputs: usize,
}

impl Command {
    pub fn new(line: String, inputs: usize) -> Command {
        Command { line, inputs }
    }
}
