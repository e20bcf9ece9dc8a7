//! Stage 4: the injection scan. A catalog of regexes for text aimed at an AI
//! reviewer, run over the raw source (code, comments and strings alike),
//! since the attacker chooses where to put it.
//!
//! Findings are advisory: they go to the reviewer as flags (rule, severity,
//! line), and a policy switch can turn any [`Severity::Critical`] finding
//! into an automatic REJECTED. Critical is therefore reserved for text that
//! gives a reviewer a direct instruction, claims a verdict or an approval,
//! or forges a chat-template/role token; the rules are phrased tightly
//! enough that ordinary code, user-facing strings and English docstrings
//! do not produce it. Addressing a model and urgency are Warning; weak
//! signals (a lone code fence, "you must", a lowercase `system:`) are Info.
//!
//! Tolerance, kept cheap: words may be separated by any run of spaces,
//! newlines, `_ - . , * # / | + ' " `` ` and escaped `\n`, so a phrase split
//! over comment lines, identifiers (`ignore_previous_instructions`) or
//! string concatenation (`"ignore " + "previous instructions"`) still
//! matches; invisible characters are removed before matching (and reported
//! themselves); letter-spaced (`r e v i e w e r`) and leetspeak
//! (`1gn0re`) spellings of the key words are caught token by token;
//! look-alike letters (Cyrillic `о`, fullwidth `Ｉ`, mathematical `𝐢`) are
//! read as the Latin ones they imitate (`fold`); and text written as
//! base64 or hex in the source is decoded and scanned too, reported on the
//! line where it is written (`encoded_texts`).

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::{Regex, RegexBuilder};
use regex_automata::Input;
use serde::Serialize;

use super::needs;
use super::parse::Joined;
use super::precompiled::{self, Precompiled};
use super::prefilter::{Catalog, Entry, Gap};

/// How strongly a finding suggests an injection attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Critical,
}

/// One rule's hit on one line.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub rule: &'static str,
    pub severity: Severity,
    /// 1-based line of the start of the match.
    pub line: usize,
    /// The matched text, whitespace collapsed, invisible characters shown
    /// as `<U+XXXX>`, at most 80 characters. It is attacker text: show it
    /// to a human, never put it in the reviewer's input (which must carry
    /// only rule, severity and line).
    pub excerpt: String,
}

/// The longest excerpt, in characters.
const EXCERPT_CHARS: usize = 80;

/// Groups of rules that say the same thing; on one line only the most
/// severe finding of a family is kept, so overlapping rules do not stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Family {
    Address,
    Approval,
    Verdict,
    Instruction,
    Urgency,
    RoleTag,
    Fence,
    Obfuscation,
    Mention,
}

/// An extra check on a match where the regex alone would over-match.
#[derive(Debug, Clone, Copy)]
enum Check {
    None,
    /// A role tag is followed by prose or by nothing, not by a type
    /// annotation such as `system: str = "x"`.
    Prose,
    /// Not an identifier such as `Priority.URGENT`, `URGENT = 3` or
    /// `CRITICAL_UPDATE`.
    NotConstant,
    /// A byte-order mark at the very start of the file is legitimate.
    NotLeadingBom,
    /// [`ROLE_LEADER`] before the match on its line, then [`Check::Prose`]
    /// after it: `# System: you are ...`, not `x = MySystem: ...`.
    RoleTagLine,
    /// The line holds only the fence, after an optional comment leader.
    FenceLine,
}

/// What may come before a role tag on its line: indentation, a comment
/// leader or a string opener, then `[`, `<` or `**`. Matched in code rather
/// than with `(?m)^` in the rule, so the rule keeps a literal prefix and the
/// regex engine can skip to it.
const ROLE_LEADER: &str = r#"^[\t\x20]*(?:(?:#+|//+|/\*+|\*+|<!--|--|;+|%|>+|[rRbBuUfF]{0,2}(?:"""|'''|"|'|`))[\t\x20]*)?(?:\[|<|\*\*)?$"#;
/// What may come before a fence on its line.
const FENCE_LEADER: &str = r"^[\t\x20]*(?:(?:#+|//+|\*+)[\t\x20]*)?$";

struct Rule {
    /// What a finding reports.
    name: &'static str,
    /// What the needs table and the precompiled file know the rule by:
    /// the name, or for one of several parts of a rule (a pattern split
    /// so each part's DFA stays small) a name of its own.
    key: &'static str,
    family: Family,
    severity: Severity,
    /// Every literal space stands for [`GAP`]; `\b` is made ASCII-only.
    pattern: &'static str,
    check: Check,
}

/// What may separate two words of a phrase: whitespace (newlines too),
/// comment leaders, identifier and string-concatenation punctuation, and
/// escaped `\n`/`\t` inside string literals.
pub(super) const GAP: &str = r#"(?:[\s_\-*#/.,|+'"`]|\\[nrt])+"#;
/// What [`GAP`] crosses, for the prefilter's distances (a test holds the
/// two to agree).
pub(super) const GAP_UNITS: Gap = Gap {
    bytes: b"\t\n\x0b\x0c\r _-*#/.,|+'\"`",
    escaped: b"nrt",
};

use Family::*;
use Severity::{Critical, Info, Warning};

const fn rule(
    name: &'static str,
    family: Family,
    severity: Severity,
    pattern: &'static str,
) -> Rule {
    checked(name, family, severity, pattern, Check::None)
}

/// One part of the rule `name`, known as `key` (see [`Rule::key`]).
const fn part(
    name: &'static str,
    key: &'static str,
    family: Family,
    severity: Severity,
    pattern: &'static str,
) -> Rule {
    let whole = rule(name, family, severity, pattern);
    Rule { key, ..whole }
}

const fn checked(
    name: &'static str,
    family: Family,
    severity: Severity,
    pattern: &'static str,
    check: Check,
) -> Rule {
    Rule {
        name,
        key: name,
        family,
        severity,
        pattern,
        check,
    }
}

