package man

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
)

const (
	fidelityRoot   = "/usr/share/man"
	fidelitySample = 300
	fidelitySeed   = 20240601
	minNamed       = 0.99 // pages with NAME (names and summary) and a body
	minF1          = 0.97 // token multiset F1 against mandoc on the sample
)

func sectionOf(ref string) string {
	s, _ := sectionDir(path.Dir(ref))
	return s
}

// compareText is the page as text comparable to mandoc's rendering: the
// NAME line as "names - summary", then every section.
func compareText(d *document.Document, info *pageInfo) string {
	var b strings.Builder
	b.WriteString("NAME\n")
	if info != nil {
		line := info.nameLine
		if info.mdoc {
			// mandoc prints .Nd after an en dash
			line = strings.Replace(line, " - ", " – ", 1)
		}
		b.WriteString(line)
	} else {
		b.WriteString(strings.Join(d.Names, ", ") + " - " + d.Summary)
	}
	b.WriteByte('\n')
	b.WriteString(d.Text())
	return b.String()
}

// readCompare parses a page as ReadPage does and returns its comparable
// text.
func readCompare(root string, p Page) (string, *document.Document, pageInfo, error) {
	src, err := readFile(filepath.Join(root, p.Ref), root)
	if err != nil {
		return "", nil, pageInfo{}, err
	}
	d, info, err := parse(src, soResolver(root))
	if err != nil {
		return "", nil, info, err
	}
	return compareText(d, &info), d, info, nil
}

// mandocText renders a page with mandoc and strips what is not text:
// overstrike sequences and the header and footer lines.
func mandocText(root, ref string) (string, error) {
	cmd := exec.Command("mandoc", "-T", "utf8", "-O", "width=1000", ref)
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil && out.Len() == 0 {
		return "", err
	}
	s := stripOverstrike(out.String())
	lines := strings.Split(s, "\n")
	var kept []string
	for _, l := range lines {
		kept = append(kept, l)
	}
	first, last := -1, -1
	for i, l := range kept {
		if strings.TrimSpace(l) != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return "", nil
	}
	if last > first {
		kept = kept[first+1 : last]
	} else {
		kept = nil
	}
	return strings.Join(kept, "\n"), nil
}

