tts_set_speech_rate 1e19
r 99999999999999999999
tts_sync_state all 1 1 0 1e19
sh 99999999999999999999
t 1e30 1e30
t 440 1e400
t -1e30 5
tts_set_character_scale 1e30
sh -1e19
tts_set_speech_rate 9223372036854775808
q {done}
d
