package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateJSONRacks: validate checks the racks a JSON record gives
// against those the deal gives, and names the move of each that differs;
// a record whose racks are the deal's, in any order, has no fault.
func TestValidateJSONRacks(t *testing.T) {
	dir := t.TempDir()
	upwords := `{"format":"wordengine-record 1","game":"upwords","seed":3,"players":[{"name":"you"},{"name":"computer"}],` +
		`"moves":[{"seat":0,"move":"pass","score":0,"rack":"RACK0"},{"seat":1,"move":"5A HUHUS","score":10,"rack":"RACK1"}]}`
	wordflow := `{"format":"wordengine-record 1","game":"wordflow","seed":3,"players":[{"name":"computer"},{"name":"you"}],` +
		`"moves":[{"seat":0,"move":"ER2+ h2","score":11,"rack":"RACK0"}]}`
	for _, tc := range []struct {
		name, text, rack0, rack1 string
		fault                    string // "" for none
	}{
		{"upwords-good.json", upwords, "ADEIMPW", "FHHMSUU", ""},
		{"upwords-order.json", upwords, "WPMIEDA", "UUSMHHF", ""},
		{"upwords-z.json", upwords, "Z Z Z Z Z", "FHHMSUU", "move 1 (pass): the recorded rack Z Z Z Z Z is not one the game could have dealt: the deal gives ADEIMPW"},
		{"upwords-second.json", upwords, "ADEIMPW", "FHHMSUZ", "move 2 (5A HUHUS): the recorded rack FHHMSUZ is not one"},
		{"wordflow-good.json", wordflow, "H4v H4+ ER2+ R1v", "", ""},
		{"wordflow-q.json", wordflow, "Q1. Q1. Q1. Q1.", "", "move 1 (ER2+ h2): the recorded rack Q1. Q1. Q1. Q1. is not one the game could have dealt: the deal gives H4v H4+ ER2+ R1v"},
	} {
		p := filepath.Join(dir, tc.name)
		text := strings.NewReplacer("RACK0", tc.rack0, "RACK1", tc.rack1).Replace(tc.text)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"validate", p}
		r := runIn(t, dir, args...)
		if tc.fault == "" {
			r.check(t, args, exitOK, []string{"1 without a fault"}, nil)
		} else {
			r.check(t, args, exitError, []string{tc.name + " " + tc.fault}, []string{"1 of 1 record has faults"})
		}
	}
}
