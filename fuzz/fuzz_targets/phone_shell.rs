//! A shell command line sent to the virtual phone (lexer and parser).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    autosudoku_phone::fuzzing::shell_line(data);
});
