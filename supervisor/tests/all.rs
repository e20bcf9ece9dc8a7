//! End-to-end tests of the `jail` binary. Each drives the real binary and
//! checks the effect from outside the jail. They run as whoever runs the
//! tests; .ci/run runs them as root and again as an unprivileged user.
//! `JAIL_BIN` overrides the binary (the unprivileged run uses a copy).

// Test helpers panic on set-up failures by design: a failed set-up is a
// failed test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod suite;
