//! Nishio's memory of calm digit patterns against fresh searches.

use super::*;

/// The hint of Nishio forcing chains, as text, with or without what earlier searches
/// of the thread learnt.
fn nishio(board: &Board, fresh: bool) -> String {
    if fresh {
        CALM.with(|calm| calm.borrow_mut().clear());
    }
    format!("{:?}", forcing_chains(board, Mode::Nishio, &|| false))
}

#[test]
fn nishio_skips_only_digits_without_contradictions() {
    let puzzle =
        "....6...9..6..35...4..5..7......2......8.......2.1.8....5...3...9..3..1.71......4";
    let cells: Vec<u8> = puzzle.bytes().map(|b| b.saturating_sub(b'0')).collect();
    let mut board = Board::new(&cells).expect("no clash");
    let mut found = 0;
    // Remove candidates one at a time: each search, fresh or not, finds the same.
    for cell in 0..81 {
        let first = nishio(&board, true);
        assert!(CALM.with(|calm| !calm.borrow().is_empty()) || first != "None");
        assert_eq!(nishio(&board, false), first);
        found += usize::from(first != "None");
        let cands = board.cands[cell];
        if cands.count_ones() > 2 {
            board.cands[cell] &= !(1 << cands.trailing_zeros());
        }
    }
    assert!(found > 0);
}
