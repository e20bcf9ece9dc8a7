//! `jail exec --explain`: the plan as text, in the order it runs. Printed
//! from the same [`JailPlan`] the `jail` crate executes, so what is shown
//! and what runs cannot drift apart.

use std::fmt;

use super::{Degraded, JailPlan, PlanLimits, HELPER_DIR, HELPER_NAME};
use crate::landlock::LandlockPlan;
use crate::layout::{MountKind, RlimitResource};
use crate::proxy::ProxyPlan;
use crate::seccomp::SeccompPlan;
use crate::size::ByteSize;

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
    /// `--explain`: the tier (and the mount tree, or what the degraded tier
    /// misses), the command, its environment, then each confinement layer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "profile     {}", self.profile)?;
        match &self.degraded {
            Some(degraded) => fmt_degraded(degraded, f)?,
            None => self.fmt_jail_tree(f)?,
        }
        writeln!(f, "cwd         {}", self.cwd.display())?;
        writeln!(f, "command     {}", self.argv.join(" "))?;
        self.fmt_helper(f)?;
        fmt_proxy(&self.proxy, f)?;
        writeln!(f, "env")?;
        for (name, value) in &self.env {
            writeln!(f, "  {name}={value}")?;
        }
        fmt_limits(&self.limits, f)?;
        fmt_seccomp(&self.seccomp, f)?;
        fmt_landlock(&self.landlock, f)?;
        for note in &self.notes {
            writeln!(f, "note: {note}")?;
        }
        Ok(())
    }
}

/// Where the jail's HTTP proxy listens, or why there is none.
fn fmt_proxy(proxy: &ProxyPlan, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match proxy {
        ProxyPlan::Offered { port, .. } => writeln!(
            f,
            "proxy       {} in the jail's network namespace, served by the supervisor \
             (egress.allow and egress.hosts decide; the environment below points clients at it)",
            crate::proxy::url(*port)
        ),
        ProxyPlan::NotOffered { why } => writeln!(f, "proxy       not offered: {why}"),
    }
}

/// The degraded tier: why, its private directory, and what it misses.
fn fmt_degraded(degraded: &Degraded, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
    Ok(())
}

/// The wall clock, /tmp and every rlimit.
fn fmt_limits(limits: &PlanLimits, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    writeln!(f, "limits")?;
    match limits.timeout_secs {
        Some(secs) => writeln!(f, "  timeout   {secs}s, then the whole jail is killed")?,
        None => writeln!(f, "  timeout   none")?,
    }
    writeln!(f, "  /tmp      {}", ByteSize(limits.tmp_size))?;
    for limit in &limits.rlimits {
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
    Ok(())
}

/// The allowlist's size, what it refuses, and the conditional refusals.
fn fmt_seccomp(seccomp: &SeccompPlan, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if !seccomp.enabled {
        return writeln!(f, "seccomp     OFF (profile key seccomp.enabled = false)");
    }
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
    )
}

/// Whether Landlock is on and enforced, with its rules and ports.
fn fmt_landlock(landlock: &LandlockPlan, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if !landlock.enabled {
        return writeln!(f, "landlock    OFF (profile key landlock.enabled = false)");
    }
    if landlock.enforced.is_empty() {
        return writeln!(f, "landlock    NOT ENFORCED: this kernel has no Landlock");
    }
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
    writeln!(f, "  {}", landlock.ports_summary())
}
