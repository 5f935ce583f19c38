package analyse

import "testing"

// Lines a question numbers are read with their address and what is done
// with them; an order of lines ("last line first") numbers none, nor does
// a line named without showing or removing it.
func TestNumbersLines(t *testing.T) {
	for q, want := range map[string]struct {
		addr        string
		ok, removes bool
	}{
		"print line 42 of config.ini":                         {"42", true, false},
		"show lines 100 to 120 of app.log":                    {"100,120", true, false},
		"Delete the last line of data.csv.":                   {"$", true, true},
		"remove the first line of a file":                     {"1", true, true},
		"print a file backwards, last line first":             {"", false, false},
		"bash reports a syntax error on line 12 of my script": {"12", false, false},
	} {
		ok, removes := NumbersLines(q, Read(q).Args)
		if addr := LineAddress(q, Read(q).Args); addr != want.addr || ok != want.ok || removes != want.removes {
			t.Errorf("%q: address %q, numbers %v, removes %v; want %q %v %v", q, addr, ok, removes, want.addr, want.ok, want.removes)
		}
	}
}

// A count of the lines that hold a thing is read as such; a count of all
// a file's lines, or of files, is not.
func TestCountsMatchingLines(t *testing.T) {
	readsAs(t, "CountsMatchingLines", CountsMatchingLines, map[string]bool{
		"Count how many lines of the file access.log contain the text 404.": true,
		"how many lines in app.log mention timeout":                         true,
		"the number of lines with ERROR in server.log":                      true,
		"count the lines in notes.txt":                                      false,
		"count lines beginning with import in main.py":                      true,
		"count the lines of every file with a .py extension":                false,
	})
}

// Empty or blank lines removed are lines a stream editor deletes; empty
// folders removed, or empty lines counted, are not.
func TestRemovesEmptyLines(t *testing.T) {
	readsAs(t, "RemovesEmptyLines", RemovesEmptyLines, map[string]bool{
		"remove all empty lines from notes.txt": true,
		"strip the blank lines of a config":     true,
		"get rid of every empty line":           true,
		"remove empty folders":                  false,
		"count the empty lines in notes.txt":    false,
	})
}

// A file emptied is kept: the verb empties or clears it; an empty file
// made or found is no file emptied, nor a screen cleared or a disk wiped.
func TestEmptiesFile(t *testing.T) {
	readsAs(t, "EmptiesFile", EmptiesFile, map[string]bool{
		"empty the file app.log":                               true,
		"How can I clear the contents of notes.md?":            true,
		"make debug.log empty":                                 true,
		"clear out /var/log/messages but keep the file":        true,
		"create an empty file named .keep":                     false,
		"list the empty files in /srv":                         false,
		"clear the screen":                                     false,
		"How do I wipe old file system signatures off a disk?": false,
	})
}

// The lines a question picks by their length: longer than, or with more
// than, so many characters; a line count is none.
func TestLongLines(t *testing.T) {
	for q, want := range map[string]int{
		"print only the lines longer than 72 characters":            72,
		"show the lines of notes.md that are longer than 100 chars": 100,
		"find lines with more than 120 characters in main.go":       120,
		"print the first 80 lines of log.txt":                       0,
		"kill it if it takes longer than 30 seconds":                0,
	} {
		if n, ok := LongLines(q); n != want || ok != (want > 0) {
			t.Errorf("LongLines(%q) = %d, %v, want %d", q, n, ok, want)
		}
	}
}

// Files given another extension: a verb of renaming or of changing the
// ending, and two extensions alone; one file renamed is not.
func TestRenamesExtensions(t *testing.T) {
	readsAs(t, "RenamesExtensions", func(q string) bool { return RenamesExtensions(q, Read(q).Args) }, map[string]bool{
		"Rename every file ending in .jpeg in the folder pics so it ends in .jpg": true,
		"change the extension of every .htm file to .html":                        true,
		"rename notes.txt to notes.md":                                            false,
		"convert every .png file to .jpg":                                         false,
	})
}

// A search path named alone in capitals after "to" or "from" is the
// variable a folder goes into; the word path, or a path in lowercase,
// is not.
func TestPathVariable(t *testing.T) {
	readsAs(t, "PathVariable", PathVariable, map[string]string{
		"add the directory /opt/bin to my PATH":  "PATH",
		"append /opt/lib to LD_LIBRARY_PATH":     "LD_LIBRARY_PATH",
		"show the full path to the file":         "",
		"find the files in the PATH of the user": "PATH",
		"copy it to the path /srv":               "",
	})
}

// A word looked for in a file: its occurrences or instances, with the
// word given and a file; occurrences of no given word, or in no file,
// are not.
func TestLooksForWord(t *testing.T) {
	readsAs(t, "LooksForWord", func(q string) bool { return LooksForWord(q, Read(q).Args) }, map[string]bool{
		"Find the line numbers of every occurrence of TODO in main.c.": true,
		"show every instance of FIXME in src.c":                        true,
		"count the occurrences of each word in essay.txt":              false,
		"list every instance of nginx":                                 false,
	})
}

// Who owns a file named, or its group, asked without changing them.
func TestAsksOwner(t *testing.T) {
	readsAs(t, "AsksOwner", func(q string) bool { return AsksOwner(q, Read(q).Args) }, map[string]bool{
		"show the group of the file data.db":    true,
		"who owns /etc/shadow":                  true,
		"which group owns report.pdf":           true,
		"change the owner of report.pdf to ana": false,
		"show the groups of the user bob":       false,
	})
}

// readsAs checks that f, the reading name, gives each question of cases
// its answer.
func readsAs[T comparable](t *testing.T, name string, f func(string) T, cases map[string]T) {
	t.Helper()
	for q, want := range cases {
		if got := f(q); got != want {
			t.Errorf("%s(%q) = %v, want %v", name, q, got, want)
		}
	}
}
