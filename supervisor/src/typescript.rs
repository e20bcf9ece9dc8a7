//! What `jail tsc` runs, found on the host the way tsc and Node find it:
//! the project is the nearest directory at or above the start holding a
//! `tsconfig.json` (tsc's own search); the compiler is the nearest
//! `node_modules/typescript` (else `node_modules/@typescript/native-preview`)
//! at or above the project (Node's module resolution), its entry script the
//! package's `bin`; a TypeScript 7 package (native, `tsgo`) also needs its
//! platform package, resolved from the package's real path as its launcher
//! does; and the workspace around the project (npm/yarn `workspaces`,
//! `pnpm-workspace.yaml`, else the enclosing git work tree) is what a
//! tsconfig `extends`, project references and hoisted packages reach into.
//!
//! Every path returned is a real path: `node_modules/.bin` entries and
//! pnpm's package links are symlinks, and binds through symlinks in
//! directories the caller can write are refused.

use std::path::{Path, PathBuf};

/// The compiler packages looked for, in order, with the `bin` entry to run.
const COMPILERS: [(&str, &str); 2] = [
    ("typescript", "tsc"),
    ("@typescript/native-preview", "tsgo"),
];

#[derive(Debug, thiserror::Error)]
pub enum TsError {
    #[error(
        "no tsconfig.json in {dir} or any directory above it; run from the project (or name \
         it: `jail tsc DIR`), or create one with `npx tsc --init`"
    )]
    NoProject { dir: String },
    #[error(
        "no TypeScript compiler in node_modules at {dir} or any directory above it; install the \
         project's (`npm install --save-dev typescript`) or name one with --tsc PATH"
    )]
    NoCompiler { dir: String },
    #[error("no TypeScript compiler at {path} (--tsc): {source}")]
    NoScript {
        path: String,
        source: std::io::Error,
    },
    #[error(
        "{package} is a native TypeScript compiler and runs the binary of {platform}, which \
         Node resolution does not find from it (npm skips optional dependencies with \
         --omit=optional or for another platform); reinstall with `npm install`"
    )]
    NoNative { package: String, platform: String },
    #[error("cannot read {path}: {source}")]
    Unreadable {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not a package.json jail tsc can read ({reason}); reinstall the package")]
    BadPackage { path: String, reason: String },
    #[error("no `node` on PATH; install Node.js or name it with --node PATH")]
    NoNode,
    #[error("cannot open the Node.js binary {path}: {source}")]
    BadNode {
        path: String,
        source: std::io::Error,
    },
}

