package compose

import (
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

func TestFill(t *testing.T) {
	cases := []struct {
		q, line, cmd, want string
	}{
		{"create a folder named build in the current directory", "mkdir [OPTION]... DIRECTORY...", "mkdir", "mkdir build"},
		{"tally the lines of todo.md", "wc -l [FILE]...", "wc", "wc -l todo.md"},
		{"make a new group called devs", "groupadd [options] GROUP", "groupadd", "groupadd devs"},
		// the name the account is given is the user's; a shell's path
		// is the shell
		{"Create a new user account named alice", "adduser [options] user", "adduser", "adduser alice"},
		{"change the login shell of user bob to /bin/zsh", "chsh [options] -s SHELL [LOGIN]", "chsh", "chsh -s /bin/zsh bob"},
		// and a home folder no shell
		{"set the home of user dora to /srv/dora", "usermod -s SHELL LOGIN", "usermod", "usermod -s SHELL dora"},
		{"kill the process with ID 4312", "kill [options] <pid> [...]", "kill", "kill 4312"},
		// a filesystem is the device it is on
		{"look for errors in the file system on /dev/vdb3", "fsck [-AVRTMNP] [-t fstype] [filesystem...] [--] [fs-specific-options]", "fsck", "fsck /dev/vdb3"},
		// find's tests name their value for whose it is
		{"find the files in /srv that belong to the group marketing", "find /srv -group gname", "find", "find /srv -group marketing"},
		{"find the files owned by the user nora", "find -user uname", "find", "find -user nora"},
		{"sort prices.txt by the second column", "sort -k KEYDEF [FILE]...", "sort", "sort -k 2 prices.txt"},
		// the file is in the folder it comes from; the destination is
		// where the question sends it, wherever the synopsis has it
		{"Copy invoice.odt from folder inbox to folder archive", "cp [OPTION]... [-T] SOURCE DEST", "cp", "cp inbox/invoice.odt archive"},
		// and the files of a folder that end in an extension are in it
		{"list the files in /srv/conf.d that end with .yml, newest first", "ls -t [FILE]...", "ls", "ls -t /srv/conf.d/*.yml"},
		{"Move all .csv files from folder raw to folder clean", "mv -t DIRECTORY SOURCE...", "mv", "mv -t clean raw/*.csv"},
		{"pack the folder site into site.tar", "tar -c [-f ARCHIVE] [OPTIONS] [FILE...]", "tar", "tar -c -f site.tar site"},
		// the archive the question names goes to the archive's slot
		{"get notes/todo.txt out of backup.tar.gz", "tar -x [-f ARCHIVE] [OPTIONS] [MEMBER...]", "tar", "tar -x -f backup.tar.gz"},
		// what the question calls the link is its name, what it points to its target
		{"make a symbolic link called app.conf that points to app-v2.conf", "ln [OPTION]... [-T] TARGET LINK_NAME", "ln", "ln app-v2.conf app.conf"},
		// but an option's file of names ("[-f namefile]") is no name the
		// question gives, and the file named goes where files go
		// a package's name goes where apt's "pkg" is
		{"show details about the package curl", "apt-cache show pkg...", "apt-cache", "apt-cache show curl"},
		{"tell the type of the file named blob.dat", "file [-bcdE] [-f namefile] [-P name=value] file ...", "file", "file blob.dat"},
		// a device is no folder to mount on
		{"remount /dev/sdb2 read-only", "mount [-fnrsvw] [-t fstype] [-o options] device mountpoint", "mount", "mount /dev/sdb2 mountpoint"},
		{"mount /dev/sdb1 on /mnt/usb", "mount [-fnrsvw] [-t fstype] [-o options] device mountpoint", "mount", "mount /dev/sdb1 /mnt/usb"},
		// what the question leaves out is no operand
		{"pack the folder app into app.tar but leave out the folder app/cache", "tar -c [-f ARCHIVE] [OPTIONS] [FILE...]", "tar", "tar -c -f app.tar app"},
		{`search notes.txt for "TODO", skipping every file matching *.min.js`, "grep [OPTION...] PATTERNS [FILE...]", "grep", "grep TODO notes.txt"},
		{"show the first 5 lines of app.log", "head -n NUM [FILE]...", "head", "head -n 5 app.log"},
		{`search for "disk full" in syslog.txt`, "grep [OPTION...] PATTERNS [FILE...]", "grep", "grep 'disk full' syslog.txt"},
		// a size, in the units the option takes, compared as asked
		{"list files bigger than 250 MB", "find -size n[cwbkMG] [starting-point...] [expression]", "find", "find -size +250M"},
		{"files under 4 KB in /srv", "find -size n[cwbkMG] [starting-point...]", "find", "find -size -4k /srv"},
		// an option's file is where the result goes, not the input
		{"sort names.txt and save it to sorted.txt", "sort -o FILE [FILE]...", "sort", "sort -o sorted.txt names.txt"},
		{"sort names.txt and save it to sorted.txt", "sort [OPTION]... [FILE]...", "sort", "sort names.txt"},
		{"write the lines of access.log that hold 404 into notfound.log", "sed [OPTION]... -f script-file [input-file]...", "sed", "sed -f script-file access.log"},
		{"search the folder /srv for big files", "find -fprint file [starting-point...]", "find", "find -fprint file /srv"},
		// find looks in the folder; the glob is what it looks for
		{"remove the files ending in .bak under /opt/app", "find [starting-point...] [expression]", "find", "find /opt/app"},
		{"Move all .png files from folder shots to folder pics", "mv [OPTION]... SOURCE... DIRECTORY", "mv", "mv shots/*.png pics"},
		// the address the lines to print hold is the pattern
		{"Print every line of access.log that contains the IP address 10.0.0.5.", "grep [OPTION...] PATTERNS [FILE...]", "grep", "grep 10.0.0.5 access.log"},
		// each folder of the current one is each argument
		{"show the size of each folder in the current directory", "du [OPTION]... [FILE]...", "du", "du */"},
		// a file made read-only: no one named may write it
		{"make notes.txt read-only", "chmod [OPTION]... MODE[,MODE]... FILE...", "chmod", "chmod a-w notes.txt"},
		// and where plain words name the folders
		{"move every .jpg file from Downloads into Pictures", "mv [OPTION]... SOURCE... DIRECTORY", "mv", "mv Downloads/*.jpg Pictures"},
		{"compare a.conf with b.conf", "diff [OPTION]... FILES", "diff", "diff a.conf b.conf"},
		// the program a command runs: a script the question names, by
		// its path; not a file it does not run
		{"keep the script backup.sh running after I log out", "nohup COMMAND [ARG]...", "nohup", "nohup ./backup.sh"},
		// what a filter reads, by the name its synopsis gives it
		{"count the repeated lines of words.txt", "uniq -c [INPUT [OUTPUT]]", "uniq", "uniq -c words.txt"},
		{"which processes have /var/lib/dpkg/lock open", "lsof [names]", "lsof", "lsof /var/lib/dpkg/lock"},
		// minutes from now, as shutdown reads them
		{"power the machine off in 30 minutes", "shutdown [OPTIONS...] [TIME] [WALL...]", "shutdown", "shutdown +30"},
		{"shut down in 2 hours", "shutdown [TIME]", "shutdown", "shutdown +120"},
		// seconds since the epoch, as date reads them
		{"turn the Unix timestamp 1700000000 into a readable date", "date -d STRING [+FORMAT]", "date", "date -d @1700000000"},
		// a time zone's name, which reads as a path
		{"set the system time zone to Europe/Berlin", "timedatectl set-timezone [TIMEZONE]", "timedatectl", "timedatectl set-timezone Europe/Berlin"},
		// access given to a file is no place the result goes
		{"give the group read and write access to the file report.docx", "chmod MODE[,MODE]... FILE...", "chmod", "chmod g+rw report.docx"},
		{"run the script backup.sh with a niceness of 15", "nice [OPTION] [COMMAND [ARG]...]", "nice", "nice ./backup.sh"},
		{"stop ./simulate if it still runs after 30 minutes", "timeout DURATION COMMAND [ARG]...", "timeout", "timeout 30m ./simulate"},
		{"run /usr/local/bin/cleanup.sh in a transient unit", "systemd-run COMMAND [ARGS...]", "systemd-run", "systemd-run /usr/local/bin/cleanup.sh"},
		{"connect to db.internal with the settings in ~/.ssh/config", "ssh destination [command [argument ...]]", "ssh", "ssh db.internal"},
		// a date as date(1) reads it, where the option takes one
		{"give notes.md the time 4 July 2022 at 10:15", "touch -d STRING FILE...", "touch", "touch -d '4 July 2022 10:15' notes.md"},
		{"lock the account of the user ann on 2031-01-01", "chage -E EXPIRE_DATE LOGIN", "chage", "chage -E 2031-01-01 ann"},
		// a placeholder the question gives nothing for stays
		{"set mode 640 on a file", "chmod [OPTION]... OCTAL-MODE FILE...", "chmod", "chmod 640 FILE..."},
		// a word that asks for a permission is the mode that gives it
		{"make the file deploy.sh executable", "chmod [OPTION]... MODE[,MODE]... FILE...", "chmod", "chmod +x deploy.sh"},
		{"let everyone's tools find notes.txt readable", "chmod [OPTION]... MODE[,MODE]... FILE...", "chmod", "chmod +r notes.txt"},
		// and the words that say whose permission is given or taken
		{"take write permission on data.csv away from other users", "chmod [OPTION]... MODE[,MODE]... FILE...", "chmod", "chmod o-w data.csv"},
		{"the owner can read and write plan.md, everyone else can only read it", "chmod [OPTION]... MODE[,MODE]... FILE...", "chmod", "chmod 644 plan.md"},
		// whom a file is given to is chown's owner, with its group
		{"make deploy the owner of /srv/app", "chown [OPTION]... [OWNER][:[GROUP]] FILE...", "chown", "chown deploy /srv/app"},
		{"change the owner of build.log to jenkins and its group to group ci", "chown [OPTION]... [OWNER][:[GROUP]] FILE...", "chown", "chown jenkins:ci build.log"},
		{"hand ownership of photo.png over to alice:family", "chown [OPTION]... [OWNER][:[GROUP]] FILE...", "chown", "chown alice:family photo.png"},
		// a mode the question gives wins
		{"open a shell on the host web07.example.com", "ssh [-46AaCfGgKkMNnqsTtVvXxYy] destination [command [argument ...]]", "ssh", "ssh web07.example.com"},
		// a length of time, in the unit the slot takes
		{"drop the key from the agent after 2 hours", "ssh-add -t life [file ...]", "ssh-add", "ssh-add -t 2h"},
		{"drop the key from the agent after 2 hours", "ssh-add [-k] [-t life] [file ...]", "ssh-add", "ssh-add -t 2h"},
		{"give up when the server is silent for 2 minutes", "wget -T seconds [URL]...", "wget", "wget -T 120"},
		{"stop the job if it runs longer than 90 minutes", "timeout [OPTION] DURATION COMMAND [ARG]...", "timeout", "timeout 90m COMMAND"},
		{"make run.sh executable with mode 750", "chmod [OPTION]... MODE[,MODE]... FILE...", "chmod", "chmod 750 run.sh"},
		// an option one may give takes the file the result goes to only
		// where its name says it writes there (zip's -b is where its
		// temporary file goes); a nest of optional operands is filled
		// in turn, the archive first
		{"put the files notes.txt and todo.txt into the archive docs.zip", "zip [-AcdfqrTy] [-b path] [-n suffixes] [zipfile [file ...]] [-xi list]", "zip", "zip docs.zip notes.txt todo.txt"},
		{"put the files notes.txt and todo.txt into the archive docs.zip", "zip -m [zipfile [file ...]]", "zip", "zip -m docs.zip notes.txt todo.txt"},
		{"print memory statistics every 5 seconds", "vmstat [options] [delay [count]]", "vmstat", "vmstat 5"},
		// a number goes where its placeholder is named for what it
		// counts, whatever number comes before it
		{"compress data.sql at compression level 9 using 4 threads", "xz -T threads [file...]", "xz", "xz -T 4 data.sql"},
		// the name given to the link names it
		{"make a symbolic link named latest that points to builds/v7", "ln -s TARGET LINK_NAME", "ln", "ln -s builds/v7 latest"},
		// numbered placeholders, and a deeper nest, the first of it
		// first
		{"compare a.bin with b.bin byte by byte", "cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]", "cmp", "cmp a.bin b.bin"},
		{"add the user sam to the group docker", "usermod -aG GROUP1 LOGIN", "usermod", "usermod -aG docker sam"},
		// a file the shell redirects stays redirected
		{"apply the patch fix.patch", "patch -pnum <patchfile", "patch", "patch -pnum < fix.patch"},
		// a .diff is a file of changes as a .patch is
		{"apply the changes in fixes.diff", "patch -pnum <patchfile", "patch", "patch -pnum < fixes.diff"},
		// a count goes where a placeholder named for what it counts is
		{"wrap the lines of notes.txt at 72 characters", "fold -w WIDTH [FILE]...", "fold", "fold -w 72 notes.txt"},
		{"run backup.sh with a niceness of 15", "nice -n ADJUSTMENT [COMMAND [ARG]...]", "nice", "nice -n 15 ./backup.sh"},
		// options or URLs, in any order: the URL the question gives
		{"grab http://mirror.test/os.img and keep it as os.img", "curl -O [options / URLs]", "curl", "curl -O http://mirror.test/os.img"},
		// a path made in the asker's home is under ~
		{"make the folders src/cmd/tool inside my home", "mkdir -p DIRECTORY...", "mkdir", "mkdir -p ~/src/cmd/tool"},
		// an archive made from a folder is not in it
		{"make the archive music.tar from the folder albums", "tar -c [-f ARCHIVE] [OPTIONS] [FILE...]", "tar", "tar -c -f music.tar albums"},
		{"build notes.zip from the directory drafts", "zip -r [zipfile [file ...]]", "zip", "zip -r notes.zip drafts"},
		{"create a compressed tar archive called music.tar.gz from the folder albums", "tar -c [-f ARCHIVE] [OPTIONS] [FILE...]", "tar", "tar -c -f music.tar.gz albums"},
		// a list written with commas takes every group the question
		// names, with commas
		{"put the user kim into the groups plugdev and lpadmin", "usermod -aG GROUP1,... LOGIN", "usermod", "usermod -aG plugdev,lpadmin kim"},
		// the first N places are a range of them
		{"print the first 3 fields of data.txt", "cut -f LIST [FILE]...", "cut", "cut -f 1-3 data.txt"},
		// a count of bytes fills a place for a count
		{"print the last 48 bytes of blob.bin", "tail -c NUM [FILE]...", "tail", "tail -c 48 blob.bin"},
	}
	for _, c := range cases {
		args := analyse.Read(c.q).Args
		cp := &composition{ops: operands(c.q, args), apart: readOperands(c.q, args, false)}
		got, n := fill(c.line, c.cmd, cp.opsFor(c.line), nil)
		if ok := n > 0; !ok || got != c.want {
			t.Errorf("%q with %q: got %q (%d), want %q", c.q, c.line, got, n, c.want)
		}
	}
}

// The ends of a range the question gives fill the ends of a range the
// synopsis takes, both or neither; and the ends of a conversion the
// placeholders named for them.
func TestFillEnds(t *testing.T) {
	for _, tc := range []struct{ q, line, want string }{
		{"print the numbers from 1 to 100, one per line", "seq [OPTION]... FIRST LAST", "seq 1 100"},
		{"count from 10 to 50 in steps of 5", "seq [OPTION]... FIRST INCREMENT LAST", "seq 10 5 50"},
		// one place for two ends: neither
		{"print the numbers 001 to 100 with leading zeros", "seq -w LAST", "seq -w LAST"},
		// and no count takes an end
		{"print lines 10 to 20 of notes.txt", "head -n NUM [FILE]...", "head -n NUM notes.txt"},
		{"convert notes.txt from ISO-8859-1 to UTF-8", "iconv [-f from-encoding] [-t to-encoding] [inputfile]...", "iconv -f ISO-8859-1 -t UTF-8 notes.txt"},
		{"convert the text from the Windows-1252 character set into UTF-8", "iconv [-f from-encoding] [-t to-encoding] [inputfile]...", "iconv -f Windows-1252 -t UTF-8"},
	} {
		a := analyse.Analyse(tc.q, nil)
		c := &composition{ops: operands(tc.q, a.Args), apart: readOperands(tc.q, a.Args, false), seq: a.Seq}
		c.takeEnds()
		cmd, _, _ := strings.Cut(tc.line, " ")
		if got, _ := fill(tc.line, cmd, c.opsFor(tc.line), nil); got != tc.want {
			t.Errorf("%q with %q: got %q, want %q", tc.q, tc.line, got, tc.want)
		}
	}
}

func TestFillNothing(t *testing.T) {
	// no argument of a kind the synopsis takes: the line is as it was
	for _, c := range []struct{ q, line, cmd string }{
		// the inner of two nested operands only with the outer; the
		// suffix of a copy the command makes is no file
		{"apply the patch fix.patch and keep an .orig copy of each file", "patch [options] [originalfile [patchfile]]", "patch"},
		{"apply fixes.diff and keep a backup of each file it changes", "patch -b [originalfile [patchfile]]", "patch"},
		{"list the files here", "ls [OPTION]... [FILE]...", "ls"},
		{"add the user ann", "groupadd [options] GROUP", "groupadd"},
		{"show the date", "date [OPTION]... [+FORMAT]", "date"},
		// a date that shows the form asked for is no date to give
		{"print today's date like 2024-01-31", "date -d STRING", "date"},
		// the message a command failed with is no pattern to give it
		{`my service fails with "status=203/EXEC", what does it mean`, "systemctl status [PATTERN...]", "systemctl"},
		{`grep says: "binary file matches"`, "grep PATTERNS [FILE...]", "grep"},
		// ssh's destination is a host, not the file the question edits
		{"in ~/.ssh/config, give the server a short name", "ssh [-46AaCfGgKkMNnqsTtVvXxYy] destination [command [argument ...]]", "ssh"},
	} {
		ops := operands(c.q, analyse.Read(c.q).Args)
		if got, n := fill(c.line, c.cmd, ops, nil); n > 0 || got != c.line {
			t.Errorf("%q: got %q (%d), want the line as it was", c.q, got, n)
		}
	}
}

// A synopsis takes a kind where an operand of it does, not where the
// command's own name reads as a placeholder: date(1)'s "date".
func TestSynopsisTakes(t *testing.T) {
	date := []analyse.ArgKind{analyse.ArgDate}
	if synopsisTakes("date [OPTION]... [+FORMAT]", date) {
		t.Errorf("date's synopsis takes a date")
	}
	if !synopsisTakes("chage [options] EXPIRE_DATE", date) {
		t.Errorf("EXPIRE_DATE takes no date")
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{"plain": "plain", "two words": "'two words'", "it's": `'it'\''s'`, "$HOME": "'$HOME'"} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSlotKinds(t *testing.T) {
	for w, want := range map[string]bool{
		"MODE[,MODE]...": true, "[FILE]...": true, "<group>": true, "file[.zip]": true, "FILE(s)": true,
		"[starting-point...]": true, "DIRECTORY...": true, "FILE1": true, "[FILE2": true,
		"-": false, "-f": false, "[-T]": false, "[OPTION]...": false, "|": false, "--": false,
	} {
		if got := slotKinds(w) != nil; got != want {
			t.Errorf("slotKinds(%q) != nil is %v, want %v", w, got, want)
		}
	}
}

// git's "<repository>" takes the URL a question gives ("clone
// https://example.org/app.git"), as "URL" does.
func TestRepositorySlot(t *testing.T) {
	for _, w := range []string{"<repository>", "URL", "[<repo>]"} {
		if !slices.Contains(slotKinds(w), analyse.ArgURL) {
			t.Errorf("slotKinds(%q) = %v, want it to take a URL", w, slotKinds(w))
		}
	}
}

// A slot takes a date by its name, or by its name's last part; not
// where the name holds the letters elsewhere.
func TestDateSlot(t *testing.T) {
	for w, want := range map[string]bool{"DATE": true, "EXPIRE_DATE": true, "<start-date>": true, "UPDATE": false, "validate": false, "STRING": true, "[TIME]": true} {
		if got := slices.Contains(slotKinds(w), analyse.ArgDate); got != want {
			t.Errorf("slotKinds(%q) takes a date: %v, want %v", w, got, want)
		}
	}
}

// A length of time goes into a slot in the unit its name says, however
// the synopsis brackets it and whatever the name says the time is for.
func TestTimed(t *testing.T) {
	for _, tc := range []struct{ text, slot, want string }{
		{"2 hours", "seconds", "7200"},
		{"2 hours", "<seconds>", "7200"},
		{"90 minutes", "DURATION", "90m"},
		{"2 hours", "<duration>", "2h"},
		{"2 hours", "[life]", "2h"},
		{"36 hours", "days", ""},
		{"3 months", "duration", ""},
		{"2 hours", "FILE", ""},
		// a name that says what the time is for ends in its unit
		{"10 days", "WARN_DAYS", "10"},
		{"2 weeks", "MAX_DAYS", "14"},
		{"2 minutes", "interval_seconds", "120"},
		{"10 days", "FILE_NAME", ""},
	} {
		if got := timed(tc.text, tc.slot); got != tc.want {
			t.Errorf("timed(%q, %q) = %q, want %q", tc.text, tc.slot, got, tc.want)
		}
	}
}

func TestBestFill(t *testing.T) {
	checkFills(t, "adduser", "8", "adduser [--home DIR] [--ingroup GROUP] user\nadduser [options] user group\nadduser --group group", map[string]string{
		// both forms take both; the shorter says it with fewer options
		"put the user ann in the group audio": "adduser ann audio",
		"make a group called audio":           "adduser --group audio",
		"show the users":                      "adduser [--home DIR] [--ingroup GROUP] user",
	})
}

// checkFills checks the line bestFill writes for each question (the
// map's keys) from the first line of a page of title whose synopsis is
// synopsis.
func checkFills(t *testing.T, title, section, synopsis string, want map[string]string) {
	t.Helper()
	doc := &document.Document{Sections: []document.Section{{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: synopsis}}}}}
	s := &source{hit: answer.Hit{Meta: index.Meta{Title: title, Type: "man", Section: section}}, doc: doc}
	first, _, _ := strings.Cut(synopsis, "\n")
	for q, w := range want {
		c := &composition{ops: operands(q, analyse.Read(q).Args)}
		if got := c.bestFill(s, first); got != w {
			t.Errorf("%q: got %q, want %q", q, got, w)
		}
	}
}

func TestTakesArg(t *testing.T) {
	for _, c := range []struct {
		q, term string
		want    bool
	}{
		{"show the first 20 lines of app.log", "-n, --lines=[-]NUM", true},
		{"find files larger than 3 GB", "-size n[cwbkMG]", true},
		{"find files larger than 3 GB", "-n, --lines=[-]NUM", false},
		{"set the mode of run.sh to 750", "-m, --mode=MODE", true},
		{"show the first lines of app.log", "-n, --lines=[-]NUM", false},
		{"show the first 20 lines", "--verbose", false},
		// a file an option takes is seldom the question's
		{"print the names of files in /srv", "-fprint file", false},
		// a count read off a size in bytes chooses no option: a limit
		// in bytes is not what "the first 500 bytes" asks
		{"fetch only the first 500 bytes of http://mirror.test/os.img", "--max-filesize <bytes>", false},
		{"fetch only the first 500 bytes of http://mirror.test/os.img", "-n, --lines=[-]NUM", false},
	} {
		cp := &composition{ops: operands(c.q, analyse.Read(c.q).Args)}
		if got := cp.takesArg(c.term); got != c.want {
			t.Errorf("%q, %q: takesArg = %v, want %v", c.q, c.term, got, c.want)
		}
	}
	// a bare number is a value for the step, not a reason to choose it
	for term, want := range map[string]bool{"-n, --lines=[-]NUM": false, "-size n[cwbkMG]": true} {
		q := "show 10 of the files larger than 3 GB"
		cp := &composition{ops: operands(q, analyse.Read(q).Args)}
		if got := cp.takesValue(term, false); got != want {
			t.Errorf("%q: takesValue(numbers=false) = %v, want %v", term, got, want)
		}
		if !cp.takesArg(term) {
			t.Errorf("%q: takesArg = false, want true", term)
		}
	}
}

func TestFillAfterFlag(t *testing.T) {
	// after a flag, a placeholder is an operand; after an option that
	// takes an argument, it is that argument, which the question's file
	// is not
	q := "copy plan.txt to the folder old, keeping its timestamps"
	ops := operands(q, analyse.Read(q).Args)
	valued := map[string]bool{"-t": true, "-S": true}
	if got, _ := fill("cp -p SOURCE DEST", "cp", ops, valued); got != "cp -p plan.txt old" {
		t.Errorf("after a flag: got %q", got)
	}
	if got, _ := fill("cp -S SUFFIX SOURCE DEST", "cp", ops, valued); got != "cp -S SUFFIX plan.txt old" {
		t.Errorf("after an option with an argument: got %q", got)
	}
}

// A size fills fallocate's "-l length" with its unit; a plain number
// fills it as a count.
func TestLengthSlot(t *testing.T) {
	valued := map[string]bool{"--length": true} // "-l, --length length"
	for q, want := range map[string]string{
		"create a 100 MB file called blob.bin":  "fallocate -l 100M blob.bin",
		"allocate 4096 bytes to the file a.img": "fallocate -l 4096 a.img",
	} {
		if got, _ := fill("fallocate -l length filename", "fallocate", readOperands(q, analyse.Read(q).Args, true), valued); got != want {
			t.Errorf("%q: got %q, want %q", q, got, want)
		}
	}
}

func TestValuedOptions(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
		{Kind: document.Item, Term: "-u, -U NUM, --unified[=NUM]"},
		{Kind: document.Item, Term: "-o, --output=FILE"},
		{Kind: document.Item, Term: "-p"},
		{Kind: document.Item, Term: "-fprint file"},
	}}}}
	got := valuedOptions(d)
	for name, want := range map[string]bool{"-u": false, "-U": true, "--unified": true, "-o": true, "--output": true, "-p": false, "-fprint": true} {
		if got[name] != want {
			t.Errorf("%s: valued %v, want %v", name, got[name], want)
		}
	}
}

