//! The state dir: sessions, pending approvals and the audit log, each a
//! file, each written atomically (temp file, fsync, rename) so a supervisor
//! killed at any point leaves only whole files behind.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Where state lives, and how it is written.
#[derive(Debug, Clone)]
pub struct StateDir {
    root: PathBuf,
    /// Why this directory: for `--explain` and `jail doctor`.
    origin: String,
}

#[derive(Debug, thiserror::Error)]
pub enum StateError {
    // The errno is in the text and not a `source`: `{:#}` would print it twice.
    #[error("state file {path}: {error}")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("state file {path} is not valid: {reason}; move it aside to start afresh")]
    Corrupt { path: PathBuf, reason: String },
    /// `id` is shown escaped.
    #[error("no pending request has the id `{id}` (it was answered, timed out or never existed; ids are hex, as printed in the approval prompt)")]
    NoSuchRequest { id: String },
    #[error(
        "no usable state directory: {default}; and the fallback {fallback} {reason}. \
         Fix: {fix}, or set --state-dir or JAIL_STATE_DIR to a directory of yours"
    )]
    NoFallback {
        default: String,
        fallback: PathBuf,
        reason: String,
        fix: String,
    },
}

impl StateError {
    pub fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StateError + '_ {
        move |error| StateError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}

impl StateDir {
    /// `--state-dir`/`JAIL_STATE_DIR`, else `$XDG_STATE_HOME/jail`, else
    /// `~/.local/state/jail`; created private to the caller. Where the
    /// default cannot be created (no HOME, a read-only or missing one:
    /// service accounts, Nix builds), a private per-user directory instead:
    /// `$XDG_RUNTIME_DIR/jail`, else `$TMPDIR/jail-state-UID` (`/tmp`), each checked to
    /// be a directory (not a symlink) of the caller's, closed to others.
    pub fn resolve(flag: Option<&Path>) -> Result<StateDir, StateError> {
        if let Some(dir) = flag {
            return StateDir::create(dir.to_path_buf(), "--state-dir or JAIL_STATE_DIR".into());
        }
        let default = match std::env::var_os("XDG_STATE_HOME").filter(|v| !v.is_empty()) {
            Some(xdg) => Some((PathBuf::from(xdg).join("jail"), "$XDG_STATE_HOME/jail")),
            None => std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|home| {
                    (
                        PathBuf::from(home).join(".local/state/jail"),
                        "$HOME/.local/state/jail",
                    )
                }),
        };
        let why_not = match default {
            Some((root, what)) => match StateDir::create(root.clone(), what.into()) {
                Ok(state) => return Ok(state),
                Err(StateError::Io { error, .. }) => {
                    format!("{what} ({}) cannot be created ({error})", root.display())
                }
                Err(err) => format!("{what} cannot be used ({err})"),
            },
            None => "neither XDG_STATE_HOME nor HOME is set".to_string(),
        };
        let uid = nix::unistd::geteuid().as_raw();
        if let Some(runtime) = std::env::var_os("XDG_RUNTIME_DIR").filter(|v| !v.is_empty()) {
            let runtime = PathBuf::from(runtime);
            let root = runtime.join("jail");
            if private_dir(&runtime, uid, false).is_ok() && private_dir(&root, uid, true).is_ok() {
                return StateDir::create(root, format!("$XDG_RUNTIME_DIR/jail, because {why_not}"));
            }
        }
        let root = std::env::temp_dir().join(format!("jail-state-{uid}"));
        match private_dir(&root, uid, true) {
            Ok(()) => StateDir::create(root, format!("the per-user fallback, because {why_not}")),
            Err((reason, fix)) => Err(StateError::NoFallback {
                default: why_not,
                fix,
                fallback: root,
                reason,
            }),
        }
    }

    /// `root` and its subdirectories, created private to the caller.
    fn create(root: PathBuf, origin: String) -> Result<StateDir, StateError> {
        let state = StateDir { root, origin };
        for dir in [
            state.root.clone(),
            state.sessions(),
            state.pending(),
            state.approvals(),
            state.lineages(),
            state.spares(),
        ] {
            create_private_dir(&dir)?;
        }
        Ok(state)
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// One line for `--explain` and `jail doctor`.
    pub fn describe(&self) -> String {
        format!("{} ({})", self.root.display(), self.origin)
    }
    pub fn sessions(&self) -> PathBuf {
        self.root.join("sessions")
    }

    pub fn pending(&self) -> PathBuf {
        self.root.join("pending")
    }

    /// Cached APPROVE verdicts, by digest.
    pub fn approvals(&self) -> PathBuf {
        self.root.join("approvals")
    }

    /// REWORK counts per lineage of code.
    pub fn lineages(&self) -> PathBuf {
        self.root.join("lineages")
    }

    /// Session record files no record names any more, kept for later
    /// saves to write over instead of being freed ([`Replacement::recycling`]).
    pub fn spares(&self) -> PathBuf {
        self.root.join("spare")
    }

    pub fn audit_log(&self) -> PathBuf {
        self.root.join("audit.log")
    }

    /// The audit log's last line number and hash: what protects the last
    /// line, which no later line links to.
    pub fn audit_head(&self) -> PathBuf {
        self.root.join("audit.head")
    }

    /// The current epoch's sealing key, once `jail audit setup-keys` ran.
    pub fn audit_seal(&self) -> PathBuf {
        self.root.join("audit.seal")
    }

    /// How far the runs' checks of the audit log have walked: a cache, not
    /// evidence (docs/decisions/0014).
    pub fn audit_verified(&self) -> PathBuf {
        self.root.join("audit.verified")
    }

    /// The ids of the session records in the order they were saved: what
    /// a run's check reads instead of listing them (`record_index`).
    pub fn sessions_index(&self) -> PathBuf {
        self.root.join("sessions.index")
    }
}

