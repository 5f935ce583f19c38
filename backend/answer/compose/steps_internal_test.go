package compose

import (
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// An option a page documents twice, in two sections, is one step:
// useradd's -s, for the account made and, under -D, for the defaults.
func TestStepOptionDocumentedTwice(t *testing.T) {
	shell := func(text string) document.Block {
		return document.Block{Kind: document.Item, Term: "-s, --shell SHELL", Text: text}
	}
	doc := &document.Document{Sections: []document.Section{
		{Title: "OPTIONS", Blocks: []document.Block{shell("The name of the user's login shell.")}},
		{Title: "CHANGING THE DEFAULT VALUES", Blocks: []document.Block{shell("The name of a new user's login shell.")}},
	}}
	s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Label: "useradd(8)", Title: "useradd", Names: []string{"useradd"}, Section: "8"}}, doc: doc}
	c := &composition{q: &answer.Question{}, citer: &answer.Citer{}}
	pl := &plan{s: s, shown: 2, chosen: []passage{
		{sec: 0, blk: 0, block: doc.Sections[0].Blocks[0], title: "OPTIONS"},
		{sec: 1, blk: 0, block: doc.Sections[1].Blocks[0], title: "CHANGING THE DEFAULT VALUES"},
	}}
	steps, _ := c.chosenSteps(pl)
	if len(steps) != 1 {
		t.Errorf("steps %q, want one", steps)
	}
}

// A bundle's letters are asked where each says a part of the question
// that the NAME line and the other letters do not: du's -s ("a total")
// and -h ("human readable"), not uname's -s ("kernel name") beside -r
// ("kernel release") for "print the running kernel release".
func TestLettersAsked(t *testing.T) {
	c := &composition{q: &answer.Question{Weights: []float64{1, 1, 1}}}
	letter := func(cov ...float64) passage { return passage{cov: cov} }
	given := []float64{1, 0, 0}
	if !c.lettersAsked([]passage{letter(0, 1, 0), letter(0, 0, 1)}, given) {
		t.Error("letters that each say a part of the question: not asked")
	}
	if c.lettersAsked([]passage{letter(0, 1, 0), letter(1, 1, 1)}, given) {
		t.Error("a letter that says nothing the other does not: asked")
	}
	if c.lettersAsked([]passage{letter(1, 0, 0), letter(0, 1, 1)}, given) {
		t.Error("a letter that says only what the NAME line does: asked")
	}
}

// An example item of a subcommand's page is the program's command line:
// ip-route(8)'s "ip ro" and "ip route show" run ip, typed as they are.
func TestStepSubcommandPageExample(t *testing.T) {
	item := func(term, text string) document.Block {
		return document.Block{Kind: document.Item, Term: term, Text: text}
	}
	doc := &document.Document{Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Para, Text: "ip [ ip-OPTIONS ] route { COMMAND | help }"}, {Kind: document.Para, Text: "ip route { show | flush } SELECTOR"}}},
		{Title: "EXAMPLES", Blocks: []document.Block{item("ip ro", "Show all route entries in the kernel.")}},
	}}
	s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Label: "ip-route(8)", Title: "ip-route", Names: []string{"ip-route"}, Section: "8"}}, doc: doc}
	c := &composition{q: &answer.Question{}, citer: &answer.Citer{}}
	if got := c.step(s, passage{sec: 1, blk: 0, block: doc.Sections[1].Blocks[0], title: "EXAMPLES"}); !strings.HasPrefix(got, "`ip ro`: ") {
		t.Errorf("step %q, want `ip ro` typed", got)
	}
}

// A bundle other people type is no step where a letter of it takes a
// value the question does not give: wget's "-qcO", whose -O FILE they
// give as "-" to print what they fetch, would write a download that is
// to be resumed into a file named FILE; its -c alone resumes it. A
// bundle whose letters take no value is typed as people type it.
func TestBundleLeavesNoValue(t *testing.T) {
	item := func(term, text string) document.Block {
		return document.Block{Kind: document.Item, Term: term, Text: text}
	}
	doc := &document.Document{Type: "man", Sections: []document.Section{{Title: "OPTIONS", Blocks: []document.Block{
		item("-q, --quiet", "Turn off the output."),
		item("-c, --continue", "Continue getting a partially-downloaded file."),
		item("-O file, --output-document=file", "The documents will be concatenated together and written to file."),
	}}}}
	s := &source{hit: answer.Hit{Doc: 7, Meta: index.Meta{Type: "man", Label: "fetch(1)", Title: "fetch", Names: []string{"fetch"}, Section: "1"}}, doc: doc}
	var ps []passage
	for bi, b := range doc.Sections[0].Blocks {
		ps = append(ps, passage{sec: 0, blk: bi, block: b, title: "OPTIONS"})
	}
	model, err := tasks.DefaultOptions()
	if err != nil {
		t.Fatal(err)
	}
	for bundle, want := range map[string]bool{"-qcO": false, "-qc": true} {
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, options: model, usageOf: 7, scored: true,
			scores: map[string]float64{"": 0.1, "-c": 0.9, "--continue": 0.9, bundle: 0.95}}
		c.beyond = beyondPlain(c.scores)
		got := c.bundle(s, ps, ps[1:2], true)
		typed := len(got) == len(bundle)-1
		if typed != want {
			t.Errorf("%s: bundle %v, typed as people type it: %v, want %v", bundle, got, typed, want)
		}
		for _, p := range got {
			if strings.HasPrefix(p.block.Term, "-O") && !want {
				t.Errorf("%s: bundle %v runs -O FILE, which the question never gave", bundle, got)
			}
		}
	}
}