// FuzzFill: any question and any synopsis line fill without a panic, and
// a line that takes nothing comes back as it was.
func FuzzFill(f *testing.F) {
	f.Add("Copy report.pdf from folder a to folder b", "cp [OPTION]... [-T] SOURCE DEST")
	f.Add(`grep "x y" in 'a.txt' larger than 3 GB`, "find -size n[cwbkMG] [starting-point...]")
	f.Add("“a” named b called", "x [-o FILE] <group> FILE(s) MODE[,MODE]...")
	f.Fuzz(func(t *testing.T, q, line string) {
		args := analyse.Read(q).Args
		for _, join := range []bool{true, false} {
			ops := readOperands(q, args, join)
			cmd, _, _ := strings.Cut(line, " ")
			got, n := fill(line, cmd, ops, nil)
			if n == 0 && got != line {
				t.Fatalf("nothing written, but %q became %q", line, got)
			}
		}
	})
}

// What an item does in the place of a thing is not the thing: ln's -s
// "make symbolic links instead of hard links" does not make hard links,
// but still makes links.
func TestContrasted(t *testing.T) {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "hard", Alts: []analyse.Alt{{Stem: "hard", Weight: 1}}},
		{Word: "link", Alts: []analyse.Alt{{Stem: "link", Weight: 1}}},
		{Word: "symbolic", Alts: []analyse.Alt{{Stem: "symbol", Weight: 1}}},
	}}
	for text, want := range map[string][]int{
		"make symbolic links instead of hard links":   {0},
		"print apparent sizes rather than hard links": {0, 1},
		"make hard links directly to symbolic links":  nil,
	} {
		var got []int
		contrasted(q, text, func(ci int) { got = append(got, ci) })
		if !slices.Equal(got, want) {
			t.Errorf("contrasted(%q) = %v, want %v", text, got, want)
		}
	}
}

