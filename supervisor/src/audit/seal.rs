//! Forward-secure sealing of the audit log (as systemd-journald's
//! `--setup-keys`, with a hash chain of epoch keys instead of FSPRG).
//!
//! `jail audit setup-keys` draws a random seed K0 and prints it once: that
//! is the verification key, kept away from this machine. The state dir
//! keeps only the current epoch's key. Time is cut into epochs (15 minutes
//! by default) counted from the setup; moving from epoch i to epoch j
//! derives K_j = next^(j-i)(K_i) and erases K_i from the disk. Each line is
//! sealed with a MAC under its epoch's key, and the last line of an epoch
//! closes it, naming the next. Whoever later holds the state dir holds
//! K_now, and can derive the keys of now and later, never of earlier
//! epochs: the sealed history before now cannot be rewritten without the
//! verification key noticing.

use std::io::Write;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// blake3 `derive_key` contexts: one to evolve, one for the MAC key, so a
/// MAC key never reveals the epoch key it came from.
const EVOLVE: &str = "jail 2026-11 audit seal: next epoch key";
const MAC: &str = "jail 2026-11 audit seal: line MAC key";

/// Epoch length unless `--interval` says otherwise.
pub const DEFAULT_INTERVAL_SECS: u64 = 15 * 60;

/// An epoch key.
#[derive(Clone, PartialEq, Eq)]
pub struct Key([u8; 32]);

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(..)")
    }
}

impl Key {
    /// A key from 64 hex digits (a verification key, or the key file's).
    pub fn from_hex(hex: &str) -> Option<Key> {
        blake3::Hash::from_hex(hex.trim())
            .ok()
            .map(|h| Key(*h.as_bytes()))
    }

    pub fn to_hex(&self) -> String {
        blake3::Hash::from_bytes(self.0).to_hex().to_string()
    }

    /// The next epoch's key: K_{i+1} = derive(K_i).
    pub fn next(&self) -> Key {
        Key(blake3::derive_key(EVOLVE, &self.0))
    }

    /// The key `steps` epochs on.
    pub fn ahead(&self, steps: u64) -> Key {
        (0..steps).fold(self.clone(), |key, _| key.next())
    }

    /// The seal of one line (its bytes without the seal), hex.
    pub fn seal(&self, line: &[u8]) -> String {
        let mac = blake3::derive_key(MAC, &self.0);
        blake3::keyed_hash(&mac, line).to_hex().to_string()
    }
}

/// `audit.seal`: the current epoch's key, and the clock that numbers epochs.
#[derive(Serialize, Deserialize)]
struct KeyFile {
    epoch: u64,
    key: String,
    /// When epoch 0 began (seconds since the Unix epoch).
    start: u64,
    interval: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum SealError {
    #[error("sealing key {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "sealing key {path} is not valid ({reason}): it was damaged or replaced; check the \
         log with `jail audit verify --key KEY`"
    )]
    Corrupt { path: PathBuf, reason: String },
    #[error(
        "sealing is already set up ({path}); the verification key printed then stays valid. \
         To start over, move the audit log, its head and {path} aside first"
    )]
    AlreadySetUp { path: PathBuf },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SealError + '_ {
    move |source| SealError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The current epoch's key, as kept in the state dir.
pub struct Sealer {
    pub epoch: u64,
    pub key: Key,
    pub start: u64,
    pub interval: u64,
    path: PathBuf,
}

impl Sealer {
    /// The replacement written before the old key is erased: found after a
    /// crash in between, it is the newer key.
    fn next_path(path: &Path) -> PathBuf {
        path.with_extension("seal.new")
    }

    /// The key in `path`, or None when sealing was never set up.
    pub fn load(path: &Path) -> Result<Option<Sealer>, SealError> {
        let next = Self::next_path(path);
        if let Ok(sealer) = Self::read(&next) {
            // A crash between writing the new key and replacing the old:
            // finish the replacement (the old key was erased first).
            std::fs::rename(&next, path).map_err(io(path))?;
            return Ok(Some(Sealer {
                path: path.to_path_buf(),
                ..sealer
            }));
        }
        match Self::read(path) {
            Ok(sealer) => Ok(Some(sealer)),
            Err(SealError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                Ok(None)
            }
            Err(err) => Err(err),
        }
    }

