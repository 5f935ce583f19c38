package rank

import (
	"slices"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/index"
)

func TestAsTool(t *testing.T) {
	for _, tc := range []struct {
		q, name string
		want    bool
	}{
		{"download a page that needs a password with curl", "curl", true},
		{"Encode logo.png in base64", "base64", true},
		{"tell make to use all cores", "make", true},
		{"compress it using the zstd command", "zstd", true},
		{"write an apt preferences entry", "apt", false},
		{"change my login shell to zsh", "zsh", false},
		{"replace text in a variable without calling sed", "sed", false},
		{"why do I see futex calls when I strace a program", "strace", false},
		{"initialize a zram device using LZ4 compression", "lz4", false},
		{"compress a file with zstd and have the original removed", "zstd", true},
		// the program a question makes do a thing
		{"the option that makes ip print every address on one line", "ip", true},
		{"the flag that lets sed use extended regular expressions", "sed", true},
		{"make a new user without having useradd create a home", "useradd", false},
	} {
		if got := asTool(tc.q, tc.name); got != tc.want {
			t.Errorf("asTool(%q, %q) = %v, want %v", tc.q, tc.name, got, tc.want)
		}
	}
}

// byNamedTool puts the page of the one program the question names as its
// tool first, behind whichever page the trees put there; a program named
// otherwise keeps its place.
func TestByNamedTool(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	page := func(name string) int { return fixturePage(t, rk, name) }
	tail, grep, chown := page("tail"), page("grep"), page("chown")
	for _, tc := range []struct {
		q     string
		named map[int]naming
		want  []int
	}{
		{"see the last lines of app.log with grep", map[int]naming{grep: {sure: 1}}, []int{grep, tail, chown}},
		{"see the last lines grep printed", map[int]naming{grep: {sure: 1}}, []int{tail, grep, chown}},
		// a word the corpus also uses as an ordinary one: the tool where
		// the task is done with it, not where it is only run
		{"see the last lines of app.log with grep", map[int]naming{grep: {sure: 0.5}}, []int{grep, tail, chown}},
		{"see the last lines of app.log using the grep command", map[int]naming{grep: {sure: 0.5}}, []int{grep, tail, chown}},
		{"run grep on the last lines of app.log", map[int]naming{grep: {sure: 0.5}}, []int{tail, grep, chown}},
		{"see the last lines of app.log with grep", map[int]naming{grep: {sure: 0.3}}, []int{tail, grep, chown}},
		// two programs named: no telling which one is the tool, though
		// the corpus uses the other's name of other things too
		{"see the last lines with grep or chown", map[int]naming{grep: {sure: 1}, chown: {sure: 1}}, []int{tail, grep, chown}},
		{"see the last lines chown left with grep", map[int]naming{grep: {sure: 1}, chown: {sure: 0.3}}, []int{tail, grep, chown}},
		{"see the last lines chown left with grep", map[int]naming{grep: {sure: 1}, chown: {sure: 0.1}}, []int{grep, tail, chown}},
	} {
		q := &query{a: analyse.Analyse(tc.q, analyse.Thesaurus), named: tc.named}
		pool := []Candidate{{ID: tail, Score: 3}, {ID: grep, Score: 2}, {ID: chown, Score: 1}}
		for i := range pool {
			pool[i].Meta = rk.r.Meta(pool[i].ID) // as rank has read it
		}
		rk.byNamedTool(pool, q)
		if got := poolIDs(pool); !slices.Equal(got, tc.want) {
			t.Errorf("%q: order %v, want %v", tc.q, got, tc.want)
		}
	}
}

// byShell puts a program's page ahead of a library page the trees put
// first, for a how-to question that says nothing of programming.
func TestShellFirst(t *testing.T) {
	for _, tc := range []struct {
		q        string
		sections []string
		programs []bool
		want     int
	}{
		{"convert uppercase letters to lowercase in a stream", []string{"3", "1", "1"}, []bool{false, true, true}, 1},
		{"convert uppercase letters to lowercase in a stream", []string{"3", "3", "8"}, []bool{false, false, true}, 2},
		{"convert uppercase letters to lowercase in C", []string{"3", "1"}, []bool{false, true}, 0},
		{"what is a system call", []string{"2", "1"}, []bool{false, true}, 0},
		{"convert uppercase letters to lowercase in a stream", []string{"1", "3"}, []bool{true, false}, 0},
		{"convert uppercase letters to lowercase in a stream", []string{"3", "7", ""}, []bool{false, false, false}, 0},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		if got := shellFirst(a.Scene, tc.sections, tc.programs); got != tc.want {
			t.Errorf("%q %v: shellFirst = %d, want %d", tc.q, tc.sections, got, tc.want)
		}
	}
}

