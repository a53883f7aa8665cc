//! The integration tests of the report, as one test binary. A new test file goes beside this one
//! and gets a `mod` line below.

#![forbid(unsafe_code)]

mod unit;