/// The review's approval cache lives in `approvals/DIGEST.json`
/// (docs/review.md); the review crate decides what a record means.
impl review::pipeline::ApprovalStore for StateDir {
    fn load(&self, digest: &str) -> Option<Vec<u8>> {
        std::fs::read(self.approvals().join(format!("{digest}.json"))).ok()
    }

    fn save(&self, digest: &str, record: &[u8]) -> Result<(), review::pipeline::CacheError> {
        let path = self.approvals().join(format!("{digest}.json"));
        write_atomic(&path, record, false)
            .map_err(|err| review::pipeline::CacheError::Store(Box::new(err)))
    }
}

fn create_private_dir(dir: &Path) -> Result<(), StateError> {
    use std::os::unix::fs::DirBuilderExt;
    match std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
    {
        Ok(()) => Ok(()),
        Err(err) => Err(StateError::io(dir)(err)),
    }
}

/// `dir` as a directory of `uid`'s that no one else may enter, created
/// (mode 0700) when `create` and missing. Never follows a symlink: one
/// planted in a shared directory (`/tmp`) is refused, as is a directory of
/// another user's or one open to others. Returns why not, and the fix.
fn private_dir(dir: &Path, uid: u32, create: bool) -> Result<(), (String, String)> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    if create {
        match std::fs::DirBuilder::new().mode(0o700).create(dir) {
            Ok(()) => {}
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(err) => {
                return Err((
                    format!("cannot be created ({err})"),
                    format!("make {} writable", dir.parent().unwrap_or(dir).display()),
                ))
            }
        }
    }
    // lstat: the entry itself, never what a symlink points at.
    let shown = dir.display();
    let meta = std::fs::symlink_metadata(dir)
        .map_err(|err| (format!("cannot be read ({err})"), format!("check {shown}")))?;
    if meta.file_type().is_symlink() || !meta.is_dir() {
        let what = if meta.file_type().is_symlink() {
            "is a symlink"
        } else {
            "is not a directory"
        };
        return Err((
            what.into(),
            format!("remove it if you made it (`rm {shown}`)"),
        ));
    }
    if meta.uid() != uid {
        return Err((
            format!("is owned by uid {}, not by you (uid {uid})", meta.uid()),
            format!("have an administrator remove it (`sudo rm -rf {shown}`)"),
        ));
    }
    if meta.mode() & 0o077 != 0 {
        return Err((
            format!("is open to others (mode {:o})", meta.mode() & 0o777),
            format!("close it (`chmod 700 {shown}`)"),
        ));
    }
    Ok(())
}

