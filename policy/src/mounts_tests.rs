use super::fake::FakeFs;
use super::*;
use crate::Profile;
use rstest::rstest;

fn patterns() -> Vec<String> {
    Profile::default().blocked_patterns
}

#[rstest]
#[case("/home/u/.ssh", Some(".ssh"))]
#[case("/home/u/.ssh/config", Some(".ssh"))]
#[case("/home/u/proj/.env", Some(".env"))]
#[case("/home/u/proj/.env.local", Some(".env"))]
#[case("/home/u/keys/id_rsa.pub", Some("id_rsa"))]
#[case("/home/u/.aws/credentials", Some(".aws"))]
#[case("/home/u/proj/.environment", None)]
#[case("/home/u/proj/src", None)]
#[case("/srv/credentialsx", None)]
fn blocked_patterns_match_components(#[case] path: &str, #[case] pattern: Option<&str>) {
    let patterns = patterns();
    let hit = blocked_component(Path::new(path), &patterns).map(|(_, p)| p);
    assert_eq!(hit, pattern);
}

#[rstest]
#[case("/home/u/.config/gh/hosts.yml", Some(".config/gh/hosts.yml"))]
#[case("/home/u/.config/gcloud/creds.db", Some(".config/gcloud"))]
#[case("/home/u/.claude/.credentials.json", Some(".credentials"))]
#[case("/home/u/.codex/auth.json", Some(".codex/auth.json"))]
#[case("/home/u/proj/auth.json", None)]
#[case("/home/u/gh/hosts.yml", None)]
#[case("/home/u/.git-credentials", Some(".git-credentials"))]
#[case("/home/u/.zsh_history", Some(".zsh_history"))]
fn path_patterns_match_runs_of_components(#[case] path: &str, #[case] pattern: Option<&str>) {
    let patterns = patterns();
    let hit = blocked_component(Path::new(path), &patterns).map(|(_, p)| p);
    assert_eq!(hit, pattern);
}

fn source(fs: &FakeFs, path: &str) -> Result<Opened, PolicyError> {
    checked_source(fs, "--ro source", Path::new(path), &patterns(), false)
}

#[test]
fn a_symlink_into_ssh_is_refused_after_resolution() {
    let fs = FakeFs::with(&["/home/u/.ssh/id_ed25519", "/home/u/proj/"])
        .link("/home/u/proj/innocent", "/home/u/.ssh")
        .writable(&[]);
    let message = source(&fs, "/home/u/proj/innocent")
        .expect_err("refused")
        .to_string();
    assert!(message.contains("resolves to `/home/u/.ssh`"), "{message}");
    assert!(message.contains("blocked_patterns"), "{message}");
}

#[test]
fn a_link_the_caller_cannot_write_is_followed() {
    let fs = FakeFs::with(&["/run/set/"]).link("/var/run", "/run");
    let opened = source(&fs, "/var/run/set").expect("resolved");
    assert_eq!(opened.path, PathBuf::from("/run/set"));
}

#[test]
fn a_link_in_a_writable_directory_is_refused_naming_it() {
    // What an earlier jail with `--rw .` leaves behind: out -> $HOME.
    let fs =
        FakeFs::with(&["/home/u/.bashrc", "/home/u/proj/"]).link("/home/u/proj/out", "/home/u");
    let message = source(&fs, "/home/u/proj/out/sub")
        .expect_err("refused")
        .to_string();
    assert!(
        message.contains("symlink `/home/u/proj/out` -> `/home/u`"),
        "{message}"
    );
    assert!(message.contains("name it directly"), "{message}");
    // Named directly, the target is allowed.
    assert!(source(&fs, "/home/u").is_ok());
}

#[test]
fn links_are_followed_relative_to_where_they_sit_and_through_dotdot() {
    let fs = FakeFs::with(&["/opt/a/b/", "/opt/c/"]).link("/opt/a/b/up", "../../c");
    let opened = source(&fs, "/opt/a/b/up").expect("resolved");
    assert_eq!(opened.path, PathBuf::from("/opt/c"));
}

