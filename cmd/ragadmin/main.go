// Command ragadmin sets up ragman and manages its sources and index. See
// ragadmin(8).
package main

import (
	"os"

	"github.com/ragman-dev/ragman/cmd/internal/ragadmincmd"
)

func main() { os.Exit(ragadmincmd.Main(os.Args[1:])) }
