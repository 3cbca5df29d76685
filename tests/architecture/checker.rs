//! The architecture checker: reads one crate's sources as text, builds the graph of files
//! (an edge A → B when A uses an item that B defines, re-exports followed to the defining
//! file) and reports import circles, arrows back up to a folder's root file, and files or
//! functions over the size limits.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::lexer::{Stripped, blank, matching_brace, strip_test_modules};

/// The most lines a source file may have outside test code.
pub const MAX_FILE_LINES: usize = 800;
/// The most lines a function may have, from its `fn` line to its closing brace.
pub const MAX_FN_LINES: usize = 100;
/// The marker that excuses a long file or function, followed by the reason.
pub const MARKER: &str = "Long on purpose:";

/// One crate's files, as paths relative to its `src` folder and their text.
pub struct CrateSources {
    pub files: Vec<(String, String)>,
}

/// What the checks found; empty lists mean the crate passes.
#[derive(Debug, Default)]
pub struct Report {
    /// Each import circle: its files and the edges between them (`a.rs -> b.rs (Item)`).
    pub cycles: Vec<String>,
    /// `child.rs uses Item defined in mod.rs above it`.
    pub back_up: Vec<String>,
    pub long_files: Vec<String>,
    pub long_fns: Vec<String>,
}

impl Report {
    pub fn is_empty(&self) -> bool {
        self.cycles.is_empty()
            && self.back_up.is_empty()
            && self.long_files.is_empty()
            && self.long_fns.is_empty()
    }

    /// Every offender, one a line, under its rule's heading.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (title, list) in [
            ("import circles", &self.cycles),
            (
                "arrows back up (items defined in a folder's root file)",
                &self.back_up,
            ),
            ("files over the line limit", &self.long_files),
            ("functions over the line limit", &self.long_fns),
        ] {
            if !list.is_empty() {
                out += &format!("{title}:\n");
                for line in list {
                    out += &format!("  {line}\n");
                }
            }
        }
        out
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok<'a> {
    Ident(&'a str),
    PathSep,
    Punct(u8),
}

struct File {
    rel: String,
    module: Vec<String>,
    items: BTreeSet<String>,
    reexports: HashMap<String, Vec<String>>,
    glob_reexports: Vec<Vec<String>>,
    /// Every use leaf (path, name it binds, line) with the module it is written in.
    uses: Vec<(Vec<String>, Vec<String>, String)>,
    /// Paths written in code (`crate::a::B`, `child::f`) with their module.
    paths: Vec<(Vec<String>, Vec<String>)>,
}

enum Target {
    Module(Vec<String>),
    Item(usize, String),
    Unknown,
}

/// Runs every check on one crate.
pub fn check(sources: &CrateSources) -> Report {
    let mut report = Report::default();
    let mut files = Vec::new();
    let mut test_files = BTreeSet::new();
    for (rel, text) in &sources.files {
        let stripped = strip_test_modules(&blank(text));
        let module = module_of(rel);
        for name in &stripped.test_files {
            let mut m = module.clone();
            m.push(name.clone());
            test_files.insert(m);
        }
        check_sizes(rel, text, &stripped, &mut report);
        files.push(parse(rel, module, &stripped.code));
    }
    files.retain(|f| !test_files.contains(&f.module) && !f.rel.ends_with("tests.rs"));
    let graph = Graph::new(files);
    let edges = graph.edges();
    report.cycles = cycles(&graph, &edges);
    report.back_up = back_up(&graph, &edges);
    report
}

/// The module path of a file: `lib.rs` is the root, `a/mod.rs` and `a.rs` are `a`.
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn tokens(code: &str) -> Vec<(Tok<'_>, usize)> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80 {
            let start = i;
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] >= 0x80)
            {
                i += 1;
            }
            out.push((Tok::Ident(&code[start..i]), start));
        } else if b == b':' && bytes.get(i + 1) == Some(&b':') {
            out.push((Tok::PathSep, i));
            i += 2;
        } else {
            if !b.is_ascii_whitespace() {
                out.push((Tok::Punct(b), i));
            }
            i += 1;
        }
    }
    out
}

const DEFINING: [&str; 9] = [
    "fn", "struct", "enum", "trait", "type", "union", "mod", "const", "static",
];

