//! Ratings on Sudoku Explainer's scale (ER/EP/ED, as its batch rater `serate` prints them).
//!
//! At each point the rater takes the first step of SE's ladder, its list of techniques in
//! the order SE tries them (roughly by difficulty): hidden single (box 1.2, row/column 1.5),
//! direct pointing/claiming (1.7/1.9), direct hidden pair (2.0), naked single (2.3), direct
//! hidden triplet (2.5), pointing/claiming (2.6/2.8), naked pair (3.0), X-wing (3.2), hidden
//! pair (3.4), naked triplet (3.6), swordfish (3.8), hidden triplet (4.0), chains of two
//! strong links (4.0–4.3, `links`), XY-wing (4.2), XYZ-wing (4.4), unique rectangles and
//! loops (4.5+, `uniqueness`), naked quad (5.0), jellyfish (5.2), hidden quad (5.4), three
//! strong links (5.4+), WXYZ-wing (5.5+, `wings`), BUG (5.6+), four strong links (5.8+),
//! VWXYZ-wing (6.2+), aligned pair exclusion (6.2, `exclusion`), UVWXYZ-wing (6.6), then
//! SE's chaining techniques: forcing chains and cycles (6.5+, `cycles`), TUVWXYZ-wing
//! (7.5), aligned triplet exclusion (7.5), Nishio forcing chains (7.5+), cell and region
//! forcing chains (8.0+), dynamic forcing chains (8.5+, `forcing`; the implication
//! rules, complexities and length increments of all chains are in `chains`, a fixed
//! board's table of implications and their strongly connected parts in `implications`
//! and `parts`), then dynamic
//! forcing chains whose walks, when they stall, also use other techniques on the board of
//! the assumption (`advanced`): "Dynamic+" (9.0+: pointing/claiming, hidden and naked
//! pairs, X-wings), nested forcing chains of the first level (9.5+: also SE's forcing
//! chains and cycles), of the second (10.0+: also cell and region forcing chains) and of
//! the third (10.5+: the Dynamic+ rules, then dynamic forcing chains nested inside, plain,
//! Dynamic+ or of the first level, SE's three last techniques, tried in that order),
//! where a nested chain's complexity adds to the chain using it. A "direct" technique is
//! an elimination that leaves a hidden single; SE rates and applies it as that placement.
//! Where a technique finds several steps, SE applies the one it sorts first (most often
//! the easiest); each finder says how.
//!
//! * **ER** is the hardest step's difficulty.
//! * **EP** is the hardest difficulty up to the first placement.
//! * **ED** is the first step's difficulty.
//!
//! That is the end of SE's ladder. When no technique applies, SE gives up (its batch
//! rater prints 20.0, "Beyond solver"); here the rating stops and each of ER/EP/ED not yet
//! settled becomes a **lower bound** at [`NEXT_MISSING`], never an exact number that could
//! be wrong. A walk cut short by the caller ([`walk_until`]) bounds them by the steps
//! taken.
//!
//! ```
//! use dlx_sudoku::logic::se;
//! let puzzle: dlx_sudoku::Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! let rating = se::rate(&puzzle).expect("a 9x9 puzzle with no clash");
//! assert_eq!(rating.er.to_string(), "1.2");
//! # Ok::<(), dlx_sudoku::GridError>(())
//! ```

mod advanced;
mod board;
mod cells;
mod chains;
mod cycles;
mod exclusion;
mod forcing;
mod implications;
mod links;
mod parts;
mod quick;
mod rules;
mod step;
mod uniqueness;
mod wings;

use crate::Grid;
use board::Board;
use std::borrow::Cow;
use std::fmt;
pub use step::{Effect, SeStep};

/// The bound, in tenths, of a rating whose walk no technique could go on with: the base
/// difficulty of SE's last technique (dynamic forcing chains nested in dynamic forcing
/// chains, 10.5); SE itself gives up there.
pub const NEXT_MISSING: u8 = 105;

/// A difficulty on SE's scale, exact or a lower bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// The difficulty in tenths.
    pub tenths: u8,
    /// Whether the true difficulty may be higher (no technique applied, or the walk was cut
    /// short).
    pub lower_bound: bool,
}

impl fmt::Display for Score {
    /// `4.0`, or `>=4.0` for a lower bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lower_bound {
            f.write_str(">=")?;
        }
        write!(f, "{}.{}", self.tenths / 10, self.tenths % 10)
    }
}

