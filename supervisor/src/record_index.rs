//! `STATE/sessions.index`: the ids of the session records, in the order
//! they were saved, so that a run's check of the audit log reads the
//! records saved since its checkpoint without listing and statting every
//! record (docs/decisions/0017 §10).
//!
//! The index only narrows what a run's check reads; it vouches for
//! nothing. Its first line carries a random name and how many records
//! there were when it was made: a checkpoint remembers the name and an
//! offset, and an index that no longer has that name, or is shorter, or
//! does not parse, sends the check back to the listing it replaces.
//! Removing records (pruning) replaces the index with a new one.

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::state::{self, StateDir, StateError};

/// What the first line starts with.
const MAGIC: &str = "jail-session-records-v1";

/// Where a check read the index up to: the index's name and the bytes it
/// held then.
#[derive(Serialize, Deserialize)]
pub struct Mark {
    pub name: String,
    pub offset: u64,
}

/// The index as read.
pub struct RecordIndex {
    name: String,
    /// Records in the state dir when the index was made.
    base: usize,
    bytes: Vec<u8>,
    /// Where the ids start (after the first line).
    ids_from: usize,
}

impl RecordIndex {
    /// The index at `path`; None when it is missing or does not parse.
    pub fn read(path: &Path) -> Option<RecordIndex> {
        let bytes = std::fs::read(path).ok()?;
        // Only whole lines: an append may be under way.
        let end = bytes.iter().rposition(|&b| b == b'\n')? + 1;
        let mut bytes = bytes;
        bytes.truncate(end);
        let first_end = bytes.iter().position(|&b| b == b'\n')?;
        let first = std::str::from_utf8(&bytes[..first_end]).ok()?;
        let mut words = first.split(' ');
        if words.next() != Some(MAGIC) {
            return None;
        }
        let name = words.next().filter(|n| is_id(n.as_bytes()))?.to_string();
        let base = words.next()?.parse().ok()?;
        let ids_from = first_end + 1;
        let lines = bytes[ids_from..].split(|&b| b == b'\n');
        if !lines.into_iter().all(|line| line.is_empty() || is_id(line)) {
            return None;
        }
        Some(RecordIndex {
            name,
            base,
            bytes,
            ids_from,
        })
    }

    /// Where this read ends.
    pub fn mark(&self) -> Mark {
        Mark {
            name: self.name.clone(),
            offset: self.bytes.len() as u64,
        }
    }

    /// The ids appended after `mark`, each once; None when `mark` is not a
    /// point of this index (another index, or past its end).
    pub fn since(&self, mark: &Mark) -> Option<Vec<&str>> {
        let offset = usize::try_from(mark.offset).ok()?;
        if mark.name != self.name || offset < self.ids_from || offset > self.bytes.len() {
            return None;
        }
        // An offset inside a line is no point this index was read to.
        if self.bytes[offset - 1] != b'\n' {
            return None;
        }
        self.ids(offset)
    }

    /// About how many records there are: those there were when the index
    /// was made, and one for each line since (a named session's record,
    /// saved again by each of its runs, counts each time; the record of a
    /// run whose supervisor was killed, never).
    pub fn records(&self) -> usize {
        self.base
            + self.bytes[self.ids_from..]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
    }

    /// The ids from `offset` on, each once, sorted (their lines were
    /// checked by `read`).
    fn ids(&self, offset: usize) -> Option<Vec<&str>> {
        let mut ids = self.bytes[offset..]
            .split(|&b| b == b'\n')
            .filter(|line| !line.is_empty())
            .map(std::str::from_utf8)
            .collect::<Result<Vec<&str>, _>>()
            .ok()?;
        ids.sort_unstable();
        ids.dedup();
        Some(ids)
    }
}

/// A session id as records are named: letters, digits, `-` and `_`, so an
/// id read from the index names a file in `sessions/` and nothing else.
fn is_id(text: &[u8]) -> bool {
    !text.is_empty()
        && text.len() <= 64
        && text
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Adds `id` after its record was saved. An index that cannot be appended
/// to is removed, so that checks go back to listing the records.
pub fn append(state: &StateDir, id: &str) -> Result<(), StateError> {
    let path = state.sessions_index();
    let line = format!("{id}\n");
    let appended = open_append(state, id).and_then(|mut file| file.write_all(line.as_bytes()));
    match appended {
        Ok(()) => Ok(()),
        Err(err) => match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(gone) if gone.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(_) => Err(StateError::io(&path)(err)),
        },
    }
}

/// The index opened to append, made first when there is none (by one
/// rename that never replaces one a concurrent run just made).
fn open_append(state: &StateDir, id: &str) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let path = state.sessions_index();
    // A symlink in its place is not followed (the session locks' rule):
    // the append fails, and `append` removes the link.
    let open = || {
        std::fs::OpenOptions::new()
            .append(true)
            .custom_flags(nix::libc::O_NOFOLLOW)
            .open(&path)
    };
    match open() {
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            // The record just saved is counted as an id.
            let records = count_records(state, Some(id))?;
            match create(state, records, false) {
                Err(err) if err.kind() != std::io::ErrorKind::AlreadyExists => return Err(err),
                _ => {}
            }
            open()
        }
        opened => opened,
    }
}