// A command that writes no standard output keeps its result under the
// name the question gives by its option that names the output file:
// "save it as today.csv" is the fetcher's "-O file, --output-document",
// not its log's "-o logfile, --output-file", which the option model has
// people give less for the task. A command that writes its output has
// it redirected instead, and one whose synopsis has the file's place
// takes it there.
func TestOutputFileOption(t *testing.T) {
	item := func(term, text string) document.Block {
		return document.Block{Kind: document.Item, Term: term, Text: text}
	}
	page := func(synopsis, description string) *document.Document {
		return &document.Document{Type: "man", Sections: []document.Section{
			{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Para, Text: synopsis}}},
			{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: description}}},
			{Title: "OPTIONS", Blocks: []document.Block{
				item("-o logfile, --output-file=logfile", "Log all messages to logfile."),
				item("-O file, --output-document=file", "The documents will be concatenated together and written to file."),
			}},
		}}
	}
	model, err := tasks.DefaultOptions()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q, synopsis, description string
		want                     string // the option's term, "" for none
	}{
		{"Download https://example.com/a.csv and save it as today.csv", "fetch [option]... [URL]...", "Fetch is a downloader.", "-O file, --output-document=file"},
		{"Download https://example.com/a.csv and save it under the name b.csv", "fetch [option]... [URL]...", "Fetch is a downloader.", "-O file, --output-document=file"},
		{"Download https://example.com/a.csv", "fetch [option]... [URL]...", "Fetch is a downloader.", ""},
		{"Convert notes.txt and save it as out.txt", "fetch [option]... [FILE]...", "Write the result to standard output.", ""},
		{"Pack the folder site into site.zip", "fetch [zipfile [file ...]]", "Fetch packs files.", ""},
	} {
		a := analyse.Analyse(tc.q, nil)
		doc := page(tc.synopsis, tc.description)
		s := &source{hit: answer.Hit{Doc: 3, Meta: index.Meta{Type: "man", Label: "fetch(1)", Title: "fetch", Names: []string{"fetch"}, Section: "1"}}, doc: doc}
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, options: model, usageOf: 3, scored: true,
			scores: map[string]float64{"-O": 0.8, "-o": 0.3}, ops: operands(a.Question, a.Args)}
		c.beyond = beyondPlain(c.scores)
		p, ok := c.outputFile(s)
		got := ""
		if ok {
			got = p.block.Term
		}
		if got != tc.want {
			t.Errorf("%s: output option %q, want %q", tc.q, got, tc.want)
		}
	}
}

// What the question leaves out ("hide every file whose name ends in
// .bak", "leave out the .git folder") is no operand; the option that
// leaves things out takes it, quoted: ls's "--hide '*.bak'". An option
// whose name only says "ignore" and takes no pattern (grep's
// --ignore-case) is none.
func TestExclusionOption(t *testing.T) {
	for term, want := range map[string]bool{
		"--hide=PATTERN":          true,
		"-I, --ignore=PATTERN":    true,
		"--exclude PATTERN":       true,
		"--exclude=GLOB":          true,
		"-x, --exclude=PAT":       true,
		"-i, --ignore-case":       false,
		"--exclude-vcs":           false,
		"-X, --exclude-from=FILE": false,
	} {
		if got := exclusionOption(term); got != want {
			t.Errorf("exclusionOption(%q) = %v, want %v", term, got, want)
		}
	}
	for q, want := range map[string]string{
		"List the folder /srv/media but hide every file whose name ends in .bak.": "--hide '*.bak'",
		"make a tar archive of my project but leave out the .git folder":          "--hide .git",
		"list the folder /srv/media":                                              "--hide PATTERN",
	} {
		a := analyse.Analyse(q, nil)
		c := &composition{excluded: excludedOperands(a.Question, a.Args)}
		if got := c.excludedValue("--hide PATTERN"); got != want {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
		for _, op := range operands(a.Question, a.Args) {
			if strings.Contains(op.text, ".bak") || strings.Contains(op.text, ".git") {
				t.Errorf("%s: %q, which the question leaves out, is an operand", q, op.text)
			}
		}
	}
}

// The synopsis leads in place of an option it runs too, where it holds
// more of the question's operands: iconv's "[-f from-encoding] [-t
// to-encoding]" takes both ends of "from Windows-1252 to UTF-8", its -t
// alone one. A synopsis that does not run the option keeps to the rule
// before: the option leads.
func TestFillsBetterRunsOption(t *testing.T) {
	to := document.Block{Kind: document.Item, Term: "-t to-encoding, --to-code=to-encoding", Text: "Use to-encoding for output characters."}
	page := func(synopsis string) *document.Document {
		return &document.Document{Type: "man", Sections: []document.Section{
			{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Para, Text: synopsis}}},
			{Title: "DESCRIPTION", Blocks: []document.Block{{Kind: document.Para, Text: "Write the result to standard output."}}},
			{Title: "OPTIONS", Blocks: []document.Block{to}},
		}}
	}
	q := "Convert legacy.txt from the Windows-1252 character set to UTF-8 and save it as legacy-utf8.txt."
	for synopsis, want := range map[string]bool{
		"conv [-f from-encoding] [-t to-encoding] [inputfile]...": true,
		"conv [-J host] [inputfile]...":                           false,
	} {
		a := analyse.Analyse(q, nil)
		s := &source{hit: answer.Hit{Doc: 3, Meta: index.Meta{Type: "man", Label: "conv(1)", Title: "conv", Names: []string{"conv"}, Section: "1"}}, doc: page(synopsis)}
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, ops: operands(a.Question, a.Args), seq: a.Seq}
		c.takeEnds()
		if got := c.fillsBetter(s, passage{sec: 2, block: to, title: "OPTIONS"}, document.PlainForm(s.doc)); got != want {
			t.Errorf("%s: fillsBetter = %v, want %v", synopsis, got, want)
		}
	}
}

