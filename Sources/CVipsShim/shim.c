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
typedef void (*g_object_unref_fn)(void *object);
typedef void (*g_free_fn)(void *memory);

// VipsSize: VIPS_SIZE_BOTH, VIPS_SIZE_UP, VIPS_SIZE_DOWN, VIPS_SIZE_FORCE.
enum { GALLERY_VIPS_SIZE_DOWN = 2 };
// VIPS_MAX_COORD: no limit on the height, so the width alone decides the size.
enum { GALLERY_VIPS_MAX_COORD = 10000000 };

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
    g_object_unref_fn object_unref;
    g_free_fn free;
} vips;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
// The vips error buffer is shared by every thread: read and cleared by one at a time.
static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;

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
    vips.object_unref = (g_object_unref_fn)find(handle, gobject, "g_object_unref");
    vips.free = (g_free_fn)find(handle, glib, "g_free");
    if (vips.init == NULL || vips.thumbnail_buffer == NULL || vips.thumbnail_image == NULL ||
        vips.copy_memory == NULL || vips.write_to_buffer == NULL ||
        vips.error_buffer == NULL || vips.error_clear == NULL || vips.concurrency_set == NULL ||
        vips.cache_set_max == NULL || vips.get_width == NULL || vips.get_height == NULL ||
        vips.object_unref == NULL || vips.free == NULL) {
        return;
    }
    if (vips.init("image-gallery") != 0) return;
    vips.concurrency_set(1);
    vips.cache_set_max(0);
    // Loaders libvips itself calls unsafe for untrusted input (ImageMagick, Matlab, …) are refused (8.13 and later).
    vips_block_untrusted_set_fn block_untrusted =
        (vips_block_untrusted_set_fn)find(handle, NULL, "vips_block_untrusted_set");
    if (block_untrusted != NULL) block_untrusted(1);
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

static void set_vips_error(char *error, size_t capacity) {
    pthread_mutex_lock(&error_lock);
    set_error(error, capacity, vips.error_buffer());
    vips.error_clear();
    pthread_mutex_unlock(&error_lock);
}

/// Writes `image` as a WebP into `result`; 1 on success.
static int write_webp(void *image, gallery_vips_output *result, char *error, size_t error_capacity) {
    void *buffer = NULL;
    size_t size = 0;
    if (vips.write_to_buffer(image, ".webp[Q=80,strip]", &buffer, &size, (const char *)NULL) != 0 || buffer == NULL) {
        set_vips_error(error, error_capacity);
        return 0;
    }
    result->data = buffer;
    result->length = size;
    result->width = vips.get_width(image);
    result->height = vips.get_height(image);
    return 1;
}

int gallery_vips_thumbnails(const void *data, size_t length, const int *widths, int count,
                            gallery_vips_output *results, char *error, size_t error_capacity) {
    if (results != NULL) memset(results, 0, sizeof(gallery_vips_output) * (count > 0 ? (size_t)count : 0));
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
    // The largest is made straight from the encoded image (shrink-on-load: a JPEG is decoded at a fraction of its
    // size), then kept in memory so that the smaller ones are made from it without decoding the image again.
    void *largest = NULL;
    // The buffer is only read; vips_thumbnail_buffer takes a non-const pointer.
    if (vips.thumbnail_buffer((void *)data, length, &largest, widths[0], "height", (int)GALLERY_VIPS_MAX_COORD, "size",
                              (int)GALLERY_VIPS_SIZE_DOWN, (const char *)NULL) != 0 ||
        largest == NULL) {
        set_vips_error(error, error_capacity);
        return 0;
    }
    void *source = count > 1 ? vips.copy_memory(largest) : NULL;
    int ok = count == 1 || source != NULL;
    if (!ok) set_vips_error(error, error_capacity);
    if (ok) ok = write_webp(source != NULL ? source : largest, &results[0], error, error_capacity);
    for (int index = 1; ok && index < count; index++) {
        void *smaller = NULL;
        if (vips.thumbnail_image(source, &smaller, widths[index], "height", (int)GALLERY_VIPS_MAX_COORD, "size",
                                 (int)GALLERY_VIPS_SIZE_DOWN, (const char *)NULL) != 0 ||
            smaller == NULL) {
            set_vips_error(error, error_capacity);
            ok = 0;
        } else {
            ok = write_webp(smaller, &results[index], error, error_capacity);
            vips.object_unref(smaller);
        }
    }
    if (source != NULL) vips.object_unref(source);
    vips.object_unref(largest);
    if (!ok) {
        for (int index = 0; index < count; index++) gallery_vips_free(results[index].data);
        memset(results, 0, sizeof(gallery_vips_output) * (size_t)count);
    }
    return ok;
}

void gallery_vips_free(void *buffer) {
    if (buffer != NULL && loaded) vips.free(buffer);
}
