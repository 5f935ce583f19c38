package analyse

import "testing"

func TestAsksAccounts(t *testing.T) {
	readsAs(t, "AsksAccounts", AsksAccounts, map[string]bool{
		"How do I see which groups exist on the system?": true,
		"list all user accounts":                         true,
		"How do I check whether a user exists?":          true,
		"check if the group docker exists":               true,
		"list the users logged in":                       false,
		"list the groups of the user bob":                false,
		"add a user to the group":                        false,
	})
}

func TestAsksTopProcess(t *testing.T) {
	readsAs(t, "AsksTopProcess", AsksTopProcess, map[string]bool{
		"How do I check which process is using the most CPU?": true,
		"find the programs eating all my RAM":                 true,
		"show the number of CPU cores":                        false,
		"limit the memory a process uses":                     false,
	})
}

func TestManualOf(t *testing.T) {
	for q, want := range map[string]string{
		"show the manual for ls":                                       "ls",
		"open the man page of grep":                                    "grep",
		"What is the shell command that shows the manual page of tar?": "tar",
		"print the manual of the command rsync":                        "rsync",
		"how do I write a man page":                                    "",
		"show the documentation for nothing at all in the world":       "nothing",
	} {
		if got := ManualOf(q); got != want {
			t.Errorf("ManualOf(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestListsUserProcesses(t *testing.T) {
	readsAs(t, "ListsUserProcesses", func(q string) bool { return ListsUserProcesses(q, Read(q).Args) }, map[string]bool{
		"Show the processes owned by the user www-data.": true,
		"show running processes for the user alice":      true,
		"kill the processes of the user bob":             false,
		"show the files owned by the user bob":           false,
	})
}
