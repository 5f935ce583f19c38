package rank

import (
	"github.com/ragman-dev/ragman/backend/terms"
	"reflect"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/index"
)

// TestSafeLead: a command that deletes or changes accounts or disks does
// not lead a question that did not ask for it; it leads one that does (a
// word of deleting, its name, or its NAME line said), and a tldr page of
// one is held back the same way.
func TestSafeLead(t *testing.T) {
	page := func(id int, typ, sec, title string, nameLine float64) Candidate {
		c := Candidate{ID: id, Meta: index.Meta{Type: typ, Section: sec, Title: title}}
		c.F[FNameLine] = nameLine
		return c
	}
	order := func(cands []Candidate) string {
		var s []string
		for _, c := range cands {
			s = append(s, c.Meta.Title)
		}
		return strings.Join(s, " ")
	}
	for _, tc := range []struct {
		question string
		named    bool
		cands    []Candidate
		want     string
	}{
		{"list the groups a user belongs to", false,
			[]Candidate{page(1, "man", "8", "deluser", 0.3), page(2, "man", "1", "groups", 0.6)}, "groups deluser"},
		{"count the lines of every file in a folder", false,
			[]Candidate{page(1, "man", "1", "rm", 0.1), page(2, "man", "8", "mkfs.ext4", 0), page(3, "man", "1", "wc", 0.4)}, "wc rm mkfs.ext4"},
		{"count the lines of every file", false,
			[]Candidate{page(1, "tldr", "", "shred", 0.1), page(2, "man", "1", "wc", 0.4)}, "wc shred"},
		{"list the files whose owner account was deleted", false, // what was done, not what to do
			[]Candidate{page(1, "man", "8", "userdel", 0.6), page(2, "man", "1", "find", 0.2)}, "find userdel"},
		{"I want the account of bob deleted", false,
			[]Candidate{page(1, "man", "8", "userdel", 0.3), page(2, "man", "1", "find", 0.2)}, "userdel find"},
		{"delete all files owned by the user bob", false, // files deleted, not the account
			[]Candidate{page(1, "man", "8", "deluser", 0.3), page(2, "man", "1", "find", 0.2)}, "find deluser"},
		{"delete all files owned by the user bob", false, // nor the page of its configuration
			[]Candidate{page(1, "man", "5", "deluser.conf", 0.3), page(2, "man", "8", "deluser", 0.3), page(3, "man", "1", "find", 0.2)}, "find deluser.conf deluser"},
		{"delete the user bob and all his files", false,
			[]Candidate{page(1, "man", "8", "deluser", 0.3), page(2, "man", "1", "find", 0.2)}, "deluser find"},
		{"delete a user account", false,
			[]Candidate{page(1, "man", "8", "deluser", 0.3), page(2, "man", "8", "useradd", 0.3)}, "deluser useradd"},
		{"how does dd work", true,
			[]Candidate{page(1, "man", "1", "dd", 0.1), page(2, "man", "1", "cp", 0.1)}, "dd cp"},
		{"convert and copy a file block by block", false,
			[]Candidate{page(1, "man", "1", "dd", 0.8), page(2, "man", "1", "cp", 0.3)}, "dd cp"},
		{"make a file exactly 1 GB in size", false, // what truncate does, in other words
			[]Candidate{page(1, "man", "1", "truncate", 0.2), page(2, "man", "1", "touch", 0.2)}, "truncate touch"},
		{"create an empty file named todo.md", false, // what the file is, not what to do to it
			[]Candidate{page(1, "man", "1", "truncate", 0.2), page(2, "man", "1", "touch", 0.2)}, "touch truncate"},
		{"empty the file app.log", false, // what to do to it
			[]Candidate{page(1, "man", "1", "truncate", 0.2), page(2, "man", "1", "touch", 0.2)}, "truncate touch"},
		{"create an empty file of exactly 1 GB called test.img", false, // a size asks for what sizes a file
			[]Candidate{page(1, "man", "1", "truncate", 0.2), page(2, "man", "1", "touch", 0.2)}, "truncate touch"},
		{"get the size of the file movie.mp4 in bytes", false, // a size read, not set
			[]Candidate{page(1, "man", "1", "truncate", 0.6), page(2, "man", "1", "stat", 0.2)}, "stat truncate"},
		{"shrink the file big.img to 100 MB", false, // a size set
			[]Candidate{page(1, "man", "1", "truncate", 0.6), page(2, "man", "1", "stat", 0.2)}, "truncate stat"},
		{"check a disk for bad blocks", false, // badblocks only reads, unless told to write
			[]Candidate{page(1, "man", "8", "badblocks", 0.4), page(2, "man", "8", "fsck", 0.2)}, "badblocks fsck"},
		{"the rm system call", false, // not a command's page: section 2
			[]Candidate{page(1, "man", "2", "unlink", 0), page(2, "man", "1", "ls", 0)}, "unlink ls"},
		{"list the groups a user belongs to", false, // none safe within reach: the order stays
			[]Candidate{page(1, "man", "8", "deluser", 0), page(2, "man", "8", "userdel", 0)}, "deluser userdel"},
		{"reserve a 2 GB file for paging", false, // a tldr page of a command not installed is no safer lead
			[]Candidate{page(1, "man", "8", "mkswap", 0.2), page(2, "tldr", "", "dphys-swapfile", 0.3), page(3, "man", "8", "swapon", 0.1)},
			"swapon mkswap dphys-swapfile"},
	} {
		q := &query{a: analyse.Analyse(tc.question, nil), named: map[int]naming{}}
		if tc.named {
			q.named[tc.cands[0].ID] = naming{}
		}
		notInstalled := func(c *Candidate) bool { return c.Meta.Type == "tldr" && c.Meta.Title != "shred" }
		if got := order(safeLead(tc.cands, q, notInstalled)); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.question, got, tc.want)
		}
	}
}

