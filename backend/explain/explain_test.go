package explain

import (
	"slices"
	"testing"
)

func TestOptionTerm(t *testing.T) {
	for _, tc := range []struct {
		term  string
		names []string
		arg   argKind
	}{
		{"-x, --extract, --get", []string{"-x", "--extract", "--get"}, none},
		{"-f, --file=ARCHIVE", []string{"-f", "--file"}, required},
		{"--color[=WHEN]", []string{"--color"}, optional},
		{"-k --keep", []string{"-k", "--keep"}, none},
		{"-o FILE", []string{"-o"}, required},
		{"-m <msg>, --message=<msg>", []string{"-m", "--message"}, required},
		{"-name pattern", []string{"-name"}, required},
		{"-v, --invert-match", []string{"-v", "--invert-match"}, none},
		{"-b [[ID][±offset]|all], --boot[=[ID][±offset]|all]", []string{"-b", "--boot"}, optional},
		{"-V or --verbose", []string{"-V", "--verbose"}, none},
		{"-l, --list package-name-pattern...", []string{"-l", "--list"}, required},
		{"-i path --ignore=path", []string{"-i", "--ignore"}, required},
	} {
		names, arg := optionTerm(tc.term)
		if !slices.Equal(names, tc.names) || arg != tc.arg {
			t.Errorf("optionTerm(%q) = %q, %d; want %q, %d", tc.term, names, arg, tc.names, tc.arg)
		}
	}
}

func TestRedirection(t *testing.T) {
	for op, want := range map[string]string{
		">":    "write standard output to the file, replacing it",
		"2>":   "write standard error to the file, replacing it",
		">>":   "append standard output to the file",
		"2>&1": "send standard error where file descriptor 1 goes",
		">&2":  "send standard output where file descriptor 2 goes",
		"&>":   "write standard output and standard error to the file, replacing it",
		"<":    "read standard input from the file",
		"<<<":  "read standard input from the string (a here-string)",
	} {
		if got := redirection(op); got != want {
			t.Errorf("redirection(%q) = %q, want %q", op, got, want)
		}
	}
}

func TestTermLike(t *testing.T) {
	for text, want := range map[string]bool{
		"-T, --log-timing file":              true,
		"-l, --list package-name-pattern...": true,
		"--quiet":                            true,
		"-x is a flag. It does things.":      false,
		"files":                              false,
		"-n: the number of lines, at most 20, which the program reads from the start of the file": false,
	} {
		if got := termLike(text); got != want {
			t.Errorf("termLike(%q) = %v", text, got)
		}
	}
}
