//! Human logic: the strategy ladder, hints, explanations and ratings.
//!
//! ```
//! use dlx_sudoku::{Grid, logic::{self, Level, Technique}};
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()?;
//! let rating = logic::rate(&puzzle).expect("one fill");
//! assert!(rating.level <= Level::Easy);
//! assert_eq!(rating.counts[Technique::Guess.index()], 0);
//!
//! let mut ladder = logic::Logic::new(puzzle.shape());
//! let board = logic::Candidates::from_grid(&puzzle).expect("no clash");
//! let step = ladder.hint(&board).expect("one fill").expect("not solved yet");
//! println!("{}: {}", step.technique, step.reason(puzzle.shape()));
//! # Ok::<(), dlx_sudoku::GridError>(())
//! ```
//!
//! # The ladder
//!
//! The candidates grid ([`Candidates`]) keeps, for every empty cell, the digits still
//! possible there as a bitmask. Each step tries the techniques of [`Technique::ALL`] in
//! order and takes the first that places a digit or removes a candidate: naked single,
//! hidden single, pointing, claiming, naked pair, hidden pair, naked triple, X-wing, hidden
//! triple, swordfish, XY-wing, XYZ-wing, W-wing, naked quad, jellyfish, hidden quad and
//! simple colouring. When none applies, the step is a **guess**: the empty cell with the
//! fewest candidates (the first in reading order among equals) takes the digit it has in the
//! puzzle's fill, which a search finds first ([`Logic::fill`]); the ladder then goes on.
//! So every explanation ends with the solved grid, and a guess is only made where the
//! ladder has nothing left.
//!
//! Every step is sound on any fill of the puzzle: a placement is forced, an elimination
//! removes a digit the cell cannot hold. The ladder refuses puzzles with no fill or with
//! several fills ([`LogicError`]), since guesses and ratings mean nothing there.
//!
//! # Sizes
//!
//! The ladder works on every shape the crate has (sides 4 to 25 with `r × c` boxes): the
//! techniques are written for rows, columns and boxes of any side. Levels and scores are
//! calibrated on 9×9, where QQWing and Sudoku Explainer live.
//!
//! # Rating
//!
//! [`Logic::rate`] gives QQWing's [`Level`], the hardest technique, a score on a scale like
//! Sudoku Explainer's (the weight of the hardest step, [`Technique::weight`]), how often each
//! technique was used, and a machine effort: the mean of `log2` of the search nodes of
//! [`Logic::samples`] isomorphs of the puzzle (rows, columns, bands, stacks and digits
//! moved; transposed too when the boxes are square). The search propagates naked and
//! hidden singles at each node and branches on a cell with the fewest candidates: among
//! cells with two, the one whose peers weigh most, two for each with two candidates and
//! three for each empty one (its tree is about three fifths of the first such cell's on
//! top1465, 8 % smaller than with the empty peers alone, the degree heuristic), counting
//! to two fills.
//!
//! On 9×9 the first isomorph is the **canonical form** of the puzzle's placed digits (after
//! its singles, [`canon`](crate::canon)) and the others are random isomorphs of that
//! form, drawn by a fixed seed; so every isomorph of a puzzle gets exactly the same effort,
//! whatever the number of samples. One sample is the default: the effort of a single tree
//! is a coarser measure of difficulty than a mean over several (on top1465, one canonical
//! sample is within 0.16 of the mean of 16 random ones on average, in `log2` units, four
//! are within 0.07), and `--samples` buys the finer one at a search per sample. On other
//! sizes every sample is a random isomorph of the puzzle.
//!
//! # One ladder
//!
//! Each technique beyond the singles is written once, in `ladder/`, over sets of cells
//! (a `u128` up to 10×10, ten `u64` words for 12×12 to 25×25): it returns the
//! candidates it removes and its pattern, which `hint` and `explain` turn into a [`Step`]
//! and `rate`'s tally applies as it is. `techniques.rs` holds the singles and the order in
//! which every unit and digit is scanned; the step-by-step test against recorded paths
//! (`tests/data/ladder_paths.txt`) guards both.
//!
//! # The 9×9 fast paths
//!
//! On 9×9 with 3×3 boxes `rate` runs the same techniques with faster bookkeeping: `tally9.rs`
//! walks the general tally's path on bitboards, `ladder9/` decides which units and digits
//! each scan need look at (segments for pointing and claiming, counts, the duals' floors,
//! a memo of what found nothing, the all-at-once matching test), and `search9.rs` walks the
//! general search's tree (the fill for hint and explain, and `rate`'s effort). They change
//! no answer and no rating, and must not: a test checks `ladder9/`'s steps against the full
//! scans, and the 9×9 tally and search against the general ones. `ladder9/`'s dual floors
//! rest on the ladder's order (each subset size over every unit before the next, naked
//! before hidden, rows before columns), so a change to that order changes its `floor` too.
//! Its `matched` rests on the board keeping the fill's digit in every empty cell (each step
//! is sound) and on no placed digit being a candidate of a peer (placing takes it from
//! them), which its `Fill` checks in debug builds; that it leaves nothing to enumerate
//! before a guess rests on the ladder looking for every subset and fish size from 2 to 4.

