#ifndef CVIPSSHIM_H
#define CVIPSSHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when libvips could be loaded (at run time, with dlopen) and initialised; 0 otherwise. Loads once; thread-safe.
/// Setting IMAGE_GALLERY_DISABLE_VIPS=1 in the environment makes it 0.
int gallery_vips_available(void);

/// One WebP made by gallery_vips_thumbnails: its bytes (free them with gallery_vips_free) and size in pixels.
typedef struct {
    void *data;
    size_t length;
    int width;
    int height;
} gallery_vips_output;

/// The size of the image a perceptual hash is made from: 9 × 8 pixels (a difference hash compares each pixel with its
/// right neighbour: 8 × 8 bits).
enum { GALLERY_HASH_WIDTH = 9, GALLERY_HASH_HEIGHT = 8 };

/// The pixels a perceptual hash is made from: the image squeezed to 9 × 8 (its aspect ignored), row by row, `bands`
/// samples a pixel (1 to 4; grey, grey and alpha, RGB or RGBA) as floats in the image's own scale; `bands` is 0 when
/// they could not be made.
typedef struct {
    float samples[GALLERY_HASH_WIDTH * GALLERY_HASH_HEIGHT * 4];
    int bands;
} gallery_vips_hash_pixels;

/// Decodes an image from memory once and writes a WebP of it at most `widths[i]` pixels wide for each of the `count`
/// widths (largest first), into `results[i]`: never enlarged, EXIF orientation applied, metadata stripped; of a TIFF,
/// its first page, its samples brought to 8 bits as Pillow shows them. Several threads may call it at once. On
/// success returns 1. On failure returns 0, leaves every result empty and writes a NUL-terminated message to `error`
/// (at most `error_capacity` bytes, with the terminator). When `hash` is not NULL, the pixels of the image's perceptual
/// hash are made from the same decode (`hash->bands` 0 when they could not be: the thumbnails still count).
int gallery_vips_thumbnails(const void *data, size_t length, const int *widths, int count,
                            gallery_vips_output *results, gallery_vips_hash_pixels *hash, char *error,
                            size_t error_capacity);

/// Decodes an image from memory (shrunk while it is decoded where the format allows) and writes the pixels of its
/// perceptual hash into `hash`: for images whose thumbnails were made before hashes were. Returns 1 on success, else
/// 0 with `hash->bands` 0.
int gallery_vips_hash_pixels_of(const void *data, size_t length, gallery_vips_hash_pixels *hash);

/// Decodes every pixel of an image in memory (of every frame when `all_frames` is not 0: only for GIF and WebP) and
/// keeps none: whether a decoder can show it. Several threads may call it at once. Returns 1 when it decodes; 0
/// otherwise, writing a NUL-terminated message to `error` (at most `error_capacity` bytes, with the terminator).
int gallery_vips_decodes(const void *data, size_t length, int all_frames, char *error, size_t error_capacity);

/// Decodes a WebP from memory (a thumbnail: small) and writes it as a WebP mirrored left to right when `mirrored` is
/// not 0, then turned `quarter_turns` (0 to 3) clockwise, into `result`. Several threads may call it at once. Returns
/// 1 on success; 0 otherwise, leaving `result` empty and writing a NUL-terminated message to `error` (at most
/// `error_capacity` bytes, with the terminator).
int gallery_vips_turn(const void *data, size_t length, int quarter_turns, int mirrored, gallery_vips_output *result,
                      char *error, size_t error_capacity);

/// Frees a buffer returned by gallery_vips_thumbnails or gallery_vips_turn (NULL is ignored).
void gallery_vips_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
