//! Structured logs: one subscriber for the binaries, and the user hash that
//! stands for a person in every log line.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

/// Installs the process's log subscriber: lines on standard error, filtered
/// by `RUST_LOG` (else `default_filter`, e.g. `info`). Records of libraries
/// that still use the `log` crate arrive too. A second call does nothing.
pub fn init(default_filter: &str) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colours only on a terminal: log files and collectors get plain text.
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// A short, stable stand-in for a user in logs (16 hex digits): the same
/// person gives the same hash in every line and process, so an operator
/// can follow them, but the log does not carry the platform's user id.
/// (SipHash with fixed keys: stable across processes of one build.)
pub fn user_hash(platform: &str, user_id: &str) -> String {
    let mut hasher = DefaultHasher::new();
    (platform, user_id).hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_hash_is_stable_and_hides_the_id() {
        let a = user_hash("telegram", "123456789");
        assert_eq!(a, user_hash("telegram", "123456789"));
        assert_ne!(a, user_hash("discord", "123456789"));
        assert_ne!(a, user_hash("telegram", "123456780"));
        assert_eq!(a.len(), 16);
        assert!(!a.contains("123456789"));
    }
}
