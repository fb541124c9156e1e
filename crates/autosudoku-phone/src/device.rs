//! The simulated phone's shared state, one per running phone and shared by every connection: the
//! app's screen, the clock, properties, settings, file system, touchscreen, ports opened inside
//! the phone, the timing model, faults and the trace.

use crate::adbd::auth::AuthKeys;
use crate::adbd::links::HostLinks;
use crate::adbd::stream::StreamIo;
use crate::android::{AndroidVersion, Vendor};
use crate::component::Component;
use crate::faults::Faults;
use crate::fs::Fs;
use crate::keyguard::Keyguard;
use crate::latency::{Cost, Timing};
use crate::launcher::Launcher;
use crate::process::Processes;
use crate::screen::{Keycode, Screen, Touch};
use crate::touch::{MtDecoder, Overlay};
use crate::trace::Trace;
use image::RgbaImage;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A server listening on a port inside the phone (the Monkey), served once per `tcp:PORT` stream.
pub type PortServer = Arc<dyn Fn(&mut StreamIo, &Arc<Device>) + Send + Sync>;

/// How long one write to a host may make no progress, unless the phone is built with another
/// (`Phone::write_timeout`): a host that stops reading would otherwise hold its connection's
/// threads forever. The adb server always reads its transports.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(15);

/// Everything fixed when the phone starts.
#[derive(Debug)]
pub struct DeviceConfig {
    pub android: AndroidVersion,
    pub vendor: Vendor,
    pub timing: Timing,
    pub shell_v2: bool,
    pub auth: Option<AuthKeys>,
    pub props: BTreeMap<String, String>,
    /// Bytes the file system holds before writes fail with "No space left on device".
    pub storage: u64,
    /// Answers recorded from a real phone, which win over the simulated ones.
    pub replay: Option<crate::replay::Replay>,
    /// The home app: the vendor's, or `--home-app`.
    pub home: Component,
    /// How long one write to a host may make no progress before its connection is dropped.
    pub write_timeout: Duration,
}

