package service

import (
	"errors"
	"io/fs"
	"os"
	"time"

	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/engines"
	"github.com/ragman-dev/ragman/backend/proto"
)

// configCache keeps config.yaml as last read, and the file's size and
// time then: a question stats the file instead of reading it, and still
// sees an edit made while the backend runs.
type configCache struct {
	size  int64
	mtime time.Time
	read  bool
	cfg   config.Config
	err   error
}

// engineChoice reads the engines config.yaml selects.
func (s *Service) engineChoice() (engines.Choice, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &s.config
	var size int64
	var mtime time.Time
	fi, err := os.Stat(s.Paths.ConfigFile)
	switch {
	case err == nil:
		size, mtime = fi.Size(), fi.ModTime()
	case !errors.Is(err, fs.ErrNotExist):
		return engines.Choice{}, &proto.Error{Code: proto.CodeConfigInvalid, Message: err.Error()}
	}
	if !c.read || size != c.size || !mtime.Equal(c.mtime) {
		c.cfg, c.err = config.Load(s.Paths.ConfigFile)
		c.size, c.mtime, c.read = size, mtime, true
	}
	if c.err != nil {
		return engines.Choice{}, &proto.Error{Code: proto.CodeConfigInvalid, Message: c.err.Error(),
			Hint: "fix the file or remove it to use the defaults"}
	}
	return engines.Choice{Retrieval: c.cfg.Retrieval, Generation: c.cfg.Generation}, nil
}
