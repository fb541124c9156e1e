//! The touch panel each kind of phone ships, as `getevent -lp` lists it: its driver name and the
//! axes it declares. Whether it declares a pressure axis decides how Android reads a contact
//! written with pressure 0 (a hover, see touch.rs). Ranges are those real panels print, as other
//! projects quote them: Samsung's `sec_touchscreen` (touch major/minor 0..255, pressure 0..63) and
//! the goodix/fts panels of Pixel and Xiaomi phones (pressure 0..255); the emulator's multi-touch
//! device declares pressure too. Positions stay 0..4095 on every panel (touch.rs scales them);
//! what changes between vendors is the rest.

use crate::android::Vendor;
use crate::touch::{
    ABS_MAX, ABS_MT_ORIENTATION, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_PRESSURE,
    ABS_MT_SLOT, ABS_MT_TOUCH_MAJOR, ABS_MT_TOUCH_MINOR, ABS_MT_TRACKING_ID, SLOTS,
};

/// One declared absolute axis: its code, `getevent -l` label and range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Axis {
    pub code: u16,
    pub label: &'static str,
    pub min: i32,
    pub max: i32,
}

const fn axis(code: u16, label: &'static str, min: i32, max: i32) -> Axis {
    Axis {
        code,
        label,
        min,
        max,
    }
}

const SLOT: Axis = axis(ABS_MT_SLOT, "ABS_MT_SLOT", 0, SLOTS as i32 - 1);
const X: Axis = axis(ABS_MT_POSITION_X, "ABS_MT_POSITION_X", 0, ABS_MAX);
const Y: Axis = axis(ABS_MT_POSITION_Y, "ABS_MT_POSITION_Y", 0, ABS_MAX);
const TRACKING: Axis = axis(ABS_MT_TRACKING_ID, "ABS_MT_TRACKING_ID", 0, 65535);

/// The emulator's multi-touch device (touch size and pressure 0..255).
const EMULATOR: [Axis; 6] = [
    SLOT,
    axis(ABS_MT_TOUCH_MAJOR, "ABS_MT_TOUCH_MAJOR", 0, 255),
    X,
    Y,
    TRACKING,
    axis(ABS_MT_PRESSURE, "ABS_MT_PRESSURE", 0, 255),
];
/// Samsung's `sec_touchscreen` (Galaxy S and Z phones).
const SAMSUNG: [Axis; 7] = [
    SLOT,
    axis(ABS_MT_TOUCH_MAJOR, "ABS_MT_TOUCH_MAJOR", 0, 255),
    axis(ABS_MT_TOUCH_MINOR, "ABS_MT_TOUCH_MINOR", 0, 255),
    X,
    Y,
    TRACKING,
    axis(ABS_MT_PRESSURE, "ABS_MT_PRESSURE", 0, 63),
];
/// The goodix / fts panels of Pixels and Xiaomi phones.
const GOODIX: [Axis; 8] = [
    SLOT,
    axis(ABS_MT_TOUCH_MAJOR, "ABS_MT_TOUCH_MAJOR", 0, 2399),
    axis(ABS_MT_TOUCH_MINOR, "ABS_MT_TOUCH_MINOR", 0, 1079),
    axis(ABS_MT_ORIENTATION, "ABS_MT_ORIENTATION", -4096, 4096),
    X,
    Y,
    TRACKING,
    axis(ABS_MT_PRESSURE, "ABS_MT_PRESSURE", 0, 255),
];

/// The touch panel of a phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Panel {
    pub name: &'static str,
    pub axes: &'static [Axis],
}

impl Panel {
    /// The panel `vendor`'s phones ship.
    pub fn of(vendor: Vendor) -> Panel {
        match vendor {
            Vendor::Emulator | Vendor::Mumu => Panel {
                name: "virtual-touchscreen",
                axes: &EMULATOR,
            },
            Vendor::Samsung | Vendor::Fold | Vendor::Flip => Panel {
                name: "sec_touchscreen",
                axes: &SAMSUNG,
            },
            Vendor::Pixel | Vendor::Xiaomi => Panel {
                name: "goodix_ts",
                axes: &GOODIX,
            },
        }
    }

    /// Whether the panel declares `ABS_MT_PRESSURE`: then a contact with pressure 0 is a hover.
    pub fn reports_pressure(&self) -> bool {
        self.axes.iter().any(|a| a.code == ABS_MT_PRESSURE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_panel_declares_pressure_with_its_own_range() {
        for vendor in [
            Vendor::Emulator,
            Vendor::Pixel,
            Vendor::Samsung,
            Vendor::Xiaomi,
            Vendor::Flip,
        ] {
            assert!(Panel::of(vendor).reports_pressure(), "{vendor}");
        }
        let samsung = Panel::of(Vendor::Samsung);
        let pressure = samsung.axes.iter().find(|a| a.code == ABS_MT_PRESSURE);
        assert_eq!(pressure.map(|a| (a.min, a.max)), Some((0, 63)));
    }
}
