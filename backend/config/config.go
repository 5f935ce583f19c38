// Package config reads and writes $XDG_CONFIG_HOME/ragcli/config.yaml and
// knows where ragman keeps its files.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/ragman-dev/ragman/internal/safefile"
)

// Config is the schema of config.yaml. Absent keys keep their defaults.
type Config struct {
	Ragman     Ragman     `yaml:"ragman"`
	Ragadmin   Ragadmin   `yaml:"ragadmin"`
	Backend    Backend    `yaml:"backend"`
	Retrieval  Retrieval  `yaml:"retrieval"`
	Generation Generation `yaml:"generation"`
}

type Ragman struct {
	ConfidenceThreshold float64 `yaml:"confidence_threshold"`
	PresenterDefault    string  `yaml:"presenter_default"`
}

type Ragadmin struct {
	OutputDefault string `yaml:"output_default"`
}

type Backend struct {
	IdleTimeout Duration `yaml:"idle_timeout"`
	// RefreshInterval is how often the backend checks the indexed
	// sources for added or removed pages; 0 turns the check off.
	RefreshInterval Duration `yaml:"refresh_interval"`
}

type Retrieval struct {
	Engine   string   `yaml:"engine"`
	Weaviate Weaviate `yaml:"weaviate"`
}

type Weaviate struct {
	URL  string `yaml:"url"`
	GRPC string `yaml:"grpc"`
	// Alpha is the share of vectors in a hybrid search, where the index
	// has embeddings: 0 is BM25 alone, 1 vectors alone.
	Alpha float64 `yaml:"alpha"`
}

type Generation struct {
	Engine string `yaml:"engine"`
	Ollama Ollama `yaml:"ollama"`
}

type Ollama struct {
	URL        string `yaml:"url"`
	Model      string `yaml:"model"`
	EmbedModel string `yaml:"embed_model"`
}

// Duration is a time.Duration written as "10m" in YAML.
type Duration time.Duration

func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

// Default is the configuration ragman runs with when config.yaml says
// nothing.
func Default() Config {
	return Config{
		Ragman:   Ragman{ConfidenceThreshold: 0.35, PresenterDefault: "markdown"},
		Ragadmin: Ragadmin{OutputDefault: "table"},
		Backend:  Backend{IdleTimeout: Duration(10 * time.Minute), RefreshInterval: Duration(5 * time.Second)},
		Retrieval: Retrieval{
			Engine:   "embedded",
			Weaviate: Weaviate{URL: "http://127.0.0.1:8080", GRPC: "127.0.0.1:50051", Alpha: 0.5},
		},
		Generation: Generation{
			Engine: "auto",
			Ollama: Ollama{URL: "http://127.0.0.1:11434", Model: "gemma3:1b", EmbedModel: "embeddinggemma:latest"},
		},
	}
}

// Decoded is what ragadmin's hidden command DecodeCmd prints for the
// client-only ragman (thin.go): config.yaml read over the defaults, or
// the error that names the file and line, as Load returns it.
type Decoded struct {
	Config Config `json:"config"`
	Error  string `json:"error,omitempty"`
}

// DecodeCmd is that command: ragadmin __config PATH.
const DecodeCmd = "__config"

// maxConfig is far more than any config.yaml: a file larger is not one.
const maxConfig = 1 << 20

// Load reads path over the defaults. A missing file is not an error: it
// yields the defaults. Every other problem names the file and, where YAML
// knows it, the line.
func Load(path string) (Config, error) {
	cfg := Default()
	data, err := safefile.ReadFile(path, maxConfig)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return cfg, fmt.Errorf("config: %w", err)
	}
	if string(data) == defaultYAML {
		// the file init writes, which most never edit, reads as the
		// defaults (TestDefaultFileMatchesDefault): every question is
		// spared decoding it (and the client-only ragman ragadmin's
		// reading of it, see thin.go)
		return cfg, nil
	}
	return decode(path, data)
}

// MinIdleTimeout is the shortest backend.idle_timeout: a backend started
// for a question must live until the client, dialing every 10 to 200 ms,
// reaches it. At 1ns it exited at once and every question failed after 5 s
// with "did not answer".
const MinIdleTimeout = 2 * time.Second

// Validate checks values YAML cannot: ranges and enumerations.
func (c Config) Validate() error {
	if t := c.Ragman.ConfidenceThreshold; math.IsNaN(t) || t < 0 || t > 1 {
		return fmt.Errorf("ragman.confidence_threshold: %s is outside 0..1", strconv.FormatFloat(t, 'g', -1, 64))
	}
	if a := c.Retrieval.Weaviate.Alpha; math.IsNaN(a) || a < 0 || a > 1 {
		return fmt.Errorf("retrieval.weaviate.alpha: %s is outside 0..1", strconv.FormatFloat(a, 'g', -1, 64))
	}
	checks := []struct {
		key, val string
		ok       []string
	}{
		{"ragman.presenter_default", c.Ragman.PresenterDefault, []string{"markdown", "plain", "json"}},
		{"ragadmin.output_default", c.Ragadmin.OutputDefault, []string{"table", "json"}},
		{"retrieval.engine", c.Retrieval.Engine, []string{"embedded", "weaviate"}},
		{"generation.engine", c.Generation.Engine, []string{"auto", "extractive", "ollama"}},
	}
	for _, ch := range checks {
		found := false
		for _, o := range ch.ok {
			found = found || ch.val == o
		}
		if !found {
			return fmt.Errorf("%s: %q is not one of %q", ch.key, ch.val, ch.ok)
		}
	}
	if d := time.Duration(c.Backend.IdleTimeout); d < MinIdleTimeout {
		return fmt.Errorf("backend.idle_timeout: %v is below the minimum of %v", d, MinIdleTimeout)
	}
	if r := time.Duration(c.Backend.RefreshInterval); r != 0 && r < time.Second {
		return fmt.Errorf("backend.refresh_interval: %v is too often: at least 1s, or 0 to turn the check off", r)
	}
	return nil
}

// WriteDefault writes the default configuration to path unless a file is
// there already. It reports whether it wrote one.
func WriteDefault(path string) (bool, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, fmt.Errorf("config: %w", err)
	}
	// O_EXCL fails on a link planted at path, dangling or not; O_NOFOLLOW
	// keeps that true should O_EXCL ever go.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("config: %w", err)
	}
	_, werr := f.WriteString(defaultYAML)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(path)
		return false, fmt.Errorf("config: %w", werr)
	}
	return true, nil
}

const defaultYAML = `# ragman configuration; see ragman(1). Absent keys take these defaults.
ragman:
  confidence_threshold: 0.35     # answers scoring below this are withheld
  presenter_default: markdown    # markdown | plain | json
ragadmin:
  output_default: table          # table | json
backend:
  idle_timeout: 10m              # the backend exits after this long without a request
  refresh_interval: 5s           # how often it checks the sources for added or removed pages; 0 turns that off
retrieval:
  engine: embedded               # embedded | weaviate
  weaviate: {url: "http://127.0.0.1:8080", grpc: "127.0.0.1:50051", alpha: 0.5}  # alpha: share of vectors in hybrid search
generation:
  engine: auto                   # auto | extractive | ollama
  ollama: {url: "http://127.0.0.1:11434", model: "gemma3:1b", embed_model: "embeddinggemma:latest"}
`
