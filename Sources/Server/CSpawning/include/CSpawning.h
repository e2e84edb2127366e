// The C-library calls of the POSIX funnel that glibc declares only under _GNU_SOURCE, which Swift's
// Glibc module does not define, and that swift-system lacks: see CSpawning.c.
#ifndef C_SPAWNING_H
#define C_SPAWNING_H

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34): the child closes every descriptor from `from` up.
/// `actions` is a posix_spawn_file_actions_t; the header names no glibc type, so that no C type reaches
/// Swift through this module rather than through Glibc.
int cspawning_add_close_from(void *actions, int from);

/// glibc's POSIX_SPAWN_SETSID: the child starts a session of its own.
short cspawning_set_session_flag(void);

#endif
