// Command minepairs writes question→page pairs mined from the index's own
// pages, as an eval-format TSV for rankeval's fits: an option's first
// sentence or an EXAMPLES caption is the question, its page the answer.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"unicode"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

func main() {
	dir := flag.String("index", "", "index version folder")
	per := flag.Int("per", 2, "pairs per page at most")
	pages := flag.Int("pages", 1500, "pages at most")
	perPkg := flag.Int("perpackage", 100, "pages per Debian package at most")
	seed := flag.Uint64("seed", 1, "sampling seed")
	flag.Parse()
	r, err := index.Open(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "minepairs:", err)
		os.Exit(1)
	}
	lib := answer.NewLibrary(r)
	rng := rand.New(rand.NewPCG(*seed, 7))
	ids := rng.Perm(r.NumDocs())
	n := 0
	perPackage := map[string]int{}
	fmt.Println("# id\tquestion\texpected\tmust\tkind")
	for _, id := range ids {
		if n >= *pages {
			break
		}
		m := r.Meta(id)
		// programs, and no suite of generated pages (gcloud's
		// thousands) outweighing the rest
		if !answer.ProgramPage(m) || m.Section == "6" || perPackage[m.Package] >= *perPkg {
			continue
		}
		d, err := lib.Load(id)
		if err != nil {
			continue
		}
		qs := mine(d)
		if len(qs) == 0 {
			continue
		}
		rng.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
		if len(qs) > *per {
			qs = qs[:*per]
		}
		for i, q := range qs {
			fmt.Printf("m%05d-%d\t%s\t%s\t%s\thowto\n", id, i, q[0], d.Title, q[1])
		}
		n++
		perPackage[m.Package]++
	}
}

// mine gives a page's candidate questions with the option they expect:
// the first sentence of each option item, each EXAMPLES caption.
func mine(d *document.Document) [][2]string {
	var out [][2]string
	for _, s := range d.Sections {
		ex := strings.Contains(strings.ToUpper(s.Title), "EXAMPLE")
		for i, b := range s.Blocks {
			switch {
			case b.Kind == document.Item && strings.HasPrefix(b.Term, "-") && !ex:
				if q := sentence(b.Text); q != "" && !boilerplate(b.Term, q) {
					opt, _, _ := strings.Cut(b.Term, ",")
					opt, _, _ = strings.Cut(strings.Fields(opt + " x")[0], "=")
					out = append(out, [2]string{q, opt})
				}
			case ex && b.Kind == document.Para && i+1 < len(s.Blocks) && s.Blocks[i+1].Kind == document.Code:
				if q := sentence(b.Text); q != "" {
					out = append(out, [2]string{q, d.Title})
				}
			}
		}
	}
	return out
}

// sentence is text's first sentence when it reads like a task of 3 to 14
// words, "" otherwise.
func sentence(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimRight(text, ".:;, ")
	w := strings.Fields(text)
	if len(w) < 3 || len(w) > 14 {
		return ""
	}
	r := []rune(text)
	if !unicode.IsLetter(r[0]) {
		return ""
	}
	return text
}

// boilerplate says whether an item is one every program has (help,
// version), which tells nothing about what its page is for.
func boilerplate(term, q string) bool {
	l := strings.ToLower(term + " " + q)
	return strings.Contains(l, "help") || strings.Contains(l, "version")
}
