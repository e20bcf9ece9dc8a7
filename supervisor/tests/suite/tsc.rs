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
    installed("JAIL_TEST_TYPESCRIPT", "/opt/jail-ci/ts", "typescript")
}

/// The directory holding `node_modules/@typescript/native-preview`
/// (TypeScript 7, `tsgo`), installed by `.ci/run` under /opt/jail-ci/tsgo
/// or named by JAIL_TEST_TSGO.
fn typescript_native() -> Option<PathBuf> {
    installed(
        "JAIL_TEST_TSGO",
        "/opt/jail-ci/tsgo",
        "@typescript/native-preview",
    )
}

/// The npm prefix (`var`, else `default`) holding `package`, if it and
/// `node` are there.
fn installed(var: &str, default: &str, package: &str) -> Option<PathBuf> {
    let dir = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(default));
    let present = dir
        .join("node_modules")
        .join(package)
        .join("package.json")
        .is_file()
        && std::process::Command::new("node")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
    if present {
        return Some(dir);
    }
    let reason = format!(
        "no {package} at {} or no `node` on PATH (`npm install --prefix {} {package}`)",
        dir.display(),
        dir.display()
    );
    skip(&format!("the jail tsc test: {reason}"), false);
    None
}

/// The real path of `node` on PATH.
fn real_node() -> String {
    let out = std::process::Command::new("sh")
        .args(["-c", "readlink -f \"$(command -v node)\""])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
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
    // No tsconfig.json here or above: where the project is is the question.
    let out = run(setup.jail().arg("tsc"));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("no tsconfig.json in"),
        "{}",
        stderr(&out)
    );
    setup.file("tsconfig.json", "{}");
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
    setup.file("tsconfig.json", "{}");
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
function done() {{ console.log("x.ts(1,1): error TS9999: " + JSON.stringify(tries) + "\nFiles: 1"); process.exit(2); }}
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
/// package, and refuses a package that is not pinned, naming it.
#[test]
fn pinned_node_and_compiler_run_and_an_unpinned_compiler_is_refused() {
    let Some(ts) = typescript() else { return };
    let setup = project(&ts, &[("src/ok.ts", "export const one: number = 1;\n")]);
    let package = std::fs::canonicalize(ts.join("node_modules/typescript")).unwrap();
    let node = real_node();
    let pin = |files: &[&str]| {
        assert_ok(&run(setup
            .jail()
            .args(["policy", "pin", "--profile", "tsc"])
            .args(files)));
    };
    pin(&[&node]);
    let out = run(setup.jail().arg("tsc"));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!(
            "package directory {} is not pinned",
            package.display()
        )),
        "{}",
        stderr(&out)
    );
    pin(&[package.to_str().unwrap()]);
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

/// A compiler that never ran is a failure of its own (exit 125, `passed:
/// false`, a `failure` with its stderr's tail), in every mode: never a pass,
/// and never "0 new since the baseline".
#[test]
fn a_compiler_that_crashes_fails_in_every_mode() {
    let Some(ts) = typescript() else { return };
    let setup = project(&ts, &[("src/a.ts", "export const old: number = 'x';\n")]);
    let (_, first) = tsc_json(&setup, &[]);
    let baseline = setup.dir.path().join("baseline.json");
    std::fs::write(&baseline, first.to_string()).unwrap();
    let scripts = [
        ("throws", "throw new Error('compiler exploded');\n"),
        ("is killed", "console.error('compiler exploded'); process.kill(process.pid, 'SIGKILL');\n"),
        ("exits 0 saying nothing", "console.error('compiler exploded'); process.exit(0);\n"),
        ("exits 2 with junk", "console.log('no diagnostics here'); console.error('compiler exploded'); process.exit(2);\n"),
        // The baseline's own diagnostic, then a crash: no "0 new" either.
        ("reports and then throws", "console.log(\"src/a.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.\"); throw new Error('compiler exploded');\n"),
    ];
    for (what, script) in scripts {
        let crash = setup.file("crash.js", script);
        let crash = crash.to_str().unwrap();
        let out = run(setup.jail().args(["tsc", "--tsc", crash]));
        assert_eq!(out.status.code(), Some(125), "{what}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("compiler exploded"),
            "{what}: {}",
            stderr(&out)
        );
        assert!(
            stderr(&out).contains("the compiler failed"),
            "{what}: {}",
            stderr(&out)
        );

        let (code, result) = tsc_json(&setup, &["--tsc", crash]);
        assert_eq!(code, Some(125), "{what}: {result:#}");
        assert_eq!(result["passed"], false, "{what}");
        let failure = result["failure"]["stderr_tail"]
            .as_str()
            .unwrap_or_default();
        assert!(failure.contains("compiler exploded"), "{what}: {result:#}");
        assert!(
            result["failure"]["reason"].is_string(),
            "{what}: {result:#}"
        );

        let out = run(setup.jail().args([
            "tsc",
            "--tsc",
            crash,
            "--baseline",
            baseline.to_str().unwrap(),
        ]));
        assert_eq!(out.status.code(), Some(125), "{what}: {}", stderr(&out));
        assert!(!stderr(&out).contains("0 new"), "{what}: {}", stderr(&out));
        let (code, result) = tsc_json(
            &setup,
            &["--tsc", crash, "--baseline", baseline.to_str().unwrap()],
        );
        assert_eq!(code, Some(125), "{what}: {result:#}");
        assert_eq!(result["passed"], false, "{what}");
        assert!(result["failure"].is_object(), "{what}: {result:#}");
    }
}

