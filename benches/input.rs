//! Input and capture speed against the virtual phone with realistic latency, through a private
//! real adb server: taps per second and host round trips for 110 taps with each backend on
//! Android 11 and 13, and full-screen capture time per format at 1080x2400 and 1440x3200.
//! Prints Markdown tables. `scripts/bench-input` runs it; under `cargo test --benches` it does a
//! quick smoke run with latency off instead (measures nothing, proves it still works).

use autosudoku_agent::device::{
    self, CaptureFormat, DeviceConfig, InputKind, Key, Point, Route, ServerConfig, Timeouts,
};
use autosudoku_phone::android::AndroidVersion;
use autosudoku_phone::latency::Latency;
use autosudoku_phone::screen::{Keycode, Screen, Touch};
use image::{Rgba, RgbaImage};
use std::net::{Ipv4Addr, SocketAddrV4};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const TAPS: usize = 110;
const BACKENDS: [InputKind; 4] = [
    InputKind::Tap,
    InputKind::Shell,
    InputKind::Monkey,
    InputKind::Sendevent,
];

/// A UI-like screen (flat panels, edges) that counts what reaches it.
struct BenchScreen {
    frame: RgbaImage,
    events: Arc<AtomicUsize>,
}

impl BenchScreen {
    fn new(w: u32, h: u32) -> (BenchScreen, Arc<AtomicUsize>) {
        let events = Arc::new(AtomicUsize::new(0));
        let frame = RgbaImage::from_fn(w, h, |x, y| {
            if (x / 120 + y / 120) % 2 == 0 && x % 120 > 16 {
                Rgba([248, 249, 250, 255])
            } else {
                Rgba([(x % 256) as u8, 60, 140, 255])
            }
        });
        (
            BenchScreen {
                frame,
                events: events.clone(),
            },
            events,
        )
    }
}

impl Screen for BenchScreen {
    fn size(&self) -> (u32, u32) {
        self.frame.dimensions()
    }
    fn density(&self) -> u32 {
        440
    }
    fn frame(&mut self, _now: Duration) -> RgbaImage {
        self.frame.clone()
    }
    fn touch(&mut self, touch: Touch, _now: Duration) {
        if matches!(touch, Touch::Down { .. }) {
            self.events.fetch_add(1, Ordering::SeqCst);
        }
    }
    fn key(&mut self, _key: Keycode, _now: Duration) {
        self.events.fetch_add(1, Ordering::SeqCst);
    }
}

/// A private adb server, killed on drop.
struct Adb(u16);

