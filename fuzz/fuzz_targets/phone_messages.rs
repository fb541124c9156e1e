//! ADB messages from a hostile host, as the virtual phone decodes them.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_phone::fuzzing::host_messages(data);
});
