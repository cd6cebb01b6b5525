//! The server's entry point. Its allocator is mimalloc, set to give freed memory back to the system at
//! once: with glibc's malloc, the per-thread arenas kept what the start-up's index builds had used, and
//! an idle server held twice the memory it needed (docs/design.md, "Memory").

use libmimalloc_sys::{mi_option_set, mi_option_t};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Option numbers of mimalloc.h's `mi_option_e` that the sys crate does not name (stable since v1).
const ARENA_EAGER_COMMIT: mi_option_t = 4;
const PURGE_DELAY: mi_option_t = 15;

fn main() -> anyhow::Result<()> {
    // SAFETY: setting an option only changes a value mimalloc reads on later allocations and frees.
    #[allow(unsafe_code)]
    unsafe {
        // Commit memory as it is used, not whole arenas up front, and release freed pages at once.
        mi_option_set(ARENA_EAGER_COMMIT, 0);
        mi_option_set(PURGE_DELAY, 0);
    }
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(pointe_server::cli::run())
}
