package compose

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
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
