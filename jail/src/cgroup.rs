//! Per-jail cgroups, where the caller may create them: a `jail-PID`
//! directory under this process's own cgroup in each hierarchy that has
//! the controller (cgroup v2, or v1 as on hybrid hosts), with `pids` and
//! `memory` limits, made while the jail's init builds its mount tree and
//! joined before its payload is released: the init joins the v1 groups
//! itself through their `tasks` files (sent with the release), and the
//! supervisor moves it into v2 groups. Where no hierarchy is writable (an
//! ordinary user without delegation) the rlimits alone apply.
//!
//! A v1 group is not removed when its jail ends but renamed to a spare
//! (`jail-spare-...`), which a later jail renames to its own name once
//! nothing is charged to it: making and removing a memory cgroup is the
//! dearest part of a root run's cgroups, and its removal had to wait for
//! the init's exit (docs/decisions/0017 §24). v2 groups cannot be renamed
//! and are removed when the jail is gone.

use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

#[derive(Debug)]
struct Group {
    dir: PathBuf,
    /// A v1 group's `tasks` file, open for the init to join through
    /// (see [`JailCgroups::tasks_files`]); None for v2 groups, and once
    /// sent.
    tasks: Option<OwnedFd>,
    controller: &'static str,
    version: Version,
    /// The breach counter when this jail got the group: a spare has
    /// counted the breaches of the jails before.
    breaches_before: u64,
}

/// The jail's cgroups; dropping removes them.
#[derive(Debug, Default)]
pub struct JailCgroups {
    groups: Vec<Group>,
    /// What could not be set up, for --explain-style reporting.
    pub notes: Vec<String>,
}

/// Hierarchies this process belongs to: (version, mount point, own path,
/// controllers of the hierarchy).
fn hierarchies() -> Vec<(Version, PathBuf, String, Vec<String>)> {
    let mountinfo = crate::source::mountinfo();
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut found = Vec::new();
    for line in mountinfo.lines() {
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let mount_point = match left.split(' ').nth(4) {
            Some(m) => PathBuf::from(m),
            None => continue,
        };
        let mut fields = right.split(' ');
        match (fields.next(), fields.nth(1)) {
            (Some("cgroup2"), _) => {
                if let Some(path) = own.lines().find_map(|l| l.strip_prefix("0::")) {
                    let dir = mount_point.join(path.trim_start_matches('/'));
                    let controllers = std::fs::read_to_string(dir.join("cgroup.controllers"))
                        .unwrap_or_default()
                        .split_whitespace()
                        .map(str::to_string)
                        .collect();
                    found.push((Version::V2, mount_point, path.to_string(), controllers));
                }
            }
            (Some("cgroup"), Some(options)) => {
                let controllers: Vec<String> = options.split(',').map(str::to_string).collect();
                let path = own.lines().find_map(|l| {
                    let mut parts = l.splitn(3, ':');
                    let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
                    names
                        .split(',')
                        .any(|n| controllers.iter().any(|c| c == n))
                        .then(|| path.to_string())
                });
                if let Some(path) = path {
                    found.push((Version::V1, mount_point, path, controllers));
                }
            }
            _ => {}
        }
    }
    found
}

