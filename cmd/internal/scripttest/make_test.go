package scripttest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdMake runs the repository's Makefile, as a person installing ragman
// does:
//
//	make install PREFIX=$WORK/prefix BIN=$WORK/bin
//
// It runs `make -C ROOT ARGS...` in this test's environment, not the
// script's: the script's PATH has ragman and the stand-ins only, and its
// HOME has no Go build cache. Its stdout and stderr are make's, as after
// exec; ! make expects make to fail.
func cmdMake(ts *testscript.TestScript, neg bool, args []string) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	ts.Check(err)
	makeTool, err := exec.LookPath("make")
	if err != nil {
		ts.Fatalf("make: %v", err)
	}
	cmd := exec.Command(makeTool, append([]string{"-C", root, "--no-print-directory"}, args...)...)
	// not the make flags of a make check this test may run under
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err != nil && !errors.As(err, &ee):
		ts.Fatalf("make: %v", err)
	case err == nil && neg:
		ts.Fatalf("make succeeded unexpectedly")
	case err != nil && !neg:
		ts.Fatalf("make: %v", err)
	}
}
