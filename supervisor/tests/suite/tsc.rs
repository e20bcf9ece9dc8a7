//! `jail tsc` on real TypeScript projects with the real compiler (from npm,
//! installed by `.ci/run` under /opt/jail-ci/ts, or JAIL_TEST_TYPESCRIPT):
//! clean, with a type error, against a baseline, and a hostile compiler
//! whose attempts must fail without effect on the host.

use std::path::{Path, PathBuf};

use super::common::*;

/// The directory holding `node_modules/typescript`, or `None` (with the
/// reason printed) where TypeScript or Node.js is missing. In CI a missing
/// compiler fails the test: CI installs it, so a skip would hide a
/// regression.
fn typescript() -> Option<PathBuf> {
    let dir = std::env::var_os("JAIL_TEST_TYPESCRIPT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/jail-ci/ts"));
    let present = dir.join("node_modules/typescript/bin/tsc").is_file()
        && std::process::Command::new("node")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
    if present {
        return Some(dir);
    }
    let reason = format!(
        "no TypeScript at {} or no `node` on PATH (`npm install --prefix {} typescript`)",
        dir.display(),
        dir.display()
    );
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must run the tsc tests: {reason}"
    );
    eprintln!("skipping the jail tsc test: {reason}");
    None
}

/// A project with `files`, its node_modules a link to the shared install
/// (so the default `node_modules/.bin/tsc` is found).
fn project(ts: &Path, files: &[(&str, &str)]) -> Setup {
    let setup = Setup::new("");
    std::fs::write(
        setup.work.path().join("tsconfig.json"),
        r#"{"compilerOptions": {"strict": true, "target": "es2020", "module": "commonjs"}, "include": ["src"]}"#,
    )
    .unwrap();
    std::fs::create_dir(setup.work.path().join("src")).unwrap();
    for (name, text) in files {
        setup.file(name, text);
    }
    std::os::unix::fs::symlink(
        ts.join("node_modules"),
        setup.work.path().join("node_modules"),
    )
    .unwrap();
    setup
}

fn tsc_json(setup: &Setup, extra: &[&str]) -> (Option<i32>, serde_json::Value) {
    let out = run(setup.jail().args(["tsc", "--json"]).args(extra));
    let result = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&out), stderr(&out)));
    (out.status.code(), result)
}

#[test]
fn a_clean_project_passes() {
    let Some(ts) = typescript() else { return };
    let setup = project(
        &ts,
        &[(
            "src/ok.ts",
            "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
        )],
    );
    let (code, result) = tsc_json(&setup, &[]);
    assert_eq!(code, Some(0), "{result:#}");
    assert_eq!(result["passed"], true);
    assert_eq!(result["exit_code"], 0);
    assert_eq!(result["counts"]["total"], 0);
    // From elsewhere, the project named, the policy file relative to here.
    let out = run(jail(setup.dir.path())
        .env("JAIL_STATE_DIR", setup.state())
        .args(["--policy", "policy.toml", "tsc"])
        .arg(setup.work.path()));
    assert_ok(&out);
}

#[test]
fn a_type_error_is_parsed_into_file_line_column_and_code() {
    let Some(ts) = typescript() else { return };
    let setup = project(
        &ts,
        &[(
            "src/bad.ts",
            "// a comment\nexport const n: number = \"three\";\n",
        )],
    );
    let (code, result) = tsc_json(&setup, &[]);
    assert_eq!(code, Some(1), "{result:#}");
    assert_eq!(result["passed"], false);
    assert_eq!(result["counts"]["errors"], 1);
    let d = &result["diagnostics"][0];
    assert_eq!(d["file"], "src/bad.ts");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(2), Some(14))
    );
    assert_eq!(d["code"], 2322);
    assert_eq!(d["category"], "error");
    assert!(d["message"]
        .as_str()
        .unwrap()
        .contains("not assignable to type 'number'"));
    // Human output: tsc's own lines and a summary.
    let out = run(setup.jail().arg("tsc"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("src/bad.ts(2,14): error TS2322:"),
        "{}",
        stdout(&out)
    );
    assert!(stderr(&out).contains("errors: 1"), "{}", stderr(&out));
}

#[test]
fn the_degraded_tier_runs_the_check_too() {
    let Some(ts) = typescript() else { return };
    let setup = project(
        &ts,
        &[("src/bad.ts", "export const n: number = \"three\";\n")],
    );
    let sysctls = userns_blocked_sysctls();
    let out = run(setup.jail().env("JAIL_SYSCTL_ROOT", sysctls.path()).args([
        "tsc",
        "--json",
        "--allow-degraded",
    ]));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(result["diagnostics"][0]["code"], 2322, "{result:#}");
    assert!(stderr(&out).contains("DEGRADED tier"), "{}", stderr(&out));
}

