//! The binary on hostile and broken input, one test binary: nothing lost or reordered,
//! refusals with their file, line and fault, bounded reads of endless or binary input, and
//! junk mixed into real batches.

#[path = "../common/mod.rs"]
mod common;

mod cosmetic_edges;
mod cover_input;
mod endless_input;
mod error_lines;
mod junk_batches;
mod malformed;
mod nothing_lost;
mod refusals;
