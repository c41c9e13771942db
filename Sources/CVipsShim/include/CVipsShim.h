#ifndef CVIPSSHIM_H
#define CVIPSSHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when libvips could be loaded (at run time, with dlopen) and initialised; 0 otherwise. Loads once; thread-safe.
/// Setting IMAGE_GALLERY_DISABLE_VIPS=1 in the environment makes it 0.
int gallery_vips_available(void);

/// Decodes an image from memory and writes a WebP of at most `width` pixels wide (never enlarged, EXIF orientation
/// applied, metadata stripped). On success returns 1 and sets `*out` (free it with gallery_vips_free),
/// `*out_length`, `*out_width` and `*out_height`. On failure returns 0 and writes a NUL-terminated message to
/// `error` (at most `error_capacity` bytes, with the terminator).
int gallery_vips_thumbnail(const void *data, size_t length, int width, void **out, size_t *out_length,
                           int *out_width, int *out_height, char *error, size_t error_capacity);

/// Frees a buffer returned by gallery_vips_thumbnail.
void gallery_vips_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
