//! The exact-cover problem of a [`Variant`] (the layout is in the module docs of
//! `variant`), and its named form for Knuth's text format.

use super::model::Variant;
use super::sums::digit_sets;
use dlx_cover::knuth::Named;
use dlx_cover::{Problem, ProblemError};

/// The items and options of a variant, with what each option means.
#[derive(Debug, Clone)]
pub(crate) struct Encoding {
    pub problem: Problem,
    /// Canvas cell of each cell item (`cell_items[i]` is the cell of item `i`).
    pub cell_items: Vec<usize>,
    /// The option "canvas cell `x` holds `v`" at `x · side + v − 1`, or `usize::MAX` when
    /// there is none (a hole, a digit in none of its cage's sets, or, with givens built in,
    /// a value they exclude).
    pub option_of: Vec<usize>,
    /// Item names, for Knuth's format.
    pub names: Vec<String>,
    /// What option `o` places: `(canvas cell, value)`, or `None` for a cage's digit set.
    pub placements: Vec<Option<(usize, u8)>>,
}

/// A short base-36 number for item names (`0`–`9`, `a`–`z`, then two digits).
fn b36(x: usize) -> String {
    if x < 36 {
        char::from_digit(x as u32, 36).unwrap().to_string()
    } else {
        format!("{}{}", b36(x / 36), b36(x % 36))
    }
}

impl Variant {
    /// The puzzle with `givens` (one value per canvas cell) as a named exact-cover problem
    /// for Knuth's text format (`cover`, his dlx1): the givens are built in, each given
    /// cell keeping only its own option and each empty cell losing the values given in its
    /// houses. Items are `pR_C` (cells, base-36 row and column from 0), `hK_V` (full house
    /// `K` has `V`), `kK` and `kK_V` (cage `K`'s digit set, and its digit `V`), then the
    /// secondary `sK_V` (partial houses).
    pub fn cover(&self, givens: &[u8]) -> Result<Named, ProblemError> {
        assert_eq!(
            givens.len(),
            self.present.len(),
            "one value per canvas cell"
        );
        Ok(Encoding::new(self, Some(givens))?.named())
    }
}