// An example that switches a thing off fits only a question that asks
// for that: not one that asks to see it.
func TestSwitchedOffExample(t *testing.T) {
	for _, tc := range []struct {
		q, example string
		fits       bool
	}{
		{"see when a user's password expires", "Disable password expiration", false},
		{"make a user's password never expire", "Disable password expiration", true},
		{"turn off all swap areas", "Disable all swap areas in /proc/swaps", true},
		{"deactivate the swap file", "Disable all swap areas in /proc/swaps", true},
		{"see when a user's password expires", "List password information for the user", true},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		if got := asksOff(a.Seq) || !switchesOff(tc.example); got != tc.fits {
			t.Errorf("%q for %q: fits %v, want %v", tc.example, tc.q, got, tc.fits)
		}
	}
}

// A pattern of files through a folder's subfolders is find's: it leads,
// when it is among the first few, over a command that takes the files a
// pattern matches in one folder only.
func TestTreeLeads(t *testing.T) {
	leadCases(t, treeLeads, []string{"rm", "find", "basename"}, map[string]string{
		"delete all files ending in .bak in the folder old and its subfolders": "find rm basename",
		"remove every *.tmp file under /srv/cache":                             "find rm basename",
		"copy all .jpg files in photos recursively to /backup":                 "find rm basename",
		"move every .log file below /var/app/logs to /var/old":                 "find rm basename",
		"delete all files ending in .bak in the folder old":                    "rm find basename", // one folder
		"delete the file .bashrc in every subfolder of home":                   "rm find basename", // one file
		// files picked by what find tests
		"delete all empty files inside the folder tmp":           "find rm basename",
		"move the files larger than 2 GB from downloads to /mnt": "find rm basename",
		"remove the logs in /var/app older than 14 days":         "find rm basename",
		"delete the empty folder build":                          "rm find basename", // one, named
		"copy the files newer than the copies in backup to it":   "rm find basename", // cp's -u
	})
	// picked by owner, or by having none: find leads over the pages that
	// show or change an owner, and over an account's command, which may
	// not lead a question that deletes files
	leadCases(t, treeLeads, []string{"namei", "chown", "find"}, map[string]string{
		"show files in /srv that have no owner":      "find namei chown",
		"list the files under /home without a group": "find namei chown",
		"show the owner of every file in /srv":       "namei chown find", // no pick
	})
	leadCases(t, treeLeads, []string{"deluser", "userdel", "find"}, map[string]string{
		"delete all files owned by bob":               "find deluser userdel",
		"erase the files that belong to the user ana": "find deluser userdel",
	})
	// from wherever the ranking put find: its words are rm's
	leadCases(t, treeLeads, []string{"rmdir", "rm", "shred", "unlink", "wipefs", "find"}, map[string]string{
		"delete the empty folders under projects": "find rmdir rm shred unlink wipefs",
	})
}

