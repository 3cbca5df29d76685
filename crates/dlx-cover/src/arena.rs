//! The dancing-links arena: Knuth's dlx1/dlx2 layout in flat vectors indexed by `u32`.
//!
//! ```text
//! items:  [root | 1 .. N1 primary | N1+1 .. N secondary | secondary root]   (prev/next)
//! nodes:  [unused | headers 1..N | spacer | option 0 | spacer | option 1 | ... | spacer]
//! ```
//!
//! * Node `i` for `1 <= i <= N` is the *header* of item `i`: its `up`/`down` are the ends of
//!   the item's vertical list and its `top` field holds the list's length (Knuth's LEN).
//! * Every option is a run of consecutive nodes, one per item, between two *spacers*. A
//!   spacer has `top == 0`; its `up` is the first node of the option before it and its
//!   `down` the last node of the option after it, so that a walk round an option needs no
//!   other table (dlx1's "p+1 until the spacer, then jump back").
//! * `color` exists only for problems with colors (Algorithm C): 0 = none, `> 0` a color,
//!   `< 0` "purified" (already known to agree with the chosen color, so left in place).
//!   The functions take a `const COLORS: bool` so that uncolored problems pay nothing.
//!
//! Public item numbers are 0-based; inside the arena item `k` lives at index `k + 1`.
//! Nothing here allocates once the arena is built; cover/uncover are exact inverses, so
//! after any balanced sequence of them the arena is bit-for-bit what it was.

use super::problem::Problem;

/// One entry of the vertical lists (see the module docs for what each field holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Node {
    pub up: u32,
    pub down: u32,
    /// Item of an option node; LEN for a header; 0 for a spacer.
    pub top: u32,
}

/// An item's place in the horizontal list of active items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Link {
    pub prev: u32,
    pub next: u32,
}

/// The whole structure; cloned or compared as a unit in tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Arena {
    pub items: Vec<Link>,
    pub nodes: Vec<Node>,
    /// Node colors for Algorithm C; empty when the problem has none.
    pub color: Vec<i32>,
    /// First node of each option, by option number.
    pub option_first: Vec<u32>,
    /// Option number of each node (`u32::MAX` for headers and spacers): reporting only.
    pub node_option: Vec<u32>,
}

impl Arena {
    pub fn build(problem: &Problem) -> Arena {
        let n = problem.items();
        let n1 = problem.primary;
        // Horizontal lists: 0 is the root of the primary items, n + 1 of the secondary ones.
        let mut items = vec![Link::default(); n + 2];
        let link_ring = |items: &mut [Link], root: usize, members: std::ops::Range<usize>| {
            let mut prev = root;
            for i in members {
                items[prev].next = i as u32;
                items[i].prev = prev as u32;
                prev = i;
            }
            items[prev].next = root as u32;
            items[root].prev = prev as u32;
        };
        link_ring(&mut items, 0, 1..n1 + 1);
        link_ring(&mut items, n + 1, n1 + 1..n + 1);

        let total = n + 2 + problem.entries.len() + problem.options();
        let mut nodes = Vec::with_capacity(total);
        nodes.push(Node::default());
        for i in 1..=n {
            nodes.push(Node {
                up: i as u32,
                down: i as u32,
                top: 0,
            });
        }
        let mut node_option = vec![u32::MAX; n + 1];
        let mut color = Vec::new();
        if problem.has_colors {
            color = vec![0; n + 1];
        }
        let mut option_first = Vec::with_capacity(problem.options());
        // The first spacer; its `up` is never followed.
        let mut spacer = nodes.len();
        nodes.push(Node {
            up: 0,
            down: 0,
            top: 0,
        });
        node_option.push(u32::MAX);
        if problem.has_colors {
            color.push(0);
        }
        for k in 0..problem.options() {
            let first = nodes.len();
            option_first.push(first as u32);
            for (item, c) in problem.colored_option(k) {
                let header = item + 1;
                let x = nodes.len() as u32;
                let last = nodes[header].up;
                nodes.push(Node {
                    up: last,
                    down: header as u32,
                    top: header as u32,
                });
                nodes[last as usize].down = x;
                nodes[header].up = x;
                nodes[header].top += 1;
                node_option.push(k as u32);
                if problem.has_colors {
                    color.push(c as i32);
                }
            }
            let last = nodes.len() - 1;
            nodes[spacer].down = last as u32;
            spacer = nodes.len();
            nodes.push(Node {
                up: first as u32,
                down: 0,
                top: 0,
            });
            node_option.push(u32::MAX);
            if problem.has_colors {
                color.push(0);
            }
        }
        Arena {
            items,
            nodes,
            color,
            option_first,
            node_option,
        }
    }

    /// True when item `i` (arena numbering) is in its horizontal list.
    pub fn is_active(&self, i: u32) -> bool {
        let prev = self.items[i as usize].prev;
        self.items[prev as usize].next == i
    }

    /// True when node `x` is still in its item's vertical list.
    pub fn is_linked(&self, x: u32) -> bool {
        let up = self.nodes[x as usize].up;
        self.nodes[up as usize].down == x
    }
}

/// Counters kept by the link operations (Knuth's "updates").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub updates: u64,
}

// The hot loops below index `nodes` without bounds checks. What makes that sound is the
// arena's invariant: every `up`, `down` and `top` stored in a node, every node number
// reached by stepping from a node of an option to its neighbour (`q ± 1` stops at the
// spacers, which exist at both ends of every option), and every header number is less than
// `nodes.len()`. `Arena::build` establishes it (it links only nodes it has pushed), and the
// link operations keep it, since they only store values read from the arena itself. The
// callers (this module and `search.rs`) pass node and item numbers read from the arena.
// Debug builds, which every test runs, check each index all the same.

