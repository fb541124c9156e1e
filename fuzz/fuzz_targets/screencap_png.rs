//! `screencap -p` output: PNG from a hostile phone, including headers claiming huge sizes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::screencap_png(data);
});
