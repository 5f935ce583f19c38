package compose

import (
	"cmp"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// invocation is the command line that runs cmd with an option, written
// from the page's SYNOPSIS: the form that shows the option if there is one
// ("tar -x [-f ARCHIVE] [OPTIONS] [MEMBER...]" for tar -x), else the first,
// with its operands kept and the other options left out: "wc -l [FILE]...",
// "unzip -l file[.zip] [file(s) ...]". opt is the option as one types it
// ("-n NUM"), or "" for the command with its operands alone ("deluser
// user"). Without a synopsis that runs cmd it is "cmd opt".
func invocation(d *document.Document, cmd, opt string) string {
	return invocationFrom(synopsisLines(d), cmd, opt)
}

// invocationFrom is invocation from the given synopsis lines.
func invocationFrom(lines []string, cmd, opt string) string {
	name, _, _ := strings.Cut(opt, " ")
	var form []string // the chosen form's words after cmd
	shows, plain := false, false
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, cmd+" ")
		if !ok {
			continue
		}
		words := synopsisWords(rest)
		has := slices.ContainsFunc(words, func(w string) bool { return namesOption(w, name) })
		// where no form shows the option, the first that runs the
		// command plainly: not umount's "umount -a [-dflnrv] ...",
		// which unmounts everything, for umount -d
		isPlain := runsPlainly(words)
		if form == nil || has && !shows || !shows && !has && isPlain && !plain {
			form, shows, plain = words, has, isPlain
		}
	}
	out := []string{cmd}
	// find's tests and actions are its expression, which comes after
	// the starting points: "find /var -size +100M", never "find -size
	// +100M /var"; but not its options, which the synopsis writes before
	// them ("find [-H] [-L] ...": "find -L", never "find /var -L")
	expression := !shows && opt != "" && slices.ContainsFunc(form, func(w string) bool {
		return placeholderWord(strings.TrimLeft(w, "[{( ")) == "expression"
	}) && !slices.ContainsFunc(form, func(w string) bool { return strings.Trim(w, "[]") == name })
	if !shows && opt != "" && !expression {
		out = append(out, opt)
	}
	operands := 0
	_, optArg, _ := strings.Cut(opt, " ")
	// companions the form may give, but not a list of them: strace's
	// "-c [-dfwzZ] [-I n] [-b execve] ..." names ten, none of which
	// counting system calls needs
	optional := 0
	for _, w := range form {
		if bare := strings.TrimLeft(w, "[{( "); strings.HasPrefix(w, "[") && synopsisOption(bare) {
			optional++
		}
	}
	for i, w := range form {
		bare := strings.TrimLeft(w, "[{( ")
		switch {
		case expression && placeholderWord(bare) == "expression":
			out = append(out, opt)
		case shows && namesOption(w, name):
			out = append(out, opt)
		case i > 0 && namesOption(strings.Trim(form[i-1], "[]"), name) && optArg != "" && w == optArg:
			// the option's argument, which opt has ("-t DIRECTORY"),
			// also after the option in brackets: renice's "[-n]
			// priority", typed "renice -n priority", not "renice -n
			// priority priority"
		case synopsisOption(bare) || strings.HasPrefix(w, "{") || strings.HasPrefix(w, "|"):
			// other options, or a choice among them; in the form that
			// shows the option, those it goes with ("-f ARCHIVE") stay
			// an option outside brackets is required ("fsfreeze
			// --freeze|--unfreeze mountpoint"): it stays
			if (shows && (w == bare || optional <= maxCompanions) || w == bare) && w != "|" && !strings.HasPrefix(w, "{") && !strings.HasPrefix(w, "|") {
				out = append(out, w)
			}
		case genericOptions(bare) || placeholder(bare):
		default:
			if operands < 2 {
				out = append(out, w)
			}
			operands++
		}
	}
	return strings.Join(out, " ")
}

// namesOption says whether synopsis word w is option name, or a choice
// of options, one of which the form takes, that holds it: git switch's
// "(-c|-C)" holds -c, losetup's "-f|loopdev" -f. A choice in brackets
// ("[-u|--utc|--universal]") is one any form may give, no sign of the
// form that runs the option.
func namesOption(w, name string) bool {
	if w == name {
		return true
	}
	if !strings.Contains(w, "|") || !strings.HasPrefix(name, "-") || strings.HasPrefix(w, "[") {
		return false
	}
	return slices.Contains(strings.Split(strings.Trim(w, "[](){}"), "|"), name)
}