// stripOverstrike removes the "x\bx" and "_\bx" sequences of bold and
// underlined text.
func stripOverstrike(s string) string {
	if strings.IndexByte(s, '\b') < 0 {
		return s
	}
	var out []rune
	for _, r := range s {
		if r == '\b' {
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

// tokenF1 compares token multisets: matched tokens, ours, theirs.
func tokenF1(ours, theirs string) (match, n1, n2 int) {
	count := map[string]int{}
	a := strings.Fields(ours)
	b := strings.Fields(theirs)
	for _, t := range a {
		count[t]++
	}
	for _, t := range b {
		if count[t] > 0 {
			count[t]--
			match++
		}
	}
	return match, len(a), len(b)
}

func f1(match, n1, n2 int) float64 {
	if n1 == 0 || n2 == 0 {
		if n1 == n2 {
			return 1
		}
		return 0
	}
	p := float64(match) / float64(n1)
	r := float64(match) / float64(n2)
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func hasBody(d *document.Document) bool {
	for _, s := range d.Sections {
		for _, b := range s.Blocks {
			if strings.TrimSpace(b.Text) != "" || b.Term != "" {
				return true
			}
		}
	}
	return false
}

// TestFidelity reads the machine's whole English man tree and compares a
// sample with mandoc. It is the acceptance check of this reader.
func TestFidelity(t *testing.T) {
	if os.Getenv("RAGMAN_FIDELITY") == "" {
		t.Skip("set RAGMAN_FIDELITY=1 to read the whole man tree")
	}
	root := os.Getenv("RAGMAN_MANROOT")
	if root == "" {
		root = fidelityRoot
	}
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no man tree: %v", err)
	}
	start := time.Now()
	pages, st, err := Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("scan: %d pages, %d links, %d non-English, %d skipped in %v", st.Pages, st.Links, st.NonEnglish, st.Skipped, time.Since(start).Round(time.Millisecond))

	type result struct {
		named, body bool
		err         error
	}
	results := make([]result, len(pages))
	start = time.Now()
	var wg sync.WaitGroup
	next := make(chan int, 256)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				d, err := ReadPage(root, pages[i])
				if err != nil {
					results[i].err = err
					continue
				}
				results[i].named = d.Summary != "" && len(d.Names) > 0
				results[i].body = hasBody(d)
			}
		}()
	}
	for i := range pages {
		next <- i
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	ok, errs, internal := 0, 0, 0
	var bad []string
	for i, r := range results {
		if r.err != nil {
			errs++
			if strings.Contains(r.err.Error(), "internal error") {
				internal++
				t.Errorf("%s: %v", pages[i].Ref, r.err)
			}
		}
		if r.named && r.body {
			ok++
		} else if len(bad) < 30 {
			bad = append(bad, fmt.Sprintf("%s (named %v, body %v, err %v)", pages[i].Ref, r.named, r.body, r.err))
		}
	}
	rate := float64(len(pages)) / elapsed.Seconds()
	t.Logf("read %d pages in %v: %.0f pages/s on %d CPUs (%.0f pages/s per CPU)", len(pages), elapsed.Round(time.Millisecond), rate, runtime.GOMAXPROCS(0), rate/float64(runtime.GOMAXPROCS(0)))
	share := float64(ok) / float64(max(len(pages), 1))
	t.Logf("NAME and body: %d of %d pages (%.2f%%); %d errors, %d internal", ok, len(pages), 100*share, errs, internal)
	for _, b := range bad {
		t.Logf("  without NAME or body: %s", b)
	}
	if share < minNamed {
		t.Errorf("%.2f%% of pages have NAME and body, want at least %.0f%%", 100*share, 100*minNamed)
	}

	if _, err := exec.LookPath("mandoc"); err != nil {
		t.Skipf("mandoc not installed: %v", err)
	}
	// RAGMAN_FIDELITY_SAMPLE and RAGMAN_FIDELITY_SKIP (a substring of
	// refs to leave out) draw other samples, for debugging only
	sampleSize := fidelitySample
	if n, err := strconv.Atoi(os.Getenv("RAGMAN_FIDELITY_SAMPLE")); err == nil && n > 0 {
		sampleSize = n
	}
	pool := make([]int, 0, len(pages))
	skip := os.Getenv("RAGMAN_FIDELITY_SKIP")
	for i, p := range pages {
		if skip == "" || !strings.Contains(p.Ref, skip) {
			pool = append(pool, i)
		}
	}
	rng := rand.New(rand.NewPCG(fidelitySeed, 0))
	perm := rng.Perm(len(pool))[:min(sampleSize, len(pool))]
	idx := make([]int, len(perm))
	for k, j := range perm {
		idx[k] = pool[j]
	}
	sort.Ints(idx)
	type score struct {
		ref              string
		match, n1, n2    int
		f1               float64
		bm, bn2          int // match and mandoc tokens with table rules removed
		bf1              float64
		onlyOurs, onlyTh []string
	}
	scores := make([]score, len(idx))
	next = make(chan int, len(idx))
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				p := pages[idx[k]]
				ours, _, _, err := readCompare(root, p)
				if err != nil {
					ours = ""
				}
				theirs, err := mandocText(root, p.Ref)
				if err != nil {
					t.Logf("mandoc %s: %v", p.Ref, err)
				}
				m, n1, n2 := tokenF1(ours, theirs)
				bm, _, bn2 := tokenF1(ours, stripRules(theirs))
				scores[k] = score{ref: p.Ref, match: m, n1: n1, n2: n2, f1: f1(m, n1, n2), bm: bm, bn2: bn2, bf1: f1(bm, n1, bn2)}
				scores[k].onlyOurs, scores[k].onlyTh = diffTokens(ours, stripRules(theirs), 8)
			}
		}()
	}
	for k := range idx {
		next <- k
	}
	close(next)
	wg.Wait()
	var m, n1, n2 int
	var gm, gn1, gn2, gn int
	var bm, bn2 int
	for _, s := range scores {
		bm += s.bm
		bn2 += s.bn2
		m += s.match
		n1 += s.n1
		n2 += s.n2
		if !strings.Contains(s.ref, "/gcloud_") {
			gm += s.match
			gn1 += s.n1
			gn2 += s.n2
			gn++
		}
	}
	micro := f1(m, n1, n2)
	t.Logf("of which %d pages are not gcloud_*: token F1 %.4f", gn, f1(gm, gn1, gn2))
	t.Logf("token F1 against mandoc on %d pages (seed %d): %.4f (precision %.4f, recall %.4f)", len(scores), fidelitySeed, micro, float64(m)/float64(max(n1, 1)), float64(m)/float64(max(n2, 1)))
	t.Logf("the same with mandoc's table rules (box drawing) removed: %.4f", f1(bm, n1, bn2))
	sort.Slice(scores, func(i, j int) bool { return scores[i].f1 < scores[j].f1 })
	if len(scores) > 0 {
		sum, below := 0.0, 0
		for _, s := range scores {
			sum += s.f1
			if s.f1 < minF1 {
				below++
			}
		}
		med := scores[len(scores)/2].f1
		if len(scores)%2 == 0 {
			med = (scores[len(scores)/2-1].f1 + med) / 2
		}
		t.Logf("per-page token F1: mean %.4f, median %.4f, min %.4f; %d of %d pages below %.2f", sum/float64(len(scores)), med, scores[0].f1, below, len(scores), minF1)
	}
	if os.Getenv("RAGMAN_FIDELITY_NORULES") != "" {
		sort.Slice(scores, func(i, j int) bool { return scores[i].bf1 < scores[j].bf1 })
	}
	worst := 10
	if n, err := strconv.Atoi(os.Getenv("RAGMAN_FIDELITY_WORST")); err == nil && n > 0 {
		worst = n
	}
	for _, s := range scores[:min(worst, len(scores))] {
		t.Logf("  worst: %-50s F1 %.3f, without rules %.3f (%d ours, %d mandoc) ours only %q mandoc only %q", s.ref, s.f1, s.bf1, s.n1, s.n2, clip(s.onlyOurs), clip(s.onlyTh))
	}
	if micro < minF1 {
		t.Errorf("token F1 %.4f, want at least %.2f", micro, minF1)
	}
}

// diffTokens lists up to n tokens found only in a and only in b.
func diffTokens(a, b string, n int) ([]string, []string) {
	ca := map[string]int{}
	for _, t := range strings.Fields(a) {
		ca[t]++
	}
	var onlyB []string
	for _, t := range strings.Fields(b) {
		if ca[t] > 0 {
			ca[t]--
		} else if len(onlyB) < n {
			onlyB = append(onlyB, t)
		}
	}
	var onlyA []string
	for _, t := range strings.Fields(a) {
		if ca[t] > 0 && len(onlyA) < n {
			onlyA = append(onlyA, t)
			ca[t]--
		}
	}
	return onlyA, onlyB
}

// stripRules blanks the box-drawing characters mandoc draws tables with.
func stripRules(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0x2500 && r <= 0x257f {
			return ' '
		}
		return r
	}, s)
}

// clip shortens long tokens (table rules) for the log.
func clip(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		if utf8.RuneCountInString(t) > 24 {
			t = string([]rune(t)[:24]) + "…"
		}
		out[i] = t
	}
	return out
}
