//! A Sudoku board as the user types or pastes it (`solve`, puzzle files), in every accepted form,
//! classic or variant (docs/variants.md).
#![no_main]

use autosudoku_core::sudoku::Board;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = text.parse::<Board>();
    let _ = autosudoku_core::variant::text::parse(&text);
    for (number, line) in text.lines().enumerate() {
        let _ = autosudoku_core::sudoku::parse::parse_line(line, number + 1);
    }
});
