//! Reading an HTTP/1.x message head (a proxy request from the jail, or the
//! response of the host it went to) with limits on each line, on the number
//! of headers and on the whole head; anything else is a [`HeadError`],
//! answered `400 Bad Request`.

use std::io::BufRead;

/// Longest request line, status line or header line.
pub const MAX_LINE: usize = 8 << 10;
/// Most headers in one head.
pub const MAX_HEADERS: usize = 100;
/// Largest head, all lines together.
pub const MAX_HEAD: usize = 64 << 10;

#[derive(Debug, thiserror::Error)]
pub enum HeadError {
    #[error("the connection closed before a complete message head")]
    Closed,
    #[error("a line of the message head is longer than {MAX_LINE} bytes")]
    LineTooLong,
    #[error("the message head has more than {MAX_HEADERS} headers or {MAX_HEAD} bytes")]
    TooLarge,
    #[error("malformed message head: {0}")]
    Malformed(&'static str),
    #[error("reading the message head: {0}")]
    Io(#[from] std::io::Error),
}

/// A message head: its first line's three parts, and the headers in order.
#[derive(Debug, Clone)]
pub struct Head {
    /// Request: method, target, version; response: version, status, reason.
    pub start: [String; 3],
    pub headers: Vec<(String, Vec<u8>)>,
    /// Bytes the head took on the wire.
    pub size: u64,
}

impl Head {
    /// Values of header `name` (case-insensitive), in order.
    pub fn values<'h>(&'h self, name: &'h str) -> impl Iterator<Item = &'h [u8]> + 'h {
        self.headers
            .iter()
            .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_slice())
    }

    /// The comma-separated tokens of every `name` header, lowercase.
    pub fn tokens(&self, name: &str) -> Vec<String> {
        self.values(name)
            .flat_map(|v| {
                String::from_utf8_lossy(v)
                    .split(',')
                    .map(|t| t.trim().to_ascii_lowercase())
                    .collect::<Vec<_>>()
            })
            .filter(|t| !t.is_empty())
            .collect()
    }
}

/// Reads one line ending in LF (CR before it dropped), at most
/// [`MAX_LINE`] bytes.
pub fn read_line<R: BufRead>(reader: &mut R) -> Result<Vec<u8>, HeadError> {
    let mut line = Vec::new();
    let limit = u64::try_from(MAX_LINE + 2).unwrap_or(u64::MAX);
    std::io::Read::take(&mut *reader, limit).read_until(b'\n', &mut line)?;
    if line.last() != Some(&b'\n') {
        return Err(if line.len() > MAX_LINE {
            HeadError::LineTooLong
        } else {
            HeadError::Closed
        });
    }
    line.pop();
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(line)
}

/// Reads a head: the first line, split in three at its first two spaces,
/// then headers up to the empty line.
pub fn read(reader: &mut impl BufRead) -> Result<Head, HeadError> {
    let first = read_line(reader)?;
    let mut size = first.len() as u64 + 2;
    let text = std::str::from_utf8(&first)
        .map_err(|_| HeadError::Malformed("the first line is not text"))?;
    let mut parts = text.splitn(3, ' ');
    let mut part = || parts.next().unwrap_or_default().to_string();
    let start = [part(), part(), part()];
    if start.iter().any(String::is_empty) {
        return Err(HeadError::Malformed(
            "the first line does not have three parts",
        ));
    }
    let mut headers = Vec::new();
    loop {
        let line = read_line(reader)?;
        size += line.len() as u64 + 2;
        if line.is_empty() {
            break;
        }
        if headers.len() >= MAX_HEADERS || size > MAX_HEAD as u64 {
            return Err(HeadError::TooLarge);
        }
        if line[0] == b' ' || line[0] == b'\t' {
            return Err(HeadError::Malformed("folded header lines are not accepted"));
        }
        let colon = line
            .iter()
            .position(|&b| b == b':')
            .ok_or(HeadError::Malformed("a header line has no `:`"))?;
        let name = std::str::from_utf8(&line[..colon])
            .ok()
            .filter(|n| is_token(n))
            .ok_or(HeadError::Malformed("a header name is not a token"))?;
        let value = line[colon + 1..].trim_ascii().to_vec();
        if value.iter().any(|&b| b == b'\r' || b == 0) {
            return Err(HeadError::Malformed("a header value has a CR or NUL byte"));
        }
        headers.push((name.to_string(), value));
    }
    Ok(Head {
        start,
        headers,
        size,
    })
}

/// RFC 9110 token: method and header names.
pub fn is_token(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Head, HeadError> {
        read(&mut std::io::Cursor::new(text.as_bytes().to_vec()))
    }

    #[test]
    fn reads_a_request_head() {
        let head = parse(
            "GET http://a.org/x HTTP/1.1\r\nHost: a.org\r\nConnection: keep-alive, Foo\r\n\r\nbody",
        )
        .expect("head");
        assert_eq!(head.start, ["GET", "http://a.org/x", "HTTP/1.1"]);
        assert_eq!(head.tokens("connection"), ["keep-alive", "foo"]);
        assert_eq!(head.values("HOST").next(), Some(&b"a.org"[..]));
    }

    #[test]
    fn garbage_and_oversize_are_refused() {
        assert!(matches!(
            parse("\u{1}\u{2}\r\n\r\n"),
            Err(HeadError::Malformed(_))
        ));
        assert!(matches!(
            parse("GET x HTTP/1.1\r\nno colon\r\n\r\n"),
            Err(HeadError::Malformed(_))
        ));
        assert!(matches!(
            parse("GET x HTTP/1.1\r\n"),
            Err(HeadError::Closed)
        ));
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_LINE));
        assert!(matches!(parse(&long), Err(HeadError::LineTooLong)));
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "A: b\r\n".repeat(MAX_HEADERS + 1)
        );
        assert!(matches!(parse(&many), Err(HeadError::TooLarge)));
    }
}
