package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/cmdline"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/proto"
)

// The task collections are other people's text under their own licences
// (../shared/tasks/README.md): they are read here at run time and nothing
// of them is kept.

// taskLine is a command line of a collection, its placeholders made words.
type taskLine struct{ line, source string }

// readTasks reads the command lines of the collections under dir that
// are there: tldr's pages, cheat's sheets, navi's cheats and cheat.sh's
// sheets, each line once.
func readTasks(dir string) []taskLine {
	var out []taskLine
	seen := map[string]bool{}
	add := func(source string, lines []string) {
		for _, l := range lines {
			l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "$ "))
			if l == "" || seen[l] || len(l) > 200 {
				continue
			}
			seen[l] = true
			out = append(out, taskLine{l, source})
		}
	}
	files := func(pattern string) []string {
		m, _ := filepath.Glob(filepath.Join(dir, pattern))
		sort.Strings(m)
		return m
	}
	for _, f := range files("tldr/pages/*/*.md") {
		add("tldr", tldrLines(read(f)))
	}
	for _, f := range files("cheatsheets/*") {
		add("cheat", sheetLines(read(f), "#"))
	}
	for _, f := range files("navi/*/*.cheat") {
		add("navi", sheetLines(read(f), "#%$;@"))
	}
	for _, f := range files("cheat.sh/sheets/*") {
		add("cheat.sh", sheetLines(read(f), "#"))
	}
	return out
}

// read is a regular file's text; "" for a folder or what cannot be read.
func read(f string) string {
	if fi, err := os.Stat(f); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	b, err := os.ReadFile(f)
	if err != nil {
		return ""
	}
	return string(b)
}

var (
	tldrPlaceholder = regexp.MustCompile(`\{\{(.*?)\}\}`)
	// navi's <name>, cheat's <dir>: a redirection has a space after <
	anglePlaceholder = regexp.MustCompile(`<([A-Za-z][\w.-]*)>`)
	// source.tar[.gz|.bz2|.xz]: the optional part of a placeholder
	optionalPart = regexp.MustCompile(`\[[^\]]*\]`)
)

// tldrLines are a tldr page's examples, `cmd {{path/to/file}}`, with
// each placeholder a word: a choice of forms its first ({{[-r|--recursive]}}:
// -r), a path its last element (file).
func tldrLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if len(l) < 2 || l[0] != '`' || l[len(l)-1] != '`' {
			continue
		}
		l = tldrPlaceholder.ReplaceAllStringFunc(l[1:len(l)-1], func(m string) string {
			in := m[2 : len(m)-2]
			if strings.HasPrefix(in, "[") && strings.HasSuffix(in, "]") && strings.Contains(in, "|") {
				first, _, _ := strings.Cut(in[1:len(in)-1], "|")
				return first
			}
			// {{browser|bun|node}}: a choice of values
			in, _, _ = strings.Cut(in, "|")
			in = strings.ReplaceAll(in, "path/to/", "")
			in = strings.TrimSpace(strings.ReplaceAll(in, "...", ""))
			return optionalPart.ReplaceAllString(in, "")
		})
		out = append(out, l)
	}
	return out
}

// sheetLines are the command lines of a sheet that comments them, those
// of its lines that start with none of comments, its <placeholders>
// words; a command continued over lines (\ at the end) is left out, as
// is YAML front matter.
func sheetLines(text, comments string) []string {
	var out []string
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for i := 1; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == "---" {
				lines = lines[i+1:]
				break
			}
		}
	}
	continued := false
	for _, l := range lines {
		l = strings.TrimSpace(l)
		cont := strings.HasSuffix(l, "\\")
		if continued || cont || l == "" || strings.ContainsAny(l[:1], comments) {
			continued = cont
			continue
		}
		out = append(out, anglePlaceholder.ReplaceAllString(l, "$1"))
	}
	return out
}

// Kinds of line, by what explain must get right beyond a program's
// options; a line may be of several.
const (
	kindBuiltin  = "builtin"    // a command word the shell runs itself
	kindRunner   = "exec/xargs" // a command find -exec or xargs runs
	kindSudo     = "sudo"       // a command sudo or doas runs
	kindPipeline = "pipeline"   // a | b
	kindPlain    = "plain"      // none of these
)

