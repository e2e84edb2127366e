tts_sync_state some 0 1 1 225
tts_set_punctuations all
c {<voice gender="female" variant="1"><prosody pitch="60">}
q {Hello from Emacspeak }
sh 250
t 500 75
a /usr/share/emacs/site-lisp/emacspeak/sounds/pan-chimes/item.wav
q {left[*]brace [{voice bold}] done}
d
l A
tts_say {Buffer *scratch*}
set_lang nb t
set_preferred_lang norsk nb
list_lang
s
version
tts_pause
tts_resume
exit
