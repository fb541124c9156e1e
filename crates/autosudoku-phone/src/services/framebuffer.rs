//! `framebuffer:`: what adbd's framebuffer_service.cpp sends after running screencap: a header of
//! little-endian u32 (version, bpp, colorSpace from version 2 on, size, width, height, then offset
//! and length of red, blue, green, alpha) followed by the RGBA_8888 pixels. Version 2 (14 words)
//! from Android 8.1, version 1 (13 words, no colorSpace) before (DDMS_RAWIMAGE_VERSION at
//! android-8.0.0_r1 and android-8.1.0_r1, system/core).

use crate::adbd::stream::StreamIo;
use crate::device::Device;
use crate::latency::Cost;
use std::time::Instant;

pub fn run(io: &mut StreamIo, device: &Device) {
    let started = Instant::now();
    let frame = device.display_zero_frame();
    let (w, h) = (frame.width(), frame.height());
    let header = if device.android().screencap_writes_colour_space() {
        vec![2, 32, 0, w * h * 4, w, h, 0, 8, 16, 8, 8, 8, 24, 8]
    } else {
        vec![1, 32, w * h * 4, w, h, 0, 8, 16, 8, 8, 8, 24, 8]
    };
    let mut bytes: Vec<u8> = header.iter().flat_map(|v| v.to_le_bytes()).collect();
    bytes.extend_from_slice(frame.as_raw());
    let pixels = u64::from(w) * u64::from(h);
    device.pay_since(Cost::ScreencapRaw { pixels }, started);
    let _ = io.write_all(&bytes);
}
