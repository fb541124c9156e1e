//! Splits a shell command line the way mksh does for the simple cases a phone is sent: words with
//! '...' and "..." quoting and backslash escapes, the separators `;` `&&` `||` `&` and newline,
//! the redirections `>` `>>` `2>` `2>>` `2>&1` `<`, and `#` comments. Pipes are recognised only
//! to be refused with a clear message.

/// Stands for `$?` (outside single quotes) until the shell substitutes the last status.
pub const LAST_STATUS: char = '\u{E000}';

/// One lexical token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    Word(String),
    /// An unquoted operator: `;` `&&` `||` `&` `|` `>` `>>` `2>` `2>>` `2>&1` `<`.
    Op(&'static str),
}

/// An unterminated quote.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("syntax error: unterminated quoted string")]
pub struct LexError;

const OPS: [&str; 11] = [
    "2>&1", "2>>", "&&", "||", ">>", "2>", ";", "&", "|", ">", "<",
];

/// The tokens of one command line.
pub fn tokenize(line: &str) -> Result<Vec<Token>, LexError> {
    let mut lexer = Lexer {
        chars: line.chars().collect(),
        i: 0,
        tokens: Vec::new(),
        word: String::new(),
        in_word: false,
    };
    while lexer.i < lexer.chars.len() {
        if !lexer.step()? {
            break;
        }
        lexer.i += 1;
    }
    lexer.finish_word();
    Ok(lexer.tokens)
}

/// The line being split: `i` is the character at hand; `word` the word being built (`in_word`
/// tells an empty quoted word from none).
struct Lexer {
    chars: Vec<char>,
    i: usize,
    tokens: Vec<Token>,
    word: String,
    in_word: bool,
}

impl Lexer {
    /// Takes the character at `i` (and any it consumes after it, leaving `i` on the last);
    /// `Ok(false)` at a comment, which ends the line.
    fn step(&mut self) -> Result<bool, LexError> {
        let c = self.chars[self.i];
        match c {
            ' ' | '\t' | '\r' => self.finish_word(),
            '\n' => {
                self.finish_word();
                self.tokens.push(Token::Op(";"));
            }
            '#' if !self.in_word => return Ok(false),
            '$' if self.next_is('?') => {
                self.in_word = true;
                self.word.push(LAST_STATUS);
                self.i += 1;
            }
            '\'' => self.single_quoted()?,
            '"' => self.double_quoted()?,
            '\\' => self.escaped(),
            _ => self.operator_or(c),
        }
        Ok(true)
    }

    fn next_is(&self, c: char) -> bool {
        self.chars.get(self.i + 1) == Some(&c)
    }

    fn finish_word(&mut self) {
        if self.in_word {
            self.tokens
                .push(Token::Word(std::mem::take(&mut self.word)));
            self.in_word = false;
        }
    }

    /// `'...'`: every character as it is, up to the closing quote.
    fn single_quoted(&mut self) -> Result<(), LexError> {
        let chars = &self.chars;
        let i = self.i;
        self.in_word = true;
        let end = chars[i + 1..]
            .iter()
            .position(|&c| c == '\'')
            .ok_or(LexError)?;
        self.word.extend(&chars[i + 1..i + 1 + end]);
        self.i += end + 1;
        Ok(())
    }

    /// `"..."`: backslash escapes only `"` `\` `$` and `` ` ``, and `$?` is substituted.
    fn double_quoted(&mut self) -> Result<(), LexError> {
        self.in_word = true;
        self.i += 1;
        loop {
            let i = self.i;
            match self.chars.get(i) {
                None => return Err(LexError),
                Some('"') => return Ok(()),
                Some('\\') if matches!(self.chars.get(i + 1), Some('"' | '\\' | '$' | '`')) => {
                    self.word.push(self.chars[i + 1]);
                    self.i += 1;
                }
                Some('$') if self.next_is('?') => {
                    self.word.push(LAST_STATUS);
                    self.i += 1;
                }
                Some(&c) => self.word.push(c),
            }
            self.i += 1;
        }
    }

    /// A backslash outside quotes: the next character as it is; before a newline, neither.
    fn escaped(&mut self) {
        self.in_word = true;
        if let Some(&next) = self.chars.get(self.i + 1) {
            if next != '\n' {
                self.word.push(next);
            }
            self.i += 1;
        }
    }

    /// An operator starting at `i`, or else `c` as part of a word.
    fn operator_or(&mut self, c: char) {
        let i = self.i;
        let rest: String = self.chars[i..self.chars.len().min(i + 4)].iter().collect();
        // `2>` is an operator only at the start of a word.
        let op = OPS
            .iter()
            .find(|op| rest.starts_with(**op) && (!op.starts_with('2') || !self.in_word));
        match op {
            Some(op) => {
                self.finish_word();
                self.tokens.push(Token::Op(op));
                self.i += op.len() - 1;
            }
            None => {
                self.in_word = true;
                self.word.push(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(ts: &[Token]) -> Vec<String> {
        ts.iter()
            .map(|t| match t {
                Token::Word(w) => w.clone(),
                Token::Op(o) => format!("<{o}>"),
            })
            .collect()
    }

    #[test]
    fn quotes_escapes_and_operators() {
        let t = tokenize(r#"echo 'a b' "c \"d\"" e\ f;ls&&x 2>/dev/null # gone"#).unwrap();
        assert_eq!(
            words(&t),
            [
                "echo",
                "a b",
                "c \"d\"",
                "e f",
                "<;>",
                "ls",
                "<&&>",
                "x",
                "<2>>",
                "/dev/null"
            ]
        );
        assert_eq!(
            words(&tokenize("a>b 2>&1").unwrap()),
            ["a", "<>>", "b", "<2>&1>"]
        );
        assert_eq!(
            words(&tokenize("echo a2>b").unwrap()),
            ["echo", "a2", "<>>", "b"]
        );
        assert_eq!(tokenize("echo 'open"), Err(LexError));
        assert_eq!(
            words(&tokenize("echo $? \"$?\" '$?'").unwrap()),
            ["echo", "\u{E000}", "\u{E000}", "$?"]
        );
    }
}
