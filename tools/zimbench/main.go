// Command zimbench measures how fast ragman ingests a ZIM archive, for the
// bar of SC-002: a 5 GB archive indexed in under 10 minutes on this
// machine, i.e. at least 9 MB/s of uncompressed HTML.
//
// It generates a folder of wiki-like HTML pages (-mb megabytes of HTML,
// markup included: headings, paragraphs with links and footnote markers,
// lists, code blocks, tables, navigation, scripts, styles), packs it with
// zimwriterfs (Debian's zim-tools) into a temporary folder, and measures:
//
//   - read+convert+prepare: open the archive, read its directory, then with
//     one worker per CPU read every cluster, turn every article's HTML into
//     a document and run the indexer's Prepare on it (tokenizing, stemming,
//     the stored copy): the parallel part of a build, what grows with the
//     archive;
//   - full build: ingest.Build of a catalog holding only the archive, into
//     a new index version: the above plus adding every document to the
//     index and writing it (what `ragadmin reindex` does, minus the
//     backend round trip).
//
// Throughput is uncompressed HTML bytes (the sum of the articles' sizes)
// divided by wall time. With -zim it measures an existing archive instead
// of generating one. Usage:
//
//	go run ./tools/zimbench [-mb 200] [-zim FILE] [-keep] [-cpuprofile FILE]
//
// Other processes may share the CPUs: each measurement also says how many
// cores the bench used and how many other processes used meanwhile (from
// /proc/stat and getrusage), and the load average at its end, so that a
// slow run can be told from a busy machine.
//
// The exit status is 0 when the full build projects a 5 GB archive under
// 10 minutes, 1 when it does not, 2 when the bench could not run.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"html"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/ingest"
	"github.com/ragman-dev/ragman/backend/ingest/zim"
)

// bar is SC-002: 5 GB of HTML in 10 minutes.
const (
	barBytes = 5 << 30
	barTime  = 10 * time.Minute
)

func main() {
	mb := flag.Int("mb", 200, "megabytes of HTML to generate")
	zimFile := flag.String("zim", "", "measure this archive instead of generating one")
	keep := flag.Bool("keep", false, "keep the temporary folder (pages, archive, index)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the full build to this file")
	flag.Parse()
	os.Exit(run(*mb, *zimFile, *keep, *cpuProfile))
}

func run(mb int, zimFile string, keep bool, cpuProfile string) int {
	dir, err := os.MkdirTemp("", "zimbench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "zimbench:", err)
		return 2
	}
	if keep {
		fmt.Println("folder:", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if zimFile == "" {
		if _, err := exec.LookPath("zimwriterfs"); err != nil {
			fmt.Fprintln(os.Stderr, "zimbench: zimwriterfs not found: apt-get install zim-tools")
			return 2
		}
		pages := filepath.Join(dir, "pages")
		start := time.Now()
		n, size, err := generate(pages, int64(mb)<<20)
		if err != nil {
			fmt.Fprintln(os.Stderr, "zimbench:", err)
			return 2
		}
		fmt.Printf("generated %d pages, %.1f MB of HTML in %v\n", n, mbytes(size), time.Since(start).Round(time.Millisecond))
		zimFile = filepath.Join(dir, "bench_en_all.zim")
		start = time.Now()
		cmd := exec.Command("zimwriterfs", "--withoutFTIndex", "--welcome=index.html", "--illustration=illustration.png",
			"--language=eng", "--title=Bench wiki", "--description=zimbench pages", "--creator=zimbench",
			"--publisher=zimbench", "--name=bench_en_all", pages, zimFile)
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "zimbench: zimwriterfs: %v\n%s", err, out)
			return 2
		}
		fmt.Printf("zimwriterfs: %v\n", time.Since(start).Round(time.Millisecond))
		os.RemoveAll(pages)
	}
	fi, err := os.Stat(zimFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "zimbench:", err)
		return 2
	}
	htmlBytes, articles, err := htmlSize(zimFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "zimbench:", err)
		return 2
	}
	fmt.Printf("archive: %s, %.1f MB, %d HTML articles, %.1f MB of HTML; %d CPUs\n",
		filepath.Base(zimFile), mbytes(fi.Size()), articles, mbytes(htmlBytes), runtime.GOMAXPROCS(0))

	// full build
	runtime.GC()
	idx := filepath.Join(dir, "index")
	cat := &catalog.Catalog{Sources: []catalog.Source{{Alias: "bench", Type: catalog.TypeZIM, Location: zimFile,
		Language: "en", Status: catalog.StatusPending}}}
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "zimbench:", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "zimbench:", err)
			return 2
		}
	}
	cpu := sampleCPU()
	start := time.Now()
	m, err := ingest.Build(context.Background(), idx, cat, ingest.Options{})
	took := time.Since(start)
	used := cpu.since()
	if cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "zimbench: build:", err)
		return 2
	}
	active, _ := index.ActiveDir(idx)
	ok := report("full build", htmlBytes, took, fmt.Sprintf("%d documents, %d chunks, index %.1f MB (%.2f x the archive)",
		m.Documents, m.Chunks, mbytes(index.Size(active)), float64(index.Size(active))/float64(fi.Size())))
	fmt.Printf("%-21s %s (the build, and the sizes read before it)\n", "peak memory (RSS)", peakRSS())
	fmt.Printf("%-21s %s\n", "CPU during it", used)

	// read + convert + prepare
	runtime.GC()
	cpu = sampleCPU()
	start = time.Now()
	docs, err := prepareAll(zimFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "zimbench:", err)
		return 2
	}
	report("read+convert+prepare", htmlBytes, time.Since(start), fmt.Sprintf("%d documents", docs))
	fmt.Printf("%-21s %s\n", "CPU during it", cpu.since())

	if !ok {
		return 1
	}
	return 0
}