// byVerb puts a program's page whose NAME line does not change things
// ahead of one whose NAME line does, for a question that asks to look:
// stat(1) before ln(1) for "print how many hard links point to a file".
func TestVerbFirst(t *testing.T) {
	const (
		ln    = "make links between files"
		stat  = "display file or file system status"
		stty  = "change and print terminal line settings"
		chmod = "change file mode bits"
		rm    = "remove files or directories"
	)
	for _, tc := range []struct {
		q         string
		summaries []string
		programs  []bool
		want      int
	}{
		{"print how many hard links point to a file", []string{ln, stat}, []bool{true, true}, 1},
		{"show the mode bits of a file", []string{chmod, rm, stat}, []bool{true, true, true}, 2},
		// a NAME line that looks too is no change
		{"show the terminal's rows and columns", []string{stty, stat}, []bool{true, true}, 0},
		// nor is a filter's
		{"print the second field of each line", []string{"remove sections from each line of files", stat}, []bool{true, true}, 0},
		// to find, search or locate is to look: find(1) before ln(1)
		{"Find every symlink below /srv whose target is in /home", []string{ln, "search for files in a directory hierarchy"}, []bool{true, true}, 1},
		{"How do I locate the process that uses the most memory?", []string{"set or retrieve a process's CPU affinity", "display Linux processes"}, []bool{true, true}, 1},
		// one that finds what it then removes is find's (-delete)
		{"find and remove the empty files below /tmp", []string{rm, "search for files in a directory hierarchy"}, []bool{true, true}, 1},
		// a question that asks to change
		{"make a hard link to a file", []string{ln, stat}, []bool{true, true}, 0},
		// only a program's page goes first
		{"print how many hard links point to a file", []string{ln, stat}, []bool{true, false}, 0},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		if got := verbFirst(a.Verb, tc.summaries, tc.programs); got != tc.want {
			t.Errorf("%q %q: verbFirst = %d, want %d", tc.q, tc.summaries, got, tc.want)
		}
	}
}

// A question framed as asking for a command gets a program's page
// first, when one is among the first frameWithin; other questions keep
// the trees' order.
func TestByFrame(t *testing.T) {
	rk := &ranker{priors: make([]docPrior, 4)}
	rk.priors[2].manual = true
	for _, tc := range []struct {
		q    string
		want []int
	}{
		{"Which Linux command lists all systemd timers?", []int{2, 1, 3}},
		{"What is the bash command to list all systemd timers?", []int{2, 1, 3}},
		{"list all systemd timers", []int{1, 2, 3}},
	} {
		pool := []Candidate{
			{ID: 1, Meta: index.Meta{Type: "man", Section: "5", Group: -1}},
			{ID: 2, Meta: index.Meta{Type: "man", Section: "1", Group: -1}},
			{ID: 3, Meta: index.Meta{Type: "man", Section: "8", Group: -1}},
		}
		rk.byFrame(pool, &query{a: analyse.Analyse(tc.q, analyse.Thesaurus)})
		if got := poolIDs(pool); !slices.Equal(got, tc.want) {
			t.Errorf("%q: order %v, want %v", tc.q, got, tc.want)
		}
	}
}

