//! Any byte string must decode to a message or an error, never a panic or an
//! unbounded allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rpc::{ClientMessage, ServerMessage};

fuzz_target!(|data: &[u8]| {
    // The supervisor decodes ClientMessage from the untrusted payload; the
    // client side is checked too since both share the codec.
    let _ = rpc::codec::decode::<ClientMessage>(data);
    let _ = rpc::codec::decode::<ServerMessage>(data);
});
