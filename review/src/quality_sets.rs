//! The review-quality sets' files (`tests/review-quality/SET/{harmful,benign}`),
//! as the tests that compare two ways of matching read them.

use std::path::Path;

/// The hand-written sets of each language and the two newest blind sets:
/// what a test comparing two matchers reads when any sets will do.
pub(crate) const SOME: [&str; 5] = [
    "python",
    "javascript",
    "bash",
    "held-aside-17",
    "held-aside-18",
];

/// Each file of these sets, with its language and text.
pub(crate) fn files(sets: &[&str]) -> Vec<(crate::Lang, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/review-quality");
    let mut out = Vec::new();
    for set in sets {
        for dir in ["harmful", "benign"] {
            for entry in std::fs::read_dir(root.join(set).join(dir)).expect("set") {
                let path = entry.expect("entry").path();
                let text = std::fs::read_to_string(&path).expect("read");
                let lang = crate::Lang::from_path(&path).expect("language");
                out.push((lang, text));
            }
        }
    }
    out
}

/// Each file of these sets, sanitized.
pub(crate) fn sanitized(sets: &[&str]) -> Vec<crate::sanitize::Sanitized> {
    files(sets)
        .into_iter()
        .map(|(lang, text)| {
            let parsed = crate::parse::parse_lenient(lang, &text).expect("parses");
            crate::sanitize::sanitize(&parsed.walked())
        })
        .collect()
}
