package document

import (
	"slices"
	"testing"
)

// umount(8)'s first synopsis form unmounts everything; the plain form
// follows it.
func TestSynopsisPlainForm(t *testing.T) {
	doc := func(text string) *Document {
		return &Document{Sections: []Section{{Title: "SYNOPSIS", Blocks: []Block{{Kind: Para, Text: text}}}}}
	}
	for text, want := range map[string]string{
		"umount -a [-dflnrv] [-t fstype] [-O option...]\numount [-dflnrv] {directory|device}\numount -h|-V": "umount [-dflnrv] {directory|device}",
		"ls [OPTION]... [FILE]...":                                                       "ls [OPTION]... [FILE]...",
		"xxd -h[elp]\nxxd [options] [infile [outfile]]":                                  "xxd [options] [infile [outfile]]",
		"tar -A [OPTIONS] ARCHIVE ARCHIVE\ntar -c [-f ARCHIVE] [OPTIONS] [FILE...]":      "tar -A [OPTIONS] ARCHIVE ARCHIVE",
		"ptx [OPTION]... [INPUT]...   (without -G)\nptx -G [OPTION]... [INPUT [OUTPUT]]": "ptx [OPTION]... [INPUT]...",
		"ls [OPTION]... [FILE]... (1)":                                                   "ls [OPTION]... [FILE]... (1)",
		// the help form, and a form of options alone, do not mount anything
		"mount [-h|-V]\nmount [-l] [-t fstype]\nmount -a [-fFnrsvw] [-t fstype]\nmount [-fnrsvw] [-o options] device|mountpoint": "mount [-fnrsvw] [-o options] device|mountpoint",
		"echo [SHORT-OPTION]... [STRING]...\necho LONG-OPTION":                                                                   "echo [SHORT-OPTION]... [STRING]...",
		"zstdmt is equivalent to zstd -T0\nunzstd is equivalent to zstd -d":                                                      "",
		// one form over several lines, its operand on the last
		"strings [-afovV] [-min-len]\n[-n min-len] [--bytes=min-len]\n[--help] [--version] file...": "strings [-afovV] [-min-len] [-n min-len] [--bytes=min-len] [--help] [--version] file...",
		// two ways to give one operand are no actions
		"chmod [OPTION]... MODE[,MODE]... FILE...\nchmod [OPTION]... OCTAL-MODE FILE...\nchmod [OPTION]... --reference=RFILE FILE...": "chmod [OPTION]... MODE[,MODE]... FILE...",
		// a C page's prototype, not its header
		"#include <signal.h>\nint kill(pid_t pid, int sig);":                                                    "int kill(pid_t pid, int sig);",
		"#include <sys/mount.h>\nint mount(const char *source, const char *target,\nunsigned long mountflags);": "int mount(const char *source, const char *target, unsigned long mountflags);",
		// a bracket left open goes on on the next line; a form of one of
		// the command's actions (add, del) is not its plain form
		"route [-CFvnNee] [-A family |-4|-6]\nroute [-v] add [-net|-host] target [gw\nGw] [metric N]":                                     "route [-v] add [-net|-host] target [gw Gw] [metric N]",
		"route [-CFvnNee] [-A family |-4|-6]\nroute [-v] add [-net|-host] target [gw\nGw] [metric N]\nroute [-v] del [-net|-host] target": "route [-CFvnNee] [-A family |-4|-6]",
		"lz4 [OPTIONS] [-|INPUT-FILE] OUTPUT-FILE\nunlz4 [OPTIONS] [-|INPUT-FILE] OUTPUT-FILE":                                            "lz4 [OPTIONS] [-|INPUT-FILE] OUTPUT-FILE",
		// a subcommand's page: the form without an action of its own,
		// however far down, runs it; its optional words the steps tell
		"git stash list [<log-options>]\ngit stash show [<stash>]\ngit stash drop [-q] [<stash>]\ngit stash pop [<stash>]\ngit stash apply [<stash>]\ngit stash branch <branchname> [<stash>]\ngit stash [push [-p | --patch] [-m <message>]\n[--] [<pathspec>...]]\ngit stash clear": "git stash",
		"git remote add <name> <url>\ngit remote rename <old> <new>\ngit remote remove <name>":         "git remote add <name> <url>",
		"git worktree add [-f] <path> [<commit-ish>]\ngit worktree list [-v]\ngit worktree [-q] prune": "git worktree add [-f] <path> [<commit-ish>]",
		"git remote [-v | --verbose]\ngit remote add <name> <url>":                                     "git remote",
		// a synopsis as --help prints it, "Usage:" and all
		"Usage: sha3sum [OPTION]... [FILE]...\nPrint or check SHA3 checksums.": "sha3sum [OPTION]... [FILE]...",
	} {
		if got := Synopsis(doc(text)); got != want {
			t.Errorf("Synopsis(%q) = %q, want %q", text, got, want)
		}
	}
}

// route(8) tags each synopsis form with its command's name (.TP, .B
// route): the forms are the tags with their text, one a line.
func TestSynopsisTaggedForms(t *testing.T) {
	doc := &Document{Sections: []Section{{Title: "SYNOPSIS", Blocks: []Block{
		{Kind: Para, Text: "route [-CFvnNee] [-A family |-4|-6]"},
		{Kind: Item, Term: "route", Text: "[-v] [-A family |-4|-6] add [-net|-host] target [netmask Nm] [gw\nGw] [metric N]"},
		{Kind: Item, Term: "route", Text: "[-v] [-A family |-4|-6] del [-net|-host] target [gw Gw]"},
	}}}}
	want := []string{
		"route [-CFvnNee] [-A family |-4|-6]",
		"route [-v] [-A family |-4|-6] add [-net|-host] target [netmask Nm] [gw Gw] [metric N]",
		"route [-v] [-A family |-4|-6] del [-net|-host] target [gw Gw]",
	}
	if got := SynopsisLines(doc); !slices.Equal(got, want) {
		t.Errorf("SynopsisLines = %q, want %q", got, want)
	}
	if got := Synopsis(doc); got != want[0] {
		t.Errorf("Synopsis = %q, want %q", got, want[0])
	}
}
