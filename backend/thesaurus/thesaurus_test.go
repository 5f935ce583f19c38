package thesaurus

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/terms"
)

func weightOf(ts []Term, w string) float32 {
	for _, t := range ts {
		if t.Word == w {
			return t.Weight
		}
	}
	return 0
}

func TestDomainEquivalents(t *testing.T) {
	for _, c := range []struct {
		from, to string
		min      float32
	}{
		{"folder", "directory", 1},
		{"directory", "folder", 1},
		{"delete", "remove", 1},
		{"remove", "delete", 1},
		{"dir", "directory", 0.8},
		{"directory", "dir", 0.8},
		{"rm", "remove", 0.8},
		{"remove", "rm", 0.8},
		{"cp", "copy", 0.8},
		// one adds a user or a group by creating it, as the NAME lines
		// of useradd and groupadd say
		{"add", "create", 0.6},
		{"mv", "move", 0.8},
		{"unmount", "umount", 1},
		{"decompress", "uncompress", 1},
		{"root", "superuser", 1},
		{"tmp", "temporary", 0.7},
		{"env", "environment", 0.8},
		{"uppercase", "upper", 0.8},
		// logging out hangs up the terminal, as nohup's NAME line says
		{"logout", "hangup", 0.6},
		// a page says uid where its reader says user: pstree's -u,
		// "Show uid transitions", shows the user names
		{"user", "uid", 0.5},
		// a command that asks first prompts: rm's -i, "prompt before
		// every removal", for "ask before each one"
		{"ask", "prompt", 0.8},
		{"confirm", "prompt", 0.8},
		// the gerund and the noun, headwords of their own in WordNet
		{"asking", "prompt", 0.8},
		{"confirmation", "prompt", 0.8},
		// the pages write "white space" ("ignore all white space")
		{"whitespace", "space", 0.8},
		// what is in use is used: free's "free and used memory"
		{"usage", "used", 0.5},
	} {
		if got := weightOf(Related(c.from), c.to); got < c.min {
			t.Errorf("Related(%q)[%q] = %v, want >= %v", c.from, c.to, got, c.min)
		}
		if got := weightOf(Domain(c.from), c.to); got < c.min {
			t.Errorf("Domain(%q)[%q] = %v, want >= %v", c.from, c.to, got, c.min)
		}
	}
	if got := weightOf(Related("folder"), "directory"); got != 1 {
		t.Errorf("folder -> directory weight %v, want exactly 1", got)
	}
}

func TestDirected(t *testing.T) {
	// "create > make": make is a stopword and must never be a key
	if weightOf(Related("create"), "make") == 0 {
		t.Errorf("create should relate to make")
	}
	if r := Related("make"); r != nil {
		t.Errorf("Related(make) = %v, want nothing", r)
	}
	// mkdir expands into its words; a word does not expand into a
	// command: which command does a job is for the manuals to say
	if weightOf(Domain("mkdir"), "directory") < 0.8 {
		t.Errorf("mkdir -> directory missing: %v", Domain("mkdir"))
	}
	if w := weightOf(Domain("directory"), "mkdir"); w != 0 {
		t.Errorf("directory -> mkdir = %v, want 0", w)
	}
}

// A number is what the manuals' numeric options take ("--numeric-sort:
// compare according to string numerical value", "a numeric mode"); a
// numeric thing is not a count, though.
func TestNumberNumeric(t *testing.T) {
	for _, w := range []string{"numeric", "numerical"} {
		if weightOf(Related("number"), w) < 0.7 {
			t.Errorf("number -> %s missing: %v", w, Related("number"))
		}
	}
	if weightOf(Domain("numeric"), "count") != 0 {
		t.Errorf("numeric -> count: %v", Domain("numeric"))
	}
}

// The manuals' words for where a line's whitespace is: "ignore leading
// blanks" (sort -b) for "the spaces at the start of each line"; a blank is
// no start, though.
func TestLeadingBlanks(t *testing.T) {
	for _, tc := range []struct{ word, related string }{
		{"space", "blank"}, {"tab", "blank"}, {"start", "leading"}, {"beginning", "leading"}, {"end", "trailing"},
	} {
		if weightOf(Domain(tc.word), tc.related) == 0 {
			t.Errorf("%s -> %s missing: %v", tc.word, tc.related, Domain(tc.word))
		}
	}
	if w := weightOf(Domain("leading"), "start"); w != 0 {
		t.Errorf("leading -> start = %v, want 0", w)
	}
}

