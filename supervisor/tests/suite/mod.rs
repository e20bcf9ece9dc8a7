mod common;
mod exec;
mod lifecycle;
mod limits;
mod policy_cli;
mod secrets;
mod terminal;