func TestUndoes(t *testing.T) {
	for _, tc := range []struct {
		verb, sentence string
		want           bool
	}{
		{"unlock", "Lock the password of the named account.", true},
		{"lock", "Unlock the password of the named account.", true},
		{"unlock", "Unlock the password of the named account.", false},
		{"lock", "Lock the password of the named account.", false},
		{"unmount", "Mount all filesystems mentioned in fstab.", true},
		{"list", "List packages matching given pattern.", false},
		{"", "Lock the password.", false},
	} {
		if got := undoes(tc.verb, tc.sentence); got != tc.want {
			t.Errorf("undoes(%q, %q) = %v, want %v", tc.verb, tc.sentence, got, tc.want)
		}
	}
}

// Over a lead no one gives for the task, an option the option model
// backs less surely than usageSure leads: ln's -s for a shortcut to a
// file in another folder, over -t, "specify the DIRECTORY in which to
// create the links", whose words say more of it.
func TestUsageOverUnused(t *testing.T) {
	s, ps := optionsPage("ln",
		"-t, --target-directory=DIRECTORY", "specify the DIRECTORY in which to create the links",
		"-s, --symbolic", "make symbolic links instead of hard links")
	t0, s1 := ps[0], ps[1]
	s1.beyond = 0.3
	said := s1
	said.beyond = 0
	for _, tc := range []struct {
		p      passage
		usages map[string]float64
		known  bool
		want   string
	}{
		{s1, map[string]float64{s1.block.Term: 0.65}, true, s1.block.Term},
		// the model must know the task's words of the command
		{s1, map[string]float64{s1.block.Term: 0.65}, false, t0.block.Term},
		// and be surer than usageOverUnused
		{s1, map[string]float64{s1.block.Term: 0.5}, true, t0.block.Term},
		// a lead people give too keeps it, under usageSure
		{s1, map[string]float64{s1.block.Term: 0.65, t0.block.Term: 0.4}, true, t0.block.Term},
		// unless people give the other twice as often
		{s1, map[string]float64{s1.block.Term: 0.65, t0.block.Term: 0.3}, true, s1.block.Term},
		{s1, map[string]float64{s1.block.Term: 0.75, t0.block.Term: 0.35}, true, s1.block.Term},
		// an option that says nothing beyond the NAME line does not
		// take it (mount's -o, in many a mount line, for a USB stick)
		{said, map[string]float64{s1.block.Term: 0.65}, true, t0.block.Term},
	} {
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, usageOf: 0, usagesRead: true, usages: tc.usages}
		got := c.usageFirst(s, []passage{t0, tc.p}, []passage{t0, tc.p}, tc.known)
		if got[0].block.Term != tc.want {
			t.Errorf("usages %v, known %v: first %q, want %q", tc.usages, tc.known, got[0].block.Term, tc.want)
		}
	}
}

// The option model reads a question without the words it negates, so
// an option whose text negates what the question does keeps the lead
// over one the model is sure of: grep's -v for "the lines that do not
// match", not -f, which people give to read patterns from a file.
func TestUsageFirstKeepsNegation(t *testing.T) {
	s, ps := optionsPage("grep",
		"-v, --invert-match", "Invert the sense of matching, to select non-matching lines.",
		"-f FILE, --file=FILE", "Obtain patterns from FILE, one per line.")
	v, f := ps[0], ps[1]
	v.beyond, f.beyond = 0.5, 0.2
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "lines", Alts: []analyse.Alt{{Stem: "line", Weight: 1}}},
		{Word: "match", Alts: []analyse.Alt{{Stem: "match", Weight: 1}}},
	}}
	for _, tc := range []struct {
		negated []bool
		want    string
	}{
		{[]bool{false, true}, v.block.Term},
		// where the question negates nothing, the model's sure option leads
		{nil, f.block.Term},
	} {
		c := &composition{q: q, citer: &answer.Citer{}, negated: tc.negated, usageOf: 0, usagesRead: true,
			usages: map[string]float64{f.block.Term: 0.85}}
		got := c.usageFirst(s, []passage{v, f}, []passage{v, f}, true)
		if got[0].block.Term != tc.want {
			t.Errorf("negated %v: first %q, want %q", tc.negated, got[0].block.Term, tc.want)
		}
	}
}

// optionsPage is a section 1 page of command whose OPTIONS are the
// items of termsAndTexts (a term, then its text), and those items as
// passages.
func optionsPage(command string, termsAndTexts ...string) (*source, []passage) {
	sec := document.Section{Title: "OPTIONS"}
	for i := 0; i+1 < len(termsAndTexts); i += 2 {
		sec.Blocks = append(sec.Blocks, document.Block{Kind: document.Item, Term: termsAndTexts[i], Text: termsAndTexts[i+1]})
	}
	doc := &document.Document{Sections: []document.Section{sec}}
	s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Label: command + "(1)", Title: command, Names: []string{command}, Section: "1"}}, doc: doc}
	var ps []passage
	for bi, b := range sec.Blocks {
		ps = append(ps, passage{sec: 0, blk: bi, block: b, title: sec.Title})
	}
	return s, ps
}

// A bundle people type that leaves out what the question does, where an
// option chosen says it, is no lead: "-czf", which creates a tarball, for
// "extract the archive", where -x says "extract"; -x with its companions
// is.
func TestBundleKeepsVerb(t *testing.T) {
	s, ps := optionsPage("tar",
		"-c, --create", "Create a new archive.",
		"-x, --extract", "Extract files from an archive.",
		"-z, --gzip", "Filter the archive through gzip(1).",
		"-f, --file=ARCHIVE", "Use archive file or device ARCHIVE.")
	s.doc.Type = "man"
	create, extract, gz, file := ps[0], ps[1], ps[2], ps[3]
	create.cov, extract.cov, gz.cov, file.cov = []float64{0, 1}, []float64{1, 1}, []float64{0, 1}, []float64{0, 1}
	ps = []passage{extract, gz, create, file}
	model, err := tasks.DefaultOptions()
	if err != nil {
		t.Fatal(err)
	}
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "extract", Alts: []analyse.Alt{{Stem: "extract", Weight: 1}}},
		{Word: "archive", Alts: []analyse.Alt{{Stem: "archiv", Weight: 1}}},
	}, Weights: []float64{1, 1}, Mass: 2}
	for _, tc := range []struct {
		verb int
		want string
	}{
		{0, "-x"},
		// a question whose verb no option says keeps what people type
		{-1, "-c"},
	} {
		c := &composition{q: q, citer: &answer.Citer{}, options: model, usageOf: 0, scored: true, verb: tc.verb,
			scores: map[string]float64{"": 0.1, "-czf": 0.95, "-xzf": 0.7, "-x": 0.6, "-c": 0.5, "-z": 0.4, "-f": 0.4}}
		c.beyond = beyondPlain(c.scores)
		pl := &plan{s: s, ps: ps, chosen: ps[:3], shown: 3, lead: true}
		b := c.leadBundle(pl)
		if b == nil || len(b.letters) == 0 || !slices.Contains(optionNames(b.letters[0].block.Term), tc.want) {
			t.Errorf("verb %d: bundle %+v, want it led by %s", tc.verb, b, tc.want)
		}
	}
}

