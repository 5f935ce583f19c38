package rank

// Rules that reorder the trees' first pages where a question says more
// than its words' match does: the program it names as its tool
// (byNamedTool), a shell task that is no programming one (byShell), a
// task that looks at things and changes nothing (byVerb).

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// namedSure is how surely a word must name a program (see resolveNames)
// for byNamedTool to put its page first: a word the corpus keeps for names
// ("curl", "zstd"), not one it also uses as an ordinary word ("find",
// "top", "last").
var namedSure = 0.8

// namedSureWith is how surely a word must name a program for
// byNamedTool where the question does the task with it, using it or
// through it ("compress a file with bzip2"): said so, a word the corpus
// also uses of other things (bzip2 in tar's and many another page) is
// the tool all the same.
var namedSureWith = 0.5

// namedAtAll is how surely a word must name a program to count as one
// the question names: "find" in "run gzip on every file that find
// locates" names a second program, and then none goes first.
var namedAtAll = 0.25

// namedWithin is how far down the pool the named program's page may be
// for byNamedTool to put it first.
var namedWithin = 5

// byNamedTool puts first the page of the one program the question names as
// its tool ("with curl", "compress a file with zstd", "in base64"), where
// the trees put another page ahead of it: wget's for "download a page
// that needs a password with curl", gzip's for zstd. A question that
// names two programs, names one to do without it ("without calling
// sed"), or whose first page is one of the named program's own
// (git-push(1) for "git push"), keeps its order.
func (rk *ranker) byNamedTool(pool []Candidate, q *query) {
	if len(pool) < 2 {
		return
	}
	names := map[string]int{} // title -> place in the pool
	sure := map[string]float64{}
	for i := range pool[:min(len(pool), namedWithin)] {
		n, ok := q.named[pool[i].ID]
		if !ok || n.verb || n.sure < namedAtAll || !rk.priors[pool[i].ID].manual {
			continue
		}
		title := strings.ToLower(pool[i].Meta.Title)
		if _, seen := names[title]; !seen && slices.Contains(q.a.Words, title) {
			names[title], sure[title] = i, n.sure
		}
	}
	if len(names) != 1 {
		return
	}
	for title, i := range names {
		top := strings.ToLower(pool[0].Meta.Title)
		if i == 0 || strings.HasPrefix(top, title+"-") || strings.HasPrefix(top, title+".") || !asTool(q.a.Question, title) {
			return
		}
		if sure[title] < namedSure && (sure[title] < namedSureWith || !withTool(q.a.Question, title)) {
			return
		}
		promote(pool, i)
	}
}

// promote moves the pool's i-th page first, just above the page that was,
// the others keeping their order.
func promote(pool []Candidate, i int) {
	p := pool[i]
	p.Score = pool[0].Score + 1e-6
	copy(pool[1:i+1], pool[:i])
	pool[0] = p
}

// asTool says whether a question names a program as the tool to do its
// task with: "with curl", "using zstd", "in base64", "tell make to",
// "run it through sed"; not as a thing the task is about ("an apt
// preferences entry", "change my login shell to zsh"), nor as one to do
// without ("without calling sed": the word before is no such word).
func asTool(question, name string) bool {
	re := toolRE(`with|using|use|via|through|in|by|run|running|call|calling|make|tell|have|let|get`, `the|a`, name)
	for _, m := range re.FindAllStringIndex(question, -1) {
		if !doneWithout().MatchString(question[:m[0]]) && clauseGoesOn().MatchString(question[m[1]:]) {
			return true
		}
	}
	// the program made to do a thing is the tool that does it: "makes
	// ip print every address on one line", "lets sed use extended
	// regular expressions"
	made := regexp.MustCompile(`(?i)\b(?:make|makes|making|let|lets|letting|have|has|having|get|gets|getting)\s+(?:the\s+)?` +
		regexp.QuoteMeta(name) + `\s+[a-z]+\b`)
	for _, m := range made.FindAllStringIndex(question, -1) {
		if !doneWithout().MatchString(question[:m[0]]) {
			return true
		}
	}
	return false
}

// withTool says whether a question does its task with program name:
// "with bzip2", "using dd", "via rsync", "through sed".
func withTool(question, name string) bool {
	return toolRE(`with|using|via|through`, `the`, name).MatchString(question)
}