// Where the question sends the result of a command that writes to
// standard output, and no operand of its line takes it, it is a
// redirection; a command whose page does not say so gets none.
func TestSendOut(t *testing.T) {
	desc := func(text string) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: text}}}}}
	}
	sort := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: "sort"}}, doc: desc("Write sorted concatenation of all FILE(s) to standard output.")}
	wget := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: "wget"}}, doc: desc("GNU Wget is a free utility for non-interactive download of files from the Web.")}
	for _, tc := range []struct {
		s             *source
		q, line, want string
	}{
		{sort, "sort names.txt and save the result to sorted.txt", "sort names.txt", "sort names.txt > sorted.txt"},
		// the line holds it already
		{sort, "sort names.txt and save the result to sorted.txt", "sort -o sorted.txt names.txt", "sort -o sorted.txt names.txt"},
		// nothing of the question's in the line: nothing to redirect
		{sort, "sort names.txt and save the result to sorted.txt", "sort [FILE]...", "sort [FILE]..."},
		{wget, "fetch index.html and save it to page.html", "wget index.html", "wget index.html"},
		// a word of what the file is may come between ("into a single
		// file")
		{sort, "sort names.txt and put the result into a single file sorted.txt", "sort names.txt", "sort names.txt > sorted.txt"},
	} {
		c := &composition{ops: operands(tc.q, analyse.Read(tc.q).Args)}
		if got := c.sendOut(tc.s, tc.line); got != tc.want {
			t.Errorf("%s, %q: got %q, want %q", tc.s.hit.Meta.Title, tc.line, got, tc.want)
		}
	}
}

