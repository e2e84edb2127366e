// libFuzzer's driver, from the toolchain's clang runtime (linked by -sanitize=fuzzer).
// SwiftPM names an executable's entry point <Module>_main and points `main` at it, so libFuzzer's own
// `main` is never linked; each harness's <Module>_main starts the driver with its callback instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
