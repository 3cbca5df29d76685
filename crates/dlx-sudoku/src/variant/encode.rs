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

/// A cage's items: its digit sets, the digits in some set (`union`; a cell of the cage
/// holding another digit could meet no set, so it gets no option), its set item (only with
/// two sets or more: a single set is simply the cage's digits), and `first`, the item of
/// the smallest digit of `union`.
struct CageItems {
    sets: Vec<u64>,
    union: u64,
    set_item: Option<usize>,
    first: usize,
}

impl CageItems {
    /// The item of digit `v` of `union`: `first + rank of v in union`.
    fn digit(&self, v: usize) -> usize {
        self.first + (self.union & ((1u64 << v) - 1)).count_ones() as usize
    }
}

/// The items of a variant's problem, in their order (see the module docs of `variant`).
struct ItemLayout {
    /// Canvas cell of each cell item.
    cell_items: Vec<usize>,
    /// Per canvas cell, the first item of each house holding it (the value item is that
    /// plus v − 1): full houses, then partial ones.
    value_items: Vec<Vec<usize>>,
    cages: Vec<CageItems>,
    /// Per canvas cell, the digits its cage allows (all, outside cages).
    allowed: Vec<u64>,
    /// Item names, for Knuth's format.
    names: Vec<String>,
    primary: usize,
    total: usize,
}

impl ItemLayout {
    fn new(variant: &Variant) -> ItemLayout {
        let n = variant.side();
        let cells = variant.present.len();
        let cell_items: Vec<usize> = (0..cells).filter(|&x| variant.present[x]).collect();
        let houses: Vec<_> = variant.houses().collect();
        let mut names: Vec<String> = cell_items
            .iter()
            .map(|&x| format!("p{}_{}", b36(x / variant.width), b36(x % variant.width)))
            .collect();
        let mut value_items: Vec<Vec<usize>> = vec![Vec::new(); cells];
        let mut next = cell_items.len();
        for (k, h) in houses.iter().filter(|h| h.cells.len() == n).enumerate() {
            for &x in &h.cells {
                value_items[x].push(next);
            }
            names.extend((1..=n).map(|v| format!("h{}_{}", b36(k), b36(v))));
            next += n;
        }
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
            cages.push(CageItems {
                sets,
                union,
                set_item,
                first,
            });
        }
        let primary = next;
        for (k, h) in houses.iter().filter(|h| h.cells.len() < n).enumerate() {
            for &x in &h.cells {
                value_items[x].push(next);
            }
            names.extend((1..=n).map(|v| format!("s{}_{}", b36(k), b36(v))));
            next += n;
        }
        ItemLayout {
            cell_items,
            value_items,
            cages,
            allowed,
            names,
            primary,
            total: next,
        }
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
        let layout = ItemLayout::new(variant);
        let mut problem = Problem::new(layout.primary, layout.total - layout.primary)?;
        // With givens built in: used[x] has bit v when a house of x holds v elsewhere.
        let mut used = vec![0u64; cells];
        if let Some(g) = givens {
            for h in variant.houses() {
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
        for (i, &x) in layout.cell_items.iter().enumerate() {
            for v in 1..=n {
                if layout.allowed[x] & (1 << v) == 0 {
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
                items.extend(layout.value_items[x].iter().map(|&first| first + v - 1));
                if cage_of[x] != usize::MAX {
                    items.push(layout.cages[cage_of[x]].digit(v));
                }
                items.sort_unstable();
                option_of[x * n + v - 1] = problem.add_option(items.iter().copied())?;
                placements.push(Some((x, v as u8)));
            }
        }
        for cage in &layout.cages {
            let Some(set_item) = cage.set_item else {
                continue;
            };
            for &set in &cage.sets {
                items.clear();
                items.push(set_item);
                items.extend(
                    (1..=n)
                        .filter(|&v| cage.union & !set & (1 << v) != 0)
                        .map(|v| cage.digit(v)),
                );
                problem.add_option(items.iter().copied())?;
                placements.push(None);
            }
        }
        Ok(Encoding {
            problem,
            cell_items: layout.cell_items,
            option_of,
            names: layout.names,
            placements,
        })
    }

    /// The named problem, for [`Named::to_knuth`].
    pub fn named(self) -> Named {
        Named::new(self.problem, self.names, Vec::new())
    }
}
