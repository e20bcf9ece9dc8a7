//! Resource limits, clamped in the parent to what the caller may set
//! (without CAP_SYS_RESOURCE a hard limit can only be lowered), applied by
//! the payload before exec.

use policy::plan::{Rlimit, RlimitResource};

pub(crate) type Resource = libc::__rlimit_resource_t;

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

/// (resource, value) pairs, each no higher than the caller's hard limit.
pub(crate) fn prepare(limits: &[Rlimit]) -> Vec<(Resource, libc::rlim_t)> {
    limits
        .iter()
        .map(|limit| {
            let r = resource(limit.resource);
            let hard = crate::sys::hard_rlimit(r).unwrap_or(libc::RLIM_INFINITY);
            (r, limit.value.min(hard))
        })
        .collect()
}
