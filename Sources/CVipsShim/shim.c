// Calls libvips without its headers: the library is opened at run time, so the server builds and runs where it is
// not installed. Every variadic vips function is called through a variadic function pointer of its real type.

#include "CVipsShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*vips_init_fn)(const char *argv0);
typedef int (*vips_thumbnail_buffer_fn)(void *buf, size_t len, void **out, int width, ...);
typedef int (*vips_thumbnail_image_fn)(void *in, void **out, int width, ...);
typedef void *(*vips_image_copy_memory_fn)(void *image);
typedef int (*vips_image_write_to_buffer_fn)(void *in, const char *suffix, void **buf, size_t *size, ...);
typedef const char *(*vips_error_buffer_fn)(void);
typedef void (*vips_error_clear_fn)(void);
typedef void (*vips_concurrency_set_fn)(int concurrency);
typedef void (*vips_cache_set_max_fn)(int max);
typedef int (*vips_image_get_int_fn)(const void *image);
typedef void (*vips_block_untrusted_set_fn)(int state);
typedef int (*vips_version_fn)(int flag);
typedef void *(*vips_image_new_from_buffer_fn)(const void *buf, size_t len, const char *option_string, ...);
typedef int (*vips_copy_fn)(void *in, void **out, ...);
typedef int (*vips_rot_fn)(void *in, void **out, int angle, ...);
typedef int (*vips_flip_fn)(void *in, void **out, int direction, ...);
typedef int (*vips_linear1_fn)(void *in, void **out, double a, double b, ...);
typedef int (*vips_cast_fn)(void *in, void **out, int format, ...);
typedef int (*vips_statistic_fn)(void *in, double *out, ...);
typedef void *(*vips_image_write_to_memory_fn)(void *in, size_t *size);
typedef void (*g_object_unref_fn)(void *object);
typedef void (*g_free_fn)(void *memory);

// VipsSize: VIPS_SIZE_BOTH, VIPS_SIZE_UP, VIPS_SIZE_DOWN, VIPS_SIZE_FORCE.
enum { GALLERY_VIPS_SIZE_DOWN = 2, GALLERY_VIPS_SIZE_FORCE = 3 };
// VIPS_MAX_COORD: no limit on the height, so the width alone decides the size.
enum { GALLERY_VIPS_MAX_COORD = 10000000 };
// VipsBandFormat, VipsInterpretation and VipsAccess values used here (stable across libvips 8).
enum {
    GALLERY_VIPS_FORMAT_UCHAR = 0, GALLERY_VIPS_FORMAT_CHAR = 1, GALLERY_VIPS_FORMAT_USHORT = 2,
    GALLERY_VIPS_FORMAT_SHORT = 3, GALLERY_VIPS_FORMAT_UINT = 4, GALLERY_VIPS_FORMAT_INT = 5,
    GALLERY_VIPS_FORMAT_FLOAT = 6, GALLERY_VIPS_FORMAT_DOUBLE = 8
};
enum {
    GALLERY_VIPS_INTERPRETATION_MULTIBAND = 0, GALLERY_VIPS_INTERPRETATION_B_W = 1,
    GALLERY_VIPS_INTERPRETATION_RGB = 17, GALLERY_VIPS_INTERPRETATION_sRGB = 22,
    GALLERY_VIPS_INTERPRETATION_RGB16 = 25, GALLERY_VIPS_INTERPRETATION_GREY16 = 26
};
enum { GALLERY_VIPS_ACCESS_SEQUENTIAL = 1 };
// VipsAngle (VIPS_ANGLE_D0, D90, D180, D270: clockwise) and VipsDirection (VIPS_DIRECTION_HORIZONTAL: left to right).
enum { GALLERY_VIPS_DIRECTION_HORIZONTAL = 0 };
// Loader options that make a file cut short, or data its decoder cannot read, fail instead of being drawn as blank
// pixels with only a warning (libvips 8.12 and later; empty before).
static const char *strict_loading = "";

