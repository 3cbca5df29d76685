//! The node-storage decision, measured here with criterion: pointer-linked nodes
//! in a `typed-arena` against our flat `u32` arena (the generic engine) and the
//! Sudoku-specialised 4-aligned `u16` layout, all counting to 2 solutions on the same
//! sample of `puzzles2_17_clue`.
//!
//! The pointer-linked solver below is bench-only code: Knuth's original DLX with
//! `Cell<Option<&Node>>` links (safe code, every hop through `unwrap`). The arena and the
//! graph pointing into it cannot live in one struct, so it builds the matrix inside every
//! solve, which is the cost the design carries. It walks the same search tree as the other
//! two (MRV stopping at length ≤ 1, ties to the first item); the check before timing
//! asserts equal solution and node counts.
//!
//! What it measured when the decision was made (500 17-clue puzzles, criterion medians on a
//! quiet host; a loaded run gave the same ratios, 75.2 / 58.4 / 22.7 µs):
//!
//! | design                                         | µs per puzzle |
//! |------------------------------------------------|---------------|
//! | `typed-arena` pointer nodes, rebuilt per solve | 37.7          |
//! | flat `u32` arena (`dlx-cover`)                 | 29.5          |
//! | specialised `u16` layout (`DlxSolver`)         | 11.2          |
//!
//! Beyond speed, the flat arena is built once per problem, is `Send`, has no lifetimes and
//! restores by undo. `typed-arena` is a dev-dependency, used only here.
//!
//! Run: `cargo bench -p dlx-sudoku --bench arena`.

use std::cell::Cell;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dlx_sudoku::{DlxSolver, GenericDlxSolver, Grid, Limits, Shape, SudokuSolver, encoding};
use typed_arena::Arena;

mod common;

type Link<'a> = Cell<Option<&'a Node<'a>>>;

/// A header (item), the root, or an option node.
struct Node<'a> {
    left: Link<'a>,
    right: Link<'a>,
    up: Link<'a>,
    down: Link<'a>,
    /// The header of an option node's item (the root and headers: none).
    top: Link<'a>,
    /// Options left, for headers.
    len: Cell<u32>,
}

impl<'a> Node<'a> {
    fn new() -> Node<'a> {
        Node {
            left: Cell::new(None),
            right: Cell::new(None),
            up: Cell::new(None),
            down: Cell::new(None),
            top: Cell::new(None),
            len: Cell::new(0),
        }
    }
}

fn get<'a>(link: &Link<'a>) -> &'a Node<'a> {
    link.get()
        .expect("every link is set once the matrix is built")
}

fn cover<'a>(c: &'a Node<'a>) {
    get(&c.right).left.set(c.left.get());
    get(&c.left).right.set(c.right.get());
    let mut i = get(&c.down);
    while !std::ptr::eq(i, c) {
        let mut j = get(&i.right);
        while !std::ptr::eq(j, i) {
            get(&j.down).up.set(j.up.get());
            get(&j.up).down.set(j.down.get());
            let t = get(&j.top);
            t.len.set(t.len.get() - 1);
            j = get(&j.right);
        }
        i = get(&i.down);
    }
}

fn uncover<'a>(c: &'a Node<'a>) {
    let mut i = get(&c.up);
    while !std::ptr::eq(i, c) {
        let mut j = get(&i.left);
        while !std::ptr::eq(j, i) {
            let t = get(&j.top);
            t.len.set(t.len.get() + 1);
            get(&j.down).up.set(Some(j));
            get(&j.up).down.set(Some(j));
            j = get(&j.left);
        }
        i = get(&i.up);
    }
    get(&c.right).left.set(Some(c));
    get(&c.left).right.set(Some(c));
}

