# announcer's hook for bash: speaks a failed command's exit status and name (assertive), and the end
# of a command that ran for ANNOUNCER_LONG_SECONDS (10 unless set) or more (polite). A quick success
# says nothing. Installed by announcer's scripts/install-shell-hooks, or: source this file in ~/.bashrc.
# ANNOUNCER_ANNOUNCE names the announce program when it is not on PATH.

__announcer_waiting=0
__announcer_command=""
__announcer_started=0

# Runs before each simple command: the first one after a prompt is the command the user typed.
__announcer_before() {
  [ "$__announcer_waiting" = 1 ] || return 0
  case "$BASH_COMMAND" in __announcer_*) return 0 ;; esac
  __announcer_waiting=0
  __announcer_command=$BASH_COMMAND
  __announcer_started=$SECONDS
}

# Runs first at each prompt, with the command's exit status still in $?.
__announcer_after() {
  local status=$? command=$__announcer_command
  __announcer_command=""
  [ -n "$command" ] || return $status
  local name=${command%%[[:space:]]*} elapsed=$((SECONDS - __announcer_started))
  local program=${ANNOUNCER_ANNOUNCE:-announce} politeness text
  case "${LC_ALL:-${LC_MESSAGES:-$LANG}}" in
    nb*|no*|nn*)
      if [ "$status" -ne 0 ]; then politeness=--assertive; text="$name feilet med status $status."
      elif [ "$elapsed" -ge "${ANNOUNCER_LONG_SECONDS:-10}" ]; then politeness=--polite; text="$name er ferdig etter $elapsed sekunder."; fi ;;
    *)
      if [ "$status" -ne 0 ]; then politeness=--assertive; text="$name failed with status $status."
      elif [ "$elapsed" -ge "${ANNOUNCER_LONG_SECONDS:-10}" ]; then politeness=--polite; text="$name finished after $elapsed seconds."; fi ;;
  esac
  # In the background, so the prompt never waits for speech.
  [ -n "$text" ] && ( "$program" say "$politeness" "$text" >/dev/null 2>&1 & )
  return $status
}

# Runs last at each prompt: from here on, the next command is the user's.
__announcer_ready() { __announcer_waiting=1; }

trap '__announcer_before' DEBUG
PROMPT_COMMAND="__announcer_after${PROMPT_COMMAND:+; $PROMPT_COMMAND}; __announcer_ready"
