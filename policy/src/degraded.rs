//! The degraded tier: a full plan rewritten for a host where user
//! namespaces are unavailable, so no mount, pid, net or ipc namespace
//! either. What remains is Landlock, seccomp and no_new_privs, and the jail
//! sees the host's own paths:
//!
//! - the mounts become Landlock rules on their host sources (a bind must
//!   sit at its own path, or be named by the command line, which is
//!   rewritten to the source);
//! - the jail's tmpfs mounts (/tmp, and HOME when it lies there) become
//!   one private host directory, made by the supervisor and removed after;
//! - masks become holes: the rule on a directory holding a masked entry is
//!   replaced by rules on each of its other entries, since a Landlock rule
//!   cannot exclude anything below it;
//! - seccomp also refuses sockets, System V and POSIX IPC, and leaving the
//!   process group ([`crate::seccomp::refused_on_shared_host`]).
//!
//! Everything the full tier has and this one lacks is listed in
//! [`Degraded::missing`], which the supervisor prints on every run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::landlock::{Access, LandlockRule};
use crate::layout::{through_deepest, MountKind, Rlimit, RlimitResource, HELPER_DIR, HELPER_NAME};
use crate::mounts::{FileKind, FsView};
pub use crate::plan::Degraded;
use crate::plan::JailPlan;
use crate::proxy::ProxyPlan;
use crate::PolicyError;

/// What the caller knows that the plan does not.
pub struct DegradeRequest<'a> {
    pub cause: String,
    /// A fresh directory only the caller's user can enter.
    pub private_dir: &'a Path,
    /// Tasks (threads) the caller's user runs already: without a user
    /// namespace RLIMIT_NPROC counts all of them, so the limit is raised by
    /// this many.
    pub user_tasks: u64,
}

/// More rules than this (masks deep inside large directories) is refused.
const MAX_RULES: usize = 4096;

/// `full` rewritten for the degraded tier.
///
/// One step a line: the layers it cannot do without, the command and
/// working directory as host paths, the mounts as Landlock rules (masks as
/// holes cut out of them), the environment and limits for a shared host,
/// then the namespaces and mounts dropped and seccomp's shared-host list.
pub fn degrade(
    full: &JailPlan,
    request: &DegradeRequest,
    fs: &dyn FsView,
) -> Result<JailPlan, PolicyError> {
    check_layers(full)?;
    let view = HostView::new(full, request.private_dir);
    let mut plan = full.clone();
    plan.argv = full.argv.iter().map(|arg| view.rewrite_arg(arg)).collect();
    plan.cwd = view.host_of(&full.cwd);
    let MountsOnHost {
        mut rules,
        holes,
        mut private_dirs,
    } = mounts_on_host(full, &view, fs)?;
    let helper_link = full.helper.as_ref().map(|_| {
        private_dirs.push(private_helper_dir(request.private_dir));
        private_helper_dir(request.private_dir).join(HELPER_NAME)
    });
    if !private_dirs.is_empty() {
        rules.push(rule(request.private_dir, Access::ReadWrite, true));
    }
    let rules = around_holes(rules, &holes, fs).map_err(refuse)?;
    env_on_host(&mut plan.env, full, &view);
    if let ProxyPlan::Offered { port, added } = &full.proxy {
        crate::proxy::remove_env(&mut plan.env, *port);
        for name in added {
            plan.env.remove(name);
        }
    }
    plan.proxy = ProxyPlan::NotOffered {
        why: NO_PROXY_HERE.to_string(),
    };
    raise_nproc(&mut plan.limits.rlimits, request.user_tasks);

    plan.namespaces = Vec::new();
    plan.mounts = Vec::new();
    plan.seccomp = full.seccomp.for_shared_host()?;
    plan.landlock.rules = rules;
    plan.landlock.require_abi = plan.landlock.require_abi.max(1);
    plan.landlock.tcp_bind.clear();
    plan.landlock.tcp_connect.clear();
    plan.degraded = Some(Degraded {
        cause: request.cause.clone(),
        private_dir: request.private_dir.to_path_buf(),
        missing: missing(full, &holes, request),
        private_dirs,
        helper_link,
    });
    Ok(plan)
}

/// Why the degraded tier has no proxy.
const NO_PROXY_HERE: &str = "the degraded tier has no network namespace of its own, so there is \
     no loopback only the jail and the supervisor share (seccomp refuses every socket); use the \
     full tier, or `jail-call http.fetch`";

fn refuse(reason: String) -> PolicyError {
    PolicyError::Degraded { reason }
}

fn rule(path: &Path, access: Access, dir: bool) -> LandlockRule {
    LandlockRule {
        path: path.to_path_buf(),
        access,
        dir,
    }
}

/// Without namespaces, Landlock is the only filesystem boundary and
/// seccomp the only network one: the tier refuses to run without either.
fn check_layers(full: &JailPlan) -> Result<(), PolicyError> {
    if !full.landlock.enabled || full.landlock.kernel_abi == 0 {
        return Err(refuse(
            "it needs Landlock, its only filesystem boundary, and this profile or kernel has \
             none; enable `landlock.enabled` in the profile on a kernel with Landlock (see \
             `jail doctor`), or enable user namespaces for the full tier"
                .into(),
        ));
    }
    if !full.seccomp.enabled {
        return Err(refuse(
            "it needs seccomp, which refuses the network in place of a network namespace; \
             set `seccomp.enabled = true` in the profile"
                .into(),
        ));
    }
    Ok(())
}