// A domain line damps WordNet's senses a question about Linux seldom
// means: a remote host is no removed one, though WordNet has "remote"
// as "removed" at 0.73, and stemmed, "removed" finds pages that delete.
func TestDampedSenses(t *testing.T) {
	r := Related("remote")
	if weightOf(r, "network") < 0.6 || weightOf(r, "removed") >= 0.5 {
		t.Errorf("Related(remote) = %v, want network >= 0.6 and removed < 0.5", r)
	}
}

func TestWordNet(t *testing.T) {
	for _, c := range [][2]string{
		{"begin", "start"},
		{"start", "begin"},
		{"quit", "discontinue"},
		{"hidden", "concealed"},
		{"large", "big"},
		{"photo", "photograph"},
	} {
		if weightOf(Related(c[0]), c[1]) == 0 {
			t.Errorf("Related(%q) lacks %q: %v", c[0], c[1], Related(c[0]))
		}
	}
	// WordNet alone, without the domain table
	if Domain("begin") != nil {
		t.Errorf("begin is not in the domain table")
	}
}

func TestStopwords(t *testing.T) {
	stop := parseStop(stopTxt)
	for _, w := range []string{"do", "get", "make", "have", "use", "thing", "be", "go", "take", "set"} {
		if !stop[w] {
			t.Errorf("%q not in stop.txt", w)
		}
		if r := Related(w); r != nil {
			t.Errorf("Related(%q) = %v, want nothing", w, r)
		}
		if r := Domain(w); r != nil {
			t.Errorf("Domain(%q) = %v, want nothing", w, r)
		}
	}
	// and no WordNet relation leads to one
	t.Run("values", func(t *testing.T) {
		tb := get()
		wnOnly := map[string]bool{}
		for i, k := range tb.related.keys {
			for _, r := range tb.related.at(tb.related.lists[i]) {
				if stop[r.Word] && weightOf(tb.domain.get([]byte(k)), r.Word) == 0 {
					wnOnly[k+" -> "+r.Word] = true
				}
			}
		}
		for _, p := range slices.Sorted(maps.Keys(wnOnly)) {
			t.Errorf("WordNet relation to a stopword: %s", p)
		}
	})
}

