//! A whole hostile host session against a running virtual phone over a real socket; the phone
//! must keep serving a fresh connection afterwards (the entry asserts it).
#![no_main]

use std::sync::OnceLock;

static PHONE: OnceLock<autosudoku_phone::PhoneHandle> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let phone = PHONE.get_or_init(autosudoku_phone::fuzzing::target_phone);
    autosudoku_phone::fuzzing::host_session(phone, data);
});
