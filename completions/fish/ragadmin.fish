# fish completion for ragadmin. Generated from its command model by
# cmd/internal/genshell (go generate); do not edit.

function __ragadmin_complete --description 'Complete ragadmin'
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
                        case 'sources add:--type' 'sources update:--type' 'sources add:--language' 'sources add:--notes' 'sources update:--language' 'sources update:--checksum' 'sources update:--notes' 'traces:--last' 'install-hook:--destdir' 'install-hook:--bindir' 'sources update:--location' 'sources update:--status'
                            set flag $word
                    end
            end
            continue
        end
        if test $npos -eq 0
            switch "$cmd:$word"
                case ':init' ':sources' ':reindex' ':health' ':show' ':traces' ':nudge' ':install-hook' ':serve' ':shell-init' 'sources:list' 'sources:add' 'sources:update' 'sources:remove'
                    set cmd (string trim -- "$cmd $word")
                    continue
            end
        end
        set npos (math $npos + 1)
    end

    set -l prefix ''
    if test -z "$flag" -a -z "$dashdash"; and string match -q -- '--*=*' $cur
        set -l parts (string split -m 1 = -- $cur)
        set flag $parts[1]
        set prefix "$flag="
        set cur $parts[2]
    end
    if test -n "$flag"
        switch "$cmd:$flag"
            case 'sources add:--type' 'sources update:--type'
                printf '%s\n' "$prefix"'man' "$prefix"'info' "$prefix"'zim' "$prefix"'tldr'
            case 'sources update:--location'
                string replace -r -- '^' "$prefix" (__fish_complete_path $cur)
            case 'sources update:--status'
                printf '%s\n' "$prefix"'active' "$prefix"'pending' "$prefix"'error'
        end
        return
    end
    if test -z "$dashdash"; and string match -q -- '-*' $cur
        switch $cmd
            case ''
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit'
            case 'init'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json'
            case 'sources'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit'
            case 'sources list'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json' '--names' 'Print only the aliases, one per line (for shell completion: quick, no...'
            case 'sources add'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json' '--type' 'The source\'s type, when detection gets it wrong or the folder is still...' '--language' 'The language of its documents (en, fr, pt-BR, ...); default: detected...' '--notes' 'Free text, shown by list'
            case 'sources update'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json' '--type' 'New type; the location must fit it' '--location' 'New location: a man tree, info folder or .zim file' '--language' 'New language tag (en, fr, pt-BR, und)' '--status' 'New status; error quarantines the source (reindex skips it until it is...' '--checksum' 'New stored checksum; an empty one makes the next reindex treat the...' '--notes' 'New notes (replaces the old)'
            case 'sources remove'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json'
            case 'reindex'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json' '--force' 'Rebuild even when no source changed'
            case 'health'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json'
            case 'show'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print the document as JSON (the default when ragadmin.output_default is...'
            case 'traces'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json' '--last' 'How many of the last questions to list'
            case 'nudge'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json' '--quiet' 'Print nothing unless something fails' '-q' 'Print nothing unless something fails'
            case 'install-hook'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit' '--json' 'Print JSON for scripts: one object on stdout, also when the command...' '--table' 'Print for people, even when ragadmin.output_default is json' '--remove' 'Remove the hook instead' '--destdir' 'Write under DIR, as make install does (packaging, tests); the hook...' '--bindir' 'Where ragadmin is installed (default: the folder of this ragadmin)'
            case 'serve'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit'
            case 'shell-init'
                printf '%s\t%s\n' '--help' 'Show context-sensitive help' '-h' 'Show context-sensitive help' '--verbose' 'Also print the trace log on stderr' '-v' 'Also print the trace log on stderr' '--version' 'Print the version and exit'
        end
        return
    end
    switch $cmd
        case ''
            test $npos -eq 0; and printf '%s\t%s\n' 'init' 'Set up ragman: folders, config.yaml and the default sources; check...' 'sources' 'List, add, update and remove knowledge sources' 'reindex' 'Bring the index up to date with the sources' 'health' 'Check the index, the sources, disk space and the engines' 'show' 'Print a document as the index sees it' 'traces' 'List the last questions: how each was read, ranked and answered' 'nudge' 'Make the running backends check their sources for added or removed...' 'install-hook' 'Install (or --remove) apt\'s hook that runs nudge after each package...' 'serve' 'Run the backend in the foreground' 'shell-init' 'Print the shell integration (? and the man fallback) for eval'
        case 'sources'
            test $npos -eq 0; and printf '%s\t%s\n' 'list' 'List the sources: alias, type, location, language, status, size, last...' 'add' 'Add a man tree, an info folder or a ZIM archive' 'update' 'Change a source\'s metadata; its alias never changes' 'remove' 'Remove a source from the catalog'
        case 'sources add'
            switch $npos
                case '0'
                    string replace -r -- '^' "$prefix" (__fish_complete_path $cur)
            end
        case 'sources update'
            switch $npos
                case '0'
                    __ragman_complete_aliases $tokens[1] "$prefix"
            end
        case 'sources remove'
            switch $npos
                case '0'
                    __ragman_complete_aliases $tokens[1] "$prefix"
            end
        case 'reindex'
            switch $npos
                case '*'
                    __ragman_complete_aliases $tokens[1] "$prefix"
            end
        case 'show'
            switch $npos
                case '0'
                    __ragman_complete_aliases $tokens[1] "$prefix"
                case '1'
                    return 1
            end
        case 'shell-init'
            switch $npos
                case '0'
                    printf '%s\n' "$prefix"'bash' "$prefix"'zsh' "$prefix"'fish'
            end
    end
end

# __ragman_complete_aliases PROGRAM PREFIX prints the source aliases after PREFIX:
# the program as typed (a ~/ path included) prints them, quickly,
# without a backend, and prints nothing when ragman is not set up.
function __ragman_complete_aliases --description 'Print the source aliases'
    set -l bin (string replace -r '^~/' "$HOME/" -- $argv[1])
    for alias in (command $bin __complete aliases 2>/dev/null)
        echo "$argv[2]$alias"
    end
end

complete -c ragadmin -e
complete -c ragadmin -f -a '(__ragadmin_complete)'
