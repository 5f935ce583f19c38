# fish completion for ragman. Generated from its command model by
# cmd/internal/genshell (go generate); do not edit.

function __ragman_complete --description 'Complete ragman'
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l cmd ''
    set -l npos 0
    set -l flag ''
    set -l dashdash ''
    for word in $tokens[2..-1]
        if test -n "$flag"
            set flag ''
            continue
        end
        if test -z "$dashdash"; and string match -q -- '-*' $word
            switch $word
                case --
                    set dashdash 1
                case '*=*'
                case '*'
                    switch "$cmd:$word"
                        case 'ask:--context-tokens' 'ask:--conversation'
                            set flag $word
                    end
            end
            continue
        end
        if test $npos -eq 0
            switch "$cmd:$word"
                case ':ask'
                    set cmd (string trim -- "$cmd $word")
                    continue
            end
        end
        test "$cmd" = ''; and set cmd 'ask'
        set npos (math $npos + 1)
        contains -- "$cmd" 'ask'; and set dashdash 1
    end

    set -l prefix ''
    if test -z "$flag" -a -z "$dashdash"; and string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 = -- $cur)
        set flag $parts[1]
        set prefix "$flag="
        set cur $parts[2]
    end
    if test -n "$flag"
        return
    end
    if test -z "$dashdash"; and string match -q -- '-*' $cur
        switch $cmd
            case ''
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print the answer as one JSON object' '--plain' 'Print plain text: the same sections, no markdown' '--context-tokens' 'Longest question passed on, in tokens; a longer one is truncated with a...' '--conversation' 'Ask within a conversation: a follow-up ("and recursively?") is read in...' '--explain' 'Explain a command line instead: each program, subcommand, option and...' '--why' 'Explain how the answer to the question given (or, with none, the last...'
            case 'ask'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print the answer as one JSON object' '--plain' 'Print plain text: the same sections, no markdown' '--context-tokens' 'Longest question passed on, in tokens; a longer one is truncated with a...' '--conversation' 'Ask within a conversation: a follow-up ("and recursively?") is read in...' '--explain' 'Explain a command line instead: each program, subcommand, option and...' '--why' 'Explain how the answer to the question given (or, with none, the last...'
        end
        return
    end
    switch $cmd
        case ''
            test $npos -eq 0; and printf '%s\t%s\n' 'ask' 'Ask a question (the default; \'ask\' may be left out)'
    end
end

complete -c ragman -e
complete -c ragman -f -a '(__ragman_complete)'
