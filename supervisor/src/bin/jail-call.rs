//! `jail-call TOOL [JSON]`: the in-jail helper that calls a tool through the
//! supervisor. The logic lives in `rpc::cli` so it is tested there.
#![forbid(unsafe_code)]

fn main() {
    let code = rpc::cli::jail_call_main(
        std::env::args().skip(1).collect(),
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        std::io::stderr().lock(),
    );
    std::process::exit(code);
}
