//! A real HTTP/1.1 server on 127.0.0.1 for tests, answering each request
//! with what its handler returns (a whole raw response: see [`reply`]).
//!
//! Every connection is served on its own thread, so a handler that stalls
//! (a timeout test) holds up no other request. One request per connection:
//! each response says `Connection: close`.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// A request as the server received it.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    pub target: String,
    /// Names in lower case.
    pub headers: BTreeMap<String, String>,
    /// The request line and header lines exactly as sent, CRLFs included.
    pub head: String,
    pub body: Vec<u8>,
}

impl Request {
    /// The whole request as text (head, then body), the way httpbin's
    /// `/anything` reflects it.
    pub fn text(&self) -> String {
        format!("{}{}", self.head, String::from_utf8_lossy(&self.body))
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("request body is JSON")
    }
}

/// Writes the whole response to the connection itself (a stream, sent
/// piece by piece).
type Handler = dyn Fn(&Request, &mut dyn Write) + Send + Sync;

/// A running server; [`Server::stop`] ends it.
pub struct Server {
    pub port: u16,
    /// With TLS: the DER SubjectPublicKeyInfo of the server's certificate
    /// (what a pin hashes); empty without.
    pub spki: Vec<u8>,
    seen: Arc<Mutex<Vec<Request>>>,
    connections: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves plain HTTP with `handler`'s raw responses.
    pub fn start(handler: impl Fn(&Request) -> Vec<u8> + Send + Sync + 'static) -> Server {
        Server::serve(whole(handler), None)
    }

    /// Serves HTTPS with a certificate for `localhost` issued by a CA made
    /// for this server (its PEM is returned beside it).
    pub fn start_tls(
        handler: impl Fn(&Request) -> Vec<u8> + Send + Sync + 'static,
    ) -> (Server, String) {
        Server::start_tls_streaming(whole(handler))
    }

    /// [`Server::start_tls`] with a handler that writes the response
    /// itself, as it likes (flushed piece by piece, pausing between).
    pub fn start_tls_streaming(
        handler: impl Fn(&Request, &mut dyn Write) + Send + Sync + 'static,
    ) -> (Server, String) {
        let (config, ca_pem, spki) = tls_config();
        let mut server = Server::serve(handler, Some(config));
        server.spki = spki;
        (server, ca_pem)
    }

    fn serve(
        handler: impl Fn(&Request, &mut dyn Write) + Send + Sync + 'static,
        tls: Option<Arc<rustls::ServerConfig>>,
    ) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let port = listener.local_addr().expect("addr").port();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let handler: Arc<Handler> = Arc::new(handler);
        let thread = {
            let (seen, connections, stop) = (seen.clone(), connections.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut served = Vec::new();
                loop {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            connections.fetch_add(1, Ordering::SeqCst);
                            let (seen, handler, tls) = (seen.clone(), handler.clone(), tls.clone());
                            served.push(std::thread::spawn(move || {
                                serve_connection(stream, tls, &seen, &*handler)
                            }));
                        }
                        // Pending connections are taken before a stop.
                        Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => {
                            if stop.load(Ordering::SeqCst) {
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(5));
                        }
                        Err(err) => panic!("accept: {err}"),
                    }
                }
                for connection in served {
                    let _ = connection.join();
                }
            })
        };
        Server {
            port,
            spki: Vec::new(),
            seen,
            connections,
            stop,
            thread: Some(thread),
        }
    }

    /// `http://{host}:{port}{path}`.
    pub fn url(&self, host: &str, path: &str) -> String {
        format!("http://{host}:{}{path}", self.port)
    }

    /// The requests read so far.
    pub fn seen(&self) -> Vec<Request> {
        self.seen.lock().expect("lock").clone()
    }

    /// Stops the server once every connection it accepted is served; how
    /// many it accepted, and the requests it read.
    pub fn stop(mut self) -> (usize, Vec<Request>) {
        self.halt();
        (self.connections.load(Ordering::SeqCst), self.seen())
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            thread.join().expect("server thread");
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Not halt(): a panicking test must not wait on a stalled handler.
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// A handler of whole responses as one that writes them.
fn whole(
    handler: impl Fn(&Request) -> Vec<u8> + Send + Sync + 'static,
) -> impl Fn(&Request, &mut dyn Write) + Send + Sync + 'static {
    move |request, out| {
        let _ = out.write_all(&handler(request));
    }
}

/// A raw HTTP/1.1 response: `status`, `headers`, then `body`.
pub fn reply(status: u16, headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let mut head = format!(
        "HTTP/1.1 {status} Whatever\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut out = head.into_bytes();
    out.extend_from_slice(body);
    out
}

fn serve_connection(
    stream: TcpStream,
    tls: Option<Arc<rustls::ServerConfig>>,
    seen: &Mutex<Vec<Request>>,
    handler: &Handler,
) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    match tls {
        None => exchange(stream, seen, handler),
        Some(config) => {
            let Ok(conn) = rustls::ServerConnection::new(config) else {
                return;
            };
            // A client that refuses the certificate ends the handshake: the
            // read fails and nothing is recorded.
            let mut tls = rustls::StreamOwned::new(conn, stream);
            exchange(&mut tls, seen, handler);
            tls.conn.send_close_notify();
            let _ = tls.flush();
        }
    }
}

/// Reads one request, records it, and writes the handler's response.
fn exchange(stream: impl Read + Write, seen: &Mutex<Vec<Request>>, handler: &Handler) {
    let mut reader = BufReader::new(stream);
    let Some(request) = read_request(&mut reader) else {
        return;
    };
    seen.lock().expect("lock").push(request.clone());
    let mut stream = reader.into_inner();
    handler(&request, &mut stream);
    let _ = stream.flush();
}

fn read_request(reader: &mut impl BufRead) -> Option<Request> {
    let mut head = String::new();
    if reader.read_line(&mut head).ok()? == 0 {
        return None;
    }
    let mut parts = head.split_whitespace();
    let method = parts.next()?.to_string();
    let target = parts.next()?.to_string();
    let mut headers = BTreeMap::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line.trim_end().is_empty() {
            break;
        }
        head.push_str(&line);
        if let Some((name, value)) = line.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
        }
    }
    let length: usize = headers
        .get("content-length")
        .map_or(0, |len| len.parse().expect("content-length"));
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Request {
        method,
        target,
        headers,
        head,
        body,
    })
}

/// A server config with a certificate for `localhost`, its CA's PEM, and
/// the certificate's SubjectPublicKeyInfo.
fn tls_config() -> (Arc<rustls::ServerConfig>, String, Vec<u8>) {
    let ca_key = rcgen::KeyPair::generate().expect("CA key");
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("CA");
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "jail test CA");
    let ca = ca_params.self_signed(&ca_key).expect("CA certificate");
    let key = rcgen::KeyPair::generate().expect("key");
    let cert = rcgen::CertificateParams::new(vec!["localhost".to_string()])
        .expect("params")
        .signed_by(&key, &ca, &ca_key)
        .expect("certificate");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_no_client_auth()
        .with_single_cert(
            vec![cert.der().clone()],
            rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()),
        )
        .expect("server config");
    (Arc::new(config), ca.pem(), key.public_key_der())
}
