//! Text a phone prints before a capture's image. `exec:` merges stderr into the stream, and
//! stderr comes first: `screencap` on a phone with two displays (Android 14+, AOSP
//! frameworks/base/cmds/screencap/screencap.cpp) warns `[Warning] Multiple displays were found…`,
//! some ROMs' dynamic linker prints `WARNING: linker: …` lines, some GPU drivers a shader-cache
//! error. Whole lines of text are taken off the front; the image begins where the bytes stop
//! being a text line.
//!
//! No misparse: a raw header's width is below 2^16, so its bytes 2 and 3 are NUL, which no text
//! line holds; the PNG signature is not UTF-8. So the first 12 bytes of each line decide: a NUL
//! among them, or the PNG signature, starts the image; anything else must be a whole UTF-8 line
//! without control characters, or nothing is taken and the decoder reports what came.
//! Text commands' output (`Device::shell`, the only way text enters the agent) is read without
//! the linker's lines wherever they come (`shell_text`).

use std::io::Read;

/// How bionic's dynamic linker starts a warning (bionic/linker/linker_globals.h, `DL_WARN`): on
/// stderr, which the shell stream merges, as each program starts, so on some ROMs before every
/// command's output and between those of a chain. Values read one a line would all shift by it,
/// and a command whose any output is an error (`input`, `sendevent`) would seem to fail.
const LINKER_WARNING: &str = "WARNING: linker: ";

/// A text command's output as the agent reads it: UTF-8 (lossy), without the linker's warning
/// lines; every other line, an empty one included, stays in place.
pub fn shell_text(output: &[u8]) -> String {
    String::from_utf8_lossy(output)
        .split_inclusive('\n')
        .filter(|l| !l.starts_with(LINKER_WARNING))
        .collect()
}

/// The PNG file signature.
pub const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// Most text taken off the front: far more than any warning seen, small enough that a stream of
/// text never becomes a big buffer.
const MAX_TEXT: usize = 16 * 1024;

/// The raw header's length before Android 8.1, the least that tells a header from text.
const PEEK: usize = 12;

/// What came before the image, and the first bytes of the image itself.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Preamble {
    /// The text lines taken off, newlines included (empty when the image came first).
    pub text: String,
    /// Bytes already read past the text: the start of the image.
    pub rest: Vec<u8>,
}

impl Preamble {}

/// Reads `reader` until the image starts (see the module's rule), reading no more than one
/// small chunk past it.
pub fn read_preamble(reader: &mut dyn Read) -> std::io::Result<Preamble> {
    let mut text = String::new();
    let mut buf: Vec<u8> = Vec::new();
    let mut eof = false;
    loop {
        while buf.len() < PEEK && !eof {
            eof = !fill(reader, &mut buf)?;
        }
        if buf.is_empty() && eof {
            // Text and no image: the text is the answer (an error), for the decoder to quote.
            return Ok(Preamble {
                text: String::new(),
                rest: text.into_bytes(),
            });
        }
        let Some(line_len) = text_line(&buf) else {
            return Ok(Preamble { text, rest: buf });
        };
        match line_len {
            LineEnd::At(n) if text.len() + n <= MAX_TEXT => {
                let line: Vec<u8> = buf.drain(..n).collect();
                text.push_str(std::str::from_utf8(&line).unwrap_or_default());
            }
            LineEnd::NotYet if !eof && buf.len() <= MAX_TEXT => {
                eof = !fill(reader, &mut buf)?;
            }
            // Endless text, or text cut off: leave it to the decoder to report.
            _ => return Ok(Preamble { text, rest: buf }),
        }
    }
}

/// The same rule on bytes already in memory.
pub fn split_preamble(bytes: &[u8]) -> (String, &[u8]) {
    let mut reader = bytes;
    let preamble = read_preamble(&mut reader).unwrap_or_default();
    let start = bytes.len() - reader.len() - preamble.rest.len();
    (preamble.text, &bytes[start..])
}

/// Where the first line of `buf` ends, if `buf` starts with a text line.
enum LineEnd {
    /// After this many bytes (the newline included).
    At(usize),
    /// Text so far, but no newline yet.
    NotYet,
}

/// `None` when `buf` starts with the image (or with bytes no text line holds).
fn text_line(buf: &[u8]) -> Option<LineEnd> {
    let head = &buf[..buf.len().min(PEEK)];
    if buf.is_empty() || head.contains(&0) || buf.starts_with(&PNG_SIGNATURE[..head.len().min(8)]) {
        return None;
    }
    let (line, end) = match buf.iter().position(|&b| b == b'\n') {
        Some(i) => (&buf[..i], LineEnd::At(i + 1)),
        None => (buf, LineEnd::NotYet),
    };
    let is_text = match std::str::from_utf8(line) {
        Ok(s) => s.chars().all(|c| !c.is_control() || c == '\t' || c == '\r'),
        // A chunk may end inside a character: judge what is complete.
        Err(e) => e.error_len().is_none() && matches!(end, LineEnd::NotYet),
    };
    is_text.then_some(end)
}

