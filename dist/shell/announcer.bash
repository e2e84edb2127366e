# announcer's hook for bash: speaks a failed command's exit status and name (assertive), and the end
# of a command that ran for ANNOUNCER_LONG_SECONDS (10 unless set) or more (polite). A quick success
# says nothing, nor does a command stopped with Ctrl-C (130) or Ctrl-Z (148). In a pipeline, the first
# command that failed is named, so `make 2>&1 | announce pipe --tee` says make's status, not the pipe's.
# It speaks in the language of the shell's own locale (Norwegian for nb, nn and no; else English).
# Installed by announcer's scripts/install-shell-hooks, or: source this file in ~/.bashrc.
# ANNOUNCER_ANNOUNCE names the announce program when it is not on PATH.

# Sourced twice, it would chain onto its own trap.
[ -n "${__announcer_loaded:-}" ] && return 0
__announcer_loaded=1

__announcer_waiting=0
__announcer_command=""
__announcer_started=0

# Runs before each simple command: the first one after a prompt is the command the user typed.
__announcer_before() {
  [ "$__announcer_waiting" = 1 ] || return 0
  case "$BASH_COMMAND" in __announcer_*) return 0 ;; esac
  __announcer_waiting=0
  # The whole line as typed, pipes and all, from the history; BASH_COMMAND holds only its first
  # simple command, and is all there is when the line was kept out of the history.
  local line
  line=$(HISTTIMEFORMAT='' builtin history 1 2>/dev/null)
  line=${line#*[0-9]  }
  case "$line" in *"$BASH_COMMAND"*) __announcer_command=$line ;; *) __announcer_command=$BASH_COMMAND ;; esac
  __announcer_now
  __announcer_started=$__announcer_time
}

# Sets __announcer_time to microseconds since the epoch (bash 5), or before bash 5 to whole seconds
# as microseconds: SECONDS counts whole seconds since the shell started, so 2.1 s could be told as 3.
__announcer_now() {
  __announcer_time=${EPOCHREALTIME:-}
  __announcer_time=${__announcer_time/[.,]/}
  [ -n "$__announcer_time" ] || __announcer_time=$((SECONDS * 1000000))
}

# The name of the command in `part` of a pipeline: its first word after any VAR=value prefixes,
# whose values may be quoted and hold spaces. The text is only read, never run again.
__announcer_name() {
  local rest=$1
  local assignment="^[[:space:]]*[A-Za-z_][A-Za-z0-9_]*=('[^']*'|\"([^\"\\\\]|\\\\.)*\"|[^[:space:]'\"])*"
  while [[ $rest =~ $assignment ]]; do rest=${rest:${#BASH_REMATCH[0]}}; done
  rest=${rest#"${rest%%[![:space:]]*}"}
  printf '%s' "${rest%%[[:space:]]*}"
}

# Sets $? to $1 without a subshell, for the trap that runs after announcer's.
__announcer_return() { return "$1"; }

# Runs first at each prompt, with the command's exit status still in $? and PIPESTATUS.
__announcer_after() {
  local status=$? statuses=("${PIPESTATUS[@]}")
  local command=$__announcer_command
  __announcer_command=""
  [ -n "$command" ] || return $status
  # The first stage that failed; one that died of SIGPIPE (141) because a later one stopped reading
  # (`yes | head`) is not a failure of its own.
  local failed=0 index=0 last=$((${#statuses[@]} - 1))
  for index in "${!statuses[@]}"; do
    local stage=${statuses[$index]}
    [ "$stage" -eq 0 ] && continue
    [ "$stage" -eq 141 ] && [ "$index" -lt "$last" ] && continue
    failed=$stage
    break
  done
  [ "$failed" -ne 0 ] || index=0
  # Ctrl-C and Ctrl-Z are the user's own doing, not failures to be told of.
  case "$failed" in 130|148) return $status ;; esac
  local part=$command
  if [ "${#statuses[@]}" -gt 1 ]; then
    local -a parts
    # The pipeline's commands, split at | but not at ||.
    IFS=$'\x1f' read -r -a parts <<<"$(printf '%s' "$command" | sed -e 's/||/\x1e/g' -e 's/|&\{0,1\}/\x1f/g' -e 's/\x1e/||/g')"
    part=${parts[$index]:-$command}
  fi
  __announcer_now
  local name elapsed=$(((__announcer_time - __announcer_started) / 1000000))
  name=$(__announcer_name "$part")
  local program=${ANNOUNCER_ANNOUNCE:-announce} politeness="" text="" lang
  case "${LC_ALL:-${LC_MESSAGES:-${LANG:-}}}" in
    nb*|no*|nn*)
      lang=nb
      if [ "$failed" -ne 0 ]; then politeness=--assertive; text="$name feilet med status $failed."
      elif [ "$elapsed" -ge "${ANNOUNCER_LONG_SECONDS:-10}" ]; then politeness=--polite; text="$name ble ferdig etter $elapsed sekunder."; fi ;;
    *)
      lang=en
      if [ "$failed" -ne 0 ]; then politeness=--assertive; text="$name failed with status $failed."
      elif [ "$elapsed" -ge "${ANNOUNCER_LONG_SECONDS:-10}" ]; then politeness=--polite; text="$name finished after $elapsed seconds."; fi ;;
  esac
  # In the background, so the prompt never waits for speech.
  [ -n "$text" ] && ( "$program" say "$politeness" --lang "$lang" "$text" >/dev/null 2>&1 & )
  return $status
}

# Runs last at each prompt: from here on, the next command is the user's.
__announcer_ready() { __announcer_waiting=1; }

# A DEBUG trap set before this one (bash-preexec's, or the user's own) goes on running after it,
# with the same $? it would have seen, and its status is the trap's. It is read at the first prompt:
# while this file is sourced, bash hides the DEBUG trap, and in a function or a command substitution
# it is not set either, so it is written to a file at the top level of PROMPT_COMMAND.
__announcer_installed=""
__announcer_previous_debug=""
__announcer_trap_file=$(mktemp 2>/dev/null) || __announcer_trap_file=/dev/null

# Reads the DEBUG trap written to `$1` and leaves in __announcer_debug_trap the trap that chains onto it.
__announcer_chain() {
  local previous=""
  IFS= read -r -d '' previous <"$1"
  [ "$1" = /dev/null ] || rm -f "$1"
  previous=${previous%$'\n'}
  previous=${previous#trap -- }
  previous=${previous% DEBUG}
  # What trap -p prints is quoted for the shell; eval takes the quotes off.
  [ -n "$previous" ] && eval "previous=$previous"
  __announcer_previous_debug=$previous
  if [ -n "$previous" ]; then
    __announcer_debug_trap='__announcer_status=$?; __announcer_before; __announcer_return $__announcer_status; eval "$__announcer_previous_debug"'
  else
    __announcer_debug_trap='__announcer_before'
  fi
  __announcer_installed=1
}

PROMPT_COMMAND="__announcer_after${PROMPT_COMMAND:+; $PROMPT_COMMAND}"
PROMPT_COMMAND+='; [ -n "$__announcer_installed" ] || { trap -p DEBUG >"$__announcer_trap_file"; __announcer_chain "$__announcer_trap_file"; trap -- "$__announcer_debug_trap" DEBUG; }'
PROMPT_COMMAND+='; __announcer_ready'