// The Summary says to use the lead's line where it holds what the
// question works on, however close the next option scores: the first
// step's `grep -r timeout /etc`, not a bare `grep timeout /etc` that the
// step contradicts.
func TestSummaryUsesLineWithOperands(t *testing.T) {
	r := document.Block{Kind: document.Item, Term: "-r, --recursive", Text: "Read all files under each directory, recursively."}
	h := document.Block{Kind: document.Item, Term: "-h, --no-filename", Text: "Suppress the prefixing of file names on output."}
	doc := &document.Document{Type: "man", Sections: []document.Section{
		{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Para, Text: "grep [OPTION...] PATTERNS [FILE...]"}}},
		{Title: "OPTIONS", Blocks: []document.Block{r, h}},
	}}
	s := &source{hit: answer.Hit{Doc: 3, Meta: index.Meta{Type: "man", Label: "grep(1)", Title: "grep", Names: []string{"grep"}, Section: "1"}}, doc: doc}
	ps := []passage{{sec: 1, blk: 0, block: r, title: "OPTIONS", score: 1}, {sec: 1, blk: 1, block: h, title: "OPTIONS", score: 0.95}}
	for q, want := range map[string]string{
		"search /etc recursively for the word timeout": "Use `grep -r timeout /etc`: ",
		"search recursively for a word":                "",
	} {
		a := analyse.Analyse(q, nil)
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, ops: operands(a.Question, a.Args), seq: a.Seq}
		line := "grep -r PATTERNS [FILE...]"
		if len(c.ops) > 0 {
			line = "grep -r timeout /etc"
		}
		pl := &plan{s: s, ps: ps, chosen: ps[:1], lead: true, line: line, desc: r.Text}
		if got := c.secondSentence(pl, analyse.SceneHowTo); !strings.HasPrefix(got, want) || want == "" && strings.HasPrefix(got, "Use `") {
			t.Errorf("%s: second sentence %q, want %q", q, got, want)
		}
	}
}

// A line of code whose program's page never writes an option it gives
// (findutils' example "find / -owner OLDUSER", an option find never had)
// is no step; one whose options are all there, bundled (ls -la), with a
// value (tail -n5), or another program's (what -exec, xargs or a quoted
// line runs) still is.
func TestUndocumentedOption(t *testing.T) {
	c := &composition{lib: answer.NewLibrary(testindex.Must(t, testindex.Fixture))}
	for step, want := range map[string]bool{
		"`find / -owner OLDUSER -exec chown -h NEWUSER {} \\;` [3]": true,
		"`find / -user olduser -exec chown -h newuser {} \\;` [3]":  false,
		"`ls -la /tmp`; `tail -n5 log`":                             false,
		"`ls --colour-scheme=dark`":                                 true,
		"`find . -name '*.c' | xargs grep -l main`":                 false,
		"`env sh -c 'ls --nonsense'`":                               false,
		"`frobnicate --anything`":                                   false,
	} {
		if got := c.undocumented(step); got != want {
			t.Errorf("undocumented(%s) = %v, want %v", step, got, want)
		}
	}
}

// The option model backs no option that does a state things are found
// in, where the question names that state (doesState): dpkg's -i,
// "Install the package", for "which installed package holds this file",
// which the model scores for the word "installed" all the same.
func TestUsageNotOfState(t *testing.T) {
	s, _ := optionsPage("dpkg",
		"-i, --install package-file...", "Install the package.",
		"-S, --search filename-search-pattern...", "Search for a filename from installed packages.")
	s.doc.Type = "man"
	scores := map[string]float64{"": 0.1, "-i": 0.8, "-S": 0.6}
	for q, want := range map[string]bool{
		"which installed package holds the file /usr/bin/less": false,
		"install the package foo.deb":                          true,
	} {
		a := analyse.Analyse(q, analyse.Thesaurus)
		c := &composition{q: &answer.Question{Concepts: a.Concepts}, usageOf: 0, scored: true, scores: scores, beyond: beyondPlain(scores), options: &tasks.Model{}}
		u := c.usage(0, s.doc)
		if got := u["-i, --install package-file..."] > 0; got != want {
			t.Errorf("%q: usage of -i %v, want it backed %v", q, u, want)
		}
		if u["-S, --search filename-search-pattern..."] <= 0 {
			t.Errorf("%q: usage of -S %v, want it backed", q, u)
		}
	}
}

