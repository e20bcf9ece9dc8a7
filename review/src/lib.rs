//! The six-stage review of agent-written code (ARCHITECTURE.md, "The
//! six-stage review"). The reviewer judges the code's shape, never its
//! data: strings, comments and docstrings never reach it.
//!
//! [`pipeline::review`] runs the stages in this order; each may end the
//! review, and each sees only what is listed:
//!
//! 1. **hash cache** ([`pipeline`]): blake3 of the normalized source, the
//!    language and the whole profile, looked up through an
//!    [`ApprovalStore`](pipeline::ApprovalStore) the caller provides (the
//!    supervisor's state dir). Only an APPROVE is ever cached. Sees the
//!    source bytes and the profile.
//! 2. **import check** ([`parse::imports`]): `from x import *` and modules
//!    the policy forbids are REJECTED. Sees the import statements only.
//! 3. **tree-sitter parse** ([`parse`]): a syntax error is REWORK with its
//!    line and column. Sees the whole source.
//! 4. **injection scan** ([`scan`]): text aimed at a reviewer, as advisory
//!    flags (REJECTED on a critical one where the policy says so). Sees
//!    the raw source, strings and comments included.
//! 5. **histogram analysis** ([`histogram`]): how much the comments,
//!    strings and docstrings read like instructions; advisory scores. Sees
//!    those segments' words; only the kind and the score go on.
//! 6. **sanitize + review** ([`sanitize`], [`reviewer`]): strings become
//!    placeholders, comments go, identifiers are renamed; then the
//!    reviewers vote, each answer in a fixed schema. The reviewers see the
//!    sanitized code, stage 4's flags (line, rule, severity) and stage 5's
//!    kinds and scores, never a word of the payload's data.
//!
//! Outside the six stages, [`shell`] classifies shell command lines as
//! local, network or unknown for the bash gate (`jail exec --gate`), with
//! the Bash grammar of stage 3.
//!
//! The crate does no I/O of its own but reading the kernel's CSPRNG for a
//! fence nonce and what a configured reviewer needs (a program, an HTTP
//! API); the cache's storage is the caller's.
#![forbid(unsafe_code)]

pub mod histogram;
mod lookalikes;
mod needs;
pub mod parse;
pub mod payload;
pub mod pipeline;
mod precompiled;
mod prefilter;
#[cfg(test)]
mod quality_sets;
pub mod reviewer;
pub mod sanitize;
pub mod scan;
pub mod shell;

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
    /// How many languages there are, and each one's place among them: for
    /// tables kept per language.
    pub(crate) const COUNT: usize = 4;
    pub(crate) const fn index(self) -> usize {
        match self {
            Lang::Python => 0,
            Lang::JavaScript => 1,
            Lang::TypeScript => 2,
            Lang::Bash => 3,
        }
    }

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
