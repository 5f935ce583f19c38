package rank

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Some tasks are a command's that the question's words hardly say: their
// words are another command's (rm's for "delete all empty files in
// tmp", find's), or of things the command does not do (DELETE(7)'s rows
// for "delete every line that contains TODO"). Where analyse reads such
// a task, its command leads from where the ranking put it.

// taskLead is one such reading: the pages it reads the question as a
// task of, and which lead keeps its place.
type taskLead struct {
	// pages are the commands whose man page leads, the first found first,
	// for a question of this task; nil for any other
	pages func(q *query) []string
	// stays says whether the page that leads keeps its place, though it
	// is none of pages (nil: none does)
	stays func(c *Candidate, q *query) bool
	// reach is how far down the ranking the lead is looked for (0: all
	// the way): where the question's words say little of the task
	reach int
}

// taskLeads are those readings, in the order they apply.
var taskLeads = []taskLead{
	{pages: treeTask, stays: func(c *Candidate, q *query) bool {
		return (c.Meta.Type != "man" || !oneLevel[strings.ToLower(c.Meta.Title)]) && !unasked(c, q) && !analyse.PicksByOwner(q.a.Question)
	}},
	{pages: filterTask, reach: filterReach},
	{pages: charTask},
	{pages: lineTask, stays: lineStays},
	{pages: debTask, reach: filterReach},
	{pages: namedPackageTask, reach: filterReach},
	{pages: pauseTask},
	{pages: sumTask},
	{pages: replaceTask, stays: manOf(textEditors), reach: filterReach},
	{pages: emptyFileTask},
	{pages: emptiedTask},
	{pages: sizedFileTask, stays: manOf(fileSizers)},
	{pages: bySizeTask},
	{pages: newestTask, stays: manOf(timeListers)},
	{pages: fullFolderTask},
	{pages: permittedTask, stays: manOf(modeSetters)},
	{pages: entriesTask, stays: manOf(entryCounters)},
	{pages: catTask},
	{pages: writeTask, stays: writeStays},
	{pages: selfTask, stays: manOf(selfCommands)},
	{pages: versionTask},
	{pages: extensionTask},
	{pages: pathVariableTask},
	{pages: ownerTask, stays: manOf(ownerShowers)},
	{pages: formatTask, stays: fileSystemMaker},
	{pages: folderTask, stays: manOf(shellPages)},
	{pages: columnTask, stays: manOf(fieldCutters)},
	{pages: portUserTask, stays: manOf(portUsers)},
	{pages: accountsTask, stays: manOf(accountListers)},
	{pages: topProcessTask, stays: manOf(processSorters)},
	{pages: fileTimeTask, stays: manOf(fileTimeShowers)},
	{pages: manualTask, stays: manOf(manualReaders)},
	{pages: userProcessesTask, stays: manOf(processListers)},
}

// pagesIf is pages where the question is a task of theirs (ok), nil
// where it is not: what most readings return.
func pagesIf(ok bool, pages ...string) []string {
	if !ok {
		return nil
	}
	return pages
}

// manOf is a lead's stays for the man pages of the commands titles
// holds.
func manOf(titles map[string]bool) func(c *Candidate, _ *query) bool {
	return func(c *Candidate, _ *query) bool { return c.Meta.Type == "man" && titles[c.Meta.Title] }
}

// lead puts first the page of one of titles, t's commands for q (nil
// where q is no task of t's), unless the lead stays.
func (t taskLead) lead(cands []Candidate, q *query, titles []string) []Candidate {
	if len(cands) < 2 || titles == nil {
		return cands
	}
	is := func(c *Candidate) bool { return c.Meta.Type == "man" && slices.Contains(titles, c.Meta.Title) }
	if is(&cands[0]) || t.stays != nil && t.stays(&cands[0], q) {
		return cands
	}
	reach := len(cands)
	if t.reach > 0 {
		reach = min(reach, t.reach)
	}
	return leadWithin(cands, reach, is)
}

// leadPages are the man pages the task leads read question q as a task
// of, which the pool takes in wherever they scored (see gather): a page
// the words never brought cannot lead.
func (rk *ranker) leadPages(q *query) []int {
	var out []int
	for _, titles := range q.leadTitles() {
		for _, title := range titles {
			for _, id := range rk.byName()[title] {
				if rk.r.Meta(id).Type == "man" {
					out = append(out, id)
				}
			}
		}
	}
	return out
}