static struct {
    vips_init_fn init;
    vips_thumbnail_buffer_fn thumbnail_buffer;
    vips_thumbnail_image_fn thumbnail_image;
    vips_image_copy_memory_fn copy_memory;
    vips_image_write_to_buffer_fn write_to_buffer;
    vips_error_buffer_fn error_buffer;
    vips_error_clear_fn error_clear;
    vips_concurrency_set_fn concurrency_set;
    vips_cache_set_max_fn cache_set_max;
    vips_image_get_int_fn get_width;
    vips_image_get_int_fn get_height;
    vips_image_get_int_fn get_bands;
    vips_image_get_int_fn get_format;
    vips_image_get_int_fn get_interpretation;
    vips_image_new_from_buffer_fn new_from_buffer;
    vips_copy_fn copy;
    // Optional: without them nothing is turned (gallery_vips_turn fails), everything else works.
    vips_rot_fn rot;
    vips_flip_fn flip;
    vips_linear1_fn linear1;
    vips_cast_fn cast;
    vips_statistic_fn max;
    vips_statistic_fn avg;
    vips_image_write_to_memory_fn write_to_memory;
    g_object_unref_fn object_unref;
    g_free_fn free;
} vips;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
// libvips keeps one error buffer for every thread (8.14), where decoders also leave warnings about images that decode.
// Images are decoded side by side, holding `decoding` shared; one that fails is decoded again holding it alone, on a
// cleared buffer, so that the message told is its own. Failures are rare: the second decode costs little.
static pthread_rwlock_t decoding = PTHREAD_RWLOCK_INITIALIZER;

static void *open_first(const char *const *names) {
    for (; *names != NULL; names++) {
        void *handle = dlopen(*names, RTLD_NOW | RTLD_GLOBAL);
        if (handle != NULL) return handle;
    }
    return NULL;
}

/// A symbol from the vips handle, else from the global scope (RTLD_GLOBAL), else from `fallback`.
static void *find(void *handle, void *fallback, const char *name) {
    void *symbol = dlsym(handle, name);
    if (symbol == NULL) symbol = dlsym(RTLD_DEFAULT, name);
    if (symbol == NULL && fallback != NULL) symbol = dlsym(fallback, name);
    return symbol;
}