/// Replaces `path` with `bytes` in one step (temp file, rename): a reader,
/// or a supervisor killed at any point, sees the old file or the new one,
/// never a part. `durable` adds an fsync before the rename, so a power cut
/// cannot lose it either.
pub fn write_atomic(path: &Path, bytes: &[u8], durable: bool) -> Result<(), StateError> {
    Replacement::new(path)?.write(bytes, durable)
}

/// The temporary file of a [`write_atomic`], made ahead of the write: where
/// the write is on a path that must be quick (a run's last record, written
/// after its payload) and making a file is not. Dropped unused, the file
/// goes; a supervisor killed meanwhile leaves an empty `.tmp*` file, which
/// `jail state prune` removes.
pub struct Replacement {
    path: PathBuf,
    temp: tempfile::NamedTempFile,
    /// Where the file replaced is kept, for [`Replacement::recycling`].
    spares: Option<PathBuf>,
}

impl Replacement {
    /// A temporary file beside `path`, which [`Replacement::write`] will
    /// replace.
    pub fn new(path: &Path) -> Result<Replacement, StateError> {
        let dir = path.parent().unwrap_or(Path::new("."));
        Ok(Replacement {
            temp: tempfile::NamedTempFile::new_in(dir).map_err(StateError::io(path))?,
            path: path.to_path_buf(),
            spares: None,
        })
    }

    /// As [`Replacement::new`], but no file is freed: the temporary file is
    /// a spare from `spares` when one is there (emptied), and the file
    /// replaced goes there (a second name, made before the rename). A file
    /// a run frees costs every later run: on an ext4 without a journal a
    /// new inode skips each one freed in the last half minute, and a run
    /// freed one each time (its first record, replaced by its last): with
    /// runs back to back, making a file took 0.37 ms and a whole run 0.9
    /// ms longer than with the state dir on a tmpfs (docs/decisions/0017
    /// §15, §21).
    pub fn recycling(path: &Path, spares: &Path) -> Result<Replacement, StateError> {
        let dir = path.parent().unwrap_or(Path::new("."));
        let temp = match claim_spare(dir, spares) {
            Some(temp) => temp,
            None => tempfile::NamedTempFile::new_in(dir).map_err(StateError::io(path))?,
        };
        Ok(Replacement {
            temp,
            path: path.to_path_buf(),
            spares: Some(spares.to_path_buf()),
        })
    }

    /// The file this replaces.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` and renames the file over [`Replacement::path`], as
    /// [`write_atomic`] does.
    pub fn write(mut self, bytes: &[u8], durable: bool) -> Result<(), StateError> {
        let path = self.path;
        self.temp.write_all(bytes).map_err(StateError::io(&path))?;
        if durable {
            self.temp
                .as_file()
                .sync_all()
                .map_err(StateError::io(&path))?;
        }
        if let Some(spares) = &self.spares {
            // None the first time (nothing to replace), or a name taken:
            // the old file is then freed, as without recycling.
            let _ = std::fs::hard_link(&path, spares.join(spare_name()));
        }
        self.temp
            .persist(&path)
            .map_err(|err| StateError::io(&path)(err.error))?;
        Ok(())
    }
}

/// Moves a spare into `dir` under a temporary name and opens it emptied.
/// Only a regular file of ours that nothing else names and nothing else
/// has open is written over: a spare that is also a record (a second
/// link), a symlink, a file a reader still holds or anything else planted
/// there is removed instead.
fn claim_spare(dir: &Path, spares: &Path) -> Option<tempfile::NamedTempFile> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let entries = std::fs::read_dir(spares).ok()?;
    for entry in entries.flatten().take(8) {
        let temp = dir.join(format!(".tmp-{}", spare_name()));
        match std::fs::rename(entry.path(), &temp) {
            Ok(()) => {}
            // Another run took it first.
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(_) => return None,
        }
        // Removed when dropped: unless handed back below, the file goes.
        let Ok(temp) = tempfile::TempPath::try_from_path(temp) else {
            return None;
        };
        // Emptied only once it is known to be ours alone: opening it with
        // O_TRUNC would empty a record it is a second name of. O_NONBLOCK:
        // a FIFO put there fails to open instead of waiting for a reader.
        let Ok(file) = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags((nix::fcntl::OFlag::O_NOFOLLOW | nix::fcntl::OFlag::O_NONBLOCK).bits())
            .open(&temp)
        else {
            continue;
        };
        let ours = file.metadata().is_ok_and(|meta| {
            meta.is_file() && meta.nlink() == 1 && meta.uid() == nix::unistd::geteuid().as_raw()
        });
        // A reader that opened this file while it was still the record
        // would see it emptied and rewritten: used again only once nobody
        // else has it open. Otherwise it goes, freed when they close it.
        let ours = ours && jail::source::opened_only_here(&file);
        if ours && file.set_len(0).is_ok() {
            return Some(tempfile::NamedTempFile::from_parts(file, temp));
        }
    }
    None
}