mod board;
mod ladder;
mod ladder9;
mod places;
pub mod se;
mod search;
mod search9;
mod step;
mod tally9;
mod techniques;
mod weights;

pub use board::Candidates;
pub use step::{Level, Step, Technique, UnknownLevel, cell_name, unit_name};

use crate::geometry::Geometry;
use crate::rng::SplitMix;
use ladder::Sets;
use search::{Found, Isomorph, search};
use search9::Tables9;

use crate::canon::Canonicalizer;
use crate::{Clash, Grid, Shape};

/// Why the ladder will not take a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    /// Two givens clash.
    #[error("no solution: {0}")]
    Clash(Clash),
    /// No fill completes the puzzle.
    #[error("no solution")]
    NoSolution,
    /// More than one fill completes it.
    #[error("more than one solution")]
    NotUnique,
}

/// The rating of a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// QQWing's level: by the hardest technique on the ladder's path.
    pub level: Level,
    /// The hardest technique used (`None` when the puzzle was already solved).
    pub hardest: Option<Technique>,
    /// The weight of the hardest technique ([`Technique::weight`]), 0 when none was used.
    pub score: f32,
    /// How often each technique was used, by [`Technique::index`].
    pub counts: [u32; Technique::ALL.len()],
    /// Steps to the solution.
    pub steps: usize,
    /// Mean of `log2` search nodes over the random isomorphs.
    pub effort: f64,
}

/// The ladder for one shape, with its geometry computed once. Reuse it across puzzles.
#[derive(Debug, Clone)]
pub struct Logic {
    geometry: Geometry,
    /// The fixed tables of the 9×9 search, for sides of 9.
    tables9: Option<Box<Tables9>>,
    /// The units and peers as sets of cells, for the techniques.
    sets: Sets,
    samples: usize,
}

/// Isomorphs searched for the machine effort, unless set otherwise: one, the canonical form
/// on 9×9.
pub const DEFAULT_SAMPLES: usize = 1;

/// The seed of the isomorphs: fixed, so ratings are the same on every run.
const SEED: u64 = 0x5EED_1065;

impl Logic {
    /// The ladder for puzzles of `shape`.
    pub fn new(shape: Shape) -> Logic {
        let geometry = Geometry::new(shape);
        Logic {
            tables9: Tables9::new(&geometry).map(Box::new),
            sets: Sets::new(&geometry),
            geometry,
            samples: DEFAULT_SAMPLES,
        }
    }

    /// Sets the number of isomorphs searched for the machine effort (at least 1).
    pub fn with_samples(mut self, samples: usize) -> Logic {
        self.samples = samples.max(1);
        self
    }

    /// The number of isomorphs searched for the machine effort.
    pub fn samples(&self) -> usize {
        self.samples
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.geometry.shape
    }

