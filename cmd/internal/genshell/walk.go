package main

// walkDialect is what the word walk of the bash and zsh completions
// writes differently.
type walkDialect struct {
	// loop starts the loop over the words before the cursor and sets word
	loop string
	// value handles the word after a flag that takes a value: bash
	// splits --flag=value in three words, zsh does not
	value string
	// open opens a case pattern: zsh takes "(pat)", which keeps the
	// parentheses balanced
	open string
}

var (
	bashWalk = walkDialect{
		loop: "    for ((i = 1; i < COMP_CWORD; i++)); do\n" +
			"        word=${COMP_WORDS[i]}\n",
		value: "            # the flag's value (bash splits --flag=value in three words)\n" +
			"            [[ $word == = ]] || flag=\n",
	}
	zshWalk = walkDialect{
		loop: "    for ((i = 2; i < CURRENT; i++)); do\n" +
			"        word=${words[i]}\n",
		value: "            flag=\n",
		open:  "(",
	}
)

// walk writes the loop both completions share: over the words before the
// cursor, it finds the command path (cmd), a flag waiting for its value
// (flag), the number of arguments (npos) and whether -- ended the flags
// (dashdash).
func walk(w func(format string, args ...any), p *program, d walkDialect) {
	o := d.open
	w("%s", d.loop)
	w("        if [[ -n $flag ]]; then\n")
	w("%s", d.value)
	w("            continue\n")
	w("        fi\n")
	w("        if [[ -z $dashdash && $word == -* ]]; then\n")
	w("            case $word in\n")
	w("            %s--) dashdash=1 ;;\n", o)
	w("            %s*=*) ;;\n", o)
	if vf := p.valueFlags(); len(vf) > 0 {
		var keys []string
		for _, c := range vf {
			keys = append(keys, c.Keys...)
		}
		w("            %s*)\n", o)
		w("                case $cmd:$word in\n")
		w("                %s%s) flag=$word ;;\n", o, patterns(keys, shQuote))
		w("                esac\n")
		w("                ;;\n")
	}
	w("            esac\n")
	w("            continue\n")
	w("        fi\n")
	if keys := p.childKeys(); len(keys) > 0 {
		w("        if ((npos == 0)); then\n")
		w("            case $cmd:$word in\n")
		w("            %s%s)\n", o, patterns(keys, shQuote))
		w("                cmd=${cmd:+$cmd }$word\n")
		w("                continue\n")
		w("                ;;\n")
		w("            esac\n")
		w("        fi\n")
	}
	for _, c := range p.defaults() {
		w("        [[ $cmd == %s ]] && cmd=%s\n", shQuote(c.Path), shQuote(c.Default.Path))
	}
	w("        ((npos++))\n")
	if pt := p.passthrough(); len(pt) > 0 {
		w("        case $cmd in %s%s) dashdash=1 ;; esac\n", o, patterns(pt, shQuote))
	}
	w("    done\n\n")
}