// kinds in the order a line is sampled by: its first kind in it.
var kinds = []string{kindBuiltin, kindRunner, kindSudo, kindPipeline, kindPlain}

// bashBuiltins are bash's builtin commands (compgen -b): listed here, not
// read as explain reads them, so the measure does not share its reading.
var bashBuiltins = map[string]bool{}

func init() {
	for _, b := range strings.Fields(`. : [ alias bg bind break builtin caller cd command compgen complete compopt
		continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history
		jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt
		source suspend test times trap true type typeset ulimit umask unalias unset wait`) {
		bashBuiltins[b] = true
	}
}

// wrapperValues are the wrappers a command follows, each with those of
// its options that take the next word as their value (sudo -u www-data):
// the command is the first word after its options and their values.
var wrapperValues = map[string][]string{
	"sudo": {"-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group", "--host", "--prompt", "--chdir"},
	"doas": {"-u", "-C"}, "nohup": nil, "time": {"-f", "-o"}, "exec": {"-a"}, "command": nil, "builtin": nil,
	"nice": {"-n"}, "env": {"-u", "-C", "-S", "--unset", "--chdir"}, "watch": {"-n", "-d", "--interval"},
	"xargs":  {"-I", "-n", "-L", "-P", "-s", "-d", "-a", "-E", "--max-args", "--max-procs", "--delimiter", "--arg-file", "--replace"},
	"ionice": {"-c", "-n", "-p"}, "strace": {"-o", "-e", "-p", "-s"},
}

// shellWrappers run a builtin where the shell runs them: the others run a
// program (sudo kill is kill(1)).
var shellWrappers = map[string]bool{"command": true, "builtin": true, "time": true}

// runnerOptions are find's options that run a command up to ; or {} +.
var runnerOptions = map[string]bool{"-exec": true, "-execdir": true, "-ok": true, "-okdir": true}

// segment is the words of one program or builtin in a line, up to the
// next command word: its option words are read against doc's text.
type segment struct {
	name, label string
	text        string // where its options are described
	words       []cmdline.Word
}

// judge finds the pages that document a line's commands by itself: a
// program's page by its name (and a subcommand's, git-commit), a builtin's
// entry in bash's page.
type judge struct {
	lib      *answer.Library
	programs map[string]*segment // by name: label and text, nil for no page
	bash     *document.Document
	bashMeta string
}

func newJudge(lib *answer.Library) *judge {
	j := &judge{lib: lib, programs: map[string]*segment{}}
	if s := j.program("bash"); s != nil {
		for _, id := range lib.Pages("bash") {
			if lib.Meta(id).Label == s.label {
				j.bash, _ = lib.Load(id)
				j.bashMeta = s.label
			}
		}
	}
	return j
}

// program is the program page of name, nil for none.
func (j *judge) program(name string) *segment {
	name = strings.ToLower(name)
	if s, ok := j.programs[name]; ok {
		return s
	}
	var s *segment
	for _, id := range j.lib.Pages(name) {
		if m := j.lib.Meta(id); answer.ProgramPage(m) {
			if d, err := j.lib.Load(id); err == nil {
				s = &segment{name: name, label: m.Label, text: described(d)}
			}
			break
		}
	}
	j.programs[name] = s
	return s
}

// builtin is bash's entry for name (the items of SHELL BUILTIN COMMANDS
// whose synopsis starts with it, ". filename, source filename" for both)
// and the sections of the page the entry sends the reader to (test:
// CONDITIONAL EXPRESSIONS); nil when bash has no page here.
func (j *judge) builtin(name string) *segment {
	key := "builtin " + name
	if s, ok := j.programs[key]; ok {
		return s
	}
	var s *segment
	if j.bash != nil {
		if sec := j.bash.Find("SHELL BUILTIN COMMANDS"); sec != nil {
			var b strings.Builder
			for _, blk := range sec.Blocks {
				for _, form := range strings.Split(blk.Term, ", ") {
					if f := strings.Fields(form); blk.Kind == document.Item && len(f) > 0 && f[0] == name {
						b.WriteString(blk.Term + " " + blk.Text + "\n")
						break
					}
				}
			}
			entry := b.String()
			for _, other := range j.bash.Sections {
				if len(other.Title) > 3 && strings.Contains(entry, other.Title) && other.Title != sec.Title {
					for _, blk := range other.Blocks {
						b.WriteString(blk.Term + " " + blk.Text + "\n")
					}
				}
			}
			if entry != "" {
				s = &segment{name: name, label: j.bashMeta, text: b.String()}
			}
		}
	}
	j.programs[key] = s
	return s
}

