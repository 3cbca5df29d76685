//! The shapes every answer shares: the error object, and the status word of a search that
//! ended early.

use dlx_sudoku::GaveUp;
use serde_json::{Value, json};

/// The answer to input the library refused: its own message.
pub fn error(message: impl std::fmt::Display) -> Value {
    json!({ "status": "error", "message": message.to_string() })
}

/// The status word of a search that a limit stopped: `node limit` (the worker calls again
/// with a larger budget), or `time limit` (never here: no deadline is set on wasm).
pub fn gave_up(why: GaveUp) -> &'static str {
    match why {
        GaveUp::NodeLimit => "node limit",
        GaveUp::Timeout => "time limit",
    }
}
