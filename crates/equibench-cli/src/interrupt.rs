//! Ctrl-C for the long commands (`build`, `eval`): the first press raises a flag the command polls,
//! so the work in progress finishes and is kept (the build's journal, the eval run log); a second
//! press exits at once with [`exit::INTERRUPTED`], everything finished being kept all the same.

use crate::exit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// What the handler prints on the first and on the second press.
pub struct Messages {
    /// e.g. "finishing the pairs in progress (press Ctrl-C again to stop at once)".
    pub winding_down: &'static str,
    /// e.g. "finished pairs are in the journal".
    pub kept: &'static str,
}

static CANCEL: AtomicBool = AtomicBool::new(false);
static HANDLER: OnceLock<()> = OnceLock::new();
/// The messages of the command running now (a process may run several, as tests do).
static MESSAGES: Mutex<Messages> = Mutex::new(Messages {
    winding_down: "",
    kept: "",
});

/// Install the handler (once per process), arm it with `messages`, and lower the flag: the flag
/// returned is raised by the next Ctrl-C.
pub fn install(messages: Messages) -> &'static AtomicBool {
    *MESSAGES.lock().unwrap_or_else(|e| e.into_inner()) = messages;
    HANDLER.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            let m = MESSAGES.lock().unwrap_or_else(|e| e.into_inner());
            if CANCEL.swap(true, Ordering::SeqCst) {
                eprintln!("\nsecond interrupt: stopping now; {}", m.kept);
                std::process::exit(exit::INTERRUPTED as i32);
            }
            eprintln!("\ninterrupt: {}", m.winding_down);
        });
    });
    CANCEL.store(false, Ordering::SeqCst);
    &CANCEL
}
