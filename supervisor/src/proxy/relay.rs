//! Moving bytes: connecting to a checked address, forwarding one plain
//! HTTP request (head rewritten, body as framed, response streamed back
//! unbuffered), and relaying a tunnel both ways without reading it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use super::head::{self, Head, HeadError};
use super::request::Request;

/// Headers that concern one connection only (RFC 9110 §7.6.1), never
/// passed on; nor is any header the `Connection` header names.
const HOP_BY_HOP: &[&str] = &[
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authorization",
    "proxy-authenticate",
    "te",
    "trailer",
    "upgrade",
];

/// Bytes moved each way, counted from the jail's side.
#[derive(Debug, Default, Clone, Copy)]
pub struct Moved {
    pub up: u64,
    pub down: u64,
}

/// Why a forwarded exchange failed part-way.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    #[error("the request: {0}")]
    Request(String),
    #[error("the host's response: {0}")]
    Response(HeadError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A connection to the first of `addrs` that answers before `deadline`.
pub fn connect(addrs: &[SocketAddr], deadline: Instant) -> std::io::Result<TcpStream> {
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address");
    for addr in addrs {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        match TcpStream::connect_timeout(addr, left) {
            Ok(stream) => return Ok(stream),
            Err(err) => last = err,
        }
    }
    Err(last)
}

/// How the request's body is framed.
enum Body {
    None,
    Length(u64),
    Chunked,
}

/// The body's framing, refusing what two parsers could read differently
/// (request smuggling): both framings at once, disagreeing lengths, or a
/// transfer coding other than `chunked`.
fn framing(head: &Head) -> Result<Body, String> {
    let codings = head.tokens("transfer-encoding");
    let lengths: Vec<&[u8]> = head.values("content-length").collect();
    if !codings.is_empty() {
        if !lengths.is_empty() {
            return Err("both Transfer-Encoding and Content-Length are set".into());
        }
        if codings != ["chunked"] {
            return Err("only the `chunked` transfer coding is forwarded".into());
        }
        return Ok(Body::Chunked);
    }
    let Some(first) = lengths.first() else {
        return Ok(Body::None);
    };
    if lengths.iter().any(|l| l != first) {
        return Err("Content-Length headers disagree".into());
    }
    std::str::from_utf8(first)
        .ok()
        .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse().ok())
        .map(Body::Length)
        .ok_or_else(|| "Content-Length is not a number".into())
}

/// A change to each request header value passed on.
pub type ValueEdit<'a> = &'a dyn Fn(&[u8]) -> Vec<u8>;

/// How a forwarded exchange is changed on its way, beyond the rewriting
/// every one gets (injected credentials: docs/network.md).
#[derive(Default)]
pub struct Edits<'a> {
    /// Each request header value passed on goes through this.
    pub request_value: Option<ValueEdit<'a>>,
    /// Request headers set, replacing any of the same name.
    pub request_set: &'a [(&'a str, &'a str)],
    /// Request headers dropped.
    pub request_drop: &'a [&'a str],
    /// Same-length replacements in the response, head and body.
    pub response_pairs: Vec<(Vec<u8>, Vec<u8>)>,
}

