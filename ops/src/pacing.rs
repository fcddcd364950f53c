//! How fast one bot process's outbox may send: `TAROCK_SEND_RATE`.

/// `TAROCK_SEND_RATE` is not a whole number.
#[derive(Debug, thiserror::Error)]
#[error("TAROCK_SEND_RATE is not a whole number of messages a second: {0}")]
pub struct SendRateError(pub String);

/// Reads `TAROCK_SEND_RATE` through `var`: the most messages this process's
/// outbox sends a second over all chats, `default` when unset or empty, `0`
/// for no limit. A platform's limit is the whole bot's: several processes
/// of one bot each take their share (two Telegram processes 15 each).
///
/// # Errors
/// When it is set to something that is not a whole number.
pub fn send_rate(var: impl Fn(&str) -> Option<String>, default: u32) -> Result<u32, SendRateError> {
    match var("TAROCK_SEND_RATE") {
        None => Ok(default),
        Some(v) if v.trim().is_empty() => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| SendRateError(v.clone())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_is_the_default_unless_set_to_a_whole_number() {
        let with = |value: Option<&str>| {
            send_rate(
                |name| {
                    (name == "TAROCK_SEND_RATE")
                        .then(|| value.map(str::to_owned))
                        .flatten()
                },
                30,
            )
        };
        assert_eq!(with(None).unwrap(), 30);
        assert_eq!(with(Some(" ")).unwrap(), 30);
        assert_eq!(with(Some("15")).unwrap(), 15);
        assert_eq!(with(Some(" 0 ")).unwrap(), 0);
        for bad in ["fast", "-1", "2.5"] {
            assert!(with(Some(bad)).is_err(), "{bad}");
        }
    }
}
