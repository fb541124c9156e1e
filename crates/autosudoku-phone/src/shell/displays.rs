//! The phone's displays as the system lists them: one built-in screen, or on a foldable or flip
//! phone also the cover screen (a second physical display with its own logical display, AOSP
//! `LogicalDisplayMapper`). What `dumpsys SurfaceFlinger --display-id`, `dumpsys display` and
//! `dumpsys input` print about them, and the cover screen's picture for `screencap -d`.
//!
//! Physical display ids are SurfaceFlinger's 64-bit ids (AOSP
//! frameworks/native/libs/ui/DisplayIdentification.cpp: port in the low byte, a model hash
//! above); these two are the SDK emulator's for its ports 0 and 1.

use crate::android::{AndroidVersion, Vendor};
use image::{Rgba, RgbaImage};

/// One physical display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhysicalDisplay {
    /// SurfaceFlinger's id (what `screencap -d` takes).
    pub id: u64,
    /// The HWC port (the id's low byte).
    pub port: u8,
    /// The logical display id apps and `dumpsys window` use.
    pub logical: u32,
    /// Pixels, natural orientation.
    pub size: (u32, u32),
    /// Whether this is the cover screen.
    pub cover: bool,
}

const MAIN_ID: u64 = 4619827259835644672;
const COVER_ID: u64 = 4619827551948147201;

/// SurfaceFlinger's id of MuMu's keep-alive display: a GPU virtual display's (`FLAG_VIRTUAL`, bit
/// 63, and `FLAG_GPU`, bit 61, over a base id: VirtualDisplayId in libs/ui DisplayId.h).
pub const KEEP_ALIVE_FLINGER_ID: u64 = (1 << 63) | (1 << 61) | 2;

/// The keep-alive display's name, as DisplayManager and SurfaceFlinger both know it.
const KEEP_ALIVE_NAME: &str = "keep-alive";

/// The displays of a phone whose main screen is `main`, in the order SurfaceFlinger finds them
/// (`getPhysicalDisplayIds`: the built-in screen first). Cover sizes: Galaxy Z Flip5's
/// 720x748 panel, Galaxy Z Fold5's 904x2316.
pub fn physical_displays(vendor: Vendor, main: (u32, u32)) -> Vec<PhysicalDisplay> {
    let mut list = vec![PhysicalDisplay {
        id: MAIN_ID,
        port: 0,
        logical: 0,
        size: main,
        cover: false,
    }];
    let cover = match vendor {
        Vendor::Flip => Some((720, 748)),
        Vendor::Fold => Some((904, 2316)),
        _ => None,
    };
    if let Some(size) = cover {
        list.push(PhysicalDisplay {
            id: COVER_ID,
            port: 1,
            logical: 1,
            size,
            cover: true,
        });
    }
    list
}

/// `dumpsys SurfaceFlinger --display-id` (SurfaceFlinger::dumpDisplayIdentificationData).
pub fn surface_flinger_ids(displays: &[PhysicalDisplay]) -> String {
    displays
        .iter()
        .map(|d| {
            format!(
                "Display {} (HWC display {}): port={} pnpId=GGL displayName=\"EMU_display_{}\"\n",
                d.id, d.port, d.port, d.port
            )
        })
        .collect()
}

/// `dumpsys SurfaceFlinger --displays`: each display SurfaceFlinger composes, the keep-alive
/// virtual display too, in the release's form (frameworks/native): up to 12 the argument is no
/// dumper and the whole dump's `+ DisplayDevice{ID, TYPE, "NAME"}` lines answer (a sketch keeps
/// only them); 13 `Display ID (TYPE, "NAME")` (DisplayDevice::getDebugName); from 14 a section
/// per display, `Display ID` or `Virtual Display ID`, with `name="NAME"` (utils::Dumper).
pub fn flinger_displays(
    displays: &[PhysicalDisplay],
    android: AndroidVersion,
    vendor: Vendor,
) -> String {
    let named = |d: &PhysicalDisplay| {
        let name = if d.cover {
            "Cover Screen"
        } else {
            "Built-in Screen"
        };
        let kind = if d.cover {
            "internal"
        } else {
            "internal, primary"
        };
        (d.id, kind, name)
    };
    let mut list: Vec<(u64, &str, &str)> = displays.iter().map(named).collect();
    if vendor.app_display() != 0 {
        list.push((KEEP_ALIVE_FLINGER_ID, "virtual", KEEP_ALIVE_NAME));
    }
    let mut text = String::new();
    if android < AndroidVersion::V13 {
        text.push_str(&format!("Displays ({} entries)\n", list.len()));
    }
    for (id, kind, name) in list {
        text.push_str(&if android < AndroidVersion::V13 {
            format!("+ DisplayDevice{{{id}, {kind}, \"{name}\"}}\n   powerMode=On (2)\n")
        } else if android == AndroidVersion::V13 {
            format!("Display {id} ({kind}, \"{name}\")\n   powerMode=On\n\n")
        } else {
            let heading = if kind == "virtual" {
                "Virtual Display"
            } else {
                "Display"
            };
            format!("{heading} {id}\n    name=\"{name}\"\n    powerMode=On\n\n")
        });
    }
    text
}

