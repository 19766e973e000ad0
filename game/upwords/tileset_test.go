package upwords

import "testing"

func TestTileSets(t *testing.T) {
	for _, tc := range []struct {
		size int
		want string
	}{
		{10, "AAAAAAABBBCCCCDDDDDEEEEEEEEFFFGGGHHHIIIIIIIJKKLLLLLMMMMMNNNNNOOOOOOOPPPQuRRRRRSSSSSSTTTTTUUUUUVWWXYYZ"},
		{8, "AAAAABBCCCDDDEEEEEFFGGHHIIIIJKLLLMMMNNNOOOOPPQuRRRSSSSTTTUUUVWXYZ"},
	} {
		got := formatTiles(TileSet(tc.size))
		if got != tc.want {
			t.Errorf("size %d: tiles %s (%d), want %s", tc.size, got, len(TileSet(tc.size)), tc.want)
		}
	}
	if n := len(TileSet(8)); n != 64 {
		t.Errorf("8x8 set has %d tiles, want 64", n)
	}
}
