package server

import (
	"context"
	"runtime"
	"testing"
)

// midgamePlies is the number of moves a "midgame" game has played: about
// half of the WWF bag drawn.
const midgamePlies = 12

// holdMidgames creates n WWF games through c and plays midgamePlies
// computer moves in each.
func holdMidgames(t testing.TB, c *Client, n int, seed uint64) {
	t.Helper()
	ctx := context.Background()
	for i := range n {
		s := Seed(seed + uint64(i))
		g, err := c.Create(ctx, CreateRequest{Game: "wwf", Seed: &s}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for range midgamePlies {
			if g.Over {
				break
			}
			res, err := c.Computer(ctx, g.ID, ComputerRequest{Player: "static"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			g = &res.Game
		}
	}
}

// heapInUse returns the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestHeldGameMemory checks that a held game keeps its position only: the
// move generator's scratch memory (anchor tables, word maps, lane
// caches, about 700 KB for a WWF position, and the 64 KiB cross-set memo
// of a board) belongs to the workers. It measures the memory that
// dropping the games frees: a WWF game in midgame costs about 25 KB; the
// bound leaves room for the history and the runtime's rounding, not for
// any of the scratch.
func TestHeldGameMemory(t *testing.T) {
	srv, c := testServer(t, Config{MaxSearches: 1})
	const n = 40
	holdMidgames(t, c, n, 1)
	if srv.games.len() != n {
		t.Fatalf("%d games held, want %d", srv.games.len(), n)
	}
	held := heapInUse()
	srv.games.dropAll()
	perGame := (float64(held) - float64(heapInUse())) / n
	t.Logf("%.1f KB a held WWF game after %d moves", perGame/1000, midgamePlies)
	if perGame > 48<<10 {
		t.Errorf("a held WWF game takes %.0f bytes: more than 48 KiB, so it keeps scratch memory of its move generator", perGame)
	}
}

// BenchmarkHeld1000 holds 1,000 WWF games in midgame on a server on
// loopback and reports the resident memory of the whole process (server
// and client), the Go heap, and the heap per game.
func BenchmarkHeld1000(b *testing.B) {
	for b.Loop() {
		srv, c := testServer(b, Config{})
		holdMidgames(b, c, 1000, 1)
		heap := heapInUse()
		b.ReportMetric(float64(residentBytes())/1e6, "MB-resident")
		b.ReportMetric(float64(heap)/1e6, "MB-heap")
		srv.games.dropAll()
		b.ReportMetric(float64(heap-heapInUse())/1000, "B/game")
	}
}