// A question that removes lines by what they hold is a filter's: grep or
// sed leads, from as far down as filterReach, over the pages its words
// of removal chose; a question that removes files is not.
func TestFilterLeads(t *testing.T) {
	leadCases(t, filterLeads, []string{"DELETE", "wc", "git-restore", "col", "jq", "grep", "sed"}, map[string]string{
		"delete all lines that mention secret from dump.sql":             "grep DELETE wc git-restore col jq sed",
		"throw away every line that includes FIXME in notes.md":          "grep DELETE wc git-restore col jq sed",
		"remove the lines of access.log that contain bot, keep the rest": "grep DELETE wc git-restore col jq sed",
		"delete all files that mention secret in their name":             "DELETE wc git-restore col jq grep sed", // files, not lines
		// counted, they are grep -c's
		"count how many lines of access.log contain the text 404": "grep DELETE wc git-restore col jq sed",
		"count the lines of access.log":                           "DELETE wc git-restore col jq grep sed",
		// the lines that start or end with a word are a pattern
		// anchored there, grep's, and so is their count
		"print the lines of notes.txt that start with TODO": "grep DELETE wc git-restore col jq sed",
		"show the lines ending with OK in results.txt":      "grep DELETE wc git-restore col jq sed",
		"count lines beginning with FIXME in main.go":       "grep DELETE wc git-restore col jq sed",
		"list the files starting with tmp in /var":          "DELETE wc git-restore col jq grep sed",
		// every occurrence of a word in a file is grep's
		"show every instance of FIXME in src.c": "grep DELETE wc git-restore col jq sed",
		// empty lines removed are sed's d
		"remove all empty lines from notes.txt": "sed DELETE wc git-restore col jq grep",
	})
}

// A question that makes one set of characters into another is tr's,
// wherever the ranking put it; tabs made spaces are expand's.
func TestCharLeads(t *testing.T) {
	leadCases(t, charLeads, []string{"swapon", "mkswap", "expand", "cut", "pr", "col", "jq", "grep", "tr"}, map[string]string{
		"swap every tab for a semicolon in export.tsv": "tr swapon mkswap expand cut pr col jq grep",
		"change all commas in data.txt to tabs":        "tr swapon mkswap expand cut pr col jq grep",
		"replace the tabs in code.py with spaces":      "swapon mkswap expand cut pr col jq grep tr", // expand's
		"count the tabs and the commas in every line":  "swapon mkswap expand cut pr col jq grep tr",
	})
}

// Lines a question numbers and shows or removes are sed's, wherever it
// ranked; a lead that takes lines by their place stays where it shows
// them, and a page of git stays.
func TestLineLeads(t *testing.T) {
	for _, tc := range []struct{ q, lead, want string }{
		{"print line 42 of config.ini", "llvm-symbolizer", "sed"},
		{"show lines 100 to 120 of app.log", "uniq", "sed"},
		{"print the last line of data.csv", "tail", "tail"},
		{"delete the last line of data.csv", "tail", "sed"},
		{"show who last changed lines 10 to 20 of main.c", "git-blame", "git-blame"},
		{"Show the lines 100 to 120 of the file server.log.", "git-blame", "sed"},
		{"print a file backwards, last line first", "tac", "tac"},
		{"print a file backwards, last line first", "rev", "rev"},
	} {
		if got := lineLeads(manPages(tc.lead, "cat", "grep", "cut", "sort", "sed"), &query{a: analyse.Analyse(tc.q, nil)}); got[0].Meta.Title != tc.want {
			t.Errorf("%q led by %s: %s first, want %s", tc.q, tc.lead, got[0].Meta.Title, tc.want)
		}
	}
}

