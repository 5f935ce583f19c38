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

// A value an option takes, listed as an item of its own, is a step that
// types the option with it: nl's "a" under "STYLE is one of:", cp's
// "none, off" under the paragraph that names --backup. Fields a program
// prints, listed under a paragraph that names the option printing them,
// are no values.
func TestValueOf(t *testing.T) {
	item := func(term, text string) document.Block {
		return document.Block{Kind: document.Item, Term: term, Text: text}
	}
	para := func(text string) document.Block { return document.Block{Kind: document.Para, Text: text} }
	doc := func(blocks ...document.Block) *document.Document {
		return &document.Document{Sections: []document.Section{{Title: "DESCRIPTION", Blocks: blocks}}}
	}
	nl := doc(item("-b, --body-numbering=STYLE", "use STYLE for numbering body lines"),
		item("-n, --number-format=FORMAT", "insert line numbers according to FORMAT"),
		para("STYLE is one of:"), item("a", "number all lines"), item("t", "number only nonempty lines"),
		para("FORMAT is one of:"), item("ln", "left justified"), item("rz", "right justified, leading zeros"))
	cp := doc(item("--backup[=CONTROL]", "make a backup of each existing destination file"),
		item("-S, --suffix=SUFFIX", "override the usual backup suffix"),
		para("The backup suffix is '~', unless set with --suffix. The version control method may be selected via the --backup option. Here are the values:"),
		item("none, off", "never make backups"), item("numbered, t", "make numbered backups"))
	// an operand written NAME=VALUE takes values as an option does
	dd := doc(item("conv=CONVS", "convert the file as per the comma separated symbol list"),
		para("Each CONV symbol may be:"), item("lcase", "change upper case to lower case"))
	fields := doc(item("--query-swdb=PACKAGE", "query the software version database"),
		para("The --query-swdb command prints these fields:"), item("reldate", "the release date"))
	// the argument named in lowercase, its option's comma missing
	stat := doc(item("-c --format=FORMAT", "use the specified FORMAT instead of the default"),
		para("The valid format sequences for files (without --file-system):"), item("%s", "total size, in bytes"))
	// introduced by the option's text, "See DIGEST below"
	cksum := doc(item("-a, --algorithm=TYPE", "select the digest type to use.  See DIGEST below."),
		para("DIGEST determines the digest algorithm and default output format:"), item("crc", "(equivalent to cksum)"))
	// introduced by a heading of its own
	split := &document.Document{Sections: []document.Section{
		{Title: "DESCRIPTION", Blocks: []document.Block{item("-n, --number=CHUNKS", "generate CHUNKS output files")}},
		{Title: "CHUNKS may be:", Blocks: []document.Block{item("N", "split into N files based on size of input")}},
		{Title: "ATTRIBUTES", Blocks: []document.Block{item("a", "append only")}},
	}}
	// a format's placeholder goes to the option that takes a format,
	// not to one whose argument the list's introduction names
	gitLog := doc(item("--ancestry-path[=<commit>]", "only display commits that are ancestors of <commit>"),
		item("--date=<format>", "only takes effect for dates shown in human-readable format"),
		item("--pretty[=<format>], --format=<format>", "pretty-print the contents of the commit logs in a given format"),
		para("Placeholders that expand to information extracted from the commit:"), item("%S", "ref name given on the command line"))
	if got := valueOf(gitLog, 0, 4); got != "--format=%S" {
		t.Errorf("valueOf(%%S) = %q, want --format=%%S", got)
	}
	if got := valueOf(split, 1, 0); got != "-n N" {
		t.Errorf("valueOf under the heading %q = %q, want -n N", split.Sections[1].Title, got)
	}
	if got := valueOf(split, 2, 0); got != "" {
		t.Errorf("valueOf under the heading %q = %q, want none", split.Sections[2].Title, got)
	}
	for _, tc := range []struct {
		d    *document.Document
		blk  int
		want string
	}{
		{stat, 2, "-c %s"}, {cksum, 2, "-a crc"},
		{nl, 3, "-b a"}, {nl, 4, "-b t"}, {nl, 7, "-n rz"},
		{cp, 3, "--backup=none"}, {cp, 4, "--backup=numbered"},
		{fields, 2, ""},
		{dd, 2, "conv=lcase"},
		{nl, 0, ""}, // an option is no value
		{nl, 2, ""}, // nor a paragraph
	} {
		if got := valueOf(tc.d, 0, tc.blk); got != tc.want {
			t.Errorf("valueOf(%q) = %q, want %q", tc.d.Sections[0].Blocks[tc.blk].Term, got, tc.want)
		}
	}
}

