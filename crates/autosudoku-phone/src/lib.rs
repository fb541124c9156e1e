//! The virtual phone: a simulated Android device speaking the device side of the ADB wire
//! protocol over TCP, so that the real `adb` server and `adb_client` talk to it as to a phone in
//! `adb tcpip` mode. The app on its display is injected as a `Screen`; tests start the phone
//! in-process with `Phone::builder(screen)...start(addr)` and reach the screen through the
//! returned `PhoneHandle`, never over ADB.
//! No agent module may import anything from here (tests/architecture.rs checks it).

pub mod adbd;
pub mod android;
pub mod app;
pub mod component;
pub mod device;
pub mod faults;
pub mod fs;
pub mod fuzzing;
pub mod keyguard;
pub mod latency;
pub mod launcher;
pub mod panel;
pub mod process;
pub mod replay;
pub mod screen;
pub mod services;
pub mod shell;
pub mod touch;
pub mod trace;
pub mod video;

use adbd::auth::AuthKeys;
use adbd::Listener;
use android::{AndroidVersion, Vendor};
use device::{Device, DeviceConfig};
use faults::{FaultPlan, Faults};
use latency::{Latency, Timing};
use screen::Screen;
use std::collections::BTreeMap;
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use trace::Trace;

/// Why the phone could not start.
#[derive(Debug, thiserror::Error)]
pub enum PhoneError {
    #[error("cannot listen on {addr}: {reason}; choose another port (--listen 127.0.0.1:0 picks a free one)")]
    Bind {
        addr: SocketAddr,
        reason: std::io::Error,
    },
    #[error("refusing to listen on {0}, which is not a loopback address: anyone on the network could drive this phone; pass --allow-remote if that is what you want")]
    NotLoopback(SocketAddr),
    #[error("cannot create the trace file {path}: {reason}")]
    Trace {
        path: PathBuf,
        reason: std::io::Error,
    },
}

/// Builder of a virtual phone around an app's `Screen`.
pub struct Phone {
    screen: Box<dyn Screen>,
    android: AndroidVersion,
    vendor: Vendor,
    home: Option<component::Component>,
    latency: Latency,
    shell_v2: bool,
    auth: Option<AuthKeys>,
    replay: Option<replay::Replay>,
    faults: FaultPlan,
    fault_seed: u64,
    props: BTreeMap<String, String>,
    trace: Option<PathBuf>,
    allow_remote: bool,
    storage: u64,
    write_timeout: Duration,
}

impl Phone {
    /// A phone showing `screen`: Android 14, realistic latency, shell v2, no auth, no faults.
    pub fn builder(screen: Box<dyn Screen>) -> Phone {
        Phone {
            screen,
            android: AndroidVersion::V14,
            vendor: Vendor::default(),
            home: None,
            latency: Latency::Realistic,
            shell_v2: true,
            auth: None,
            replay: None,
            faults: FaultPlan::default(),
            fault_seed: 0,
            props: BTreeMap::new(),
            trace: None,
            allow_remote: false,
            storage: fs::DEFAULT_STORAGE,
            write_timeout: device::WRITE_TIMEOUT,
        }
    }