/// Appends one read's worth to `buf`; false at the end of the stream.
fn fill(reader: &mut dyn Read, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    let mut chunk = [0u8; 512];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) => return Ok(false),
            Ok(n) => {
                buf.extend_from_slice(&chunk[..n]);
                return Ok(true);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AOSP frameworks/base/cmds/screencap/screencap.cpp (android14-release and later), the three
    /// `fprintf(stderr, …)` calls when no `-d` is given and several displays exist.
    const SEVERAL_DISPLAYS: &str = "[Warning] Multiple displays were found, but no display id was specified! Defaulting to the first display found, however this default is not guaranteed to be consistent across captures. A display id should be specified.\nA display ID can be specified with the [-d display-id] option.\nSee \"dumpsys SurfaceFlinger --display-id\" for valid display IDs.\n";

    /// Lines quoted in LmeSzinc/AzurLaneAutoScript (module/device/method/utils.py,
    /// `remove_shell_warning`, and its tracker): a linker warning and a shader-cache error.
    const LINKER: &str =
        "WARNING: linker: /system/lib/libhwui.so: unused DT entry: type 0x6ffffffe arg 0x1a5c\n";
    const SHADER: &str =
        "Failed to create //.cache for shader cache (Read-only file system)---disabling.\n";

    fn raw_header(w: u32, h: u32) -> Vec<u8> {
        [w, h, 1, 1].iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn takes_warning_lines_off_a_raw_capture() {
        let mut bytes = format!("{SEVERAL_DISPLAYS}{LINKER}{SHADER}").into_bytes();
        bytes.extend(raw_header(1080, 2400));
        bytes.extend([7u8; 64]);
        let got = read_preamble(&mut &bytes[..]).unwrap();
        assert!(crate::device::game_display::warns_of_several_displays(
            &got.text
        ));
        assert!(got.text.ends_with(SHADER));
        assert_eq!(&got.rest[..16], &raw_header(1080, 2400)[..]);
        let (text, image) = split_preamble(&bytes);
        assert_eq!((text.len(), image.len()), (got.text.len(), 80));
    }

    #[test]
    fn a_header_that_looks_like_text_is_kept() {
        // 2616 = 0x0a38: the width's bytes are '8' and a newline, then NUL.
        let bytes = raw_header(2616, 1140);
        let got = read_preamble(&mut &bytes[..]).unwrap();
        assert_eq!((got.text.as_str(), got.rest), ("", bytes));
        // Printable width and height bytes still carry NULs.
        let printable = raw_header(0x4141, 0x4242);
        assert_eq!(split_preamble(&printable).0, "");
    }

    #[test]
    fn finds_a_png_behind_text_and_stops_at_binary_garbage() {
        let mut bytes = LINKER.as_bytes().to_vec();
        bytes.extend_from_slice(PNG_SIGNATURE);
        bytes.extend([0u8; 20]);
        let (text, image) = split_preamble(&bytes);
        assert_eq!((text.as_str(), &image[..8]), (LINKER, &PNG_SIGNATURE[..]));
        let garbage = b"\x01\x02not text\n".to_vec();
        assert_eq!(split_preamble(&garbage), (String::new(), &garbage[..]));
        // Text without an image is left whole for the decoder to quote.
        let only = b"/system/bin/sh: screencap: inaccessible or not found\n";
        assert_eq!(split_preamble(only), (String::new(), &only[..]));
    }

    #[test]
    fn endless_text_stops_at_the_limit() {
        let line = b"WARNING: linker: again\n";
        let mut endless = std::io::Read::chain(&b""[..], std::io::repeat(b'x'));
        let got = read_preamble(&mut endless).unwrap();
        assert!(got.text.is_empty() && got.rest.len() > MAX_TEXT);
        let many: Vec<u8> = line.iter().copied().cycle().take(3 * MAX_TEXT).collect();
        let got = read_preamble(&mut &many[..]).unwrap();
        assert!(got.text.len() <= MAX_TEXT && !got.rest.is_empty());
    }

    /// A ROM whose linker warns as each program starts: before the first output and between a
    /// chain's, even before an empty one (an unset prop). Only the warnings go.
    #[test]
    fn shell_text_drops_the_linkers_lines_wherever_they_come() {
        let out = format!("{LINKER}11\n{LINKER}\n{LINKER}NXP\nno newline");
        assert_eq!(shell_text(out.as_bytes()), "11\n\nNXP\nno newline");
        let not_at_start = "said WARNING: linker: here\n";
        assert_eq!(shell_text(not_at_start.as_bytes()), not_at_start);
    }
}