impl Adb {
    fn start() -> Adb {
        let port = device::private_server_port().unwrap();
        let ok = Command::new("adb")
            .args(["-P", &port.to_string(), "start-server"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("the benchmark needs `adb` on PATH (Debian: apt install adb)");
        assert!(ok.success(), "adb start-server failed");
        Adb(port)
    }

    fn route(&self, serial: &str) -> Route {
        Route::Server {
            server: ServerConfig {
                addr: SocketAddrV4::new(Ipv4Addr::LOCALHOST, self.0),
                adb: PathBuf::from("adb"),
            },
            serial: Some(serial.to_owned()),
        }
    }
}

impl Drop for Adb {
    fn drop(&mut self) {
        let _ = Command::new("adb")
            .args(["-P", &self.0.to_string(), "kill-server"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

fn start_phone(
    size: (u32, u32),
    latency: Latency,
    android: AndroidVersion,
) -> (autosudoku_phone::PhoneHandle, Arc<AtomicUsize>) {
    let (screen, events) = BenchScreen::new(size.0, size.1);
    // sendevent writes /dev/input, which Android 10 and later grant only to root (`adb root`).
    let handle = autosudoku_phone::Phone::builder(Box::new(screen))
        .latency(latency)
        .android(android)
        .prop("service.adb.root", "1")
        .start("127.0.0.1:0".parse().unwrap())
        .expect("start the virtual phone");
    (handle, events)
}

struct TapRun {
    setup: Duration,
    elapsed: Duration,
    round_trips: usize,
}

/// Connects with `kind`, then times `taps` taps in one batch; checks the app saw every one.
fn run_taps(
    adb: &Adb,
    kind: InputKind,
    taps: usize,
    latency: Latency,
    android: AndroidVersion,
) -> TapRun {
    let (handle, events) = start_phone((1080, 2400), latency, android);
    let start = Instant::now();
    let mut phone = device::Phone::connect(&DeviceConfig::new(adb.route(&handle.serial()), kind))
        .expect("connect");
    let setup = start.elapsed();
    let points: Vec<Point> = (0..taps)
        .map(|i| Point::new(60 + (i as u32 % 9) * 110, 400 + (i as u32 / 9) * 90))
        .collect();
    let before = phone.input().stats().round_trips;
    let start = Instant::now();
    let n = if kind == InputKind::Keys {
        let keys: Vec<Key> = (0..taps)
            .map(|i| Key::digit((i % 10) as u8).unwrap())
            .collect();
        phone.input().keys(&keys).expect("keys");
        keys.len()
    } else {
        let map = phone.screen_map();
        phone.input().taps(&map, &points).expect("taps")
    };
    let elapsed = start.elapsed();
    assert_eq!(n, taps);
    let deadline = Instant::now() + Duration::from_secs(5);
    while events.load(Ordering::SeqCst) < taps && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(
        events.load(Ordering::SeqCst),
        taps,
        "{kind:?}: the app did not see every input"
    );
    TapRun {
        setup,
        elapsed,
        round_trips: phone.input().stats().round_trips - before,
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not.
    let measuring = std::env::args().any(|a| a == "--bench");
    let adb = Adb::start();
    if !measuring {
        for kind in BACKENDS.into_iter().chain([InputKind::Keys]) {
            run_taps(&adb, kind, 5, Latency::None, AndroidVersion::V13);
        }
        let (handle, _) = start_phone((108, 240), Latency::None, AndroidVersion::V13);
        let mut dev =
            device::open_device(&adb.route(&handle.serial()), Timeouts::default()).unwrap();
        for format in [CaptureFormat::Raw, CaptureFormat::Png] {
            device::capture(&mut *dev, format).unwrap();
        }
        println!("bench input: smoke run ok (run scripts/bench-input to measure)");
        return;
    }

    println!("## Input: {TAPS} taps in one batch, 1080x2400, --latency realistic, rooted (adb root, for sendevent), through the adb server\n");
    println!("| Android | backend | setup ms | taps/s | ms/tap | round trips | vs tap |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (name, android) in [("11", AndroidVersion::V11), ("13", AndroidVersion::V13)] {
        let mut baseline = None;
        for kind in BACKENDS.into_iter().chain([InputKind::Keys]) {
            let r = run_taps(&adb, kind, TAPS, Latency::Realistic, android);
            let rate = TAPS as f64 / r.elapsed.as_secs_f64();
            let base = *baseline.get_or_insert(rate);
            let label = if kind == InputKind::Keys {
                "keys (110 keycodes)".to_string()
            } else {
                kind.name().to_string()
            };
            println!(
                "| {name} | {label} | {:.0} | {rate:.1} | {:.1} | {} | {:.1}x |",
                r.setup.as_secs_f64() * 1e3,
                r.elapsed.as_secs_f64() * 1e3 / TAPS as f64,
                r.round_trips,
                rate / base
            );
        }
    }

    println!("\n## Capture: full screen, median of 3, --latency realistic --android 13, through the adb server\n");
    println!("| size | format | ms | MB on the wire |");
    println!("|---|---|---:|---:|");
    for size in [(1080, 2400), (1440, 3200)] {
        let (handle, _) = start_phone(size, Latency::Realistic, AndroidVersion::V13);
        let mut dev =
            device::open_device(&adb.route(&handle.serial()), Timeouts::default()).unwrap();
        for format in [CaptureFormat::Raw, CaptureFormat::Png] {
            let mut times = Vec::new();
            let mut bytes = 0;
            for _ in 0..3 {
                let shot = device::capture(&mut *dev, format).unwrap();
                assert_eq!(shot.image.dimensions(), size);
                times.push(shot.took);
                bytes = shot.bytes;
            }
            println!(
                "| {}x{} | {format:?} | {:.0} | {:.1} |",
                size.0,
                size.1,
                median(times).as_secs_f64() * 1e3,
                bytes as f64 / 1e6
            );
        }
    }
}