// treeTask puts find(1) first, wherever the ranking put it, ahead of
// a command that takes the files a pattern matches in one folder only,
// where the question gives a pattern and works through the subfolders
// too: "delete the .bak files in backups and its subfolders" is find's
// -name and -delete, where `rm -rf backups/*.bak` removes only those at
// the top (and a whole folder whose name ends in .bak). So for chmod -R,
// which changes every file of the tree, not those the pattern names.
// So too where the question picks the files by a property find tests
// (analyse.PicksByProperty): "delete all empty files in tmp" is find's
// -empty and -delete, where rm takes only the files it is given. The
// words of such a question are the other command's, which may rank find
// low. A lead that is no one-level command stays, but not a destructive
// command's page (or its configuration's) the question did not ask for,
// nor any where the files are picked by owner: namei and ls show owners,
// deluser.conf(5) deletes a user's files with the account.
func treeTask(q *query) []string {
	patterned := slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return manyFiles(q.a.Question, a) }) && analyse.Descends(q.a.Question)
	if !patterned && !analyse.PicksByProperty(q.a.Question, q.a.Args) {
		return nil
	}
	return []string{"find"}
}

// filterTask puts grep(1) or sed(1), whichever comes first among the
// first filterReach, first where the question removes lines by what they
// hold ("delete every line that contains TODO from notes.md"): that
// keeps the lines that do not hold it, a filter's work (grep -v, sed's d
// command), where the words of removal chose pages that delete other
// things: DELETE(7)'s rows, git-restore(1)'s changes. And grep first
// where it counts such lines ("count how many lines of access.log
// contain 404"), grep -c's work, where the words chose wc(1).
func filterTask(q *query) []string {
	switch {
	case analyse.RemovedLines().MatchString(q.a.Question):
		return []string{"grep", "sed"}
	case analyse.CountsMatchingLines(q.a.Question):
		return []string{"grep"}
	case analyse.RemovesEmptyLines(q.a.Question):
		// a stream editor's d on the lines that hold nothing, where the
		// words chose rmdir(1)'s "remove empty directories"
		return []string{"sed"}
	case analyse.LooksForWord(q.a.Question, q.a.Args):
		// every occurrence of a word in a file, counted or shown
		return []string{"grep"}
	case slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return a.Anchor != "" }):
		// the lines that start or end with a word: a pattern anchored
		// there, where the words chose look(1), sed(1) or
		// sha256sum(1)'s "OK"
		return []string{"grep"}
	}
	return nil
}

// filterReach is how far down filterTask looks: the question's words
// say little of the task, so the filter may rank low.
const filterReach = 8

// charTask puts tr(1) first, wherever it ranks, where the question
// makes one set of characters it names into another ("swap every tab for
// a semicolon in export.tsv"): its words name the characters and the
// change, which chose swapon(8) for "swap" and expand(1) for tabs. But
// tabs made spaces, or spaces tabs, are expand's and unexpand's: they
// keep the columns where tr would not.
func charTask(q *query) []string {
	if !analyse.TranslatesChars(q.a.Question) {
		return nil
	}
	if sets := analyse.CharSets(q.a.Question); slices.Contains(sets, `'\t'`) && slices.Contains(sets, `' '`) {
		return nil
	}
	return []string{"tr"}
}

// lineTask puts sed(1) first, wherever it ranks, where the question
// shows or removes lines of a file it numbers ("print line 42 of
// config.ini", "delete the last line of data.csv"), which a stream
// editor addresses: the words chose llvm-symbolizer(1) for "print ...
// lines 42" and uniq(1) for "show lines". A lead that takes lines by
// their place too (head, tail, awk) stays, and so does a page of git,
// whose lines are a history's ("who last changed lines 10 to 20" is
// git-blame's); but head and tail only show lines, and "delete the last
// line" is no `tail data.csv`.
func lineTask(q *query) []string {
	if ok, _ := analyse.NumbersLines(q.a.Question, q.a.Args); !ok {
		return nil
	}
	return []string{"sed"}
}

