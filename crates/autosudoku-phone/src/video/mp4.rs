//! A minimal ISO-BMFF (MP4) writer for one video track, laid out as a phone's muxer writes while
//! recording: `ftyp`, then an `mdat` that grows sample by sample (its size left 0, "to the end of
//! the file", until the end), then `moov` with the sample tables once the recording stops. A file
//! whose writer never finished therefore has no `moov`, as when `screenrecord` is killed.
//! Samples are PNG images in an `mp4v` sample entry whose `esds` names object type 0x6D (PNG, per
//! the MP4 registration authority), which ffmpeg decodes and copies into other MP4 files.
//! Box layouts follow ISO/IEC 14496-12 (boxes) and 14496-14 (`esds`).

use std::time::Duration;

/// Ticks per second of the media timeline (the usual video clock).
pub const TIMESCALE: u32 = 90_000;
/// The movie header's clock, in milliseconds.
const MOVIE_TIMESCALE: u32 = 1_000;
/// MPEG-4 objectTypeIndication for PNG (mp4ra.org object types).
const OBJECT_TYPE_PNG: u8 = 0x6D;
/// streamType 4 (visual) shifted left 2, with the reserved bit set.
const STREAM_VISUAL: u8 = (0x04 << 2) | 1;
/// `ftyp` and the open `mdat` header come first; the first sample starts here.
pub const HEAD_LEN: u64 = 32 + 8;
/// Where the `mdat` size field sits, to be patched when the recording finishes.
pub const MDAT_SIZE_AT: u64 = 32;
/// `stco` holds 32-bit offsets: the recorder stops before samples reach this.
pub const MAX_FILE: u64 = u32::MAX as u64;

/// One video track being written.
#[derive(Debug, Clone)]
pub struct Mp4Writer {
    width: u16,
    height: u16,
    /// Declared in the `esds`; the real rate is computed from the samples at the end.
    max_bit_rate: u32,
    /// (offset in the file, length, start time in ticks) per sample.
    samples: Vec<(u32, u32, u64)>,
    /// File length so far.
    end: u64,
}

/// What finishing adds to the file: the `mdat` size at `MDAT_SIZE_AT`, then `moov` appended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    pub mdat_size: [u8; 4],
    pub moov: Vec<u8>,
}

/// Converts a time to media ticks.
fn ticks(at: Duration) -> u64 {
    (at.as_nanos() * u128::from(TIMESCALE) / 1_000_000_000) as u64
}

impl Mp4Writer {
    pub fn new(width: u16, height: u16, max_bit_rate: u32) -> Mp4Writer {
        Mp4Writer {
            width,
            height,
            max_bit_rate,
            samples: Vec::new(),
            end: HEAD_LEN,
        }
    }

    /// The file's first bytes: `ftyp` and the header of an `mdat` that runs to the end of file.
    pub fn head(&self) -> Vec<u8> {
        let mut ftyp = Vec::new();
        ftyp.extend_from_slice(b"isom");
        ftyp.extend_from_slice(&0x200u32.to_be_bytes());
        for brand in [b"isom", b"iso2", b"mp41", b"mp42"] {
            ftyp.extend_from_slice(brand);
        }
        let mut out = boxed(b"ftyp", &ftyp);
        out.extend_from_slice(&0u32.to_be_bytes());
        out.extend_from_slice(b"mdat");
        debug_assert_eq!(out.len() as u64, HEAD_LEN);
        out
    }

    /// The file length once `len` more sample bytes are appended.
    pub fn len_after(&self, len: usize) -> u64 {
        self.end + len as u64
    }

    pub fn samples(&self) -> usize {
        self.samples.len()
    }

    /// Records a sample of `len` bytes, shown from `at` (recording time) on, that the caller
    /// appends to the file. Times must not go back; false (nothing recorded) if the file would
    /// outgrow 32-bit offsets.
    pub fn add_sample(&mut self, len: usize, at: Duration) -> bool {
        let Ok(len32) = u32::try_from(len) else {
            return false;
        };
        if self.len_after(len) > MAX_FILE {
            return false;
        }
        let start = ticks(at).max(self.samples.last().map_or(0, |s| s.2));
        self.samples.push((self.end as u32, len32, start));
        self.end += len as u64;
        true
    }