    fn read(path: &Path) -> Result<Sealer, SealError> {
        let bytes = std::fs::read(path).map_err(io(path))?;
        let corrupt = |reason: String| SealError::Corrupt {
            path: path.to_path_buf(),
            reason,
        };
        let file: KeyFile =
            serde_json::from_slice(&bytes).map_err(|err| corrupt(err.to_string()))?;
        let key = Key::from_hex(&file.key).ok_or_else(|| corrupt("not a 256-bit key".into()))?;
        if file.interval == 0 {
            return Err(corrupt("an epoch of 0 seconds".into()));
        }
        Ok(Sealer {
            epoch: file.epoch,
            key,
            start: file.start,
            interval: file.interval,
            path: path.to_path_buf(),
        })
    }

    /// A new seed key at epoch 0, stored in `path`; refuses to replace one.
    pub fn setup(path: &Path, seed: Key, start: u64, interval: u64) -> Result<Sealer, SealError> {
        if path.exists() || Self::next_path(path).exists() {
            return Err(SealError::AlreadySetUp {
                path: path.to_path_buf(),
            });
        }
        let sealer = Sealer {
            epoch: 0,
            key: seed,
            start,
            interval: interval.max(1),
            path: path.to_path_buf(),
        };
        sealer.write_new()?;
        std::fs::rename(Self::next_path(path), path).map_err(io(path))?;
        sync_dir(path)?;
        Ok(sealer)
    }

    /// The epoch `time` falls in.
    pub fn epoch_at(&self, time: u64) -> u64 {
        time.saturating_sub(self.start) / self.interval
    }

    /// Moves to `epoch` (later than now): derives its key, writes it beside
    /// the old one (fsynced), overwrites the old key in place with zeros
    /// (fsynced), then renames the new over the old (and fsyncs the dir).
    /// No copy of the old key is left in the file or its old blocks.
    pub fn evolve_to(&mut self, epoch: u64) -> Result<(), SealError> {
        if epoch <= self.epoch {
            return Ok(());
        }
        self.key = self.key.ahead(epoch - self.epoch);
        self.epoch = epoch;
        self.write_new()?;
        let old = std::fs::OpenOptions::new()
            .write(true)
            .open(&self.path)
            .map_err(io(&self.path))?;
        let len = old.metadata().map_err(io(&self.path))?.len();
        let zeros = vec![0u8; usize::try_from(len).unwrap_or(0)];
        old.write_all_at(&zeros, 0).map_err(io(&self.path))?;
        old.sync_all().map_err(io(&self.path))?;
        std::fs::rename(Self::next_path(&self.path), &self.path).map_err(io(&self.path))?;
        sync_dir(&self.path)
    }

    /// Writes this key to the replacement file, fsynced.
    fn write_new(&self) -> Result<(), SealError> {
        let next = Self::next_path(&self.path);
        let record = serde_json::to_vec(&KeyFile {
            epoch: self.epoch,
            key: self.key.to_hex(),
            start: self.start,
            interval: self.interval,
        })
        .map_err(|err| io(&next)(std::io::Error::other(err)))?;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&next)
            .map_err(io(&next))?;
        file.write_all(&record).map_err(io(&next))?;
        file.sync_all().map_err(io(&next))
    }
}

fn sync_dir(path: &Path) -> Result<(), SealError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(io(dir))
}

/// A sealed line ends with this field (then the 64 hex digits and `"}`).
const SEAL_FIELD: &[u8] = b",\"seal\":\"";
const SEAL_SUFFIX_LEN: usize = SEAL_FIELD.len() + 64 + 2;

