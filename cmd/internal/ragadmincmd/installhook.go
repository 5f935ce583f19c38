package ragadmincmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// InstallHookCmd writes (or removes) apt's hook that nudges the backends
// after every package install or removal.
type InstallHookCmd struct {
	cli.OutputFlags `embed:""`
	Remove          bool   `help:"Remove the hook instead."`
	DestDir         string `name:"destdir" env:"DESTDIR" placeholder:"DIR" help:"Write under DIR, as make install does (packaging, tests); the hook still names the final paths."`
	BinDir          string `name:"bindir" placeholder:"DIR" help:"Where ragadmin is installed (default: the folder of this ragadmin). A relative DIR is made absolute from the current folder: apt runs the hook from elsewhere."`
}

// AptHook is where the hook goes, under DESTDIR; make uninstall removes
// it from there.
const AptHook = "/etc/apt/apt.conf.d/90ragman"

func (c *InstallHookCmd) Help() string {
	return `Opt-in. Writes ` + AptHook + `, a DPkg::Post-Invoke hook: after apt
installs or removes packages it runs ` + "`ragadmin nudge`" + `, and every running
backend picks up the man and info pages that came or went at once rather
than at its next check. Without the hook the backends still notice, within
backend.refresh_interval. Needs root, unless --destdir (or DESTDIR) points
elsewhere. --remove, or make uninstall, takes it away.`
}

func (c *InstallHookCmd) Run(env *cli.Env) error {
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		return cli.JSONFailure(env, c.JSON, err)
	}
	path := filepath.Join(c.DestDir, AptHook)
	if c.Remove {
		err := os.Remove(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			err = nil
			if !jsonMode {
				env.Say("no hook at %s: nothing to remove", path)
			}
		case err != nil:
			return cli.JSONFailure(env, jsonMode, hookError(err, path))
		case !jsonMode:
			env.Say("removed %s", path)
		}
		audit(env, "install-hook", path, nil, "removed")
		if jsonMode {
			return cli.WriteJSON(env.Stdout, map[string]any{"path": path, "removed": true})
		}
		return nil
	}
	if c.DestDir == "" {
		if _, err := os.Stat("/etc/apt"); err != nil {
			return cli.JSONFailure(env, jsonMode, cli.Exit(cli.ExitError, errors.New("this system has no /etc/apt: the hook is apt's"),
				"without it, the backends still notice installed and removed pages within backend.refresh_interval"))
		}
	}
	bin := c.BinDir
	if bin == "" {
		exe, err := os.Executable()
		if err != nil {
			return cli.JSONFailure(env, jsonMode, cli.Exit(cli.ExitError, err, "name the folder with --bindir"))
		}
		bin = filepath.Dir(exe)
	}
	// apt runs the hook from a folder of its own: a relative path would
	// name another ragadmin there, or none
	abs, err := filepath.Abs(bin)
	if err != nil {
		return cli.JSONFailure(env, jsonMode, cli.Exit(cli.ExitError, fmt.Errorf("--bindir %q: %w", bin, err), "name the folder by its absolute path"))
	}
	bin = abs
	if strings.ContainsAny(bin, "\"'\\$`\n") {
		return cli.JSONFailure(env, jsonMode, cli.Exit(cli.ExitUsage, fmt.Errorf("--bindir %q: quotes, backslashes, $ and ` cannot go into apt's configuration", bin), ""))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return cli.JSONFailure(env, jsonMode, hookError(err, path))
	}
	if err := safefile.WriteFile(path, []byte(aptHook(filepath.Join(bin, "ragadmin")))); err != nil {
		return cli.JSONFailure(env, jsonMode, hookError(err, path))
	}
	audit(env, "install-hook", path, nil, "written")
	if jsonMode {
		return cli.WriteJSON(env.Stdout, map[string]any{"path": path, "removed": false})
	}
	env.Say("wrote %s: apt nudges the ragman backends after each install or removal", path)
	return nil
}

// aptHook is the hook's text. It never fails apt: a ragadmin removed
// since, or one that errs, is skipped.
func aptHook(ragadmin string) string {
	return `// Written by ragadmin install-hook; removed by ragadmin install-hook --remove
// and by make uninstall. After dpkg installs or removes packages, every
// running ragman backend checks its sources at once (ragadmin(8), nudge).
DPkg::Post-Invoke { "if [ -x '` + ragadmin + `' ]; then '` + ragadmin + `' nudge --quiet || true; fi"; };
`
}

func hookError(err error, path string) error {
	hint := ""
	if errors.Is(err, fs.ErrPermission) {
		hint = "writing " + path + " needs root: sudo ragadmin install-hook"
	}
	return cli.Exit(cli.ExitError, err, hint)
}
