// Command rankeval scores the answer engine on question sets without the
// daemon: it opens the active index in-process, answers every question and
// prints the same figures as ../shared/eval/run, plus, with -v, why each
// missed question ranked as it did. It is a development tool for ranking
// work; the scorer of record stays ../shared/eval/run.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/thesaurus"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

var calib *bool

type row struct{ id, q, expected, must, kind, set string }

var stepMisses *bool

// optionStep matches a step that runs a command with an option.
var optionStep = lazyre.New("^`\\S+ -")

func main() {
	dir := flag.String("index", "", "index version folder (default: the active one)")
	verbose := flag.Bool("v", false, "explain the misses")
	all := flag.Bool("all", false, "with -v, explain every question")
	only := flag.String("only", "", "comma-separated question ids")
	threshold := flag.Float64("threshold", 0.35, "confidence threshold")
	tuneFlag := flag.Bool("tune", false, "fit the feature weights on the question sets by coordinate ascent")
	confFlag := flag.Bool("conf", false, "with -tune -stack FILE, fit the confidence model on the questions -trees -cv held out (and write the weights with it to -out)")
	gapsFlag := flag.Bool("gaps", false, "with -tune, print the question words the right pages lack")
	wflag := flag.String("w", "", "feature weights to use instead of the shipped ones: name=value,... (names as -v prints them); \"zero\" first clears them. They rank only with -linear; otherwise they feed confidence")
	weights := rank.DefaultWeights()
	topFloor := flag.Float64("topfloor", weights.Topicality.Floor, "topicality floor (1 turns it off)")
	altMargin := flag.Float64("alt", compose.New().AltMargin, "score margin for alternative references")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of answering here")
	memprofile := flag.String("memprofile", "", "write a profile of what answering allocated here")
	linear := flag.Bool("linear", false, "rank by the weighted sum of the features, not by the trees")
	dumpFlag := flag.String("dump", "", "write every question's candidate pool with its features as TSV to this file")
	flag.BoolVar(&aliasScore, "aliases", false, "count a page as the expected one when it documents the expected name too, as man finds it: grep(1) for egrep, whose page links to grep's (the shared eval counts labels alone)")
	flag.BoolVar(&aliasFit, "aliasfit", false, "with -trees, fit the trees (and -stack's confidence inputs) counting such pages right, while scores count labels unless -aliases")
	recalFlag := flag.Bool("recal", false, "fit a scale and a shift of the confidence model's logit on these sets' first pages (Platt scaling) and write the weights so rescaled to -out: sets the trees and the confidence model never saw calibrate it for questions they have not seen")
	calib = flag.Bool("calib", false, "also print how well confidence is calibrated: ECE (10 bins) and AUROC of confidence against the first page answering the question (out-of-scope questions: it never does)")
	itemsFlag := flag.String("items", "", "compose with these item weights, TERM,FIRST,PRECISION,LENGTH,ARG,USAGE (compose.ItemWeights), not the shipped ones")
	stepsFlag := flag.Bool("steps", false, "also print how often the first step gives the option a question expects (its mentions that start with -), where the first page is right")
	stepMisses = flag.Bool("stepmisses", false, "with -steps, print the questions whose first step misses the expected option")
	ranksFlag := flag.Bool("ranks", false, "print where the right page ranks among all candidates, as a histogram")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err == nil {
			pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}
	if *memprofile != "" {
		defer func() {
			if f, err := os.Create(*memprofile); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		}()
	}
	if *linear || *tuneFlag && !*confFlag {
		// fits are made on the pools, which the first stage selects; the
		// order in which a model puts them is beside the point
		weights.Trees = nil
	}
	weights.Topicality.Floor = *topFloor
	if *wflag != "" {
		for _, kv := range strings.Split(*wflag, ",") {
			if kv == "zero" {
				weights.W = [rank.NumFeatures]float64{}
				continue
			}
			k, v, _ := strings.Cut(kv, "=")
			x, err := strconv.ParseFloat(v, 64)
			found := false
			for fi, n := range rank.FeatureNames {
				if strings.EqualFold(n, k) {
					weights.W[fi] = x
					found = true
				}
			}
			if !found || err != nil {
				fmt.Fprintf(os.Stderr, "rankeval: bad weight %q\n", kv)
				os.Exit(2)
			}
		}
	}
	if *dir == "" {
		d, err := index.ActiveDir(config.DefaultPaths().IndexDir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rankeval:", err)
			os.Exit(1)
		}
		*dir = d
	}
	r, err := index.Open(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankeval:", err)
		os.Exit(1)
	}
	if aliasScore || aliasFit {
		aliasNames = map[string][]string{}
		for id := range r.NumDocs() {
			m := r.Meta(id)
			aliasNames[m.Label] = m.Names
		}
	}
	lib := answer.NewLibrary(r)
	ret, err := rank.New(lib, analyse.Thesaurus, weights)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankeval:", err)
		os.Exit(1)
	}
	cp := compose.New()
	cp.AltMargin = *altMargin
	if *itemsFlag != "" {
		var w compose.ItemWeights
		if _, err := fmt.Sscanf(*itemsFlag, "%g,%g,%g,%g,%g,%g", &w.Term, &w.First, &w.Precision, &w.Length, &w.Arg, &w.Usage); err != nil {
			fmt.Fprintln(os.Stderr, "rankeval: -items: want TERM,FIRST,PRECISION,LENGTH,ARG,USAGE:", err)
			os.Exit(2)
		}
		cp.Items = w
	}
	eng := &answer.Engine{Retriever: ret, Composer: cp, Library: lib}
	// Whether a reference comes from a ZIM archive, by its source's alias:
	// articles must not push the right man page out of the top.
	zimAlias := map[string]bool{}
	for id := range r.NumDocs() {
		if m := r.Meta(id); m.Type == "zim" {
			zimAlias[m.Alias] = true
		}
	}
	want := map[string]bool{}
	for _, id := range strings.Split(*only, ",") {
		if id != "" {
			want[id] = true
		}
	}
	if *tuneFlag {
		var rows []row
		for _, path := range flag.Args() {
			rs, err := read(path)
			if err != nil {
				fmt.Fprintln(os.Stderr, "rankeval:", err)
				os.Exit(1)
			}
			rows = append(rows, rs...)
		}
		if *treesFlag {
			tuneTrees(ret, rows)
			return
		}
		if *confFlag {
			conf, err := fitStack(*stackPath, *threshold)
			if err == nil {
				weights.Conf = conf
				weights.Scope, err = fitScope(*stackPath, rows, *threshold)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "rankeval:", err)
				os.Exit(1)
			}
			if err := writeWeights(*out, &weights, score{}, 0); err != nil {
				fmt.Fprintln(os.Stderr, "rankeval:", err)
				os.Exit(1)
			}
			return
		}
		if *gapsFlag {
			gaps(ret, rows)
			return
		}
		tune(ret, rows, weights)
		return
	}
	if *dumpFlag != "" {
		if err := dump(ret, *dumpFlag, flag.Args()); err != nil {
			fmt.Fprintln(os.Stderr, "rankeval:", err)
			os.Exit(1)
		}
		return
	}
	if *ranksFlag {
		for _, path := range flag.Args() {
			rows, err := read(path)
			if err != nil {
				fmt.Fprintln(os.Stderr, "rankeval:", err)
				os.Exit(1)
			}
			ranks(ret, rows)
		}
		return
	}
	// -calib over several sets also pools them
	paths := flag.Args()
	var allConf, allRaw []float64
	var allRight []bool
	sure, sureWrong := 0, 0
	for _, path := range paths {
		rows, err := read(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rankeval:", err)
			os.Exit(1)
		}
		var n, h1, h3, men, naTotal, naOK, falseNA, zim1, zim3, optN, optOK, steps, plainN, plainOK int
		var times []time.Duration
		// per question: its confidence, and whether the page it is the
		// confidence of (the first) answers it; out-of-scope: never
		var conf []float64
		var right []bool
		for _, rw := range rows {
			if len(want) > 0 && !want[rw.id] {
				continue
			}
			start := time.Now()
			e := *eng
			e.Retriever = retFor(ret, rw)
			e.Composer = composerFor(cp, rw)
			ans, tr, err := e.Answer(context.Background(), rw.q, *threshold)
			if err != nil {
				fmt.Fprintln(os.Stderr, "rankeval:", err)
				os.Exit(1)
			}
			times = append(times, time.Since(start))
			var labels []string
			for _, ref := range ans.References {
				labels = append(labels, ref.Label)
			}
			if len(tr.Hits) > 0 {
				conf = append(conf, ans.Confidence)
				allRaw = append(allRaw, tr.Confidence)
				right = append(right, rw.kind != "noanswer" && matches(tr.Hits[0].Meta.Label, split(rw.expected)))
			}
			miss := ""
			if rw.kind == "noanswer" {
				naTotal++
				if ans.NoAnswer {
					naOK++
				} else {
					miss = fmt.Sprintf("answered (%.2f): %v", ans.Confidence, labels)
				}
			} else {
				n++
				exp := split(rw.expected)
				if ans.NoAnswer {
					falseNA++
				}
				first := len(labels) > 0 && matches(labels[0], exp)
				top3 := false
				for _, l := range labels[:min(3, len(labels))] {
					top3 = top3 || matches(l, exp)
				}
				steps += len(ans.Steps)
				mentioned := mentions(ans.Summary+" "+strings.Join(ans.Steps, " "), rw.must)
				for i, ref := range ans.References[:min(3, len(ans.References))] {
					if zimAlias[ref.Alias] {
						if i == 0 {
							zim1++
						}
						zim3++
					}
				}
				if first {
					h1++
					if opts := options(rw.must); len(opts) == 0 && rw.must != "" {
						// no option expected: the first step should not
						// lead with one
						plainN++
						if len(ans.Steps) == 0 || !optionStep().MatchString(ans.Steps[0]) {
							plainOK++
						} else if *stepMisses {
							fmt.Printf("plain miss %s\t%s\tmentions %s\tfirst %s\n", rw.id, rw.q, rw.must, document.ClipLine(ans.Steps[0], 120))
						}
					} else if len(opts) > 0 {
						optN++
						if len(ans.Steps) > 0 && stepRuns(ans.Steps[0], opts) {
							optOK++
						} else if *stepMisses {
							first := "(none)"
							if len(ans.Steps) > 0 {
								first = ans.Steps[0]
							}
							at := "-" // the step that gives it, if any
							for i, st := range ans.Steps {
								if stepRuns(st, opts) {
									at = strconv.Itoa(i + 1)
									break
								}
							}
							fmt.Printf("step miss %s\t%s\twant %v at %s\tfirst %s\n", rw.id, rw.q, opts, at, document.ClipLine(first, 120))
						}
					}
				}
				if top3 {
					h3++
				}
				if mentioned {
					men++
				}
				var what []string
				if ans.NoAnswer {
					what = append(what, fmt.Sprintf("no_answer(%.2f)", ans.Confidence))
				}
				if !first {
					what = append(what, "top="+strings.Join(labels, ","))
				}
				if !mentioned {
					what = append(what, "mentions none of "+rw.must)
				}
				miss = strings.Join(what, "; ")
			}
			if miss != "" || *all {
				fmt.Printf("%s\t%s\texpected %s\t%s\n", rw.id, rw.q, rw.expected, miss)
				if *verbose {
					explain(tr, ans.Confidence)
					if rw.kind != "noanswer" {
						_, all := retFor(ret, rw).Candidates(rw.q)
						for i, c := range all {
							if matches(c.Meta.Label, split(rw.expected)) {
								if i >= 6 {
									fmt.Printf("    %d. %s\n", i+1, candLine(c))
								}
								break
							}
						}
					}
					if *all {
						fmt.Printf("    summary: %s\n", ans.Summary)
						for _, s := range ans.Steps {
							fmt.Printf("    step: %s\n", s)
						}
					}
				}
			}
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		p50 := time.Duration(0)
		if len(times) > 0 {
			p50 = times[len(times)/2]
		}
		zims := ""
		if len(zimAlias) > 0 {
			// answerable questions whose first reference, and references
			// among the first three, are ZIM articles
			zims = fmt.Sprintf(" zim@1=%d zim@3=%d", zim1, zim3)
		}
		fmt.Printf("%s: n=%d hit@1=%.3f hit@3=%.3f mention=%.3f noanswer=%d/%d false_noanswer=%d p50=%v%s\n",
			path, n, ratio(h1, n), ratio(h3, n), ratio(men, n), naOK, naTotal, falseNA, p50.Round(10*time.Microsecond), zims)
		if *stepsFlag {
			fmt.Printf("%s: first step: the option expected in %d of %d answers whose first page is right and whose mentions name options (%.3f); %.2f steps per answer; without an option where none is expected in %d of %d\n", path, optOK, optN, ratio(optOK, optN), ratio(steps, n), plainOK, plainN)
		}
		allConf, allRight = append(allConf, conf...), append(allRight, right...)
		if *calib {
			fmt.Printf("%s: calibration of the first page: n=%d ece=%.3f auroc=%.3f\n", path, len(conf), ece(conf, right), auroc(conf, right))
			for i, c := range conf {
				if c >= 0.8 {
					sure++
					if !right[i] {
						sureWrong++
					}
				}
			}
		}
	}
	if *recalFlag {
		if err := recalibrate(allRaw, allRight, paths); err != nil {
			fmt.Fprintln(os.Stderr, "rankeval:", err)
			os.Exit(1)
		}
	}
	if *calib && len(paths) > 1 {
		fmt.Printf("all sets pooled: calibration of the first page: n=%d ece=%.3f auroc=%.3f; at 0.8 or more: %d answers, %d wrong\n",
			len(allConf), ece(allConf, allRight), auroc(allConf, allRight), sure, sureWrong)
		floor, floor95 := eceFloor(allConf)
		fmt.Printf("  a calibrated model with these confidences would show, by sampling alone, ece %.3f on average, %.3f at the 95th percentile\n", floor, floor95)
		fmt.Print(reliability(allConf, allRight))
	}
}

