//! `screenrecord`'s command line: its options (`--size`, `--bit-rate`, `--time-limit`,
//! `--output-format`, `--bugreport`, `--verbose`, `--help`), their limits (screenrecord.cpp:
//! 0.1-200 Mbps, at most 180 s) and getopt-style errors, which exit 2 as the real tool's do.

use crate::android::AndroidVersion;
use std::time::Duration;

const MAX_TIME_LIMIT: u32 = 180;
/// screenrecord.cpp's accepted bit rates (0.1 to 200 Mbps) and its default.
const MIN_BIT_RATE: u32 = 100_000;
const MAX_BIT_RATE: u32 = 200_000_000;
const DEFAULT_BIT_RATE: u32 = 20_000_000;
/// The largest video side this phone's "encoder" accepts.
pub const MAX_SIDE: u32 = 4096;

/// The file name that means stdout (frames and raw-frames only, as in screenrecord.cpp).
pub const STDOUT: &str = "-";

pub const USAGE: &str = "Usage: screenrecord [options] <filename>

Android screenrecord (virtual phone).  Records the device's display to a .mp4 file.

Options:
--size WIDTHxHEIGHT
    Set the video size, e.g. \"1280x720\".  Default is the display's resolution.
    The display keeps its aspect ratio inside the video, centred on black.
--bit-rate RATE
    Set the video bit rate, in bits per second, or in megabits with an M
    suffix ('4M' is '4000000').  Default 20Mbps.
--bugreport
    Draw the recording time and frame number over the video.
--time-limit TIME
    Set the maximum recording time, in seconds.  Default and maximum 180
    (0 removes the limit from Android 14).
--output-format FORMAT
    Format of the output: mp4 (the default), frames (each frame as RGB888
    pixels after a 20-byte header) or raw-frames (the pixels alone).  A frame
    is written when the screen changes.  With frames and raw-frames the file
    name \"-\" is stdout (read it with adb exec-out).  This virtual phone has
    no H.264 encoder: h264, webm and 3gpp are not available.
--verbose
    Display interesting information on stdout.
--help
    Show this message.

Recording continues until Ctrl-C is hit or the time limit is reached.
";

/// `--output-format`: what is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Mp4,
    /// RGB888 frames, each after its header (AOSP FrameOutput::copyFrame).
    Frames,
    /// RGB888 frames with no header.
    RawFrames,
}

/// What the command line asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub size: Option<(u32, u32)>,
    pub format: Format,
    pub bit_rate: u32,
    pub bugreport: bool,
    /// `None`: no limit (`--time-limit 0` on Android 14).
    pub limit: Option<Duration>,
    pub verbose: bool,
    pub file: String,
}

/// Why the command line was not run: `--help` (exit 0) or a usage error (message, exit 2).
#[derive(Debug, PartialEq)]
pub enum Refusal {
    Help,
    Usage(String),
}

impl Options {
    pub fn parse(args: &[String], android: AndroidVersion) -> Result<Options, Refusal> {
        let mut options = Options {
            size: None,
            format: Format::Mp4,
            bit_rate: DEFAULT_BIT_RATE,
            bugreport: false,
            limit: Some(Duration::from_secs(MAX_TIME_LIMIT.into())),
            verbose: false,
            file: String::new(),
        };
        let mut files = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            if !arg.starts_with("--") || arg == "--" {
                if arg == "--" {
                    files.extend(it.by_ref().cloned());
                } else {
                    files.push(arg.clone());
                }
                continue;
            }
            // getopt_long takes `--name value` and `--name=value`.
            let (name, inline) = match arg.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (arg.as_str(), None),
            };
            let mut value = || {
                inline
                    .clone()
                    .or_else(|| it.next().cloned())
                    .ok_or_else(|| {
                        Refusal::Usage(format!(
                            "screenrecord: option '{name}' requires an argument\n"
                        ))
                    })
            };
            match name {
                "--help" => return Err(Refusal::Help),
                "--verbose" => options.verbose = true,
                "--bugreport" => options.bugreport = true,
                "--size" => options.size = Some(parse_size(&value()?)?),
                "--bit-rate" => options.bit_rate = parse_bit_rate(&value()?)?,
                "--time-limit" => options.limit = parse_limit(&value()?, android)?,
                "--output-format" => options.format = parse_format(&value()?)?,
                _ => {
                    return Err(Refusal::Usage(format!(
                        "screenrecord: unrecognized option '{arg}'\n"
                    )))
                }
            }
        }
        match files.as_slice() {
            [one] => options.file = one.clone(),
            _ => {
                return Err(Refusal::Usage(
                    "Must specify output file (see --help).\n".into(),
                ))
            }
        }
        Ok(options)
    }
}

