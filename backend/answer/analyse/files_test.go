package analyse

import "testing"

// A file emptied is kept: the verb empties or clears it; an empty file
// made or found is no file emptied, nor a screen cleared or a disk wiped.
func TestEmptiesFile(t *testing.T) {
	readsAs(t, "EmptiesFile", EmptiesFile, map[string]bool{
		"empty the file app.log":                               true,
		"How can I clear the contents of notes.md?":            true,
		"make debug.log empty":                                 true,
		"clear out /var/log/messages but keep the file":        true,
		"make the log empty":                                   true,
		"create an empty file named .keep":                     false,
		"make an empty file of 2 GB named disk.img":            false, // a file made, not emptied
		"list the empty files in /srv":                         false,
		"clear the screen":                                     false,
		"How do I wipe old file system signatures off a disk?": false,
	})
}

// A file made of a size the question gives, before or after the word
// "file"; a size of something else, or a swap file, is not one.
func TestMakesSizedFile(t *testing.T) {
	readsAs(t, "MakesSizedFile", func(q string) bool { return MakesSizedFile(q, Read(q).Args) }, map[string]bool{
		"create a 100 MB file called blob.bin":             true,
		"make an empty file of 2 GB named disk.img":        true,
		"I need a 5 GB test file named big.dat":            true,
		"generate a file named pad.bin that is exactly 1G": true,
		"create a zip file split into 100 MB parts":        false,
		"create a 2 GB swap file":                          false,
		"find files larger than 100 MB":                    false,
		"make a file smaller than 1 MB by compressing it":  false,
	})
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

func TestFormatsDevice(t *testing.T) {
	for _, tc := range []struct {
		q, fs string
		ok    bool
	}{
		{"How do I format a USB stick with ext4?", "ext4", true},
		{"format /dev/sdb1 as ext4", "ext4", true},
		{"reformat the external drive", "", true},
		{"Format the partition /dev/sdc2 with the XFS filesystem", "xfs", true},
		// an output's format, a date's, or a disk's format read
		{"format the output as json", "", false},
		{"format a date as ISO 8601", "", false},
		{"show the format of the disk image", "", false},
		{"format the text of notes.txt to 72 columns", "", false},
	} {
		fs, ok := FormatsDevice(tc.q)
		if fs != tc.fs || ok != tc.ok {
			t.Errorf("%q: %q %v, want %q %v", tc.q, fs, ok, tc.fs, tc.ok)
		}
	}
}

func TestChangesDirectory(t *testing.T) {
	readsAs(t, "ChangesDirectory", ChangesDirectory, map[string]bool{
		"go to the parent folder":                                   true,
		"What is the bash command to change to the home directory?": true,
		"change into the folder src":                                true,
		"go back up one directory":                                  true,
		"How do I change the current directory?":                    true,
		"change the owner of the directory":                         false,
		"move report.txt into the archive directory":                false,
		"switch to another user":                                    false,
	})
}

func TestAsksPortUser(t *testing.T) {
	readsAs(t, "AsksPortUser", func(q string) bool { return AsksPortUser(q, Read(q).Args) }, map[string]bool{
		"show what is using port 443":                           true,
		"How do I see which process is listening on port 8080?": true,
		"find the program that has port 22 open":                true,
		"open port 8080 in the firewall":                        false,
		"connect to port 22 of the server":                      false,
		"show what is using the disk":                           false,
		"ssh to a server whose SSH daemon listens on port 2222": false,
	})
}

func TestAsksFileTime(t *testing.T) {
	readsAs(t, "AsksFileTime", AsksFileTime, map[string]bool{
		"How do I see the last time a file was accessed?":   true,
		"when was report.txt last modified":                 true,
		"show the modification time of app.log":             true,
		"set the modification time of app.log to yesterday": false,
		"change the access time of a file":                  false,
		"find files accessed in the last day":               false,
	})
}
