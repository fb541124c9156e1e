//! Quoting for the device's `/system/bin/sh` (mksh/toybox): any text we send inside a shell command
//! goes through `quote`, so no user or app text can end the quotes and run as a command.

/// Quotes `s` as one word for a POSIX shell, with the `shlex` crate (single quotes, or double
/// quotes with `$`, `` ` ``, `"` and `\` escaped when `s` holds a `'`); plain words stay bare. NUL
/// cannot be passed through a shell at all.
pub fn quote(s: &str) -> Result<String, QuoteError> {
    shlex::try_quote(s)
        .map(|q| q.into_owned())
        .map_err(|_| QuoteError::Nul)
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuoteError {
    #[error("text contains a NUL byte, which a device shell cannot receive; remove it")]
    Nul,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Bytes that are never special to sh (a `]` with no `[` before it is a plain character).
    fn is_plain(b: u8) -> bool {
        b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'_' | b'-' | b'.' | b',' | b'/' | b':' | b'@' | b'%' | b'+' | b'=' | b']'
            )
    }

    /// A small POSIX word splitter (single and double quotes, backslash) — enough to see what sh would make of a
    /// quoted word, and to detect anything that would act as an operator outside quotes.
    fn sh_words(line: &str) -> Result<Vec<String>, String> {
        let mut words = Vec::new();
        let mut cur = String::new();
        let mut in_word = false;
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            match c {
                '\'' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('\'') => break,
                            Some(ch) => cur.push(ch),
                            None => return Err("unterminated quote".into()),
                        }
                    }
                }
                '"' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('"') => break,
                            Some('\\') => match chars.next() {
                                Some(e @ ('$' | '`' | '"' | '\\')) => cur.push(e),
                                Some(other) => {
                                    cur.push('\\');
                                    cur.push(other);
                                }
                                None => return Err("unterminated quote".into()),
                            },
                            Some(ch @ ('$' | '`')) => {
                                return Err(format!("unescaped {ch:?} inside double quotes"))
                            }
                            Some(ch) => cur.push(ch),
                            None => return Err("unterminated quote".into()),
                        }
                    }
                }
                '\\' => {
                    in_word = true;
                    cur.push(chars.next().ok_or("trailing backslash")?);
                }
                ' ' | '\t' | '\n' => {
                    if in_word {
                        words.push(std::mem::take(&mut cur));
                        in_word = false;
                    }
                }
                c if is_plain(c as u8) && c.is_ascii() => {
                    in_word = true;
                    cur.push(c);
                }
                other => return Err(format!("unquoted special character {other:?}")),
            }
        }
        if in_word {
            words.push(cur);
        }
        Ok(words)
    }

    #[test]
    fn plain_words_stay_bare_and_others_are_quoted() {
        assert_eq!(quote("KEYCODE_5").unwrap(), "KEYCODE_5");
        assert_eq!(quote("").unwrap(), "''");
        assert_eq!(quote("a b").unwrap(), "'a b'");
        assert_eq!(quote("it's").unwrap(), "\"it's\"");
        assert_eq!(quote("$(reboot)").unwrap(), "'$(reboot)'");
        assert_eq!(quote("a\0b"), Err(QuoteError::Nul));
    }

    proptest! {
        /// No generated string can break out of its quotes: sh sees exactly one word, equal to the input,
        /// even with a command glued after it.
        #[test]
        fn quoted_text_is_one_word_equal_to_itself(s in "[^\\x00]{0,40}") {
            let q = quote(&s).unwrap();
            let line = format!("echo {q} ok");
            let words = sh_words(&line).map_err(|e| TestCaseError::fail(format!("{q}: {e}")))?;
            prop_assert_eq!(words, vec!["echo".to_string(), s, "ok".to_string()]);
        }
    }
}
