// Compiled with _GNU_SOURCE, so glibc's extensions are declared here, as they are not to Swift.
#define _GNU_SOURCE
#include <spawn.h>
#include "CSpawning.h"

int cspawning_add_close_from(void *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, from);
}

short cspawning_set_session_flag(void) {
    return POSIX_SPAWN_SETSID;
}
