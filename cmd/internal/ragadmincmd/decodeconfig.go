package ragadmincmd

import (
	"encoding/json"
	"io"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// decodeConfig is the hidden command (config.DecodeCmd) with which the
// client-only ragman, which leaves the YAML decoder out, reads an edited
// config.yaml: it prints the file read over the defaults, or the error
// Load gives, as JSON (config.Decoded). Main runs it before anything
// else: it writes no trace-log lines and needs no backend.
func decodeConfig(w io.Writer, args []string) int {
	if len(args) != 1 {
		return cli.ExitUsage
	}
	var d config.Decoded
	cfg, err := config.Load(args[0])
	if err != nil {
		d.Error = err.Error()
	} else {
		d.Config = cfg
	}
	if json.NewEncoder(w).Encode(d) != nil {
		return cli.ExitError
	}
	return cli.ExitOK
}