// An option whose long name is the question's word, which the option
// model is sure people give, leads where the model knows too little of
// the rest of the question to lead by itself: objdump's --disassemble,
// not -M, whose text names the disassembler.
func TestNamedUsedFirst(t *testing.T) {
	s, ps := optionsPage("objdump",
		"-M options, --disassembler-options=options", "Pass target specific information to the disassembler.",
		"-d, --disassemble", "Display the assembler mnemonics for the machine instructions from the input file.")
	s.doc.Type = "man"
	scores := map[string]float64{"": 0.05, "-d": 1, "--disassemble": 1, "-M": 0.2}
	for _, tc := range []struct {
		q     string
		known bool
		want  string
	}{
		{"how can I disassemble the object file prog.o", false, "-d, --disassemble"},
		{"how can I disassemble the object file prog.o", true, "-M options, --disassembler-options=options"},
		{"show the machine instructions of prog.o", false, "-M options, --disassembler-options=options"},
	} {
		a := analyse.Analyse(tc.q, analyse.Thesaurus)
		c := &composition{q: &answer.Question{Concepts: a.Concepts}, usageOf: 0, scored: true, scores: scores, beyond: beyondPlain(scores), options: &tasks.Model{}}
		got := c.namedUsedFirst(s, ps, slices.Clone(ps), tc.known)
		if got[0].block.Term != tc.want {
			t.Errorf("%q (known %v): %q leads, want %q", tc.q, tc.known, got[0].block.Term, tc.want)
		}
	}
}

// What a question says it wants instead of is no part of it that a flag
// could add: grep's -w, "whole words", beside -o for "the matched part
// instead of the whole line".
func TestAddedShareLeavesReplaced(t *testing.T) {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "part", Alts: []analyse.Alt{{Stem: "part", Weight: 1}}},
		{Word: "whole", Alts: []analyse.Alt{{Stem: "whole", Weight: 1}}},
		{Word: "line", Alts: []analyse.Alt{{Stem: "line", Weight: 1}}},
	}, Weights: []float64{1, 1, 1}}
	o := passage{cov: []float64{1, 0, 0}}
	w := passage{cov: []float64{0, 1, 1}}
	for text, added := range map[string]bool{
		"print the matched part instead of the whole line":  false,
		"print the matched part rather than the whole line": false,
		"print the matched part and the whole line":         true,
	} {
		c := &composition{q: q, text: text, replaced: replacedConcepts(q, text)}
		if got := c.addedShare([]passage{o}, w, nil); got > 0 != added {
			t.Errorf("%q: -w adds %.2f, want more than none: %v", text, got, added)
		}
	}
}

// A flag joins the lead's line where it does a part of the question the
// line leaves and people give it for the task; not where it is another
// of what the lead is one of, or shows what the lead sets. One the page
// says works only with the lead's joins where people give it at all.
func TestFlagAsked(t *testing.T) {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "a", Alts: []analyse.Alt{{Stem: "a", Weight: 1}}},
		{Word: "b", Alts: []analyse.Alt{{Stem: "b", Weight: 1}}},
	}, Weights: []float64{1, 1}}
	for _, tc := range []struct {
		name                 string
		lead, leadText, term string
		text                 string
		used                 float64
		cov                  []float64 // of the flag; the lead says concept a
		want                 bool
	}{
		{"tail", "-n, --lines=[+]NUM", "output the last NUM lines", "-f, --follow", "output appended data as the file grows", 0.6, []float64{0, 0.1}, true},
		{"touch", "-d, --date=STRING", "parse STRING and use it instead of current time", "-m", "change only the modification time", 0.8, []float64{0, 1}, true},
		{"few give it", "-n, --lines=[+]NUM", "output the last NUM lines", "-q, --quiet", "never output headers giving file names", 0.1, []float64{0, 1}, false},
		{"says little", "-n, --lines=[+]NUM", "output the last NUM lines", "-v, --verbose", "always output headers giving file names", 0.45, []float64{0, 0.05}, false},
		{"uniq", "-u, --unique", "only print unique lines", "-d, --repeated", "only print duplicate lines, one for each group", 0.5, []float64{0, 1}, false},
		{"objdump", "-d, --disassemble", "Display the assembler mnemonics for the machine instructions", "-D, --disassemble-all", "Like -d, but disassemble the contents of all sections.", 0.7, []float64{0, 1}, false},
		{"chage", "-d, --lastday LAST_DAY", "Set the number of days since January 1st, 1970 when the password was last changed.", "-l, --list", "Show account aging information.", 0.6, []float64{0, 1}, false},
		{"usermod", "-G, --groups GROUP1[,GROUP2,...[,GROUPN]]]", "A list of supplementary groups which the user is also a member of.", "-a, --append", "Add the user to the supplementary group(s). Use only with the -G option.", 0.2, []float64{0, 0}, true},
	} {
		s, ps := optionsPage(tc.name, tc.lead, tc.leadText, tc.term, tc.text)
		lead, p := ps[0], ps[1]
		lead.cov, p.cov = []float64{1, 0}, tc.cov
		c := &composition{q: q, citer: &answer.Citer{}}
		if got := c.flagAsked(s, []passage{lead}, p, tc.used, nil); got != tc.want {
			t.Errorf("%s: %s beside %s joins: %v, want %v", tc.name, tc.term, tc.lead, got, tc.want)
		}
	}
}