/// The catalog. Patterns avoid a literal space before a quantifier (it
/// would quantify [`GAP`]); a test enforces that.
static CATALOG: &[Rule] = &[
    // --- addressing an AI reviewer (Warning) ---
    rule(
        "address-ai",
        Address,
        Warning,
        r"(?i)\b(?:dear|hello|hi|hey|greetings|attention|attn|note to|note for|memo to|psa to|a message (?:to|for)|instructions for) (?:(?:the|an|a|my|any|all|our|you|every) )?(?:ai|llms?|large language models?|language models?|(?:(?:ai|llm|automated|code|security) )?(?:assistants?|reviewers?|auditors?)|claude|chatgpt|gpt(?:-?\d(?:\.\d)?o?)?|copilot|gemini|review (?:bot|agent|model|system))\b",
    ),
    rule(
        "address-if-you-are",
        Address,
        Warning,
        r"(?i)\bif you(?: are|'re| happen to be| were) (?:(?:an|a|the|some) )?(?:ai|llm|large language model|language model|(?:(?:ai|automated|code|llm|security) )?(?:assistant|reviewer|auditor|model|agent|bot)|automated (?:system|tool|scanner)|claude|chatgpt|gpt)\b",
    ),
    rule(
        "address-reader",
        Address,
        Warning,
        r"(?i)\b(?:(?:ai|llms?|models?|assistants?|reviewers?|agents?|bots?|automated (?:tools?|systems?|scanners?)) (?:reading|reviewing|analy[sz]ing|scanning|evaluating|auditing|inspecting) (?:this|the following|these|my|our) (?:code|file|script|program|submission|source|lines?|snippet|comments?|function|module)|as an (?:ai|llm)|as a (?:large )?language model|you are an? (?:ai|llm|large language model|language model|(?:(?:ai|automated|code|llm|security) )?(?:reviewer|auditor|assistant)))\b",
    ),
    rule(
        "address-named-model",
        Address,
        Warning,
        r"(?i)\b(?:claude|chatgpt|gpt-?4o?|gpt-?3\.5|gemini|copilot|llama)\s*[,:] (?:please|you|ignore|do|don't|note|approve|this|i|we|listen|remember|kindly|your)\b",
    ),
    rule(
        "address-label",
        Address,
        Warning,
        r"(?i)\bto (?:the|any|all|every|our|my) (?:ai|llm|model|assistant|reviewer|language model|automated reviewer|code reviewer)s?\s*:|\b(?:reviewer|ai|llm|assistant) (?:instructions|note|notice|message)\s*:|\b(?:ai|llm|automated|code|security) reviewers?\s*[:,]|<!--\s*(?:reviewer|ai|llm|assistant|model|claude|gpt)\b",
    ),
    checked(
        "address-vocative",
        Address,
        Warning,
        // `AI: ...` or `Claude, ...` opening a comment or string line.
        r"\b(?:AI|LLM|Reviewer|REVIEWER|Claude|CLAUDE|ChatGPT|GPT|Copilot)\s*[:,]",
        Check::RoleTagLine,
    ),
    rule(
        "goal-hijack",
        Instruction,
        Critical,
        r"(?i)\b(?:your|the) (?:new|real|actual|true|updated|revised|only) (?:task|goal|job|objective|mission|instructions?|role|purpose|assignment) (?:is|are|will be|now is)\b|\b(?:instead|from now on),? (?:you (?:must|should|will)|your (?:task|job|goal) is)\b",
    ),
    rule(
        "encoded-instructions",
        Instruction,
        Critical,
        r"(?i)\bdecode (?:the |this )?(?:(?:following|below|next|attached|hidden) )?(?:base64|b64|base-64|hex|rot13|encoded|ciphered) (?:\w+ ){0,3}(?:and (?:follow|execute|obey|run|do)|in your (?:monologue|head|reasoning|thoughts))|\b(?:secure|trusted|official|authentic|genuine|verified|privileged|hidden) system (?:message|prompt|instructions?|directive)\b",
    ),
    rule(
        "claims-trustworthy-note",
        Approval,
        Warning,
        r"(?i)\b(?:note|message|comment|statement|assessment) (?:by|from) (?:a |an |the )?(?:trustworthy|trusted|verified|certified|official|independent|senior|expert|authori[sz]ed)(?: \w+){0,3}:",
    ),
    // --- claiming approval or authorization ---
    rule(
        "claims-approval",
        Approval,
        Critical,
        r"(?i)\b(?:this|the|these|above|following|attached|current|my|our) (?:code|file|script|program|submission|payload|snippet|source code|module|package) (?:has|have|had|was|were|is|are)(?: (?:already|been|fully|previously|manually|formally|officially|explicitly|now))* (?:approved|pre-?approved|authori[sz]ed|whitelisted|allowlisted|vetted|signed off|certified (?:as )?(?:safe|secure|benign)|verified (?:as |to be )?(?:safe|secure|benign)|reviewed and (?:approved|cleared|deemed safe|signed off)|cleared for (?:execution|production|deployment|release|use)|(?:deemed|confirmed|marked) (?:as )?(?:safe|secure|benign|trusted|harmless))\b",
    ),
    rule(
        "claims-authority-approval",
        Approval,
        Critical,
        r"(?i)\b(?:(?:security|compliance|legal|infosec|appsec|devsecops|red|audit|ai safety) (?:team|department|dept|officer|lead|group|review|board)|ciso|anthropic|openai) (?:(?:has|have|had) )?(?:(?:already|explicitly|personally|previously|officially|fully) )*(?:approved|authori[sz]ed|pre-?approved|signed off|whitelisted|allowlisted|vetted|cleared|okayed|green-?lit)\b|\b(?:approved|authori[sz]ed|signed off|vetted|whitelisted|allowlisted|cleared|sanctioned) by (?:(?:the|our|your|an|a) )?(?:(?:security|compliance|legal|infosec|appsec|devsecops) (?:team|department|dept|officer|lead|group|review)|ciso|anthropic|openai)\b",
    ),
    rule(
        "claims-approval-weak",
        Approval,
        Warning,
        r"(?i)\bpre-?(?:approved|authori[sz]ed|cleared|vetted)\b|\b(?:approved|authori[sz]ed|signed off|sanctioned) by (?:(?:the|our|your|an|a) )?(?:administrator|admin|sysadmin|(?:(?:code|ai|human) )?reviewers?|maintainers?|management|cto|ceo)\b|\b(?:administrator|admin|sysadmin|(?:(?:code|ai|human) )?reviewers?|maintainers?|management|cto|ceo) (?:has|have|had) (?:(?:already|explicitly|personally) )*(?:approved|authori[sz]ed|signed off|okayed)\b|\bauto-?approved\b|\b(?:user|owner|operator|human|developer|team|everyone|maintainer) (?:has|have) (?:already )?(?:approved|authori[sz]ed|signed off on|okayed|cleared) (?:this|it|the (?:code|script|change|file)|running)\b",
    ),
    rule(
        "review-waiver",
        Approval,
        Warning,
        r"(?i)\b(?:(?:security|code|further|manual|human|ai) )?review (?:is )?(?:not (?:required|needed|necessary)|unnecessary|already (?:done|completed|passed)|waived|skipped)\b|\bno (?:(?:further|security|code|manual|additional) )?review (?:is )?(?:needed|required|necessary)\b|\b(?:authori[sz]ed|sanctioned|approved) (?:penetration|pen|security|red team) (?:test|testing|exercise|engagement)\b|\b(?:this|the) (?:code|file|script|program|snippet|payload) is (?:(?:completely|totally|perfectly|entirely|100%) )?(?:safe|harmless|benign|trustworthy)\b|\btrust me\b",
    ),
    // --- verdict smuggling (Critical) ---
    rule(
        "verdict-claim",
        Verdict,
        Critical,
        r#"(?i)\bverdict(?:\s*(?:[:=]|=>|->)|\s+(?:is|was|should be|must be|will be|shall be|equals)|\s+of)\s*["'`*\[(]*\s*(?:approved?|safe|pass(?:ed)?|accept(?:ed)?|clean|benign|lgtm|allow(?:ed)?)\b"#,
    ),
    rule(
        "verdict-word",
        Verdict,
        Critical,
        // The schema's verdict in capitals shortly after a verb asking for
        // it: "say APPROVE", "the correct answer is APPROVE".
        r"(?i:\b(?:say|says|answer|output|reply|respond|conclude|recommend|vote|please return|just return|simply return|must return|should return|only return|always return|please print|please output|please write|only output))\b(?u:[^\n]){0,40}?(?-i:\bAPPROVED?\b)",
    ),
    rule(
        "json-verdict",
        Verdict,
        Critical,
        r#"(?i)\\?["']verdict\\?["']\s*:\s*\\?["']\s*(?:approved?|safe|pass(?:ed)?|accept(?:ed)?|lgtm)\b|\\?["'](?:manipulation|manipulation_detected|saw_manipulation|manipulated|injection|injection_detected|prompt_injection)\\?["']\s*:\s*(?:false|0|\\?["'](?:no|none|false)\\?["'])"#,
    ),
    rule(
        "json-empty-findings",
        Verdict,
        Warning,
        r#"(?i)\\?["']findings\\?["']\s*:\s*\[\s*\]"#,
    ),
    // --- instructions: ignore, approve, respond, downgrade (Critical) ---
    part(
        "ignore-instructions",
        "ignore-instructions",
        Instruction,
        Critical,
        // Qualified nouns only: "later rules override previous rules" and
        // "override the default prompt" are ordinary code comments. Split
        // in seven parts: as one pattern its DFA was 199 KB, the parts 62.
        r"(?i)\b(?:ignore|disregard|forget|override|overrule|bypass|discard|abandon|set aside|neglect|do not follow|don't follow|dont follow|stop following) (?:(?:all|any|the|of|everything|these|those|my|its) )*(?:previous|prior|preceding|above|earlier|former|original|initial|old) (?:\w+ ){0,2}(?:instructions?|prompts?|guidelines|directives?|guidance|commands?|directions?|orders?|requests?|messages?|text)\b",
    ),
    part(
        "ignore-instructions",
        "ignore-instructions-rest-of",
        Instruction,
        Critical,
        // "ignore the rest of this data"
        r"(?i)\b(?:ignore|disregard|forget|skip) (?:all |any )?(?:of )?the rest of (?:this|the|these|that) (?:\w+ )?(?:data|text|input|file|document|prompt|message|content|instructions?)\b",
    ),
    part(
        "ignore-instructions",
        "ignore-instructions-system",
        Instruction,
        Critical,
        // "disregard the system prompt", "forget your instructions"
        r"(?i)\b(?:ignore|disregard|forget|do not follow|don't follow|dont follow|stop following) (?:(?:all|any|the|of|these|those|its) )*(?:system|safety|security|review|reviewer|reviewing|your) (?:\w+ )?(?:instructions?|guidelines|directives?|rules|policies|constraints|programming|prompts?)\b",
    ),
    part(
        "ignore-instructions",
        "ignore-instructions-everything-above",
        Instruction,
        Critical,
        // "ignore everything you were told"
        r"(?i)\b(?:ignore|disregard|forget) (?:everything|all|anything|whatever) (?:above|previously|prior|you (?:were|have been) told|so far|until now)\b",
    ),
    part(
        "ignore-instructions",
        "ignore-instructions-telling-you",
        Instruction,
        Critical,
        // "ignore any instructions telling you to ..."
        r"(?i)\b(?:ignore|disregard) (?:any|all) (?:\w+ )?(?:instructions?|directions?|guidance) (?:(?:that|which) (?:tells?|asks?|instructs?|directs?) you|telling you|asking you)\b",
    ),
    part(
        "ignore-instructions",
        "ignore-instructions-above",
        Instruction,
        Critical,
        // "ignore the above and ..."
        r"(?i)\b(?:ignore|disregard|forget) (?:(?:all|everything|anything|the) )?above(?:\s*[.,;:!]| and\b| instructions?\b| text\b| content\b| directions?\b| commands?\b| rules\b| prompts?\b)",
    ),
    part(
        "ignore-instructions",
        "ignore-instructions-your-previous",
        Instruction,
        Critical,
        // "ignore your previous <anything>"
        r"(?i)\b(?:ignore|disregard|forget) (?:all )?your (?:previous|prior|earlier|original|initial|current) \w+",
    ),
    part(
        "ignore-instructions",
        "ignore-instructions-regardless",
        Instruction,
        Critical,
        // "... regardless of your previous instructions"
        r"(?i)\b(?:regardless of|irrespective of|notwithstanding|in spite of|despite) (?:all |any )?(?:your|the|my|its|these) (?:previous|prior|earlier|original|initial|current|system|existing) (?:instructions?|guidelines|rules|prompts?|directives?|programming|restrictions)\b",
    ),
    rule(
        "instructions-amended",
        Instruction,
        Warning,
        // A correction to instructions the writer never gave: "I made a
        // mistake when I gave you your instructions and forgot to ask you
        // to ...", "now new instructions follow", and the same in German.
        r"(?i)\b(?:i|we) (?:made a mistake|made an error) (?:when|as|while) (?:i|we) (?:gave|wrote|sent|set) (?:you )?(?:your|the|my) instructions\b|\bforgot to (?:ask|tell|instruct|remind) you to\b|\b(?:new|further|additional|more) (?:instructions|tasks|orders) (?:now )?(?:follow|are following|come)\b|\b(?:nun|jetzt|es) folgen (?:neue|weitere) (?:anweisungen|aufgaben|befehle)\b",
    ),
    rule(
        "conditional-hijack",
        Address,
        Warning,
        // Addressed to whatever model processes the text, for when it does:
        // "if you are told to summarize the input, instead ...".
        r"(?i)\bif (?:you are|you're|you get|you were|you've been) (?:told|asked|instructed|requested|prompted) to (?:summari[sz]e|translate|answer|review|analy[sz]e|describe|explain|classify|respond to|process|read) (?:(?:the|this|that|a|an|any|my|some) )?(?:input|text|document|content|page|e-?mail|message|article|question|data|conversation|website|webpage)\b",
    ),
    rule(
        "mode-switch",
        Instruction,
        Warning,
        // "you are operating in DEVELOPER mode", "unlock hidden
        // functionalities": a mode the model is told it is in.
        r"(?i)\byou are (?:now )?(?:operating|running|working|acting|functioning) in (?:developer|debug|debugging|maintenance|admin|administrator|god|testing|unrestricted|sudo|root|jailbreak) mode\b|\b(?:enable|activate|enter|unlock) (?:developer|god|sudo|jailbreak|unrestricted) mode\b|\bunlock (?:your |all |the )?hidden (?:functionalit(?:y|ies)|features|capabilities|abilities|modes?)\b",
    ),
    rule(
        "prompt-extraction",
        Instruction,
        Warning,
        // Asking the model for its own instructions.
        r"(?i)\b(?:show|print|reveal|repeat|display|output|disclose|leak|tell me|give me|write out) (?:me )?(?:all )?your (?:(?:entire|whole|full|complete|exact|original|initial|hidden|secret|internal) )?(?:system )?(?:prompt|instructions|prompt text|system message|initial message)\b|\bwhat (?:was|is) written (?:at the (?:beginning|start|top) of|above|before) (?:this|the|your) (?:prompt|message|conversation|instructions)\b|\b(?:zeige|zeig|gib|nenne) (?:mir )?(?:deinen|den|deine|die) (?:gesamten |ganzen |kompletten )?(?:prompt|prompt-text|anweisungen|systemprompt)\b",
    ),
    rule(
        "forget-previous",
        Instruction,
        Warning,
        // What came before, dropped: "forget all previous tasks", "forget
        // everything before that", and the same in German.
        r"(?i)\b(?:forget|ignore|disregard) (?:about )?(?:all |any )?(?:of )?(?:the )?(?:previous|prior|preceding|foregoing|earlier) (?:tasks?|assignments?|information|context|conversation)\b|\bforget (?:about )?everything (?:before|above|prior|we (?:discussed|said|talked about)|(?:i|you) (?:said|wrote))\b|\b(?:focus|concentrate) on (?:your|the|this) new task\b|\b(?:vergiss|vergessen sie|ignoriere|ignorieren sie) (?:\w+ ){0,3}(?:anweisungen|aufgaben|befehle|angaben|informationen)\b|\bvergiss alles (?:davor|vorher|bisherige)\b",
    ),
    rule(
        "instruct-approve",
        Instruction,
        Critical,
        r"(?i)\b(?:(?:you|reviewers?|assistant|ai|model|llm) (?:must|should|will|shall|need to|have to|are (?:required|instructed|expected|asked|told|ordered) to)|please|kindly|just|simply|now) (?:approve|greenlight|green-light|whitelist|allowlist|sign off on|rubber-?stamp|pass|accept|allow) (?:this|it|the) (?:code|file|script|submission|program|payload|snippet|change|module)\b|\b(?:you|reviewers?|assistant|ai|model|llm) (?:must|should|will|shall|need to|have to|are (?:required|instructed|expected|asked|told|ordered) to) (?:approve|greenlight|whitelist|allowlist|sign off on) (?:this|it)\b|\b(?:please|kindly|just|simply) (?:approve|greenlight|whitelist|allowlist|rubber-?stamp) (?:this|it) (?:immediately|now|without (?:review|question|comment|further|delay|checking))\b",
    ),
    rule(
        "instruct-respond",
        Instruction,
        Critical,
        r#"(?i)\b(?:respond|reply|answer|conclude|end your (?:review|response|answer)|finish your (?:review|response)) (?:(?:only|just|exactly|simply|immediately) )?(?:(?:with|by saying|by outputting) )?(?:(?:a |the |your )?verdict (?:of )?)?["'`*]*(?:approved?|lgtm|(?-i:SAFE))\b|\b(?:output|return|say|print|write|emit|give|produce|state) (?:(?:only|just|exactly|simply) )?(?:a |the |your )?verdict (?:of )?["'`*]*(?:approved?|lgtm|(?-i:SAFE))\b|\b(?:output|return|say|print|write|emit|give|produce|state) (?:only|just|exactly|simply) ["'`*]*(?-i:APPROVED?|LGTM|SAFE)\b"#,
    ),
    rule(
        "downgrade",
        Instruction,
        Critical,
        r"(?i)\b(?:treat|classify|label|rate|consider|report|regard|score|categori[sz]e|assess|evaluate|grade) (?:(?:this|it|these|them|the following|the|all|any|every|each) )?(?:(?:code|file|script|program|submission|payload|module|snippet|findings?|issues?|behaviou?r|usage|operation|network (?:calls?|access)|subprocess(?: calls?)?|eval|exec) )?as (?:(?:being|a|an) )?(?:low risk|low severity|benign|harmless|non-?malicious|non malicious|false positives?|informational only|no risk|no threat|safe to (?:run|execute|approve)|not (?:a )?(?:risk|threat|vulnerability|security (?:risk|issue)))\b|\b(?:mark|treat|classify|label|consider|report|rate|flag) this(?: (?:code|file|script|program|submission|payload|snippet))? as (?:safe|approved|trusted|clean|secure|ok|okay|fine|acceptable|passing|legitimate)\b|\b(?:do not|don't|dont|never|no need to|you (?:must|should) not|refrain from) (?:report|reporting|flag|flagging|escalate|escalating|surface|highlight|point out|raise (?:any )?(?:concerns|alarms|flags)(?: about)?) (?:this|it|these|them|anything|any (?:of (?:this|these|it) |(?:issues?|findings?|problems?|vulnerabilit(?:y|ies)|concerns?|risks?))|(?:the|these|those|its) (?:issues?|findings?|problems?|concerns?|risks?|calls?|lines?|network access|subprocess(?:es)?|eval|exec|code))\b|\b(?:downgrade|lower|reduce|decrease|minimi[sz]e|soften|dismiss|waive) (?:(?:the|all|any|your|its|every|this) )?(?:severity|risk (?:level|score|rating)|verdict|findings?|security (?:findings?|issues?|concerns?)|red flags?)\b|\bignore (?:(?:the|all|any|your|every) )?(?:security )?(?:findings|red flags|concerns)\b",
    ),
    rule(
        "role-hijack",
        Instruction,
        Critical,
        r"(?i)\b(?:you are now (?:(?:an?|the|in) )?(?:unrestricted|unfiltered|uncensored|jailbroken|dan|different (?:ai|assistant|model|reviewer)|(?:approval|approving) (?:bot|assistant|model))|from now on you (?:are|will be|must be|shall be) (?:(?:an?|the) )?(?:ai|assistant|reviewer|model|bot|dan|unrestricted|no longer)|pretend (?:that )?(?:you are|you're|to be) (?:(?:an?|the) )?(?:(?:different|unrestricted|new|jailbroken) )?(?:ai|assistant|reviewer|model|llm|bot|dan)|act as (?:if you (?:are|were) )?(?:(?:an?|the) )?(?:unrestricted|jailbroken|dan|approval (?:bot|assistant)|approving (?:bot|assistant)|rubber stamp)|(?:enable|enter|activate|switch to) (?:dan|jailbreak|unrestricted) mode|do anything now)\b",
    ),
    rule(
        "approve-imperative",
        Instruction,
        Critical,
        r#"(?i)\bapprove (?:everything|anything|all (?:code|files|scripts|submissions|payloads)|any (?:code|file|script|submission|payload))\b|(?:^|[.!?:;#*/"'`\n])\s*approve (?:this|the) (?:code|script|submission|program|payload|snippet)\b"#,
    ),
    rule(
        "your-task",
        Instruction,
        Critical,
        r"(?i)\byour (?:(?:only|sole|real|actual|main|primary) )?(?:task|job|role|purpose|goal|mission|instructions?) (?:is|are|here is) (?:(?:simply|only|just) )?(?:to )?(?:approve|ignore|greenlight|whitelist|rubber-?stamp|mark (?:it|this|everything) as safe)\b",
    ),
    rule(
        "reviewer-should-not",
        Instruction,
        Critical,
        r"(?i)\b(?:reviewers?|assistant|ai|llm) (?:should|must|need|is|are)(?: not|n't| never) (?:(?:be )?(?:consider|treat|flag|report|mention|worry about|concerned about|analy[sz]e|inspect|question|reject))\b",
    ),
    rule(
        "downgrade-weak",
        Instruction,
        Warning,
        r"(?i)\b(?:mark|flag|treat|classify|consider|label|regard) (?:(?:it|this|them|these|(?:the|this|that) (?:code|calls?|file|script|function|payload|usage|import|operation|access|behaviou?r|findings?|issues?|lines?|snippet|module|program|submission|eval|exec|subprocess)) )?as (?:safe|benign|harmless|trusted|clean|expected behaviou?r|intended behaviou?r)\b|\b(?:do not|don't|never) mention (?:this|it|that|these|them|any|the \w+)\b|\b(?:disregard|overlook|do not (?:analy[sz]e|inspect|review|examine|scrutini[sz]e|look at)|don't (?:analy[sz]e|inspect|review|examine|scrutini[sz]e|look at)|skip (?:reviewing|analy[sz]ing|inspecting)) (?:(?:the|this|that|these|those|any|its) )?(?:\w+ ){0,2}(?:calls?|imports?|blob|payload|lines?|function|block|section|code|following|below|eval|exec|subprocess|base64|network|file)\b",
    ),
    rule(
        "task-preempt",
        Instruction,
        Critical,
        // An agent's assigned task spoken of by someone who did not assign it.
        r"(?i)\bthe (?:task|request|job|assignment|instructions?) (?:that )?(?:i|we|the user) (?:gave|assigned|set|sent) (?:to )?you\b|\bbefore you (?:can |do |may )?(?:solve|complete|finish|do|continue|answer|start|proceed with|work on) (?:the|your|my) (?:original |current |main |first |actual )?(?:task|request|job|assignment|instructions?)\b,? (?:please |you (?:must|should|need to) )",
    ),
    rule(
        "message-to-model",
        Address,
        Warning,
        r"(?i)\b(?:important|urgent|personal|private|special|critical|confidential) (?:message|note|notice|request) from me\b|\bto you,? (?:the |an? )?(?:ai|llm|(?:ai )?language model|(?:ai )?assistant|(?:ai )?agent|claude|chatgpt|gpt(?:-?\d(?:\.\d)?o?)?|gemini|llama)\b",
    ),
    rule(
        "new-instructions",
        Instruction,
        Warning,
        // A header: `NEW INSTRUCTIONS:`, `*** NEW IMPORTANT INSTRUCTIONS ***`.
        r"(?i)\b(?:new|updated|revised|real|actual|true|hidden|secret|additional|override|priority|important) (?:(?:important|urgent|priority|new|updated) )?(?:system )?(?:instructions?|prompt|directives?)\s*(?::|\*{2,}|!+|={2,}|#{2,})",
    ),
    rule(
        "response-format",
        Instruction,
        Warning,
        // What to put in the model's answer (a string, a link, a divider):
        // the shape of an injection that exfiltrates through the reply.
        r"(?i)\b(?:include|insert|add|append|repeat|output|print|write|put) (?:(?:the|this|these|following|string|text|words?|line|exactly|it|verbatim|encoded|below|base64|sentence|link|image) ){0,6}(?:in|into|at the (?:start|end|beginning|top|bottom) of) your (?:response|answer|reply|output)\b|\b(?:in|at the (?:start|end|beginning) of) your (?:response|answer|reply|output),? (?:include|insert|add|append|repeat|write|print|output)\b|\b(?:UserQuery|ResponseFormat):|\byour refusal,? beginning with\b",
    ),
    rule(
        "persona",
        Instruction,
        Warning,
        r"(?i)\b(?:stay|remain|staying) in character\b|\bi want you to (?:act|pretend|play) (?:as|to be)\b|\bpretend (?:that )?you(?: are|'re) (?:an? |the )?(?:evil|malicious|bad|rogue|unrestricted|unfiltered|uncensored|amoral|unethical)\b|\b(?:stell dir vor|tu so,? als ob|stellen sie sich vor),? (?:du bist|sie sind)\b|\b(?:jetzt|nun) bist du\b|\byou (?:are to|will now|must now|shall now|are going to) (?:act|play|pretend|roleplay) (?:as|the role of|to be)\b|\bhypothetical (?:story|scenario|world),? (?:in which |where )?you (?:are|will)\b",
    ),
    rule(
        "you-must-comply",
        Instruction,
        Warning,
        r"(?i)\byou (?:must|have to|are required to|shall|are obligated to|are instructed to|are ordered to|will) (?:now )?(?:comply|obey|follow (?:these|the following|my|our|the new) instructions|disregard|forget|classify|not (?:flag|report|reject|mention|question|refuse|analy[sz]e))\b",
    ),
    rule(
        "you-must",
        Instruction,
        Info,
        r"(?i)\byou (?:must|have to|are required to|shall|are obligated to|are instructed to|are ordered to)\b",
    ),
    // --- urgency and authority (Warning) ---
    checked(
        "urgency",
        Urgency,
        Warning,
        r"\b(?:URGENT|IMMEDIATELY|ACT NOW|TIME SENSITIVE|TOP PRIORITY|HIGHEST PRIORITY|CRITICAL (?:NOTICE|INSTRUCTION|OVERRIDE|UPDATE|SECURITY NOTICE)|IMPORTANT (?:NOTICE|INSTRUCTION|MESSAGE|NOTE) (?:TO|FOR))\b",
        Check::NotConstant,
    ),
    rule("urgency-weak", Urgency, Info, r"\b[Uu]rgent(?:ly)?\b"),
    rule(
        "authority",
        Urgency,
        Warning,
        r"(?i)\b(?:(?:i|we) (?:am|are) (?:(?:the|an|a|your) )?(?:(?:system|site|security|lead|chief|head) )?(?:administrator|admin|owner|developer|operator|creator|ceo|cto|ciso|supervisor|security (?:officer|team|lead|auditor)|anthropic|openai)|as (?:the|your) (?:system )?(?:administrator|ceo|cto|ciso|security officer)|as your (?:admin|owner|boss|manager|creator|developer|operator)|by (?:direct )?order of (?:the )?(?:ceo|cto|ciso|administrator|management|security team|board)|(?:ceo|cto|ciso|management|leadership|the board|legal|compliance|(?:the )?security team|your (?:developer|creator|operator|owner|admin)) (?:says|said|has (?:ordered|required|requested|mandated|insisted|demanded|decided)|wants|requires|demands|insists|mandates|ordered|orders|instructs|instructed|directs|directed|expects)|(?:compliance|regulation|policy|law) (?:requires|mandates|demands) (?:that )?you|(?:admin|administrator|system|security|emergency|developer) override)\b",
    ),
    // --- role tags and chat-template tokens ---
    rule(
        "chat-template-token",
        RoleTag,
        Critical,
        r"<\|[A-Za-z_][A-Za-z0-9_.\-]{0,30}\|>|\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>",
    ),
    rule("eos-token", RoleTag, Warning, r"</s>"),
    checked(
        "role-tag",
        RoleTag,
        Critical,
        // Lowercase `system:` is `role-tag-weak`: it is also how a
        // docstring documents an argument named `system`.
        r"\b(?:SYSTEM|System|ASSISTANT|Assistant|HUMAN|Human)(?:\]|>|\*\*)?[\t\x20]*:",
        Check::RoleTagLine,
    ),
    rule(
        "role-tag-escaped",
        RoleTag,
        Critical,
        r"\\n[\t\x20]*(?:\\n[\t\x20]*)*(?:SYSTEM|System|ASSISTANT|Assistant|HUMAN|Human)[\t\x20]*:",
    ),
    checked(
        "role-tag-weak",
        RoleTag,
        Info,
        r"\b(?:system|assistant|human|user|User|USER)(?:\]|>|\*\*)?[\t\x20]*:",
        Check::RoleTagLine,
    ),
    checked(
        "role-tag-escaped-weak",
        RoleTag,
        Info,
        r"\\n[\t\x20]*(?:USER|User|user|system|assistant)[\t\x20]*:",
        Check::Prose,
    ),
    rule(
        "markdown-role-header",
        RoleTag,
        Critical,
        r"#{2,}[\t\x20]*(?i:instructions?|system(?:[\t\x20]+prompt)?|human|assistant|response)[\t\x20]*:",
    ),
    rule(
        "markdown-role-paren",
        RoleTag,
        Critical,
        // AgentDojo's `###(system_message)`.
        r"#{2,}[\t\x20]*\((?i:system|assistant|admin|developer)(?:[_\t\x20]?(?i:message|prompt|instructions?))?\)",
    ),
    rule(
        "markdown-role-header-weak",
        RoleTag,
        Warning,
        r"#{2,}[\t\x20]*(?:Instructions?|INSTRUCTIONS?|Human|HUMAN|Assistant|ASSISTANT)\b",
    ),
    rule(
        "policy-config",
        RoleTag,
        Warning,
        // A policy file forged for the model ("policy puppetry"):
        // `<interaction-config>`, `Blocked Modes: ALL`.
        r"(?i)</?interaction-config>|\b(?:allowed|blocked) (?:modes|responses|strings|topics)[\t\x20]{0,4}:",
    ),
    rule(
        "xml-role-tag",
        RoleTag,
        Warning,
        r"</?(?:system|system_prompt|assistant|instructions?|admin_instructions?|reviewer_instructions?|user_instructions?)>|\[(?:system|SYSTEM|System|admin|ADMIN|developer|DEVELOPER|reviewer|REVIEWER)\]",
    ),
    // --- fence-close and reviewer-output mimics ---
    rule(
        "review-response-mimic",
        Fence,
        Critical,
        r"(?i)\b(?:begin|start)(?: of)?(?: the)? (?:(?:ai|llm|code|security) )?review(?:er)?(?:'s|s)? (?:response|output|answer|verdict|assessment)\b|\b(?-i:REVIEW RESPONSE|REVIEWER RESPONSE|REVIEW RESULT|REVIEW OUTPUT)\b",
    ),
    rule(
        "fence-mimic",
        Fence,
        Warning,
        r"(?i)\bend of (?:the )?(?:code|submission|user code|untrusted (?:code|input|content)|(?:file|code) (?:under|for|to) review|reviewed code|code to be reviewed)\b|-{3,}\s*(?-i:END|BEGIN) (?-i:OF )?(?-i:CODE|FILE|SUBMISSION|INPUT|SOURCE|REVIEW|USER|UNTRUSTED|PROMPT|INSTRUCTIONS|CONTEXT|DOCUMENT|SYSTEM)\b|\b(?-i:END OF (?:INPUT|PROMPT|INSTRUCTIONS|CONTEXT|CODE|SOURCE|USER INPUT|DOCUMENT))\b|</(?:source|submission|untrusted|untrusted_code|user_code|user_input|code_to_review)>",
    ),
    checked("fence-line", Fence, Info, r"`{3,}|~{3,}", Check::FenceLine),
    rule("html-code-close", Fence, Info, r"</code>"),
    // --- weak mentions (Info) ---
    rule(
        "ai-mention",
        Mention,
        Info,
        r"(?i)\b(?:jailbreak(?:s|ing|ed)?|system prompt|prompt injection|(?:ai|llm|automated|code) reviewers?|reviewer model)\b",
    ),
];

