// Package explain says what each word of a command line does, from the
// man pages of the programs it runs: explainshell, offline, over this
// machine's own pages and versions. An option a program's page does not
// document is said to be unknown, never described from another page.
package explain

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/cmdline"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Explain explains line with the pages of lib; shell is the one the
// user runs it in (Shell), whose builtins its command words may be.
func Explain(lib *answer.Library, line, shell string) (*proto.Explanation, error) {
	words, cmds, err := cmdline.Parse(line)
	if err != nil {
		return nil, err
	}
	e := &explainer{lib: lib, shell: shell, out: &proto.Explanation{CommandLine: line, Parts: []proto.ExplainPart{},
		References: []proto.Reference{}, Warnings: []string{}}}
	e.script(words, cmds, true)
	slices.SortStableFunc(e.out.Parts, func(a, b proto.ExplainPart) int { return a.Span[0] - b.Span[0] })
	e.out.References = e.cite.Refs()
	return e.out, nil
}

// script explains the commands of a line and the operators between them;
// shell: the user's shell runs them, not a program's sh -c (watch).
func (e *explainer) script(words []cmdline.Word, cmds []cmdline.Command, shell bool) {
	// operators belong to no command: said where they stand
	byStart := map[int]bool{}
	for _, c := range cmds {
		e.command(c, shell)
		for _, w := range slices.Concat(c.Assign, c.Args, c.Redirects) {
			byStart[w.Start] = true
		}
	}
	for _, w := range words {
		if w.Kind == cmdline.Operator && !byStart[w.Start] {
			e.add(w.Raw, proto.PartOperator, nil, "", operators[strings.TrimSpace(w.Raw)], [2]int{w.Start, w.End})
		}
	}
}

// commandString explains w, the command string a program runs with sh
// -c (watch 'df -h | tail -1'), as a line of its own, and says whether it
// read as one: a quoted word that reads as typed, its words' spans within
// it.
func (e *explainer) commandString(w cmdline.Word) bool {
	q := w.Raw
	if !strings.ContainsAny(w.Text, " \t|;&<>") || len(q) < 2 || q[0] != '\'' && q[0] != '"' || q[len(q)-1] != q[0] || q[1:len(q)-1] != w.Text {
		return false
	}
	words, cmds, err := cmdline.Parse(w.Text)
	if err != nil || len(cmds) == 0 {
		return false
	}
	shift := func(ws []cmdline.Word) {
		for i := range ws {
			ws[i].Start += w.Start + 1
			ws[i].End += w.Start + 1
		}
	}
	shift(words)
	for i := range cmds {
		shift(cmds[i].Assign)
		shift(cmds[i].Args)
		shift(cmds[i].Redirects)
	}
	e.script(words, cmds, false)
	return true
}

// operators say what the shell does with them.
var operators = map[string]string{
	"|":  "pipe: the output of the command before becomes the input of the one after",
	"|&": "pipe the output and the errors of the command before into the one after",
	"&&": "run the next command only if this one succeeds",
	"||": "run the next command only if this one fails",
	";":  "run the next command after this one, whatever happens",
	"&":  "run the command before in the background",
	"(":  "start a subshell",
	")":  "end the subshell",
}

type explainer struct {
	lib   *answer.Library
	cite  answer.Citer
	out   *proto.Explanation
	pages map[string]*page // opened, by name, nil for none: a line names a program more than once
	shell string           // "bash", "zsh", or "" for a shell whose builtins are not read
	// the shell's builtins, read once a command word may be one
	builtins     *builtins
	builtinsRead bool
	builtinPages map[string]*page
}

// page is a program's page, opened, or a shell builtin's entry in its
// shell's page.
type page struct {
	meta index.Meta
	doc  *document.Document
	opts map[string]option
	// ops are the operators of the expression the program reads, apart
	// from its options (find's -or, !, \( and \))
	ops map[string]option
	// summary says what the program is, from the section summaryAt: a
	// page's NAME line, a builtin's entry
	summary, summaryAt string
	builtin            bool
	// unnamed are the options looked up that the page does not name: a
	// line may repeat one thousands of times, and each look reads the page
	unnamed map[string]bool
}

// addOption appends the part of an option p documents.
func (e *explainer) addOption(text string, p *page, o option, span [2]int) {
	e.add(text, proto.PartOption, p, o.section, o.desc, span)
	e.out.Parts[len(e.out.Parts)-1].Mention = o.mention
}

// add appends a part; with p, desc is cited to the section of p it came
// from.
func (e *explainer) add(text, kind string, p *page, section, desc string, span [2]int) {
	part := proto.ExplainPart{Text: text, Kind: kind, Span: span, Description: desc}
	if p != nil {
		part.Page = p.meta.Label
		if desc != "" {
			part.Description = strings.TrimSpace(desc) + " " + e.cite.Cite(p.meta, section)
		}
	}
	e.out.Parts = append(e.out.Parts, part)
}

