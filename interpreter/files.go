package interpreter

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Limits on what is read: a rule file or a record bigger than these is not
// something a person wrote, and reading it whole could take the machine's
// memory (a 50 MB rule file took 1.2 GB to load).
const (
	MaxRuleFileSize = 1 << 20 // 1 MiB
	MaxRecordSize   = 4 << 20 // 4 MiB
)

// ReadLimited reads a file that must be a regular file of at most limit
// bytes; what names it in errors ("rule file", "record"). It refuses a
// device, a FIFO or a folder before opening it, so that /dev/zero does not
// fill the memory and a FIFO does not hang, and its errors never quote the
// file's content.
func ReadLimited(path string, limit int64, what string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, st, limit, what); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have been swapped between the Stat and the Open.
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := checkRegular(path, st, limit, what); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooBig(path, limit, what)
	}
	return data, nil
}

func checkRegular(path string, st fs.FileInfo, limit int64, what string) error {
	if !st.Mode().IsRegular() {
		kind := "not a regular file"
		switch {
		case st.IsDir():
			kind = "a folder"
		case st.Mode()&fs.ModeNamedPipe != 0:
			kind = "a FIFO"
		case st.Mode()&fs.ModeDevice != 0:
			kind = "a device"
		case st.Mode()&fs.ModeSocket != 0:
			kind = "a socket"
		}
		return fmt.Errorf("%s is %s, not a %s", path, kind, what)
	}
	if st.Size() > limit {
		return tooBig(path, limit, what)
	}
	return nil
}

func tooBig(path string, limit int64, what string) error {
	return fmt.Errorf("%s is larger than %s, the most a %s may be", path, SizeText(limit), what)
}

// SizeText writes a size limit for an error message: "4 MiB", "1000 bytes".
func SizeText(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ResolveSymlinks follows path while it is a symbolic link, also when the
// last link points at a file that does not exist yet, and returns the file
// it ends at: writing a record replaces that file, and leaves the link.
func ResolveSymlinks(path string) (string, error) {
	for hops := 0; ; hops++ {
		st, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		if hops >= 40 {
			return "", fmt.Errorf("%s: too many levels of symbolic links", path)
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = target
	}
}

// TempPath is where WriteFileAtomic writes before the rename: one name per
// file, so that a temporary file left by a killed process is reused (first
// removed) by the next save rather than piling up.
func TempPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".stackrules-tmp")
}

// WriteFileAtomic writes data to path through a temporary file in the same
// folder and a rename, so a crash never leaves half a record. When path is
// a symbolic link, the file it points to is replaced and the link stays;
// an existing file keeps its permissions, a new one gets 0666 less the
// umask.
func WriteFileAtomic(path string, data []byte) error {
	target, err := ResolveSymlinks(path)
	if err != nil {
		return err
	}
	perm := fs.FileMode(0o666)
	keepPerm := false
	if st, err := os.Stat(target); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		perm, keepPerm = st.Mode().Perm(), true
	}
	tmp := TempPath(target)
	// A file left there by a killed save is stale; removing it first also
	// means a symbolic link planted under that name is never followed.
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if keepPerm {
		// OpenFile applied the umask; the record keeps the mode it had.
		if err := f.Chmod(perm); err != nil {
			return fail(err)
		}
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		os.Remove(tmp)
		return err
	}
	// The rename is durable once the folder is synced; not every system
	// can sync a folder, and the data is safe either way.
	if d, err := os.Open(filepath.Dir(target)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
