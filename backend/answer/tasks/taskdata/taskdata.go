// Package taskdata reads the task collections other people wrote (tldr
// pages, cheat/cheatsheets, navi cheats, cheat.sh sheets; see
// ../shared/tasks/README.md) into (description, command) pairs, from which
// package tasks fits its model. It is used by the generator and the
// evaluation tool only: nothing of it, and none of the text it reads, is
// linked into ragman.
//
// The command of a pair is:
//   - for a tldr page, the page's name ("tar", "git-commit"): a page is
//     about one command, whatever its examples pipe through;
//   - for the other collections, the first word of the command line after
//     cleaning (CommandOf): a prompt, `sudo`/`doas` and their options,
//     `env` and VAR=value assignments, a leading `\` are dropped; a line
//     that starts by feeding a pipe (`cat f |`, `echo x |`, `yes |`,
//     `printf ... |`) takes the command after the pipe; shell keywords,
//     placeholders (`<file>`, `[PATH]`, `{{x}}`) and words that do not
//     look like command names give no pair. A command with a subcommand
//     whose joined name is a known page ("git commit" with a git-commit
//     page) is that page, as tldr names it.
package taskdata

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
)

// Pair is one described command line.
type Pair struct {
	Source  string // "tldr", "cheatsheets", "navi", "cheat.sh"
	Sheet   string // the page or sheet it came from
	Desc    string // what the command does, in the author's words
	Line    string // the command line (first line of it)
	Command string // the command it is filed under (see the package doc)
	Summary bool   // a page's one-line summary ("Archiving utility."), not an example
	// Asked is a question set's question as written, of which Desc is the
	// topic (LoadQuestions); cross-fitting folds it by this
	Asked string
}

// Sources are the collections, in the order Load reads them.
var Sources = []string{"tldr", "cheatsheets", "navi", "cheat.sh"}

// Load reads the four collections under root (../shared/tasks) and
// resolves each pair's command. The result is sorted, so that a model fitted
// on it depends on the data only.
func Load(root string) ([]Pair, error) {
	var pairs []Pair
	known := map[string]bool{}
	// tldr: pages/common and pages/linux; a linux page replaces the
	// common one of its name, as clients on Linux do.
	tldr := map[string]string{}
	for _, plat := range []string{"common", "linux"} {
		dir := filepath.Join(root, "tldr", "pages", plat)
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			tldr[strings.TrimSuffix(e.Name(), ".md")] = filepath.Join(dir, e.Name())
		}
	}
	for _, name := range sortedKeys(tldr) {
		known[name] = true
		b, err := os.ReadFile(tldr[name])
		if err != nil {
			return nil, err
		}
		pairs = append(pairs, ParseTldr(name, string(b))...)
	}
	var others []Pair
	// cheat/cheatsheets: one file per sheet at the top (a vim-plugins
	// folder is left out: key bindings, not commands).
	files, err := listFiles(filepath.Join(root, "cheatsheets"), false)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		name := filepath.Base(f)
		if strings.Contains(name, ".") || strings.ToUpper(name) == name {
			continue // LICENSE.txt, README.md
		}
		known[name] = true
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		others = append(others, ParseCheatsheet(name, string(b))...)
	}
	// navi: *.cheat files in topic folders.
	files, err = listFiles(filepath.Join(root, "navi"), true)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if !strings.HasSuffix(f, ".cheat") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(filepath.Join(root, "navi"), f)
		others = append(others, ParseNavi(filepath.ToSlash(rel), string(b))...)
	}
	// cheat.sh: the top-level sheets; folders starting with _ are
	// programming languages, other folders hold no commands.
	files, err = listFiles(filepath.Join(root, "cheat.sh", "sheets"), false)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		name := filepath.Base(f)
		if strings.HasPrefix(name, "_") {
			continue
		}
		known[strings.ToLower(strings.ReplaceAll(name, " ", "-"))] = true
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		others = append(others, ParseCheatSh(name, string(b))...)
	}
	for _, p := range others {
		if inProgram[p.Sheet] {
			continue
		}
		if p.Summary {
			// a sheet's summary is about the sheet's own command
			if p.Command = CommandName(p.Sheet, known); p.Command != "" {
				pairs = append(pairs, p)
			}
			continue
		}
		if p.Command = CommandOf(p.Line, known); p.Command != "" && (len(p.Command) > 1 || known[p.Command]) {
			pairs = append(pairs, p)
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		if a.Command != b.Command {
			return a.Command < b.Command
		}
		if a.Source != b.Source {
			return a.Source < b.Source
		}
		if a.Sheet != b.Sheet {
			return a.Sheet < b.Sheet
		}
		if a.Desc != b.Desc {
			return a.Desc < b.Desc
		}
		return a.Line < b.Line
	})
	return pairs, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// listFiles lists the regular files of dir (and below, when deep), sorted.
