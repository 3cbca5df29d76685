//! Knuth's format with multiplicities (`lo:hi|name`, dlx3) and costs (`|n`, dlx5) on every
//! line: the bytes choose a small problem that is always close to valid, so the fuzzer
//! spends its time in the bounds, the costs and their searches rather than in syntax
//! errors; then the checks of the `knuth` target (round trip, exact covers within bounds,
//! counts and cheapest solutions against brute force, `--pre` keeping the count).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/knuth.rs"]
mod knuth_check;

#[path = "../checks/knuth_problem.rs"]
mod knuth_problem;

fuzz_target!(|data: &[u8]| {
    if data.len() > 64 {
        return;
    }
    knuth_check::check(&knuth_problem::problem(data));
});
