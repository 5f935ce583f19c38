package compose

import (
	"strings"
	"testing"
)

// The program a question runs under another fills that one's place for
// a command: strace's, whose synopsis gives the choice in braces, nice's
// after the option asked. Only a program this machine has counts, said
// as one or after a word that runs it, with the words given after it;
// "the bash command to" frames the question and runs nothing. This
// machine's strace(1) and nice(1); ls, date and sleep are the fixture's.
func TestAskedProgram(t *testing.T) {
	strace := machinePage(t, "/usr/share/man/man1/strace.1.gz")
	nice := machinePage(t, "/usr/share/man/man1/nice.1.gz")
	for _, tc := range []struct{ name, page, q, want string }{
		{"strace", strace, "trace the system calls made by ls", "`strace ls`"},
		{"nice", nice, "run the command sleep 30 with a niceness of 10", "`nice -n 10 sleep 30`"},
		{"nice", nice, "start the ls command at niceness 5", "`nice -n 5 ls`"},
		// its options are its own words
		{"watch", machinePage(t, "/usr/share/man/man1/watch.1.gz"), "run df -h every 10 seconds and show the output", "`watch -n 10 df -h`"},
	} {
		firstStepIs(t, composedFirst(t, tc.name, tc.name, tc.page, tc.q), tc.q, tc.want)
	}
	// an option's line runs it too
	q := "trace the system calls of the program date"
	if d := composedFirst(t, "strace", "strace", strace, q); len(d.Steps) == 0 || !strings.Contains(d.Steps[0], " date`") {
		t.Errorf("%q: steps %q, want date run by the first", q, d.Steps)
	}
	for _, q := range []string{
		// no program named: the place stays the page's
		"What is the bash command to run a job with a niceness of 10?",
		// an article before the word: script(1) is no script to run
		"run the script with a niceness of 10",
	} {
		d := composedFirst(t, "nice", "nice", nice, q)
		if len(d.Steps) == 0 || strings.Contains(d.Steps[0], "bash`") || strings.Contains(d.Steps[0], " script`") {
			t.Errorf("%q: steps %q, want no program filled in", q, d.Steps)
		}
	}
}

func TestProgramArgs(t *testing.T) {
	for rest, want := range map[string]string{
		" test every 5 seconds":   "test",
		" with a time limit":      "",
		" -j4 install, quietly":   "-j4",
		" test followed by Enter": "test",
		" -n 5 lines":             "-n 5",
		"":                        "",
	} {
		if got := strings.Join(programArgs(rest), " "); got != want {
			t.Errorf("programArgs(%q) = %q, want %q", rest, got, want)
		}
	}
}

// The output of a program the question names is piped into the lead,
// which then reads no file of its own: `ls -l | tee listing.txt`, and
// `du -sh | sort -h` with no "[FILE]..." left. A possessive before the
// word makes it a noun: "my script" is no script(1)'s. This machine's
// tee(1) and sort(1); ls and du are the fixture's.
func TestOutputOfProgram(t *testing.T) {
	tee := machinePage(t, "/usr/share/man/man1/tee.1.gz")
	sort := machinePage(t, "/usr/share/man/man1/sort.1.gz")
	for _, tc := range []struct{ name, page, q, want string }{
		{"tee", tee, "copy the output of ls -l to the file listing.txt and to standard output", "`ls -l | tee listing.txt`"},
		{"sort", sort, "sort the output of du -sh by human readable size", "`du -sh | sort -h`"},
	} {
		firstStepIs(t, composedFirst(t, tc.name, tc.name, tc.page, tc.q), tc.q, tc.want)
	}
	q := "copy the output of my script to the file out.txt and to standard output"
	if d := composedFirst(t, "tee", "tee", tee, q); len(d.Steps) == 0 || strings.Contains(d.Steps[0], "script |") {
		t.Errorf("%q: steps %q, want no script(1) piped in", q, d.Steps)
	}
}

// A service whose journal the question asks for is journalctl's unit.
// This machine's journalctl(1).
func TestJournalOfService(t *testing.T) {
	q := "What is the bash command to follow the journal of the ssh service live?"
	firstStepIs(t, composedFirst(t, "journalctl", "journalctl", machinePage(t, "/usr/share/man/man1/journalctl.1.gz"), q), q, "`journalctl -f -u ssh`")
}

// An option that takes the very thing the question asks to be shown
// does not lead: blkid's -U looks a device up by the UUID the asker
// wants printed. This machine's blkid(8).
func TestTakesAskedFor(t *testing.T) {
	page := machinePage(t, "/usr/share/man/man8/blkid.8.gz")
	q := "print the UUID of /dev/sda1"
	d := composed(t, New(), "blkid", page, q)
	if len(d.Steps) == 0 || strings.Contains(d.Steps[0], "-U") {
		t.Errorf("%q: steps %q, want no -U first", q, d.Steps)
	}
}

func TestRunsProgram(t *testing.T) {
	for line, want := range map[string]bool{
		"nice [OPTION] [COMMAND [ARG]...]":              true,
		"strace [-u username] command [args]":           true,
		"watch [options] command":                       true,
		"xargs [options] [command [initial-arguments]]": true,
		"tmux [-c shell-command] [command [flags]]":     false,
		"systemctl [OPTIONS...] COMMAND [UNIT...]":      false,
	} {
		if got := runsProgram(line); got != want {
			t.Errorf("runsProgram(%q) = %v, want %v", line, got, want)
		}
	}
}