func listFiles(dir string, deep bool) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && !deep {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// mentionedLine is a question's command line as its mentions give it:
// the command with the options the answer must mention (any of them,
// names of one option); the command alone where the answer must mention
// it and no option; "" otherwise (a question the command answers with a
// variable or a file, PS1, /etc/skel, is none of its options' task nor
// one it does without them).
func mentionedLine(command string, cols []string) string {
	if len(cols) < 4 {
		return ""
	}
	var opts []string
	named := false // the command itself is a mention
	for _, m := range strings.Split(cols[3], "|") {
		named = named || m == command
		if m = strings.TrimSpace(m); optionRE.MatchString(m) {
			opts = append(opts, m)
		}
	}
	switch {
	case len(opts) > 0:
		return command + " " + strings.Join(opts, " ")
	case named:
		return command
	}
	return ""
}

// LoadQuestions reads question sets (TSV: id, question, expected pages,
// mentions, kind; testdata/eval) as pairs of a task and the command that
// does it: ragman's own questions, in our words, which the collections do
// not say ("make my script runnable" is chmod's). A question's line is
// its command with the options its mentions name, or the command alone
// where it mentions the command and no option (mentionedLine), which
// teaches the option model. A question's command is its first expected page
// when that is a command's (section 1 or 8); out-of-scope questions and
// those answered by other pages are left out.
// Its description is the question's topic (analyse.Reading.Topic), the
// question without its framing and arguments, so that "What is the bash
// command to" and "notes.txt" are no words of the command's. globs are
// comma-separated file patterns (QuestionSets).
func LoadQuestions(globs string) ([]Pair, error) {
	var paths []string
	for _, g := range strings.Split(globs, ",") {
		if g = strings.TrimSpace(g); g == "" {
			continue
		}
		m, err := filepath.Glob(g)
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("no question set matches %s", g)
		}
		paths = append(paths, m...)
	}
	var out []Pair
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			cols := strings.Split(sc.Text(), "\t")
			if len(cols) < 3 || strings.HasPrefix(cols[0], "#") || (len(cols) > 4 && cols[4] == "noanswer") {
				continue
			}
			first, _, _ := strings.Cut(cols[2], "|")
			m := commandPage.FindStringSubmatch(strings.TrimSpace(first))
			if m == nil {
				continue
			}
			out = append(out, Pair{Source: "questions", Sheet: filepath.Base(path), Desc: analyse.Read(cols[1]).Topic(cols[1]),
				Asked: cols[1], Command: m[1], Line: mentionedLine(m[1], cols)})
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// QuestionSets are the question sets the shipped model learns from, from
// the repository's root: the dev and style sets, never the held-out ones.
const QuestionSets = "testdata/eval/dev*.tsv,testdata/eval/style-*.tsv"

// commandPage is a command's man page as question sets name it: "chmod(1)".
var commandPage = regexp.MustCompile(`^([A-Za-z0-9_.+-]+)\([18][a-z]*\)$`)

// mnemonic drops tldr's mnemonic brackets: "E[x]tract" is "Extract".
var mnemonic = strings.NewReplacer("[", "", "]", "")

// letterMnemonic is a mnemonic bracket in the other collections, which
// copy some of tldr's descriptions ("the right to e[x]ecute it" in
// cheat.sh's chmod): one letter in brackets, in a word or a word of its
// own. Read as brackets, the word splits in two ("e", "ecute") and its
// stem is lost; a bracket around more (a placeholder, "[PATH]") stays.
var letterMnemonic = regexp.MustCompile(`\[([A-Za-z])\]`)

func unbracket(desc string) string { return letterMnemonic.ReplaceAllString(desc, "$1") }

// ParseTldr reads a tldr page: its summary ("> ..." lines before the first
// example, without "More information" and "See also" lines) and its
// examples ("- description:" then "`command`"). Every pair is filed under
// the page's name.
func ParseTldr(name, text string) []Pair {
	var out []Pair
	var summary []string
	desc := ""
	for _, line := range lines(text) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, ">"):
			s := strings.TrimSpace(strings.TrimPrefix(line, ">"))
			low := strings.ToLower(s)
			if strings.HasPrefix(low, "more information") || strings.HasPrefix(low, "see also") ||
				strings.HasPrefix(low, "this command is an alias") || strings.Contains(low, "tldr ") || s == "" {
				continue
			}
			summary = append(summary, s)
		case strings.HasPrefix(line, "- "):
			desc = strings.TrimSuffix(strings.TrimSpace(line[2:]), ":")
			desc = mnemonic.Replace(desc)
		case strings.HasPrefix(line, "`") && strings.HasSuffix(line, "`") && len(line) > 1 && desc != "":
			out = append(out, Pair{Source: "tldr", Sheet: name, Desc: desc, Line: strings.Trim(line, "`"), Command: name})
			desc = ""
		}
	}
	if len(summary) > 0 {
		out = append([]Pair{{Source: "tldr", Sheet: name, Desc: strings.Join(summary, " "), Command: name, Summary: true}}, out...)
	}
	return out
}

