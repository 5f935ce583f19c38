package analyse

import (
	"github.com/ragman-dev/ragman/backend/terms"
	"slices"
	"strings"
	"testing"
)

func TestAnalyse(t *testing.T) {
	for _, tc := range []struct {
		q     string
		scene Scene
		verb  string
		words string // the concepts' words, in order
	}{
		{"How do I change file permissions?", SceneHowTo, "change", "change file permissions"},
		{"What is the format of /etc/fstab?", SceneFormat, "", "format fstab"},
		{"What does the sticky bit do?", SceneConcept, "", "sticky bit"},
		{"Why does rm fail with permission denied?", SceneTroubleshoot, "", "rm fail permission denied"},
		{"How do I create a pipe in C?", SceneProgramming, "create", "create pipe"},
		{"read a directory's entries from C", SceneProgramming, "", "read directory entries"},
		{"log errors from my C daemon to syslog", SceneProgramming, "", "log errors daemon syslog"},
		{"press ctrl-c to stop it", SceneHowTo, "press", "press ctrl stop"},
		{"How many CPU cores does this machine have?", SceneHowTo, "", "cpu cores machine number"},
		{"I want to delete a folder", SceneHowTo, "delete", "delete folder"},
		// contractions are spelled out, so their parts ("doesn", "ve")
		// do not become rare words of the question
		{"Why doesn't my cron job run? I've checked it", SceneTroubleshoot, "", "cron job run checked"},
		{"The service won’t start", SceneTroubleshoot, "", "service start"},
		// an error the task does without, or shows, is no symptom
		{"make the folder cache and raise no error if it exists", SceneHowTo, "make", "folder raise error exists"},
		{"print only the error lines of the boot log", SceneHowTo, "print", "print error lines boot log"},
		// a task asked as a command has its first word for verb
		{"sort the lines of names.txt", SceneHowTo, "sort", "sort lines"},
		{"please list every open port", SceneHowTo, "list", "list open port"},
		{"is the firewall running", SceneHowTo, "", "firewall running"},
		// "make" is a light verb: it names neither make(1) nor the task,
		// what follows does; a phrase's concept stands where the phrase is
		{"make the file build.sh executable", SceneHowTo, "make", "permission file executable"},
		{"make every .sh file under the folder scripts executable", SceneHowTo, "make", "permission file folder executable"},
		{"make the ext4 filesystem on /dev/sdb2 remount itself read-only", SceneHowTo, "make", "ext4 filesystem remount read"},
		{"make a folder named reports", SceneHowTo, "make", "create folder"},
		// and a file made read-only is made nothing new
		{"make a file read-only for the group", SceneHowTo, "make", "permission file read group"},
		{"How do I make sure the disk is mounted?", SceneHowTo, "make", "check disk mounted"},
		// a causative "make" creates nothing: the verb after its object
		// is the task
		{"make a service start at boot", SceneHowTo, "make", "service start boot"},
		{"make a mount point for the usb disk", SceneHowTo, "make", "create mount point usb disk"},
		{"make a new mount point for the disk", SceneHowTo, "make", "create mount point disk"},
		{"make a user choose a new password", SceneHowTo, "make", "user choose new password"},
		// where one is, and going elsewhere
		{"show which folder I am in", SceneHowTo, "show", "show folder current"},
		{"go to the parent folder", SceneHowTo, "go", "change parent folder"},
		{"change to the home directory", SceneHowTo, "change", "change home directory"},
		// what appears more than once is duplicated
		{"print the names in guests.txt that occur more than once", SceneHowTo, "print", "print names duplicate"},
		// what failed to start is failed; it asks to start nothing
		{"list each unit that failed to start at boot", SceneTroubleshoot, "", "list unit failed boot"},
		// how long a machine has been up is its uptime
		{"how long has the server been running", SceneHowTo, "", "uptime time"},
		{"show how long ago the box booted", SceneHowTo, "show", "show uptime time"},
		// the number of things is their count, shown by the verb
		// before it; a maximum number is a limit
		{"print the number of lines in report.txt", SceneHowTo, "print", "count lines"},
		{"show the maximum number of open files", SceneHowTo, "show", "show maximum number open files"},
		// a non-empty folder is no empty one
		{"delete a non-empty folder", SceneHowTo, "delete", "delete folder"},
		// what must finish in time runs with a time limit
		{"stop the build after an hour if it has not finished", SceneHowTo, "stop", "stop build hour limit"},
		// a machine's name is its host name; not a virtual machine's
		{"print the name of this computer", SceneHowTo, "print", "print hostname"},
		{"print the name of the virtual machine", SceneHowTo, "print", "print name virtual machine"},
		// a machine turned off is powered off; a service is disabled
		{"turn off the machine now", SceneHowTo, "turn", "poweroff machine"},
		{"switch the server off", SceneHowTo, "switch", "poweroff"},
		{"turn off the firewall", SceneHowTo, "turn", "disable firewall"},
		// a folder tree made is created
		{"make the directory tree a/b/c in one command", SceneHowTo, "make", "create directory tree"},
		// a user's default shell is the login shell, named by its
		// path, no topic of its page
		{"make fish my default shell", SceneHowTo, "make", "login"},
		{"what is my default shell", SceneConcept, "", "login"},
		// the commands typed before are the history, where they are
		// shown or run; not where the question asks of the last one
		{"show the commands I typed earlier", SceneHowTo, "show", "show history"},
		{"repeat the last command", SceneHowTo, "repeat", "repeat history"},
		{"print the exit status of the previous command", SceneHowTo, "print", "print exit status previous"},
		// what was changed last is the newest; the time it was, is not
		{"show the 10 most recently modified files in /tmp", SceneHowTo, "show", "show 10 newest files"},
		{"show the last modified time of report.odt", SceneHowTo, "show", "show last modified time"},
		// the text a person can read is printable; sizes are not text
		{"pull the readable strings out of firmware.bin", SceneHowTo, "pull", "printable"},
		{"print sizes in human readable form", SceneHowTo, "print", "print sizes human readable form"},
		// a file's end shown is its last part; one added to is not
		{"show the end of a file", SceneHowTo, "show", "show last file"},
		{"add a line to the end of a file", SceneHowTo, "add", "add line end file"},
		// the lines joined into one are merged
		{"put all lines of a file on one line", SceneHowTo, "put", "merge file line"},
		// a drive formatted is given a file system
		{"format a USB stick with ext4", SceneHowTo, "format", "filesystem usb stick ext4"},
		// a file's name is no topic, its archive format is
		{"put the photos into old.tar.gz", SceneHowTo, "put", "put photos tar gzip"},
		{"pack the folder photos into a tar.gz file", SceneHowTo, "pack", "pack folder tar gz file"},
		{"copy report.pdf to the backup disk", SceneHowTo, "copy", "copy backup disk"},
	} {
		a := Analyse(tc.q, Thesaurus)
		var words []string
		for _, c := range a.Concepts {
			words = append(words, c.Word)
		}
		if a.Scene != tc.scene || a.Verb != tc.verb || strings.Join(words, " ") != tc.words {
			t.Errorf("%q: scene %v verb %q words %q; want %v %q %q", tc.q, a.Scene, a.Verb, words, tc.scene, tc.verb, tc.words)
		}
	}
}

