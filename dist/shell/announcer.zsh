# announcer's hook for zsh: speaks a failed command's exit status and name (assertive), and the end
# of a command that ran for ANNOUNCER_LONG_SECONDS (10 unless set) or more (polite). A quick success
# says nothing, nor does a command stopped with Ctrl-C (130) or Ctrl-Z (148). In a pipeline, the first
# command that failed is named, so `make 2>&1 | announce pipe --tee` says make's status, not the pipe's.
# It speaks in the language of the shell's own locale (Norwegian for nb, nn and no; else English).
# Installed by announcer's scripts/install-shell-hooks, or: source this file in ~/.zshrc.
# ANNOUNCER_ANNOUNCE names the announce program when it is not on PATH.
#
# It is added with add-zsh-hook, beside any preexec and precmd functions already there, never in
# their place.

autoload -Uz add-zsh-hook
zmodload -F zsh/datetime p:EPOCHREALTIME 2>/dev/null

__announcer_command=""
__announcer_started=0

__announcer_preexec() {
  __announcer_command=$1
  __announcer_started=${EPOCHREALTIME:-$SECONDS}
}

# The name of the command in `part` of a pipeline: its first word after any VAR=value prefixes,
# whose values may be quoted and hold spaces. (z) splits the text as zsh's parser would; nothing in
# it is run again.
__announcer_name() {
  setopt localoptions extendedglob
  local word
  for word in ${(z)1}; do
    [[ $word == [A-Za-z_][A-Za-z0-9_]#=* ]] && continue
    print -rn -- "$word"
    return
  done
}

__announcer_precmd() {
  # $? and $pipestatus in one statement, before any other command resets them.
  local exit_status=$? statuses=("${pipestatus[@]}")
  local command=$__announcer_command
  __announcer_command=""
  [[ -n $command ]] || return 0
  # The first stage that failed; one that died of SIGPIPE (141) because a later one stopped reading
  # (`yes | head`) is not a failure of its own.
  local failed=0 index=1 i
  for (( i = 1; i <= ${#statuses}; i++ )); do
    (( statuses[i] == 0 )) && continue
    (( statuses[i] == 141 && i < ${#statuses} )) && continue
    failed=${statuses[i]}
    index=$i
    break
  done
  # Ctrl-C and Ctrl-Z are the user's own doing, not failures to be told of.
  (( failed == 130 || failed == 148 )) && return 0
  local part=$command
  if (( ${#statuses} > 1 )); then
    # The pipeline's commands, as zsh's parser splits them at | and |&, not at ||.
    local -a words parts
    local current="" word
    words=(${(z)command})
    for word in $words; do
      if [[ $word == '|' || $word == '|&' ]]; then parts+=("$current"); current=""
      else current+="$word "; fi
    done
    parts+=("$current")
    part=${parts[index]:-$command}
  fi
  local name=$(__announcer_name "$part")
  local elapsed=$(( ${EPOCHREALTIME:-$SECONDS} - __announcer_started ))
  elapsed=${elapsed%%.*}
  local program=${ANNOUNCER_ANNOUNCE:-announce} politeness="" text="" lang
  case "${LC_ALL:-${LC_MESSAGES:-$LANG}}" in
    nb*|no*|nn*)
      lang=nb
      if (( failed != 0 )); then politeness=--assertive; text="$name feilet med status $failed."
      elif (( elapsed >= ${ANNOUNCER_LONG_SECONDS:-10} )); then politeness=--polite; text="$name ble ferdig etter $elapsed sekunder."; fi ;;
    *)
      lang=en
      if (( failed != 0 )); then politeness=--assertive; text="$name failed with status $failed."
      elif (( elapsed >= ${ANNOUNCER_LONG_SECONDS:-10} )); then politeness=--polite; text="$name finished after $elapsed seconds."; fi ;;
  esac
  # In the background and out of job control, so the prompt never waits and no job line is printed.
  [[ -n $text ]] && ( "$program" say "$politeness" --lang "$lang" "$text" >/dev/null 2>&1 &! )
  return 0
}

add-zsh-hook preexec __announcer_preexec
add-zsh-hook precmd __announcer_precmd
