package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The records of `match --records DIR`: game-001.txt, game-002.txt... Each is
// created as a new file, so that nothing put under a record's name while the
// match runs (a file, or a symbolic link to a file elsewhere) is followed or
// written over.

// recordsChecked, when set (by tests), runs after match has checked its
// --records folder and before the first game.
var recordsChecked func(dir string)

// matchRecordPath is the record of game i (from 0) in dir.
func matchRecordPath(dir string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("game-%03d.txt", i+1))
}

// checkRecordsDir refuses a --records folder that already holds a record
// this match would write (game-001.txt...): they are the records of an
// earlier match, and writing over them would lose it.
func checkRecordsDir(dir string, n int) error {
	for i := 0; i < n; i++ {
		name := matchRecordPath(dir, i)
		if _, err := os.Lstat(name); err == nil {
			return fmt.Errorf("%s already exists: --records %s holds the records of an earlier match; choose a new folder", name, dir)
		}
	}
	return nil
}

// createNew writes data to path as a new file (O_EXCL: a name already taken,
// by a symbolic link too, is refused, and a link is never followed).
func createNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%s was taken while the match was played (a file or a link appeared there): its record is not written, and the match stops", path)
	}
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
