//! The socketpair channel between a jail and its supervisor.
//!
//! Empty for now: the wire types, the codec and `jail-call` arrive with the
//! RPC work (see ARCHITECTURE.md, "The RPC channel").
#![forbid(unsafe_code)]
