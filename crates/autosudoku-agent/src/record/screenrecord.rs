//! `--record x.mp4` on a phone that has `screenrecord`: probing for it, recording in chunks that
//! end before its 180 s limit (waiting until each runs, so the video starts with the game),
//! stopping each with SIGINT (so the phone finishes the MP4 index), pulling the chunks through
//! `exec:cat` and deleting them on the phone. Joining is in `join`, the H.264 check in `h264`.

use super::RecordError;
use crate::device::{quote, Device, DeviceError, Service, Stream};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `screenrecord`'s own limit (`--time-limit`, at most 180 s before Android 14).
const PHONE_LIMIT: Duration = Duration::from_secs(180);
/// The host ends each chunk this long before the phone would, so no chunk is cut by the phone.
const ROTATE_EVERY: Duration = Duration::from_secs(170);
/// How long a started `screenrecord` may take to show up in `pidof`.
pub const START_WAIT: Duration = Duration::from_secs(5);
/// How long a stopped `screenrecord` may take to write its MP4 index and exit.
const STOP_WAIT: Duration = Duration::from_secs(10);
/// Marks the exit status after the probe's output.
const STATUS_MARK: &str = "autosudoku-status=";

/// The probe: `screenrecord --help`, then its exit status on the last line.
pub fn probe_command() -> String {
    format!("screenrecord --help 2>&1; echo {STATUS_MARK}$?")
}

/// Reads the probe's output: `Ok(())` when `screenrecord` runs, else why it cannot be used.
pub fn probe_result(output: &str) -> Result<(), String> {
    let (text, status) = match output.rfind(STATUS_MARK) {
        Some(at) => (
            &output[..at],
            output[at + STATUS_MARK.len()..].trim().parse::<i32>().ok(),
        ),
        None => (output, None),
    };
    let not_found = text.lines().any(|l| {
        l.contains("screenrecord") && (l.contains("not found") || l.contains("No such file"))
    });
    match status {
        _ if not_found => Err("screenrecord: not found".into()),
        Some(0) => Ok(()),
        Some(127) => Err("screenrecord: not found (exit 127)".into()),
        Some(code) => Err(format!(
            "screenrecord --help exited with {code}: {}",
            text.lines().next().unwrap_or("").trim()
        )),
        None => Err(format!("unexpected probe output {:?}", text.trim())),
    }
}

/// One chunk of the recording, numbered from 1, and where it lives on the phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunk(pub u32);

impl Chunk {
    pub fn phone_path(self) -> String {
        format!("/sdcard/autosudoku-rec-{}.mp4", self.0)
    }

    /// Where the host keeps this chunk next to the final `output` (`demo.part2.mp4`).
    pub fn host_path(self, output: &Path) -> PathBuf {
        let stem = output.file_stem().unwrap_or_default().to_string_lossy();
        output.with_file_name(format!("{stem}.part{}.mp4", self.0))
    }

    /// When the host stops this chunk, counted from the start of the recording.
    pub fn ends_at(self) -> Duration {
        ROTATE_EVERY * self.0
    }

    pub fn start_command(self) -> Result<String, RecordError> {
        Ok(format!(
            "screenrecord --time-limit {} {}",
            PHONE_LIMIT.as_secs(),
            quoted(&self.phone_path())?
        ))
    }

    pub fn delete_command(self) -> Result<String, RecordError> {
        Ok(format!("rm -f {}", quoted(&self.phone_path())?))
    }

    pub fn pull_service(self) -> Result<Service, RecordError> {
        Ok(Service::Exec(format!(
            "cat {}",
            quoted(&self.phone_path())?
        )))
    }
}

/// SIGINT makes `screenrecord` finish the file; a closed stream alone may leave it without an index.
pub const STOP_COMMAND: &str = "pkill -INT screenrecord";
/// Prints the recorder's pid once it runs (toybox `pidof`: nothing and exit 1 before).
const RUNNING_COMMAND: &str = "pidof screenrecord";