// ParseCheatsheet reads a cheat/cheatsheets sheet: optional YAML front
// matter between "---" lines, then "# description" comment lines, each
// above the command lines it describes. The commands are left to
// CommandOf (Command is empty).
func ParseCheatsheet(name, text string) []Pair {
	ls := lines(text)
	if len(ls) > 0 && strings.TrimSpace(ls[0]) == "---" {
		for i := 1; i < len(ls); i++ {
			if strings.TrimSpace(ls[i]) == "---" {
				ls = ls[i+1:]
				break
			}
		}
	}
	var out []Pair
	desc := ""
	seen := map[string]bool{}
	prevComment := false
	for _, line := range ls {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
			// a description may sit above a blank line before its command
			prevComment = false
			continue
		case strings.HasPrefix(t, "#"):
			d := strings.TrimSpace(strings.TrimLeft(t, "#"))
			d = strings.TrimSuffix(d, ":")
			if strings.EqualFold(d, "or") || d == "" {
				continue // "# or:" between two ways of one task
			}
			if prevComment {
				d = desc + " " + d // a description continued on the next line
			}
			desc, seen, prevComment = d, map[string]bool{}, true
		default:
			prevComment = false
			if desc == "" || line != strings.TrimLeft(line, " \t") {
				continue // an indented line continues the previous one
			}
			if !seen[t] {
				seen[t] = true
				out = append(out, Pair{Source: "cheatsheets", Sheet: name, Desc: unbracket(desc), Line: t})
			}
		}
	}
	return out
}

// ParseNavi reads a navi cheat file: "% tags" lines start a group, "#
// description" lines are followed by the command (continued by a trailing
// backslash); "$ var: ..." lines define placeholder values, ";" lines are
// comments, "@" lines import other groups. Only the first line of a
// command is kept.
func ParseNavi(name, text string) []Pair {
	var out []Pair
	desc := ""
	cont := false
	for _, line := range lines(text) {
		t := strings.TrimSpace(line)
		if cont {
			cont = strings.HasSuffix(t, "\\")
			continue
		}
		switch {
		case t == "", strings.HasPrefix(t, ";"), strings.HasPrefix(t, "@"), strings.HasPrefix(t, "%"):
			if strings.HasPrefix(t, "%") {
				desc = ""
			}
		case strings.HasPrefix(t, "$"):
			// "$ var: command" gives a placeholder's values
		case strings.HasPrefix(t, "#"):
			desc = strings.TrimSpace(strings.TrimLeft(t, "#"))
		default:
			cont = strings.HasSuffix(t, "\\")
			if desc != "" {
				out = append(out, Pair{Source: "navi", Sheet: name, Desc: unbracket(desc), Line: strings.TrimSpace(strings.TrimSuffix(t, "\\"))})
				desc = "" // one command per description
			}
		}
	}
	return out
}

