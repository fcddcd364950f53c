//! From SVG to pixels to PNG: usvg parses (text becomes outlines of the
//! shipped font), resvg/tiny-skia paints, the png crate encodes.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::error::RenderError;
use crate::font;

/// Parses and paints SVG with the shipped font only and no outside files.
pub(crate) struct Raster {
    options: usvg::Options<'static>,
}

impl Raster {
    /// A painter whose SVG can reach no file, no system font and no image.
    pub fn new() -> Raster {
        let options = usvg::Options {
            font_family: font::FAMILY.to_owned(),
            fontdb: font::database(),
            image_href_resolver: usvg::ImageHrefResolver {
                resolve_data: Box::new(|_, _, _| None),
                resolve_string: Box::new(|_, _| None),
            },
            ..usvg::Options::default()
        };
        Raster { options }
    }

    /// Paints `svg` onto `pixmap` at one SVG unit per pixel.
    ///
    /// # Errors
    /// [`RenderError::Svg`] if the document does not parse.
    pub fn paint(&self, svg: &str, pixmap: &mut Pixmap) -> Result<(), RenderError> {
        self.paint_scaled(svg, 1.0, (0.0, 0.0), pixmap)
    }

    /// Paints `svg` onto `pixmap` at `scale` pixels per SVG unit, its
    /// origin moved to `at`.
    ///
    /// # Errors
    /// [`RenderError::Svg`] if the document does not parse.
    pub fn paint_scaled(
        &self,
        svg: &str,
        scale: f32,
        at: (f32, f32),
        pixmap: &mut Pixmap,
    ) -> Result<(), RenderError> {
        let tree = usvg::Tree::from_str(svg, &self.options)
            .map_err(|e| RenderError::Svg(e.to_string()))?;
        let transform = Transform::from_row(scale, 0.0, 0.0, scale, at.0, at.1);
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        Ok(())
    }

    /// A new transparent pixmap of `width` × `height` with `svg` painted on it.
    ///
    /// # Errors
    /// [`RenderError::Svg`] if the document does not parse or the size is zero.
    pub fn pixmap(&self, svg: &str, width: u32, height: u32) -> Result<Pixmap, RenderError> {
        let mut pixmap = Pixmap::new(width, height)
            .ok_or_else(|| RenderError::Svg(format!("empty size {width}×{height}")))?;
        self.paint(svg, &mut pixmap)?;
        Ok(pixmap)
    }

    /// A pixmap of `width` × `height` covered in [`felt`], with `svg` painted on it.
    ///
    /// # Errors
    /// [`RenderError::Svg`] if the document does not parse or the size is zero.
    pub fn on_felt(&self, svg: &str, width: u32, height: u32) -> Result<Pixmap, RenderError> {
        let mut pixmap = felt(width, height)
            .ok_or_else(|| RenderError::Svg(format!("empty size {width}×{height}")))?;
        self.paint(svg, &mut pixmap)?;
        Ok(pixmap)
    }
}

/// The felt every scene lies on: green, lightest across the middle and
/// darker towards the top and bottom edges. Each row is one colour, so it
/// costs a copy per pixel (a gradient through the SVG pipeline cost a third
/// of a hand's render time).
pub(crate) fn felt(width: u32, height: u32) -> Option<Pixmap> {
    const CENTRE: [f32; 3] = [35.0, 112.0, 73.0];
    const EDGE_SHADE: f32 = 0.58;
    let mut pixmap = Pixmap::new(width, height)?;
    for (y, row) in pixmap
        .data_mut()
        .chunks_exact_mut(width as usize * 4)
        .enumerate()
    {
        let t = 2.0 * (y as f32 + 0.5) / height as f32 - 1.0;
        let shade = 1.0 - (1.0 - EDGE_SHADE) * t * t;
        let [r, g, b] = CENTRE.map(|c| (c * shade).round() as u8);
        for px in row.chunks_exact_mut(4) {
            px.copy_from_slice(&[r, g, b, 255]);
        }
    }
    Some(pixmap)
}