// cpuSample is the machine's CPU time (busy and in all, in clock ticks,
// from /proc/stat) and this process's, at one moment.
type cpuSample struct {
	at          time.Time
	busy, total uint64
	self        time.Duration
}

func sampleCPU() cpuSample {
	c := cpuSample{at: time.Now()}
	if data, err := os.ReadFile("/proc/stat"); err == nil {
		line, _, _ := strings.Cut(string(data), "\n")
		for i, f := range strings.Fields(line)[1:] {
			n, _ := strconv.ParseUint(f, 10, 64)
			if i == 3 || i == 4 { // idle, iowait
				c.total += n
				continue
			}
			if i < 8 { // user nice system (idle iowait) irq softirq steal; guest is in user
				c.busy += n
				c.total += n
			}
		}
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		c.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return c
}

// since says how many cores this process and the others kept busy from s
// to now, and the load average now.
func (s cpuSample) since() string {
	now := sampleCPU()
	wall := now.at.Sub(s.at).Seconds()
	cpus := float64(runtime.NumCPU())
	load := "unknown"
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(data)); len(f) >= 3 {
			load = strings.Join(f[:3], " ")
		}
	}
	if now.total == s.total || wall <= 0 {
		return "load average " + load
	}
	busy := float64(now.busy-s.busy) / float64(now.total-s.total) * cpus
	self := (now.self - s.self).Seconds() / wall
	return fmt.Sprintf("of %.0f cores: this process %.2f, other processes %.2f; load average %s", cpus, self, max(0, busy-self), load)
}

// peakRSS is the process's peak resident set so far (VmHWM).
func peakRSS() string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func mbytes(n int64) float64 { return float64(n) / (1 << 20) }

// report prints a throughput and the time it projects for 5 GB of HTML;
// it reports whether that is within the bar.
func report(what string, htmlBytes int64, took time.Duration, detail string) bool {
	rate := mbytes(htmlBytes) / took.Seconds()
	proj := time.Duration(float64(barBytes) / float64(htmlBytes) * float64(took))
	verdict := "PASS"
	if proj > barTime {
		verdict = "FAIL"
	}
	fmt.Printf("%-21s %v: %.1f MB/s of HTML -> 5 GB in %v (bar %v: %s); %s\n",
		what, took.Round(time.Millisecond), rate, proj.Round(time.Second), barTime, verdict, detail)
	return proj <= barTime
}

// htmlSize sums the sizes of an archive's HTML articles (not timed).
func htmlSize(path string) (int64, int, error) {
	a, err := zim.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer a.Close()
	l, err := a.List()
	if err != nil {
		return 0, 0, err
	}
	var total int64
	for _, art := range l.Articles {
		b, err := a.Content(art)
		if err != nil {
			continue
		}
		total += int64(len(b))
	}
	return total, len(l.Articles), nil
}

// prepareAll does what a build does in its parallel workers.
func prepareAll(path string) (int64, error) {
	a, err := zim.Open(path)
	if err != nil {
		return 0, err
	}
	defer a.Close()
	l, err := a.List()
	if err != nil {
		return 0, err
	}
	groups := zim.Groups(l.Articles)
	jobs := make(chan []zim.Article)
	var docs atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := index.NewPreparer()
			for g := range jobs {
				ds, _, _ := a.Read(g)
				for _, d := range ds {
					d.Alias = "bench"
					if _, err := p.Prepare(d, index.Facts{}); err == nil {
						docs.Add(1)
					}
				}
			}
		}()
	}
	for _, g := range groups {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	return docs.Load(), nil
}

