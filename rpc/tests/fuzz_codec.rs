//! A stable-toolchain fuzzer for the decoder: random byte strings (lengths
//! up to past `MAX_FRAME`) and mutations of valid frames of every message
//! variant, each decoded as both `ClientMessage` and `ServerMessage` under
//! `catch_unwind`. Whatever decodes must survive a round trip.
//!
//! The bounded run (100k cases) is part of the normal suite; the long one is
//! `scripts/fuzz-codec.sh` (10 million by default, `FUZZ_CASES` to change,
//! `FUZZ_SEED` to replay). A crash prints its seed, case number and input.

// Truncating casts are the point here: random numbers cut to a range.
#![allow(clippy::cast_possible_truncation)]

use std::panic::{catch_unwind, AssertUnwindSafe};

use rpc::codec::{decode, encode};
use rpc::{ClientMessage, ErrorKind, Request, Response, ServerMessage, ToolError, MAX_FRAME};
use serde::{de::DeserializeOwned, Serialize};

/// xorshift64*: small, fast, and replayable from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform enough in `0..n` (n > 0) for fuzzing.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn byte(&mut self) -> u8 {
        self.next().to_le_bytes()[0]
    }
}

/// Valid frames of every variant, with empty, short, long and non-ASCII
/// strings and boundary numbers (varint width changes at 251, 2^16, 2^32).
fn seeds() -> Vec<Vec<u8>> {
    let numbers = [
        0u64,
        1,
        250,
        251,
        65_535,
        65_536,
        u64::from(u32::MAX),
        u64::MAX,
    ];
    let texts = [
        "",
        "echo",
        "{\"url\": \"http://x/\"}",
        "ünïcödé ✓",
        &"a".repeat(300),
    ];
    let mut frames = Vec::new();
    let mut push = |frame: Result<Vec<u8>, rpc::CodecError>| {
        if let Ok(frame) = frame {
            frames.push(frame);
        }
    };
    for &n in &numbers {
        let small = n as u32;
        push(encode(&ClientMessage::Hello { version: small }));
        push(encode(&ServerMessage::Welcome { version: small }));
        for text in texts {
            push(encode(&ClientMessage::Call(Request {
                id: n,
                tool: text.to_owned(),
                args: text.to_owned(),
            })));
            push(encode(&ServerMessage::Reply(Response {
                id: n,
                outcome: Ok(text.to_owned()),
            })));
            for kind in ErrorKind::ALL {
                let error = ToolError::new(kind, text);
                push(encode(&ServerMessage::Reply(Response {
                    id: n,
                    outcome: Err(error.clone()),
                })));
                push(encode(&ServerMessage::Refused { error }));
            }
        }
    }
    push(encode(&ClientMessage::Connect));
    frames
}

/// Bytes that matter to bincode's varints and tags.
const INTERESTING: [u8; 10] = [0, 1, 2, 3, 0x7f, 0x80, 250, 251, 252, 253];

fn mutate(rng: &mut Rng, frame: &mut Vec<u8>) {
    for _ in 0..=rng.below(4) {
        let len = frame.len();
        match rng.below(8) {
            0 if len > 0 => {
                let i = rng.below(len);
                frame[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                frame[i] = rng.byte();
            }
            2 if len > 0 => {
                let i = rng.below(len);
                frame[i] = INTERESTING[rng.below(INTERESTING.len())];
            }
            3 => {
                let i = rng.below(len + 1);
                frame.insert(i, rng.byte());
            }
            4 if len > 0 => {
                frame.remove(rng.below(len));
            }
            5 => frame.truncate(rng.below(len + 1)),
            6 if len > 0 => {
                // A hostile length prefix: 0xfb..0xfe announce 2, 4, 8, 16 bytes.
                let i = rng.below(len);
                frame[i] = 0xfb + rng.below(4) as u8;
                for _ in 0..rng.below(17) {
                    frame.insert((i + 1).min(frame.len()), 0xff);
                }
            }
            _ => {
                let extra = rng.below(16);
                frame.extend((0..extra).map(|_| rng.byte()));
            }
        }
    }
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    // Mostly short; now and then anything up to 16 bytes past the limit.
    let len = match rng.below(1000) {
        0 => rng.below(MAX_FRAME + 17),
        1..=20 => rng.below(4096),
        _ => rng.below(64),
    };
    (0..len).map(|_| rng.byte()).collect()
}

/// Decodes `bytes` as `T`; whatever decodes must encode and decode back to
/// the same message.
fn check<T: DeserializeOwned + Serialize + PartialEq + std::fmt::Debug>(bytes: &[u8]) {
    if let Ok(msg) = decode::<T>(bytes) {
        let again = encode(&msg).map(|frame| decode::<T>(&frame));
        assert!(
            matches!(&again, Ok(Ok(back)) if *back == msg),
            "{msg:?} does not survive a round trip: {again:?}"
        );
    }
}

/// Runs `cases` inputs from `seed`; returns the inputs that panicked.
fn fuzz(seed: u64, cases: u64) -> Vec<(u64, Vec<u8>)> {
    let seeds = seeds();
    let mut rng = Rng(seed | 1);
    let mut crashes = Vec::new();
    // The default hook would print every caught panic.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for case in 0..cases {
        let input = if rng.below(3) == 0 {
            random_bytes(&mut rng)
        } else {
            let mut frame = seeds[rng.below(seeds.len())].clone();
            mutate(&mut rng, &mut frame);
            frame
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            check::<ClientMessage>(&input);
            check::<ServerMessage>(&input);
        }));
        if outcome.is_err() {
            crashes.push((case, input));
        }
    }
    std::panic::set_hook(hook);
    crashes
}

/// `name` from the environment, decimal or `0x` hex; `default` when unset.
/// A value that does not parse is a mistake worth stopping for.
fn env_number(name: &str, default: u64) -> u64 {
    let Ok(text) = std::env::var(name) else {
        return default;
    };
    let text = text.trim();
    let parsed = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    match parsed {
        Ok(n) => n,
        Err(err) => panic!("{name}={text}: {err}; give a decimal or 0x-hex number"),
    }
}

fn run(default_cases: u64) {
    let seed = env_number("FUZZ_SEED", 0x6a61_696c);
    let cases = env_number("FUZZ_CASES", default_cases);
    let crashes = fuzz(seed, cases);
    eprintln!(
        "fuzz-codec: seed {seed:#x}: {cases} inputs, {} crashes",
        crashes.len()
    );
    for (case, input) in crashes.iter().take(5) {
        eprintln!(
            "  case {case}: {} bytes {:02x?}",
            input.len(),
            &input[..input.len().min(64)]
        );
    }
    assert!(
        crashes.is_empty(),
        "{} inputs panicked the decoder",
        crashes.len()
    );
}

#[test]
fn decoder_survives_100k_fuzzed_inputs() {
    run(100_000);
}

/// The long run: `scripts/fuzz-codec.sh`.
#[test]
#[ignore = "long: 10 million inputs; run with scripts/fuzz-codec.sh"]
fn decoder_survives_10m_fuzzed_inputs() {
    run(10_000_000);
}

/// The harness itself can fail: a panicking check is reported as a crash.
#[test]
fn a_panic_is_counted_as_a_crash() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let caught = catch_unwind(|| check::<Panics>(&[0]));
    std::panic::set_hook(hook);
    assert!(caught.is_err());
}

/// A message type whose decoding panics, to test the harness.
#[derive(Debug, PartialEq, Serialize)]
struct Panics;

impl<'de> serde::Deserialize<'de> for Panics {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
        panic!("deliberate")
    }
}
