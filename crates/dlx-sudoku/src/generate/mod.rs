//! Puzzle generation: a random fill, then givens removed an orbit at a time while the fill
//! stays unique, so that every puzzle has exactly one fill, has the symmetry asked for, and
//! is minimal for it (no orbit of givens can go).
//!
//! ```
//! use dlx_sudoku::generate::{Generator, Settings, Symmetry};
//! use dlx_sudoku::{DlxSolver, Shape, SudokuSolver};
//!
//! let settings = Settings { symmetry: Symmetry::Rot180, ..Settings::new(Shape::CLASSIC, 42) };
//! let mut generator = Generator::new(settings);
//! let made = generator.generate(0, |_| Some(())).expect("a puzzle");
//! assert_eq!(DlxSolver::new(Shape::CLASSIC).count(&made.puzzle, 2).solutions, 1);
//! assert!(made.fill.is_complete_solution_of(&made.puzzle));
//! // The same seed and index give the same puzzle.
//! assert_eq!(Generator::new(settings).generate(0, |_| Some(())).unwrap().puzzle, made.puzzle);
//! ```
//!
//! # How
//! 1. **The fill.** A depth-first search over candidate bitmasks (naked and hidden singles,
//!    then the cell with fewest candidates) starts from a first row 1, 2, …, n, tries
//!    candidates in random order and stops at the first fill; a search that passes a node
//!    budget restarts. The fill is then mapped through a random member of the Sudoku
//!    symmetry group (digits relabelled, rows within bands, bands, columns within stacks,
//!    stacks, and a transposition when boxes are square). *How far from uniform:* the
//!    search reaches some fills more often than others (a fill's chance is the product of
//!    1/(candidates) over the branch points on its path, and different fills have
//!    different paths), so the fill is not uniform over all fills. The random symmetry
//!    makes it uniform *within* each class of isomorphic fills; the bias left is between
//!    classes. On 4×4 (288 fills, 2 classes) the measured spread is in the closing note
//!    and `tests/generate.rs`.
//! 2. **The givens.** Every orbit of cells under the symmetry starts as givens. In random
//!    order, each orbit is removed when the fill stays unique without it. One pass is
//!    enough: removing givens only adds fills, so an orbit that could not go earlier cannot
//!    go later either. The result is minimal for the symmetry.
//! 3. **Uniqueness by refutation.** With the fill `F` known, the puzzle without orbit
//!    `{c₁ … c_k}` has another fill exactly when some fill differs from `F` at some `cᵢ`.
//!    So it asks, for each `i`, whether any fill exists with `c₁ … c_{i−1}` set as in `F` and
//!    `F`'s digit forbidden at `cᵢ`: a search for one fill in a smaller space, which singles
//!    usually refute at once, instead of counting fills to two. The search tries `F`'s
//!    digits first, and at first strays from them at most twice on a path (a limited
//!    discrepancy probe, then the full search if the probe skipped anything), so when
//!    another fill exists, one close to `F` comes quickly. A cell whose peers' givens hold
//!    every digit but `F`'s is refuted before any search (most removals from a dense
//!    grid). On 16×16 and up the search adds pointing and claiming to singles, which cut
//!    its trees about sevenfold.
//! 4. **Acceptance.** The caller's `accept` sees each minimal puzzle (to rate it, say) and
//!    either takes it or asks for another; clue bounds are checked first.
//!
//! Puzzle `index` of a seed depends only on the seed and the index, so a batch is the same
//! whatever the number of threads making it.

mod board;
mod symmetry;

pub use crate::rng::{Random, SplitMix};
pub use board::{Board, OverBudget};
pub use symmetry::{Symmetry, UnknownSymmetry};

use crate::{Grid, Limits, Shape};

/// What to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The shape of the grid.
    pub shape: Shape,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// Fewest givens accepted.
    pub min_clues: usize,
    /// Most givens accepted.
    pub max_clues: usize,
    /// The seed of the whole stream of puzzles.
    pub seed: u64,
    /// Minimal puzzles made for one index before giving up on it.
    pub max_attempts: u64,
}

impl Settings {
    /// No symmetry, no clue bounds, 100,000 attempts per puzzle.
    pub fn new(shape: Shape, seed: u64) -> Settings {
        Settings {
            shape,
            symmetry: Symmetry::None,
            min_clues: 0,
            max_clues: usize::MAX,
            seed,
            max_attempts: 100_000,
        }
    }
}

