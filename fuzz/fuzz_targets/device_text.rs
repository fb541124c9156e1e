//! Text a phone's shell prints: wm size/density, dumpsys, getevent -lp, device banners.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::device_text(data);
});
