//! Durations written as `"90s"`, `"1m"`, `"2h"`, `"1h30m"`, `"1d"` or a
//! bare number of seconds, for `--timeout`, `--cpu-time` and the
//! `limits.timeout_secs` / `limits.cpu_time_secs` keys.

use serde::{Deserialize, Deserializer};

/// Parses a duration into seconds: a bare number, or one or more
/// `NUMBER UNIT` parts (`d`, `h`, `m`, `s`), largest unit first.
pub fn parse_secs(text: &str) -> Result<u64, String> {
    let bad = || {
        format!("`{text}` is not a duration; write seconds (\"90\") or like \"90s\", \"1m\", \"2h\", \"1h30m\"")
    };
    let trimmed = text.trim();
    if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return trimmed.parse().map_err(|_| bad());
    }
    let mut rest = trimmed;
    let mut total: u64 = 0;
    let mut last_unit = u64::MAX;
    if rest.is_empty() {
        return Err(bad());
    }
    while !rest.is_empty() {
        let split = rest.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let (digits, tail) = rest.split_at(split);
        let number: u64 = digits.parse().map_err(|_| bad())?;
        let mut chars = tail.chars();
        let unit = match chars.next() {
            Some('d') => 86_400,
            Some('h') => 3_600,
            Some('m') => 60,
            Some('s') => 1,
            _ => return Err(bad()),
        };
        // "1m1h" or "1h1h" is surely a typo.
        if unit >= last_unit {
            return Err(bad());
        }
        last_unit = unit;
        total = number
            .checked_mul(unit)
            .and_then(|secs| total.checked_add(secs))
            .ok_or_else(|| format!("`{text}` is too long"))?;
        rest = chars.as_str();
    }
    Ok(total)
}

#[derive(Deserialize)]
#[serde(untagged)]
enum SecsText {
    Number(u64),
    Text(String),
}

/// For an optional seconds key: an integer, or a duration string.
pub fn deserialize_opt_secs<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u64>, D::Error> {
    match Option::<SecsText>::deserialize(de)? {
        None => Ok(None),
        Some(SecsText::Number(n)) => Ok(Some(n)),
        Some(SecsText::Text(text)) => parse_secs(&text)
            .map(Some)
            .map_err(serde::de::Error::custom),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_secs;

    #[rstest::rstest]
    #[case("0", 0)]
    #[case("90", 90)]
    #[case("90s", 90)]
    #[case("1m", 60)]
    #[case("2h", 7200)]
    #[case("1h30m", 5400)]
    #[case("1d2h3m4s", 93_784)]
    #[case(" 5m ", 300)]
    fn durations_parse(#[case] text: &str, #[case] secs: u64) {
        assert_eq!(parse_secs(text), Ok(secs));
    }

    #[rstest::rstest]
    #[case("")]
    #[case("m")]
    #[case("1x")]
    #[case("1.5h")]
    #[case("1m1h")]
    #[case("1h1h")]
    #[case("-1")]
    #[case("30 m")]
    fn bad_durations_name_the_forms(#[case] text: &str) {
        let err = parse_secs(text).expect_err(text);
        assert!(err.contains("\"1h30m\""), "{err}");
    }

    #[test]
    fn overflow_is_refused() {
        assert!(parse_secs("99999999999999999999d").is_err());
        assert!(parse_secs("999999999999999999d").is_err());
    }
}
