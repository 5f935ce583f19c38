package main

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/backend/catalog"
)

// program is what the completions of one CLI need from its kong model.
type program struct {
	Name     string
	Commands []*command // every visible command, the program itself first
}

// command is one command of the program: what may follow it.
type command struct {
	Path     string // "" for the program itself, "sources update"
	Help     string
	Children []*command
	// Default is the command that words naming no child go to (ragman's
	// ask: `ragman how do I ...`).
	Default *command
	// Flags are the flags valid after the command: its own and its
	// ancestors' (kong accepts a parent's flags after a child).
	Flags []*option
	Args  []*arg
}

// option is a flag and the names it goes by.
type option struct {
	Names []string // --long, -s, aliases, --no-long
	Help  string
	Value *values // nil when it takes no value
}

type arg struct {
	Name  string
	Value values
	// Repeated: it takes every word from its position on.
	Repeated bool
	// Passthrough: from it on, words that look like flags are words.
	Passthrough bool
}

// What a value can be.
type kind int

const (
	text    kind = iota // anything: nothing to offer
	words               // one of Words
	files               // a file or folder
	dirs                // a folder
	aliases             // a source alias, from `ragadmin __complete aliases`
)

type values struct {
	Kind  kind
	Words []string
}

// predictors are the values of the predictor tag: what completes a value
// that is neither an enum nor a path.
var predictors = map[string]values{
	"alias":  {Kind: aliases},
	"file":   {Kind: files},
	"dir":    {Kind: dirs},
	"type":   {Kind: words, Words: []string{catalog.TypeMan, catalog.TypeInfo, catalog.TypeZIM, catalog.TypeTLDR}},
	"status": {Kind: words, Words: []string{catalog.StatusActive, catalog.StatusPending, catalog.StatusError}},
}

// newProgram reads the visible commands, flags and arguments of app.
func newProgram(app *kong.Application) (*program, error) {
	p := &program{Name: app.Name}
	if _, err := p.add(app.Node, "", nil); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *program) add(n *kong.Node, path string, inherited []*option) (*command, error) {
	c := &command{Path: path, Help: summary(n.Help)}
	p.Commands = append(p.Commands, c)
	c.Flags = append(c.Flags, inherited...)
	for _, f := range n.Flags {
		if f.Hidden {
			continue
		}
		fl, err := newFlag(f)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", p.Name, path, err)
		}
		c.Flags = append(c.Flags, fl)
	}
	for _, a := range n.Positional {
		v, err := valuesOf(a)
		if err != nil {
			return nil, fmt.Errorf("%s %s <%s>: %w", p.Name, path, a.Name, err)
		}
		c.Args = append(c.Args, &arg{Name: a.Name, Value: v, Repeated: a.IsCumulative(),
			Passthrough: a.PassthroughMode != kong.PassThroughModeNone})
	}
	for _, child := range n.Children {
		if child.Hidden {
			continue
		}
		sub, err := p.add(child, strings.TrimSpace(path+" "+child.Name), c.Flags)
		if err != nil {
			return nil, err
		}
		c.Children = append(c.Children, sub)
		if child == n.DefaultCmd {
			c.Default = sub
		}
	}
	return c, nil
}

func newFlag(f *kong.Flag) (*option, error) {
	fl := &option{Names: []string{"--" + f.Name}, Help: summary(f.Help)}
	if f.Short != 0 {
		fl.Names = append(fl.Names, "-"+string(f.Short))
	}
	for _, a := range f.Aliases {
		fl.Names = append(fl.Names, "--"+a)
	}
	if f.Tag.Negatable != "" {
		neg := "no-" + f.Name
		if f.Tag.Negatable != "_" {
			neg = f.Tag.Negatable
		}
		fl.Names = append(fl.Names, "--"+neg)
	}
	if f.IsBool() || f.IsCounter() {
		return fl, nil
	}
	v, err := valuesOf(f.Value)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", f.Name, err)
	}
	fl.Value = &v
	return fl, nil
}

// valuesOf says what completes v: its enum, its predictor tag, its path
// type, else nothing.
func valuesOf(v *kong.Value) (values, error) {
	if v.Enum != "" {
		return values{Kind: words, Words: v.EnumSlice()}, nil
	}
	if name := v.Tag.Get("predictor"); name != "" {
		p, ok := predictors[name]
		if !ok {
			return values{}, fmt.Errorf("unknown predictor %q", name)
		}
		return p, nil
	}
	switch v.Tag.Type {
	case "path", "existingfile", "filecontent":
		return values{Kind: files}, nil
	case "existingdir":
		return values{Kind: dirs}, nil
	}
	return values{Kind: text}, nil
}

// summary is the first sentence of a help text, for a one-line
// description.
func summary(help string) string {
	s, _, _ := strings.Cut(strings.TrimSpace(help), "\n")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSuffix(s, ".")
	if utf8.RuneCountInString(s) > 72 {
		r := []rune(s)[:72]
		s = string(r)
		if i := strings.LastIndexByte(s, ' '); i > 40 {
			s = s[:i]
		}
		s = strings.TrimRight(s, " ,;:") + "..."
	}
	return s
}

// valueFlags are the (command, flag name) pairs whose flag takes a
// value, grouped by what completes the value, in a stable order.
type valueCase struct {
	Keys  []string // "cmd:--flag"
	Value values
}

func (p *program) valueFlags() []valueCase {
	var out []valueCase
	index := map[string]int{}
	for _, c := range p.Commands {
		for _, f := range c.Flags {
			if f.Value == nil {
				continue
			}
			k := fmt.Sprint(f.Value.Kind, f.Value.Words)
			i, ok := index[k]
			if !ok {
				i = len(out)
				index[k] = i
				out = append(out, valueCase{Value: *f.Value})
			}
			for _, n := range f.Names {
				out[i].Keys = append(out[i].Keys, c.Path+":"+n)
			}
		}
	}
	return out
}

// valueFlagsOffered are the valueFlags whose values can be offered.
func (p *program) valueFlagsOffered() []valueCase {
	var out []valueCase
	for _, c := range p.valueFlags() {
		if c.Value.Kind != text {
			out = append(out, c)
		}
	}
	return out
}

// childKeys are the "cmd:child" pairs: a word that names a child command.
func (p *program) childKeys() []string {
	var out []string
	for _, c := range p.Commands {
		for _, ch := range c.Children {
			out = append(out, c.Path+":"+ch.Word())
		}
	}
	return out
}

// Word is the word that names the command: the last of its path.
func (c *command) Word() string {
	if i := strings.LastIndexByte(c.Path, ' '); i >= 0 {
		return c.Path[i+1:]
	}
	return c.Path
}

// defaults are the commands with a default command.
func (p *program) defaults() []*command {
	var out []*command
	for _, c := range p.Commands {
		if c.Default != nil {
			out = append(out, c)
		}
	}
	return out
}

// passthrough are the commands whose first argument ends flag parsing.
func (p *program) passthrough() []string {
	var out []string
	for _, c := range p.Commands {
		if len(c.Args) > 0 && c.Args[0].Passthrough {
			out = append(out, c.Path)
		}
	}
	return out
}

// uses reports whether anything in p is completed with values of kind k.
func (p *program) uses(k kind) bool {
	for _, c := range p.Commands {
		for _, f := range c.Flags {
			if f.Value != nil && f.Value.Kind == k {
				return true
			}
		}
		for _, a := range c.Args {
			if a.Value.Kind == k {
				return true
			}
		}
	}
	return false
}
