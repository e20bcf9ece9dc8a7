//! How the outbound secret scanner does (`scripts/bench-review-quality.sh`
//! runs this): `cargo test -p policy --release --test secret_quality --
//! --ignored --nocapture`.
//!
//! - Secrets: generated per family from the published token formats, each
//!   in several contexts (an env line, JSON, a header, a URL, bare). The
//!   rules were written from the same formats: a tuned set.
//! - Benign: every line of a fixed sample of real Python source (the PyPI
//!   packages `.ci/run` installs in /opt/jail-ci/pysdk; nothing was tuned
//!   on them): held out.

use std::path::{Path, PathBuf};

/// A small deterministic generator (the figures must not move between
/// runs).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn from(&mut self, alphabet: &str, n: usize) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        (0..n)
            .map(|_| chars[usize::try_from(self.next()).unwrap_or(0) % chars.len()])
            .collect()
    }
}

const UPPER_DIGITS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const ALNUM: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LOWER_HEX: &str = "0123456789abcdef";
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const B64: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URLSAFE: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/// One secret of each family.
fn families(g: &mut Lcg) -> Vec<(&'static str, String)> {
    vec![
        (
            "aws access key id",
            format!("AKIA{}", g.from(UPPER_DIGITS, 16)),
        ),
        (
            "aws secret key",
            format!("aws_secret_access_key={}", g.from(B64, 40)),
        ),
        ("github", format!("ghp_{}", g.from(ALNUM, 36))),
        (
            "github fine-grained",
            format!("github_pat_11{}_{}", g.from(ALNUM, 20), g.from(ALNUM, 59)),
        ),
        ("gitlab", format!("glpat-{}", g.from(URLSAFE, 20))),
        ("openai", format!("sk-proj-{}", g.from(URLSAFE, 48))),
        ("anthropic", format!("sk-ant-api03-{}", g.from(URLSAFE, 93))),
        (
            "slack bot",
            format!(
                "xoxb-{}-{}-{}",
                g.from("0123456789", 12),
                g.from("0123456789", 13),
                g.from(ALNUM, 24)
            ),
        ),
        (
            "slack webhook",
            format!(
                "https://hooks.slack.com/services/T{}/B{}/{}",
                g.from(UPPER_DIGITS, 8),
                g.from(UPPER_DIGITS, 8),
                g.from(ALNUM, 24)
            ),
        ),
        ("stripe", format!("sk_live_{}", g.from(ALNUM, 24))),
        ("google api key", format!("AIza{}", g.from(URLSAFE, 35))),
        ("huggingface", format!("hf_{}", g.from(LETTERS, 34))),
        (
            "sendgrid",
            format!("SG.{}.{}", g.from(URLSAFE, 22), g.from(URLSAFE, 43)),
        ),
        ("twilio", format!("SK{}", g.from(LOWER_HEX, 32))),
        ("npm", format!("npm_{}", g.from(ALNUM, 36))),
        ("digitalocean", format!("dop_v1_{}", g.from(LOWER_HEX, 64))),
        (
            "telegram",
            format!("{}:AA{}", g.from("123456789", 9), g.from(URLSAFE, 33)),
        ),
        (
            "jwt",
            format!(
                "eyJhbGciOiJIUzI1NiJ9.{}.{}",
                g.from(URLSAFE, 40),
                g.from(URLSAFE, 43)
            ),
        ),
        (
            "url with password",
            format!(
                "https://deploy:{}@registry.example.org/x",
                g.from(ALNUM, 14)
            ),
        ),
        (
            "password assignment",
            format!(
                "DB_PASSWORD=\"{}!{}\"",
                g.from(LETTERS, 6),
                g.from("0123456789", 4)
            ),
        ),
        (
            "private key",
            "-----BEGIN OPENSSH PRIVATE KEY-----".to_string(),
        ),
    ]
}

/// The contexts a secret is put in.
fn contexts(secret: &str) -> Vec<String> {
    vec![
        secret.to_string(),
        format!("export TOKEN_VALUE={secret}"),
        format!("{{\"credentials\": \"{secret}\"}}"),
        format!("Authorization: Bearer {secret}"),
        format!("see https://example.org/cb?k={secret}&x=1"),
    ]
}

/// A fixed sample of `.py` files under `root`: those whose relative path
/// sorts first by its blake3-free FNV hash (no dependency for a sample).
fn sample(root: &Path, n: usize) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "py") {
                files.push(path);
            }
        }
    }
    let hash = |p: &Path| {
        p.strip_prefix(root)
            .unwrap_or(p)
            .to_string_lossy()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            })
    };
    files.sort_by_key(|p| hash(p));
    files.truncate(n);
    files
}

#[test]
#[ignore = "prints the scanner's figures; run by scripts/bench-review-quality.sh"]
fn secret_scanner_quality() {
    let mut g = Lcg(16);
    let mut per_family: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for _ in 0..20 {
        for (family, secret) in families(&mut g) {
            for text in contexts(&secret) {
                let entry = per_family.entry(family).or_default();
                entry.0 += 1;
                if !policy::secrets::scan_payload(&text).is_empty() {
                    entry.1 += 1;
                }
            }
        }
    }
    println!("outbound secret scanner (policy::secrets::scan_payload):");
    let (mut n, mut found) = (0, 0);
    for (family, (total, hits)) in &per_family {
        n += total;
        found += hits;
        if hits < total {
            println!("  missed: {family}: {hits} of {total}");
        }
    }
    println!(
        "  {:<44} {n:5} texts  found {found:5}  recall {:.3}  (tuned)",
        "generated secrets, 21 families x 5 contexts",
        found as f64 / n as f64
    );
    let root = Path::new("/opt/jail-ci/pysdk");
    if !root.is_dir() {
        println!(
            "  (no {}: .ci/run installs the packages the benign lines come from)",
            root.display()
        );
        return;
    }
    let (mut lines, mut flagged) = (0usize, 0usize);
    for file in sample(root, 400) {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            lines += 1;
            if !policy::secrets::scan_payload(line).is_empty() {
                flagged += 1;
            }
        }
    }
    println!(
        "  {:<44} {lines:5} lines  flagged {flagged:5}  false positives {:.4}  (held out)",
        "lines of library code from PyPI",
        flagged as f64 / lines as f64
    );
}