func TestAnalyseSceneWords(t *testing.T) {
	a := Analyse("How do I pause for 10 seconds in a shell script?", Thesaurus)
	if !slices.ContainsFunc(a.Concepts, func(c Concept) bool { return c.Word == "10" }) {
		t.Fatalf("no concept for the number in %v", a.Concepts)
	}
	for _, c := range a.Concepts {
		want := 1.0
		switch c.Word {
		case "shell", "script":
			want = sceneWeight
		case "10":
			want = valueWeight
		}
		if c.Weight != want {
			t.Errorf("%s: weight %v, want %v", c.Word, c.Weight, want)
		}
	}
}

func TestAnalyseExpands(t *testing.T) {
	a := Analyse("How do I delete a folder?", Thesaurus)
	alts := map[string]bool{}
	for _, c := range a.Concepts {
		for _, alt := range c.Alts {
			alts[alt.Stem] = true
		}
	}
	for _, want := range []string{"remov", "directori"} {
		if !alts[want] {
			t.Errorf("delete a folder: no alternative %q in %v", want, a.Concepts)
		}
	}
}

// Question phrases that ask for a quantity or a kind become the noun a
// page says it with: "what kind of file" is its type (file(1)'s
// "determine file type"), "how many" a number.
func TestAnalyseFrames(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"find out what kind of file this is", "type"},
		{"What sort of data does notes.bin hold?", "type"},
		{"how many cores does this machine have", "number"},
		{"who is logged in right now", "who"},
		{"show the users who are currently logged on", "who"},
		// a program's place is asked for: a command is located
		{"where is my vim binary", "locate"},
		{"where is my vim binary", "command"},
	} {
		a := Analyse(tc.q, nil)
		if !slices.ContainsFunc(a.Concepts, func(c Concept) bool { return c.Word == tc.want }) {
			t.Errorf("%q: no concept %q in %v", tc.q, tc.want, a.Concepts)
		}
	}
	// "the top 10 largest files" ranks them, and asks nothing of top
	if a := Analyse("show the top 10 largest files here", nil); slices.ContainsFunc(a.Concepts, func(c Concept) bool { return c.Word == "top" }) {
		t.Errorf("top 10 largest: concept top in %v", a.Concepts)
	}
	// a program that does a thing is not located
	if a := Analyse("find the program that converts images", nil); slices.ContainsFunc(a.Concepts, func(c Concept) bool { return c.Word == "locate" }) {
		t.Errorf("a program that converts images: concept locate in %v", a.Concepts)
	}
	// "who" names the command only where it asks who is on the
	// machine now: not the last who logged in, nor a painter
	for _, q := range []string{"list the last 5 users who logged in", "Who painted the Mona Lisa?", "who is using port 8080"} {
		if a := Analyse(q, nil); slices.ContainsFunc(a.Concepts, func(c Concept) bool { return c.Word == "who" }) {
			t.Errorf("%q: concept who in %v", q, a.Concepts)
		}
	}
	// and a count as much as a number: grep's -c, "print a count of
	// matching lines", for "how many lines mention todo", not -n's
	// "line number"
	a := Analyse("how many lines mention todo", nil)
	i := slices.IndexFunc(a.Concepts, func(c Concept) bool { return c.Word == "number" })
	if i < 0 || !slices.Contains(a.Concepts[i].Alts, Alt{Stem: "count", Weight: 1}) {
		t.Errorf("how many: concepts %v, want count as much as number", a.Concepts)
	}
}