/// The head as it goes on: hop-by-hop headers and `Host` dropped, the
/// URL's authority as `Host`, `edits` applied, and `Connection: close`.
/// `first` is the first line.
fn rewrite(head: &Head, first: &str, host: Option<&str>, edits: &Edits) -> Vec<u8> {
    let named = head.tokens("connection");
    let mut out = Vec::with_capacity(usize::try_from(head.size).unwrap_or(0) + 64);
    out.extend_from_slice(first.as_bytes());
    out.extend_from_slice(b"\r\n");
    if let Some(host) = host {
        out.extend_from_slice(format!("Host: {host}\r\n").as_bytes());
    }
    for (name, value) in &head.headers {
        let lower = name.to_ascii_lowercase();
        let dropped = HOP_BY_HOP.contains(&lower.as_str())
            || named.contains(&lower)
            || (host.is_some() && (lower == "host" || lower == "expect"))
            || edits
                .request_set
                .iter()
                .any(|(set, _)| set.eq_ignore_ascii_case(&lower))
            || edits
                .request_drop
                .iter()
                .any(|drop| drop.eq_ignore_ascii_case(&lower));
        if !dropped {
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(b": ");
            match edits.request_value {
                Some(edit) => out.extend_from_slice(&edit(value)),
                None => out.extend_from_slice(value),
            }
            out.extend_from_slice(b"\r\n");
        }
    }
    for (name, value) in edits.request_set {
        out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    out.extend_from_slice(b"Connection: close\r\n\r\n");
    out
}

/// Reads the body of the request `head` from `client` as framed (raw,
/// chunks and all), refusing one over `max` bytes: for the review of what
/// a tainted session sends.
pub fn read_body<C: Read + Write>(
    head: &Head,
    client: &mut BufReader<C>,
    max: u64,
) -> Result<Vec<u8>, RelayError> {
    answer_expect(head, client)?;
    let mut body = Capped {
        bytes: Vec::new(),
        max,
    };
    match framing(head).map_err(RelayError::Request)? {
        Body::None => {}
        Body::Length(len) if len > max => return Err(too_large(max)),
        Body::Length(len) => {
            copy_exact(client, &mut body, len)?;
        }
        Body::Chunked => {
            copy_chunked(client, &mut body)?;
        }
    }
    Ok(body.bytes)
}

/// We take the body at once, so a client waiting for `100 Continue` gets
/// it from us (the host is not asked).
fn answer_expect<C: Read + Write>(head: &Head, client: &mut BufReader<C>) -> std::io::Result<()> {
    if head.tokens("expect").iter().any(|t| t == "100-continue") {
        client
            .get_mut()
            .write_all(b"HTTP/1.1 100 Continue\r\n\r\n")?;
    }
    Ok(())
}

fn too_large(max: u64) -> RelayError {
    RelayError::Request(format!(
        "the body is over {max} bytes, more than is reviewed (policy key \
         egress.max_response_bytes)"
    ))
}

/// A buffer that refuses to grow past `max`.
struct Capped {
    bytes: Vec<u8>,
    max: u64,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if (self.bytes.len() + buf.len()) as u64 > self.max {
            return Err(std::io::Error::other(format!(
                "the body is over {} bytes (policy key egress.max_response_bytes)",
                self.max
            )));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Forwards `request` (head already read from `client`) to `upstream` in
/// origin form, its body as framed (or `read`, when [`read_body`] took
/// it), then streams the response back until the host closes. `idle`
/// bounds each wait on the host.
#[allow(clippy::too_many_arguments)]
pub fn forward(
    request: &Request,
    head: &Head,
    client: &mut BufReader<TcpStream>,
    read: Option<Vec<u8>>,
    upstream: TcpStream,
    idle: Duration,
    moved: &mut Moved,
    edits: &Edits,
) -> Result<(), RelayError> {
    upstream.set_read_timeout(Some(idle))?;
    upstream.set_write_timeout(Some(idle))?;
    let path = request.path.as_deref().unwrap_or("/");
    let first = format!("{} {path} HTTP/1.1", request.method);
    let host = request.authority();
    let (response, from_host) =
        exchange(&first, &host, head, client, read, upstream, moved, edits)?;
    if !edits.response_pairs.is_empty() {
        return respond_swapped(&response, from_host, client.get_mut(), edits, moved);
    }
    // The response: its head rewritten the same way (so the client does
    // not reuse this connection), then the body as it comes.
    let first = response.start.join(" ");
    let out = client.get_mut();
    let rewritten = rewrite(&response, &first, None, &Edits::default());
    out.write_all(&rewritten)?;
    moved.down += rewritten.len() as u64;
    let buffered = from_host.buffer().to_vec();
    out.write_all(&buffered)?;
    moved.down += buffered.len() as u64;
    moved.down += relay(from_host.get_ref(), out)?;
    Ok(())
}

/// One exchange over any streams (TLS both sides, for injected
/// credentials): the request as [`forward`] sends it, with `Host: host`,
/// then the response rewritten with `edits` and streamed back.
#[allow(clippy::too_many_arguments)]
pub fn forward_over<C: Read + Write, U: Read + Write>(
    first: &str,
    host: &str,
    head: &Head,
    client: &mut BufReader<C>,
    read: Option<Vec<u8>>,
    upstream: U,
    moved: &mut Moved,
    edits: &Edits,
) -> Result<(), RelayError> {
    let (response, from_host) = exchange(first, host, head, client, read, upstream, moved, edits)?;
    respond_swapped(&response, from_host, client.get_mut(), edits, moved)
}

/// [`forward_over`], with `tap` given the response's head and each piece
/// of its body as it passes (without chunk framing), before the client
/// gets it.
#[allow(clippy::too_many_arguments)]
pub fn forward_tapped<C: Read + Write, U: Read + Write>(
    first: &str,
    host: &str,
    head: &Head,
    client: &mut BufReader<C>,
    read: Option<Vec<u8>>,
    upstream: U,
    moved: &mut Moved,
    edits: &Edits,
    tap: &mut dyn FnMut(&Head, &[u8]),
) -> Result<(), RelayError> {
    let (response, from_host) = exchange(first, host, head, client, read, upstream, moved, edits)?;
    tap(&response, &[]);
    let chunked = response
        .tokens("transfer-encoding")
        .iter()
        .any(|t| t == "chunked");
    let tapped = Tapped {
        inner: from_host,
        dechunk: chunked.then(Dechunk::default),
        tap: &mut |payload: &[u8]| tap(&response, payload),
    };
    respond_swapped(&response, tapped, client.get_mut(), edits, moved)
}

/// A reader that shows what passes through it to `tap`.
struct Tapped<'t, R: Read> {
    inner: R,
    /// For a chunked body: the payload is tapped, not the framing.
    dechunk: Option<Dechunk>,
    tap: &'t mut dyn FnMut(&[u8]),
}

impl<R: Read> Read for Tapped<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        match &mut self.dechunk {
            Some(dechunk) => dechunk.feed(&buf[..n], self.tap),
            None => (self.tap)(&buf[..n]),
        }
        Ok(n)
    }
}