impl JailCgroups {
    /// Creates the groups and writes the limits; never fails, but notes
    /// what it could not do.
    pub fn create(pids: u64, memory: u64) -> JailCgroups {
        let mut cgroups = JailCgroups::default();
        let name = format!("jail-{}", std::process::id());
        let wanted: [(&str, String, String, String); 2] = [
            (
                "pids",
                "pids.max".into(),
                "pids.max".into(),
                pids.to_string(),
            ),
            (
                "memory",
                "memory.max".into(),
                "memory.limit_in_bytes".into(),
                memory.to_string(),
            ),
        ];
        let hierarchies = hierarchies();
        for (controller, v2_file, v1_file, value) in wanted {
            let place = hierarchies
                .iter()
                .find(|(v, _, _, c)| *v == Version::V1 && c.iter().any(|n| n == controller))
                .or_else(|| {
                    hierarchies.iter().find(|(v, mount, path, c)| {
                        *v == Version::V2
                            && c.iter().any(|n| n == controller)
                            && subtree_enables(
                                &mount.join(path.trim_start_matches('/')),
                                controller,
                            )
                    })
                });
            let Some((version, mount, path, _)) = place else {
                cgroups
                    .notes
                    .push(format!("no cgroup hierarchy offers `{controller}` here"));
                continue;
            };
            let home = mount.join(path.trim_start_matches('/'));
            let dir = home.join(&name);
            let file = if *version == Version::V2 {
                &v2_file
            } else {
                &v1_file
            };
            let limit = |dir: &Path| {
                std::fs::write(dir.join(file), &value).and_then(|()| match version {
                    Version::V1 => std::fs::OpenOptions::new()
                        .write(true)
                        .open(dir.join("tasks"))
                        .map(|f| Some(OwnedFd::from(f))),
                    Version::V2 => Ok(None),
                })
            };
            let mut reused = take_spare(&home, &dir, controller, *version == Version::V1);
            let mut made = if reused { limit(&dir) } else { Ok(None) };
            if !reused || made.is_err() {
                // A spare whose limit would not take (what the jail before
                // left charged to it, over a lower limit, could not be
                // reclaimed) goes; a new group replaces it.
                if reused {
                    let _ = std::fs::remove_dir(&dir);
                    reused = false;
                }
                made = std::fs::create_dir(&dir)
                    .or_else(|e| match e.kind() {
                        std::io::ErrorKind::AlreadyExists => Ok(()),
                        _ => Err(e),
                    })
                    .and_then(|()| limit(&dir));
            }
            match made {
                Ok(tasks) => cgroups.groups.push(Group {
                    // A spare counted the breaches of the jails before.
                    breaches_before: if reused {
                        breach_count(&dir, controller, *version).unwrap_or(0)
                    } else {
                        0
                    },
                    dir,
                    tasks,
                    controller,
                    version: *version,
                }),
                Err(err) => {
                    let _ = std::fs::remove_dir(&dir);
                    cgroups.notes.push(format!(
                        "cannot create a `{controller}` cgroup in {}: {err}",
                        dir.display()
                    ));
                }
            }
        }
        cgroups
    }

    /// The open `tasks` files of the v1 groups, for the init to join by
    /// writing `0` to each: a thread moving itself skips the global lock
    /// that moving another task takes, and its RCU grace period (10.9 ms
    /// here, more than a whole start; decision 0004).
    pub fn tasks_files(&self) -> Vec<RawFd> {
        self.groups
            .iter()
            .filter_map(|g| g.tasks.as_ref().map(AsRawFd::as_raw_fd))
            .collect()
    }

    /// Closes our copies of the `tasks` files once they were sent.
    pub fn close_tasks_files(&mut self) {
        for group in &mut self.groups {
            group.tasks = None;
        }
    }

    /// Moves `pid` (the jail's init, before its payload is released) into
    /// the v2 groups, which it cannot join through a `tasks` file.
    pub fn attach(&self, pid: libc::pid_t) -> std::io::Result<()> {
        for group in self.groups.iter().filter(|g| g.version == Version::V2) {
            std::fs::write(group.dir.join("cgroup.procs"), pid.to_string())?;
        }
        Ok(())
    }

    /// Controllers whose limit is enforced by a cgroup.
    pub fn controllers(&self) -> Vec<&'static str> {
        self.groups.iter().map(|g| g.controller).collect()
    }

    /// How often the jail hit each limit: (controller, count).
    pub fn breaches(&self) -> Vec<(&'static str, u64)> {
        self.groups
            .iter()
            .filter_map(|g| {
                let count = breach_count(&g.dir, g.controller, g.version)?
                    .saturating_sub(g.breaches_before);
                (count > 0).then_some((g.controller, count))
            })
            .collect()
    }

    /// Once the jail's init has killed and reaped everything else (it may
    /// still be exiting), hands the v1 groups on to later jails as spares
    /// instead of removing them. True when no group is left to remove, so
    /// the caller need not wait for the init to leave them.
    pub fn retire(&mut self) -> bool {
        self.groups.retain(|group| {
            let Some(home) = group.dir.parent() else {
                return true;
            };
            let kept = group.version == Version::V1
                && std::fs::rename(&group.dir, home.join(spare_name())).is_ok();
            !kept
        });
        self.groups.is_empty()
    }
}

