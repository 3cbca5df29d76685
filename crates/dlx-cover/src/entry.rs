//! The lists that Algorithm M (`multiplicity.rs`) and dlx5's cost search (`cost/links.rs`)
//! share the shape of, Knuth's layout for dlx2, dlx3 and dlx5: item headers `1..=n`, then
//! each option's entries between spacers. Each keeps its own node type (dlx5's carries a
//! cost); this file builds the lists and hides and unhides an option's entries for both.

use crate::problem::Problem;

/// A node of Knuth's lists: an item's header (`itm` is then the list's length), an
/// option's entry, or a spacer (`itm <= 0`; its `up` is the first entry of the option
/// before it, its `down` the last entry of the option after it).
pub(crate) trait Entry: Copy {
    /// A node with these links, item (or length) and color, its other fields at rest.
    fn new(up: u32, down: u32, itm: i32, color: i32) -> Self;
    fn up(&self) -> u32;
    fn down(&self) -> u32;
    fn itm(&self) -> i32;
    /// 0 none, `> 0` a color, `< 0` cleansed (known to agree).
    fn color(&self) -> i32;
    fn set_up(&mut self, up: u32);
    fn set_down(&mut self, down: u32);
    fn set_itm(&mut self, itm: i32);
    fn set_color(&mut self, color: i32);
}

/// Relinks the list of `header` in order of `key` (stable: ties keep list order), with
/// `members` as scratch space.
pub(crate) fn sort_list<N: Entry, K: Ord>(
    nodes: &mut [N],
    header: u32,
    members: &mut Vec<u32>,
    mut key: impl FnMut(&[N], u32) -> K,
) {
    members.clear();
    let mut x = nodes[header as usize].down();
    while x != header {
        members.push(x);
        x = nodes[x as usize].down();
    }
    members.sort_by_key(|&x| key(nodes, x));
    let mut prev = header;
    for &x in members.iter() {
        nodes[prev as usize].set_down(x);
        nodes[x as usize].set_up(prev);
        prev = x;
    }
    nodes[prev as usize].set_down(header);
    nodes[header as usize].set_up(prev);
}

/// The lists of `problem`: headers `1..=n` (node 0 unused), then each option's entries in
/// order, spacers between, `entry(k, node)` finishing option `k`'s entries; and the option
/// of each node (`u32::MAX` for headers and spacers).
pub(crate) fn build<N: Entry>(
    problem: &Problem,
    mut entry: impl FnMut(usize, N) -> N,
) -> (Vec<N>, Vec<u32>) {
    let n = problem.items();
    let mut nodes = Vec::with_capacity(n + 2 + problem.entries.len() + problem.options());
    nodes.push(N::new(0, 0, 0, 0));
    for i in 1..=n as u32 {
        nodes.push(N::new(i, i, 0, 0));
    }
    let mut node_option = vec![u32::MAX; n + 1];
    let mut spacer = nodes.len();
    nodes.push(N::new(0, 0, 0, 0));
    node_option.push(u32::MAX);
    for k in 0..problem.options() {
        let first = nodes.len() as u32;
        for (item, color) in problem.colored_option(k) {
            let header = item + 1;
            let x = nodes.len() as u32;
            let last = nodes[header].up();
            nodes.push(entry(
                k,
                N::new(last, header as u32, header as i32, color as i32),
            ));
            nodes[last as usize].set_down(x);
            nodes[header].set_up(x);
            let len = nodes[header].itm();
            nodes[header].set_itm(len + 1);
            node_option.push(k as u32);
        }
        let last = nodes.len() as u32 - 1;
        nodes[spacer].set_down(last);
        spacer = nodes.len();
        nodes.push(N::new(first, 0, -(k as i32 + 1), 0));
        node_option.push(u32::MAX);
    }
    (nodes, node_option)
}

/// Calls `f` with each other entry of `x`'s option that is not cleansed, left to right
/// (cyclically), and the node as it was when reached.
#[inline(always)]
fn each_other<N: Entry>(nodes: &mut [N], x: u32, mut f: impl FnMut(&mut [N], u32, N)) {
    let mut nn = x + 1;
    while nn != x {
        let node = nodes[nn as usize];
        if node.color() >= 0 {
            if node.itm() <= 0 {
                nn = node.up();
                continue;
            }
            f(nodes, nn, node);
        }
        nn += 1;
    }
}