func explain(tr *answer.Retrieval, conf float64) {
	a := tr.Analysis
	var cs []string
	for _, c := range a.Concepts {
		var alts []string
		for _, al := range c.Alts[:min(6, len(c.Alts))] {
			alts = append(alts, fmt.Sprintf("%s:%.1f", al.Stem, al.Weight))
		}
		cs = append(cs, c.Word+"{"+strings.Join(alts, " ")+"}")
	}
	fmt.Printf("    scene=%s conf=%.2f concepts=%s\n", a.Scene, conf, strings.Join(cs, " "))
	cands := tr.Detail.(*rank.Detail).Candidates
	for i, c := range cands[:min(6, len(cands))] {
		fmt.Printf("    %d. %s\n", i+1, candLine(c))
	}
}

func candLine(c rank.Candidate) string {
	var fs []string
	for fi, x := range c.F {
		if x != 0 {
			fs = append(fs, fmt.Sprintf("%s=%.2f", rank.FeatureNames[fi], x))
		}
	}
	return fmt.Sprintf("%-28s %.3f kind=%s %s covered=%v", c.Meta.Label, c.Score, rank.KindNames[c.Kind], strings.Join(fs, " "), fmtCov(c.Covered))
}

func fmtCov(c []float64) string {
	var s []string
	for _, x := range c {
		s = append(s, fmt.Sprintf("%.1f", x))
	}
	return strings.Join(s, ",")
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// mentions says whether an answer's text holds one of must's words (in
// any case); a row that names none asks for nothing beyond the page.
func mentions(text, must string) bool {
	words := split(must)
	text = strings.ToLower(text)
	return len(words) == 0 || slices.ContainsFunc(words, func(w string) bool { return strings.Contains(text, strings.ToLower(w)) })
}

func split(s string) []string {
	var out []string
	for _, x := range strings.Split(s, "|") {
		if x != "" && x != "-" {
			out = append(out, x)
		}
	}
	return out
}

func norm(l string) (string, string) {
	l = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(l), " ", ""))
	if strings.HasSuffix(l, ")") && strings.Contains(l, "(") {
		i := strings.Index(l, "(")
		return l[:i], l[i+1 : len(l)-1]
	}
	return l, ""
}

