//! The Monkey's answers to our command lines.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_agent::fuzzing::monkey_replies(data);
});
