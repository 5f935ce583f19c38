package shellint

const fishScript = `# ragman shell integration for fish: ` + "`? QUESTION...`" + ` asks ragman; the opt-in
# man and info fallback offers an answer when a page is missing.
#
# make install puts this file in PREFIX/share/fish/vendor_conf.d/, which
# fish reads at startup; without it, add to ~/.config/fish/config.fish
#     ragadmin shell-init fish | source
# Set RAGMAN_MAN_FALLBACK to 1 before it is loaded to wrap man and info (for
# the installed copy, which fish reads before config.fish:
# set -Ux RAGMAN_MAN_FALLBACK 1). It does nothing in a shell that is not
# interactive, and loading it twice changes nothing. See ragman(1), SHELL
# INTEGRATION.

if status is-interactive; and not set -q __ragman_shell_init_done
    set -g __ragman_shell_init_done 1

    # fish expands wildcards in every word, an unquoted one that matches
    # nothing is an error, and ? is one (unless the qmark-noglob feature is
    # on): a command named ? could not take a question, or be called at all.
    # So ? is an abbreviation instead: typing "? " gives
    #     __ragman_ask "|"
    # with the cursor between the quotes, where nothing is expanded but $
    # variables. $status after the question is what the command before it
    # left.
    function __ragman_ask --description 'Ask ragman a question'
        set -l s $status
        # "? explain tar -xzvf a.tgz": the words are the command line
        set -l line (string join ' ' -- $argv)
        if string match -q -r -- '^explain\s+\S' $line
            command {{.Ragman}} --explain -- (string replace -r -- '^explain\s+' '' $line)
        else
            # one conversation per shell: "? and recursively?" follows on
            command {{.Ragman}} --conversation "shell-$fish_pid" -- $argv
        end
        return $s
    end
    abbr --add __ragman_question --position command --regex '\?' --set-cursor -- '__ragman_ask "%"'

    if contains -- "$RAGMAN_MAN_FALLBACK" 1 yes Yes true True on On
        # man runs as usual: fish's own man function (it adds fish's pages
        # to MANPATH) or yours, else command man. Only when man-db says there
        # is no page (status 16), and only on a terminal, it offers an
        # answer; man's status is kept.
        if functions -q man; and not functions man | string match -q '*__ragman_*'
            functions --copy man __ragman_man_inner
        end
        function man --description 'man, offering a ragman answer when there is no page'
            if functions -q __ragman_man_inner
                __ragman_man_inner $argv
            else
                command man $argv
            end
            set -l s $status
            if test $s -eq 16; and isatty stdin; and isatty stdout; and isatty stderr
                and set -l page (__ragman_topic man $argv)
                and __ragman_confirm 'manual page' $page
                __ragman_answer $page
            end
            return $s
        end

        # info shows its directory when it has no manual for a topic: on a
        # terminal the offer comes first, and info runs as usual when it is
        # declined (or not on a terminal). An accepted offer returns
        # ragman's status.
        if functions -q info; and not functions info | string match -q '*__ragman_*'
            functions --copy info __ragman_info_inner
        end
        function info --description 'info, offering a ragman answer when there is no manual'
            if isatty stdin; and isatty stdout; and isatty stderr
                and set -l page (__ragman_topic info $argv)
                and test -z "$(command info -w -- $page 2>/dev/null)"
                and __ragman_confirm 'info manual' $page
                __ragman_answer $page
                return
            end
            if functions -q __ragman_info_inner
                __ragman_info_inner $argv
            else
                command info $argv
            end
        end

        # __ragman_topic PROGRAM ARGS... prints the one page the arguments
        # ask for (NAME, or SECTION NAME for man); it fails for options or
        # several pages, where there is no one topic to offer.
        function __ragman_topic
            set -l prog $argv[1]
            set -e argv[1]
            set -l page
            if test (count $argv) -eq 1
                set page $argv[1]
            else if test (count $argv) -eq 2 -a $prog = man; and string match -qr '^[0-9n][0-9a-z]*$' -- $argv[1]
                set page $argv[2]
            else
                return 1
            end
            test -n "$page"; and not string match -q -- '-*' $page; or return 1
            echo $page
        end

        function __ragman_confirm
            read -l -P "ragman: no $argv[1] for $argv[2] here; ask ragman instead? [y/N] " reply; or return 1
            string match -qi 'y*' -- $reply
        end

        function __ragman_answer
            command {{.Ragman}} -- "what is $argv[1] and how do I use it?"
        end
    end
end
`
