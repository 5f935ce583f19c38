package daemon

import (
	"fmt"
	"net"

	"golang.org/x/sys/unix"

	"github.com/ragman-dev/ragman/backend/proto"
)

// peerUID is the uid of the process that connected, as the kernel recorded
// it at connect time: the client cannot lie about it.
func peerUID(c *net.UnixConn) (uint32, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0, err
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return 0, err
	}
	if credErr != nil {
		return 0, fmt.Errorf("SO_PEERCRED: %w", credErr)
	}
	return cred.Uid, nil
}

// checkPeer decides whether a peer may talk to this backend. The backend
// reads the user's index and acts on the user's behalf, so only the user
// may; root gets no exception, since root can run a backend of its own.
func checkPeer(peer, self uint32) *proto.Error {
	if peer == self {
		return nil
	}
	return &proto.Error{
		Code:    proto.CodeForbidden,
		Message: fmt.Sprintf("this backend serves uid %d only; a client of uid %d must use its own backend", self, peer),
		Hint:    "run ragman as the user who owns the backend, or set XDG_RUNTIME_DIR to your own runtime folder",
	}
}
