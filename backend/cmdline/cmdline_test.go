package cmdline

import (
	"fmt"
	"strings"
	"testing"
)

type want struct {
	text       string
	kind       Kind
	start, end int
}

type wordCase struct {
	name string
	line string
	want []want
}

func kindName(k Kind) string {
	switch k {
	case Arg:
		return "Arg"
	case Operator:
		return "Operator"
	case Redirect:
		return "Redirect"
	case Target:
		return "Target"
	case Assign:
		return "Assign"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

func describe(ws []Word) string {
	var parts []string
	for _, w := range ws {
		parts = append(parts, fmt.Sprintf("%q %s [%d:%d]", w.Text, kindName(w.Kind), w.Start, w.End))
	}
	return strings.Join(parts, ", ")
}

func runWordCases(t *testing.T, cases []wordCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			words, _, err := Parse(tc.line)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.line, err)
			}
			if len(words) != len(tc.want) {
				t.Fatalf("Parse(%q) = %s; want %d words", tc.line, describe(words), len(tc.want))
			}
			for i, w := range words {
				x := tc.want[i]
				if w.Text != x.text || w.Kind != x.kind || w.Start != x.start || w.End != x.end {
					t.Errorf("Parse(%q) word %d = %q %s [%d:%d]; want %q %s [%d:%d]",
						tc.line, i, w.Text, kindName(w.Kind), w.Start, w.End,
						x.text, kindName(x.kind), x.start, x.end)
				}
				if w.Raw != tc.line[w.Start:w.End] {
					t.Errorf("Parse(%q) word %d Raw = %q; want %q", tc.line, i, w.Raw, tc.line[w.Start:w.End])
				}
			}
		})
	}
}