/// Waits until `screenrecord` runs, started at `opened`; returns the last instant it was known
/// not to run yet (when the last `pidof` that did not find it was sent, else `opened`): the
/// video's first frame is from after it, so frames timed from it are never ahead of the screen.
/// If it never shows up, it has failed (bad path, no display): its stream then holds its error
/// message, which the error quotes.
fn wait_until_running(
    device: &mut dyn Device,
    stream: &mut dyn Stream,
    opened: Instant,
) -> Result<Instant, RecordError> {
    let mut before = opened;
    while opened.elapsed() < START_WAIT {
        let asked = Instant::now();
        let out = device.shell(RUNNING_COMMAND).map_err(device_error)?;
        if out.split_whitespace().any(|w| w.parse::<u32>().is_ok()) {
            return Ok(before);
        }
        before = asked;
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = stream.set_timeout(Duration::from_secs(1));
    let mut said = Vec::new();
    let _ = stream.read_to_end(&mut said);
    stream.close();
    Err(RecordError::Phone(format!(
        "screenrecord did not start within {START_WAIT:?}: {}",
        String::from_utf8_lossy(&said).trim()
    )))
}

fn quoted(path: &str) -> Result<String, RecordError> {
    quote(path).map_err(|e| RecordError::Phone(e.to_string()))
}

fn device_error(e: DeviceError) -> RecordError {
    RecordError::Phone(e.to_string())
}

/// What `record_chunks` made: the chunks, and the last instant before the first began recording
/// (the video's start is no earlier).
pub struct Recorded {
    pub chunks: Vec<Chunk>,
    pub began: Instant,
}

/// Records on the phone until `stop` is set, one chunk after another; returns the chunks made.
/// `ready` hears once the first chunk is being recorded.
pub fn record_chunks(
    device: &mut dyn Device,
    stop: &AtomicBool,
    ready: Sender<()>,
) -> Result<Recorded, RecordError> {
    let start = Instant::now();
    let mut chunks = Vec::new();
    let mut began = None;
    loop {
        let chunk = Chunk(chunks.len() as u32 + 1);
        let opened = Instant::now();
        let mut stream = device
            .open(&Service::Shell(chunk.start_command()?))
            .map_err(device_error)?;
        let running = wait_until_running(device, &mut *stream, opened)?;
        began.get_or_insert(running);
        let _ = ready.send(());
        chunks.push(chunk);
        while !stop.load(Ordering::SeqCst) && start.elapsed() < chunk.ends_at() {
            std::thread::sleep(Duration::from_millis(100));
        }
        device.shell(STOP_COMMAND).map_err(device_error)?;
        // screenrecord exits once the file is complete; its stream then ends.
        let _ = stream.set_timeout(STOP_WAIT);
        let mut said = Vec::new();
        if let Err(e) = stream.read_to_end(&mut said) {
            tracing::warn!("screenrecord did not stop within {STOP_WAIT:?}: {e}");
            stream.close();
        }
        let said = String::from_utf8_lossy(&said);
        if !said.trim().is_empty() {
            tracing::info!("screenrecord: {}", said.trim());
        }
        if stop.load(Ordering::SeqCst) {
            let began = began.unwrap_or(start);
            return Ok(Recorded { chunks, began });
        }
    }
}

/// Copies each chunk to the host next to `output`, then deletes it on the phone.
pub fn pull_chunks(
    device: &mut dyn Device,
    chunks: &[Chunk],
    output: &Path,
) -> Result<Vec<PathBuf>, RecordError> {
    let mut pulled = Vec::new();
    for &chunk in chunks {
        let to = chunk.host_path(output);
        let mut stream = device.open(&chunk.pull_service()?).map_err(device_error)?;
        let _ = stream.set_timeout(device.timeouts().capture);
        let mut bytes = Vec::new();
        stream
            .read_to_end(&mut bytes)
            .map_err(|e| device_error(device.io_error("pulling a screenrecord chunk", e)))?;
        if bytes.is_empty() || bytes.starts_with(b"cat:") {
            return Err(RecordError::Phone(format!(
                "{} is missing or empty on the phone ({}); screenrecord may have failed to start",
                chunk.phone_path(),
                String::from_utf8_lossy(&bytes).trim()
            )));
        }
        std::fs::write(&to, &bytes).map_err(|source| RecordError::File {
            path: to.clone(),
            source,
        })?;
        device
            .shell(&chunk.delete_command()?)
            .map_err(device_error)?;
        pulled.push(to);
    }
    Ok(pulled)
}

/// The recorder thread's body for the phone-side path.
pub fn run(
    mut device: Box<dyn Device>,
    output: PathBuf,
    stop: Arc<AtomicBool>,
    ready: Sender<()>,
) -> Result<String, RecordError> {
    let start = Instant::now();
    let recorded = record_chunks(&mut *device, &stop, ready)?;
    let parts = pull_chunks(&mut *device, &recorded.chunks, &output)?;
    let ffmpeg = super::join::on_path("ffmpeg", std::env::var_os("PATH").as_deref());
    let mut note = super::join::join(&parts, &output, ffmpeg.as_deref())?;
    // Without ffmpeg several chunks stay apart (the note says so); one file is checked.
    if output.is_file() {
        let codec = super::h264::ensure_h264(&output, ffmpeg.as_deref())?;
        note = format!("{note} ({codec})");
    }
    Ok(format!(
        "recorded {:.1} s with the phone's screenrecord: {note}",
        start.elapsed().as_secs_f64()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::Timeouts;
    use std::io::{Cursor, Write};
    use std::sync::Mutex;

    /// A phone with `screenrecord` whose streams end at once; it logs every service opened,
    /// answers `pidof` with a pid and `exec:cat` of a chunk with that chunk's name as the video.
    #[derive(Clone, Default)]
    struct FakePhone(Arc<Mutex<Vec<String>>>);

    struct Bytes(Cursor<Vec<u8>>);

    impl Read for Bytes {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.0.read(buf)
        }
    }
    impl Write for Bytes {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    impl Stream for Bytes {
        fn set_timeout(&mut self, _: Duration) -> std::io::Result<()> {
            Ok(())
        }
        fn close(&mut self) {}
    }

    impl Device for FakePhone {
        fn serial(&self) -> &str {
            "fake"
        }
        fn timeouts(&self) -> Timeouts {
            Timeouts::default()
        }
        fn open(&mut self, service: &Service) -> Result<Box<dyn Stream>, DeviceError> {
            let wire = service.to_string();
            self.0.lock().unwrap().push(wire.clone());
            let body = match wire.strip_prefix("exec:cat ") {
                Some(path) => path.as_bytes().to_vec(),
                None if wire == "shell:pidof screenrecord" => b"4242\n".to_vec(),
                None => Vec::new(),
            };
            Ok(Box::new(Bytes(Cursor::new(body))))
        }
        fn reconnect(&mut self) -> Result<(), DeviceError> {
            Ok(())
        }
        fn clone_box(&self) -> Box<dyn Device> {
            Box::new(self.clone())
        }
    }

    #[test]
    fn a_short_run_records_stops_pulls_and_cleans_up_one_chunk() {
        let phone = FakePhone::default();
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("demo.mp4");
        let stop = Arc::new(AtomicBool::new(true));
        let (ready, started) = std::sync::mpsc::channel();
        let note = run(Box::new(phone.clone()), out.clone(), stop, ready).unwrap();
        assert_eq!(started.try_recv(), Ok(()), "the recorder said it started");
        assert!(note.contains("demo.mp4"), "{note}");
        assert_eq!(
            std::fs::read(&out).unwrap(),
            b"/sdcard/autosudoku-rec-1.mp4"
        );
        assert_eq!(
            *phone.0.lock().unwrap(),
            [
                "shell:screenrecord --time-limit 180 /sdcard/autosudoku-rec-1.mp4",
                "shell:pidof screenrecord",
                "shell:pkill -INT screenrecord",
                "exec:cat /sdcard/autosudoku-rec-1.mp4",
                "shell:rm -f /sdcard/autosudoku-rec-1.mp4",
            ]
        );
    }

    #[test]
    fn a_missing_screenrecord_is_detected_from_the_shell_output() {
        let mksh = format!("/system/bin/sh: screenrecord: not found\n{STATUS_MARK}127\n");
        assert!(probe_result(&mksh).is_err());
        let newer =
            format!("/system/bin/sh: screenrecord: inaccessible or not found\n{STATUS_MARK}127\n");
        assert!(probe_result(&newer).is_err());
        assert!(probe_result(&format!("{STATUS_MARK}127\n")).is_err());
        let usage = format!("Usage: screenrecord [options] <filename>\n\n{STATUS_MARK}0\n");
        assert_eq!(probe_result(&usage), Ok(()));
        assert!(probe_result(&format!("Killed\n{STATUS_MARK}137\n"))
            .unwrap_err()
            .contains("137"));
        assert!(probe_result("").is_err());
    }

    #[test]
    fn chunks_end_before_the_phone_limit_and_follow_each_other() {
        assert!(Chunk(1).ends_at() < PHONE_LIMIT);
        for n in 1..5 {
            let len = Chunk(n + 1).ends_at() - Chunk(n).ends_at();
            assert!(len < PHONE_LIMIT, "chunk {} lasts {len:?}", n + 1);
            assert_eq!(len, Chunk(1).ends_at());
        }
    }

    #[test]
    fn commands_name_the_chunk_and_quote_it() {
        assert_eq!(
            Chunk(2).start_command().unwrap(),
            "screenrecord --time-limit 180 /sdcard/autosudoku-rec-2.mp4"
        );
        assert_eq!(
            Chunk(2).delete_command().unwrap(),
            "rm -f /sdcard/autosudoku-rec-2.mp4"
        );
        assert_eq!(
            Chunk(3).pull_service().unwrap().to_string(),
            "exec:cat /sdcard/autosudoku-rec-3.mp4"
        );
        assert!(probe_command().starts_with("screenrecord --help"));
    }

    #[test]
    fn host_chunks_sit_next_to_the_output() {
        assert_eq!(
            Chunk(2).host_path(Path::new("/tmp/out/my demo.mp4")),
            Path::new("/tmp/out/my demo.part2.mp4")
        );
    }
}
