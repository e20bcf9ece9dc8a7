//! The jail plan: everything the `jail` crate will do, in order. Built from a
//! profile and the command line; printed by `--explain`, so what is shown and
//! what runs cannot drift apart.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::env::{self, EnvRequest};
use crate::landlock::LandlockPlan;
use crate::layout::through_deepest;
pub use crate::layout::{Mount, MountKind, Rlimit, RlimitResource, HELPER_DIR, HELPER_NAME};
use crate::model::{check_secs, check_size, BindSpec, CwdMode, Profile};
use crate::mounts::{
    blocked_entries, check_dest, checked_source, FileKind, FsView, Opened, ScanLimits,
};
use crate::proxy::ProxyPlan;
use crate::size::ByteSize;
use crate::PolicyError;

/// The namespaces every jail gets.
pub const NAMESPACES: [&str; 7] = ["user", "mount", "pid", "net", "ipc", "uts", "cgroup"];

/// What the caller asks for, beyond the profile.
#[derive(Debug, Clone)]
pub struct PlanRequest {
    pub profile_name: String,
    pub argv: Vec<String>,
    /// The caller's working directory (host path).
    pub cwd: PathBuf,
    pub ro: Vec<BindSpec>,
    pub rw: Vec<BindSpec>,
    pub env: EnvRequest,
    pub host_env: Vec<(String, String)>,
    pub uid: u32,
    pub gid: u32,
    pub limits: LimitOverrides,
    /// The Landlock ABI this kernel offers (0: none), probed by the caller.
    pub landlock_abi: u32,
    /// `--require-landlock`: overrides the profile's `landlock.require_abi`.
    pub require_landlock: Option<u32>,
    /// The host's `jail-call` helper, bound read-only into the jail at
    /// [`HELPER_DIR`] and put on PATH; none: no helper in the jail.
    pub rpc_helper: Option<PathBuf>,
    /// The supervisor's own files, which no jail may reach.
    pub protected: Protected,
    /// What the jail gets for the proxy beyond its address (set only when
    /// the proxy is offered): placeholders, the CA bundle.
    pub proxy_extras: crate::proxy::ProxyExtras,
}

/// What the supervisor keeps out of every jail's reach (real paths).
#[derive(Debug, Clone, Default)]
pub struct Protected {
    /// The state dir (sessions, approvals, the audit log): never bound,
    /// and masked where a bind holds it.
    pub state_dir: Option<PathBuf>,
    /// Files no writable bind may hold (the policy file in use, the `jail`
    /// binary, which is also `jail-call`), each with what it is.
    pub files: Vec<(PathBuf, &'static str)>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JailPlan {
    pub profile: String,
    pub namespaces: Vec<&'static str>,
    pub uid_map: IdMap,
    pub gid_map: IdMap,
    pub hostname: String,
    /// Mounts in the order they are made, parents before children. The root
    /// is a fresh tmpfs, made read-only once everything is mounted.
    pub mounts: Vec<Mount>,
    pub cwd: PathBuf,
    pub argv: Vec<String>,
    pub env: BTreeMap<String, String>,
    pub limits: PlanLimits,
    pub seccomp: crate::seccomp::SeccompPlan,
    pub landlock: LandlockPlan,
    /// What was left out, and why.
    pub notes: Vec<String>,
    /// Set for the degraded tier (no namespaces): see [`crate::degraded`].
    pub degraded: Option<Degraded>,
    /// The host file bound as `jail-call` at [`HELPER_DIR`] (the `jail`
    /// binary itself); none: the jail has no helper, so tool calls from
    /// inside fail with `jail-call: not found`.
    pub helper: Option<PathBuf>,
    /// The in-jail HTTP proxy (docs/network.md), or why there is none.
    pub proxy: ProxyPlan,
}

/// What makes a plan degraded, for `--explain` and the run's stderr.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Degraded {
    /// Why the full tier is unavailable (the setting that blocks it).
    pub cause: String,
    /// The private host directory standing in for the jail's tmpfs mounts.
    pub private_dir: PathBuf,
    /// Directories the supervisor creates below it before the jail starts.
    pub private_dirs: Vec<PathBuf>,
    /// What the full tier has and this run lacks, one line each.
    pub missing: Vec<String>,
    /// Where the supervisor links `jail-call` to [`JailPlan::helper`]
    /// (in a private directory on PATH: with no mount namespace the helper
    /// cannot be bound by that name).
    pub helper_link: Option<PathBuf>,
}

