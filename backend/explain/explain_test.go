package explain

import (
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/cmdline"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
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
		{"+|-r [t[m<fmt>]]", []string{"+r", "-r"}, optional},
		{"-Dname[=value]", []string{"-Dname", "-D"}, required},
		{"-Ttype", []string{"-Ttype", "-T"}, required},
		{"-Wall", []string{"-Wall"}, none},
		{"-name pattern", []string{"-name"}, required},
	} {
		names, arg := optionTerm(tc.term)
		if !slices.Equal(names, tc.names) || arg != tc.arg {
			t.Errorf("optionTerm(%q) = %q, %d; want %q, %d", tc.term, names, arg, tc.names, tc.arg)
		}
	}
}

// TestOptionsLayouts: the layouts of option lists beside the tagged
// item: a bulleted list nested in an item's text (jps's -mlvV), a
// heading per option (Perl's POD), a bulleted item whose text starts
// with the option.
func TestOptionsLayouts(t *testing.T) {
	d := &document.Document{Sections: []document.Section{
		{Title: "OPTIONS", Blocks: []document.Block{
			{Kind: document.Item, Term: "-mlvV", Text: "Any combination.\n•\n-m displays the arguments.\n•\n-l displays the full package name."},
			{Kind: document.Item, Term: "•", Text: "-q suppresses the class name."},
			{Kind: document.Item, Term: "[-d exdir]", Text: "An optional directory to extract files into."},
		}},
		{Title: "-f", Blocks: []document.Block{
			{Kind: document.Code, Text: "-f from_format"},
			{Kind: document.Para, Text: "Reads data in the given format."},
		}},
		{Title: "NOTES", Blocks: []document.Block{{Kind: document.Para, Text: "-z is not an option entry, but a sentence."}}},
	}}
	opts := options(d)
	for name, want := range map[string]string{
		"-m": "displays the arguments.",
		"-l": "displays the full package name.",
		"-q": "suppresses the class name.",
		"-f": "Reads data in the given format.",
		"-d": "An optional directory to extract files into.",
	} {
		if got := opts[name].desc; got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if o, ok := opts["-z"]; ok {
		t.Errorf("-z, named in a sentence, became an entry: %+v", o)
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

// TestClusterDigits: digits after an option letter in a cluster are the
// option's value unless the page documents them as options: tput -T5620
// is -T and "5620", not -T -5 -6 -2 -0; kill's -9 stays an option.
func TestClusterDigits(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
		{Kind: document.Para, Text: "If -T is specified, the variables are ignored."},
		{Kind: document.Item, Term: "-9", Text: "Kill for sure."},
		{Kind: document.Item, Term: "-s", Text: "Be silent."},
	}}}}
	for line, want := range map[string][]string{
		"-T5620": {"-T", "5620"},
		"-s9":    {"-s", "-9"},
		"-s":     {"-s"},
	} {
		p := &page{meta: index.Meta{Label: "x(1)"}, doc: d, opts: options(d)}
		e := &explainer{out: &proto.Explanation{}}
		e.cluster(cmdline.Word{Text: line, Raw: line, End: len(line)}, p)
		var got []string
		for _, part := range e.out.Parts {
			got = append(got, part.Text)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: parts %q, want %q", line, got, want)
		}
	}
}

// TestSynopsisArg: an option the page names only in running text takes
// a value when its SYNOPSIS shows one.
func TestSynopsisArg(t *testing.T) {
	d := &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "grog [-C] [-T device] [--run] [-A family | -4 | -6] [-q]"}}},
	}}
	for name, want := range map[string]argKind{"-T": required, "-C": none, "-4": none, "-6": none, "-q": none, "-x": none} {
		if got := synopsisArg(d, name); got != want {
			t.Errorf("synopsisArg(%s) = %d, want %d", name, got, want)
		}
	}
}

func TestDefining(t *testing.T) {
	for _, tc := range []struct {
		sentence, name string
		want           bool
	}{
		{"The option -v or --version prints information on the version number.", "-v", true},
		{"The option -v or --version prints information on the version number.", "--version", true},
		{"The command --list-domains prints all configured domains.", "--list-domains", true},
		{"The --recurse option can be used to introspect children.", "--recurse", true},
		{"The --recurse and --only-properties options can be useful.", "--only-properties", true},
		{"You can use -6 as an alias for --inet6 and -4 as an alias for -A inet", "-6", true},
		{"-q suppresses the output.", "-q", true},
		{"Only used if -a or -l is specified.", "-l", false},
		{"If -T is specified, then the shell variables are ignored.", "-T", false},
		{"Alternate signals may be specified in three ways: -9, -SIGKILL or -KILL.", "-9", false},
		{"The option -v or --version prints information.", "-x", false},
		{"The options -fhklw are also supported.", "-l", false},
	} {
		if got := defining(tc.sentence, tc.name); got != tc.want {
			t.Errorf("defining(%q, %s) = %v, want %v", tc.sentence, tc.name, got, tc.want)
		}
	}
}

// TestLongCluster: a cluster longer than any program's options is one
// unknown part, not a part per letter (65,000 letters took 20 s and a
// reply of 13 MB); one of maxCluster letters is still read letter by
// letter.
func TestLongCluster(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
		{Kind: document.Item, Term: "-a", Text: "Show all."},
	}}}}
	for _, tc := range []struct {
		letters, parts int
	}{{maxCluster, maxCluster}, {maxCluster + 1, 1}, {65000, 1}} {
		p := &page{meta: index.Meta{Label: "ls(1)"}, doc: d, opts: options(d)}
		e := &explainer{out: &proto.Explanation{}}
		line := "-" + strings.Repeat("a", tc.letters)
		e.cluster(cmdline.Word{Text: line, Raw: line, End: len(line)}, p)
		if len(e.out.Parts) != tc.parts {
			t.Errorf("%d letters: %d parts, want %d", tc.letters, len(e.out.Parts), tc.parts)
			continue
		}
		if got := e.out.Parts[0]; tc.parts == 1 && (got.Kind != proto.PartUnknown || got.Span != [2]int{0, len(line)} ||
			got.Page != "ls(1)" || !strings.Contains(got.Description, "not read as options")) {
			t.Errorf("%d letters: %+.80v", tc.letters, got)
		}
	}
}

// TestUnnamedLookedUpOnce: an option the page does not name is looked
// for in its text once, however often the line repeats it.
func TestUnnamedLookedUpOnce(t *testing.T) {
	d := &document.Document{Sections: []document.Section{{Title: "DESCRIPTION", Blocks: []document.Block{
		{Kind: document.Para, Text: strings.Repeat("The program lists what it is given. ", 200)},
	}}}}
	p := &page{meta: index.Meta{Label: "ls(1)"}, doc: d, opts: options(d)}
	if _, ok := p.lookup("-q"); ok {
		t.Fatal("-q found")
	}
	if n := testing.AllocsPerRun(10, func() { p.lookup("-q") }); n != 0 {
		t.Errorf("looking up -q again: %v allocations, want 0 (the page read again)", n)
	}
}

// BenchmarkLongCluster: ls -aaaa... with 65,000 letters.
func BenchmarkLongCluster(b *testing.B) {
	d := &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
		{Kind: document.Item, Term: "-a", Text: "Show all."},
	}}}}
	line := "-" + strings.Repeat("a", 65000)
	for b.Loop() {
		p := &page{meta: index.Meta{Label: "ls(1)"}, doc: d, opts: options(d)}
		e := &explainer{out: &proto.Explanation{}}
		e.cluster(cmdline.Word{Text: line, Raw: line, End: len(line)}, p)
	}
}
