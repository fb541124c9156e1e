//! Turning the pulled `screenrecord` chunks into the one file the user asked for: a single chunk is
//! renamed, several are joined with ffmpeg's concat demuxer (no re-encoding) when ffmpeg is on
//! PATH, else kept side by side and named in the note.

use super::RecordError;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Puts `parts` (in order) into `output` with `ffmpeg` (its path, `None` when there is none);
/// says what was written.
pub fn join(
    parts: &[PathBuf],
    output: &Path,
    ffmpeg: Option<&Path>,
) -> Result<String, RecordError> {
    let file_error = |path: &Path| {
        let path = path.to_owned();
        move |source| RecordError::File { path, source }
    };
    match parts {
        [] => Err(RecordError::Phone("screenrecord made no chunk".into())),
        [one] => {
            std::fs::rename(one, output).map_err(file_error(output))?;
            Ok(format!("wrote {}", output.display()))
        }
        _ if ffmpeg.is_none() => {
            // The empty file `start` made to check the path must not pass for the recording.
            let _ = std::fs::remove_file(output);
            Ok(format!(
                "ffmpeg is not on PATH, so the {} chunks are kept as {}; join them with `ffmpeg -f concat`",
                parts.len(),
                names(parts)
            ))
        }
        _ => {
            let list = output.with_extension("concat.txt");
            std::fs::write(&list, concat_list(parts)).map_err(file_error(&list))?;
            let status = Command::new(ffmpeg.unwrap_or(Path::new("ffmpeg")))
                .args([
                    "-loglevel",
                    "error",
                    "-y",
                    "-f",
                    "concat",
                    "-safe",
                    "0",
                    "-i",
                ])
                .arg(&list)
                .args(["-c", "copy"])
                .arg(output)
                .stdin(Stdio::null())
                .status()
                .map_err(|e| RecordError::Ffmpeg(format!("cannot start ffmpeg: {e}")))?;
            let _ = std::fs::remove_file(&list);
            if !status.success() {
                return Err(RecordError::Ffmpeg(format!(
                    "ffmpeg could not join the chunks ({status}); they are kept as {}.",
                    names(parts)
                )));
            }
            for p in parts {
                let _ = std::fs::remove_file(p);
            }
            Ok(format!(
                "joined {} chunks into {}",
                parts.len(),
                output.display()
            ))
        }
    }
}

fn names(parts: &[PathBuf]) -> String {
    let names: Vec<String> = parts.iter().map(|p| p.display().to_string()).collect();
    names.join(", ")
}

/// ffmpeg's concat list: one `file '...'` line per part; inside single quotes only `'` is special,
/// written `'\''` as in sh.
pub fn concat_list(parts: &[PathBuf]) -> String {
    parts
        .iter()
        .map(|p| {
            let abs = std::path::absolute(p).unwrap_or_else(|_| p.clone());
            format!("file '{}'\n", abs.to_string_lossy().replace('\'', "'\\''"))
        })
        .collect()
}

/// The first file called `name` in the `PATH`-style list `path` (what a shell would run).
pub fn on_path(name: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    #[test]
    fn the_concat_list_quotes_every_path() {
        let parts = [
            PathBuf::from("/tmp/a.part1.mp4"),
            PathBuf::from("/tmp/it's here.part2.mp4"),
        ];
        assert_eq!(
            concat_list(&parts),
            "file '/tmp/a.part1.mp4'\nfile '/tmp/it'\\''s here.part2.mp4'\n"
        );
        assert!(concat_list(&[PathBuf::from("rel.mp4")]).starts_with("file '/"));
    }

    #[test]
    fn ffmpeg_is_found_only_where_path_points() {
        let dir = tempfile::tempdir().unwrap();
        let empty = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("ffmpeg"), b"").unwrap();
        let path = std::env::join_paths([empty.path(), dir.path()]).unwrap();
        assert_eq!(
            on_path("ffmpeg", Some(&path)),
            Some(dir.path().join("ffmpeg"))
        );
        assert_eq!(on_path("ffmpeg", Some(empty.path().as_os_str())), None);
        assert_eq!(on_path("ffmpeg", None), None);
    }

    #[test]
    fn one_chunk_is_renamed() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("demo.mp4");
        let part = dir.path().join("demo.part1.mp4");
        std::fs::write(&part, b"video").unwrap();
        join(std::slice::from_ref(&part), &out, None).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"video");
        assert!(!part.exists());
        assert!(join(&[], &out, None).is_err());
    }

    fn two_parts(dir: &Path) -> Vec<PathBuf> {
        (1..=2)
            .map(|n| dir.join(format!("demo.part{n}.mp4")))
            .collect()
    }

    #[test]
    fn without_ffmpeg_the_chunks_are_kept_and_named() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("demo.mp4");
        std::fs::write(&out, b"").unwrap();
        let parts = two_parts(dir.path());
        parts
            .iter()
            .for_each(|p| std::fs::write(p, b"video").unwrap());
        let note = join(&parts, &out, None).unwrap();
        assert!(note.contains("demo.part2.mp4"), "{note}");
        assert!(parts.iter().all(|p| p.exists()));
        assert!(!out.exists(), "the empty placeholder is removed");
    }

    /// Two 1 s clips become one 2 s file and the parts are gone. Needs ffmpeg on PATH and fails
    /// saying so rather than passing without having joined anything.
    /// Writes a 1 s, 10 fps test pattern of `size` to `path` with ffmpeg and `encode` options.
    pub(in crate::record) fn test_clip(ffmpeg: &Path, path: &Path, size: &str, encode: &[&str]) {
        let made = Command::new(ffmpeg)
            .args(["-loglevel", "error", "-f", "lavfi", "-i"])
            .arg(format!("testsrc=d=1:s={size}:r=10"))
            .args(encode)
            .arg(path)
            .status()
            .unwrap();
        assert!(made.success(), "ffmpeg could not write {}", path.display());
    }

    #[test]
    fn with_ffmpeg_the_chunks_are_joined_without_reencoding() {
        let ffmpeg = on_path("ffmpeg", std::env::var_os("PATH").as_deref())
            .expect("ffmpeg on PATH (Debian: `sudo apt install ffmpeg`)");
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("demo.mp4");
        let parts = two_parts(dir.path());
        for p in &parts {
            test_clip(&ffmpeg, p, "64x64", &["-pix_fmt", "yuv420p"]);
        }
        let note = join(&parts, &out, Some(&ffmpeg)).unwrap();
        assert!(note.contains("joined 2 chunks"), "{note}");
        assert!(parts.iter().all(|p| !p.exists()));
        let probe = Command::new(&ffmpeg)
            .arg("-i")
            .arg(&out)
            .args(["-f", "null", "-"])
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&probe.stderr);
        assert!(log.contains("Duration: 00:00:02"), "{log}");
    }
}
