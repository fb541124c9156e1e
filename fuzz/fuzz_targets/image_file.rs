//! Screenshot files `read --image` opens: truncated and hostile PNG, JPEG, WebP and BMP, including
//! headers claiming 60000x60000 (refused on the header, never allocated).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::image_file(data);
});
