//! `jail policy check FILE`, `jail policy show [--profile P]` and
//! `jail policy pin [--profile P] [--tsc [PROJECT]] PATH...`.

use std::path::{Path, PathBuf};

use anyhow::Context;
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
    /// Record the blake3 of each PATH (by real path; a directory as a tree
    /// of every file below it) in the profile's `pins`, in the policy file
    /// given with --policy/JAIL_POLICY (its comments kept); without one,
    /// print the TOML to add.
    Pin {
        /// Default: `tsc` with --tsc, else `default`.
        #[arg(long)]
        profile: Option<String>,
        /// Also pin what `jail tsc` in PROJECT (default: here) runs: `node`
        /// on PATH and the compiler's package directories.
        #[arg(long, value_name = "PROJECT", num_args = 0..=1, default_missing_value = ".")]
        tsc: Option<PathBuf>,
        #[arg(required_unless_present = "tsc", value_name = "PATH")]
        files: Vec<PathBuf>,
    },
}

pub fn run(policy_path: Option<&Path>, command: PolicyCommand) -> anyhow::Result<u8> {
    match command {
        PolicyCommand::Check { file } => {
            let policy = policy::load(&file)?;
            outln!(
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
            out!("{}", toml::to_string(&wrapped)?);
        }
        PolicyCommand::Pin {
            profile,
            tsc,
            mut files,
        } => {
            if let Some(project) = &tsc {
                let (_, compiler, node) = super::tsc::toolchain(project, None, None)?;
                files.push(node);
                files.extend(compiler.packages);
            }
            let default = if tsc.is_some() { "tsc" } else { "default" };
            pin(policy_path, profile.as_deref().unwrap_or(default), &files)?;
        }
    }
    Ok(0)
}

fn pin(policy_path: Option<&Path>, profile: &str, files: &[PathBuf]) -> anyhow::Result<()> {
    let pins = crate::pins::resolve(files)?;
    let Some(path) = policy_path else {
        outln!("[profile.{profile}.pins]");
        for (file, hash) in &pins {
            outln!("{:?} = \"{hash}\"", file.display().to_string());
        }
        eprintln!("jail: no policy file (--policy or JAIL_POLICY): add the lines above to one");
        return Ok(());
    };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the policy {}", path.display()))?;
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .with_context(|| format!("{} is not TOML", path.display()))?;
    // A new table for a built-in profile that is not the default one
    // (`tsc`, `check`) would replace it with the defaults plus pins: start
    // it from the built-in instead.
    let missing = doc.get("profile").and_then(|p| p.get(profile)).is_none();
    let seed = match policy::Policy::default().profile(profile) {
        Ok(builtin) if missing && *builtin != policy::Profile::default() => {
            let text = toml::to_string(builtin)?;
            let mut seed = text.parse::<toml_edit::DocumentMut>()?.as_table().clone();
            seed.set_implicit(false);
            toml_edit::Item::Table(seed)
        }
        _ => implicit_table(),
    };
    let table = doc
        .entry("profile")
        .or_insert_with(implicit_table)
        .as_table_mut()
        .and_then(|t| t.entry(profile).or_insert(seed).as_table_mut())
        .and_then(|t| {
            t.entry("pins")
                .or_insert_with(toml_edit::table)
                .as_table_mut()
        })
        .with_context(|| {
            format!(
                "{}: `profile.{profile}.pins` is not a table",
                path.display()
            )
        })?;
    for (file, hash) in &pins {
        table.insert(&file.display().to_string(), toml_edit::value(hash.as_str()));
    }
    let new = doc.to_string();
    // What was written must still be a valid policy.
    policy::parse(&new, &path.display().to_string())?;
    crate::state::write_atomic(path, new.as_bytes(), true)?;
    for (file, hash) in &pins {
        outln!(
            "pinned {} = {hash} in profile.{profile}.pins",
            file.display()
        );
    }
    Ok(())
}

/// A table that shows only through its children (`[profile.x.pins]`
/// without an empty `[profile]` header).
fn implicit_table() -> toml_edit::Item {
    let mut table = toml_edit::Table::new();
    table.set_implicit(true);
    toml_edit::Item::Table(table)
}
