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

func TestPrintsColumn(t *testing.T) {
	readsAs(t, "PrintsColumn", PrintsColumn, map[string]bool{
		"What is the bash command to print only the second column of data.tsv?": true,
		"print the first column of a file":                                      true,
		"How do I show the 3rd field of each line?":                             true,
		"sort the file by the second column":                                    false,
		"sum the values in the third column":                                    false,
		"print the lines where the second column is empty":                      false,
		"show the first 15 characters of each line in names.txt":                true,
		"show the first 15 characters of names.txt":                             false, // head's
	})
}

func TestReplacesText(t *testing.T) {
	readsAs(t, "ReplacesText", ReplacesText, map[string]bool{
		"How do I replace a word with another everywhere in a file?": true,
		"replace a string with another string in config.ini":         true,
		"How do I replace every occurrence of a word in a file?":     true,
		"replace the disk with a new one":                            false,
		"replace foo with bar in notes.txt":                          false,
		"replace a file with another":                                false,
	})
}
