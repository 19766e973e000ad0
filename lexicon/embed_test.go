package lexicon

import (
	"slices"
	"strings"
	"testing"
)

// TestSOWPODS: the embedded tournament lexicon is the SOWPODS list, with
// the words of the tournament game that the Letterpress list lacks (it
// leaves out 1,133, offensive words such as SEX among them) and without
// the 3,252 it has that the tournament list of its time does not (ERM,
// AME).
func TestSOWPODS(t *testing.T) {
	lx, err := SOWPODS()
	if err != nil {
		t.Fatal(err)
	}
	in := lx.Info()
	if in.Name != SOWPODSName || in.Alphabet != "en" || in.Words != 267751 || in.MinLen != 2 || in.MaxLen != 15 {
		t.Errorf("Info = %+v, want %s, en, 267751 words of 2..15 letters", in, SOWPODSName)
	}
	def, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		word          string
		sowpods, lett bool
	}{
		{"QI", true, true}, {"ZA", true, true}, {"ZZZ", true, true}, {"QUIZ", true, true},
		{"SEX", true, false}, {"COX", true, false}, {"ERM", false, true}, {"AME", false, true},
	} {
		if got := lx.Contains(tc.word); got != tc.sowpods {
			t.Errorf("SOWPODS contains %s = %v, want %v", tc.word, got, tc.sowpods)
		}
		if got := def.Contains(tc.word); got != tc.lett {
			t.Errorf("%s contains %s = %v, want %v", DefaultName, tc.word, got, tc.lett)
		}
	}
	if !slices.Equal(lx.Alphabet.Letters(), def.Alphabet.Letters()) {
		t.Errorf("SOWPODS's alphabet differs from the default's")
	}
}

// TestEmbedded: the embedded lexicons by name, "en", "" and "default"
// for the default; any other name is an error that lists them.
func TestEmbedded(t *testing.T) {
	for name, want := range map[string]string{"": DefaultName, "default": DefaultName, "en": DefaultName,
		DefaultName: DefaultName, SOWPODSName: SOWPODSName, "SOWPODS": SOWPODSName} {
		lx, err := Embedded(name)
		if err != nil || lx.Name != want {
			t.Errorf("Embedded(%q) = %v, %v; want %s", name, lx, err, want)
		}
		if name == strings.ToLower(name) && !IsEmbeddedName(name) {
			t.Errorf("IsEmbeddedName(%q) = false", name)
		}
	}
	if _, err := Embedded("csw21"); err == nil || !strings.Contains(err.Error(), "en, en-letterpress, sowpods") {
		t.Errorf("Embedded(csw21) = %v, want an error listing the embedded lexicons", err)
	}
	if !slices.Equal(EmbeddedNames(), []string{DefaultName, SOWPODSName}) {
		t.Errorf("EmbeddedNames = %q", EmbeddedNames())
	}
	for _, name := range []string{"", "default"} {
		if !IsDefaultName(name) {
			t.Errorf("IsDefaultName(%q) = false", name)
		}
	}
	if IsDefaultName("en") || IsDefaultName(SOWPODSName) {
		t.Error("IsDefaultName takes a lexicon's own name")
	}
}

// BenchmarkLoadSOWPODS decodes and validates the embedded SOWPODS, what
// its first use costs.
func BenchmarkLoadSOWPODS(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(sowpodsData)))
	for b.Loop() {
		if _, err := Load(sowpodsData); err != nil {
			b.Fatal(err)
		}
	}
}
