//! The library's own unit tests, one module per module of `src/` they check (`lib` for the crate
//! root's). They were `#[cfg(test)]` modules inside the library, which made cargo compile the whole
//! crate a second time as their test harness (1.4 of the test build's unit-seconds, issue 38); here
//! they link against the one library build every other test uses. What they reach is the crate's
//! public interface, plus the one item named `pub` for them.

mod diff;
mod html;
mod lib;
mod svg;