/// A part of the destination to draw, in its pixels: (left, top, right, bottom), exclusive.
pub(crate) type Clip = (i32, i32, i32, i32);

/// Lays `src` onto `dst` with its top left corner at (`x`, `y`), pixel for
/// pixel (no scaling: an opaque pixel of the face arrives unchanged), only
/// inside `clip`, each source pixel first passed through `tint`.
fn blit_with(
    dst: &mut Pixmap,
    src: &Pixmap,
    (x, y): (i32, i32),
    clip: Clip,
    tint: impl Fn([u8; 4]) -> [u8; 4],
) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let (x0, x1) = (x.max(clip.0).max(0), (x + sw).min(clip.2).min(dw));
    let (y0, y1) = (y.max(clip.1).max(0), (y + sh).min(clip.3).min(dh));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let src_data = src.data();
    let dst_data = dst.data_mut();
    for dy in y0..y1 {
        let sy = dy - y;
        let s_row = &src_data[((sy * sw + x0 - x) * 4) as usize..((sy * sw + x1 - x) * 4) as usize];
        let d_row = &mut dst_data[((dy * dw + x0) * 4) as usize..((dy * dw + x1) * 4) as usize];
        for (d, s) in d_row.chunks_exact_mut(4).zip(s_row.chunks_exact(4)) {
            let s = tint([s[0], s[1], s[2], s[3]]);
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(&s),
                a => {
                    // Premultiplied source-over: d = s + d × (1 − a).
                    let keep = 255 - u32::from(a);
                    for (dc, sc) in d.iter_mut().zip(s) {
                        *dc = (u32::from(sc) + (u32::from(*dc) * keep + 127) / 255) as u8;
                    }
                }
            }
        }
    }
}

/// Lays `src` onto `dst` unchanged at `at`, inside `clip`.
pub(crate) fn blit(dst: &mut Pixmap, src: &Pixmap, at: (i32, i32), clip: Clip) {
    blit_with(dst, src, at, clip, |p| p);
}

/// Lays `src` onto `dst` dimmed at `at`, inside `clip`: a card that may not
/// be played now. Its colours keep half their saturation and 62 % of their
/// brightness, so it stays readable (red still reads red) but recedes.
pub(crate) fn blit_dimmed(dst: &mut Pixmap, src: &Pixmap, at: (i32, i32), clip: Clip) {
    blit_with(dst, src, at, clip, |[r, g, b, a]| {
        let (r, g, b) = (u32::from(r), u32::from(g), u32::from(b));
        // Premultiplied channels: scaling them keeps them valid for alpha.
        let grey = (r * 77 + g * 150 + b * 29) >> 8;
        let dim = |c: u32| ((((c + grey) >> 1) * 158) >> 8) as u8;
        [dim(r), dim(g), dim(b), a]
    });
}

/// The pixmap as PNG: RGB when fully opaque (every scene), RGBA otherwise
/// (a single card with its rounded corners).
///
/// # Errors
/// [`RenderError::Png`] if the encoder fails.
pub(crate) fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == 255);
    let (colour, data): (png::ColorType, Vec<u8>) = if opaque {
        let rgb = pixmap
            .pixels()
            .iter()
            .flat_map(|p| [p.red(), p.green(), p.blue()])
            .collect();
        (png::ColorType::Rgb, rgb)
    } else {
        let rgba = pixmap
            .pixels()
            .iter()
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect();
        (png::ColorType::Rgba, rgba)
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(colour);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    // Paeth alone compresses these pictures as well as the adaptive choice
    // (within 2 %) for four fifths of its cost.
    encoder.set_filter(png::Filter::Paeth);
    let err = |e: png::EncodingError| RenderError::Png(e.to_string());
    let mut writer = encoder.write_header().map_err(err)?;
    writer.write_image_data(&data).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}
