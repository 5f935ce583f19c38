// Command explaineval measures ragman --explain on real command lines: it
// collects them from the EXAMPLES sections of an index's program pages
// (a line of an example that starts with the page's own command), explains
// each, and reports the share of option words the page documents that are
// matched to its description. An option word is documented when the page
// mentions it as a word anywhere; matched when the explanation gives it
// that page's description rather than calling it unknown.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/explain"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
)

func main() {
	dir := flag.String("index", "", "index version folder")
	lines := flag.Int("lines", 60, "command lines to collect, one per page")
	seed := flag.Uint64("seed", 1, "sampling seed")
	verbose := flag.Bool("v", false, "print every line and each option word that was not matched")
	inner := flag.Bool("inner", false, "take a line between a page's first and last example lines: a population apart from the default's, for a held-out figure")
	tasks := flag.String("tasks", "", "take the lines from the task collections in this folder (tldr, cheatsheets, navi, cheat.sh), read at run time, in place of the EXAMPLES: builtins, pipelines, find -exec, xargs and sudo among them")
	flag.Parse()
	r, err := index.Open(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "explaineval:", err)
		os.Exit(1)
	}
	lib := answer.NewLibrary(r)
	rng := rand.New(rand.NewPCG(*seed, 11))
	if *tasks != "" {
		evalTasks(lib, *tasks, *lines, rng, *verbose)
		return
	}
	documented, matched, entries, collected := 0, 0, 0, 0
	perPackage := map[string]int{}
	for _, id := range rng.Perm(r.NumDocs()) {
		if collected == *lines {
			break
		}
		m := r.Meta(id)
		// two lines per package at most: no suite of generated pages
		// outweighs the rest
		if !answer.ProgramPage(m) || perPackage[m.Package] >= 2 {
			continue
		}
		d, err := lib.Load(id)
		if err != nil {
			continue
		}
		line := ""
		if *inner {
			if all := examples(d); len(all) > 2 {
				line = all[1+rng.IntN(len(all)-2)]
			}
		} else {
			line = example(d, len(d.Names) > 0 && rng.IntN(2) == 1)
		}
		if line == "" {
			continue
		}
		x, err := explainLine(lib, line)
		if err != nil {
			continue
		}
		perPackage[m.Package]++
		collected++
		text := described(d)
		if *verbose {
			fmt.Printf("%s: %s\n", m.Label, line)
		}
		for _, p := range x.Parts {
			if p.Page != m.Label || p.Kind != proto.PartOption && p.Kind != proto.PartUnknown || p.Text == "--" {
				continue
			}
			name, _, _ := strings.Cut(p.Text, "=")
			if !mentions(text, name) {
				continue // the page says nothing of it: unknown is right
			}
			documented++
			switch {
			case p.Kind == proto.PartOption && !p.Mention:
				entries++
				matched++
			case p.Kind == proto.PartOption:
				matched++
				if *verbose {
					fmt.Printf("    by a sentence naming it: %s\n", name)
				}
			case *verbose:
				fmt.Printf("    not matched: %s\n", name)
			}
		}
	}
	fmt.Printf("%d command lines from the EXAMPLES of %d packages; %d documented option words: %d (%.1f%%) matched to their page's entry, %d (%.1f%%) with the sentences that name the others\n",
		collected, len(perPackage), documented, entries, 100*float64(entries)/float64(max(documented, 1)),
		matched, 100*float64(matched)/float64(max(documented, 1)))
}

// explainLine explains line as ragman --explain does for a user whose
// $SHELL is unset, bash's: the one call to explain, so that the tool
// measures an earlier tree's explain with this line changed alone.
func explainLine(lib *answer.Library, line string) (*proto.Explanation, error) {
	return explain.Explain(lib, line, explain.Shell(""))
}

// example is the first (or, with last, the last) line of an EXAMPLES
// code block that runs one of the page's own commands, its prompt taken
// off.
func example(d *document.Document, last bool) string {
	all := examples(d)
	switch {
	case len(all) == 0:
		return ""
	case last:
		return all[len(all)-1]
	}
	return all[0]
}

// examples are the lines of a page's EXAMPLES that run one of its own
// commands, in order, their prompts taken off.
func examples(d *document.Document) []string {
	s := d.Find("EXAMPLES")
	if s == nil {
		s = d.Find("EXAMPLE")
	}
	if s == nil {
		return nil
	}
	names := append([]string{d.Title}, d.Names...)
	var out []string
	for _, b := range s.Blocks {
		if b.Kind == document.Table {
			continue
		}
		// examples are code blocks mostly, and paragraphs or items' terms
		// in pages that do not mark them
		for _, l := range strings.Split(b.Term+"\n"+b.Text, "\n") {
			l = strings.TrimSpace(l)
			l = strings.TrimSpace(strings.TrimLeft(l, "$#%>"))
			first, _, _ := strings.Cut(l, " ")
			// one command line: not a list of them run together
			if slices.Contains(names, first) && strings.Contains(l, " -") && !strings.HasSuffix(l, "\\") && !strings.HasSuffix(l, ".") &&
				strings.Count(l, first+" ") == 1 && len(l) < 200 {
				out = append(out, l)
			}
		}
	}
	return out
}

// described is the text of a page where options are described: not its
// synopsis, which names them without saying what they do, nor its
// examples, where the line itself comes from.
func described(d *document.Document) string {
	var b strings.Builder
	for _, s := range d.Sections {
		switch strings.ToUpper(s.Title) {
		case "SYNOPSIS", "EXAMPLES", "EXAMPLE":
			continue
		}
		for _, blk := range s.Blocks {
			b.WriteString(blk.Term + " " + blk.Text + "\n")
		}
	}
	return b.String()
}

// mentions says whether text has opt as a word of its own.
func mentions(text, opt string) bool {
	re := regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(opt) + `($|[^\w-])`)
	return re.MatchString(text)
}