// A question about the shell's language is bash's, the shell a user types
// in, unless it names the other shell or POSIX.
func TestByUserShell(t *testing.T) {
	rk := &ranker{}
	for _, tc := range []struct {
		q    string
		want []int
	}{
		{"print a message to standard error from a script", []int{2, 1, 3}},
		{"remove a shell alias", []int{2, 1, 3}},
		{"do integer arithmetic in a posix shell script", []int{1, 2, 3}},
		{"what does dash do with a trap on EXIT", []int{1, 2, 3}},
	} {
		pool := []Candidate{
			{ID: 1, Meta: index.Meta{Type: "man", Section: "1", Title: "dash", Group: -1}},
			{ID: 2, Meta: index.Meta{Type: "man", Section: "1", Title: "bash", Group: -1}},
			{ID: 3, Meta: index.Meta{Type: "man", Section: "1", Title: "echo", Group: -1}},
		}
		rk.byUserShell(pool, &query{a: analyse.Analyse(tc.q, analyse.Thesaurus)})
		if got := poolIDs(pool); !slices.Equal(got, tc.want) {
			t.Errorf("%q: order %v, want %v", tc.q, got, tc.want)
		}
	}
	// bash too far down stays where it is
	pool := []Candidate{{ID: 1, Meta: index.Meta{Type: "man", Section: "1", Title: "dash"}}, {ID: 3}, {ID: 4}, {ID: 5},
		{ID: 2, Meta: index.Meta{Type: "man", Section: "1", Title: "bash"}}}
	rk.byUserShell(pool, &query{a: analyse.Analyse("remove a shell alias", analyse.Thesaurus)})
	if pool[0].ID != 1 {
		t.Errorf("bash(1) fifth was put first")
	}
}

// poolIDs are the pool's ids in order.
func poolIDs(pool []Candidate) []int {
	var ids []int
	for _, c := range pool {
		ids = append(ids, c.ID)
	}
	return ids
}

// An example that gives another count than the question's does not say
// the question; one that gives the question's, or none, may.
func TestOtherCount(t *testing.T) {
	counts := numbers("print only the final 20 lines of a file")
	for text, want := range map[string]bool{
		"Show last 10 lines in a file":  true,
		"Show last 20 lines in a file":  false,
		"Show the last lines of a file": false,
	} {
		if got := otherCount(text, counts); got != want {
			t.Errorf("otherCount(%q) = %v, want %v", text, got, want)
		}
	}
	if otherCount("Show last 10 lines in a file", numbers("print the last lines of a file")) {
		t.Error("a question with no count holds an example's count against it")
	}
}

func TestDeletes(t *testing.T) {
	if !deletes("Uninstall a package and remove it from the list of dependencies") || deletes("List the dependencies of a package") {
		t.Error(`deletes: want "Uninstall ... remove" to delete and "List the dependencies" not`)
	}
}

// An example that compresses with another format than the question's
// file is no answer to it.
func TestOtherFormat(t *testing.T) {
	zst := analyse.Compressions("How do I create a .tar.zst archive with tar?")
	for line, want := range map[string]bool{
		"tar czf {{backup.tar.gz}} {{path/to/folder}}":  true,
		"tar caf {{target.tar.zst}} {{path/to/folder}}": false,
		"tar cf {{target.tar}} {{path/to/folder}}":      false,
	} {
		if got := otherFormat(line, zst); got != want {
			t.Errorf("otherFormat(%q) = %v, want %v", line, got, want)
		}
	}
	if otherFormat("tar czf {{backup.tar.gz}}", analyse.Compressions("How do I make an archive of a folder?")) {
		t.Error("a question that names no format holds an example's against it")
	}
}

// A question about what a file it names holds, or how it is written,
// gets the page of that file's format first, when one is among the
// first fileWithin; one that has a program work on the file, or asks
// for a command, keeps the trees' order, and so does a format page of
// another file.
func TestByFileFormat(t *testing.T) {
	rk := &ranker{}
	for _, tc := range []struct {
		q     string
		title string // the section 5 page's
		want  []int
	}{
		{"What is the format of the /etc/crontab2 file?", "crontab2", []int{2, 1, 3}},
		{"what can I put in ~/.frob/config to name a server", "frob_config", []int{2, 1, 3}},
		{"What do the entries in /proc/meminfo mean?", "proc", []int{2, 1, 3}},
		{"What fields does each line of a widgets.d file have?", "widgets.d", []int{2, 1, 3}},
		{"Add a line to /etc/crontab2 so that the job runs daily", "crontab2", []int{2, 1, 3}},
		// a program works on the file
		{"Print the lines of /etc/crontab2 that contain the word daily", "crontab2", []int{1, 2, 3}},
		{"reload all the settings from /etc/crontab2", "crontab2", []int{1, 2, 3}},
		// a command asked for
		{"Which command shows the format of /etc/crontab2?", "crontab2", []int{1, 2, 3}},
		// no file named, or another file's page
		{"What is the format of a crontab line?", "crontab2", []int{1, 2, 3}},
		{"What is the format of ~/.gitconfig?", "gitattributes", []int{1, 2, 3}},
		// nothing asked of what the file holds
		{"Make /etc/crontab2 immutable", "crontab2", []int{1, 2, 3}},
	} {
		pool := []Candidate{
			{ID: 1, Meta: index.Meta{Type: "man", Section: "1", Title: "frob", Group: -1}},
			{ID: 2, Meta: index.Meta{Type: "man", Section: "5", Title: tc.title, Group: -1}},
			{ID: 3, Meta: index.Meta{Type: "man", Section: "8", Title: "frobd", Group: -1}},
		}
		rk.byFileFormat(pool, &query{a: analyse.Analyse(tc.q, analyse.Thesaurus)})
		if got := poolIDs(pool); !slices.Equal(got, tc.want) {
			t.Errorf("%q: order %v, want %v", tc.q, got, tc.want)
		}
	}
}