    pub fn android(mut self, version: AndroidVersion) -> Phone {
        self.android = version;
        self
    }
    /// Whose Android build the phone runs (`Vendor::Emulator` by default).
    pub fn vendor(mut self, vendor: Vendor) -> Phone {
        self.vendor = vendor;
        self
    }
    /// The home app, instead of the vendor's (`Vendor::home`): what HOME shows, `dumpsys window`
    /// names there and `cmd package resolve-activity` resolves HOME to.
    pub fn home(mut self, home: component::Component) -> Phone {
        self.home = Some(home);
        self
    }
    pub fn latency(mut self, latency: Latency) -> Phone {
        self.latency = latency;
        self
    }
    /// Whether `shell_v2` is advertised and served (`--no-shell-v2` turns it off).
    pub fn shell_v2(mut self, on: bool) -> Phone {
        self.shell_v2 = on;
        self
    }
    /// Answer the commands `replay` recorded as it recorded them.
    pub fn replay(mut self, replay: replay::Replay) -> Phone {
        self.replay = Some(replay);
        self
    }
    /// Require RSA AUTH with one of these keys.
    pub fn auth(mut self, keys: AuthKeys) -> Phone {
        self.auth = Some(keys);
        self
    }
    pub fn faults(mut self, plan: FaultPlan, seed: u64) -> Phone {
        self.faults = plan;
        self.fault_seed = seed;
        self
    }
    /// Overrides a system property (`ro.product.model`, ...).
    pub fn prop(mut self, key: &str, value: &str) -> Phone {
        self.props.insert(key.to_string(), value.to_string());
        self
    }
    pub fn trace(mut self, path: PathBuf) -> Phone {
        self.trace = Some(path);
        self
    }
    /// The file system's size in bytes (default `fs::DEFAULT_STORAGE`): pushes and writes beyond
    /// it fail with "No space left on device".
    pub fn storage(mut self, bytes: u64) -> Phone {
        self.storage = bytes;
        self
    }
    /// How long one write to a host may make no progress before the phone drops that host
    /// (default `device::WRITE_TIMEOUT`; tests shorten it to see it happen).
    pub fn write_timeout(mut self, timeout: Duration) -> Phone {
        self.write_timeout = timeout;
        self
    }
    /// Allow a non-loopback listen address.
    pub fn allow_remote(mut self, allow: bool) -> Phone {
        self.allow_remote = allow;
        self
    }

    /// Binds `listen` and starts serving in background threads.
    pub fn start(self, listen: SocketAddr) -> Result<PhoneHandle, PhoneError> {
        if !listen.ip().is_loopback() && !self.allow_remote {
            return Err(PhoneError::NotLoopback(listen));
        }
        let trace = match &self.trace {
            Some(path) => Some(Trace::create(path).map_err(|reason| PhoneError::Trace {
                path: path.clone(),
                reason,
            })?),
            None => None,
        };
        let props = android::properties(
            self.android,
            self.vendor,
            self.screen.density(),
            &self.props,
        );
        let config = DeviceConfig {
            android: self.android,
            vendor: self.vendor,
            timing: Timing {
                latency: self.latency,
                android: self.android,
            },
            shell_v2: self.shell_v2,
            auth: self.auth,
            props,
            replay: self.replay,
            storage: self.storage,
            home: self.home.unwrap_or_else(|| self.vendor.home()),
            write_timeout: self.write_timeout,
        };
        let device = Arc::new(Device::new(
            config,
            self.screen,
            Faults::new(self.faults, self.fault_seed),
            trace,
        ));
        let socket = TcpListener::bind(listen).map_err(|reason| PhoneError::Bind {
            addr: listen,
            reason,
        })?;
        let listener =
            Listener::start(socket, device.clone()).map_err(|reason| PhoneError::Bind {
                addr: listen,
                reason,
            })?;
        tracing::info!(addr = %listener.addr(), "virtual phone listening");
        Ok(PhoneHandle { device, listener })
    }
}

/// A running phone. Dropping it stops the phone.
#[derive(Debug)]
pub struct PhoneHandle {
    device: Arc<Device>,
    listener: Listener,
}

impl PhoneHandle {
    /// The address it listens on (with the real port when started on port 0).
    pub fn addr(&self) -> SocketAddr {
        self.listener.addr()
    }

    /// The serial `adb connect` gives it: `HOST:PORT`.
    pub fn serial(&self) -> String {
        self.addr().to_string()
    }

    /// Runs `f` on the app's screen (grading and test hooks; never reachable over ADB).
    pub fn with_screen<R>(&self, f: impl FnOnce(&mut dyn Screen) -> R) -> R {
        self.device.with_screen(f)
    }

    /// The phone's shared state (file system, settings, clock) for tests.
    pub fn device(&self) -> &Arc<Device> {
        &self.device
    }

    /// Cuts every host connection, as an adbd restart would; new connections are accepted.
    pub fn drop_connections(&self) {
        self.listener.drop_connections();
    }

    /// Stops listening and cuts every connection.
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for PhoneHandle {
    fn drop(&mut self) {
        // Ends the commands that outlive their connection (the Monkey) with the phone.
        self.device.power_off();
        self.listener.stop();
    }
}