// segments splits a line's commands into the programs and builtins that
// read its words, and says which kinds the line is of; a command without
// a page is left out.
func (j *judge) segments(cmds []cmdline.Command, words []cmdline.Word) ([]segment, map[string]bool) {
	kind := map[string]bool{}
	for _, w := range words {
		if w.Kind == cmdline.Operator && (w.Text == "|" || w.Text == "|&") {
			kind[kindPipeline] = true
		}
	}
	var out []segment
	var split func(args []cmdline.Word, shell bool)
	split = func(args []cmdline.Word, shell bool) {
		if len(args) == 0 {
			return
		}
		name := path.Base(args[0].Text)
		var s *segment
		if shell && !strings.Contains(args[0].Text, "/") && bashBuiltins[name] {
			s = j.builtin(name)
			kind[kindBuiltin] = true
		}
		rest := args[1:]
		if s == nil {
			s = j.program(name)
			if s != nil && len(rest) > 0 && !strings.HasPrefix(rest[0].Text, "-") {
				if sub := j.program(name + "-" + rest[0].Text); sub != nil {
					s, rest = sub, rest[1:]
				}
			}
		}
		seg := segment{name: name}
		if s != nil {
			seg = *s
		}
		values, wrapper := wrapperValues[name]
		for i := 0; i < len(rest); i++ {
			w := rest[i]
			switch {
			case name == "env" && strings.Contains(w.Text, "="):
				continue
			case wrapper && !strings.HasPrefix(w.Text, "-"):
				switch name {
				case "xargs":
					kind[kindRunner] = true
				case "sudo", "doas":
					kind[kindSudo] = true
				}
				out = append(out, seg)
				split(rest[i:], shell && shellWrappers[name])
				return
			case wrapper && slices.Contains(values, w.Text):
				seg.words = append(seg.words, w)
				i++
				continue
			case name == "find" && runnerOptions[w.Text]:
				seg.words = append(seg.words, w)
				end := len(rest)
				for k := i + 2; k < len(rest); k++ {
					if rest[k].Text == ";" || rest[k].Text == "+" && rest[k-1].Text == "{}" {
						end = k
						break
					}
				}
				kind[kindRunner] = true
				split(rest[i+1:end], false)
				i = end
				continue
			}
			seg.words = append(seg.words, w)
		}
		out = append(out, seg)
	}
	for _, c := range cmds {
		split(c.Args, true)
	}
	if len(kind) == 0 {
		kind[kindPlain] = true
	}
	return out, kind
}

// tally is the documented and matched option words of a population.
type tally struct{ lines, documented, entries, matched int }

func (t *tally) add(u tally) {
	t.lines, t.documented, t.entries, t.matched = t.lines+u.lines, t.documented+u.documented, t.entries+u.entries, t.matched+u.matched
}

func (t tally) String() string {
	pct := func(n int) float64 { return 100 * float64(n) / float64(max(t.documented, 1)) }
	return fmt.Sprintf("%d lines, %d documented option words: %d (%.1f%%) matched to their page's entry, %d (%.1f%%) with the sentences that name the others",
		t.lines, t.documented, t.entries, pct(t.entries), t.matched, pct(t.matched))
}

// optionWords are the words of a command after its name that start with
// a dash, up to "--", each as the page mentions it: the word (-name,
// --color of --color=auto), or else each letter of a cluster (-xzf: -x,
// -z, -f) with its byte in the line.
type optionWord struct {
	name       string
	start, end int // the word's span, or the letter's byte
	whole      bool
	word       int // where the word of a letter starts
}

