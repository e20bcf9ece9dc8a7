//! The jail plan: everything the `jail` crate will do, in order. Built from a
//! profile and the command line; printed by `--explain`, so what is shown and
//! what runs cannot drift apart.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::env::{self, EnvRequest};
use crate::layout::through_deepest;
pub use crate::layout::{Mount, MountKind, Rlimit, RlimitResource, HELPER_DIR, HELPER_NAME};
use crate::model::{check_secs, check_size, BindSpec, CwdMode, Profile};
use crate::mounts::{
    blocked_entries, check_dest, checked_source, FileKind, FsView, Opened, ScanLimits,
};
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
    pub landlock: crate::landlock::LandlockPlan,
    /// What was left out, and why.
    pub notes: Vec<String>,
    /// Set for the degraded tier (no namespaces): see [`crate::degraded`].
    pub degraded: Option<Degraded>,
    /// The host file bound as `jail-call` at [`HELPER_DIR`] (the `jail`
    /// binary itself); none: the jail has no helper, so tool calls from
    /// inside fail with `jail-call: not found`.
    pub helper: Option<PathBuf>,
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
pub fn build(
    profile: &Profile,
    request: &PlanRequest,
    fs: &dyn FsView,
) -> Result<JailPlan, PolicyError> {
    let overrides = &request.limits;
    let tmp_size = overrides.tmp_size.unwrap_or(profile.tmp_size).0;
    check_limit("tmp_size (--tmpfs-size)", check_size(ByteSize(tmp_size)))?;
    // 0 means no limit, as for GNU timeout: `--timeout 0` also lifts a
    // profile's limits.timeout_secs.
    let timeout_secs = overrides
        .timeout_secs
        .or(profile.limits.timeout_secs)
        .filter(|&secs| secs != 0);
    if let Some(secs) = timeout_secs {
        check_limit("limits.timeout_secs (--timeout)", check_secs(secs))?;
    }
    if request.argv.is_empty() {
        return Err(PolicyError::NoCommand);
    }
    if let Some(index) = request.argv.iter().position(|a| a.contains('\0')) {
        return Err(PolicyError::NulInArgument { index });
    }
    let patterns = &profile.blocked_patterns;
    let mut notes = Vec::new();
    let mut defaults: Vec<Mount> = Vec::new();

    for path in &profile.system_ro {
        let path = &path.0;
        match fs.kind(path) {
            Ok(FileKind::Symlink) => {
                let target = fs.read_link(path).map_err(|e| PolicyError::BadPath {
                    what: "system_ro entry",
                    path: path.display().to_string(),
                    reason: e.to_string(),
                })?;
                defaults.push(mount(path, MountKind::Symlink { target }));
            }
            Ok(FileKind::Dir) => {
                let opened = checked_source(fs, "system_ro entry", path, &[], false)?;
                defaults.push(ro_bind(&opened, path));
            }
            _ => notes.push(format!("{} is not on this host; not bound", path.display())),
        }
    }
    // The profile's own choice of /etc entries: their links (resolv.conf,
    // localtime) are followed wherever they sit; what they lead to is
    // checked like any source.
    for path in &profile.etc_ro {
        let path = &path.0;
        match checked_source(fs, "etc_ro entry", path, patterns, true) {
            Ok(opened) => defaults.push(ro_bind(&opened, path)),
            Err(err) => notes.push(format!("{} not bound: {err}", path.display())),
        }
    }
    defaults.push(mount(
        "/tmp",
        MountKind::Tmpfs {
            size: tmp_size,
            mode: 0o1777,
        },
    ));
    defaults.push(mount("/proc", MountKind::Proc));
    // Host-wide knobs that /proc exposes even inside a pid namespace. A
    // host-root caller is uid 0 in the jail and owns them: core_pattern or
    // sysrq-trigger would take the host without any capability.
    for knob in PROC_READ_ONLY {
        defaults.push(mount(knob, MountKind::ReadOnlyAgain));
    }
    defaults.push(mount(
        "/dev",
        MountKind::Tmpfs {
            size: 64 << 10,
            mode: 0o755,
        },
    ));
    for device in DEVICES {
        let path = Path::new("/dev").join(device);
        defaults.push(mount(
            &path,
            MountKind::Device {
                source: path.clone(),
            },
        ));
    }
    defaults.push(mount("/dev/pts", MountKind::Devpts));
    defaults.push(mount(
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
        defaults.push(mount(
            Path::new("/dev").join(link),
            MountKind::Symlink {
                target: target.into(),
            },
        ));
    }

    // Binds the caller asked for: the profile's and the command line's.
    let mut binds: Vec<(Mount, String)> = Vec::new();
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
        let opened = checked_source(fs, what, &source, patterns, false)
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

    let cwd = match profile.cwd {
        CwdMode::None => profile.home.0.clone(),
        mode => {
            let what = "current directory";
            let opened = checked_source(fs, what, &request.cwd, patterns, false)?;
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
            cwd
        }
    };

    // Blocked entries inside any directory the caller bound are masked.
    let limits = ScanLimits {
        depth: profile.mask_depth,
        max_entries: profile.mask_scan_limit,
    };
    for (bind, _) in &binds {
        if let MountKind::Bind {
            source, dir: true, ..
        } = &bind.kind
        {
            for entry in blocked_entries(fs, source, patterns, limits)? {
                masks.push(mask(
                    fs,
                    &source.join(&entry.relative),
                    bind.dest.join(&entry.relative),
                    entry.why,
                )?);
            }
        }
    }

    if let Some(helper) = &request.rpc_helper {
        let opened = checked_source(fs, "the jail-call helper", helper, &[], true)?;
        defaults.push(ro_bind(&opened, &Path::new(HELPER_DIR).join(HELPER_NAME)));
    }
    // A bind the caller asked for replaces a default mount at the same place.
    defaults.retain(|d| !binds.iter().any(|(b, _)| b.dest == d.dest));
    let mut mounts: Vec<Mount> = defaults
        .into_iter()
        .chain(binds.into_iter().map(|(m, _)| m))
        .chain(masks)
        .collect();
    // Parents before children: a mount must not hide one made earlier below it.
    mounts.sort_by_key(|m| m.dest.components().count());

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
    let mut landlock_rules = profile.landlock.clone();
    if let Some(abi) = request.require_landlock {
        landlock_rules.require_abi = abi;
    }
    let landlock = crate::landlock::plan(&landlock_rules, &mounts, request.landlock_abi)?;

    let helper_dest = Path::new(HELPER_DIR).join(HELPER_NAME);
    let helper = mounts.iter().find_map(|m| match &m.kind {
        MountKind::Bind { source, .. } if m.dest == helper_dest => Some(source.clone()),
        _ => None,
    });
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
        env: env.vars,
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

impl JailPlan {
    /// The namespaces, id maps and mount tree of the full tier.
    fn fmt_jail_tree(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "namespaces  {}", self.namespaces.join(" "))?;
        for (name, map) in [("uid_map", self.uid_map), ("gid_map", self.gid_map)] {
            writeln!(
                f,
                "{name}     {} {} {}  (jail id, host id, count)",
                map.inside, map.outside, map.count
            )?;
        }
        writeln!(f, "hostname    {}", self.hostname)?;
        writeln!(f, "root        tmpfs, read-only after setup")?;
        writeln!(f, "mounts")?;
        for m in &self.mounts {
            let dest = m.dest.display();
            match &m.kind {
                MountKind::Bind {
                    source, writable, ..
                } => {
                    let mode = if *writable { "rw" } else { "ro" };
                    writeln!(f, "  {mode}  {dest}  <- {}", source.display())?
                }
                MountKind::Device { source } => {
                    writeln!(f, "  dev {dest}  <- {}", source.display())?
                }
                MountKind::Tmpfs { size, mode } => writeln!(
                    f,
                    "  rw  {dest}  tmpfs size={} mode={mode:o}",
                    ByteSize(*size)
                )?,
                MountKind::Proc => writeln!(f, "  rw  {dest}  proc (this jail's pid namespace)")?,
                MountKind::Devpts => writeln!(f, "  rw  {dest}  devpts (private instance)")?,
                MountKind::Symlink { target } => {
                    writeln!(f, "  ln  {dest} -> {}", target.display())?
                }
                MountKind::Mask { why, .. } => writeln!(f, "  --  {dest}  masked ({why})")?,
                MountKind::ReadOnlyAgain => {
                    writeln!(f, "  ro  {dest}  (the jail's own, read-only)")?
                }
            }
        }
        writeln!(
            f,
            "terminal    when stdin and stdout are terminals: a pty owned and relayed by \
             the supervisor, also bound at /dev/console"
        )?;
        Ok(())
    }
}

impl JailPlan {
    /// Where the jail finds `jail-call`, and from which host file.
    fn fmt_helper(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(source) = &self.helper else {
            return writeln!(
                f,
                "helper      none: tool calls from inside fail with `jail-call: not found` \
                 (the running jail binary could not be found; reinstall it)"
            );
        };
        let at = match self.degraded.as_ref().and_then(|d| d.helper_link.as_ref()) {
            Some(link) => link.display().to_string(),
            None => format!("{HELPER_DIR}/{HELPER_NAME}"),
        };
        writeln!(
            f,
            "helper      jail-call at {at} (on PATH)  <- {}",
            source.display()
        )
    }
}

impl fmt::Display for JailPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "profile     {}", self.profile)?;
        match &self.degraded {
            Some(degraded) => {
                writeln!(f, "tier        degraded: {}", degraded.cause)?;
                writeln!(
                    f,
                    "private     {}  (stands in for the jail's /tmp; removed after)",
                    degraded.private_dir.display()
                )?;
                writeln!(f, "missing")?;
                for line in &degraded.missing {
                    writeln!(f, "  {line}")?;
                }
            }
            None => self.fmt_jail_tree(f)?,
        }
        writeln!(f, "cwd         {}", self.cwd.display())?;
        writeln!(f, "command     {}", self.argv.join(" "))?;
        self.fmt_helper(f)?;
        writeln!(f, "env")?;
        for (name, value) in &self.env {
            writeln!(f, "  {name}={value}")?;
        }
        writeln!(f, "limits")?;
        match self.limits.timeout_secs {
            Some(secs) => writeln!(f, "  timeout   {secs}s, then the whole jail is killed")?,
            None => writeln!(f, "  timeout   none")?,
        }
        writeln!(f, "  /tmp      {}", ByteSize(self.limits.tmp_size))?;
        for limit in &self.limits.rlimits {
            let value = match limit.resource {
                RlimitResource::Fsize | RlimitResource::Data => ByteSize(limit.value).to_string(),
                RlimitResource::Cpu => format!("{}s", limit.value),
                _ => limit.value.to_string(),
            };
            writeln!(
                f,
                "  RLIMIT_{:<7} {value}",
                format!("{:?}", limit.resource).to_uppercase()
            )?;
        }
        let seccomp = &self.seccomp;
        if seccomp.enabled {
            writeln!(
                f,
                "seccomp     {} allowlist of {} calls{}; otherwise {}",
                seccomp.arch,
                seccomp.allowed_count,
                if seccomp.extra_allowed.is_empty() {
                    String::new()
                } else {
                    format!(" (with {})", seccomp.extra_allowed.join(", "))
                },
                seccomp.otherwise
            )?;
            writeln!(f, "  refused   {}", seccomp.refused.join(" "))?;
            writeln!(
                f,
                "  refused   clone with namespace flags; socket other than unix/inet/inet6, \
                 raw or packet; ioctl TIOCSTI, TIOCLINUX; personality changes"
            )?;
        } else {
            writeln!(f, "seccomp     OFF (profile key seccomp.enabled = false)")?;
        }
        let landlock = &self.landlock;
        if !landlock.enabled {
            writeln!(f, "landlock    OFF (profile key landlock.enabled = false)")?;
        } else if landlock.enforced.is_empty() {
            writeln!(f, "landlock    NOT ENFORCED: this kernel has no Landlock")?;
        } else {
            writeln!(
                f,
                "landlock    kernel ABI {} (require >= {}); enforced:",
                landlock.kernel_abi, landlock.require_abi
            )?;
            for feature in &landlock.enforced {
                writeln!(f, "  {feature}")?;
            }
            for rule in &landlock.rules {
                writeln!(f, "  {:?}  {}", rule.access, rule.path.display())?;
            }
            writeln!(f, "  {}", landlock.ports_summary())?;
        }
        for note in &self.notes {
            writeln!(f, "note: {note}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::mounts::fake::FakeFs;
    use crate::mounts::Identity;

    fn host() -> FakeFs {
        FakeFs::with(&[
            "/usr/bin/sh",
            "/usr/lib/",
            "/lib64/",
            "/etc/passwd",
            "/etc/ssl/certs/",
            "/home/u/proj/src/main.py",
            "/home/u/proj/.env",
            "/home/u/.ssh/id_ed25519",
            "/data/",
        ])
        .link("/bin", "usr/bin")
        .link("/home/u/proj/keys", "/home/u/.ssh")
    }

    pub(crate) fn request() -> PlanRequest {
        PlanRequest {
            profile_name: "default".into(),
            argv: vec!["sh".into()],
            cwd: "/home/u/proj".into(),
            ro: vec![],
            rw: vec![],
            env: EnvRequest::default(),
            host_env: vec![],
            uid: 1000,
            gid: 1000,
            limits: LimitOverrides::default(),
            landlock_abi: 7,
            require_landlock: None,
            rpc_helper: None,
            protected: Protected {
                state_dir: Some("/home/u/.local/state/jail".into()),
                files: vec![("/home/u/bin/jail".into(), "the jail binary")],
            },
        }
    }

    fn find<'a>(plan: &'a JailPlan, dest: &str) -> Option<&'a MountKind> {
        plan.mounts
            .iter()
            .find(|m| m.dest == Path::new(dest))
            .map(|m| &m.kind)
    }

    #[test]
    fn default_plan_binds_system_dirs_ro_and_cwd_ro() {
        let plan = build(&Profile::default(), &request(), &host()).expect("plan");
        assert!(matches!(
            find(&plan, "/usr"),
            Some(MountKind::Bind {
                writable: false,
                ..
            })
        ));
        assert_eq!(
            find(&plan, "/bin"),
            Some(&MountKind::Symlink {
                target: "usr/bin".into()
            })
        );
        assert!(find(&plan, "/lib").is_none(), "absent on this host");
        assert!(plan.notes.iter().any(|n| n.contains("/lib is not")));
        assert!(matches!(
            find(&plan, "/home/u/proj"),
            Some(MountKind::Bind {
                writable: false,
                ..
            })
        ));
        assert_eq!(plan.cwd, Path::new("/home/u/proj"));
        assert!(find(&plan, "/home/u/.ssh").is_none());
        assert_eq!(plan.uid_map.inside, 1000);
    }

    #[rstest::rstest]
    #[case::timeout_overflows_a_clock(LimitOverrides { timeout_secs: Some(1 << 63), ..Default::default() }, "limits.timeout_secs (--timeout)", "more than a year")]
    #[case::cpu_time_zero(LimitOverrides { cpu_time_secs: Some(0), ..Default::default() }, "limits.cpu_time_secs (--cpu-time)", "above 0")]
    #[case::cpu_time_huge(LimitOverrides { cpu_time_secs: Some(u64::MAX), ..Default::default() }, "--cpu-time", "more than a year")]
    #[case::memory_zero(LimitOverrides { memory: Some(ByteSize(0)), ..Default::default() }, "limits.memory (--memory)", "size above 0")]
    #[case::tmpfs_zero(LimitOverrides { tmp_size: Some(ByteSize(0)), ..Default::default() }, "tmp_size (--tmpfs-size)", "size above 0")]
    fn limits_that_cannot_work_are_refused_naming_key_and_flag(
        #[case] limits: LimitOverrides,
        #[case] names: &str,
        #[case] needle: &str,
    ) {
        let mut req = request();
        req.limits = limits;
        let err = build(&Profile::default(), &req, &host()).expect_err("refused");
        let message = err.to_string();
        assert!(message.contains(names), "{message}");
        assert!(message.contains(needle), "{message}");
    }

    /// 0 means no wall-clock limit, as for GNU timeout; `--timeout 0`
    /// lifts the profile's. Durations parse in the policy keys too.
    #[test]
    fn timeout_zero_means_none_and_policy_keys_take_durations() {
        let policy = crate::Policy::from_toml(
            "[profile.p.limits]\ntimeout_secs = \"1h30m\"\ncpu_time_secs = \"90s\"\n",
            "test",
        )
        .expect("valid");
        let profile = policy.profile("p").expect("profile");
        assert_eq!(profile.limits.timeout_secs, Some(5400));
        assert_eq!(profile.limits.cpu_time_secs, Some(90));
        let mut req = request();
        let plan = build(profile, &req, &host()).expect("plan");
        assert_eq!(plan.limits.timeout_secs, Some(5400));
        req.limits.timeout_secs = Some(0);
        let plan = build(profile, &req, &host()).expect("plan");
        assert_eq!(plan.limits.timeout_secs, None);
        let zero = crate::Policy::from_toml("[profile.p.limits]\ntimeout_secs = 0\n", "test")
            .expect("0 is accepted");
        let profile = zero.profile("p").expect("profile");
        let plan = build(profile, &request(), &host()).expect("plan");
        assert_eq!(plan.limits.timeout_secs, None);
    }

    #[test]
    fn a_missing_rw_source_names_the_mkdir_quoted_for_a_shell() {
        assert_eq!(super::shell_word("out/a-b"), "out/a-b");
        assert_eq!(super::shell_word("my out"), "'my out'");
        assert_eq!(super::shell_word("it's"), "'it'\\''s'");
    }

    #[test]
    fn a_pids_limit_below_init_and_payload_names_the_key() {
        let mut req = request();
        req.limits.pids = Some(1);
        let err = build(&Profile::default(), &req, &host()).expect_err("refused");
        assert!(err.to_string().contains("limits.pids"), "{err}");
        req.limits.pids = Some(2);
        assert!(build(&Profile::default(), &req, &host()).is_ok());
    }

    #[test]
    fn blocked_entries_in_the_cwd_are_masked() {
        let plan = build(&Profile::default(), &request(), &host()).expect("plan");
        assert!(matches!(
            find(&plan, "/home/u/proj/.env"),
            Some(MountKind::Mask { dir: false, .. })
        ));
    }

    #[test]
    fn parents_are_mounted_before_children() {
        let mut req = request();
        req.cwd = "/data".into();
        req.rw = vec!["/home/u/proj:/tmp/work".parse().expect("spec")];
        let plan = build(&Profile::default(), &req, &host()).expect("plan");
        let position = |dest: &str| plan.mounts.iter().position(|m| m.dest == Path::new(dest));
        assert!(position("/tmp") < position("/tmp/work"));
        assert!(position("/dev") < position("/dev/pts"));
        assert!(position("/tmp/work") < position("/tmp/work/.env"));
    }

    #[test]
    fn rw_of_the_cwd_replaces_its_ro_bind() {
        let mut req = request();
        req.rw = vec!["/home/u/proj".parse().expect("spec")];
        let plan = build(&Profile::default(), &req, &host()).expect("plan");
        let binds: Vec<_> = plan
            .mounts
            .iter()
            .filter(|m| m.dest == Path::new("/home/u/proj"))
            .collect();
        assert_eq!(binds.len(), 1);
        assert!(matches!(
            binds[0].kind,
            MountKind::Bind { writable: true, .. }
        ));
    }

    #[test]
    fn a_symlink_to_ssh_is_refused() {
        let mut req = request();
        req.ro = vec!["/home/u/proj/keys".parse().expect("spec")];
        let err = build(&Profile::default(), &req, &host()).expect_err("refused");
        assert!(err.to_string().contains(".ssh"), "{err}");
    }

    #[rstest::rstest]
    #[case("/")]
    #[case("/proc")]
    #[case("/proc/1/root")]
    fn host_root_and_proc_cannot_be_bound(#[case] source: &str) {
        let fs = FakeFs::with(&["/proc/1/root/", "/home/u/proj/"]);
        let mut req = request();
        req.ro = vec![format!("{source}:/mnt").parse().expect("spec")];
        let err = build(&Profile::default(), &req, &fs).expect_err("refused");
        assert!(err.to_string().contains(source), "{err}");
    }

    fn with_state() -> FakeFs {
        FakeFs::with(&[
            "/home/u/proj/src/main.py",
            "/home/u/.local/state/jail/audit.log",
            "/home/u/bin/jail",
        ])
    }

    #[rstest::rstest]
    #[case("/home/u/.local/state/jail")]
    #[case("/home/u/.local/state/jail/audit.log")]
    fn the_state_dir_cannot_be_bound(#[case] source: &str) {
        for rw in [false, true] {
            let mut req = request();
            let spec = format!("{source}:/mnt").parse().expect("spec");
            if rw {
                req.rw = vec![spec]
            } else {
                req.ro = vec![spec]
            }
            let message = build(&Profile::default(), &req, &with_state())
                .expect_err("refused")
                .to_string();
            assert!(message.contains("state directory"), "{message}");
        }
    }

    #[test]
    fn a_bind_holding_the_state_dir_masks_it() {
        let mut req = request();
        req.ro = vec!["/home/u:/mnt".parse().expect("spec")];
        let plan = build(&Profile::default(), &req, &with_state()).expect("plan");
        assert!(matches!(
            find(&plan, "/mnt/.local/state/jail"),
            Some(MountKind::Mask { dir: true, why, .. }) if why.contains("state")
        ));
        assert!(plan.to_string().contains("masked (jail's state directory)"));
    }

    #[test]
    fn the_state_dir_as_cwd_is_refused() {
        let mut req = request();
        req.cwd = "/home/u/.local/state/jail".into();
        let message = build(&Profile::default(), &req, &with_state())
            .expect_err("refused")
            .to_string();
        assert!(message.contains("state directory"), "{message}");
    }

    #[test]
    fn a_writable_bind_may_not_hold_the_binaries_but_a_read_only_one_may() {
        let mut req = request();
        req.rw = vec!["/home/u/bin".parse().expect("spec")];
        let message = build(&Profile::default(), &req, &with_state())
            .expect_err("refused")
            .to_string();
        assert!(
            message.contains("the jail binary `/home/u/bin/jail`"),
            "{message}"
        );
        let mut req = request();
        req.ro = vec!["/home/u/bin".parse().expect("spec")];
        assert!(build(&Profile::default(), &req, &with_state()).is_ok());
    }

    #[test]
    fn the_same_destination_twice_is_refused() {
        let mut req = request();
        req.ro = vec!["/data:/mnt".parse().expect("spec")];
        req.rw = vec!["/home/u/proj:/mnt".parse().expect("spec")];
        let err = build(&Profile::default(), &req, &host()).expect_err("refused");
        assert!(err.to_string().contains("given twice"), "{err}");
    }

    #[test]
    fn root_as_cwd_is_refused_with_the_fix() {
        let mut req = request();
        req.cwd = "/".into();
        let err = build(&Profile::default(), &req, &host()).expect_err("refused");
        assert!(err.to_string().contains("cwd = \"none\""), "{err}");
    }

    #[test]
    fn cwd_none_starts_in_home() {
        let profile = Profile {
            cwd: CwdMode::None,
            ..Profile::default()
        };
        let plan = build(&profile, &request(), &host()).expect("plan");
        assert_eq!(plan.cwd, Path::new("/tmp"));
        assert!(find(&plan, "/home/u/proj").is_none());
    }

    #[test]
    fn no_command_is_an_error() {
        let mut req = request();
        req.argv.clear();
        assert!(matches!(
            build(&Profile::default(), &req, &host()),
            Err(PolicyError::NoCommand)
        ));
    }

    #[test]
    fn explain_text_and_json_come_from_the_plan() {
        let plan = build(&Profile::default(), &request(), &host()).expect("plan");
        let text = plan.to_string();
        assert!(text.contains("ro  /usr  <- /usr"), "{text}");
        assert!(text.contains("masked"), "{text}");
        let json = serde_json::to_value(&plan).expect("json");
        assert_eq!(json["mounts"][0]["type"], "bind");
        assert_eq!(json["namespaces"].as_array().map(Vec::len), Some(7));
    }

    #[test]
    fn a_jail_path_maps_through_the_innermost_bind() {
        let bind = |dest: &str, source: &str| Mount {
            dest: PathBuf::from(dest),
            kind: MountKind::Bind {
                source: PathBuf::from(source),
                writable: false,
                dir: true,
                identity: Identity { dev: 1, ino: 1 },
            },
        };
        let mut plan = build(&Profile::default(), &request(), &host()).expect("plan");
        plan.mounts = vec![
            bind("/usr", "/usr"),
            bind("/data", "/srv/x"),
            bind("/data/in", "/srv/y"),
        ];
        assert_eq!(
            plan.host_path(Path::new("/data/a")),
            PathBuf::from("/srv/x/a")
        );
        assert_eq!(
            plan.host_path(Path::new("/data/in/b")),
            PathBuf::from("/srv/y/b")
        );
        assert_eq!(
            plan.host_path(Path::new("/usr/bin/node")),
            PathBuf::from("/usr/bin/node")
        );
        assert_eq!(
            plan.host_path(Path::new("/bin/sh")),
            PathBuf::from("/bin/sh")
        );
    }
}