#[test]
fn a_baseline_fails_only_on_new_diagnostics() {
    let Some(ts) = typescript() else { return };
    let setup = project(&ts, &[("src/a.ts", "export const old: number = 'x';\n")]);
    let (_, first) = tsc_json(&setup, &[]);
    let baseline = setup.dir.path().join("baseline.json");
    std::fs::write(&baseline, first.to_string()).unwrap();
    let with_baseline = ["--baseline", baseline.to_str().unwrap()];

    // The old error moved down a line: still not new.
    setup.file("src/a.ts", "\nexport const old: number = 'x';\n");
    let (code, result) = tsc_json(&setup, &with_baseline);
    assert_eq!(code, Some(0), "{result:#}");
    assert_eq!(result["new_diagnostics_count"], 0);
    assert_eq!(result["counts"]["errors"], 1);

    setup.file("src/b.ts", "export const fresh: string = 1;\n");
    let (code, result) = tsc_json(&setup, &with_baseline);
    assert_eq!(code, Some(1), "{result:#}");
    assert_eq!(result["new_diagnostics_count"], 1);
    assert_eq!(result["new_diagnostics"][0]["file"], "src/b.ts");

    // A file that is not a result is refused, naming it.
    std::fs::write(&baseline, "{}").unwrap();
    let out = run(setup
        .jail()
        .args(["tsc", "--baseline", baseline.to_str().unwrap()]));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("is not a `jail tsc --json` result"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_project_without_a_compiler_is_told_how_to_get_one() {
    let setup = Setup::new("");
    let out = run(setup.jail().arg("tsc"));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("npm install --save-dev typescript"),
        "{}",
        stderr(&out)
    );
}

/// The checker is untrusted code too (a compromised typescript package):
/// it tries to write into the project and the home directory and to reach
/// a server on the host's loopback. Each attempt fails inside the jail and
/// leaves nothing outside.
#[test]
fn a_hostile_compiler_cannot_write_or_reach_the_network() {
    if typescript().is_none() {
        return;
    }
    let server = HttpServer::start("hello");
    let setup = Setup::new("");
    let home_target = setup.dir.path().join("home-write");
    let evil = setup.file(
        "evil-tsc.js",
        &format!(
            r#"const fs = require("fs");
const net = require("net");
const tries = {{}};
for (const [name, path] of [["project", "pwned.ts"], ["host", {home:?}]]) {{
  try {{ fs.writeFileSync(path, "x"); tries[name] = "written"; }} catch (e) {{ tries[name] = e.code; }}
}}
const sock = net.connect({port}, "127.0.0.1");
sock.on("connect", () => {{ tries.net = "connected"; sock.write("GET / HTTP/1.0\r\n\r\n"); done(); }});
sock.on("error", (e) => {{ tries.net = e.code; done(); }});
function done() {{ console.log("x.ts(1,1): error TS9999: " + JSON.stringify(tries)); process.exit(2); }}
"#,
            home = home_target.display().to_string(),
            port = server.port,
        ),
    );
    let (code, result) = tsc_json(&setup, &["--tsc", evil.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{result:#}");
    let report = result["diagnostics"][0]["message"]
        .as_str()
        .unwrap_or_default();
    let tries: serde_json::Value = serde_json::from_str(report).unwrap_or_default();
    assert_eq!(tries["project"], "EROFS", "{report}");
    assert!(
        tries["host"] == "EACCES" || tries["host"] == "ENOENT",
        "{report}"
    );
    // Landlock refuses the connect (EACCES); without it, the jail's own
    // loopback has no listener.
    let net = tries["net"].as_str().unwrap_or_default();
    assert!(
        ["EACCES", "EPERM", "ECONNREFUSED", "ENETUNREACH"].contains(&net),
        "{report}"
    );
    // Checked from outside.
    assert!(!setup.work.path().join("pwned.ts").exists());
    assert!(!home_target.exists());
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(server.seen().is_empty(), "{:?}", server.seen());
}

/// With pins, `jail tsc` runs only a pinned node and a pinned compiler
/// script, and refuses a script that is not pinned, naming it.
#[test]
fn pinned_node_and_compiler_run_and_an_unpinned_compiler_is_refused() {
    let Some(ts) = typescript() else { return };
    let setup = project(&ts, &[("src/ok.ts", "export const one: number = 1;\n")]);
    let script = std::fs::canonicalize(ts.join("node_modules/typescript/bin/tsc")).unwrap();
    let node = String::from_utf8(
        std::process::Command::new("sh")
            .args(["-c", "readlink -f \"$(command -v node)\""])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let pin = |files: &[&str]| {
        assert_ok(&run(setup
            .jail()
            .args(["policy", "pin", "--profile", "tsc"])
            .args(files)));
    };
    pin(&[node.trim()]);
    let out = run(setup.jail().arg("tsc"));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("`{}` is not one", script.display())),
        "{}",
        stderr(&out)
    );
    pin(&[script.to_str().unwrap()]);
    let (code, result) = tsc_json(&setup, &[]);
    assert_eq!(code, Some(0), "{result:#}");
    assert_eq!(result["passed"], true);
}

/// The checker profiles close the channel to tools: a call from inside is
/// refused, naming the key that refuses it.
#[test]
fn the_checker_profiles_refuse_tool_calls() {
    for profile in ["check", "tsc"] {
        let setup = Setup::new("");
        let out = run(setup.jail().args([
            "exec",
            "--profile",
            profile,
            "--",
            "sh",
            "-c",
            "jail-call echo '{\"x\": 1}'",
        ]));
        assert_ne!(out.status.code(), Some(0), "{profile}: {}", stdout(&out));
        assert!(
            !stdout(&out).contains("\"x\""),
            "{profile}: {}",
            stdout(&out)
        );
        assert!(
            stderr(&out).contains("require_review"),
            "{profile}: {}",
            stderr(&out)
        );
        // The same call under the default profile is answered.
        let out = run(setup
            .jail()
            .args(["exec", "--", "sh", "-c", "jail-call echo '{\"x\": 1}'"]));
        assert_ok(&out);
    }
}