// A script or quoted command whose output the question works on is
// piped into a command that reads standard input, not given it as a
// file to read: "save the output of ./build.sh to build.log while
// watching it" is "./build.sh | tee build.log". A page that does not say
// it reads standard input gets no pipe.
func TestPipeIn(t *testing.T) {
	page := func(summary, text string) *source {
		return &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: strings.Fields(summary)[0], Summary: strings.Join(strings.Fields(summary)[1:], " ")}},
			doc: &document.Document{Sections: []document.Section{{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: text}}}}}}
	}
	tee := page("tee read from standard input and write to standard output and files", "Copy standard input to each FILE, and also to standard output.")
	wc := page("wc print newline, word, and byte counts for each file", "Print newline, word, and byte counts for each FILE. With no FILE, or when FILE is -, read standard input.")
	wget := page("wget The non-interactive network downloader", "GNU Wget is a free utility for non-interactive download of files from the Web.")
	for _, tc := range []struct {
		s             *source
		q, line, want string
	}{
		{tee, "keep a copy of the output of ./build.sh in build.log while watching it", "tee [FILE]...", "./build.sh | tee build.log"},
		{wc, `how many lines does the output of "ps aux" have`, "wc -l [FILE]...", "ps aux | wc -l"},
		// a file to read is no command to run
		{wc, "count the lines of notes.txt", "wc -l [FILE]...", "wc -l notes.txt"},
		// a page that reads no standard input takes no pipe
		{wget, "fetch the address in the output of ./geturl.sh", "wget [URL]...", "wget [URL]..."},
	} {
		a := analyse.Read(tc.q)
		c := &composition{ops: operands(tc.q, a.Args), apart: readOperands(tc.q, a.Args, false), from: producer(tc.q, a.Args)}
		if got := c.runLine(tc.s, tc.line); got != tc.want {
			t.Errorf("%q, %q: got %q, want %q", tc.q, tc.line, got, tc.want)
		}
	}
}

