//! Raw `screencap` output from a hostile phone (header and pixels).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::screencap_raw(data);
});
