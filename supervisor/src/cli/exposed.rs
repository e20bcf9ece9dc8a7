//! What else a `jail run` program could run: every source file the jail
//! exposes besides the reviewed copy, in its working directory and the
//! binds the caller or the profile asked for (docs/review.md, "What runs
//! is what was reviewed"). `jail run` reviews each one and runs the
//! program only when every one is approved: an approved `main.py` must not
//! run an unreviewed `stage2.py` beside it.
//!
//! A source file is one the review reads (`.py`, `.js`, `.mjs`, `.cjs`,
//! `.ts`, `.mts`, `.cts`, `.sh`, `.bash`) or a script whose `#!` line names
//! python, node, sh or bash; a `#!` script for another interpreter cannot
//! be reviewed and refuses the run. Symlinks are not followed (their
//! target is reviewed where it is exposed), and entries the blocked
//! patterns mask in the jail are skipped.

use std::io::Read;
use std::path::{Path, PathBuf};

use policy::plan::{JailPlan, MountKind};
use policy::Profile;
use review::Lang;

/// Source files reviewed at most; more refuses the run.
pub const MAX_SOURCES: usize = 1_000;
/// Directory entries looked at at most; more refuses the run.
pub const MAX_ENTRIES: usize = 100_000;

/// Why the exposed files cannot all be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ExposedError {
    #[error(
        "the jail would expose more than {limit} {what} (below {root}); jail run reviews every \
         source file a program could run: bind less (profile key cwd = \"none\" and --ro only \
         what the program reads)"
    )]
    TooMany {
        limit: usize,
        what: &'static str,
        root: String,
    },
    #[error(
        "{path} is a script for `{interpreter}`, which jail run cannot review; move it out of \
         the directories the jail exposes, or bind less (profile key cwd = \"none\")"
    )]
    Unreviewable { path: String, interpreter: String },
    #[error("cannot read {path}: {reason}")]
    Read { path: String, reason: String },
}

/// The host paths of the binds in `plan` that the caller or the profile
/// asked for (not the system's, the helper, the CA bundle or the reviewed
/// code), each once.
fn exposed_roots(plan: &JailPlan, profile: &Profile, code_dest: &Path) -> Vec<PathBuf> {
    let system: Vec<&Path> = profile
        .system_ro
        .iter()
        .chain(profile.etc_ro.iter())
        .map(|p| p.0.as_path())
        .collect();
    let ours = [
        Path::new(policy::plan::HELPER_DIR),
        Path::new(policy::proxy::CA_BUNDLE_PATH),
        code_dest,
    ];
    let mut roots: Vec<PathBuf> = Vec::new();
    for mount in &plan.mounts {
        let MountKind::Bind { source, .. } = &mount.kind else {
            continue;
        };
        let dest = mount.dest.as_path();
        if system.contains(&dest) || ours.iter().any(|o| dest.starts_with(o)) {
            continue;
        }
        if !roots.contains(source) {
            roots.push(source.clone());
        }
    }
    roots
}

/// Every source file the jail exposes, with its language.
pub fn sources(
    plan: &JailPlan,
    profile: &Profile,
    code_dest: &Path,
) -> Result<Vec<(PathBuf, Lang)>, ExposedError> {
    let mut found = Vec::new();
    let mut entries = 0usize;
    for root in exposed_roots(plan, profile, code_dest) {
        let mut stack = vec![root.clone()];
        while let Some(path) = stack.pop() {
            entries += 1;
            if entries > MAX_ENTRIES {
                return Err(ExposedError::TooMany {
                    limit: MAX_ENTRIES,
                    what: "files and directories",
                    root: root.display().to_string(),
                });
            }
            if policy::mounts::blocked_component(&path, &profile.blocked_patterns).is_some() {
                continue;
            }
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                let read = std::fs::read_dir(&path).map_err(|err| ExposedError::Read {
                    path: path.display().to_string(),
                    reason: err.to_string(),
                })?;
                stack.extend(read.filter_map(|e| e.ok().map(|e| e.path())));
            } else if meta.is_file() {
                if let Some(lang) = language_of(&path)? {
                    found.push((path, lang));
                    if found.len() > MAX_SOURCES {
                        return Err(ExposedError::TooMany {
                            limit: MAX_SOURCES,
                            what: "source files",
                            root: root.display().to_string(),
                        });
                    }
                }
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(found)
}

/// The language of a source file: by its name, else by its `#!` line.
fn language_of(path: &Path) -> Result<Option<Lang>, ExposedError> {
    if let Some(lang) = Lang::from_path(path) {
        return Ok(Some(lang));
    }
    let mut head = [0u8; 128];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    let Some(line) = head[..n].strip_prefix(b"#!") else {
        return Ok(None);
    };
    let line = String::from_utf8_lossy(line);
    let line = line.lines().next().unwrap_or_default();
    // `#!/usr/bin/env python3 -u` or `#!/bin/bash -e`: the program's name.
    let mut words = line.split_whitespace();
    let mut program = words.next().unwrap_or_default();
    if program.ends_with("/env") {
        program = words.find(|w| !w.starts_with('-')).unwrap_or_default();
    }
    let name = program.rsplit('/').next().unwrap_or_default();
    let lang = if name.starts_with("python") {
        Lang::Python
    } else if name == "node" || name == "nodejs" {
        Lang::JavaScript
    } else if ["sh", "bash", "dash"].contains(&name) {
        Lang::Bash
    } else {
        return Err(ExposedError::Unreviewable {
            path: path.display().to_string(),
            interpreter: name.to_string(),
        });
    };
    Ok(Some(lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_is_known_by_its_name_or_its_first_line() {
        let dir = tempfile::tempdir().expect("dir");
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).expect("write");
            path
        };
        let lang = |path: &Path| language_of(path).expect("readable");
        assert_eq!(lang(&write("a.py", "")), Some(Lang::Python));
        assert_eq!(
            lang(&write("b", "#!/usr/bin/env python3 -u\n")),
            Some(Lang::Python)
        );
        assert_eq!(lang(&write("c", "#!/bin/sh -e\n")), Some(Lang::Bash));
        assert_eq!(
            lang(&write("d", "#!/usr/bin/node\n")),
            Some(Lang::JavaScript)
        );
        assert_eq!(lang(&write("e.txt", "data\n")), None);
        assert!(matches!(
            language_of(&write("f", "#!/usr/bin/perl\n")),
            Err(ExposedError::Unreviewable { .. })
        ));
    }
}
