package analyse

import "testing"

// A text written into a file is read apart from the question's words,
// with the file and whether it goes at the end.
func TestWrittenText(t *testing.T) {
	type w struct {
		text, file  string
		appends, ok bool
	}
	for q, want := range map[string]w{
		"Append the line export EDITOR=vim to the file ~/.bashrc.":       {"export EDITOR=vim", "~/.bashrc", true, true},
		"add the line 127.0.0.1 devbox to /etc/hosts":                    {"127.0.0.1 devbox", "/etc/hosts", true, true},
		"Create a file named notes.txt containing the text hello world.": {"hello world", "notes.txt", false, true},
		`write the text "all done" into status.txt`:                      {"all done", "status.txt", false, true},
		"write the string ok at the end of the file result.log":          {"ok", "result.log", true, true},
		"add the line to the table":                                      {"", "", false, false},
		"How do I add a new line at the end of every line of the file":   {"", "", false, false},
	} {
		text, file, appends, ok := WrittenText(q)
		if (w{text, file, appends, ok}) != want {
			t.Errorf("WrittenText(%q) = %q %q %v %v, want %v", q, text, file, appends, ok, want)
		}
	}
}
