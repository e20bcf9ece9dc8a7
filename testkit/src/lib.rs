//! Test support shared by the workspace's tests (a dev-dependency only).
//!
//! [`http`]: one scripted HTTP/1.1 server on the host's loopback, plain or
//! TLS, that records what it was sent. The tests of egress, of the LLM
//! reviewer and the end-to-end suite all use it, so a request is parsed the
//! same way everywhere.

// Test support: a failure here is a failed test, so panicking is the point.
#![allow(clippy::unwrap_used, clippy::expect_used)]

pub mod http;
pub mod llm;