/// Characters that render as nothing (or reorder text) and so can hide
/// words from a human or split them for a regex. They are removed before
/// the catalog runs; [`INVISIBLE_REPORTED`] are also reported.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
        | '\u{E0000}'..='\u{E007F}')
}

/// Reported as `invisible-unicode`. Not the joiners (emoji sequences,
/// Persian), the marks (RTL text) nor the soft hyphen, which real text uses.
const INVISIBLE_REPORTED: &str = r"[\u{180E}\u{200B}\u{2060}-\u{2064}\u{FEFF}]+";

/// Bidirectional embeddings, overrides and isolates, reported as
/// `bidi-control`: written raw in source they make a line display in
/// another order than it runs ("Trojan Source", CVE-2021-42574), which a
/// human approving the code would read. rustc refuses them in literals and
/// comments for the same reason; an honest program writes them as escapes.
const BIDI_CONTROLS: &str = r"[\u{202A}-\u{202E}\u{2066}-\u{2069}]+";

/// Unicode tag characters: invisible ASCII, a known way to smuggle
/// instructions to a model past a human.
const TAG_CHARS: &str = r"[\u{E0000}-\u{E007F}]+";

/// Key words whose letter-spaced or leetspeak spelling is reported as
/// `obfuscated-keyword`. Plain spellings are the catalog's business.
const OBFUSCATED_VOCAB: &[&str] = &[
    "ignore",
    "previous",
    "instruction",
    "instructions",
    "disregard",
    "override",
    "approve",
    "approved",
    "reviewer",
    "assistant",
    "system",
    "verdict",
    "jailbreak",
    "authorized",
    "authorised",
    "prompt",
    "urgent",
];