// Of two flags that each change only one of a file's times, the one the
// question's words choose joins the lead, whatever people give more;
// where the words say as much of each, the passage's own score decides.
// A flag that is no variant of the best stays out of it.
func TestAskedVariant(t *testing.T) {
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "date", Alts: []analyse.Alt{{Stem: "date", Weight: 1}}},
		{Word: "modification", Alts: []analyse.Alt{{Stem: "modif", Weight: 1}}},
	}, Weights: []float64{1, 1}}
	s, ps := optionsPage("touch",
		"-d, --date=STRING", "parse STRING and use it instead of current time",
		"-m", "change only the modification time",
		"-a", "change only the access time",
		"-c, --no-create", "do not create any files")
	d, m, a, c0 := ps[0], ps[1], ps[2], ps[3]
	d.cov, c0.cov = []float64{1, 0}, []float64{0, 0.5}
	used := map[string]float64{a.block.Term: 0.7, m.block.Term: 0.45, c0.block.Term: 0.6}
	for _, tc := range []struct {
		name       string
		mCov, aCov []float64
		score      float64 // -m's; -a's is 1
		want       string
	}{
		{"says more", []float64{0, 1}, []float64{0, 0.1}, 0.5, "-m"},
		{"says as much, scores more", []float64{0, 0.4}, []float64{0, 0.4}, 1.5, "-m"},
		{"says as much, scores less", []float64{0, 0.4}, []float64{0, 0.4}, 0.5, "-a"},
	} {
		mm, aa := m, a
		mm.cov, mm.score = tc.mCov, tc.score
		aa.cov, aa.score = tc.aCov, 1
		pl := &plan{s: s, chosen: []passage{d, mm, aa, c0}, shown: 4}
		c := &composition{q: q, citer: &answer.Citer{}}
		if got := pl.chosen[c.askedVariant(s, pl, []passage{d}, 2, used, nil)].block.Term; got != tc.want {
			t.Errorf("%s: %s joins, want %s", tc.name, got, tc.want)
		}
	}
	if variants("do not create any files", "change only the access time") || !variants("change only the access time", "change only the modification time") {
		t.Error("variants: -c is read as a variant of -a, or -m is not")
	}
}

// The option model's sure option does not take the lead from its
// variant that says more of the question: touch's -a, for "set the
// access time", over -m, which people give more.
func TestUsageFirstKeepsVariant(t *testing.T) {
	s, ps := optionsPage("touch",
		"-a", "change only the access time",
		"-m", "change only the modification time")
	a, m := ps[0], ps[1]
	m.beyond = 0.06
	for _, tc := range []struct {
		beyond float64 // -a's
		want   string
	}{{0.3, "-a"}, {0.02, "-m"}} {
		aa := a
		aa.beyond = tc.beyond
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, usageOf: 0, usagesRead: true,
			usages: map[string]float64{a.block.Term: 0.8, m.block.Term: 0.85}}
		if got := c.usageFirst(s, []passage{aa, m}, []passage{aa, m}, true)[0].block.Term; got != tc.want {
			t.Errorf("-a beyond %v: %s first, want %s", tc.beyond, got, tc.want)
		}
	}
}

// An option that only supposes what the question negates ("as if it did
// not contain matching data") does not lead for it; one that negates it
// does.
func TestNegationFirstSkipsSupposed(t *testing.T) {
	s, ps := optionsPage("grep",
		"-A NUM", "Print NUM lines of trailing context after matching lines.",
		"-I", "Process a binary file as if it did not contain matching data.",
		"-v, --invert-match", "Invert the sense of matching, to select non-matching lines.")
	ps[0].score, ps[1].score, ps[2].score = 1, 0.98, 0.95
	q := &answer.Question{Concepts: []analyse.Concept{
		{Word: "contain", Alts: []analyse.Alt{{Stem: "contain", Weight: 1}, {Stem: "match", Weight: 0.6}}},
		{Word: "lines", Alts: []analyse.Alt{{Stem: "line", Weight: 1}}},
	}, Weights: []float64{1, 1}}
	c := &composition{q: q, citer: &answer.Citer{}, negated: []bool{true, false}, text: "lines that do not contain draft"}
	got := c.negationFirst(s, ps, ps[:1])
	if got[0].block.Term != "-v, --invert-match" {
		t.Errorf("first %q, want -v", got[0].block.Term)
	}
}

// Where the synopsis's line leads, an option shown after it that takes
// a value the question gives and the line does not joins the line with
// it, and is no step of its own; an option whose value the line took
// already does not (timeout's DURATION takes the time, not -k's).
func TestSynopsisValues(t *testing.T) {
	page := func(name, synopsis string, term, text string) (*source, passage) {
		doc := &document.Document{Sections: []document.Section{
			{Title: "SYNOPSIS", Blocks: []document.Block{{Kind: document.Para, Text: synopsis}}},
			{Title: "OPTIONS", Blocks: []document.Block{{Kind: document.Item, Term: term, Text: text}}},
		}}
		s := &source{hit: answer.Hit{Meta: index.Meta{Type: "man", Label: name + "(1)", Title: name, Names: []string{name}, Section: "1"}}, doc: doc}
		return s, passage{sec: 1, blk: 0, block: doc.Sections[1].Blocks[0], title: "OPTIONS"}
	}
	for _, tc := range []struct {
		name, synopsis, term, text string
		ops                        []operand
		want                       []string
	}{
		{"column", "column [options] [file ...]", "-s, --separator separators", "Specify the possible input item delimiters (default is whitespace).",
			[]operand{{kind: analyse.ArgDelimiter, text: ","}}, []string{"-s", ","}},
		{"timeout", "timeout [OPTION] DURATION COMMAND [ARG]...", "-k, --kill-after=DURATION", "also send a KILL signal if COMMAND is still running this long after the initial signal was sent",
			[]operand{{kind: analyse.ArgDuration, text: "90 seconds"}}, nil},
	} {
		s, p := page(tc.name, tc.synopsis, tc.term, tc.text)
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, ops: tc.ops}
		pl := &plan{s: s, shown: 1, syn: tc.synopsis, chosen: []passage{p}}
		c.synopsisValues(s, pl)
		var got []string
		for _, v := range pl.valued {
			got = append(got, v.words...)
		}
		if !slices.Equal(got, tc.want) || len(tc.want) > 0 && !slices.Equal(pl.joined, []int{0}) {
			t.Errorf("%s: valued %q joined %v, want %q", tc.name, got, pl.joined, tc.want)
		}
	}
}

// The synopsis's line goes first, and a step after it that runs an
// option the line runs with a value is left out.
func TestWithoutRun(t *testing.T) {
	got := withoutRun("`mke2fs -L backup /dev/sdc1`: create [1]", []string{"`mke2fs -L new-volume-label`: Set the volume label [1]", "`mke2fs -J journal-options`: journal [1]"})
	want := []string{"`mke2fs -L backup /dev/sdc1`: create [1]", "`mke2fs -J journal-options`: journal [1]"}
	if !slices.Equal(got, want) {
		t.Errorf("withoutRun = %q, want %q", got, want)
	}
}

