//! The `n`-queens problem: place `n` queens on an `n × n` board, none attacking another.

use super::common::{PuzzleError, add, check_range};
use dlx_cover::Problem;
use dlx_cover::knuth::Named;

/// `n` queens as exact cover: items `r0..` (rows) and `c0..` (columns) primary, `a0..`
/// (diagonals `r + c`) and `b0..` (anti-diagonals `r − c + n − 1`) secondary; option
/// `r·n + c` is "a queen on row `r`, column `c`". Counts: 8 → 92, 10 → 724, 12 → 14,200.
#[derive(Debug, Clone)]
pub struct Queens {
    n: usize,
    named: Named,
}

impl Queens {
    /// The largest board: names stay short and the problem small.
    pub const MAX_N: usize = 999;

    /// The problem for an `n × n` board, `1 ≤ n ≤ MAX_N`.
    pub fn new(n: usize) -> Result<Queens, PuzzleError> {
        check_range("n", n, 1, Self::MAX_N)?;
        let diagonals = 2 * n - 1;
        let mut problem = Problem::new(2 * n, 2 * diagonals).expect("small enough");
        for r in 0..n {
            for c in 0..n {
                let a = 2 * n + r + c;
                let b = 2 * n + diagonals + (r + n - 1 - c);
                add(&mut problem, &[r, n + c, a, b]);
            }
        }
        let mut names: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
        names.extend((0..n).map(|c| format!("c{c}")));
        names.extend((0..diagonals).map(|d| format!("a{d}")));
        names.extend((0..diagonals).map(|d| format!("b{d}")));
        Ok(Queens {
            n,
            named: Named::new(problem, names, Vec::new()),
        })
    }

    /// `k` queens on an `n × n` board, none attacking another, `1 ≤ k ≤ n ≤ MAX_N`: an
    /// exact-cover problem with multiplicities (Knuth's dlx3). Rows and columns are
    /// primary items with multiplicity `0:1` (at most one queen each), and a primary item
    /// `q` with multiplicity `k:k` is in every option, so that exactly `k` queens are placed.
    /// Options are numbered as in [`Queens::new`], and `decode` gives `usize::MAX` for an
    /// empty row. Counts: `(4, 2)` → 44, `(8, 3)` → 10,320, `(8, 8)` → 92.
    ///
    /// ```
    /// use dlx_cover::MultiSolver;
    /// use dlx_sudoku::puzzles::Queens;
    ///
    /// let two = Queens::placing(4, 2)?;
    /// assert_eq!(MultiSolver::new(two.problem()).count_solutions(u64::MAX).solutions, 44);
    /// # Ok::<(), dlx_sudoku::puzzles::PuzzleError>(())
    /// ```
    pub fn placing(n: usize, k: usize) -> Result<Queens, PuzzleError> {
        check_range("n", n, 1, Self::MAX_N)?;
        check_range("k", k, 1, n)?;
        let diagonals = 2 * n - 1;
        let q = 2 * n;
        let mut problem = Problem::new(2 * n + 1, 2 * diagonals).expect("small enough");
        for r in 0..n {
            for c in 0..n {
                let a = q + 1 + r + c;
                let b = q + 1 + diagonals + (r + n - 1 - c);
                add(&mut problem, &[r, n + c, q, a, b]);
            }
        }
        for line in 0..2 * n {
            problem.set_multiplicity(line, 0, 1).expect("primary");
        }
        problem
            .set_multiplicity(q, k as u32, k as u32)
            .expect("primary");
        let mut names: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
        names.extend((0..n).map(|c| format!("c{c}")));
        names.push("q".to_string());
        names.extend((0..diagonals).map(|d| format!("a{d}")));
        names.extend((0..diagonals).map(|d| format!("b{d}")));
        Ok(Queens {
            n,
            named: Named::new(problem, names, Vec::new()),
        })
    }

    /// The board's side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The column of the queen on each row.
    ///
    /// # Panics
    /// If an option number is not one of this problem's.
    pub fn decode(&self, solution: &[usize]) -> Vec<usize> {
        let mut columns = vec![usize::MAX; self.n];
        for &o in solution {
            assert!(o < self.n * self.n, "not an option of this problem");
            columns[o / self.n] = o % self.n;
        }
        columns
    }
}

super::common::named_accessors!(Queens);