// lineStays says whether lead c of question q, a task of lineTask,
// keeps its place: it takes lines by their place too, and the question
// only shows them where it is head or tail; or it is a page of git and
// the question asks of the lines' history (historyAsked): "show the
// lines 100 to 120 of the file server.log" is no git blame.
func lineStays(c *Candidate, q *query) bool {
	_, removes := analyse.NumbersLines(q.a.Question, q.a.Args)
	return c.Meta.Type == "man" && (lineTakers[c.Meta.Title] && !(removes && (c.Meta.Title == "head" || c.Meta.Title == "tail")) || gitPage(c) && historyAsked().MatchString(q.a.Question))
}

// historyAsked is a question of who changed lines, when or how: what a
// version control system keeps.
var historyAsked = lazyre.New(`(?i)\b(?:who|when|git|commits?|committed|revisions?|authors?|authored|blame|history|changed|modified|wrote|written\s+by|introduced)\b`)

// lineTakers are the commands that take a file's lines by their place.
var lineTakers = map[string]bool{"sed": true, "head": true, "tail": true, "awk": true, "mawk": true, "gawk": true, "original-awk": true, "ed": true}

// debTask puts dpkg(1) first, from as far as filterReach, where the
// question installs a package file it names ("install the downloaded
// package file tool_1.2_amd64.deb"): its words are a package manager's
// (apt-get install), whose install takes the names of packages in the
// archive, where dpkg -i installs the file. Not where the question has
// the file's dependencies installed too: apt installs the file so.
func debTask(q *query) []string {
	if !installs(q.a.Question) || dependenciesAsked().MatchString(q.a.Question) || !debNamed(q) {
		return nil
	}
	return []string{"dpkg"}
}

// debNamed says whether question q names a package file, a .deb.
func debNamed(q *query) bool {
	return slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool {
		return (a.Kind == analyse.ArgFile || a.Kind == analyse.ArgPath) && strings.HasSuffix(strings.ToLower(a.Text), ".deb")
	})
}

// namedPackageTask puts apt(8) or apt-get(8) first, whichever ranks
// higher, from as far as filterReach, where the question installs a
// package it names, by its verb, and no package file, nor dpkg by name
// ("install the package htop"): dpkg's -i, "Install the package", takes
// a .deb file, and dpkg's words are a package manager's as apt's are
// (debTask is the other way round).
func namedPackageTask(q *query) []string {
	// (a name after "install" without "package", "install nginx", is
	// a name of no noun)
	named := slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgName && (a.Noun == "package" || a.Noun == "") })
	if !named || debNamed(q) || !packageVerbs[strings.ToLower(q.a.Verb)] || dpkgNamed().MatchString(q.a.Question) {
		return nil
	}
	return []string{"apt", "apt-get"}
}

// packageVerbs are the verbs of a task that installs a package: the
// question's own verb, not "which files did a package install" nor
// "mark the package as manually installed". (dpkg removes and purges
// a package by its name: `dpkg -P apache2`.)
var packageVerbs = map[string]bool{"install": true, "reinstall": true}

// dpkgNamed is a question that asks of dpkg by name.
var dpkgNamed = lazyre.New(`(?i)\bdpkg\b`)

// installs says whether question q asks to install: "install", not
// "download a .deb without installing it".
func installs(q string) bool {
	for _, m := range installVerb().FindAllStringSubmatch(q, -1) {
		if m[1] == "" {
			return true
		}
	}
	return false
}

// dependenciesAsked is a question that has the packages a package needs
// installed too, which apt does for a file it installs (apt install
// ./file.deb) and dpkg -i does not.
var dependenciesAsked = lazyre.New(`(?i)\bdependenc(?:y|ies)\b|\bdepends\b`)

var installVerb = lazyre.New(`(?i)(\b(?:without|not|never|n't)\s+)?\binstall(?:s|ing)?\b`)

// manyFiles says whether argument a of question q names files by a
// pattern: a glob ("*.tmp"), or an extension said of files ("all .jpg
// files", "the files ending in .bak"), where ".bashrc" is one file.
func manyFiles(q string, a analyse.Arg) bool {
	if a.Kind == analyse.ArgGlob {
		return true
	}
	if a.Kind != analyse.ArgFile || !strings.HasPrefix(a.Text, ".") || strings.Count(a.Text, ".") != 1 || a.Start > len(q) || a.End > len(q) {
		return false
	}
	return extensionBefore().MatchString(q[:a.Start]) || extensionAfter().MatchString(q[a.End:])
}