/// ER, EP and ED of a puzzle, with SE's name of the hardest technique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// The hardest step's difficulty.
    pub er: Score,
    /// The hardest difficulty up to the first placement.
    pub ep: Score,
    /// The first step's difficulty.
    pub ed: Score,
    /// SE's name of the hardest technique ("" when no step was taken).
    pub hardest: Cow<'static, str>,
}

/// The walk of a puzzle: the steps taken, and whether it stopped short of the solution
/// because no technique of SE's ladder applies, or because it was told to stop.
#[derive(Clone, Debug)]
pub struct SeWalk {
    /// The steps, in order.
    pub steps: Vec<SeStep>,
    /// True when the walk stopped before the grid was solved.
    pub stuck: bool,
    /// True when it stopped because the caller's `stop` said so (then the next step is
    /// unknown, and only the steps taken bound the rating).
    pub interrupted: bool,
}

/// A test of whether a technique finds a step on a board, and the technique's finder.
type Tested = (fn(&Board) -> bool, fn(&Board) -> Option<SeStep>);

/// SE's first techniques, up to hidden triplets, in its order, each with a cheap exact
/// test (`quick`) run before its finder: most techniques tried find nothing.
const FIRST: [Tested; 12] = [
    (|_| true, rules::hidden_single),
    (quick::direct_locking, rules::direct_locking),
    (
        |b| quick::direct_hidden_set(b, 2),
        |b| rules::direct_hidden_set(b, 2),
    ),
    (|_| true, rules::naked_single),
    (
        |b| quick::direct_hidden_set(b, 3),
        |b| rules::direct_hidden_set(b, 3),
    ),
    (quick::locking, rules::locking),
    (|b| quick::naked_set(b, 2), |b| rules::naked_set(b, 2)),
    (|b| quick::fish(b, 2), |b| rules::fish(b, 2)),
    (|b| quick::hidden_set(b, 2), |b| rules::hidden_set(b, 2)),
    (|b| quick::naked_set(b, 3), |b| rules::naked_set(b, 3)),
    (|b| quick::fish(b, 3), |b| rules::fish(b, 3)),
    (|b| quick::hidden_set(b, 3), |b| rules::hidden_set(b, 3)),
];

/// The step `find` gives when `applies` says it gives one.
fn tested(
    board: &Board,
    applies: fn(&Board) -> bool,
    find: fn(&Board) -> Option<SeStep>,
) -> Option<SeStep> {
    if applies(board) { find(board) } else { None }
}

/// The first step of SE's ladder on this board, if an implemented technique applies.
/// `stop` is asked between the chain searches' source cells; a search it cuts short
/// finds nothing.
fn next_step(board: &Board, stop: &dyn Fn() -> bool) -> Option<SeStep> {
    FIRST
        .iter()
        .find_map(|&(applies, find)| tested(board, applies, find))
        .or_else(|| links::strong_links(board, 2))
        .or_else(|| wings::xy_wing(board, false))
        .or_else(|| wings::xy_wing(board, true))
        .or_else(|| uniqueness::unique_loop(board))
        .or_else(|| {
            tested(
                board,
                |b| quick::naked_set(b, 4),
                |b| rules::naked_set(b, 4),
            )
        })
        .or_else(|| tested(board, |b| quick::fish(b, 4), |b| rules::fish(b, 4)))
        .or_else(|| {
            tested(
                board,
                |b| quick::hidden_set(b, 4),
                |b| rules::hidden_set(b, 4),
            )
        })
        .or_else(|| links::strong_links(board, 3))
        .or_else(|| wings::als_wing(board, 3))
        .or_else(|| uniqueness::bug(board))
        .or_else(|| links::strong_links(board, 4))
        .or_else(|| wings::als_wing(board, 4))
        .or_else(|| exclusion::aligned_pair(board))
        .or_else(|| wings::als_wing(board, 5))
        .or_else(|| cycles::cycles_and_chains(board).map(chains::ChainHint::step))
        .or_else(|| wings::als_wing(board, 6))
        .or_else(|| exclusion::aligned_triplet(board))
        .or_else(|| {
            forcing::forcing_chains(board, forcing::Mode::Nishio, stop).map(chains::ChainHint::step)
        })
        .or_else(|| {
            forcing::forcing_chains(board, forcing::Mode::Multiple, stop)
                .map(chains::ChainHint::step)
        })
        .or_else(|| {
            forcing::forcing_chains(board, forcing::Mode::Dynamic, stop)
                .map(chains::ChainHint::step)
        })
        .or_else(|| {
            forcing::forcing_chains(board, forcing::Mode::Plus, stop).map(chains::ChainHint::step)
        })
        .or_else(|| {
            forcing::forcing_chains(board, forcing::Mode::Nested, stop).map(chains::ChainHint::step)
        })
        .or_else(|| {
            forcing::forcing_chains(board, forcing::Mode::Nested3, stop)
                .map(chains::ChainHint::step)
        })
        .or_else(|| {
            (0..=2).find_map(|inner| {
                forcing::forcing_chains(board, forcing::Mode::Deep(inner), stop)
                    .map(chains::ChainHint::step)
            })
        })
}

