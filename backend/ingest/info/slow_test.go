package info

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestSlowCorpus(t *testing.T) {
	dir := os.Getenv("CORPUS")
	if dir == "" {
		t.Skip()
	}
	files, _ := filepath.Glob(dir + "/*")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		lines := strings.Split(string(data), "\n")
		var args [][]byte
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "[]byte(") {
				s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(l, "[]byte("), ")"))
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, []byte(s))
			}
		}
		start := time.Now()
		parse("x", args[0], args[1])
		if d := time.Since(start); d > 10*time.Millisecond {
			t.Logf("%s: %d+%d bytes, %v", filepath.Base(f), len(args[0]), len(args[1]), d)
		}
	}
}
