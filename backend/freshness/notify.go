package freshness

import (
	"os"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// notifier tells, through inotify, that a watched folder changed: a page
// added, removed or replaced, a folder made. The checks at the interval
// stay as they are (inotify may be out of watches, or the tree on a file
// system that does not notify); a notice makes the watcher look now.
type notifier struct {
	f       *os.File
	fd      int // f's, kept: f.Fd() would make f blocking
	mu      sync.Mutex
	watched map[string]int32 // folder -> watch descriptor
	C       chan struct{}    // a notice; one pending at most
}

// notifyMask is what changes a folder's list of pages.
const notifyMask = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MOVED_FROM | unix.IN_MOVED_TO |
	unix.IN_CLOSE_WRITE | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_ONLYDIR

// newNotifier starts an inotify instance; nil when the system has none
// to give (the checks at the interval then do all the work).
func newNotifier() *notifier {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil
	}
	// non-blocking, so that the runtime's poller serves the reads and
	// Close ends a read in progress
	n := &notifier{f: os.NewFile(uintptr(fd), "inotify"), fd: fd, watched: map[string]int32{}, C: make(chan struct{}, 1)}
	go n.read()
	return n
}

// watch adds the folders not watched yet. A folder that cannot be
// watched (out of watches, gone) is left to the checks.
func (n *notifier) watch(dirs []string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, d := range dirs {
		if _, ok := n.watched[d]; ok {
			continue
		}
		if wd, err := unix.InotifyAddWatch(n.fd, d, notifyMask); err == nil {
			n.watched[d] = int32(wd)
		}
	}
}

// read turns events into notices until the instance is closed.
func (n *notifier) read() {
	buf := make([]byte, 64*(unix.SizeofInotifyEvent+unix.NAME_MAX+1))
	for {
		k, err := n.f.Read(buf)
		if err != nil {
			return
		}
		n.forget(buf[:k])
		// what changed is for the checks to find: a notice is enough
		select {
		case n.C <- struct{}{}:
		default:
		}
	}
}

// forget drops the folders whose watches the kernel removed (the folder
// is gone), so that one made again under that name is watched again.
func (n *notifier) forget(events []byte) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for len(events) >= unix.SizeofInotifyEvent {
		ev := (*unix.InotifyEvent)(unsafe.Pointer(&events[0]))
		if ev.Mask&unix.IN_IGNORED != 0 {
			for d, wd := range n.watched {
				if wd == ev.Wd {
					delete(n.watched, d)
				}
			}
		}
		next := unix.SizeofInotifyEvent + int(ev.Len)
		if next > len(events) {
			return
		}
		events = events[next:]
	}
}

func (n *notifier) close() { n.f.Close() }
