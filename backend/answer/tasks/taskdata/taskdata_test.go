package taskdata

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/tasks"
)

// The samples below are written for these tests, in each collection's
// format; none is taken from the collections.

func TestParseTldr(t *testing.T) {
	page := "# frob\n\n> Frobnicate widgets.\n> Works on gadgets too.\n> More information: <https://example.org/frob>.\n\n" +
		"- Frob a widget [q]uietly:\n\n`frob -q {{path/to/widget}}`\n\n" +
		"- List every gadget:\n\n`sudo frob --list`\n"
	got := ParseTldr("frob", page)
	want := []Pair{
		{Source: "tldr", Sheet: "frob", Desc: "Frobnicate widgets. Works on gadgets too.", Command: "frob", Summary: true},
		{Source: "tldr", Sheet: "frob", Desc: "Frob a widget quietly", Line: "frob -q {{path/to/widget}}", Command: "frob"},
		{Source: "tldr", Sheet: "frob", Desc: "List every gadget", Line: "sudo frob --list", Command: "frob"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestParseCheatsheet(t *testing.T) {
	sheet := "---\nsyntax: bash\ntags: [ widgets ]\n---\n" +
		"# To frob a widget\n# with a long description:\nfrob -w widget\nfrob --widget widget\n  continued line\n\n" +
		"# or:\nfrob -W widget\n\n# To count gadgets:\n\ngadget --count\n"
	got := ParseCheatsheet("frob", sheet)
	want := []Pair{
		{Source: "cheatsheets", Sheet: "frob", Desc: "To frob a widget with a long description", Line: "frob -w widget"},
		{Source: "cheatsheets", Sheet: "frob", Desc: "To frob a widget with a long description", Line: "frob --widget widget"},
		{Source: "cheatsheets", Sheet: "frob", Desc: "To frob a widget with a long description", Line: "frob -W widget"},
		{Source: "cheatsheets", Sheet: "frob", Desc: "To count gadgets", Line: "gadget --count"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestParseNavi(t *testing.T) {
	cheat := "% widgets, frob\n\n; a comment\n# Frob the widget\nfrob <widget> \\\n   | tee log\n\n" +
		"# Show a gadget\ngadget show <name>\n\n$ widget: ls widgets\n@ other\n% gadgets\nno description here\n"
	got := ParseNavi("misc/frob.cheat", cheat)
	want := []Pair{
		{Source: "navi", Sheet: "misc/frob.cheat", Desc: "Frob the widget", Line: "frob <widget>"},
		{Source: "navi", Sheet: "misc/frob.cheat", Desc: "Show a gadget", Line: "gadget show <name>"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestParseCheatSh(t *testing.T) {
	sheet := "# frob\n# Frobnicate widgets\n\n" +
		"# Frob every widget in a folder. This explains more,\n# over two lines.\n#\n# A second paragraph.\nfrob -r DIR\n" +
		"# The above, but quieter.\nfrob -rq DIR\n\n" +
		"# Count the gadgets\ngadget -c\ngadget -c\n" +
		"# Let the [o]wner e[x]ecute [PATH]\nfrob o+x PATH\n"
	got := ParseCheatSh("frob", sheet)
	want := []Pair{
		{Source: "cheat.sh", Sheet: "frob", Desc: "Frobnicate widgets", Summary: true},
		{Source: "cheat.sh", Sheet: "frob", Desc: "Frob every widget in a folder", Line: "frob -r DIR"},
		{Source: "cheat.sh", Sheet: "frob", Desc: "The above, but quieter", Line: "frob -rq DIR"},
		{Source: "cheat.sh", Sheet: "frob", Desc: "Count the gadgets", Line: "gadget -c"},
		{Source: "cheat.sh", Sheet: "frob", Desc: "Let the owner execute [PATH]", Line: "frob o+x PATH"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestCommandOf(t *testing.T) {
	known := map[string]bool{"frob-add": true}
	for _, c := range []struct{ line, want string }{
		{"frob -x", "frob"},
		{"sudo frob -x", "frob"},
		{"sudo -u alice frob", "frob"},
		{"sudo !!", ""},
		{"LANG=C frob", "frob"},
		{"env -i PATH=/bin frob", "frob"},
		{"$ frob", "frob"},
		{`\frob`, "frob"},
		{"cat notes | frob -n", "frob"},
		{"yes | frob", "frob"},
		{"cat notes", "cat"},
		{"frob add widget", "frob-add"},
		{"frob remove widget", "frob"},
		{"frob -v add", "frob"},
		{"<cmd> --help", ""},
		{"[PATH]", ""},
		{"for f in *; do frob $f; done", ""},
		{"0 1 * * *", ""},
		{":wq", ""},
		{"echo 'a|b' | frob", "frob"},
		{"frob || gadget", "frob"},
	} {
		if got := CommandOf(c.line, known); got != c.want {
			t.Errorf("CommandOf(%q) = %q, want %q", c.line, got, c.want)
		}
	}
}

func TestDocs(t *testing.T) {
	pairs := []Pair{
		{Command: "frob", Desc: "Frob  a widget", Line: "frob a"},
		{Command: "frob", Desc: "frob a widget", Line: "frob b"}, // the same description again
		{Command: "gadget", Desc: "Frob a widget", Line: "gadget"},
		{Command: "frob", Desc: "Frobnicate.", Summary: true},
		{Command: "frob", Desc: "the of a"}, // nothing but stopwords
	}
	if got := Docs(pairs, false); len(got) != 2 || got[0].Command != "frob" || got[1].Command != "gadget" {
		t.Errorf("Docs = %+v", got)
	}
	if got := Docs(pairs, true); len(got) != 3 {
		t.Errorf("Docs with summaries = %+v", got)
	}
}

func TestOptions(t *testing.T) {
	for _, c := range []struct {
		cmd, line string
		want      []string
	}{
		// tldr's alternatives are no pipe, and each is an option
		{"rm", "rm {{[-r|--recursive]}} {{path/to/directory}}", []string{"-r", "--recursive"}},
		// a cluster of letters is also its letters; a value after = goes
		{"tar", "tar -czf {{out.tar.gz}} --exclude={{*.o}} {{dir}}", []string{"-czf", "-c", "-z", "-f", "--exclude"}},
		// tar's first word may be a bundle without its dash
		{"tar", "tar xvf {{path/to/source.tar}} {{[-C|--directory]}} {{dir}}", []string{"-xvf", "-x", "-v", "-f", "-C", "--directory"}},
		{"tar", "tar {{path/to/a.tar}}", nil},
		// the options of the command filed under, not of what it pipes into
		{"ps", "ps aux | grep -i {{name}}", nil},
		{"grep", "ps aux | grep -i {{name}}", []string{"-i"}},
		// after -exec the options are the other command's; find's
		// single-dash options are words, not bundles of letters
		{"find", "find . -name '*.log' -exec rm -f {} \\;", []string{"-name", "-exec"}},
		// a number after an option is its value; a letter with digits
		// run into it is the letter; a number alone is an option
		{"find", "find . -mtime -2 -size {{[+-]10k}}", []string{"-mtime", "-size"}},
		{"cut", "cut -d , -f3 {{file}}", []string{"-d", "-f"}},
		{"kill", "kill -9 {{pid}}", []string{"-9"}},
		// a signal's name is no bundle of letters: kill's -KILL is no -K
		{"kill", "kill {{[-9|-KILL]}} {{pid}}", []string{"-9", "-KILL"}},
		{"pkill", "pkill -SIGHUP {{name}}", []string{"-SIGHUP"}},
		{"less", "less -RS {{file}}", []string{"-RS", "-R", "-S"}},
		// a subcommand filed as its page
		{"git-commit", "git commit --amend -m {{msg}}", []string{"--amend", "-m"}},
		// sudo and its options come before the command
		{"apt", "sudo -E apt install -y {{pkg}}", []string{"-y"}},
		// what follows ; or && is another command's
		{"mkdir", "mkdir -p {{dir}} && cd {{dir}} -P", []string{"-p"}},
	} {
		got := Options(Pair{Command: c.cmd, Line: c.line})
		if !slices.Equal(got, c.want) {
			t.Errorf("Options(%s, %q) = %q, want %q", c.cmd, c.line, got, c.want)
		}
	}
	if got := Options(Pair{Command: "rm", Desc: "Remove files.", Summary: true}); got != nil {
		t.Errorf("a summary: %q", got)
	}
}

func TestOptionDocs(t *testing.T) {
	pairs := []Pair{
		{Command: "rm", Desc: "Remove a directory recursively", Line: "rm {{[-r|--recursive]}} {{dir}}"},
		{Command: "rm", Desc: "remove a  directory recursively", Line: "rm -r {{dir}}"}, // the same again
		{Command: "rm", Desc: "Remove files", Line: "rm {{file}}"},
		{Command: "rm", Desc: "Remove files.", Summary: true},
	}
	var got []string
	for _, d := range OptionDocs(pairs) {
		got = append(got, d.Command)
	}
	if want := []string{"rm -r", "rm --recursive", "rm "}; !slices.Equal(got, want) {
		t.Errorf("OptionDocs: %q, want %q", got, want)
	}
}

// A ps line with BSD-style options ("ps aux") runs ps with options,
// though none an item is named after: it is neither a run without
// options nor one with the UNIX letters -a, -u, -x.
func TestOptionDocsBSD(t *testing.T) {
	pairs := []Pair{
		{Command: "ps", Desc: "List all running processes", Line: "ps aux"},
		{Command: "ps", Desc: "List every process in full format", Line: "ps -ef"},
		{Command: "ps", Desc: "List my processes", Line: "ps"},
	}
	var got []string
	for _, d := range OptionDocs(pairs) {
		got = append(got, d.Command)
	}
	if want := []string{"ps -ef", "ps -e", "ps -f", "ps "}; !slices.Equal(got, want) {
		t.Errorf("OptionDocs: %q, want %q", got, want)
	}
}

// A line that runs the command without options and pipes it into
// another, or runs another after it, is no run of the command without
// options: what "sort file | uniq" does is not sort's alone. Its options
// still count, and a tldr alternative ("{{[-r|--reverse]}}") is no pipe.
func TestOptionDocsPipeline(t *testing.T) {
	pairs := []Pair{
		{Command: "sort", Desc: "Sort a file and remove duplicate lines", Line: "sort {{file}} | uniq"},
		{Command: "sort", Desc: "Sort a file, then count its lines", Line: "sort {{file}} > out; wc -l out"},
		{Command: "sort", Desc: "Sort and show the top", Line: "sort {{file}} && head out"},
		{Command: "sort", Desc: "Sort numbers in reverse", Line: "sort -n {{file}} | head"},
		{Command: "sort", Desc: "Sort in reverse", Line: "sort {{[-r|--reverse]}} {{file}}"},
		{Command: "sort", Desc: "Sort a file", Line: "sort {{file}}"},
	}
	var got []string
	for _, d := range OptionDocs(pairs) {
		got = append(got, d.Command)
	}
	if want := []string{"sort -n", "sort -r", "sort --reverse", "sort "}; !slices.Equal(got, want) {
		t.Errorf("OptionDocs: %q, want %q", got, want)
	}
	for line, want := range map[string]bool{"sort a | uniq": true, "sort a; wc": true, "a && b": true, "a || b": true,
		"sort {{[-r|--reverse]}} a": false, "grep 'a|b' f": false, `echo "x; y"`: false, "sort a": false} {
		if got := runsOthers(line); got != want {
			t.Errorf("runsOthers(%q) = %v, want %v", line, got, want)
		}
	}
}

func TestLoadQuestions(t *testing.T) {
	dir := t.TempDir()
	set := "# id\tquestion\texpected\tmust\tkind\n" +
		"a1\tHow do I make my script runnable?\tchmod(1)\t+x\thowto\n" +
		"a2\tWhat is the bash command to count the lines in notes.txt?\twc(1)|grep(1)\t-l\thowto\n" +
		"a3\twhat does fork return\tfork(2)\t\thowto\n" + // not a command's page
		"a4\tlist the partitions\tlsblk(8)\t-l|--list|lsblk -l|-o NAME\thowto\n" +
		"a5\twho painted the Mona Lisa\t-\t\tnoanswer\n" +
		"a6\tsort a file numerically\tcoreutils: sort invocation|sort(1)\t-n\thowto\n" // an info node first
	if err := os.WriteFile(filepath.Join(dir, "dev-x.tsv"), []byte(set), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadQuestions(filepath.Join(dir, "dev-*.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds, descs []string
	for _, p := range got {
		cmds = append(cmds, p.Command)
		descs = append(descs, p.Desc)
		if p.Asked == "" || p.Source != "questions" || p.Sheet != "dev-x.tsv" {
			t.Errorf("pair %+v: want its question as asked, source questions, sheet dev-x.tsv", p)
		}
	}
	if want := []string{"chmod", "wc", "lsblk"}; !slices.Equal(cmds, want) {
		t.Errorf("commands %q, want %q", cmds, want)
	}
	// the framing and the file named are no words of wc's
	if d := descs[1]; strings.Contains(d, "bash") || strings.Contains(d, "notes") {
		t.Errorf("description %q keeps the framing or the argument", d)
	}
	// a question's line is its command with the options it mentions
	var lines []string
	for _, p := range got {
		lines = append(lines, p.Line)
	}
	if want := []string{"", "wc -l", "lsblk -l --list"}; !slices.Equal(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
	if _, err := LoadQuestions(filepath.Join(dir, "none-*.tsv")); err == nil {
		t.Error("a pattern that matches no set: want an error")
	}
}

// A question teaches its option only the words the command's lines
// without options do not say: rm's -I learns "ask", not "delete" and
// "files", which every rm line says.
func TestOptionDocsQuestionWords(t *testing.T) {
	pairs := []Pair{
		{Source: "tldr", Command: "rm", Desc: "Delete specific files", Line: "rm path/to/file"},
		{Source: "questions", Command: "rm", Desc: "delete files but ask before each one", Asked: "x", Line: "rm -I"},
		{Source: "tldr", Command: "rm", Desc: "Delete files interactively asking before each", Line: "rm -i path/to/file"},
	}
	for _, d := range OptionDocs(pairs) {
		switch d.Command {
		case "rm -I":
			if slices.Contains(d.Stems, tasks.Tokens("delete")[0]) || slices.Contains(d.Stems, tasks.Tokens("files")[0]) {
				t.Errorf("rm -I learns %q from the question, want only what rm's plain lines do not say", d.Stems)
			}
			if !slices.Contains(d.Stems, tasks.Tokens("ask")[0]) {
				t.Errorf("rm -I learns %q from the question, want ask among them", d.Stems)
			}
		case "rm -i":
			if !slices.Contains(d.Stems, tasks.Tokens("files")[0]) {
				t.Errorf("rm -i learns %q from tldr's line, want all of its words", d.Stems)
			}
		}
	}
}