/// One line of `/proc/PID/uid_map`: `inside outside count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct IdMap {
    pub inside: u32,
    pub outside: u32,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanLimits {
    pub timeout_secs: Option<u64>,
    pub tmp_size: u64,
    /// Resource limits of every process in the jail (setrlimit, soft and
    /// hard, lowered only); core dumps are always off.
    pub rlimits: Vec<Rlimit>,
}

/// What the command line overrides of the profile's limits.
#[derive(Debug, Clone, Default)]
pub struct LimitOverrides {
    pub timeout_secs: Option<u64>,
    pub memory: Option<ByteSize>,
    pub pids: Option<u64>,
    pub cpu_time_secs: Option<u64>,
    pub tmp_size: Option<ByteSize>,
}

/// Parts of the jail's /proc made read-only (bubblewrap's list).
const PROC_READ_ONLY: [&str; 4] = ["/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus"];

/// The device nodes of the jail's minimal /dev.
const DEVICES: [&str; 6] = ["null", "zero", "full", "random", "urandom", "tty"];

/// A bind source refused because it does not exist gets the fix: for
/// `--rw` (an output directory, usually) the `mkdir` that creates it, as
/// given. Any other refusal (a blocked name, an untrusted symlink on the
/// way) passes unchanged.
fn missing_source(
    err: PolicyError,
    fs: &dyn FsView,
    source: &Path,
    given: &Path,
    writable: bool,
) -> PolicyError {
    let PolicyError::BadPath { what, path, .. } = &err else {
        return err;
    };
    if !fs
        .kind(source)
        .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound)
    {
        return err;
    }
    let reason = if writable {
        format!(
            "it does not exist; create it first: `mkdir -p {}`",
            shell_word(&given.display().to_string())
        )
    } else {
        "it does not exist; check the path (a relative one is from the current directory)"
            .to_string()
    };
    PolicyError::BadPath {
        what,
        path: path.clone(),
        reason,
    }
}

