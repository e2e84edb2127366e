"""Whether the symbol ordering files still name this package's code, checked against a debug build.

scripts/check-order-files runs this after swift build; scripts/order-hot-functions writes the files.
A name of this package's own Swift code that no object of the debug build defines is stale. Names
only an optimizing build makes (specializations, merged and outlined functions, thunks, lld's
numbered local copies) are not checked, nor are names from other libraries.
"""
import glob
import os
import re
import subprocess

PROGRAMS = ("announcerd", "announcer-synth")
# Suffixes of Swift manglings an optimizing build makes and a debug build need not: generic and
# function-signature specializations, merged, outlined and partial-apply forwarders, reabstraction thunks,
# and the pieces an async function is split into at its suspension points (TQn_, TYn_), which differ.
# lld names a local copy with a numeric suffix (".64"), which is left out too.
RELEASE_ONLY = re.compile(r"(TQ\d*_|TY\d*_|Tg\d*_?|Tf[0-9a-zA-Z_]*|Tm|TA|Tq|TR|Tr|Oy|Oe|Oh|Ob|Os|Wy|WO[a-z]|Wb)(Tm|TA|_)?(\.\d+)?$|\.\d+$")
SWIFT_NAME = re.compile(r"^\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)")


def own_modules(repo):
    """The package's Swift modules: the folders of Sources/'s layers with Swift files, dashes as underscores."""
    modules = set()
    for folder in glob.glob(os.path.join(repo, "Sources", "*", "*")):
        if glob.glob(os.path.join(folder, "**", "*.swift"), recursive=True):
            modules.add(os.path.basename(folder).replace("-", "_"))
    return modules


def module_of(name):
    """The module a Swift mangled name begins with, or None for another kind of name."""
    match = SWIFT_NAME.match(name)
    if not match:
        return None
    length, rest = int(match.group(1)), match.group(2)
    return rest[:length] if len(rest) >= length else None


def checked_names(order_lines, modules):
    """The names of an order file that a debug build of `modules` must define."""
    return [name for name in order_lines if module_of(name) in modules and not RELEASE_ONLY.search(name)]


def stale_names(order_lines, modules, defined):
    """The checked names of an order file, and those of them that `defined` lacks."""
    names = checked_names(order_lines, modules)
    return names, [name for name in names if name not in defined]


def defined_names(build):
    """Every name the debug build's Swift objects define; None when there are none."""
    objects = glob.glob(os.path.join(build, "*.build", "*.o"))
    if not objects:
        return None
    defined = set()
    for start in range(0, len(objects), 200):
        listing = subprocess.run(["nm", "--defined-only", *objects[start:start + 200]],
                                 capture_output=True, text=True, check=True).stdout
        for line in listing.splitlines():
            parts = line.split()
            if len(parts) == 3:
                defined.add(parts[2])
    return defined
