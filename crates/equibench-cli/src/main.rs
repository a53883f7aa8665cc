#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    equibench_cli::run(std::env::args_os(), &equibench_cli::default_registry())
}