/// The catalog, each rule compiled only when its literals occur in the text
/// (see [`super::prefilter`]): most rules never match ordinary code.
static RULE_REGEXES: LazyLock<Catalog> = LazyLock::new(|| {
    let entries = patterns()
        .into_iter()
        .map(|(name, pattern)| Entry {
            name,
            pattern,
            span: needs::span(needs::SCAN_SPANS, name),
        })
        .collect();
    // Unicode off: ASCII case folding, `\s` and `\b` keep the regex
    // engine's DFAs small and fast. Non-ASCII sources are normalized first
    // (see [`normalize`]), so the catalog's ASCII phrases still match across
    // Unicode spaces and hidden characters.
    Catalog::new(entries, &needs::SCAN, false, &GAP_UNITS)
});

#[cfg(test)]
pub(crate) fn catalog() -> &'static Catalog {
    &RULE_REGEXES
}

/// Each rule's name and final pattern (every space a [`GAP`]): what is
/// compiled, and what the needs table (`needs.rs`) is derived from.
pub(super) fn patterns() -> Vec<(&'static str, String)> {
    CATALOG
        .iter()
        .map(|rule| (rule.key, rule.pattern.replace(' ', GAP)))
        .collect()
}

/// Compiles a constant pattern; `ascii` turns Unicode off, as for the catalog.
#[expect(
    clippy::expect_used,
    reason = "constant patterns; every one is compiled by the tests"
)]
fn compile(pattern: &str, ascii: bool) -> Regex {
    RegexBuilder::new(pattern)
        .unicode(!ascii)
        .build()
        .expect("valid constant regex")
}

