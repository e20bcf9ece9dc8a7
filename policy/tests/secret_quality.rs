//! How the outbound secret scanner does (`scripts/bench-review-quality.sh`
//! runs this): `cargo test -p policy --release --test secret_quality --
//! --ignored --nocapture`.
//!
//! - Secrets: generated per family from the published token formats, each
//!   in several contexts (an env line, JSON, a header, a URL, bare). The
//!   rules were written from the same formats: a tuned set.
//! - gitleaks' literal rule examples, Nosey Parker's and Kingfisher's rule
//!   examples, and secretlint's rule test inputs
//!   (tests/review-quality/secrets), each split by rule into a tuning half
//!   and a held-out half: recall on the true positives, false positives on
//!   the false positives.
//! - Benign: every line of a fixed sample of real Python source (the PyPI
//!   packages `.ci/run` installs in /opt/jail-ci/pysdk; nothing was tuned
//!   on them): held out.

use std::path::{Path, PathBuf};

/// The four sources' examples (`scripts/gitleaks-examples.py`,
/// `scripts/noseyparker-examples.py`, `scripts/kingfisher-examples.py`,
/// `scripts/secretlint-examples.py`).
fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/review-quality/secrets")
}

/// `(rule id, example)` from one of the example files.
fn examples(name: &str) -> Vec<(String, String)> {
    let Ok(text) = std::fs::read_to_string(examples_dir().join(name)) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(rule, example)| (rule.to_string(), unescape(example)))
        .collect()
}

/// Undoes the script's escaping of `\\`, newlines, CRs and tabs.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// Recall on one source's true positives and false positives on its
/// false positives (`gitleaks`, `noseyparker`, `kingfisher`,
/// `secretlint`), each split in two halves
/// by rule (see the README there). With `SECRET_QUALITY_SHOW=1`, the
/// misses and false positives of the tuning half are printed (never those
/// of the held-out half).
fn source_examples(source: &str) {
    let show = std::env::var_os("SECRET_QUALITY_SHOW").is_some_and(|v| v == "1");
    let found = |example: &str| !policy::secrets::scan_payload(example).is_empty();
    for (which, tag) in [("tuning", "tuned"), ("heldout", "held out")] {
        let set = examples(&format!("{source}-tps-{which}.txt"));
        let hits = set.iter().filter(|(_, e)| found(e)).count();
        if tag == "tuned" && show {
            for (rule, example) in set.iter().filter(|(_, e)| !found(e)) {
                println!("  missed: {rule}: {}", example.escape_debug());
            }
        }
        let label = format!("{source} true positives, {} half", half_name(which));
        println!(
            "  {label:<44} {:5} texts  found {hits:5}  recall {:.3}  ({tag})",
            set.len(),
            hits as f64 / set.len().max(1) as f64
        );
    }
    for (which, tag) in [("tuning", "tuned"), ("heldout", "held out")] {
        let set = examples(&format!("{source}-fps-{which}.txt"));
        let flagged = set.iter().filter(|(_, e)| found(e)).count();
        if tag == "tuned" && show {
            for (rule, example) in set.iter().filter(|(_, e)| found(e)) {
                println!("  flagged: {rule}: {}", example.escape_debug());
            }
        }
        let label = format!("{source} false positives, {} half", half_name(which));
        println!(
            "  {label:<44} {:5} texts  flagged {flagged:5}  false positives {:.4}  ({tag})",
            set.len(),
            flagged as f64 / set.len().max(1) as f64
        );
    }
}

fn half_name(which: &str) -> &str {
    if which == "heldout" {
        "held-out"
    } else {
        which
    }
}

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
const LOWER_ALNUM: &str = "abcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_ALNUM: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const DIGITS: &str = "0123456789";