/// `dumpsys display`, its logical displays only: each `DisplayInfo{…}` names the logical id and
/// the physical display behind it (`uniqueId "local:ID"`, DisplayInfo.toString). Android 12 and
/// 13 builds print a stray quote after the id (`displayId 0", displayGroupId 0`), as an Android 13
/// emulator's dump shows: DisplayInfo.toString appended `"\", displayGroupId "` there.
pub fn display_dump(
    displays: &[PhysicalDisplay],
    density: u32,
    android: AndroidVersion,
    vendor: Vendor,
) -> String {
    let quote = if matches!(android, AndroidVersion::V12 | AndroidVersion::V13) {
        "\""
    } else {
        ""
    };
    let keep_alive = displays.first().filter(|_| vendor.app_display() != 0);
    let mut text = format!(
        "DISPLAY MANAGER (dumpsys display)\n  mOnlyCode=false\n  mSafeMode=false\n\n\
         Logical Displays: size={}\n",
        displays.len() + usize::from(keep_alive.is_some())
    );
    for d in displays {
        let (w, h) = d.size;
        let name = if d.cover {
            "Cover Screen"
        } else {
            "Built-in Screen"
        };
        text.push_str(&format!(
            "  Display {logical}:\n    mDisplayId={logical}\n    mPhase=1\n    \
             mLayerStack={logical}\n    mHasContent=true\n    \
             mPrimaryDisplayDevice={name}\n    \
             mBaseDisplayInfo=DisplayInfo{{\"{name}\", displayId {logical}{quote}, displayGroupId {logical}, \
             FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real {w} x {h}, \
             largest app {w} x {h}, smallest app {w} x {h}, appVsyncOff 1000000, \
             presDeadline 16666666, mode 1, defaultMode 1, \
             rotation 0, state ON, committedState ON, type INTERNAL, \
             uniqueId \"local:{id}\", app {w} x {h}, density {density} ({density}.0 x {density}.0) dpi, \
             layerStack {logical}}}\n",
            logical = d.logical,
            id = d.id,
        ));
    }
    if let Some(main) = keep_alive {
        text.push_str(&keep_alive_info(
            vendor.app_display(),
            main.size,
            density,
            quote,
        ));
    }
    text
}

/// MuMu's keep-alive display as DisplayInfo.toString prints a virtual display: no physical id
/// behind it (`uniqueId "virtual:…"`, type VIRTUAL) and the layer stack DisplayManager gives it,
/// its own id (LogicalDisplayMapper `assignLayerStackLocked`); its name and owner are the virtual
/// phone's own.
fn keep_alive_info(id: u32, (w, h): (u32, u32), density: u32, quote: &str) -> String {
    format!(
        "  Display {id}:\n    mDisplayId={id}\n    mPhase=1\n    mLayerStack={id}\n    \
         mHasContent=true\n    mPrimaryDisplayDevice=keep-alive\n    \
         mBaseDisplayInfo=DisplayInfo{{\"{KEEP_ALIVE_NAME}\", displayId {id}{quote}, displayGroupId {id}, \
         FLAG_PRIVATE, FLAG_TRUSTED, real {w} x {h}, largest app {w} x {h}, \
         smallest app {w} x {h}, rotation 0, state ON, type VIRTUAL, \
         uniqueId \"virtual:com.mumu.launcher,10045,keep-alive,{id}\", app {w} x {h}, \
         density {density} ({density}.0 x {density}.0) dpi, layerStack {id}, \
         owner com.mumu.launcher (uid 10045)}}\n"
    )
}

/// `dumpsys input`'s touch screen part: each display's viewport and the rotation lines of the
/// release (TouchInputMapper's dumpSurface / dumpDisplay and DisplayViewport::toString, per tag
/// in frameworks/native): up to Android 9 `Viewport: displayId=0, orientation=0, …` then
/// `SurfaceOrientation: 0`; from 10 `Viewport INTERNAL: displayId=0, uniqueId=local:ID, port=0,
/// orientation=0, …`, with `isActive=[1]` at its end from 11; 13 `InputDeviceOrientation: 0`
/// instead of `SurfaceOrientation`, 15 `InputDeviceOrientation: Rotation0`; 16 prints the density
/// after the orientation (`densityDpi=%d xDpi=%f, yDpi=%f, `, an Android 16 tree's
/// DisplayViewport.h).
pub fn input_dump(displays: &[PhysicalDisplay], android: AndroidVersion, density: u32) -> String {
    let mut text = String::from(
        "INPUT MANAGER (dumpsys input)\n\nInput Manager State:\n  Interactive: true\n\n\
         Event Hub State:\n  BuiltInKeyboardId: -2\n\nInput Reader State:\n",
    );
    for (n, d) in displays.iter().enumerate() {
        text.push_str(&format!(
            "  Device {}: sec_touchscreen{}\n    Sources: TOUCHSCREEN\n    \
             Touch Input Mapper (mode - DIRECT):\n      {}\n",
            n + 4,
            if d.cover { "2" } else { "" },
            viewport(d, android, density)
        ));
        text.push_str(&rotation_lines(d.size, android));
    }
    text
}