// matches is the scorer's rule: same name and section; a Debian
// alternative's name ("which.debianutils") matches its plain name.
func matches(label string, expected []string) bool { return matchesWith(label, expected, aliasScore) }

// matchesWith is matches, counting a page of another name when alias is
// set.
func matchesWith(label string, expected []string, alias bool) bool {
	name, sec := norm(label)
	for _, e := range expected {
		en, es := norm(e)
		if es != "" && es != sec {
			continue
		}
		if name == en || strings.HasPrefix(name, en+".") {
			return true
		}
		// with -aliases, the page of another name: grep(1) for egrep,
		// whose egrep.1 links to grep.1
		if !alias {
			continue
		}
		for _, n := range aliasNames[label] {
			if strings.EqualFold(n, en) {
				return true
			}
		}
	}
	return false
}

// aliasNames are the names each page documents, by label, with
// -aliases or -aliasfit.
var aliasNames map[string][]string

// aliasScore and aliasFit: -aliases and -aliasfit.
var aliasScore, aliasFit bool

func read(path string) ([]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 5 {
			return nil, fmt.Errorf("%s: bad row %q", path, line)
		}
		rw := row{c[0], c[1], c[2], c[3], c[4], filepath.Base(path)}
		if *holdout > 0 && rw.set == *holdoutSet && heldOut(rw, *holdout) != *onlyHeld {
			continue
		}
		if *far > 0 && !learnedSet(rw.set) && rw.kind != "noanswer" && nearLearned(rw.q) >= *far {
			continue
		}
		rows = append(rows, rw)
	}
	return rows, sc.Err()
}