static ROLE_LEADER_RE: LazyLock<Regex> = LazyLock::new(|| compile(ROLE_LEADER, true));
static FENCE_LEADER_RE: LazyLock<Regex> = LazyLock::new(|| compile(FENCE_LEADER, true));
static INVISIBLE_RE: LazyLock<Regex> = LazyLock::new(|| compile(INVISIBLE_REPORTED, false));
static TAGS_RE: LazyLock<Regex> = LazyLock::new(|| compile(TAG_CHARS, false));
static BIDI_RE: LazyLock<Regex> = LazyLock::new(|| compile(BIDI_CONTROLS, false));

/// A hit before line numbers are known.
struct Hit {
    start: usize,
    name: &'static str,
    family: Family,
    severity: Severity,
    excerpt: String,
}

/// Runs the catalog over `source`, and over the strings the program joins
/// from literals written apart (`joined`, from [`crate::parse::joined_literals`],
/// reported on the line of their first piece), and returns the findings
/// sorted by line (then most severe first). On one line, each family of
/// rules reports at most once, at its highest severity.
pub fn scan(source: &str, joined: &[Joined]) -> Vec<Finding> {
    let mut findings = raw_findings(source);
    findings.extend(read(source));
    if !joined.is_empty() {
        // One text for all of them, a joined string a line; a NUL ends each,
        // which no phrase's gap, letter spacing or encoded run crosses, so
        // two strings far apart in the source never read as one.
        let mut text = String::new();
        for j in joined {
            text.extend(j.text.chars().map(|c| if c == '\n' { ' ' } else { c }));
            text.push_str("\0\n");
        }
        findings.extend(read(&text).into_iter().map(|(family, finding)| {
            let line = joined
                .get(finding.line - 1)
                .map_or(finding.line, |j| j.line);
            (family, Finding { line, ..finding })
        }));
    }
    dedupe(findings)
}

