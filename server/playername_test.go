package server

import (
	"net/http"
	"os"
	"strings"
	"testing"
)

// TestPlayerNamedLikeAFile checks that a player's name is a name, even
// where the server's working directory holds a file of that name, while
// its options still may not name a file.
func TestPlayerNamedLikeAFile(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("static", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, c := testServer(t, Config{})
	if st, _, body := call(t, c, "POST", "/v1/games", "application/json", `{"game":"wwf","players":["human","static"]}`); st != http.StatusCreated {
		t.Errorf("player static beside a file named static: %d %s", st, body)
	}
	if st, _, body := call(t, c, "POST", "/v1/games", "application/json", `{"game":"wwf","players":["human","greedy:leaves=static"]}`); st != http.StatusUnprocessableEntity || !strings.Contains(string(body), "names_file") {
		t.Errorf("player greedy:leaves=static: %d %s, want 422 names_file", st, body)
	}
}
