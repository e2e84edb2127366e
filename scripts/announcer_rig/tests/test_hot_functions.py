import unittest

from announcer_rig.hot_functions import executed_functions, ordering

PROFILE = """version: 1
creator: callgrind-3.19.0
events: Ir
ob=(1) /tmp/x/bin/announcerd
fl=(1) ???
fn=(1) main
0 120
cob=(2) /usr/lib/libc.so.6
cfi=(2) ???
cfn=(2) write
calls=1 0
0 999
cob=(1)
cfn=(3) $s6Server5startyyF
calls=1 0
0 500
fn=(3)
0 400
ob=(2)
fl=(2)
fn=(2)
0 50
ob=(1)
fn=(4) $s6Server4idleyyF'2
0 1
"""


class HotFunctionsTests(unittest.TestCase):
    def test_functions_of_the_binary_by_own_cost_without_the_calls_cost_or_other_objects(self):
        names = executed_functions(PROFILE.splitlines(), "/announcerd")
        self.assertEqual(names, ["$s6Server5startyyF", "main", "$s6Server4idleyyF'2"])

    def test_ordering_drops_repeated_local_names_second_contexts_and_duplicates(self):
        names = ["a", "b", "a", "c'2", "d"]
        self.assertEqual(ordering(names, ["a", "b", "b", "c", "d"]), ["a", "d"])


if __name__ == "__main__":
    unittest.main()