/// Findings on the raw text: hidden characters themselves, and words that
/// mix scripts.
fn raw_findings(source: &str) -> Vec<(Family, Finding)> {
    // Only a non-ASCII source can hold them (and only then are the regexes
    // built).
    if source.is_ascii() {
        return Vec::new();
    }
    let mut raw_hits = Vec::new();
    for m in INVISIBLE_RE.find_iter(source) {
        if passes(Check::NotLeadingBom, source, m.start(), m.end()) {
            raw_hits.push(Hit {
                start: m.start(),
                name: "invisible-unicode",
                family: Obfuscation,
                severity: Warning,
                excerpt: excerpt(m.as_str()),
            });
        }
    }
    for m in BIDI_RE.find_iter(source) {
        raw_hits.push(Hit {
            start: m.start(),
            name: "bidi-control",
            family: Obfuscation,
            severity: Critical,
            excerpt: excerpt(m.as_str()),
        });
    }
    for m in TAGS_RE.find_iter(source) {
        raw_hits.push(Hit {
            start: m.start(),
            name: "unicode-tags",
            family: Obfuscation,
            severity: Critical,
            excerpt: excerpt(&decode_tags(m.as_str())),
        });
    }
    // A word that mixes scripts (Latin with a Cyrillic `о`) is written to
    // look like one thing and read as another (UTS #39's mixed-script
    // check); the catalog then reads it folded.
    raw_hits.extend(mixed_script_words(source));
    with_lines(source, raw_hits)
}

/// What the catalog finds in `source` read as a model would read it:
/// look-alike letters folded, then again with escapes decoded and long
/// identifiers split, and in what its base64 and hex runs decode to.
fn read(source: &str) -> Vec<(Family, Finding)> {
    let text: Cow<str> = if source.is_ascii() {
        Cow::Borrowed(source)
    } else {
        Cow::Owned(normalize(source))
    };
    let mut hits = catalog_hits(&text);
    obfuscated(&text, &mut hits);
    let mut findings = with_lines(&text, hits);
    // What the text says once escapes are decoded, hidden tag characters
    // read and long identifiers split into words (a keyword argument like
    // `reviewer_note_this_file_was_approved=True` reaches a reviewer as
    // written). Only the lines that change are there; the others are empty,
    // so line numbers agree.
    if let Some((derived, tagged)) = derived(&text) {
        let mut hits = catalog_hits(&derived);
        // Tag characters written as escapes hide text as the raw ones do.
        hits.extend(tagged.into_iter().map(|(start, hidden)| Hit {
            start,
            name: "unicode-tags",
            family: Obfuscation,
            severity: Critical,
            excerpt: excerpt(&format!("escaped tag characters reading {hidden:?}")),
        }));
        findings.extend(with_lines(&derived, hits));
    }
    // What base64 and hex runs decode to, reported where they are written.
    let mut hits = Vec::new();
    for (start, decoded) in encoded_texts(&text) {
        let decoded = if decoded.is_ascii() {
            decoded
        } else {
            normalize(&decoded)
        };
        let mut found = catalog_hits(&decoded);
        obfuscated(&decoded, &mut found);
        hits.extend(found.into_iter().map(|hit| Hit {
            start,
            excerpt: excerpt(&format!("encoded: {}", hit.excerpt)),
            ..hit
        }));
    }
    findings.extend(with_lines(&text, hits));
    findings
}

/// The catalog's rules compiled ahead of time (see [`super::precompiled`]).
static PRECOMPILED: LazyLock<Precompiled> =
    LazyLock::new(|| Precompiled::new(precompiled::SCAN_RULES, CATALOG.len()));

/// The catalog's hits on `text` (the regex rules only), each rule run only
/// over the windows where its literals stand close enough to match: with
/// its precompiled DFA, or its regex compiled now when there is none.
fn catalog_hits(text: &str) -> Vec<Hit> {
    let mut hits = Vec::new();
    for (index, windows) in RULE_REGEXES.windows(text).into_iter().enumerate() {
        let (Some(rule), false) = (CATALOG.get(index), windows.is_empty()) else {
            continue;
        };
        let precompiled = RULE_REGEXES
            .pattern(index)
            .and_then(|pattern| PRECOMPILED.get(index, pattern));
        let mut found = Vec::new();
        for window in windows {
            if let Some(matches) = precompiled.and_then(|dfa| dfa.matches(text, window.clone())) {
                found.extend(matches);
                continue;
            }
            let Some(regex) = RULE_REGEXES.regex(index) else {
                break;
            };
            // Look-arounds (`\b`) still see the text around the window.
            let input = Input::new(text).range(window);
            found.extend(regex.find_iter(input).map(|m| m.range()));
        }
        for m in found {
            if passes(rule.check, text, m.start, m.end) {
                hits.push(Hit {
                    start: m.start,
                    name: rule.name,
                    family: rule.family,
                    severity: rule.severity,
                    excerpt: excerpt(text.get(m).unwrap_or_default()),
                });
            }
        }
    }
    hits
}

/// The identifiers of at least four words in `text` (`a_b_c_d`, `aBcDeFgh`
/// with four humps): long enough to carry a sentence. What
/// `\b[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+){3,}\b|\b[a-z]+(?:[A-Z][a-z0-9]+){3,}\b`
/// finds without Unicode (ASCII `\b`), without compiling it in every
/// process: between two word boundaries such a match is a whole run of
/// ASCII word characters.
fn long_identifiers(text: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let bytes = text.as_bytes();
    let word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    let mut at = 0;
    std::iter::from_fn(move || loop {
        let start = at + bytes.get(at..)?.iter().position(word)?;
        let end = bytes[start..]
            .iter()
            .position(|b| !word(b))
            .map_or(bytes.len(), |n| start + n);
        at = end;
        if is_long_identifier(&bytes[start..end]) {
            return Some(start..end);
        }
    })
}

