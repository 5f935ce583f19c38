package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/cmd/internal/ragadmincmd"
	"github.com/ragman-dev/ragman/cmd/internal/ragmancmd"
)

// manPages are the man pages of the programs, by program.
var manPages = map[string]string{"ragman": "man/ragman.1", "ragadmin": "man/ragadmin.8"}

// TestManLint: mandoc finds nothing to warn about in the man pages (CI
// installs mandoc).
func TestManLint(t *testing.T) {
	mandoc, err := exec.LookPath("mandoc")
	if err != nil {
		t.Skip("mandoc is not installed")
	}
	r := root(t)
	args := []string{"-Tlint", "-W", "warning"}
	for _, p := range manPages {
		args = append(args, filepath.Join(r, p))
	}
	out, err := exec.Command(mandoc, args...).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("mandoc %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestManCoversModel: every visible command of the kong models is in its
// man page's SYNOPSIS and, in a page with subsections (ragadmin's
// COMMANDS), has one of its own; every visible flag, with its short form and
// the values of an enum, is documented where the command is: in the
// subsection named after the command (ragadmin's COMMANDS) or in OPTIONS
// (which has the flags every command takes). The positional arguments'
// enum values are there too.
func TestManCoversModel(t *testing.T) {
	r := root(t)
	for _, model := range []func() (*kong.Application, error){ragmancmd.Model, ragadmincmd.Model} {
		app, err := model()
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(filepath.Join(r, manPages[app.Name]))
		if err != nil {
			t.Fatal(err)
		}
		page := parseMan(string(src))
		var walk func(n *kong.Node, path string)
		walk = func(n *kong.Node, path string) {
			where, text := page.section(path)
			if path != "" && !hasWords(page.sh["SYNOPSIS"], path) {
				t.Errorf("%s: %q is not in SYNOPSIS", manPages[app.Name], path)
			}
			if path != "" && len(page.ss) > 0 && text == "" {
				t.Errorf("%s: no subsection for %q", manPages[app.Name], path)
			}
			var want []string
			for _, f := range n.Flags {
				if f.Hidden {
					continue
				}
				want = append(want, "--"+f.Name)
				if f.Short != 0 {
					want = append(want, "-"+string(f.Short))
				}
				if f.Enum != "" {
					want = append(want, f.EnumSlice()...)
				}
			}
			for _, a := range n.Positional {
				if a.Enum != "" {
					want = append(want, a.EnumSlice()...)
				}
			}
			for _, w := range want {
				if !hasWords(text, w) && !hasWords(page.sh["OPTIONS"], w) {
					t.Errorf("%s: %s of %q is in neither %s nor OPTIONS", manPages[app.Name], w, app.Name+" "+path, where)
				}
			}
			for _, c := range n.Children {
				if !c.Hidden {
					walk(c, strings.TrimSpace(path+" "+c.Name))
				}
			}
		}
		walk(app.Node, "")
	}
}

// manPage is the text of a page's sections (.SH) and subsections (.SS),
// by heading, with the markup taken out.
type manPage struct {
	sh, ss map[string]string
}

// section is the subsection that documents the command path: the one
// whose heading starts with it; none for the program itself.
func (p *manPage) section(path string) (string, string) {
	if path != "" {
		for h, text := range p.ss {
			if h == path || strings.HasPrefix(h, path+" ") {
				return "subsection " + h, text
			}
		}
	}
	return "no subsection", ""
}

// roffEscapes are the escapes the pages use, as the text they stand for.
var roffEscapes = strings.NewReplacer(`\-`, "-", `\fB`, "", `\fI`, "", `\fR`, "", `\fP`, "",
	`\&`, "", `\(dq`, `"`, `\e`, `\`)

func parseMan(src string) *manPage {
	p := &manPage{sh: map[string]string{}, ss: map[string]string{}}
	var into map[string]string
	var heading string
	var text strings.Builder
	flush := func() {
		if into != nil {
			into[heading] = text.String()
		}
		text.Reset()
	}
	for _, line := range strings.Split(src, "\n") {
		line = roffEscapes.Replace(line)
		macro, args, _ := strings.Cut(line, " ")
		switch {
		case macro == ".SH" || macro == ".SS":
			flush()
			into, heading = p.sh, strings.Trim(args, `"`)
			if macro == ".SS" {
				into = p.ss
			}
		case into == nil:
		case strings.HasPrefix(macro, "."):
			// a macro: its arguments are text (.B, .BR, .TP ...)
			text.WriteString(args + "\n")
		default:
			text.WriteString(line + "\n")
		}
	}
	flush()
	return p
}

// hasWords reports whether text holds words as whole words: not inside a
// longer word or flag name.
func hasWords(text, words string) bool {
	return regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(words) + `($|[^\w-])`).MatchString(text)
}