// wrappers run the command that follows their own options.
var wrappers = map[string]bool{"sudo": true, "nohup": true, "time": true, "exec": true, "command": true, "nice": true,
	"env": true, "xargs": true, "watch": true, "doas": true, "ionice": true, "chrt": true, "strace": true, "ltrace": true,
	"builtin": true, "noglob": true, "nocorrect": true}

// inShell are the wrappers the shell runs its own command with, which may
// be one of its builtins (command read, time read; zsh's noglob). The
// others run a program, and the program of a builtin's name is that
// program (sudo kill, xargs echo, watch runs sh's), as is exec's: bash's
// exec replaces the shell with a program, never a builtin.
var inShell = map[string]bool{"command": true, "builtin": true, "time": true, "noglob": true, "nocorrect": true}

// runners are the options of a program that run a command of their own,
// up to the word that ends it (find . -exec grep -l TODO {} +): its words
// are the command's, from its page, not the program's options.
var runners = map[string]map[string]bool{"find": {"-exec": true, "-execdir": true, "-ok": true, "-okdir": true}}

func (e *explainer) command(c cmdline.Command, shell bool) {
	for _, w := range c.Assign {
		name, _, _ := strings.Cut(w.Text, "=")
		e.add(w.Raw, proto.PartAssignment, nil, "", "set the environment variable "+name+" for this command only", [2]int{w.Start, w.End})
	}
	for i := 0; i < len(c.Redirects); i++ {
		w := c.Redirects[i]
		span := [2]int{w.Start, w.End}
		text := w.Raw
		if w.Kind == cmdline.Redirect && i+1 < len(c.Redirects) && c.Redirects[i+1].Kind == cmdline.Target {
			t := c.Redirects[i+1]
			span[1] = t.End
			text = e.out.CommandLine[span[0]:span[1]]
			i++
		}
		e.add(text, proto.PartRedirection, nil, "", redirection(w.Text), span)
	}
	e.args(c.Args, shell)
}

// program is the page of the program a command word runs, or of the
// builtin it names where shell runs it (read -r: bash's read, not read(2)).
// A builtin comes first: it is what bash runs for kill, echo, printf,
// test and [ although their programs have pages of their own, which
// explain them where a program runs them (sudo kill, find -exec echo) or
// by a path (/bin/kill). time is not a builtin but a word of bash's
// grammar, documented by no entry, and keeps time(1).
func (e *explainer) program(word string, shell bool) *page {
	if shell && !strings.Contains(word, "/") {
		if p := e.builtin(word); p != nil {
			return p
		}
	}
	return e.open(path.Base(word))
}

// args explains a program and its arguments; a wrapper's command is
// explained as a command of its own. shell: the shell runs it, not
// another program.
func (e *explainer) args(args []cmdline.Word, shell bool) {
	if len(args) == 0 {
		return
	}
	prog := args[0]
	name := path.Base(prog.Text)
	p := e.program(prog.Text, shell)
	if p == nil {
		e.add(prog.Raw, proto.PartUnknown, nil, "", "no manual page for "+name+" on this machine", [2]int{prog.Start, prog.End})
		rest := args[1:]
		if wrappers[name] {
			// which of its words take a value is its page's to say: the
			// command it runs is the first word that has a page (sudo
			// -u www-data rsync ...: rsync)
			shell := shell && inShell[name]
			for i, w := range rest {
				if !strings.HasPrefix(w.Text, "-") && e.program(w.Text, shell) != nil {
					for _, w := range rest[:i] {
						e.add(w.Raw, proto.PartArgument, nil, "", "", [2]int{w.Start, w.End})
					}
					e.args(rest[i:], shell)
					return
				}
			}
		}
		for _, w := range rest {
			e.add(w.Raw, proto.PartArgument, nil, "", "", [2]int{w.Start, w.End})
		}
		return
	}
	e.add(prog.Raw, proto.PartCommand, p, p.summaryAt, p.summary, [2]int{prog.Start, prog.End})
	rest := args[1:]
	if p.builtin {
		e.options(name, p, rest, shell)
		return
	}
	if sub, sp := e.subcommand(name, p, rest); sub != nil {
		if sp != nil {
			e.add(rest[0].Raw, proto.PartSubcommand, sp, "NAME", sp.meta.Summary, [2]int{rest[0].Start, rest[0].End})
			p = sp
		} else {
			e.add(rest[0].Raw, proto.PartSubcommand, p, sub.section, sub.desc, [2]int{rest[0].Start, rest[0].End})
		}
		rest = rest[1:]
	}
	e.options(name, p, rest, shell)
}

