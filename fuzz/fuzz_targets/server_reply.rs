//! An adb server's reply to a host request (status, hex length, body).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::server_reply(data);
});