/// One display's `Viewport…` line as `android` prints it.
fn viewport(d: &PhysicalDisplay, android: AndroidVersion, density: u32) -> String {
    let (w, h) = d.size;
    let frame = format!(
        "logicalFrame=[0, 0, {w}, {h}], physicalFrame=[0, 0, {w}, {h}], deviceSize=[{w}, {h}]"
    );
    if android < AndroidVersion::V10 {
        return format!("Viewport: displayId={}, orientation=0, {frame}", d.logical);
    }
    let dpi = if android >= AndroidVersion::V16 {
        format!("densityDpi={density} xDpi={density}.000000, yDpi={density}.000000, ")
    } else {
        String::new()
    };
    let active = if android >= AndroidVersion::V11 {
        ", isActive=[1]"
    } else {
        ""
    };
    format!(
        "Viewport INTERNAL: displayId={}, uniqueId=local:{}, port={}, orientation=0, {dpi}{frame}{active}",
        d.logical, d.id, d.port
    )
}

/// The lines after the viewport that name the display's size and the panel's rotation.
fn rotation_lines((w, h): (u32, u32), android: AndroidVersion) -> String {
    if android < AndroidVersion::V13 {
        return format!(
            "      SurfaceWidth: {w}px\n      SurfaceHeight: {h}px\n      SurfaceOrientation: 0\n"
        );
    }
    let rotation = if android >= AndroidVersion::V15 {
        "Rotation0"
    } else {
        "0"
    };
    format!("      DisplayBounds: {w}x{h}\n      InputDeviceOrientation: {rotation}\n")
}

/// What the cover screen shows: a flip's clock face (dark, as Samsung's cover widgets are), or
/// nothing on a foldable that is open (its outer screen is off).
pub fn cover_frame(vendor: Vendor, (w, h): (u32, u32)) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(w, h, Rgba([0, 0, 0, 255]));
    if vendor == Vendor::Flip {
        for (x, y, px) in img.enumerate_pixels_mut() {
            let ring = (x as i64 - w as i64 / 2).pow(2) + (y as i64 - h as i64 / 2).pow(2);
            if (ring - (w as i64 / 3).pow(2)).abs() < 4 * w as i64 {
                *px = Rgba([200, 220, 255, 255]);
            }
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flip_lists_two_displays_everywhere() {
        let list = physical_displays(Vendor::Flip, (1080, 2640));
        assert_eq!(list.len(), 2);
        assert_eq!(physical_displays(Vendor::Pixel, (1080, 2400)).len(), 1);
        let sf = surface_flinger_ids(&list);
        assert!(sf.starts_with("Display 4619827259835644672 (HWC display 0): port=0 pnpId=GGL displayName=\"EMU_display_0\"\n"), "{sf}");
        let dd = display_dump(&list, 440, AndroidVersion::V14, Vendor::Flip);
        assert!(
            dd.contains("displayId 1, ") && dd.contains("uniqueId \"local:4619827551948147201\"")
        );
        let dd13 = display_dump(&list, 440, AndroidVersion::V13, Vendor::Flip);
        assert!(dd13.contains("displayId 1\", displayGroupId 1, "), "{dd13}");
        let v14 = input_dump(&list, AndroidVersion::V14, 440);
        assert!(
            v14.contains("orientation=0, logicalFrame=[0, 0, 1080, 2640]")
                && v14.contains("InputDeviceOrientation: 0\n")
        );
        let v15 = input_dump(&list, AndroidVersion::V15, 440);
        assert!(v15.contains("InputDeviceOrientation: Rotation0\n"), "{v15}");
        let v16 = input_dump(&list, AndroidVersion::V16, 440);
        assert!(
            v16.contains(
                "orientation=0, densityDpi=440 xDpi=440.000000, yDpi=440.000000, logicalFrame="
            ),
            "{v16}"
        );
        for old in [AndroidVersion::V7, AndroidVersion::V9] {
            let text = input_dump(&list, old, 440);
            assert!(
                text.contains("Viewport: displayId=0, orientation=0")
                    && text.contains("SurfaceOrientation: 0"),
                "{text}"
            );
        }
        let v10 = input_dump(&list, AndroidVersion::V10, 440);
        assert!(
            v10.contains("deviceSize=[1080, 2640]\n") && !v10.contains("isActive"),
            "{v10}"
        );
    }
}