/// `text` as one shell word: bare when it is plain, else single-quoted.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./-+,:@%=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// Builds the plan. `fs` answers questions about the host filesystem.
///
/// One step a line, in the order their refusals are reported: what needs
/// no filesystem first, then the mounts (the defaults, the caller's binds,
/// the working directory, the masks inside them, the helper), then what
/// reads the finished mount tree (environment, Landlock, limits, seccomp).
pub fn build(
    profile: &Profile,
    request: &PlanRequest,
    fs: &dyn FsView,
) -> Result<JailPlan, PolicyError> {
    let overrides = &request.limits;
    let tmp_size = tmp_size(profile, overrides)?;
    let timeout_secs = timeout_secs(profile, overrides)?;
    check_command(&request.argv)?;
    let mut notes = Vec::new();
    // The host's system directories and /etc entries, then the jail's own
    // /tmp, /proc and /dev.
    let mut defaults = host_system_mounts(profile, fs, &mut notes)?;
    defaults.extend(jail_own_mounts(tmp_size));
    // Binds the caller asked for: the profile's and the command line's.
    let (mut binds, mut masks) = asked_binds(profile, request, fs)?;
    let cwd = bind_cwd(profile, request, fs, &mut binds, &mut masks)?;
    // Blocked entries inside any directory the caller bound are masked.
    masks.extend(blocked_masks(profile, fs, &binds)?);
    if let Some(helper) = helper_bind(request, fs)? {
        defaults.push(helper);
    }
    let mut proxy = crate::proxy::plan(profile);
    if let Some(bundle) = ca_bundle_bind(&proxy, request, fs)? {
        defaults.push(bundle);
    }
    let mounts = in_mount_order(defaults, binds, masks);
    let mut env = jail_env(profile, request, &mut notes)?;
    let mut landlock = landlock_plan(profile, request, &mounts)?;
    if let ProxyPlan::Offered { port, added } = &mut proxy {
        let port = *port;
        crate::proxy::add_env(&mut env, port);
        *added = crate::proxy::add_extras(&mut env, &request.proxy_extras);
        // The payload binds the proxy's socket before Landlock; after it,
        // jail processes may connect to that port, never bind it.
        if !landlock.tcp_connect.contains(&port) {
            landlock.tcp_connect.push(port);
        }
        landlock.tcp_bind.retain(|&p| p != port);
    }
    let helper = helper_source(&mounts);
    Ok(JailPlan {
        profile: request.profile_name.clone(),
        namespaces: NAMESPACES.to_vec(),
        uid_map: IdMap {
            inside: request.uid,
            outside: request.uid,
            count: 1,
        },
        gid_map: IdMap {
            inside: request.gid,
            outside: request.gid,
            count: 1,
        },
        hostname: profile.hostname.0.clone(),
        mounts,
        cwd,
        argv: request.argv.clone(),
        env,
        limits: PlanLimits {
            timeout_secs,
            tmp_size,
            rlimits: rlimits(&profile.limits, overrides)?,
        },
        seccomp: crate::seccomp::plan(profile.seccomp.enabled, &profile.seccomp.allow)?,
        landlock,
        notes,
        degraded: None,
        helper,
        proxy,
    })
}

/// The size of the jail's /tmp (and /dev/shm): the flag, else the profile's.
fn tmp_size(profile: &Profile, overrides: &LimitOverrides) -> Result<u64, PolicyError> {
    let tmp_size = overrides.tmp_size.unwrap_or(profile.tmp_size).0;
    check_limit("tmp_size (--tmpfs-size)", check_size(ByteSize(tmp_size)))?;
    Ok(tmp_size)
}

/// The wall-clock limit, if any. 0 means no limit, as for GNU timeout:
/// `--timeout 0` also lifts a profile's limits.timeout_secs.
fn timeout_secs(profile: &Profile, overrides: &LimitOverrides) -> Result<Option<u64>, PolicyError> {
    let timeout_secs = overrides
        .timeout_secs
        .or(profile.limits.timeout_secs)
        .filter(|&secs| secs != 0);
    if let Some(secs) = timeout_secs {
        check_limit("limits.timeout_secs (--timeout)", check_secs(secs))?;
    }
    Ok(timeout_secs)
}

/// A command to run, with no NUL byte in any argument (execve could not
/// pass it).
fn check_command(argv: &[String]) -> Result<(), PolicyError> {
    if argv.is_empty() {
        return Err(PolicyError::NoCommand);
    }
    if let Some(index) = argv.iter().position(|a| a.contains('\0')) {
        return Err(PolicyError::NulInArgument { index });
    }
    Ok(())
}

