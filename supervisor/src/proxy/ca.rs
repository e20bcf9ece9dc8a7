//! The run's own certificate authority, for the hosts whose TLS the proxy
//! ends to put injected credentials in (docs/network.md). Made in memory
//! when the jail starts and dropped with it: its key never touches a disk,
//! and no other run trusts it. The jail trusts it through a CA bundle (the
//! supervisor's trusted CAs and this one), which holds certificates only.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use rcgen::{
    BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, KeyPair,
    KeyUsagePurpose, SanType,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// Why the run's CA or a certificate of it could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CaError {
    #[error("cannot make the run's CA for injected credentials: {0}")]
    Make(#[from] rcgen::Error),
    #[error("cannot make a TLS server configuration for {host}: {reason}")]
    Config { host: String, reason: String },
}

/// A CA whose certificates live as long as the run.
pub struct SessionCa {
    key: KeyPair,
    cert: rcgen::Certificate,
    /// Server configurations already made, by host.
    leaves: Mutex<BTreeMap<String, Arc<rustls::ServerConfig>>>,
}

/// How long the CA and its certificates are valid: around the run, with a
/// margin for clocks that differ; a run lasts at most a few days.
const VALID_BEFORE: time::Duration = time::Duration::hours(1);
const VALID_AFTER: time::Duration = time::Duration::days(8);

impl SessionCa {
    pub fn new() -> Result<SessionCa, CaError> {
        let key = KeyPair::generate()?;
        let mut params = CertificateParams::new(Vec::<String>::new())?;
        params.is_ca = IsCa::Ca(BasicConstraints::Constrained(0));
        params
            .distinguished_name
            .push(DnType::CommonName, "jail proxy CA (this run only)");
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        validity(&mut params);
        let cert = params.self_signed(&key)?;
        Ok(SessionCa {
            key,
            cert,
            leaves: Mutex::new(BTreeMap::new()),
        })
    }

    /// The CA's certificate, PEM.
    pub fn pem(&self) -> String {
        self.cert.pem()
    }

    /// A server configuration presenting a certificate for `host` (a name
    /// or an IP address), made once per host.
    pub fn server_config(&self, host: &str) -> Result<Arc<rustls::ServerConfig>, CaError> {
        let mut leaves = self
            .leaves
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(config) = leaves.get(host) {
            return Ok(Arc::clone(config));
        }
        let config = Arc::new(self.leaf(host)?);
        leaves.insert(host.to_string(), Arc::clone(&config));
        Ok(config)
    }

    fn leaf(&self, host: &str) -> Result<rustls::ServerConfig, CaError> {
        let key = KeyPair::generate()?;
        let mut params = CertificateParams::new(Vec::<String>::new())?;
        params.subject_alt_names = vec![match host.parse::<std::net::IpAddr>() {
            Ok(ip) => SanType::IpAddress(ip),
            Err(_) => SanType::DnsName(host.try_into()?),
        }];
        params.distinguished_name.push(DnType::CommonName, host);
        params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
        params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
        validity(&mut params);
        let cert = params.signed_by(&key, &self.cert, &self.key)?;
        let failed = |reason: String| CaError::Config {
            host: host.to_string(),
            reason,
        };
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|err| failed(err.to_string()))?
            .with_no_client_auth()
            .with_single_cert(
                vec![
                    cert.der().clone(),
                    CertificateDer::from(self.cert.der().to_vec()),
                ],
                PrivateKeyDer::Pkcs8(key.serialize_der().into()),
            )
            .map_err(|err| failed(err.to_string()))?;
        // One request per connection, read as HTTP/1.1: no HTTP/2.
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(config)
    }
}

fn validity(params: &mut CertificateParams) {
    let now = time::OffsetDateTime::now_utc();
    params.not_before = now - VALID_BEFORE;
    params.not_after = now + VALID_AFTER;
}

/// PEM text of DER certificates.
pub fn pem_of(ders: &[&[u8]]) -> String {
    let mut out = String::new();
    for der in ders {
        out.push_str("-----BEGIN CERTIFICATE-----\n");
        let text = policy::decode::base64_encode_padded(der);
        for line in text.as_bytes().chunks(64) {
            out.push_str(&String::from_utf8_lossy(line));
            out.push('\n');
        }
        out.push_str("-----END CERTIFICATE-----\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leaf_verifies_under_the_ca_and_only_for_its_host() {
        let ca = SessionCa::new().expect("ca");
        let mut roots = rustls::RootCertStore::empty();
        roots
            .add(CertificateDer::from(ca.cert.der().to_vec()))
            .expect("root");
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let client = Arc::new(
            rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .expect("versions")
                .with_root_certificates(roots)
                .with_no_client_auth(),
        );
        let handshake = |name: &str, served: &str| -> bool {
            let server = ca.server_config(served).expect("leaf");
            let mut c = rustls::ClientConnection::new(
                Arc::clone(&client),
                name.to_string().try_into().expect("name"),
            )
            .expect("client");
            let mut s = rustls::ServerConnection::new(server).expect("server");
            for _ in 0..10 {
                let mut buf = Vec::new();
                if c.wants_write() {
                    c.write_tls(&mut buf).expect("write");
                    if s.read_tls(&mut buf.as_slice()).is_err() || s.process_new_packets().is_err()
                    {
                        return false;
                    }
                }
                buf.clear();
                if s.wants_write() {
                    s.write_tls(&mut buf).expect("write");
                    if c.read_tls(&mut buf.as_slice()).is_err() || c.process_new_packets().is_err()
                    {
                        return false;
                    }
                }
                if !c.is_handshaking() && !s.is_handshaking() {
                    return true;
                }
            }
            false
        };
        assert!(handshake("api.example.org", "api.example.org"));
        assert!(handshake("127.0.0.1", "127.0.0.1"));
        assert!(!handshake("other.example.org", "api.example.org"));
    }

    #[test]
    fn the_pem_text_is_read_back_as_the_same_certificate() {
        let ca = SessionCa::new().expect("ca");
        let pem = pem_of(&[ca.cert.der().as_ref()]);
        assert!(pem.starts_with("-----BEGIN CERTIFICATE-----\n"));
        assert!(!pem.contains("PRIVATE KEY"));
        let certs = ureq::tls::parse_pem(pem.as_bytes())
            .filter_map(|item| match item {
                Ok(ureq::tls::PemItem::Certificate(cert)) => Some(cert.der().to_vec()),
                _ => None,
            })
            .collect::<Vec<_>>();
        assert_eq!(certs, vec![ca.cert.der().to_vec()]);
    }
}