// A package the question names and installs is apt's to do, not
// dpkg's, whose -i takes a package file; not where it names the file,
// removes the package (dpkg -r), or only looks at it.
func TestNamedPackageLeads(t *testing.T) {
	leadCases(t, packageLeads, []string{"dpkg", "apt", "apt-get"}, map[string]string{
		"install the package htop":                    "apt",
		"uninstall the package vlc":                   "dpkg",
		"How do I install nginx?":                     "apt",
		"install the package file tool_1.2_amd64.deb": "dpkg",
		"list the files of the package coreutils":     "dpkg",
		// not a question whose own verb is another, nor one of dpkg
		"which files did the package coreutils install":                  "dpkg",
		"show what dpkg would do when removing the package foo, no more": "dpkg",
	})
}

// A package file installed is dpkg's, from where the ranking put it;
// one downloaded without installing it is not.
func TestDebLeads(t *testing.T) {
	leadCases(t, debLeads, []string{"apt-get", "apt.conf", "pkcon", "apt", "dpkg"}, map[string]string{
		"install the package file tool_1.2_amd64.deb":      "dpkg",
		"install ./zoom_amd64.deb on this machine":         "dpkg",
		"download vim_9.0_amd64.deb without installing it": "apt-get",
		"install the package nginx":                        "apt-get",
		"install ./tool.deb and pull in its dependencies":  "apt-get", // apt's
	})
}

// A time waited is sleep's, wherever it ranked; waiting for a process
// or up to a time for a lock is not.
func TestPauseLeads(t *testing.T) {
	leadCases(t, pauseLeads, []string{"flock", "bash", "grep", "dmesg", "timeout", "sleep"}, map[string]string{
		"pause the script for 5 seconds":           "sleep",
		"wait 90 seconds, then print done":         "sleep",
		"pause a script for a few seconds":         "sleep",
		"wait a number of seconds in a script":     "sleep",
		"wait for the background job to finish":    "flock",
		"wait up to 30 seconds for the lock on /x": "flock",
	})
}

// A sum to work out is bc's or expr's, whichever ranked first, wherever
// it ranked; numbers that are no sum are not.
func TestSumLeads(t *testing.T) {
	leadCases(t, sumLeads, []string{"strftime", "hwclock", "bc", "expr"}, map[string]string{
		"calculate 17 times 23 on the command line": "bc",
		"what is 2^10":                "bc",
		"resize the image to 800x600": "strftime",
	})
	leadCases(t, sumLeads, []string{"bash", "route", "expr"}, map[string]string{
		"add 5 and 3 in the terminal": "expr",
	})
}

// A text replaced with another in files is sed's, from where the ranking
// put it; names of files replaced are not, nor text without a file.
func TestReplaceLeads(t *testing.T) {
	leadCases(t, replaceLeads, []string{"grep", "install-info", "bash", "sed"}, map[string]string{
		"Replace the word colour with color in every .md file in the folder docs": "sed",
		"replace foo with bar in notes.txt":                                       "sed",
		"replace draft with final in the file names of docs/*.md":                 "grep",
		"in the names of all *.txt files, replace draft with final":               "grep",
		"How do I replace a word with another in a file?":                         "sed",
		"replace the old disk with a new one":                                     "grep",
	})
}

// An empty file made is touch's, wherever it ranked; one of a size is
// not.
func TestEmptyFileLeads(t *testing.T) {
	leadCases(t, emptyFileLeads, []string{"mktemp", "find", "mkdir", "truncate", "touch"}, map[string]string{
		"Create an empty file called .gitkeep in the folder assets": "touch",
		"create an empty file of 1 GB named disk.img":               "mktemp",
		"create an empty file of a given size":                      "mktemp",
		"create an empty folder called cache":                       "mktemp",
		"make a new file named todo.md inside notes":                "touch",
		"create a file called big.img of 2 GB":                      "mktemp",
	})
}

