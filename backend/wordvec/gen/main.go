//go:build ignore

// Command gen learns the word vectors that package wordvec embeds from
// the man and info pages of this machine (a Debian system with many
// packages' documentation gives the best table). It is not part of go
// generate, because its output depends on the pages installed; run it as
// `make wordvec` and commit vectors.bin with the ranking trees refitted on
// it (see the README, Development).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"regexp"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/ingest"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/backend/wordvec"
)

func main() {
	manDir := flag.String("man", "/usr/share/man", "man tree to learn from")
	infoDir := flag.String("info", "/usr/share/info", "info folder to learn from")
	out := flag.String("o", "vectors.bin", "where to write the table")
	flag.Parse()
	log.SetFlags(0)

	word := regexp.MustCompile(`^[a-z][a-z0-9]+$`)
	var docs [][]string
	add := func(d *document.Document) {
		var ws []string
		for _, text := range []string{d.Summary, d.Text()} {
			terms.Words(text, false, func(w string) {
				if word.MatchString(w) && !terms.Stop(w) {
					ws = append(ws, w)
				}
			})
		}
		docs = append(docs, ws)
	}
	for _, src := range []catalog.Source{{Type: catalog.TypeMan, Location: *manDir}, {Type: catalog.TypeInfo, Location: *infoDir}} {
		if err := ingest.Each(src, add); err != nil {
			log.Fatal(err)
		}
	}
	t := wordvec.Train(docs, wordvec.DefaultParams)
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	if err := t.Write(f); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "%d documents, %d words, %d dimensions\n", len(docs), t.Len(), t.Dim)
}