// options explains the words after a program (and its subcommand) with
// its page p; shell: the shell runs the program.
func (e *explainer) options(name string, p *page, rest []cmdline.Word, shell bool) {
	ended := false // after "--", everything is an argument
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		span := [2]int{w.Start, w.End}
		if o, ok := p.ops[w.Text]; ok && !ended {
			// find's -or is an operator, not -o then -r
			e.add(w.Raw, proto.PartOperator, p, o.section, o.desc, span)
			continue
		}
		switch {
		case ended || w.Text == "-" || !strings.HasPrefix(w.Text, "-"):
			// a wrapper's "--" ends its own options: its command follows
			if wrappers[name] && (ended || w.Text != "-") {
				if name == "env" && !ended && envAssignment(w.Text) {
					e.add(w.Raw, proto.PartAssignment, nil, "", "set the environment variable "+w.Text[:strings.IndexByte(w.Text, '=')]+" for the command env runs", span)
					continue
				}
				// watch runs its command with sh -c, as one string when
				// it is given as one
				if name == "watch" && i == len(rest)-1 && e.commandString(w) {
					return
				}
				e.args(rest[i:], shell && inShell[name])
				return
			}
			e.add(w.Raw, proto.PartArgument, nil, "", "", span)
		case w.Text == "--":
			ended = true
			e.add(w.Raw, proto.PartOption, nil, "", "end of options: what follows are arguments, even if they start with -", span)
		case strings.HasPrefix(w.Text, "--"):
			n, _, hasValue := strings.Cut(w.Text, "=")
			o, ok := p.lookup(n)
			if !ok {
				e.unknown(w.Raw, p, span)
				continue
			}
			e.addOption(w.Raw, p, o, span)
			if !hasValue && o.arg == required && i+1 < len(rest) {
				i++
				e.value(rest[i], n)
			}
		default:
			// an entry only: a sentence that names "-Ft" is no reason not
			// to read it as -F t
			if o, ok := p.opts[w.Text]; ok { // find's -name, java's -jar
				if runners[name][w.Text] {
					i = e.run(p, o, rest, i)
					continue
				}
				e.addOption(w.Raw, p, o, span)
				if i+1 < len(rest) && (o.arg == required || o.arg == optional && negative(rest[i+1].Text)) {
					i++
					e.value(rest[i], w.Text)
				}
				continue
			}
			if o, ok := p.placeholder(w.Text); ok { // kill -9: -sigspec
				e.addOption(w.Raw, p, o, span)
				continue
			}
			if opt := e.cluster(w, p); opt != "" && i+1 < len(rest) {
				i++
				e.value(rest[i], opt)
			}
		}
	}
}

// run explains an option that runs a command (find's -exec), the command
// from its own page, and the word that ends it; it returns the index in
// rest of the last word it explained.
func (e *explainer) run(p *page, o option, rest []cmdline.Word, i int) int {
	opt := rest[i]
	end := len(rest) // find says what is missing; the rest is the command
	for j := i + 2; j < len(rest); j++ {
		// ";" ends it (\; or ';' to the shell), and "+" where it follows
		// the {} the file names replace: in -exec grep -e + {} +, the
		// first + is grep's
		if rest[j].Text == ";" || rest[j].Text == "+" && rest[j-1].Text == "{}" && j-1 > i+1 {
			end = j
			break
		}
	}
	if end < len(rest) {
		// -exec command {} + has an entry of its own, apart from
		// -exec command ;
		if v, ok := variant(p, opt.Text, rest[end].Text); ok {
			o = v
		}
	}
	e.addOption(opt.Raw, p, o, [2]int{opt.Start, opt.End})
	from := len(e.out.Parts)
	e.args(rest[i+1:end], false)
	for _, w := range rest[i+1 : end] {
		if w.Text != "{}" {
			continue
		}
		for k := from; k < len(e.out.Parts); k++ {
			if part := &e.out.Parts[k]; part.Span == [2]int{w.Start, w.End} && part.Kind == proto.PartArgument && part.Description == "" {
				part.Description = "replaced by the name of the file found"
			}
		}
	}
	if end == len(rest) {
		return end
	}
	t := rest[end]
	desc := "end of the command " + opt.Text + " runs, once for each file found"
	if t.Text == "+" {
		desc = "end of the command " + opt.Text + " runs, once for as many of the files found as its command line holds"
	}
	e.add(t.Raw, proto.PartArgument, nil, "", desc, [2]int{t.Start, t.End})
	return end
}