// A question whose code runs in C gets the library or system call page
// among the first libraryWithin first; one about a C program, or one
// written in C, keeps the trees' order, and so does a pool led by one.
func TestByLibrary(t *testing.T) {
	rk := &ranker{}
	for _, tc := range []struct {
		q    string
		lead string // the first page's section
		want []int
	}{
		{"list the files in a directory from a C program", "8", []int{3, 1, 2, 4}},
		{"How do I get the size of the terminal window from C?", "7", []int{3, 1, 2, 4}},
		{"shorten a file to a given length in C", "1", []int{3, 1, 2, 4}},
		{"how do i make a directory in c", "1", []int{3, 1, 2, 4}},
		{"from inside C, how much memory did my process use", "1", []int{3, 1, 2, 4}},
		// the tool for a C program, a program written in C, C++
		{"find memory leaks in my C program", "1", []int{1, 2, 3, 4}},
		{"compile a program written in C", "1", []int{1, 2, 3, 4}},
		{"list the files in a directory in C++", "1", []int{1, 2, 3, 4}},
		// nothing said of C
		{"list the files in a directory", "1", []int{1, 2, 3, 4}},
		// a library page leads already
		{"list the files in a directory from a C program", "3", []int{1, 2, 3, 4}},
	} {
		pool := []Candidate{
			{ID: 1, Meta: index.Meta{Type: "man", Section: tc.lead, Group: -1}},
			{ID: 2, Meta: index.Meta{Type: "man", Section: "7", Group: -1}},
			{ID: 3, Meta: index.Meta{Type: "man", Section: "3", Group: -1}},
			{ID: 4, Meta: index.Meta{Type: "man", Section: "2", Group: -1}},
		}
		rk.byLibrary(pool, &query{a: analyse.Analyse(tc.q, analyse.Thesaurus)})
		if got := poolIDs(pool); !slices.Equal(got, tc.want) {
			t.Errorf("%q: order %v, want %v", tc.q, got, tc.want)
		}
	}
	// a library page too far down stays where it is
	pool := []Candidate{{ID: 1, Meta: index.Meta{Type: "man", Section: "1"}}, {ID: 2}, {ID: 3}, {ID: 4},
		{ID: 5, Meta: index.Meta{Type: "man", Section: "3"}}}
	rk.byLibrary(pool, &query{a: analyse.Analyse("shorten a file in C", analyse.Thesaurus)})
	if pool[0].ID != 1 {
		t.Errorf("a section 3 page fifth was put first")
	}
}