static void load(void) {
    const char *disabled = getenv("IMAGE_GALLERY_DISABLE_VIPS");
    if (disabled != NULL && disabled[0] != '\0' && strcmp(disabled, "0") != 0) return;
    static const char *const vips_names[] = {"libvips.so.42", "libvips.so", NULL};
    void *handle = open_first(vips_names);
    if (handle == NULL) return;
    static const char *const gobject_names[] = {"libgobject-2.0.so.0", NULL};
    static const char *const glib_names[] = {"libglib-2.0.so.0", NULL};
    void *gobject = NULL;
    void *glib = NULL;
    if (dlsym(handle, "g_object_unref") == NULL) gobject = open_first(gobject_names);
    if (dlsym(handle, "g_free") == NULL) glib = open_first(glib_names);

    vips.init = (vips_init_fn)find(handle, NULL, "vips_init");
    vips.thumbnail_buffer = (vips_thumbnail_buffer_fn)find(handle, NULL, "vips_thumbnail_buffer");
    vips.thumbnail_image = (vips_thumbnail_image_fn)find(handle, NULL, "vips_thumbnail_image");
    vips.copy_memory = (vips_image_copy_memory_fn)find(handle, NULL, "vips_image_copy_memory");
    vips.write_to_buffer = (vips_image_write_to_buffer_fn)find(handle, NULL, "vips_image_write_to_buffer");
    vips.error_buffer = (vips_error_buffer_fn)find(handle, NULL, "vips_error_buffer");
    vips.error_clear = (vips_error_clear_fn)find(handle, NULL, "vips_error_clear");
    vips.concurrency_set = (vips_concurrency_set_fn)find(handle, NULL, "vips_concurrency_set");
    vips.cache_set_max = (vips_cache_set_max_fn)find(handle, NULL, "vips_cache_set_max");
    vips.get_width = (vips_image_get_int_fn)find(handle, NULL, "vips_image_get_width");
    vips.get_height = (vips_image_get_int_fn)find(handle, NULL, "vips_image_get_height");
    vips.get_bands = (vips_image_get_int_fn)find(handle, NULL, "vips_image_get_bands");
    vips.get_format = (vips_image_get_int_fn)find(handle, NULL, "vips_image_get_format");
    vips.get_interpretation = (vips_image_get_int_fn)find(handle, NULL, "vips_image_get_interpretation");
    vips.new_from_buffer = (vips_image_new_from_buffer_fn)find(handle, NULL, "vips_image_new_from_buffer");
    vips.copy = (vips_copy_fn)find(handle, NULL, "vips_copy");
    vips.rot = (vips_rot_fn)find(handle, NULL, "vips_rot");
    vips.flip = (vips_flip_fn)find(handle, NULL, "vips_flip");
    vips.linear1 = (vips_linear1_fn)find(handle, NULL, "vips_linear1");
    vips.cast = (vips_cast_fn)find(handle, NULL, "vips_cast");
    vips.max = (vips_statistic_fn)find(handle, NULL, "vips_max");
    vips.avg = (vips_statistic_fn)find(handle, NULL, "vips_avg");
    vips.write_to_memory = (vips_image_write_to_memory_fn)find(handle, NULL, "vips_image_write_to_memory");
    vips.object_unref = (g_object_unref_fn)find(handle, gobject, "g_object_unref");
    vips.free = (g_free_fn)find(handle, glib, "g_free");
    if (vips.init == NULL || vips.thumbnail_buffer == NULL || vips.thumbnail_image == NULL ||
        vips.copy_memory == NULL || vips.write_to_buffer == NULL ||
        vips.error_buffer == NULL || vips.error_clear == NULL || vips.concurrency_set == NULL ||
        vips.cache_set_max == NULL || vips.get_width == NULL || vips.get_height == NULL ||
        vips.get_bands == NULL || vips.get_format == NULL || vips.get_interpretation == NULL ||
        vips.new_from_buffer == NULL || vips.copy == NULL || vips.linear1 == NULL || vips.cast == NULL ||
        vips.max == NULL || vips.avg == NULL || vips.write_to_memory == NULL || vips.object_unref == NULL || vips.free == NULL) {
        return;
    }
    if (vips.init("image-gallery") != 0) return;
    vips.concurrency_set(1);
    vips.cache_set_max(0);
    // Loaders libvips itself calls unsafe for untrusted input (ImageMagick, Matlab, …) are refused (8.13 and later).
    vips_block_untrusted_set_fn block_untrusted =
        (vips_block_untrusted_set_fn)find(handle, NULL, "vips_block_untrusted_set");
    if (block_untrusted != NULL) block_untrusted(1);
    vips_version_fn version = (vips_version_fn)find(handle, NULL, "vips_version");
    if (version != NULL && (version(0) > 8 || (version(0) == 8 && version(1) >= 12))) {
        strict_loading = "fail_on=truncated";
    }
    loaded = 1;
}

int gallery_vips_available(void) {
    pthread_once(&load_once, load);
    return loaded;
}

static void set_error(char *error, size_t capacity, const char *message) {
    if (error == NULL || capacity == 0) return;
    snprintf(error, capacity, "%s", message != NULL && message[0] != '\0' ? message : "libvips failed");
    // vips messages end with a newline.
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) error[--length] = '\0';
}

