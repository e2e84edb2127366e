# announcer's hook for zsh: speaks a failed command's exit status and name (assertive), and the end
# of a command that ran for ANNOUNCER_LONG_SECONDS (10 unless set) or more (polite). A quick success
# says nothing. Installed by announcer's scripts/install-shell-hooks, or: source this file in ~/.zshrc.
# ANNOUNCER_ANNOUNCE names the announce program when it is not on PATH.

autoload -Uz add-zsh-hook

__announcer_command=""
__announcer_started=0

__announcer_preexec() {
  __announcer_command=$1
  __announcer_started=$SECONDS
}

__announcer_precmd() {
  local exit_status=$? command=$__announcer_command
  __announcer_command=""
  [[ -n $command ]] || return 0
  local name=${command%%[[:space:]]*} elapsed=$(( SECONDS - __announcer_started ))
  local program=${ANNOUNCER_ANNOUNCE:-announce} politeness="" text=""
  case "${LC_ALL:-${LC_MESSAGES:-$LANG}}" in
    nb*|no*|nn*)
      if (( exit_status != 0 )); then politeness=--assertive; text="$name feilet med status $exit_status."
      elif (( elapsed >= ${ANNOUNCER_LONG_SECONDS:-10} )); then politeness=--polite; text="$name er ferdig etter $elapsed sekunder."; fi ;;
    *)
      if (( exit_status != 0 )); then politeness=--assertive; text="$name failed with status $exit_status."
      elif (( elapsed >= ${ANNOUNCER_LONG_SECONDS:-10} )); then politeness=--polite; text="$name finished after $elapsed seconds."; fi ;;
  esac
  # In the background and out of job control, so the prompt never waits and no job line is printed.
  [[ -n $text ]] && ( "$program" say "$politeness" "$text" >/dev/null 2>&1 &! )
  return 0
}

add-zsh-hook preexec __announcer_preexec
add-zsh-hook precmd __announcer_precmd