    /// The `mdat` size and the `moov` for a recording that ended at `end` (the last sample lasts
    /// until then, at least one tick).
    pub fn finish(&self, end: Duration) -> Finish {
        let mdat = self.end - MDAT_SIZE_AT;
        let last = self.samples.last().map_or(0, |s| s.2);
        let end = ticks(end).max(last + 1);
        let durations: Vec<u32> = self
            .samples
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let next = self.samples.get(i + 1).map_or(end, |n| n.2);
                (next - s.2).clamp(1, u64::from(u32::MAX)) as u32
            })
            .collect();
        let media: u64 = durations.iter().map(|&d| u64::from(d)).sum();
        Finish {
            mdat_size: (mdat as u32).to_be_bytes(),
            moov: self.moov(&durations, media),
        }
    }

    fn moov(&self, durations: &[u32], media: u64) -> Vec<u8> {
        let movie = media * u64::from(MOVIE_TIMESCALE) / u64::from(TIMESCALE);
        let movie = u32::try_from(movie).unwrap_or(u32::MAX);
        let media = u32::try_from(media).unwrap_or(u32::MAX);
        let stbl = [
            self.stsd(media),
            stts(durations),
            full(b"stsc", 0, &be(&[1, 1, 1, 1])),
            stsz(&self.samples),
            stco(&self.samples),
        ]
        .concat();
        let dref = full(b"dref", 0, &[be(&[1]), full(b"url ", 1, &[])].concat());
        let minf = [
            full(b"vmhd", 1, &[0; 8]),
            boxed(b"dinf", &dref),
            boxed(b"stbl", &stbl),
        ]
        .concat();
        let mdia = [mdhd(media), hdlr(), boxed(b"minf", &minf)].concat();
        let trak = [self.tkhd(movie), boxed(b"mdia", &mdia)].concat();
        boxed(b"moov", &[mvhd(movie), boxed(b"trak", &trak)].concat())
    }

    fn tkhd(&self, duration: u32) -> Vec<u8> {
        let mut body = be(&[0, 0, 1, 0, duration, 0, 0]);
        body.extend_from_slice(&[0; 8]); // layer, alternate group, volume, reserved
        body.extend(matrix());
        body.extend(be(&[
            u32::from(self.width) << 16,
            u32::from(self.height) << 16,
        ]));
        // Flags: enabled, in movie.
        full(b"tkhd", 3, &body)
    }

    fn stsd(&self, media: u32) -> Vec<u8> {
        let mut entry = vec![0; 6];
        entry.extend_from_slice(&1u16.to_be_bytes()); // data reference index
        entry.extend_from_slice(&[0; 16]);
        entry.extend_from_slice(&self.width.to_be_bytes());
        entry.extend_from_slice(&self.height.to_be_bytes());
        entry.extend(be(&[0x0048_0000, 0x0048_0000, 0])); // 72 dpi, reserved
        entry.extend_from_slice(&1u16.to_be_bytes()); // frames per sample
        let mut name = [0u8; 32];
        let label = b"autosudoku png";
        name[0] = label.len() as u8;
        name[1..=label.len()].copy_from_slice(label);
        entry.extend_from_slice(&name);
        entry.extend_from_slice(&[0x00, 0x18, 0xFF, 0xFF]); // depth 24, pre_defined -1
        entry.extend(self.esds(media));
        full(b"stsd", 0, &[be(&[1]), boxed(b"mp4v", &entry)].concat())
    }

    fn esds(&self, media: u32) -> Vec<u8> {
        let bytes: u64 = self.samples.iter().map(|s| u64::from(s.1)).sum();
        let biggest = self.samples.iter().map(|s| s.1).max().unwrap_or(0);
        let seconds = (f64::from(media) / f64::from(TIMESCALE)).max(1e-3);
        let average = ((bytes * 8) as f64 / seconds).min(f64::from(u32::MAX)) as u32;
        let mut config = vec![OBJECT_TYPE_PNG, STREAM_VISUAL];
        config.extend_from_slice(&biggest.min(0xFF_FFFF).to_be_bytes()[1..]); // bufferSizeDB
        config.extend(be(&[self.max_bit_rate.max(average), average]));
        let mut es = 1u16.to_be_bytes().to_vec(); // ES_ID
        es.push(0); // no dependency, URL or OCR stream
        es.extend(descriptor(0x04, &config));
        es.extend(descriptor(0x06, &[0x02])); // SLConfig: predefined for MP4 files
        full(b"esds", 0, &descriptor(0x03, &es))
    }
}

