//! Messages <-> frames. The only module that touches bincode, so the
//! encoding (and its pinned version) can change in one place.
//!
//! Decoding is bounded twice: the frame length is checked before bincode
//! sees it, and bincode's own limit stops a hostile length prefix inside the
//! frame from making it allocate more than `DECODE_LIMIT`.

use serde::{de::DeserializeOwned, Serialize};

use crate::error::CodecError;
use crate::wire::MAX_FRAME;

/// bincode's limit counts decoded sizes, not wire bytes: a one-byte varint
/// `u64` claims 8. A full `MAX_FRAME` frame therefore claims a few bytes more
/// than its length, and a limit of exactly `MAX_FRAME` would refuse frames
/// that `encode` accepts. Twice a frame keeps every such frame decodable
/// while still bounding what a hostile length prefix can allocate.
const DECODE_LIMIT: usize = 2 * MAX_FRAME;

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<DECODE_LIMIT>()
}

/// Encodes one message as one frame; refuses a frame over `MAX_FRAME`.
pub fn encode<T: Serialize>(msg: &T) -> Result<Vec<u8>, CodecError> {
    let frame = bincode::serde::encode_to_vec(msg, config())
        .map_err(|e| CodecError::Encode(e.to_string()))?;
    if frame.len() > MAX_FRAME {
        return Err(CodecError::TooLarge {
            len: frame.len(),
            max: MAX_FRAME,
        });
    }
    Ok(frame)
}

/// Decodes exactly one message from `frame`. Never panics: any input that is
/// not one whole message is an error.
pub fn decode<T: DeserializeOwned>(frame: &[u8]) -> Result<T, CodecError> {
    if frame.len() > MAX_FRAME {
        return Err(CodecError::TooLarge {
            len: frame.len(),
            max: MAX_FRAME,
        });
    }
    let (msg, used) = bincode::serde::decode_from_slice(frame, config())
        .map_err(|e| CodecError::Malformed(e.to_string()))?;
    if used != frame.len() {
        return Err(CodecError::Trailing {
            used,
            extra: frame.len().saturating_sub(used),
        });
    }
    Ok(msg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{ClientMessage, Request};

    #[test]
    fn oversize_encode_is_refused() {
        let msg = ClientMessage::Call(Request {
            id: 1,
            tool: "t".into(),
            args: "x".repeat(MAX_FRAME),
        });
        let err = encode(&msg).unwrap_err();
        assert!(
            matches!(err, CodecError::TooLarge { len, max } if len > MAX_FRAME && max == MAX_FRAME),
            "{err:?}"
        );
    }

    #[test]
    fn oversize_decode_is_refused_before_decoding() {
        let frame = vec![0u8; MAX_FRAME + 1];
        let err = decode::<ClientMessage>(&frame).unwrap_err();
        assert_eq!(
            err,
            CodecError::TooLarge {
                len: MAX_FRAME + 1,
                max: MAX_FRAME
            }
        );
    }

    #[test]
    fn trailing_bytes_are_refused() {
        let mut frame = encode(&ClientMessage::Hello { version: 1 }).unwrap();
        frame.push(0);
        let err = decode::<ClientMessage>(&frame).unwrap_err();
        assert!(
            matches!(err, CodecError::Trailing { extra: 1, .. }),
            "{err:?}"
        );
    }

    #[test]
    fn hostile_length_prefix_does_not_allocate() {
        // Call variant, id 1, then a string length of u64::MAX (varint 0xFF + 8 bytes).
        let mut frame = vec![1u8, 1, 0xFF];
        frame.extend_from_slice(&u64::MAX.to_le_bytes());
        let err = decode::<ClientMessage>(&frame).unwrap_err();
        assert!(matches!(err, CodecError::Malformed(_)), "{err:?}");
    }

    #[test]
    fn empty_frame_is_malformed() {
        let err = decode::<ClientMessage>(&[]).unwrap_err();
        assert!(matches!(err, CodecError::Malformed(_)), "{err:?}");
    }
}
