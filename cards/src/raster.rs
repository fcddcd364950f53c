//! From SVG to pixels to PNG: usvg parses (text becomes outlines of the
//! shipped font), resvg/tiny-skia paints, the png crate encodes.

use resvg::tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};
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
}

/// Lays `src` onto `dst` with its top left corner at (`x`, `y`), pixel for
/// pixel: no scaling, so an opaque pixel of the face arrives unchanged.
pub(crate) fn blit(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let paint = PixmapPaint {
        quality: FilterQuality::Nearest,
        ..PixmapPaint::default()
    };
    dst.draw_pixmap(x, y, src.as_ref(), &paint, Transform::identity(), None);
}

/// The dimmed version of a face: grey, and darker, with the same alpha.
pub(crate) fn dim(face: &Pixmap) -> Pixmap {
    let mut out = face.clone();
    for px in out.data_mut().chunks_exact_mut(4) {
        // Premultiplied channels: scaling them keeps the alpha consistent.
        let (r, g, b) = (u32::from(px[0]), u32::from(px[1]), u32::from(px[2]));
        let grey = (r * 77 + g * 150 + b * 29) >> 8;
        for c in &mut px[..3] {
            // 30 % colour, 70 % grey, then at 55 % brightness.
            let mixed = (u32::from(*c) * 3 + grey * 7) / 10;
            *c = (mixed * 55 / 100) as u8;
        }
    }
    out
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
    let err = |e: png::EncodingError| RenderError::Png(e.to_string());
    let mut writer = encoder.write_header().map_err(err)?;
    writer.write_image_data(&data).map_err(err)?;
    writer.finish().map_err(err)?;
    Ok(out)
}
