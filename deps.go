//go:build tools

package tools

import (
	_ "github.com/alecthomas/kong"
	_ "github.com/blevesearch/go-porterstemmer"
	_ "github.com/gofrs/flock"
	_ "github.com/google/uuid"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "go.yaml.in/yaml/v3"
	_ "golang.org/x/sys/unix"
	_ "golang.org/x/term"
	_ "golang.org/x/text/encoding/charmap"
)