/// Writes `image` as a WebP into `result`; 1 on success.
static int write_webp(void *image, gallery_vips_output *result) {
    void *buffer = NULL;
    size_t size = 0;
    if (vips.write_to_buffer(image, ".webp[Q=80,strip]", &buffer, &size, (const char *)NULL) != 0 || buffer == NULL) {
        return 0;
    }
    result->data = buffer;
    result->length = size;
    result->width = vips.get_width(image);
    result->height = vips.get_height(image);
    return 1;
}

/// A thumbnail at most `width` wide made by libvips from the encoded image, shrunk while it is decoded where the
/// format allows; NULL on failure (the message is in the vips error buffer).
static void *buffer_thumbnail(const void *data, size_t length, int width) {
    void *out = NULL;
    // The buffer is only read; vips_thumbnail_buffer takes a non-const pointer.
    // libvips 8.14 passes the loader options of a buffer in option_string only (its fail_on is for files).
    if (vips.thumbnail_buffer((void *)data, length, &out, width, "height", (int)GALLERY_VIPS_MAX_COORD, "size",
                              (int)GALLERY_VIPS_SIZE_DOWN, "option_string", strict_loading,
                              (const char *)NULL) != 0) {
        return NULL;
    }
    return out;
}

/// Classic TIFF or BigTIFF, in either byte order.
static int is_tiff(const void *data, size_t length) {
    const unsigned char *bytes = data;
    if (length < 4) return 0;
    return (bytes[0] == 'I' && bytes[1] == 'I' && (bytes[2] == 42 || bytes[2] == 43) && bytes[3] == 0) ||
           (bytes[0] == 'M' && bytes[1] == 'M' && bytes[2] == 0 && (bytes[3] == 42 || bytes[3] == 43));
}

/// `in` as 8-bit samples a WebP can hold, or a new reference to `in` when it has them (or a colour space libvips
/// converts itself: CMYK, Lab …); NULL on failure. libvips casts other formats by clipping, which turns a 32-bit
/// greyscale picture white and a "signed" 8-bit one into noise. As Pillow shows them: 8-bit signed samples are read
/// as unsigned (in practice they are unsigned pictures labelled signed); 16-bit ones are scaled from 0…65,535 (signed:
/// 0…32,767); 32-bit and floating-point ones from 0 to the smallest of 255, 65,535 (1.0 for floating point) or their
/// maximum that holds every sample.
static void *eight_bit(void *in) {
    int format = vips.get_format(in);
    int interpretation = vips.get_interpretation(in);
    int bands = vips.get_bands(in);
    int plain = interpretation == GALLERY_VIPS_INTERPRETATION_MULTIBAND ||
                interpretation == GALLERY_VIPS_INTERPRETATION_B_W || interpretation == GALLERY_VIPS_INTERPRETATION_RGB ||
                interpretation == GALLERY_VIPS_INTERPRETATION_sRGB ||
                interpretation == GALLERY_VIPS_INTERPRETATION_RGB16 ||
                interpretation == GALLERY_VIPS_INTERPRETATION_GREY16;
    int copied = format == GALLERY_VIPS_FORMAT_UCHAR || !plain || bands > 4;
    if (!copied) {
        // A 16-bit image labelled as such is converted right by libvips.
        copied = format == GALLERY_VIPS_FORMAT_USHORT && (interpretation == GALLERY_VIPS_INTERPRETATION_RGB16 ||
                                                          interpretation == GALLERY_VIPS_INTERPRETATION_GREY16);
    }
    if (copied) {
        void *same = NULL;
        return vips.copy(in, &same, (const char *)NULL) == 0 ? same : NULL;
    }
    int label = bands <= 2 ? GALLERY_VIPS_INTERPRETATION_B_W : GALLERY_VIPS_INTERPRETATION_sRGB;
    void *out = NULL;
    if (format == GALLERY_VIPS_FORMAT_CHAR) {
        return vips.copy(in, &out, "format", (int)GALLERY_VIPS_FORMAT_UCHAR, "interpretation", label,
                         (const char *)NULL) == 0 ? out : NULL;
    }
    double top = 65535;
    if (format == GALLERY_VIPS_FORMAT_SHORT) {
        top = 32767;
    } else if (format != GALLERY_VIPS_FORMAT_USHORT) {
        double largest = 0;
        if (vips.max(in, &largest, (const char *)NULL) != 0) return NULL;
        int is_float = format == GALLERY_VIPS_FORMAT_FLOAT || format == GALLERY_VIPS_FORMAT_DOUBLE;
        top = is_float && largest <= 1 ? 1 : largest <= 255 ? 255 : largest <= 65535 ? 65535 : largest;
    }
    void *scaled = NULL;
    if (vips.linear1(in, &scaled, 255.0 / top, 0.0, (const char *)NULL) != 0) return NULL;
    void *cast = NULL;
    int ok = vips.cast(scaled, &cast, (int)GALLERY_VIPS_FORMAT_UCHAR, (const char *)NULL) == 0;
    vips.object_unref(scaled);
    if (!ok) return NULL;
    ok = vips.copy(cast, &out, "interpretation", label, (const char *)NULL) == 0;
    vips.object_unref(cast);
    return ok ? out : NULL;
}

