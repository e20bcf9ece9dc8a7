//! What a proxy request asks for: `CONNECT host:port` (a tunnel), or an
//! absolute-form `http://host[:port]/path` to forward.

use super::head::{is_token, Head};

/// The destination of a request, host in the form the egress checks read
/// (lowercase, IPv6 without brackets).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    pub host: String,
    pub port: u16,
    /// For a forwarded request: the origin-form target (`/path?query`);
    /// None for `CONNECT`.
    pub path: Option<String>,
}

impl Request {
    pub fn is_connect(&self) -> bool {
        self.path.is_none()
    }

    /// The host as a `Host` header writes it (IPv6 in brackets).
    pub fn authority_host(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        }
    }

    /// `host[:port]` for a `Host` header (the port when not 80).
    pub fn authority(&self) -> String {
        let host = self.authority_host();
        if self.port == 80 {
            host
        } else {
            format!("{host}:{}", self.port)
        }
    }
}

/// Reads the request line of `head`; the error is the 400 text.
pub fn parse(head: &Head) -> Result<Request, String> {
    let [method, target, version] = &head.start;
    if !is_token(method) {
        return Err("the method is not a token".into());
    }
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return Err(format!(
            "`{version}` is not spoken here; send HTTP/1.1 proxy requests"
        ));
    }
    if method == "CONNECT" {
        let (host, port) = authority(target, None)?;
        return Ok(Request {
            method: method.clone(),
            host,
            port,
            path: None,
        });
    }
    let lower = target.to_ascii_lowercase();
    let rest = if lower.starts_with("http://") {
        &target["http://".len()..]
    } else if lower.starts_with("https://") {
        return Err(
            "an https URL goes through a tunnel: send `CONNECT host:443` (clients do this \
             when HTTPS_PROXY is set)"
                .into(),
        );
    } else {
        return Err(format!(
            "`{target}` is not an absolute http URL; this is a proxy (HTTP_PROXY): send \
             `{method} http://host/path HTTP/1.1`"
        ));
    };
    let rest = rest.split('#').next().unwrap_or_default();
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (host, port) = authority(&rest[..end], Some(80))?;
    let path = match &rest[end..] {
        "" => "/".to_string(),
        p if p.starts_with('?') => format!("/{p}"),
        p => p.to_string(),
    };
    if path.bytes().any(|b| b <= b' ' || b == 0x7f) {
        return Err("the URL's path has spaces or control characters".into());
    }
    Ok(Request {
        method: method.clone(),
        host,
        port,
        path: Some(path),
    })
}

/// `host:port` (a port required unless `default`), as the egress checks
/// read the host.
fn authority(text: &str, default: Option<u16>) -> Result<(String, u16), String> {
    if text.contains('@') {
        return Err(
            "`user:password@` in a URL is refused; credentials are added by the supervisor \
             (policy key egress.headers)"
                .into(),
        );
    }
    let (host, port) = match text.strip_prefix('[') {
        Some(inner) => {
            let (v6, after) = inner
                .split_once(']')
                .ok_or_else(|| "bad IPv6 address".to_string())?;
            v6.parse::<std::net::Ipv6Addr>()
                .map_err(|_| "bad IPv6 address".to_string())?;
            (v6.to_ascii_lowercase(), after.strip_prefix(':'))
        }
        None => match text.rsplit_once(':') {
            Some((host, port)) => (host.to_ascii_lowercase(), Some(port)),
            None => (text.to_ascii_lowercase(), None),
        },
    };
    let port = match (port, default) {
        (Some(p), _) => p
            .parse::<u16>()
            .ok()
            .filter(|&p| p != 0)
            .ok_or_else(|| format!("`{p}` is not a port"))?,
        (None, Some(d)) => d,
        (None, None) => return Err(format!("`{text}` has no port; write `host:443`")),
    };
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == ':';
    if host.is_empty() || !host.chars().all(plain) {
        return Err("the host must be a DNS name or an IP address".into());
    }
    Ok((host, port))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(line: &str) -> Result<Request, String> {
        let text = format!("{line}\r\n\r\n");
        let head =
            super::super::head::read(&mut std::io::Cursor::new(text.into_bytes())).expect("head");
        parse(&head)
    }

    #[test]
    fn absolute_and_connect_forms() {
        let r = request("GET http://Example.org:8080/a?b HTTP/1.1").expect("ok");
        assert_eq!((r.host.as_str(), r.port), ("example.org", 8080));
        assert_eq!(r.path.as_deref(), Some("/a?b"));
        assert_eq!(r.authority(), "example.org:8080");
        let r = request("GET http://example.org?q HTTP/1.1").expect("ok");
        assert_eq!((r.port, r.path.as_deref()), (80, Some("/?q")));
        let r = request("CONNECT [::1]:443 HTTP/1.1").expect("ok");
        assert_eq!(
            (r.host.as_str(), r.port, r.is_connect()),
            ("::1", 443, true)
        );
    }

    #[test]
    fn other_forms_are_refused_with_the_fix() {
        assert!(request("GET / HTTP/1.1").unwrap_err().contains("absolute"));
        assert!(request("GET https://a.org/ HTTP/1.1")
            .unwrap_err()
            .contains("CONNECT"));
        assert!(request("CONNECT a.org HTTP/1.1")
            .unwrap_err()
            .contains("no port"));
        assert!(request("GET http://u:p@a.org/ HTTP/1.1")
            .unwrap_err()
            .contains("egress.headers"));
        assert!(request("GET http://a.org/ HTTP/2")
            .unwrap_err()
            .contains("HTTP/1.1"));
        assert!(request("GET http://a_b.org/ HTTP/1.1").is_err());
    }
}
