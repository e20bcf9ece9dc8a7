//! Round trips of `echo` from inside a jail: `scripts/bench-rpc.sh` runs it
//! as the payload. Prints the median and p99 latency and calls per second.

use std::time::Instant;

fn main() {
    let calls: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let mut client = match rpc::Client::from_env() {
        Ok(client) => client,
        Err(err) => {
            eprintln!("echo_bench: {err}");
            std::process::exit(2);
        }
    };
    let args = r#"{"n":1}"#;
    // Warm-up: first calls pay for page faults and the server's first lookups.
    for _ in 0..calls / 10 {
        if let Err(err) = client.call("echo", args) {
            eprintln!("echo_bench: {err}");
            std::process::exit(1);
        }
    }
    let mut rtt = Vec::with_capacity(calls);
    let start = Instant::now();
    for _ in 0..calls {
        let t = Instant::now();
        if let Err(err) = client.call("echo", args) {
            eprintln!("echo_bench: {err}");
            std::process::exit(1);
        }
        rtt.push(t.elapsed().as_nanos());
    }
    let total = start.elapsed().as_secs_f64();
    rtt.sort_unstable();
    let pct = |p: usize| rtt[(rtt.len() * p / 100).min(rtt.len() - 1)] as f64 / 1000.0;
    println!(
        "rust client: {calls} calls, median {:.1} us, p99 {:.1} us, {:.0} calls/s",
        pct(50),
        pct(99),
        calls as f64 / total
    );
}
