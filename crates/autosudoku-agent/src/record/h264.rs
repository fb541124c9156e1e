//! Making the `.mp4` the user gets H.264, the one codec every browser and phone gallery plays.
//! Real phones' `screenrecord` already writes H.264 (AVC), so their files are left as they are; a
//! file in any other codec (the virtual phone writes PNG frames) is transcoded with ffmpeg's
//! libx264 once the recording is pulled, so play never shares the CPU with an encoder. The codec
//! is read from the file itself (its `stsd` sample entry, ISO/IEC 14496-12 §8.5.2), so a missing
//! ffmpeg is named only when a file needs it.

use super::RecordError;
use std::path::Path;
use std::process::{Command, Stdio};

/// The four-character code of the first sample entry of the first track (`avc1` for H.264), or
/// `None` when `mp4` holds no such box.
pub fn sample_entry(mp4: &[u8]) -> Option<[u8; 4]> {
    stsd(mp4)?.get(12..16)?.try_into().ok()
}

/// The body of the first track's `stsd`: version and flags (4 bytes), entry count (4), then the
/// entries, each its size (4), its code (4) and its fields.
fn stsd(mp4: &[u8]) -> Option<&[u8]> {
    let moov = child(mp4, b"moov")?;
    let stbl = [b"trak", b"mdia", b"minf", b"stbl"]
        .iter()
        .try_fold(moov, |inside, kind| child(inside, kind))?;
    child(stbl, b"stsd")
}

