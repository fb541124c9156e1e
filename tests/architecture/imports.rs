//! The files of each crate form a tree of imports: no two files import each other, unless one is
//! the other's own parent module. Read from the source: the module tree from `mod` declarations
//! (with `#[path]`), and every `crate::`, `super::` and `self::` path, in `use` trees and in code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside its crate (`["play", "driver"]`), and the file that holds it.
type Modules = BTreeMap<Vec<String>, PathBuf>;

/// Every file module of the crate rooted at `root` (its lib.rs or main.rs).
pub fn modules(root: &Path) -> Modules {
    let mut found = Modules::new();
    walk(root, Vec::new(), true, &mut found);
    found
}

fn walk(file: &Path, path: Vec<String>, owns_dir: bool, found: &mut Modules) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let here = file.parent().unwrap();
    // A mod.rs, lib.rs or main.rs owns its folder; `x.rs` puts its children in `x/`.
    let children_dir = if owns_dir {
        here.to_path_buf()
    } else {
        here.join(file.file_stem().unwrap())
    };
    let mut attr_path = None;
    for line in text.lines().map(str::trim) {
        if let Some(p) = line
            .strip_prefix("#[path = \"")
            .and_then(|r| r.strip_suffix("\"]"))
        {
            attr_path = Some(p.to_string());
            continue;
        }
        if let Some(name) = declared_module(line) {
            let mut child = path.clone();
            child.push(name.to_string());
            let (file, owns) = match attr_path.take() {
                Some(p) => (here.join(p), false),
                None if children_dir.join(format!("{name}.rs")).exists() => {
                    (children_dir.join(format!("{name}.rs")), false)
                }
                None => (children_dir.join(name).join("mod.rs"), true),
            };
            if file.exists() {
                walk(&file, child, owns, found);
            }
        } else if !line.starts_with("#[") {
            attr_path = None;
        }
    }
    found.insert(path, file.to_path_buf());
}

/// `name` of a `mod name;` line (any visibility), `None` for anything else.
fn declared_module(line: &str) -> Option<&str> {
    let rest = line.strip_suffix(';')?;
    let rest = rest.rsplit_once("mod ")?;
    let before = rest.0.trim();
    let ok = before.is_empty() || before.starts_with("pub");
    let name = rest.1.trim();
    (ok && !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .then_some(name)
}

/// The code of `text` without comments, string and char literals (their contents cannot import).
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let next = |k: usize| chars.get(i + k).copied();
        match chars[i] {
            '/' if next(1) == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next(1) == Some('*') => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            'r' if matches!(next(1), Some('#' | '"')) && !ident_before(&chars, i) => {
                let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
                let close: String = std::iter::once('"')
                    .chain("#".repeat(hashes).chars())
                    .collect();
                let body: String = chars[i + 2 + hashes..].iter().collect();
                i += 2
                    + hashes
                    + body
                        .find(&close)
                        .map_or(body.len(), |k| body[..k].chars().count());
                i += close.len();
                out.push_str("\"\"");
                continue;
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                out.push_str("\"\"");
            }
            '\'' if next(1) == Some('\\') => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                out.push_str("' '");
            }
            '\'' if next(2) == Some('\'') => {
                i += 2;
                out.push_str("' '");
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The byte ranges of `code` inside inline `mod name { … }` blocks (where `super` is the file's
/// own module).
fn inline_modules(code: &str) -> Vec<std::ops::Range<usize>> {
    let (mut open, mut ranges) = (Vec::new(), Vec::new());
    for (i, c) in code.char_indices() {
        match c {
            '{' => {
                let before = code[..i].trim_end();
                let name_start = before
                    .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .map_or(0, |k| k + 1);
                open.push((i, before[..name_start].trim_end().ends_with("mod")));
            }
            '}' => {
                if let Some((start, true)) = open.pop() {
                    ranges.push(start..i);
                }
            }
            _ => {}
        }
    }
    ranges
}

/// Every path named in `code` that could reach a module of this crate, with whether it stands
/// inside an inline module: paths in code that start with `crate`, `super` or `self`, and the
/// paths of `use` trees expanded (`use a::{b, c::d}` gives `a::b` and `a::c::d`).
fn paths_in(code: &str) -> Vec<(Vec<String>, bool)> {
    let inline = inline_modules(code);
    let inside = |at: usize| inline.iter().any(|r| r.contains(&at));
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(start) {
            if code[..i].ends_with(ident) || code[..i].ends_with("::") {
                continue;
            }
            let path = code[i..].split(|c: char| !(ident(c) || c == ':')).next();
            found.push((segments(path.unwrap_or("")), inside(i)));
        }
    }
    for (i, _) in code.match_indices("use ") {
        let before = code[..i].trim_end();
        let statement = before.is_empty()
            || before.ends_with([';', '{', '}', ']'])
            || before.ends_with("pub")
            || before.ends_with(')');
        if code[..i].ends_with(ident) || !statement {
            continue;
        }
        let Some(end) = code[i..].find(';') else {
            continue;
        };
        let mut paths = Vec::new();
        expand(&code[i + 4..i + end], &mut Vec::new(), &mut paths);
        found.extend(paths.into_iter().map(|p| (p, inside(i))));
    }
    found
}

/// `tree` (a use tree without `use` and `;`) under `prefix`, into `out`.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    match tree.find('{') {
        Some(open) => {
            let close = tree.rfind('}').unwrap_or(tree.len());
            let head = tree[..open].trim_end_matches("::");
            let pushed = segments(head);
            prefix.extend(pushed.iter().cloned());
            for item in split_top(&tree[open + 1..close]) {
                expand(item, prefix, out);
            }
            prefix.truncate(prefix.len() - pushed.len());
        }
        None => {
            let name = tree.split(" as ").next().unwrap_or(tree);
            let mut path = prefix.clone();
            path.extend(segments(name));
            if !path.is_empty() {
                out.push(path);
            }
        }
    }
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "*")
        .map(String::from)
        .collect()
}

