//! The general format on arbitrary bytes: see `checks/formats.rs` for what is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/formats.rs"]
#[allow(dead_code)] // each target uses one of the checks
mod formats;

fuzz_target!(|data: &[u8]| {
    formats::general(&String::from_utf8_lossy(data));
});