/// The width and height of the first track's visual sample entry (ISO/IEC 14496-12 §12.1.3: after
/// its 8-byte header come 24 bytes of reserved and pre-defined fields, then width and height).
pub fn frame_size(mp4: &[u8]) -> Option<(u32, u32)> {
    let stsd = stsd(mp4)?;
    let side = |at: usize| {
        Some(u32::from(u16::from_be_bytes(
            stsd.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    Some((side(40)?, side(42)?))
}

/// The body of the first box of type `kind` directly inside `data`.
fn child<'a>(mut data: &'a [u8], kind: &[u8; 4]) -> Option<&'a [u8]> {
    while data.len() >= 8 {
        let size = u32::from_be_bytes(data[..4].try_into().ok()?) as usize;
        let (head, len) = match size {
            0 => (8, data.len()),
            1 => (
                16,
                u64::from_be_bytes(data.get(8..16)?.try_into().ok()?) as usize,
            ),
            n => (8, n),
        };
        if len < head || len > data.len() {
            return None;
        }
        if &data[4..8] == kind {
            return Some(&data[head..len]);
        }
        data = &data[len..];
    }
    None
}

/// What the first track holds, in words: for an `mp4v` entry the object type its `esds` declares
/// (ISO/IEC 14496-14 §3.1.2; the values are MP4RA's: 0x20 MPEG-4 Part 2, 0x6C JPEG, 0x6D PNG),
/// since `mp4v` alone only says "MPEG-4 systems", and the virtual phone stores PNG images in it.
pub fn codec_name(mp4: &[u8], code: [u8; 4]) -> String {
    let four = String::from_utf8_lossy(&code).into_owned();
    let object_type = (&code == b"mp4v").then(|| esds_object_type(mp4)).flatten();
    match object_type {
        Some(0x20) => format!("MPEG-4 Part 2 ({four})"),
        Some(0x6C) => format!("JPEG frames ({four})"),
        Some(0x6D) => format!("PNG frames ({four})"),
        Some(other) => format!("{four} (object type {other:#04x})"),
        None => four,
    }
}

/// The `objectTypeIndication` of the first entry's `esds`: the decoder config descriptor (tag 4)
/// inside the ES descriptor (tag 3), whose sizes take one to four bytes (high bit: more follow).
fn esds_object_type(mp4: &[u8]) -> Option<u8> {
    let stsd = stsd(mp4)?;
    let size = u32::from_be_bytes(stsd.get(8..12)?.try_into().ok()?) as usize;
    // A visual sample entry's own fields take 78 bytes after its 8-byte header (§12.1.3).
    let esds = child(stsd.get(8 + 8 + 78..8 + size)?, b"esds")?;
    let mut at = 4; // version and flags
    let descriptor = |at: &mut usize, tag: u8| -> Option<()> {
        (*esds.get(*at)? == tag).then_some(())?;
        *at += 1;
        while esds.get(*at)? & 0x80 != 0 {
            *at += 1;
        }
        *at += 1;
        Some(())
    };
    descriptor(&mut at, 0x03)?;
    let flags = *esds.get(at + 2)?;
    at += 3; // ES_ID and flags, then the optional fields the flags announce
    if flags & 0x80 != 0 {
        at += 2;
    }
    if flags & 0x40 != 0 {
        at += 1 + usize::from(*esds.get(at)?);
    }
    if flags & 0x20 != 0 {
        at += 2;
    }
    descriptor(&mut at, 0x04)?;
    esds.get(at).copied()
}

fn is_h264(code: &[u8; 4]) -> bool {
    matches!(code, b"avc1" | b"avc3")
}

/// Leaves `video` as H.264: as it is when it already is, else transcoded in place with `ffmpeg`
/// (its path; `None` when there is none). Says what was done, or why the file cannot be played.
/// A file without a sample table is left alone.
pub fn ensure_h264(video: &Path, ffmpeg: Option<&Path>) -> Result<String, RecordError> {
    let bytes = std::fs::read(video).map_err(|source| RecordError::File {
        path: video.to_owned(),
        source,
    })?;
    let code = match sample_entry(&bytes) {
        Some(code) if is_h264(&code) => return Ok("H.264".into()),
        Some(code) => codec_name(&bytes, code),
        // Nothing ffmpeg could read either (a recorder killed before writing its index).
        None => return Ok("not a complete MP4 (no sample table): left as recorded".into()),
    };
    let Some(ffmpeg) = ffmpeg else {
        return Ok(format!(
            "the phone wrote {code}, which browsers and phone galleries do not play, and \
             ffmpeg is not on PATH to transcode it to H.264: install ffmpeg (scripts/setup does; \
             Debian: `sudo apt install ffmpeg`) and record again, or run \
             `ffmpeg -i {0} -c:v libx264 -pix_fmt yuv420p out.mp4`",
            video.display()
        ));
    };
    let stem = video.file_stem().unwrap_or_default().to_string_lossy();
    let tmp = video.with_file_name(format!("{stem}.h264.mp4"));
    let status = Command::new(ffmpeg)
        .args(["-loglevel", "error", "-y", "-i"])
        .arg(video)
        // Keep the phone's variable frame timing; yuv420p and faststart are what players expect.
        .args([
            "-map", "0:v:0", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23",
        ])
        .args([
            "-pix_fmt",
            "yuv420p",
            "-vsync",
            "vfr",
            "-movflags",
            "+faststart",
        ])
        .arg(&tmp)
        .stdin(Stdio::null())
        .status()
        .map_err(|e| RecordError::Ffmpeg(format!("cannot start ffmpeg: {e}")))?;
    if !status.success() {
        let _ = std::fs::remove_file(&tmp);
        return Err(RecordError::Ffmpeg(format!(
            "ffmpeg could not transcode {} ({code}) to H.264 ({status}); the file is kept as recorded",
            video.display()
        )));
    }
    std::fs::rename(&tmp, video).map_err(|source| RecordError::File {
        path: video.to_owned(),
        source,
    })?;
    Ok(format!("transcoded from {code} to H.264 with ffmpeg"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = ((body.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(body);
        out
    }

    /// ftyp, mdat, then moov/trak/mdia/minf/stbl/stsd with one `code` entry.
    fn mp4_with(code: &[u8; 4]) -> Vec<u8> {
        let mut entry = [0u8; 28];
        entry[24..28].copy_from_slice(&[0x05, 0xA0, 0x0C, 0x80]); // 1440x3200
        mp4_with_entry(code, &entry)
    }

    fn mp4_with_entry(code: &[u8; 4], entry: &[u8]) -> Vec<u8> {
        let mut stsd = vec![0, 0, 0, 0, 0, 0, 0, 1];
        stsd.extend(boxed(code, entry));
        let mut inner = boxed(b"stsd", &stsd);
        for kind in [b"stbl", b"minf", b"mdia"] {
            inner = boxed(kind, &inner);
        }
        let trak = boxed(b"trak", &[boxed(b"tkhd", &[0; 12]), inner].concat());
        [
            boxed(b"ftyp", b"isom"),
            boxed(b"mdat", &[7; 100]),
            boxed(b"moov", &[boxed(b"mvhd", &[0; 20]), trak].concat()),
        ]
        .concat()
    }

    #[test]
    fn the_codec_is_read_from_the_sample_entry() {
        assert_eq!(sample_entry(&mp4_with(b"avc1")), Some(*b"avc1"));
        assert_eq!(sample_entry(&mp4_with(b"mp4v")), Some(*b"mp4v"));
        assert_eq!(frame_size(&mp4_with(b"avc1")), Some((1440, 3200)));
        let file = mp4_with(b"avc1");
        // A file cut before its index, and cut anywhere inside it, has no codec to tell.
        assert_eq!(sample_entry(&file[..file.len() - 30]), None);
        for cut in 0..file.len() {
            let _ = sample_entry(&file[..cut]);
        }
        assert_eq!(sample_entry(b""), None);
    }

    /// An `mp4v` entry: the 78 bytes of visual fields, then an `esds` declaring `object_type`,
    /// its sizes written in the four-byte form some muxers use.
    fn mp4v_declaring(object_type: u8) -> Vec<u8> {
        let config = [0x04, 0x80, 0x80, 0x80, 13, object_type, 0x11];
        let es = [&[0x03, 0x80, 0x80, 0x80, 20, 0, 1, 0][..], &config[..]].concat();
        let esds = boxed(b"esds", &[&[0, 0, 0, 0][..], &es].concat());
        mp4_with_entry(b"mp4v", &[&[0u8; 78][..], &esds].concat())
    }

    #[test]
    fn an_mp4v_entry_is_named_by_the_object_type_it_declares() {
        let name = |mp4: &[u8]| codec_name(mp4, sample_entry(mp4).unwrap());
        assert_eq!(name(&mp4v_declaring(0x6D)), "PNG frames (mp4v)");
        assert_eq!(name(&mp4v_declaring(0x20)), "MPEG-4 Part 2 (mp4v)");
        assert_eq!(name(&mp4v_declaring(0x99)), "mp4v (object type 0x99)");
        // No esds to read: the four letters are all there is to say.
        assert_eq!(name(&mp4_with(b"mp4v")), "mp4v");
        let file = mp4v_declaring(0x6D);
        for cut in 0..file.len() {
            let _ = esds_object_type(&file[..cut]);
        }
    }

    #[test]
    fn without_ffmpeg_a_file_that_is_not_h264_is_named_with_the_fix() {
        let dir = tempfile::tempdir().unwrap();
        let video = dir.path().join("x.mp4");
        std::fs::write(&video, mp4_with(b"mp4v")).unwrap();
        let note = ensure_h264(&video, None).unwrap();
        assert!(
            note.contains("mp4v") && note.contains("apt install ffmpeg"),
            "{note}"
        );
        std::fs::write(&video, mp4_with(b"avc1")).unwrap();
        assert_eq!(ensure_h264(&video, None).unwrap(), "H.264");
        std::fs::write(&video, b"not a video").unwrap();
        assert!(ensure_h264(&video, None)
            .unwrap()
            .contains("left as recorded"));
    }

    /// An MPEG-4 part 2 clip becomes H.264 in place. Needs ffmpeg on PATH and fails saying so.
    #[test]
    fn with_ffmpeg_another_codec_is_transcoded_in_place() {
        let ffmpeg = super::super::join::on_path("ffmpeg", std::env::var_os("PATH").as_deref())
            .expect("ffmpeg on PATH (Debian: `sudo apt install ffmpeg`)");
        let dir = tempfile::tempdir().unwrap();
        let video = dir.path().join("clip.mp4");
        super::super::join::tests::test_clip(&ffmpeg, &video, "64x128", &["-c:v", "mpeg4"]);
        assert_eq!(
            sample_entry(&std::fs::read(&video).unwrap()),
            Some(*b"mp4v")
        );
        let note = ensure_h264(&video, Some(&ffmpeg)).unwrap();
        // ffmpeg's mpeg4 encoder declares object type 0x20 in its esds.
        assert!(
            note.contains("transcoded from MPEG-4 Part 2 (mp4v)"),
            "{note}"
        );
        assert_eq!(
            sample_entry(&std::fs::read(&video).unwrap()),
            Some(*b"avc1")
        );
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(left.len(), 1, "no temporary file is left");
    }
}