/// `items` cut at the commas that are not inside braces.
fn split_top(items: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
    for (i, c) in items.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&items[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&items[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// The file module `path` (named from module `here`) lands in, if it is one of this crate's.
fn resolve(
    here: &[String],
    path: &[String],
    inline: bool,
    modules: &Modules,
) -> Option<Vec<String>> {
    let mut base: Vec<String> = here.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            // Inside an inline `mod tests { … }`, the first `super` is the file's own module.
            let mut first = inline;
            while rest.first().map(String::as_str) == Some("super") {
                if !first {
                    base.pop()?;
                }
                first = false;
                rest = &rest[1..];
            }
        }
        // A bare first segment is a child module declared here, or another crate or an item.
        Some(name) => {
            let mut child = here.to_vec();
            child.push(name.to_string());
            modules.get(&child)?;
        }
        None => return None,
    }
    let mut target = base;
    for seg in rest {
        target.push(seg.clone());
        if !modules.contains_key(&target) {
            target.pop();
            break;
        }
    }
    Some(target)
}

/// Every pair of files of the crate at `root` that import each other, where neither is the
/// other's parent module, as "a.rs <-> b.rs" lines.
pub fn mutual_imports(root: &Path) -> Vec<String> {
    let modules = modules(root);
    let mut edges: BTreeSet<(Vec<String>, Vec<String>)> = BTreeSet::new();
    for (module, file) in &modules {
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        for (path, inline) in paths_in(&code) {
            if let Some(target) = resolve(module, &path, inline, &modules) {
                if &target != module {
                    edges.insert((module.clone(), target));
                }
            }
        }
    }
    let parent_of = |a: &Vec<String>, b: &Vec<String>| b.len() == a.len() + 1 && b.starts_with(a);
    edges
        .iter()
        .filter(|(a, b)| a < b && edges.contains(&(b.clone(), a.clone())))
        .filter(|(a, b)| !parent_of(a, b) && !parent_of(b, a))
        .map(|(a, b)| format!("{} <-> {}", shown(&modules[a]), shown(&modules[b])))
        .collect()
}

/// `file` from the workspace's folder, as a reader would name it.
fn shown(file: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    file.strip_prefix(root)
        .unwrap_or(file)
        .display()
        .to_string()
}