#[test]
fn a_link_loop_is_an_error() {
    let fs = FakeFs::with(&["/opt/"])
        .link("/opt/a", "/opt/b")
        .link("/opt/b", "/opt/a");
    let message = source(&fs, "/opt/a").expect_err("loop").to_string();
    assert!(message.contains("too many levels"), "{message}");
}

#[rstest]
#[case("/proc/1")]
#[case("/sys/kernel")]
#[case("/dev/shm")]
fn pseudo_filesystems_are_refused_by_what_was_opened(#[case] path: &str) {
    let fs = FakeFs::with(&["/proc/1/", "/sys/kernel/", "/dev/shm/"]).link("/opt/p", path);
    for given in [path, "/opt/p"] {
        let message = source(&fs, given).expect_err("refused").to_string();
        assert!(message.contains("run from, or bind"), "{given}: {message}");
    }
}

#[test]
fn a_missing_source_is_an_error_naming_it() {
    let fs = FakeFs::with(&["/data/"]);
    let err = source(&fs, "/data/nope").expect_err("missing");
    assert!(err.to_string().contains("/data/nope"), "{err}");
}

#[rstest]
#[case("relative/dir")]
#[case("/a/../etc")]
#[case("/")]
#[case("/proc/self")]
#[case("/dev/sda")]
fn bad_destinations_are_refused(#[case] dest: &str) {
    assert!(
        check_dest("destination", Path::new(dest)).is_err(),
        "{dest}"
    );
}

fn scan(
    fs: &FakeFs,
    depth: u32,
    max_entries: usize,
) -> Result<Vec<(String, FileKind)>, PolicyError> {
    let found = blocked_entries(
        fs,
        Path::new("/p"),
        &patterns(),
        ScanLimits { depth, max_entries },
    )?;
    Ok(found
        .into_iter()
        .map(|e| (e.relative.display().to_string(), e.kind))
        .collect())
}

#[test]
fn blocked_entries_are_found_to_the_depth_and_not_beyond() {
    let fs = FakeFs::with(&[
        "/p/.env",
        "/p/src/main.rs",
        "/p/a/.aws/",
        "/p/a/b/c/.ssh/",
        "/p/.envrc",
    ]);
    let found = scan(&fs, 2, 100).expect("scanned");
    assert_eq!(
        found,
        vec![
            (".env".into(), FileKind::File),
            ("a/.aws".into(), FileKind::Dir)
        ]
    );
    let deeper = scan(&fs, 4, 100).expect("scanned");
    assert!(deeper.contains(&("a/b/c/.ssh".into(), FileKind::Dir)));
}

#[test]
fn a_scan_past_its_limit_is_refused_not_cut_short() {
    let files: Vec<String> = (0..50)
        .map(|i| format!("/p/f{i}"))
        .chain(["/p/z/.env".into()])
        .collect();
    let fs = FakeFs::with(&files.iter().map(String::as_str).collect::<Vec<_>>());
    let message = scan(&fs, 6, 50).expect_err("refused").to_string();
    assert!(message.contains("mask_scan_limit"), "{message}");
    assert!(scan(&fs, 6, 52)
        .expect("scanned")
        .contains(&("z/.env".into(), FileKind::File)));
}

#[test]
fn a_git_config_with_credentials_in_a_url_is_masked() {
    let fs = FakeFs::with(&["/p/src/"])
        .content(
            "/p/.git/config",
            "[remote \"origin\"]\n\turl = https://x-access-token:ghp_abc@github.com/o/r\n",
        )
        .content(
            "/p/lib/.git/config",
            "[remote \"origin\"]\n\turl = https://github.com/o/r\n\turl = git@github.com:o/r\n",
        );
    let found = scan(&fs, 6, 100).expect("scanned");
    assert_eq!(found, vec![(".git/config".into(), FileKind::File)]);
}

#[test]
fn a_blocked_link_masks_its_target_inside_the_bind() {
    let fs = FakeFs::with(&["/p/config/prod", "/home/u/.ssh/"])
        .link("/p/.env", "config/prod")
        .link("/p/.ssh", "/home/u/.ssh");
    let found = scan(&fs, 6, 100).expect("scanned");
    assert_eq!(found, vec![("config/prod".into(), FileKind::File)]);
}