// A drive formatted is a maker of file systems', of the type named.
func TestFormatLeads(t *testing.T) {
	leadCases(t, leadOf(formatTask), []string{"mount", "ext4", "mke2fs", "mkfs"}, map[string]string{
		"How do I format a USB stick with ext4?": "mke2fs",
		"format the spare disk":                  "mkfs",
		"format the output as a table":           "mount",
	})
}

// A folder gone into is the shell's cd.
func TestFolderLeads(t *testing.T) {
	leadCases(t, leadOf(folderTask), []string{"mkdir", "usermod", "bash"}, map[string]string{
		"go to the parent folder":             "bash",
		"change to the home directory":        "bash",
		"create the parent folders of a path": "mkdir",
	})
}

// A column printed by its place is cut's.
func TestColumnLeads(t *testing.T) {
	leadCases(t, leadOf(columnTask), []string{"pr", "sort", "cut"}, map[string]string{
		"print the second column of data.tsv": "cut",
		"sort data.tsv by its second column":  "pr",
	})
}

// What uses a port is lsof's, or another page that names the process.
func TestPortUserLeads(t *testing.T) {
	leadCases(t, leadOf(portUserTask), []string{"bridge", "devlink", "lsof"}, map[string]string{
		"show what is using port 443":   "lsof",
		"open port 443 on the firewall": "bridge",
	})
}

// The system's accounts are getent's, the processes that use most ps's,
// and a file's times stat's.
func TestSystemLeads(t *testing.T) {
	leadCases(t, leadOf(accountsTask), []string{"chgrp", "usermod", "getent"}, map[string]string{
		"How do I see which groups exist on the system?": "getent",
		"add the user bob to a group":                    "chgrp",
	})
	leadCases(t, leadOf(topProcessTask), []string{"nproc", "lscpu", "ps"}, map[string]string{
		"which process is using the most CPU": "ps",
		"print the number of CPU cores":       "nproc",
	})
	leadCases(t, leadOf(fileTimeTask), []string{"touch", "find", "stat"}, map[string]string{
		"How do I see the last time a file was accessed?": "stat",
		"set the access time of a file to noon":           "touch",
	})
}

// A command's manual read is man's.
func TestManualLeads(t *testing.T) {
	leadCases(t, leadOf(manualTask), []string{"ls", "git-ls-files", "man"}, map[string]string{
		"show the manual for ls":           "man",
		"list the files in the manual dir": "ls",
	})
}

// A user's processes listed are ps's.
func TestUserProcessesLeads(t *testing.T) {
	leadCases(t, leadOf(userProcessesTask), []string{"pstree", "kill", "ps"}, map[string]string{
		"Show the processes owned by the user www-data.": "ps",
		"show a tree of the processes":                   "pstree",
	})
}

// leadOf is the task lead whose reading is pages, as a function of the
// candidates and the question.
func leadOf(pages func(*query) []string) func([]Candidate, *query) []Candidate {
	for i, t := range taskLeads {
		if reflect.ValueOf(t.pages).Pointer() == reflect.ValueOf(pages).Pointer() {
			return func(cands []Candidate, q *query) []Candidate { return t.lead(cands, q, q.leadTitles()[i]) }
		}
	}
	panic("no task lead reads so")
}

var (
	treeLeads      = leadOf(treeTask)
	filterLeads    = leadOf(filterTask)
	charLeads      = leadOf(charTask)
	lineLeads      = leadOf(lineTask)
	debLeads       = leadOf(debTask)
	packageLeads   = leadOf(namedPackageTask)
	pauseLeads     = leadOf(pauseTask)
	sumLeads       = leadOf(sumTask)
	replaceLeads   = leadOf(replaceTask)
	emptyFileLeads = leadOf(emptyFileTask)
	sizedFileLeads = leadOf(sizedFileTask)
	newestLeads    = leadOf(newestTask)
	catLeads       = leadOf(catTask)
	writeLeads     = leadOf(writeTask)
	selfLeads      = leadOf(selfTask)
	versionLeads   = leadOf(versionTask)
	extensionLeads = leadOf(extensionTask)
	pathVarLeads   = leadOf(pathVariableTask)
	ownerLeads     = leadOf(ownerTask)
	emptiedLeads   = leadOf(emptiedTask)
	entriesLeads   = leadOf(entriesTask)
	bySizeLeads    = leadOf(bySizeTask)
	permitLeads    = leadOf(permittedTask)
	fullDirLeads   = leadOf(fullFolderTask)
)