/// A thumbnail at most `width` wide of the first page of a TIFF, in 8-bit samples; NULL on failure. Not
/// vips_thumbnail_buffer: it takes the pages of a TIFF whose sizes roughly halve for a pyramid and makes the thumbnail
/// from a later page (two pages of 10 × 10 pixels are such a "pyramid"), and clips samples of other depths.
static void *first_page_thumbnail(const void *data, size_t length, int width) {
    void *page = vips.new_from_buffer(data, length, strict_loading, (const char *)NULL);
    if (page == NULL) return NULL;
    void *samples = eight_bit(page);
    vips.object_unref(page);
    if (samples == NULL) return NULL;
    void *out = NULL;
    int ok = vips.thumbnail_image(samples, &out, width, "height", (int)GALLERY_VIPS_MAX_COORD, "size",
                                  (int)GALLERY_VIPS_SIZE_DOWN, (const char *)NULL) == 0;
    vips.object_unref(samples);
    return ok ? out : NULL;
}

/// Decodes every pixel of the image once; 1 when it decodes.
static int decodes_once(const void *data, size_t length, int all_frames) {
    // Sequential access: the pixels stream through the average once, a strip at a time, never held whole.
    int access = GALLERY_VIPS_ACCESS_SEQUENTIAL;
    void *image = all_frames ? vips.new_from_buffer(data, length, strict_loading, "access", access, "n", -1,
                                                    (const char *)NULL)
                             : vips.new_from_buffer(data, length, strict_loading, "access", access, (const char *)NULL);
    double average = 0;
    int ok = image != NULL && vips.avg(image, &average, (const char *)NULL) == 0;
    if (image != NULL) vips.object_unref(image);
    return ok;
}

/// Writes the samples of `image` squeezed to 9 × 8 pixels (its aspect ignored) as floats into `out`, for its
/// perceptual hash; 1 on success, else 0 with `out->bands` 0. Cheap: the image is already decoded and small.
static int hash_pixels(void *image, gallery_vips_hash_pixels *out) {
    out->bands = 0;
    void *small = NULL;
    if (vips.thumbnail_image(image, &small, GALLERY_HASH_WIDTH, "height", GALLERY_HASH_HEIGHT, "size",
                             (int)GALLERY_VIPS_SIZE_FORCE, (const char *)NULL) != 0) {
        return 0;
    }
    void *floats = NULL;
    int ok = vips.cast(small, &floats, (int)GALLERY_VIPS_FORMAT_FLOAT, (const char *)NULL) == 0;
    vips.object_unref(small);
    if (!ok) return 0;
    int bands = vips.get_bands(floats);
    size_t expected = (size_t)GALLERY_HASH_WIDTH * GALLERY_HASH_HEIGHT * (size_t)bands * sizeof(float);
    size_t size = 0;
    void *memory = vips.get_width(floats) == GALLERY_HASH_WIDTH && vips.get_height(floats) == GALLERY_HASH_HEIGHT &&
                           bands >= 1 && bands <= 4
                       ? vips.write_to_memory(floats, &size)
                       : NULL;
    vips.object_unref(floats);
    ok = memory != NULL && size == expected;
    if (ok) {
        memcpy(out->samples, memory, size);
        out->bands = bands;
    }
    if (memory != NULL) vips.free(memory);
    return ok;
}

