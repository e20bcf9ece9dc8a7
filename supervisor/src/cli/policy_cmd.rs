//! `jail policy check FILE` and `jail policy show [--profile P]`.

use std::path::{Path, PathBuf};

use clap::Subcommand;

#[derive(Subcommand)]
pub enum PolicyCommand {
    /// Validate a policy file; errors name the file, line and key.
    Check { file: PathBuf },
    /// Print the effective profile (built-in defaults filled in) as TOML.
    Show {
        #[arg(long, default_value = "default")]
        profile: String,
    },
}

pub fn run(policy_path: Option<&Path>, command: PolicyCommand) -> anyhow::Result<u8> {
    match command {
        PolicyCommand::Check { file } => {
            let policy = policy::load(&file)?;
            println!(
                "{}: valid; profiles: {}",
                file.display(),
                policy.profile_names().join(", ")
            );
        }
        PolicyCommand::Show { profile } => {
            let policy = super::load_policy(policy_path)?;
            let effective = policy.profile(&profile)?;
            let wrapped = std::collections::BTreeMap::from([(
                "profile",
                std::collections::BTreeMap::from([(profile.as_str(), effective)]),
            )]);
            print!("{}", toml::to_string(&wrapped)?);
        }
    }
    Ok(0)
}