impl Encoding {
    /// The encoding of `variant`. With `givens`, the problem has them built in (for
    /// Knuth's format): a given cell keeps only its own option, and an empty cell loses the
    /// values given elsewhere in one of its houses. Without, every option is there and the
    /// solver selects the givens.
    pub fn new(variant: &Variant, givens: Option<&[u8]>) -> Result<Encoding, ProblemError> {
        let n = variant.side();
        let cells = variant.present.len();
        let cell_items: Vec<usize> = (0..cells).filter(|&x| variant.present[x]).collect();
        let mut item_of_cell = vec![usize::MAX; cells];
        for (i, &x) in cell_items.iter().enumerate() {
            item_of_cell[x] = i;
        }
        let houses: Vec<_> = variant.houses().collect();
        let full: Vec<_> = houses.iter().filter(|h| h.cells.len() == n).collect();
        let partial: Vec<_> = houses.iter().filter(|h| h.cells.len() < n).collect();
        let mut names: Vec<String> = cell_items
            .iter()
            .map(|&x| format!("p{}_{}", b36(x / variant.width), b36(x % variant.width)))
            .collect();
        // Per canvas cell, the first item of each house holding it; the value item is that
        // plus v − 1.
        let mut value_items: Vec<Vec<usize>> = vec![Vec::new(); cells];
        let mut next = cell_items.len();
        for (k, h) in full.iter().enumerate() {
            for &x in &h.cells {
                value_items[x].push(next);
            }
            names.extend((1..=n).map(|v| format!("h{}_{}", b36(k), b36(v))));
            next += n;
        }
        // Per cage: its digit sets, the digits in some set (`union`; a cell of the cage
        // holding another digit could meet no set, so it gets no option), its set item
        // (only with two sets or more: a single set is simply the cage's digits), and the
        // item of each digit of `union`, `first + rank of v in union`.
        let mut cages = Vec::with_capacity(variant.cages.len());
        let mut allowed = vec![u64::MAX; cells];
        for (k, cage) in variant.cages.iter().enumerate() {
            let sets = digit_sets(n, cage.cells.len(), cage.sum, usize::MAX);
            let union = sets.iter().fold(0u64, |u, &d| u | d);
            let set_item = if sets.len() > 1 {
                names.push(format!("k{}", b36(k)));
                next += 1;
                Some(next - 1)
            } else {
                None
            };
            let first = next;
            for &x in &cage.cells {
                allowed[x] = union;
            }
            names.extend(
                (1..=n)
                    .filter(|&v| union & (1 << v) != 0)
                    .map(|v| format!("k{}_{}", b36(k), b36(v))),
            );
            next += union.count_ones() as usize;
            cages.push((sets, union, set_item, first));
        }
        // The item of digit `v` in a cage whose digits are `union`, from its first.
        let cage_digit = |first: usize, union: u64, v: usize| -> usize {
            first + (union & ((1u64 << v) - 1)).count_ones() as usize
        };
        let primary = next;
        for (k, h) in partial.iter().enumerate() {
            for &x in &h.cells {
                value_items[x].push(next);
            }
            names.extend((1..=n).map(|v| format!("s{}_{}", b36(k), b36(v))));
            next += n;
        }
        let mut problem = Problem::new(primary, next - primary)?;
        // With givens built in: used[x] has bit v when a house of x holds v elsewhere.
        let mut used = vec![0u64; cells];
        if let Some(g) = givens {
            for h in &houses {
                let mask = h.cells.iter().fold(0u64, |m, &x| m | (1u64 << g[x]) & !1);
                for &x in &h.cells {
                    used[x] |= mask;
                }
            }
        }
        // The cage of each cell, for its digit's item.
        let mut cage_of = vec![usize::MAX; cells];
        for (k, cage) in variant.cages.iter().enumerate() {
            for &x in &cage.cells {
                cage_of[x] = k;
            }
        }
        let mut placements = Vec::new();
        let mut option_of = vec![usize::MAX; cells * n];
        let mut items = Vec::with_capacity(8);
        for (i, &x) in cell_items.iter().enumerate() {
            for v in 1..=n {
                if allowed[x] & (1 << v) == 0 {
                    continue;
                }
                if let Some(g) = givens {
                    let keep = if g[x] != 0 {
                        g[x] as usize == v
                    } else {
                        used[x] & (1 << v) == 0
                    };
                    if !keep {
                        continue;
                    }
                }
                items.clear();
                items.push(i);
                // Houses' items run over every symbol; a cage's over its digits only.
                items.extend(value_items[x].iter().map(|&first| first + v - 1));
                if cage_of[x] != usize::MAX {
                    let (_, union, _, first) = cages[cage_of[x]];
                    items.push(cage_digit(first, union, v));
                }
                items.sort_unstable();
                option_of[x * n + v - 1] = problem.add_option(items.iter().copied())?;
                placements.push(Some((x, v as u8)));
            }
        }
        for (sets, union, set_item, first) in &cages {
            let Some(set_item) = *set_item else { continue };
            for &set in sets {
                items.clear();
                items.push(set_item);
                items.extend(
                    (1..=n)
                        .filter(|&v| union & !set & (1 << v) != 0)
                        .map(|v| cage_digit(*first, *union, v)),
                );
                problem.add_option(items.iter().copied())?;
                placements.push(None);
            }
        }
        Ok(Encoding {
            problem,
            cell_items,
            option_of,
            names,
            placements,
        })
    }

    /// The named problem, for [`Named::to_knuth`].
    pub fn named(self) -> Named {
        Named::new(self.problem, self.names, Vec::new())
    }
}
