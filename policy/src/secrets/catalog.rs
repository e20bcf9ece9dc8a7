//! The provider catalog: what each credential looks like, one entry per
//! shape, grouped by kind of provider.
//!
//! The shapes were learned from the rules of gitleaks (MIT) and the
//! providers' documentation, and written here in our own form:
//!
//! - [`token`]: a token that carries its own fixed prefix or structure
//!   (`ghp_…`, `pscale_tkn_…`). The regex matches the token; where it has a
//!   capture group, the group is the secret and the rest is context.
//! - [`near`]: a value that is only a credential next to its provider's
//!   name, as the value of an assignment whose key holds the name
//!   (`DATADOG_APP_KEY = "…40 alphanumerics…"`). One helper,
//!   [`super::near_pattern`], builds the "name … up to 20 characters …
//!   separator … value" regex, and the value must look random
//!   ([`super::random_value`]).
//!
//! Every rule lists keywords, one of which occurs (ASCII case-insensitive)
//! in any text the rule matches: [`super::scan`] runs a rule only where one
//! of its keywords is found. A rule with no keywords (a Discord bot token
//! has no fixed part) always runs. Where
//! matches of two rules overlap, the earlier rule wins, so specific shapes
//! come before general ones (`sk-ant-` before `sk-`).

use super::{
    anthropic_key, any, basic_credentials, kubernetes_secret_data, literal_password,
    not_an_example, openai_key, pem_body, plausible, plausible_with_digit, random_value,
    real_password_in_url, slack_like,
};

/// How a rule finds its secret.
pub(super) enum Form {
    /// The token's own regex.
    Token(&'static str),
    /// A provider name (regex, case-insensitive) in an assignment's key,
    /// and the value's regex (case-insensitive, no capture groups).
    Near {
        name: &'static str,
        value: &'static str,
    },
}

/// One credential shape.
pub(super) struct Rule {
    /// What it looks like, snake_case: `datadog_api_key`.
    pub(super) kind: &'static str,
    /// One of these occurs in every match (ASCII case-insensitive).
    pub(super) keywords: &'static [&'static str],
    pub(super) form: Form,
    /// A check on the secret (the capture group, or the whole match) that
    /// rules out look-alikes the regex alone cannot.
    pub(super) check: fn(&str) -> bool,
}

/// A self-describing token, checked by `check`.
const fn token_with(
    kind: &'static str,
    keywords: &'static [&'static str],
    regex: &'static str,
    check: fn(&str) -> bool,
) -> Rule {
    Rule {
        kind,
        keywords,
        form: Form::Token(regex),
        check,
    }
}

/// A self-describing token that is not a placeholder ([`plausible`]).
const fn token(kind: &'static str, keywords: &'static [&'static str], regex: &'static str) -> Rule {
    token_with(kind, keywords, regex, plausible)
}

/// A random-looking value assigned to a key that names the provider.
const fn near(
    kind: &'static str,
    keywords: &'static [&'static str],
    name: &'static str,
    value: &'static str,
) -> Rule {
    Rule {
        kind,
        keywords,
        form: Form::Near { name, value },
        check: random_value,
    }
}