fn parse_format(text: &str) -> Result<Format, Refusal> {
    match text {
        "mp4" => Ok(Format::Mp4),
        "frames" => Ok(Format::Frames),
        "raw-frames" => Ok(Format::RawFrames),
        // Real formats that need a video encoder this phone does not have.
        "h264" | "webm" | "3gpp" => Err(Refusal::Usage(format!(
            "Output format '{text}' is not supported by this virtual phone \
             (it records mp4, frames and raw-frames)\n"
        ))),
        _ => Err(Refusal::Usage(format!("Unknown format '{text}'\n"))),
    }
}

fn parse_size(text: &str) -> Result<(u32, u32), Refusal> {
    let bad = || Refusal::Usage(format!("Invalid size '{text}', must be width x height\n"));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h) = (
        w.parse::<u32>().map_err(|_| bad())?,
        h.parse::<u32>().map_err(|_| bad())?,
    );
    if w == 0 || h == 0 {
        return Err(Refusal::Usage(format!(
            "Invalid size {w}x{h}, width and height must be > 0\n"
        )));
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(Refusal::Usage(format!(
            "Video size {w}x{h} is larger than this phone's encoder supports ({MAX_SIDE}x{MAX_SIDE})\n"
        )));
    }
    Ok((w, h))
}

fn parse_bit_rate(text: &str) -> Result<u32, Refusal> {
    let (digits, scale) = match text.strip_suffix(['M', 'm']) {
        Some(d) => (d, 1_000_000),
        None => (text, 1),
    };
    let rate = digits
        .parse::<u64>()
        .ok()
        .and_then(|d| d.checked_mul(scale))
        .ok_or_else(|| Refusal::Usage(format!("Invalid bit rate '{text}'\n")))?;
    match u32::try_from(rate) {
        Ok(rate) if (MIN_BIT_RATE..=MAX_BIT_RATE).contains(&rate) => Ok(rate),
        _ => Err(Refusal::Usage(format!(
            "Bit rate {rate}bps outside acceptable range [{MIN_BIT_RATE},{MAX_BIT_RATE}]\n"
        ))),
    }
}