/// What the full plan's mounts become on the host.
struct MountsOnHost {
    /// Binds, devices and /proc as Landlock rules on their host paths.
    rules: Vec<LandlockRule>,
    /// Masked host paths (and whether each is a directory), to cut out of
    /// the rules.
    holes: Vec<(PathBuf, bool)>,
    /// Private host directories standing in for the jail's tmpfs mounts.
    private_dirs: Vec<PathBuf>,
}

/// The full plan's mounts as rules, holes and private directories; a bind
/// that does not sit at its own path (and that the command line does not
/// name) is refused, since without a mount namespace the jail sees host
/// paths.
fn mounts_on_host(
    full: &JailPlan,
    view: &HostView,
    fs: &dyn FsView,
) -> Result<MountsOnHost, PolicyError> {
    let mut rules = Vec::new();
    let mut holes = Vec::new();
    let mut private_dirs = Vec::new();
    for m in &full.mounts {
        // The proxy's CA bundle goes with the proxy.
        if m.dest == Path::new(crate::proxy::CA_BUNDLE_PATH) {
            continue;
        }
        match &m.kind {
            MountKind::Bind {
                source,
                writable,
                dir,
                ..
            } => {
                let in_place = m.dest == *source
                    || fs.canonicalize(&m.dest).is_ok_and(|c| c == *source)
                    || m.dest.starts_with(HELPER_DIR)
                    || full
                        .argv
                        .iter()
                        .any(|arg| Path::new(arg).starts_with(&m.dest));
                if !in_place {
                    return Err(refuse(format!(
                        "the bind `{}` -> `{}` needs a mount namespace (the jail sees host \
                         paths); bind it at its own path (`--ro {0}` or `--rw {0}`), or \
                         enable user namespaces (see `jail doctor`)",
                        source.display(),
                        m.dest.display()
                    )));
                }
                let access = if *writable {
                    Access::ReadWrite
                } else {
                    Access::ReadExecute
                };
                rules.push(rule(source, access, *dir));
            }
            MountKind::Device { source } => rules.push(rule(source, Access::Device, false)),
            MountKind::Tmpfs { .. } if !m.dest.starts_with("/dev") => {
                private_dirs.push(view.host_of(&m.dest));
            }
            MountKind::Proc => rules.push(rule(Path::new("/proc"), Access::ReadExecute, true)),
            MountKind::Mask { dir, .. } => holes.push((full.host_path(&m.dest), *dir)),
            MountKind::Tmpfs { .. }
            | MountKind::Devpts
            | MountKind::Symlink { .. }
            | MountKind::ReadOnlyAgain => {}
        }
    }
    Ok(MountsOnHost {
        rules,
        holes,
        private_dirs,
    })
}

/// HOME, TMPDIR and PATH as host paths; TMPDIR set to the private /tmp
/// where the jail had a /tmp.
fn env_on_host(env: &mut BTreeMap<String, String>, full: &JailPlan, view: &HostView) {
    for name in ["HOME", "TMPDIR"] {
        if let Some(value) = env.get_mut(name) {
            *value = view
                .host_of(Path::new(value.as_str()))
                .display()
                .to_string();
        }
    }
    if full.mounts.iter().any(|m| m.dest == Path::new("/tmp")) {
        let tmp = view.host_of(Path::new("/tmp")).display().to_string();
        env.insert("TMPDIR".into(), tmp);
    }
    if let Some(path) = env.get_mut("PATH") {
        *path = path
            .split(':')
            .map(|dir| view.host_of(Path::new(dir)).display().to_string())
            .collect::<Vec<_>>()
            .join(":");
    }
}

/// Without a user namespace RLIMIT_NPROC counts every task of the
/// caller's user, so the limit is raised by those already running.
fn raise_nproc(rlimits: &mut [Rlimit], user_tasks: u64) {
    for limit in rlimits {
        if limit.resource == RlimitResource::Nproc {
            limit.value = limit.value.saturating_add(user_tasks);
        }
    }
}

/// The private directory that stands in for [`HELPER_DIR`].
fn private_helper_dir(private_dir: &Path) -> PathBuf {
    private_dir.join(HELPER_DIR.trim_start_matches('/'))
}

/// Jail paths seen from the host: through the deepest bind or tmpfs that
/// holds them, else the same path.
struct HostView<'a> {
    /// (jail path, host path) for binds and the private stand-ins.
    places: Vec<(&'a Path, PathBuf)>,
}