// An option takes the question's amount where its placeholder takes a
// count, a size or a time the question gives; a file or a name is no
// amount (find's -samefile for "directories named node_modules").
func TestTakesAmount(t *testing.T) {
	for _, tc := range []struct {
		q, term string
		want    bool
	}{
		{"wrap long lines at 72 characters", "-w, --width=WIDTH", true},
		{"show the last 20 lines", "-n, --lines=[+]NUM", true},
		{"drop the key after 2 hours", "-t life", true},
		{"give up after 2 minutes", "-T seconds", true},
		{"list files bigger than 2 GB", "-size n[cwbkMG]", true},
		{"find the directories named node_modules", "-samefile name", false},
		{"wrap long lines", "-w, --width=WIDTH", false},
		{"wrap the lines at 72 characters", "-s, --spaces", false},
		// the ends of a range are no count
		{"print the numbers 001 to 100 with leading zeros", "-w, --number-width=NUMBER", false},
	} {
		args := analyse.Read(tc.q).Args
		cp := &composition{ops: operands(tc.q, args), seq: analyse.Analyse(tc.q, nil).Seq}
		if got := cp.takesAmount(tc.term); got != tc.want {
			t.Errorf("%q: takesAmount(%q) = %v, want %v", tc.q, tc.term, got, tc.want)
		}
	}
}

// What the question names as done ("installed packages") is not what an
// item does that commands doing it ("Install the package.").
func TestStatesDone(t *testing.T) {
	for _, tc := range []struct {
		q, first string
		want     bool
	}{
		{"list all installed packages", "Install the package.", true},
		{"check if a package is installed", "Install the package.", true},
		{"show the mounted filesystems", "Mount all filesystems mentioned in fstab.", true},
		{"install a package", "Install the package.", false},
		{"list all installed packages", "Installed packages are listed.", false},
		{"list all installed packages", "List packages matching given pattern.", false},
		{"read the messages the kernel printed while booting", "Print kernel messages.", false},
	} {
		c := &composition{q: &answer.Question{Concepts: analyse.Analyse(tc.q, analyse.Thesaurus).Concepts}}
		if got := len(c.statesDone(tc.first)) > 0; got != tc.want {
			t.Errorf("%q: statesDone(%q) = %v, want %v", tc.q, tc.first, c.statesDone(tc.first), tc.want)
		}
	}
}

