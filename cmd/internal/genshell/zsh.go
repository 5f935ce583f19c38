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
	walk(w, p, zshWalk)

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
