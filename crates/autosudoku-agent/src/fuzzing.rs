//! Every parser of outside bytes in the agent, each behind one entry that takes untrusted bytes:
//! what a hostile or broken phone, adb server or file can send us. The cargo-fuzz targets in
//! `fuzz/` call these, and so do the proptests below (random bytes and truncated valid inputs) on
//! every `scripts/test` run. An entry must return for every input: no panic, no hang (the byte
//! source ends, so every loop must make progress), no allocation a header asks for but the bytes
//! do not back.

use crate::device::direct::{read_message, DirectLink};
use crate::device::input::monkey;
use crate::device::input::touchscreen;
use crate::device::wire::query_on;
use crate::device::{
    banner_model, decode_png, decode_raw, foreground, home, parse_devices, ScreenFacts,
};
use crate::play::profile::Profile;
use std::io::{self, BufReader, Cursor, Read, Write};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

/// A peer that says `bytes` whatever we write to it: a hostile phone or server on a socket.
struct Hostile<'a>(Cursor<&'a [u8]>);

impl Read for Hostile<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl Write for Hostile<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn hostile(bytes: &[u8]) -> Hostile<'_> {
    Hostile(Cursor::new(bytes))
}

/// Raw `screencap` output (header and pixels), streamed and whole.
pub fn screencap_raw(bytes: &[u8]) {
    let _ = crate::device::screen::read_raw(&mut hostile(bytes));
    let _ = decode_raw(bytes.to_vec());
}

/// `screencap -p` output: a PNG from the phone.
pub fn screencap_png(bytes: &[u8]) {
    let _ = decode_png(bytes);
}

/// An adb server's answer to `host:devices-l` (status, length, body), then the list parsed.
pub fn server_reply(bytes: &[u8]) {
    if let Ok(text) = query_on(&mut hostile(bytes), "host:devices-l") {
        let _ = parse_devices(&text);
    }
}

/// A phone's side of a direct connection: the handshake answers, then stream messages.
pub fn direct_reply(bytes: &[u8]) {
    let link = DirectLink {
        addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
        connect_timeout: Duration::from_secs(1),
        io_timeout: Duration::from_secs(1),
        key: None,
    };
    let mut peer = hostile(bytes);
    if let Ok((_, banner)) = link.greet(&mut peer) {
        let _ = banner_model(&banner);
    }
    // Each message takes at least its 24-byte header, so this ends with the bytes.
    while read_message(&mut peer).is_ok() {}
}

/// Text a phone's shell commands print: `wm size` and friends, `dumpsys window`, `getevent -lp`.
pub fn device_text(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let _ = ScreenFacts::parse(&text);
    let _ = foreground::parse(&text, None);
    let _ = home::parse(&text);
    let _ = touchscreen::parse_getevent(&text);
    let _ = banner_model(&text);
}

/// The Monkey's answers to our command lines, read as the Monkey backend reads them.
pub fn monkey_replies(bytes: &[u8]) {
    let mut link = BufReader::new(bytes);
    let mut answer = String::new();
    loop {
        answer.clear();
        match monkey::read_answer(&mut link, &mut answer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let _ = monkey::is_ok(answer.trim());
            }
        }
    }
}

/// A screenshot file, as `read --image` opens it: PNG, JPEG, WebP or BMP, told apart by its bytes.
pub fn image_file(bytes: &[u8]) {
    let _ = crate::vision::decode::decode(bytes);
}

