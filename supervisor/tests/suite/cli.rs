//! The command line a newcomer meets first (issue 13): `jail` alone is
//! enough for tool calls from inside (it is also `jail-call`), the flags
//! say what they need, output into a closed pipe ends quietly, and a
//! command needs no `--`.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::common::*;

/// A copy of `jail` alone in a fresh directory, as `cargo install` or a
/// release leaves it: no `jail-call` file beside it.
struct Lone {
    dir: tempfile::TempDir,
}

impl Lone {
    fn new() -> Lone {
        use std::os::unix::fs::PermissionsExt;
        let dir = workdir();
        let bin = dir.path().join("jail");
        std::fs::copy(jail_bin(), &bin).expect("copying jail");
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        Lone { dir }
    }

    fn bin(&self) -> PathBuf {
        std::fs::canonicalize(self.dir.path().join("jail")).expect("real path")
    }

    /// `jail` of this copy from `cwd`, set up as `common::jail` does.
    fn jail(&self, cwd: &Path) -> Command {
        let template = jail(cwd);
        let mut lone = Command::new(self.bin());
        lone.current_dir(cwd);
        for (name, value) in template.get_envs() {
            match value {
                Some(value) => lone.env(name, value),
                None => lone.env_remove(name),
            };
        }
        lone
    }
}

const CALL: &str = r#"jail-call echo "{\"hi\": 1}""#;

#[test]
fn the_jail_binary_alone_serves_jail_call_inside() {
    let lone = Lone::new();
    let work = workdir();
    assert!(!lone.dir.path().join("jail-call").exists());
    let out = run(lone
        .jail(work.path())
        .args(["exec", "--", "sh", "-c", CALL]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "{\"hi\": 1}\n", "{}", stderr(&out));

    // --explain and doctor say where the helper comes from.
    let bin = lone.bin().display().to_string();
    let out = run(lone
        .jail(work.path())
        .args(["exec", "--explain", "--", "true"]));
    assert_ok(&out);
    let wanted = format!("helper      jail-call at /run/jail/bin/jail-call (on PATH)  <- {bin}");
    assert!(stdout(&out).contains(&wanted), "{}", stdout(&out));
    let out = run(lone.jail(work.path()).arg("doctor"));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("ok   helper "))
        .unwrap_or_else(|| panic!("no helper line in:\n{text}"));
    assert!(
        line.contains(&format!("<- {bin} (this jail binary)")),
        "{line}"
    );
}

#[test]
fn the_jail_binary_alone_serves_jail_call_in_the_degraded_tier() {
    let lone = Lone::new();
    let work = workdir();
    let sysctls = userns_blocked_sysctls();
    let out = run(lone
        .jail(work.path())
        .env("JAIL_SYSCTL_ROOT", sysctls.path())
        .args(["exec", "--allow-degraded", "--", "sh", "-c", CALL]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "{\"hi\": 1}\n", "{}", stderr(&out));
}

/// The helper by its full path, as a payload may start it.
#[test]
fn jail_call_answers_by_its_full_path_and_says_its_usage() {
    let out = sh(
        workdir().path(),
        r#"/run/jail/bin/jail-call echo '{"n": 2}'; jail-call --help | head -1"#,
    );
    assert_ok(&out);
    assert_eq!(
        stdout(&out),
        "{\"n\": 2}\nusage: jail-call TOOL [JSON]\n",
        "{}",
        stderr(&out)
    );
}