var (
	holdout    = flag.Int("holdout", 0, "leave the questions of one command in N of -holdoutset out (by a hash of the command's name): fits never see them, and -heldout scores only them")
	holdoutSet = flag.String("holdoutset", "tldr-train.tsv", "the question set -holdout applies to, by file name")
	onlyHeld   = flag.Bool("heldout", false, "with -holdout, read only the questions it leaves out")
)

// heldOut says whether -holdout n leaves rw out: its command hashes to 0
// mod n, so that all of a command's questions go together.
func heldOut(rw row, n int) bool {
	return crc32.ChecksumIEEE([]byte(command(rw)))%uint32(n) == 0
}

// command is the command a question is about, what folds and -holdout
// keep together: its first expected page's name, lowercased, without a
// section, so that "ls(1)" of a dev set and "ls" of tldr-train are one.
func command(rw row) string {
	cmd, _, _ := strings.Cut(rw.expected, "|")
	cmd, _, _ = strings.Cut(strings.ToLower(cmd), "(")
	return cmd
}

// ranks prints how many answerable questions have their first right page at
// each rank band among all candidates: a miss at rank 2 asks for better
// features, one outside the pool for better retrieval.
func ranks(ret *rank.Retriever, rows []row) {
	bands := []int{1, 2, 3, 5, 10, 20, 50, 100, 1 << 30}
	count := make([]int, len(bands))
	n := 0
	for _, rw := range rows {
		if rw.kind == "noanswer" {
			continue
		}
		n++
		_, cands := retFor(ret, rw).Candidates(rw.q)
		r := 1 << 30
		for i, c := range cands {
			if matches(c.Meta.Label, split(rw.expected)) {
				r = i + 1
				break
			}
		}
		for b, top := range bands {
			if r <= top {
				count[b]++
				break
			}
		}
	}
	cum := 0
	for b, top := range bands {
		cum += count[b]
		name := fmt.Sprintf("<=%d", top)
		if top == 1<<30 {
			name = "absent"
		}
		fmt.Printf("%-7s %3d  cumulative %.3f\n", name, count[b], ratio(cum, n))
	}
}

