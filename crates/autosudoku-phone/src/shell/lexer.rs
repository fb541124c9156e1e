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

pub fn tokenize(line: &str) -> Result<Vec<Token>, LexError> {
    let chars: Vec<char> = line.chars().collect();
    let mut tokens = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut i = 0;
    let finish = |tokens: &mut Vec<Token>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            tokens.push(Token::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' | '\r' => finish(&mut tokens, &mut word, &mut in_word),
            '\n' => {
                finish(&mut tokens, &mut word, &mut in_word);
                tokens.push(Token::Op(";"));
            }
            '#' if !in_word => break,
            '$' if chars.get(i + 1) == Some(&'?') => {
                in_word = true;
                word.push(LAST_STATUS);
                i += 1;
            }
            '\'' => {
                in_word = true;
                let end = chars[i + 1..]
                    .iter()
                    .position(|&c| c == '\'')
                    .ok_or(LexError)?;
                word.extend(&chars[i + 1..i + 1 + end]);
                i += end + 1;
            }
            '"' => {
                in_word = true;
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(LexError),
                        Some('"') => break,
                        Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\' | '$' | '`')) => {
                            word.push(chars[i + 1]);
                            i += 1;
                        }
                        Some('$') if chars.get(i + 1) == Some(&'?') => {
                            word.push(LAST_STATUS);
                            i += 1;
                        }
                        Some(&c) => word.push(c),
                    }
                    i += 1;
                }
            }
            '\\' => {
                in_word = true;
                if let Some(&next) = chars.get(i + 1) {
                    if next != '\n' {
                        word.push(next);
                    }
                    i += 1;
                }
            }
            _ => {
                let rest: String = chars[i..chars.len().min(i + 4)].iter().collect();
                // `2>` is an operator only at the start of a word.
                let op = OPS
                    .iter()
                    .find(|op| rest.starts_with(**op) && (!op.starts_with('2') || !in_word));
                match op {
                    Some(op) => {
                        finish(&mut tokens, &mut word, &mut in_word);
                        tokens.push(Token::Op(op));
                        i += op.len() - 1;
                    }
                    None => {
                        in_word = true;
                        word.push(c);
                    }
                }
            }
        }
        i += 1;
    }
    finish(&mut tokens, &mut word, &mut in_word);
    Ok(tokens)
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