/// Makes the thumbnails once (and the hash's pixels from the same decode when `hash` is not NULL); 1 on success, else
/// 0 with every result empty.
static int thumbnails_once(const void *data, size_t length, const int *widths, int count,
                           gallery_vips_output *results, gallery_vips_hash_pixels *hash) {
    // The largest is made straight from the encoded image (shrink-on-load: a JPEG is decoded at a fraction of its
    // size), or for a TIFF from its first page, then kept in memory so that the smaller ones are made from it without
    // decoding the image again.
    void *largest = is_tiff(data, length) ? first_page_thumbnail(data, length, widths[0])
                                          : buffer_thumbnail(data, length, widths[0]);
    if (largest == NULL) return 0;
    // The hash's pixels are made from the same copy: `largest` alone is a pipeline that would decode the image again.
    int keep = count > 1 || hash != NULL;
    void *source = keep ? vips.copy_memory(largest) : NULL;
    int ok = !keep || source != NULL;
    if (ok) ok = write_webp(source != NULL ? source : largest, &results[0]);
    for (int index = 1; ok && index < count; index++) {
        void *smaller = NULL;
        ok = vips.thumbnail_image(source, &smaller, widths[index], "height", (int)GALLERY_VIPS_MAX_COORD, "size",
                                  (int)GALLERY_VIPS_SIZE_DOWN, (const char *)NULL) == 0 &&
             smaller != NULL && write_webp(smaller, &results[index]);
        if (smaller != NULL) vips.object_unref(smaller);
    }
    // A hash that cannot be made leaves the thumbnails made: it is only missing (bands 0).
    if (ok && hash != NULL) hash_pixels(source != NULL ? source : largest, hash);
    if (source != NULL) vips.object_unref(source);
    vips.object_unref(largest);
    if (!ok) {
        for (int index = 0; index < count; index++) gallery_vips_free(results[index].data);
        memset(results, 0, sizeof(gallery_vips_output) * (size_t)count);
    }
    return ok;
}

int gallery_vips_decodes(const void *data, size_t length, int all_frames, char *error, size_t error_capacity) {
    if (!gallery_vips_available()) {
        set_error(error, error_capacity, "libvips is not available");
        return 0;
    }
    if (data == NULL || length == 0) {
        set_error(error, error_capacity, "no image data");
        return 0;
    }
    pthread_rwlock_rdlock(&decoding);
    int ok = decodes_once(data, length, all_frames);
    pthread_rwlock_unlock(&decoding);
    if (ok) return 1;
    pthread_rwlock_wrlock(&decoding);
    vips.error_clear();
    ok = decodes_once(data, length, all_frames);
    if (!ok) set_error(error, error_capacity, vips.error_buffer());
    vips.error_clear();
    pthread_rwlock_unlock(&decoding);
    return ok;
}

