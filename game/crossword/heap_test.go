package crossword

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHeap checks the 4-ary heaps of bounded generation (push,
// heapifyMax, siftDown with maxAt, popMax) against sorting: random keys,
// with many equal ones, of every length from 0 to 200, go in by push or
// all at once by heapifyMax, and come out by popMax largest first; maxAt
// picks the larger key of two with its place, the first on a tie.
//
// Checks INV-14 (MOVEGEN.md).
func TestHeap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(6, 6))
	for n := range 201 {
		for _, spread := range []uint64{3, 1 << 62} {
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = rng.Uint64N(spread) << 1
			}
			want := slices.Clone(keys)
			slices.Sort(want)
			slices.Reverse(want)
			var bs boundedState
			for i, k := range keys {
				// push keys a bound: its key is the bound above the index.
				bs.push(int64(k>>spanKeyBits)-spanKeyLimit, i)
			}
			h := slices.Clone(keys)
			heapifyMax(h)
			var gotPush, gotHeapify []uint64
			for len(bs.heap) > 0 {
				var k uint64
				k, bs.heap = popMax(bs.heap)
				gotPush = append(gotPush, k)
			}
			for len(h) > 0 {
				var k uint64
				k, h = popMax(h)
				gotHeapify = append(gotHeapify, k)
			}
			if !slices.Equal(gotHeapify, want) {
				t.Fatalf("%d keys below %d: heapifyMax and popMax give %v, sorted %v", n, spread, gotHeapify, want)
			}
			// Keys through push carry their index in the low bits: their
			// bounds come out highest first.
			for i := 1; i < len(gotPush); i++ {
				if heapBound(gotPush[i]) > heapBound(gotPush[i-1]) {
					t.Fatalf("%d keys below %d: push and popMax give bound %d after %d", n, spread, heapBound(gotPush[i]), heapBound(gotPush[i-1]))
				}
			}
			if len(gotPush) != n {
				t.Fatalf("%d keys pushed, %d popped", n, len(gotPush))
			}
		}
	}
	for _, c := range []struct {
		a, b    uint64
		at      int
		largest uint64
	}{{1, 2, 8, 2}, {2, 1, 7, 2}, {5, 5, 7, 5}, {0, 1 << 63, 8, 1 << 63}, {1<<64 - 1, 0, 7, 1<<64 - 1}} {
		if at, v := maxAt(7, c.a, 8, c.b); at != c.at || v != c.largest {
			t.Errorf("maxAt(7, %d, 8, %d) = %d, %d; want %d, %d", c.a, c.b, at, v, c.at, c.largest)
		}
	}
}
