//! [`Zdd`]: the zero-suppressed decision diagram of all solutions that a memoized search
//! ([`memo`](crate::memo)) builds, in the text format of Knuth's dlx6: one line per node,
//! `ID: (~OPTION?LO:HI)` with `ID`, `LO`, `HI` in hexadecimal and `OPTION` the option's
//! number from 1 in decimal; `0` is the empty family, `1` the family of the empty set; a
//! node's solutions are those of `LO` and those of `HI` with `OPTION` added. The last line,
//! `ID: (~0?0:ROOT)`, names the root. Nodes come children first, numbered from 2.
//!
//! With the ZDD one can count the solutions ([`Zdd::counts`]), list them
//! ([`Zdd::solutions`]) and draw them uniformly at random ([`Zdd::sample`]).

use std::fmt;

use crate::BigCount;

/// A ZDD node: the option (numbered from 0), and the node ids of the `lo` and `hi` branches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZddNode {
    /// The option this node decides, numbered from 0.
    pub option: u32,
    /// The solutions without it: a node id (0 empty, 1 the empty solution, `k ≥ 2` node
    /// `k - 2`).
    pub lo: u32,
    /// The solutions with it (an id as for `lo`).
    pub hi: u32,
}

/// A ZDD of solutions: nodes, children first, and the root id (0: no solution).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Zdd {
    /// Node `k` has id `k + 2`.
    pub nodes: Vec<ZddNode>,
    /// The id of the root: 0 when there is no solution, 1 when the empty set of options is
    /// the one solution.
    pub root: u32,
}

/// What is wrong with a line of a ZDD text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ZddErrorKind {
    /// Not of the form `ID: (~OPTION?LO:HI)`.
    #[error("expected a node `ID: (~OPTION?LO:HI)` (hexadecimal ids, decimal option)")]
    Syntax,
    /// The node's id is not the next one.
    #[error("node id {found:x} where {expected:x} was expected (ids count up from 2)")]
    Id {
        /// The id read.
        found: u32,
        /// The id expected.
        expected: u32,
    },
    /// A branch names a node not yet defined.
    #[error("branch to node {0:x}, not defined above")]
    Forward(u32),
    /// An option number of 0 outside the root line, or past the problem's options.
    #[error("option {0} is out of range")]
    Option(u64),
    /// No root line at the end.
    #[error("no root line `ID: (~0?0:ROOT)` at the end")]
    NoRoot,
    /// More nodes than ids of 32 bits can name.
    #[error("too many nodes")]
    TooMany,
    /// Text after the root line.
    #[error("a node after the root line")]
    AfterRoot,
}

/// A ZDD text that could not be read: the line (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ZddError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: ZddErrorKind,
}

impl Zdd {
    /// The number of solutions below every id: entry `k` for id `k` (0, 1, then the nodes).
    pub fn counts(&self) -> Vec<BigCount> {
        let mut counts = Vec::with_capacity(self.nodes.len() + 2);
        counts.push(BigCount::ZERO);
        counts.push(BigCount::from(1u64));
        for node in &self.nodes {
            let sum = &counts[node.lo as usize] + &counts[node.hi as usize];
            counts.push(sum);
        }
        counts
    }

    /// The number of solutions.
    pub fn count(&self) -> BigCount {
        self.count_of(self.root)
    }

    /// The number of solutions below node id `id`, computed over the nodes it reaches.
    pub fn count_of(&self, id: u32) -> BigCount {
        self.total_of(&[id])
    }

    /// The solutions below each node id of `ids`, added up. The counts of all nodes are
    /// kept in one flat vector of fixed-width numbers (no allocation per node): 128 bits
    /// first, twice as wide each time a sum overflows.
    pub fn total_of(&self, ids: &[u32]) -> BigCount {
        if let Some(counts) = self.small_counts() {
            let total = ids
                .iter()
                .try_fold(0u128, |sum, &id| sum.checked_add(counts[id as usize]));
            if let Some(total) = total {
                return BigCount::from(total);
            }
        }
        let mut width = 4;
        loop {
            // One more node's count than any node's, the sum of all `ids`, fits the width.
            if let Some(mut counts) = self.wide_counts(width) {
                let total = counts.len() / width - 1;
                let mut fits = true;
                for &id in ids {
                    let (sum, one) = counts.split_at_mut(total * width);
                    let at = id as usize * width;
                    fits &= add_into(&mut one[..width], &sum[at..at + width]);
                }
                if fits {
                    return BigCount::from_limbs(counts[total * width..].to_vec());
                }
            }
            width *= 2;
        }
    }