func TestQuotingAndEscapes(t *testing.T) {
	runWordCases(t, []wordCase{
		{"blanks", "ls  -l\t/tmp", []want{
			{"ls", Arg, 0, 2}, {"-l", Arg, 4, 6}, {"/tmp", Arg, 7, 11}}},
		{"leading and trailing blanks", "  ls  ", []want{
			{"ls", Arg, 2, 4}}},
		{"single and double quotes", `echo 'a b' "c d"`, []want{
			{"echo", Arg, 0, 4}, {"a b", Arg, 5, 10}, {"c d", Arg, 11, 16}}},
		{"no escapes in single quotes", `echo 'a\"b'`, []want{
			{"echo", Arg, 0, 4}, {`a\"b`, Arg, 5, 11}}},
		{"escapes in double quotes", `echo "x\"y" "a\\b" "\$H" "\q"`, []want{
			{"echo", Arg, 0, 4}, {`x"y`, Arg, 5, 11}, {`a\b`, Arg, 12, 18},
			{"$H", Arg, 19, 24}, {`\q`, Arg, 25, 29}}},
		{"escaped backquote in double quotes", "echo \"\\`x\"", []want{
			{"echo", Arg, 0, 4}, {"`x", Arg, 5, 10}}},
		{"backslash outside quotes", `a\ b c\\d \'`, []want{
			{"a b", Arg, 0, 4}, {`c\d`, Arg, 5, 9}, {"'", Arg, 10, 12}}},
		{"adjacent quoted parts", `cmd --name='a b'c`, []want{
			{"cmd", Arg, 0, 3}, {"--name=a bc", Arg, 4, 17}}},
		{"mixed quoting in one word", `echo "a"'b'c"d e"`, []want{
			{"echo", Arg, 0, 4}, {"abcd e", Arg, 5, 17}}},
		{"empty quotes are words", `echo '' ""`, []want{
			{"echo", Arg, 0, 4}, {"", Arg, 5, 7}, {"", Arg, 8, 10}}},
		{"ansi-c quoting", `echo $'a\tb\x41\u00e9\''`, []want{
			{"echo", Arg, 0, 4}, {"a\tbAé'", Arg, 5, 24}}},
		{"locale quoting", `echo $"hi there"`, []want{
			{"echo", Arg, 0, 4}, {"hi there", Arg, 5, 16}}},
		{"dollar quotes are literal in double quotes", `echo "$'x'"`, []want{
			{"echo", Arg, 0, 4}, {"$'x'", Arg, 5, 11}}},
		{"line continuation inside a word", "echo a\\\nb c", []want{
			{"echo", Arg, 0, 4}, {"ab", Arg, 5, 9}, {"c", Arg, 10, 11}}},
		{"line continuation between words", "echo \\\n c", []want{
			{"echo", Arg, 0, 4}, {"c", Arg, 8, 9}}},
		{"line continuation in double quotes", "\"a\\\nb\"", []want{
			{"ab", Arg, 0, 6}}},
		{"trailing backslash", `echo a\`, []want{
			{"echo", Arg, 0, 4}, {`a\`, Arg, 5, 7}}},
	})
}

func TestSubstitutionsStayInOneWord(t *testing.T) {
	runWordCases(t, []wordCase{
		{"command substitution", `echo $(date +%s) x`, []want{
			{"echo", Arg, 0, 4}, {"$(date +%s)", Arg, 5, 16}, {"x", Arg, 17, 18}}},
		{"nested with quoted parens", `echo $(echo "a)b" ')' $(pwd))x`, []want{
			{"echo", Arg, 0, 4}, {`$(echo "a)b" ')' $(pwd))x`, Arg, 5, 30}}},
		{"operators inside", `echo $(ls | wc -l; true && false) y`, []want{
			{"echo", Arg, 0, 4}, {"$(ls | wc -l; true && false)", Arg, 5, 33}, {"y", Arg, 34, 35}}},
		{"comment inside", "echo $(ls # )\n) z", []want{
			{"echo", Arg, 0, 4}, {"$(ls # )\n)", Arg, 5, 15}, {"z", Arg, 16, 17}}},
		{"backquotes nested", "echo `date +%s` x`echo \\`pwd\\``y", []want{
			{"echo", Arg, 0, 4}, {"`date +%s`", Arg, 5, 15}, {"x`echo \\`pwd\\``y", Arg, 16, 32}}},
		{"substitution in double quotes", `echo "$(echo "x y")"`, []want{
			{"echo", Arg, 0, 4}, {`$(echo "x y")`, Arg, 5, 20}}},
		{"parameter expansion", `echo ${VAR:-x y} ${A:-"}"}z $HOME`, []want{
			{"echo", Arg, 0, 4}, {"${VAR:-x y}", Arg, 5, 16}, {`${A:-"}"}z`, Arg, 17, 27},
			{"$HOME", Arg, 28, 33}}},
		{"single quotes in parameter expansion in double quotes", `echo "${x:-'}'}"`, []want{
			{"echo", Arg, 0, 4}, {"${x:-'}'}", Arg, 5, 16}}},
		{"arithmetic", `echo $((1 + (2 | 4)))`, []want{
			{"echo", Arg, 0, 4}, {"$((1 + (2 | 4)))", Arg, 5, 21}}},
		{"process substitution", `diff <(ls a) <(ls b)`, []want{
			{"diff", Arg, 0, 4}, {"<(ls a)", Arg, 5, 12}, {"<(ls b)", Arg, 13, 20}}},
		{"process substitution after fd digits", `echo 2<(true)x`, []want{
			{"echo", Arg, 0, 4}, {"2<(true)x", Arg, 5, 14}}},
		{"array assignment", `a=(1 "2 3") cmd`, []want{
			{`a=(1 "2 3")`, Assign, 0, 11}, {"cmd", Arg, 12, 15}}},
	})
}

func TestOperators(t *testing.T) {
	runWordCases(t, []wordCase{
		{"pipe", "a|b", []want{
			{"a", Arg, 0, 1}, {"|", Operator, 1, 2}, {"b", Arg, 2, 3}}},
		{"and or", "a&&b||c", []want{
			{"a", Arg, 0, 1}, {"&&", Operator, 1, 3}, {"b", Arg, 3, 4},
			{"||", Operator, 4, 6}, {"c", Arg, 6, 7}}},
		{"semicolon", "a;b", []want{
			{"a", Arg, 0, 1}, {";", Operator, 1, 2}, {"b", Arg, 2, 3}}},
		{"subshell", "(cd /tmp && ls)", []want{
			{"(", Operator, 0, 1}, {"cd", Arg, 1, 3}, {"/tmp", Arg, 4, 8},
			{"&&", Operator, 9, 11}, {"ls", Arg, 12, 14}, {")", Operator, 14, 15}}},
		{"background", "a & b", []want{
			{"a", Arg, 0, 1}, {"&", Operator, 2, 3}, {"b", Arg, 4, 5}}},
		{"pipe stderr", "a|&b", []want{
			{"a", Arg, 0, 1}, {"|&", Operator, 1, 3}, {"b", Arg, 3, 4}}},
		{"newline", "a\nb", []want{
			{"a", Arg, 0, 1}, {"\n", Operator, 1, 2}, {"b", Arg, 2, 3}}},
		{"quoted operators are text", `echo '|' "&&" \;`, []want{
			{"echo", Arg, 0, 4}, {"|", Arg, 5, 8}, {"&&", Arg, 9, 13}, {";", Arg, 14, 16}}},
	})
}

func TestRedirections(t *testing.T) {
	runWordCases(t, []wordCase{
		{"attached", "echo hi >out", []want{
			{"echo", Arg, 0, 4}, {"hi", Arg, 5, 7}, {">", Redirect, 8, 9}, {"out", Target, 9, 12}}},
		{"spaced", "echo hi > out", []want{
			{"echo", Arg, 0, 4}, {"hi", Arg, 5, 7}, {">", Redirect, 8, 9}, {"out", Target, 10, 13}}},
		{"stderr", "cmd 2>err", []want{
			{"cmd", Arg, 0, 3}, {"2>", Redirect, 4, 6}, {"err", Target, 6, 9}}},
		{"dup", "cmd 2>&1", []want{
			{"cmd", Arg, 0, 3}, {"2>&1", Redirect, 4, 8}}},
		{"both", "cmd &>log", []want{
			{"cmd", Arg, 0, 3}, {"&>", Redirect, 4, 6}, {"log", Target, 6, 9}}},
		{"both append", "cmd &>>log", []want{
			{"cmd", Arg, 0, 3}, {"&>>", Redirect, 4, 7}, {"log", Target, 7, 10}}},
		{"append", "cmd >>log 2>>err", []want{
			{"cmd", Arg, 0, 3}, {">>", Redirect, 4, 6}, {"log", Target, 6, 9},
			{"2>>", Redirect, 10, 13}, {"err", Target, 13, 16}}},
		{"input", "cmd <in", []want{
			{"cmd", Arg, 0, 3}, {"<", Redirect, 4, 5}, {"in", Target, 5, 7}}},
		{"here-string", "cmd <<<'str x'", []want{
			{"cmd", Arg, 0, 3}, {"<<<", Redirect, 4, 7}, {"str x", Target, 7, 14}}},
		{"here-doc", "cat <<EOF", []want{
			{"cat", Arg, 0, 3}, {"<<", Redirect, 4, 6}, {"EOF", Target, 6, 9}}},
		{"quoted here-doc delimiter", "cat <<-'EOF'", []want{
			{"cat", Arg, 0, 3}, {"<<-", Redirect, 4, 7}, {"EOF", Target, 7, 12}}},
		{"here-doc body is not consumed", "cat <<EOF\nhi there\nEOF", []want{
			{"cat", Arg, 0, 3}, {"<<", Redirect, 4, 6}, {"EOF", Target, 6, 9},
			{"\n", Operator, 9, 10}, {"hi", Arg, 10, 12}, {"there", Arg, 13, 18},
			{"\n", Operator, 18, 19}, {"EOF", Arg, 19, 22}}},
		{"to stderr", "echo >&2", []want{
			{"echo", Arg, 0, 4}, {">&2", Redirect, 5, 8}}},
		{"close and move", "cmd >&- 3<&0-", []want{
			{"cmd", Arg, 0, 3}, {">&-", Redirect, 4, 7}, {"3<&0-", Redirect, 8, 13}}},
		{"dup to a file name", "echo >&2x", []want{
			{"echo", Arg, 0, 4}, {">&", Redirect, 5, 7}, {"2x", Target, 7, 9}}},
		{"read write and clobber", "cmd <>f >|g", []want{
			{"cmd", Arg, 0, 3}, {"<>", Redirect, 4, 6}, {"f", Target, 6, 7},
			{">|", Redirect, 8, 10}, {"g", Target, 10, 11}}},
		{"detached number is an argument", "echo 2 >x", []want{
			{"echo", Arg, 0, 4}, {"2", Arg, 5, 6}, {">", Redirect, 7, 8}, {"x", Target, 8, 9}}},
		{"number inside a word is not an fd", "echo a2>x", []want{
			{"echo", Arg, 0, 4}, {"a2", Arg, 5, 7}, {">", Redirect, 7, 8}, {"x", Target, 8, 9}}},
		{"number before & is an argument", "echo 2&>x", []want{
			{"echo", Arg, 0, 4}, {"2", Arg, 5, 6}, {"&>", Redirect, 6, 8}, {"x", Target, 8, 9}}},
		{"process substitution target", "cat < <(ls)", []want{
			{"cat", Arg, 0, 3}, {"<", Redirect, 4, 5}, {"<(ls)", Target, 6, 11}}},
		{"redirect before the command", ">out echo", []want{
			{">", Redirect, 0, 1}, {"out", Target, 1, 4}, {"echo", Arg, 5, 9}}},
		{"missing target", "echo >", []want{
			{"echo", Arg, 0, 4}, {">", Redirect, 5, 6}}},
		{"operator instead of target", "echo > | x", []want{
			{"echo", Arg, 0, 4}, {">", Redirect, 5, 6}, {"|", Operator, 7, 8}, {"x", Arg, 9, 10}}},
	})
}

func TestAssignments(t *testing.T) {
	runWordCases(t, []wordCase{
		{"one", "LC_ALL=C sort file", []want{
			{"LC_ALL=C", Assign, 0, 8}, {"sort", Arg, 9, 13}, {"file", Arg, 14, 18}}},
		{"two with quotes", `A=1 B="x y" cmd`, []want{
			{"A=1", Assign, 0, 3}, {"B=x y", Assign, 4, 11}, {"cmd", Arg, 12, 15}}},
		{"after the name is an argument", "cmd x=y", []want{
			{"cmd", Arg, 0, 3}, {"x=y", Arg, 4, 7}}},
		{"no name", "=x cmd", []want{
			{"=x", Arg, 0, 2}, {"cmd", Arg, 3, 6}}},
		{"name starts with a digit", "1a=b cmd", []want{
			{"1a=b", Arg, 0, 4}, {"cmd", Arg, 5, 8}}},
		{"quoted name", `"A"=1 cmd`, []want{
			{"A=1", Arg, 0, 5}, {"cmd", Arg, 6, 9}}},
		{"append and subscript", "A+=1 arr[2]=x cmd", []want{
			{"A+=1", Assign, 0, 4}, {"arr[2]=x", Assign, 5, 13}, {"cmd", Arg, 14, 17}}},
		{"after a redirection", ">out A=1 cmd", []want{
			{">", Redirect, 0, 1}, {"out", Target, 1, 4}, {"A=1", Assign, 5, 8}, {"cmd", Arg, 9, 12}}},
		{"each command has its own prefix", "a x=1 | y=2 b", []want{
			{"a", Arg, 0, 1}, {"x=1", Arg, 2, 5}, {"|", Operator, 6, 7},
			{"y=2", Assign, 8, 11}, {"b", Arg, 12, 13}}},
		{"only assignments", "A=1", []want{
			{"A=1", Assign, 0, 3}}},
	})
}

func TestComments(t *testing.T) {
	runWordCases(t, []wordCase{
		{"trailing", "ls # list files", []want{
			{"ls", Arg, 0, 2}}},
		{"inside a word", "a#b c", []want{
			{"a#b", Arg, 0, 3}, {"c", Arg, 4, 5}}},
		{"after an operator", "ls;# x", []want{
			{"ls", Arg, 0, 2}, {";", Operator, 2, 3}}},
		{"quote in a comment", "ls # it's", []want{
			{"ls", Arg, 0, 2}}},
		{"ends at newline", "ls # c\necho", []want{
			{"ls", Arg, 0, 2}, {"\n", Operator, 6, 7}, {"echo", Arg, 7, 11}}},
		{"quoted and escaped hash", `echo "#x" \#y`, []want{
			{"echo", Arg, 0, 4}, {"#x", Arg, 5, 9}, {"#y", Arg, 10, 13}}},
		{"only a comment", "# nothing", nil},
	})
}

