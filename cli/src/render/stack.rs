//! Two pictures one above the other in one PNG (a record position with the
//! seat's hand under the table).

use anyhow::Context;

/// The space between the pictures and the colour around them (the felt's
/// dark edge).
const GAP: u32 = 16;
const BACKGROUND: [u8; 3] = [0x1d, 0x4a, 0x35];

/// A decoded RGB image.
struct Rgb {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

/// Decodes an 8-bit RGB PNG (what the card renderer writes).
fn decode(png_bytes: &[u8]) -> anyhow::Result<Rgb> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .context("reading a rendered picture")?;
    let size = reader
        .output_buffer_size()
        .context("a rendered picture's size")?;
    let mut pixels = vec![0; size];
    let info = reader.next_frame(&mut pixels)?;
    anyhow::ensure!(
        info.color_type == png::ColorType::Rgb && info.bit_depth == png::BitDepth::Eight,
        "the renderer wrote {:?} {:?}, not 8-bit RGB",
        info.color_type,
        info.bit_depth
    );
    pixels.truncate(info.buffer_size());
    Ok(Rgb {
        width: info.width,
        height: info.height,
        pixels,
    })
}

/// `top` above `bottom`, both centred, as one PNG.
pub fn vertical(top: &[u8], bottom: &[u8]) -> anyhow::Result<Vec<u8>> {
    let parts = [decode(top)?, decode(bottom)?];
    let width = parts.iter().map(|p| p.width).max().unwrap_or(0);
    let height = parts[0].height + GAP + parts[1].height;
    let mut pixels: Vec<u8> = BACKGROUND
        .iter()
        .copied()
        .cycle()
        .take((width * height * 3) as usize)
        .collect();
    let mut y0 = 0;
    for part in &parts {
        let x0 = (width - part.width) / 2;
        let row = (part.width * 3) as usize;
        for y in 0..part.height {
            let from = (y as usize) * row;
            let to = (((y0 + y) * width + x0) * 3) as usize;
            pixels[to..to + row].copy_from_slice(&part.pixels[from..from + row]);
        }
        y0 += part.height + GAP;
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(out)
}
