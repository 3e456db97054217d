package web

import (
	"net"
	"strings"
)

// shareJSON says on the page how a friend on another computer reaches the
// game: through URL (this server's address on the local network), or, on
// a server only this computer can reach, by restarting it with --addr.
type shareJSON struct {
	URL  string `json:"url,omitempty"`  // http://HOST:PORT, for the share link
	Note string `json:"note,omitempty"` // why the link works on this computer only
}

// loopbackNote is what the page says on a server that listens on loopback.
const loopbackNote = "This server listens on this computer only, so the link works here alone. For a friend on another computer, restart it with --addr 0.0.0.0:8080 (or your network address) and send them the address it prints."

// shareOf is how the server listening at addr (HOST:PORT) is reached from
// other computers; nothing for "" (a server whose address is not known).
func shareOf(addr string) shareJSON {
	if addr == "" {
		return shareJSON{}
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return shareJSON{}
	}
	ip := net.ParseIP(host)
	switch {
	case host == "localhost" || ip != nil && ip.IsLoopback():
		return shareJSON{Note: loopbackNote}
	case ip != nil && ip.IsUnspecified():
		if lan := LANAddress(); lan != "" {
			return shareJSON{URL: "http://" + net.JoinHostPort(lan, port)}
		}
		return shareJSON{}
	}
	return shareJSON{URL: "http://" + net.JoinHostPort(host, port)}
}

// LANAddress is this computer's address on its local network: the first
// private IPv4 address of an interface that is up, else the first
// non-loopback one; "" when there is none.
func LANAddress() string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return ""
	}
	var other string
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() {
			continue
		}
		if v4 := n.IP.To4(); v4 != nil {
			if n.IP.IsPrivate() {
				return v4.String()
			}
			if other == "" {
				other = v4.String()
			}
		}
	}
	return strings.TrimSpace(other)
}

// ShareURL is the address other computers use for a server listening at
// addr: its network address when it listens on all interfaces, "" when
// only this computer can reach it.
func ShareURL(addr string) string { return shareOf(addr).URL }