// A setting or operand a page lists is typed as one types it.
func TestOperandTerm(t *testing.T) {
	for term, want := range map[string]string{
		"* size": "size", "rows N": "rows N", "[-]echo": "echo", "* [-]ofdel": "ofdel", "count=N": "count=N",
		"-a, --all": "", "LC_ALL": "", "Special settings:": "",
	} {
		if got := operandTerm(term); got != want {
			t.Errorf("operandTerm(%q) = %q, want %q", term, got, want)
		}
	}
}

// An option written without a dash among dashed ones is typed so, and a
// letter of a symbolic mode is set with it: `ps H`, `chattr +i files...`.
func TestBareOptionAndModeLetter(t *testing.T) {
	item := func(term string) document.Block { return document.Block{Kind: document.Item, Term: term, Text: "x"} }
	ps := &document.Document{Sections: []document.Section{
		{Title: "THREAD DISPLAY", Blocks: []document.Block{item("H"), item("-L"), item("p pidlist")}},
		{Title: "PROCESS STATE CODES", Blocks: []document.Block{item("D"), item("R")}},
	}}
	for _, tc := range []struct {
		sec  int
		term string
		want bool
	}{{0, "H", true}, {0, "p pidlist", true}, {1, "D", false}, {0, "-L", false}} {
		if got := bareOption(ps, tc.sec, tc.term); got != tc.want {
			t.Errorf("bareOption(%q) = %v, want %v", tc.term, got, tc.want)
		}
	}
	chattr := &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "chattr [ -RVf ] [ -v version ] [ mode ] files..."}}},
		{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: "The format of a symbolic mode is +-=[aAcCdDeFijmPsStTux]."}}},
	}}
	if !modeLetter(chattr, "i") {
		t.Error("modeLetter(i) = false, want true")
	}
	if modeLetter(chattr, "b") {
		t.Error("modeLetter(b) = true, want false")
	}
	if modeLetter(ps, "H") {
		t.Error("modeLetter on a page without a mode = true, want false")
	}
	if got := modeOperands(chattr); got != " files..." {
		t.Errorf("modeOperands = %q, want files...", got)
	}
}

// An option its page says is used only with another is typed with it:
// usermod's -a, "Use only with the -G option.", alone adds to no group.
func TestRequiredCompanion(t *testing.T) {
	item := func(term, text string) passage {
		return passage{block: document.Block{Kind: document.Item, Term: term, Text: text}}
	}
	a := item("-a, --append", "Add the user to the supplementary group(s). Use only with the -G option.")
	a.blk = 1
	g := item("-G, --groups GROUP1[,GROUP2,...[,GROUPN]]]", "A list of supplementary groups.")
	g.blk = 2
	items := map[string]passage{"-a": a, "--append": a, "-G": g, "--groups": g}
	if got := required(items, []passage{a}, nil, nil); len(got) != 2 || got[1].blk != g.blk {
		t.Errorf("required(-a) = %v, want -a with -G", got)
	}
	if got := required(items, []passage{g}, nil, nil); got != nil {
		t.Errorf("required(-G) = %v, want none", got)
	}

	// id's -n modifies -u, -g or -G: typed with the one the question
	// asks for, and ahead of it ("-un"); with the first where it asks
	// for none
	n := item("-n, --name", "print a name instead of a number, for -ugG")
	n.blk = 1
	u := item("-u, --user", "print only the effective user ID")
	u.blk, u.cov = 2, []float64{0, 1, 0}
	gr := item("-g, --group", "print only the effective group ID")
	gr.blk = 3
	ids := map[string]passage{"-n": n, "-u": u, "-g": gr}
	weights := []float64{1, 1, 1} // "print", "user", "name"
	if got := required(ids, []passage{n}, weights, nil); len(got) != 2 || got[0].blk != u.blk || got[1].blk != n.blk {
		t.Errorf("required(-n) for a user's name = %v, want -u then -n", got)
	}
	u.cov = nil
	ids["-u"] = u
	gr.cov = []float64{0, 1, 0}
	ids["-g"] = gr
	if got := required(ids, []passage{n}, weights, nil); len(got) != 2 || got[0].blk != gr.blk {
		t.Errorf("required(-n) for a group's name = %v, want -g then -n", got)
	}
	gr.cov = nil
	ids["-g"] = gr
	if got := required(ids, []passage{n}, weights, map[string]float64{"-g": 0.4, "-u": 0.2}); len(got) != 2 || got[0].blk != gr.blk {
		t.Errorf("required(-n), neither asked for = %v, want the one people run most, -g", got)
	}
	if got := required(ids, []passage{n}, weights, nil); len(got) != 2 || got[0].blk != u.blk {
		t.Errorf("required(-n), neither asked for nor run = %v, want the first, -u", got)
	}
	if got := required(ids, []passage{u}, weights, nil); got != nil {
		t.Errorf("required(-u) = %v, want none: it modifies nothing", got)
	}
}