/// Whether a whole run of word characters is a snake-case identifier of
/// four words or more, or a camel-case one of four humps or more.
fn is_long_identifier(run: &[u8]) -> bool {
    let snake = run.first().is_some_and(u8::is_ascii_alphabetic)
        && run.last() != Some(&b'_')
        && run.split(|&b| b == b'_').filter(|w| !w.is_empty()).count() >= 4;
    snake || {
        // `[a-z]+` then `[A-Z][a-z0-9]+` three times or more, to the end.
        let head = run.iter().take_while(|b| b.is_ascii_lowercase()).count();
        let mut humps = 0;
        let mut at = head;
        while head > 0 && run.get(at).is_some_and(u8::is_ascii_uppercase) {
            let tail = run[at + 1..]
                .iter()
                .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                .count();
            if tail == 0 {
                return false;
            }
            humps += 1;
            at += 1 + tail;
        }
        head > 0 && at == run.len() && humps >= 3
    }
}

/// `text` with its `\U0001XXXX`, `\u{..}`, `\uXXXX` and `\xXX` escapes
/// decoded (control characters and invalid code points stay escaped), as
/// `\\U([0-9A-Fa-f]{8})|\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})`
/// would find them, left to right.
pub(crate) fn decode_escapes(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\\') {
        return text.into();
    }
    let hex_run = |s: &str, most: usize| {
        s.bytes()
            .take(most)
            .take_while(u8::is_ascii_hexdigit)
            .count()
    };
    // The escape at the start of `s` (a backslash): its length and its hex.
    let escape = |s: &str| -> Option<(usize, usize, usize)> {
        let after = s.get(1..)?;
        if let Some(hex) = after.strip_prefix('U') {
            return (hex_run(hex, 8) == 8).then_some((10, 2, 10));
        }
        if let Some(hex) = after.strip_prefix("u{") {
            let n = hex_run(hex, 6);
            if n > 0 && hex.as_bytes().get(n) == Some(&b'}') {
                return Some((3 + n + 1, 3, 3 + n));
            }
        }
        if let Some(hex) = after.strip_prefix('u') {
            return (hex_run(hex, 4) == 4).then_some((6, 2, 6));
        }
        let hex = after.strip_prefix('x')?;
        (hex_run(hex, 2) == 2).then_some((4, 2, 4))
    };
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut at = 0;
    while let Some(found) = text[at..].find('\\') {
        let start = at + found;
        let Some((len, hex_start, hex_end)) = escape(&text[start..]) else {
            at = start + 1;
            continue;
        };
        let decoded = u32::from_str_radix(&text[start + hex_start..start + hex_end], 16)
            .ok()
            .and_then(char::from_u32)
            .filter(|c| !c.is_control());
        if let Some(c) = decoded {
            out.push_str(&text[copied..start]);
            out.push(c);
            copied = start + len;
        }
        at = start + len;
    }
    if copied == 0 {
        return text.into();
    }
    out.push_str(&text[copied..]);
    out.into()
}

/// `text` as [`scan`] reads it a second time, or None when no line
/// changes: escapes decoded (not to control characters: a line stays a
/// line), tag characters (U+E0020..U+E007E) read as the ASCII they hide,
/// and long identifiers with their words apart. Also where escapes made
/// tag characters, with the text they hide.
fn derived(text: &str) -> Option<(String, Vec<(usize, String)>)> {
    let mut changed = false;
    let mut tagged = Vec::new();
    let mut out = String::with_capacity(text.len());
    // Only lines with an escape, a non-ASCII character or a long
    // identifier can change: the others are passed over without a copy.
    let mut long_starts = long_identifiers(text).map(|m| m.start).peekable();
    let mut line_start = 0;
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let line_end = line_start + line.len();
        let mut has_long_identifier = false;
        while let Some(&at) = long_starts.peek() {
            if at >= line_end {
                break;
            }
            has_long_identifier = true;
            long_starts.next();
        }
        line_start = line_end + 1;
        if !has_long_identifier && line.is_ascii() && !line.contains('\\') {
            continue;
        }
        let decoded = decode_escapes(line);
        let mut hidden = String::new();
        let read: String = decoded
            .chars()
            .map(|c| match u32::from(c) {
                code @ 0xE0020..=0xE007E => {
                    let shown = char::from_u32(code - 0xE0000).unwrap_or(c);
                    hidden.push(shown);
                    shown
                }
                _ => c,
            })
            .collect();
        if !hidden.is_empty() {
            tagged.push((out.len(), hidden));
        }
        let mut split = String::with_capacity(read.len() + 8);
        let mut copied = 0;
        for found in long_identifiers(&read) {
            split.push_str(&read[copied..found.start]);
            let word = &read[found.clone()];
            for (i, c) in word.char_indices() {
                if c == '_' {
                    if !split.ends_with(' ') {
                        split.push(' ');
                    }
                } else {
                    if c.is_ascii_uppercase() && i > 0 && !split.ends_with(' ') {
                        split.push(' ');
                    }
                    split.push(c);
                }
            }
            copied = found.end;
        }
        split.push_str(&read[copied..]);
        if split != line {
            changed = true;
            out.push_str(&split);
        }
    }
    changed.then_some((out, tagged))
}