/// SE's steps on a 9×9 puzzle; `None` if the puzzle is not 9×9 or its givens clash.
pub fn walk(puzzle: &Grid) -> Option<SeWalk> {
    walk_until(puzzle, &|| false)
}

/// SE's steps on a 9×9 puzzle until `stop` returns true (it is asked often: between
/// steps and inside the long searches); `None` if the puzzle is not 9×9 or its givens
/// clash. A walk stopped that way is `interrupted`, and its rating is the bound the
/// steps taken prove.
pub fn walk_until(puzzle: &Grid, stop: &dyn Fn() -> bool) -> Option<SeWalk> {
    if puzzle.shape().side() != 9 {
        return None;
    }
    let mut board = Board::new(puzzle.cells())?;
    let mut steps = Vec::new();
    let mut interrupted = false;
    while !board.solved() && !board.broken() {
        if stop() {
            interrupted = true;
            break;
        }
        let found = next_step(&board, stop);
        if stop() {
            // The search may have been cut short: its answer is not SE's.
            interrupted = true;
            break;
        }
        let Some(step) = found else {
            break;
        };
        board.apply(&step.effect);
        steps.push(step);
    }
    let stuck = !board.solved();
    Some(SeWalk {
        steps,
        stuck,
        interrupted,
    })
}

impl SeWalk {
    /// ER/EP/ED of the walk, as `serate` computes them; unsettled ones are lower bounds.
    pub fn rating(&self) -> SeRating {
        let exact = |tenths| Score {
            tenths,
            lower_bound: false,
        };
        let (mut er, mut hardest) = (0u8, Cow::Borrowed(""));
        let (mut ep, mut ed) = (None, None);
        for step in &self.steps {
            if step.tenths > er {
                (er, hardest) = (step.tenths, step.name.clone());
            }
            ed.get_or_insert(er);
            if ep.is_none() && matches!(step.effect, Effect::Place(..)) {
                ep = Some(er);
            }
        }
        // Stuck: every technique SE could try next is rated NEXT_MISSING or more.
        // Interrupted: the next step is unknown, only the steps taken count.
        let floor = if self.interrupted {
            er
        } else {
            er.max(NEXT_MISSING)
        };
        let bound = |settled: Option<u8>| match settled {
            Some(t) => exact(t),
            None => Score {
                tenths: floor,
                lower_bound: true,
            },
        };
        if self.stuck {
            SeRating {
                er: bound(None),
                ep: bound(ep),
                ed: bound(ed),
                hardest,
            }
        } else {
            SeRating {
                er: exact(er),
                ep: exact(ep.unwrap_or(er)),
                ed: exact(ed.unwrap_or(er)),
                hardest,
            }
        }
    }
}

/// ER/EP/ED of a 9×9 puzzle; `None` if it is not 9×9 or its givens clash.
pub fn rate(puzzle: &Grid) -> Option<SeRating> {
    walk(puzzle).map(|w| w.rating())
}

/// ER/EP/ED of a 9×9 puzzle, or the bounds reached when `stop` returned true (see
/// [`walk_until`]); `None` if it is not 9×9 or its givens clash.
pub fn rate_until(puzzle: &Grid, stop: &dyn Fn() -> bool) -> Option<SeRating> {
    walk_until(puzzle, stop).map(|w| w.rating())
}

#[cfg(test)]
mod tests;
