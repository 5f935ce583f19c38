//go:build thinclient

package main

// The client-only build never runs the backend (cli.Serve), so it may
// run on one processor throughout.
import _ "github.com/ragman-dev/ragman/cmd/ragman/internal/oneproc"