impl<'a> HostView<'a> {
    fn new(full: &'a JailPlan, private_dir: &Path) -> HostView<'a> {
        let helper_dir = Path::new(HELPER_DIR);
        let places = full
            .mounts
            .iter()
            .filter_map(|m| match &m.kind {
                MountKind::Bind { .. } if m.dest.parent() == Some(helper_dir) => {
                    Some((helper_dir, private_helper_dir(private_dir)))
                }
                MountKind::Bind { source, .. } => Some((m.dest.as_path(), source.clone())),
                MountKind::Tmpfs { .. } if !m.dest.starts_with("/dev") => {
                    let relative = m.dest.strip_prefix("/").ok()?;
                    Some((m.dest.as_path(), private_dir.join(relative)))
                }
                _ => None,
            })
            .collect();
        HostView { places }
    }

    fn host_of(&self, jail_path: &Path) -> PathBuf {
        let places = self
            .places
            .iter()
            .map(|(dest, host)| (*dest, host.as_path()));
        through_deepest(places, jail_path)
    }

    /// A whole argument that is an absolute jail path becomes its host path.
    fn rewrite_arg(&self, arg: &str) -> String {
        if arg.starts_with('/') {
            self.host_of(Path::new(arg)).display().to_string()
        } else {
            arg.to_string()
        }
    }
}

/// The rules with every directory rule that holds a hole (a masked path,
/// and whether it is a directory) replaced by rules on its entries,
/// recursively, leaving the holes out. Symlinks get no rule: Landlock
/// checks what they resolve to. A split directory keeps the right to be
/// listed where only files are masked below it (listing a masked directory
/// would show what it holds).
fn around_holes(
    rules: Vec<LandlockRule>,
    holes: &[(PathBuf, bool)],
    fs: &dyn FsView,
) -> Result<Vec<LandlockRule>, String> {
    let mut out = Vec::new();
    let mut pending = rules;
    while let Some(rule) = pending.pop() {
        let below: Vec<&(PathBuf, bool)> = holes
            .iter()
            .filter(|(h, _)| h.starts_with(&rule.path))
            .collect();
        let path = rule.path.clone();
        if below.is_empty() {
            out.push(rule);
        } else if rule.dir && !below.iter().any(|(h, _)| *h == rule.path) {
            let entries = fs.read_dir(&rule.path).map_err(|err| {
                format!(
                    "cannot list `{}` to leave its masked entries out: {err}",
                    rule.path.display()
                )
            })?;
            for (name, kind) in entries {
                if kind == FileKind::Symlink {
                    continue;
                }
                pending.push(LandlockRule {
                    path: rule.path.join(name),
                    access: rule.access,
                    dir: kind == FileKind::Dir,
                });
            }
            if !below.iter().any(|(_, dir)| *dir) {
                out.push(LandlockRule {
                    access: Access::List,
                    ..rule
                });
            }
        }
        if out.len() + pending.len() > MAX_RULES {
            return Err(format!(
                "leaving the masked entries out of `{}` takes more than {MAX_RULES} Landlock \
                 rules; move the blocked files out of the bound directories, or enable user \
                 namespaces (see `jail doctor`)",
                path.display()
            ));
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

fn missing(full: &JailPlan, holes: &[(PathBuf, bool)], request: &DegradeRequest) -> Vec<String> {
    let mut missing = vec![
        format!(
            "namespaces: none of {} (the host's paths, processes, network and IPC are shared)",
            full.namespaces.join(", ")
        ),
        "files: Landlock limits access to the paths in the plan; names and metadata \
         (stat) of other host files stay visible"
            .to_string(),
        "network: every socket() is refused by seccomp, loopback and unix sockets too".to_string(),
        format!("proxy: not offered: {NO_PROXY_HERE}"),
        format!(
            "/tmp: the host's is out of reach; TMPDIR (and HOME when it was under /tmp) \
             point to the private {}, on the host's disk: no tmpfs size cap, only \
             RLIMIT_FSIZE per file",
            request.private_dir.display()
        ),
        "processes: the host's are listed in /proc with their command lines; jail \
         processes cannot leave the payload's process group (setsid and setpgid are \
         refused), which jail kills at the end"
            .to_string(),
        "IPC: System V and POSIX message queues, semaphores and shared memory are refused"
            .to_string(),
    ];
    if full.uid_map.outside != 0 {
        missing.push(
            "capabilities: the bounding set stays as it is (only a user namespace lets an \
             ordinary user empty it); no_new_privs keeps exec from gaining any"
                .to_string(),
        );
    }
    if full.landlock.kernel_abi < 6 {
        missing.push(format!(
            "signals: Landlock ABI {} cannot scope them (ABI 6 can), so jail processes can \
             signal your other processes",
            full.landlock.kernel_abi
        ));
    }
    if request.user_tasks > 0 {
        missing.push(format!(
            "RLIMIT_NPROC counts all of your processes here, so it was raised by the {} \
             you run already",
            request.user_tasks
        ));
    }
    if !holes.is_empty() {
        missing.push(format!(
            "masks: {} blocked entr{} left out of the Landlock rules; the directories \
             holding them get no new entries (and cannot be listed where a masked \
             directory lies below)",
            holes.len(),
            if holes.len() == 1 { "y is" } else { "ies are" }
        ));
    }
    missing
}

#[cfg(test)]
#[path = "degraded_tests.rs"]
mod tests;
