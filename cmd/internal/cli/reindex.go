package cli

import (
	"fmt"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/service"
)

// Reindex asks the backend to rebuild the index, showing its progress on
// stderr, and reports the result there.
func Reindex(env *Env, p proto.ReindexParams) error {
	update, done := Progress(env.Stderr, env.StderrTTY, env.Prog)
	var res service.ReindexResult
	err := env.Call(proto.MethodReindex, p, &res, update)
	done()
	if err != nil {
		if be, ok := err.(*BackendError); ok {
			return be.AsExit()
		}
		return err
	}
	fmt.Fprintf(env.Stderr, "%s: indexed %d documents (%d chunks) in %.1fs, version %s\n",
		env.Prog, res.Documents, res.Chunks, res.Seconds, res.Version)
	return nil
}
