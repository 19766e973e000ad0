package wordflow

import (
	"strings"
	"testing"
)

// TestParseOptions reads variant strings: accepted ones write back
// (Options.String) to a string that reads to the same options; rejected
// ones name the option at fault, including an option of the other layout
// that would otherwise be ignored.
func TestParseOptions(t *testing.T) {
	tests := []struct {
		variant string
		players int
		want    string // Options.String, or the error's text
		err     bool
	}{
		{"", 0, "layout=frame,size=10x10,hand=3", false},
		{"", 1, "layout=frame,size=10x10,hand=5", false},
		{"size=14x12, ends=arrowless ,triple-bonus,courtesy=on", 2, "layout=frame,size=14x12,hand=3,ends=arrowless,triple-bonus,courtesy", false},
		{"layout=free,start=3,mode=sim,hand=2", 3, "layout=free,start=3,hand=2,mode=simultaneous", false},
		{"layout=free,triple-bonus=off", 2, "layout=free,start=5,hand=3", false},
		{"start=4,layout=free", 2, "layout=free,start=4,hand=3", false},
		{"layout=free,size=8x8", 2, "variant size=8x8: size is for layout=frame", true},
		{"size=8x8,layout=free", 2, "variant size=8x8: size is for layout=frame", true},
		{"start=4", 2, "variant start=4: start is for layout=free", true},
		{"layout=frame,start=3", 2, "variant start=3: start is for layout=free", true},
		{"sizee=8x8", 2, `unknown variant option "sizee"`, true},
		{"size=3x3", 2, "variant size=3x3: want WxH, each from 4 to 14", true},
		{"size=10", 2, "variant size=10: want WxH", true},
		{"hand=0", 2, "wordflow: variant hand=0: want a whole number from 1 to 8", true},
		{"start=6,layout=free", 2, "variant start=6: want a whole number from 3 to 5", true},
		{"ends=none", 2, "variant ends=none: want any or arrowless", true},
		{"mode=team", 2, "variant mode=team", true},
		{"courtesy=maybe", 2, "variant courtesy=maybe: want on or off", true},
		{"pieces=", 2, `wordflow: variant option "pieces" has no value: want a piece set file`, true},
		{"", 5, "5 players: want 1 (solo) to 4", true},
		{"hand=2,HAND=3", 2, `wordflow: variant option "HAND" given twice`, true},
		{"Layout=FREE,Triple-Bonus=yes", 2, "layout=free,start=5,hand=3,triple-bonus", false},
	}
	for _, tt := range tests {
		o, err := ParseOptions(tt.variant, tt.players)
		if tt.err {
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseOptions(%q, %d) = %v, want an error containing %q", tt.variant, tt.players, err, tt.want)
			}
			continue
		}
		if err != nil || o.String() != tt.want {
			t.Errorf("ParseOptions(%q, %d) = %q, %v; want %q", tt.variant, tt.players, o, err, tt.want)
			continue
		}
		back, err := ParseOptions(o.String(), o.Players)
		if err != nil || back != o {
			t.Errorf("ParseOptions(%q) = %+v, %v; want %+v", o.String(), back, err, o)
		}
	}
}
