//! ZDD text (dlx6's format, `cover --zdd` and `--from-zdd`) on arbitrary bytes: no panic,
//! errors name a line of the input, and a ZDD that reads writes back to text that reads to
//! the same ZDD, whose count, listed solutions and samples agree.
#![no_main]

use dlx_cover::zdd::{SplitMix64, Zdd};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count();
    match Zdd::parse(text.lines(), Some(64)) {
        Ok(zdd) => {
            assert_eq!(Zdd::parse(zdd.to_string().lines(), Some(64)), Ok(zdd.clone()));
            let counts = zdd.counts();
            let count = zdd.count();
            // Up to 1000 solutions listed; a small count is listed in full.
            let mut listed = 0u64;
            let all = zdd.solutions(|s| {
                assert!(s.iter().all(|&o| o < 64));
                listed += 1;
                listed < 1000
            });
            if all {
                assert_eq!(count.to_u64(), Some(listed));
            }
            let mut rng = SplitMix64(listed);
            for _ in 0..4 {
                match zdd.sample(&counts, || rng.next_word()) {
                    Some(s) => assert!(s.iter().all(|&o| o < 64)),
                    None => assert!(count.is_zero()),
                }
            }
        }
        Err(e) => assert!(e.line >= 1 && e.line <= lines + 1, "{e:?} in {lines} lines"),
    }
});
