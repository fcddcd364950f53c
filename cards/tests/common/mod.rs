//! Helpers of the rendering tests: decode PNGs back into pixels and compare
//! regions of a scene with the faces rendered on their own.

#![allow(dead_code)]

use std::io::Cursor;

use tarock_cards::{Face, Lang, Picture, Rect, Renderer};

/// A decoded picture: RGBA pixels, row by row.
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Image {
    /// The pixel at (`x`, `y`).
    pub fn at(&self, x: i32, y: i32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }
}

/// Decodes a PNG with the png crate, checking its signature and header.
pub fn decode(png: &[u8]) -> Image {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG signature");
    let decoder = png::Decoder::new(Cursor::new(png));
    let mut reader = decoder.read_info().expect("PNG header decodes");
    let mut buf = vec![0; reader.output_buffer_size().expect("size known")];
    let info = reader.next_frame(&mut buf).expect("PNG data decodes");
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf[..info.buffer_size()].to_vec(),
        png::ColorType::Rgb => buf[..info.buffer_size()]
            .chunks_exact(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    Image {
        width: info.width,
        height: info.height,
        rgba,
    }
}

/// Decodes a picture and checks that its size is the one it claims.
pub fn decode_picture(picture: &Picture) -> Image {
    let image = decode(&picture.png);
    assert_eq!((image.width, image.height), (picture.width, picture.height));
    image
}

/// A face rendered on its own (200 × 300, transparent corners).
pub fn face_image(renderer: &Renderer, face: Face, lang: Lang) -> Image {
    decode_picture(&renderer.card(face, lang).expect("a face renders"))
}

/// Of the pixels in `region` (picture coordinates) where the face is fully
/// opaque, the fraction that differ from the face placed with its top left
/// corner at `origin`.
pub fn mismatch(scene: &Image, face: &Image, origin: (i32, i32), region: Rect) -> f64 {
    let (mut compared, mut differ) = (0u32, 0u32);
    for y in region.y..region.bottom() {
        for x in region.x..region.right() {
            let f = face.at(x - origin.0, y - origin.1);
            if f[3] != 255 {
                continue;
            }
            compared += 1;
            if scene.at(x, y)[..3] != f[..3] {
                differ += 1;
            }
        }
    }
    assert!(compared > 1000, "region {region:?} compares too few pixels");
    f64::from(differ) / f64::from(compared)
}

/// Pearson correlation of the luminance of `region` in the scene with the
/// face placed at `origin`, over the face's opaque pixels.
pub fn correlation(scene: &Image, face: &Image, origin: (i32, i32), region: Rect) -> f64 {
    let lum = |p: [u8; 4]| 0.3 * f64::from(p[0]) + 0.59 * f64::from(p[1]) + 0.11 * f64::from(p[2]);
    let mut pairs = Vec::new();
    for y in region.y..region.bottom() {
        for x in region.x..region.right() {
            let f = face.at(x - origin.0, y - origin.1);
            if f[3] == 255 {
                pairs.push((lum(scene.at(x, y)), lum(f)));
            }
        }
    }
    let n = pairs.len() as f64;
    let (ma, mb) = pairs
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (mut cov, mut va, mut vb) = (0.0, 0.0, 0.0);
    for (x, y) in &pairs {
        cov += (x - ma) * (y - mb);
        va += (x - ma) * (x - ma);
        vb += (y - mb) * (y - mb);
    }
    cov / (va.sqrt() * vb.sqrt()).max(f64::EPSILON)
}

/// Mean luminance of a region's pixels.
pub fn mean_luminance(image: &Image, region: Rect) -> f64 {
    let mut sum = 0.0;
    let mut n = 0.0;
    for y in region.y..region.bottom() {
        for x in region.x..region.right() {
            let p = image.at(x, y);
            sum += 0.3 * f64::from(p[0]) + 0.59 * f64::from(p[1]) + 0.11 * f64::from(p[2]);
            n += 1.0;
        }
    }
    sum / n
}

/// A small deterministic generator for simulated positions (no seed from
/// the clock: failures repeat).
pub struct Lcg(pub u64);

impl Lcg {
    /// The next number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}
