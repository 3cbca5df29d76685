//! One step of the SE walk ([`SeStep`]) and what it does to the board ([`Effect`]).

use std::borrow::Cow;

/// What a step does to the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A digit placed in a cell (0..81, reading order).
    Place(usize, u8),
    /// Candidates removed, as (cell, digit).
    Eliminate(Vec<(usize, u8)>),
}

/// One step of the SE walk: SE's name of the technique, its difficulty and its effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeStep {
    /// SE's name of the technique ("Hidden Single", "Direct Hidden Pair", ...).
    pub name: Cow<'static, str>,
    /// Its difficulty in tenths (15 is 1.5).
    pub tenths: u8,
    /// What it does.
    pub effect: Effect,
}
