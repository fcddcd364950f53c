//! Rebuilds the crate when a migration is added or changed: `sqlx::migrate!`
//! embeds the folders at compile time and cannot tell cargo on stable Rust.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