    /// [`Self::counts`] in 128-bit words, if none overflows.
    fn small_counts(&self) -> Option<Vec<u128>> {
        let mut counts = Vec::with_capacity(self.nodes.len() + 2);
        counts.extend([0u128, 1]);
        for node in &self.nodes {
            let sum = counts[node.lo as usize].checked_add(counts[node.hi as usize])?;
            counts.push(sum);
        }
        Some(counts)
    }

    /// [`Self::counts`] as numbers of `width` limbs each, flat, then one zero number more
    /// (for a caller's sum); `None` if one overflows the width.
    fn wide_counts(&self, width: usize) -> Option<Vec<u64>> {
        let mut counts = vec![0u64; (self.nodes.len() + 3) * width];
        counts[width] = 1;
        for (k, node) in self.nodes.iter().enumerate() {
            let at = (k + 2) * width;
            let (before, rest) = counts.split_at_mut(at);
            let out = &mut rest[..width];
            let (lo, hi) = (node.lo as usize * width, node.hi as usize * width);
            out.copy_from_slice(&before[lo..lo + width]);
            if !add_into(out, &before[hi..hi + width]) {
                return None;
            }
        }
        Some(counts)
    }

    fn node(&self, id: u32) -> ZddNode {
        self.nodes[id as usize - 2]
    }

    /// Calls `visit` with every solution (options from 0, in the order the ZDD gives
    /// them) until it returns `false`; returns whether every solution was visited. Only
    /// branches with solutions are walked, so the time is bounded by the solutions visited
    /// times their length.
    pub fn solutions(&self, mut visit: impl FnMut(&[usize]) -> bool) -> bool {
        let counts = self.counts();
        if counts[self.root as usize].is_zero() {
            return true;
        }
        // A depth-first walk: each frame a node whose `lo` branch is still to do; branches
        // without solutions are never entered, so every path ends in a solution.
        let mut path: Vec<usize> = Vec::new();
        let mut pending: Vec<(u32, usize)> = Vec::new();
        let mut at = self.root;
        loop {
            // Follow `hi` branches down to the terminal, leaving `lo` branches for later.
            while at >= 2 {
                let node = self.node(at);
                if !counts[node.lo as usize].is_zero() {
                    pending.push((node.lo, path.len()));
                }
                if counts[node.hi as usize].is_zero() {
                    at = 0;
                    break;
                }
                path.push(node.option as usize);
                at = node.hi;
            }
            if at == 1 && !visit(&path) {
                return false;
            }
            match pending.pop() {
                None => return true,
                Some((lo, depth)) => {
                    path.truncate(depth);
                    at = lo;
                }
            }
        }
    }

    /// One solution drawn uniformly at random, given the [`Zdd::counts`] and a source of
    /// random 64-bit words; `None` when there is no solution.
    pub fn sample(&self, counts: &[BigCount], mut next: impl FnMut() -> u64) -> Option<Vec<usize>> {
        if counts[self.root as usize].is_zero() {
            return None;
        }
        let mut rank = counts[self.root as usize].random_below(&mut next);
        let mut at = self.root;
        let mut solution = Vec::new();
        while at >= 2 {
            let node = self.node(at);
            let lo = &counts[node.lo as usize];
            if rank < *lo {
                at = node.lo;
            } else {
                rank.sub_assign(lo);
                solution.push(node.option as usize);
                at = node.hi;
            }
        }
        Some(solution)
    }