func optionWords(s segment) []optionWord {
	var out []optionWord
	for i, w := range s.words {
		if w.Text == "--" {
			break
		}
		if len(w.Text) < 2 || w.Text[0] != '-' || w.Raw[0] != '-' {
			continue
		}
		if i > 0 && strings.HasPrefix(s.words[i-1].Text, "-") && w.Text[1] >= '0' && w.Text[1] <= '9' {
			continue // find -perm -4000, head -n -5: a value
		}
		name, _, _ := strings.Cut(w.Text, "=")
		if mentions(s.text, name) || strings.HasPrefix(w.Text, "--") || strings.Contains(w.Text, "=") {
			out = append(out, optionWord{name, w.Start, w.End, true, w.Start})
			continue
		}
		if !letterWord(name) {
			// -4000, -n5: a value, or an option and its value
			out = append(out, optionWord{name, w.Start, w.End, true, w.Start})
			continue
		}
		// a cluster whose every letter the page mentions (-xzf), not
		// a value that starts with a dash (head -n -count)
		var letters []optionWord
		for i, r := range w.Text[1:] {
			letters = append(letters, optionWord{"-" + string(r), w.Start + 1 + i, w.Start + 2 + i, false, w.Start})
		}
		if !slices.ContainsFunc(letters, func(o optionWord) bool { return !mentions(s.text, o.name) }) {
			out = append(out, letters...)
		}
	}
	return out
}

// cluster says whether explain read every letter of o as an option of
// page.
func cluster(x *proto.Explanation, page string, o optionWord) bool {
	for _, p := range x.Parts {
		if p.Span[0] < o.end && p.Span[1] > o.start && (p.Kind != proto.PartOption || p.Page != page) {
			return false
		}
	}
	return true
}