// beyondPlain is what each option of scores says beyond the command
// without options, for a model whose options say all that the plain
// command does: its score less the plain command's.
func beyondPlain(scores map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for o, v := range scores {
		if o != "" && v > scores[""] {
			out[o] = v - scores[""]
		}
	}
	return out
}

// The command without options is the best first step where people run
// it so for the task and no option chosen scores above it, though an
// option says a word of the question more than it (its usage beyond the
// plain command is above none): badblocks without -w, the write-mode
// test that destroys what is on the disk, to check a disk for bad
// blocks.
func TestPlainBestOverBeyond(t *testing.T) {
	s, ps := optionsPage("badblocks",
		"-w", "Use write-mode test.",
		"-s", "Show the progress of the scan.")
	s.doc.Type = "man"
	for _, tc := range []struct {
		scores, beyond map[string]float64
		want           bool
	}{
		{map[string]float64{"": 0.95, "-w": 0.6, "-s": 0.3}, map[string]float64{"-w": 0.2}, true},
		{map[string]float64{"": 0.95, "-w": 0.97, "-s": 0.3}, map[string]float64{"-w": 0.3}, false},
		{map[string]float64{"": 0.5, "-w": 0.2}, nil, false},
	} {
		a := analyse.Analyse("check a disk for bad blocks", analyse.Thesaurus)
		c := &composition{q: &answer.Question{Concepts: a.Concepts}, usageOf: 0, scored: true, scores: tc.scores, beyond: tc.beyond, options: &tasks.Model{}}
		if got := c.plainBest(s, ps); got != tc.want {
			t.Errorf("scores %v, beyond %v: plainBest %v, want %v", tc.scores, tc.beyond, got, tc.want)
		}
	}
}

// An option that is another but for a case goes behind the option it
// names, where both are chosen; one that says it is the same as another
// without a case (od's -x, "same as -t x2") keeps its place.
func TestVariantAfter(t *testing.T) {
	item := func(term, text string) passage {
		return passage{block: document.Block{Kind: document.Item, Term: term, Text: text}}
	}
	xtype := item("-xtype c", "The same as -type unless the file is a symbolic link.  For symbolic links: ...")
	typ := item("-type c", "File is of type c:\nl\nsymbolic link")
	user := item("-user uname", "File is owned by user uname.")
	if got := variantAfter([]passage{xtype, user, typ}); got[0].block.Term != "-type c" || got[1].block.Term != "-xtype c" {
		t.Errorf("variantAfter put %q, %q first, want -type c, then -xtype c", got[0].block.Term, got[1].block.Term)
	}
	if got := variantAfter([]passage{xtype, user}); got[0].block.Term != "-xtype c" {
		t.Errorf("without -type chosen, %q leads, want -xtype c", got[0].block.Term)
	}
	odx := item("-x", "same as -t x2, select hexadecimal 2-byte units")
	odt := item("-t, --format=TYPE", "select output format or formats")
	if got := variantAfter([]passage{odx, odt}); got[0].block.Term != "-x" {
		t.Errorf("od's -x gave way to %q", got[0].block.Term)
	}
}

// A shell's test is no option people give it: bash's history keeps the
// lead for the commands typed before, where the option model backs -a,
// which it read from "history -a", and finds it among the tests of
// [[ ]] ("True if file exists").
func TestUsageFirstSkipsShellTests(t *testing.T) {
	for _, tc := range []struct {
		chapter string
		want    string
	}{
		{"CONDITIONAL EXPRESSIONS", "history [n]"},
		// an option of the shell's own leads so
		{"OPTIONS", "-a file"},
	} {
		s, ps := optionsPage("bash", "history [n]", "With no options, display the command history list with line numbers.", "-a file", "True if file exists.")
		s.doc.Sections = append(s.doc.Sections, document.Section{Title: tc.chapter, Blocks: s.doc.Sections[0].Blocks[1:]})
		s.doc.Sections[0].Blocks = s.doc.Sections[0].Blocks[:1]
		h, a := ps[0], ps[1]
		a.sec, a.blk = 1, 0
		h.beyond, a.beyond = 0.8, 0.1
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, usageOf: 0, usagesRead: true, usages: map[string]float64{a.block.Term: 0.88}}
		if got := c.usageFirst(s, []passage{h, a}, []passage{h, a}, true)[0].block.Term; got != tc.want {
			t.Errorf("%s: first %q, want %q", tc.chapter, got, tc.want)
		}
	}
}

// A shell's test is written as the test it is, with the question's file
// for its operand: `bash -e file` would run a script named file.
func TestTestLine(t *testing.T) {
	for _, tc := range []struct{ shell, q, want string }{
		{"bash", "check whether notes.txt exists", "[[ -e notes.txt ]]"},
		{"dash", "check whether notes.txt exists", "[ -e notes.txt ]"},
		{"bash", "check whether a file exists", "[[ -e file ]]"},
	} {
		s, ps := optionsPage(tc.shell, "-e file", "True if file exists.")
		s.doc.Sections[0].Title = "CONDITIONAL EXPRESSIONS"
		c := &composition{q: &answer.Question{}, text: tc.q, ops: operands(tc.q, analyse.Read(tc.q).Args)}
		if !shellTest(s, ps[0]) {
			t.Fatalf("%s: -e file is no shell test", tc.shell)
		}
		if got := c.testLine(s, ps[0]); got != tc.want {
			t.Errorf("%s, %q: %q, want %q", tc.shell, tc.q, got, tc.want)
		}
	}
}

