//! Resource limits, clamped in the parent to what the caller may set
//! (without CAP_SYS_RESOURCE a hard limit can only be lowered), applied by
//! the payload before exec.

use policy::plan::{Rlimit, RlimitResource};

/// setrlimit's resource type: glibc has its own, musl a plain int.
#[cfg(target_env = "gnu")]
pub(crate) type Resource = libc::__rlimit_resource_t;
#[cfg(not(target_env = "gnu"))]
pub(crate) type Resource = libc::c_int;

fn resource(r: RlimitResource) -> Resource {
    match r {
        RlimitResource::Core => libc::RLIMIT_CORE,
        RlimitResource::Nofile => libc::RLIMIT_NOFILE,
        RlimitResource::Nproc => libc::RLIMIT_NPROC,
        RlimitResource::Fsize => libc::RLIMIT_FSIZE,
        RlimitResource::Data => libc::RLIMIT_DATA,
        RlimitResource::Cpu => libc::RLIMIT_CPU,
    }
}

/// (resource, soft, hard), never above the caller's hard limit. The CPU
/// limit keeps one second between soft and hard, so SIGXCPU (catchable,
/// reported as 128+24) comes before SIGKILL.
pub(crate) fn prepare(limits: &[Rlimit]) -> Vec<(Resource, libc::rlim_t, libc::rlim_t)> {
    limits
        .iter()
        .map(|limit| {
            let r = resource(limit.resource);
            let ceiling = crate::sys::hard_rlimit(r).unwrap_or(libc::RLIM_INFINITY);
            let hard = match limit.resource {
                RlimitResource::Cpu => limit.value.saturating_add(1),
                _ => limit.value,
            };
            (r, limit.value.min(ceiling), hard.min(ceiling))
        })
        .collect()
}
