//! `framebuffer:`: what adbd's framebuffer_service.cpp sends after running screencap: a version 2
//! header of 14 little-endian u32 (version, bpp, colorSpace, size, width, height, then offset and
//! length of red, blue, green, alpha) followed by the RGBA_8888 pixels.

use crate::adbd::stream::StreamIo;
use crate::device::Device;
use crate::latency::Cost;
use std::time::Instant;

pub fn run(io: &mut StreamIo, device: &Device) {
    let started = Instant::now();
    let frame = device.frame();
    let (w, h) = (frame.width(), frame.height());
    let header: [u32; 14] = [2, 32, 0, w * h * 4, w, h, 0, 8, 16, 8, 8, 8, 24, 8];
    let mut bytes: Vec<u8> = header.iter().flat_map(|v| v.to_le_bytes()).collect();
    bytes.extend_from_slice(frame.as_raw());
    let pixels = u64::from(w) * u64::from(h);
    device.pay_since(Cost::ScreencapRaw { pixels }, started);
    let _ = io.write_all(&bytes);
}
