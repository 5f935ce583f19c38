package ragadmincmd

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/rundir"
	"github.com/ragman-dev/ragman/backend/service"
	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// HealthCmd checks everything ragman depends on.
type HealthCmd struct {
	cli.OutputFlags `embed:""`
}

func (c *HealthCmd) Help() string {
	return `Checks, each PASS, WARN or FAIL with a one-line hint when it is not PASS:

  backend          the backend answers (it is started if need be)
  index            an index version is active and intact (its files match
                   the checksums in its manifest)
  index freshness  FAIL when the catalog changed since the build (stale),
                   WARN when the build is 30 days old or more
  source ALIAS     each source is accessible (five retries), not
                   quarantined, and unchanged since it was indexed (WARN)
  disk space       of the data folder: WARN at 10% free or less, FAIL at 8%
  weaviate, ollama reachable when config.yaml selects them (five retries;
                   Ollama must have the model), optional otherwise

Exits 1 when any check FAILs, 0 otherwise.`
}

// HealthResult is what health prints with --json.
type HealthResult struct {
	Status string         `json:"status"` // PASS, WARN, FAIL: the worst check
	Counts map[string]int `json:"counts"`
	Checks []health.Check `json:"checks"`
}

func (c *HealthCmd) Run(env *cli.Env) error {
	cfg, err := env.Config()
	if err != nil {
		return cli.JSONFailure(env, c.JSON, err)
	}
	jsonMode := c.JSONFor(cfg)
	ctx := context.Background()
	sched := health.ScheduleFromEnv()

	var local, engines []health.Check
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		cat, err := catalog.Load(env.Paths.Catalog)
		if err != nil {
			hint := "run `ragadmin init`"
			if errors.Is(err, catalog.ErrCorrupt) {
				hint = catalog.CorruptHint
			}
			local = append(local, health.Check{Name: "sources", Status: health.Fail, Detail: catalogProblem(err), Hint: hint})
		} else {
			local = append(local, health.SourceChecks(ctx, cat, sched)...)
		}
		local = append(local, health.WritableCheck(env.Paths.DataDir), health.DiskCheck(env.Paths.DataDir))
	}()
	go func() {
		defer wg.Done()
		engines = health.EngineChecks(ctx, cfg, env.Paths.ConfigFile, health.Prober{Schedule: sched, WeaviateRecord: filepath.Join(env.Paths.IndexDir, wvindex.RecordFile)})
	}()
	checks := c.backendChecks(env)
	wg.Wait()
	checks = append(append(checks, local...), engines...)

	res := HealthResult{Status: health.Worst(checks), Counts: health.Count(checks), Checks: checks}
	if jsonMode {
		cli.WriteJSON(env.Stdout, res)
	} else {
		printChecks(env.Stdout, checks)
		fmt.Fprintf(env.Stdout, "overall: %s\n", summary(checks))
	}
	if res.Status == health.Fail {
		return cli.Silent(cli.ExitError)
	}
	return nil
}

func catalogProblem(err error) string {
	if errors.Is(err, catalog.ErrNoCatalog) {
		return "ragman is not set up: " + err.Error()
	}
	return err.Error()
}

// backendChecks asks the backend to check the index it serves. When it
// cannot be reached, that is a FAIL of its own, and the index is checked
// from here.
func (c *HealthCmd) backendChecks(env *cli.Env) []health.Check {
	var rep service.HealthReport
	err := env.Call(proto.MethodHealth, nil, &rep, nil)
	if err == nil {
		dir, _ := rundir.Default()
		return append([]health.Check{{Name: "backend", Status: health.Pass,
			Detail: fmt.Sprintf("pid %d answers on %s", rep.PID, rundir.SocketPath(dir))}}, rep.Checks...)
	}
	b := health.Check{Name: "backend", Status: health.Fail, Detail: err.Error(), Hint: cli.Hint(err)}
	var be *cli.BackendError
	if errors.As(err, &be) {
		b.Hint = be.Err.Hint
	}
	cat, cerr := catalog.Load(env.Paths.Catalog)
	return append([]health.Check{b}, health.IndexChecks(env.Paths.IndexDir, cat, cerr, time.Now())...)
}
