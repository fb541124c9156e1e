//! A phone's side of a direct ADB connection: CNXN/AUTH answers, then stream messages.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::direct_reply(data);
});