// The N files changed last are ls's, wherever it ranked; files picked
// by age are not.
func TestNewestLeads(t *testing.T) {
	leadCases(t, newestLeads, []string{"find", "stat", "ls"}, map[string]string{
		"find the 3 most recently changed files in the current directory": "ls find stat",
		"find the files changed in the last 3 days":                       "find stat ls",
	})
}

// A file made of a size the question gives is truncate's or
// fallocate's, whichever ranked first; dd stays.
func TestSizedFileLeads(t *testing.T) {
	leadCases(t, sizedFileLeads, []string{"jmod", "zip", "fallocate", "truncate"}, map[string]string{
		"create a 100 MB file called blob.bin":      "fallocate jmod zip truncate", // the first that ranks
		"create a zip file split into 100 MB parts": "jmod zip fallocate truncate",
	})
	leadCases(t, sizedFileLeads, []string{"test", "fallocate"}, map[string]string{
		"I need a 5 GB test file named big.dat": "fallocate test",
	})
	leadCases(t, sizedFileLeads, []string{"dd", "truncate"}, map[string]string{
		"make a 1 GB file full of zeros": "dd truncate",
	})
}

// The name of the user asking is whoami's, wherever it ranked; the
// user's ID is id's, and a name changed is usermod's.
func TestSelfLeads(t *testing.T) {
	leadCases(t, selfLeads, []string{"psql", "last", "id", "usermod", "logname", "whoami"}, map[string]string{
		"what is my username":                "whoami",
		"Show which user I am logged in as.": "whoami",
		"show my user id and my groups":      "psql",
		"change my username to kai":          "psql",
	})
}

// A thing made to have a permission is chmod's, wherever it ranked;
// install stays. A folder removed that is not empty is rm's; an empty
// one stays rmdir's.
func TestModeAndFolderLeads(t *testing.T) {
	leadCases(t, permitLeads, []string{"mkfifo", "bash", "chmod"}, map[string]string{
		"make notes.txt read-only for everyone": "chmod",
		"make my shell script executable":       "chmod",
		"make a named pipe called jobs":         "mkfifo",
	})
	leadCases(t, fullDirLeads, []string{"rmdir", "find", "rm"}, map[string]string{
		"How do I remove a directory that is not empty?": "rm",
		"delete the non-empty folder old":                "rm",
		"remove the empty folders in /tmp":               "rmdir",
	})
}

// Folders ordered by size are du's, wherever it ranked; files sorted by
// size are not.
func TestBySizeLeads(t *testing.T) {
	leadCases(t, bySizeLeads, []string{"ls", "df", "du"}, map[string]string{
		"list the folders in /srv sorted by size": "du",
		"show disk usage sorted by size":          "du",
		"list files sorted by size":               "ls",
	})
}

// A count of a folder's entries is wc's, wherever it ranked; ls and
// find stay, and a count of lines is no count of entries.
func TestEntriesLeads(t *testing.T) {
	for _, tc := range []struct{ q, lead, want string }{
		{"print the number of files in /usr/lib", "seq", "wc"},
		{"how many folders are in /srv", "ls", "ls"},
		{"print the number of lines in notes.txt", "seq", "seq"},
	} {
		if got := entriesLeads(manPages(tc.lead, "grep", "cat", "wc"), &query{a: analyse.Analyse(tc.q, nil)}); got[0].Meta.Title != tc.want {
			t.Errorf("%q led by %s: %s first, want %s", tc.q, tc.lead, got[0].Meta.Title, tc.want)
		}
	}
}