/// A puzzle made, with its fill and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated<T> {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its one fill.
    pub fill: Grid,
    /// Minimal puzzles made for this index until one was accepted (1: the first).
    pub attempts: u64,
    /// What `accept` said of it.
    pub verdict: T,
}

/// No acceptable puzzle within `max_attempts`, or before the generator's limits stopped it
/// (see [`Generator::set_limits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", if *.stopped { format!("stopped (time limit or interruption) after {} attempts", .attempts) } else { format!("no acceptable puzzle in {} attempts", .attempts) })]
pub struct Exhausted {
    /// Minimal puzzles made and refused.
    pub attempts: u64,
    /// True when the limits stopped the work, not the attempts.
    pub stopped: bool,
}

/// The smallest side whose searches add pointing and claiming to singles. On 16×16 they
/// cut the trees of the uniqueness proofs about sevenfold and the time about threefold; on
/// 9×9 the trees are small and the sweep costs more than it saves (measured: removal tests
/// about a fifth slower).
const LOCKED_FROM: usize = 16;

/// Makes puzzles for one [`Settings`]. Reuse it: its search buffers stay allocated.
#[derive(Debug, Clone)]
pub struct Generator {
    settings: Settings,
    /// The search for fills and refutations.
    board: Board,
    /// Singles only, for [`Generator::solved_by_singles`].
    singles: Board,
    orbits: Vec<Vec<usize>>,
    scratch: Vec<u8>,
    /// When to stop: a deadline, a cancel flag (nodes are not counted here).
    limits: Limits,
}

impl Generator {
    /// A generator for `settings`.
    pub fn new(settings: Settings) -> Generator {
        Generator {
            settings,
            board: Board::with_locked(settings.shape, settings.shape.side() >= LOCKED_FROM),
            singles: Board::new(settings.shape),
            orbits: settings.symmetry.orbits(settings.shape.side()),
            scratch: Vec::new(),
            limits: Limits::NONE,
        }
    }

