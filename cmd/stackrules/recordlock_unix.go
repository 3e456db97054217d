//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// recordLock is an flock(2) on a file beside the record, which says who holds
// it. The kernel drops the lock when its process dies, however it dies, so
// a lock left by a killed process never blocks: the file stays until the
// next session on the record takes the lock and removes it when done.
type recordLock struct {
	f    *os.File
	path string
}

// lockPath is the lock file for the record file target.
func lockPath(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".stackrules-lock")
}

func lockRecord(path, target string) (*recordLock, error) {
	lp := lockPath(target)
	for tries := 0; ; tries++ {
		f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, 0o644)
		if errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EROFS) {
			// A folder this user cannot write to: the record can be read
			// and played on, and saving it there will fail and say so
			// (the record is then printed), so there is nothing to lock.
			return &recordLock{}, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: cannot lock the record: %w", path, err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			data := make([]byte, 200)
			n, _ := f.ReadAt(data, 0)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%s is in use by %s; finish or leave that game first (or play on in a copy of the file)", path, holderText(data[:n]))
			}
			return nil, fmt.Errorf("%s: cannot lock the record: %w", path, err)
		}
		// The holder before may have removed the file between our open and
		// our lock; then the lock is on a file nobody else will look at.
		held, err1 := f.Stat()
		now, err2 := os.Stat(lp)
		if err1 != nil || err2 != nil || !os.SameFile(held, now) {
			f.Close()
			if tries > 10 {
				return nil, fmt.Errorf("%s: cannot lock the record: its lock file keeps changing", path)
			}
			continue
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt(lockInfo(), 0)
		}
		return &recordLock{f: f, path: lp}, nil
	}
}

// release removes the lock file while still holding the lock, then drops it.
func (l *recordLock) release() {
	if l.f == nil {
		return
	}
	os.Remove(l.path)
	l.f.Close()
}