// A first page whose program the question does without goes below the
// next one that is not; a "not" that negates a verb, a program named
// before the "without", and a title's first part do not count.
func TestByNegated(t *testing.T) {
	rk := &ranker{}
	for _, tc := range []struct {
		q      string
		titles []string
		want   []int
	}{
		{"add a line to the end of notes.txt without opening an editor", []string{"sensible-editor", "sed", "tee"}, []int{2, 1, 3}},
		{"work on two branches at once without cloning the repository", []string{"git-clone", "git-worktree", "git"}, []int{2, 1, 3}},
		{"both do without an editor", []string{"sensible-editor", "editor", "sed"}, []int{3, 1, 2}},
		{"a process that will not die with kill", []string{"kill", "killall", "pkill"}, []int{1, 2, 3}},
		{"use sed without the -i option", []string{"sed", "awk", "perl"}, []int{1, 2, 3}},
		// the phrase "without" governs ends: the tool after "using" is
		// the one to use
		{"list what is directly inside /etc without /etc itself using find", []string{"find", "lsof", "ls"}, []int{1, 2, 3}},
		{"list the scripts run-parts would execute, without running them", []string{"run-parts", "bash", "cron"}, []int{1, 2, 3}},
		{"add a line to the end of notes.txt with an editor", []string{"sensible-editor", "sed", "tee"}, []int{1, 2, 3}},
	} {
		var pool []Candidate
		for i, title := range tc.titles {
			pool = append(pool, Candidate{ID: i + 1, Score: float64(3 - i), Meta: index.Meta{Type: "man", Title: title, Section: "1", Group: -1}})
		}
		rk.byNegated(pool, &query{a: analyse.Analyse(tc.q, analyse.Thesaurus)})
		if got := poolIDs(pool); !slices.Equal(got, tc.want) {
			t.Errorf("%q: order %v, want %v", tc.q, got, tc.want)
		}
	}
}

// byFileSearch puts find(1), whose NAME line searches for files, ahead of
// grep(1) for a question that looks for files themselves; one about what
// files hold keeps grep first.
func TestByFileSearch(t *testing.T) {
	rk := newTestRanker(t, retriever(t))
	page := func(name string) int { return fixturePage(t, rk, name) }
	grep, find, tail := page("grep"), page("find"), page("tail")
	for _, tc := range []struct {
		q    string
		want []int
	}{
		{"find files by name, whatever their case", []int{find, grep, tail}},
		{"What is the bash command to locate every empty folder under /srv?", []int{find, grep, tail}},
		{"find broken symbolic links below /etc", []int{find, grep, tail}},
		// what the files hold is read inside them
		{"find files that contain the word TODO", []int{grep, find, tail}},
		{"find the lines of app.log with errors", []int{grep, find, tail}},
		{"search for a pattern in app.log", []int{grep, find, tail}},
	} {
		pool := []Candidate{{ID: grep, Score: 3}, {ID: find, Score: 2}, {ID: tail, Score: 1}}
		for i := range pool {
			pool[i].Meta = rk.r.Meta(pool[i].ID)
		}
		rk.byFileSearch(pool, &query{a: analyse.Analyse(tc.q, analyse.Thesaurus)})
		if got := poolIDs(pool); !slices.Equal(got, tc.want) {
			t.Errorf("%q: order %v, want %v", tc.q, got, tc.want)
		}
	}
}

// byProcessName puts a program that finds processes by name ahead of one
// that takes a process ID, for a question that names its processes.
func TestProcessNameFirst(t *testing.T) {
	const (
		kill    = "send a signal to a process"
		killall = "kill processes by name"
		pkill   = "look up, signal, or wait for processes based on name and other attributes"
		ps      = "report a snapshot of the current processes"
		file    = "find files by name" // not about processes
	)
	for _, tc := range []struct {
		q         string
		summaries []string
		programs  []bool
		want      int
	}{
		{"kill every process named firefox", []string{kill, killall}, []bool{true, true}, 1},
		{"print the PIDs of the processes called nginx", []string{ps, file, pkill}, []bool{true, true, true}, 2},
		{"How do I stop a process by its name?", []string{kill, pkill}, []bool{true, true}, 1},
		// a process given by its ID, or not named at all
		{"kill the process with PID 4242", []string{kill, killall}, []bool{true, true}, 0},
		{"list every process of the user bob", []string{ps, pkill}, []bool{true, true}, 0},
		// the first page finds them by name already, or the other is no
		// program's page
		{"kill every process named firefox", []string{killall, pkill}, []bool{true, true}, 0},
		{"kill every process named firefox", []string{kill, killall}, []bool{true, false}, 0},
	} {
		if got := processNameFirst(tc.q, tc.summaries, tc.programs); got != tc.want {
			t.Errorf("%q %q: processNameFirst = %d, want %d", tc.q, tc.summaries, got, tc.want)
		}
	}
}

// fixturePage is the document id of the fixture's page of name.
func fixturePage(t *testing.T, rk *ranker, name string) int {
	t.Helper()
	ids := rk.lib.Pages(name)
	if len(ids) == 0 {
		t.Fatalf("no page %s in the fixture", name)
	}
	return ids[0]
}