/// `line` (a JSON object's bytes) with its seal added as the last field.
pub fn add_seal(line: &[u8], seal: &str) -> Vec<u8> {
    let body = line.strip_suffix(b"}").unwrap_or(line);
    let mut out = Vec::with_capacity(line.len() + SEAL_SUFFIX_LEN);
    out.extend_from_slice(body);
    out.extend_from_slice(SEAL_FIELD);
    out.extend_from_slice(seal.as_bytes());
    out.extend_from_slice(b"\"}");
    out
}

/// A sealed line split into the bytes that were sealed and the seal.
pub fn split_seal(line: &[u8]) -> Option<(Vec<u8>, &str)> {
    let cut = line.len().checked_sub(SEAL_SUFFIX_LEN)?;
    let (body, suffix) = line.split_at(cut);
    let hex = suffix.strip_prefix(SEAL_FIELD)?.strip_suffix(b"\"}")?;
    let hex = std::str::from_utf8(hex).ok()?;
    let mut sealed = body.to_vec();
    sealed.push(b'}');
    Some((sealed, hex))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> Key {
        Key([7u8; 32])
    }

    #[test]
    fn key_evolution_is_deterministic_and_one_way_in_steps() {
        let k0 = seed();
        assert_eq!(k0.ahead(3), k0.next().next().next());
        assert_eq!(k0.ahead(0), k0);
        assert_ne!(k0.next(), k0);
        // Same seed, same chain: a verifier with K0 derives every epoch.
        assert_eq!(Key([7u8; 32]).ahead(5).to_hex(), k0.ahead(5).to_hex());
        // Each epoch seals differently.
        assert_ne!(k0.seal(b"x"), k0.next().seal(b"x"));
        assert_eq!(Key::from_hex(&k0.to_hex()), Some(k0));
    }

    #[test]
    fn evolving_erases_the_old_key_from_the_file_and_its_old_blocks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("audit.seal");
        let mut sealer = Sealer::setup(&path, seed(), 1000, 60).unwrap();
        let old_hex = seed().to_hex();
        assert!(std::fs::read_to_string(&path).unwrap().contains(&old_hex));
        // The old file as someone who opened it before the evolution sees it.
        let before = std::fs::File::open(&path).unwrap();
        sealer.evolve_to(4).unwrap();
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(!now.contains(&old_hex), "{now}");
        assert!(now.contains(&seed().ahead(4).to_hex()), "{now}");
        let mut old_inode = Vec::new();
        std::io::Read::read_to_end(&mut &before, &mut old_inode).unwrap();
        assert!(old_inode.iter().all(|&b| b == 0), "old key left behind");
        assert!(!Sealer::next_path(&path).exists());
        let loaded = Sealer::load(&path).unwrap().unwrap();
        assert_eq!((loaded.epoch, &loaded.key), (4, &seed().ahead(4)));
        assert_eq!(loaded.epoch_at(1000 + 4 * 60 + 59), 4);
    }

    #[test]
    fn a_crash_between_erasing_and_renaming_keeps_the_new_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("audit.seal");
        let sealer = Sealer::setup(&path, seed(), 0, 60).unwrap();
        let newer = Sealer {
            epoch: 2,
            key: seed().ahead(2),
            ..sealer
        };
        newer.write_new().unwrap();
        std::fs::write(&path, [0u8; 40]).unwrap();
        let loaded = Sealer::load(&path).unwrap().unwrap();
        assert_eq!((loaded.epoch, loaded.key), (2, seed().ahead(2)));
        assert!(!Sealer::next_path(&path).exists());
    }

    #[test]
    fn setup_refuses_to_replace_a_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("audit.seal");
        Sealer::setup(&path, seed(), 0, 60).unwrap();
        assert!(matches!(
            Sealer::setup(&path, seed(), 0, 60),
            Err(SealError::AlreadySetUp { .. })
        ));
    }

    #[test]
    fn seals_split_off_exactly() {
        let line = br#"{"seq":1,"prev":"00"}"#;
        let sealed = add_seal(line, &"a".repeat(64));
        let (body, seal) = split_seal(&sealed).unwrap();
        assert_eq!(body, line);
        assert_eq!(seal, "a".repeat(64));
        assert!(split_seal(line).is_none());
    }
}