// The option model backs no option that does a state things are found
// in, which the question names (dpkg's -i for "which installed package
// holds this file"); a state the answer is to make keeps its option (ls's
// -S for "files sorted by size").
func TestDoesState(t *testing.T) {
	for _, tc := range []struct {
		q, first string
		want     bool
	}{
		{"which installed package holds the file /usr/bin/less", "Install the package.", true},
		{"show the file systems that are mounted right now", "Mount all filesystems mentioned in fstab.", true},
		{"list the files sorted by size", "Sort by file size, largest first.", false},
		{"get each user's home folder created at first login", "Create the user's home directory if it does not exist.", false},
		{"install a package", "Install the package.", false},
	} {
		c := &composition{q: &answer.Question{Concepts: analyse.Analyse(tc.q, analyse.Thesaurus).Concepts}}
		if got := c.doesState(tc.first); got != tc.want {
			t.Errorf("%q: doesState(%q) = %v, want %v", tc.q, tc.first, got, tc.want)
		}
	}
}

// A file the question names twice is one operand.
func TestOperandsOnce(t *testing.T) {
	q := "Shrink report.log with gzip but keep the original report.log next to it."
	ops := operands(q, analyse.Read(q).Args)
	if len(ops) != 1 || ops[0].text != "report.log" {
		t.Errorf("operands %+v, want report.log once", ops)
	}
	if got, _ := fill("gzip [FILE]...", "gzip", ops, nil); got != "gzip report.log" {
		t.Errorf("filled %q, want gzip report.log", got)
	}
}

// What the lines start or end with is typed anchored, and quoted, as
// the shell would otherwise read ^ (zsh's EXTENDED_GLOB) or $: `grep
// '^ERROR' app.log`.
func TestOperandsAnchored(t *testing.T) {
	checkFills(t, "grep", "1", "grep [OPTION...] PATTERNS [FILE...]", map[string]string{
		"search for lines starting with ERROR in app.log": "grep '^ERROR' app.log",
		"print the lines of tasks.txt that end with OK":   "grep 'OK$' tasks.txt",
		"show lines containing ERROR in app.log":          "grep ERROR app.log",
	})
}

// What the question copies or moves is what goes: a destination left
// unnamed stays a placeholder, never taking the thing copied; where the
// thing copied is no object of the verb ("the files ... already in my
// backup folder"), the folder is still where they go.
func TestCopiedObjectGoes(t *testing.T) {
	checkFills(t, "cp", "1", "cp [OPTION]... [-T] SOURCE DEST", map[string]string{
		"copy the folder photos to backup":                                  "cp photos DEST",
		"move the file draft.txt":                                           "cp draft.txt DEST",
		"copy the files that are newer than the copies in my backup folder": "cp SOURCE backup",
		"copy notes.txt to notes_v2.txt":                                    "cp notes.txt notes_v2.txt",
	})
}

// A pattern of files the question takes "recursively from" a folder is
// in that folder: one operand, never the pattern and the whole folder
// beside it (`rm -rf *.tmp /var/cache/app` removes the folder).
func TestOperandsRecursivelyFrom(t *testing.T) {
	q := "remove all *.tmp files recursively from /srv/cache"
	ops := operands(q, analyse.Read(q).Args)
	if len(ops) != 1 || ops[0].text != "/srv/cache/*.tmp" {
		t.Errorf("operands %+v, want /srv/cache/*.tmp alone", ops)
	}
}

// A bare extension said of packages or archives stands for files of that
// kind, as one said of files does: "install a downloaded .deb package"
// is `dpkg -i *.deb`, not `dpkg -i .deb`.
func TestOperandsExtensionOfPackages(t *testing.T) {
	for q, want := range map[string]string{
		"install a downloaded .deb package": "*.deb",
		"delete all .log files":             "*.log",
	} {
		ops := operands(q, analyse.Read(q).Args)
		if len(ops) != 1 || ops[0].text != want {
			t.Errorf("%q: operands %+v, want %s", q, ops, want)
		}
	}
}

func TestUnitTerm(t *testing.T) {
	for _, tc := range []struct{ term, text, want string }{
		{"-s, --sleep-interval=N", "with -f, sleep for approximately N seconds (default 1.0)", "-s, --sleep-interval=SECONDS"},
		{"-n, --lines=[+]NUM", "output the last NUM lines", "-n, --lines=[+]NUM"},
		// a word that holds the placeholder is no placeholder
		{"-t NAME NAMES", "wait NAME minutes", "-t MINUTES NAMES"},
		{"sleep NUMBER[SUFFIX]...", "Pause for NUMBER seconds.", "sleep SECONDS[SUFFIX]..."},
		// a placeholder of time already
		{"-w, --timeout=SECS", "wait SECS seconds", "-w, --timeout=SECS"},
		// a placeholder in lower case, as openssl writes them; a word
		// that is none replaces nothing
		{"-checkend arg", "Checks if the certificate expires within the next arg seconds", "-checkend SECONDS"},
		{"-q, --quiet", "wait a few seconds", "-q, --quiet"},
	} {
		if got := unitTerm(tc.term, tc.text); got != tc.want {
			t.Errorf("unitTerm(%q, %q) = %q, want %q", tc.term, tc.text, got, tc.want)
		}
	}
}

// A pid file the question names gives the number of the process it
// names to a placeholder of one, read from the file, and to no other
// number: `kill -HUP $(cat /run/nginx.pid)`, but never `head -n
// $(cat ...)`.
func TestPidFileOperand(t *testing.T) {
	q := "Send HUP to the process whose PID is written in /run/nginx.pid"
	ops := readOperands(q, analyse.Analyse(q, analyse.Thesaurus).Args, true)
	for line, want := range map[string]string{
		"kill -HUP <pid> [...]": "kill -HUP $(cat /run/nginx.pid)",
		"head -n NUM [FILE]...": "head -n NUM /run/nginx.pid",
	} {
		cmd := strings.Fields(line)[0]
		if got, _ := fill(line, cmd, ops, nil); got != want {
			t.Errorf("%s: %q, want %q", line, got, want)
		}
	}
}

