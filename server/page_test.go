package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestPage checks the web page's routes: the page at /, its files under
// /web/, each with the policy that keeps it to this origin; every other
// path is still the API's JSON 404.
func TestPage(t *testing.T) {
	_, c := testServer(t, Config{})
	get := func(path string) (*http.Response, string) {
		t.Helper()
		res, err := c.HTTP.Get(c.BaseURL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, string(b)
	}
	for _, tc := range []struct{ path, ctype, has string }{
		{"/", "text/html", `<script type="module" src="/web/app.js">`},
		{"/web/app.js", "text/javascript", "import"},
		{"/web/style.css", "text/css", "#board"},
		{"/web/favicon.svg", "image/svg+xml", "<svg"},
	} {
		res, body := get(tc.path)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), tc.ctype) || !strings.Contains(body, tc.has) {
			t.Errorf("GET %s: %d %q, want 200 %s with %q", tc.path, res.StatusCode, res.Header.Get("Content-Type"), tc.ctype, tc.has)
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, csp)
		}
	}
	for _, path := range []string{"/nothing", "/v1/nothing", "/web/nothing.js"} {
		res, body := get(path)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, res.StatusCode)
		}
		if !strings.HasPrefix(path, "/web/") && (res.Header.Get("Content-Type") != "application/json" || !strings.Contains(body, `"not_found"`)) {
			t.Errorf("GET %s: %q %s, want the API's JSON 404", path, res.Header.Get("Content-Type"), body)
		}
	}
}