// ParseCheatSh reads a chubin/cheat.sheets sheet: its first two comment
// lines are the name and a summary, then comment blocks, each above the
// command lines it describes. A block's description is the first sentence
// of its first paragraph (the rest explains); a block that follows commands
// without a blank line and starts "The above" or "Alternative" describes
// the commands after it all the same.
func ParseCheatSh(name, text string) []Pair {
	var out []Pair
	ls := lines(text)
	i := 0
	// header: "# name", "# summary"
	if i < len(ls) && strings.HasPrefix(strings.TrimSpace(ls[i]), "#") {
		i++
		if i < len(ls) {
			if t := strings.TrimSpace(ls[i]); strings.HasPrefix(t, "#") {
				s := strings.TrimSpace(strings.TrimLeft(t, "#"))
				if s != "" && !strings.HasPrefix(s, "http") {
					out = append(out, Pair{Source: "cheat.sh", Sheet: name, Desc: unbracket(s), Summary: true})
				}
				i++
			}
		}
	}
	var block []string // the current comment block's first paragraph
	inPara := true
	desc := ""
	seen := map[string]bool{}
	prevComment := false
	for ; i < len(ls); i++ {
		t := strings.TrimSpace(ls[i])
		switch {
		case t == "":
			prevComment = false
		case strings.HasPrefix(t, "#"):
			if !prevComment {
				block, inPara = nil, true
			}
			prevComment = true
			s := strings.TrimSpace(strings.TrimLeft(t, "#"))
			if s == "" {
				inPara = false
			} else if inPara {
				block = append(block, s)
			}
		default:
			if prevComment || desc == "" {
				d := firstSentence(strings.Join(block, " "))
				if d != "" && d != desc {
					desc, seen = d, map[string]bool{}
				}
			}
			prevComment = false
			if desc == "" || ls[i] != strings.TrimLeft(ls[i], " \t") {
				continue
			}
			if !seen[t] {
				seen[t] = true
				out = append(out, Pair{Source: "cheat.sh", Sheet: name, Desc: unbracket(desc), Line: t})
			}
		}
	}
	return out
}

var sentenceEnd = regexp.MustCompile(`[.!?;](\s|$)`)

func firstSentence(s string) string {
	if loc := sentenceEnd.FindStringIndex(s); loc != nil {
		s = s[:loc[0]]
	}
	return strings.TrimSuffix(strings.TrimSpace(s), ":")
}

