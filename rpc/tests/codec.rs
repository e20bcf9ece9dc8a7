//! Property tests of the codec: round trips, and no panic on any input.

use proptest::prelude::*;
use rpc::codec::{decode, encode};
use rpc::{ClientMessage, ErrorKind, Request, Response, ServerMessage, ToolError, MAX_FRAME};

fn kind() -> impl Strategy<Value = ErrorKind> {
    proptest::sample::select(ErrorKind::ALL.to_vec())
}

fn tool_error() -> impl Strategy<Value = ToolError> {
    (kind(), any::<String>()).prop_map(|(kind, message)| ToolError { kind, message })
}

fn client_message() -> impl Strategy<Value = ClientMessage> {
    prop_oneof![
        any::<u32>().prop_map(|version| ClientMessage::Hello { version }),
        Just(ClientMessage::Connect),
        (any::<u64>(), any::<String>(), any::<String>())
            .prop_map(|(id, tool, args)| ClientMessage::Call(Request { id, tool, args })),
    ]
}

fn server_message() -> impl Strategy<Value = ServerMessage> {
    prop_oneof![
        any::<u32>().prop_map(|version| ServerMessage::Welcome { version }),
        (any::<u64>(), any::<String>()).prop_map(|(id, ok)| ServerMessage::Reply(Response {
            id,
            outcome: Ok(ok)
        })),
        (any::<u64>(), tool_error()).prop_map(|(id, e)| ServerMessage::Reply(Response {
            id,
            outcome: Err(e)
        })),
        tool_error().prop_map(|error| ServerMessage::Refused { error }),
    ]
}

proptest! {
    #[test]
    fn client_messages_round_trip(msg in client_message()) {
        let frame = encode(&msg).unwrap();
        prop_assert_eq!(decode::<ClientMessage>(&frame).unwrap(), msg);
    }

    #[test]
    fn server_messages_round_trip(msg in server_message()) {
        let frame = encode(&msg).unwrap();
        prop_assert_eq!(decode::<ServerMessage>(&frame).unwrap(), msg);
    }

    #[test]
    fn decode_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = decode::<ClientMessage>(&bytes);
        let _ = decode::<ServerMessage>(&bytes);
    }

    // Random bytes rarely get past the variant tag; corrupting real frames
    // reaches the length prefixes and string contents.
    #[test]
    fn decode_never_panics_on_corrupted_frames(
        msg in client_message(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut frame = encode(&msg).unwrap();
        for (at, byte) in flips {
            let i = at.index(frame.len());
            frame[i] = byte;
        }
        let _ = decode::<ClientMessage>(&frame);
        let _ = decode::<ClientMessage>(&frame[..cut.index(frame.len() + 1)]);
    }
}

#[test]
fn oversize_encode_is_refused() {
    let msg = ServerMessage::Reply(Response {
        id: 7,
        outcome: Ok("y".repeat(MAX_FRAME)),
    });
    assert!(matches!(
        encode(&msg),
        Err(rpc::CodecError::TooLarge { max: MAX_FRAME, .. })
    ));
}

#[test]
fn largest_frame_round_trips() {
    // Hello is 2 bytes here: variant tag + varint version.
    let overhead = encode(&ClientMessage::Call(Request {
        id: 0,
        tool: String::new(),
        args: String::new(),
    }))
    .unwrap()
    .len();
    // The args length prefix grows from 1 to 5 bytes (varint u32) at this size.
    let args = "a".repeat(MAX_FRAME - overhead - 4);
    let msg = ClientMessage::Call(Request {
        id: 0,
        tool: String::new(),
        args,
    });
    let frame = encode(&msg).unwrap();
    assert_eq!(frame.len(), MAX_FRAME);
    assert_eq!(decode::<ClientMessage>(&frame).unwrap(), msg);
}