// envAssignment says whether word is env's NAME=VALUE, which sets a
// variable for its command rather than naming the command.
func envAssignment(word string) bool {
	name, _, ok := strings.Cut(word, "=")
	if !ok || name == "" || name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for _, r := range name {
		if r != '_' && !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// negative says whether word is a negative number, which an option with
// an optional value takes as its value (journalctl -b -1) rather than as
// an option.
func negative(word string) bool {
	if len(word) < 2 || word[0] != '-' {
		return false
	}
	for _, r := range word[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// value is the argument of an option.
func (e *explainer) value(w cmdline.Word, opt string) {
	desc := ""
	if opt != "" {
		desc = "the value of " + opt
	}
	e.add(w.Raw, proto.PartArgument, nil, "", desc, [2]int{w.Start, w.End})
}

// maxCluster bounds the letters of a cluster read one by one: no program
// combines more options than that, and each letter is a part of the
// explanation (65,000 letters took 20 s of the backend and a 13 MB reply).
const maxCluster = 256

// cluster explains combined short options (-xzvf: -x -z -v -f), one part
// each, and returns the last when it takes the next word as its value.
// An option that takes a value takes the rest of the word when there is
// one (-ofile). A cluster longer than maxCluster is one unknown part.
func (e *explainer) cluster(w cmdline.Word, p *page) (wantsNext string) {
	// offsets only where the word was typed as it reads: a quoted
	// cluster gets the whole word's span
	plain := w.Raw == w.Text
	if n := utf8.RuneCountInString(w.Text[1:]); n > maxCluster {
		e.add(w.Raw, proto.PartUnknown, nil, "", fmt.Sprintf("not read as options: %d letters, more than options are ever combined", n), [2]int{w.Start, w.End})
		e.out.Parts[len(e.out.Parts)-1].Page = p.meta.Label
		return ""
	}
	letters := []rune(w.Text[1:])
	// where the cluster's trailing digits start, found once: testing
	// letters[j:] at every letter read the cluster once per letter
	tail := len(letters)
	for tail > 0 && letters[tail-1] >= '0' && letters[tail-1] <= '9' {
		tail--
	}
	at := w.Start + 1
	for j, r := range letters {
		opt := "-" + string(r)
		if rest := letters[j:]; j > 0 && j >= tail {
			if _, ok := p.lookup(opt); !ok {
				// digits after an option are its value, not options:
				// tput -T5620, head -n5
				vspan := [2]int{at, w.End}
				if !plain {
					vspan = [2]int{w.Start, w.End}
				}
				e.add(string(rest), proto.PartArgument, nil, "", "the value of -"+string(letters[j-1]), vspan)
				return ""
			}
		}
		span := [2]int{at, at + len(string(r))}
		if j == 0 {
			span[0] = w.Start
		}
		if !plain {
			span = [2]int{w.Start, w.End}
		}
		at += len(string(r))
		o, ok := p.lookup(opt)
		if !ok {
			e.unknown(opt, p, span)
			continue
		}
		e.addOption(opt, p, o, span)
		if o.arg == required {
			if rest := string(letters[j+1:]); rest != "" {
				vspan := [2]int{at, w.End}
				if !plain {
					vspan = [2]int{w.Start, w.End}
				}
				e.add(rest, proto.PartArgument, nil, "", "the value of "+opt, vspan)
				return ""
			}
			return opt
		}
	}
	return ""
}

// unknown says an option p does not document: never a description from
// elsewhere.
func (e *explainer) unknown(text string, p *page, span [2]int) {
	e.add(text, proto.PartUnknown, nil, "", "not documented in "+p.meta.Label, span)
	e.out.Parts[len(e.out.Parts)-1].Page = p.meta.Label
}

// redirection says what a redirection operator does.
func redirection(op string) string {
	fd := op[:len(op)-len(strings.TrimLeft(op, "0123456789"))]
	bare := op[len(fd):]
	what := "standard output"
	switch {
	case fd == "0":
		what = "standard input"
	case fd == "2":
		what = "standard error"
	case fd != "" && fd != "1":
		what = "file descriptor " + fd
	}
	if (strings.HasPrefix(bare, ">&") || strings.HasPrefix(bare, "<&")) && len(bare) > 2 { // 2>&1
		return "send " + what + " where file descriptor " + bare[2:] + " goes"
	}
	switch bare {
	case ">", ">|":
		return "write " + what + " to the file, replacing it"
	case ">>":
		return "append " + what + " to the file"
	case "<":
		return "read standard input from the file"
	case "<<", "<<-":
		return "read standard input from the lines that follow, up to the delimiter (a here-document)"
	case "<<<":
		return "read standard input from the string (a here-string)"
	case "&>", ">&":
		return "write standard output and standard error to the file, replacing it"
	case "&>>":
		return "append standard output and standard error to the file"
	case "<>":
		return "open the file for reading and writing"
	}
	return "redirect " + what
}
