package gametest_test

import (
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
	_ "wordengine/game/twoway"
	_ "wordengine/game/upwords"
	_ "wordengine/game/wordblock"
	_ "wordengine/game/wordflow"
	_ "wordengine/game/wwf"
)

// TestRecords: every registered game's records round-trip (Records).
func TestRecords(t *testing.T) {
	for _, name := range game.Names() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			gametest.Records(t, name, 3)
		})
	}
}
