//! The 16-bit dancing links of the default Sudoku solver (`dlx_solver.rs`), also used by the
//! variant solver (`variant/links.rs`): node and item tables indexed by `u16`, lengths
//! scanned sixteen at a time (SSE2 on x86-64, simd128 on wasm32, a portable loop
//! elsewhere), and the cover, uncover, hide and unhide steps with each node's slot (cell,
//! row, column, box) known at compile time.

/// Entries in the node and item tables: every `u16` is a valid index.
pub(crate) const SPAN: usize = 1 << 16;
/// Lengths are scanned this many at a time.
pub(crate) const LANES: usize = 16;
/// Bit 7 of a length marks a covered item.
pub(crate) const COVERED: u8 = 0x80;
/// The length stored in padding entries: looks covered, never chosen.
pub(crate) const PAD: u8 = 0xFF;

pub(crate) type Chunk = [u8; LANES];

/// A node's place in its item's vertical list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) up: u16,
    pub(crate) down: u16,
}

/// The mutable part of the matrix: links and lengths.
pub(crate) type Links = [Link; SPAN];
/// Lengths by item; scanned as chunks of [`LANES`] bytes.
pub(crate) type Lens = [u8; SPAN];
/// The item of each option node (0 for headers and unused entries).
pub(crate) type Items = [u16; SPAN];