/// How many spare groups a hierarchy keeps: past it, the next jail to
/// start removes those that are empty (a jail's group becomes a spare
/// whatever the count, so that its end never waits).
const SPARES_KEPT: usize = 4;

const SPARE_PREFIX: &str = "jail-spare-";

/// A spare's name no other supervisor picks.
fn spare_name() -> String {
    format!("{SPARE_PREFIX}{}", crate::unique_suffix())
}

/// The kernel's count of `controller`'s limit breaches in the group `dir`
/// since it was made: pids refused, or processes the memory limit killed.
fn breach_count(dir: &Path, controller: &str, version: Version) -> Option<u64> {
    let (file, key) = match (controller, version) {
        ("pids", _) => ("pids.events", "max"),
        ("memory", Version::V2) => ("memory.events", "oom_kill"),
        ("memory", Version::V1) => ("memory.oom_control", "oom_kill"),
        _ => return None,
    };
    let text = std::fs::read_to_string(dir.join(file)).ok()?;
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(' ')?;
        (k == key).then(|| v.trim().parse::<u64>().ok())?
    })
}

/// Reads `home`'s groups. Takes a spare that has nothing charged to it
/// any more as `dir` (the jail before, whose init may still have been
/// exiting or unreaped when it became a spare, has left), if `claim`.
/// Removes the groups of supervisors that died without cleaning up
/// (killed by SIGKILL: `jail-PID` where PID is gone) and the spares past
/// [`SPARES_KEPT`], those still in use first. Only empty groups can be
/// removed, so a live jail's group is never touched. True when a spare was
/// taken.
fn take_spare(home: &Path, dir: &Path, controller: &str, claim: bool) -> bool {
    let Ok(entries) = std::fs::read_dir(home) else {
        return false;
    };
    // A zombie is no longer in `cgroup.procs` but still counted in
    // `pids.current` until it is reaped.
    let (file, unused) = match controller {
        "pids" => ("pids.current", "0\n"),
        _ => ("cgroup.procs", ""),
    };
    let mut taken = false;
    let mut spares = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("jail-")) else {
            continue;
        };
        if rest.starts_with("spare-") {
            let free =
                std::fs::read_to_string(entry.path().join(file)).is_ok_and(|text| text == unused);
            // Nothing joins a spare, so one seen unused stays unused;
            // another jail taking it first makes the rename fail.
            if claim && !taken && free && std::fs::rename(entry.path(), dir).is_ok() {
                taken = true;
            } else {
                spares.push((free, entry.path()));
            }
        } else if rest.parse::<u32>().is_ok() && !Path::new("/proc").join(rest).exists() {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
    // In use (false) sorts first.
    spares.sort_by_key(|(free, _)| *free);
    let extra = spares.len().saturating_sub(SPARES_KEPT);
    for (_, spare) in spares.iter().take(extra) {
        let _ = std::fs::remove_dir(spare);
    }
    taken
}

fn subtree_enables(dir: &Path, controller: &str) -> bool {
    std::fs::read_to_string(dir.join("cgroup.subtree_control"))
        .map(|s| s.split_whitespace().any(|c| c == controller))
        .unwrap_or(false)
}

impl Drop for JailCgroups {
    fn drop(&mut self) {
        // The jail's processes are gone once its init is reaped, but the
        // kernel may take a moment to empty the group.
        for group in &self.groups {
            for _ in 0..50 {
                if std::fs::remove_dir(&group.dir).is_ok() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        }
    }
}