func TestUnicode(t *testing.T) {
	runWordCases(t, []wordCase{
		{"quoted", "echo 'héllo wörld' ñ>ü", []want{
			{"echo", Arg, 0, 4}, {"héllo wörld", Arg, 5, 20}, {"ñ", Arg, 21, 23},
			{">", Redirect, 23, 24}, {"ü", Target, 24, 26}}},
		{"double quoted cjk", `grep -e "日本" 語`, []want{
			{"grep", Arg, 0, 4}, {"-e", Arg, 5, 7}, {"日本", Arg, 8, 16}, {"語", Arg, 17, 20}}},
		{"escaped multibyte", `echo \é`, []want{
			{"echo", Arg, 0, 4}, {"é", Arg, 5, 8}}},
	})
}

func TestDecodeANSIC(t *testing.T) {
	cases := []struct{ in, want string }{
		{`a\nb`, "a\nb"},
		{`\e[0m`, "\x1b[0m"},
		{`\101\0`, "A\x00"},
		{`\x4a\xZ`, `J\xZ`},
		{`\u263a\U0001F600`, "☺😀"},
		{`\cA\c?`, "\x01\x7f"},
		{`\q\\`, `\q\`},
	}
	for _, tc := range cases {
		if got := decodeANSIC(tc.in); got != tc.want {
			t.Errorf("decodeANSIC(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

func texts(ws []Word) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Text)
	}
	return out
}

func TestCommands(t *testing.T) {
	type cmd struct{ assign, args, redirects []string }
	cases := []struct {
		line string
		want []cmd
	}{
		{`LC_ALL=C sort file | uniq -c > out 2>&1; A=1 B="x y" cmd x=y &`, []cmd{
			{[]string{"LC_ALL=C"}, []string{"sort", "file"}, nil},
			{nil, []string{"uniq", "-c"}, []string{">", "out", "2>&1"}},
			{[]string{"A=1", "B=x y"}, []string{"cmd", "x=y"}, nil},
		}},
		{"sudo -u root time nice -n 5 env X=1 ls", []cmd{
			{nil, []string{"sudo", "-u", "root", "time", "nice", "-n", "5", "env", "X=1", "ls"}, nil},
		}},
		{"(cd /tmp && ls) >log", []cmd{
			{nil, []string{"cd", "/tmp"}, nil},
			{nil, []string{"ls"}, nil},
			{nil, nil, []string{">", "log"}},
		}},
		{"exec 3<&0 <<<hi", []cmd{
			{nil, []string{"exec"}, []string{"3<&0", "<<<", "hi"}},
		}},
		{"a\nb;;", []cmd{
			{nil, []string{"a"}, nil},
			{nil, []string{"b"}, nil},
		}},
		{"", nil},
		{"  # just a comment", nil},
	}
	for _, tc := range cases {
		_, cmds, err := Parse(tc.line)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.line, err)
			continue
		}
		var got []cmd
		for _, c := range cmds {
			got = append(got, cmd{texts(c.Assign), texts(c.Args), texts(c.Redirects)})
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) {
			t.Errorf("Parse(%q) commands = %q; want %q", tc.line, got, tc.want)
		}
	}
}

func TestCommandWordsMatchWords(t *testing.T) {
	line := `A=1 cmd x=y 2>err | B=2 other`
	words, cmds, err := Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	// The grouped words must carry the same kinds as the flat list, so a
	// caller can use either view.
	if cmds[0].Assign[0] != words[0] || cmds[0].Args[1] != words[2] ||
		cmds[0].Redirects[0] != words[3] || cmds[1].Assign[0] != words[6] {
		t.Errorf("commands %+v do not match words %+v", cmds, words)
	}
	if words[6].Kind != Assign {
		t.Errorf("words[6] = %+v; want an Assign", words[6])
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		line string
		want string
	}{
		{`echo 'abc`, "unterminated single quote starting at byte 5"},
		{`echo "abc`, "unterminated double quote starting at byte 5"},
		{`echo $(ls`, "unterminated $( starting at byte 5"},
		{"echo `ls", "unterminated backquote starting at byte 5"},
		{`echo $(echo ')'`, "unterminated $( starting at byte 5"},
		{`echo ${x`, "unterminated ${ starting at byte 5"},
		{`echo $'a\'`, "unterminated $' quote starting at byte 5"},
		{`echo "a\"`, "unterminated double quote starting at byte 5"},
		{`diff <(ls`, "unterminated <( starting at byte 5"},
		{"echo $(#)", "unterminated $( starting at byte 5"},
		{"echo x >'y", "unterminated single quote starting at byte 8"},
		{"é 'x", "unterminated single quote starting at byte 3"},
	}
	for _, tc := range cases {
		words, cmds, err := Parse(tc.line)
		if err == nil {
			t.Errorf("Parse(%q) = %s; want error %q", tc.line, describe(words), tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("Parse(%q) error = %q; want %q", tc.line, err, tc.want)
		}
		if words != nil || cmds != nil {
			t.Errorf("Parse(%q) returned words or commands along with an error", tc.line)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"ls -l /tmp",
		`--name='a b'c "x\"y" a\ b`,
		`echo $(echo "a)b" ')' $(pwd))x ${A:-"}"} $'\'' $"x"`,
		"echo `a \\`b\\`` <(ls) >(cat) a=(1 2)",
		"(cd /tmp && ls) | wc -l; a & b |& c || d",
		"cmd >out 2>&1 &>log >>x <in <<<'s' <<EOF >&2 >&2x 3<&0- <>f >|g",
		"A=1 B=\"x y\" cmd x=y # comment\nnext line \\\n cont",
		"echo 'héllo' ñ>ü 日本",
		"echo 'unterminated",
		"echo $(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, cmds, err := Parse(line)
		if err != nil {
			if words != nil || cmds != nil {
				t.Fatalf("Parse(%q) returned words along with error %v", line, err)
			}
			return
		}
		prev := 0
		nonOp := 0
		for i, w := range words {
			if w.Start < prev || w.End <= w.Start || w.End > len(line) {
				t.Fatalf("Parse(%q) word %d span [%d:%d] after %d out of order or out of range", line, i, w.Start, w.End, prev)
			}
			if w.Raw != line[w.Start:w.End] {
				t.Fatalf("Parse(%q) word %d Raw %q != line[%d:%d]", line, i, w.Raw, w.Start, w.End)
			}
			prev = w.End
			if w.Kind == Target && (i == 0 || words[i-1].Kind != Redirect) {
				t.Fatalf("Parse(%q) word %d is a target without a redirection", line, i)
			}
			if w.Kind != Operator {
				nonOp++
			}
			// A word read on its own must come out the same, otherwise
			// its text depended on something outside its span.
			alone, _, err := Parse(w.Raw)
			if err != nil {
				t.Fatalf("Parse(%q) word %d %q fails on its own: %v", line, i, w.Raw, err)
			}
			if len(alone) != 1 || alone[0].Text != w.Text {
				t.Fatalf("Parse(%q) word %d %q = %q; on its own it is %s", line, i, w.Raw, w.Text, describe(alone))
			}
		}
		inCmds := 0
		for _, c := range cmds {
			inCmds += len(c.Assign) + len(c.Args) + len(c.Redirects)
			for _, w := range c.Assign {
				if w.Kind != Assign {
					t.Fatalf("Parse(%q) assignment %q has kind %s", line, w.Raw, kindName(w.Kind))
				}
			}
			for _, w := range c.Args {
				if w.Kind != Arg {
					t.Fatalf("Parse(%q) argument %q has kind %s", line, w.Raw, kindName(w.Kind))
				}
			}
		}
		if inCmds != nonOp {
			t.Fatalf("Parse(%q) commands hold %d words; want %d", line, inCmds, nonOp)
		}
	})
}
