// Package priors knows facts about this machine that make one page more
// likely than another to be what a user means, whatever the question:
// whether the command a page documents can be run here, and how central
// the Debian package that ships it is.
package priors

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// Package priorities, in Debian's order of importance.
const (
	PriorityUnknown = iota
	PriorityExtra
	PriorityOptional
	PriorityStandard
	PriorityImportant
	PriorityRequired
	PriorityEssential // Essential: yes, above required
)

// Machine holds what was read. The zero value knows nothing and answers
// false and PriorityUnknown.
type Machine struct {
	commands map[string]bool
	owner    map[string]string // file -> package, for files under the folders asked for
	priority map[string]int    // package -> priority
}

// Load reads the commands on pathList (a $PATH value) and, from dpkgDir
// (normally /var/lib/dpkg), the owners of the files under the given
// folders and the priorities of their packages. What cannot be read is
// simply not known.
func Load(pathList, dpkgDir string, folders ...string) *Machine {
	m := &Machine{commands: map[string]bool{}, owner: map[string]string{}, priority: map[string]int{}}
	for _, dir := range filepath.SplitList(pathList) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			m.commands[e.Name()] = true
		}
	}
	if dpkgDir == "" {
		return m
	}
	m.readStatus(filepath.Join(dpkgDir, "status"))
	lists, _ := filepath.Glob(filepath.Join(dpkgDir, "info", "*.list"))
	for _, list := range lists {
		pkg := strings.TrimSuffix(filepath.Base(list), ".list")
		pkg, _, _ = strings.Cut(pkg, ":") // libfoo:amd64
		m.readList(list, pkg, folders)
	}
	return m
}

func (m *Machine) readStatus(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	for _, stanza := range bytes.Split(data, []byte("\n\n")) {
		var pkg string
		prio := PriorityUnknown
		essential := false
		for _, line := range bytes.Split(stanza, []byte("\n")) {
			k, v, ok := bytes.Cut(line, []byte(": "))
			if !ok {
				continue
			}
			switch string(k) {
			case "Package":
				pkg = string(v)
			case "Priority":
				prio = priorityRank(string(v))
			case "Essential":
				essential = string(v) == "yes"
			}
		}
		if essential {
			prio = PriorityEssential
		}
		if pkg != "" && prio > m.priority[pkg] {
			m.priority[pkg] = prio
		}
	}
}

func priorityRank(s string) int {
	switch s {
	case "required":
		return PriorityRequired
	case "important":
		return PriorityImportant
	case "standard":
		return PriorityStandard
	case "optional":
		return PriorityOptional
	case "extra":
		return PriorityExtra
	}
	return PriorityUnknown
}

func (m *Machine) readList(path, pkg string, folders []string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		for _, dir := range folders {
			if strings.HasPrefix(line, dir) {
				m.owner[line] = pkg
				break
			}
		}
	}
}

// Command reports whether name is a command on the PATH that was read.
func (m *Machine) Command(name string) bool { return m.commands[name] }

// Package returns the package that ships file (an absolute path under one
// of the folders given to Load) and its priority.
func (m *Machine) Package(file string) (string, int) {
	pkg := m.owner[file]
	if pkg == "" {
		return "", PriorityUnknown
	}
	return pkg, m.priority[pkg]
}
