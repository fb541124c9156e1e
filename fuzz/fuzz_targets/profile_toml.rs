//! An app profile file (TOML) as `play --profile FILE` reads it.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::profile_toml(data);
});