/// After records were removed: a new index (another name), so that no
/// checkpoint's offset points into it.
pub fn replace(state: &StateDir) -> Result<(), StateError> {
    let path = state.sessions_index();
    count_records(state, None)
        .and_then(|records| create(state, records, true))
        .map_err(StateError::io(&path))
}

/// An index with no ids yet, for `records` records.
fn create(state: &StateDir, records: usize, replace: bool) -> std::io::Result<()> {
    let path = state.sessions_index();
    let name = state::random_hex(16).map_err(std::io::Error::other)?;
    let mut temp = tempfile::NamedTempFile::new_in(state.root())?;
    temp.write_all(format!("{MAGIC} {name} {records}\n").as_bytes())?;
    if replace {
        temp.persist(&path).map_err(|err| err.error)?;
    } else {
        temp.persist_noclobber(&path).map_err(|err| err.error)?;
    }
    Ok(())
}

/// How many records `sessions/` holds, `except`'s aside (names only: no
/// file is statted).
fn count_records(state: &StateDir, except: Option<&str>) -> std::io::Result<usize> {
    Ok(std::fs::read_dir(state.sessions())?
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = Path::new(&name);
            name.extension().is_some_and(|x| x == "json")
                && except.is_none_or(|id| name.file_stem() != Some(id.as_ref()))
        })
        .count())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> (tempfile::TempDir, StateDir) {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::resolve(Some(dir.path())).unwrap();
        (dir, state)
    }

    #[test]
    fn ids_appended_after_a_mark_are_read_once_each() {
        let (_dir, state) = state();
        std::fs::write(state.sessions().join("old.json"), "{}").unwrap();
        append(&state, "a1").unwrap();
        let index = RecordIndex::read(&state.sessions_index()).unwrap();
        let mark = index.mark();
        assert_eq!(index.since(&mark).unwrap(), Vec::<&str>::new());
        for id in ["b2", "c3", "b2"] {
            append(&state, id).unwrap();
        }
        let index = RecordIndex::read(&state.sessions_index()).unwrap();
        assert_eq!(index.since(&mark).unwrap(), ["b2", "c3"]);
        // One record when it was made, and four lines since.
        assert_eq!(index.records(), 5);
    }

    #[test]
    fn a_mark_of_another_index_or_past_its_end_or_inside_a_line_is_no_point_of_it() {
        let (_dir, state) = state();
        append(&state, "a1").unwrap();
        append(&state, "b2").unwrap();
        let index = RecordIndex::read(&state.sessions_index()).unwrap();
        let mark = index.mark();
        replace(&state).unwrap();
        append(&state, "c3").unwrap();
        append(&state, "d4").unwrap();
        append(&state, "e5").unwrap();
        let replaced = RecordIndex::read(&state.sessions_index()).unwrap();
        assert!(replaced.since(&mark).is_none(), "another index's mark held");
        let mut past = replaced.mark();
        past.offset += 3;
        assert!(replaced.since(&past).is_none(), "a mark past the end held");
        let mut inside = replaced.mark();
        inside.offset -= 2;
        assert!(
            replaced.since(&inside).is_none(),
            "a mark inside a line held"
        );
    }

    #[test]
    fn an_index_with_a_line_that_is_no_id_is_not_read() {
        let (_dir, state) = state();
        append(&state, "a1").unwrap();
        let path = state.sessions_index();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend_from_slice(b"../../etc/passwd\n");
        std::fs::write(&path, &bytes).unwrap();
        assert!(RecordIndex::read(&path).is_none());
        std::fs::write(&path, b"a1\nb2\n").unwrap();
        assert!(RecordIndex::read(&path).is_none(), "no first line");
    }

    #[test]
    fn a_symlink_in_the_index_s_place_is_not_written_through() {
        let (dir, state) = state();
        let target = dir.path().join("elsewhere");
        std::fs::write(&target, "mine\n").unwrap();
        std::os::unix::fs::symlink(&target, state.sessions_index()).unwrap();
        append(&state, "a1").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine\n");
        // The link went; the next save makes a new index.
        append(&state, "b2").unwrap();
        let index = RecordIndex::read(&state.sessions_index()).unwrap();
        assert_eq!(index.records(), 1);
    }

    #[test]
    fn a_half_written_last_line_is_left_for_later() {
        let (_dir, state) = state();
        append(&state, "a1").unwrap();
        let path = state.sessions_index();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.extend_from_slice(b"b2");
        std::fs::write(&path, &bytes).unwrap();
        let index = RecordIndex::read(&path).unwrap();
        assert_eq!(index.records(), 1);
    }
}