    /// Reads a ZDD in dlx6's text format from its lines (see [`ZddReader`]).
    pub fn parse<'a>(
        lines: impl IntoIterator<Item = &'a str>,
        options: Option<usize>,
    ) -> Result<Zdd, ZddError> {
        let mut reader = ZddReader::new(options);
        for (i, text) in lines.into_iter().enumerate() {
            reader.push_line(i + 1, text)?;
        }
        reader.finish()
    }
}

/// Reads a ZDD in dlx6's text format a line at a time; blank lines and lines starting
/// with `|` are skipped. With a number of options, every option number must be at most it.
#[derive(Debug, Default)]
pub struct ZddReader {
    zdd: Zdd,
    options: Option<usize>,
    root: Option<u32>,
    last: usize,
}

impl ZddReader {
    /// A reader; `options`, if known, bounds the option numbers.
    pub fn new(options: Option<usize>) -> ZddReader {
        ZddReader {
            options,
            ..ZddReader::default()
        }
    }

    /// Reads line `line` (from 1).
    pub fn push_line(&mut self, line: usize, text: &str) -> Result<(), ZddError> {
        self.last = line;
        let text = text.trim();
        if text.is_empty() || text.starts_with('|') {
            return Ok(());
        }
        let err = |kind| ZddError { line, kind };
        if self.root.is_some() {
            return Err(err(ZddErrorKind::AfterRoot));
        }
        let (id, option, lo, hi) = parse_node(text).ok_or(err(ZddErrorKind::Syntax))?;
        let expected = self.zdd.nodes.len() as u32 + 2;
        if id != expected {
            return Err(err(ZddErrorKind::Id {
                found: id,
                expected,
            }));
        }
        for branch in [lo, hi] {
            if branch >= expected {
                return Err(err(ZddErrorKind::Forward(branch)));
            }
        }
        if option == 0 {
            if lo != 0 {
                return Err(err(ZddErrorKind::Option(0)));
            }
            self.root = Some(hi);
            return Ok(());
        }
        if self.options.is_some_and(|n| option > n as u64) || option > u64::from(u32::MAX) {
            return Err(err(ZddErrorKind::Option(option)));
        }
        if expected == u32::MAX {
            return Err(err(ZddErrorKind::TooMany));
        }
        self.zdd.nodes.push(ZddNode {
            option: (option - 1) as u32,
            lo,
            hi,
        });
        Ok(())
    }

    /// The ZDD read; an error when the root line is missing.
    pub fn finish(mut self) -> Result<Zdd, ZddError> {
        self.zdd.root = self.root.ok_or(ZddError {
            line: self.last + 1,
            kind: ZddErrorKind::NoRoot,
        })?;
        Ok(self.zdd)
    }
}

/// `ID: (~OPTION?LO:HI)` to its four numbers.
fn parse_node(text: &str) -> Option<(u32, u64, u32, u32)> {
    let (id, rest) = text.split_once(':')?;
    let rest = rest.trim().strip_prefix("(~")?.strip_suffix(')')?;
    let (option, branches) = rest.split_once('?')?;
    let (lo, hi) = branches.split_once(':')?;
    let hex = |s: &str| u32::from_str_radix(s.trim(), 16).ok();
    let option = option.trim();
    if !option.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((hex(id)?, option.parse().ok()?, hex(lo)?, hex(hi)?))
}

/// The ZDD in dlx6's text format, the root line last.
impl fmt::Display for Zdd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, node) in self.nodes.iter().enumerate() {
            writeln!(
                f,
                "{:x}: (~{}?{:x}:{:x})",
                k + 2,
                node.option + 1,
                node.lo,
                node.hi
            )?;
        }
        writeln!(f, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root)
    }
}