int gallery_vips_thumbnails(const void *data, size_t length, const int *widths, int count,
                            gallery_vips_output *results, gallery_vips_hash_pixels *hash, char *error,
                            size_t error_capacity) {
    if (results != NULL) memset(results, 0, sizeof(gallery_vips_output) * (count > 0 ? (size_t)count : 0));
    if (hash != NULL) hash->bands = 0;
    if (!gallery_vips_available()) {
        set_error(error, error_capacity, "libvips is not available");
        return 0;
    }
    if (data == NULL || length == 0 || widths == NULL || count <= 0 || results == NULL) {
        set_error(error, error_capacity, "invalid arguments");
        return 0;
    }
    for (int index = 0; index < count; index++) {
        if (widths[index] <= 0 || (index > 0 && widths[index] > widths[index - 1])) {
            set_error(error, error_capacity, "the widths must be positive, largest first");
            return 0;
        }
    }
    pthread_rwlock_rdlock(&decoding);
    int ok = thumbnails_once(data, length, widths, count, results, hash);
    pthread_rwlock_unlock(&decoding);
    if (ok) return 1;
    pthread_rwlock_wrlock(&decoding);
    vips.error_clear();
    ok = thumbnails_once(data, length, widths, count, results, hash);
    if (!ok) set_error(error, error_capacity, vips.error_buffer());
    vips.error_clear();
    pthread_rwlock_unlock(&decoding);
    return ok;
}

int gallery_vips_hash_pixels_of(const void *data, size_t length, gallery_vips_hash_pixels *hash) {
    if (hash == NULL) return 0;
    hash->bands = 0;
    if (!gallery_vips_available() || data == NULL || length == 0) return 0;
    pthread_rwlock_rdlock(&decoding);
    // Shrunk while decoded where the format allows; 64 pixels wide is plenty for 9 × 8.
    void *image = is_tiff(data, length) ? first_page_thumbnail(data, length, 64) : buffer_thumbnail(data, length, 64);
    int ok = image != NULL && hash_pixels(image, hash);
    if (image != NULL) vips.object_unref(image);
    pthread_rwlock_unlock(&decoding);
    return ok;
}

/// Writes the WebP at `data` mirrored (when `mirrored`), then turned `quarter_turns` clockwise, into `result`; 1 on
/// success. The WebP is small (a thumbnail): decoded whole, in memory.
static int turn_once(const void *data, size_t length, int quarter_turns, int mirrored, gallery_vips_output *result) {
    void *image = vips.new_from_buffer(data, length, strict_loading, (const char *)NULL);
    if (image == NULL) return 0;
    void *current = image;
    int ok = 1;
    if (mirrored) {
        void *flipped = NULL;
        ok = vips.flip(current, &flipped, (int)GALLERY_VIPS_DIRECTION_HORIZONTAL, (const char *)NULL) == 0;
        vips.object_unref(current);
        current = ok ? flipped : NULL;
    }
    if (ok && quarter_turns % 4 != 0) {
        void *turned = NULL;
        ok = vips.rot(current, &turned, quarter_turns % 4, (const char *)NULL) == 0;
        vips.object_unref(current);
        current = ok ? turned : NULL;
    }
    if (ok) ok = write_webp(current, result);
    if (current != NULL) vips.object_unref(current);
    return ok;
}

int gallery_vips_turn(const void *data, size_t length, int quarter_turns, int mirrored, gallery_vips_output *result,
                      char *error, size_t error_capacity) {
    if (result != NULL) memset(result, 0, sizeof(gallery_vips_output));
    if (!gallery_vips_available() || vips.rot == NULL || vips.flip == NULL) {
        set_error(error, error_capacity, "libvips is not available");
        return 0;
    }
    if (data == NULL || length == 0 || result == NULL || quarter_turns < 0 || quarter_turns > 3) {
        set_error(error, error_capacity, "invalid arguments");
        return 0;
    }
    pthread_rwlock_rdlock(&decoding);
    int ok = turn_once(data, length, quarter_turns, mirrored, result);
    pthread_rwlock_unlock(&decoding);
    if (ok) return 1;
    pthread_rwlock_wrlock(&decoding);
    vips.error_clear();
    ok = turn_once(data, length, quarter_turns, mirrored, result);
    if (!ok) set_error(error, error_capacity, vips.error_buffer());
    vips.error_clear();
    pthread_rwlock_unlock(&decoding);
    return ok;
}

void gallery_vips_free(void *buffer) {
    if (buffer != NULL && loaded) vips.free(buffer);
}
