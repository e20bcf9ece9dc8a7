//! Times each stage of the review in one process, warm: per file, the
//! median of RUNS runs (default 30) after one untimed run, in microseconds
//! per 1,000 lines. `scripts/bench-review.sh` prints it beside the figures
//! of fresh processes, which also pay each process's start: building the
//! catalogs' automata, compiling regexes, faulting in the grammars.
//!
//!   cargo run --release -p review --example stage_times -- FILE...

use std::path::Path;

use review::pipeline;
use review::reviewer::{BuiltinReviewer, Reviewer};
use review::Lang;

fn main() -> std::io::Result<()> {
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let mut profile = policy::Profile::default();
    profile.review.cache = false;
    let reviewers: Vec<Box<dyn Reviewer>> = vec![Box::new(BuiltinReviewer::new())];
    for path in std::env::args().skip(1) {
        let Some(lang) = Lang::from_path(Path::new(&path)) else {
            eprintln!("{path}: not a language the review reads; skipped");
            continue;
        };
        let source = std::fs::read_to_string(&path)?;
        let lines = source.lines().count().max(1) as f64;
        let mut per_stage: Vec<(String, Vec<u64>)> = Vec::new();
        for run in 0..=runs {
            let report = pipeline::review(&source, lang, &profile, None, &reviewers, false);
            if run == 0 {
                continue;
            }
            for stage in report.stages {
                match per_stage.iter_mut().find(|(name, _)| *name == stage.name) {
                    Some((_, times)) => times.push(stage.micros),
                    None => per_stage.push((stage.name.to_string(), vec![stage.micros])),
                }
            }
        }
        let mut static_stages = 0.0;
        let mut row = String::new();
        for (name, mut times) in per_stage {
            times.sort_unstable();
            let median = times.get(times.len() / 2).copied().unwrap_or_default();
            let per_thousand = median as f64 * 1000.0 / lines;
            if name != "review" {
                static_stages += per_thousand;
            }
            row.push_str(&format!(" {name} {per_thousand:.0}"));
        }
        println!("{path}: {lines} lines:{row}; 1-5+san {static_stages:.0} us per 1,000 lines");
    }
    Ok(())
}