var (
	extensionBefore = lazyre.New(`(?i)\b(?:end(?:s|ing)?\s+(?:in|with)|extension)\s+$`)
	extensionAfter  = lazyre.New(`(?i)^\s+files?\b`)
)

// oneLevel are the commands that work on the files a shell pattern
// matches, which the shell expands in one folder only.
var oneLevel = map[string]bool{"rm": true, "rmdir": true, "cp": true, "mv": true, "chmod": true, "chown": true, "chgrp": true, "touch": true}

// pauseTask puts sleep(1) first, wherever it ranks, where the question
// waits for a time it gives ("pause the script for 5 seconds", "wait 10
// seconds"): the words chose flock(1)'s -w, which waits that long for a
// lock, and bash's wait, which waits for a child process.
func pauseTask(q *query) []string {
	if !slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool {
		return a.Kind == analyse.ArgDuration && a.Start <= len(q.a.Question) && pauseBefore().MatchString(q.a.Question[:a.Start])
	}) && !pauseVague().MatchString(q.a.Question) {
		return nil
	}
	return []string{"sleep"}
}

// sumTask reads a question that asks to work out a sum ("calculate 17
// times 23", "what is 2^10"): bc's, which reads it on its standard input,
// or expr's.
func sumTask(q *query) []string {
	if _, ok := analyse.Sum(q.a.Question); !ok {
		return nil
	}
	return []string{"bc", "expr"}
}

// pauseVague is a time waited that the question does not give: "pause a
// script for a few seconds", "wait a number of seconds".
var pauseVague = lazyre.New(`(?i)\b(?:wait|waits|waiting|pause|pauses|pausing|delay|delays|delaying|sleep|sleeps|sleeping)(?:\s+(?:the\s+|a\s+|my\s+)?(?:script|shell|program|execution|it))?\s+(?:for\s+)?(?:a\s+(?:few|couple\s+of|number\s+of|given\s+number\s+of|set\s+number\s+of)|some|several|n|x)\s+(?:seconds?|minutes?|hours?)\b`)

// pauseBefore is a verb of waiting right before the time waited: "wait",
// "pause the script for", "sleep for about".
var pauseBefore = lazyre.New(`(?i)\b(?:wait|waits|waiting|pause|pauses|pausing|delay|delays|delaying|sleep|sleeps|sleeping)(?:\s+(?:the\s+)?(?:script|shell|program|execution|it))?\s+(?:for\s+)?(?:about\s+|exactly\s+|roughly\s+)?$`)

// replaceTask puts sed(1) first, from as far as filterReach, where the
// question replaces a text it gives with another in files it names
// ("replace the word colour with color in every .md file in docs"): the
// words chose grep(1) for the files and words. Names of files replaced
// are rename's, and a lead that edits text (awk, perl, tr, sed) stays.
func replaceTask(q *query) []string {
	has := func(k analyse.ArgKind) bool {
		return slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return a.Kind == k })
	}
	given := has(analyse.ArgOld) && has(analyse.ArgNew) && (has(analyse.ArgFile) || has(analyse.ArgGlob))
	// or a text it leaves to the user, in a file ("replace a word with
	// another in a file"), where the words chose zshexpn(1) and uconv(1)
	if !given && !analyse.ReplacesText(q.a.Question) || fileNamesRE().MatchString(q.a.Question) {
		return nil
	}
	return []string{"sed"}
}

// textEditors are the commands that edit a text in a stream or a file.
var textEditors = map[string]bool{"sed": true, "awk": true, "mawk": true, "gawk": true, "perl": true, "tr": true, "ed": true, "ex": true, "vim": true}

var fileNamesRE = lazyre.New(`(?i)\bfile\s*names?\b|\bnames\s+of\b|\brename\b`)

