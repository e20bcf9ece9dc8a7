use crate::model::*;
use rstest::rstest;

const REVIEW_EXAMPLE: &str = r#"[profile.agent.review]
required = true
reject_on_critical_injection = true
adversarial = true
cache = false
max_rework = 2

[profile.agent.review.forbidden_imports]
python = ["ctypes", "pickle", "os.path"]
javascript = ["child_process", "node:vm", "@scope/pkg"]

[[profile.agent.review.reviewers]]
kind = "static"

[[profile.agent.review.reviewers]]
kind = "command"
command = ["/usr/local/bin/my-reviewer", "--strict"]
timeout_secs = 30

[[profile.agent.review.reviewers]]
kind = "openai"
base_url = "https://api.openai.com/v1/"
model = "gpt-4o-mini"
key = { env = "OPENAI_API_KEY" }
max_tokens = 512
token_budget = 10000
timeout_secs = 20

[[profile.agent.review.reviewers]]
kind = "anthropic"
model = "claude-3-5-haiku-latest"
key = { file = "/run/secrets/anthropic" }
"#;

#[test]
fn review_section_parses() {
    let policy = crate::parse(REVIEW_EXAMPLE, "p.toml").expect("valid policy");
    let review = &policy.profile("agent").expect("agent").review;
    assert!(review.required && review.reject_on_critical_injection && review.adversarial);
    assert!(!review.cache);
    assert_eq!(review.max_rework, 2);
    assert_eq!(
        review.forbidden_imports.for_language("python"),
        ["ctypes", "pickle", "os.path"]
    );
    assert_eq!(review.forbidden_imports.for_language("javascript").len(), 3);
    assert!(review
        .forbidden_imports
        .for_language("typescript")
        .is_empty());
    assert!(review.forbidden_imports.for_language("bash").is_empty());
    assert_eq!(
        review.reviewers,
        vec![
            ReviewerConfig::Static,
            ReviewerConfig::Command(CommandReviewerConfig {
                command: vec!["/usr/local/bin/my-reviewer".into(), "--strict".into()],
                timeout_secs: 30,
            }),
            ReviewerConfig::OpenAi(HttpReviewerConfig {
                base_url: "https://api.openai.com/v1".into(),
                model: "gpt-4o-mini".into(),
                key: CredentialSource::Env("OPENAI_API_KEY".into()),
                max_tokens: 512,
                token_budget: 10_000,
                timeout_secs: 20,
            }),
            ReviewerConfig::Anthropic(HttpReviewerConfig {
                base_url: "https://api.anthropic.com/v1".into(),
                model: "claude-3-5-haiku-latest".into(),
                key: CredentialSource::File("/run/secrets/anthropic".into()),
                max_tokens: 1024,
                token_budget: 20_000,
                timeout_secs: 60,
            }),
        ]
    );
    let kinds: Vec<&str> = review.reviewers.iter().map(ReviewerConfig::kind).collect();
    assert_eq!(kinds, ["static", "command", "openai", "anthropic"]);
    let text = toml::to_string(&policy).expect("serializes");
    assert_eq!(crate::parse(&text, "p.toml").ok(), Some(policy));
}

#[test]
fn review_defaults_work_offline() {
    let review = Profile::default().review;
    assert!(review.required && review.cache);
    assert!(!review.reject_on_critical_injection && !review.adversarial);
    assert_eq!(review.max_rework, 3);
    assert_eq!(review.forbidden_imports, ForbiddenImports::default());
    assert_eq!(review.reviewers, vec![ReviewerConfig::Static]);
    let policy = crate::parse(
        "[profile.p.review]\nadversarial = true\n[profile.p.review.forbidden_imports]\npython = [\"ctypes\"]\n",
        "p.toml",
    )
    .expect("valid");
    let review = &policy.profile("p").expect("p").review;
    assert!(review.adversarial && review.required);
    assert_eq!(review.reviewers, vec![ReviewerConfig::Static]);
    assert!(review.forbidden_imports.javascript.is_empty());
}

