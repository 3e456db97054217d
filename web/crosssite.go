package web

import (
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strings"
)

// What every request passes and every answer carries. Any page the person
// running the server opens could otherwise send it requests: a form or a
// fetch with a simple content type (no preflight) to create games, a frame
// to click through, or, on loopback, a name of its own pointed at 127.0.0.1
// (DNS rebinding) to read the answers. So:
//   - a loopback server answers only to its own names (Options.Addr, Hosts);
//   - a request that changes something (any method but GET and HEAD) must
//     come from a page of this server: its Origin (or, without one,
//     Sec-Fetch-Site or Referer) names this server;
//   - a POST to the API is JSON (Content-Type: application/json), which no
//     cross-site form or simple request can send;
//   - no page may frame these pages, content types are not sniffed, and the
//     pages run only their own scripts and styles.

// contentSecurityPolicy lets the embedded pages load their scripts, styles
// and API from this server and nothing else, and nobody frame them.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// secureHeaders sets the headers every answer carries.
func secureHeaders(h http.Header) {
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("Referrer-Policy", "same-origin")
}

// refuse says why r is not served (an HTTP status and a message), or 0.
func (s *Server) refuse(r *http.Request) (int, string) {
	if s.hosts != nil && !s.hosts[strings.ToLower(r.Host)] {
		return http.StatusForbidden, fmt.Sprintf("this server answers to %s, not to %q", s.hostList(), r.Host)
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return 0, ""
	}
	if why := crossSite(r); why != "" {
		return http.StatusForbidden, "a request from another site is refused: " + why
	}
	if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/") {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			return http.StatusUnsupportedMediaType, "send the request as JSON (Content-Type: application/json)"
		}
	}
	return 0, ""
}

// crossSite says why r does not come from a page of this server, or "".
// Browsers send Origin with every request that changes something; a client
// that is no browser (curl, a script) sends none of these headers and is
// served.
func crossSite(r *http.Request) string {
	if o := r.Header.Get("Origin"); o != "" {
		if !sameHost(o, r.Host) {
			return fmt.Sprintf("its origin %s is not this server (%s)", o, r.Host)
		}
		return ""
	}
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return "the browser says it is " + site
	}
	if ref := r.Header.Get("Referer"); ref != "" && !sameHost(ref, r.Host) {
		return fmt.Sprintf("it comes from %s, not from this server (%s)", ref, r.Host)
	}
	return ""
}

// sameHost reports whether the URL u (an origin or a referrer) is of the
// server that r.Host names.
func sameHost(u, host string) bool {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") {
		return false
	}
	return strings.EqualFold(p.Host, host)
}

// hostList names the hosts the server answers to, for a refusal.
func (s *Server) hostList() string {
	var names []string
	for h := range s.hosts {
		names = append(names, h)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
