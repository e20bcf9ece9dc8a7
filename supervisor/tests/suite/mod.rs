mod common;
mod exec;
mod lifecycle;
mod policy_cli;
mod secrets;
mod terminal;