    /// Stops [`Self::generate`] once `limits`' deadline passes or its cancel flag is set
    /// (looked at between attempts and between the orbits a puzzle is reduced by): a 25×25
    /// puzzle takes minutes. The puzzle being made is then dropped.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// True once the limits say stop.
    fn stopped(&self) -> bool {
        self.limits.cancel.is_some_and(|c| c.is_set())
            || self
                .limits
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Search nodes spent so far.
    pub fn nodes(&self) -> u64 {
        self.board.nodes()
    }

    /// Puzzle `index` of the stream: minimal puzzles are made from the index's own random
    /// stream until one is within the clue bounds and `accept` returns `Some`.
    ///
    /// # Errors
    /// [`Exhausted`] after `max_attempts` refusals.
    pub fn generate<T>(
        &mut self,
        index: u64,
        mut accept: impl FnMut(&Grid) -> Option<T>,
    ) -> Result<Generated<T>, Exhausted> {
        let mut rng = SplitMix::for_index(self.settings.seed, index);
        let shape = self.settings.shape;
        for attempt in 1..=self.settings.max_attempts {
            let fill = self.fill(&mut rng);
            let puzzle = self.reduce(&fill, &mut rng);
            if self.stopped() {
                let attempts = attempt;
                return Err(Exhausted {
                    attempts,
                    stopped: true,
                });
            }
            let clues = puzzle.iter().filter(|&&v| v != 0).count();
            if clues < self.settings.min_clues || clues > self.settings.max_clues {
                continue;
            }
            let puzzle = Grid::from_values(shape, &puzzle).expect("values of the shape");
            if let Some(verdict) = accept(&puzzle) {
                return Ok(Generated {
                    puzzle,
                    fill: Grid::from_values(shape, &fill).expect("values of the shape"),
                    attempts: attempt,
                    verdict,
                });
            }
        }
        Err(Exhausted {
            attempts: self.settings.max_attempts,
            stopped: false,
        })
    }

    /// True when naked and hidden singles alone solve `puzzle` (a cheap test callers can
    /// use to refuse easy puzzles before rating them).
    pub fn solved_by_singles(&mut self, puzzle: &Grid) -> bool {
        self.singles.load(puzzle.cells(), &[]) && self.singles.solved_by_singles()
    }

    /// A random fill, mapped through a random symmetry of the grid.
    pub fn fill(&mut self, rng: &mut SplitMix) -> Vec<u8> {
        let shape = self.settings.shape;
        let cells = shape.cells();
        // The first row is 1, 2, …, n: `shuffle` relabels the digits at random anyway, so
        // every first row stays equally likely, and the search skips its first branches,
        // its costliest nodes (nearly every cell open, every unit counted): half the 9×9
        // fill's time, measured.
        let mut start = vec![0u8; cells];
        for (c, v) in start.iter_mut().take(shape.side()).enumerate() {
            *v = c as u8 + 1;
        }
        let budget = 50 * cells as u64 + 1000;
        let fill = loop {
            assert!(self.board.load(&start, &[]), "a first row has fills");
            match self.board.random_fill(rng, budget) {
                Ok(Some(f)) => break f,
                Ok(None) => unreachable!("a first row has fills"),
                Err(OverBudget) => continue,
            }
        };
        shuffle(shape, &fill, rng)
    }

    /// The givens left when orbits are removed in random order while the fill stays
    /// unique: a puzzle minimal for the symmetry.
    pub fn reduce(&mut self, fill: &[u8], rng: &mut SplitMix) -> Vec<u8> {
        let mut puzzle = fill.to_vec();
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for o in order {
            if self.stopped() {
                break;
            }
            let orbit = std::mem::take(&mut self.orbits[o]);
            if orbit.iter().any(|&c| puzzle[c] != 0) && self.removable(&puzzle, &orbit, fill) {
                for &c in &orbit {
                    puzzle[c] = 0;
                }
            }
            self.orbits[o] = orbit;
        }
        puzzle
    }

    /// True when `puzzle` without the givens of `orbit` still has `fill` as its only fill
    /// (by refutation: no fill differs from `fill` at any cell of the orbit).
    fn removable(&mut self, puzzle: &[u8], orbit: &[usize], fill: &[u8]) -> bool {
        self.scratch.clear();
        self.scratch.extend_from_slice(puzzle);
        for &c in orbit {
            self.scratch[c] = 0;
        }
        for (i, &c) in orbit.iter().enumerate() {
            if i > 0 {
                let prev = orbit[i - 1];
                self.scratch[prev] = fill[prev];
            }
            // The peers' givens (all from `fill`) leave `c` only its digit: refuted at once.
            if self.board.forced_by_peers(&self.scratch, c) {
                continue;
            }
            if self.board.load(&self.scratch, &[(c, fill[c])]) && self.board.has_fill_near(fill) {
                return false;
            }
        }
        true
    }
}

/// `fill` mapped through a random symmetry of the grid: digits relabelled, rows within
/// bands, bands, columns within stacks, stacks, and a transposition when boxes are square.
fn shuffle(shape: Shape, fill: &[u8], rng: &mut SplitMix) -> Vec<u8> {
    let n = shape.side();
    let mut digits: Vec<u8> = (0..=n as u8).collect();
    for i in (2..=n).rev() {
        digits.swap(i, 1 + rng.below(i));
    }
    // A random order of `n` lines in groups of `size`, groups kept together.
    let lines = |size: usize, rng: &mut SplitMix| -> Vec<usize> {
        let groups = n / size;
        let mut group_order: Vec<usize> = (0..groups).collect();
        for i in (1..groups).rev() {
            group_order.swap(i, rng.below(i + 1));
        }
        let mut out = Vec::with_capacity(n);
        for g in group_order {
            let mut inner: Vec<usize> = (0..size).collect();
            for i in (1..size).rev() {
                inner.swap(i, rng.below(i + 1));
            }
            out.extend(inner.iter().map(|k| g * size + k));
        }
        out
    };
    let rows = lines(shape.box_rows(), rng);
    let cols = lines(shape.box_cols(), rng);
    let transpose = shape.box_rows() == shape.box_cols() && rng.below(2) == 1;
    let mut out = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = (rows[r], cols[c]);
            let v = if transpose {
                fill[sc * n + sr]
            } else {
                fill[sr * n + sc]
            };
            out[r * n + c] = digits[v as usize];
        }
    }
    out
}
