//! Prints the passages stage 5 scores, as JSON lines, for the files named
//! on stdin (one path a line): what `scripts/fit-stage5.py` fits the model
//! on, cut into words by the same code the review uses.
//!
//!   find DIR -name '*.py' | cargo run --release -p review --example passages

use std::io::{BufRead, Write};
use std::path::Path;

use review::{histogram, parse, Lang};

fn main() -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for path in std::io::stdin().lock().lines() {
        let path = path?;
        let Some(lang) = Lang::from_path(Path::new(&path)) else {
            continue;
        };
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(parsed) = parse::parse_lenient(lang, &source) else {
            continue;
        };
        let walked = parsed.walked();
        let joined = parse::joined_literals(&walked);
        for passage in histogram::passages(&parse::segments(&walked, &joined)) {
            let line = serde_json::json!({
                "file": path,
                "kind": passage.kind,
                "line": passage.line,
                "words": passage.words,
            });
            writeln!(out, "{line}")?;
        }
    }
    out.flush()
}