// maxCompanions is the most optional options the synopsis form that
// shows an option may give for them to stay in its command line.
const maxCompanions = 2

// runsPlainly says whether a synopsis form's words after the command
// run it without an option of their own first: not umount's "-a
// [-dflnrv] ...".
func runsPlainly(words []string) bool {
	return len(words) > 0 && !strings.HasPrefix(words[0], "-")
}

// longSynopsis is the length past which a synopsis line is shown as the
// command and its operands alone: deluser's lists nine options before
// "user", which the steps after it give one by one.
const longSynopsis = 80

// plainForm is a synopsis line as the basic step shows it: as written,
// for the options it lists are often what a question needs ("prlimit
// [options] [--pid PID]"); past longSynopsis, the command and its
// operands.
func plainForm(d *document.Document, title, line string) string {
	if len(line) <= longSynopsis {
		return line
	}
	cmd := typedName(d, title)
	rest, ok := strings.CutPrefix(strings.Join(strings.Fields(line), " "), cmd+" ")
	if !ok {
		return line
	}
	out := []string{cmd}
	for _, w := range synopsisWords(rest) {
		// git commit's "[(-c | -C | --squash) <commit> | ...]" is options too
		bare := strings.TrimLeft(w, "[( ")
		if optional := strings.HasPrefix(w, "["); optional && (synopsisOption(bare) || genericOptions(bare)) {
			continue // an option one may give, which the steps name
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// synopsisOption says whether a synopsis word is an option: "-a", and the
// "+c" and "+|-d" of the programs that take options with a plus too
// (lsof's "[ +c c ] [ +|-d d ]").
func synopsisOption(bare string) bool {
	if strings.HasPrefix(bare, "-") {
		return true
	}
	// a plus and one letter, or "+|-": date's "+FORMAT" is its operand
	letter := func(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
	return len(bare) > 1 && bare[0] == '+' && (bare[1] == '|' || letter(bare[1]) && (len(bare) == 2 || !letter(bare[2])))
}

// genericOptions says whether a synopsis word stands for any options:
// "[OPTION]...", "[OPTIONS]", "[options]", "[egrep_options]".
func genericOptions(bare string) bool {
	w := placeholderWord(bare)
	return strings.HasSuffix(w, "option") || strings.HasSuffix(w, "options") || w == "opts"
}

// placeholder says whether a synopsis word stands for the option itself:
// "dpkg [option...] action", whose actions are options.
func placeholder(bare string) bool {
	w := placeholderWord(bare)
	return w == "action" || w == "actions" || w == "command" || w == "commands"
}

// placeholderWord is a synopsis word as a placeholder is named:
// "[OPTION]..." is "option".
func placeholderWord(bare string) string {
	return strings.ToLower(strings.TrimRight(bare, "].…"))
}

// synopsisLines are document.SynopsisLines, each with its runs of white
// space made one space.
func synopsisLines(d *document.Document) []string {
	lines := document.SynopsisLines(d)
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return lines
}

// synopsisWords splits a synopsis line into words, a bracketed or braced
// group being one word however many spaces it holds: "[-x xfile(s) ...]".
func synopsisWords(s string) []string {
	var out []string
	depth, start := 0, -1
	for i, r := range s {
		switch {
		case r == '[' || r == '{':
			if start < 0 {
				start = i
			}
			depth++
		case r == ']' || r == '}':
			depth = max(0, depth-1)
		case r == ' ' && depth == 0:
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// typedName is how one types the command a page is named after: its
// title, or for "git-mergetool", whose SYNOPSIS runs "git mergetool",
// that; or for "which.debianutils", one of the programs Debian installs
// under its package's name, whose SYNOPSIS runs "which", that, where a
// program of that name is on PATH (rename.ul's runs "rename", which
// may not be).
func typedName(d *document.Document, title string) string {
	if base, _, ok := strings.Cut(title, "."); ok && base != "" && onPath(base) &&
		slices.ContainsFunc(synopsisLines(d), func(l string) bool { return l == base || strings.HasPrefix(l, base+" ") }) {
		return base
	}
	spaced := strings.Replace(title, "-", " ", 1)
	if spaced == title {
		return title
	}
	for _, l := range synopsisLines(d) {
		switch {
		case l == title || strings.HasPrefix(l, title+" "):
			return title
		case l == spaced || strings.HasPrefix(l, spaced+" "):
			return spaced
		}
	}
	return title
}

// optionForm turns an option term into what one types: "-n, --lines=[-]NUM"
// becomes "-n NUM"; "-R, --recursive" becomes "-R".
func optionForm(term string) string {
	// top's "-d, --delay = SECS [.TENTHS]": the equals sign spaced out
	term = spacedEquals().ReplaceAllString(term, "$1=")
	alts := strings.Split(alternatives().ReplaceAllString(term, ", -"), ", ")
	if len(alts) == 1 {
		// "-l --list", "-S .suf --suffix .suf": alternatives a space apart
		alts = nil
		for _, f := range strings.Fields(term) {
			if strings.HasPrefix(f, "-") || len(alts) == 0 {
				alts = append(alts, f)
			} else {
				alts[len(alts)-1] += " " + f
			}
		}
	}
	first := strings.TrimSpace(alts[0])
	if strings.Contains(first, " ") {
		return first
	}
	if slot := dashSlot(term); slot != "" && strings.EqualFold(strings.Trim(first, "-<>"), slot) {
		// kill's "-<signal>" is its value already: not "-<signal> <signal>"
		return first
	}
	if name, arg, ok := strings.Cut(first, "="); ok && !strings.HasSuffix(name, "[") {
		if arg == "" {
			return strings.TrimSpace(name + " " + unnamedValue(name)) // journalctl's "--output-fields=", its value below
		}
		return name + " " + arg
	}
	if m := optionalPrefix().FindStringSubmatch(first); m != nil {
		// ssh's "-L[bind_address:]port:host:hostport": the argument
		// without its optional part, which one may type apart
		return m[1] + " " + m[2]
	}
	if strings.Contains(first, "[") {
		return first // an optional argument: "--color[=WHEN]"
	}
	bare := map[string]bool{}
	for _, a := range alts[1:] {
		if a = strings.TrimSpace(a); !strings.ContainsAny(a, "= ") {
			bare[a] = true
		}
	}
	for _, a := range alts[1:] {
		if strings.Contains(a, "[=") {
			continue // an optional argument, which the short form may not take: diff's "-u, -U NUM, --unified[=NUM]"
		}
		name, arg, ok := strings.Cut(strings.TrimSpace(a), "=")
		if ok && bare[name] {
			// objdump's "-d, --disassemble, --disassemble=symbol": the
			// long form goes without its value too, so the value is
			// optional and the short form takes none
			continue
		}
		if f := strings.Fields(a); !ok && len(f) == 2 && strings.HasPrefix(f[0], "--") {
			// "-U, --users USERS": the long form's argument a space
			// apart is the short form's too
			arg, ok = f[1], true
		}
		if ok && literalValue(arg, term) {
			// sort's "-c, --check=diagnose-first": the long form with
			// one of its values is what the short form does, which
			// takes none
			continue
		}
		if ok {
			arg = cmp.Or(listPlaceholder(arg), unnamedValue(name))
			if arg != "" && !strings.HasPrefix(first, "--") {
				return first + " " + arg
			}
		}
	}
	return first
}

// unnamedValue is the placeholder of the value a long option takes
// where the page names none ("--since=", "the specified date" below
// it): DATE for a bound in time, which is what one gives it, NUM for a
// count of what it names (journalctl's "--lines=", "limit the number
// of events shown"); "" for another.
func unnamedValue(name string) string {
	switch strings.TrimLeft(name, "-") {
	case "since", "until":
		return "DATE"
	case "lines", "count", "entries", "max-count", "limit":
		return "NUM"
	}
	return ""
}

// literalValue says whether arg, the value a long option is given in
// term, is a value of its own rather than a placeholder: a word in lower
// case joined by a hyphen (sort's --check=diagnose-first), or one of two
// values the term gives the same option (--check=quiet, --check=silent).
func literalValue(arg, term string) bool {
	if arg == "" || strings.ToLower(arg) != arg || strings.ContainsAny(arg, "<>[]{}") || slotKinds(arg) != nil {
		return false
	}
	if strings.Contains(strings.Trim(arg, "-"), "-") {
		return true
	}
	return strings.Count(term, "=") > 1
}

// optionRange reads an item that documents a range of options, xz's and
// zstd's presets "-0 ... -9": its two ends.
func optionRange(term string) (lo, hi string, ok bool) {
	f := strings.Fields(term)
	if len(f) == 3 && (f[1] == "..." || f[1] == "…") && len(f[0]) > 1 && len(f[2]) > 1 &&
		f[0][0] == '-' && f[2][0] == '-' && f[0][1] != '-' && f[2][1] != '-' {
		return f[0], f[2], true
	}
	return "", "", false
}

// lowStems ask for a range's low end (its fastest, least setting); a
// question that says neither asks for the high end, which is what one
// goes to a preset for ("the highest compression level").
var lowStems = func() []string {
	var out []string
	for _, w := range []string{"low", "lowest", "fast", "fastest", "least", "minimum", "quick", "quickest", "weak", "weakest"} {
		out = append(out, terms.Stem(w))
	}
	return out
}()

// optionArg is the argument an option item's option takes as one types
// it (optionForm): "ARCHIVE" of "-f, --file=ARCHIVE", "" for none.
func optionArg(term string) string {
	_, arg, _ := strings.Cut(optionForm(strings.TrimSpace(term)), " ")
	return arg
}

// spacedEquals is an option's name and the "=" of its value with spaces
// between them, as top's page writes them.
var spacedEquals = lazyre.New(`(-[A-Za-z0-9][A-Za-z0-9_-]*)\s+=\s*`)

// alternatives separates two names of one option as some pages write
// them: less's "-S or --chop-long-lines", xxd's "-r | -revert", jq's
// "--raw-output / -r".
var alternatives = lazyre.New(`\s+(?:or|\||/)\s+-`)

// optionalValue is the value an option may take, bracketed at its end:
// "[=WHEN]" of "--color[=WHEN]", "[FMT]" of date's "-I[FMT]".
var optionalValue = lazyre.New(`^-{1,2}[A-Za-z0-9][A-Za-z0-9_-]*(\[=?([^][\s]*)\])$`)

// optionalPrefix is a short option whose argument starts with an
// optional part: "-L[bind_address:]port:host:hostport".
var optionalPrefix = lazyre.New(`^(-[A-Za-z0-9])\[[^][\s]*\]([^][\s]+)$`)

// withoutOptional is option opt, which does desc, as one types it: a
// value the option may go without is left out, "diff --color a b", not
// "--color[=WHEN]", and "date -I", not "date -I[FMT]", an error; but
// df's "--output[=FIELD_LIST]", which "use[s] the output format defined
// by FIELD_LIST", is nothing without one.
func withoutOptional(opt, desc string) string {
	if m := optionalValue().FindStringSubmatch(opt); m != nil && !valueSaid(m[2], desc) {
		return strings.TrimSuffix(opt, m[1])
	}
	return opt
}

// valueSaid says whether what an option does, up to its first ";" or
// ", or", is said of its value (arg): "use the output format defined by
// FIELD_LIST", not "color output; WHEN is 'never', 'always', or 'auto'".
func valueSaid(arg, desc string) bool {
	// what is said of the value aside, or of its default, says it may
	// go without: sed's -i, "edit files in place (makes backup if
	// SUFFIX supplied)"; pr's -s, "separate columns by a single
	// character, default for CHAR is the <TAB> character"
	first := parenthetical().ReplaceAllString(desc, "")
	first, _, _ = strings.Cut(first, ";")
	first, _, _ = strings.Cut(first, ", or")
	first, _, _ = strings.Cut(first, ", default")
	return slices.Contains(strings.FieldsFunc(first, func(r rune) bool { return !unicode.IsLetter(r) && r != '_' && r != '-' }), arg)
}

// parenthetical is a part of a sentence in parentheses.
var parenthetical = lazyre.New(`\([^()]*\)`)

// optionalPart is a bracketed part of an option's argument: "[-]NUM".
var optionalPart = lazyre.New(`\[[^\[\]]*\]`)

// dropOptional is a placeholder without its optional parts, nested ones
// too, and the brackets a page closes one time too many: "GROUP1" of
// usermod's "GROUP1[,GROUP2,...[,GROUPN]]]".
func dropOptional(arg string) string {
	for {
		next := optionalPart().ReplaceAllString(arg, "")
		if next == arg {
			break
		}
		arg = next
	}
	if !strings.Contains(arg, "[") {
		arg = strings.TrimRight(arg, "]")
	}
	return arg
}

// listPlaceholder is a placeholder without its optional parts, a list
// written with commas kept one: "GROUP1,..." of "GROUP1[,GROUP2,...]",
// which fill gives every group the question names.
func listPlaceholder(arg string) string {
	list := commaList(arg)
	if arg = strings.TrimSpace(dropOptional(arg)); list && !commaList(arg) {
		arg = strings.TrimSuffix(arg, ",") + ",..."
	}
	return arg
}

// optionCommand is what an option item's option is given to: the page's
// command, or the subcommand whose section lists it ("git stash"), and
// which of the two it is.
func (c *composition) optionCommand(s *source, p passage) (cmd string, sub bool) {
	cmd = s.hit.Meta.Title
	if sc := subcommandOf(p.title, cmd, s.doc); sc != "" {
		return cmd + " " + sc, true
	}
	return typedName(s.doc, cmd), false
}

// subcommandOf is the subcommand a section of a command's page is about,
// when its heading starts with one ("reindex [ALIAS...]" -> "reindex",
// "sources add PATH" -> "sources add") and the SYNOPSIS runs the command
// with it: the options listed there belong to "name subcommand", not to
// the bare command. "" otherwise.
func subcommandOf(title, name string, d *document.Document) string {
	lines := synopsisLines(d)
	if lines == nil {
		return ""
	}
	usage := " " + strings.Join(lines, " ") + " "
	words := strings.Fields(title)
	best := ""
	for i, w := range words {
		if !commandish().MatchString(w) || strings.ToLower(w) != w {
			break
		}
		sub := strings.Join(words[:i+1], " ")
		if !strings.Contains(usage, " "+name+" "+sub+" ") {
			break
		}
		best = sub
	}
	return best
}

// invocationOf is the command line that runs an option item's option, as
// the page's synopsis writes the command, and what the option does.
func (c *composition) invocationOf(s *source, p passage) (line, desc string) {
	line, desc = c.invocationAs(s, p, p.block.Term)
	// tail's -s as "--sleep-interval=SECONDS" where that takes the
	// question's time (see unitTerm), as the page writes it where not
	if t := p.term(); t != p.block.Term {
		if l, d := c.invocationAs(s, p, t); !slices.ContainsFunc(strings.Fields(l), func(w string) bool { return unitWords[w] && !strings.Contains(p.block.Term, w) }) {
			return l, d
		}
	}
	return line, desc
}

// invocationAs is invocationOf with the item's term read as term.
func (c *composition) invocationAs(s *source, p passage, term string) (line, desc string) {
	opt := optionForm(strings.TrimSpace(term))
	desc = document.ClipLine(itemDoes(p.block.Text), 240)
	if v := c.dashed(p); v != "" {
		opt = v // kill's "-<signal>" as `kill -9`
	} else if l := c.levelOption(p); l != "" {
		opt = l // gzip's "-#" as `gzip -9`, for "the best compression"
	} else if u := c.scaleOption(p); u != "" {
		opt = u // df's "-B, --block-size=SIZE" as `df --block-size=M`
	} else if lo, hi, ok := optionRange(p.block.Term); ok {
		// one types one of a range, not the range: xz's "-0 ... -9"
		// was "xz -0 ... data.csv data.csv", its "..." read as a
		// placeholder of files
		opt = hi
		if c.asks(lowStems...) {
			opt = lo
		}
	} else if o, what := c.inlineValue(p.block.Term, p.block.Text); o != "" {
		opt, desc = o, what
	} else {
		opt = withoutOptional(opt, desc)
		if !strings.ContainsAny(opt, " =") {
			// killall's item "-u, --user" takes the user its
			// synopsis writes, "[-u, --user user]"
			if a := synopsisArgument(s.doc, opt); a != "" {
				opt += " " + a
			}
		}
	}
	if exclusionOption(p.block.Term) {
		opt = c.excludedValue(opt)
	}
	cmd, sub := c.optionCommand(s, p)
	if sub || metaOptions[opt] || versionItem(p) {
		// --version and --help run nothing on the synopsis's
		// operands: `bash --version`, not `bash --version
		// [command_string | file]`
		return cmd + " " + opt, desc
	}
	return c.filledInvocation(s, cmd, opt), desc
}

// synopsisArgument is the argument a page's synopsis gives option name in
// its brackets, where the option's item names none: "user" of killall's
// "[-u, --user user]", "SIGNAL" of "[-s, --signal SIGNAL, -SIGNAL]"; ""
// where the brackets give none, or no brackets name the option. The
// synopsis is read whole, as its brackets run on over its lines.
func synopsisArgument(d *document.Document, name string) string {
	if !strings.HasPrefix(name, "-") {
		return ""
	}
	syn := strings.Join(document.SynopsisLines(d), " ")
	for {
		open := strings.IndexByte(syn, '[')
		if open < 0 {
			return ""
		}
		end := strings.IndexByte(syn[open:], ']')
		if end < 0 {
			return ""
		}
		group := strings.Fields(syn[open+1 : open+end])
		syn = syn[open+end+1:]
		at := slices.IndexFunc(group, func(w string) bool { return strings.TrimRight(w, ",") == name })
		if at < 0 {
			continue
		}
		for _, w := range group[at+1:] {
			if w = strings.TrimRight(w, ","); !strings.HasPrefix(w, "-") {
				if w == "" || strings.ContainsAny(w, "[{|") {
					return ""
				}
				return w
			}
		}
		return ""
	}
}

// filledInvocation is the invocation of cmd with opt, with the question's
// operands written in: where no form of the synopsis shows the option,
// the form that takes most of them and leaves no placeholder (ln's "ln -s /srv/docs" of "ln [OPTION]... TARGET",
// not "ln -s /srv/docs LINK_NAME" where the question names no link).
func (c *composition) filledInvocation(s *source, cmd, opt string) string {
	lines := synopsisLines(s.doc)
	first := invocationFrom(lines, cmd, opt)
	best, most, gaps := fillLeft(first, cmd, c.opsFor(first), s.valued())
	name, _, _ := strings.Cut(opt, " ")
	if len(c.ops) == 0 || opt == "" || slices.ContainsFunc(lines, func(l string) bool {
		return slices.ContainsFunc(synopsisWords(l), func(w string) bool { return namesOption(w, name) })
	}) {
		return c.withProgram(lines, cmd, best)
	}
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, cmd+" ")
		if !ok || !runsPlainly(synopsisWords(rest)) {
			continue // a form that runs another option: "umount -a [-dflnrv]"
		}
		line := invocationFrom([]string{l}, cmd, opt)
		// a form it fills whole: not mount's "device mountpoint" for
		// a question that gives the device alone
		if f, n, left := fillLeft(line, cmd, c.opsFor(line), s.valued()); left == 0 && (n > most || n == most && n > 0 && left < gaps) {
			best, most, gaps = f, n, left
		}
	}
	return c.withProgram(lines, cmd, best)
}

// withProgram ends line, a line of cmd with an option, with the program
// the question runs, where cmd's synopsis runs a command after its
// options (invocationFrom reads its "command" as the option's own
// place): `watch -n 10 ./check.sh`, not `watch -n 10`; and
// `systemd-run --on-active /usr/local/bin/cleanup.sh`, not
// `systemd-run --on-active [ARGS...] /usr/local/bin/cleanup.sh`.
func (c *composition) withProgram(lines []string, cmd, line string) string {
	// or the program the question names (askedProgram), other than cmd
	prog, has := c.prog, strings.HasPrefix(c.prog+" ", cmd+" ") || strings.HasSuffix(line, " "+c.prog) || strings.Contains(line, " "+c.prog+" ")
	if i := slices.IndexFunc(c.ops, func(op operand) bool { return programPath(op.text) }); i >= 0 {
		prog, has = shellQuote(c.ops[i].text), strings.Contains(line, c.ops[i].text)
	}
	if prog == "" || has || !slices.ContainsFunc(withBraceForms(lines), func(l string) bool {
		rest, ok := strings.CutPrefix(l, cmd+" ")
		return ok && (prog != c.prog && slices.ContainsFunc(synopsisWords(rest), commandPlace) || runsProgram(rest))
	}) {
		return line
	}
	words := strings.Fields(line)
	for j := 1; j < len(words); j++ {
		// in the place of the program's own arguments, which the
		// question gives none of: "[ARGS...]", chrt's "argument"
		if strings.HasPrefix(placeholderWord(strings.TrimLeft(words[j], "[{( ")), "arg") {
			words[j] = prog
			return strings.Join(words, " ")
		}
	}
	return line + " " + prog
}

// itemDoes is what an option item's text says it does: its first
// sentence's first line, for a description that goes on into a list or
// a table ("list the following fields:") says what it does before it.
func itemDoes(text string) string {
	d, _, _ := strings.Cut(firstSentence(text), "\n")
	return strings.TrimSuffix(strings.TrimSpace(d), ":")
}

// runnable is a basic step's line as one types it: the options a
// synopsis stands for ("[OPTION]...") are never typed, and an optional
// operand whose default the page gives ("ls [FILE]...": "the current
// directory by default") is left out: "ls" runs as asked. An operand the
// command reads standard input without stays ("wc [FILE]..." would wait
// for the keyboard), and so does any other: "sed [script...]",
// "wget [URL]..." do nothing without theirs. find's starting point,
// before a test or an action, is typed as the "." it defaults to.
func runnable(d *document.Document, cmd, line string) string {
	rest, ok := strings.CutPrefix(line, cmd+" ")
	if !ok {
		return line
	}
	out := []string{cmd}
	words := synopsisWords(rest)
	for i, w := range words {
		if strings.HasPrefix(w, "[") {
			if startingPoint(w) && i+1 < len(words) && !strings.HasPrefix(words[i+1], "[") {
				// find's "If no starting-point is specified, '.' is
				// assumed": typed, as everyone writes it, before the
				// expression given
				out = append(out, ".")
				continue
			}
			// "[OPTION]...", not "[-o options]"
			if bare := strings.TrimLeft(w, "[ "); !strings.HasPrefix(bare, "-") && !strings.Contains(bare, " ") && genericOptions(bare) {
				continue
			}
			if name := optionalOperand(w); name != "" && defaultSaid(d, name) {
				continue
			}
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// runnable is a line of the page's command as one types it (see
// runnable).
func (s *source) runnable(line string) string {
	return runnable(s.doc, typedName(s.doc, s.hit.Meta.Title), line)
}

// optionalOperand is the name of the one operand a synopsis word lets
// one leave out, lowercase: "file" of "[FILE]...", "format" of
// "[+FORMAT]"; "" for an option ("[-a]"), a group ("[OWNER][:[GROUP]]",
// "[ FILE | ARG1 ARG2 ]") or a literal ("[-]").
func optionalOperand(w string) string {
	inner, ok := strings.CutPrefix(strings.TrimRight(w, ".…"), "[")
	if !ok {
		return ""
	}
	inner, ok = strings.CutSuffix(strings.TrimRight(inner, ".…"), "]")
	if !ok || !operandName().MatchString(inner) {
		return ""
	}
	return strings.ToLower(strings.TrimPrefix(inner, "+"))
}

var operandName = lazyre.New(`^\+?[A-Za-z][A-Za-z0-9_-]*$`)

// defaultSaid says whether the first paragraphs of a page's DESCRIPTION
// say what the command does without operand name, other than read
// standard input: ls's "List information about the FILEs (the current
// directory by default)", groups' "if no USERNAME is specified, for the
// current process"; not wc's "With no FILE, or when FILE is -, read
// standard input".
func defaultSaid(d *document.Document, name string) bool {
	paras := leadParagraphs(d, 3)
	if len(paras) == 0 || slices.ContainsFunc(paras, stdinSaid().MatchString) {
		return false
	}
	n := regexp.QuoteMeta(name)
	said := regexp.MustCompile(`(?i)\b(?:if|when|with)\s+no\s+` + n + `s?\b|\bno\s+` + n + `s?\s+(?:is|are)\s+(?:given|specified)|\b` + n + `s?\b[^.]{0,40}\bby\s+default\b|\b` + n + `s?\s+(?:is\s+)?omitted`)
	return slices.ContainsFunc(paras, said.MatchString)
}

var stdinSaid = lazyre.New(`(?i)\bstandard\s+input\b|\bstdin\b`)

// onPath says whether a program of this name is on the backend's PATH,
// the user's as it spawned the backend; asked once a name.
func onPath(name string) bool {
	if v, ok := pathKnown.Load(name); ok {
		return v.(bool)
	}
	_, err := exec.LookPath(name)
	pathKnown.Store(name, err == nil)
	return err == nil
}

var pathKnown sync.Map