/// Moves `path` into `spares` instead of freeing it; false when it could
/// not be moved (it is then still there).
pub fn keep_as_spare(path: &Path, spares: &Path) -> bool {
    std::fs::rename(path, spares.join(spare_name())).is_ok()
}

/// A name for a spare no other supervisor picks.
fn spare_name() -> String {
    jail::unique_suffix()
}

/// Reads and parses a JSON state file.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, StateError> {
    let bytes = std::fs::read(path).map_err(StateError::io(path))?;
    serde_json::from_slice(&bytes).map_err(|err| StateError::Corrupt {
        path: path.to_path_buf(),
        reason: err.to_string(),
    })
}

/// `n` random bytes as lowercase hex, from the kernel's CSPRNG.
pub fn random_hex(n: usize) -> Result<String, StateError> {
    use std::io::Read;
    let path = Path::new("/dev/urandom");
    let mut bytes = vec![0u8; n];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(StateError::io(path))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Seconds since the epoch.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        write_atomic(&path, b"{\"a\":1}", true).unwrap();
        write_atomic(&path, b"{\"a\":2}", false).unwrap();
        let value: serde_json::Value = read_json(&path).unwrap();
        assert_eq!(value["a"], 2);
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "no temp files left behind");
    }

    /// A record replaced while a reader has it open goes to `spare/`, but
    /// is not written over while that reader can still read it: the reader
    /// sees the whole record it opened, however many saves come after.
    #[test]
    fn a_replaced_record_still_open_is_not_written_over() {
        use std::io::{Read, Seek};
        let dir = tempfile::tempdir().unwrap();
        let spares = dir.path().join("spare");
        std::fs::create_dir(&spares).unwrap();
        let path = dir.path().join("s.json");
        let save = |bytes: &[u8]| {
            Replacement::recycling(&path, &spares)
                .unwrap()
                .write(bytes, false)
                .unwrap()
        };
        save(b"{\"calls\":1}");
        let mut reader = std::fs::File::open(&path).unwrap();
        for calls in 2..6 {
            save(format!("{{\"calls\":{calls}}}").as_bytes());
        }
        let mut seen = String::new();
        reader.rewind().unwrap();
        reader.read_to_string(&mut seen).unwrap();
        assert_eq!(seen, "{\"calls\":1}");
        drop(reader);
        // Once closed, the file is used again: the spares stay few.
        for calls in 6..10 {
            save(format!("{{\"calls\":{calls}}}").as_bytes());
        }
        assert!(std::fs::read_dir(&spares).unwrap().count() <= 2);
        assert_eq!(std::fs::read(&path).unwrap(), b"{\"calls\":9}");
    }

    #[test]
    fn approvals_are_kept_by_digest_in_the_approvals_dir() {
        use review::pipeline::ApprovalStore as _;
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::resolve(Some(dir.path())).unwrap();
        assert_eq!(state.load("ab12"), None);
        state.save("ab12", b"{}").unwrap();
        assert_eq!(state.load("ab12").as_deref(), Some(&b"{}"[..]));
        let path = state.approvals().join("ab12.json");
        assert_eq!(std::fs::read(path).unwrap(), b"{}");
    }

    #[test]
    fn random_ids_differ() {
        let a = random_hex(16).unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, random_hex(16).unwrap());
    }
}
