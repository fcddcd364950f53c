//! The numbered choices under a hand, wrapped to the terminal's width
//! between entries, never inside one.

/// The default width when the terminal does not say (`COLUMNS`).
pub const DEFAULT_WIDTH: usize = 80;

/// The terminal width from `COLUMNS`, or [`DEFAULT_WIDTH`].
pub fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|w| *w >= 20)
        .unwrap_or(DEFAULT_WIDTH)
}

/// `[1] Rufer  [2] Solo …` as lines of at most `width` columns (an entry
/// wider than that stands alone on its line). Each entry is given as
/// (shown text, its width in columns): colours add bytes, not columns.
pub fn lines(entries: &[(String, usize)], width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for (i, (label, cols)) in entries.iter().enumerate() {
        let number = format!("[{}] ", i + 1);
        let entry_cols = number.chars().count() + cols;
        // One space before the first entry of a line, two between entries.
        let gap = if used == 0 { 1 } else { 2 };
        if used > 0 && used + gap + entry_cols > width {
            out.push(std::mem::take(&mut line));
            used = 0;
        }
        let gap = if used == 0 { 1 } else { 2 };
        line.push_str(&" ".repeat(gap));
        line.push_str(&number);
        line.push_str(label);
        used += gap + entry_cols;
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// `text` with every line longer than `width` columns broken between
/// words (a word wider than the line stands alone); continuations are
/// indented by two spaces.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in text.split('\n') {
        if line.chars().count() <= width {
            out.push(line.to_owned());
            continue;
        }
        let mut current = String::new();
        let mut used = 0;
        for word in line.split(' ') {
            let cols = word.chars().count();
            if used > 0 && used + 1 + cols > width {
                out.push(std::mem::take(&mut current));
                current.push_str("  ");
                used = 2;
            } else if used > 0 {
                current.push(' ');
                used += 1;
            }
            current.push_str(word);
            used += cols;
        }
        out.push(current);
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(labels: &[&str]) -> Vec<(String, usize)> {
        labels
            .iter()
            .map(|l| ((*l).to_owned(), l.chars().count()))
            .collect()
    }

    #[test]
    fn long_lines_break_between_words() {
        let line = "Last trick: Computer 2 (medium) ♥K, Computer 3 (medium) ♣K";
        assert_eq!(
            wrap(&format!("short\n{line}"), 30),
            "short\nLast trick: Computer 2\n  (medium) ♥K, Computer 3\n  (medium) ♣K"
        );
        assert_eq!(wrap(line, 80), line);
    }

    #[test]
    fn entries_wrap_between_never_inside() {
        let labels = [
            "Rufer",
            "Farbensolo",
            "Solo",
            "Rufer + …",
            "Farbensolo + …",
            "Solo + …",
        ];
        let lines = lines(&entries(&labels), 30);
        assert_eq!(
            lines,
            vec![
                " [1] Rufer  [2] Farbensolo",
                " [3] Solo  [4] Rufer + …",
                " [5] Farbensolo + …",
                " [6] Solo + …",
            ]
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 30));
        // Wide enough: one line.
        assert_eq!(
            super::lines(&entries(&labels[..3]), 80),
            vec![" [1] Rufer  [2] Farbensolo  [3] Solo"]
        );
        // An entry wider than the line stands alone.
        assert_eq!(
            super::lines(&entries(&["Farbensolo mit Valat + …", "Solo"]), 20),
            vec![" [1] Farbensolo mit Valat + …", " [2] Solo"]
        );
    }
}