#[rstest]
#[case::http_base_url_on_loopback("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1")]
#[case::localhost("http://localhost:1", "http://localhost:1")]
#[case::ipv6_loopback("http://[::1]:9/", "http://[::1]:9")]
#[case::https_with_port("https://llm.internal:8443/api/v1", "https://llm.internal:8443/api/v1")]
fn reviewer_base_urls_accepted(#[case] url: &str, #[case] stored: &str) {
    let text = format!(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = {{ env = \"K\" }}\nbase_url = \"{url}\"\n"
    );
    let policy = crate::parse(&text, "p.toml").expect("valid");
    let ReviewerConfig::OpenAi(http) = &policy.profile("p").expect("p").review.reviewers[0] else {
        panic!("not openai");
    };
    assert_eq!(http.base_url, stored);
}

// Every refusal names the key at fault; deserialization errors also the
// line.
#[rstest]
#[case::unknown_key("[profile.p.review]\nrequire = true\n", 2, "require")]
#[case::bad_type(
    "[profile.p.review]\nmax_rework = \"three\"\n",
    2,
    "\"three\", expected u32"
)]
#[case::second_reviewer_points_at_its_table(
    "[[profile.p.review.reviewers]]\nkind = \"static\"\n\n[[profile.p.review.reviewers]]\nkind = \"openai\"\n",
    1,
    "`review.reviewers[1]`: a reviewer with kind = \"openai\" needs `model`"
)]
#[case::unknown_language("[profile.p.review.forbidden_imports]\nbash = [\"x\"]\n", 2, "bash")]
#[case::python_module(
    "[profile.p.review.forbidden_imports]\npython = [\"os path\"]\n",
    2,
    "Python module name"
)]
#[case::js_relative(
    "[profile.p.review.forbidden_imports]\njavascript = [\"./x\"]\n",
    2,
    "relative"
)]
#[case::no_kind("[[profile.p.review.reviewers]]\nmodel = \"m\"\n", 1, "needs `kind`")]
#[case::unknown_kind("[[profile.p.review.reviewers]]\nkind = \"gpt\"\n", 2, "openai")]
#[case::static_with_model(
    "[[profile.p.review.reviewers]]\nkind = \"static\"\nmodel = \"m\"\n",
    1,
    "`model` is not a key of a reviewer with kind = \"static\""
)]
#[case::unknown_reviewer_key(
    "[[profile.p.review.reviewers]]\nkind = \"static\"\nstrict = true\n",
    3,
    "strict"
)]
#[case::command_without_command(
    "[[profile.p.review.reviewers]]\nkind = \"command\"\n",
    1,
    "needs `command`"
)]
#[case::command_relative(
    "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = [\"reviewer\"]\n",
    1,
    "absolute path"
)]
#[case::command_empty(
    "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = []\n",
    1,
    "`command` is empty"
)]
#[case::command_with_model(
    "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = [\"/bin/r\"]\nmodel = \"m\"\n",
    1,
    "`model` is not a key of a reviewer with kind = \"command\" (it takes only command, timeout_secs)"
)]
#[case::openai_with_command(
    "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\ncommand = [\"/bin/r\"]\n",
    1,
    "`command` is not a key of a reviewer with kind = \"openai\""
)]
#[case::openai_without_model(
    "[[profile.p.review.reviewers]]\nkind = \"openai\"\nkey = { env = \"K\" }\n",
    1,
    "needs `model`"
)]
#[case::anthropic_without_key(
    "[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\n",
    1,
    "needs `key`"
)]
#[case::key_both_sources(
    "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\", file = \"/k\" }\n",
    4,
    "not both"
)]
#[case::plain_http_remote(
    "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\nbase_url = \"http://api.openai.com/v1\"\n",
    1,
    "`base_url`: `http://api.openai.com/v1` would send the API key in the clear"
)]
#[case::base_url_userinfo(
    "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\nbase_url = \"https://u:p@x.com/v1\"\n",
    1,
    "`base_url`"
)]
#[case::base_url_scheme(
    "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\nbase_url = \"ftp://x.com\"\n",
    1,
    "only https"
)]
#[case::model_with_space(
    "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"a b\"\nkey = { env = \"K\" }\n",
    1,
    "`model`"
)]
#[case::zero_timeout(
    "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = [\"/bin/r\"]\ntimeout_secs = 0\n",
    1,
    "`timeout_secs`: 0 seconds is not a limit"
)]
#[case::zero_budget(
    "[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\nkey = { env = \"K\" }\ntoken_budget = 0\n",
    1,
    "`token_budget`"
)]
#[case::zero_max_tokens(
    "[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\nkey = { env = \"K\" }\nmax_tokens = 0\n",
    1,
    "`max_tokens`"
)]
fn bad_review_keys_are_refused(#[case] text: &str, #[case] line: usize, #[case] needle: &str) {
    let err = crate::parse(text, "p.toml").expect_err("must be refused");
    let message = err.to_string();
    assert!(message.starts_with(&format!("p.toml:{line}:")), "{message}");
    assert!(message.contains(needle), "{message}");
}

#[rstest]
#[case::no_reviewers(
    "[profile.p.review]\nreviewers = []\n",
    "profile.p.review.reviewers",
    "kind = \"static\""
)]
#[case::key_passed_into_jail(
    "[profile.p.env]\npass = [\"OPENAI_*\"]\n[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"OPENAI_API_KEY\" }\n",
    "profile.p.review.reviewers[0].key",
    "env.pass"
)]
#[case::key_allowed_as_credential(
    "[profile.p.env]\nallow_credentials = [\"K\"]\n[[profile.p.review.reviewers]]\nkind = \"static\"\n[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\nkey = { env = \"K\" }\n",
    "profile.p.review.reviewers[1].key",
    "env.allow_credentials"
)]
fn review_cross_key_errors_name_the_key(
    #[case] text: &str,
    #[case] key: &str,
    #[case] needle: &str,
) {
    let err = crate::parse(text, "p.toml").expect_err("must be refused");
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("p.toml: `{key}`: ")),
        "{message}"
    );
    assert!(message.contains(needle), "{message}");
}

#[test]
fn meta_detectors_are_reviewer_tables_but_not_the_built_in_one() {
    let policy = crate::parse(
        "[[profile.agent.review.meta_detectors]]\nkind = \"openai\"\nmodel = \"gpt-4o-mini\"\n\
         key = { env = \"OPENAI_API_KEY\" }\n",
        "p.toml",
    )
    .expect("valid policy");
    let detectors = &policy
        .profile("agent")
        .expect("profile")
        .review
        .meta_detectors;
    assert_eq!(detectors.len(), 1);
    let err = crate::parse(
        "[[profile.agent.review.meta_detectors]]\nkind = \"static\"\n",
        "p.toml",
    )
    .expect_err("static is no detector")
    .to_string();
    assert!(
        err.contains("meta_detectors") && err.contains("static"),
        "{err}"
    );
}
