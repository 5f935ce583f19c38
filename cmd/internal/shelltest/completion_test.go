package shelltest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/kong"

	"github.com/ragman-dev/ragman/cmd/internal/ragadmincmd"
	"github.com/ragman-dev/ragman/cmd/internal/ragmancmd"
)

// A completion case: the line before the cursor, and exactly what the
// shell must offer for its last word.
type compCase struct {
	line string
	want []string
}

// modelCases are, for every visible command of both programs, the
// subcommands offered after it and the long flags offered after "--":
// read from the kong models, so the generated completions must cover
// every command and flag there is.
func modelCases(t *testing.T) []compCase {
	var cases []compCase
	for _, model := range []func() (*kong.Application, error){ragmancmd.Model, ragadmincmd.Model} {
		app, err := model()
		if err != nil {
			t.Fatal(err)
		}
		var walk func(n *kong.Node, words string, inherited []string)
		walk = func(n *kong.Node, words string, inherited []string) {
			flags := slices.Clone(inherited)
			for _, f := range n.Flags {
				if !f.Hidden {
					flags = append(flags, "--"+f.Name)
				}
			}
			offered := slices.Clone(flags)
			if n.DefaultCmd != nil {
				// ragman's flags include those of ask, its default command
				for _, f := range n.DefaultCmd.Flags {
					offered = append(offered, "--"+f.Name)
				}
			}
			cases = append(cases, compCase{words + " --", offered})
			var children []string
			for _, c := range n.Children {
				if !c.Hidden {
					children = append(children, c.Name)
					walk(c, words+" "+c.Name, flags)
				}
			}
			if len(children) > 0 {
				cases = append(cases, compCase{words + " ", children})
			}
		}
		walk(app.Node, app.Name, nil)
	}
	return cases
}

// valueCases are the values and the source aliases: the aliases come from
// the home's catalog (man-pages, info-pages and man).
var valueCases = []compCase{
	{"ragadmin sources remove ", []string{"man-pages", "info-pages", "man"}},
	{"ragadmin sources remove man-", []string{"man-pages"}},
	{"ragadmin sources update ", []string{"man-pages", "info-pages", "man"}},
	{"ragadmin sources update man-pages --status ", []string{"active", "pending", "error"}},
	{"ragadmin sources update man-pages --type ", []string{"man", "info", "zim", "tldr"}},
	{"ragadmin sources update man-pages --notes ", nil},
	{"ragadmin sources add --type ", []string{"man", "info", "zim", "tldr"}},
	{"ragadmin sources add ", []string{"tree", "notes.zim"}},
	{"ragadmin reindex ", []string{"man-pages", "info-pages", "man"}},
	{"ragadmin reindex --force man-pages ", []string{"man-pages", "info-pages", "man"}},
	{"ragadmin show ", []string{"man-pages", "info-pages", "man"}},
	{"ragadmin show man-pages ", nil},
	{"ragadmin shell-init ", []string{"bash", "zsh", "fish"}},
	{"ragadmin -v sources re", []string{"remove"}},
	{"ragman how do I ", nil},
}

// completionHome is a home with ragman set up, in a folder holding a
// folder and a file for path completion.
func completionHome(t *testing.T) (*home, string) {
	h := newHome(t, "")
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "tree"), 0o755)
	os.WriteFile(filepath.Join(dir, "notes.zim"), nil, 0o644)
	return h, dir
}

// completions runs the cases in one shell through complete, which returns
// what the shell offered for each line, by line.
func checkCompletions(t *testing.T, cases []compCase, got map[string][]string) {
	t.Helper()
	for _, c := range cases {
		g, ok := got[c.line]
		if !ok {
			t.Errorf("%q: no result", c.line)
			continue
		}
		want := slices.Clone(c.want)
		slices.Sort(want)
		g = slices.Clone(g)
		for i := range g {
			g[i] = strings.TrimSuffix(g[i], "/")
		}
		slices.Sort(g)
		g = slices.Compact(g)
		if !slices.Equal(g, want) {
			t.Errorf("%q: offered %q, want %q", c.line, g, want)
		}
	}
}

func allCases(t *testing.T) []compCase { return append(modelCases(t), valueCases...) }

// lines of output after a "<<line LINE>>" header belong to LINE.
var lineHeader = regexp.MustCompile(`^<<line (.*)>>$`)

func byLine(out string, clean func(string) string) map[string][]string {
	got := map[string][]string{}
	cur := ""
	for _, l := range strings.Split(out, "\n") {
		if m := lineHeader.FindStringSubmatch(l); m != nil {
			cur = m[1]
			got[cur] = got[cur][:0:0]
			continue
		}
		if l = clean(l); l != "" && cur != "" {
			got[cur] = append(got[cur], l)
		}
	}
	return got
}

// bashComplete is bash's own entry point: the function complete -p names,
// called with COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set as
// readline sets them, in a bash without startup files.
const bashComplete = `
for f in "$@"; do source "$f"; done
while IFS= read -r line; do
    COMP_LINE=$line COMP_POINT=${#line}
    read -ra COMP_WORDS <<<"$line"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    spec=$(complete -p "${COMP_WORDS[0]}") || exit 1
    fn=${spec#*-F }
    "${fn%% *}" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '<<line %s>>\n' "$line"
    printf '%s\n' "${COMPREPLY[@]}"
done
`

