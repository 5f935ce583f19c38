package shellint

const zshScript = `# ragman shell integration for zsh: ` + "`? QUESTION...`" + ` asks ragman; the opt-in
# man and info fallback offers an answer when a page is missing.
#
# Load it from ~/.zshrc with
#     eval "$(ragadmin shell-init zsh)"
# or source the copy make install puts in PREFIX/share/ragman/shellint/.
# Set RAGMAN_MAN_FALLBACK=1 before that line to wrap man and info. It does
# nothing in a shell that is not interactive, and loading it twice changes
# nothing. See ragman(1), SHELL INTEGRATION.

if [[ -o interactive && -z ${__ragman_shell_init_done-} ]]; then
typeset -g __ragman_shell_init_done=1

# ? how do I delete *.tmp files?
# reaches ragman as typed: noglob keeps zsh from expanding the words. $?
# after the question is what the command before it left.
alias '?'='noglob __ragman_ask'

__ragman_ask() {
    local s=$?
    if [[ $1 == explain && $# -gt 1 ]]; then
        # "? explain tar -xzvf a.tgz": the words are the command line
        shift
        command {{.Ragman}} --explain -- "$*"
    else
        # one conversation per shell: "? and recursively?" follows on
        command {{.Ragman}} --conversation "shell-$$" -- "$@"
    fi
    return $s
}

case ${RAGMAN_MAN_FALLBACK-} in
1 | [yY]es | [tT]rue | [oO]n)
    # man runs as usual (your own man function, if you have one, else
    # command man). Only when man-db says there is no page (status 16), and
    # only on a terminal, it offers an answer; man's status is kept.
    if (( ${+functions[man]} )) && [[ ${functions[man]} != *__ragman_* ]]; then
        functions[__ragman_man_inner]=${functions[man]}
    fi
    function man {
        if (( ${+functions[__ragman_man_inner]} )); then
            __ragman_man_inner "$@"
        else
            command man "$@"
        fi
        local s=$?
        if (( s == 16 )) && [[ -t 0 && -t 1 && -t 2 ]] && __ragman_topic man "$@" &&
            __ragman_confirm "manual page" "$__ragman_page"; then
            __ragman_answer "$__ragman_page"
        fi
        return $s
    }

    # info shows its directory when it has no manual for a topic: on a
    # terminal the offer comes first, and info runs as usual when it is
    # declined (or not on a terminal). An accepted offer returns ragman's
    # status.
    if (( ${+functions[info]} )) && [[ ${functions[info]} != *__ragman_* ]]; then
        functions[__ragman_info_inner]=${functions[info]}
    fi
    function info {
        if [[ -t 0 && -t 1 && -t 2 ]] && __ragman_topic info "$@" &&
            [[ -z $(command info -w -- "$__ragman_page" 2>/dev/null) ]] &&
            __ragman_confirm "info manual" "$__ragman_page"; then
            __ragman_answer "$__ragman_page"
            return
        fi
        if (( ${+functions[__ragman_info_inner]} )); then
            __ragman_info_inner "$@"
        else
            command info "$@"
        fi
    }

    # __ragman_topic PROGRAM ARGS... sets __ragman_page to the one page
    # the arguments ask for (NAME, or SECTION NAME for man); it fails for
    # options or several pages, where there is no one topic to offer.
    __ragman_topic() {
        local prog=$1
        shift
        case $#,$prog in
        1,*) typeset -g __ragman_page=$1 ;;
        2,man) [[ $1 == [0-9n]* && $1 != *[^0-9a-z]* ]] || return 1
            typeset -g __ragman_page=$2 ;;
        *) return 1 ;;
        esac
        [[ -n $__ragman_page && $__ragman_page != -* ]]
    }

    __ragman_confirm() {
        local reply
        printf 'ragman: no %s for %s here; ask ragman instead? [y/N] ' "$1" "$2" >&2
        read -r reply || return 1
        [[ $reply == [yY]* ]]
    }

    __ragman_answer() {
        command {{.Ragman}} -- "what is $1 and how do I use it?"
    }
    ;;
esac

fi
`
