tts_say "Hello \"world\" ok"
stop
tts_set_speech_rate 300
tts_say "Fenrir\nnext line"
q {a \} b}
q {$HOME [exec rm] ;}
c {}
q "unclosed
d