    /// The candidates grid of a puzzle.
    ///
    /// # Errors
    /// When two givens clash.
    pub fn board(&self, puzzle: &Grid) -> Result<Candidates, LogicError> {
        assert_eq!(
            puzzle.shape(),
            self.shape(),
            "puzzle shape differs from the ladder's"
        );
        Candidates::from_grid_in(&self.geometry, puzzle).map_err(LogicError::Clash)
    }

    /// The puzzle's one fill, by search.
    ///
    /// # Errors
    /// When it has none or several.
    ///
    /// # Panics
    /// If the board has another shape than the ladder.
    pub fn fill(&self, board: &Candidates) -> Result<Grid, LogicError> {
        self.check_shape(board);
        let found = self.count_to_two(board);
        fill_of(board.shape(), found.fills, found.first)
    }

    /// The search for the fill and the effort: fills up to two, the first, the nodes. On
    /// sides of 9 the fixed-array search, elsewhere the general one: the same tree.
    fn count_to_two(&self, board: &Candidates) -> Found {
        match &self.tables9 {
            Some(t) => search9::search(t, board, 2),
            None => search(&self.geometry, board, 2, false),
        }
    }

    /// The lexicographically smallest fill of the board (the crate's one answer to a puzzle
    /// with several fills), or `None` when it has none. For boards with marks, where the
    /// DLX solvers, which take givens only, cannot go.
    pub fn smallest_fill(&self, board: &Candidates) -> Option<Grid> {
        self.check_shape(board);
        let found = search(&self.geometry, board, 1, true);
        found
            .first
            .map(|f| Grid::from_values(board.shape(), &f).expect("a fill has valid values"))
    }

    /// The number of fills of the board, up to `limit`.
    pub fn count_fills(&self, board: &Candidates, limit: u64) -> u64 {
        self.check_shape(board);
        search(&self.geometry, board, limit.max(1), false).fills
    }

    fn check_shape(&self, board: &Candidates) {
        assert_eq!(
            board.shape(),
            self.shape(),
            "board shape differs from the ladder's"
        );
    }

    /// The next step on the ladder for a board whose fill is `fill`, or `None` when the
    /// board is solved. A guess takes its digit from `fill`.
    ///
    /// # Panics
    /// If the board or the fill has another shape than the ladder.
    pub fn next_step(&self, board: &Candidates, fill: &Grid) -> Option<Step> {
        self.check_shape(board);
        assert_eq!(
            fill.shape(),
            self.shape(),
            "fill shape differs from the ladder's"
        );
        if board.is_solved() {
            return None;
        }
        techniques::next_step(&self.geometry, &self.sets, board)
            .or_else(|| Some(guess(board, fill)))
    }

    /// Applies a step: places its digits and removes its eliminated candidates.
    ///
    /// # Panics
    /// If the step names a cell or digit the board does not have (a step the ladder gave
    /// never does).
    pub fn apply(&self, board: &mut Candidates, step: &Step) {
        let (cells, n) = (board.masks.len(), self.geometry.n);
        for &(cell, v) in step.eliminate.iter().chain(&step.place) {
            assert!(
                cell < cells && (1..=n).contains(&(v as usize)),
                "step names cell {cell}, digit {v}: not on a {n}×{n} board"
            );
        }
        for &(cell, v) in &step.eliminate {
            board.eliminate(cell, v);
        }
        for &(cell, v) in &step.place {
            board.place(&self.geometry, cell, v);
        }
    }

    /// The next step, or `None` for a solved board.
    ///
    /// A technique's step is sound on every fill, so the search for the fill (and the
    /// check that there is exactly one) runs only when the step has to be a guess. This
    /// keeps a hint fast; [`Logic::explain`] and [`Logic::rate`] always check.
    ///
    /// # Errors
    /// When a guess is needed and the board has no fill or several.
    pub fn hint(&self, board: &Candidates) -> Result<Option<Step>, LogicError> {
        self.check_shape(board);
        if board.is_solved() {
            return Ok(None);
        }
        if let Some(step) = techniques::next_step(&self.geometry, &self.sets, board) {
            return Ok(Some(step));
        }
        let fill = self.fill(board)?;
        Ok(Some(guess(board, &fill)))
    }

