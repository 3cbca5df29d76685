//! A scratch program that uses nothing but `dlx-cover`: how many ways can a 3×4 board be
//! tiled with L-trominoes (the three-cell L in any of its four turns)? Every cell is a
//! primary item named `r,c`; every placement of a tromino is an option. The solutions come
//! from the iterator, the first few printed as boards, the rest only counted.
//!
//! ```text
//! cargo run -p dlx-cover --example tiling [ROWS COLS]
//! ```

use dlx_cover::{Problem, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
    let rows = args.next().transpose()?.unwrap_or(3);
    let cols = args.next().transpose()?.unwrap_or(4);
    let cell = |r: usize, c: usize| format!("{r},{c}");
    let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
    let no_secondary: [&str; 0] = [];
    let mut problem = Problem::with_names(cells.clone().map(|(r, c)| cell(r, c)), no_secondary)?;
    // The four turns of an L: a 2×2 square less one corner.
    for (r, c) in cells.filter(|&(r, c)| r + 1 < rows && c + 1 < cols) {
        let square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
        for missing in 0..4 {
            let option = square
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != missing)
                .map(|(_, &(r, c))| cell(r, c));
            problem.add_named_option(option)?;
        }
    }
    let mut solver = Solver::new(&problem);
    let mut count = 0u64;
    for solution in solver.solutions() {
        count += 1;
        if count <= 2 {
            // Letter each tromino of the solution and draw the board.
            let mut board = vec![vec!['.'; cols]; rows];
            for (k, text) in solution.to_names(&problem).iter().enumerate() {
                for name in text.split(' ') {
                    let (r, c) = name.split_once(',').expect("cell names are r,c");
                    board[r.parse::<usize>()?][c.parse::<usize>()?] = (b'A' + k as u8) as char;
                }
            }
            for row in board {
                println!("{}", row.into_iter().collect::<String>());
            }
            println!();
        }
    }
    let stats = solver.stats();
    println!(
        "{rows}x{cols}: {count} tilings ({} nodes, {} updates)",
        stats.nodes, stats.updates
    );
    Ok(())
}
