//! The six-stage review of agent-written code (ARCHITECTURE.md, "The
//! six-stage review"): hash cache, imports, parse, injection scan,
//! histograms, sanitize + review. The reviewer judges the code's shape,
//! never its data: strings, comments and docstrings never reach it.

pub mod histogram;
mod needs;
pub mod parse;
pub mod pipeline;
mod prefilter;
pub mod reviewer;
pub mod sanitize;
pub mod scan;

use std::path::Path;

use serde::{Deserialize, Serialize};

/// The languages the pipeline parses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Python,
    JavaScript,
    TypeScript,
    Bash,
}

impl Lang {
    /// From a file name's extension (`.py`, `.js`/`.mjs`/`.cjs`, `.ts`/`.mts`/`.cts`, `.sh`/`.bash`).
    pub fn from_path(path: &Path) -> Option<Lang> {
        let ext = path.extension()?.to_str()?;
        Some(match ext {
            "py" => Lang::Python,
            "js" | "mjs" | "cjs" => Lang::JavaScript,
            "ts" | "mts" | "cts" => Lang::TypeScript,
            "sh" | "bash" => Lang::Bash,
            _ => return None,
        })
    }

    /// From `--lang NAME`.
    pub fn from_name(name: &str) -> Option<Lang> {
        Some(match name.to_ascii_lowercase().as_str() {
            "python" | "py" => Lang::Python,
            "javascript" | "js" => Lang::JavaScript,
            "typescript" | "ts" => Lang::TypeScript,
            "bash" | "sh" => Lang::Bash,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Lang::Python => "python",
            Lang::JavaScript => "javascript",
            Lang::TypeScript => "typescript",
            Lang::Bash => "bash",
        }
    }
}
