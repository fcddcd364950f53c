//! Action tokens: the short ASCII form of an action that a button payload
//! carries (`t12:3.17:pT21` ends in the token `pT21`). Telegram allows 64
//! bytes of callback data and the payload also names table and step, so a
//! token has at most [`MAX_TOKEN_LEN`] bytes; each game writes its own
//! ([`crate::Game::action_token`]) and this module checks the common shape.

/// The longest token a game may write, in bytes.
pub const MAX_TOKEN_LEN: usize = 20;

/// Whether `token` has the shape every game's tokens keep: 1 to
/// [`MAX_TOKEN_LEN`] bytes of printable ASCII without space or `:` (the
/// payload's field separator).
pub fn is_well_formed(token: &str) -> bool {
    (1..=MAX_TOKEN_LEN).contains(&token.len())
        && token.bytes().all(|b| b.is_ascii_graphic() && b != b':')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_short_printable_ascii_without_separators() {
        assert!(is_well_formed("pT21"));
        assert!(is_well_formed("swap.h10.s10.c10"));
        assert!(!is_well_formed(""));
        assert!(!is_well_formed("p T21"));
        assert!(!is_well_formed("t1:pT21"));
        assert!(!is_well_formed("pÜ"));
        assert!(!is_well_formed(&"x".repeat(MAX_TOKEN_LEN + 1)));
    }
}
