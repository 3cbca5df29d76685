//! `bench --plot`: the SVG it writes parses as XML, with one curve per solver (distinct
//! colours, each a real step curve), labelled axes, a legend and the dataset named.

mod common;

use std::path::PathBuf;

const PUZZLES: [&str; 3] = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8....4....6.3...8",
    "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
];

fn tmp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

#[test]
fn the_plot_is_valid_svg_with_a_curve_per_solver() {
    let data = tmp("plot-set.txt");
    std::fs::write(&data, PUZZLES.join("\n") + "\n").unwrap();
    let svg_path = tmp("plot.svg");
    let _ = std::fs::remove_file(&svg_path);
    let r = common::run_bin(
        &[
            "bench",
            "--solver",
            "dlx,bitmask,candidates",
            "--rounds",
            "2",
            "--warmup",
            "0",
            "--plot",
            svg_path.to_str().unwrap(),
            data.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the plot is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let curves: Vec<_> = root
        .descendants()
        .filter(|n| n.has_tag_name("path") && n.attribute("class") == Some("curve"))
        .collect();
    let names: Vec<&str> = curves
        .iter()
        .map(|c| c.attribute("data-solver").unwrap())
        .collect();
    assert_eq!(names, ["dlx", "bitmask", "candidates"]);
    let mut colours: Vec<&str> = curves
        .iter()
        .map(|c| c.attribute("stroke").unwrap())
        .collect();
    colours.dedup();
    assert_eq!(colours.len(), 3, "one colour per solver");
    for c in &curves {
        // Three puzzles, two rounds: six solves, six steps of two segments each.
        let d = c.attribute("d").unwrap();
        assert!(d.starts_with('M'), "{d}");
        assert_eq!(d.matches('L').count(), 12, "{d}");
    }
    let texts: Vec<String> = root
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect();
    let all = texts.join("\n");
    assert!(all.contains("time per puzzle (log scale)"), "{all}");
    assert!(all.contains("puzzles solved within that time"), "{all}");
    assert!(all.contains("plot-set.txt"), "the dataset is named: {all}");
    for name in ["dlx", "bitmask", "candidates"] {
        assert!(
            texts.iter().any(|t| t == name),
            "{name} in the legend: {all}"
        );
    }
    assert!(texts.iter().any(|t| t.ends_with("µs")), "{all}");
}

#[test]
fn a_plot_that_cannot_be_written_is_an_error() {
    let data = tmp("plot-set-2.txt");
    std::fs::write(&data, PUZZLES[0].to_string() + "\n").unwrap();
    let r = common::run_bin(
        &[
            "bench",
            "--rounds",
            "1",
            "--plot",
            "/nonexistent/dir/plot.svg",
            data.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 2);
    common::assert_starts(&r.stderr, "sudoku-dlx: /nonexistent/dir/plot.svg: ");
}
