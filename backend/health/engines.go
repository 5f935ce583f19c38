package health

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/backend/engines"
	"github.com/ragman-dev/ragman/backend/wvindex"
)

// Prober reaches the engines: Weaviate over HTTP, Ollama through its
// official client.
type Prober struct {
	Client   *http.Client // Weaviate's; nil: a client with DefaultTimeout per attempt
	Schedule Schedule     // waits between attempts for engines the config selects
	// WeaviateRecord is the wvindex.Record the last reindex wrote, the
	// file; "" or a missing file: none yet.
	WeaviateRecord string
}

func (p Prober) client() *http.Client {
	if p.Client != nil {
		return p.Client
	}
	return &http.Client{Timeout: DefaultTimeout}
}

func (p Prober) get(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, Final(err)
	}
	resp, err := p.client().Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return body, nil
}

// Weaviate probes GET {url}/v1/.well-known/ready.
func (p Prober) Weaviate(ctx context.Context, url string, s Schedule) (int, error) {
	u := strings.TrimRight(url, "/") + "/v1/.well-known/ready"
	return Retry(ctx, s, func(ctx context.Context) error {
		_, err := p.get(ctx, u)
		return err
	})
}

// Ollama probes the Ollama at url as a question does (engines.Probe): it
// answers, and has model. A missing model is final: retrying will not
// pull it.
func (p Prober) Ollama(ctx context.Context, url, model string, s Schedule) (int, error) {
	return Retry(ctx, s, func(ctx context.Context) error {
		client, err := embed.NewClient(url)
		if err != nil {
			return Final(err)
		}
		ctx, cancel := context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
		err = engines.Probe(ctx, client, model)
		if errors.Is(err, embed.ErrNoModel) {
			return Final(&missingModel{model: model, url: url})
		}
		return err
	})
}

type missingModel struct{ model, url string }

func (m *missingModel) Error() string {
	return fmt.Sprintf("Ollama answers at %s but does not have the model %s", m.url, m.model)
}

// EngineChecks probes the engines cfg selects, with p.Schedule's retries,
// and reports the others as optional. With generation.engine auto, Ollama
// is probed once: it is used when it is there.
func EngineChecks(ctx context.Context, cfg config.Config, configFile string, p Prober) []Check {
	out := make([]Check, 2)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); out[0] = weaviateCheck(ctx, cfg, configFile, p) }()
	go func() { defer wg.Done(); out[1] = ollamaCheck(ctx, cfg, configFile, p) }()
	wg.Wait()
	return out
}

func weaviateCheck(ctx context.Context, cfg config.Config, configFile string, p Prober) Check {
	c := Check{Name: engines.Weaviate}
	url := cfg.Retrieval.Weaviate.URL
	if cfg.Retrieval.Engine != engines.Weaviate {
		c.Status = Pass
		c.Detail = fmt.Sprintf("optional, not configured (retrieval.engine: %s)", cfg.Retrieval.Engine)
		return c
	}
	n, err := p.Weaviate(ctx, url, p.Schedule)
	if err != nil {
		c.Status = Fail
		c.Detail = fmt.Sprintf("not ready at %s after %s: %v", url, Plural(n, "attempt", "attempts"), err)
		c.Hint = "start Weaviate there, fix retrieval.weaviate.url, or set retrieval.engine: embedded in " + configFile
		return c
	}
	c.Status = Pass
	state, hint, err := p.weaviateIndex(ctx, url)
	if err != nil {
		c.Status = Warn
		c.Detail = fmt.Sprintf("ready at %s, but what it holds could not be read: %s (retrieval.engine: weaviate)", url, wvindex.Explain(err))
		c.Hint = "check that the server at retrieval.weaviate.url is Weaviate " + wvindexMinimum + " or later"
		return c
	}
	if hint != "" {
		c.Status, c.Hint = Warn, hint
	}
	c.Detail = fmt.Sprintf("ready at %s, %s (retrieval.engine: weaviate)", url, state)
	return c
}

// wvindexMinimum is the first Weaviate with collection aliases, which a
// rebuild switches.
const wvindexMinimum = "1.32"

// weaviateIndex says what the server holds of ragman's index, against
// what the last reindex sent it; a hint when they differ.
func (p Prober) weaviateIndex(ctx context.Context, url string) (state, hint string, err error) {
	host := strings.TrimPrefix(strings.TrimPrefix(url, "http://"), "https://")
	st, err := wvindex.Open(strings.TrimRight(host, "/"), "", DefaultTimeout)
	if err != nil {
		return "", "", err
	}
	version, err := st.Version(ctx)
	if err != nil {
		return "", "", err
	}
	active, err := st.Active(ctx)
	if err != nil {
		return "", "", err
	}
	rec, recorded := wvindex.ReadRecord(p.WeaviateRecord, url)
	if active == "" {
		state = "version " + version + ", no ragman collection yet"
		if recorded {
			return state, "the server lost the index the last reindex sent it: run `ragadmin reindex --force`", nil
		}
		return state, "", nil
	}
	n, err := st.Count(ctx)
	if err != nil {
		return "", "", err
	}
	state = fmt.Sprintf("version %s, collection %s with %d objects", version, active, n)
	switch {
	case recorded && rec.Collection != active:
		hint = fmt.Sprintf("the last reindex here sent %s; another build replaced it, or a reindex did not finish: run `ragadmin reindex`", rec.Collection)
	case recorded && rec.Objects != n:
		hint = fmt.Sprintf("the last reindex sent %d objects and the server holds %d: run `ragadmin reindex --force`", rec.Objects, n)
	}
	return state, hint, nil
}

func ollamaCheck(ctx context.Context, cfg config.Config, configFile string, p Prober) Check {
	c := Check{Name: engines.Ollama}
	o := cfg.Generation.Ollama
	switch cfg.Generation.Engine {
	case engines.Extractive:
		c.Status = Pass
		c.Detail = "optional, not configured (generation.engine: extractive)"
		return c
	case engines.Auto:
		_, err := p.Ollama(ctx, o.URL, o.Model, Schedule{})
		var mm *missingModel
		switch {
		case err == nil:
			c.Status = Pass
			c.Detail = fmt.Sprintf("available at %s with %s (generation.engine: auto)", o.URL, o.Model)
		case asMissing(err, &mm):
			c.Status = Warn
			c.Detail = fmt.Sprintf("%v; answers stay extractive (generation.engine: auto)", err)
			c.Hint = "run `ollama pull " + o.Model + "`, or set generation.engine: extractive in " + configFile
		default:
			c.Status = Pass
			c.Detail = fmt.Sprintf("optional, not reachable at %s; answers are extractive (generation.engine: auto)", o.URL)
		}
		return c
	}
	n, err := p.Ollama(ctx, o.URL, o.Model, p.Schedule)
	var mm *missingModel
	switch {
	case err == nil:
		c.Status = Pass
		c.Detail = fmt.Sprintf("available at %s with %s (generation.engine: ollama)", o.URL, o.Model)
	case asMissing(err, &mm):
		c.Status = Fail
		c.Detail = err.Error()
		c.Hint = "run `ollama pull " + o.Model + "`, or change generation.ollama.model in " + configFile
	default:
		c.Status = Fail
		c.Detail = fmt.Sprintf("not reachable at %s after %s: %v", o.URL, Plural(n, "attempt", "attempts"), err)
		c.Hint = "start Ollama (`ollama serve`), fix generation.ollama.url, or set generation.engine: auto in " + configFile
	}
	return c
}

func asMissing(err error, mm **missingModel) bool { return errors.As(err, mm) }
