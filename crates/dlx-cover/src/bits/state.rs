//! The bit-set search's state and what its walk works with, apart from the search itself
//! (`bits.rs`) so that the colored search (`colored.rs`) reads them as a sibling.

use std::ops::ControlFlow;

use super::colors::Colors;
use super::span::Span;
use crate::choose::Chooser;
use crate::limits::Limits;

/// Lengths handled at a time when they are copied or scanned.
pub(super) const LANES: usize = 16;

/// The bit-set form of one problem, and the search state.
#[derive(Debug, Clone)]
pub(crate) struct Bits {
    /// Words per option set (`ceil(options / 64)`).
    pub(super) words: usize,
    /// Primary items: the only ones with a length (secondary items are never chosen).
    pub(super) primary: usize,
    /// Lengths per state: `primary` rounded up to a multiple of [`LANES`], the rest
    /// [`COVERED`], so that copying and scanning them go a vector at a time.
    pub(super) stride: usize,
    /// `M_j`: for each item `j` (primary, then secondary), the options that contain it,
    /// `words` words each.
    pub(super) item_options: Vec<u64>,
    /// `C_o`: for each option `o`, the options sharing at least one item with it (`o`
    /// included), `words` words each.
    pub(super) conflicts: Vec<u64>,
    /// The primary items of each option, concatenated (whose lengths change when the
    /// option is hidden).
    pub(super) option_primary: Vec<u16>,
    /// For each option: where its run in `option_primary` starts and ends, and `|o| − 1`,
    /// the updates Knuth counts for hiding it.
    pub(super) span: Vec<Span>,
    /// When every option has the same number `P ≤` [`MAX_UNIFORM`] of primary items and
    /// the same size (queens, Langford pairs, polyomino tilings): `(P, |o| − 1)`. Option `o`'s
    /// primary items are then `option_primary[P·o..P·o + P]`, and the search runs a copy of
    /// itself with `P` a constant (a loop of known length, no span to read).
    pub(super) uniform: Option<(usize, u64)>,
    /// The states, one after another: each is `words` words of active options in `active`
    /// and `stride` lengths in `len`. State 0 is the whole problem; each selected option
    /// adds one (the last is the search's root); the search's level `l` uses the one at
    /// `root + 1 + l`, first as the node's state, then, once the level's item is covered in
    /// place, as the state its children are written from.
    pub(super) active: Vec<u64>,
    pub(super) len: Vec<i16>,
    /// Options selected before the search, oldest first.
    pub(super) selected: Vec<usize>,
    /// The option each level of the search is trying.
    pub(super) chosen: Vec<u32>,
    /// For each level, `words` words: the options of its item not yet tried.
    pub(super) untried: Vec<u64>,
    /// Where the search stands: its depth (options chosen) and its next step.
    pub(super) level: usize,
    pub(super) step: BitStep,
    /// Knuth's updates, cumulative (see the module docs).
    pub(crate) updates: u64,
    /// The options' colors, when some option names a secondary item with one
    /// (`bits/colors.rs`), and the item each level branches on (which fixes the order in
    /// which its options' items are committed).
    pub(super) colors: Option<Colors>,
    pub(super) branch: Vec<u32>,
}

/// What [`Bits::run`] works with: the options tried so far (its node count), the choice,
/// the limits, where a solution's options go, the solutions' count, and what visits a
/// solution, if anything does (else the walk stops at each one).
pub(crate) struct Walk<'a, 'c, 'v> {
    pub(crate) tried: &'a mut u64,
    pub(crate) chooser: &'a mut Chooser<'c>,
    pub(crate) limits: &'a Limits,
    pub(crate) buffer: &'a mut Vec<usize>,
    pub(crate) solutions: &'a mut u64,
    pub(crate) visit: Option<Visit<'v>>,
}

/// What visits a solution (its options) and says whether the search goes on.
pub(crate) type Visit<'v> = &'v mut dyn FnMut(&[usize]) -> ControlFlow<()>;

/// Where the walk stands: Knuth's steps folded into three states, as in the links' search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BitStep {
    /// At a new level: report a solution or choose an item.
    Enter,
    /// Try the next option of the level's item.
    Try,
    /// Leave the level.
    Back,
}
