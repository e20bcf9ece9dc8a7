//! A writer that replaces byte strings as they stream through it, each by
//! one of the same length (a real credential by its placeholder), so the
//! framing of what it rewrites stays right. It holds back only the end of
//! what it was given that could begin a match, so a stream that holds
//! none (server-sent events) passes as it comes.

use std::io::Write;

pub struct Swap<W: Write> {
    inner: W,
    /// `(from, to)`, each `to` as long as its `from`, none empty.
    pairs: Vec<(Vec<u8>, Vec<u8>)>,
    /// The end of what was written that could begin a `from`.
    held: Vec<u8>,
}

impl<W: Write> Swap<W> {
    /// Pairs of unequal lengths or an empty `from` are left out.
    pub fn new(inner: W, pairs: Vec<(Vec<u8>, Vec<u8>)>) -> Swap<W> {
        let pairs = pairs
            .into_iter()
            .filter(|(from, to)| !from.is_empty() && from.len() == to.len())
            .collect();
        Swap {
            inner,
            pairs,
            held: Vec::new(),
        }
    }

    /// Writes what is held back (it began no match after all) and returns
    /// the inner writer.
    pub fn finish(mut self) -> std::io::Result<W> {
        let held = std::mem::take(&mut self.held);
        self.inner.write_all(&held)?;
        self.inner.flush()?;
        Ok(self.inner)
    }

    /// Where the longest tail of `bytes` that is a proper prefix of some
    /// `from` starts (bytes.len() when none).
    fn hold_from(&self, bytes: &[u8]) -> usize {
        let longest = self.pairs.iter().map(|(f, _)| f.len()).max().unwrap_or(1);
        let earliest = bytes.len().saturating_sub(longest - 1);
        (earliest..bytes.len())
            .find(|&start| {
                let tail = &bytes[start..];
                self.pairs.iter().any(|(from, _)| from.starts_with(tail))
            })
            .unwrap_or(bytes.len())
    }
}

impl<W: Write> Write for Swap<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.pairs.is_empty() {
            return self.inner.write(buf);
        }
        let mut bytes = std::mem::take(&mut self.held);
        bytes.extend_from_slice(buf);
        for (from, to) in &self.pairs {
            let mut at = 0;
            while let Some(found) = find(&bytes[at..], from) {
                let start = at + found;
                bytes[start..start + from.len()].copy_from_slice(to);
                at = start + from.len();
            }
        }
        let keep = self.hold_from(&bytes);
        self.inner.write_all(&bytes[..keep])?;
        self.held = bytes[keep..].to_vec();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(pieces: &[&[u8]]) -> (Vec<u8>, Vec<usize>) {
        let mut swap = Swap::new(Vec::new(), vec![(b"SECRET".to_vec(), b"xxxxxx".to_vec())]);
        let mut seen = Vec::new();
        for piece in pieces {
            swap.write_all(piece).expect("write");
            seen.push(swap.inner.len());
        }
        (swap.finish().expect("finish"), seen)
    }

    #[test]
    fn a_value_split_anywhere_is_replaced() {
        let text = b"a SECRET and SECRET.";
        for cut in 0..text.len() {
            for cut2 in cut..text.len() {
                let (out, _) = through(&[&text[..cut], &text[cut..cut2], &text[cut2..]]);
                assert_eq!(out, b"a xxxxxx and xxxxxx.", "cut at {cut}, {cut2}");
            }
        }
    }

    #[test]
    fn only_a_possible_start_is_held_back() {
        let (out, seen) = through(&[b"data: 1\n\n", b"data: SEC", b"RE", b"T\n\n"]);
        assert_eq!(seen[0], 9, "a piece that can begin no match passes at once");
        assert_eq!(seen[1], 15, "`SEC` waits");
        assert_eq!(out, b"data: 1\n\ndata: xxxxxx\n\n");
        let (out, _) = through(&[b"SECRE"]);
        assert_eq!(out, b"SECRE", "what held nothing comes out at the end");
    }
}