/// The profile's `system_ro` directories (a host symlink, such as a
/// merged-/usr `/bin`, recreated as a symlink) and `etc_ro` entries,
/// read-only; what the host lacks is left out with a note.
fn host_system_mounts(
    profile: &Profile,
    fs: &dyn FsView,
    notes: &mut Vec<String>,
) -> Result<Vec<Mount>, PolicyError> {
    let mut mounts = Vec::new();
    for path in &profile.system_ro {
        let path = &path.0;
        match fs.kind(path) {
            Ok(FileKind::Symlink) => {
                let target = fs.read_link(path).map_err(|e| PolicyError::BadPath {
                    what: "system_ro entry",
                    path: path.display().to_string(),
                    reason: e.to_string(),
                })?;
                mounts.push(mount(path, MountKind::Symlink { target }));
            }
            Ok(FileKind::Dir) => {
                let opened = checked_source(fs, "system_ro entry", path, &[], false)?;
                mounts.push(ro_bind(&opened, path));
            }
            _ => notes.push(format!("{} is not on this host; not bound", path.display())),
        }
    }
    // The profile's own choice of /etc entries: their links (resolv.conf,
    // localtime) are followed wherever they sit; what they lead to is
    // checked like any source.
    for path in &profile.etc_ro {
        let path = &path.0;
        match checked_source(fs, "etc_ro entry", path, &profile.blocked_patterns, true) {
            Ok(opened) => mounts.push(ro_bind(&opened, path)),
            Err(err) => notes.push(format!("{} not bound: {err}", path.display())),
        }
    }
    Ok(mounts)
}

/// The jail's own /tmp, /proc and minimal /dev: nothing of the host's but
/// a few device nodes.
fn jail_own_mounts(tmp_size: u64) -> Vec<Mount> {
    let mut mounts = vec![
        mount(
            "/tmp",
            MountKind::Tmpfs {
                size: tmp_size,
                mode: 0o1777,
            },
        ),
        mount("/proc", MountKind::Proc),
    ];
    // Host-wide knobs that /proc exposes even inside a pid namespace. A
    // host-root caller is uid 0 in the jail and owns them: core_pattern or
    // sysrq-trigger would take the host without any capability.
    for knob in PROC_READ_ONLY {
        mounts.push(mount(knob, MountKind::ReadOnlyAgain));
    }
    mounts.push(mount(
        "/dev",
        MountKind::Tmpfs {
            size: 64 << 10,
            mode: 0o755,
        },
    ));
    for device in DEVICES {
        let path = Path::new("/dev").join(device);
        mounts.push(mount(
            &path,
            MountKind::Device {
                source: path.clone(),
            },
        ));
    }
    mounts.push(mount("/dev/pts", MountKind::Devpts));
    mounts.push(mount(
        "/dev/shm",
        MountKind::Tmpfs {
            size: tmp_size,
            mode: 0o1777,
        },
    ));
    for (link, target) in [
        ("ptmx", "pts/ptmx"),
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        mounts.push(mount(
            Path::new("/dev").join(link),
            MountKind::Symlink {
                target: target.into(),
            },
        ));
    }
    mounts
}

/// Bind mounts, each with how it was asked for (`SRC:DEST`, or "current
/// directory"), which a duplicate destination's error names.
type Binds = Vec<(Mount, String)>;

/// The binds the profile and the command line ask for (read-only ones
/// first), each with how it was asked for (for a duplicate's error), and
/// the masks over the supervisor's state dir where one holds it.
fn asked_binds(
    profile: &Profile,
    request: &PlanRequest,
    fs: &dyn FsView,
) -> Result<(Binds, Vec<Mount>), PolicyError> {
    let mut binds: Binds = Vec::new();
    let asked = profile
        .ro
        .iter()
        .chain(&request.ro)
        .map(|spec| (spec, false))
        .chain(
            profile
                .rw
                .iter()
                .chain(&request.rw)
                .map(|spec| (spec, true)),
        );
    let mut masks = Vec::new();
    for (spec, writable) in asked {
        let what = if writable { "rw bind" } else { "ro bind" };
        let source = request.cwd.join(&spec.source);
        let opened = checked_source(fs, what, &source, &profile.blocked_patterns, false)
            .map_err(|err| missing_source(err, fs, &source, &spec.source, writable))?;
        check_bind_source(what, &opened.path)?;
        let dest = spec.dest.clone().unwrap_or_else(|| opened.path.clone());
        check_dest(what, &dest)?;
        masks.extend(check_protected(
            fs,
            what,
            &opened,
            &dest,
            writable,
            &request.protected,
        )?);
        let bind = bind_mount(&opened, dest, writable);
        if let Some((_, first)) = binds.iter().find(|(m, _)| m.dest == bind.dest) {
            return Err(PolicyError::DuplicateDest {
                dest: bind.dest.display().to_string(),
                first: first.clone(),
                second: String::from(spec.clone()),
            });
        }
        binds.push((bind, String::from(spec.clone())));
    }
    Ok((binds, masks))
}

