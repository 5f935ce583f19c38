package compose

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

func TestSweeping(t *testing.T) {
	item := func(term string) passage { return passage{block: document.Block{Kind: document.Item, Term: term}} }
	code := func(text string) passage { return passage{block: document.Block{Kind: document.Code, Text: text}} }
	for _, tc := range []struct {
		q    string
		p    passage
		want bool
	}{
		{"kill all processes named firefox", item("kill -9 -1"), true},
		{"kill a process by name", item("kill -l 11"), false},
		// -1 first is the signal HUP
		{"reload a daemon", item("kill -1 1234"), false},
		{"delete a folder", code("$ rm -rf /\n"), true},
		{"delete a folder", code("rm -r build"), false},
		{"copy a file", code("dd if=a.img of=/dev/sdb bs=4M"), true},
		{"write an iso image to a usb stick", code("dd if=a.iso of=/dev/sdb bs=4M"), false},
		{"copy a file", code("dd if=/dev/zero of=out bs=1M count=1"), false},
		{"make a filesystem smaller", code("sudo mkfs.ext4 /dev/sda1"), false},
		{"show the free space", code("mkfs.ext4 /dev/sda1"), true},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		c := &composition{q: &answer.Question{Concepts: a.Concepts}}
		if got := c.sweeping(tc.p); got != tc.want {
			t.Errorf("%q, %q%q: sweeping %v, want %v", tc.q, tc.p.block.Term, tc.p.block.Text, got, tc.want)
		}
	}
}

// A program's color scheme names (dmesg's "time: The message timestamp")
// are steps only for a question about its colors.
func TestStepWorthyColors(t *testing.T) {
	s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: "dmesg"}}}
	p := passage{title: "COLORS", block: document.Block{Kind: document.Item, Term: "time", Text: "The message timestamp."}}
	for q, want := range map[string]bool{
		"print kernel messages with readable times": false,
		"change the colors dmesg uses for times":    true,
	} {
		a := analyse.Analyse(q, analyse.Thesaurus)
		c := &composition{q: &answer.Question{Concepts: a.Concepts}}
		if got := c.stepWorthy(s, p); got != want {
			t.Errorf("%q: stepWorthy = %v, want %v", q, got, want)
		}
	}
}

// What a program prints or reads, lsof's OUTPUT fields and netstat's
// socket states (a part of its OUTPUT), is no step of how to do a thing
// with it; the same item answers a question about its output.
func TestStepWorthyOutput(t *testing.T) {
	s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "8", Title: "netstat"}}, doc: &document.Document{Sections: []document.Section{
		{Title: "OPTIONS", Level: 1}, {Title: "OUTPUT", Level: 1}, {Title: "State", Level: 2},
	}}}
	state := passage{sec: 2, title: "State", block: document.Block{Kind: document.Item, Term: "LISTEN", Text: "The socket is listening for incoming connections."}}
	option := passage{sec: 0, title: "OPTIONS", block: document.Block{Kind: document.Item, Term: "-l, --listening", Text: "Show only listening sockets."}}
	for _, tc := range []struct {
		q    string
		p    passage
		want bool
	}{
		{"How do I see which ports are listening for connections?", state, false},
		{"How do I see which ports are listening for connections?", option, true},
		{"what does the state column of netstat's output mean", state, true},
		{"what is a listening socket", state, true},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		c := &composition{q: &answer.Question{Concepts: a.Concepts}, howto: a.Scene == analyse.SceneHowTo}
		if got := c.stepWorthy(s, tc.p); got != tc.want {
			t.Errorf("%q, %q: stepWorthy = %v, want %v", tc.q, tc.p.block.Term, got, tc.want)
		}
	}
}

// An example that deletes on its way is no step for a question that did
// not ask to delete, whichever way its lines run the command.
func TestDeletingLine(t *testing.T) {
	for text, want := range map[string]bool{
		"find /tmp -name core -type f -print | xargs /bin/rm -f": true,
		"find . -name '*.o' -exec rm {} +":                       true,
		"find DIRNAME -type d -empty -delete":                    true,
		"`git rm goodbye.c`; `git commit`":                       true,
		"git reset --hard HEAD~1":                                true,
		"$ sudo userdel bob":                                     true,
		"`rm -rf build`":                                         true,
		"find /tmp -name core -type f -print":                    false,
		"ls -l --format=long":                                    false,
		"git commit -m 'rm the typo'":                            false,
		"`perm -u+x`":                                            false,
	} {
		if got := deletingLine().MatchString(text); got != want {
			t.Errorf("%q: deletingLine %v, want %v", text, got, want)
		}
	}
}

// The example's lines the step shows decide: an example that pipes find
// into rm is a step for deleting core files, not for finding them.
func TestStepWorthyDeletingExample(t *testing.T) {
	// (a page of section 7, whose examples are the lines typed at a prompt)
	s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "7", Title: "find-guide"}}, doc: &document.Document{}}
	p := passage{title: "EXAMPLES", block: document.Block{Kind: document.Code, Text: "$ find /tmp -name core -type f -print | xargs /bin/rm -f"}}
	for q, want := range map[string]bool{
		"find the core files in /tmp":   false,
		"delete the core files in /tmp": true,
		// what was done is no loss asked for
		"list the core files in /tmp that the nightly job removed from the backup": false,
	} {
		a := analyse.Analyse(q, analyse.Thesaurus)
		c := &composition{q: &answer.Question{Concepts: a.Concepts}, lossAsked: asksLoss(lossTerms(a, usageTerms(a)))}
		if got := c.stepWorthy(s, p); got != want {
			t.Errorf("%q: stepWorthy = %v, want %v", q, got, want)
		}
	}
}

// An option whose first sentence names the loss as a noun ("Force
// erasure", "forces the removal of the user account") loses data as
// one that says it with a verb does; one that keeps what it has does not.
func TestLosesDataNouns(t *testing.T) {
	c := &composition{}
	for text, want := range map[string]bool{
		"Force erasure, even if the filesystem is mounted.":                                  true,
		"This option forces the removal of the user account, even if the user is logged in.": true,
		"Delete the files after adding them to the archive.":                                 true,
		"Print the signatures found on the device.":                                          false,
		"keep (don't delete) input files":                                                    false,
		// a negation after the loss is of another thing; one before
		// reaches it across a list
		"Removes a byte range from a file, without leaving a hole.":        true,
		"Do not ellipsize unit names, journal output, or truncate output.": false,
	} {
		p := passage{block: document.Block{Kind: document.Item, Term: "-f", Text: text}}
		if got := c.losesData(p); got != want {
			t.Errorf("losesData(%q) = %v, want %v", text, got, want)
		}
	}
}

// saysDestroys is destroys' verdict, whether or not it runs the pattern.
func TestSaysDestroys(t *testing.T) {
	for _, text := range []string{
		"", "Remove the files.", "REMOVING them", "do not delete", "Deletion of x", "undelete", "erasure", "Erases",
		"wipes the disk", "shredding", "Overwrite existing files", "truncates to zero", "Purge the cache",
		"prints the removal count", "list files", "removed", "eraser", "removals", "ſhred the file", "eraſe it",
		"reMOVe", "preserve timestamps", "wiped", "éremove", "x_remove", "remove_x", "a-remove-b",
	} {
		if got, want := saysDestroys(text), destroys().MatchString(text); got != want {
			t.Errorf("saysDestroys(%q) = %v, destroys says %v", text, got, want)
		}
	}
}
