package info

import (
	"strings"
	"testing"
	"time"
)

func TestStress(t *testing.T) {
	hdr := "\x1f\nFile: s.info,  Node: Top\n\n"
	const size = 32 << 20
	cases := map[string]string{
		"items":     strings.Repeat("‘-x’\n     desc\n\n     more text\n\n", size/40),
		"notes":     strings.Repeat("*note ", size/6),
		"notecolon": strings.Repeat("*note a: (", size/10),
		"menu":      "* Menu:\n\n" + strings.Repeat("* a: b.  (line 3)\n", size/18),
		"bullets":   strings.Repeat("   • a\n", size/7),
		"nested":    strings.Repeat("x\n     y\n", size/10),
		"deep":      strings.Repeat(" ", 1<<20) + "x\n",
		"periods":   strings.Repeat("a.", size/2),
		"dots":      strings.Repeat("e.g.\n", size/5),
		"layout":    strings.Repeat("a   b\n", size/6),
		"underline": strings.Repeat("ab\n==\n", size/6),
		"markup":    strings.Repeat("\x00\b[", size/3),
		"nodes":     strings.Repeat("\x1f\nFile: s.info,  Node: N\n\nx\n", size/24),
		"terms":     strings.Repeat("a\n", size/2) + "     desc\n",
		"enum":      strings.Repeat("  1. a\n", size/7),
		"deffn":     strings.Repeat(" -- F: x\n", size/9),
		"codes":     strings.Repeat("     x\n\n", size/8),
		"oneline":   strings.Repeat("word ", size/5),
	}
	for name, body := range cases {
		start := time.Now()
		docs := parse("s", []byte(hdr+body))
		t.Logf("%-10s %5d docs %v", name, len(docs), time.Since(start))
	}
}