pub(crate) fn boxed<T: Copy, const N: usize>(value: T) -> Box<[T; N]> {
    vec![value; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has N entries"))
}

/// Removes the other three nodes of `p`'s option from their lists; `p` is in slot `K`.
///
/// The slot of a node is fixed by its item's kind (cell 0, row 1, column 2, box 3), so a
/// list being covered has all its nodes in one slot, known at compile time here: the
/// other nodes of `p`'s option are `(p & !3) | j` for the three `j != K`, plain offsets
/// from one base. The order in which the three are hidden does not matter (they are in
/// three different lists); [`unhide`] undoes them in the reverse order.
#[inline(always)]
pub(crate) fn hide<const K: usize>(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    p: u16,
    emptied: &mut u16,
) {
    let base = (p & !3) as usize;
    let [a, b, c] = others(K);
    // Each node is reached through the slice of nodes from `base`, at a fixed displacement
    // (`base + a` would be computed into a register per node).
    unlink_noting(links, len, links[base..][a], item[base..][a], emptied);
    unlink_noting(links, len, links[base..][b], item[base..][b], emptied);
    unlink_noting(links, len, links[base..][c], item[base..][c], emptied);
}

/// [`hide_node_noting`] for a node whose links and item have been read: `up` and `down`
/// skip it, and item `it` has one option fewer.
#[inline(always)]
fn unlink_noting(links: &mut Links, len: &mut Lens, node: Link, it: u16, emptied: &mut u16) {
    let Link { up, down } = node;
    links[up as usize].down = down;
    links[down as usize].up = up;
    let l = &mut len[it as usize];
    *l = l.wrapping_sub(1);
    if *l == 0 {
        *emptied = it;
    }
}

/// [`hide_node`] that also writes into `emptied` the item of `q` when `q` was its last
/// option: one compare and a conditional move, which let the search notice a dead end
/// without scanning the lengths (see [`DlxSolver::set_pruning`]).
#[inline(always)]
pub(crate) fn hide_node_noting(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    q: usize,
    emptied: &mut u16,
) {
    unlink_noting(links, len, links[q], item[q], emptied);
}

/// Undoes [`hide`], in the opposite order; with `LENS`, gives the three items their
/// lengths back too (without, the caller restores the lengths from a copy).
#[inline(always)]
pub(crate) fn unhide<const K: usize, const LENS: bool>(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    p: u16,
) {
    let base = (p & !3) as usize;
    let [a, b, c] = others(K);
    unhide_node_with::<LENS>(links, len, item, base + c);
    unhide_node_with::<LENS>(links, len, item, base + b);
    unhide_node_with::<LENS>(links, len, item, base + a);
}

/// The three slots other than `k`, ascending.
#[inline(always)]
const fn others(k: usize) -> [usize; 3] {
    match k {
        0 => [1, 2, 3],
        1 => [0, 2, 3],
        2 => [0, 1, 3],
        _ => [0, 1, 2],
    }
}

/// Takes node `q` out of its item's list ([`hide_node_noting`] with nobody listening).
#[inline(always)]
pub(crate) fn hide_node(links: &mut Links, len: &mut Lens, item: &Items, q: usize) {
    hide_node_noting(links, len, item, q, &mut 0);
}

/// Appends node `q` at the bottom of its item's list (building a matrix).
#[inline(always)]
pub(crate) fn append_node(links: &mut Links, len: &mut Lens, item: &Items, q: u16) {
    let it = item[q as usize];
    let last = links[it as usize].up;
    links[q as usize] = Link { up: last, down: it };
    links[last as usize].down = q;
    links[it as usize].up = q;
    len[it as usize] += 1;
}

/// Appends the four nodes of the option whose first node is `x` (a multiple of 4) at the
/// bottom of their items' lists ([`append_node`] for each), with one bounds check for the
/// four: the nodes are `x + k` at fixed offsets, not `x | k` cut to 16 bits one by one.
#[inline(always)]
pub(crate) fn append_option(links: &mut Links, len: &mut Lens, item: &Items, x: u16) {
    // A multiple of 4 in 16 bits: the four nodes `x..x + 4` are in the table.
    let x = (x & !3) as usize;
    for q in x..x + 4 {
        let it = item[q];
        let last = links[it as usize].up;
        links[q] = Link { up: last, down: it };
        links[last as usize].down = q as u16;
        links[it as usize].up = q as u16;
        len[it as usize] += 1;
    }
}

/// Puts node `q` back where [`hide_node`] took it from.
#[inline(always)]
pub(crate) fn unhide_node(links: &mut Links, len: &mut Lens, item: &Items, q: usize) {
    unhide_node_with::<true>(links, len, item, q);
}

/// [`unhide_node`], giving the item its length back only with `LENS`.
#[inline(always)]
pub(crate) fn unhide_node_with<const LENS: bool>(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    q: usize,
) {
    let Link { up, down } = links[q];
    links[up as usize].down = q as u16;
    links[down as usize].up = q as u16;
    if LENS {
        let l = &mut len[item[q] as usize];
        *l = l.wrapping_add(1);
    }
}

/// Covers item `i`, whose nodes are in slot `K`: hides every option that contains it and
/// marks it covered.
#[inline(always)]
pub(crate) fn cover<const K: usize>(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    i: u16,
    emptied: &mut u16,
) {
    let mut p = links[i as usize].down;
    while p != i {
        hide::<K>(links, len, item, p, emptied);
        p = links[p as usize].down;
    }
    len[i as usize] |= COVERED;
}

/// Undoes [`cover`] exactly (calls nest like parentheses); without `LENS`, the links
/// only (the caller restores the lengths, covered marks included, from a copy).
#[inline(always)]
pub(crate) fn uncover<const K: usize, const LENS: bool>(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    i: u16,
) {
    if LENS {
        len[i as usize] &= !COVERED;
    }
    let mut p = links[i as usize].up;
    while p != i {
        unhide::<K, LENS>(links, len, item, p);
        p = links[p as usize].up;
    }
}

/// [`cover`] for an item whose slot is known only at run time.
#[inline(always)]
pub(crate) fn cover_slot(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    i: u16,
    slot: usize,
    emptied: &mut u16,
) {
    match slot {
        0 => cover::<0>(links, len, item, i, emptied),
        1 => cover::<1>(links, len, item, i, emptied),
        2 => cover::<2>(links, len, item, i, emptied),
        _ => cover::<3>(links, len, item, i, emptied),
    }
}

/// [`uncover`] for an item whose slot is known only at run time.
#[inline(always)]
pub(crate) fn uncover_slot<const LENS: bool>(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    i: u16,
    slot: usize,
) {
    match slot {
        0 => uncover::<0, LENS>(links, len, item, i),
        1 => uncover::<1, LENS>(links, len, item, i),
        2 => uncover::<2, LENS>(links, len, item, i),
        _ => uncover::<3, LENS>(links, len, item, i),
    }
}

/// Covers the items of the other three nodes of option node `x`'s option (Knuth's
/// "commit" for the option chosen), in ascending slot order.
#[inline(always)]
pub(crate) fn commit(links: &mut Links, len: &mut Lens, item: &Items, x: u16, emptied: &mut u16) {
    let b = (x & !3) as usize;
    match x & 3 {
        0 => {
            cover::<1>(links, len, item, item[b | 1], emptied);
            cover::<2>(links, len, item, item[b | 2], emptied);
            cover::<3>(links, len, item, item[b | 3], emptied);
        }
        1 => {
            cover::<0>(links, len, item, item[b], emptied);
            cover::<2>(links, len, item, item[b | 2], emptied);
            cover::<3>(links, len, item, item[b | 3], emptied);
        }
        2 => {
            cover::<0>(links, len, item, item[b], emptied);
            cover::<1>(links, len, item, item[b | 1], emptied);
            cover::<3>(links, len, item, item[b | 3], emptied);
        }
        _ => {
            cover::<0>(links, len, item, item[b], emptied);
            cover::<1>(links, len, item, item[b | 1], emptied);
            cover::<2>(links, len, item, item[b | 2], emptied);
        }
    }
}

/// Undoes [`commit`], in descending slot order ([`uncover`] for `LENS`).
#[inline(always)]
pub(crate) fn uncommit<const LENS: bool>(links: &mut Links, len: &mut Lens, item: &Items, x: u16) {
    let b = (x & !3) as usize;
    match x & 3 {
        0 => {
            uncover::<3, LENS>(links, len, item, item[b | 3]);
            uncover::<2, LENS>(links, len, item, item[b | 2]);
            uncover::<1, LENS>(links, len, item, item[b | 1]);
        }
        1 => {
            uncover::<3, LENS>(links, len, item, item[b | 3]);
            uncover::<2, LENS>(links, len, item, item[b | 2]);
            uncover::<0, LENS>(links, len, item, item[b]);
        }
        2 => {
            uncover::<3, LENS>(links, len, item, item[b | 3]);
            uncover::<1, LENS>(links, len, item, item[b | 1]);
            uncover::<0, LENS>(links, len, item, item[b]);
        }
        _ => {
            uncover::<2, LENS>(links, len, item, item[b | 2]);
            uncover::<1, LENS>(links, len, item, item[b | 1]);
            uncover::<0, LENS>(links, len, item, item[b]);
        }
    }
}

/// The item to branch on and its length, given that some item is active.
///
/// Both choosers first take the first item with length ≤ 1 (as `Chooser::MrvStopAtOne` does).
/// Otherwise MRV takes the first item of minimum length at or after index `from`, wrapping
/// round (`from` = 0: the first of all; a random `from` breaks ties at random for the
/// restarts of `lex.rs`), and `LEFTMOST` the first active item. Items are in ascending
/// order, as in the generic engine's item list. This is the plain version; on x86-64
/// [`choose`] is the same scan in SSE2, 16 lengths at a time.
#[cfg_attr(
    any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ),
    allow(dead_code)
)]
pub(crate) fn choose_portable<const LEFTMOST: bool>(len: &[Chunk], from: usize) -> (u16, u8) {
    let lengths = len.iter().flatten().enumerate();
    if let Some((i, &l)) = lengths.clone().find(|&(_, &l)| l <= 1) {
        return (i as u16, l);
    }
    let pick = if LEFTMOST {
        lengths.clone().find(|&(_, &l)| l < COVERED)
    } else {
        let best = lengths.clone().map(|(_, &l)| l).min();
        let mut ties = lengths.clone().filter(|&(_, &l)| Some(l) == best);
        ties.clone()
            .find(|&(i, _)| i >= from)
            .or_else(|| ties.next())
    };
    pick.map_or((0, 0), |(i, &l)| (i as u16, l))
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
pub(crate) use choose_portable as choose;

/// Safe wrappers round the few SSE2 intrinsics [`choose`] needs.
///
/// SSE2 is part of the x86-64 baseline, so the `sse2` target feature is enabled in every
/// x86-64 build and these instructions exist on every CPU the code can run on; calling a
/// `#[target_feature]` intrinsic still needs `unsafe`, hence one block per wrapper.
///
/// Gain: `solve --threads 1` takes 17 % less CPU time on the 49,162 puzzles of
/// `puzzles2_17_clue` and 22 % less on `puzzles3_magictour_top1465` (five times over) than
/// the same build with [`choose_portable`] as `choose`; medians of 7 and 9 alternated
/// whole-process runs.
#[cfg(target_arch = "x86_64")]
// `_mm_loadu_si128` reads through a pointer and has no safe form; the register-only
// intrinsics are `unsafe` to call here as written. SAFETY: at each block.
#[allow(unsafe_code)]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_max_epu8, _mm_min_epu8,
        _mm_movemask_epi8, _mm_set1_epi8, _mm_srli_si128,
    };

    use super::Chunk;

    #[inline(always)]
    pub fn load(chunk: &Chunk) -> __m128i {
        // SAFETY: `chunk` is 16 readable bytes, and `loadu` needs no alignment (SSE2: see
        // the module docs).
        unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
    }

    #[inline(always)]
    pub fn splat(b: u8) -> __m128i {
        // SAFETY: register-only SSE2 instruction (see the module docs).
        unsafe { _mm_set1_epi8(b as i8) }
    }

    #[inline(always)]
    pub fn max(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 instruction (see the module docs).
        unsafe { _mm_max_epu8(a, b) }
    }

    #[inline(always)]
    pub fn min(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: register-only SSE2 instruction (see the module docs).
        unsafe { _mm_min_epu8(a, b) }
    }

    /// Bit `k` set when lane `k` of `a` equals lane `k` of `b`.
    #[inline(always)]
    pub fn eq_mask(a: __m128i, b: __m128i) -> u32 {
        // SAFETY: register-only SSE2 instructions (see the module docs).
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) as u32 }
    }

    /// Bit `k` set when bit 7 of lane `k` is set.
    #[inline(always)]
    pub fn high_mask(a: __m128i) -> u32 {
        // SAFETY: register-only SSE2 instruction (see the module docs).
        unsafe { _mm_movemask_epi8(a) as u32 }
    }

    /// The smallest lane.
    #[inline(always)]
    pub fn min_lane(mut a: __m128i) -> u8 {
        // SAFETY: register-only SSE2 instructions (see the module docs).
        unsafe {
            a = _mm_min_epu8(a, _mm_srli_si128::<8>(a));
            a = _mm_min_epu8(a, _mm_srli_si128::<4>(a));
            a = _mm_min_epu8(a, _mm_srli_si128::<2>(a));
            a = _mm_min_epu8(a, _mm_srli_si128::<1>(a));
            _mm_cvtsi128_si32(a) as u8
        }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use simd128 as lanes;
#[cfg(target_arch = "x86_64")]
use sse2 as lanes;

/// The same wrappers as [`sse2`]'s in wasm's 128-bit SIMD (`simd128`), for the browser page.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)] // `v128_load` reads through a pointer; SAFETY at the block.
mod simd128 {
    use std::arch::wasm32::{
        i8x16_shuffle, u8x16_bitmask, u8x16_eq, u8x16_extract_lane, u8x16_max, u8x16_min,
        u8x16_splat, v128, v128_load,
    };

    use super::Chunk;

    #[inline(always)]
    pub fn load(chunk: &Chunk) -> v128 {
        // SAFETY: `chunk` is 16 readable bytes, and `v128.load` needs no alignment.
        unsafe { v128_load(chunk.as_ptr().cast()) }
    }

    #[inline(always)]
    pub fn splat(b: u8) -> v128 {
        u8x16_splat(b)
    }

    #[inline(always)]
    pub fn max(a: v128, b: v128) -> v128 {
        u8x16_max(a, b)
    }

    #[inline(always)]
    pub fn min(a: v128, b: v128) -> v128 {
        u8x16_min(a, b)
    }

    /// Bit `k` set when lane `k` of `a` equals lane `k` of `b`.
    #[inline(always)]
    pub fn eq_mask(a: v128, b: v128) -> u32 {
        u32::from(u8x16_bitmask(u8x16_eq(a, b)))
    }

    /// Bit `k` set when bit 7 of lane `k` is set.
    #[inline(always)]
    pub fn high_mask(a: v128) -> u32 {
        u32::from(u8x16_bitmask(a))
    }

    /// The smallest lane.
    #[inline(always)]
    pub fn min_lane(mut a: v128) -> u8 {
        a = u8x16_min(
            a,
            i8x16_shuffle::<8, 9, 10, 11, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0>(a, a),
        );
        a = u8x16_min(
            a,
            i8x16_shuffle::<4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>(a, a),
        );
        a = u8x16_min(
            a,
            i8x16_shuffle::<2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>(a, a),
        );
        a = u8x16_min(
            a,
            i8x16_shuffle::<1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>(a, a),
        );
        u8x16_extract_lane::<0>(a)
    }
}

/// Chunks of lengths [`choose`] looks at together: one lane-wise minimum of the four
/// answers both whether some length in them is ≤ 1 and what MRV's running minimum needs.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
const GROUP: usize = 4;

/// [`choose_portable`] in SSE2 (or wasm's 128-bit SIMD, the same operations). MRV scans
/// [`GROUP`] chunks of 16 lengths at a time: their lane-wise minimum, one compare and a
/// movemask say whether some length among them is ≤ 1 (then the group is looked at chunk by
/// chunk for the first), and the minimum joins a running one. `LEFTMOST` scans chunk by
/// chunk.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[inline(always)]
pub(crate) fn choose<const LEFTMOST: bool>(len: &[Chunk], from: usize) -> (u16, u8) {
    if LEFTMOST {
        return choose_leftmost(len);
    }
    let one = lanes::splat(1);
    let mut acc = lanes::splat(PAD);
    let (groups, rest) = len.as_chunks::<GROUP>();
    for (g, group) in groups.iter().enumerate() {
        let m = lanes::min(
            lanes::min(lanes::load(&group[0]), lanes::load(&group[1])),
            lanes::min(lanes::load(&group[2]), lanes::load(&group[3])),
        );
        // Some lane b <= 1 exactly when min(b, 1) == b.
        if lanes::eq_mask(lanes::min(m, one), m) != 0 {
            return first_forced(group, g * GROUP);
        }
        acc = lanes::min(acc, m);
    }
    let at = groups.len() * GROUP;
    for (k, chunk) in rest.iter().enumerate() {
        let v = lanes::load(chunk);
        if lanes::eq_mask(lanes::min(v, one), v) != 0 {
            return first_forced(std::slice::from_ref(chunk), at + k);
        }
        acc = lanes::min(acc, v);
    }
    let best = lanes::min_lane(acc);
    let wanted = lanes::splat(best);
    let hits = |c: usize| lanes::eq_mask(lanes::load(&len[c]), wanted);
    if from > 0 {
        // Random tie-break: the first hit at or after `from`, else the first of all.
        let c0 = from / LANES;
        for c in c0..len.len() {
            let mut hit = hits(c);
            if c == c0 {
                hit &= !0u32 << (from % LANES);
            }
            if hit != 0 {
                return ((c * LANES + hit.trailing_zeros() as usize) as u16, best);
            }
        }
    }
    for c in 0..len.len() {
        let hit = hits(c);
        if hit != 0 {
            return ((c * LANES + hit.trailing_zeros() as usize) as u16, best);
        }
    }
    (0, 0)
}

/// The first item with length ≤ 1 in `chunks`, which start at chunk `first` and hold one.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[inline(always)]
fn first_forced(chunks: &[Chunk], first: usize) -> (u16, u8) {
    let one = lanes::splat(1);
    for (k, chunk) in chunks.iter().enumerate() {
        let v = lanes::load(chunk);
        let forced = lanes::eq_mask(lanes::min(v, one), v);
        if forced != 0 {
            let lane = forced.trailing_zeros() as usize;
            return (((first + k) * LANES + lane) as u16, chunk[lane]);
        }
    }
    unreachable!("the chunks hold a length <= 1")
}

/// [`choose`] for `LEFTMOST`: the first item with length ≤ 1, else the first active one.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[inline(always)]
fn choose_leftmost(len: &[Chunk]) -> (u16, u8) {
    let one = lanes::splat(1);
    let mut leftmost = None;
    for (c, chunk) in len.iter().enumerate() {
        let v = lanes::load(chunk);
        // b <= 1 exactly when min(b, 1) == b.
        let forced = lanes::eq_mask(lanes::min(v, one), v);
        if forced != 0 {
            let k = forced.trailing_zeros() as usize;
            return ((c * LANES + k) as u16, chunk[k]);
        }
        if leftmost.is_none() {
            // Active lengths have bit 7 clear.
            let active = !lanes::high_mask(v) & 0xFFFF;
            if active != 0 {
                let k = active.trailing_zeros() as usize;
                leftmost = Some(((c * LANES + k) as u16, chunk[k]));
            }
        }
    }
    leftmost.unwrap_or((0, 0))
}

/// Bit `k` of entry `c`: item `16c + k` (0-based) is active with a length in `2..=most`
/// and that length differs from the one in `seen`; then `seen` takes the lengths.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[inline(always)]
pub(crate) fn changed_lengths_between(
    len: &[Chunk],
    seen: &mut [Chunk],
    most: u8,
    out: &mut [u32],
) {
    let (two, most) = (lanes::splat(2), lanes::splat(most));
    for ((o, chunk), was) in out.iter_mut().zip(len).zip(seen) {
        let v = lanes::load(chunk);
        let same = lanes::eq_mask(v, lanes::load(was));
        *o = lanes::eq_mask(lanes::min(lanes::max(v, two), most), v) & !same;
        *was = *chunk;
    }
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
pub(crate) fn changed_lengths_between(
    len: &[Chunk],
    seen: &mut [Chunk],
    most: u8,
    out: &mut [u32],
) {
    for ((o, chunk), was) in out.iter_mut().zip(len).zip(seen) {
        *o = chunk
            .iter()
            .zip(was.iter())
            .enumerate()
            .filter(|&(_, (&l, &w))| (2..=most).contains(&l) && l != w)
            .fold(0, |m, (k, _)| m | 1 << k);
        *was = *chunk;
    }
}