// A question that counts the lines holding a thing puts first the program
// that prints the lines that match, which counts them too; one that
// counts all the lines of a file, or the lines of something else, does
// not.
func TestMatchCountFirst(t *testing.T) {
	const (
		wc    = "print newline, word, and byte counts for each file"
		grep  = "print lines that match patterns"
		blame = "Show what revision and author last modified each line of a file"
	)
	for _, tc := range []struct {
		q         string
		summaries []string
		programs  []bool
		want      int
	}{
		{"count how many lines contain a word", []string{wc, grep}, []bool{true, true}, 1},
		{"What is the number of lines in app.log that match ERROR?", []string{wc, blame, grep}, []bool{true, true, true}, 2},
		{"how many lines of notes.txt mention todo", []string{wc, grep}, []bool{true, true}, 1},
		// all the lines, or lines the file has
		{"count the lines in notes.txt", []string{wc, grep}, []bool{true, true}, 0},
		{"Show how many lines the file records.txt has.", []string{wc, grep}, []bool{true, true}, 0},
		// grep leads already, or is no program's page
		{"count how many lines contain a word", []string{grep, wc}, []bool{true, true}, 0},
		{"count how many lines contain a word", []string{wc, grep}, []bool{true, false}, 0},
	} {
		if got := matchCountFirst(tc.q, tc.summaries, tc.programs); got != tc.want {
			t.Errorf("%q %q: matchCountFirst = %d, want %d", tc.q, tc.summaries, got, tc.want)
		}
	}
}

// A question that gives many files another extension puts first the
// program that renames files, not mv, which moves each onto one name; one
// that renames a file, or names no two extensions, does not.
func TestBatchRenameFirst(t *testing.T) {
	const (
		mv     = "move (rename) files"
		rename = "rename files"
		git    = "Move or rename a file, a directory, or a symlink"
	)
	for _, tc := range []struct {
		q         string
		summaries []string
		programs  []bool
		want      int
	}{
		{"rename every .jpeg file in this folder to .jpg", []string{mv, git, rename}, []bool{true, true, true}, 2},
		{"change the extension of all .txt files to .md", []string{mv, rename}, []bool{true, true}, 1},
		{"rename notes.txt to notes.md", []string{mv, rename}, []bool{true, true}, 0},
		{"rename every .jpeg file", []string{mv, rename}, []bool{true, true}, 0},
		{"rename every .jpeg file to .jpg", []string{rename, mv}, []bool{true, true}, 0},
	} {
		if got := batchRenameFirst(tc.q, analyse.Read(tc.q).Args, tc.summaries, tc.programs); got != tc.want {
			t.Errorf("%q %q: batchRenameFirst = %d, want %d", tc.q, tc.summaries, got, tc.want)
		}
	}
}

// A count of a folder's entries puts first the program that counts
// lines, else one that lists a folder, from among the first pages.
func TestEntryCountFirst(t *testing.T) {
	const (
		wc   = "print newline, word, and byte counts for each file"
		ls   = "list directory contents"
		du   = "estimate file space usage"
		grep = "print lines that match patterns"
	)
	for _, tc := range []struct {
		q         string
		summaries []string
		programs  []bool
		want      int
	}{
		{"how many files are in the folder docs", []string{du, grep, wc}, []bool{true, true, true}, 2},
		{"count the files in this directory", []string{du, ls}, []bool{true, true}, 1},
		{"how many folders are there in /var/log", []string{du, grep, ls, wc}, []bool{true, true, true, true}, 3},
		// a count of lines, or of a folder's size, is no count of entries
		{"count the lines in notes.txt", []string{du, wc}, []bool{true, true}, 0},
		{"how big is the folder docs", []string{du, ls}, []bool{true, true}, 0},
		// ls leads already
		{"how many files are in the folder docs", []string{ls, wc}, []bool{true, true}, 0},
		{"how many files are in the folder docs", []string{du, ls}, []bool{true, false}, 0},
	} {
		if got := entryCountFirst(tc.q, tc.summaries, tc.programs); got != tc.want {
			t.Errorf("%q %q: entryCountFirst = %d, want %d", tc.q, tc.summaries, got, tc.want)
		}
	}
}
