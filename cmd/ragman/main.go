// Command ragman answers plain-English questions about Linux from the
// documentation installed on this machine. See ragman(1).
package main

import (
	"os"

	"github.com/ragman-dev/ragman/cmd/internal/ragmancmd"
)

func main() { os.Exit(ragmancmd.Main(os.Args[1:])) }