// dump writes the pools for model experiments outside Go: one line per
// candidate with its question, scene, kind, whether it is right, and its
// features.
func dump(ret *rank.Retriever, path string, sets []string) error {
	return create(path, func(w *bufio.Writer) error {
		fmt.Fprintf(w, "set\tid\tscene\tkind\tlabel\tgood\tscore\t%s\n", strings.Join(rank.FeatureNames[:], "\t"))
		for _, set := range sets {
			rows, err := read(set)
			if err != nil {
				return err
			}
			for _, rw := range rows {
				if rw.kind == "noanswer" {
					continue
				}
				a, cands := retFor(ret, rw).Candidates(rw.q)
				right := rightPages(cands, rw.expected)
				for i, c := range cands {
					good := 0
					if right[i] {
						good = 1
					}
					fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%s\t%d\t%.5f", set, rw.id, a.Scene, c.Kind, c.Meta.Label, good, c.Score)
					for _, x := range c.F {
						fmt.Fprintf(w, "\t%.5f", x)
					}
					fmt.Fprintln(w)
				}
			}
		}
		return nil
	})
}

// create writes the file at path through a buffer with write, and returns
// the first error of writing, flushing or closing it.
func create(path string, write func(w *bufio.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// rightPages says which candidates answer a question whose expected pages
// are expected ("ls(1)|dir(1)"). An info node counts as right when the man
// page it documents is in the pool and right: the engine shows that page in
// its place.
func rightPages(cands []rank.Candidate, expected string) []bool {
	return rightPagesWith(cands, expected, aliasScore)
}

// rightPagesWith is rightPages, counting pages of other names when alias
// is set.
func rightPagesWith(cands []rank.Candidate, expected string, alias bool) []bool {
	exp := split(expected)
	byID := map[int]bool{}
	for _, c := range cands {
		byID[c.ID] = matchesWith(c.Meta.Label, exp, alias)
	}
	right := make([]bool, len(cands))
	for i, c := range cands {
		right[i] = byID[c.ID] || c.Meta.Type == "info" && c.Meta.Group >= 0 && byID[c.Meta.Group]
	}
	return right
}

// options are the options among a question's expected mentions.
func options(must string) []string {
	var out []string
	for _, m := range split(must) {
		if strings.HasPrefix(m, "-") && len(m) > 1 {
			out = append(out, m)
		}
	}
	return out
}

// stepRuns says whether a step's command line gives one of opts as an
// option word: "`grep -m NUM [FILE...]`: ..." for -m, not for -mm or
// --max.
func stepRuns(step string, opts []string) bool {
	line, _, _ := strings.Cut(strings.TrimPrefix(step, "`"), "`")
	for _, w := range strings.Fields(line) {
		w, _, _ = strings.Cut(w, "=")
		w = strings.TrimRight(strings.TrimLeft(w, "[("), "]),;")
		w = strings.TrimSuffix(w, "[") // "--color[=WHEN]"
		for _, o := range opts {
			if w == o || inBundle(w, o) {
				return true
			}
		}
	}
	return false
}

// inBundle says whether option o ("-z") is a letter of w, a bundle of
// single-dash letters ("-czf"); not of find's -name, a word.
func inBundle(w, o string) bool {
	// two letters are a bundle even where they spell a word: du's -sh
	// is -s and -h, not a word "sh"
	if len(o) != 2 || o[0] != '-' || len(w) < 3 || w[0] != '-' || w[1] == '-' || len(w) > 3 && len(thesaurus.Related(strings.ToLower(w[1:]))) > 0 {
		return false
	}
	for _, r := range w[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return strings.ContainsRune(w[1:], rune(o[1]))
}