fn parse_limit(text: &str, android: AndroidVersion) -> Result<Option<Duration>, Refusal> {
    let unlimited = android >= AndroidVersion::V14;
    let lowest = u32::from(!unlimited);
    match text.parse::<u32>() {
        Ok(0) if unlimited => Ok(None),
        Ok(secs) if (1..=MAX_TIME_LIMIT).contains(&secs) => {
            Ok(Some(Duration::from_secs(secs.into())))
        }
        _ => Err(Refusal::Usage(format!(
            "Time limit {text}s outside acceptable range [{lowest},{MAX_TIME_LIMIT}]\n"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Options, Refusal> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        Options::parse(&args, AndroidVersion::V14)
    }

    fn refused(line: &str) -> String {
        match parse(line) {
            Err(Refusal::Usage(message)) => message,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn defaults_and_every_option() {
        let plain = parse("/sdcard/a.mp4").unwrap();
        assert_eq!(plain.limit, Some(Duration::from_secs(180)));
        assert_eq!((plain.size, plain.bit_rate), (None, DEFAULT_BIT_RATE));
        let all = parse(
            "--size 720x1280 --bit-rate=4M --time-limit 2 --bugreport --verbose /sdcard/a.mp4",
        )
        .unwrap();
        assert_eq!(all.size, Some((720, 1280)));
        assert_eq!(all.bit_rate, 4_000_000);
        assert_eq!(all.limit, Some(Duration::from_secs(2)));
        assert!(all.bugreport && all.verbose);
        assert_eq!(all.file, "/sdcard/a.mp4");
        assert_eq!(parse("--help"), Err(Refusal::Help));
        assert!(USAGE.starts_with("Usage: screenrecord [options] <filename>"));
    }

    #[test]
    fn the_time_limit_is_1_to_180_and_0_means_none_from_android_14() {
        assert_eq!(parse("--time-limit 0 x.mp4").unwrap().limit, None);
        let args: Vec<String> = ["--time-limit", "0", "x.mp4"].map(String::from).into();
        assert_eq!(
            Options::parse(&args, AndroidVersion::V13),
            Err(Refusal::Usage(
                "Time limit 0s outside acceptable range [1,180]\n".into()
            ))
        );
        assert_eq!(
            refused("--time-limit 181 x.mp4"),
            "Time limit 181s outside acceptable range [0,180]\n"
        );
        assert!(refused("--time-limit soon x.mp4").contains("soon"));
    }

    #[test]
    fn bad_command_lines_say_what_is_wrong() {
        assert_eq!(refused(""), "Must specify output file (see --help).\n");
        assert_eq!(
            refused("a.mp4 b.mp4"),
            "Must specify output file (see --help).\n"
        );
        assert_eq!(
            refused("--rotate a.mp4"),
            "screenrecord: unrecognized option '--rotate'\n"
        );
        assert_eq!(
            refused("a.mp4 --size"),
            "screenrecord: option '--size' requires an argument\n"
        );
        assert_eq!(
            refused("--size 720 a.mp4"),
            "Invalid size '720', must be width x height\n"
        );
        assert!(refused("--size 0x10 a.mp4").contains("must be > 0"));
        assert!(refused("--size 5000x10 a.mp4").contains("4096"));
        assert_eq!(
            refused("--bit-rate 1000 a.mp4"),
            "Bit rate 1000bps outside acceptable range [100000,200000000]\n"
        );
        assert_eq!(
            refused("--bit-rate fast a.mp4"),
            "Invalid bit rate 'fast'\n"
        );
    }

    #[test]
    fn the_output_format_takes_both_spellings_and_dash_is_a_file_name() {
        assert_eq!(parse("a.mp4").unwrap().format, Format::Mp4);
        let frames = parse("--output-format frames --size 270x600 -").unwrap();
        assert_eq!(
            (frames.format, frames.file.as_str()),
            (Format::Frames, STDOUT)
        );
        assert_eq!(frames.size, Some((270, 600)));
        let raw = parse("--output-format=raw-frames -").unwrap();
        assert_eq!(raw.format, Format::RawFrames);
        assert_eq!(
            parse("--output-format=mp4 a.mp4").unwrap().format,
            Format::Mp4
        );
        assert!(USAGE.contains("--output-format FORMAT"));
    }

    #[test]
    fn encoded_streams_are_refused_by_name_and_unknown_formats_as_the_real_tool_does() {
        let h264 = refused("--output-format=h264 -");
        assert!(
            h264.starts_with("Output format 'h264' is not supported by this virtual phone"),
            "{h264}"
        );
        assert!(h264.contains("mp4, frames and raw-frames"), "{h264}");
        assert!(refused("--output-format webm a.webm").contains("'webm'"));
        assert_eq!(
            refused("--output-format gif a.gif"),
            "Unknown format 'gif'\n"
        );
        assert_eq!(
            refused("- --output-format"),
            "screenrecord: option '--output-format' requires an argument\n"
        );
    }
}