// emptyFileTask puts touch(1) first, wherever it ranks, where the
// question creates an empty file and gives it no size ("create an empty
// file called .gitkeep in the folder assets"): the folder chose mktemp's
// -d and mkdir(1). One of a size, given or not, is truncate's or
// fallocate's.
func emptyFileTask(q *query) []string {
	if !emptyFileMade().MatchString(q.a.Question) || sizeSaid().MatchString(q.a.Question) || slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgSize }) {
		return nil
	}
	return []string{"touch"}
}

// entriesTask puts wc(1) first, wherever it ranks, where the question
// counts the entries of a folder (analyse.CountsEntries: "print the
// number of files in /usr/bin"), which a listing piped to wc -l does:
// "number" chose seq(1), "print a sequence of numbers". ls and find,
// which list them, stay.
func entriesTask(q *query) []string {
	if _, _, ok := analyse.CountsEntries(q.a.Question); !ok {
		return nil
	}
	return []string{"wc"}
}

// entryCounters are the commands whose page answers a count of a
// folder's entries (see compose's countFilesLead).
var entryCounters = map[string]bool{"wc": true, "ls": true, "find": true}

// fullFolderTask puts rm(1) first, wherever it ranks, where the
// question removes a folder that is not empty
// (analyse.RemovesFullFolder): rmdir(1) removes empty ones only, and its
// --ignore-fail-on-non-empty, which said the words, leaves the folder
// where it is.
func fullFolderTask(q *query) []string {
	return pagesIf(analyse.RemovesFullFolder(q.a.Question), "rm")
}

// permittedTask puts chmod(1) first, wherever it ranks, where the
// question makes a thing it has have a permission
// (analyse.MakesPermitted): "make notes.txt read-only for everyone"
// chose mkfifo(1), whose -m sets the mode of the FIFO it makes (and
// `mkfifo -m a-w notes.txt` would make one of that name). A command that
// sets modes too (install, setfacl, chattr) stays.
func permittedTask(q *query) []string {
	return pagesIf(analyse.MakesPermitted(q.a.Question), "chmod")
}

// modeSetters are the commands besides chmod that set what a file lets
// whom do.
var modeSetters = map[string]bool{"install": true, "setfacl": true, "chattr": true}

// bySizeTask puts du(1) first, wherever it ranks, where the question
// orders folders by their size (analyse.FoldersBySize): "list the
// folders in /var sorted by size" chose ls(1), whose -S sorts by the
// size of a folder's own entry, and "disk usage sorted by size" df(1).
func bySizeTask(q *query) []string {
	if ok, _ := analyse.FoldersBySize(q.a.Question); !ok {
		return nil
	}
	return []string{"du"}
}

// newestTask puts ls(1) first, wherever it ranks, where the question
// asks for the N files changed last or first (analyse.NewestN): ls's -t
// sorts them, where "find" chose find(1)'s -mtime, which picks by age
// and orders nothing. dir and vdir, ls's twins, stay.
func newestTask(q *query) []string {
	_, _, ok := analyse.NewestN(q.a.Question)
	return pagesIf(ok, "ls")
}

// timeListers are the commands whose pages list files by time.
var timeListers = map[string]bool{"ls": true, "dir": true, "vdir": true}

// emptiedTask puts truncate(1) first, wherever it ranks, where the
// question empties a file it keeps (analyse.EmptiesFile): "empty the
// file log.txt" chose rmdir(1), "remove empty directories", and "empty
// the contents of a file" zimcheck's -0, "Empty content".
func emptiedTask(q *query) []string {
	return pagesIf(analyse.EmptiesFile(q.a.Question), "truncate")
}

// sizedFileTask puts truncate(1) or fallocate(1), whichever ranks
// first, first where the question makes a file of a size it gives
// (analyse.MakesSizedFile): "create a 100 MB file called blob.bin" chose
// jmod(1)'s "create", and "I need a 5 GB test file" test(1). dd and
// head, which write one from /dev/zero, stay.
func sizedFileTask(q *query) []string {
	return pagesIf(analyse.MakesSizedFile(q.a.Question, q.a.Args), "truncate", "fallocate")
}

// fileSizers are the commands whose pages make a file of a size.
var fileSizers = map[string]bool{"truncate": true, "fallocate": true, "dd": true, "head": true, "mkfile": true, "xfs_mkfile": true}

// sizeSaid is a size the question asks of a file, given or not ("of a
// given size").
var sizeSaid = lazyre.New(`(?i)\b(?:size|sized|bytes|large|big)\b`)

