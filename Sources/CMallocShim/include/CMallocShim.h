#ifndef CMALLOCSHIM_H
#define CMALLOCSHIM_H

// Linking this module tunes glibc's malloc for a long-running server when the program is loaded: shim.c says how and
// why. It declares nothing.

#endif
