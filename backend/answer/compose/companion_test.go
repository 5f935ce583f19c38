package compose_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/testutil/testengine"
)

// An option that takes no value and does a part of the question the
// lead's line leaves is written into that line: tail's -f beside -n 20,
// touch's -m beside -d. What the question says it wants instead of is
// no such part: grep's -w, "whole words", for a question that wants the
// matched part "instead of the whole line".
func TestFlagJoinsLead(t *testing.T) {
	firstStepsStart(t, map[string]string{
		"Print the last 20 lines of server.log, then keep printing new lines as they get appended to it.": "`tail -f -n 20 server.log`",
		"With touch, set the modification time of notes.txt to 2 March 2024.":                             "`touch -m -d '2 March 2024' notes.txt`",
		"print only the part of each line that matches, instead of the whole line":                        "`grep -o ",
	})
}

// firstStepsStart wants the fixture engine's first step for each
// question to start as its want does.
func firstStepsStart(t *testing.T, cases map[string]string) {
	t.Helper()
	e := testengine.Must(t)
	for q, want := range cases {
		ans, _, err := e.Answer(context.Background(), q, 0.35)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], want) {
			t.Errorf("%s: steps %q, want the first to start %s", q, ans.Steps, want)
		}
	}
}

// The option that negates what the question negates leads: grep's -v,
// "select non-matching lines", for lines that do not contain a word,
// however the question says it; not where what is negated is an effect
// the question wants ("so that cat does not match category").
func TestNegationLeads(t *testing.T) {
	firstStepsStart(t, map[string]string{
		"print the lines of notes.txt that do not contain the word draft": "`grep -v draft notes.txt`",
		"show lines in app.log not containing ERROR":                      "`grep -v ERROR app.log`",
		"Print the lines of access.log that do not contain the text 404.": "`grep -v 404 access.log`",
	})
	e := testengine.Must(t)
	for _, q := range []string{
		"How do I make grep match only whole words, so that cat does not match concatenate?",
		"match whole words with grep so it does not match inside longer words",
	} {
		ans, _, err := e.Answer(context.Background(), q, 0.35)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Steps) > 0 && strings.HasPrefix(ans.Steps[0], "`grep -v") {
			t.Errorf("%s: first step %q inverts the match", q, ans.Steps[0])
		}
	}
}

// A question that asks for what is inside a folder as well as the folder
// gets the page's option that descends into it, in the first step and in
// the Summary's line alike; one that asks for the folder alone does not.
func TestRecursiveAsked(t *testing.T) {
	firstStepsStart(t, map[string]string{
		"Change the owner of every file in /srv/app to the user deploy.": "`chown -R deploy /srv/app`",
		"change the owner of /srv/app to the user deploy":                "`chown deploy /srv/app`",
		"change the owner of all files of /srv/app to the user deploy":   "`chown -R deploy /srv/app`",
	})
	ans, _, err := testengine.Must(t).Answer(context.Background(), "Change the owner of every file in /srv/app to the user deploy.", 0.35)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ans.Summary, "`chown -R deploy /srv/app`") {
		t.Errorf("summary %q does not use the line of the first step", ans.Summary)
	}
}

// A file the question keeps its list in goes to the option that reads
// such a list, which leads: grep's -f for words listed in a file, not
// the file as one more to search. In a bundle people type, it joins
// the line in the file's place: tar's -T, not the list archived itself,
// nor --group-map, which reads a table of its own from a file.
func TestListFileLeads(t *testing.T) {
	firstStepsStart(t, map[string]string{
		"grep server.log for every word listed in stopwords.txt":                              "`grep -f stopwords.txt server.log`",
		"show the lines of notes.md matching the patterns kept in pats.txt":                   "`grep -f pats.txt notes.md`",
		"Create the tar archive songs.tar of the files named, one per line, in playlist.txt.": "`tar -cf songs.tar -T playlist.txt`",
	})
}

// An option that negates what the question says to do without joins the
// synopsis's line, though people give it in other words: mv's -n, "do
// not overwrite an existing file".
func TestSynopsisNegatedFlag(t *testing.T) {
	firstStepsStart(t, map[string]string{
		"move all .png files from shots into the folder pics without overwriting existing files": "`mv -n ",
	})
}

// An example that runs the command on other values alone gives way to
// the synopsis filled with the question's: `kill 31337`, not the page's
// `kill 123 543 2341 3453`.
func TestOthersValuesExample(t *testing.T) {
	firstStepsStart(t, map[string]string{
		"kill the process with pid 31337": "`kill 31337`",
	})
}

// A negation of a time window is none of what happened in it: files "not
// accessed in the last 14 days" are find's -atime +14, not -mtime.
func TestWindowNegation(t *testing.T) {
	firstStepsStart(t, map[string]string{
		"remove the files in /srv/cache that have not been accessed in the last 14 days": "`find /srv/cache -atime +14",
	})
}