/// Reads the payload out of a chunked body given in pieces of any size.
#[derive(Default)]
struct Dechunk {
    state: ChunkState,
    /// The chunk-size line read so far (capped: it is a hex number).
    line: Vec<u8>,
}

#[derive(Default)]
enum ChunkState {
    #[default]
    Size,
    Data(u64),
    /// The CRLF after a chunk's data: how many bytes of it are left.
    DataEnd(u8),
    /// After the last chunk: trailers, not payload.
    Done,
}

impl Dechunk {
    fn feed(&mut self, mut bytes: &[u8], out: &mut dyn FnMut(&[u8])) {
        while !bytes.is_empty() {
            match self.state {
                ChunkState::Size => {
                    let end = bytes.iter().position(|&b| b == b'\n');
                    let take = end.map_or(bytes.len(), |e| e + 1);
                    if self.line.len() < 256 {
                        self.line.extend_from_slice(&bytes[..take]);
                    }
                    bytes = &bytes[take..];
                    if end.is_some() {
                        let text = String::from_utf8_lossy(&self.line);
                        let size = text.split(';').next().unwrap_or_default().trim();
                        self.state = match u64::from_str_radix(size, 16) {
                            Ok(0) | Err(_) => ChunkState::Done,
                            Ok(n) => ChunkState::Data(n),
                        };
                        self.line.clear();
                    }
                }
                ChunkState::Data(left) => {
                    let take = usize::try_from(left).unwrap_or(usize::MAX).min(bytes.len());
                    out(&bytes[..take]);
                    bytes = &bytes[take..];
                    let left = left - take as u64;
                    self.state = if left == 0 {
                        ChunkState::DataEnd(2)
                    } else {
                        ChunkState::Data(left)
                    };
                }
                ChunkState::DataEnd(left) => {
                    let take = usize::from(left).min(bytes.len());
                    bytes = &bytes[take..];
                    let left = left.saturating_sub(u8::try_from(take).unwrap_or(left));
                    self.state = if left == 0 {
                        ChunkState::Size
                    } else {
                        ChunkState::DataEnd(left)
                    };
                }
                ChunkState::Done => return,
            }
        }
    }
}