#[test]
fn a_missing_baseline_is_named_with_how_to_make_one() {
    let Some(ts) = typescript() else { return };
    let setup = project(&ts, &[("src/ok.ts", "export const one = 1;\n")]);
    let missing = setup.dir.path().join("no-such-baseline.json");
    let out = run(setup
        .jail()
        .args(["tsc", "--baseline", missing.to_str().unwrap()]));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(missing.to_str().unwrap()),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("jail tsc --json >"),
        "{}",
        stderr(&out)
    );
}

/// From a subdirectory, the project is the nearest tsconfig.json above (as
/// tsc finds it) and the compiler the nearest node_modules one; file names
/// stay relative to the project, so a baseline holds wherever it runs.
#[test]
fn from_a_subdirectory_the_project_above_is_checked() {
    let Some(ts) = typescript() else { return };
    let setup = project(
        &ts,
        &[("src/bad.ts", "export const n: number = \"three\";\n")],
    );
    let src = setup.work.path().join("src");
    let out = run(jail(&src)
        .env("JAIL_STATE_DIR", setup.state())
        .arg("--policy")
        .arg(setup.dir.path().join("policy.toml"))
        .args(["tsc", "--json"]));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(result["diagnostics"][0]["file"], "src/bad.ts", "{result:#}");
    assert_eq!(result["diagnostics"][0]["code"], 2322, "{result:#}");
    // The same, naming the subdirectory.
    let (code, named) = tsc_json(&setup, &["src"]);
    assert_eq!(code, Some(1), "{named:#}");
    assert_eq!(named["diagnostics"], result["diagnostics"]);
}

/// A workspace: a base tsconfig at the root, a package extending it and
/// importing a sibling package, TypeScript hoisted to the root's
/// node_modules. Run in the package, the check sees what tsc on the host
/// sees: the one strict-mode error, no TS5083 (unreadable extends).
#[test]
fn a_monorepo_with_extends_and_hoisted_node_modules() {
    let Some(ts) = typescript() else { return };
    let root = workdir();
    let write = |name: &str, text: &str| {
        let path = root.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "tsconfig.base.json",
        r#"{"compilerOptions": {"strict": true, "target": "es2020", "module": "commonjs"}}"#,
    );
    write(
        "packages/app/tsconfig.json",
        r#"{"extends": "../../tsconfig.base.json", "include": ["src"]}"#,
    );
    write(
        "packages/app/src/main.ts",
        "import { twice } from \"../../lib/src/twice\";\nexport const n: number = twice(2);\nexport function loose(x) { return x; }\n",
    );
    write(
        "packages/lib/src/twice.ts",
        "export function twice(n: number): number { return n * 2; }\n",
    );
    std::os::unix::fs::symlink(ts.join("node_modules"), root.path().join("node_modules")).unwrap();
    let app = root.path().join("packages/app");
    let state = root.path().join("state");
    let tsc = |extra: &[&str]| {
        let out = run(jail(&app)
            .env("JAIL_STATE_DIR", &state)
            .args(["tsc", "--json"])
            .args(extra));
        let result: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}{}", stdout(&out), stderr(&out)));
        (out.status.code(), result)
    };
    let only_the_strict_error = |code: Option<i32>, result: &serde_json::Value| {
        assert_eq!(code, Some(1), "{result:#}");
        assert_eq!(result["counts"]["total"], 1, "{result:#}");
        let d = &result["diagnostics"][0];
        assert_eq!(d["code"], 7006, "{result:#}");
        assert_eq!(d["file"], "src/main.ts", "{result:#}");
    };

    // No workspace marker: the root is not seen (TS5083), unless bound.
    let (code, result) = tsc(&[]);
    assert_eq!(code, Some(1), "{result:#}");
    assert!(result.to_string().contains("5083"), "{result:#}");
    let (code, result) = tsc(&["--ro", root.path().to_str().unwrap()]);
    only_the_strict_error(code, &result);

    // npm/yarn workspaces, pnpm, and a git work tree mark the root.
    write(
        "package.json",
        r#"{"private": true, "workspaces": ["packages/*"]}"#,
    );
    let (code, result) = tsc(&[]);
    only_the_strict_error(code, &result);
    let (code, result) = tsc(&["--no-workspace"]);
    assert_eq!(code, Some(1), "{result:#}");
    assert!(result.to_string().contains("5083"), "{result:#}");
    std::fs::remove_file(root.path().join("package.json")).unwrap();
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n");
    let (code, result) = tsc(&[]);
    only_the_strict_error(code, &result);
    std::fs::remove_file(root.path().join("pnpm-workspace.yaml")).unwrap();
    std::fs::create_dir(root.path().join(".git")).unwrap();
    write(".git/HEAD", "ref: refs/heads/main\n");
    let (code, result) = tsc(&[]);
    only_the_strict_error(code, &result);
}

