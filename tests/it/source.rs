//! Checks over the project's own source text: what a reader of the code is
//! told, not what the code does.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted, leaving out the folder `skip`.
fn rust_files(dir: &Path, skip: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path == skip {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, skip, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The comments of a source file, each run of consecutive comment lines
/// joined into one lower-cased text, with the line it starts on (from 1).
fn comments(text: &str) -> Vec<(usize, String)> {
    let mut found: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let comment = line.find("//").map(|at| &line[at..]);
        match comment {
            Some(comment) => {
                let words = comment.trim_start_matches(['/', '!']).to_lowercase();
                match found.last_mut() {
                    Some((_, run)) if open => {
                        run.push(' ');
                        run.push_str(words.trim());
                    }
                    _ => found.push((i + 1, words.trim().to_string())),
                }
                open = line.trim_start().starts_with("//");
            }
            None => open = false,
        }
    }
    found
}

/// Whether a comment justifies the code beside it by the shipped module's
/// bytes: it names the module (or the download) and its size or code.
fn justifies_by_bytes(comment: &str) -> bool {
    const MODULE: [&str; 4] = [
        "wasm module",
        "wasm modules",
        "browser's module",
        "download",
    ];
    const SIZE: [&str; 8] = [
        "size",
        "byte",
        "smaller",
        "from_iter",
        "costs",
        "code in",
        "of their code",
        " kb",
    ];
    MODULE.iter().any(|m| comment.contains(m)) && SIZE.iter().any(|s| comment.contains(s))
}

/// Issue 23: readable over small. Code outside the wasm boundary is written
/// as it reads best, and no comment there defends a loop or a contortion by
/// what it saves in the browser's module (the budgets are measured in
/// `tools/budget.mjs`, not argued line by line).
#[test]
fn no_comment_outside_the_wasm_boundary_justifies_code_by_bytes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &root.join("src/wasm"), &mut files);
    rust_files(&root.join("tests"), &root.join("tests/e2e"), &mut files);
    // This file quotes the comments it looks for.
    files.retain(|file| !file.ends_with("tests/it/source.rs"));
    assert!(files.len() > 100, "only {} source files found", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a source file");
        for (line, comment) in comments(&text) {
            if justifies_by_bytes(&comment) {
                let name = file.strip_prefix(root).unwrap_or(file).display();
                found.push(format!("{name}:{line}: {comment}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "comments that justify code by the module's bytes:\n{}",
        found.join("\n")
    );
}

/// The scan itself: it finds the comments issue 23 removed, and passes over
/// the ones that say why a part is left out of the browser's build.
#[test]
fn the_scan_tells_a_byte_justification_from_a_reason() {
    let caught = [
        "    // A loop, not `map(..).collect()`, for the wasm module's size.\n",
        "    // Loops rather than three `map(..).collect()`s: each collect is a\n    // `from_iter` of its own in the wasm module.\n",
        "/// sorts, and a fraction of their code in the browser's module.\n",
        "    // generic primitives in `count`: this scorer ships in the browser's\n    // first download, where every byte counts.\n",
    ];
    for text in caught {
        let found = comments(text);
        assert!(
            found.iter().any(|(_, c)| justifies_by_bytes(c)),
            "missed: {text}"
        );
    }
    let passed = [
        "// Expert v1's endgame table: a yardstick of the command line's matches, left\n// out of the browser's module, which never plays Expert v1.\n",
        "let size = 4; // the grid's side\n",
        "// The wasm module's exports are listed in engine.js.\n",
    ];
    for text in passed {
        let found = comments(text);
        assert!(
            !found.iter().any(|(_, c)| justifies_by_bytes(c)),
            "flagged: {text}"
        );
    }
}

/// Every file of `tests/it/` is a module of the one test binary: a file
/// left out of `main.rs` would be neither compiled nor run, and nothing else
/// would say so.
#[test]
fn every_test_file_is_a_module_of_the_test_binary() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it");
    let main = fs::read_to_string(dir.join("main.rs")).expect("tests/it/main.rs");
    let mut declared: Vec<String> = main
        .lines()
        .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect();
    declared.sort();
    let mut files: Vec<String> = fs::read_dir(&dir)
        .expect("tests/it")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_string()))
        .filter(|stem| stem != "main")
        .collect();
    files.sort();
    assert!(files.len() >= 30, "only {} test files found", files.len());
    assert_eq!(
        declared, files,
        "tests/it/main.rs declares a `mod` for each file"
    );
}