/// Node `i`, unchecked in release builds (see the invariant above).
/// Gain (with `node_mut`): 5 % less CPU time than indexing with bounds checks, counting
/// 30,000 fills of a near-empty 25×25 Sudoku (`cover --emit sudoku`, 14,025 options: the
/// arena engine) with `cover --count --limit 30000 --threads 1`; medians of 9 alternated
/// whole-process runs of both builds.
#[allow(unsafe_code)]
#[inline(always)]
fn node(nodes: &[Node], i: u32) -> Node {
    debug_assert!((i as usize) < nodes.len());
    // SAFETY: `i` comes from the arena, so it is in bounds (the invariant above).
    unsafe { *nodes.get_unchecked(i as usize) }
}

/// Node `i` to change, unchecked in release builds (see the invariant above).
#[allow(unsafe_code)] // SAFETY and gain: as for `node`.
#[inline(always)]
fn node_mut(nodes: &mut [Node], i: u32) -> &mut Node {
    debug_assert!((i as usize) < nodes.len());
    // SAFETY: `i` comes from the arena, so it is in bounds (the invariant above).
    unsafe { nodes.get_unchecked_mut(i as usize) }
}

/// Removes every other node of the option containing `p` from its vertical list.
#[inline]
fn hide<const COLORS: bool>(nodes: &mut [Node], color: &[i32], p: u32, counters: &mut Counters) {
    let mut q = p + 1;
    while q != p {
        let Node { up, down, top } = node(nodes, q);
        if top == 0 {
            q = up;
            continue;
        }
        if !COLORS || color[q as usize] >= 0 {
            node_mut(nodes, up).down = down;
            node_mut(nodes, down).up = up;
            node_mut(nodes, top).top -= 1;
            counters.updates += 1;
        }
        q += 1;
    }
}

/// Undoes [`hide`]: walks the option the other way and puts each node back.
#[inline]
fn unhide<const COLORS: bool>(nodes: &mut [Node], color: &[i32], p: u32) {
    let mut q = p - 1;
    while q != p {
        let Node { up, down, top } = node(nodes, q);
        if top == 0 {
            q = down;
            continue;
        }
        if !COLORS || color[q as usize] >= 0 {
            node_mut(nodes, up).down = q;
            node_mut(nodes, down).up = q;
            node_mut(nodes, top).top += 1;
        }
        q -= 1;
    }
}

/// Covers item `i`: hides every option that contains it, then unlinks it from its list.
#[inline]
pub(crate) fn cover<const COLORS: bool>(
    items: &mut [Link],
    nodes: &mut [Node],
    color: &[i32],
    i: u32,
    counters: &mut Counters,
) {
    let mut p = node(nodes, i).down;
    while p != i {
        hide::<COLORS>(nodes, color, p, counters);
        p = node(nodes, p).down;
    }
    let Link { prev, next } = items[i as usize];
    items[prev as usize].next = next;
    items[next as usize].prev = prev;
    counters.updates += 1;
}

/// Undoes [`cover`] exactly (the calls must nest like parentheses).
#[inline]
pub(crate) fn uncover<const COLORS: bool>(
    items: &mut [Link],
    nodes: &mut [Node],
    color: &[i32],
    i: u32,
) {
    let Link { prev, next } = items[i as usize];
    items[prev as usize].next = i;
    items[next as usize].prev = i;
    let mut p = node(nodes, i).up;
    while p != i {
        unhide::<COLORS>(nodes, color, p);
        p = node(nodes, p).up;
    }
}

/// Algorithm C's purify: node `p` gives its item color `c`; options that give the item
/// another color are hidden, the others that agree are marked (color −1) and left in place.
/// `p` itself keeps its color, which is how [`uncommit`] knows to undo this (as in dlx2).
fn purify(nodes: &mut [Node], color: &mut [i32], p: u32, counters: &mut Counters) {
    let c = color[p as usize];
    let i = nodes[p as usize].top;
    let mut q = nodes[i as usize].down;
    while q != i {
        if color[q as usize] != c {
            hide::<true>(nodes, color, q, counters);
        } else if q != p {
            color[q as usize] = -1;
        }
        q = nodes[q as usize].down;
    }
}

/// Undoes [`purify`], walking the item's list the other way.
fn unpurify(nodes: &mut [Node], color: &mut [i32], p: u32) {
    let c = color[p as usize];
    let i = nodes[p as usize].top;
    let mut q = nodes[i as usize].up;
    while q != i {
        if color[q as usize] < 0 {
            color[q as usize] = c;
        } else if q != p {
            unhide::<true>(nodes, color, q);
        }
        q = nodes[q as usize].up;
    }
}

/// Makes the choice of node `p`'s option binding for `p`'s item: covers it when `p` has no
/// color, purifies it when it has one, and does nothing when it was already purified to
/// the same color by an earlier choice (color −1).
#[inline]
pub(crate) fn commit<const COLORS: bool>(
    items: &mut [Link],
    nodes: &mut [Node],
    color: &mut [i32],
    p: u32,
    counters: &mut Counters,
) {
    let j = nodes[p as usize].top;
    if !COLORS || color[p as usize] == 0 {
        cover::<COLORS>(items, nodes, color, j, counters);
    } else if color[p as usize] > 0 {
        purify(nodes, color, p, counters);
    }
}

/// Undoes [`commit`] for node `p`.
#[inline]
pub(crate) fn uncommit<const COLORS: bool>(
    items: &mut [Link],
    nodes: &mut [Node],
    color: &mut [i32],
    p: u32,
) {
    let j = nodes[p as usize].top;
    if !COLORS || color[p as usize] == 0 {
        uncover::<COLORS>(items, nodes, color, j);
    } else if color[p as usize] > 0 {
        unpurify(nodes, color, p);
    }
}
