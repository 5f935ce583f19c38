package ragadmincmd

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/backend/setup"
	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// InitCmd sets ragman up and checks its prerequisites.
type InitCmd struct {
	cli.OutputFlags `embed:""`
}

func (c *InitCmd) Help() string {
	return `Creates what is missing, and leaves the rest alone: the config and data
folders, config.yaml with the defaults, the catalog with the default
sources man-pages (/usr/share/man) and info-pages (/usr/share/info), and
the folder for Kiwix archives ($XDG_DATA_HOME/ragcli/kiwix/). Then checks
the prerequisites: the data folder is writable with enough free space,
and the engines config.yaml selects answer (Weaviate for retrieval.engine:
weaviate, Ollama with its model for generation.engine: ollama; five
retries each). Engines the config does not select are optional.

Running it again changes nothing and says so. Exits 1 when a
prerequisite fails.`
}

// InitResult is what init prints with --json.
type InitResult struct {
	Status  string         `json:"status"` // initialized, unchanged, error
	Changed bool           `json:"changed"`
	Created []string       `json:"created"`
	Config  string         `json:"config"`
	Catalog string         `json:"catalog"`
	Sources []string       `json:"sources"`
	Checks  []health.Check `json:"checks"`
}

func (c *InitCmd) Run(env *cli.Env) error {
	res, err := setup.Init(env.Paths)
	if err != nil {
		err = cli.Exit(cli.ExitError, err, setup.Hint(env.Paths, err))
		audit(env, "init", env.Paths.DataDir, err, "")
		return cli.JSONFailure(env, c.JSON, err)
	}
	cfg, err := env.Config()
	if err != nil {
		audit(env, "init", env.Paths.DataDir, err, res.Message(env.Paths))
		return cli.JSONFailure(env, c.JSON, err)
	}
	jsonMode := c.JSONFor(cfg)

	checks := []health.Check{health.WritableCheck(env.Paths.DataDir), health.DiskCheck(env.Paths.DataDir)}
	checks = append(checks, health.EngineChecks(context.Background(), cfg, env.Paths.ConfigFile,
		health.Prober{Schedule: health.ScheduleFromEnv(), WeaviateRecord: filepath.Join(env.Paths.IndexDir, wvindex.RecordFile)})...)

	out := InitResult{Status: "initialized", Changed: res.Changed(), Created: []string{}, Config: env.Paths.ConfigFile,
		Catalog: env.Paths.Catalog, Sources: []string{}, Checks: checks}
	if !res.Changed() {
		out.Status = "unchanged"
	}
	if res.Config {
		out.Created = append(out.Created, env.Paths.ConfigFile)
	}
	if res.Catalog {
		out.Created = append(out.Created, env.Paths.Catalog)
	}
	out.Created = append(out.Created, res.Folders...)
	if cat, err := catalog.Load(env.Paths.Catalog); err == nil {
		out.Sources = cat.Aliases()
	}

	var failure error
	if names, hint := failed(checks); len(names) > 0 {
		out.Status = "error"
		failure = cli.Fail(cli.ExitError, "prerequisite_failed", fmt.Errorf("prerequisites not met: %s", strings.Join(names, ", ")), hint)
	}
	msg := res.Message(env.Paths) + "; checks " + summary(checks)
	audit(env, "init", env.Paths.DataDir, failure, msg)

	if jsonMode {
		cli.WriteJSON(env.Stdout, out)
		return failure
	}
	if res.Config {
		fmt.Fprintf(env.Stdout, "created  %s (the defaults)\n", env.Paths.ConfigFile)
	}
	if res.Catalog {
		var srcs []string
		if cat, err := catalog.Load(env.Paths.Catalog); err == nil {
			for _, s := range cat.Sources {
				srcs = append(srcs, s.Alias+" ("+s.Location+")")
			}
		}
		fmt.Fprintf(env.Stdout, "created  %s with the sources %s\n", env.Paths.Catalog, oneLine(strings.Join(srcs, ", ")))
	}
	for _, f := range res.Folders {
		fmt.Fprintf(env.Stdout, "created  %s/\n", oneLine(f))
	}
	printChecks(env.Stdout, checks)
	switch {
	case failure != nil:
	case res.Changed():
		env.Say("initialized; next: `ragadmin reindex` builds the index")
	default:
		env.Say("already initialized, nothing changed (%s, %s)", env.Paths.ConfigFile, env.Paths.Catalog)
	}
	return failure
}