// mayGiveUnit is false only for a text timeUnitRE finds nothing in.
func TestMayGiveUnit(t *testing.T) {
	for _, text := range []string{
		"", "sleep for approximately N seconds", "today", "N\tminutes", "n*24 hours ago", "every day", "N days",
		"the next arg seconds", "secondary group", "Nseconds", "N\nhours", "a few seconds", "everyday use", "N\vdays",
	} {
		if found := timeUnitRE().FindAllStringSubmatch(text, -1); !mayGiveUnit(text) && len(found) > 0 {
			t.Errorf("mayGiveUnit(%q) is false, but timeUnitRE finds %q", text, found)
		}
	}
	if mayGiveUnit("today and everyday") {
		t.Error(`mayGiveUnit("today and everyday"): no unit follows a space`)
	}
}

// A range of places is one list of places: "characters 1 to 10" is cut's
// -c 1-10, "fields 2 to 4" its -f 2-4.
func TestPlaceRange(t *testing.T) {
	leadsWith(t, New(), "snip", snipPage, []lead{
		{"with snip, keep only characters 3 to 8 of each line of stamps.txt", "`snip -c 3-8 stamps.txt`"},
		{"use snip to print fields 2 to 4 of every line in table.tsv", "`snip -f 2-4 table.tsv`"},
	})
}

// snipPage documents a program that selects parts of lines as cut(1)
// does.
const snipPage = `.TH SNIP 1
.SH NAME
snip \- remove sections from each line of files
.SH SYNOPSIS
snip OPTION... [FILE]...
.SH OPTIONS
.TP
\fB\-c\fR, \fB\-\-characters\fR=\fILIST\fR
select only these characters
.TP
\fB\-f\fR, \fB\-\-fields\fR=\fILIST\fR
select only these fields
.TP
\fB\-d\fR, \fB\-\-delimiter\fR=\fIDELIM\fR
use DELIM instead of TAB for field delimiter
`

// kindofPage writes its operand as mdoc renders file(1)'s: the
// placeholder, then "..." as a word of its own.
const kindofPage = `.Dd May 1, 2024
.Dt KINDOF 1
.Os
.Sh NAME
.Nm kindof
.Nd determine the type of a file
.Sh SYNOPSIS
.Nm
.Op Fl bi
.Ar file ...
.Sh OPTIONS
.Bl -tag -width indent
.It Fl i
Output mime type strings rather than readable ones.
.It Fl b
Do not prepend file names to output lines.
.El
`

// The "..." after a placeholder says it repeats: the files the question
// gives take its place, all of them, and no "..." is left to type.
func TestEllipsisFilled(t *testing.T) {
	leadsWith(t, New(), "kindof", kindofPage, []lead{
		{"use kindof to tell the type of the file blob.dat", "`kindof blob.dat`"},
		{"with kindof, determine the type of the files a.bin and b.bin", "`kindof a.bin b.bin`"},
	})
}

// lowprioPage runs a command as ionice(1)'s synopsis writes it, its
// optional argument then "..." as a word of its own.
const lowprioPage = `.TH LOWPRIO 1
.SH NAME
lowprio \- run a program with a low I/O priority
.SH SYNOPSIS
.B lowprio
[\fB\-c\fR \fIclass\fR] \fIcommand\fR [\fIargument\fR] ...
.SH OPTIONS
.TP
\fB\-c\fR, \fB\-\-class\fR \fIclass\fR
Specify the name or number of the scheduling class to use.
`

// What the question leaves out is not repeated: no "..." is left after
// an optional operand it gives nothing for.
func TestEllipsisDropped(t *testing.T) {
	leadsWith(t, New(), "lowprio", lowprioPage, []lead{
		{"with lowprio, run the script build.sh", "`lowprio ./build.sh`"},
	})
}

// sealPage writes its operands as gpg(1)'s synopsis does, "[args]": the
// files its command works on.
const sealPage = `.TH SEAL 1
.SH NAME
seal \- encryption and signing tool
.SH SYNOPSIS
.B seal
[\fB\-\-homedir\fR \fIdir\fR] [\fIoptions\fR] \fIcommand\fR [\fIargs\fR]
.SH COMMANDS
.TP
\fB\-\-symmetric\fR, \fB\-c\fR
Encrypt with a symmetric cipher using a passphrase.
.TP
\fB\-\-decrypt\fR, \fB\-d\fR
Decrypt the file given on the command line.
`

// gpg's "[args]" are the files it works on.
func TestArgsFiles(t *testing.T) {
	leadsWith(t, New(), "seal", sealPage, []lead{
		{"with seal, encrypt the file taxes.pdf with a symmetric passphrase", "`seal --symmetric taxes.pdf`"},
	})
}

// mergerPage takes its field separator as join(1) does, "-t CHAR".
const mergerPage = `.TH MERGER 1
.SH NAME
merger \- join lines of two files on a common field
.SH SYNOPSIS
.B merger
[\fIOPTION\fR]... \fIFILE1 FILE2\fR
.SH OPTIONS
.TP
\fB\-t\fR \fICHAR\fR
use CHAR as input and output field separator
.TP
\fB\-i\fR, \fB\-\-ignore\-case\fR
ignore differences in case when comparing fields
`

// The separator the question names is the value of a "-t CHAR".
func TestCharSeparator(t *testing.T) {
	leadsWith(t, New(), "merger", mergerPage, []lead{
		{"with merger, join a.csv and b.csv using the comma as the field separator", "`merger -t , a.csv b.csv`"},
	})
}

// A network device given by its name fills a device's place, as a device
// file does; a name given to another thing does not.
func TestDeviceNamed(t *testing.T) {
	leadsWith(t, New(), "netctl", netctlPage, []lead{
		{"with netctl, take the network interface wlan0 down", "`netctl down wlan0`"},
	})
	d := composed(t, New(), "netctl", netctlPage, "with netctl, take down the tmux session named work")
	if len(d.Steps) > 0 && strings.Contains(d.Steps[0], "down work") {
		t.Errorf("a session's name fills a device's place: %q", d.Steps[0])
	}
}

// netctlPage is a network manager's page whose subcommand takes devices.
const netctlPage = `.TH NETCTL 1
.SH NAME
netctl \- control network devices
.SH SYNOPSIS
netctl [OPTIONS...] COMMAND [DEVICE...]
.SH COMMANDS
.TP
\fBdown\fR \fIDEVICE\fR...
Bring devices down. Takes interface name or index number.
.TP
\fBup\fR \fIDEVICE\fR...
Bring devices up. Takes interface name or index number.
`

// A time of day on a 12-hour clock is written on a 24-hour one, as
// journalctl's --since reads it; a date, or a time already so, is kept.
func TestClock24(t *testing.T) {
	for in, want := range map[string]string{"8pm": "20:00", "8:30 a.m.": "08:30", "12am": "00:00", "12:15pm": "12:15",
		"11 PM": "23:00", "8:00": "8:00", "2024-05-01 14:00": "2024-05-01 14:00", "yesterday": "yesterday"} {
		if got := clock24(in); got != want {
			t.Errorf("clock24(%q) = %q, want %q", in, got, want)
		}
	}
}

