//go:build !thinclient

// The YAML decoder, which the client-only ragman leaves out (thin.go):
// its start-up, two regular expressions and its tables, cost every
// question most of a millisecond.

package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/ragman-dev/ragman/internal/lazyre"
	"go.yaml.in/yaml/v3"
)

func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := time.ParseDuration(n.Value)
	if err != nil {
		return fmt.Errorf("line %d: %q is not a duration like 10m or 90s", n.Line, n.Value)
	}
	*d = Duration(v)
	return nil
}

// decode reads config.yaml's content over the defaults.
func decode(path string, data []byte) (Config, error) {
	cfg := Default()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil && !errors.Is(err, io.EOF) {
		return cfg, fmt.Errorf("%s: %s", path, yamlMessage(err))
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("%s: %w", path, err)
	}
	return cfg, nil
}

var yamlPrefix = lazyre.New(`^yaml: (unmarshal errors:\n\s*)?`)

// yamlMessage turns "yaml: unmarshal errors:\n  line 3: field x not found
// in type config.Ragman" into "line 3: field x not found in type ...".
func yamlMessage(err error) string {
	return yamlPrefix().ReplaceAllString(err.Error(), "")
}
