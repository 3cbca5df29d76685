//! The branch weights the searches share (the general one in `search.rs`, the 9×9 one in
//! `search9.rs`): how much a two-candidate cell's peers foretell of a branch.

/// The weight of a two-candidate cell as a branch: [`PAIR_WEIGHT`] for each peer with two
/// candidates and [`EMPTY_WEIGHT`] for each empty peer (a peer with two candidates is
/// both). Placing either digit takes it from the empty peers (the degree heuristic), and
/// makes a naked single of each two-candidate peer that holds it, so both counts foretell
/// how much a branch propagates. The weights are measured: two to three gave fewer nodes
/// than the empty peers alone by 10 % on unbiased, 8 % on 17-clue (its first 20,000), 8 %
/// on top1465 and 7 % on forum_hardest_1106. Of the others tried (1 : 1, 2 : 1, 3 : 1,
/// 3 : 2, 3 : 4, 4 : 3, 5 : 3, 5 : 4, 1 : 2), three to two gave 1 % fewer nodes still on
/// top1465, but the largest of `hint`'s searches on forum_hardest_1905 grew from 1,739 nodes
/// (the empty peers alone) to 2,203, against 1,891 with two to three.
pub(crate) const PAIR_WEIGHT: u32 = 2;
/// See [`PAIR_WEIGHT`].
pub(crate) const EMPTY_WEIGHT: u32 = 3;