func TestInflections(t *testing.T) {
	for _, c := range [][2]string{
		{"folders", "folder"},
		{"directories", "directory"},
		{"deleted", "delete"},
		{"deleting", "delete"},
		{"copies", "copy"},
		{"processes", "process"},
		{"ran", "run"},
		{"bought", "buy"},
		{"largest", "large"},
		{"bigger", "big"},
		{"copied", "copy"},
		{"grepped", "grep"},
		{"news", "news"},
		{"printer", "printer"},
		{"xyzzy", "xyzzy"},
	} {
		if got := Lemma(c[0]); got != c[1] {
			t.Errorf("Lemma(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	if !slices.Equal(Related("folders"), Related("folder")) {
		t.Errorf("folders and folder differ")
	}
	if weightOf(Related("ran"), "run") != 1 {
		t.Errorf("ran should relate to run at 1: %v", Related("ran"))
	}
	// a form that is a word of its own keeps it, and points to its lemma
	if r := Related("found"); weightOf(r, "find") == 0 || weightOf(r, "establish") == 0 {
		t.Errorf("Related(found) = %v", r)
	}
	if weightOf(Domain("deleted"), "remove") != 1 {
		t.Errorf("Domain(deleted) = %v", Domain("deleted"))
	}
}

func TestOrderAndSelf(t *testing.T) {
	tb := get()
	for _, tab := range []*table{&tb.related, &tb.domain} {
		for i, k := range tab.keys {
			if i > 0 && tab.keys[i-1] >= k {
				t.Errorf("keys out of order: %q, %q", tab.keys[i-1], k)
			}
			r := tab.at(tab.lists[i])
			seen := map[string]bool{}
			for i, x := range r {
				if x.Word == k {
					t.Errorf("%q relates to itself", k)
				}
				if seen[x.Word] {
					t.Errorf("%q lists %q twice", k, x.Word)
				}
				seen[x.Word] = true
				if !(x.Weight > 0 && x.Weight <= 1) {
					t.Errorf("%q -> %q weight %v", k, x.Word, x.Weight)
				}
				if i > 0 && compareTerms(r[i-1], x) >= 0 {
					t.Errorf("%q: %v before %v", k, r[i-1], x)
				}
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	a, err := load(wordnetTxt, unixTxt, stopTxt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := load(wordnetTxt, unixTxt, stopTxt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.related.keys, b.related.keys) {
		t.Fatalf("keys differ")
	}
	for i, k := range a.related.keys {
		if !slices.Equal(a.related.at(a.related.lists[i]), b.related.at(b.related.lists[i])) {
			t.Errorf("%q differs between loads", k)
		}
	}
}

// TestDomainTable checks unix.txt beyond what parsing enforces: every word
// can match something the index holds.
func TestDomainTable(t *testing.T) {
	stop := parseStop(stopTxt)
	gs, err := parseGroups(unixTxt, stop)
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) < 300 {
		t.Errorf("only %d groups", len(gs))
	}
	for _, g := range gs {
		for _, w := range append(slices.Clone(g.from), g.to...) {
			if terms.Stop(w) {
				t.Errorf("unix.txt:%d: %q is an index stopword and never matches", g.line, w)
			}
		}
	}
	// a key's plural inherits its relations ("hosts" those of "host")
	for _, c := range [][2]string{{"hosts", "host"}, {"stats", "stat"}, {"routing", "route"}} {
		for _, r := range Domain(c[1]) {
			if r.Word != c[0] && weightOf(Domain(c[0]), r.Word) < r.Weight {
				t.Errorf("Domain(%q) lacks %v of %q", c[0], r, c[1])
			}
		}
	}

	for _, bad := range []string{
		"folder folder",
		"Folder directory",
		"folder",
		"0 folder directory",
		"1.5 folder directory",
		"make create",
		"folder > ",
		"a > b > c",
		"dir-name directory",
	} {
		if _, err := parseGroups(bad, stop); err == nil {
			t.Errorf("parseGroups(%q) accepted", bad)
		}
	}
	d, err := parseDomain("0.8 a1 b1 c1\nd1 > e1\n0.5 a1 b1\n0.6 a1s > z1\n", stop)
	if err != nil {
		t.Fatal(err)
	}
	want := []relation{
		{"a1", "b1", 0.8}, {"a1", "c1", 0.8},
		{"a1s", "b1", 0.8}, {"a1s", "c1", 0.8}, {"a1s", "z1", 0.6}, // inherited from a1
		{"b1", "a1", 0.8}, {"b1", "c1", 0.8},
		{"c1", "a1", 0.8}, {"c1", "b1", 0.8},
		{"d1", "e1", 1},
	}
	if !slices.Equal(d, want) {
		t.Errorf("parseDomain = %v\nwant %v", d, want)
	}
}

func TestAllocations(t *testing.T) {
	get()
	for _, w := range []string{"folder", "folders", "deleted", "ran", "xyzzy", "make"} {
		if n := testing.AllocsPerRun(100, func() { Related(w); Domain(w) }); n != 0 {
			t.Errorf("Related/Domain(%q) allocate %v times", w, n)
		}
	}
}

func TestLoadTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	best := time.Hour
	for range 5 {
		start := time.Now()
		if _, err := load(wordnetTxt, unixTxt, stopTxt); err != nil {
			t.Fatal(err)
		}
		best = min(best, time.Since(start))
	}
	t.Logf("load: %v", best)
	// generous against slow CI machines; the target is 20 ms
	if best > 200*time.Millisecond {
		t.Errorf("load takes %v", best)
	}
}

func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := load(wordnetTxt, unixTxt, stopTxt); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRelated(b *testing.B) {
	words := strings.Fields("how do i remove a folders with hidden files and ran the deleted xyzzy")
	get()
	b.ReportAllocs()
	for b.Loop() {
		for _, w := range words {
			Related(w)
		}
	}
}

func ExampleDomain() {
	for _, t := range Domain("folders") {
		fmt.Printf("%s %.1f\n", t.Word, t.Weight)
	}
	// Output:
	// directory 1.0
	// dir 0.8
	// subdirectory 0.5
	// subfolder 0.5
}

// TestGeneratorRules checks that gen/main.go detaches endings as resolve
// does: the generator decides which irregular forms and known words the
// package needs listed by simulating it.
func TestGeneratorRules(t *testing.T) {
	src, err := os.ReadFile("gen/main.go")
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, d := range detach {
		rules = append(rules, fmt.Sprintf("{%q, %q}", d.suffix, d.repl))
	}
	if !strings.Contains(strings.Join(strings.Fields(string(src)), " "), strings.Join(rules, ", ")) {
		t.Errorf("gen/main.go's detach differs from morph.go's: %s", strings.Join(rules, ", "))
	}
	for _, s := range []string{`func doubles(suffix, repl string) bool {
	return repl == "" && (suffix == "ed" || suffix == "ing" || suffix == "er" || suffix == "est")
}`} {
		if !strings.Contains(string(src), s) {
			t.Errorf("gen/main.go lacks %s", s)
		}
	}
}