/// A UUID, the form several providers give their keys.
macro_rules! uuid {
    () => {
        "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    };
}

#[rustfmt::skip]
pub(super) const RULES: &[Rule] = &[
    // --- Keys, key files and generic structures -------------------------
    // The header and what follows it: key text, a PEM header
    // (`Proc-Type:`), or the end of the text (the rest was cut off); else
    // the whole block, if its END line is there and [`super::pem_body`]
    // finds a key between (not `...`). A header alone in code is neither.
    token_with("private_key", &["private key"], r#"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:(?:\s|\\[nrt]|["'+,])*(?:[A-Za-z0-9+/=]{40,64}|[A-Za-z0-9+/=]{1,39}\z|[A-Z][a-z]+-[A-Z][a-z]+:|\z)|(?s:.*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----))"#, pem_body),
    token_with("putty_private_key", &["putty-user-key-file-"], r"PuTTY-User-Key-File-\d: [a-z0-9-]+", any),
    token_with("age_secret_key", &["age-secret-key-1"], r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b", any),
    // A GCP service-account key file: its key id next to the private key.
    token("gcp_service_account_key", &["private_key_id"], r#""private_key_id"\s*:\s*"([0-9a-f]{40})""#),
    // Not a secret itself, but it marks a key file that holds one.
    token_with("gcp_service_account", &["service_account"], r#""type"\s*:\s*"service_account""#, any),
    token("nuget_config_password", &["<add key="], r#"(?i)<add key="(?:ClearText)?Password"\s*value="([^"]{8,})""#),
    // .NET configuration: an `<add key="…Password…" value="…"/>`.
    token_with("dotnet_config_secret", &["<add "], r#"(?i)<add\s+key\s*=\s*"[^"\n]{0,20}(?:pass|pwd|secret|token)[^"\n]{0,20}"\s+value\s*=\s*"([^"\n]{3,100})""#, literal_password),
    // A connection string's password, after a key that marks one
    // (`Server=`, `Data Source=`, `User ID=`, `Uid=`, `Driver=`).
    token_with("connection_string_password", &["password=", "pwd=", "password =", "pwd ="], r#"(?i)\b(?:server|data source|database|initial catalog|user id|userid|uid|user|host|provider|driver|dsn)[ \t]*=[^\n]{0,200}?\b(?:password|pwd)[ \t]?=[ \t]*([^;"'\s<>{}$][^;"'<>\n]{2,100}?)\s*(?:[;"']|$)"#, literal_password),
    token_with("dotnet_network_credential", &["networkcredential"], r#"(?i)\bNetworkCredential\s*\(\s*"[^"\n]{1,100}"\s*,\s*"([^"\n]{3,100})""#, literal_password),
    token_with("dotnet_directory_entry", &["directoryentry"], r#"(?i)\bDirectoryEntry\s*\(\s*"[^"\n]{3,100}"\s*,\s*"[^"\n]{1,50}"\s*,\s*"([^"\n]{3,50})""#, literal_password),
    // A password compared with a literal (`if password == "team10"`), or
    // told (`the default password is 'blooberry'`).
    token_with("password_literal", &["password", "passwd", "pwd", "secret", "pass"], r#"(?i)\b(?:password|passwd|pwd|secret|pass)\b["'\]]?\s*(?:===?|!==?)\s*["']([^"'\n]{3,60})["']"#, literal_password),
    token_with("password_literal", &["password is", "password was"], r#"(?i)\bthe (?:default )?password (?:is|was):?\s*["']([^"'\s]{3,60})["']"#, literal_password),
    token_with("netrc_password", &["machine"], r"\bmachine\s+\S+\s+login\s+\S+\s+password\s+(\S+)", literal_password),
    token_with("command_line_password", &["psexec"], r"(?i)\bpsexec\b[^\n]{0,100}?\s-u\s*\S+\s+-p\s*(\S+)", literal_password),
    token_with("command_line_password", &["connect-viserver"], r#"(?i)\bConnect-VIServer\b[^\n]{0,150}?\s-Password\s+["']?([^\s"']{3,64})"#, literal_password),
    token_with("basic_auth_header", &["basic"], r#"(?i)\bauthorization["']?\s*[:=]?\s*["']?basic\s+([A-Za-z0-9+/]{6,}={0,2})"#, basic_credentials),
    // A Secret manifest's base64 `data:` values, `kind` before or after.
    token_with("kubernetes_secret", &["kind:"], r#"(?i)\bkind:[ \t]*["']?secret["']?\s(?s:.){0,200}?\bdata:(?s:.){0,100}?\s+[\w.-]+:[ \t]*["']?[a-z0-9+/]{10,}={0,3}["']?|\bdata:(?s:.){0,100}?\s+[\w.-]+:[ \t]*["']?[a-z0-9+/]{10,}={0,3}["']?(?s:.){0,200}?\bkind:[ \t]*["']?secret\b["']?"#, kubernetes_secret_data),
    token_with("kubernetes_bootstrap_token", &["bootstrap"], r"(?i:bootstrap)[\w-]{0,10}[^\w\n]{1,8}([a-z0-9]{6}\.[a-z0-9]{16})\b", random_value),
    near("kubernetes_bootstrap_token", &["token-secret", "token_secret"], "token[_-]secret", "[a-z0-9]{16}"),
    token("wireguard_key", &["privatekey", "presharedkey"], r"(?:PrivateKey|PresharedKey)\s*=\s*([A-Za-z0-9+/]{43}=)"),
    token("curl_basic_auth", &["curl"], r#"\bcurl\b[^\n]*?\s(?:-u|--user)[= ]\s{0,3}["']?([^\s"':$]{2,64}:[^\s"'$]{3,128})"#),
    token("curl_auth_header", &["curl"], r#"(?i)\bcurl\b[^\n]*?\s(?:-H|--header)[= ]\s{0,3}["'](?:authorization:\s*(?:bearer|basic|(?:api-)?token)\s+|(?:x-)?(?:api-?)?(?:key|token):\s*)([A-Za-z0-9+/=_.~@-]{8,})"#),

    // --- Cloud providers -----------------------------------------------
    token_with("aws_access_key_id", &["akia", "asia", "abia", "acca", "agpa", "aida", "aipa", "anpa", "anva", "aroa", "apka", "asca", "a3t"], r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[0-9A-Z]{16}\b", plausible),
    token_with("aws_secret_access_key", &["aws"], r"(?i)\baws_?(?:secret|sk)(?:_?access)?(?:_?key)?[\x22']?\s*(?::=|=>|[:=])\s*[\x22']?[A-Za-z0-9/+]{40}\b", not_an_example),
    token("aws_bedrock_api_key", &["absk"], r"\bABSK[A-Za-z0-9+/]{109,269}={0,2}"),
    token_with("azure_storage_key", &["accountkey="], r"(?i)\bAccountKey=[A-Za-z0-9+/]{86}==", any),
    // Service Bus, Event Hubs and storage connection strings' keys.
    token("azure_connection_string_key", &["accountkey", "sharedaccesskey", "sharedsecretvalue"], r"(?i)\b(?:AccountKey|SharedAccessKey|SharedSecretValue)\s*=\s*([A-Za-z0-9+/]{20,100}={0,3})"),
    token("azure_app_configuration_secret", &["azconfig.io"], r"\.azconfig\.io;Id=[^;\s]{4,40};Secret=([A-Za-z0-9+/]{36,50}=)"),
    // Azure DevOps' older PATs: 52 characters of base32.
    near("azure_devops_pat", &["pat", "devops"], r"ado_pat|pat_token|personal_?access_?token|devops", "[a-z2-7]{52}"),
    // Client secrets have a digit and `Q~` at the fourth and fifth places.
    token("azure_ad_client_secret", &["q~"], r"(?:\A|[^\w~.-])([\w~.]{3}\dQ~[\w~.-]{31,34})(?:[^\w~.-]|\z)"),
    token("azure_devops_pat", &["azdo"], r"\b[A-Za-z0-9]{76}AZDO[A-Za-z0-9]{4}\b"),
    token("azure_sas_token", &["sig="], r"[?&]sv=\d{4}-\d\d-\d\d&[^\s\x22'<>]*?\bsig=([A-Za-z0-9%+/]{40,60})"),
    token("alibaba_access_key_id", &["ltai"], r"\bLTAI[A-Za-z0-9]{20}\b"),
    near("alibaba_secret_key", &["alibaba"], "alibaba", "[a-z0-9]{30}"),
    token("tencent_secret_id", &["akid"], r"\bAKID[A-Za-z0-9]{32}\b"),
    near("tencent_secret_key", &["tencent"], "tencent", "[a-z0-9]{32}"),
    near("ibm_cloud_api_key", &["ibm"], "ibm", "[a-z0-9_-]{44}"),
    near("ibm_cos_hmac_secret", &["hmac", "ibm_cos", "ibm-cos"], "(?:ibm[_-]?)?cos[_-]?hmac|ibm[_-]cos", "[a-f0-9]{48}"),
    near("softlayer_api_key", &["softlayer"], "softlayer", "[a-z0-9]{64}"),
    near("cloudant_password", &["cloudant"], "cloudant", "[a-f0-9]{64}"),
    token_with("google_api_key", &["aiza"], r"\bAIza[0-9A-Za-z_-]{35}", plausible),
    token_with("google_oauth_token", &["ya29."], r"\bya29\.[0-9A-Za-z_-]{20,}", plausible),
    token("google_oauth_client_secret", &["gocspx-"], r"\b(GOCSPX-[A-Za-z0-9_-]{28})(?:[^A-Za-z0-9_-]|$)"),
    token_with("digitalocean_token", &["_v1_"], r"\bdo[opr]_v1_[a-f0-9]{64}\b", plausible),
    // MongoDB Atlas service-account secrets.
    token("mongodb_atlas_secret", &["mdb_sa_sk_"], r"\b(mdb_sa_sk_[0-9a-zA-Z_-]{40})(?:[^A-Za-z0-9_-]|$)"),
    token_with("heroku_api_key", &["heroku"], r"(?i)\bheroku[a-z_-]{0,20}[\x22']?\s*[:=]\s*[\x22']?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", plausible),
    token("heroku_api_key", &["hrku-aa"], r"\bHRKU-AA[0-9a-zA-Z_-]{58}"),
    token("flyio_token", &["fo1_", "fm1", "fm2_"], r"\b(?:fo1_[\w-]{43}|fm1[ar]_[a-zA-Z0-9+/]{100,}={0,3}|fm2_[a-zA-Z0-9+/]{100,}={0,3})"),
    near("cloudflare_api_key", &["cloudflare"], "cloudflare", "[a-z0-9_-]{40}"),
    near("cloudflare_global_api_key", &["cloudflare"], "cloudflare", "[a-f0-9]{37}"),
    token("cloudflare_origin_ca_key", &["v1.0-"], r"\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}\b"),
    token("openshift_user_token", &["sha256~"], r"\b(sha256~[\w-]{43})(?:[^\w-]|\z)"),
    token_with("vault_token", &["hvs.", "hvb."], r"\bhv[sb]\.[A-Za-z0-9_-]{90,}", plausible),
    token_with("vault_token", &["hvr."], r"\bhvr\.[A-Za-z0-9]{24,130}\b", plausible_with_digit),
    // Vault's tokens before 1.10 (`s.`, `b.`, `r.`): only next to Vault's
    // name, `s.` alone being too common.
    token_with("vault_token", &["vault"], r#"(?i:vault)[\w-]{0,20}["':= ]{1,5}\b([sbr]\.[A-Za-z0-9_-]{24,128})(?:[^A-Za-z0-9_-]|\z)"#, random_value),
    near("vault_unseal_key", &["unseal"], "unseal", "[a-z0-9+/]{43}=?"),
    token("terraform_cloud_token", &["atlasv1"], r"\b[a-zA-Z0-9]{14}\.atlasv1\.[a-zA-Z0-9_=-]{60,70}"),
    token_with("databricks_token", &["dapi"], r"\bdapi[a-f0-9]{32}(?:-\d)?\b", plausible),
    token_with("doppler_token", &["dp."], r"\bdp\.(?:ct|pt|st(?:\.[a-z0-9_-]{2,35})?|sa|scim|audit)\.[A-Za-z0-9]{40,44}\b", plausible),
    token("pulumi_token", &["pul-"], r"\bpul-[a-f0-9]{40}\b"),
    token("planetscale_token", &["pscale_"], r"\bpscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}"),
    token("scalingo_token", &["tk-us-"], r"\btk-us-[\w-]{48}"),
    near("netlify_token", &["netlify"], "netlify", "[a-z0-9=_-]{40,46}"),
    token("netlify_token", &["nfp_"], r"\bnfp_[A-Za-z0-9]{36}\b"),
    token("infracost_token", &["ico-"], r"\bico-[a-zA-Z0-9]{32}\b"),
    token("octopus_deploy_api_key", &["api-"], r"\bAPI-[A-Z0-9]{26}\b"),
    token("defined_networking_token", &["dnkey-"], r"\bdnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}"),
    token("dynatrace_token", &["dt0c01."], r"\bdt0c01\.[a-zA-Z0-9]{24}\.[a-zA-Z0-9]{64}\b"),
    // Personal and (since 2024) organization access tokens.
    token("docker_hub_token", &["dckr_pat_", "dckr_oat_"], r"\bdckr_(?:pat|oat)_[A-Za-z0-9_-]{27}"),
    token("supabase_token", &["sbp_"], r"\bsbp_[a-f0-9]{40}\b"),
    token("render_api_key", &["rnd_"], r"\brnd_[A-Za-z0-9]{32}\b"),
    token("clickhouse_cloud_key", &["4b1d"], r"\b4b1d[A-Za-z0-9]{38}\b"),
    token("harness_token", &["pat.", "sat."], r"\b(?:pat|sat)\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9]{24}\.[a-zA-Z0-9]{20}\b"),

    // --- Monitoring and observability -----------------------------------
    token("grafana_api_key", &["eyjrijoi"], r"\beyJrIjoi[A-Za-z0-9]{70,400}={0,3}"),
    token("grafana_cloud_token", &["glc_"], r"\bglc_[A-Za-z0-9+/]{32,400}={0,3}"),
    token("grafana_service_account_token", &["glsa_"], r"\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}\b"),
    token_with("newrelic_key", &["nrak-", "nrii-", "nrjs-"], r"\bNR(?:AK|II|JS)-[A-Za-z0-9]{19,32}\b", plausible),
    token_with("newrelic_key", &["nraa-", "nriq-", "nrra-", "nrii-"], r"\b(NR(?:AA-[a-f0-9]{27}|IQ-[A-Za-z0-9_-]{32}|RA-[a-f0-9]{42}|II-[A-Za-z0-9_-]{32}))(?:[^A-Za-z0-9_-]|\z)", plausible),
    token_with("newrelic_key", &["nral"], r"\b[a-f0-9]{36}NRAL\b", plausible),
    token("newrelic_key", &["px-api-", "px-dep-"], concat!(r"\bpx-(?:api|dep)-", uuid!(), r"\b")),
    near("newrelic_key", &["license_key", "newrelic", "new_relic"], "license_key|new_?relic", "[a-f0-9]{40}"),
    near("datadog_api_key", &["datadog", "dd_api"], "datadog|dd_api", "[a-f0-9]{32}"),
    near("datadog_app_key", &["datadog", "dd_app"], "datadog|dd_app", "[a-z0-9]{40}"),
    token("sentry_token", &["sntryu_"], r"\bsntryu_[a-f0-9]{64}\b"),
    // An org token is `sntrys_` + base64 of a JSON claim + `_` + a secret.
    token("sentry_token", &["sntrys_"], r"\bsntrys_eyJ[a-zA-Z0-9+/]{20,400}={0,2}_[a-zA-Z0-9+/]{43}"),
    near("sentry_token", &["sentry"], "sentry", "[a-f0-9]{64}"),
    near("sumologic_access_id", &["sumo"], "(?-i:[Ss]umo|SUMO)", "su[a-z0-9]{12}"),
    near("sumologic_access_token", &["sumo"], "(?-i:[Ss]umo|SUMO)", "[a-z0-9]{64}"),
    near("honeycomb_api_key", &["honeycomb"], "honeycomb", "[a-z0-9]{22,32}"),
    near("rollbar_token", &["rollbar"], "rollbar", "[a-f0-9]{32}"),
    near("bugsnag_api_key", &["bugsnag"], "bugsnag", "[a-f0-9]{32}"),
    near("pagerduty_token", &["pagerduty"], "pagerduty", "[a-z0-9_+-]{20}"),
    near("splunk_token", &["splunk"], "splunk", uuid!()),

    // --- Source hosting, CI and package registries -----------------------
    token_with("github_token", &["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"], r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b", plausible),
    token_with("gitlab_token", &["glpat-", "glptt-", "gldt-", "glrt-", "glsoat-", "glcbt-", "glft-", "glimt-", "glagent-", "gloas-", "glffct-"], r"\b(?:glpat|glptt|gldt|glrt|glsoat|glcbt|glft|glimt|glagent|gloas|glffct)-[0-9A-Za-z_-]{20,}", plausible),
    token("gitlab_token", &["glffct-", "gloas-"], r"\b(?:glffct|gloas)-[0-9A-Za-z_-]{20,}"),
    token("gitlab_runner_registration_token", &["gr1348941"], r"\bGR1348941[\w-]{20}"),
    token("gitlab_session_cookie", &["_gitlab_session="], r"_gitlab_session=([0-9a-z]{32})"),
    near("bitbucket_client_id", &["bitbucket"], "bitbucket", "[a-z0-9]{32}"),
    near("bitbucket_client_secret", &["bitbucket"], "bitbucket", "[a-z0-9=_-]{64}"),
    token("bitbucket_token", &["atbb"], r"\bATBB[A-Za-z0-9_=.-]{32,}"),
    token_with("atlassian_token", &["atatt3"], r"\bATATT3[A-Za-z0-9_=-]{150,}", plausible),
    near("atlassian_token", &["atlassian", "confluence", "jira"], "atlassian|confluence|jira", "[a-z0-9]{20}[a-f0-9]{4}"),
    near("codecov_token", &["codecov"], "codecov", "[a-z0-9]{32}"),
    near("travis_ci_token", &["travis"], "travis", "[a-z0-9]{22}"),
    near("drone_ci_token", &["droneci"], "droneci", "[a-z0-9]{32}"),
    // The second part is not always hex (Kingfisher's rule takes any).
    token("circleci_token", &["ccipat_"], r"\bCCIPAT_[A-Za-z0-9]{22,26}_[A-Za-z0-9]{40}\b"),
    // Vercel's tokens by kind: personal, integration, app, refresh, key.
    token_with("vercel_token", &["vcp_", "vci_", "vca_", "vcr_", "vck_"], r"\bvc[piark]_[A-Za-z0-9]{20,60}\b", plausible_with_digit),
    token("buildkite_token", &["bkua_"], r"\bbkua_[a-f0-9]{40}\b"),
    token("jfrog_api_key", &["akcp"], r"\bAKCp[A-Za-z0-9]{69}\b"),
    token("jfrog_reference_token", &["cmvmd"], r"\bcmVmd[A-Za-z0-9]{59}\b"),
    near("jfrog_api_key", &["jfrog", "artifactory", "bintray", "xray"], "jfrog|artifactory|bintray|xray", "[a-z0-9]{73}"),
    near("jfrog_identity_token", &["jfrog", "artifactory", "bintray", "xray"], "jfrog|artifactory|bintray|xray", "[a-z0-9]{64}"),
    near("sonar_token", &["sonar"], r"sonar[_.-]?(?:login|token)", "(?:sq[upa]_)?[a-z0-9=_-]{40}"),
    token("sonar_token", &["squ_", "sqp_", "sqa_"], r"\bsq[upa]_[a-f0-9]{40}\b"),
    near("snyk_token", &["snyk"], r"snyk[_.-]?(?:(?:api|oauth)[_.-]?)?(?:key|token)", uuid!()),
    near("sourcegraph_token", &["sourcegraph"], "sourcegraph", "[a-f0-9]{40}"),
    token("sourcegraph_token", &["sgp_"], r"\bsgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}\b"),
    token_with("npm_token", &["npm_"], r"\bnpm_[A-Za-z0-9]{36}\b", plausible),
    token_with("pypi_token", &["pypi-ageichlwas5vcmc"], r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}", plausible),
    token("rubygems_token", &["rubygems_"], r"\brubygems_[a-f0-9]{48}\b"),
    token("clojars_token", &["clojars_"], r"(?i)\bCLOJARS_[a-z0-9]{60}\b"),
    token("nuget_api_key", &["oy2"], r"\boy2[a-z0-9]{43}\b"),
    token("readme_token", &["rdme_"], r"\brdme_[a-z0-9]{70}\b"),
    token("postman_token", &["pmak-"], r"\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b"),
    token("prefect_token", &["pnu_"], r"\bpnu_[a-zA-Z0-9]{36}\b"),
    // A token whose alphabet has `-` ends where no token character
    // follows: `\b` after a final `-` never matches.
    token("figma_token", &["figd_"], r"\b(figd_[A-Za-z0-9_-]{40})(?:[^A-Za-z0-9_-]|$)"),
    token("onepassword_secret_key", &["a3-"], r"\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b"),
    token("onepassword_service_account_token", &["ops_eyj"], r"\bops_eyJ[a-zA-Z0-9+/]{250,}={0,3}"),
    token("authress_key", &[".acc_", ".acc-"], r"\b(?:sc|ext|scauth|authress)_[a-zA-Z0-9]{5,30}\.[a-zA-Z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-zA-Z0-9+/_=-]{30,120}"),
    token("settlemint_token", &["sm_aat_", "sm_pat_", "sm_sat_"], r"\bsm_(?:aat|pat|sat)_[a-zA-Z0-9]{16}\b"),
    near("okta_token", &["okta"], "okta", r"00[\w=-]{40}"),
    near("launchdarkly_token", &["launchdarkly"], "launchdarkly", "[a-z0-9=_-]{40}"),
    token_with("linear_api_key", &["lin_api_"], r"\blin_api_[A-Za-z0-9]{40}\b", plausible),
    token_with("linear_oauth_token", &["lin_oauth_"], r"\blin_oauth_[a-f0-9]{64}\b", plausible),
    // Tailscale's auth, API, OAuth client, webhook and SCIM keys: the
    // kind, a key id, and the secret.
    token_with("tailscale_key", &["tskey-"], r"\btskey-(?:auth|api|client|webhook|scim)-[A-Za-z0-9]{6,20}-[A-Za-z0-9]{20,64}\b", plausible_with_digit),
    near("linear_client_secret", &["linear"], "linear", "[a-f0-9]{32}"),

    // --- Payments, commerce and finance ----------------------------------
    token_with("stripe_key", &["sk_live", "sk_test", "sk_prod", "rk_live", "rk_test", "rk_prod"], r"\b(?:sk|rk)_(?:live|test|prod)_[0-9A-Za-z]{10,99}\b", plausible),
    token_with("stripe_webhook_secret", &["whsec_"], r"\bwhsec_[A-Za-z0-9]{32,}\b", plausible),
    token_with("square_token", &["eaaa", "sq0atp-", "sq0csp-"], r"\b(?:EAAA|sq0atp-|sq0csp-)[0-9A-Za-z_-]{22,60}", plausible),
    // Shopify lengthened its app secrets and tokens (changelog, 2023):
    // 32 to 64 alphanumerics, no longer hex.
    token_with("shopify_token", &["shpat_", "shpca_", "shppa_", "shpss_"], r"\bshp(?:at|ca|pa|ss)_[a-zA-Z0-9]{32,64}\b", plausible_with_digit),
    token("braintree_access_token", &["access_token$"], r"\baccess_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}\b"),
    token("shippo_token", &["shippo_"], r"\bshippo_(?:live|test)_[a-fA-F0-9]{40}\b"),
    token("easypost_token", &["ezak", "eztk"], r"\bEZ[AT]K[a-zA-Z0-9]{54}\b"),
    token("duffel_token", &["duffel_"], r"\bduffel_(?:test|live)_[a-zA-Z0-9_=-]{43}"),
    token("flutterwave_key", &["flwseck", "flwpubk"], r"\bFLW(?:SECK|PUBK)(?:_TEST)?-[a-hA-H0-9]{32}-X\b"),
    token("flutterwave_encryption_key", &["flwseck_test"], r"\bFLWSECK_TEST-[a-hA-H0-9]{12}\b"),
    near("gocardless_token", &["gocardless"], "gocardless", "live_[a-z0-9_=-]{40}"),
    near("plaid_token", &["plaid"], "plaid", concat!("access-(?:sandbox|development|production)-", uuid!())),
    near("plaid_client_id", &["plaid"], "plaid", "[a-z0-9]{24}"),
    near("plaid_secret", &["plaid"], "plaid", "[a-z0-9]{30}"),
    near("finicity_token", &["finicity"], "finicity", "[a-f0-9]{32}"),
    near("finicity_client_secret", &["finicity"], "finicity", "[a-z0-9]{20}"),
    near("finnhub_token", &["finnhub"], "finnhub", "[a-z0-9]{20}"),
    near("coinbase_token", &["coinbase"], "coinbase", "[a-z0-9_-]{64}"),
    near("kraken_token", &["kraken"], "kraken", "[a-z0-9/=_+-]{80,90}"),
    near("kucoin_token", &["kucoin"], "kucoin", "[a-f0-9]{24}"),
    near("kucoin_secret", &["kucoin"], "kucoin", uuid!()),
    near("bittrex_key", &["bittrex"], "bittrex", "[a-z0-9]{32}"),
    near("etsy_token", &["etsy"], "etsy", "[a-z0-9]{24}"),
    near("squarespace_token", &["squarespace"], "squarespace", uuid!()),
    near("freshbooks_token", &["freshbooks"], "freshbooks", "[a-z0-9]{64}"),
    near("lob_api_key", &["lob"], "lob", "(?:live|test)_(?:pub_[a-f0-9]{31}|[a-f0-9]{35})"),

    // --- Messaging, mail and social --------------------------------------
    token_with("slack_webhook", &["hooks.slack.com"], r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{30,}", any),
    token_with("slack_app_token", &["xapp-"], r"\bxapp-\d-[A-Z0-9]+-\d+-[a-z0-9]{20,}", plausible),
    token_with("discord_webhook", &["discord"], r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{50,}", plausible),
    near("discord_token", &["discord"], "discord", "[a-f0-9]{64}"),
    // A bot token: base64 of the bot's numeric id (`M`, `N` or `O` first),
    // a timestamp and an HMAC. No fixed word: it always runs.
    token_with("discord_bot_token", &[], r"(?-u:\b)[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}(?-u:\b)", random_value),
    near("discord_client_secret", &["discord"], "discord", "[a-z0-9=_-]{32}"),
    token("teams_webhook", &["webhook.office.com"], r"https://[a-z0-9]+\.webhook\.office\.com/webhookb2/[a-z0-9-]{36}@[a-z0-9-]{36}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9-]{36}"),
    // Teams' older incoming webhooks, on Outlook's host.
    token("teams_webhook", &["outlook.office"], r"(?i)https://outlook\.office(?:365)?\.com/webhook/[a-f0-9-]{36}@[a-f0-9-]{36}/IncomingWebhook/[a-f0-9]{32}/[a-f0-9-]{36}"),
    // Webhook URLs that act on a request alone: the path is the secret.
    token("zapier_webhook", &["hooks.zapier.com"], r"https://hooks\.zapier\.com/hooks/catch/\d+/[A-Za-z0-9]{5,}"),
    token("tines_webhook", &["tines.com/webhook"], r"https://[\w-]+\.tines\.com/webhook/[a-z0-9]{32}/[a-z0-9]{32}"),
    token("sendgrid_api_key", &["sg."], r"\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
    token("sendinblue_api_key", &["xkeysib-"], r"\bxkeysib-[a-f0-9]{64}-[a-zA-Z0-9]{16}\b"),
    token_with("twilio_api_key", &["sk"], r"\bSK[0-9a-f]{32}\b", plausible),
    near("twilio_auth_token", &["twilio"], "twilio", "[a-f0-9]{32}"),
    near("mailgun_key", &["mailgun"], "mailgun", "(?:pub)?key-[a-f0-9]{32}"),
    near("mailgun_signing_key", &["mailgun"], "mailgun", "[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}"),
    token_with("mailchimp_api_key", &["-us"], r"\b[0-9a-f]{32}-us\d{1,2}\b", plausible),
    near("postmark_token", &["postmark"], "postmark", uuid!()),
    near("messagebird_token", &["messagebird", "message_bird", "message-bird"], "message[_-]?bird", "[a-z0-9]{25}"),
    near("messagebird_client_id", &["messagebird", "message_bird", "message-bird"], "message[_-]?bird", uuid!()),
    near("sendbird_token", &["sendbird"], "sendbird", "[a-f0-9]{40}"),
    near("sendbird_id", &["sendbird"], "sendbird", uuid!()),
    token_with("telegram_bot_token", &[":aa"], r"\b\d{8,10}:AA[0-9A-Za-z_-]{32,33}(?:[^0-9A-Za-z_-]|\z)", plausible),
    near("intercom_token", &["intercom"], "intercom", "[a-z0-9=_-]{60}"),
    near("mattermost_token", &["mattermost"], "mattermost", "[a-z0-9]{26}"),
    near("gitter_token", &["gitter"], "gitter", "[a-z0-9_-]{40}"),
    near("zendesk_secret", &["zendesk"], "zendesk", "[a-z0-9]{40}"),
    near("hubspot_api_key", &["hubspot"], "hubspot", uuid!()),
    token("hubspot_token", &["pat-na1-", "pat-eu1-"], concat!(r"\bpat-(?:na|eu)1-", uuid!())),
    token("facebook_page_token", &["eaam", "eaac"], r"\bEAA[MC][a-zA-Z0-9]{100,}"),
    near("facebook_secret", &["facebook"], "facebook", "[a-f0-9]{32}"),
    near("facebook_token", &["facebook"], "facebook", r"\d{15,16}(?:\||%7c)[0-9a-z_-]{27,40}"),
    // Twitter bearer tokens start with 22 `A`s.
    token("twitter_bearer_token", &["aaaaaaaaaaaaaaaaaaaaaa"], r"\bA{22}[a-zA-Z0-9%]{80,100}"),
    near("twitter_token", &["twitter"], "twitter", "[0-9]{15,25}-[a-z0-9]{20,40}"),
    near("twitter_secret", &["twitter"], "twitter", "[a-z0-9]{45}|[a-z0-9]{50}|[a-z0-9]{25}"),
    near("twitch_token", &["twitch"], "twitch", "[a-z0-9]{30}"),
    near("linkedin_client_secret", &["linkedin", "linked_in", "linked-in"], "linked[_-]?in", "[a-z0-9]{14}|[a-z0-9]{16}"),
    near("flickr_token", &["flickr"], "flickr", "[a-z0-9]{32}"),
    near("nytimes_token", &["nytimes", "new-york-times", "newyorktimes"], "nytimes|new-york-times|newyorktimes", "[a-z0-9=_-]{32}"),
    near("yandex_token", &["yandex"], "yandex", "t1\\.[a-z0-9_-]+=*\\.[a-z0-9_-]{86}=*|aqvn[a-z0-9_-]{35,38}|yc[a-z0-9_-]{38}"),

    // --- SaaS: productivity, content, data ------------------------------
    token("adobe_client_secret", &["p8e-"], r"\bp8e-[a-zA-Z0-9]{32}\b"),
    near("adobe_client_id", &["adobe"], "adobe", "[a-f0-9]{32}"),
    token("airtable_token", &["pat"], r"\bpat[a-zA-Z0-9]{14}\.[a-f0-9]{64}\b"),
    near("airtable_api_key", &["airtable"], "airtable", "[a-z0-9]{17}"),
    near("algolia_api_key", &["algolia"], "algolia", "[a-z0-9]{32}"),
    // With Asana's personal access tokens: `1/USER:HEX`, `2/USER/APP:HEX`
    // (as a token alone, its only fixed parts, `1/` and `2/`, are in most
    // texts a scan reads).
    near("asana_token", &["asana"], "asana", "[0-9]{16}|[a-z0-9]{32}|[12]/[0-9]{10,20}(?:/[0-9]{10,20})?:[a-f0-9]{32}"),
    token("ubidots_token", &["bbff-"], r"\bBBFF-[0-9A-Za-z]{30}\b"),
    near("telnyx_api_key", &["telnyx"], "telnyx", "KEY[0-9a-z_-]{55}"),
    near("beamer_token", &["beamer"], "beamer", "b_[a-z0-9=_-]{44}"),
    token("contentful_token", &["cfpat-"], r"\b(CFPAT-[a-zA-Z0-9_-]{43})(?:[^A-Za-z0-9_-]|$)"),
    near("contentful_token", &["contentful"], "contentful", "[a-z0-9=_-]{43}"),
    near("dropbox_token", &["dropbox"], "dropbox", "sl\\.[a-z0-9=_-]{135}|[a-z0-9]{11}a{10}[a-z0-9_=-]{43}|[a-z0-9]{15}"),
    near("fastly_token", &["fastly"], "fastly", "[a-z0-9=_-]{32}"),
    token("frameio_token", &["fio-u-"], r"\bfio-u-[a-zA-Z0-9_=-]{64}"),
    token("intra42_client_secret", &["s-s4t2ud-", "s-s4t2af-"], r"\bs-s4t2(?:ud|af)-[a-fA-F0-9]{64}\b"),
    near("looker_client_secret", &["looker"], "looker", "[a-z0-9]{20}|[a-z0-9]{24}"),
    token("maxmind_license_key", &["_mmk"], r"\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b"),
    near("meraki_api_key", &["meraki"], "meraki", "[0-9a-f]{40}"),
    token("notion_token", &["ntn_"], r"\bntn_[0-9]{11}[A-Za-z0-9]{35}\b"),
    // Notion's older integration tokens: `secret_` and 43 alphanumerics.
    token_with("notion_token", &["secret_"], r"\bsecret_[A-Za-z0-9]{43}\b", random_value),
    near("privateai_token", &["privateai", "private_ai", "private-ai"], "private[_-]?ai", "[a-z0-9]{32}"),
    near("rapidapi_token", &["rapidapi"], "rapidapi", "[a-z0-9_-]{50}"),
    near("sidekiq_secret", &["bundle_enterprise__contribsys__com", "bundle_gems__contribsys__com"], "bundle_(?:enterprise|gems)__contribsys__com", "[a-f0-9]{8}:[a-f0-9]{8}"),
    token("sidekiq_url", &["contribsys.com"], r"\bhttps?://([a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\.contribsys\.com"),
    near("trello_token", &["trello"], "trello", "[a-z0-9]{32}"),
    token("typeform_token", &["tfp_"], r"\btfp_[a-zA-Z0-9_.=-]{59}"),
    // Teamwork (CRM, Desk, Spaces) API tokens.
    token_with("teamwork_token", &["tkn.v1_"], r"\btkn\.v1_[0-9A-Za-z+/_-]{60,90}={0,2}", plausible_with_digit),
    token("clickup_token", &["pk_"], r"\bpk_[0-9]{6,8}_[A-Z0-9]{32}\b"),
    near("mapbox_token", &["mapbox"], "mapbox", "pk\\.[a-z0-9]{60}\\.[a-z0-9]{22}"),
    // Mapbox's `pk.`/`sk.` + base64 of a JSON claim, before `jwt`.
    token("mapbox_token", &["pk.eyj", "sk.eyj", "tk.eyj"], r"\b[pst]k\.eyJ[a-zA-Z0-9_-]{20,}\.[a-zA-Z0-9_-]{20,}"),

    token_with("adafruit_io_key", &["aio_"], r"\baio_[a-zA-Z0-9]{28}\b", plausible_with_digit),
    token("aws_appsync_key", &["da2-"], r"\bda2-[a-z0-9]{26}\b"),
    token("amazon_mws_token", &["amzn.mws."], concat!(r"\bamzn\.mws\.", uuid!())),
    token_with("cratesio_token", &["cio"], r"\bcio[a-zA-Z0-9]{32}\b", plausible_with_digit),
    token("dependency_track_key", &["odt_"], r"\bodt_[A-Za-z0-9]{32,255}\b"),
    token("stackhawk_key", &["hawk."], r"\b(hawk\.[0-9A-Za-z_-]{20}\.[0-9A-Za-z_-]{20})(?:[^A-Za-z0-9_-]|$)"),
    token("salesforce_token", &["00d"], r"\b00D[a-zA-Z0-9]{12,15}![a-zA-Z0-9._]{96}"),
    token_with("truenas_api_key", &["login_with_api_key", "bearer"], r#"(?i:login_with_api_key"(?s:.){0,80}?"params"\s*:\s*\[\s*"|bearer\s+)(\d{1,6}-[a-zA-Z0-9]{64})\b"#, random_value),
    token("twitch_stream_key", &["live_"], r"\blive_\d{8,12}_[A-Za-z0-9]{30,36}\b"),
    token_with("okta_token", &["ssws"], r"(?i)\bSSWS\s+(00[A-Za-z0-9_-]{40})", random_value),
    token_with("mailgun_key", &["key-"], r"\bkey-[a-f0-9]{32}\b", plausible_with_digit),
    token_with("dropbox_token", &["sl."], r"\bsl\.(?:u\.)?[A-Za-z0-9_-]{130,152}", plausible_with_digit),
    near("sauce_token", &["sauce"], "sauce", uuid!()),
    near("codeclimate_token", &["codeclimate", "cc_test_reporter"], "codeclimate|cc_test_reporter", "[a-f0-9]{64}"),
    near("jenkins_token", &["jenkins"], "jenkins", "[a-f0-9]{32,36}"),
    near("kagi_api_key", &["kagi"], "kagi", r"[a-z0-9_-]{11}\.[a-z0-9_-]{43}"),
    near("confluent_key", &["confluent"], "confluent", "[a-z0-9]{16}|[a-z0-9]{64}"),

    // --- AI providers ---------------------------------------------------
    // After the kind and version (`api03-`, `admin01-`), real keys have
    // some 95 random characters; `sk-ant-api02-notarealkey` is not one.
    token_with("anthropic_api_key", &["sk-ant-"], r"\bsk-ant-[A-Za-z0-9_-]{32,}", anthropic_key),
    token("openrouter_api_key", &["sk-or-v1-"], r"\bsk-or-v1-[a-f0-9]{64}\b"),
    near("deepseek_api_key", &["deepseek"], "deepseek", "sk-[a-f0-9]{32}"),
    token_with("openai_api_key", &["sk-"], r"\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}", openai_key),
    token_with("huggingface_token", &["hf_", "api_org_"], r"\b(?:hf_[A-Za-z]{34}|api_org_[A-Za-z]{34})\b", plausible),
    token_with("groq_api_key", &["gsk_"], r"\bgsk_[A-Za-z0-9]{52}\b", plausible),
    token_with("replicate_token", &["r8_"], r"\br8_[A-Za-z0-9]{37}\b", plausible),
    token("perplexity_api_key", &["pplx-"], r"\bpplx-[a-zA-Z0-9]{48}\b"),
    token("firecrawl_api_key", &["fc-"], r"\bfc-[a-f0-9]{32}\b"),
    token("jina_api_key", &["jina_"], r"\bjina_[a-zA-Z0-9]{60}\b"),
    token("xai_api_key", &["xai-"], r"\bxai-[a-zA-Z0-9]{80}\b"),
    token("fireworks_api_key", &["fw_"], r"\bfw_[a-zA-Z0-9]{24}\b"),
    token("together_api_key", &["tgp_v1_"], r"\btgp_v1_[A-Za-z0-9_-]{43}"),
    near("together_api_key", &["together"], "together", "[a-f0-9]{64}"),
    near("cohere_api_key", &["cohere", "co_api_key"], "cohere|co_api_key", "[a-z0-9]{40}"),
    near("mistral_api_key", &["mistral"], "mistral", "[a-z0-9]{32}"),
    token("langsmith_api_key", &["lsv2_"], r"\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}\b"),
    token("pinecone_api_key", &["pcsk_"], r"\bpcsk_[A-Za-z0-9_]{50,}"),
    token("tavily_api_key", &["tvly-"], r"\btvly-(?:dev-)?[A-Za-z0-9]{32}\b"),
    near("wandb_api_key", &["wandb"], "wandb", "[a-f0-9]{40}"),
    near("deepgram_api_key", &["deepgram"], "deepgram", "[a-f0-9]{40}"),
    near("assemblyai_api_key", &["assemblyai"], "assemblyai", "[a-f0-9]{32}"),
    near("elevenlabs_api_key", &["elevenlabs", "xi-api-key", "xi_api_key"], "elevenlabs|xi[_-]api[_-]key", "(?:sk_)?[a-f0-9]{32,48}"),
    near("pinecone_api_key", &["pinecone"], "pinecone", uuid!()),

    // --- Last: general shapes that more specific ones above refine -------
    token_with("url_with_password", &["://"], r"\b[a-z][a-z0-9+.-]{1,20}://[^/\s:@\x22'<>]{1,64}:[^/\s:@\x22'<>]{3,128}@[A-Za-z0-9.-]+", real_password_in_url),
    token_with("slack_token", &["xox"], r"\bxox[abeoprs]-[A-Za-z0-9-]{10,}", slack_like),
    // `eyJ` is base64 of `{"`; an unsigned token has an empty third part.
    token_with("jwt", &["eyj"], r"\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*", plausible),
];