/// Sebastiano Vigna's SplitMix64: the random words [`Zdd::sample`] draws from, one seed
/// one stream.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next random word.
    pub fn next_word(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `sum += other`, both of one width (limbs least significant first); false on overflow.
fn add_into(sum: &mut [u64], other: &[u64]) -> bool {
    let mut carry = false;
    for (limb, &o) in sum.iter_mut().zip(other) {
        let (x, c1) = limb.overflowing_add(o);
        let (y, c2) = x.overflowing_add(u64::from(carry));
        *limb = y;
        carry = c1 | c2;
    }
    !carry
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ZDD dlx6 writes for `a b c | x` with options `a b`, `c x:1`, `b c`, `a`, `c x:2`.
    const SMALL: &str = "2: (~2?0:1)\n3: (~5?2:1)\n4: (~1?0:3)\n5: (~3?0:1)\n\
                         6: (~4?4:5)\n7: (~0?0:6)\n";

    /// Counts past 128 bits and past several widths: node `k` has both branches on node
    /// `k − 1`, so it counts 2^k solutions; totals agree with the per-node big counts.
    #[test]
    fn totals_widen_as_the_counts_grow() {
        for top in [1u32, 100, 127, 128, 200, 255, 256, 300, 600] {
            let nodes: Vec<ZddNode> = (0..top)
                .map(|k| ZddNode {
                    option: k,
                    lo: k + 1,
                    hi: k + 1,
                })
                .collect();
            let zdd = Zdd {
                nodes,
                root: top + 1,
            };
            let counts = zdd.counts();
            let root = &counts[top as usize + 1];
            assert_eq!(zdd.count(), *root, "{top}");
            let twice = root + root;
            assert_eq!(zdd.total_of(&[top + 1, top + 1]), twice, "{top}");
            assert_eq!(
                zdd.total_of(&[0, 1, top]),
                &counts[top as usize] + &BigCount::from(1u64)
            );
        }
    }

    #[test]
    fn reads_counts_lists_and_writes_back() {
        let zdd = Zdd::parse(SMALL.lines(), Some(5)).unwrap();
        assert_eq!(zdd.count().to_u64(), Some(3));
        let mut all = Vec::new();
        assert!(zdd.solutions(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            all.push(s);
            true
        }));
        all.sort();
        assert_eq!(all, [vec![0, 1], vec![0, 4], vec![2, 3]]);
        assert_eq!(zdd.to_string(), SMALL);
    }

    #[test]
    fn bad_lines_are_named() {
        let kind = |text: &str| Zdd::parse(text.lines(), Some(5)).unwrap_err();
        assert_eq!(kind("2: (~2?0:1)\n").kind, ZddErrorKind::NoRoot);
        assert_eq!(kind("2: (~2?0:3)\n").kind, ZddErrorKind::Forward(3));
        assert_eq!(
            kind("3: (~2?0:1)\n").kind,
            ZddErrorKind::Id {
                found: 3,
                expected: 2
            }
        );
        assert_eq!(
            kind("2: (~9?0:1)\n3: (~0?0:2)").kind,
            ZddErrorKind::Option(9)
        );
        let e = kind("2: (~2?0:1)\nnonsense\n");
        assert_eq!((e.line, e.kind), (2, ZddErrorKind::Syntax));
        assert_eq!(
            kind("2: (~0?0:1)\n3: (~1?0:1)").kind,
            ZddErrorKind::AfterRoot
        );
    }

    #[test]
    fn branches_without_solutions_are_not_walked() {
        // Node k branches both ways to node k - 1; the bottom node leads nowhere: 2^40
        // paths, no solution.
        let mut text = String::from("2: (~1?0:0)\n");
        for k in 3..42u32 {
            text.push_str(&format!("{k:x}: (~1?{:x}:{:x})\n", k - 1, k - 1));
        }
        text.push_str("2a: (~0?0:29)\n");
        let zdd = Zdd::parse(text.lines(), None).unwrap();
        assert!(zdd.count().is_zero());
        assert!(zdd.solutions(|_| panic!("no solution")));
        assert_eq!(zdd.sample(&zdd.counts(), || 1), None);
    }

    #[test]
    fn samples_are_solutions() {
        let zdd = Zdd::parse(SMALL.lines(), None).unwrap();
        let counts = zdd.counts();
        let mut rng = SplitMix64(7);
        for _ in 0..50 {
            let mut s = zdd.sample(&counts, || rng.next_word()).unwrap();
            s.sort_unstable();
            assert!([vec![0, 1], vec![0, 4], vec![2, 3]].contains(&s));
        }
    }
}
