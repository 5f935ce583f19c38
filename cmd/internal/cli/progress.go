package cli

import (
	"fmt"
	"io"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/schollz/progressbar/v3"
)

// Progress shows reindex snapshots: a bar on a terminal, one line per
// stage otherwise (logs, pipes, CI). Call the returned done when the job
// ends.
func Progress(w io.Writer, tty bool, prog string) (update func(proto.Progress), done func()) {
	stage := ""
	if !tty {
		return func(p proto.Progress) {
			if p.Stage == stage {
				return
			}
			stage = p.Stage
			fmt.Fprintf(w, "%s: %s\n", prog, p.Stage)
		}, func() {}
	}
	var bar *progressbar.ProgressBar
	update = func(p proto.Progress) {
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
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(p.Stage),
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
