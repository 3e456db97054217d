package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/stackrules/stackrules/internal/filelock"
)

// recordLock is the lock (internal/filelock) on a file beside the record,
// which says who holds it: a killed process's lock never blocks, and its
// file stays until the next session on the record takes the lock and
// removes it when done. Without flock(2) nothing is locked; a change made by
// another program is still caught before each save (recordFile.write).
type recordLock struct{ l *filelock.Lock }

// lockPath is the lock file for the record file target.
func lockPath(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".stackrules-lock")
}

func lockRecord(path, target string) (*recordLock, error) {
	l, err := filelock.Acquire(lockPath(target), "stackrules play")
	var held *filelock.HeldError
	switch {
	case err == nil:
		return &recordLock{l: l}, nil
	case errors.As(err, &held):
		return nil, fmt.Errorf("%s is in use by %s; finish or leave that game first (or play on in a copy of the file)", path, held.Holder())
	case errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EROFS):
		// A folder this user cannot write to: the record can be read and
		// played on, and saving it there will fail and say so (the record
		// is then printed), so there is nothing to lock.
		return &recordLock{}, nil
	}
	return nil, fmt.Errorf("%s: cannot lock the record: %w", path, err)
}

// release removes the lock file while still holding the lock, then drops it.
func (l *recordLock) release() { l.l.Release() }
