//! Parent side of the user namespace: the child's uid and gid maps, written
//! in bubblewrap's order (uid_map, setgroups "deny", gid_map). "deny" is what
//! lets an unprivileged caller write a gid map at all, and it keeps
//! setgroups(2) from dropping groups to reach group-denied files.

use std::io::Write;

use crate::prepare::PreparedIdMaps;
use crate::JailError;

pub(crate) fn write_maps(pid: libc::pid_t, p: &PreparedIdMaps) -> Result<(), JailError> {
    write(pid, "uid_map", &p.uid_map)?;
    write(pid, "setgroups", "deny")?;
    write(pid, "gid_map", &p.gid_map)
}

fn write(pid: libc::pid_t, file: &str, text: &str) -> Result<(), JailError> {
    let path = format!("/proc/{pid}/{file}");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|err| JailError::IdMap {
            file: path,
            errno: nix::errno::Errno::from_raw(err.raw_os_error().unwrap_or(0)),
            advice: crate::probe::userns_advice(&crate::probe::Sysctls::host()),
        })
}