fn uuid(g: &mut Lcg) -> String {
    format!(
        "{}-{}-{}-{}-{}",
        g.from(LOWER_HEX, 8),
        g.from(LOWER_HEX, 4),
        g.from(LOWER_HEX, 4),
        g.from(LOWER_HEX, 4),
        g.from(LOWER_HEX, 12)
    )
}

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
        // The rest of the catalog, one family per kind.
        ("adobe client secret", format!("p8e-{}", g.from(ALNUM, 32))),
        (
            "age",
            format!("AGE-SECRET-KEY-1{}", g.from(UPPER_ALNUM, 58)),
        ),
        (
            "airtable api key",
            format!("AIRTABLE_API_KEY={}", g.from(LOWER_ALNUM, 17)),
        ),
        (
            "airtable pat",
            format!("pat{}.{}", g.from(ALNUM, 14), g.from(LOWER_HEX, 64)),
        ),
        (
            "asana",
            format!("ASANA_CLIENT_SECRET={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "asana personal access token",
            format!(
                "ASANA_PAT=2/{}/{}:{}",
                g.from(DIGITS, 16),
                g.from(DIGITS, 16),
                g.from(LOWER_HEX, 32)
            ),
        ),
        ("ubidots", format!("BBFF-{}", g.from(ALNUM, 30))),
        (
            "telnyx",
            format!("TELNYX_API_KEY=KEY{}", g.from(URLSAFE, 55)),
        ),
        (
            "assemblyai",
            format!("ASSEMBLYAI_API_KEY={}", g.from(LOWER_HEX, 32)),
        ),
        (
            "authress",
            format!(
                "sc_{}.{}.acc_{}.{}",
                g.from(ALNUM, 12),
                g.from(ALNUM, 5),
                g.from(LOWER_ALNUM, 20),
                g.from(B64, 60)
            ),
        ),
        ("aws bedrock", format!("ABSK{}", g.from(ALNUM, 132))),
        (
            "azure devops",
            format!("{}AZDO{}", g.from(ALNUM, 76), g.from(ALNUM, 4)),
        ),
        (
            "azure sas",
            format!(
                "https://acct.blob.core.windows.net/c?sv=2022-11-02&ss=b&sig={}%3D",
                g.from(ALNUM, 43)
            ),
        ),
        (
            "azure storage",
            format!(
                "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={}==",
                g.from(B64, 86)
            ),
        ),
        (
            "beamer",
            format!("BEAMER_API_KEY=b_{}", g.from(URLSAFE, 44)),
        ),
        (
            "bitbucket client id",
            format!("BITBUCKET_CLIENT_ID={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "bitbucket app password",
            format!("ATBB{}", g.from(ALNUM, 32)),
        ),
        (
            "bittrex",
            format!("BITTREX_API_KEY={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "braintree",
            format!(
                "access_token$production${}${}",
                g.from(LOWER_ALNUM, 16),
                g.from(LOWER_HEX, 32)
            ),
        ),
        (
            "bugsnag",
            format!("BUGSNAG_API_KEY={}", g.from(LOWER_HEX, 32)),
        ),
        ("buildkite", format!("bkua_{}", g.from(LOWER_HEX, 40))),
        (
            "circleci",
            format!("CCIPAT_{}_{}", g.from(ALNUM, 22), g.from(LOWER_HEX, 40)),
        ),
        ("clickhouse", format!("4b1d{}", g.from(ALNUM, 38))),
        (
            "clickup",
            format!("pk_{}_{}", g.from(DIGITS, 8), g.from(UPPER_ALNUM, 32)),
        ),
        (
            "cloudant",
            format!("CLOUDANT_PASSWORD={}", g.from(LOWER_HEX, 64)),
        ),
        (
            "cloudflare global",
            format!("CLOUDFLARE_GLOBAL_KEY={}", g.from(LOWER_HEX, 37)),
        ),
        ("contentful", format!("CFPAT-{}", g.from(URLSAFE, 43))),
        (
            "curl header",
            format!(
                "curl -H \"Authorization: Bearer {}\" https://api.example.org",
                g.from(ALNUM, 32)
            ),
        ),
        (
            "curl user",
            format!(
                "curl -u deploy:{} https://api.example.org",
                g.from(ALNUM, 16)
            ),
        ),
        (
            "datadog api key",
            format!("DD_API_KEY={}", g.from(LOWER_HEX, 32)),
        ),
        (
            "deepgram",
            format!("DEEPGRAM_API_KEY={}", g.from(LOWER_HEX, 40)),
        ),
        (
            "defined networking",
            format!(
                "dnkey-{}-{}",
                g.from(LOWER_ALNUM, 26),
                g.from(LOWER_ALNUM, 52)
            ),
        ),
        (
            "discord bot",
            format!(
                "M{}.{}.{}",
                g.from(ALNUM, 23),
                g.from(URLSAFE, 6),
                g.from(ALNUM, 27)
            ),
        ),
        (
            "discord token",
            format!("DISCORD_TOKEN={}", g.from(LOWER_HEX, 64)),
        ),
        (
            "discord webhook",
            format!(
                "https://discord.com/api/webhooks/{}/{}",
                g.from(DIGITS, 18),
                g.from(URLSAFE, 68)
            ),
        ),
        ("doppler", format!("dp.pt.{}", g.from(ALNUM, 43))),
        (
            "drone ci",
            format!("DRONECI_TOKEN={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "elevenlabs",
            format!("ELEVENLABS_API_KEY=sk_{}", g.from(LOWER_HEX, 48)),
        ),
        ("etsy", format!("ETSY_API_KEY={}", g.from(LOWER_ALNUM, 24))),
        (
            "facebook secret",
            format!("FACEBOOK_APP_SECRET={}", g.from(LOWER_HEX, 32)),
        ),
        (
            "facebook token",
            format!(
                "facebook_access_token = \"{}|{}\"",
                g.from(DIGITS, 15),
                g.from(URLSAFE, 32)
            ),
        ),
        ("figma", format!("figd_{}", g.from(URLSAFE, 40))),
        (
            "finicity secret",
            format!("FINICITY_CLIENT_SECRET={}", g.from(LOWER_ALNUM, 20)),
        ),
        (
            "finicity",
            format!("FINICITY_APP_KEY={}", g.from(LOWER_HEX, 32)),
        ),
        (
            "finnhub",
            format!("FINNHUB_API_KEY={}", g.from(LOWER_ALNUM, 20)),
        ),
        (
            "flickr",
            format!("FLICKR_API_KEY={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "flutterwave encryption",
            format!("FLWSECK_TEST-{}", g.from("abcdef0123456789", 12)),
        ),
        ("fly.io", format!("fo1_{}", g.from(URLSAFE, 43))),
        (
            "freshbooks",
            format!("FRESHBOOKS_TOKEN={}", g.from(LOWER_ALNUM, 64)),
        ),
        (
            "gcp service account type",
            "{\"type\": \"service_account\", \"project_id\": \"p\"}".to_string(),
        ),
        (
            "gitlab runner registration",
            format!("GR1348941{}", g.from(URLSAFE, 20)),
        ),
        (
            "gitlab session",
            format!("_gitlab_session={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "gitter",
            format!("GITTER_TOKEN={}", g.from(LOWER_ALNUM, 40)),
        ),
        (
            "gocardless",
            format!("GOCARDLESS_ACCESS_TOKEN=live_{}", g.from(URLSAFE, 40)),
        ),
        (
            "google oauth token",
            format!("ya29.{}", g.from(URLSAFE, 60)),
        ),
        ("grafana api key", format!("eyJrIjoi{}", g.from(ALNUM, 80))),
        ("groq", format!("gsk_{}", g.from(ALNUM, 52))),
        (
            "harness",
            format!(
                "pat.{}.{}.{}",
                g.from(URLSAFE, 22),
                g.from(ALNUM, 24),
                g.from(ALNUM, 20)
            ),
        ),
        (
            "honeycomb",
            format!("HONEYCOMB_API_KEY={}", g.from(LOWER_ALNUM, 32)),
        ),
        ("hubspot pat", format!("pat-na1-{}", uuid(g))),
        (
            "ibm cloud",
            format!("IBM_CLOUD_API_KEY={}", g.from(URLSAFE, 44)),
        ),
        (
            "ibm cos hmac",
            format!("COS_HMAC_SECRET_ACCESS_KEY={}", g.from(LOWER_HEX, 48)),
        ),
        ("jfrog api key", format!("AKCp{}", g.from(ALNUM, 69))),
        (
            "jfrog api key near",
            format!("ARTIFACTORY_API_KEY={}", g.from(LOWER_ALNUM, 73)),
        ),
        (
            "jfrog identity",
            format!("JFROG_ACCESS_TOKEN={}", g.from(LOWER_ALNUM, 64)),
        ),
        ("jfrog reference", format!("cmVmd{}", g.from(ALNUM, 59))),
        ("kraken", format!("KRAKEN_PRIVATE_KEY={}", g.from(B64, 88))),
        (
            "kucoin key",
            format!("KUCOIN_API_KEY={}", g.from(LOWER_HEX, 24)),
        ),
        ("linear", format!("lin_api_{}", g.from(ALNUM, 40))),
        (
            "linear client secret",
            format!("LINEAR_CLIENT_SECRET={}", g.from(LOWER_HEX, 32)),
        ),
        (
            "linkedin",
            format!("LINKEDIN_CLIENT_SECRET={}", g.from(LOWER_ALNUM, 16)),
        ),
        ("lob", format!("LOB_API_KEY=live_{}", g.from(LOWER_HEX, 35))),
        (
            "looker",
            format!("LOOKER_CLIENT_SECRET={}", g.from(LOWER_ALNUM, 24)),
        ),
        (
            "mailchimp",
            format!("{}-us{}", g.from(LOWER_HEX, 32), g.from("123456789", 1)),
        ),
        (
            "mailgun signing",
            format!(
                "MAILGUN_SIGNING_KEY={}-{}-{}",
                g.from("abcdefgh0123456789", 32),
                g.from("abcdefgh0123456789", 8),
                g.from("abcdefgh0123456789", 8)
            ),
        ),
        (
            "mattermost",
            format!("MATTERMOST_TOKEN={}", g.from(LOWER_ALNUM, 26)),
        ),
        (
            "maxmind",
            format!("{}_{}_mmk", g.from(ALNUM, 6), g.from(ALNUM, 29)),
        ),
        (
            "meraki",
            format!("MERAKI_DASHBOARD_API_KEY={}", g.from(LOWER_HEX, 40)),
        ),
        (
            "messagebird id",
            format!("MESSAGEBIRD_CLIENT_ID={}", uuid(g)),
        ),
        (
            "messagebird",
            format!("MESSAGEBIRD_API_KEY={}", g.from(LOWER_ALNUM, 25)),
        ),
        ("new relic", format!("NRAK-{}", g.from(UPPER_ALNUM, 27))),
        ("nuget api key", format!("oy2{}", g.from(LOWER_ALNUM, 43))),
        (
            "nuget config",
            format!(
                "<add key=\"ClearTextPassword\" value=\"{}\" />",
                g.from(ALNUM, 16)
            ),
        ),
        (
            "nytimes",
            format!("NYTIMES_API_KEY={}", g.from(URLSAFE, 32)),
        ),
        ("octopus deploy", format!("API-{}", g.from(UPPER_ALNUM, 26))),
        (
            "1password secret key",
            format!(
                "A3-{}-{}-{}-{}-{}",
                g.from(UPPER_ALNUM, 6),
                g.from(UPPER_ALNUM, 11),
                g.from(UPPER_ALNUM, 5),
                g.from(UPPER_ALNUM, 5),
                g.from(UPPER_ALNUM, 5)
            ),
        ),
        (
            "pagerduty",
            format!("PAGERDUTY_TOKEN={}", g.from(URLSAFE, 20)),
        ),
        ("pinecone", format!("pcsk_{}", g.from(ALNUM, 60))),
        (
            "plaid client id",
            format!("PLAID_CLIENT_ID={}", g.from(LOWER_ALNUM, 24)),
        ),
        (
            "plaid access",
            format!("PLAID_ACCESS_TOKEN=access-production-{}", uuid(g)),
        ),
        ("postmark", format!("POSTMARK_SERVER_TOKEN={}", uuid(g))),
        (
            "private ai",
            format!("PRIVATE_AI_API_KEY={}", g.from(LOWER_ALNUM, 32)),
        ),
        ("putty", "PuTTY-User-Key-File-3: ssh-ed25519".to_string()),
        (
            "pypi",
            format!("pypi-AgEIcHlwaS5vcmc{}", g.from(URLSAFE, 70)),
        ),
        ("rapidapi", format!("RAPIDAPI_KEY={}", g.from(URLSAFE, 50))),
        ("render", format!("rnd_{}", g.from(ALNUM, 32))),
        ("replicate", format!("r8_{}", g.from(ALNUM, 37))),
        (
            "rollbar",
            format!("ROLLBAR_ACCESS_TOKEN={}", g.from(LOWER_HEX, 32)),
        ),
        ("sendbird id", format!("SENDBIRD_APP_ID={}", uuid(g))),
        (
            "sendbird",
            format!("SENDBIRD_API_TOKEN={}", g.from(LOWER_HEX, 40)),
        ),
        ("shopify", format!("shpat_{}", g.from(LOWER_HEX, 32))),
        (
            "sidekiq",
            format!(
                "BUNDLE_GEMS__CONTRIBSYS__COM={}:{}",
                g.from(LOWER_HEX, 8),
                g.from(LOWER_HEX, 8)
            ),
        ),
        (
            "sidekiq url",
            format!(
                "https://{}:{}@gems.contribsys.com/",
                g.from(LOWER_HEX, 8),
                g.from(LOWER_HEX, 8)
            ),
        ),
        (
            "slack app",
            format!(
                "xapp-1-A{}-{}-{}",
                g.from(UPPER_ALNUM, 10),
                g.from(DIGITS, 13),
                g.from(LOWER_HEX, 64)
            ),
        ),
        (
            "softlayer",
            format!("SOFTLAYER_API_KEY={}", g.from(LOWER_ALNUM, 64)),
        ),
        ("sonar", format!("sqp_{}", g.from(LOWER_HEX, 40))),
        ("splunk", format!("SPLUNK_HEC_TOKEN={}", uuid(g))),
        ("square", format!("sq0atp-{}", g.from(URLSAFE, 22))),
        ("squarespace", format!("SQUARESPACE_API_KEY={}", uuid(g))),
        ("stripe webhook", format!("whsec_{}", g.from(ALNUM, 32))),
        (
            "sumologic access id",
            format!("SUMO_ACCESS_ID=su{}", g.from(ALNUM, 12)),
        ),
        ("supabase", format!("sbp_{}", g.from(LOWER_HEX, 40))),
        ("tavily", format!("tvly-{}", g.from(ALNUM, 32))),
        (
            "teams webhook",
            format!(
                "https://acme.webhook.office.com/webhookb2/{}@{}/IncomingWebhook/{}/{}",
                uuid(g),
                uuid(g),
                g.from(LOWER_HEX, 32),
                uuid(g)
            ),
        ),
        (
            "tencent secret",
            format!("TENCENT_SECRET_KEY={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "trello",
            format!("TRELLO_API_TOKEN={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "twitter bearer",
            format!("{}{}", "A".repeat(22), g.from(ALNUM, 90)),
        ),
        (
            "twitter access token",
            format!(
                "TWITTER_ACCESS_TOKEN={}-{}",
                g.from(DIGITS, 19),
                g.from(ALNUM, 30)
            ),
        ),
        ("vault", format!("hvs.{}", g.from(URLSAFE, 95))),
        // Issue 16: the gitleaks catalog. Tokens with their own prefix …
        (
            "gcp service account",
            format!("\"private_key_id\": \"{}\"", g.from(LOWER_HEX, 40)),
        ),
        (
            "azure ad client secret",
            format!(
                "{}{}Q~{}",
                g.from(ALNUM, 3),
                g.from(DIGITS, 1),
                g.from(URLSAFE, 34)
            ),
        ),
        ("alibaba", format!("LTAI{}", g.from(ALNUM, 20))),
        ("tencent", format!("AKID{}", g.from(ALNUM, 32))),
        (
            "google oauth secret",
            format!("GOCSPX-{}", g.from(URLSAFE, 28)),
        ),
        ("heroku v2", format!("HRKU-AA{}", g.from(URLSAFE, 58))),
        (
            "cloudflare origin ca",
            format!("v1.0-{}-{}", g.from(LOWER_HEX, 24), g.from(LOWER_HEX, 146)),
        ),
        ("openshift", format!("sha256~{}", g.from(URLSAFE, 43))),
        (
            "terraform cloud",
            format!("{}.atlasv1.{}", g.from(ALNUM, 14), g.from(URLSAFE, 64)),
        ),
        ("pulumi", format!("pul-{}", g.from(LOWER_HEX, 40))),
        ("planetscale", format!("pscale_tkn_{}", g.from(URLSAFE, 43))),
        ("scalingo", format!("tk-us-{}", g.from(URLSAFE, 48))),
        ("infracost", format!("ico-{}", g.from(ALNUM, 32))),
        (
            "dynatrace",
            format!(
                "dt0c01.{}.{}",
                g.from(UPPER_ALNUM, 24),
                g.from(UPPER_ALNUM, 64)
            ),
        ),
        ("docker hub", format!("dckr_pat_{}", g.from(URLSAFE, 27))),
        ("grafana cloud", format!("glc_{}", g.from(ALNUM, 60))),
        (
            "grafana service account",
            format!("glsa_{}_{}", g.from(ALNUM, 32), g.from(LOWER_HEX, 8)),
        ),
        ("sentry user", format!("sntryu_{}", g.from(LOWER_HEX, 64))),
        (
            "postman",
            format!("PMAK-{}-{}", g.from(LOWER_HEX, 24), g.from(LOWER_HEX, 34)),
        ),
        ("prefect", format!("pnu_{}", g.from(ALNUM, 36))),
        ("readme", format!("rdme_{}", g.from(LOWER_ALNUM, 70))),
        ("rubygems", format!("rubygems_{}", g.from(LOWER_HEX, 48))),
        (
            "sourcegraph",
            format!("sgp_{}_{}", g.from(LOWER_HEX, 16), g.from(LOWER_HEX, 40)),
        ),
        ("clojars", format!("CLOJARS_{}", g.from(LOWER_ALNUM, 60))),
        ("1password", format!("ops_eyJ{}", g.from(B64, 260))),
        ("settlemint", format!("sm_pat_{}", g.from(ALNUM, 16))),
        ("shippo", format!("shippo_live_{}", g.from(LOWER_HEX, 40))),
        ("easypost", format!("EZAK{}", g.from(ALNUM, 54))),
        ("duffel", format!("duffel_live_{}", g.from(URLSAFE, 43))),
        ("frame.io", format!("fio-u-{}", g.from(URLSAFE, 64))),
        (
            "flutterwave",
            format!("FLWSECK_TEST-{}-X", g.from("abcdefgh0123456789", 32)),
        ),
        (
            "sendinblue",
            format!("xkeysib-{}-{}", g.from(LOWER_HEX, 64), g.from(ALNUM, 16)),
        ),
        ("typeform", format!("tfp_{}", g.from(URLSAFE, 59))),
        (
            "mapbox",
            format!("sk.eyJ1Ijoi{}.{}", g.from(URLSAFE, 40), g.from(URLSAFE, 22)),
        ),
        ("perplexity", format!("pplx-{}", g.from(ALNUM, 48))),
        ("xai", format!("xai-{}", g.from(ALNUM, 80))),
        ("openrouter", format!("sk-or-v1-{}", g.from(LOWER_HEX, 64))),
        ("fireworks", format!("fw_{}", g.from(ALNUM, 24))),
        (
            "langsmith",
            format!(
                "lsv2_pt_{}_{}",
                g.from(LOWER_HEX, 32),
                g.from(LOWER_HEX, 10)
            ),
        ),
        (
            "notion",
            format!("ntn_{}{}", g.from(DIGITS, 11), g.from(ALNUM, 35)),
        ),
        ("facebook page", format!("EAAC{}", g.from(ALNUM, 120))),
        ("intra42", format!("s-s4t2ud-{}", g.from(LOWER_HEX, 64))),
        ("databricks", format!("dapi{}", g.from(LOWER_HEX, 32))),
        // … and values known by the provider's name next to them.
        (
            "datadog",
            format!("DATADOG_APP_KEY={}", g.from(LOWER_ALNUM, 40)),
        ),
        (
            "cloudflare",
            format!("CLOUDFLARE_API_TOKEN=\"{}\"", g.from(URLSAFE, 40)),
        ),
        (
            "alibaba secret",
            format!("alibaba_secret_key: {}", g.from(LOWER_ALNUM, 30)),
        ),
        (
            "netlify",
            format!("NETLIFY_AUTH_TOKEN={}", g.from(URLSAFE, 43)),
        ),
        (
            "sentry",
            format!("SENTRY_AUTH_TOKEN={}", g.from(LOWER_HEX, 64)),
        ),
        (
            "sumologic",
            format!("sumo_access_key = '{}'", g.from(ALNUM, 64)),
        ),
        ("snyk", format!("SNYK_TOKEN={}", uuid(g))),
        (
            "codecov",
            format!("CODECOV_TOKEN={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "travis",
            format!("travis_api_token: {}", g.from(LOWER_ALNUM, 22)),
        ),
        (
            "bitbucket",
            format!("BITBUCKET_CLIENT_SECRET={}", g.from(URLSAFE, 64)),
        ),
        (
            "atlassian",
            format!(
                "JIRA_API_TOKEN={}{}",
                g.from(LOWER_ALNUM, 20),
                g.from(LOWER_HEX, 4)
            ),
        ),
        ("okta", format!("OKTA_API_TOKEN=00{}", g.from(URLSAFE, 40))),
        (
            "launchdarkly",
            format!("LAUNCHDARKLY_ACCESS_TOKEN={}", g.from(URLSAFE, 40)),
        ),
        ("plaid", format!("PLAID_SECRET={}", g.from(LOWER_ALNUM, 30))),
        (
            "coinbase",
            format!("coinbase_api_secret = \"{}\"", g.from(URLSAFE, 64)),
        ),
        ("kucoin", format!("KUCOIN_API_SECRET={}", uuid(g))),
        (
            "mailgun",
            format!("MAILGUN_API_KEY=key-{}", g.from(LOWER_HEX, 32)),
        ),
        (
            "twilio auth",
            format!("TWILIO_AUTH_TOKEN={}", g.from(LOWER_HEX, 32)),
        ),
        (
            "twitter",
            format!("TWITTER_CONSUMER_SECRET={}", g.from(ALNUM, 50)),
        ),
        (
            "twitch",
            format!("twitch_client_secret: {}", g.from(LOWER_ALNUM, 30)),
        ),
        (
            "discord",
            format!("DISCORD_CLIENT_SECRET={}", g.from(URLSAFE, 32)),
        ),
        (
            "zendesk",
            format!("ZENDESK_API_TOKEN={}", g.from(ALNUM, 40)),
        ),
        ("hubspot", format!("HUBSPOT_API_KEY={}", uuid(g))),
        (
            "intercom",
            format!("INTERCOM_ACCESS_TOKEN={}", g.from(URLSAFE, 60)),
        ),
        (
            "algolia",
            format!("ALGOLIA_ADMIN_KEY={}", g.from(LOWER_ALNUM, 32)),
        ),
        (
            "adobe",
            format!("ADOBE_CLIENT_ID={}", g.from(LOWER_HEX, 32)),
        ),
        (
            "dropbox",
            format!("dropbox_token = \"sl.{}\"", g.from(URLSAFE, 135)),
        ),
        (
            "fastly",
            format!("FASTLY_API_TOKEN={}", g.from(URLSAFE, 32)),
        ),
        (
            "yandex",
            format!("YANDEX_API_KEY=AQVN{}", g.from(URLSAFE, 36)),
        ),
        ("cohere", format!("COHERE_API_KEY={}", g.from(ALNUM, 40))),
        ("mistral", format!("MISTRAL_API_KEY={}", g.from(ALNUM, 32))),
        (
            "deepseek",
            format!("DEEPSEEK_API_KEY=sk-{}", g.from(LOWER_HEX, 32)),
        ),
        (
            "together",
            format!("TOGETHER_API_KEY={}", g.from(LOWER_HEX, 64)),
        ),
        ("wandb", format!("WANDB_API_KEY={}", g.from(LOWER_HEX, 40))),
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
            println!("  {family}: found {hits} of {total}");
        }
    }
    println!(
        "  {:<44} {n:5} texts  found {found:5}  recall {:.3}  (tuned)",
        format!(
            "generated secrets, {} families x 5 contexts",
            per_family.len()
        ),
        found as f64 / n as f64
    );
    source_examples("gitleaks");
    source_examples("noseyparker");
    source_examples("kingfisher");
    source_examples("secretlint");
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

/// Nanoseconds per line of `scan` (and of `scan_payload`, which runs it
/// on every decoding) over the PyPI sample: the best of five runs. No
/// threshold: it prints, for comparing two versions on one machine.
#[test]
#[ignore = "prints the scanner's speed; compare runs on one machine"]
fn secret_scanner_speed() {
    let root = Path::new("/opt/jail-ci/pysdk");
    let lines: Vec<String> = sample(root, 400)
        .iter()
        .filter_map(|file| std::fs::read_to_string(file).ok())
        .flat_map(|text| {
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    if lines.is_empty() {
        println!("  (no {}: nothing to time)", root.display());
        return;
    }
    let time = |f: &dyn Fn(&str) -> usize| {
        (0..5)
            .map(|_| {
                let start = std::time::Instant::now();
                let found: usize = lines.iter().map(|l| f(l)).sum();
                std::hint::black_box(found);
                start.elapsed().as_nanos() as f64 / lines.len() as f64
            })
            .fold(f64::INFINITY, f64::min)
    };
    let scan = time(&|l| policy::secrets::scan(l).len());
    let payload = time(&|l| policy::secrets::scan_payload(l).len());
    let joined = lines.join("\n");
    let start = std::time::Instant::now();
    std::hint::black_box(policy::secrets::scan(&joined).len());
    let whole = start.elapsed().as_nanos() as f64 / lines.len() as f64;
    println!(
        "  scan {scan:.0} ns/line, scan_payload {payload:.0} ns/line, scan of all {} lines as one text {whole:.0} ns/line",
        lines.len()
    );
}