// A step that sets an option's value runs the program on the files the
// question names, where its synopsis takes files after its options; not
// on the file a result goes to. This machine's stat(1) and od(1).
func TestValueStepFiles(t *testing.T) {
	leadsWith(t, New(), "stat", machinePage(t, "/usr/share/man/man1/stat.1.gz"), []lead{
		{"with stat, show the inode number of report.pdf", "`stat -c %i report.pdf`"},
		{"with stat, show only the size of data.bin in bytes", "`stat -c %s data.bin`"},
	})
	// the file a result goes to is no file the program reads
	od := &source{doc: &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Code, Text: "od [OPTION]... [FILE]..."}}},
	}}}
	c := &composition{ops: []operand{{kind: analyse.ArgFile, text: "firmware.bin"}, {kind: analyse.ArgFile, text: "firmware.hex", to: true}}}
	if got := c.filesTaken(od); got != " firmware.bin" {
		t.Errorf("filesTaken = %q, want firmware.bin alone", got)
	}
}

// A value the question names literally goes before one of the same list
// it does not name: "a SHA256 checksum" is cksum's -a sha256, not crc,
// which scored first for the checksum every value computes. Where the
// question names none, the order stays.
func TestNamedValueFirst(t *testing.T) {
	item := func(term, text string) document.Block {
		return document.Block{Kind: document.Item, Term: term, Text: text}
	}
	doc := &document.Document{Sections: []document.Section{{Title: "DESCRIPTION", Blocks: []document.Block{
		item("-a, --algorithm=TYPE", "select the digest type to use.  See DIGEST below."),
		{Kind: document.Para, Text: "DIGEST determines the digest algorithm and default output format:"},
		item("crc", "(equivalent to cksum)"), item("sha256", "(equivalent to sha256sum)"),
		item("-c, --check", "read checksums from the FILEs and check them"),
	}}}}
	s := &source{doc: doc}
	p := func(blk int) passage { return passage{blk: blk, block: doc.Sections[0].Blocks[blk]} }
	chosen := []passage{p(2), p(4), p(3)}
	for q, want := range map[string]string{
		"compute a SHA256 checksum of a file with cksum": "sha256",
		"compute the checksum of a file":                 "crc",
	} {
		c := &composition{seq: strings.Fields(q)}
		if got := c.namedValueFirst(s, slices.Clone(chosen))[0].block.Term; got != want {
			t.Errorf("%q: %s leads, want %s", q, got, want)
		}
	}
}

// A format placeholder of the leading option goes first, so the option
// is typed with it: stat's %G before -c; a range of cut's -f does not.
func TestValueOfLeadFirst(t *testing.T) {
	item := func(term, text string) document.Block {
		return document.Block{Kind: document.Item, Term: term, Text: text}
	}
	para := func(text string) document.Block { return document.Block{Kind: document.Para, Text: text} }
	doc := func(title string, blocks ...document.Block) *source {
		return &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Section: "1", Title: title}},
			doc: &document.Document{Sections: []document.Section{{Title: "OPTIONS", Blocks: blocks}}}}
	}
	stat := doc("stat", item("-c --format=FORMAT", "use the specified FORMAT instead of the default"),
		para("The valid format sequences for files:"), item("%G", "group name of owner"))
	cut := doc("cut", item("-f, --fields=LIST", "select only these fields"),
		para("Each LIST is made up of one range:"), item("N-", "from N'th field to end of line"))
	c := &composition{}
	for _, tc := range []struct {
		s    *source
		want string
	}{{stat, "%G"}, {cut, "-f, --fields=LIST"}} {
		bs := tc.s.doc.Sections[0].Blocks
		chosen := []passage{{blk: 0, block: bs[0]}, {blk: 2, block: bs[2]}}
		if got := c.valueOfLeadFirst(tc.s, chosen)[0].block.Term; got != tc.want {
			t.Errorf("%s: %s first, want %s", tc.s.hit.Meta.Title, got, tc.want)
		}
	}
}
