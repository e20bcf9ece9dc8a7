use super::*;
use rstest::rstest;

fn patterns(list: &[&str]) -> Vec<HostPattern> {
    list.iter()
        .map(|p| HostPattern::try_from(p.to_string()).expect("valid pattern"))
        .collect()
}

#[rstest]
#[case("example.com", true)]
#[case("EXAMPLE.com", true)]
#[case("example.com.", true)]
#[case("www.example.com", false)]
#[case("a.x.com", true)]
#[case("a.b.x.com", true)]
#[case("A.X.COM.", true)]
#[case("x.com", false)]
#[case("evilx.com", false)]
#[case("a.evilx.com", false)]
#[case("x.com.evil.net", false)]
#[case(".x.com", false)]
#[case("example.com..", false)]
#[case("example.org", false)]
#[case("127.0.0.1", false)]
#[case("", false)]
fn host_allowed_matches(#[case] host: &str, #[case] allowed: bool) {
    let allow = patterns(&["example.com", "*.x.com"]);
    assert_eq!(host_allowed(&allow, host), allowed, "{host}");
}

#[test]
fn nothing_is_allowed_by_default() {
    assert!(!host_allowed(&[], "example.com"));
}

#[rstest]
#[case("127.0.0.1")]
#[case("127.1")]
#[case("0x7f.1")]
#[case("0x7F.0.0.1")]
#[case("0177.0.0.1")]
#[case("2130706433")]
#[case("0x7f000001")]
#[case("1.2.3.4.")]
#[case("::1")]
#[case("[::1]")]
#[case("[::ffff:127.0.0.1]")]
#[case("fe80::1%eth0")]
#[case("foo.123")]
#[case("0x")]
fn ip_literals(#[case] host: &str) {
    assert!(is_ip_literal(host), "{host}");
}

#[rstest]
#[case("example.com")]
#[case("localhost")]
#[case("123.example.com")]
#[case("0x7f.example")]
#[case("deadbeef")]
#[case("3com.com")]
#[case("")]
fn names(#[case] host: &str) {
    assert!(!is_ip_literal(host), "{host}");
}

#[rstest]
#[case("127.0.0.1", "loopback")]
#[case("127.255.0.9", "loopback")]
#[case("0.0.0.0", "unspecified")]
#[case("0.1.2.3", "this-network")]
#[case("10.1.2.3", "private")]
#[case("172.16.0.1", "private")]
#[case("172.31.255.255", "private")]
#[case("192.168.1.1", "private")]
#[case("169.254.169.254", "metadata")]
#[case("100.64.0.1", "carrier-grade")]
#[case("100.127.255.255", "carrier-grade")]
#[case("192.0.0.8", "IETF")]
#[case("192.0.2.1", "documentation")]
#[case("198.51.100.7", "documentation")]
#[case("203.0.113.9", "documentation")]
#[case("198.18.0.1", "benchmarking")]
#[case("255.255.255.255", "broadcast")]
#[case("224.0.0.1", "multicast")]
#[case("239.255.255.250", "multicast")]
#[case("240.0.0.1", "reserved")]
#[case("::", "unspecified")]
#[case("::1", "loopback")]
#[case("fe80::1", "link-local")]
#[case("febf::1", "link-local")]
#[case("fec0::1", "site-local")]
#[case("fc00::1", "unique local")]
#[case("fd00:ec2::254", "unique local")]
#[case("ff02::1", "multicast")]
#[case("2001:db8::1", "documentation")]
#[case("3fff::1", "documentation")]
#[case("100::1", "discard")]
#[case("::ffff:127.0.0.1", "loopback")]
#[case("::ffff:169.254.169.254", "link-local")]
#[case("::ffff:10.0.0.1", "private")]
#[case("::ffff:0.0.0.0", "unspecified")]
#[case("::127.0.0.1", "loopback")]
#[case("::192.168.0.1", "private")]
#[case("64:ff9b::7f00:1", "loopback")]
#[case("64:ff9b::a9fe:a9fe", "link-local")]
#[case("2002:7f00:1::", "loopback")]
#[case("2002:a00:1::1", "private")]
fn refused_addresses(#[case] addr: &str, #[case] why: &str) {
    let addr: IpAddr = addr.parse().expect("address");
    let reason = address_refusal(addr, &[]).unwrap_or_else(|| panic!("{addr} was allowed"));
    assert!(reason.contains(why), "{addr}: {reason}");
}

#[rstest]
#[case("93.184.216.34")]
#[case("8.8.8.8")]
#[case("172.32.0.1")]
#[case("172.15.255.255")]
#[case("100.128.0.1")]
#[case("192.169.0.1")]
#[case("2606:4700::1111")]
#[case("::ffff:8.8.8.8")]
#[case("64:ff9b::808:808")]
#[case("2002:808:808::1")]
fn public_addresses(#[case] addr: &str) {
    let addr: IpAddr = addr.parse().expect("address");
    assert_eq!(address_refusal(addr, &[]), None, "{addr}");
}

#[test]
fn listed_addresses_are_allowed() {
    let allow: Vec<IpAddr> = vec!["127.0.0.1".parse().expect("address")];
    let local: IpAddr = "127.0.0.1".parse().expect("address");
    let mapped: IpAddr = "::ffff:127.0.0.1".parse().expect("address");
    let other: IpAddr = "127.0.0.2".parse().expect("address");
    assert_eq!(address_refusal(local, &allow), None);
    assert_eq!(address_refusal(mapped, &allow), None);
    assert!(address_refusal(other, &allow).is_some());
}

fn entry(port: Option<u16>, send_over_plain_http: bool) -> CredentialHeader {
    CredentialHeader {
        host: HostPattern::try_from("x.com".to_string()).expect("pattern"),
        header: "Authorization".into(),
        credential: "K".into(),
        prefix: String::new(),
        port,
        send_over_plain_http,
    }
}

#[rstest]
#[case::https_default_port(None, false, true, 443, None)]
#[case::https_other_port(None, false, true, 8443, Some(CredentialRefusal::Port { allowed: 443 }))]
#[case::plain_http(None, false, false, 80, Some(CredentialRefusal::PlainHttp))]
#[case::plain_http_on_the_https_port(None, false, false, 443, Some(CredentialRefusal::PlainHttp))]
#[case::plain_http_allowed(None, true, false, 80, None)]
#[case::plain_http_allowed_other_port(None, true, false, 8080, Some(CredentialRefusal::Port { allowed: 80 }))]
#[case::named_port(Some(8443), false, true, 8443, None)]
#[case::named_port_not_default(Some(8443), false, true, 443, Some(CredentialRefusal::Port { allowed: 8443 }))]
#[case::named_port_plain(Some(8080), true, false, 8080, None)]
#[case::named_port_plain_not_allowed(
    Some(8080),
    false,
    false,
    8080,
    Some(CredentialRefusal::PlainHttp)
)]
fn credentials_go_over_tls_to_their_port(
    #[case] port: Option<u16>,
    #[case] plain: bool,
    #[case] https: bool,
    #[case] to: u16,
    #[case] want: Option<CredentialRefusal>,
) {
    assert_eq!(credential_refusal(&entry(port, plain), https, to), want);
}
