// Command genshell writes the shell files generated from the programs
// themselves: the bash, zsh and fish completions of ragman and ragadmin in
// completions/, from their kong models, and the installable copies of the
// shell integration in shellint/. They are committed; `make
// generate-check` and this package's tests fail when they are stale.
//
//	go generate ./cmd/internal/genshell
package main

//go:generate go run . -root ../../..

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/alecthomas/kong"
	"github.com/ragman-dev/ragman/cmd/internal/ragadmincmd"
	"github.com/ragman-dev/ragman/cmd/internal/ragmancmd"
	"github.com/ragman-dev/ragman/shellint"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	files, err := generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "genshell:", err)
		os.Exit(1)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(*root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "genshell:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(path, []byte(files[name]), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "genshell:", err)
			os.Exit(1)
		}
	}
}

// generate returns every generated file by its path from the repository's
// root.
func generate() (map[string]string, error) {
	files := map[string]string{}
	for _, model := range []func() (*kong.Application, error){ragmancmd.Model, ragadmincmd.Model} {
		app, err := model()
		if err != nil {
			return nil, err
		}
		p, err := newProgram(app)
		if err != nil {
			return nil, err
		}
		files["completions/bash/"+p.Name] = bash(p)
		files["completions/zsh/_"+p.Name] = zsh(p)
		files["completions/fish/"+p.Name+".fish"] = fish(p)
	}
	for _, sh := range shellint.Shells {
		s, err := shellint.Script(sh, "")
		if err != nil {
			return nil, err
		}
		files["shellint/ragman."+sh] = s
	}
	return files, nil
}
