package cli

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/render"
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
	var cur *bar
	update = func(p proto.Progress) {
		if p.Message != "" {
			if cur != nil {
				cur.clear()
			}
			fmt.Fprintf(w, "%s: %s: %s\n", prog, render.Sanitize(p.Stage), render.Sanitize(p.Message))
		}
		if cur == nil || p.Stage != stage {
			if cur != nil {
				cur.finish()
			}
			stage = p.Stage
			cur = newBar(w, render.Sanitize(p.Stage))
		}
		// a message alone says nothing of the counts
		if p.Message == "" || p.Done > 0 || p.Total > 0 {
			cur.set(p.Done, p.Total)
		}
	}
	return update, func() {
		if cur != nil {
			cur.clear()
		}
	}
}

// bar is one stage's progress on a terminal, redrawn in place on one line:
// "reading man-pages  45% [=============>                ] (9123/20060, 3s left)",
// or a count when the total is unknown. It is ours rather than a
// library's so that the CLIs, which link it, start fast: the progress
// bar libraries pull in net/http and compile regexps at start-up.
type bar struct {
	w           io.Writer
	desc        string
	start, last time.Time
	done, total int
	drawn       bool
}

func newBar(w io.Writer, desc string) *bar { return &bar{w: w, desc: desc, start: time.Now()} }

// throttle bounds redraws: a terminal needs no more than about 15 a second.
const throttle = 65 * time.Millisecond

const barWidth = 30

func (b *bar) set(done, total int) {
	b.done, b.total = done, total
	if now := time.Now(); now.Sub(b.last) >= throttle || total > 0 && done >= total {
		b.last = now
		b.draw()
	}
}

func (b *bar) draw() {
	line := b.desc
	if b.total > 0 {
		frac := min(1, float64(b.done)/float64(b.total))
		fill := int(frac * barWidth)
		arrow := ""
		if fill < barWidth {
			arrow = ">"
		}
		line += fmt.Sprintf(" %3d%% [%s%s%s] (%d/%d", int(frac*100), strings.Repeat("=", fill), arrow,
			strings.Repeat(" ", max(0, barWidth-fill-len(arrow))), b.done, b.total)
		if elapsed := time.Since(b.start); b.done > 0 && b.done < b.total && elapsed > time.Second {
			left := time.Duration(float64(elapsed) * float64(b.total-b.done) / float64(b.done))
			line += fmt.Sprintf(", %s left", left.Round(time.Second))
		}
		line += ")"
	} else if b.done > 0 {
		line += fmt.Sprintf(" (%d)", b.done)
	}
	// \r and erase to the end of the line: a shorter line leaves nothing
	// of the longer one before it.
	fmt.Fprintf(b.w, "\r%s\x1b[K", line)
	b.drawn = true
}

// finish leaves the stage's last state on its own line.
func (b *bar) finish() {
	b.draw()
	fmt.Fprintln(b.w)
	b.drawn = false
}

// clear erases the line, for a message or the end of the job.
func (b *bar) clear() {
	if b.drawn {
		fmt.Fprint(b.w, "\r\x1b[K")
		b.drawn = false
	}
	b.last = time.Time{}
}
