import unittest

from announcer_rig.order_files import checked_names, module_of, stale_names

MODULES = {"AnnouncerServer", "announcerd", "Speech"}


class OrderFilesTests(unittest.TestCase):
    def test_the_module_is_read_from_the_start_of_a_swift_name(self):
        self.assertEqual(module_of("$s15AnnouncerServer012AnnouncementB0C5startyyKF"), "AnnouncerServer")
        self.assertEqual(module_of("$s10announcerd10AnnouncerdV3runyyYaKF"), "announcerd")
        self.assertIsNone(module_of("espeak_Synth"))
        self.assertIsNone(module_of("$s9Foo"))

    def test_only_this_packages_names_that_a_debug_build_makes_are_checked(self):
        lines = [
            "$s6Speech19IsolatedSynthesizerC4stopyyF",
            "$s6Speech19IsolatedSynthesizerC4stopyyFTA.4",
            "$s6Speech3FooV3baryyFTf4n_g",
            "$s15AnnouncerServer0B4PartV3runyyYaKFTQ1_",
            "$s7NIOCore7ChannelP5closeyyF",
            "memcpy",
        ]
        self.assertEqual(checked_names(lines, MODULES), ["$s6Speech19IsolatedSynthesizerC4stopyyF"])

    def test_a_name_no_object_defines_is_stale(self):
        lines = ["$s6Speech19IsolatedSynthesizerC4stopyyF", "$s6Speech19IsolatedSynthesizerC4goneyyF"]
        names, stale = stale_names(lines, MODULES, {"$s6Speech19IsolatedSynthesizerC4stopyyF"})
        self.assertEqual(len(names), 2)
        self.assertEqual(stale, ["$s6Speech19IsolatedSynthesizerC4goneyyF"])


if __name__ == "__main__":
    unittest.main()
