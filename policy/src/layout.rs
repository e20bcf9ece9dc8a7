//! The pieces of a jail plan that the plan itself, its Landlock rules and
//! the degraded tier all read: the mount tree's entries, where the helper
//! sits, the resource limits, and how a jail path maps to a host path. A
//! leaf: it depends on none of [`crate::plan`], [`crate::landlock`] and
//! [`crate::degraded`]. Landlock reads the mounts from here, not from the
//! plan that holds Landlock's own plan; the degraded tier, which rewrites a
//! plan, depends on the plan and never the other way (its data,
//! [`crate::plan::Degraded`], is the plan's).

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::mounts::Identity;

/// Where the jail finds its helpers (`jail-call`); on the jail's own root,
/// so no host directory needs a mount point for it.
pub const HELPER_DIR: &str = "/run/jail/bin";

/// The helper's name in [`HELPER_DIR`]; the `jail` binary acts as the
/// helper when started by this name.
pub const HELPER_NAME: &str = "jail-call";

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mount {
    pub dest: PathBuf,
    #[serde(flatten)]
    pub kind: MountKind,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MountKind {
    /// A host path bound at `dest`; read-only unless `writable`. `dir`
    /// decides whether the mount point is made as a directory or a file.
    /// The child binds it only if the path still names `identity`.
    Bind {
        source: PathBuf,
        writable: bool,
        dir: bool,
        #[serde(flatten)]
        identity: Identity,
    },
    /// A host device node (/dev/null …), bound read-write.
    Device {
        source: PathBuf,
    },
    Tmpfs {
        size: u64,
        mode: u32,
    },
    Proc,
    /// A private devpts instance, so ptys made inside stay inside.
    Devpts,
    Symlink {
        target: PathBuf,
    },
    /// An entry inside a bound directory, hidden: an empty read-only tmpfs
    /// over a directory, /dev/null over a file. The child masks it only if
    /// the path still names `identity`.
    Mask {
        dir: bool,
        #[serde(flatten)]
        identity: Identity,
        /// Why it is hidden, for `--explain`.
        why: String,
    },
    /// A path of the jail's own tree bound onto itself, read-only.
    ReadOnlyAgain,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rlimit {
    pub resource: RlimitResource,
    pub value: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum RlimitResource {
    Core,
    Nofile,
    Nproc,
    Fsize,
    Data,
    Cpu,
}

/// `jail_path` seen through the deepest of `places` (jail path, host path)
/// that holds it, else the same path.
pub(crate) fn through_deepest<'a>(
    places: impl Iterator<Item = (&'a Path, &'a Path)>,
    jail_path: &Path,
) -> PathBuf {
    places
        .filter_map(|(dest, host)| {
            let rest = jail_path.strip_prefix(dest).ok()?;
            // join("") would add a trailing slash.
            let host = if rest.as_os_str().is_empty() {
                host.to_path_buf()
            } else {
                host.join(rest)
            };
            Some((dest.components().count(), host))
        })
        .max_by_key(|(depth, _)| *depth)
        .map_or_else(|| jail_path.to_path_buf(), |(_, host)| host)
}
