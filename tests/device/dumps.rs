//! Device dumps as conformance: what `doctor --dump` records of each kind of virtual phone,
//! answered by another virtual phone (`--replay`), gives the agent the same facts: size, density,
//! Android version, model and maker, the screen's state (off on a Samsung, whose power dump has
//! its own form) and the same capture, pixel for pixel.

use super::rig::{self, TestScreen};
use autosudoku_agent::device::display::{self, Hidden};
use autosudoku_agent::device::{self, dump, CaptureFormat, Device, DirectDevice, Timeouts};
use autosudoku_phone::android::Vendor;
use autosudoku_phone::replay::Replay;

/// What the agent derives from a phone, for comparing two.
#[derive(Debug, PartialEq)]
struct Derived {
    facts: device::ScreenFacts,
    hidden: Option<Hidden>,
    capture: (u32, u32, Vec<u8>),
}

fn derive(dev: &mut dyn Device) -> Derived {
    let shot = device::capture(dev, CaptureFormat::Raw).unwrap();
    Derived {
        facts: device::read_facts(dev).unwrap(),
        hidden: display::hidden(dev).unwrap(),
        capture: (
            shot.image.width(),
            shot.image.height(),
            shot.image.into_raw(),
        ),
    }
}

fn connect(phone: &autosudoku_phone::PhoneHandle) -> DirectDevice {
    DirectDevice::connect(phone.addr(), None, Timeouts::default())
        .unwrap()
        .0
}

#[test]
fn a_dump_of_each_vendor_replayed_gives_the_same_facts() {
    for name in ["emulator", "pixel", "samsung", "xiaomi", "fold", "flip"] {
        let vendor: Vendor = name.parse().unwrap();
        // The Samsung's screen is off: its `getWakefulnessLocked()=Asleep` must read as off.
        let off = vendor == Vendor::Samsung;
        let faults = if off { "screen=off" } else { "" };
        let (screen, _) = TestScreen::new(360, 640);
        let phone = rig::phone(Box::new(screen)).vendor(vendor);
        let original = rig::start(phone.faults(faults.parse().unwrap(), 0));
        let mut dev = connect(&original);
        let want = derive(&mut dev);
        assert_eq!(want.hidden.is_some(), off, "{name}");
        let mut file = Vec::new();
        dump::record(&mut dev, &mut file).unwrap();
        let text = String::from_utf8(file).unwrap();
        assert!(text.starts_with("{\"comment\":"), "{name}");

        // Another phone: another size, the default vendor, its screen on; only the dump speaks.
        let replay = Replay::parse(&text).unwrap();
        let (other, _) = TestScreen::new(720, 1280);
        let replaying = rig::start(rig::phone(Box::new(other)).replay(replay));
        let got = derive(&mut connect(&replaying));
        assert_eq!(got.facts, want.facts, "{name}");
        assert_eq!(got.hidden, want.hidden, "{name}");
        assert!(
            got.capture == want.capture,
            "{name}: the replayed capture differs"
        );
        original.stop();
        replaying.stop();
    }
}
