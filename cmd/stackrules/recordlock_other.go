//go:build !unix

package main

// Without flock(2) a record is not locked; a change made by another program
// is still caught before each save (recordFile.write).
type recordLock struct{}

func lockRecord(path, target string) (*recordLock, error) { return &recordLock{}, nil }

func (l *recordLock) release() {}