// Hidden files asked for are the entries a page's option shows whose
// names start with a dot; left out, they are not.
func TestHiddenFirst(t *testing.T) {
	s, ps := optionsPage("ls",
		"-d, --directory", "list directories themselves, not their contents",
		"-a, --all", "do not ignore entries starting with .")
	for q, want := range map[string]string{
		"How do I show hidden files in a listing?":   "-a, --all",
		"list all files including hidden ones":       "-a, --all",
		"list the files of /srv without hidden ones": "-d, --directory",
		"list the directories themselves":            "-d, --directory",
	} {
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, text: q}
		got, _ := c.hiddenFirst(s, []passage{ps[0], ps[1]})
		if got[0].block.Term != want {
			t.Errorf("%q: first %q, want %q", q, got[0].block.Term, want)
		}
	}
}

// A shell's builtin leads over the shell's own options, which the
// option model knows from command lines that run the shell: alias, not
// bash's -r, for "list all aliases". Nor are a builtin's letters the
// shell's options: kill's -l is no bash -l.
func TestBuiltinOverShellOptions(t *testing.T) {
	s, ps := optionsPage("bash",
		"-r", "Run as a restricted shell.",
		"-l", "Act as a login shell.")
	s.doc.Type = "man"
	s.doc.Sections = append(s.doc.Sections, document.Section{Title: "SHELL BUILTIN COMMANDS", Blocks: []document.Block{
		{Kind: document.Item, Term: "alias [-p] [name[=value] ...]", Text: "Without arguments, alias prints the list of aliases."},
		{Kind: document.Item, Term: "kill [-s sigspec | -n signum | -sigspec] [pid | jobspec] ..., kill -l|-L [sigspec | exit_status]", Text: "Send a signal; -l lists the signal names."},
	}})
	alias := passage{sec: 1, blk: 0, block: s.doc.Sections[1].Blocks[0], title: "SHELL BUILTIN COMMANDS", beyond: 0.5}
	r := ps[0]
	c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, usageOf: 0, usagesRead: true,
		usages: map[string]float64{r.block.Term: 0.95}}
	if got := c.usageFirst(s, []passage{alias, r}, []passage{alias, r}, true); got[0].block.Term != alias.block.Term {
		t.Errorf("first %q, want the alias builtin", got[0].block.Term)
	}
	scores := map[string]float64{"": 0.1, "-r": 0.9, "-l": 0.9, "-n": 0.9, "-s": 0.9}
	a := analyse.Analyse("list all aliases", analyse.Thesaurus)
	c = &composition{q: &answer.Question{Concepts: a.Concepts}, usageOf: 0, scored: true, scores: scores, beyond: beyondPlain(scores), options: &tasks.Model{}}
	u := c.usage(0, s.doc)
	if v := u["kill [-s sigspec | -n signum | -sigspec] [pid | jobspec] ..., kill -l|-L [sigspec | exit_status]"]; v != 0 {
		t.Errorf("usage of kill's entry %v, want none: its -l is no bash -l", v)
	}
	if u["-l"] <= 0 {
		t.Errorf("usage %v, want bash's own -l backed", u)
	}
}

// A test that says what the question adds goes before an action that
// deletes: "find all empty files and delete them" selects, then deletes
// (`find . -empty -delete`, not `find . -delete`); without such a test,
// or led by no deleting action, the order stays.
func TestSelectionBeforeDelete(t *testing.T) {
	del := passage{title: "ACTIONS", sec: 1, blk: 0, block: document.Block{Kind: document.Item, Term: "-delete", Text: "Delete files or directories; true if removal succeeded."}}
	empty := passage{title: "TESTS", sec: 0, blk: 3, beyond: 0.3, block: document.Block{Kind: document.Item, Term: "-empty", Text: "File is empty and is either a regular file or a directory."}}
	unsaid := empty
	unsaid.beyond = 0
	print := passage{title: "ACTIONS", sec: 1, blk: 1, block: document.Block{Kind: document.Item, Term: "-print", Text: "True; print the full file name on the standard output."}}
	for _, tc := range []struct {
		chosen []passage
		want   string
	}{
		{[]passage{del, empty}, "-empty"},
		{[]passage{del, unsaid}, "-delete"},
		{[]passage{print, empty}, "-print"},
		{[]passage{del}, "-delete"},
	} {
		if got := selectionBeforeDelete(tc.chosen); got[0].block.Term != tc.want {
			t.Errorf("%s first: %s, want %s", tc.chosen[0].block.Term, got[0].block.Term, tc.want)
		}
	}
}

// A letter joins the lead where what it does says the question, and not
// by the noun the text searched for is given after: grep's -i, "ignore
// case distinctions", for "ignoring case"; not its -F, "interpret
// PATTERNS as fixed strings", for "the string secret", nor cat's -A,
// "equivalent to -vET", which says nothing.
func TestDoesAsked(t *testing.T) {
	const q = "search for the string secret in server.log, ignoring case, and show all of it"
	a := analyse.Analyse(q, nil)
	question := &answer.Question{Concepts: a.Concepts}
	for range a.Concepts {
		question.Weights = append(question.Weights, 1)
	}
	c := &composition{q: question, ops: operands(q, analyse.Read(q).Args)}
	for term, want := range map[string]bool{
		"-i, --ignore-case":   true,
		"-F, --fixed-strings": false,
		"-A, --show-all":      false,
	} {
		text := map[string]string{
			"-i, --ignore-case":   "Ignore case distinctions in patterns and input data.",
			"-F, --fixed-strings": "Interpret PATTERNS as fixed strings, not regular expressions.",
			"-A, --show-all":      "equivalent to -vET",
		}[term]
		if got := c.doesAsked(passage{block: document.Block{Kind: document.Item, Term: term, Text: text}}); got != want {
			t.Errorf("doesAsked(%s) = %v, want %v", term, got, want)
		}
	}
	for ci, con := range a.Concepts {
		if got, want := c.patternNoun(ci), con.Word == "string"; got != want {
			t.Errorf("patternNoun(%q) = %v, want %v", con.Word, got, want)
		}
	}
}