/// A box: 32-bit size, type, body.
pub fn boxed(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + body.len());
    out.extend_from_slice(&(8 + body.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(body);
    out
}

/// A full box: a box whose body starts with version 0 and 24 bits of flags.
fn full(kind: &[u8; 4], flags: u32, body: &[u8]) -> Vec<u8> {
    boxed(
        kind,
        &[&(flags & 0xFF_FFFF).to_be_bytes()[..], body].concat(),
    )
}

/// An MPEG-4 descriptor with a one-byte size (every descriptor here is under 128 bytes).
fn descriptor(tag: u8, body: &[u8]) -> Vec<u8> {
    debug_assert!(body.len() < 0x80);
    [&[tag, body.len() as u8][..], body].concat()
}

fn be(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_be_bytes()).collect()
}

/// The identity transform (16.16 fixed point, with 2.30 for the last column).
fn matrix() -> Vec<u8> {
    be(&[0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000])
}

fn mvhd(duration: u32) -> Vec<u8> {
    let mut body = be(&[0, 0, MOVIE_TIMESCALE, duration, 0x0001_0000]);
    body.extend_from_slice(&[0x01, 0x00]); // volume 1.0
    body.extend_from_slice(&[0; 10]);
    body.extend(matrix());
    body.extend_from_slice(&[0; 24]); // pre_defined
    body.extend(be(&[2])); // next track id
    full(b"mvhd", 0, &body)
}

fn mdhd(duration: u32) -> Vec<u8> {
    let mut body = be(&[0, 0, TIMESCALE, duration]);
    // Language "und" as three 5-bit letters offset by 0x60.
    let und =
        (u16::from(b'u' - 0x60) << 10) | (u16::from(b'n' - 0x60) << 5) | u16::from(b'd' - 0x60);
    body.extend_from_slice(&und.to_be_bytes());
    body.extend_from_slice(&[0, 0]);
    full(b"mdhd", 0, &body)
}

fn hdlr() -> Vec<u8> {
    let mut body = be(&[0]);
    body.extend_from_slice(b"vide");
    body.extend_from_slice(&[0; 12]);
    body.extend_from_slice(b"VideoHandle\0");
    full(b"hdlr", 0, &body)
}

/// Time-to-sample: runs of equal durations.
fn stts(durations: &[u32]) -> Vec<u8> {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &d in durations {
        match runs.last_mut() {
            Some((count, last)) if *last == d => *count += 1,
            _ => runs.push((1, d)),
        }
    }
    let mut body = be(&[runs.len() as u32]);
    for (count, d) in runs {
        body.extend(be(&[count, d]));
    }
    full(b"stts", 0, &body)
}

fn stsz(samples: &[(u32, u32, u64)]) -> Vec<u8> {
    let mut body = be(&[0, samples.len() as u32]);
    body.extend(samples.iter().flat_map(|s| s.1.to_be_bytes()));
    full(b"stsz", 0, &body)
}

/// One chunk per sample, so each chunk offset is its sample's offset.
fn stco(samples: &[(u32, u32, u64)]) -> Vec<u8> {
    let mut body = be(&[samples.len() as u32]);
    body.extend(samples.iter().flat_map(|s| s.0.to_be_bytes()));
    full(b"stco", 0, &body)
}
