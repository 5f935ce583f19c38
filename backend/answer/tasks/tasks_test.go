package tasks

import (
	"bytes"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func tiny() []Doc {
	d := func(cmd, text string) Doc { return Doc{Command: cmd, Stems: Tokens(text)} }
	return []Doc{
		d("tar", "Extract an archive into a folder"),
		d("tar", "Create a compressed archive of a folder"),
		d("tar", "List the files in an archive"),
		d("ln", "Make a symbolic link to a file"),
		d("ln", "Create a hard link"),
		d("rm", "Delete a folder and everything in it"),
		d("rm", "Remove a file without asking"),
		d("chmod", "Give the owner the right to execute a file"),
		d("chmod", "Change the permissions of a file"),
		d("chown", "Change the owner of a file"),
	}
}

func TestCommandsTiny(t *testing.T) {
	m, err := Fit(tiny(), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ q, want string }{
		{"how do I extract a tar.gz archive", "tar"},
		{"make a symbolic link", "ln"},
		{"delete a folder", "rm"},
		{"change the permissions of a script", "chmod"},
		{"who is the owner of this file? change it", "chown"},
	} {
		got := m.Commands(Tokens(c.q), 3)
		if len(got) == 0 || got[0].Command != c.want {
			t.Errorf("%q: %v, want %s first", c.q, got, c.want)
		}
		for i := 1; i < len(got); i++ {
			if got[i].Score > got[i-1].Score {
				t.Errorf("%q: not best first: %v", c.q, got)
			}
		}
	}
	if got := m.Commands(Tokens("frobnicate the gizmo"), 3); len(got) != 0 {
		t.Errorf("unknown words: %v", got)
	}
	if got := m.Commands(Tokens("file"), 2); len(got) != 2 {
		t.Errorf("n=2: %v", got)
	}
	if m.Descriptions("tar") != 3 || !m.Has("chown") || m.Has("cp") {
		t.Errorf("Descriptions(tar)=%d Has(chown)=%v Has(cp)=%v", m.Descriptions("tar"), m.Has("chown"), m.Has("cp"))
	}
}

// withoutPrior runs a test of how terms score with Prior off.
func withoutPrior(t *testing.T) {
	old := Prior
	Prior = 0
	t.Cleanup(func() { Prior = old })
}

// A command the data says much of goes before one it says little of
// where their words match the question as well: tar, of three
// descriptions, before ln, of two, for "create", which each has once.
func TestPrior(t *testing.T) {
	m, err := Fit(tiny(), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	words := []Term{{Stems: []string{"creat"}, Weights: []float64{1}}}
	withoutPrior(t)
	plain := m.Match(words, 5)
	Prior = 1
	got := m.Match(words, 5)
	if len(plain) == 0 || plain[0].Command == "tar" {
		t.Fatalf("without the prior: %v, want another first", plain)
	}
	if len(got) != len(plain) || got[0].Command != "tar" {
		t.Fatalf("with the prior: %v, want tar first (without: %v)", got, plain)
	}
	for _, p := range plain {
		for _, g := range got {
			if g.Command == p.Command {
				if want := p.Score + math.Log1p(float64(m.Descriptions(p.Command))); math.Abs(g.Score-want) > 1e-4 {
					t.Errorf("%s: %v, want %v", g.Command, g.Score, want)
				}
			}
		}
	}
}

func TestMatchAlternatives(t *testing.T) {
	withoutPrior(t)
	m, err := Fit(tiny(), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	// "directory" is unknown to the model; its alternative "folder" is
	// what the descriptions say
	dir := Term{Stems: []string{"directori", "folder"}, Weights: []float64{1, 0.8}}
	del := Term{Stems: []string{"delet"}, Weights: []float64{1}}
	got := m.Match([]Term{del, dir}, 3)
	if len(got) == 0 || got[0].Command != "rm" {
		t.Fatalf("delete directory: %v, want rm first", got)
	}
	// a term counts once, at its best stem: "folder" twice over is
	// not twice the evidence
	one := m.Match([]Term{{Stems: []string{"folder"}, Weights: []float64{1}}}, 3)
	twice := m.Match([]Term{{Stems: []string{"folder", "folder"}, Weights: []float64{1, 0.5}}}, 3)
	if len(one) == 0 || len(twice) != len(one) || twice[0].Score != one[0].Score {
		t.Errorf("one stem %v, the same stem twice %v: want the same scores", one, twice)
	}
	half := m.Match([]Term{{Stems: []string{"folder"}, Weights: []float64{0.5}}}, 3)
	if len(half) == 0 || math.Abs(half[0].Score-one[0].Score/2) > 1e-4 {
		t.Errorf("at weight 0.5: %v, want half of %v", half, one)
	}
}

func TestPairs(t *testing.T) {
	m, err := Fit(tiny(), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	w := m.Weights("ln")
	if w[pairKey("symbol", "link")] == 0 || w["link"] == 0 {
		t.Errorf("ln's weights lack the pair or the word: %v", w)
	}
	p := DefaultParams
	p.Pairs = false
	m, _ = Fit(tiny(), p)
	if w := m.Weights("ln"); w[pairKey("symbol", "link")] != 0 {
		t.Errorf("a pair without Pairs: %v", w)
	}
}

// TestPairsOfAlternatives: a pair of near synonyms counts as the pair the
// descriptions write: "remove folder" is asked as "delet folder" too.
func TestPairsOfAlternatives(t *testing.T) {
	withoutPrior(t)
	m, err := Fit(tiny(), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	rm := func(terms ...Term) float64 {
		for _, s := range m.Match(terms, 5) {
			if s.Command == "rm" {
				return s.Score
			}
		}
		return 0
	}
	remove := Term{Stems: []string{"remov", "delet"}, Weights: []float64{1, 0.8}}
	folder := Term{Stems: []string{"folder"}, Weights: []float64{1}}
	both, apart := rm(remove, folder), rm(remove)+rm(folder)
	want := apart + 0.8*m.Weights("rm")[pairKey("delet", "folder")]
	if m.Weights("rm")[pairKey("delet", "folder")] == 0 || math.Abs(both-want) > 1e-4 {
		t.Errorf("remove folder: rm scores %v, want its words' %v and the pair's at 0.8, %v", both, apart, want)
	}
}

func TestRoundTrip(t *testing.T) {
	b := fit(tiny(), DefaultParams)
	data, err := b.Encode()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.Params() != DefaultParams {
		t.Errorf("params %+v", m.Params())
	}
	if m.NumCommands() != len(b.cmds) || m.NumStems() != len(b.stems) {
		t.Fatalf("%d commands, %d stems; want %d, %d", m.NumCommands(), m.NumStems(), len(b.cmds), len(b.stems))
	}
	maxW := 0.0
	for _, ps := range b.post {
		for _, p := range ps {
			maxW = max(maxW, p.w)
		}
	}
	for si, s := range b.stems {
		i, ok := m.find(s)
		if !ok || i != si {
			t.Fatalf("stem %q not found at %d", s, si)
		}
		lo, hi := m.postings(i)
		if hi-lo != len(b.post[si]) {
			t.Fatalf("stem %q: %d postings, want %d", s, hi-lo, len(b.post[si]))
		}
		for k, p := range b.post[si] {
			c, w := m.posting(lo + k)
			if int(c) != p.cmd || math.Abs(float64(w)-p.w) > maxW/65535 {
				t.Errorf("stem %q: posting %d is (%d, %g), want (%d, %g)", s, k, c, w, p.cmd, p.w)
			}
		}
	}
	for i, c := range b.cmds {
		if m.Command(i) != c || m.Descriptions(c) != b.docs[i] {
			t.Errorf("command %d: %q %d, want %q %d", i, m.Command(i), m.Descriptions(c), c, b.docs[i])
		}
	}
}

func TestDecodeRefuses(t *testing.T) {
	data, err := FitEncode(tiny(), DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("RGTASKX\n"), data[8:]...),
		"version":   append(append([]byte{}, data[:8]...), append([]byte{9, 0, 0, 0}, data[12:]...)...),
		"truncated": data[:len(data)-3],
		"longer":    append(append([]byte{}, data...), 0),
	}
	// a posting naming a command past the last
	p := append([]byte{}, data...)
	p[len(p)-4], p[len(p)-3] = 0xff, 0xff
	bad["posting"] = p
	for name, d := range bad {
		if _, err := Decode(d); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
	// every truncation is refused, none panics
	for n := 0; n < len(data); n++ {
		if _, err := Decode(data[:n]); err == nil {
			t.Fatalf("truncated to %d: decoded", n)
		}
	}
}

func TestDeterministic(t *testing.T) {
	docs := tiny()
	want, err := FitEncode(docs, DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		r.Shuffle(len(docs), func(i, j int) { docs[i], docs[j] = docs[j], docs[i] })
		got, err := FitEncode(docs, DefaultParams)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatal("the model file depends on the order of the documents")
		}
	}
}

func TestResolve(t *testing.T) {
	have := map[string]bool{"systemctl": true, "git-commit": true, "git": true}
	got := Resolve([]Scored{
		{"systemctl-list-units", 5}, {"git-commit", 4}, {"systemctl", 3}, {"nosuch", 2}, {"git", 1},
	}, func(c string) bool { return have[c] }, 3)
	want := []Scored{{"systemctl", 5}, {"git-commit", 4}, {"git", 1}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %v, want %v", got, want)
		}
	}
}

func TestEmbedded(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if m.NumCommands() < 1000 {
		t.Errorf("the embedded model knows %d commands", m.NumCommands())
	}
	got := m.Commands(Tokens("extract a tar.gz archive"), 5)
	found := false
	for _, s := range got {
		found = found || s.Command == "tar"
	}
	if !found {
		t.Errorf("extract a tar.gz archive: %v", got)
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Decode(embedded); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(embedded))/1e6, "MB")
}

func BenchmarkCommands(b *testing.B) {
	m, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	qs := [][]string{
		Tokens("find every file bigger than 100 MB under my home folder"),
		Tokens("copy a whole folder with everything inside it to another place"),
		Tokens("change the login name of an existing user account"),
		Tokens("show the last time each user logged in"),
	}
	i := 0
	for b.Loop() {
		m.Commands(qs[i%len(qs)], 10)
		i++
	}
}

func TestOptionsModel(t *testing.T) {
	d := func(cmd, text string) Doc { return Doc{Command: cmd, Stems: Tokens(text)} }
	m, err := Fit([]Doc{
		d("rm ", "Remove files"),
		d("rm -r", "Remove a directory and everything in it"),
		d("rm -r", "Delete a folder recursively"),
		d("rm -f", "Remove files without asking for confirmation"),
		d("rm -i", "Remove files asking for confirmation first"),
		d("rmdir ", "Remove an empty directory"),
	}, OptionParams)
	if err != nil {
		t.Fatal(err)
	}
	got := m.Options("rm", termsOf("remove a directory with everything in it"))
	if got["-r"] <= got["-f"] || got["-r"] <= got[""] || got["-r"] > 1 {
		t.Errorf("a directory and everything in it: %v, want -r first, at most 1", got)
	}
	// "remove" is said of every option: none does it better than rm
	// without options
	for o, v := range m.Options("rm", termsOf("remove")) {
		if v > m.Options("rm", termsOf("remove"))[""] {
			t.Errorf("remove: %s scores %v, more than rm alone", o, v)
		}
	}
	// rmdir's options are not rm's, though "rm " is a prefix of neither
	if got := m.Options("rmdir", termsOf("empty directory")); len(got) != 1 || got[""] == 0 {
		t.Errorf("rmdir: %v", got)
	}
	if got := m.Options("ls", termsOf("list files")); got != nil {
		t.Errorf("a command the model does not know: %v", got)
	}
	// what people say of rm's options: "remove" and "directory", but
	// never "quickly", and not "empty", which they say of rmdir alone
	if got, want := m.Known("rm", termsOf("remove an empty directory quickly")), []bool{true, false, true, false}; !slices.Equal(got, want) {
		t.Errorf("known of rm: %v, want %v", got, want)
	}
	if got := m.Known("ls", termsOf("list files")); slices.Contains(got, true) {
		t.Errorf("known of a command the model does not know: %v", got)
	}
}

// OptionsBeyond counts, term by term, what an option says beyond the
// plain command: where people describe the plain command in many words
// (ls, listing a folder's files), the option that says the question's
// other word (-a, "hidden") is ahead of one that says a word the plain
// command says too (-d, "directories"), though its score less the plain
// command's is not.
func TestOptionsBeyond(t *testing.T) {
	d := func(cmd, text string) Doc { return Doc{Command: cmd, Stems: Tokens(text)} }
	m, err := Fit([]Doc{
		d("ls ", "List the files in a folder"),
		d("ls ", "Show the files of the current folder"),
		d("ls ", "List files and folders, excluding hidden ones"),
		d("ls -a", "List hidden files too"),
		d("ls -a", "Show all files, hidden ones included"),
		d("ls -d", "List folders themselves, not their files"),
		d("ls -d", "Show a folder itself"),
		d("ls -l", "Long listing with permissions and owners"),
	}, OptionParams)
	if err != nil {
		t.Fatal(err)
	}
	q := termsOf("show hidden files in a folder")
	scores, beyond := m.OptionsBeyond("ls", q)
	if !maps.Equal(scores, m.Options("ls", q)) {
		t.Errorf("scores %v, Options %v", scores, m.Options("ls", q))
	}
	if beyond["-a"] <= beyond["-d"] || beyond["-a"] > scores["-a"] {
		t.Errorf("beyond %v (scores %v): want -a ahead of -d, and no more than its score", beyond, scores)
	}
	if scores["-a"] > scores[""] || beyond["-a"] <= 0 {
		t.Errorf("want -a to score below the plain command (%v), and to say something beyond it (%v)", scores, beyond)
	}
	if _, ok := beyond[""]; ok {
		t.Errorf("the plain command says nothing beyond itself: %v", beyond)
	}
	if s, b := m.OptionsBeyond("cp", q); s != nil || b != nil {
		t.Errorf("a command the model does not know: %v %v", s, b)
	}
}

func TestDefaultOptions(t *testing.T) {
	m, err := DefaultOptions()
	if err != nil {
		t.Fatal(err)
	}
	// every option of the shipped model is filed under a command
	for i := 0; i < m.NumCommands(); i++ {
		if name := m.Command(i); !strings.Contains(name, " ") {
			t.Fatalf("option %d, %q: no command", i, name)
		}
	}
}

// Subcommands scores the subcommands the data files as "command-sub",
// by the question's words, and no other command: not the command itself,
// nor one whose name merely starts as its does.
func TestSubcommands(t *testing.T) {
	withoutPrior(t)
	d := func(cmd, text string) Doc { return Doc{Command: cmd, Stems: Tokens(text)} }
	m, err := Fit([]Doc{
		d("svcctl", "Control the services of the machine"),
		d("svcctl-enable", "Start a service automatically at boot"),
		d("svcctl-disable", "Keep a service from starting at boot"),
		d("svcctl-status", "Show the state of a service"),
		d("svcctlx", "Start a service with extra care at boot"),
		d("tar", "Extract an archive"),
	}, DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	got := m.Subcommands("svcctl", termsOf("start the service automatically when the machine boots"))
	if len(got) == 0 || got["enable"] <= got["disable"] || got["enable"] <= got["status"] {
		t.Errorf("Subcommands = %v, want enable first", got)
	}
	for sub := range got {
		if sub != "enable" && sub != "disable" && sub != "status" {
			t.Errorf("Subcommands = %v: %q is no subcommand of svcctl", got, sub)
		}
	}
	if got := m.Subcommands("svcctl", termsOf("show the state of the service")); got["status"] <= got["enable"] {
		t.Errorf("Subcommands = %v, want status first", got)
	}
	if got := m.Subcommands("tar", termsOf("extract an archive")); got != nil {
		t.Errorf("tar has no subcommands, got %v", got)
	}
	if got := m.Subcommands("svcctl", termsOf("frobnicate the gizmo")); got != nil {
		t.Errorf("no word said: %v", got)
	}
}

// termsOf are a question's Tokens as terms of their own stem alone.
func termsOf(q string) []Term {
	var out []Term
	for _, st := range Tokens(q) {
		out = append(out, Term{Stems: []string{st}, Weights: []float64{1}})
	}
	return out
}