func lines(text string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// nameRE is what a command's name looks like.
var nameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._+-]*[a-z0-9+]$|^[a-z]$`)

// hasLetter: "0" and "2c" are not commands.
var hasLetter = regexp.MustCompile(`[a-z].*[a-z]|^[a-z]$`)

// inProgram are sheets whose lines are keys or commands of an interactive
// program (an editor, a debugger, a window manager's config), or markup,
// not shell command lines.
var inProgram = map[string]bool{
	"asciidoctor": true, "ed": true, "emacs": true, "fs_cli": true, "gdb": true, "i3": true,
	"ipython": true, "kadmin": true, "kitty": true, "less": true, "markdown": true, "vim": true,
}

// keywords are shell words that start a line but are not commands.
var keywords = map[string]bool{
	"for": true, "if": true, "while": true, "until": true, "do": true, "done": true, "then": true,
	"fi": true, "else": true, "elif": true, "case": true, "esac": true, "function": true, "in": true,
	"select": true, "return": true, "local": true, "declare": true, "export": true, "let": true,
	"true": true, "false": true,
}

// feeders are commands that start a pipeline only to feed the one that
// does the work: "yes | cp", "cat file | grep".
var feeders = map[string]bool{"cat": true, "echo": true, "yes": true, "printf": true}

// CommandOf returns the command a command line runs, as the package doc
// describes, or "" when it names none. known holds the page names a
// subcommand may join into ("git-commit").
func CommandOf(line string, known map[string]bool) string {
	segs := splitPipe(line)
	for si, seg := range segs {
		words := strings.Fields(seg)
		words = skipPrefix(words)
		if len(words) == 0 {
			return ""
		}
		w := strings.TrimPrefix(words[0], "\\")
		if feeders[w] && si+1 < len(segs) {
			continue
		}
		if !nameRE.MatchString(w) || !hasLetter.MatchString(w) || keywords[w] {
			return ""
		}
		if len(words) > 1 && nameRE.MatchString(words[1]) {
			if j := w + "-" + words[1]; known[j] {
				return j
			}
		}
		return w
	}
	return ""
}

// CommandName is a sheet's name as a command ("cryptsetup luksFormat" is
// "cryptsetup-luksformat" only if that is known, else "cryptsetup"), or ""
// when it does not look like one.
func CommandName(sheet string, known map[string]bool) string {
	return CommandOf(strings.ToLower(sheet), known)
}

// splitPipe splits a command line at "|" outside quotes ("||" is not a
// pipe).
func splitPipe(line string) []string {
	var out []string
	start, skip := 0, false
	outsideQuotes(line, func(i int) bool {
		switch {
		case skip:
			skip = false
		case line[i] != '|':
		case i+1 < len(line) && line[i+1] == '|':
			skip = true
		default:
			out = append(out, line[start:i])
			start = i + 1
		}
		return true
	})
	return append(out, line[start:])
}

// runsOthers says whether a command line runs more than one command: a
// pipeline, or a list joined by ";", "&&" or "||" (outside quotes).
func runsOthers(line string) bool {
	line = alternativesApart(line)
	n := 0
	for _, seg := range splitPipe(line) {
		if strings.TrimSpace(seg) != "" {
			n++
		}
	}
	others := n > 1
	outsideQuotes(line, func(i int) bool {
		c := line[i]
		others = others || c == ';' || (c == '&' || c == '|') && i+1 < len(line) && line[i+1] == c
		return !others
	})
	return others
}

// alternativesApart marks the "|" of tldr's alternatives,
// "{{[-r|--recursive]}}", as \x01: they are no pipes.
func alternativesApart(line string) string {
	return braced.ReplaceAllStringFunc(line, func(b string) string { return strings.ReplaceAll(b, "|", "\x01") })
}

// outsideQuotes calls fn with each place of line outside '...' and
// "...", in order, while it returns true.
func outsideQuotes(line string, fn func(i int) bool) {
	var q byte
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '\'' || c == '"':
			q = c
		case !fn(i):
			return
		}
	}
}

var assignRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// skipPrefix drops what comes before the command: a "$ " prompt, sudo or
// doas with their options, env, VAR=value assignments.
func skipPrefix(w []string) []string {
	for len(w) > 0 {
		switch {
		case w[0] == "$":
			w = w[1:]
		case w[0] == "sudo" || w[0] == "doas":
			w = w[1:]
			for len(w) > 0 && strings.HasPrefix(w[0], "-") {
				opt := w[0]
				w = w[1:]
				// options of sudo and doas that take a value
				if (opt == "-u" || opt == "-g" || opt == "-C" || opt == "-h" || opt == "-p") && len(w) > 0 {
					w = w[1:]
				}
			}
			if len(w) == 0 {
				return nil // "sudo !!", "sudo -i"
			}
		case w[0] == "env" && len(w) > 1 && (assignRE.MatchString(w[1]) || strings.HasPrefix(w[1], "-")):
			w = w[1:]
			for len(w) > 0 && strings.HasPrefix(w[0], "-") {
				w = w[1:]
			}
		case assignRE.MatchString(w[0]):
			w = w[1:]
		default:
			return w
		}
	}
	return w
}

// Docs turns pairs into the documents a model is fitted on: the content
// stems of each description, a description filed under the same command
// twice (two command lines under one description, a sheet copied into two
// collections) counted once. Page summaries are left out unless summaries
// is set.
func Docs(pairs []Pair, summaries bool) []tasks.Doc {
	docs, _ := DocPairs(pairs, summaries)
	return docs
}

// DocPairs is Docs with the pair each document came from.
func DocPairs(pairs []Pair, summaries bool) ([]tasks.Doc, []Pair) {
	var out []tasks.Doc
	var from []Pair
	seen := map[string]bool{}
	for _, p := range pairs {
		if p.Summary && !summaries {
			continue
		}
		key := p.Command + "\x00" + strings.ToLower(strings.Join(strings.Fields(p.Desc), " "))
		if seen[key] {
			continue
		}
		seen[key] = true
		if st := tasks.Tokens(p.Desc); len(st) > 0 {
			out = append(out, tasks.Doc{Command: p.Command, Stems: st})
			from = append(from, p)
		}
	}
	return out, from
}

// Options returns the options a pair's command line gives the command it
// is filed under, as typed, each once: "-r" and "--recursive" of tldr's
// "rm {{[-r|--recursive]}} ..."; a value after "=" is dropped; a cluster
// of single-dash letters ("-rf", "-czf") is also read as its letters,
// which is how most commands take it (a command with long single-dash
// options, find's -name, gets letters it has no item for, which nothing
// asks for).
func Options(p Pair) []string {
	if p.Summary || p.Command == "" {
		return nil
	}
	var out []string
	add := func(o string) {
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	line := alternativesApart(p.Line)
	for _, seg := range splitPipe(line) {
		words := skipPrefix(strings.Fields(seg))
		if len(words) == 0 {
			continue
		}
		w := strings.TrimPrefix(words[0], "\\")
		rest := words[1:]
		switch {
		case w == p.Command:
		case len(words) > 1 && w+"-"+words[1] == p.Command:
			rest = words[2:]
		default:
			continue
		}
		prev := "" // the word before, as read: an option's value follows it
	words:
		for i, tok := range rest {
			if endOfCommand[tok] {
				break
			}
			if i == 0 && oldStyle[p.Command] && bundled.MatchString(tok) {
				tok = "-" + tok // "tar xvf" is "tar -xvf"
			}
			after := prev
			prev, _, _ = strings.Cut(placeholder.Replace(tok), "\x01")
			for _, alt := range strings.Split(placeholder.Replace(tok), "\x01") {
				name, _, _ := strings.Cut(alt, "=")
				if !optionRE.MatchString(name) {
					continue
				}
				if signedValue.MatchString(name) && optionRE.MatchString(after) {
					// a value after an option, not one: find's "-mtime
					// -2", "-size -10k" (kill's "-9", ls's "-1" stand
					// alone, and are options)
					continue
				}
				if m := joinedValue.FindStringSubmatch(name); m != nil {
					name = m[1] // cut's "-f3", head's "-n5": -f, -n
				}
				add(name)
				if runsAnother[name] {
					break words // what follows is the other command's
				}
				if letters.MatchString(name) && !wordOptions[p.Command] && tasks.SignalOption(name) == 0 {
					for _, l := range name[1:] {
						add("-" + string(l))
					}
				}
			}
		}
		break // the command's first run
	}
	return out
}

// bsdLine says whether a pair's command line gives its command BSD-style
// options, letters without a dash that its page documents apart from
// the dashed ones: "ps aux" runs ps with options, though none Options
// reads, so it is no line of ps run without options (whose usage, had
// it been, ran ahead of -e for "list every running process").
func bsdLine(p Pair) bool {
	if !bsdStyle[p.Command] || p.Summary {
		return false
	}
	for _, seg := range splitPipe(p.Line) {
		words := skipPrefix(strings.Fields(seg))
		if len(words) > 1 && strings.TrimPrefix(words[0], "\\") == p.Command {
			return bundled.MatchString(placeholder.Replace(words[1]))
		}
	}
	return false
}

// bsdStyle are the commands that take BSD-style options.
var bsdStyle = map[string]bool{"ps": true}

// wordOptions are the commands whose single-dash options are words, not
// bundles of letters: find's -name is no -n, -a, -m and -e (which the
// option model held 49 descriptions of, "name" among their words).
var wordOptions = map[string]bool{"find": true, "java": true, "ffmpeg": true, "ffprobe": true, "ffplay": true,
	"openssl": true, "convert": true, "magick": true, "mogrify": true, "xrandr": true, "xdotool": true}

var (
	braced      = regexp.MustCompile(`\{\{.*?\}\}`)
	placeholder = strings.NewReplacer("{{", "", "}}", "", "[", "", "]", "")
	optionRE    = regexp.MustCompile(`^--?[A-Za-z0-9][A-Za-z0-9_-]*$`)
	letters     = regexp.MustCompile(`^-[A-Za-z]{2,}$`)
	signedValue = regexp.MustCompile(`^-[0-9][0-9.]*[A-Za-z]?$`)
	joinedValue = regexp.MustCompile(`^(-[A-Za-z])[0-9][0-9,.]*$`)
	// oldStyle are the commands whose first word may be a bundle of
	// option letters without a dash: tldr writes "tar xvf", and so does
	// everyone
	oldStyle     = map[string]bool{"tar": true, "ar": true}
	bundled      = regexp.MustCompile(`^[A-Za-z]{1,6}$`)
	runsAnother  = map[string]bool{"-exec": true, "-execdir": true, "-ok": true, "-okdir": true}
	endOfCommand = map[string]bool{";": true, "&&": true, "||": true, "&": true, ">": true, ">>": true, "<": true, "2>": true, "2>&1": true}
)

// OptionDocs are the documents an option model is fitted on: each
// description once per option its command line gives, filed under
// "command option" ("rm -r"), with the stems of Docs; a command line
// that gives none is filed under "command " (the option "").
func OptionDocs(pairs []Pair) []tasks.Doc {
	// each pair's options, "" for its command run without options; and
	// per command, the stems of its summaries and of its lines without
	// options: what it does without options, in anyone's words. A
	// question's option is taught only the question's other stems: "ask
	// before deleting more than three files" teaches rm's -I "ask" and
	// "three", not "delete" and "file", which every rm line says, or -I
	// would lead the answer to deleting a folder. The collections' lines
	// say their options' task in few words, and keep theirs.
	opts := make([][]string, len(pairs))
	plain := map[string]map[string]bool{}
	for i, p := range pairs {
		if bsdLine(p) {
			// options no item of the page is named after: neither a
			// run without options nor one with the UNIX letters
			continue
		}
		opts[i] = Options(p)
		if len(opts[i]) == 0 && !p.Summary && p.Line != "" {
			if runsOthers(p.Line) {
				// what "sort file | uniq" does, "sort and remove
				// duplicates", is not what sort does without options
				// (whose usage then ran ahead of -u for it): the line's
				// other commands do part of it
				continue
			}
			// the command run without options: what the options of
			// a task it does as well as they are measured against
			opts[i] = []string{""}
		}
		if p.Summary || slices.Equal(opts[i], []string{""}) {
			if plain[p.Command] == nil {
				plain[p.Command] = map[string]bool{}
			}
			for _, s := range tasks.Tokens(p.Desc) {
				plain[p.Command][s] = true
			}
		}
	}
	var out []tasks.Doc
	seen := map[string]bool{}
	for i, p := range pairs {
		st := tasks.Tokens(p.Desc)
		if len(st) == 0 {
			continue
		}
		desc := strings.ToLower(strings.Join(strings.Fields(p.Desc), " "))
		for _, o := range opts[i] {
			key := p.Command + " " + o
			if seen[key+"\x00"+desc] {
				continue
			}
			seen[key+"\x00"+desc] = true
			ost := st
			if o != "" && p.Source == "questions" {
				ost = slices.DeleteFunc(slices.Clone(st), func(s string) bool { return plain[p.Command][s] })
				if len(ost) == 0 {
					continue
				}
			}
			out = append(out, tasks.Doc{Command: key, Stems: ost})
		}
	}
	return out
}