/// Sends the request and reads the response's head.
#[allow(clippy::too_many_arguments)]
fn exchange<C: Read + Write, U: Read + Write>(
    first: &str,
    host: &str,
    head: &Head,
    client: &mut BufReader<C>,
    read: Option<Vec<u8>>,
    mut up: U,
    moved: &mut Moved,
    edits: &Edits,
) -> Result<(Head, BufReader<U>), RelayError> {
    let body = framing(head).map_err(RelayError::Request)?;
    if read.is_none() {
        answer_expect(head, client)?;
    }
    // (The head's own bytes are counted where it was read.)
    up.write_all(&rewrite(head, first, Some(host), edits))?;
    moved.up += match (read, body) {
        (Some(bytes), _) => {
            up.write_all(&bytes)?;
            bytes.len() as u64
        }
        (None, Body::None) => 0,
        (None, Body::Length(len)) => copy_exact(client, &mut up, len)?,
        (None, Body::Chunked) => copy_chunked(client, &mut up)?,
    };
    up.flush()?;
    let mut from_host = BufReader::new(up);
    let response = head::read(&mut from_host).map_err(RelayError::Response)?;
    Ok((response, from_host))
}

/// Streams the response back through the replacements of `edits`.
fn respond_swapped<C: Write>(
    response: &Head,
    mut from_host: impl Read,
    to: &mut C,
    edits: &Edits,
    moved: &mut Moved,
) -> Result<(), RelayError> {
    let first = response.start.join(" ");
    let rewritten = rewrite(response, &first, None, &Edits::default());
    let mut out = super::swap::Swap::new(to, edits.response_pairs.clone());
    out.write_all(&rewritten)?;
    moved.down += rewritten.len() as u64;
    moved.down += pump(&mut from_host, &mut out)?;
    out.finish()?;
    Ok(())
}

/// Copies from one socket to the other until end of file: through a pipe
/// with `splice(2)`, so the bytes never enter user space; where the
/// kernel refuses that, through a buffer.
fn relay(from: &TcpStream, to: &TcpStream) -> std::io::Result<u64> {
    use nix::fcntl::{splice, SpliceFFlags};
    let flags = SpliceFFlags::SPLICE_F_MOVE | SpliceFFlags::SPLICE_F_MORE;
    let (pipe_out, pipe_in) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
    let retry = |result: nix::Result<usize>| match result {
        Err(nix::errno::Errno::EINTR) => None,
        other => Some(other),
    };
    let mut total = 0;
    loop {
        let Some(read) = retry(splice(from, None, &pipe_in, None, PUMP_BUFFER, flags)) else {
            continue;
        };
        let n = match read {
            Ok(0) => return Ok(total),
            Ok(n) => n,
            Err(nix::errno::Errno::EINVAL) if total == 0 => {
                return pump(&mut &*from, &mut &*to);
            }
            Err(errno) => return Err(errno.into()),
        };
        let mut left = n;
        while left > 0 {
            if let Some(written) = retry(splice(&pipe_out, None, to, None, left, flags)) {
                left -= written?;
            }
        }
        total += n as u64;
    }
}

/// Bytes moved per read and write when streaming: large, so a download
/// costs few system calls.
const PUMP_BUFFER: usize = 256 << 10;

/// Copies until end of file, writing each read out at once (nothing is
/// held back: a streamed response arrives as it is sent).
fn pump(from: &mut impl Read, to: &mut impl Write) -> std::io::Result<u64> {
    let mut buf = vec![0u8; PUMP_BUFFER];
    let mut total = 0;
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => return Ok(total),
            Ok(n) => n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            // A TLS peer that closes without close_notify: the response's
            // own framing tells the client whether it was whole.
            Err(err) if err.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(total),
            Err(err) => return Err(err),
        };
        to.write_all(&buf[..n])?;
        total += n as u64;
    }
}

