package cli

import (
	"fmt"
	"io"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/render"
	"github.com/schollz/progressbar/v3"
)

// Progress shows reindex snapshots: a bar on a terminal, one line per
// stage otherwise (logs, pipes, CI), plus a line when a stage with a known
// total completes ("reading man-pages: 100% (25 of 25)") and every
// message a snapshot carries. Call the returned done when the job ends.
func Progress(w io.Writer, tty bool, prog string) (update func(proto.Progress), done func()) {
	stage := ""
	if !tty {
		finished := false
		return func(p proto.Progress) {
			if p.Stage != stage {
				stage, finished = p.Stage, false
				if p.Message == "" {
					fmt.Fprintf(w, "%s: %s\n", prog, render.Sanitize(p.Stage))
				}
			}
			if p.Message != "" {
				fmt.Fprintf(w, "%s: %s: %s\n", prog, render.Sanitize(p.Stage), render.Sanitize(p.Message))
			}
			if !finished && p.Total > 0 && p.Done >= p.Total {
				finished = true
				fmt.Fprintf(w, "%s: %s: 100%% (%d of %d)\n", prog, render.Sanitize(p.Stage), p.Done, p.Total)
			}
		}, func() {}
	}
	var bar *progressbar.ProgressBar
	update = func(p proto.Progress) {
		if p.Message != "" {
			if bar != nil {
				bar.Clear()
			}
			fmt.Fprintf(w, "%s: %s: %s\n", prog, render.Sanitize(p.Stage), render.Sanitize(p.Message))
		}
		if bar == nil || p.Stage != stage {
			if bar != nil {
				bar.Finish()
				fmt.Fprintln(w)
			}
			stage = p.Stage
			total := -1
			if p.Total > 0 {
				total = p.Total
			}
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(render.Sanitize(p.Stage)),
				progressbar.OptionShowCount(), progressbar.OptionSetWidth(30), progressbar.OptionThrottle(65_000_000),
				progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
		}
		if p.Total > 0 && bar.GetMax() != p.Total {
			bar.ChangeMax(p.Total)
		}
		bar.Set(p.Done)
	}
	return update, func() {
		if bar != nil {
			bar.Finish()
			bar.Clear()
		}
	}
}