/// The text the catalog reads when the source is not ASCII: hidden
/// characters removed (so `ig<U+200B>nore` reads `ignore`), Unicode spaces
/// made ASCII spaces (so a no-break space still separates words), and
/// look-alike characters read as the ASCII they imitate ([`fold`]).
/// Newlines are kept, so line numbers agree with the raw source.
fn normalize(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut scratch = String::new();
    for c in source.chars() {
        if c.is_ascii() {
            out.push(c);
        } else if is_invisible(c) {
        } else if c.is_whitespace() && c != '\u{2028}' && c != '\u{2029}' {
            out.push(' ');
        } else if fold(c, &mut scratch) {
            out.push_str(&scratch);
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether the non-ASCII `c` imitates ASCII text, which is then left in
/// `out`: a compatibility form (fullwidth `Ｉ`, mathematical `𝐢`, the
/// ligature `ﬁ`) reads as its NFKD decomposition, a letter of another
/// script (Cyrillic `о`, Greek `ο`) as its prototype in Unicode's
/// confusables table. The table is read for the lowercase letter, whose
/// prototype is the letter itself (for `I` it is `l`); the catalog
/// ignores case. A letter with a diacritic (`é`) or of a script with no
/// Latin look-alike (`中`) imitates nothing. Stage 5 reads words the same
/// way ([`super::histogram::words`]).
pub(crate) fn fold(c: char, out: &mut String) -> bool {
    let ascii_text = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_graphic());
    out.clear();
    unicode_normalization::char::decompose_compatible(c, |part| out.push(part));
    if ascii_text(out) {
        return true;
    }
    out.clear();
    for lower in c.to_lowercase() {
        let Some(text) = super::lookalikes::prototype(lower) else {
            return false;
        };
        out.push_str(text);
    }
    ascii_text(out)
}

/// Words that mix scripts, such as `ignоre` with a Cyrillic `о`. Digits
/// (of any script), marks and characters common to all scripts go with
/// any script; so do the invisible characters, which are reported on
/// their own. A word right after a backslash starts with an escape's
/// letter (`\u0345ι`), not a word's.
fn mixed_script_words(source: &str) -> Vec<Hit> {
    use unicode_security::MixedScript;
    let mut hits = Vec::new();
    let is_word = |c: char| c.is_alphanumeric() || is_invisible(c);
    let mut rest = source;
    while let Some(start) = rest.find(is_word) {
        let from = &rest[start..];
        let end = from.find(|c: char| !is_word(c)).unwrap_or(from.len());
        let word = &from[..end];
        let offset = source.len() - rest.len() + start;
        let escaped = source[..offset].ends_with('\\');
        let mixed = || {
            let letters: String = word
                .chars()
                .filter(|&c| !is_invisible(c) && !c.is_numeric())
                .collect();
            !letters.as_str().is_single_script()
        };
        if !word.is_ascii() && !escaped && mixed() {
            hits.push(Hit {
                start: offset,
                name: "mixed-script-word",
                family: Obfuscation,
                severity: Warning,
                excerpt: excerpt(word),
            });
        }
        rest = &from[end..];
    }
    hits
}

/// Shortest base64 run decoded: 15 bytes of text, two or three words.
const MIN_BASE64: usize = 20;
/// Shortest hex run decoded: 16 bytes of text.
const MIN_HEX: usize = 32;

/// Layers of encoding unwrapped before giving up: base64 of hex of base64.
const ENCODED_DEPTH: usize = 3;

/// The texts written as base64 or hex in `text` (a string literal a model
/// reading the file would decode unprompted), each with the offset where
/// it is written, and what those decode to in turn, to [`ENCODED_DEPTH`]
/// layers. Runs that decode to binary (digests, keys, images) are not text
/// and are left out. Each layer is shorter than the one it came from, so
/// the work is bounded by the text's length times the depth.
pub(crate) fn encoded_texts(text: &str) -> Vec<(usize, String)> {
    let mut out = one_layer(text);
    let mut layer = 0..out.len();
    for _ in 1..ENCODED_DEPTH {
        let inner: Vec<(usize, String)> = out[layer.clone()]
            .iter()
            .flat_map(|(at, decoded)| {
                one_layer(decoded)
                    .into_iter()
                    .map(move |(_, inner)| (*at, inner))
            })
            .collect();
        layer = out.len()..out.len() + inner.len();
        out.extend(inner);
    }
    out
}

/// The base64 and hex runs of `text` decoded, one layer.
fn one_layer(text: &str) -> Vec<(usize, String)> {
    let hex = policy::decode::hex_runs(text, MIN_HEX);
    let base64 = policy::decode::base64_runs(text, MIN_BASE64)
        .into_iter()
        // A run of hex digits is also base64 (of binary, as a rule).
        .filter(|(start, _)| !hex.iter().any(|(at, _)| at == start));
    let mut out: Vec<(usize, String)> = base64.collect();
    out.extend(hex);
    out
}

/// Separators allowed inside a letter-spaced word (`r e v i e w e r`,
/// `i.g.n.o.r.e`, `a_p_p_r_o_v_e`); at most [`SPACED_GAP`] of them between
/// two letters.
const SPACED_SEPARATORS: &[u8] = b" \t._*-|,";
const SPACED_GAP: usize = 3;
/// Letters in a letter-spaced run before it is looked at.
const SPACED_MIN: usize = 5;

/// Letter-spaced and leetspeak spellings of [`OBFUSCATED_VOCAB`] words,
/// found in one pass over the ASCII alphanumeric tokens.
fn obfuscated(text: &str, hits: &mut Vec<Hit>) {
    let bytes = text.as_bytes();
    // The current run of one-character tokens: (start, end).
    let mut run: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let token = &text[start..i];
        if token.len() == 1 {
            let joins = run.is_some_and(|(_, end)| {
                let gap = &bytes[end..start];
                gap.len() <= SPACED_GAP && gap.iter().all(|b| SPACED_SEPARATORS.contains(b))
            });
            match &mut run {
                Some((_, end)) if joins => *end = i,
                _ => {
                    spaced_run(text, run.take(), hits);
                    run = Some((start, i));
                }
            }
            continue;
        }
        spaced_run(text, run.take(), hits);
        leet_token(start, token, hits);
    }
    spaced_run(text, run, hits);
}

fn spaced_run(text: &str, run: Option<(usize, usize)>, hits: &mut Vec<Hit>) {
    let Some((start, end)) = run else {
        return;
    };
    // At least SPACED_MIN characters, each followed by a separator.
    if end - start < 2 * SPACED_MIN - 1 {
        return;
    }
    let letters: String = text[start..end]
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    if letters.len() < SPACED_MIN {
        return;
    }
    let found = unleet(&letters).iter().any(|word| {
        OBFUSCATED_VOCAB
            .iter()
            .any(|key| key.len() >= SPACED_MIN && word.contains(key))
    });
    if found {
        hits.push(obfuscation_hit(start, &text[start..end]));
    }
}

/// A word with a digit standing in for a letter, such as `1gn0re`.
fn leet_token(start: usize, token: &str, hits: &mut Vec<Hit>) {
    if !(5..=16).contains(&token.len()) || !token.bytes().any(|b| b"013457".contains(&b)) {
        return;
    }
    if token.bytes().filter(u8::is_ascii_alphabetic).count() < 2 {
        return;
    }
    let found = unleet(token).iter().any(|word| {
        OBFUSCATED_VOCAB
            .iter()
            .any(|key| word == key || word.strip_suffix('s') == Some(key))
    });
    if found {
        hits.push(obfuscation_hit(start, token));
    }
}

fn obfuscation_hit(start: usize, text: &str) -> Hit {
    Hit {
        start,
        name: "obfuscated-keyword",
        family: Obfuscation,
        severity: Warning,
        excerpt: excerpt(text),
    }
}

/// The lowercase readings of a leetspeak token; `1` may stand for `i` or `l`.
fn unleet(token: &str) -> [String; 2] {
    let read = |one: char| {
        token
            .chars()
            .map(|c| match c.to_ascii_lowercase() {
                '0' => 'o',
                '1' => one,
                '3' => 'e',
                '4' => 'a',
                '5' => 's',
                '7' => 't',
                other => other,
            })
            .collect()
    };
    [read('i'), read('l')]
}

fn passes(check: Check, text: &str, start: usize, end: usize) -> bool {
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let rest_of_line = text[end..].lines().next().unwrap_or("");
    match check {
        Check::None => true,
        Check::NotLeadingBom => !(start == 0 && text[..end].chars().all(|c| c == '\u{FEFF}')),
        Check::NotConstant => {
            let before = text[..start].chars().next_back();
            let after = text[end..].trim_start_matches([' ', '\t']);
            let assigned = after.starts_with('=') && !after.starts_with("==");
            let identifier = text[start..end].contains('_');
            before != Some('.') && !assigned && !identifier
        }
        Check::FenceLine => {
            FENCE_LEADER_RE.is_match(&text[line_start..start])
                && rest_of_line
                    .trim_start_matches(['`', '~'])
                    .trim()
                    .is_empty()
        }
        Check::RoleTagLine => {
            ROLE_LEADER_RE.is_match(&text[line_start..start])
                && passes(Check::Prose, text, start, end)
        }
        Check::Prose => {
            let rest = rest_of_line.trim_start_matches(['*', ' ', '\t']).trim_end();
            if rest.is_empty() {
                return true;
            }
            // `system: str = "x"`, `assistant: Assistant`: a type annotation.
            let words = rest
                .split_whitespace()
                .filter(|w| w.chars().any(char::is_alphabetic))
                .count();
            !rest.contains('=') && words >= 2
        }
    }
}

/// Shows `<U+XXXX>` for tag characters.
fn decode_tags(text: &str) -> String {
    let ascii: String = text
        .chars()
        .filter_map(|c| {
            let code = u32::from(c).checked_sub(0xE0000)?;
            char::from_u32(code).filter(|c| c.is_ascii_graphic() || *c == ' ')
        })
        .collect();
    format!("tag characters reading {ascii:?}")
}

/// Whitespace collapsed, invisible and control characters made visible,
/// at most [`EXCERPT_CHARS`] characters.
fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut pending_space = false;
    for c in text.trim().chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        let piece = if is_invisible(c) || c.is_control() {
            format!("<U+{:04X}>", u32::from(c))
        } else {
            c.to_string()
        };
        let need = piece.chars().count() + usize::from(pending_space);
        if count + need > EXCERPT_CHARS - 1 {
            out.push('…');
            return out;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push_str(&piece);
        count += need;
    }
    out
}

/// Turns byte offsets into 1-based line numbers in one pass over `text`.
fn with_lines(text: &str, mut hits: Vec<Hit>) -> Vec<(Family, Finding)> {
    hits.sort_by_key(|h| h.start);
    let bytes = text.as_bytes();
    let (mut pos, mut line) = (0, 1);
    hits.into_iter()
        .map(|hit| {
            line += bytes[pos..hit.start]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            pos = hit.start;
            let finding = Finding {
                rule: hit.name,
                severity: hit.severity,
                line,
                excerpt: hit.excerpt,
            };
            (hit.family, finding)
        })
        .collect()
}

/// Keeps the most severe finding per (line, family), sorted by line, then
/// severity (highest first), then rule name.
fn dedupe(mut findings: Vec<(Family, Finding)>) -> Vec<Finding> {
    findings.sort_by(|(fa, a), (fb, b)| {
        (a.line, *fa, std::cmp::Reverse(a.severity)).cmp(&(
            b.line,
            *fb,
            std::cmp::Reverse(b.severity),
        ))
    });
    findings.dedup_by(|(fb, b), (fa, a)| a.line == b.line && fa == fb);
    let mut out: Vec<Finding> = findings.into_iter().map(|(_, f)| f).collect();
    out.sort_by(|a, b| {
        (a.line, std::cmp::Reverse(a.severity), a.rule).cmp(&(
            b.line,
            std::cmp::Reverse(b.severity),
            b.rule,
        ))
    });
    out
}

#[cfg(test)]
#[path = "scan_tests.rs"]
mod tests;
