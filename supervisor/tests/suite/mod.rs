mod common;
mod escape;
mod exec;
mod lifecycle;
mod limits;
mod policy_cli;
mod secrets;
mod terminal;