// A file emptied and kept is truncate's, wherever it ranked; an empty
// file made is not.
func TestEmptiedLeads(t *testing.T) {
	leadCases(t, emptiedLeads, []string{"rmdir", "zimcheck", "touch", "truncate"}, map[string]string{
		"empty the file app.log":                   "truncate",
		"How do I clear the contents of notes.md?": "truncate",
		"create an empty file named .keep":         "rmdir",
	})
}

// A program's version, asked by its name, is its own page's, wherever
// it ranked; another thing's version is not.
func TestVersionLeads(t *testing.T) {
	leadCases(t, versionLeads, []string{"git-submodule", "apt-get", "sort", "git"}, map[string]string{
		"How do I check which version of git is installed?":    "git",
		"install a specific version of a package with apt-get": "git-submodule",
		"sort version numbers so that 1.10 comes after 1.9":    "git-submodule",
	})
}

// Files given another extension are renamed by util-linux's rename,
// wherever it ranked; one file renamed, or files moved, are mv's.
func TestExtensionLeads(t *testing.T) {
	leadCases(t, extensionLeads, []string{"mv", "find", "rename.ul"}, map[string]string{
		"Rename every .jpeg file in the folder pics so it ends in .jpg": "rename.ul",
		"change the extension of all .htm files to .html":               "rename.ul",
		"rename notes.txt to notes.md":                                  "mv",
		"move every .jpg file into the folder images":                   "mv",
	})
}

// A folder added to a search path named alone is the shell's export,
// wherever bash ranked; the path asked about without a folder is not.
func TestPathVariableLeads(t *testing.T) {
	leadCases(t, pathVarLeads, []string{"jpackage", "find", "bash"}, map[string]string{
		"add the directory /opt/bin to my PATH": "bash",
		"append /opt/lib to LD_LIBRARY_PATH":    "bash",
		"find the programs in my PATH":          "jpackage",
	})
}

// Who owns a file, or its group, is stat's formats, wherever stat
// ranked; a listing that shows them stays, and a change of owner is
// chown's.
func TestOwnerLeads(t *testing.T) {
	leadCases(t, ownerLeads, []string{"groups", "chown", "stat"}, map[string]string{
		"show the group of the file data.db":    "stat",
		"which group owns report.pdf":           "stat",
		"change the owner of report.pdf to ana": "groups",
	})
	leadCases(t, ownerLeads, []string{"namei", "chown", "stat"}, map[string]string{
		"show the owner of notes.txt": "namei",
	})
}

// A text written into a file is echo's, wherever it ranked, though the
// text names another command; tee stays, and so does a command named
// outside the text.
func TestWriteLeads(t *testing.T) {
	for _, tc := range []struct{ q, lead, want string }{
		{"Append the line export EDITOR=vim to the file ~/.bashrc.", "vim", "echo"},
		{"add the line 127.0.0.1 devbox to /etc/hosts", "route", "echo"},
		{"with tee, append the line ok to result.log", "tee", "tee"},
		{"using vim, add the line set -o vi to ~/.inputrc", "vim", "vim"},
	} {
		cands := manPages(tc.lead, "sed", "echo")
		q := &query{a: analyse.Analyse(tc.q, nil), named: map[int]naming{}}
		if strings.Contains(tc.q, tc.lead) {
			q.named[1] = naming{sure: 1}
		}
		if got := writeLeads(cands, q); got[0].Meta.Title != tc.want {
			t.Errorf("%q led by %s: %s first, want %s", tc.q, tc.lead, got[0].Meta.Title, tc.want)
		}
	}
}

// Text files joined into one are cat's, wherever it ranked; a join on a
// field, of branches, or of files cat would not join is not.
func TestCatLeads(t *testing.T) {
	leadCases(t, catLeads, []string{"join", "jq", "git-merge", "paste", "unzip", "cat"}, map[string]string{
		"Join the files part1.txt and part2.txt into a single file full.txt": "cat",
		"concatenate all .csv files in the folder data into all.csv":         "cat",
		"join a.txt and b.txt on their first field into c.txt":               "join",
		"combine a.pdf and b.pdf into c.pdf":                                 "join",
		"merge the branch dev into main":                                     "join",
	})
}