/// The jail's working directory: the caller's, bound at its own path as
/// the profile's `cwd` says (unless a bind already put it there), or HOME
/// for `cwd = "none"`.
fn bind_cwd(
    profile: &Profile,
    request: &PlanRequest,
    fs: &dyn FsView,
    binds: &mut Binds,
    masks: &mut Vec<Mount>,
) -> Result<PathBuf, PolicyError> {
    let mode = profile.cwd;
    if mode == CwdMode::None {
        return Ok(profile.home.0.clone());
    }
    let what = "current directory";
    let opened = checked_source(fs, what, &request.cwd, &profile.blocked_patterns, false)?;
    let cwd = opened.path.clone();
    if cwd == Path::new("/") {
        return Err(PolicyError::BadPath {
            what,
            path: "/".into(),
            reason: "binding the host's root directory would expose everything; \
                     run from a project directory, or set `cwd = \"none\"` in the profile"
                .into(),
        });
    }
    check_bind_source(what, &cwd)?;
    if !binds.iter().any(|(m, _)| m.dest == cwd) {
        let writable = mode == CwdMode::Rw;
        masks.extend(check_protected(
            fs,
            what,
            &opened,
            &cwd,
            writable,
            &request.protected,
        )?);
        binds.push((bind_mount(&opened, cwd.clone(), writable), what.into()));
    }
    Ok(cwd)
}

/// Masks over the blocked entries (`blocked_patterns`) found inside the
/// directories the caller bound, down to `mask_depth`.
fn blocked_masks(
    profile: &Profile,
    fs: &dyn FsView,
    binds: &Binds,
) -> Result<Vec<Mount>, PolicyError> {
    let limits = ScanLimits {
        depth: profile.mask_depth,
        max_entries: profile.mask_scan_limit,
    };
    let mut masks = Vec::new();
    for (bind, _) in binds {
        if let MountKind::Bind {
            source, dir: true, ..
        } = &bind.kind
        {
            for entry in blocked_entries(fs, source, &profile.blocked_patterns, limits)? {
                masks.push(mask(
                    fs,
                    &source.join(&entry.relative),
                    bind.dest.join(&entry.relative),
                    entry.why,
                )?);
            }
        }
    }
    Ok(masks)
}

/// The `jail-call` helper bound read-only at [`HELPER_DIR`], when the
/// caller has one.
fn helper_bind(request: &PlanRequest, fs: &dyn FsView) -> Result<Option<Mount>, PolicyError> {
    let Some(helper) = &request.rpc_helper else {
        return Ok(None);
    };
    let opened = checked_source(fs, "the jail-call helper", helper, &[], true)?;
    Ok(Some(ro_bind(
        &opened,
        &Path::new(HELPER_DIR).join(HELPER_NAME),
    )))
}

/// The proxy's CA bundle bound read-only at
/// [`crate::proxy::CA_BUNDLE_PATH`], when the proxy is offered and the
/// caller made one.
fn ca_bundle_bind(
    proxy: &ProxyPlan,
    request: &PlanRequest,
    fs: &dyn FsView,
) -> Result<Option<Mount>, PolicyError> {
    let Some(bundle) = request.proxy_extras.ca_bundle.as_ref() else {
        return Ok(None);
    };
    if proxy.port().is_none() {
        return Ok(None);
    }
    let opened = checked_source(fs, "the proxy's CA bundle", bundle, &[], false)?;
    Ok(Some(ro_bind(
        &opened,
        Path::new(crate::proxy::CA_BUNDLE_PATH),
    )))
}

