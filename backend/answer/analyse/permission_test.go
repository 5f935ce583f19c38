package analyse

import "testing"

func TestPermissionMode(t *testing.T) {
	for q, want := range map[string]string{
		// one class, given or taken
		"make the file deploy.sh executable": "+x",
		// who only may read and write it, said after them: the mode in
		// full; executing only changes the one bit
		"Make the file secrets.txt readable and writable by its owner only": "600",
		"make run.sh executable by the owner only":                          "u+x",
		// read-only: no one named may write it
		"make notes.txt read-only":                                   "a-w",
		"make the file plan.odt read-only for the group and others":  "go-w",
		"make a script runnable by everyone":                         "a+x",
		"give everyone read access to notes.txt":                     "a+r",
		"remove write permission for others from data.csv":           "o-w",
		"Give the group devs write access to every file in /srv/app": "g+w",
		"take away execute permission from the group and others":     "go-x",
		"let other users read the file report.txt":                   "o+r",
		"revoke the world's write access to shared.db":               "o-w",
		"allow the owner to execute backup.sh":                       "u+x",
		"give the owner read and write permission on secrets.txt":    "u+rw",
		"give run.sh permission to be executed":                      "+x",
		"the owner should have the right to run it":                  "u+x",
		"make notes.txt readable":                                    "+r",
		"everyone must be allowed to read report.pdf":                "a+r",
		"make the log writable by the group":                         "g+w",
		// the mode in full
		"Set the permissions of deploy.sh so that the owner can read, write and execute it, and the group and everyone else can only read and execute it.": "755",
		"change the permissions so that only the owner can read and write config.yml":                                                                      "600",
		"the owner can read and write notes.txt, the group can read it, and nobody else can do anything":                                                   "640",
		"set permissions on app.log: owner can read and write, group and others can read":                                                                  "644",
		"Give report.docx read and write access for the group without touching the other permission bits":                                                  "g+rw",
		"Give the file budget.ods read and write permission for its owner and its group, and no permissions at all for anyone else.":                       "660",
		"Set the permissions of db.conf so that the owner can read and write it, the group can only read it, and everybody else has no access at all.":     "640",
		"give read access to the group but not to others":                                                                                                  "g+r",
		// no mode asked for
		"How do I change file permissions?":                "",
		"run the script with permission to spare, somehow": "",
		"write a permission check in a shell script":       "",
		"read a file line by line":                         "",
		"run a script as another user":                     "",
		"add user bob to the group docker":                 "",
		"give user bob access to the folder /srv/share":    "",
	} {
		if got := PermissionMode(q); got != want {
			t.Errorf("PermissionMode(%q) = %q, want %q", q, got, want)
		}
	}
}
