package main

import (
	"fmt"
	"strings"
)

// bash writes the bash completion of p: one function that walks the words
// before the cursor (commands, flags and the values they take, arguments)
// and offers what may come next.
func bash(p *program) string {
	var b strings.Builder
	fn := "_" + ident(p.Name)
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	w("# bash completion for %s. Generated from its command model by\n", p.Name)
	w("# cmd/internal/genshell (go generate); do not edit.\n\n")
	w("%s() {\n", fn)
	w("    local cur=${COMP_WORDS[COMP_CWORD]} cmd= npos=0 flag= dashdash= word i\n")
	w("    local IFS=$'\\n'\n")
	walk(w, p, bashWalk)

	w("    if [[ -n $flag ]]; then\n")
	w("        [[ $cur == = ]] && cur=\n")
	if offered := p.valueFlagsOffered(); len(offered) > 0 {
		w("        case $cmd:$flag in\n")
		for _, c := range offered {
			w("        %s)\n", patterns(c.Keys, shQuote))
			w("            %s\n", bashAction(c.Value))
			w("            ;;\n")
		}
		w("        esac\n")
	}
	w("        return 0\n")
	w("    fi\n")

	w("    if [[ -z $dashdash && $cur == -* ]]; then\n")
	w("        case $cmd in\n")
	for _, c := range p.Commands {
		var names []string
		for _, f := range flagsOffered(c) {
			names = append(names, f.Names...)
		}
		w("        %s) mapfile -t COMPREPLY < <(compgen -W %s -- \"$cur\") ;;\n", shQuote(c.Path), bashWords(names))
	}
	w("        esac\n")
	w("        return 0\n")
	w("    fi\n")

	w("    case $cmd in\n")
	for _, c := range p.Commands {
		if len(c.Children) > 0 {
			var names []string
			for _, ch := range c.Children {
				names = append(names, ch.Word())
			}
			w("    %s) ((npos == 0)) && mapfile -t COMPREPLY < <(compgen -W %s -- \"$cur\") ;;\n", shQuote(c.Path), bashWords(names))
			continue
		}
		if cases := argCases(c); len(cases) > 0 {
			w("    %s)\n", shQuote(c.Path))
			w("        case $npos in\n")
			for _, ac := range cases {
				w("        %s) %s ;;\n", ac.pattern, bashAction(ac.value))
			}
			w("        esac\n")
			w("        ;;\n")
		}
	}
	w("    esac\n")
	w("    return 0\n")
	w("}\n\n")
	if p.uses(aliases) {
		w("# %s offers the source aliases: the program as typed (a ~/ path\n", aliasesFn)
		w("# included) prints them, quickly, without a backend, and prints\n")
		w("# nothing when ragman is not set up.\n")
		w("%s() {\n", aliasesFn)
		w("    local bin=${COMP_WORDS[0]}\n")
		w("    [[ $bin == \"~/\"* ]] && bin=$HOME/${bin#\"~/\"}\n")
		w("    mapfile -t COMPREPLY < <(compgen -W \"$(\"$bin\" __complete aliases 2>/dev/null)\" -- \"$cur\")\n")
		w("}\n\n")
	}
	w("complete -F %s %s\n", fn, p.Name)
	return b.String()
}

// aliasesFn is the bash function that offers the source aliases; it is
// shared by ragman's and ragadmin's completions.
const aliasesFn = "_ragman_complete_aliases"

// bashAction fills COMPREPLY with the values that start with $cur.
func bashAction(v values) string {
	switch v.Kind {
	case words:
		return fmt.Sprintf("mapfile -t COMPREPLY < <(compgen -W %s -- \"$cur\")", bashWords(v.Words))
	case files:
		return `compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur")`
	case dirs:
		return `compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur")`
	case aliases:
		return aliasesFn
	}
	return "COMPREPLY=()"
}

// bashWords is a word list for compgen -W with IFS set to a newline.
func bashWords(ws []string) string {
	esc := strings.NewReplacer(`\`, `\\`, `'`, `\'`)
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = esc.Replace(w)
	}
	return "$'" + strings.Join(q, `\n`) + "'"
}

// flagsOffered are the flags to offer after c: its own, and those of the
// command its words go to by default.
func flagsOffered(c *command) []*option {
	fs := c.Flags
	if c.Default != nil {
		seen := map[*option]bool{}
		for _, f := range fs {
			seen[f] = true
		}
		for _, f := range c.Default.Flags {
			if !seen[f] {
				fs = append(fs, f)
			}
		}
	}
	return fs
}

type argCase struct {
	pattern string // a shell case pattern on the argument's position
	value   values
}

// argCases are what completes c's arguments, by position: every
// argument in order (a case statement takes the first match), the last
// one for every later position when it is repeated. None when no argument
// has anything to offer.
func argCases(c *command) []argCase {
	var out []argCase
	offers := false
	for i, a := range c.Args {
		pat := fmt.Sprint(i)
		if a.Repeated && i == len(c.Args)-1 {
			pat = "*"
		}
		out = append(out, argCase{pat, a.Value})
		offers = offers || a.Value.Kind != text
	}
	if !offers {
		return nil
	}
	return out
}

// patterns joins case patterns: 'a' | 'b'.
func patterns(ps []string, quote func(string) string) string {
	q := make([]string, len(ps))
	for i, p := range ps {
		q[i] = quote(p)
	}
	return strings.Join(q, " | ")
}

// shQuote quotes s for sh, bash and zsh.
func shQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ident makes a program name part of a function name.
func ident(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '.' {
			return '_'
		}
		return r
	}, name)
}
