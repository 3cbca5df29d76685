//! Knuth's text format on arbitrary bytes (as text, invalid UTF-8 replaced): no panic,
//! errors name a line, problems write back unchanged, solutions are exact covers.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/knuth.rs"]
mod knuth_check;

fuzz_target!(|data: &[u8]| {
    knuth_check::check(&String::from_utf8_lossy(data));
});
