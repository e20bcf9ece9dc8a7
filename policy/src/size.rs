//! Byte sizes written as `"64MiB"`, `"1G"`, `"4096"` or a bare integer.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SizeText", into = "String")]
pub struct ByteSize(pub u64);

#[derive(Deserialize)]
#[serde(untagged)]
enum SizeText {
    Number(u64),
    Text(String),
}

impl TryFrom<SizeText> for ByteSize {
    type Error = String;
    fn try_from(value: SizeText) -> Result<Self, String> {
        match value {
            SizeText::Number(n) => Ok(ByteSize(n)),
            SizeText::Text(text) => text.parse(),
        }
    }
}

impl std::str::FromStr for ByteSize {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let trimmed = text.trim();
        let split = trimmed
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(trimmed.len());
        let (digits, unit) = trimmed.split_at(split);
        let bad = || format!("`{text}` is not a size; write it like \"64MiB\", \"1G\" or \"4096\"");
        let number: u64 = digits.parse().map_err(|_| bad())?;
        let multiplier: u64 = match unit.trim() {
            "" | "B" => 1,
            "K" | "KiB" | "k" => 1 << 10,
            "M" | "MiB" => 1 << 20,
            "G" | "GiB" => 1 << 30,
            _ => return Err(bad()),
        };
        number
            .checked_mul(multiplier)
            .map(ByteSize)
            .ok_or_else(|| format!("`{text}` is too large"))
    }
}

impl std::fmt::Display for ByteSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0;
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] {
            if n != 0 && n.is_multiple_of(1 << shift) {
                return write!(f, "{}{unit}", n >> shift);
            }
        }
        write!(f, "{n}")
    }
}

impl From<ByteSize> for String {
    fn from(value: ByteSize) -> String {
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::ByteSize;
    use rstest::rstest;

    #[rstest]
    #[case("64MiB", 64 << 20)]
    #[case("64M", 64 << 20)]
    #[case("1G", 1 << 30)]
    #[case("4096", 4096)]
    #[case(" 2KiB ", 2048)]
    fn parses(#[case] text: &str, #[case] bytes: u64) {
        assert_eq!(text.parse::<ByteSize>(), Ok(ByteSize(bytes)));
    }

    #[rstest]
    #[case("")]
    #[case("MiB")]
    #[case("12 parsecs")]
    #[case("99999999999999999999G")]
    fn refuses(#[case] text: &str) {
        assert!(text.parse::<ByteSize>().is_err(), "{text} parsed");
    }

    #[test]
    fn displays_round_trip() {
        for n in [1u64, 4096, 64 << 20, 3 << 30, 1000] {
            assert_eq!(ByteSize(n).to_string().parse::<ByteSize>(), Ok(ByteSize(n)));
        }
    }
}
