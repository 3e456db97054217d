package interpreter_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stackrules/stackrules/interpreter"
)

// A save keeps the mode of the file it replaces, writes through a symbolic
// link to its target (the link stays), and reuses the temporary file a
// killed save left, so none piles up.
func TestWriteFileAtomicKeepsModeAndLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.txt")
	os.WriteFile(target, []byte("old\n"), 0o644)
	os.Chmod(target, 0o644)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("real.txt", link); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(interpreter.TempPath(target), []byte("left by a kill"), 0o600)
	if err := interpreter.WriteFileAtomic(link, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	lst, _ := os.Lstat(link)
	st, _ := os.Stat(target)
	got, _ := os.ReadFile(target)
	if lst.Mode()&os.ModeSymlink == 0 || st.Mode().Perm() != 0o644 || string(got) != "new\n" {
		t.Errorf("link %v, target %v %q", lst.Mode(), st.Mode(), got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("files left: %v", entries)
	}
	// A link to a file not there yet makes that file.
	dangling := filepath.Join(dir, "dangling.txt")
	os.Symlink("later.txt", dangling)
	if err := interpreter.WriteFileAtomic(dangling, []byte("x\n")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "later.txt")); string(got) != "x\n" {
		t.Errorf("through a dangling link: %q", got)
	}
}

// Rule files and records are regular files of bounded size: a device, a
// FIFO or a huge file is refused at once, and the message does not quote
// the file.
func TestReadLimitedRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, []byte(strings.Repeat("# SECRET\n", interpreter.MaxRuleFileSize/9+1)), 0o644)
	for _, tc := range []struct{ path, want string }{
		{"/dev/zero", "/dev/zero is a device, not a rule file"},
		{fifo, fifo + " is a FIFO, not a rule file"},
		{dir, dir + " is a folder, not a rule file"},
		{big, big + " is larger than 1 MiB, the most a rule file may be"},
	} {
		done := make(chan error, 1)
		go func() { _, err := interpreter.Open(tc.path); done <- err }()
		select {
		case err := <-done:
			if err == nil || err.Error() != tc.want {
				t.Errorf("Open(%s): %v, want %q", tc.path, err, tc.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Open(%s) hangs", tc.path)
		}
	}
}