/// Items, re-exports, uses and code paths of one file's test-free, blanked code.
fn parse(rel: &str, module: Vec<String>, code: &str) -> File {
    let toks = tokens(code);
    let mut file = File {
        rel: rel.to_string(),
        module: module.clone(),
        items: BTreeSet::new(),
        reexports: HashMap::new(),
        glob_reexports: Vec::new(),
        uses: Vec::new(),
        paths: Vec::new(),
    };
    let mut depth = 0usize;
    // Inline modules open at a depth: their names extend the module path inside them.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let here = || {
            let mut m = module.clone();
            m.extend(inline.iter().map(|(n, _)| n.clone()));
            m
        };
        let at_module_level = depth == inline.len();
        match toks[i].0 {
            Tok::Punct(b'{') => depth += 1,
            Tok::Punct(b'}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|&(_, d)| d > depth) {
                    inline.pop();
                }
            }
            Tok::Ident("use") => {
                let end = (i..toks.len())
                    .find(|&j| toks[j].0 == Tok::Punct(b';'))
                    .unwrap_or(toks.len());
                let public = i > 0 && is_visibility(&toks[..i]);
                let mut leaves = Vec::new();
                use_tree(&toks[i + 1..end], Vec::new(), &mut leaves);
                for (path, alias) in leaves {
                    if public && at_module_level && inline.is_empty() {
                        if alias == "*" {
                            file.glob_reexports.push(path.clone());
                        } else {
                            file.reexports.insert(alias.clone(), path.clone());
                        }
                    }
                    file.uses.push((here(), path, alias));
                }
                i = end;
                continue;
            }
            Tok::Ident("macro_rules") if at_module_level => {
                if let Some((Tok::Ident(name), _)) = toks.get(i + 2) {
                    file.items.insert(name.to_string());
                }
            }
            Tok::Ident(kw) if at_module_level && DEFINING.contains(&kw) => {
                let mut j = i + 1;
                while matches!(
                    toks.get(j),
                    Some((Tok::Ident("mut" | "unsafe" | "fn" | "extern"), _))
                ) && kw != "fn"
                {
                    j += 1;
                }
                if let Some((Tok::Ident(name), _)) = toks.get(j) {
                    if *name != "_" && !(kw == "const" && toks[j - 1].0 == Tok::Ident("fn")) {
                        file.items.insert(name.to_string());
                    }
                    if kw == "mod" && toks.get(j + 1).map(|t| t.0) == Some(Tok::Punct(b'{')) {
                        inline.push((name.to_string(), depth + 1));
                    }
                }
            }
            Tok::Ident(first) if i == 0 || toks[i - 1].0 != Tok::PathSep => {
                let mut path = vec![first.to_string()];
                let mut j = i + 1;
                while let (Some((Tok::PathSep, _)), Some((Tok::Ident(next), _))) =
                    (toks.get(j), toks.get(j + 1))
                {
                    path.push(next.to_string());
                    j += 2;
                }
                if path.len() > 1 {
                    file.paths.push((here(), path));
                }
            }
            _ => {}
        }
        i += 1;
    }
    file
}