// emptyFileMade is a file made empty, or made with nothing but its name
// ("create a file named todo.md in the folder notes", where the folder
// chose ln(1)'s "create a link to TARGET in the current directory"); a
// text written into it is writeTask's, which applies after.
var emptyFileMade = lazyre.New(`(?i)\b(?:create|creates|creating|make|makes|making|add|adds|adding)\s+(?:a\s+|an\s+|the\s+|one\s+)?(?:new\s+)?(?:empty\s+files?\b|(?:blank\s+)?files?\s+(?:named|called)\b)`)

// catTask puts cat(1) first, wherever it ranks, where the question joins
// text files it names into one ("join the files part1.txt and part2.txt
// into a single file full.txt", "concatenate all .csv files in data into
// all.csv"): the words chose join(1), which joins lines on a common
// field, git-merge(1) and jq(1). A join on fields or columns, side by
// side or of sorted files is not cat's; nor are files of a format cat
// would not join (PDF, JSON, archives, images).
func catTask(q *query) []string {
	if !filesJoined().MatchString(q.a.Question) || joinedOtherwise().MatchString(q.a.Question) {
		return nil
	}
	files, patterns := 0, 0
	for _, a := range q.a.Args {
		switch {
		case a.Kind != analyse.ArgFile && a.Kind != analyse.ArgGlob && a.Kind != analyse.ArgPath:
		case !textFile(a.Text):
			return nil
		case manyFiles(q.a.Question, a):
			patterns++
		default:
			files++
		}
	}
	if files+2*patterns < 3 {
		return nil // two files to join, and one to join them into
	}
	return []string{"cat"}
}

var (
	filesJoined     = lazyre.New(`(?i)\b(?:join|joins|joining|combine|combines|combining|merge|merges|merging|concatenate|concatenates|concatenating|concat|glue|stitch)\b`)
	joinedOtherwise = lazyre.New(`(?i)\b(?:fields?|columns?|keys?|side\s+by\s+side|line\s+by\s+line|sorted|branch(?:es)?|commits?)\b`)
)

// textFile says whether a file named is text that cat joins: its
// extension, where it has one, is a text format's.
func textFile(name string) bool {
	base := name[strings.LastIndex(name, "/")+1:]
	dot := strings.LastIndex(base, ".")
	if dot < 0 {
		return true
	}
	return textExtensions[strings.ToLower(base[dot+1:])]
}

var textExtensions = map[string]bool{"txt": true, "text": true, "log": true, "md": true, "csv": true, "tsv": true, "sql": true, "conf": true, "cfg": true, "ini": true, "list": true, "sh": true, "py": true, "c": true, "h": true, "html": true, "css": true, "js": true, "dat": true, "out": true, "lst": true, "srt": true, "yaml": true, "yml": true}

// writeTask puts echo(1) first, wherever it ranks, where the question
// writes a text it gives into a file it names ("append the line export
// EDITOR=vim to the file ~/.bashrc"): the text's words chose vim(1), and
// a shell's redirection of echo's output does it. A command the question
// names, tee(1) and printf(1) stay.
func writeTask(q *query) []string {
	if _, _, _, ok := analyse.WrittenText(q.a.Question); !ok {
		return nil
	}
	return []string{"echo"}
}

// writeStays says whether lead c of question q, a task of writeTask,
// keeps its place: tee(1), printf(1), or a command the question names
// outside the text it writes ("export EDITOR=vim" names no editor to
// run).
func writeStays(c *Candidate, q *query) bool {
	if c.Meta.Type == "man" && (c.Meta.Title == "tee" || c.Meta.Title == "printf") {
		return true
	}
	text, _, _, _ := analyse.WrittenText(q.a.Question)
	_, named := q.named[c.ID]
	return named && !strings.Contains(strings.ToLower(text), strings.ToLower(c.Meta.Title))
}

// versionTask puts first, wherever it ranks, the page of the program
// whose version the question asks for by its name (analyse.VersionOf),
// which shows it: "which version of git is installed" chose
// git-submodule(1), whose page says "git" and "version" more often.
func versionTask(q *query) []string {
	if name := analyse.VersionOf(q.a.Question); name != "" {
		return []string{name}
	}
	return nil
}