/// Algorithm X counting to 2; `true` once two solutions are found (the matrix is then
/// left as it is: it is dropped with the arena).
fn search<'a>(root: &'a Node<'a>, found: &mut u32, nodes: &mut u64) -> bool {
    let first = get(&root.right);
    if std::ptr::eq(first, root) {
        *found += 1;
        return *found >= 2;
    }
    let (mut best, mut c) = (first, first);
    while !std::ptr::eq(c, root) {
        if c.len.get() < best.len.get() {
            best = c;
        }
        if best.len.get() <= 1 {
            break;
        }
        c = get(&c.right);
    }
    if best.len.get() == 0 {
        return false;
    }
    cover(best);
    let mut r = get(&best.down);
    while !std::ptr::eq(r, best) {
        *nodes += 1;
        let mut j = get(&r.right);
        while !std::ptr::eq(j, r) {
            cover(get(&j.top));
            j = get(&j.right);
        }
        if search(root, found, nodes) {
            return true;
        }
        let mut j = get(&r.left);
        while !std::ptr::eq(j, r) {
            uncover(get(&j.top));
            j = get(&j.left);
        }
        r = get(&r.down);
    }
    uncover(best);
    false
}

/// Builds the 9×9 matrix in a fresh arena, covers the givens, counts to 2.
/// Returns (solutions, search nodes).
fn typed_arena_count(puzzle: &Grid) -> (u32, u64) {
    let arena = Arena::with_capacity(1 + 324 + 4 * 729);
    let root: &Node = arena.alloc(Node::new());
    let mut headers = Vec::with_capacity(324);
    let mut prev = root;
    for _ in 0..324 {
        let h: &Node = arena.alloc(Node::new());
        h.up.set(Some(h));
        h.down.set(Some(h));
        h.left.set(Some(prev));
        prev.right.set(Some(h));
        headers.push(h);
        prev = h;
    }
    prev.right.set(Some(root));
    root.left.set(Some(prev));
    let mut option_first = Vec::with_capacity(729);
    for cell in 0..81 {
        let (r, c) = (cell / 9, cell % 9);
        for v in 1..=9 {
            let items = encoding::option_items(Shape::CLASSIC, r, c, v);
            let mut first: Option<&Node> = None;
            let mut last: Option<&Node> = None;
            for item in items {
                let h = headers[item];
                let x: &Node = arena.alloc(Node::new());
                x.top.set(Some(h));
                x.up.set(h.up.get());
                x.down.set(Some(h));
                get(&h.up).down.set(Some(x));
                h.up.set(Some(x));
                h.len.set(h.len.get() + 1);
                if let Some(l) = last {
                    l.right.set(Some(x));
                    x.left.set(Some(l));
                } else {
                    first = Some(x);
                }
                last = Some(x);
            }
            let (f, l) = (first.expect("4 items"), last.expect("4 items"));
            l.right.set(Some(f));
            f.left.set(Some(l));
            option_first.push(f);
        }
    }
    for (cell, &v) in puzzle.cells().iter().enumerate() {
        if v != 0 {
            let f = option_first[cell * 9 + v as usize - 1];
            let mut j = f;
            loop {
                cover(get(&j.top));
                j = get(&j.right);
                if std::ptr::eq(j, f) {
                    break;
                }
            }
        }
    }
    let (mut found, mut nodes) = (0, 0);
    search(root, &mut found, &mut nodes);
    (found, nodes)
}

fn arena(c: &mut Criterion) {
    let Some(puzzles) = common::sample(common::SETS[0].0, common::SETS[0].1) else {
        return;
    };
    let mut flat = GenericDlxSolver::new(Shape::CLASSIC);
    let mut special = DlxSolver::new(Shape::CLASSIC);
    for p in &puzzles {
        let before = SudokuSolver::nodes(&flat);
        let count = flat.count_within(p, 2, Limits::NONE).solutions;
        let nodes = SudokuSolver::nodes(&flat) - before;
        assert_eq!(
            typed_arena_count(p),
            (count as u32, nodes),
            "{}",
            p.to_line()
        );
        assert_eq!(special.count(p, 2).solutions, count);
    }
    let mut group = c.benchmark_group("arena-17-clue");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function("typed-arena-pointers", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &puzzles {
                n += typed_arena_count(black_box(p)).0;
            }
            n
        })
    });
    group.bench_function("flat-u32-generic", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &puzzles {
                n += flat.count_within(black_box(p), 2, Limits::NONE).solutions;
            }
            n
        })
    });
    group.bench_function("specialised-u16", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &puzzles {
                n += special
                    .count_within(black_box(p), 2, Limits::NONE)
                    .solutions;
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, arena);
criterion_main!(benches);