// An adverb is read as its adjective too, which options say ("Lazy
// unmount"), where the stemmer leaves them apart; a word that only ends
// like one is not.
func TestAdverbs(t *testing.T) {
	for w, want := range map[string]string{"lazily": "lazy", "quietly": "quiet", "temporarily": "temporary", "supply": "", "only": "", "family": ""} {
		if got := adjectiveOf(w); got != want {
			t.Errorf("adjectiveOf(%q) = %q, want %q", w, got, want)
		}
	}
	a := Analyse("unmount a busy drive lazily", Thesaurus)
	if !slices.ContainsFunc(a.Concepts, func(c Concept) bool {
		return slices.ContainsFunc(c.Alts, func(alt Alt) bool { return alt.Stem == "lazi" })
	}) {
		t.Errorf("lazily: no alternative lazi in %v", a.Concepts)
	}
}

func TestAnalyseOptions(t *testing.T) {
	for q, want := range map[string][]string{
		"what does grep -v do":                            {"-v"},
		"what does grep -V do":                            {"-V"},
		"Try 'apt --fix-broken install' with no packages": {"--fix-broken"},
		"ls --color=auto and ls -1":                       {"--color", "-1"},
		"tail -f and tail -f again":                       {"-f"},
		"how do I find my e-mail settings":                nil,
		"is x-y the same as x - y":                        nil,
	} {
		if got := Analyse(q, nil).Options; !slices.Equal(got, want) {
			t.Errorf("%q: options %q, want %q", q, got, want)
		}
	}
}