// A long option named for a bound in time whose value the page leaves
// unnamed takes a date; one named for a count of things, a number.
func TestUnnamedValue(t *testing.T) {
	for term, want := range map[string]string{"-S, --since=, -U, --until=": "-S DATE", "--until=": "--until DATE", "--output-fields=": "--output-fields",
		"-n, --lines=": "-n NUM"} {
		if got := optionForm(term); got != want {
			t.Errorf("optionForm(%q) = %q, want %q", term, got, want)
		}
	}
}

// printenv's "[VARIABLE]..." takes the variable a question names, and
// no other name: not the service of "the service nginx".
func TestVariableFill(t *testing.T) {
	checkFills(t, "printenv", "1", "printenv [OPTION]... [VARIABLE]...", map[string]string{
		"print the environment variable HOME":  "printenv HOME",
		"show the value of the variable LANG":  "printenv LANG",
		"show the status of the service nginx": "printenv [OPTION]... [VARIABLE]...",
	})
}

// A placeholder for a new thing of a kind git names ("<new-branch>")
// takes the name the question gives that thing, and no other: not the
// tag of "a tag called v2".
func TestNewThingFill(t *testing.T) {
	checkFills(t, "git-switch", "1", "git switch -c <new-branch>", map[string]string{
		"create a new git branch called feature-login": "git switch -c feature-login",
		"create a tag called v2":                       "git switch -c <new-branch>",
	})
}

// gzip's spaced "[ name ... ]" takes the files of a kind the question
// names, as FILE does.
func TestNamesTakeKind(t *testing.T) {
	checkFills(t, "gzip", "1", "gzip [ -acdfhklLnNrtvV19 ] [-S suffix] [ name ... ]", map[string]string{
		"gzip every .log file in logs": "gzip logs/*.log",
		"gzip the file notes.txt":      "gzip notes.txt",
	})
}

// An option whose value the question never gives, however its page
// writes the placeholder, does not lead where the synopsis takes two of
// the question's operands: `mount /dev/sdc2 /media/disk`, not mount's
// "-L label", which says "Mount the partition" word for word.
func TestSynopsisOverUngivenValue(t *testing.T) {
	q := "Mount the partition /dev/sdc2 on /media/disk."
	if d := fixtureDraft(t, q); len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], "`mount /dev/sdc2 /media/disk`") {
		t.Errorf("%q: steps %q, want the synopsis filled first", q, d.Steps)
	}
}

// A line that runs an option of a command that runs a program ends with
// the program the question runs, in the place of that program's own
// arguments, which the question gives none of: `watch -n 10 ./check.sh`,
// `chrt -f 50 ./rt-audio`, not the option alone.
func TestWithProgram(t *testing.T) {
	for _, tc := range []struct{ q, synopsis, cmd, line, want string }{
		{"run ./check.sh every 10 seconds", "watch [options] command", "watch", "watch -n 10", "watch -n 10 ./check.sh"},
		{"start ./rt-audio with the FIFO policy at priority 50", "chrt [options] priority command argument ...", "chrt", "chrt -f 50 argument", "chrt -f 50 ./rt-audio"},
		{"run ./job on cores 0 and 1", "taskset [options] mask command [argument...]", "taskset", "taskset -c mask [argument...]", "taskset -c mask ./job"},
		// nor where the synopsis runs no program
		{"run ./check.sh every 10 seconds", "ls [OPTION]... [FILE]...", "ls", "ls -l", "ls -l"},
	} {
		c := &composition{ops: operands(tc.q, analyse.Read(tc.q).Args)}
		if got := c.withProgram([]string{tc.synopsis}, tc.cmd, tc.line); got != tc.want {
			t.Errorf("%q: withProgram(%q) = %q, want %q", tc.q, tc.line, got, tc.want)
		}
	}
}

// A placeholder of one letter whose text says it takes processes'
// numbers is a pid's; another stays as it is.
func TestPidTerm(t *testing.T) {
	for _, tc := range []struct{ term, text, want string }{
		{"-p s [names]", "selects the files of the processes whose process IDentification (PID) numbers are in the set s", "-p pid [names]"},
		{"-q, --quit n", "Stop after the process ID n exits.", "-q, --quit pid"},
		{"-w n", "wrap lines after n characters", "-w n"},
		{"-p PID", "the process with this PID", "-p PID"},
	} {
		if got := pidTerm(tc.term, tc.text); got != tc.want {
			t.Errorf("pidTerm(%q) = %q, want %q", tc.term, got, tc.want)
		}
	}
}

// The comma of a .csv file's fields, which the question does not say,
// goes to an option for fields only: cut's -d, sort's -t
// (--field-separator), not split's -t, a record's separator. This
// machine's split(1) and sort(1).
func TestCSVCommaForFields(t *testing.T) {
	machineLeads(t, []machineLead{
		{"split", "Split the file contacts.csv into files of 500 lines each", "`split -l 500 contacts.csv`"},
		{"sort", "sort data.csv by its third column", "`sort -k 3 -t , data.csv`"},
	})
}

// gzip's "[ name ... ]" is what it compresses, no name of what it makes;
// the copy the question names is where the output of an option that
// writes to standard output goes. This machine's gzip(1).
func TestNamedCopyOut(t *testing.T) {
	machineLeads(t, []machineLead{
		{"gzip", "Make a compressed copy of the file huge.log named huge.log.gz while keeping the original", "`gzip -c huge.log > huge.log.gz`"},
	})
}

// A thing made in a folder is made there: the file's or the link's name
// joined to the folder. Not what is made from one: "site.zip from the
// folder public_html" packs it. This machine's touch(1) and ln(1).
func TestMadeInFolder(t *testing.T) {
	machineLeads(t, []machineLead{
		{"touch", "create a file named notes.txt in /tmp", "`touch /tmp/notes.txt`"},
		{"ln", "Create a symbolic link named python in /usr/local/bin that points to /usr/bin/python3", "`ln -s /usr/bin/python3 /usr/local/bin/python`"},
	})
}

// A folder's new name is what it is called after, no folder to move it
// into: `mv photos pictures`, not `mv -t pictures photos`. This
// machine's mv(1).
func TestRenamedFolder(t *testing.T) {
	machineLeads(t, []machineLead{{"mv", "rename the directory photos to pictures", "`mv photos pictures`"}})
}

// machineLead is a question to a program whose page this machine has in
// section 1, and the first step its answer must run.
type machineLead struct{ name, q, want string }

// machineLeads checks the first step of each case's answer over the
// program's page alone.
func machineLeads(t *testing.T, cases []machineLead) {
	t.Helper()
	for _, tc := range cases {
		firstStepIs(t, composed(t, New(), tc.name, machinePage(t, "/usr/share/man/man1/"+tc.name+".1.gz"), tc.q), tc.q, tc.want)
	}
}
