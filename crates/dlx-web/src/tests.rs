//! The exports run natively, their answers checked against what the CLI writes for the
//! same input.

use serde_json::Value;

use super::*;

/// Magictour's first puzzle, and the CLI's answers for it.
const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const ANSWER: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn parsed(json: String) -> Value {
    serde_json::from_str(&json).expect("every answer is JSON")
}

#[test]
fn solves_to_the_smallest_fill() {
    let r = parsed(solve(PUZZLE, "", f64::INFINITY));
    assert_eq!(r["status"], "solved");
    assert_eq!(r["answer"], ANSWER);
    assert!(r["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn a_grid_over_nine_lines_is_read_too() {
    let grid: String = ANSWER
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    assert_eq!(parsed(solve(&grid, "", 1e9))["answer"], ANSWER);
}

#[test]
fn a_node_budget_stops_a_near_empty_search() {
    let near_empty = format!("1{}", ".".repeat(624));
    let r = parsed(count(&near_empty, "", 1e6, 1000.0));
    assert_eq!(r["status"], "node limit");
    assert_eq!(r["complete"], false);
}

#[test]
fn bad_input_gets_the_librarys_message() {
    let r = parsed(solve("12345", "", 1e9));
    assert_eq!(r["status"], "error");
    let message = r["message"].as_str().unwrap();
    assert!(message.starts_with("expected 9 cells, found 5 (a puzzle is one line"));
    let r = parsed(solve("12345\n678\n", "", 1e9));
    assert!(r["message"].as_str().unwrap().starts_with("line 1: "));
    let letters = "x".repeat(81);
    let r = parsed(solve(&letters, "", 1e9));
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .starts_with("not a puzzle: \"xxxxxxxxxxxxxxxxxxxxxxxx…\""),
        "{r}"
    );
    let clash = format!("11{}", ".".repeat(79));
    let r = parsed(solve(&clash, "", 1e9));
    assert_eq!(r["status"], "no solution");
    assert_eq!(r["message"], "no solution: row 1 has two 1s");
    assert_eq!(
        parsed(hint(&clash))["message"],
        "no solution: row 1 has two 1s"
    );
}

#[test]
fn counts_checks_hints_rates_as_the_cli() {
    let c = parsed(count(&".".repeat(81), "", 5.0, 1e9));
    assert_eq!(
        (c["solutions"].as_u64(), &c["complete"]),
        (Some(5), &false.into())
    );
    let c = parsed(check(PUZZLE));
    assert_eq!(c["status"], "minimal");
    let h = parsed(hint(PUZZLE));
    assert_eq!(h["technique"], "hidden single");
    assert_eq!(h["reason"], "r6c2 is the only place for 4 in box 4");
    assert_eq!(h["place"], serde_json::json!([[46, 4]]));
    // Box 4 (the fourth, 1-based) holds r6c2.
    assert_eq!(h["units"].as_array().unwrap().len(), 9);
    assert!(h["units"].as_array().unwrap().contains(&46.into()));
    let r = parsed(rate(PUZZLE));
    assert_eq!(
        (&r["level"], &r["score"], &r["hardest"], &r["effort"]),
        (
            &"intermediate".into(),
            &"2.6".into(),
            &"pointing".into(),
            &"6.71".into()
        )
    );
}

#[test]
fn explain_ends_at_the_answer() {
    let e = parsed(explain(PUZZLE));
    let steps = e["steps"].as_array().unwrap();
    assert_eq!(steps[0]["technique"], "hidden single");
    assert_eq!(steps.last().unwrap()["after"], ANSWER);
    assert_eq!(e["solution"], ANSWER);
}

#[test]
fn generates_what_the_cli_generates() {
    // `sudoku-dlx generate --seed 7 --difficulty intermediate --symmetry rot180`
    let g = parsed(generate("intermediate", "rot180", "7", ""));
    assert_eq!(
        g["puzzle"],
        "..6.....8.8.14.....34.6..5..4...8.29.........62.5...3..7..5.68.....73.9.3.....5.."
    );
    assert_eq!(g["level"], "intermediate");
    // `sudoku-dlx generate --seed 7 --difficulty expert`
    let g = parsed(generate("expert", "none", "7", ""));
    assert_eq!(
        g["puzzle"],
        "...9.6.7.3..8.452...65.1....7....3.263.....1.9....8..........3....2...57.47.....1"
    );
    assert_eq!(parsed(generate("hard", "none", "7", ""))["status"], "error");
}

#[test]
fn emitted_problems_count_as_the_cli_counts() {
    let queens = parsed(emit("queens", "5"));
    let text = queens["text"].as_str().unwrap();
    assert!(text.starts_with("| 5 queens: rows and columns primary, diagonals secondary\n"));
    let r = parsed(cover(text, f64::INFINITY, 2, f64::INFINITY));
    assert_eq!(r["solutions"], 10);
    assert_eq!(r["first"].as_array().unwrap().len(), 2);
    let pentominoes = parsed(emit("pentominoes", "6x10"));
    let r = parsed(cover(pentominoes["text"].as_str().unwrap(), 1e9, 1, 1e9));
    assert_eq!(
        (r["solutions"].as_u64(), r["complete"].as_bool()),
        (Some(2339), Some(true))
    );
    let langford = parsed(emit("langford", "7"));
    let r = parsed(cover(langford["text"].as_str().unwrap(), 1e9, 1, 1e9));
    assert_eq!(r["solutions"], 26);
    assert_eq!(parsed(emit("queens", "x"))["status"], "error");
}

#[test]
fn memo_counts_past_64_bits_as_the_cli() {
    // `sudoku-dlx cover --emit dominoes 14 | sudoku-dlx cover --count --memo on --stats`
    let mut text = String::new();
    let n = 14;
    let cell = |i: usize, j: usize| format!("r{i}c{j}");
    let cells: Vec<String> = (0..n * n).map(|k| cell(k / n, k % n)).collect();
    text.push_str(&cells.join(" "));
    text.push('\n');
    for i in 0..n {
        for j in 0..n {
            if j + 1 < n {
                text.push_str(&format!("{} {}\n", cell(i, j), cell(i, j + 1)));
            }
            if i + 1 < n {
                text.push_str(&format!("{} {}\n", cell(i, j), cell(i + 1, j)));
            }
        }
    }
    let r = parsed(cover_memo(&text, f64::INFINITY));
    assert_eq!(r["solutions"], "112202208776036178000000");
    assert_eq!(
        (r["nodes"].as_u64(), r["hits"].as_u64()),
        (Some(385_185), Some(114_411))
    );
    let r = parsed(cover_memo(&text, 1000.0));
    assert_eq!(
        (r["status"].as_str(), r["complete"].as_bool()),
        (Some("node limit"), Some(false))
    );
    assert_eq!(parsed(cover_memo("a b\na c\n", 1e9))["status"], "error");
    // Multiplicities (a memoized Algorithm M): b once, a once or twice, by {a b} and {a}.
    let r = parsed(cover_memo("1:2|a b\na\na b\n", 1e9));
    assert_eq!(
        (r["status"].as_str(), r["solutions"].as_str()),
        (Some("counted"), Some("2"))
    );
}

#[test]
fn knuths_format_errors_name_the_line() {
    let r = parsed(cover("a b\na c\n", 10.0, 1, 1e9));
    assert_eq!(r["status"], "error");
    assert_eq!(r["message"], "line 2: unknown item name: \"c\"");
}

#[test]
fn solve_all_answers_every_line() {
    let text = format!("{PUZZLE}\n12345\n");
    let r = parsed(solve_all(&text));
    assert_eq!(
        (r["puzzles"].as_u64(), r["solved"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(r["answers"], format!("{ANSWER}\nerror\n"));
}

#[test]
fn a_hint_carries_the_candidates_and_the_techniques_rating() {
    let h = parsed(hint(PUZZLE));
    let candidates = h["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 81);
    // r1c1 is the given 4: no candidates. r6c2 (cell 46) may hold a 4.
    assert_eq!(candidates[0], 0);
    assert_ne!(candidates[46].as_u64().unwrap() & (1 << 3), 0);
    assert_eq!((&h["weight"], &h["level"]), (&"1.5".into(), &"easy".into()));
}

#[test]
fn rates_on_sudoku_explainers_scale_too() {
    let r = parsed(rate(PUZZLE));
    let er: f64 = r["se"]["er"].as_str().unwrap().parse().unwrap();
    assert!((1.0..=12.0).contains(&er), "{r}");
    let g = parsed(generate("any", "none", "3", "1.0-2.0"));
    assert_eq!(g["status"], "generated", "{g}");
    let er: f64 = g["se"].as_str().unwrap().parse().unwrap();
    assert!((1.0..=2.0).contains(&er));
    let check = parsed(rate(g["puzzle"].as_str().unwrap()));
    assert_eq!(check["se"]["er"], g["se"]);
    assert_eq!(
        parsed(generate("any", "none", "3", "5-2"))["status"],
        "error"
    );
}

#[test]
fn variants_solve_as_the_cli() {
    // The empty 4×4 X-Sudoku has 48 fills (the library's own doc example).
    let x = r#"{"x":true}"#;
    let c = parsed(count(&".".repeat(16), x, 1000.0, 1e9));
    assert_eq!(c["solutions"], 48);
    let s = parsed(solve(&".".repeat(16), x, 1e9));
    assert_eq!(s["answer"], "1234341243212143");
    // A clash on a diagonal is named.
    let clash = format!("1{}1", ".".repeat(14));
    let r = parsed(solve(&clash, x, 1e9));
    assert_eq!(r["status"], "no solution");
    assert!(r["message"].as_str().unwrap().contains("diagonal"), "{r}");
    let jigsaw = r#"{"regions":"1122 1122 3344 3344"}"#;
    assert_eq!(
        parsed(count(&".".repeat(16), jigsaw, 1000.0, 1e9))["solutions"],
        288
    );
    let l = parsed(layout(jigsaw, 4));
    assert_eq!(
        l["region"],
        serde_json::json!([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])
    );
    let killer = r#"{"cages":"3 r1c1 r1c2\n"}"#;
    let l = parsed(layout(killer, 4));
    assert_eq!(l["cages"], serde_json::json!([{"sum":3,"cells":[0,1]}]));
    let s = parsed(solve(&".".repeat(16), killer, 1e9));
    let answer = s["answer"].as_str().unwrap();
    let sum: u32 = answer[..2].chars().map(|c| c.to_digit(10).unwrap()).sum();
    assert_eq!(sum, 3);
    let w = parsed(layout(r#"{"windoku":true}"#, 9));
    assert_eq!(w["windows"][10], 0);
    assert_eq!(w["windows"][0], -1);
    assert_eq!(parsed(solve(PUZZLE, "{\"y\":1}", 1e9))["status"], "error");
}

#[test]
fn the_cover_box_refuses_a_line_the_cli_refuses() {
    let long = format!("{}\na\n", "ab ".repeat(6_000_000));
    let r = parsed(cover(&long, 1.0, 1, 1e9));
    assert_eq!(r["message"], "line 1: line too long (over 16777216 bytes)");
    assert_eq!(parsed(cover_memo(&long, 1e9))["status"], "error");
    // Under the cap, the line is read, and its fault named, as the CLI names it.
    let repeated = format!("{}\na\n", "a ".repeat(650_000));
    let r = parsed(cover(&repeated, 1.0, 1, 1e9));
    assert_eq!(r["message"], "line 1: duplicate item name: \"a\"");
}
