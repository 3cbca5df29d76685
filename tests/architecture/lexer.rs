//! Blanking of Rust source for the architecture checks: comments and the insides of string
//! and character literals become spaces (line breaks kept, so line numbers hold), and
//! `#[cfg(test)] mod` blocks can be blanked the same way.

/// `text` with comments and literal contents replaced by spaces; lines are kept.
pub fn blank(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = chars.clone();
    let mut i = 0;
    let wipe = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to.min(chars.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            let end = (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len());
            wipe(&mut out, i, end);
            i = end;
        } else if c == '/' && next == Some('*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < chars.len() && depth > 0 {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 1;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 1;
                }
                j += 1;
            }
            wipe(&mut out, i, j);
            i = j;
        } else if let Some(end) = raw_string_end(&chars, i) {
            wipe(&mut out, i + 1, end - 1);
            i = end;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            wipe(&mut out, i + 1, j);
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime ('a), left alone.
            if next == Some('\\') {
                let end = (i + 3..chars.len())
                    .find(|&j| chars[j] == '\'')
                    .unwrap_or(chars.len());
                wipe(&mut out, i + 1, end);
                i = end + 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                wipe(&mut out, i + 1, i + 2);
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

/// The index just past the raw string (`r"`, `r#"`, `br"`...) starting at `i`, if one
/// starts there (not inside an identifier).
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    if i > 0 && is_ident_char(chars[i - 1]) {
        return None;
    }
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|&&c| c == '#').count();
    j += hashes;
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"'
            && chars[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

pub fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The index of the brace closing the one opened at `open` (or the text's end).
pub fn matching_brace(code: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    for (j, &b) in code.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// Blanked code with every `#[cfg(test)]`-gated inline `mod NAME { ... }` blanked too.
pub struct Stripped {
    pub code: String,
    /// The names of `#[cfg(test)] mod NAME;` declarations (test files of their own).
    pub test_files: Vec<String>,
    /// How many lines the blanked test modules spanned.
    pub test_lines: usize,
}

/// Blanks the `#[cfg(test)]` inline modules of blanked `code`.
pub fn strip_test_modules(code: &str) -> Stripped {
    let mut test_lines = 0;
    let mut bytes = code.as_bytes().to_vec();
    let mut test_files = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]").map(|p| p + from) {
        from = at + 1;
        let mut rest = at + "#[cfg(test)]".len();
        // Skip whitespace and further attributes.
        loop {
            let trimmed = code[rest..].trim_start();
            rest = code.len() - trimmed.len();
            if trimmed.starts_with("#[") {
                rest += trimmed.find(']').map_or(trimmed.len(), |p| p + 1);
            } else {
                break;
            }
        }
        let tail = &code[rest..];
        let Some(after_mod) = tail
            .strip_prefix("mod ")
            .or_else(|| tail.strip_prefix("pub mod "))
        else {
            continue;
        };
        let name: String = after_mod
            .chars()
            .take_while(|&c| is_ident_char(c))
            .collect();
        let after_name = after_mod[name.len()..].trim_start();
        if after_name.starts_with(';') {
            test_files.push(name);
        } else if after_name.starts_with('{') {
            let open = code.len() - after_name.len();
            let close = matching_brace(code.as_bytes(), open);
            test_lines += code[at..close.min(code.len())].matches('\n').count() + 1;
            for b in &mut bytes[at..(close + 1).min(code.len())] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
        }
    }
    let code = String::from_utf8(bytes).expect("blanking keeps UTF-8");
    Stripped {
        code,
        test_files,
        test_lines,
    }
}
