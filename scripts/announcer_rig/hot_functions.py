"""The functions a program ran, from Valgrind callgrind profiles, as a symbol ordering file for lld.

scripts/order-hot-functions runs announcerd and its synthesis worker under callgrind and writes what
this module finds next to each program's sources. Package.swift hands the files to lld
(--symbol-ordering-file), which lays those functions out together at the start of .text. A resident
program then touches a few megabytes of code in one run instead of pages all over a large binary:
Linux maps 64 KiB around every page fault of a file mapping, so scattered code costs resident memory.
"""

import collections
import re

_DEFINITION = re.compile(r"^(ob|fn|cob|cfn)=\((\d+)\)(?: (.*))?$")


def executed_functions(profile_lines, binary_suffix):
    """Names of the functions in the object ending in `binary_suffix` that ran, by their own cost, highest first.

    Callgrind's compressed format names each object and function once, as `ob=(N) path` or
    `fn=(N) name`, and refers to it later as `ob=(N)`. A function counts once it has any line of cost
    of its own, or once another function called it (`cfn=`), which covers those it spent no sampled
    instruction in."""
    objects, functions = {}, {}
    current_object = current_function = call_object = None
    cost = collections.Counter()
    after_calls = False

    def ours(path):
        return path is not None and path.endswith(binary_suffix)

    for line in profile_lines:
        line = line.rstrip("\n")
        match = _DEFINITION.match(line)
        if match:
            kind, number, name = match.groups()
            table = objects if kind in ("ob", "cob") else functions
            if name is not None:
                table[number] = name
            if kind == "ob":
                current_object = objects.get(number)
            elif kind == "cob":
                call_object = objects.get(number)
            elif kind == "fn":
                current_function, call_object = functions.get(number), None
                if ours(current_object):
                    cost[current_function] += 0
            else:
                callee_object = call_object or current_object
                if ours(callee_object):
                    cost[functions.get(number)] += 0
            continue
        if line.startswith("calls="):
            after_calls = True
            continue
        if line[:1].isdigit() or line[:1] in "+-*":
            # The line after calls= is the call's inclusive cost, not the caller's own.
            if after_calls:
                after_calls = False
                continue
            if ours(current_object) and current_function:
                fields = line.split()
                if len(fields) > 1 and fields[1].isdigit():
                    cost[current_function] += int(fields[1])
    return [name for name, _ in cost.most_common() if name and not name.startswith("0x")]


def ordering(names, defined_names):
    """The names to give lld: each once, only those the binary defines exactly once.

    A name defined more than once is a local symbol repeated in several objects (a stdlib
    specialization emitted again in another library): lld would move every object section holding
    one, and some of those are whole libraries' code in one section. Callgrind's `'2` suffix marks a
    second context of a function already listed."""
    counts = collections.Counter(defined_names)
    seen, result = set(), []
    for name in names:
        if "'" in name or name in seen or counts[name] != 1:
            continue
        seen.add(name)
        result.append(name)
    return result
