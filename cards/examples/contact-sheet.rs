//! Writes the contact sheet of every card face to `docs/cards.png` (or the
//! path given as the first argument).
//!
//! `cargo run -p tarock-cards --example contact-sheet [PATH]`

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/cards.png"),
        PathBuf::from,
    );
    let sheet = tarock_cards::Renderer::new().contact_sheet()?;
    std::fs::write(&path, &sheet.png[..])?;
    println!(
        "{}: {} × {} pixels, {} bytes",
        path.display(),
        sheet.width,
        sheet.height,
        sheet.png.len()
    );
    Ok(())
}