/// An app profile's TOML, as `play --profile FILE` reads it.
pub fn profile_toml(bytes: &[u8]) {
    let _ = Profile::parse(&String::from_utf8_lossy(bytes), "fuzz.toml".as_ref());
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A valid raw capture of `w`x`h` RGBA with the 16-byte header.
    fn raw(w: u32, h: u32) -> Vec<u8> {
        let mut v = Vec::new();
        for x in [w, h, 1, 0] {
            v.extend_from_slice(&x.to_le_bytes());
        }
        v.extend((0..w * h * 4).map(|i| i as u8));
        v
    }

    fn png(w: u32, h: u32) -> Vec<u8> {
        file(w, h, image::ImageFormat::Png)
    }

    /// A `w`x`h` picture saved as `format` (RGB: JPEG has no alpha).
    fn file(w: u32, h: u32, format: image::ImageFormat) -> Vec<u8> {
        let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([x as u8, y as u8, 7]));
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), format).unwrap();
        out
    }

    /// The bytes a phone sends for one message.
    fn message(command: &[u8; 4], arg0: u32, arg1: u32, payload: &[u8]) -> Vec<u8> {
        let c = u32::from_le_bytes(*command);
        let sum: u32 = payload.iter().map(|&b| u32::from(b)).sum();
        let mut v = Vec::new();
        for w in [c, arg0, arg1, payload.len() as u32, sum, !c] {
            v.extend_from_slice(&w.to_le_bytes());
        }
        v.extend_from_slice(payload);
        v
    }

    const DEVICES: &str = "emulator-5554 device product:x model:Pixel device:y transport_id:1\n";

    /// An entry and a valid input for it.
    type Sample = (fn(&[u8]), Vec<u8>);

    fn valid_samples() -> Vec<Sample> {
        let mut direct = message(b"CNXN", 0x0100_0001, 4096, b"device::ro.product.model=P;");
        direct.extend(message(b"OKAY", 5, 1, b""));
        direct.extend(message(b"WRTE", 5, 1, b"hello"));
        vec![
            (screencap_raw as fn(&[u8]), raw(7, 5)),
            (screencap_png, png(9, 4)),
            (
                server_reply,
                format!("OKAY{:04x}{DEVICES}", DEVICES.len()).into_bytes(),
            ),
            (direct_reply, direct),
            (
                device_text,
                b"Physical size: 1080x2400\nPhysical density: 420\n".to_vec(),
            ),
            (monkey_replies, b"OK\nOK:1080\nERROR\n".to_vec()),
            (profile_toml, b"name = \"x\"\n[grid]\n".to_vec()),
            (image_file, file(9, 4, image::ImageFormat::Png)),
            (image_file, file(17, 9, image::ImageFormat::Jpeg)),
            (image_file, file(9, 4, image::ImageFormat::WebP)),
            (image_file, file(9, 4, image::ImageFormat::Bmp)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
            for (parse, _) in valid_samples() {
                parse(&bytes);
            }
        }

        #[test]
        fn truncated_and_flipped_inputs_never_panic(cut in 0.0f64..1.0, flip in any::<usize>(), bit in 0u8..8) {
            for (parse, sample) in valid_samples() {
                let mut bytes = sample[..(sample.len() as f64 * cut) as usize].to_vec();
                parse(&bytes);
                if !bytes.is_empty() {
                    let i = flip % bytes.len();
                    bytes[i] ^= 1 << bit;
                    parse(&bytes);
                }
            }
        }
    }

    #[test]
    fn headers_claiming_huge_images_are_refused_before_allocating() {
        // Raw: 60000x60000 RGBA is 14.4 GB; the header alone must be refused.
        let mut huge = Vec::new();
        for x in [60_000u32, 60_000, 1, 0] {
            huge.extend_from_slice(&x.to_le_bytes());
        }
        assert!(decode_raw(huge.clone()).is_err());
        assert!(crate::device::screen::read_raw(&mut hostile(&huge)).is_err());
        // PNG: a real 1x1 file whose IHDR is rewritten to 60000x60000 (CRC fixed up).
        let mut p = png(1, 1);
        crate::vision::decode::claim_png_size(&mut p, 60_000, 60_000);
        let err = decode_png(&p).unwrap_err().to_string();
        assert!(err.contains("limit") || err.contains("dimensions"), "{err}");
    }

    #[test]
    fn image_files_claiming_60000x60000_are_refused_on_their_header() {
        use crate::vision::decode::{decode, DecodeError};
        let claim = 60_000u32;
        let too_big = |bytes: &[u8], what: &str| match decode(bytes) {
            Err(DecodeError::TooBig { width, height, .. }) => {
                assert_eq!((width, height), (claim, claim), "{what}")
            }
            other => panic!("{what}: {other:?}"),
        };
        let mut p = png(1, 1);
        crate::vision::decode::claim_png_size(&mut p, claim, claim);
        too_big(&p, "png");
        // BMP: width and height are little-endian i32 at 18 and 22 of BITMAPINFOHEADER.
        let mut b = file(1, 1, image::ImageFormat::Bmp);
        b[18..22].copy_from_slice(&claim.to_le_bytes());
        b[22..26].copy_from_slice(&claim.to_le_bytes());
        too_big(&b, "bmp");
        // JPEG: the frame header (SOF0, FF C0) holds height then width, big-endian.
        let mut j = file(8, 8, image::ImageFormat::Jpeg);
        let sof = j.windows(2).position(|w| w == [0xFF, 0xC0]).expect("SOF0");
        j[sof + 5..sof + 7].copy_from_slice(&(claim as u16).to_be_bytes());
        j[sof + 7..sof + 9].copy_from_slice(&(claim as u16).to_be_bytes());
        too_big(&j, "jpeg");
        // WebP: an extended (VP8X) header's canvas is 24-bit width-1 and height-1, then a real
        // 1x1 image chunk.
        let mut w = b"RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0".to_vec();
        w.extend_from_slice(&(claim - 1).to_le_bytes()[..3]);
        w.extend_from_slice(&(claim - 1).to_le_bytes()[..3]);
        w.extend_from_slice(&file(1, 1, image::ImageFormat::WebP)[12..]);
        let riff = (w.len() - 8) as u32;
        w[4..8].copy_from_slice(&riff.to_le_bytes());
        too_big(&w, "webp");
        // Cut anywhere, each is refused or damaged, never decoded.
        for bytes in [&p, &b, &j, &w] {
            for cut in [8, bytes.len() / 2, bytes.len() - 1] {
                assert!(decode(&bytes[..cut]).is_err());
            }
        }
    }

    #[test]
    fn a_monkey_that_never_ends_its_line_is_cut_at_the_limit() {
        let endless = vec![b'O'; 1 << 20];
        let mut link = BufReader::new(&endless[..]);
        let mut answer = String::new();
        let n = monkey::read_answer(&mut link, &mut answer).unwrap();
        assert_eq!(n, 4096);
        assert!(!monkey::is_ok(answer.trim()));
    }
}