// generate writes wiki-like pages into dir until they hold size bytes:
// the markup of a MediaWiki page as mwoffliner packs it, around text drawn
// from this machine's word list with a Zipf distribution.
func generate(dir string, size int64) (int, int64, error) {
	words, err := vocabulary()
	if err != nil {
		return 0, 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, 0, err
	}
	rng := rand.New(rand.NewSource(42))
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(words)-1))
	word := func() string { return words[zipf.Uint64()] }
	sentence := func(b *strings.Builder, n int) {
		for i := range n {
			w := word()
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			switch r := rng.Intn(12); {
			case r == 0:
				fmt.Fprintf(b, `<a href="./%s" title="%s">%s</a>`, w, w, w)
			case r == 1:
				fmt.Fprintf(b, "<code>%s</code>", w)
			case r == 2:
				fmt.Fprintf(b, "<b>%s</b>", w)
			default:
				b.WriteString(html.EscapeString(w))
			}
			if i < n-1 {
				b.WriteByte(' ')
			}
		}
		b.WriteString(". ")
	}
	var total int64
	n := 0
	var index strings.Builder
	index.WriteString("<html><head><title>Bench wiki</title></head><body><ul>\n")
	for total < size {
		title := fmt.Sprintf("%s %s %d", word(), word(), n)
		var b strings.Builder
		fmt.Fprintf(&b, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>%s</title>`+
			`<link rel="stylesheet" href="style.css"><script>var wgPageName=%q;var wgTitle=%q;</script></head><body>`+
			`<header class="mw-header"><a href="index.html">Bench wiki</a></header><div id="content" class="mw-body">`+
			`<h1 id="firstHeading" class="firstHeading">%s</h1><div id="mw-content-text" class="mw-body-content">`,
			html.EscapeString(title), title, title, html.EscapeString(title))
		b.WriteString(`<div id="toc" class="toc" role="navigation"><h2>Contents</h2><ul>`)
		sections := 3 + rng.Intn(6)
		for s := range sections {
			fmt.Fprintf(&b, `<li class="toclevel-1"><a href="#s%d"><span class="tocnumber">%d</span> <span class="toctext">Section %d</span></a></li>`, s, s+1, s+1)
		}
		b.WriteString("</ul></div>\n")
		for s := range sections {
			if s > 0 {
				fmt.Fprintf(&b, `<h2><span class="mw-headline" id="s%d">%s %s</span></h2>`, s, word(), word())
			}
			for range 1 + rng.Intn(4) {
				b.WriteString("<p>")
				for range 2 + rng.Intn(5) {
					sentence(&b, 6+rng.Intn(14))
				}
				fmt.Fprintf(&b, `<sup id="cite_ref-%d" class="reference"><a href="#cite_note-%d">[%d]</a></sup></p>`+"\n", s, s, s+1)
			}
			switch rng.Intn(4) {
			case 0:
				fmt.Fprintf(&b, "<pre># %s --%s %s /etc/%s.conf\n$ %s %s | %s -%s\n</pre>\n", word(), word(), word(), word(), word(), word(), word(), word()[:1])
			case 1:
				b.WriteString("<ul>")
				for range 3 + rng.Intn(5) {
					b.WriteString("<li>")
					sentence(&b, 5+rng.Intn(10))
					b.WriteString("</li>")
				}
				b.WriteString("</ul>\n")
			case 2:
				b.WriteString(`<table class="wikitable"><tbody><tr><th>Option</th><th>Meaning</th></tr>`)
				for range 2 + rng.Intn(5) {
					fmt.Fprintf(&b, "<tr><td><code>--%s</code></td><td>", word())
					sentence(&b, 4+rng.Intn(8))
					b.WriteString("</td></tr>")
				}
				b.WriteString("</tbody></table>\n")
			default:
				b.WriteString("<dl>")
				for range 2 + rng.Intn(3) {
					fmt.Fprintf(&b, "<dt><code>-%s</code></dt><dd>", word()[:1])
					sentence(&b, 6+rng.Intn(10))
					b.WriteString("</dd>")
				}
				b.WriteString("</dl>\n")
			}
		}
		b.WriteString(`</div></div><div class="navbox" role="navigation"><ul>`)
		for range 10 {
			fmt.Fprintf(&b, `<li><a href="./%s">%s</a></li>`, word(), word())
		}
		b.WriteString(`</ul></div><footer>Content is available under the licence of the wiki.</footer></body></html>`)
		name := fmt.Sprintf("Page_%06d.html", n)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
			return 0, 0, err
		}
		if n%10 == 0 { // a redirect now and then, as wikis have
			if err := os.Symlink(name, filepath.Join(dir, fmt.Sprintf("Alias_%06d.html", n))); err != nil {
				return 0, 0, err
			}
		}
		if n < 500 {
			fmt.Fprintf(&index, `<li><a href="%s">%s</a></li>`, name, html.EscapeString(title))
		}
		total += int64(b.Len())
		n++
	}
	index.WriteString("</ul></body></html>")
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(index.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "style.css"), []byte("body{font-family:sans-serif}"), 0o644)
	// a 48x48 PNG: zimwriterfs wants an illustration
	png, err := os.ReadFile(filepath.Join("testdata", "zim", "pages", "en", "illustration.png"))
	if err != nil {
		return 0, 0, fmt.Errorf("run zimbench from the repository's root: %w", err)
	}
	os.WriteFile(filepath.Join(dir, "illustration.png"), png, 0o644)
	return n, total, nil
}

// vocabulary is the machine's word list, or a few words without one.
func vocabulary() ([]string, error) {
	f, err := os.Open("/usr/share/dict/words")
	if err != nil {
		return strings.Fields("the file system process user command option directory mount network package service " +
			"kernel module device partition permission owner group archive compress extract copy move remove list"), nil
	}
	defer f.Close()
	var words []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := sc.Text()
		if w != "" && !strings.Contains(w, "'") {
			words = append(words, w)
		}
	}
	rand.New(rand.NewSource(7)).Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	return words, sc.Err()
}