/// Every mount in the order the child makes them: the defaults (less those
/// a bind the caller asked for replaces), the binds, the masks; parents
/// before children, so no mount hides one made earlier below it.
fn in_mount_order(mut defaults: Vec<Mount>, binds: Binds, masks: Vec<Mount>) -> Vec<Mount> {
    defaults.retain(|d| !binds.iter().any(|(b, _)| b.dest == d.dest));
    let mut mounts: Vec<Mount> = defaults
        .into_iter()
        .chain(binds.into_iter().map(|(m, _)| m))
        .chain(masks)
        .collect();
    mounts.sort_by_key(|m| m.dest.components().count());
    mounts
}

/// The jail's environment (see [`crate::env`]), with [`HELPER_DIR`] at the
/// end of PATH when the jail has the helper.
fn jail_env(
    profile: &Profile,
    request: &PlanRequest,
    notes: &mut Vec<String>,
) -> Result<BTreeMap<String, String>, PolicyError> {
    let mut env = env::build(
        &profile.env,
        &request.env,
        &request.host_env,
        &profile.home.0.display().to_string(),
    )?;
    if request.rpc_helper.is_some() {
        let path = env.vars.entry("PATH".to_string()).or_default();
        if !path.is_empty() {
            path.push(':');
        }
        path.push_str(HELPER_DIR);
    }
    notes.extend(env.notes);
    Ok(env.vars)
}

/// The Landlock rules for `mounts`, with `--require-landlock` over the
/// profile's `landlock.require_abi`.
fn landlock_plan(
    profile: &Profile,
    request: &PlanRequest,
    mounts: &[Mount],
) -> Result<LandlockPlan, PolicyError> {
    let mut landlock_rules = profile.landlock.clone();
    if let Some(abi) = request.require_landlock {
        landlock_rules.require_abi = abi;
    }
    crate::landlock::plan(&landlock_rules, mounts, request.landlock_abi)
}

/// The host file bound as the helper, if one is.
fn helper_source(mounts: &[Mount]) -> Option<PathBuf> {
    let helper_dest = Path::new(HELPER_DIR).join(HELPER_NAME);
    mounts.iter().find_map(|m| match &m.kind {
        MountKind::Bind { source, .. } if m.dest == helper_dest => Some(source.clone()),
        _ => None,
    })
}

/// Host trees no bind may expose: the whole root (every secret below it),
/// and the host's /proc (its processes, and their roots, cwds and fds).
fn check_bind_source(what: &'static str, source: &Path) -> Result<(), PolicyError> {
    let refuse = |reason: &str| PolicyError::BadPath {
        what,
        path: source.display().to_string(),
        reason: reason.to_string(),
    };
    if source == Path::new("/") {
        return Err(refuse(
            "binding the host's root directory would expose everything; bind the directories needed",
        ));
    }
    if source.starts_with("/proc") {
        return Err(refuse(
            "the host's /proc exposes its processes; the jail has its own /proc",
        ));
    }
    Ok(())
}

/// The supervisor's own files against one bind: refused when the bind is
/// (inside) the state dir, or writable and holds a protected file; the
/// state dir's mask when the bind holds it.
fn check_protected(
    fs: &dyn FsView,
    what: &'static str,
    opened: &Opened,
    dest: &Path,
    writable: bool,
    protected: &Protected,
) -> Result<Option<Mount>, PolicyError> {
    let refuse = |reason: String| PolicyError::Protected {
        what,
        path: opened.path.display().to_string(),
        reason,
    };
    if writable {
        if let Some((file, name)) = protected
            .files
            .iter()
            .find(|(file, _)| file.starts_with(&opened.path))
        {
            return Err(refuse(format!(
                "it holds {name} `{}`, which no jail may change; bind it read-only, or a \
                 directory that does not hold it",
                file.display()
            )));
        }
    }
    let Some(state) = &protected.state_dir else {
        return Ok(None);
    };
    if opened.path.starts_with(state) {
        return Err(refuse(format!(
            "it is, or lies inside, jail's state directory `{}` (sessions, approvals, the audit \
             log), which no jail may reach; bind another directory",
            state.display()
        )));
    }
    match state.strip_prefix(&opened.path) {
        Ok(relative) if fs.kind(state).is_ok() => Some(mask(
            fs,
            state,
            dest.join(relative),
            "jail's state directory".into(),
        ))
        .transpose(),
        _ => Ok(None),
    }
}

