#ifndef CSPAWNSHIM_H
#define CSPAWNSHIM_H

#include <sys/types.h>

// Starts `path` with posix_spawn: `argv` and `envp` end with NULL; its standard input is /dev/null, its output and
// messages go to two new pipes whose read ends (close-on-exec) are returned in `output` and `messages`; every other
// descriptor is closed in it and every signal is at its default, unblocked. Returns 0, or the errno of what failed.
int gallery_spawn(const char *path, char *const argv[], char *const envp[], pid_t *pid, int *output, int *messages);

#endif