/// Whether the tokens before a `use` end in a visibility (`pub`, `pub(crate)`, ...).
fn is_visibility(before: &[(Tok<'_>, usize)]) -> bool {
    match before.last().map(|t| t.0) {
        Some(Tok::Ident("pub")) => true,
        Some(Tok::Punct(b')')) => {
            let open = before.iter().rposition(|t| t.0 == Tok::Punct(b'('));
            open.is_some_and(|o| o > 0 && before[o - 1].0 == Tok::Ident("pub"))
        }
        _ => false,
    }
}

/// Flattens a use tree into (path, the name it binds) leaves; `*` binds "*".
fn use_tree(toks: &[(Tok<'_>, usize)], prefix: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    let mut path = prefix;
    let mut i = 0;
    while i < toks.len() {
        match toks[i].0 {
            Tok::Ident("as") => {
                if let Some((Tok::Ident(alias), _)) = toks.get(i + 1) {
                    out.push((path.clone(), alias.to_string()));
                }
                return;
            }
            Tok::Ident("self") if !path.is_empty() => {
                let name = path.last().cloned().unwrap_or_default();
                out.push((path.clone(), name));
                return;
            }
            Tok::Ident(seg) => path.push(seg.to_string()),
            Tok::Punct(b'*') => {
                out.push((path.clone(), "*".into()));
                return;
            }
            Tok::Punct(b'{') => {
                let close = toks.len() - 1;
                let mut start = i + 1;
                let mut depth = 0;
                for j in i + 1..close.max(i + 1) {
                    match toks[j].0 {
                        Tok::Punct(b'{') => depth += 1,
                        Tok::Punct(b'}') => depth -= 1,
                        Tok::Punct(b',') if depth == 0 => {
                            use_tree(&toks[start..j], path.clone(), out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                }
                use_tree(&toks[start..close], path.clone(), out);
                return;
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(last) = path.last() {
        out.push((path.clone(), last.clone()));
    }
}

struct Graph {
    files: Vec<File>,
    by_module: HashMap<Vec<String>, usize>,
}

impl Graph {
    fn new(files: Vec<File>) -> Self {
        let by_module = files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.module.clone(), i))
            .collect();
        Graph { files, by_module }
    }

    /// Resolves a path written in module `at` (`crate::`, `self::`, `super::` or a child
    /// module first; other first segments are external crates or local names).
    fn resolve(&self, at: &[String], path: &[String], hops: usize) -> Target {
        let Some(first) = path.first() else {
            return Target::Unknown;
        };
        let mut module = at.to_vec();
        let rest = match first.as_str() {
            "crate" => {
                module.clear();
                &path[1..]
            }
            "self" => &path[1..],
            "super" => {
                let supers = path.iter().take_while(|s| *s == "super").count();
                for _ in 0..supers {
                    module.pop();
                }
                &path[supers..]
            }
            _ => {
                let mut child = module.clone();
                child.push(first.clone());
                if !self.by_module.contains_key(&child) {
                    return Target::Unknown;
                }
                path
            }
        };
        self.walk(module, rest, hops)
    }

    fn walk(&self, module: Vec<String>, rest: &[String], hops: usize) -> Target {
        let Some((first, tail)) = rest.split_first() else {
            return Target::Module(module);
        };
        if hops > 16 {
            return Target::Unknown;
        }
        let mut child = module.clone();
        child.push(first.clone());
        if self.by_module.contains_key(&child) {
            return self.walk(child, tail, hops);
        }
        let Some(&f) = self.by_module.get(&module) else {
            return Target::Unknown;
        };
        let file = &self.files[f];
        if file.items.contains(first) {
            return Target::Item(f, first.clone());
        }
        let with_tail = |mut p: Vec<String>| {
            p.extend(tail.iter().cloned());
            p
        };
        if let Some(target) = file.reexports.get(first) {
            return self.resolve(&file.module, &with_tail(target.clone()), hops + 1);
        }
        for glob in &file.glob_reexports {
            let mut p = glob.clone();
            p.push(first.clone());
            if let t @ (Target::Item(..) | Target::Module(_)) =
                self.resolve(&file.module, &with_tail(p), hops + 1)
            {
                return t;
            }
        }
        Target::Unknown
    }

    /// Every edge between different files: (from, to) → the items used.
    fn edges(&self) -> BTreeMap<(usize, usize), BTreeSet<String>> {
        let mut edges: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for (from, file) in self.files.iter().enumerate() {
            let mut aliases: HashMap<&str, Vec<String>> = HashMap::new();
            let mut add = |to: usize, item: String| {
                if to != from {
                    edges.entry((from, to)).or_default().insert(item);
                }
            };
            for (at, path, alias) in &file.uses {
                match self.resolve(at, path, 0) {
                    Target::Item(to, item) => add(to, item),
                    Target::Module(m) if alias == "*" => {
                        if let Some(&to) = self.by_module.get(&m) {
                            add(to, "*".into());
                        }
                    }
                    Target::Module(m) => {
                        aliases.insert(alias, m);
                    }
                    Target::Unknown => {}
                }
            }
            for (at, path) in &file.paths {
                let target = match aliases.get(path[0].as_str()) {
                    Some(m) => self.walk(m.clone(), &path[1..], 0),
                    None => self.resolve(at, path, 0),
                };
                if let Target::Item(to, item) = target {
                    add(to, item);
                }
            }
        }
        edges
    }
}

/// The strongly connected components of more than one file (Tarjan), each with its edges.
fn cycles(graph: &Graph, edges: &BTreeMap<(usize, usize), BTreeSet<String>>) -> Vec<String> {
    let n = graph.files.len();
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in edges.keys() {
        next[a].push(b);
    }
    let mut tarjan = Tarjan {
        next: &next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        components: Vec::new(),
    };
    for v in 0..n {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    let mut out = Vec::new();
    for component in tarjan.components.into_iter().filter(|c| c.len() > 1) {
        let set: BTreeSet<usize> = component.into_iter().collect();
        let names: Vec<&str> = set.iter().map(|&f| graph.files[f].rel.as_str()).collect();
        let mut line = names.join(" <-> ");
        for ((a, b), items) in edges
            .iter()
            .filter(|((a, b), _)| set.contains(a) && set.contains(b))
        {
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            line += &format!(
                "\n      {} -> {} ({})",
                graph.files[*a].rel,
                graph.files[*b].rel,
                items.join(", ")
            );
        }
        out.push(line);
    }
    out
}

struct Tarjan<'a> {
    next: &'a [Vec<usize>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    counter: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.counter);
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &self.next[v] {
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

/// The folder a root file (`lib.rs`, `main.rs`, `mod.rs`, or `a.rs` beside a folder `a/`)
/// heads, or `None` for a leaf file.
fn folder_of(rel: &str, all: &[&str]) -> Option<String> {
    let (dir, name) = rel.rsplit_once('/').map_or(("", rel), |(d, n)| (d, n));
    if matches!(name, "lib.rs" | "main.rs" | "mod.rs") {
        return Some(if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        });
    }
    let folder = format!("{}/", rel.trim_end_matches(".rs"));
    all.iter().any(|f| f.starts_with(&folder)).then_some(folder)
}

fn back_up(graph: &Graph, edges: &BTreeMap<(usize, usize), BTreeSet<String>>) -> Vec<String> {
    let all: Vec<&str> = graph.files.iter().map(|f| f.rel.as_str()).collect();
    let mut out = Vec::new();
    for ((a, b), items) in edges {
        let (from, to) = (&graph.files[*a].rel, &graph.files[*b].rel);
        if folder_of(to, &all).is_some_and(|folder| from.starts_with(&folder)) {
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            out.push(format!("{from} uses {} defined in {to}", items.join(", ")));
        }
    }
    out
}

/// Whether the comment/attribute lines right above line `line` (0-based) carry the marker.
fn marked_above(lines: &[&str], line: usize) -> bool {
    lines[..line]
        .iter()
        .rev()
        .take_while(|l| {
            let t = l.trim_start();
            t.starts_with("//") || t.starts_with("#[") || t.starts_with("#!")
        })
        .any(|l| has_marker(l))
}

fn has_marker(line: &str) -> bool {
    line.split_once(MARKER)
        .is_some_and(|(_, reason)| !reason.trim().is_empty())
}

/// The file and function size checks on one file (`code` is blanked, tests removed).
fn check_sizes(rel: &str, text: &str, stripped: &Stripped, report: &mut Report) {
    if rel.ends_with("tests.rs") {
        return;
    }
    let code = stripped.code.as_str();
    let lines: Vec<&str> = text.lines().collect();
    let line_of = |offset: usize| code[..offset].matches('\n').count();
    let counted = lines.len() - stripped.test_lines;
    let file_marked = lines
        .iter()
        .take_while(|l| l.trim_start().starts_with("//") || l.trim().is_empty())
        .any(|l| has_marker(l));
    if counted > MAX_FILE_LINES && !file_marked {
        report
            .long_files
            .push(format!("{rel}: {counted} lines outside tests"));
    }
    let toks = tokens(code);
    for (k, &(tok, at)) in toks.iter().enumerate() {
        let (Tok::Ident("fn"), Some((Tok::Ident(name), _))) = (tok, toks.get(k + 1)) else {
            continue;
        };
        let Some(&(open, open_at)) = toks[k..]
            .iter()
            .find(|t| matches!(t.0, Tok::Punct(b'{' | b';')))
        else {
            continue;
        };
        if open != Tok::Punct(b'{') {
            continue;
        }
        let close = matching_brace(code.as_bytes(), open_at).min(code.len().saturating_sub(1));
        let (first, last) = (line_of(at), line_of(close));
        let length = last - first + 1;
        if length > MAX_FN_LINES && !marked_above(&lines, first) {
            report
                .long_fns
                .push(format!("{rel}:{}: fn {name} is {length} lines", first + 1));
        }
    }
}