// toolRE finds program name after one of the words (alternatives, as a
// regexp writes them), an article of articles, and a noun that says it
// is a program: "with curl", "using the command zstd".
func toolRE(words, articles, name string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:` + words + `)\s+(?:(?:` + articles + `)\s+)?(?:command\s+|program\s+|tool\s+)?` + regexp.QuoteMeta(name) + `\b`)
}

// clauseGoesOn matches what may follow a program named as a tool: the end
// of the clause, or a word that starts the next part of the sentence. A
// noun after the name makes it a kind of thing ("using LZ4 compression",
// "in bridge interfaces"), not the tool.
var clauseGoesOn = lazyre.New(`(?i)^(?:\s*$|\s*[,.;:?!)'"]|'s\b|\s+(?:and|or|but|so|to|at|on|for|from|with|without|into|in|over|by|then|that|which|instead|while|when|if|as|is|are|was|were|does|do|did|can|can't|cannot|could|would|will|won't|should|says|said|prints|shows|keeps|command|itself)\b)`)

// doneWithout ends the words before a program named as one to do
// without: "without calling sed", "instead of using awk".
var doneWithout = lazyre.New(`(?i)\b(?:without|instead\s+of|rather\s+than|other\s+than|not|no|never|avoid)\s*$`)

// negatedWithin is how far down the pool byNegated looks for a page to
// put ahead of one the question does without.
var negatedWithin = 3

// byNegated puts the pool's best page of the first negatedWithin whose
// program the question does not name as one to do without ahead of the
// first page where that one is: sensible-editor(1) led "add a line to a
// file without opening an editor", on the words the question rules out.
// A title names a program by itself or by its last part after a dash
// (sensible-editor, git-clone; not run-parts for "without running
// them"), compared by stem.
func (rk *ranker) byNegated(pool []Candidate, q *query) {
	if len(pool) < 2 {
		return
	}
	negated := map[string]bool{}
	answer.WithoutWords(q.a.Question, func(w string) { negated[terms.Stem(w)] = true })
	if len(negated) == 0 {
		return
	}
	ruledOut := func(c Candidate) bool {
		title := strings.ToLower(c.Meta.Title)
		last := title[strings.LastIndexByte(title, '-')+1:]
		return negated[terms.Stem(title)] || negated[terms.Stem(last)]
	}
	if !ruledOut(pool[0]) {
		return
	}
	for i := 1; i < min(len(pool), negatedWithin); i++ {
		if !ruledOut(pool[i]) {
			promote(pool, i)
			return
		}
	}
}

// shellWithin is how far down the pool a program's page may be for
// byShell to put it ahead of a library page.
var shellWithin = 3

// byShell puts the best program page (sections 1 and 8) of the pool's
// first shellWithin ahead of a library or system call page (sections 2
// and 3) the trees put first, for a how-to question that says nothing of
// programming: toupper(3) for "convert uppercase letters to lowercase in
// a stream", stat(2) for "get the directory part of a path".
func (rk *ranker) byShell(pool []Candidate, q *query) {
	if len(pool) < 2 {
		return
	}
	n := min(len(pool), shellWithin)
	sections, programs := make([]string, n), make([]bool, n)
	for i := range n {
		if m := pool[i].Meta; m.Type == "man" {
			sections[i] = m.Section
		}
		programs[i] = rk.priors[pool[i].ID].manual
	}
	if i := shellFirst(q.a.Scene, sections, programs); i > 0 {
		promote(pool, i)
	}
}

// shellFirst is the place of the program page byShell puts first, among
// pages of these manual sections ("" for no man page), of which these
// are programs' pages; 0 for none.
func shellFirst(scene analyse.Scene, sections []string, programs []bool) int {
	if scene != analyse.SceneHowTo || len(sections) < 2 || sections[0] == "" || sections[0][0] != '2' && sections[0][0] != '3' {
		return 0
	}
	for i := 1; i < len(sections); i++ {
		if programs[i] {
			return i
		}
	}
	return 0
}

// libraryWithin is how far down the pool byLibrary looks for a library
// or system call page.
const libraryWithin = 4

// byLibrary puts the best library or system call page (sections 2 and 3)
// of the pool's first libraryWithin first, for a question whose code runs
// in C ("from a C program", "in C", "from inside C"), where the trees put
// a program's, a device's or a concept's page first: lsof(8) for "list
// the files in a directory from a C program", pts(4) for running a
// program in a pseudo-terminal from C. A question about a C program, not
// written in one ("find memory leaks in my C program"), keeps its order:
// its answer is a tool.
func (rk *ranker) byLibrary(pool []Candidate, q *query) {
	if len(pool) < 2 || !inC(q.a.Question) || libraryPage(pool[0].Meta) {
		return
	}
	for i := 1; i < min(len(pool), libraryWithin); i++ {
		if libraryPage(pool[i].Meta) {
			promote(pool, i)
			return
		}
	}
}

// inC says whether a question's code is C, by codeInC, where it does
// not say what a program is written in: "compile a program written in
// C" asks for a compiler.
func inC(question string) bool {
	for _, m := range codeInC().FindAllStringIndex(question, -1) {
		if !writtenIn().MatchString(question[:m[0]]) {
			return true
		}
	}
	return false
}

// writtenIn ends the words before "in C" that say what a program is
// written in.
var writtenIn = lazyre.New(`(?i)\b(?:written|coded|programmed|implemented)\s*$`)

// codeInC finds where a question says its code is C: "in C", "from C",
// "from a C program", "inside C"; not "in my C program", which is what
// a tool works on, nor C++.
var codeInC = lazyre.New(`\b(?i:in|from|inside|within)\s+(?i:inside\s+)?(?i:a\s+)?[Cc](?:$|[^\w+#])`)

// libraryPage says whether a page is a library function's or a system
// call's: a man page of section 2 or 3 (3ssl, 3perl and the like too).
func libraryPage(m index.Meta) bool {
	return m.Type == "man" && m.Section != "" && (m.Section[0] == '2' || m.Section[0] == '3')
}

// byFrame puts a program's page first, the best of the pool's first
// frameWithin, for a question framed as asking for a command ("Which
// Linux command lists ...", "What is the bash command to ...", "Write a
// command to ..."), where a page of a file format, a concept or a
// library call scored first: systemd.timer(5) for "list all systemd
// timers", shadow(5) for "look up a user's entry". A program's own node
// in an info manual is a program's page too.
func (rk *ranker) byFrame(pool []Candidate, q *query) {
	if len(pool) < 2 || !framedForCommand(q) {
		return
	}
	if rk.program(pool[0]) {
		return
	}
	for i := 1; i < min(len(pool), frameWithin); i++ {
		if rk.priors[pool[i].ID].manual {
			promote(pool, i)
			return
		}
	}
}

// byFileFormat puts first the page of a file's format (section 5) that
// the question names the file of, among the pool's first fileWithin,
// where it asks what the file holds or how it is written: networks(5)
// for "What is the format of the /etc/networks file?", tmpfiles.d(5) for
// the fields of a tmpfiles.d line, proc(5) for the entries of
// /proc/meminfo, ssh_config(5) for what goes in ~/.ssh/config. A
// question that asks for a command, or names the file as what a command
// works on ("mount everything listed in /etc/fstab"), keeps its order.
func (rk *ranker) byFileFormat(pool []Candidate, q *query) {
	if len(pool) < 2 || pool[0].Meta.Section == "5" || !fileFormatAsked().MatchString(q.a.Question) || worksOnFile[q.a.Verb] || worksOnFile[firstWord(q.a.Question)] ||
		framedForCommand(q) {
		return
	}
	named := fileNames(q.a.Question)
	for i := 1; i < min(len(pool), fileWithin); i++ {
		if m := pool[i].Meta; m.Type == "man" && m.Section == "5" && namesFile(named, strings.ToLower(m.Title)) {
			promote(pool, i)
			return
		}
	}
}

// worksOnFile are the verbs of a question that has a program work on
// the file it names, which its format's page does not do: "print the
// lines of /etc/passwd that contain bash", "reload the settings from
// /etc/sysctl.d".
var worksOnFile = map[string]bool{"print": true, "show": true, "list": true, "display": true, "count": true, "search": true,
	"find": true, "grep": true, "sort": true, "reload": true, "load": true, "mount": true, "copy": true, "move": true,
	"delete": true, "remove": true, "extract": true, "compress": true, "compare": true, "check": true, "generate": true}

// firstWord is a question's first word, lowercase: an imperative's
// verb ("Print the lines of ...").
func firstWord(question string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(question), " ")
	return strings.ToLower(w)
}

// fileWithin is how far down the pool byFileFormat looks.
const fileWithin = 4

// fileFormatAsked is a question about what a file holds or how it is
// written: its format, syntax, fields, entries, lines or settings, what
// it contains or what goes in it.
var fileFormatAsked = lazyre.New(`(?i)\b(?:format|syntax|fields?|columns?|entry|entries|lines?|settings?|contains?|stored|goes|put)\b`)

// fileNames are the parts of the paths and file names a question gives,
// lowercase, without a leading dot: "etc" and "networks" of
// "/etc/networks", "ssh" and "config" of "~/.ssh/config", "mailmap" of
// ".mailmap".
func fileNames(question string) []string {
	var out []string
	for _, w := range strings.Fields(question) {
		w = strings.Trim(w, "\"'`,;:?!()")
		w = strings.TrimSuffix(w, ".")
		if !strings.ContainsAny(w, "/.") {
			continue
		}
		for _, part := range strings.Split(w, "/") {
			if part = strings.ToLower(strings.TrimLeft(part, "~.")); len(part) >= 3 {
				out = append(out, part)
			}
		}
	}
	return out
}

// namesFile says whether a file name of the question (named) is the
// page's title, or ends it: "networks" networks(5), "mailmap"
// gitmailmap(5), "config" of ~/.ssh/config ssh_config(5).
func namesFile(named []string, title string) bool {
	for _, n := range named {
		if title == n || strings.HasSuffix(title, n) && len(n) >= 5 {
			return true
		}
	}
	return false
}

// frameWithin is how far down the pool byFrame looks for a program.
const frameWithin = 3

// framedForCommand says whether the question's frame asks for a command
// ("What is the bash command to ...", "Write a command to ...").
func framedForCommand(q *query) bool {
	return slices.ContainsFunc(q.a.Framing, func(f string) bool { return commandWord().MatchString(f) })
}

// commandWord finds "command" in a question's frame.
var commandWord = lazyre.New(`(?i)\bcommand\b`)

// byVerb puts ahead of a program page whose NAME line starts with a verb
// that changes things ("make links between files", ln(1); "remove
// files") the best page of the pool's first verbWithin whose NAME line
// does not, for a question that asks to look, not to change: "print how
// many hard links point to a file" is no question for ln. The answer's
// first line would otherwise do what the user did not ask for. It says
// whether it moved a page.
func (rk *ranker) byVerb(pool []Candidate, q *query) bool {
	n := min(len(pool), verbWithin)
	summaries, programs := make([]string, n), make([]bool, n)
	for i := range n {
		// a program's page, unless it is a node about the first
		// page's program: coreutils' "kill invocation" is kill(1) again
		m := pool[i].Meta
		summaries[i], programs[i] = m.Summary, rk.program(pool[i]) && (m.Type != "info" || m.Group != pool[0].ID)
	}
	i := verbFirst(q.a.Verb, summaries, programs)
	if i > 0 {
		promote(pool, i)
	}
	return i > 0
}

// program says whether a candidate is a program's page: its section 1,
// 6 or 8 man page, or a manual's node about it (coreutils' "du
// invocation", which programsFirst puts after du(1)).
func (rk *ranker) program(c Candidate) bool {
	return rk.priors[c.ID].manual || c.Meta.Type == "info" && c.Meta.Group >= 0
}

// verbFirst is the place of the page byVerb puts first, for a question
// asked with verb, among pages with these NAME lines, of which these are
// programs' pages; 0 for none.
func verbFirst(verb string, summaries []string, programs []bool) int {
	if len(summaries) < 2 || !looks[verb] || !changes(summaries[0]) {
		return 0
	}
	return firstSaying(summaries, programs, func(s string) bool { return !changes(s) })
}

// verbWithin is how far down the pool byVerb looks for a page.
var verbWithin = 3

// looks are the verbs of a question that asks to see, not to change.
var looks = map[string]bool{"show": true, "print": true, "list": true, "display": true, "see": true, "view": true,
	"check": true, "count": true, "tell": true, "verify": true, "inspect": true, "determine": true, "report": true,
	"find": true, "search": true, "locate": true, "identify": true, "look": true}

// changes says whether a NAME line starts with a verb that changes
// things and says no other that looks: stty's "change and print
// terminal line settings", git-notes' "Add or inspect object notes"
// look too.
func changes(summary string) bool {
	words := strings.FieldsFunc(strings.ToLower(summary), func(r rune) bool { return !unicode.IsLetter(r) })
	if len(words) == 0 || !changing[words[0]] {
		return false
	}
	// nor does a filter's, which changes lines on their way out:
	// cut's "remove sections from each line of files"
	return !slices.ContainsFunc(words, func(w string) bool { return looks[w] || looking[w] || w == "line" || w == "lines" })
}

// looking are the words of a NAME line for looking besides looks:
// "set or get process I/O scheduling class", "query".
var looking = map[string]bool{"get": true, "query": true, "examine": true, "prints": true, "shows": true, "lists": true, "displays": true}

// changing are such verbs, as NAME lines write them.
var changing = map[string]bool{"make": true, "create": true, "remove": true, "delete": true, "change": true, "set": true,
	"add": true, "install": true, "kill": true, "move": true, "copy": true, "rename": true, "write": true, "build": true,
	"send": true, "modify": true, "update": true, "erase": true, "overwrite": true, "truncate": true, "shred": true,
	"unlink": true, "terminate": true, "shrink": true, "shutdown": true, "halt": true, "reboot": true}

// posixShells are the shells other than bash whose pages document the
// shell's language (dash is Debian's /bin/sh): a question about what a
// shell does is about the one the user types in, bash, as explain reads
// builtins from bash(1) for these shells too.
var posixShells = map[string]bool{"dash": true, "sh": true, "ash": true, "ksh": true, "mksh": true, "posh": true, "yash": true}

// userShellWithin is how far down the pool bash(1) may be for byUserShell
// to put it first.
const userShellWithin = 4

// byUserShell puts bash(1), among the pool's first userShellWithin, ahead
// of another shell's page the trees put first, for a question that names
// neither that shell nor POSIX: "print a message to standard error from a
// script" and "remove a shell alias" are asked of bash, though dash(1)
// says the same in fewer words. "do integer arithmetic in a posix shell
// script" keeps dash(1).
func (rk *ranker) byUserShell(pool []Candidate, q *query) {
	if len(pool) < 2 || pool[0].Meta.Type != "man" || !posixShells[strings.ToLower(pool[0].Meta.Title)] {
		return
	}
	first := strings.ToLower(pool[0].Meta.Title)
	if slices.ContainsFunc(q.a.Words, func(w string) bool { return w == first || w == "posix" }) {
		return
	}
	for i := 1; i < min(len(pool), userShellWithin); i++ {
		if m := pool[i].Meta; m.Type == "man" && m.Section == "1" && strings.EqualFold(m.Title, "bash") {
			promote(pool, i)
			return
		}
	}
}

// fileSearchWithin is how far down the pool byFileSearch looks.
var fileSearchWithin = 5

// byFileSearch puts first, from among the pool's first fileSearchWithin,
// the page of a program whose NAME line says it searches for files
// (find's "search for files in a directory hierarchy"), for a question
// that looks for files, folders or links themselves: "find files by name
// ignoring case" is find's -iname, not grep's -i, which reads what files
// hold. A question about what the files hold ("files that contain the
// word", "lines") keeps its order.
func (rk *ranker) byFileSearch(pool []Candidate, q *query) {
	if len(pool) < 2 || !filesSought().MatchString(q.a.Question) || contentSought().MatchString(q.a.Question) || searchesFiles().MatchString(pool[0].Meta.Summary) {
		return
	}
	summaries, programs := rk.programLines(pool, fileSearchWithin)
	if i := firstSaying(summaries, programs, searchesFiles().MatchString); i > 0 {
		promote(pool, i)
	}
}

// programLines are the NAME lines of the pool's first n pages, and
// whether each is a program's man page.
func (rk *ranker) programLines(pool []Candidate, n int) (summaries []string, programs []bool) {
	n = min(len(pool), n)
	summaries, programs = make([]string, n), make([]bool, n)
	for i := range n {
		summaries[i], programs[i] = pool[i].Meta.Summary, pool[i].Meta.Type == "man" && rk.program(pool[i])
	}
	return summaries, programs
}

// firstSaying is the place of the first page after the first that is a
// program's (programs) and whose NAME line says what says looks for; 0
// for none.
func firstSaying(summaries []string, programs []bool, says func(string) bool) int {
	for i := 1; i < len(summaries); i++ {
		if programs[i] && says(summaries[i]) {
			return i
		}
	}
	return 0
}

// filesSought is a question that looks for files, folders or links: "find
// every symbolic link under /usr/local", "locate empty folders".
var filesSought = lazyre.New(`(?i)\b(?:find|locate|search\s+for|look\s+for)\s+(?:(?:all|every|any|the|my|each)\s+)*(?:(?:regular|empty|hidden|executable|broken|large|big|huge|small|old|new|recent|temporary|duplicate|dangling)\s+)*(?:files?|director(?:y|ies)|folders?|subdirector(?:y|ies)|subfolders?|symlinks?|symbolic\s+links?|hard\s+links?)\b`)

// contentSought is a question about what files hold, which is read
// inside them.
var contentSought = lazyre.New(`(?i)\b(?:contain(?:s|ing)?|mention(?:s|ing)?|lines?|text|words?|strings?|inside\s+them|contents?)\b`)

// searchesFiles is a NAME line of a program that searches for files.
var searchesFiles = lazyre.New(`(?i)^\s*(?:search(?:es)?|find(?:s)?|locate(?:s)?|look(?:s)?)\s+(?:for\s+)?files\b`)

// processNameWithin is how far down the pool byProcessName looks.
var processNameWithin = 3

// byProcessName puts first, from among the pool's first
// processNameWithin, the page of a program whose NAME line says it finds
// processes by name (pkill's "look up, signal, or wait for processes
// based on name", killall's "kill processes by name"), for a question that
// names its processes by their name ("every process named firefox"),
// where the first page's program does not (kill's "send a signal to a
// process" takes a process ID).
func (rk *ranker) byProcessName(pool []Candidate, q *query) {
	summaries, programs := rk.programLines(pool, processNameWithin)
	if i := processNameFirst(q.a.Question, summaries, programs); i > 0 {
		promote(pool, i)
	}
}

// processNameFirst is the place of the page byProcessName puts first,
// for question, among pages with these NAME lines, of which these are
// programs' man pages; 0 for none.
func processNameFirst(question string, summaries []string, programs []bool) int {
	if len(summaries) < 2 || !processByName().MatchString(question) || byName().MatchString(summaries[0]) {
		return 0
	}
	return firstSaying(summaries, programs, func(s string) bool {
		return byName().MatchString(s) && strings.Contains(strings.ToLower(s), "process")
	})
}

// processByName is a question that names the processes it is about:
// "every process named firefox", "the processes called nginx", "a
// process by its name".
var processByName = lazyre.New(`(?i)\bprocess(?:es)?\s+(?:(?:that\s+(?:is|are)\s+)?(?:named|called)\s+\S|by\s+(?:its\s+|their\s+)?name)|\bby\s+(?:its\s+|their\s+)?name\b.*\bprocess`)

// byName is a NAME line that finds things by their name.
var byName = lazyre.New(`(?i)\b(?:by|based\s+on)\s+(?:their\s+)?name\b`)

// matchCountWithin is how far down the pool byMatchCount looks.
var matchCountWithin = 3

// byMatchCount puts first, from among the pool's first matchCountWithin,
// the page of a program whose NAME line says it prints the lines that
// match (grep's "print lines that match patterns"), for a question that
// counts the lines that hold a thing ("count how many lines of app.log
// contain ERROR"): the program that picks them counts them too (grep's
// -c), where one that counts all lines (wc) does not pick them.
func (rk *ranker) byMatchCount(pool []Candidate, q *query) {
	summaries, programs := rk.programLines(pool, matchCountWithin)
	if i := matchCountFirst(q.a.Question, summaries, programs); i > 0 {
		promote(pool, i)
	}
}

// matchCountFirst is the place of the page byMatchCount puts first, for
// question, among pages with these NAME lines, of which these are
// programs' man pages; 0 for none.
func matchCountFirst(question string, summaries []string, programs []bool) int {
	if len(summaries) < 2 || !matchesCounted().MatchString(question) || matchingLines().MatchString(summaries[0]) {
		return 0
	}
	return firstSaying(summaries, programs, matchingLines().MatchString)
}

// matchesCounted is a question that counts the lines that hold a thing:
// "count how many lines contain a word", "the number of lines in app.log
// that match", "how many lines of notes.txt mention todo".
var matchesCounted = lazyre.New(`(?i)\b(?:count|how\s+many|number\s+of)\b(?:\s+\S+){0,2}?\s+lines?\b(?:\s+\S+){0,3}?\s+(?:contain|match|mention|includ|hold|with)\w*`)

// matchingLines is a NAME line of a program that prints the lines that
// match: grep's "print lines that match patterns".
var matchingLines = lazyre.New(`(?i)\blines?\s+(?:that\s+|which\s+)?(?:match|contain)`)

// batchRenameWithin is how far down the pool byBatchRename looks.
var batchRenameWithin = 5

// byBatchRename puts first, from among the pool's first
// batchRenameWithin, the page of a program whose NAME line says it
// renames files (util-linux's rename, "rename files"), for a question
// that gives many files another extension ("rename every .jpeg file to
// .jpg"): mv, "move (rename) files", takes one name for each.
func (rk *ranker) byBatchRename(pool []Candidate, q *query) {
	summaries, programs := rk.programLines(pool, batchRenameWithin)
	if i := batchRenameFirst(q.a.Question, q.a.Args, summaries, programs); i > 0 {
		promote(pool, i)
	}
}

// batchRenameFirst is the place of the page byBatchRename puts first, for
// question and its arguments, among pages with these NAME lines, of
// which these are programs' man pages; 0 for none.
func batchRenameFirst(question string, args []analyse.Arg, summaries []string, programs []bool) int {
	if len(summaries) < 2 || !renamesTo().MatchString(question) || renamesFiles().MatchString(summaries[0]) {
		return 0
	}
	exts := 0
	for _, a := range args {
		if (a.Kind == analyse.ArgFile || a.Kind == analyse.ArgGlob) && bareExt().MatchString(strings.TrimPrefix(a.Text, "*")) {
			exts++
		}
	}
	if exts < 2 {
		return 0
	}
	return firstSaying(summaries, programs, renamesFiles().MatchString)
}

// renamesTo is a question that renames files or changes their extension.
var renamesTo = lazyre.New(`(?i)\b(?:renam\w*|extensions?)\b`)

// renamesFiles is a NAME line of a program that renames files, and
// nothing else first.
var renamesFiles = lazyre.New(`(?i)^\s*rename\s+(?:files|multiple\s+files)\b`)

// bareExt is a file name's extension alone: ".jpg".
var bareExt = lazyre.New(`^\.[A-Za-z0-9]{1,6}$`)

// entryCountWithin is how far down the pool byEntryCount looks.
var entryCountWithin = 5

// byEntryCount puts first, from among the pool's first entryCountWithin,
// the program that counts lines (wc), where the question counts the
// entries of a folder ("how many files are in docs"): one counts the
// lines of the folder's listing (`ls docs | wc -l`), which the composer
// writes. du, which "counts" sizes, and grep -c, which counts matching
// lines, do not.
func (rk *ranker) byEntryCount(pool []Candidate, q *query) {
	summaries, programs := rk.programLines(pool, entryCountWithin)
	if i := entryCountFirst(q.a.Question, summaries, programs); i > 0 {
		promote(pool, i)
	}
}

// entryCountFirst is the place of the page byEntryCount puts first, for
// question, among pages with these NAME lines, of which these are
// programs' man pages; 0 for none.
func entryCountFirst(question string, summaries []string, programs []bool) int {
	// the composer counts the listing where either leads
	if _, _, ok := analyse.CountsEntries(question); !ok || len(summaries) < 2 || countsLines().MatchString(summaries[0]) || listsFolder().MatchString(summaries[0]) {
		return 0
	}
	if i := firstSaying(summaries, programs, countsLines().MatchString); i > 0 {
		return i
	}
	// or the program that lists a folder, whose listing one counts
	return firstSaying(summaries, programs, listsFolder().MatchString)
}

// listsFolder is the NAME line of a program that lists a folder: ls's
// "list directory contents", find's "search for files in a directory
// hierarchy".
var listsFolder = lazyre.New(`(?i)^\s*(?:list\s+directory\s+contents|search\s+for\s+files\s+in\s+a\s+directory\s+hierarchy)\b`)

// countsLines is the NAME line of a program that counts lines: wc's
// "print newline, word, and byte counts for each file".
var countsLines = lazyre.New(`(?i)\bnewline\b[^.]*\bcounts\b`)