/// The running phone.
pub struct Device {
    config: DeviceConfig,
    screen: Mutex<Box<dyn Screen>>,
    boot: Instant,
    faults: Faults,
    trace: Option<Trace>,
    fs: Mutex<Fs>,
    settings: Mutex<BTreeMap<String, String>>,
    overlay: Mutex<Overlay>,
    decoder: Mutex<MtDecoder>,
    ports: Mutex<HashMap<u16, PortServer>>,
    processes: Mutex<Processes>,
    /// Set when the phone stops: what long-lived commands that outlive their shell end on.
    off: std::sync::atomic::AtomicBool,
    /// Counts what may have changed the display (input, the screen hooks, settings), so a
    /// recorder renders a frame (~15 ms of CPU at 1080x2400) only when it moved. Clocks and
    /// timers change the app by themselves and are not counted.
    changes: AtomicU64,
    /// The host connections' sockets, which the cable fault cuts.
    links: HostLinks,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Device {
    pub fn new(
        config: DeviceConfig,
        screen: Box<dyn Screen>,
        faults: Faults,
        trace: Option<Trace>,
    ) -> Device {
        let storage = config.storage;
        let panel = crate::panel::Panel::of(config.vendor);
        let launcher = Launcher::new(screen, config.home.clone());
        Device {
            config,
            screen: Mutex::new(Box::new(Keyguard::new(Box::new(launcher), faults.start()))),
            boot: Instant::now(),
            faults,
            trace,
            fs: Mutex::new(Fs::with_capacity(storage)),
            settings: Mutex::default(),
            overlay: Mutex::default(),
            decoder: Mutex::new(MtDecoder::new(panel.reports_pressure())),
            ports: Mutex::default(),
            processes: Mutex::default(),
            off: Default::default(),
            changes: AtomicU64::new(0),
            links: HostLinks::default(),
        }
    }

    /// The phone is stopping: every command still running should end.
    pub fn power_off(&self) {
        self.off.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn is_off(&self) -> bool {
        self.off.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The phone's clock: time since it started.
    pub fn now(&self) -> Duration {
        self.boot.elapsed()
    }

    pub fn android(&self) -> AndroidVersion {
        self.config.android
    }
    pub fn vendor(&self) -> Vendor {
        self.config.vendor
    }
    /// The app HOME opens.
    pub fn home(&self) -> &Component {
        &self.config.home
    }
    pub fn timing(&self) -> Timing {
        self.config.timing
    }
    pub fn shell_v2(&self) -> bool {
        self.config.shell_v2
    }
    pub fn replay(&self) -> Option<&crate::replay::Replay> {
        self.config.replay.as_ref()
    }
    pub fn write_timeout(&self) -> Duration {
        self.config.write_timeout
    }
    pub fn auth_keys(&self) -> Option<&AuthKeys> {
        self.config.auth.as_ref()
    }
    pub fn props(&self) -> &BTreeMap<String, String> {
        &self.config.props
    }
    pub fn prop(&self, key: &str) -> &str {
        self.config.props.get(key).map(String::as_str).unwrap_or("")
    }
    pub fn faults(&self) -> &Faults {
        &self.faults
    }

    pub fn links(&self) -> &HostLinks {
        &self.links
    }

    /// The CNXN banner (adb.cpp `get_connection_string`). No `delayed_ack`: we do stop-and-wait.
    /// No `cmd` either: this phone has no `cmd` binary, and adb_client takes `cmd` as a sign of
    /// shell v2, which `--no-shell-v2` must not offer.
    pub fn banner(&self) -> String {
        let features = if self.shell_v2() { "shell_v2" } else { "" };
        format!(
            "device::ro.product.name={};ro.product.model={};ro.product.device={};features={features}",
            self.prop("ro.product.name"),
            self.prop("ro.product.model"),
            self.prop("ro.product.device"),
        )
    }

    /// Sleeps for a simulated cost and returns it.
    pub fn pay(&self, cost: Cost) -> Duration {
        self.config.timing.pay(cost)
    }

    /// Sleeps until a simulated cost has passed since `started` (`Timing::pay_since`).
    pub fn pay_since(&self, cost: Cost, started: Instant) -> Duration {
        self.config.timing.pay_since(cost, started)
    }

    pub fn trace_event(&self, conn: u64, event: &str, detail: &str, cost: Option<Duration>) {
        if let Some(trace) = &self.trace {
            trace.log(self.now(), conn, event, detail, cost);
        }
    }

    /// Runs `f` on the app's screen (tests and the CLI use this; ADB never does).
    pub fn with_screen<R>(&self, f: impl FnOnce(&mut dyn Screen) -> R) -> R {
        let result = f(lock(&self.screen).as_mut());
        self.changed();
        result
    }

    /// How many times input, the screen hooks or a setting may have changed the display.
    pub fn changes(&self) -> u64 {
        self.changes.load(Ordering::SeqCst)
    }

    /// Counts a change, once it is made (a recorder that sees the count renders the new state).
    fn changed(&self) {
        self.changes.fetch_add(1, Ordering::SeqCst);
    }

    /// Display size in pixels.
    pub fn size(&self) -> (u32, u32) {
        lock(&self.screen).size()
    }

    pub fn density(&self) -> u32 {
        lock(&self.screen).density()
    }

    /// What the display shows now: the app's frame plus the system's touch dots if enabled.
    pub fn frame(&self) -> RgbaImage {
        let now = self.now();
        let (mut frame, density) = {
            let mut screen = lock(&self.screen);
            (screen.frame(now), screen.density())
        };
        if self.setting("system", "show_touches") == Some("1".to_string()) {
            lock(&self.overlay).draw(&mut frame, now, density);
        }
        frame
    }

    /// What display 0 shows, for what captures it by default (screencap, screenrecord,
    /// `framebuffer:`): the app's frame, or the home screen's wallpaper when the app runs on a
    /// display of its own (`Vendor::app_display`).
    pub fn display_zero_frame(&self) -> RgbaImage {
        if self.vendor().app_display() == 0 {
            self.frame()
        } else {
            crate::launcher::wallpaper(self.size())
        }
    }

    /// Delivers one touch event to the app (and the touch-dot overlay), on display 0.
    pub fn touch(&self, touch: Touch) {
        self.touch_on(0, touch)
    }

    /// Whether input for logical display `display` reaches the app: only where it runs (input
    /// for a display that shows the home screen alone changes nothing in the game).
    fn reaches_app(&self, display: u32) -> bool {
        display == self.vendor().app_display()
    }

    /// Delivers one touch event meant for logical display `display`.
    pub fn touch_on(&self, display: u32, touch: Touch) {
        if !self.reaches_app(display) {
            let on = display;
            tracing::info!(?touch, on, "touch on a display the app is not on");
            return;
        }
        let now = self.now();
        if !self.faults.takes_touch(&touch, now) {
            tracing::info!(?touch, "fault: touch debounced");
            return;
        }
        lock(&self.overlay).record(touch, now);
        let mut screen = lock(&self.screen);
        screen.touch(touch, now);
        if matches!(touch, Touch::Up { .. }) {
            if self.faults.tap_sends_home() {
                tracing::info!("fault: the user pressed Home");
                screen.key(Keycode(3), now);
            }
            self.input_landed();
        }
        self.changed();
    }

    /// A tap on display 0: down and up at the app's next frame. Returns false if the drop-taps
    /// fault ate it.
    pub fn tap(&self, x: f32, y: f32) -> bool {
        self.tap_on(0, x, y)
    }

    /// A tap meant for logical display `display`.
    pub fn tap_on(&self, display: u32, x: f32, y: f32) -> bool {
        if self.faults.drop_tap() {
            tracing::info!(x, y, "fault: tap dropped");
            return false;
        }
        std::thread::sleep(self.config.timing.until_next_frame(self.now()));
        self.touch_on(display, Touch::Down { x, y });
        self.touch_on(display, Touch::Up { x, y });
        true
    }

    /// A key press for the focused display (display 0: the keep-alive display never takes the
    /// focus) delivered to the app at its next frame, unless the drop-keys fault eats it.
    pub fn key(&self, key: Keycode) {
        self.key_on(0, key)
    }

    /// A key press meant for logical display `display`.
    pub fn key_on(&self, display: u32, key: Keycode) {
        // KEYCODE_UNKNOWN: no view handles it, so it changes nothing on any screen.
        if key.0 == 0 || !self.reaches_app(display) {
            return;
        }
        if self.faults.drop_key() {
            tracing::info!(code = key.0, "fault: key dropped");
            return;
        }
        std::thread::sleep(self.config.timing.until_next_frame(self.now()));
        let now = self.now();
        lock(&self.screen).key(key, now);
        self.input_landed();
        self.changed();
    }

    /// Counts an input that reached the app, for the cable fault that cuts every connection.
    fn input_landed(&self) {
        if self.faults.input_cuts_cable() {
            tracing::info!("fault: the cable is pulled");
            self.links.cut_all();
        }
    }

    /// One raw input event written to the touchscreen (what `sendevent` does).
    pub fn input_event(&self, kind: u16, code: u16, value: i32) {
        let size = self.size();
        let touch = lock(&self.decoder).event(kind, code, value, size);
        if let Some(touch) = touch {
            self.touch(touch);
        }
    }

    pub fn fs(&self) -> MutexGuard<'_, Fs> {
        lock(&self.fs)
    }

    /// `settings get NAMESPACE KEY`.
    pub fn setting(&self, namespace: &str, key: &str) -> Option<String> {
        lock(&self.settings)
            .get(&format!("{namespace}/{key}"))
            .cloned()
    }

    /// `settings put NAMESPACE KEY VALUE`.
    pub fn put_setting(&self, namespace: &str, key: &str, value: &str) {
        lock(&self.settings).insert(format!("{namespace}/{key}"), value.to_string());
        // show_touches, for one, draws over the app.
        self.changed();
    }

    /// Opens `port` inside the phone; false if something already listens there.
    pub fn listen(&self, port: u16, server: PortServer) -> bool {
        let mut ports = lock(&self.ports);
        if ports.contains_key(&port) {
            return false;
        }
        ports.insert(port, server);
        true
    }

    pub fn unlisten(&self, port: u16) {
        lock(&self.ports).remove(&port);
    }

    /// The long-running commands `pkill` and `kill` can signal.
    pub fn processes(&self) -> &Mutex<Processes> {
        &self.processes
    }

    /// The server on `port`, if any (what a `tcp:PORT` stream connects to).
    pub fn port(&self, port: u16) -> Option<PortServer> {
        lock(&self.ports).get(&port).cloned()
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! A phone with a blank 100x200 screen, for unit tests of services and commands.
    use super::*;

    use crate::screen::Blank;

    pub fn device() -> Device {
        let android = AndroidVersion::V14;
        let config = DeviceConfig {
            android,
            vendor: Vendor::default(),
            timing: Timing {
                latency: crate::latency::Latency::None,
                android,
            },
            shell_v2: true,
            auth: None,
            props: crate::android::properties(android, Vendor::default(), 160, &BTreeMap::new()),
            storage: crate::fs::DEFAULT_STORAGE,
            replay: None,
            home: Vendor::default().home(),
            write_timeout: WRITE_TIMEOUT,
        };
        Device::new(
            config,
            Box::new(Blank(100, 200)),
            Faults::new(Default::default(), 0),
            None,
        )
    }
}
