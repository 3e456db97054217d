package web

import (
	"strings"
	"testing"
)

// The share link: a loopback server says that a friend elsewhere needs
// --addr; one listening on all interfaces gives its network address; one on
// a named address, that address.
func TestShareOf(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:8080", "[::1]:8080", "localhost:9000"} {
		s := shareOf(addr)
		if s.URL != "" || !strings.Contains(s.Note, "--addr") {
			t.Errorf("%s: %+v, want a note naming --addr", addr, s)
		}
	}
	if s := shareOf("192.168.1.20:8080"); s.URL != "http://192.168.1.20:8080" || s.Note != "" {
		t.Errorf("a named address: %+v", s)
	}
	s := shareOf("0.0.0.0:8080")
	if lan := LANAddress(); lan != "" {
		if s.URL != "http://"+lan+":8080" {
			t.Errorf("all interfaces: %+v, want this machine's address %s", s, lan)
		}
	} else if s.URL != "" {
		t.Errorf("all interfaces on a machine without a network address: %+v", s)
	}
	if s := shareOf(""); s != (shareJSON{}) {
		t.Errorf("no address: %+v", s)
	}
}
