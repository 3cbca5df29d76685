//! The small problems in Knuth's format with multiplicities and costs that the fuzz target
//! `knuth_multi` and the property test in `tests/arbitrary_input.rs` (included there by
//! path) build from bytes: always close to valid, so that the time goes to the bounds, the
//! costs and their searches rather than to syntax errors.

/// The item names the bytes choose from: five primary, two secondary.
const PRIMARY: [&str; 5] = ["a", "b", "c", "d", "e"];
const SECONDARY: [&str; 2] = ["x", "y"];
const COLORS: [&str; 2] = ["red", "blue"];

/// Writes the problem the bytes choose: the first bytes the bounds of each primary item
/// (some bare, some `hi|`, some `lo:hi|`, now and then one out of range or reversed), the
/// rest one option each (a mask of items, a color for each secondary, a cost or none).
pub fn problem(data: &[u8]) -> String {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next();
    let mut text = String::new();
    for name in PRIMARY {
        let b = next().unwrap_or(0);
        let lo = b & 3;
        let hi = (b >> 2) & 7;
        match b >> 5 {
            0 | 1 => text.push_str(name),
            2 => text.push_str(&format!("{hi}|{name}")),
            3 => text.push_str(&format!(":{hi}|{name}")),
            _ => text.push_str(&format!("{lo}:{hi}|{name}")),
        }
        text.push(' ');
    }
    text.push('|');
    for name in SECONDARY {
        text.push(' ');
        text.push_str(name);
    }
    text.push('\n');
    while let (Some(mask), Some(extra)) = (next(), next()) {
        let mut option = Vec::new();
        for (k, name) in PRIMARY.iter().enumerate() {
            if mask & (1 << k) != 0 {
                option.push(name.to_string());
            }
        }
        for (k, name) in SECONDARY.iter().enumerate() {
            if mask & (1 << (5 + k)) != 0 {
                match (extra >> k) & 3 {
                    0 => option.push(name.to_string()),
                    c => option.push(format!("{name}:{}", COLORS[(c & 1) as usize])),
                }
            }
        }
        if mask & 0x80 != 0 {
            option.push(format!("|{}", extra >> 3));
        }
        text.push_str(&option.join(" "));
        text.push('\n');
    }
    text
}
