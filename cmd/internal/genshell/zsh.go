package main

import (
	"fmt"
	"strings"
)

// zsh writes the zsh completion of p, for fpath (#compdef) or to source:
// the same walk as the bash one, offering commands and flags with their
// descriptions.
func zsh(p *program) string {
	var b strings.Builder
	fn := "_" + ident(p.Name)
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	w("#compdef %s\n", p.Name)
	w("# zsh completion for %s. Generated from its command model by\n", p.Name)
	w("# cmd/internal/genshell (go generate); do not edit.\n\n")
	w("%s() {\n", fn)
	w("    local cur=${words[CURRENT]} cmd= flag= dashdash= word\n")
	w("    local -i npos=0 i\n")
	w("    local -a expl vals\n")
	w("    for ((i = 2; i < CURRENT; i++)); do\n")
	w("        word=${words[i]}\n")
	w("        if [[ -n $flag ]]; then\n")
	w("            flag=\n")
	w("            continue\n")
	w("        fi\n")
	w("        if [[ -z $dashdash && $word == -* ]]; then\n")
	w("            case $word in\n")
	w("            (--) dashdash=1 ;;\n")
	w("            (*=*) ;;\n")
	if vf := p.valueFlags(); len(vf) > 0 {
		var keys []string
		for _, c := range vf {
			keys = append(keys, c.Keys...)
		}
		w("            (*)\n")
		w("                case $cmd:$word in\n")
		w("                (%s) flag=$word ;;\n", patterns(keys, shQuote))
		w("                esac\n")
		w("                ;;\n")
	}
	w("            esac\n")
	w("            continue\n")
	w("        fi\n")
	if keys := p.childKeys(); len(keys) > 0 {
		w("        if ((npos == 0)); then\n")
		w("            case $cmd:$word in\n")
		w("            (%s)\n", patterns(keys, shQuote))
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
		w("        case $cmd in (%s) dashdash=1 ;; esac\n", patterns(pt, shQuote))
	}
	w("    done\n\n")

	w("    if [[ -z $flag && -z $dashdash && $cur == --*=* ]]; then\n")
	w("        flag=${cur%%%%=*}\n")
	w("        compset -P '*='\n")
	w("    fi\n")
	w("    if [[ -n $flag ]]; then\n")
	if offered := p.valueFlagsOffered(); len(offered) > 0 {
		w("        case $cmd:$flag in\n")
		for _, c := range offered {
			w("        (%s)\n", patterns(c.Keys, shQuote))
			w("            %s\n", zshAction(c.Value))
			w("            ;;\n")
		}
		w("        esac\n")
	}
	w("        return\n")
	w("    fi\n")

	w("    if [[ -z $dashdash && $cur == -* ]]; then\n")
	w("        case $cmd in\n")
	for _, c := range p.Commands {
		var items []string
		for _, f := range flagsOffered(c) {
			for _, n := range f.Names {
				items = append(items, shQuote(n+":"+f.Help))
			}
		}
		w("        (%s) vals=(%s) ;;\n", shQuote(c.Path), strings.Join(items, " "))
	}
	w("        esac\n")
	w("        _describe -t options option vals\n")
	w("        return\n")
	w("    fi\n")

	w("    case $cmd in\n")
	for _, c := range p.Commands {
		if len(c.Children) > 0 {
			var items []string
			for _, ch := range c.Children {
				items = append(items, shQuote(ch.Word()+":"+ch.Help))
			}
			w("    (%s)\n", shQuote(c.Path))
			w("        ((npos == 0)) || return 1\n")
			w("        vals=(%s)\n", strings.Join(items, " "))
			w("        _describe -t commands command vals\n")
			w("        ;;\n")
			continue
		}
		if cases := argCases(c); len(cases) > 0 {
			w("    (%s)\n", shQuote(c.Path))
			w("        case $npos in\n")
			for _, ac := range cases {
				w("        (%s) %s ;;\n", ac.pattern, zshAction(ac.value))
			}
			w("        esac\n")
			w("        ;;\n")
		}
	}
	w("    esac\n")
	w("}\n\n")
	// Autoloaded from fpath, this file is the body of fn: it defines fn
	// and calls it. Sourced, it registers fn.
	w("if [[ ${funcstack[1]-} == %s ]]; then\n", fn)
	w("    %s \"$@\"\n", fn)
	w("else\n")
	w("    compdef %s %s\n", fn, p.Name)
	w("fi\n")
	return b.String()
}

// zshAction offers the values of v.
func zshAction(v values) string {
	switch v.Kind {
	case words:
		q := make([]string, len(v.Words))
		for i, s := range v.Words {
			q[i] = shQuote(s)
		}
		return "_wanted values expl value compadd -- " + strings.Join(q, " ")
	case files:
		return "_files"
	case dirs:
		return "_files -/"
	case aliases:
		// The program as typed lists the aliases; it is quick, needs no
		// backend, and prints nothing when not set up.
		return `vals=(${(f)"$(_call_program aliases $words[1] __complete aliases 2>/dev/null)"}); ` +
			`_wanted aliases expl 'source alias' compadd -a vals`
	}
	return "return 1"
}
