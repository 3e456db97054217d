//go:build unix

package filelock

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// Acquire takes the lock of the lock file path, creating the file, or
// returns a *HeldError naming the process that holds it (program says what
// kind of process holds such locks). An error that wraps os.ErrPermission or
// syscall.EROFS means the folder cannot be written to.
func Acquire(path, program string) (*Lock, error) {
	for tries := 0; ; tries++ {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			data := make([]byte, 200)
			n, _ := f.ReadAt(data, 0)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, heldError(path, program, data[:n])
			}
			return nil, fmt.Errorf("cannot lock %s: %w", path, err)
		}
		// The holder before may have removed the file between our open and
		// our lock; then the lock is on a file nobody else will look at.
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(held, now) {
			f.Close()
			if tries > 10 {
				return nil, fmt.Errorf("cannot lock %s: the lock file keeps changing", path)
			}
			continue
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt(info(), 0)
		}
		return &Lock{f: f, path: path}, nil
	}
}

// Release removes the lock file while still holding the lock, then drops
// it. A nil Lock, or one released before, is left alone.
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	os.Remove(l.path)
	l.f.Close()
	l.f = nil
}