    /// Every step from the board to its solution.
    ///
    /// # Errors
    /// When the board has no fill or several.
    pub fn explain(&self, board: &Candidates) -> Result<Vec<Step>, LogicError> {
        let fill = self.fill(board)?;
        Ok(self.path(board.clone(), &fill))
    }

    /// How often each technique is used on the path from the board to its fill, and the
    /// number of steps: [`Logic::explain`]'s path, with singles placed without building
    /// their steps.
    fn tally(&self, mut board: Candidates, fill: &Grid) -> ([u32; Technique::ALL.len()], usize) {
        let g = &self.geometry;
        let mut counts = [0u32; Technique::ALL.len()];
        let mut steps = 0;
        let mut memo = techniques::Memo::new(g.n);
        let mut places = techniques::Places::new(g, &board);
        let mut empty = board.values.iter().filter(|&&v| v == 0).count();
        while empty > 0 {
            steps += 1;
            if let Some((t, cell, v)) = techniques::single(g, &board, &places) {
                counts[t.index()] += 1;
                places.place(g, &mut board, cell, v);
                empty -= 1;
                continue;
            }
            let step = techniques::beyond_singles(g, &self.sets, &board, &places, &mut memo)
                .unwrap_or_else(|| guess(&board, fill));
            counts[step.technique.index()] += 1;
            for &(cell, v) in &step.eliminate {
                places.eliminate(g, &mut board, cell, v);
            }
            for &(cell, v) in &step.place {
                places.place(g, &mut board, cell, v);
                empty -= 1;
            }
        }
        (counts, steps)
    }

    fn path(&self, mut board: Candidates, fill: &Grid) -> Vec<Step> {
        let mut steps = Vec::new();
        while let Some(step) = self.next_step(&board, fill) {
            self.apply(&mut board, &step);
            steps.push(step);
        }
        steps
    }

    /// The level [`Logic::rate`] gives a board that has exactly one fill, found without
    /// searching for the fill: the ladder's path is followed only until its first expert
    /// step. Every step before a guess is a technique, and techniques need no fill; and
    /// once a step is expert (a guess is one), so is the level, which is the hardest step's.
    /// For a generator that has just proved the puzzle unique, this skips the fill search
    /// and, on expert puzzles, the rest of the path.
    ///
    /// The caller vouches for the one fill: a board with several fills comes out expert,
    /// since no technique can choose between them.
    ///
    /// # Panics
    /// If the board has another shape than the ladder.
    pub fn level_of_unique(&self, board: &Candidates) -> Level {
        self.check_shape(board);
        let mut board = board.clone();
        let mut level = Level::Simple;
        while !board.is_solved() {
            let Some(step) = techniques::next_step(&self.geometry, &self.sets, &board) else {
                return Level::Expert;
            };
            level = level.max(step.technique.level());
            if level == Level::Expert {
                return level;
            }
            self.apply(&mut board, &step);
        }
        level
    }