// leadCases fails where task lead, over man pages of titles in that
// order, does not put first the page a case wants (a title), or does not
// order them as it wants (titles, spaced).
// manPages are section 1 man pages of these titles, in their order, with
// ids from 1.
func manPages(titles ...string) []Candidate {
	out := make([]Candidate, len(titles))
	for i, title := range titles {
		out[i] = Candidate{ID: i + 1, Meta: index.Meta{Type: "man", Section: "1", Title: title}}
	}
	return out
}

func leadCases(t *testing.T, lead func([]Candidate, *query) []Candidate, titles []string, cases map[string]string) {
	t.Helper()
	for q, want := range cases {
		var got []string
		for _, c := range lead(manPages(titles...), &query{a: analyse.Analyse(q, nil)}) {
			got = append(got, c.Meta.Title)
		}
		if !strings.Contains(want, " ") {
			got = got[:1]
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%q: %s, want %s", q, g, want)
		}
	}
}

// A page of git leads only a question that says something of git; else
// the first other page within reach leads.
func TestGitLeads(t *testing.T) {
	page := func(id int, typ, sec, title string, _ float64) Candidate {
		return Candidate{ID: id, Meta: index.Meta{Type: typ, Section: sec, Title: title}}
	}
	for _, tc := range []struct {
		question string
		cands    []Candidate
		want     string
	}{
		{"show when a file was last modified", []Candidate{page(1, "man", "1", "git-blame", 0.3), page(2, "man", "1", "date", 0.2)}, "date git-blame"},
		{"show who last changed lines 10 to 20 of main.c", []Candidate{page(1, "man", "1", "git-blame", 0.3), page(2, "man", "1", "date", 0.2)}, "git-blame date"},
		{"put my uncommitted changes aside for a while", []Candidate{page(1, "man", "1", "git-stash", 0.3), page(2, "man", "1", "tail", 0.2)}, "git-stash tail"},
		{"how do I write patterns in .gitignore", []Candidate{page(1, "man", "5", "gitignore", 0.3), page(2, "man", "1", "find", 0.2)}, "gitignore find"},
		{"remove the remote called backup", []Candidate{page(1, "man", "1", "git-remote", 0.3), page(2, "man", "1", "sftp", 0.2)}, "git-remote sftp"},
	} {
		q := &query{a: analyse.Analyse(tc.question, nil), named: map[int]naming{}}
		var got []string
		for _, c := range gitLeads(tc.cands, q) {
			got = append(got, c.Meta.Title)
		}
		if got := strings.Join(got, " "); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.question, got, tc.want)
		}
	}
}

// A NAME line that holds most of the question but not its verb does not
// ask for a command that changes accounts: gpasswd's "administer
// /etc/group" for "list the members of the group", whose -M sets them.
func TestNameSaysVerb(t *testing.T) {
	for _, tc := range []struct {
		question string
		want     string
	}{
		{"list the members of the group docker", "groups gpasswd"},
		{"administer the group docker", "gpasswd groups"},
	} {
		q := &query{a: analyse.Analyse(tc.question, nil), named: map[int]naming{}}
		verb := terms.Stem(q.a.Verb)
		gpasswd := Candidate{ID: 1, Meta: index.Meta{Type: "man", Section: "1", Title: "gpasswd"}}
		gpasswd.F[FNameLine] = 0.6
		for _, con := range q.a.Concepts {
			cov := 1.0
			if con.Alts[0].Stem == verb && verb != terms.Stem("administer") {
				cov = 0
			}
			gpasswd.NameCov = append(gpasswd.NameCov, cov)
		}
		groups := Candidate{ID: 2, Meta: index.Meta{Type: "man", Section: "1", Title: "groups"}}
		got := safeLead([]Candidate{gpasswd, groups}, q, func(*Candidate) bool { return false })
		if order := got[0].Meta.Title + " " + got[1].Meta.Title; order != tc.want {
			t.Errorf("%q: %s, want %s", tc.question, order, tc.want)
		}
	}
}
