//! Lines typed at the terminal (or piped in), read defensively: a line
//! that is not UTF-8 is one unreadable line, not the end of the program,
//! and a line longer than the limit is refused whole without keeping more
//! than the limit in memory.

use std::io::{self, BufRead};

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A readable line, without its line break.
    Text(String),
    /// Longer than the limit; its text is dropped.
    TooLong,
    /// Not UTF-8; its bytes are dropped.
    Unreadable,
    /// The input has ended.
    End,
}

/// Reads [`Line`]s of at most `max` bytes from `inner`.
pub struct Lines<R> {
    inner: R,
    max: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `inner`, each at most `max` bytes.
    pub fn new(inner: R, max: usize) -> Lines<R> {
        Lines { inner, max }
    }

    /// The next line.
    ///
    /// # Errors
    /// When reading fails (not for bad bytes or long lines).
    pub fn next_line(&mut self) -> io::Result<Line> {
        let mut kept = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(if any {
                    finish(kept, too_long)
                } else {
                    Line::End
                });
            }
            any = true;
            let end = available.iter().position(|&b| b == b'\n');
            let chunk = &available[..end.unwrap_or(available.len())];
            if !too_long {
                if kept.len() + chunk.len() > self.max {
                    too_long = true;
                    kept = Vec::new();
                } else {
                    kept.extend_from_slice(chunk);
                }
            }
            let used = end.map_or(available.len(), |i| i + 1);
            self.inner.consume(used);
            if end.is_some() {
                return Ok(finish(kept, too_long));
            }
        }
    }
}

fn finish(mut bytes: Vec<u8>, too_long: bool) -> Line {
    if too_long {
        return Line::TooLong;
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    String::from_utf8(bytes).map_or(Line::Unreadable, Line::Text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<Line> {
        // A tiny buffer, so that lines span several reads.
        let mut lines = Lines::new(io::BufReader::with_capacity(4, input), max);
        let mut out = Vec::new();
        loop {
            match lines.next_line().unwrap() {
                Line::End => return out,
                line => out.push(line),
            }
        }
    }

    #[test]
    fn bad_bytes_and_long_lines_are_lines_of_their_own() {
        let input = b"eins\nzw\xffei\n0123456789abc\nvier\r\n\nf\xc3\xbcnf";
        assert_eq!(
            all(input, 10),
            vec![
                Line::Text("eins".into()),
                Line::Unreadable,
                Line::TooLong,
                Line::Text("vier".into()),
                Line::Text(String::new()),
                Line::Text("fünf".into()),
            ]
        );
        assert_eq!(all(b"", 10), vec![]);
        // Exactly the limit is still a line.
        assert_eq!(
            all(b"0123456789\n", 10),
            vec![Line::Text("0123456789".into())]
        );
    }
}