// selfTask puts whoami(1) first, wherever it ranks, where the question
// asks the name of the user it is asked as ("what is my username",
// "which user am I logged in as"): the words chose psql(1) and
// dropdb(1), whose pages say "username" often, last(1) and loginctl(1)
// for "logged in", and id(1), whose -u prints the number. logname(1),
// which names the user who logged in, stays. A question that changes
// the name is usermod's.
func selfTask(q *query) []string {
	if !selfAsked().MatchString(q.a.Question) || nameChanged().MatchString(q.a.Question) {
		return nil
	}
	return []string{"whoami"}
}

var selfCommands = map[string]bool{"logname": true}

var nameChanged = lazyre.New(`(?i)\b(?:change|changes|changing|set|sets|setting|rename|renames|renaming|modify|modifies|modifying|update|updates|updating|edit|edits|editing)\b`)

var selfAsked = lazyre.New(`(?i)\bmy\s+(?:own\s+)?(?:user\s*-?name|login\s+name)\b|\b(?:which|what)\s+user\s+(?:i\s+am|am\s+i|i'm)\b|\bwho\s+am\s+i\b|\b(?:i\s+am|i'm|am\s+i)\s+(?:currently\s+)?logged\s+in\s+as\b|\bcurrent\s+user\s*-?name\b`)

// extensionTask puts util-linux's rename first, wherever it ranks, where
// the question gives files of one extension another ("rename every .jpeg
// file in the folder pics so it ends in .jpg"): it replaces a part of
// many names in one line, where mv(1), which the words chose, moves
// them all onto one name or into a folder.
func extensionTask(q *query) []string {
	return pagesIf(analyse.RenamesExtensions(q.a.Question, q.a.Args), "rename.ul")
}

// pathVariableTask puts bash(1) first, wherever it ranks, where the
// question adds a folder to a search path it names (analyse.PathVariable)
// or takes one from it: "add the directory /opt/bin to my PATH" is the
// shell's export, where the words chose jpackage(1)'s --install-dir.
func pathVariableTask(q *query) []string {
	return pagesIf(analyse.PathVariable(q.a.Question) != "" && slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgPath }), "bash")
}

// ownerTask puts stat(1) first, wherever it ranks, where the question
// asks who owns a file it names, or its group (analyse.AsksOwner): its
// formats print them (%U, %G), where the words chose groups(1), the
// groups of a user, shadow(5) for "who owns /etc/shadow", or chown(1),
// which changes them. A listing that shows them too stays.
func ownerTask(q *query) []string {
	return pagesIf(analyse.AsksOwner(q.a.Question, q.a.Args), "stat")
}

// ownerShowers are the commands whose pages show a file's owner and
// group besides stat's.
var ownerShowers = map[string]bool{"namei": true, "ls": true, "stat": true}

// formatTask puts a maker of file systems first, wherever it ranks, where
// the question formats a drive or a device (analyse.FormatsDevice):
// mkfs.TYPE for the type it names (mke2fs for ext2, ext3 and ext4, whose
// pages are one), else mkfs(8). "format a USB stick with ext4" chose
// mount's -t, which mounts one, and ext4(5).
func formatTask(q *query) []string {
	fs, ok := analyse.FormatsDevice(q.a.Question)
	if !ok {
		return nil
	}
	switch {
	case fs == "":
		return []string{"mkfs"}
	case strings.HasPrefix(fs, "ext"):
		return []string{"mkfs." + fs, "mke2fs", "mkfs"}
	case strings.HasPrefix(fs, "fat"):
		return []string{"mkfs.fat", "mkfs.vfat", "mkdosfs", "mkfs"}
	}
	return []string{"mkfs." + fs, "mkfs"}
}

// fileSystemMaker says whether lead c is a maker of file systems, which
// keeps its place for a question of formatTask.
func fileSystemMaker(c *Candidate, _ *query) bool {
	t := c.Meta.Title
	return c.Meta.Type == "man" && (strings.HasPrefix(t, "mkfs") || t == "mke2fs" || t == "mkdosfs" || t == "mkswap")
}