/// Copies exactly `len` bytes.
fn copy_exact(from: &mut impl Read, to: &mut impl Write, len: u64) -> std::io::Result<u64> {
    let copied = std::io::copy(&mut from.take(len), to)?;
    if copied < len {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    Ok(copied)
}

/// Copies a chunked body as it is, chunk by chunk, up to and including
/// the trailer's empty line.
fn copy_chunked(from: &mut impl BufRead, to: &mut impl Write) -> Result<u64, RelayError> {
    let mut total = 0;
    let bad = |why: &str| RelayError::Request(format!("bad chunked body: {why}"));
    loop {
        let line = head::read_line(from).map_err(|e| bad(&e.to_string()))?;
        let size_text = line.split(|&b| b == b';').next().unwrap_or_default();
        let size = std::str::from_utf8(size_text)
            .ok()
            .and_then(|t| u64::from_str_radix(t.trim(), 16).ok())
            .ok_or_else(|| bad("a chunk size is not hexadecimal"))?;
        to.write_all(&line)?;
        to.write_all(b"\r\n")?;
        total += line.len() as u64 + 2;
        if size == 0 {
            break;
        }
        total += copy_exact(from, to, size)?;
        let end = head::read_line(from).map_err(|e| bad(&e.to_string()))?;
        if !end.is_empty() {
            return Err(bad("a chunk is longer than its size"));
        }
        to.write_all(b"\r\n")?;
        total += 2;
    }
    // Trailer lines, then the empty line.
    loop {
        let line = head::read_line(from).map_err(|e| bad(&e.to_string()))?;
        to.write_all(&line)?;
        to.write_all(b"\r\n")?;
        total += line.len() as u64 + 2;
        if line.is_empty() {
            return Ok(total);
        }
    }
}

/// Relays a tunnel both ways until each side has closed its half (or the
/// jail ends, which shuts both sockets down). `early`: bytes the client
/// sent after its CONNECT head, before our answer.
pub fn tunnel(
    client: TcpStream,
    upstream: TcpStream,
    early: &[u8],
    moved: &mut Moved,
) -> std::io::Result<()> {
    let mut up = upstream.try_clone()?;
    up.write_all(early)?;
    let from_client = client.try_clone()?;
    let upward = std::thread::spawn(move || {
        let copied = relay(&from_client, &up);
        let _ = up.shutdown(Shutdown::Write);
        copied.unwrap_or(0)
    });
    let from_host = upstream;
    let to_client = client;
    let down = relay(&from_host, &to_client).unwrap_or(0);
    let _ = to_client.shutdown(Shutdown::Write);
    let up = upward.join().unwrap_or(0);
    moved.up += early.len() as u64 + up;
    moved.down += down;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &str) -> Head {
        head::read(&mut std::io::Cursor::new(text.as_bytes().to_vec())).expect("head")
    }

    #[test]
    fn hop_by_hop_headers_go_and_host_is_the_urls() {
        let h = head(
            "GET http://a.org/x HTTP/1.1\r\nHost: evil.org\r\nConnection: X-Secret\r\n\
             X-Secret: 1\r\nProxy-Authorization: p\r\nAccept: */*\r\n\r\n",
        );
        let out = String::from_utf8(rewrite(
            &h,
            "GET /x HTTP/1.1",
            Some("a.org"),
            &Edits::default(),
        ))
        .expect("text");
        assert_eq!(
            out,
            "GET /x HTTP/1.1\r\nHost: a.org\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        );
    }

    #[test]
    fn ambiguous_framing_is_refused() {
        let both = head(
            "POST http://a/ HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        );
        assert!(framing(&both).is_err());
        let two = head("POST http://a/ HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n");
        assert!(framing(&two).is_err());
        let gzip = head("POST http://a/ HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n");
        assert!(framing(&gzip).is_err());
    }

    #[test]
    fn the_payload_of_a_chunked_body_is_read_out_whatever_the_pieces() {
        let body = b"5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nT: 1\r\n\r\n";
        for cut in 0..body.len() {
            let mut dechunk = Dechunk::default();
            let mut payload = Vec::new();
            dechunk.feed(&body[..cut], &mut |p| payload.extend_from_slice(p));
            dechunk.feed(&body[cut..], &mut |p| payload.extend_from_slice(p));
            assert_eq!(payload, b"hello, world", "cut at {cut}");
        }
    }

    #[test]
    fn a_chunked_body_is_copied_to_its_end_and_no_further() {
        let mut from = std::io::Cursor::new(b"3\r\nabc\r\n0\r\nT: 1\r\n\r\nNEXT".to_vec());
        let mut to = Vec::new();
        let n = copy_chunked(&mut from, &mut to).expect("copied");
        assert_eq!(to, b"3\r\nabc\r\n0\r\nT: 1\r\n\r\n");
        assert_eq!(n, to.len() as u64);
    }
}