// What a question makes is new: "new" after a verb that makes a thing is
// no concept; a "new" that says which things (files changed since) is.
func TestNewMade(t *testing.T) {
	for q, want := range map[string]bool{
		"make a new directory called build":        false,
		"How do I create a new group?":             false,
		"add a brand new user to the system":       false,
		"list the new files since yesterday":       true,
		"show which packages have a newer version": false, // "newer" is another word
		"check mail for new messages":              true,
	} {
		got := false
		for _, c := range Analyse(q, Thesaurus).Concepts {
			if c.Word == "new" {
				got = true
			}
		}
		if got != want {
			t.Errorf("%q: concept new %v, want %v", q, got, want)
		}
	}
}

// A file changed "in place" is edited where it lies, and the phrase
// weighs as a verb does; "place" alone is a position.
func TestInPlace(t *testing.T) {
	for q, want := range map[string]bool{
		"swap every tab for a space in notes.md in-place": true,
		"How do I replace a word in a file in place?":     true,
		"what place does this file have in the tree":      false,
	} {
		got := false
		for _, c := range Analyse(q, Thesaurus).Concepts {
			if c.Word != "place" {
				continue
			}
			for _, a := range c.Alts {
				if a.Stem == "spot" && want {
					t.Errorf("%q: place read as a position (%v)", q, c.Alts)
				}
				if a.Stem == "edit" && c.Weight >= 1 {
					got = true
				}
			}
		}
		if got != want {
			t.Errorf("%q: in place read as editing %v, want %v", q, got, want)
		}
	}
}

// Lines shown as they come are appended to a file that grows, as the
// pages say it; "as it was written" of no such thing is read as asked.
func TestAsTheyCome(t *testing.T) {
	for q, want := range map[string]bool{
		"keep printing the new lines of build.log as they are written": true,
		"print the kernel messages as they arrive":                     true,
		"show the log as new entries get logged":                       true,
		"print the file as it was":                                     false,
	} {
		got := false
		for _, c := range Analyse(q, Thesaurus).Concepts {
			if c.Word == "append" && c.Weight >= 1 {
				got = true
			}
		}
		if got != want {
			t.Errorf("%q: read as appended data %v, want %v", q, got, want)
		}
	}
}

// What a question adds is there already: "existing" after a verb that
// adds a thing is no concept; one that says what is replaced or kept is.
func TestExistingAdded(t *testing.T) {
	for q, want := range map[string]bool{
		"How do I add an existing user to the group docker?": false,
		"put the existing user ann into the group audio":     false,
		"make a symbolic link replace an existing one":       true,
		"copy the files but never overwrite existing ones":   true,
	} {
		got := false
		for _, c := range Analyse(q, Thesaurus).Concepts {
			if strings.HasPrefix(c.Word, "exist") {
				got = true
			}
		}
		if got != want {
			t.Errorf("%q: concept existing %v, want %v", q, got, want)
		}
	}
}

// "Make a copy" copies: the light verb creates nothing of its own, and
// the noun the task makes stays a concept ("a backup copy").
func TestMadeNoun(t *testing.T) {
	for q, want := range map[string][]string{
		"Make a copy of report.txt named report.bak": {"copy"},
		"make a backup copy of the notes":            {"backup", "copy", "notes"},
		"make a new folder called src":               {"create", "folder"},
	} {
		var got []string
		for _, c := range Analyse(q, Thesaurus).Concepts {
			got = append(got, c.Word)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: concepts %v, want %v", q, got, want)
		}
	}
}

func TestProgramNoun(t *testing.T) {
	for _, tc := range []struct {
		q, word string
		want    float64
	}{
		{"make the script tidy.sh executable", "script", sceneWeight},
		{"start the program ./server/bin/api in the background", "program", sceneWeight},
		{"record my terminal session to a script", "script", 1}, // no file: script(1)'s task
		{"create the folders src/a and src/b", "folders", 1},    // the task's object
		{"list the scripts in /usr/local/bin", "scripts", 1},    // a path after "in", not the script's name
	} {
		got := -1.0
		for _, c := range Analyse(tc.q, nil).Concepts {
			if c.Word == tc.word {
				got = c.Weight
			}
		}
		if got != tc.want {
			t.Errorf("%q: %s weighs %v, want %v", tc.q, tc.word, got, tc.want)
		}
	}
}