/// TypeScript 7's native compiler: its launcher script finds the platform
/// package (the Go binary) by Node resolution, which must be in the jail too.
#[test]
fn the_native_typescript_7_compiler_runs() {
    let Some(ts7) = typescript_native() else {
        return;
    };
    let setup = project(
        &ts7,
        &[("src/bad.ts", "export const n: number = \"three\";\n")],
    );
    let check = |result: &serde_json::Value| {
        assert_eq!(result["counts"]["total"], 1, "{result:#}");
        assert_eq!(result["diagnostics"][0]["code"], 2322, "{result:#}");
        assert_eq!(result["diagnostics"][0]["file"], "src/bad.ts", "{result:#}");
    };
    let (code, result) = tsc_json(&setup, &[]);
    assert_eq!(code, Some(1), "{result:#}");
    check(&result);
    // Named through its .bin link, as before.
    let (code, result) = tsc_json(&setup, &["--tsc", "node_modules/.bin/tsgo"]);
    assert_eq!(code, Some(1), "{result:#}");
    check(&result);
}

/// A pin covers what runs: `jail policy pin --tsc` pins node and the
/// compiler's whole package directory, so a swapped `lib/_tsc.js` is
/// refused; a pin of the two-line `bin/tsc` launcher alone is not enough.
#[test]
fn a_pinned_compiler_package_with_a_swapped_file_is_refused() {
    let Some(ts) = typescript() else { return };
    let setup = Setup::new("");
    std::fs::write(
        setup.work.path().join("tsconfig.json"),
        r#"{"compilerOptions": {"strict": true}, "include": ["src"]}"#,
    )
    .unwrap();
    std::fs::create_dir(setup.work.path().join("src")).unwrap();
    setup.file("src/ok.ts", "export const one: number = 1;\n");
    let modules = setup.work.path().join("node_modules");
    std::fs::create_dir(&modules).unwrap();
    let copied = std::process::Command::new("cp")
        .arg("-a")
        .arg(ts.join("node_modules/typescript"))
        .arg(&modules)
        .status()
        .unwrap();
    assert!(copied.success());
    let package = std::fs::canonicalize(modules.join("typescript")).unwrap();

    // The old advice: pin node and bin/tsc. Not enough now.
    let node = real_node();
    assert_ok(&run(setup
        .jail()
        .args(["policy", "pin", "--profile", "tsc", &node])
        .arg(package.join("bin/tsc"))));
    let out = run(setup.jail().arg("tsc"));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("package directory {}", package.display())),
        "{}",
        stderr(&out)
    );

    // `jail policy pin --tsc` pins the package as a tree.
    let out = run(setup.jail().args(["policy", "pin", "--tsc"]));
    assert_ok(&out);
    assert!(
        stdout(&out).contains(&package.display().to_string()),
        "{}",
        stdout(&out)
    );
    let (code, result) = tsc_json(&setup, &[]);
    assert_eq!(code, Some(0), "{result:#}");
    assert_eq!(result["passed"], true);

    // The real compiler swapped for one that reports a clean project.
    std::fs::write(
        package.join("lib/_tsc.js"),
        "console.log('Files: 1'); process.exit(0);\n",
    )
    .unwrap();
    let out = run(setup.jail().arg("tsc"));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("pinned directory {} changed", package.display())),
        "{}",
        stderr(&out)
    );
}