// letterWord says whether an option word is a dash and letters alone.
func letterWord(w string) bool {
	return len(w) > 1 && strings.Trim(w[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}

// measure adds the option words of a line's segments to t: documented
// where the page (or builtin entry) that the judge found mentions them,
// matched where explain gave the word an option of that same page.
// note is told of each word that was not matched to an entry: how is
// "not matched", or "by a sentence naming it".
func measure(t *tally, segs []segment, x *proto.Explanation, note func(seg segment, name, how string)) {
	for _, s := range segs {
		if s.label == "" {
			continue
		}
		valueIn := -1 // the word whose letters after one matched are its value (tar -Ipigz)
		for _, o := range optionWords(s) {
			if !mentions(s.text, o.name) {
				continue // the page says nothing of it: unknown is right
			}
			if !o.whole && o.word == valueIn {
				continue
			}
			t.documented++
			found, mention := false, false
			for _, p := range x.Parts {
				if p.Kind != proto.PartOption || p.Page != s.label {
					continue
				}
				n, _, _ := strings.Cut(p.Text, "=")
				// -n1, -I{}: the option, its value run on; -cvf read
				// as -c, -v, -f of the page is read right, -name as -n
				// then unknown letters is not
				if o.whole && p.Span[0] == o.start && (p.Span[1] == o.end || n == o.name || !letterWord(o.name) || cluster(x, s.label, o)) ||
					!o.whole && p.Span[0] <= o.start && o.start < p.Span[1] && strings.HasSuffix(n, o.name[1:]) {
					found, mention = true, p.Mention
					break
				}
			}
			if found && !o.whole && slices.ContainsFunc(x.Parts, func(p proto.ExplainPart) bool {
				return p.Kind == proto.PartArgument && p.Span[0] == o.end
			}) {
				valueIn = o.word
			}
			switch {
			case found && !mention:
				t.entries++
				t.matched++
			case found:
				t.matched++
				note(s, o.name, "by a sentence naming it")
			default:
				note(s, o.name, "not matched")
			}
		}
	}
}

// sample takes n lines of lines, an equal share of each kind where a kind
// has that many (a line's kind its first of kinds), the rest from any,
// at most three lines that run the same programs; a line counts when
// explain reads it and some command of it has a page.
func sample(lines []taskLine, n int, rng *rand.Rand, j *judge, verbose bool) []taskLine {
	type cand struct {
		taskLine
		programs string // "sudo apt": at most three lines of the same
	}
	byKind := map[string][]cand{}
	for _, l := range lines {
		words, cmds, err := cmdline.Parse(l.line)
		if err != nil || len(cmds) == 0 || len(cmds[0].Args) == 0 {
			continue
		}
		segs, kind := j.segments(cmds, words)
		var names []string
		for _, s := range segs {
			names = append(names, s.name)
		}
		for _, k := range kinds {
			if kind[k] {
				byKind[k] = append(byKind[k], cand{l, strings.Join(names, " ")})
				break
			}
		}
	}
	if verbose {
		for _, k := range kinds {
			fmt.Printf("%s: %d lines to sample from\n", k, len(byKind[k]))
		}
	}
	var out []taskLine
	perPrograms := map[string]int{}
	taken := map[string]bool{}
	take := func(c cand) bool {
		if taken[c.line] || perPrograms[c.programs] >= 3 {
			return false
		}
		words, cmds, _ := cmdline.Parse(c.line)
		segs, _ := j.segments(cmds, words)
		if !slices.ContainsFunc(segs, func(s segment) bool { return s.label != "" }) {
			return false
		}
		taken[c.line] = true
		perPrograms[c.programs]++
		out = append(out, c.taskLine)
		return true
	}
	var rest []cand
	for _, k := range kinds {
		pool := byKind[k]
		rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
		got := 0
		for i, c := range pool {
			if got == n/len(kinds) {
				rest = append(rest, pool[i:]...)
				break
			}
			if take(c) {
				got++
			}
		}
	}
	rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
	for _, c := range rest {
		if len(out) == n {
			break
		}
		take(c)
	}
	return out
}

// evalTasks reports the measure on n lines sampled from the collections
// under dir, overall and by kind of line.
func evalTasks(lib *answer.Library, dir string, n int, rng *rand.Rand, verbose bool) {
	all := readTasks(dir)
	if len(all) == 0 {
		fmt.Fprintln(os.Stderr, "explaineval: no command lines under", dir)
		os.Exit(1)
	}
	j := newJudge(lib)
	var total tally
	byKind := map[string]*tally{}
	for _, k := range kinds {
		byKind[k] = &tally{}
	}
	bySource := map[string]int{}
	misses := map[string]int{}
	for _, l := range sample(all, n, rng, j, verbose) {
		x, err := explainLine(lib, l.line)
		if err != nil {
			continue
		}
		words, cmds, _ := cmdline.Parse(l.line)
		segs, kind := j.segments(cmds, words)
		var t tally
		if verbose {
			fmt.Printf("%s [%s]: %s\n", l.source, strings.Join(slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return !kind[k] }), ", "), l.line)
		}
		measure(&t, segs, x, func(s segment, name, how string) {
			if how == "not matched" {
				misses[s.name+" "+name+" ("+s.label+")"]++
			}
			if verbose {
				fmt.Printf("    %s: %s %s (%s)\n", how, s.name, name, s.label)
			}
		})
		t.lines = 1
		bySource[l.source]++
		total.add(t)
		for k := range kind {
			byKind[k].add(t)
		}
	}
	var sources []string
	for _, s := range []string{"tldr", "cheat", "navi", "cheat.sh"} {
		sources = append(sources, fmt.Sprintf("%s %d", s, bySource[s]))
	}
	fmt.Printf("command lines of the task collections (%s), of %d read: %s\n", strings.Join(sources, ", "), len(all), total)
	for _, k := range kinds {
		fmt.Printf("  %-10s %s\n", k+":", byKind[k])
	}
	if verbose {
		var keys []string
		for k := range misses {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(a, b int) bool {
			return misses[keys[a]] > misses[keys[b]] || misses[keys[a]] == misses[keys[b]] && keys[a] < keys[b]
		})
		fmt.Println("option words not matched, most often first:")
		for _, k := range keys[:min(len(keys), 25)] {
			fmt.Printf("  %3d  %s\n", misses[k], k)
		}
	}
}
