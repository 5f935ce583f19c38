package main

import (
	"fmt"
	"strings"
)

// fish writes the fish completion of p: a function doing the same walk as
// the bash one and printing "candidate<TAB>description" lines, which fish
// filters by what is typed.
func fish(p *program) string {
	var b strings.Builder
	fn := "__" + ident(p.Name) + "_complete"
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	w("# fish completion for %s. Generated from its command model by\n", p.Name)
	w("# cmd/internal/genshell (go generate); do not edit.\n\n")
	w("function %s --description 'Complete %s'\n", fn, p.Name)
	w("    set -l tokens (commandline -opc)\n")
	w("    set -l cur (commandline -ct)\n")
	w("    set -l cmd ''\n")
	w("    set -l npos 0\n")
	w("    set -l flag ''\n")
	w("    set -l dashdash ''\n")
	w("    for word in $tokens[2..-1]\n")
	w("        if test -n \"$flag\"\n")
	w("            set flag ''\n")
	w("            continue\n")
	w("        end\n")
	w("        if test -z \"$dashdash\"; and string match -q -- '-*' $word\n")
	w("            switch $word\n")
	w("                case --\n")
	w("                    set dashdash 1\n")
	w("                case '*=*'\n")
	if vf := p.valueFlags(); len(vf) > 0 {
		var keys []string
		for _, c := range vf {
			keys = append(keys, c.Keys...)
		}
		w("                case '*'\n")
		w("                    switch \"$cmd:$word\"\n")
		w("                        case %s\n", fishPatterns(keys))
		w("                            set flag $word\n")
		w("                    end\n")
	}
	w("            end\n")
	w("            continue\n")
	w("        end\n")
	if keys := p.childKeys(); len(keys) > 0 {
		w("        if test $npos -eq 0\n")
		w("            switch \"$cmd:$word\"\n")
		w("                case %s\n", fishPatterns(keys))
		w("                    set cmd (string trim -- \"$cmd $word\")\n")
		w("                    continue\n")
		w("            end\n")
		w("        end\n")
	}
	for _, c := range p.defaults() {
		w("        test \"$cmd\" = %s; and set cmd %s\n", fishQuote(c.Path), fishQuote(c.Default.Path))
	}
	w("        set npos (math $npos + 1)\n")
	if pt := p.passthrough(); len(pt) > 0 {
		w("        contains -- \"$cmd\" %s; and set dashdash 1\n", fishWords(pt))
	}
	w("    end\n\n")

	w("    set -l prefix ''\n")
	w("    if test -z \"$flag\" -a -z \"$dashdash\"; and string match -q -- '--*=*' $cur\n")
	w("        set -l parts (string split -m 1 = -- $cur)\n")
	w("        set flag $parts[1]\n")
	w("        set prefix \"$flag=\"\n")
	w("        set cur $parts[2]\n")
	w("    end\n")
	w("    if test -n \"$flag\"\n")
	if offered := p.valueFlagsOffered(); len(offered) > 0 {
		w("        switch \"$cmd:$flag\"\n")
		for _, c := range offered {
			w("            case %s\n", fishPatterns(c.Keys))
			w("                %s\n", fishAction(c.Value))
		}
		w("        end\n")
	}
	w("        return\n")
	w("    end\n")

	w("    if test -z \"$dashdash\"; and string match -q -- '-*' $cur\n")
	w("        switch $cmd\n")
	for _, c := range p.Commands {
		var args []string
		for _, f := range flagsOffered(c) {
			for _, n := range f.Names {
				args = append(args, fishQuote(n), fishQuote(f.Help))
			}
		}
		w("            case %s\n", fishQuote(c.Path))
		w("                printf '%%s\\t%%s\\n' %s\n", strings.Join(args, " "))
	}
	w("        end\n")
	w("        return\n")
	w("    end\n")

	w("    switch $cmd\n")
	for _, c := range p.Commands {
		if len(c.Children) > 0 {
			var args []string
			for _, ch := range c.Children {
				args = append(args, fishQuote(ch.Word()), fishQuote(ch.Help))
			}
			w("        case %s\n", fishQuote(c.Path))
			w("            test $npos -eq 0; and printf '%%s\\t%%s\\n' %s\n", strings.Join(args, " "))
			continue
		}
		if cases := argCases(c); len(cases) > 0 {
			w("        case %s\n", fishQuote(c.Path))
			w("            switch $npos\n")
			for _, ac := range cases {
				w("                case %s\n", fishQuote(ac.pattern))
				w("                    %s\n", fishAction(ac.value))
			}
			w("            end\n")
		}
	}
	w("    end\n")
	w("end\n\n")
	if p.uses(aliases) {
		w("# %s PROGRAM PREFIX prints the source aliases after PREFIX:\n", fishAliasesFn)
		w("# the program as typed (a ~/ path included) prints them, quickly,\n")
		w("# without a backend, and prints nothing when ragman is not set up.\n")
		w("function %s --description 'Print the source aliases'\n", fishAliasesFn)
		w("    set -l bin (string replace -r '^~/' \"$HOME/\" -- $argv[1])\n")
		w("    for alias in (command $bin __complete aliases 2>/dev/null)\n")
		w("        echo \"$argv[2]$alias\"\n")
		w("    end\n")
		w("end\n\n")
	}
	w("complete -c %s -e\n", p.Name)
	w("complete -c %s -f -a '(%s)'\n", p.Name, fn)
	return b.String()
}

// fishAction prints the values of v, after $prefix (the "--flag=" of a
// --flag=value word).
func fishAction(v values) string {
	switch v.Kind {
	case words:
		return "printf '%s\\n' \"$prefix\"" + strings.Join(quoteAll(v.Words, fishQuote), " \"$prefix\"")
	case files:
		return `string replace -r -- '^' "$prefix" (__fish_complete_path $cur)`
	case dirs:
		return `string replace -r -- '^' "$prefix" (__fish_complete_directories $cur)`
	case aliases:
		return fishAliasesFn + ` $tokens[1] "$prefix"`
	}
	return "return 1"
}

// fishAliasesFn is the fish function that prints the source aliases.
const fishAliasesFn = "__ragman_complete_aliases"

// fishQuote quotes s for fish.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func fishPatterns(ps []string) string { return strings.Join(quoteAll(ps, fishQuote), " ") }

func fishWords(ws []string) string { return strings.Join(quoteAll(ws, fishQuote), " ") }

func quoteAll(ss []string, quote func(string) string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}