/// Hides every other entry of `x`'s option from its item's list (skipping cleansed ones);
/// returns the number of entries hidden. The inner loop of cover, purify and tweak.
#[inline]
pub(crate) fn hide_others<N: Entry>(nodes: &mut [N], x: u32) -> u64 {
    let mut updates = 0;
    each_other(nodes, x, |nodes, _, node| {
        nodes[node.up() as usize].set_down(node.down());
        nodes[node.down() as usize].set_up(node.up());
        let header = &mut nodes[node.itm() as usize];
        header.set_itm(header.itm() - 1);
        updates += 1;
    });
    updates
}

/// Relinks the entries [`hide_others`] hid, in the same order (which works: Knuth's
/// observation in dlx5).
#[inline]
pub(crate) fn unhide_others<N: Entry>(nodes: &mut [N], x: u32) {
    each_other(nodes, x, |nodes, nn, node| {
        nodes[node.up() as usize].set_down(nn);
        nodes[node.down() as usize].set_up(nn);
        let header = &mut nodes[node.itm() as usize];
        header.set_itm(header.itm() + 1);
    });
}

/// Algorithm C's purify on the list of entry `p`'s item, from its top while `within` holds
/// for the entry at hand: hides the options that give the item another color (or none) and
/// marks those that agree, `p` aside, as cleansed. Returns the updates and the cleansings
/// (one for the purification, one per entry marked), as dlx2, dlx3 and dlx5 count them.
pub(crate) fn purify<N: Entry>(
    nodes: &mut [N],
    p: u32,
    within: impl Fn(&[N], u32) -> bool,
) -> (u64, u64) {
    let (item, color) = (nodes[p as usize].itm(), nodes[p as usize].color());
    let (mut updates, mut cleansings) = (0, 1);
    let mut rr = nodes[item as usize].down();
    while within(nodes, rr) {
        if nodes[rr as usize].color() != color {
            updates += hide_others(nodes, rr);
        } else if rr != p {
            cleansings += 1;
            nodes[rr as usize].set_color(-1);
        }
        rr = nodes[rr as usize].down();
    }
    (updates, cleansings)
}

/// Undoes [`purify`] with the same `within`, going down the list again (relinking in the
/// order of hiding works, as for [`unhide_others`]).
pub(crate) fn unpurify<N: Entry>(nodes: &mut [N], p: u32, within: impl Fn(&[N], u32) -> bool) {
    let (item, color) = (nodes[p as usize].itm(), nodes[p as usize].color());
    let mut rr = nodes[item as usize].down();
    while within(nodes, rr) {
        if nodes[rr as usize].color() < 0 {
            nodes[rr as usize].set_color(color);
        } else if rr != p {
            unhide_others(nodes, rr);
        }
        rr = nodes[rr as usize].down();
    }
}

/// Implements [`Entry`] for a node type with fields `up`, `down`, `itm` and `color` whose
/// other fields have a default.
macro_rules! entry_fields {
    ($node:ty) => {
        impl crate::entry::Entry for $node {
            #[inline]
            #[allow(clippy::needless_update)]
            fn new(up: u32, down: u32, itm: i32, color: i32) -> Self {
                Self {
                    up,
                    down,
                    itm,
                    color,
                    ..Default::default()
                }
            }
            crate::entry::entry_field!(up, set_up, u32);
            crate::entry::entry_field!(down, set_down, u32);
            crate::entry::entry_field!(itm, set_itm, i32);
            crate::entry::entry_field!(color, set_color, i32);
        }
    };
}

/// A field's getter and setter in [`entry_fields`].
macro_rules! entry_field {
    ($field:ident, $set:ident, $t:ty) => {
        #[inline]
        fn $field(&self) -> $t {
            self.$field
        }
        #[inline]
        fn $set(&mut self, value: $t) {
            self.$field = value;
        }
    };
}

pub(crate) use entry_field;
pub(crate) use entry_fields;
