// Package filelock is an exclusive lock held through a lock file, for a
// process that must be the only one writing somewhere: `stackrules play` on
// a record, `stackrules serve` on its --data folder. On Unix it is an
// flock(2), which the kernel drops when its process dies, however it dies,
// so a lock left by a killed process never blocks; the lock file says who
// holds it ("PID TIME"), for the message to a process that is refused.
// Elsewhere there is no lock (Acquire always succeeds).
//
// Files: filelock.go (the Lock, the holder's text), filelock_unix.go (flock),
// filelock_other.go (no lock).
package filelock

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// Lock is a lock held by this process; Release drops it.
type Lock struct {
	f    *os.File
	path string
}

// HeldError refuses a lock another process holds.
type HeldError struct {
	// Path is the lock file.
	Path string
	// Program is who holds such locks, for the message ("stackrules serve").
	Program string
	// PID and Since are what the lock file says of its holder; "" when it
	// says nothing readable.
	PID, Since string
}

// Holder names the process that holds the lock: "stackrules serve, process
// 1234, since 2026-11-22 20:00:00".
func (e *HeldError) Holder() string {
	if e.PID == "" {
		return "another " + e.Program
	}
	return fmt.Sprintf("%s, process %s, since %s", e.Program, e.PID, e.Since)
}

func (e *HeldError) Error() string { return e.Path + " is held by " + e.Holder() }

// info is what a lock file says about its holder.
func info() []byte {
	return []byte(fmt.Sprintf("%d %s\n", os.Getpid(), time.Now().Format(time.RFC3339)))
}

// heldError reads a lock file's "PID TIME" into the error for the process
// that is refused.
func heldError(path, program string, data []byte) *HeldError {
	e := &HeldError{Path: path, Program: program}
	pid, when, ok := strings.Cut(strings.TrimSpace(string(data)), " ")
	if !ok {
		return e
	}
	if t, err := time.Parse(time.RFC3339, when); err == nil {
		when = t.Format("2006-01-02 15:04:05")
	}
	e.PID, e.Since = pid, when
	return e
}