// folderTask puts bash(1) first, wherever it ranks, where the question
// goes into another folder (analyse.ChangesDirectory): the shell's cd,
// where "parent" and "home" chose mkdir's -p and usermod's -d. Another
// shell's page stays.
func folderTask(q *query) []string {
	return pagesIf(analyse.ChangesDirectory(q.a.Question), "bash")
}

// shellPages are the pages of the shells' builtins.
var shellPages = map[string]bool{"bash": true, "zshbuiltins": true, "zsh": true, "fish": true, "dash": true, "cd": true}

// columnTask puts cut(1) first, wherever it ranks, where the question
// prints a column or field of the lines by its place
// (analyse.PrintsColumn): cut's -f, where "column" chose pr(1), which
// prints pages in columns. awk, which prints fields too, stays.
func columnTask(q *query) []string {
	return pagesIf(analyse.PrintsColumn(q.a.Question), "cut")
}

// fieldCutters are the commands whose pages print a line's fields.
var fieldCutters = map[string]bool{"cut": true, "awk": true, "mawk": true, "gawk": true}

// portUserTask puts lsof(8) first, wherever it ranks, where the question
// asks what uses a port it gives (analyse.AsksPortUser): lsof -i :PORT
// names the process, where "port" chose bridge(8)'s ports of a bridge.
// ss, fuser and netstat, which name it too, stay.
func portUserTask(q *query) []string {
	return pagesIf(analyse.AsksPortUser(q.a.Question, q.a.Args), "lsof", "ss", "fuser")
}

// portUsers are the commands whose pages name the process on a port.
var portUsers = map[string]bool{"lsof": true, "ss": true, "fuser": true, "netstat": true}

// accountsTask puts getent(1) first, wherever it ranks, where the
// question lists the system's users or groups, or asks whether one
// exists (analyse.AsksAccounts): `getent passwd`, `getent group NAME`,
// where the words chose chgrp(1) and usermod(8), which change them.
// lslogins and id, which show them too, stay.
func accountsTask(q *query) []string {
	return pagesIf(analyse.AsksAccounts(q.a.Question), "getent")
}

// accountListers are the commands whose pages show the system's
// accounts besides getent's.
var accountListers = map[string]bool{"getent": true, "lslogins": true, "id": true, "compgen": true}

// topProcessTask puts ps(1) first, wherever it ranks, where the question
// asks which processes use the most processor or memory
// (analyse.AsksTopProcess): ps's --sort, where "CPU" chose nproc(1).
// top and htop, which show them too, stay.
func topProcessTask(q *query) []string {
	return pagesIf(analyse.AsksTopProcess(q.a.Question), "ps", "top")
}

// processSorters are the commands whose pages order processes by what
// they use.
var processSorters = map[string]bool{"ps": true, "top": true, "htop": true}

// fileTimeTask puts stat(1) first, wherever it ranks, where the question
// asks when a file was last read or changed (analyse.AsksFileTime): its
// -c formats print the times, where the words chose touch(1), which sets
// them. ls and date (-r), which show them too, stay.
func fileTimeTask(q *query) []string {
	return pagesIf(analyse.AsksFileTime(q.a.Question), "stat")
}

// fileTimeShowers are the commands whose pages show a file's times.
var fileTimeShowers = map[string]bool{"stat": true, "ls": true, "date": true}

// manualTask puts man(1) first, wherever it ranks, where the question
// asks to read a command's manual page (analyse.ManualOf): "show the
// manual for ls" chose ls(1), whose -d the words matched. info, which
// reads manuals too, stays.
func manualTask(q *query) []string {
	return pagesIf(analyse.ManualOf(q.a.Question) != "", "man")
}

// manualReaders are the commands whose pages read manuals.
var manualReaders = map[string]bool{"man": true, "info": true}

// userProcessesTask puts ps(1) first, wherever it ranks, where the
// question lists the processes of a user it names
// (analyse.ListsUserProcesses): ps -u USER, where "user" chose pstree's
// "[pid, user]", a tree. pgrep and top, which list them too, stay.
func userProcessesTask(q *query) []string {
	return pagesIf(analyse.ListsUserProcesses(q.a.Question, q.a.Args), "ps")
}

// processListers are the commands whose pages list a user's processes.
var processListers = map[string]bool{"ps": true, "pgrep": true, "top": true}