func TestCompletionBash(t *testing.T) {
	bash := lookShell(t, "bash")
	h, dir := completionHome(t)
	cases := allCases(t)
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.line + "\n")
	}
	r := root(t)
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", bashComplete, "bash",
		filepath.Join(r, "completions", "bash", "ragman"), filepath.Join(r, "completions", "bash", "ragadmin"))
	cmd.Env, cmd.Dir = h.env, dir
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	checkCompletions(t, cases, byLine(string(out), strings.TrimSpace))
}

// fish's own entry point: complete -C LINE prints what fish offers,
// "candidate<TAB>description", with the completions found by fish's
// autoloading from fish_complete_path, as installed.
func TestCompletionFish(t *testing.T) {
	fish := lookShell(t, "fish")
	h, dir := completionHome(t)
	cases := allCases(t)
	args := []string{"--no-config", "-c", `
set -p fish_complete_path ` + filepath.Join(root(t), "completions", "fish") + `
for line in $argv
    printf '<<line %s>>\n' $line
    complete -C $line
end`}
	for _, c := range cases {
		args = append(args, c.line)
	}
	cmd := exec.Command(fish, args...)
	cmd.Env, cmd.Dir = h.env, dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("fish: %v\n%s", err, out)
	}
	checkCompletions(t, cases, byLine(string(out), func(l string) string {
		word, _, _ := strings.Cut(l, "\t")
		return word
	}))
}

// zshCapture loads the completions from fpath as installed and makes
// every match zsh adds print itself (compadd); ^X^E prints <<end>>: Tab
// then ^X^E shows what zsh offers.
const zshCapture = `fpath=(%s $fpath); autoload -U compinit; compinit -u -D
compadd() {
    # _describe and _files ask compadd for matches (-O, -A, -D) before adding
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
        builtin compadd "$@"
        return
    fi
    local -a __hits
    builtin compadd -O __hits "$@"
    (( $#__hits )) && print -rl -- "<<match "${^__hits}">>"
    builtin compadd "$@"
}
__capture_end() { print -r -- "<<end>>" }
zle -N __capture_end
bindkey '^X^E' __capture_end
zstyle ':completion:*' list-prompt ''
zstyle ':completion:*' menu no`

// TestCompletionZsh drives zsh's completion system itself (compinit,
// #compdef autoloading, _describe, _files) with Tab in an interactive
// zsh under a pseudo-terminal.
func TestCompletionZsh(t *testing.T) {
	h, dir := completionHome(t)
	s := h.startShell(t, "zsh", dir)
	capture := filepath.Join(t.TempDir(), "capture.zsh")
	setup := strings.Replace(zshCapture, "%s", filepath.Join(root(t), "completions", "zsh"), 1)
	if err := os.WriteFile(capture, []byte(setup), 0o644); err != nil {
		t.Fatal(err)
	}
	s.mustRun("source " + capture)
	got := map[string][]string{}
	match := regexp.MustCompile(`<<match (.*?)>>`)
	for _, c := range allCases(t) {
		s.typ(c.line + "\t\x18\x05")
		m := s.expect(`(?s)^(.*?)<<end>>`)
		got[c.line] = []string{}
		for _, mm := range match.FindAllStringSubmatch(m[1], -1) {
			got[c.line] = append(got[c.line], mm[1])
		}
		s.typ("\x15") // ^U: clear the line
	}
	checkCompletions(t, allCases(t), got)
}

// loadCompletions loads the completions of both programs in s as they
// are installed: sourced by bash (bash-completion sources them by name),
// from fpath by zsh's compinit, from fish_complete_path by fish.
func loadCompletions(t *testing.T, s *term, shell string) {
	dir := filepath.Join(root(t), "completions", shell)
	switch shell {
	case "bash":
		s.mustRun("source " + filepath.Join(dir, "ragman") + "; source " + filepath.Join(dir, "ragadmin"))
	case "zsh":
		s.mustRun("fpath=(" + dir + " $fpath); autoload -U compinit; compinit -u -D")
	case "fish":
		s.mustRun("set -p fish_complete_path " + dir)
	}
}

// TestTab types a command with Tab after each word's first letters, as a
// person does, and runs it: Tab completed the subcommands, the alias (from
// the catalog) and the flag when the command did what the whole words say.
func TestTab(t *testing.T) {
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			h := newHome(t, "")
			s := h.startShell(t, sh.name, "")
			loadCompletions(t, s, sh.name)
			s.typ("ragadmin sour\tup\tman-p\t--not\ttabbed\r")
			out, code := s.status()
			if code != 0 || !strings.Contains(out, `updated man-pages: notes "" -> "tabbed"`) {
				t.Errorf("Tab did not complete `ragadmin sources update man-pages --notes tabbed`: status %d, screen:\n%s", code, out)
			}
		})
	}
}

// TestAliasesNotSetUp: before ragadmin init there is no catalog; alias
// completion offers nothing and says nothing, and creates nothing.
func TestAliasesNotSetUp(t *testing.T) {
	h := newHome(t, "")
	data := filepath.Join(h.dir, "home", ".local", "share", "ragcli")
	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("ragadmin", "__complete", "aliases")
	cmd.Env = h.env
	out, err := cmd.CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("ragadmin __complete aliases, not set up: %v, output %q", err, out)
	}
	if _, err := os.Stat(data); err == nil {
		t.Errorf("completing created %s", data)
	}
}