/// A project: where its tsconfig.json is, and the workspace around it.
#[derive(Debug)]
pub struct Project {
    /// The directory holding tsconfig.json (real path): the jail's working
    /// directory, which diagnostics' file names are relative to.
    pub dir: PathBuf,
    /// The workspace root above `dir` and what marked it; `None` when the
    /// project is its own root or nothing marks one.
    pub workspace: Option<(PathBuf, &'static str)>,
}

/// The compiler: the script node runs, and the package directories it
/// runs from (its own, and a native compiler's platform package). A loose
/// script given with --tsc has no package.
#[derive(Debug)]
pub struct Compiler {
    pub script: PathBuf,
    pub packages: Vec<PathBuf>,
}

fn real(path: &Path) -> Result<PathBuf, TsError> {
    std::fs::canonicalize(path).map_err(|source| TsError::Unreadable {
        path: path.display().to_string(),
        source,
    })
}

/// The project at or above `start` (a real path), as tsc finds it.
pub fn find_project(start: &Path) -> Result<Project, TsError> {
    let dir = start
        .ancestors()
        .find(|dir| dir.join("tsconfig.json").is_file())
        .ok_or_else(|| TsError::NoProject {
            dir: start.display().to_string(),
        })?
        .to_path_buf();
    let workspace = workspace_root(&dir).filter(|(root, _)| *root != dir);
    Ok(Project { dir, workspace })
}

/// The nearest directory at or above `dir` marked as a workspace root by
/// npm/yarn (`workspaces` in package.json) or pnpm (`pnpm-workspace.yaml`);
/// else the enclosing git work tree. Never `/` or the home directory, which
/// would bind everything below them.
fn workspace_root(dir: &Path) -> Option<(PathBuf, &'static str)> {
    let has_workspaces = |dir: &Path| {
        std::fs::read_to_string(dir.join("package.json"))
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .is_some_and(|package| package.get("workspaces").is_some())
    };
    let marked = dir.ancestors().find_map(|dir| {
        if dir.join("pnpm-workspace.yaml").is_file() {
            Some((dir, "pnpm-workspace.yaml"))
        } else if has_workspaces(dir) {
            Some((dir, "`workspaces` in package.json"))
        } else {
            None
        }
    });
    let git = || {
        dir.ancestors()
            .find(|dir| dir.join(".git").exists())
            .map(|dir| (dir, "the git work tree"))
    };
    let home = std::env::var_os("HOME").map(PathBuf::from);
    marked
        .or_else(git)
        .filter(|(root, _)| root.parent().is_some() && home.as_deref() != Some(*root))
        .map(|(root, why)| (root.to_path_buf(), why))
}

/// The compiler Node resolution finds from `project`: the nearest
/// `node_modules/typescript`, else `@typescript/native-preview`.
pub fn find_compiler(project: &Path) -> Result<Compiler, TsError> {
    for (name, bin) in COMPILERS {
        let found = project
            .ancestors()
            .filter(|dir| dir.file_name() != Some("node_modules".as_ref()))
            .map(|dir| dir.join("node_modules").join(name))
            .find(|package| package.join("package.json").is_file());
        if let Some(package) = found {
            let package = real(&package)?;
            let script = real(&package.join(entry(&package, bin)?))?;
            return with_platform(script, package);
        }
    }
    Err(TsError::NoCompiler {
        dir: project.display().to_string(),
    })
}

/// The compiler named with --tsc: the script, and the package holding it
/// when it sits in one (`node_modules/NAME/...` or `node_modules/@S/NAME/...`).
pub fn given_compiler(path: &Path) -> Result<Compiler, TsError> {
    let script = std::fs::canonicalize(path).map_err(|source| TsError::NoScript {
        path: path.display().to_string(),
        source,
    })?;
    let in_node_modules = |dir: &Path| {
        let parent = dir.parent();
        let scope = parent.filter(|p| {
            p.file_name()
                .is_some_and(|n| n.as_encoded_bytes().starts_with(b"@"))
        });
        [parent, scope.and_then(Path::parent)]
            .into_iter()
            .flatten()
            .any(|p| p.file_name() == Some("node_modules".as_ref()))
    };
    let package = script
        .ancestors()
        .skip(1)
        .find(|dir| dir.join("package.json").is_file() && in_node_modules(dir));
    match package {
        Some(package) => with_platform(script.clone(), package.to_path_buf()),
        None => Ok(Compiler {
            script,
            packages: Vec::new(),
        }),
    }
}

/// The `bin` entry named `bin` of the package at `package`.
fn entry(package: &Path, bin: &str) -> Result<String, TsError> {
    let manifest = manifest(package)?;
    let path = || package.join("package.json").display().to_string();
    match manifest.get("bin") {
        Some(serde_json::Value::String(only)) => Ok(only.clone()),
        Some(serde_json::Value::Object(bins)) => bins
            .get(bin)
            .and_then(serde_json::Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| TsError::BadPackage {
                path: path(),
                reason: format!("no `bin.{bin}`"),
            }),
        _ => Err(TsError::BadPackage {
            path: path(),
            reason: "no `bin`".into(),
        }),
    }
}

fn manifest(package: &Path) -> Result<serde_json::Value, TsError> {
    let path = package.join("package.json");
    let text = std::fs::read_to_string(&path).map_err(|source| TsError::Unreadable {
        path: path.display().to_string(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| TsError::BadPackage {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

/// `script` in `package`, with the platform package when it is a native
/// compiler: one that lists `@typescript/<name>-<os>-<arch>` packages as
/// optional dependencies and loads the one for this machine by Node
/// resolution from its own real path.
fn with_platform(script: PathBuf, package: PathBuf) -> Result<Compiler, TsError> {
    let manifest = manifest(&package)?;
    let name = manifest
        .get("name")
        .and_then(serde_json::Value::as_str)
        .unwrap_or_default();
    let base = name.rsplit('/').next().unwrap_or(name);
    let prefix = format!("@typescript/{base}-");
    let native = manifest
        .get("optionalDependencies")
        .and_then(serde_json::Value::as_object)
        .is_some_and(|deps| deps.keys().any(|dep| dep.starts_with(&prefix)));
    let mut packages = vec![package];
    if native {
        let arch = match std::env::consts::ARCH {
            "x86_64" => "x64",
            "aarch64" => "arm64",
            other => other,
        };
        let platform = format!("{prefix}{}-{arch}", std::env::consts::OS);
        let found = packages[0]
            .ancestors()
            .filter(|dir| dir.file_name() != Some("node_modules".as_ref()))
            .map(|dir| dir.join("node_modules").join(&platform))
            .find(|dir| dir.join("package.json").is_file());
        match found {
            Some(dir) => packages.push(real(&dir)?),
            None => {
                return Err(TsError::NoNative {
                    package: packages[0].display().to_string(),
                    platform,
                })
            }
        }
    }
    Ok(Compiler { script, packages })
}

/// `node`: the given path or the first on PATH, resolved to its real path.
pub fn node_binary(given: Option<&Path>) -> Result<PathBuf, TsError> {
    let found = match given {
        Some(path) => Some(path.to_path_buf()),
        None => std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("node"))
                .find(|candidate| candidate.is_file())
        }),
    };
    let path = found.ok_or(TsError::NoNode)?;
    std::fs::canonicalize(&path).map_err(|source| TsError::BadNode {
        path: path.display().to_string(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, name: &str, text: &str) {
        let path = root.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn the_project_is_the_nearest_tsconfig_above_and_the_workspace_its_marked_root() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        write(&root, "package.json", r#"{"workspaces": ["packages/*"]}"#);
        write(&root, "packages/app/tsconfig.json", "{}");
        write(&root, "packages/app/src/deep/a.ts", "");
        let project = find_project(&root.join("packages/app/src/deep")).unwrap();
        assert_eq!(project.dir, root.join("packages/app"));
        let (workspace, why) = project.workspace.unwrap();
        assert_eq!(workspace, root);
        assert!(why.contains("workspaces"), "{why}");
        // The root itself is its own workspace: nothing more to bind.
        write(&root, "tsconfig.json", "{}");
        assert!(find_project(&root).unwrap().workspace.is_none());
    }

    #[test]
    fn the_compiler_is_found_up_the_tree_and_a_native_one_needs_its_platform_package() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        write(&root, "app/tsconfig.json", "{}");
        let err = find_compiler(&root.join("app")).unwrap_err();
        assert!(
            err.to_string()
                .contains("npm install --save-dev typescript"),
            "{err}"
        );

        let native = "node_modules/@typescript/native-preview";
        write(
            &root,
            &format!("{native}/package.json"),
            r#"{"name": "@typescript/native-preview", "bin": {"tsgo": "./bin/tsgo"},
                "optionalDependencies": {"@typescript/native-preview-linux-x64": "1",
                                         "@typescript/native-preview-linux-arm64": "1"}}"#,
        );
        write(&root, &format!("{native}/bin/tsgo"), "");
        let err = find_compiler(&root.join("app")).unwrap_err();
        assert!(matches!(err, TsError::NoNative { .. }), "{err}");
        let arch = if cfg!(target_arch = "aarch64") {
            "arm64"
        } else {
            "x64"
        };
        let platform = format!("node_modules/@typescript/native-preview-linux-{arch}");
        write(&root, &format!("{platform}/package.json"), "{}");
        let compiler = find_compiler(&root.join("app")).unwrap();
        assert_eq!(compiler.script, root.join(native).join("bin/tsgo"));
        assert_eq!(
            compiler.packages,
            vec![root.join(native), root.join(&platform)]
        );
        // The same package named by its script.
        let given = given_compiler(&root.join(native).join("bin/tsgo")).unwrap();
        assert_eq!(given.packages, compiler.packages);

        // `typescript` wins over the native preview.
        write(
            &root,
            "node_modules/typescript/package.json",
            r#"{"name": "typescript", "bin": {"tsc": "./bin/tsc", "tsserver": "./bin/tsserver"}}"#,
        );
        write(&root, "node_modules/typescript/bin/tsc", "");
        let compiler = find_compiler(&root.join("app")).unwrap();
        assert_eq!(
            compiler.script,
            root.join("node_modules/typescript/bin/tsc")
        );
        assert_eq!(
            compiler.packages,
            vec![root.join("node_modules/typescript")]
        );

        // A loose script is no package.
        write(&root, "tools/tsc.js", "");
        assert!(given_compiler(&root.join("tools/tsc.js"))
            .unwrap()
            .packages
            .is_empty());
    }
}
