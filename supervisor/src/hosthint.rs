//! "command not found in the jail", when the caller's PATH finds the
//! command on the host (`~/.cargo/bin/cargo`, a pyenv shim): where it is,
//! and the `jail exec` flags that bind it.

use std::path::{Path, PathBuf};

use policy::JailPlan;

/// Fills the hint of a `NotFound` error whose command the caller's PATH
/// finds on the host; any other error passes unchanged.
pub fn add(err: jail::JailError, plan: &JailPlan) -> jail::JailError {
    let jail::JailError::NotFound {
        command,
        searched,
        hint,
    } = err
    else {
        return err;
    };
    let jail_path = plan.env.get("PATH").map(String::as_str).unwrap_or("");
    let hint = find_on_host(&command).map_or(hint, |found| hint_for(&found, jail_path));
    jail::JailError::NotFound {
        command,
        searched,
        hint,
    }
}

/// The hint for a command found on the host at `found`.
fn hint_for(found: &Path, jail_path: &str) -> String {
    let dir = found.parent().unwrap_or(Path::new("/"));
    // `PREFIX/bin/tool` (or pyenv's `~/.pyenv/shims/python3`): bind the
    // prefix, whose lib/ and share/ (or versions/) a tool usually needs.
    let bind = match dir.file_name() {
        Some(name) if name == "bin" || name == "shims" => dir.parent().unwrap_or(dir),
        _ => dir,
    };
    let real = std::fs::canonicalize(found).ok();
    let linked = real
        .as_ref()
        .filter(|real| !real.starts_with(bind))
        .map(|real| format!(" (it links to {}, which must be bound too)", real.display()))
        .unwrap_or_default();
    let mut extra = String::new();
    // rustup's proxies (cargo, rustc) need its toolchains too.
    if real
        .as_ref()
        .is_some_and(|real| real.file_name().is_some_and(|name| name == "rustup"))
    {
        if let Some(home) = rustup_home() {
            let home = home.display();
            extra = format!(" --ro {home} --env RUSTUP_HOME={home}");
        }
    }
    // pyenv's shims find their root through PYENV_ROOT (else ~/.pyenv,
    // and the jail's HOME is another directory).
    if bind.join("libexec/pyenv").exists() {
        extra = format!(" --env PYENV_ROOT={}", bind.display());
    }
    format!(
        "; on the host it is {}{linked}: bind it and put it on PATH, e.g. \
         `jail exec --ro {}{extra} --env PATH={}:{jail_path} -- ...`",
        found.display(),
        bind.display(),
        dir.display(),
    )
}

fn rustup_home() -> Option<PathBuf> {
    match std::env::var_os("RUSTUP_HOME").filter(|v| !v.is_empty()) {
        Some(home) => Some(PathBuf::from(home)),
        None => Some(PathBuf::from(std::env::var_os("HOME")?).join(".rustup")),
    }
}

/// The first executable file named `command` on the caller's PATH (or
/// `command` itself, if it is an absolute path).
fn find_on_host(command: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |path: &Path| {
        std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if command.contains('/') {
        let path = PathBuf::from(command);
        return (path.is_absolute() && executable(&path)).then_some(path);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(command))
        .find(|candidate| executable(candidate))
}

#[cfg(test)]
mod tests {
    use super::hint_for;

    #[test]
    fn a_pyenv_shim_gets_its_root() {
        let root = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(root.path().join("libexec/pyenv")).expect("mkdir");
        std::fs::create_dir_all(root.path().join("shims")).expect("mkdir");
        let shim = root.path().join("shims/python3");
        std::fs::write(&shim, "#!/bin/sh\n").expect("write");
        let hint = hint_for(&shim, "/usr/bin");
        let root = root.path().display();
        assert!(
            hint.contains(&format!(
                "`jail exec --ro {root} --env PYENV_ROOT={root} --env PATH={root}/shims:/usr/bin -- ...`"
            )),
            "{hint}"
        );
    }
}