// TestPhrasedConcepts: how a newcomer says what the options name is read
// as the options' word: a folder's whole contents ask to work
// recursively, sizes shown with their units ask for human-readable ones
// (one unit alone asks for itself).
func TestPhrasedConcepts(t *testing.T) {
	for _, tc := range []struct {
		word      string
		asks, not []string
	}{
		{"recursive", []string{
			"copy the folder pics with everything inside it to /mnt",
			"change the owner of /srv/app and everything under it",
			"Copy the folder pics, with all of its subfolders and files, into /mnt/backup.",
			"Find every line containing TODO in all files under src.",
			"copy the whole site folder, subfolders included",
		}, []string{"list everything in the folder", "show all files in it", "with all its options"}},
		{"human", []string{
			"sort a list of sizes like 2K, 15M and 1G",
			"How do I make a long ls listing print sizes like 4.0K, 12M and 1.3G?",
			"see the free space in gigabytes and megabytes instead of 1K blocks",
		}, []string{"show memory usage in gigabytes", "find files larger than 100M", "split it into pieces like this"}},
	} {
		stem := terms.Stem(tc.word)
		asks := func(q string) bool {
			return slices.ContainsFunc(Analyse(q, nil).Concepts, func(c Concept) bool { return len(c.Alts) > 0 && c.Alts[0].Stem == stem })
		}
		for _, q := range tc.asks {
			if !asks(q) {
				t.Errorf("%q: no concept %q", q, tc.word)
			}
		}
		for _, q := range tc.not {
			if asks(q) {
				t.Errorf("%q: a concept %q", q, tc.word)
			}
		}
	}
}

// TestUndergone: a verb's past form says what was done, and asks for
// nothing, unless a word of wanting and an object come before it.
func TestUndergone(t *testing.T) {
	for _, tc := range []struct {
		q, word string
		want    bool
	}{
		{"list every file under /srv whose owner account was deleted", "deleted", true},
		{"bring back a file I removed by accident", "removed", true},
		{"show deleted files that a process still holds open", "deleted", true},
		{"I have deleted my notes, can I get them back", "deleted", true},
		{"delete every file older than a week", "delete", false},
		{"removing old kernels", "removing", false},
		{"shred a file", "shred", false},
		{"I want all the temporary files deleted", "deleted", false},
		{"get the stale lock removed", "removed", false},
		{"I want to find deleted files", "deleted", true},
	} {
		a := Analyse(tc.q, nil)
		i := slices.Index(a.Seq, tc.word)
		if i < 0 {
			t.Fatalf("%q: %q is not among the words %q", tc.q, tc.word, a.Seq)
		}
		if got := Undergone(a.Seq, i); got != tc.want {
			t.Errorf("%q: Undergone(%q) = %v, want %v", tc.q, tc.word, got, tc.want)
		}
	}
}

// The ends of a range are values the user types, no words of the task;
// a number alone may still be one ("the first 10 lines").
func TestRangeEndsNotSearched(t *testing.T) {
	for _, tc := range []struct {
		q      string
		want   []string // numbers searched
		absent []string // numbers not
	}{
		{"print lines 5 to 12 of a file", nil, []string{"5", "12"}},
		{"show the records from 100 through 250 of the log", nil, []string{"100", "250"}},
		{"show the first 10 lines of a file", []string{"10"}, nil},
		{"count to 10 and then wait 30 seconds", []string{"10", "30"}, nil},
	} {
		a := Analyse(tc.q, Thesaurus)
		has := func(w string) bool {
			return slices.ContainsFunc(a.Concepts, func(c Concept) bool { return c.Word == w })
		}
		for _, w := range tc.want {
			if !has(w) {
				t.Errorf("%q: %s is not searched (concepts %v)", tc.q, w, a.Concepts)
			}
		}
		for _, w := range tc.absent {
			if has(w) {
				t.Errorf("%q: %s is searched as a word of the task", tc.q, w)
			}
		}
	}
}
