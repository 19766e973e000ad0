package upwords

import (
	"strings"
	"testing"
)

// TestParseVariant checks the variant options: defaults, each value, and
// an error naming every bad, unknown or repeated option.
func TestParseVariant(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Rules
		err  string
	}{
		{"", Rules{Size: 10}, ""},
		{"size=8", Rules{Size: 8}, ""},
		{" size = 8 , bare-plural=allowed ", Rules{Size: 8, BarePluralAllowed: true}, ""},
		{"bare-plural=illegal", Rules{Size: 10}, ""},
		{"size=9", Rules{}, "size=9: want 10 or 8"},
		{"bare-plural=maybe", Rules{}, "bare-plural=maybe"},
		{"sise=8", Rules{}, `upwords: unknown variant option "sise" (options: size, bare-plural)`},
		{"size", Rules{}, `upwords: variant option "size" has no value: want 10 or 8`},
		{"Size=8,BARE-PLURAL=Allowed", Rules{Size: 8, BarePluralAllowed: true}, ""},
		{"size=8,size=10", Rules{}, "\"size\" given twice"},
		{"bare-plural=allowed,bare-plural=illegal", Rules{}, "\"bare-plural\" given twice"},
	} {
		got, err := ParseVariant(tc.in)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("ParseVariant(%q): %v", tc.in, err)
		case tc.err == "" && got != tc.want:
			t.Errorf("ParseVariant(%q) = %+v, want %+v", tc.in, got, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseVariant(%q) error %v, want one mentioning %q", tc.in, err, tc.err)
		}
	}
}