    /// Rates the board: level, hardest technique, score, counts and machine effort.
    ///
    /// # Errors
    /// When the board has no fill or several.
    pub fn rate(&self, board: &Candidates) -> Result<Rating, LogicError> {
        self.check_shape(board);
        // On 9×9 the path's first stretch (its singles) ends at the fixpoint of the board's
        // singles, and the searches start there: the same trees as from the board, since a
        // search's root propagates the same singles. (A board without a fill may stop
        // elsewhere, but its searches find no fill either way.)
        let path = self.tables9.as_ref().map(|t| tally9::Path::new(t, board));
        let solved = path.as_ref().map_or(board.is_solved(), |p| p.is_solved());
        // The root as a board of masks, made only where a sample starts from one: on other
        // sizes, and for the random isomorphs (the canonical sample reads the path's bands).
        let root = match &path {
            Some(p) if self.samples > 1 => Some(p.board(board)),
            Some(_) => None,
            None => Some(board.clone()),
        };
        let mut rng = SplitMix::new(SEED);
        let mut log_sum = 0.0;
        let mut fill = None;
        if solved {
            // Every sample's search is its root alone: one node, log2 1 = 0.
            fill = Some(match &path {
                Some(p) => Grid::from_values(board.shape(), p.values()).expect("valid values"),
                None => board.to_grid(),
            });
        }
        // On 9×9 the samples start from the canonical form of the root's placed digits:
        // the first is that form, the others random isomorphs of it.
        let canonical = match &path {
            Some(p) if !solved => {
                let (_, t) = CANON.with_borrow_mut(|c| c.canonical_cells(p.values()));
                Some(Isomorph::from_transform(&t))
            }
            _ => None,
        };
        // (The canonical sample is searched without making its board; the random ones
        // need it as their start.)
        let base = match (&canonical, &root) {
            (Some(c), Some(r)) => Some(c.apply(r)),
            _ => None,
        };
        let start = base.as_ref().or(root.as_ref());
        for k in 0..self.samples {
            if solved {
                break;
            }
            let (found, iso) = match (&self.tables9, &canonical, &path) {
                (Some(t), Some(c), Some(p)) if k == 0 => {
                    let found = search9::search_moved(
                        t,
                        p.values(),
                        p.masks(),
                        c,
                        2,
                        // (Settled: no single left where the path's singles end.)
                        true,
                    );
                    (found, None)
                }
                _ => {
                    let iso = Isomorph::random(&self.geometry, &mut rng);
                    let start = start.expect("a board for the random samples");
                    let found = self.count_to_two(&iso.apply(start));
                    (found, Some(iso))
                }
            };
            log_sum += (found.nodes as f64).log2();
            if k == 0 {
                let back = iso
                    .as_ref()
                    .or(canonical.as_ref())
                    .expect("sample 0 is moved");
                let first = found.first.map(|f| back.undo(&f));
                fill = Some(fill_of(board.shape(), found.fills, first)?);
            }
        }
        let fill = fill.expect("at least one sample");
        let (counts, steps) = match path {
            Some(p) => p.finish(&fill, self.sets.narrow().expect("9×9 sets")),
            None => self.tally(board.clone(), &fill),
        };
        let used = || Technique::ALL.into_iter().filter(|t| counts[t.index()] > 0);
        let hardest = used().max_by(|a, b| a.weight().total_cmp(&b.weight()));
        Ok(Rating {
            level: used().map(Technique::level).max().unwrap_or(Level::Simple),
            hardest,
            score: hardest.map_or(0.0, Technique::weight),
            counts,
            steps,
            effort: log_sum / self.samples as f64,
        })
    }
}

thread_local! {
    /// The canonicaliser `rate` uses on this thread, kept for its buffers.
    static CANON: std::cell::RefCell<Canonicalizer> = std::cell::RefCell::new(Canonicalizer::new());
}

/// The fill, when there is exactly one.
fn fill_of(shape: Shape, fills: u64, first: Option<Vec<u8>>) -> Result<Grid, LogicError> {
    match (fills, first) {
        (0, _) | (_, None) => Err(LogicError::NoSolution),
        (1, Some(f)) => Ok(Grid::from_values(shape, &f).expect("a fill has valid values")),
        _ => Err(LogicError::NotUnique),
    }
}

/// The guess: the empty cell with the fewest candidates takes its digit in the fill.
fn guess(board: &Candidates, fill: &Grid) -> Step {
    let cell = (0..board.masks.len())
        .filter(|&c| board.values[c] == 0)
        .min_by_key(|&c| (board.masks[c].count_ones(), c))
        .expect("an unsolved board has an empty cell");
    let v = fill.cells()[cell];
    Step {
        technique: Technique::Guess,
        cells: vec![cell],
        digits: board::digits(board.masks[cell]),
        units: Vec::new(),
        place: vec![(cell, v)],
        eliminate: Vec::new(),
    }
}

/// Rates a puzzle with a fresh [`Logic`] (make one and reuse it for many puzzles).
///
/// # Errors
/// When the givens clash, or the puzzle has no fill or several.
pub fn rate(puzzle: &Grid) -> Result<Rating, LogicError> {
    let logic = Logic::new(puzzle.shape());
    logic.rate(&logic.board(puzzle)?)
}

#[cfg(test)]
mod tests;