/// The mask hiding host path `host` at `dest`, bound to what `host` is now.
fn mask(fs: &dyn FsView, host: &Path, dest: PathBuf, why: String) -> Result<Mount, PolicyError> {
    let opened = fs.open(host).map_err(|err| PolicyError::BadPath {
        what: "entry to mask",
        path: host.display().to_string(),
        reason: format!("{err}; it changed while being checked, or cannot be opened"),
    })?;
    Ok(Mount {
        dest,
        kind: MountKind::Mask {
            dir: opened.kind == FileKind::Dir,
            identity: opened.identity,
            why,
        },
    })
}

fn bind_mount(opened: &Opened, dest: PathBuf, writable: bool) -> Mount {
    Mount {
        dest,
        kind: MountKind::Bind {
            source: opened.path.clone(),
            writable,
            dir: opened.kind == FileKind::Dir,
            identity: opened.identity,
        },
    }
}

fn rlimits(
    limits: &crate::model::Limits,
    overrides: &LimitOverrides,
) -> Result<Vec<Rlimit>, PolicyError> {
    let pids = overrides.pids.unwrap_or(limits.pids);
    if pids < MIN_PIDS {
        return Err(PolicyError::Limit {
            key: "limits.pids (--pids)",
            value: pids,
            reason: "a jail needs at least 2 processes, its init and the payload; raise it",
        });
    }
    let memory = overrides.memory.unwrap_or(limits.memory);
    check_limit("limits.memory (--memory)", check_size(memory))?;
    let cpu_time = overrides.cpu_time_secs.or(limits.cpu_time_secs);
    if let Some(secs) = cpu_time {
        check_limit("limits.cpu_time_secs (--cpu-time)", check_secs(secs))?;
    }
    let limit = |resource, value| Rlimit { resource, value };
    let mut list = vec![
        limit(RlimitResource::Core, 0),
        limit(RlimitResource::Nofile, limits.nofile),
        limit(RlimitResource::Nproc, pids),
        limit(RlimitResource::Fsize, limits.file_size.0),
        limit(RlimitResource::Data, memory.0),
    ];
    if let Some(secs) = cpu_time {
        list.push(limit(RlimitResource::Cpu, secs));
    }
    Ok(list)
}

/// The jail's init and the payload.
const MIN_PIDS: u64 = 2;

/// A limit from the profile or its flag, refused with both names.
fn check_limit(key: &'static str, checked: Result<(), String>) -> Result<(), PolicyError> {
    checked.map_err(|reason| PolicyError::BadLimit { key, reason })
}

fn mount(dest: impl AsRef<Path>, kind: MountKind) -> Mount {
    Mount {
        dest: dest.as_ref().to_path_buf(),
        kind,
    }
}

fn ro_bind(opened: &Opened, dest: &Path) -> Mount {
    bind_mount(opened, dest.to_path_buf(), false)
}

impl JailPlan {
    /// The host path behind `jail_path`: through the innermost bind that
    /// holds it, else the same path (system symlinks such as /bin ->
    /// usr/bin mirror the host's).
    pub fn host_path(&self, jail_path: &Path) -> PathBuf {
        let binds = self.mounts.iter().filter_map(|m| match &m.kind {
            MountKind::Bind { source, .. } => Some((m.dest.as_path(), source.as_path())),
            _ => None,
        });
        through_deepest(binds, jail_path)
    }
}

mod explain;

#[cfg(test)]
pub(crate) mod tests;
