package twoway

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"wordengine/lexicon"
)

// segment is a straight run of cells read in one direction.
type segment struct {
	cells [MaxWord]int8
	n     int8
	mask  uint64
}

// segments[L] lists every run of L cells in the 8 directions.
var segments [MaxWord + 1][]segment

// initSegments fills segments from rays (called by the init of state.go,
// after rays).
func initSegments() {
	for l := MinWord; l <= MaxWord; l++ {
		for c := range Cells {
			for d := range 8 {
				if int(rayLen[c][d]) < l {
					continue
				}
				sg := segment{n: int8(l)}
				for i := range l {
					sg.cells[i] = rays[c][d][i]
					sg.mask |= 1 << rays[c][d][i]
				}
				segments[l] = append(segments[l], sg)
			}
		}
	}
}

// Evaluation weights, in milli-points (1000 = one claimed letter).
const (
	// SlotValue is the value of a required length claimed, beside its
	// letters (each claim brings the instant win closer).
	SlotValue = 4000
	// The share (in %) of a word's value (letters and SlotValue) counted
	// for an open length whose best run is: claimable now by the player
	// to move; claimable now but the opponent moves first; one tile away
	// with a completing letter in the hand; one tile away; two tiles away.
	readyToMove, readyWaiting, oneInHand, oneAway, twoAway = 90, 55, 45, 18, 6
)

// Evaluate implements game.Evaluator: seat's claimed letters (1000 each)
// plus SlotValue per claimed length, plus, for each length seat still
// needs, a share of that word's value for the best run of that length in
// the 8 directions, read in seat's colour: a word now (more when seat is
// to move), one empty cell from a word (more when seat's hand holds a
// completing letter in its colour) or two empty cells from a word. It
// reads seat's faces only; on a determinized state the opponent's faces
// are a sample of their distribution, so Evaluate(opponent) estimates the
// opponent's chances and a placement that fills the opponent's likely
// cells lowers it (spoiling).
func (s *State) Evaluate(seat int) int {
	v := 1000*s.letters[seat] + 0
	var handMask uint64
	for _, t := range s.hands[seat] {
		handMask |= 1 << (t[seat] & 63)
	}
	memo := memoOf(s.lx)
	var pat [MaxWord]lexicon.Tile
	for l := MinWord; l <= MaxWord; l++ {
		v += SlotValue * int(s.claimed[seat][l])
		open := int(s.need[l] - s.claimed[seat][l])
		if open <= 0 {
			continue
		}
		best := 0
		for i := range segments[l] {
			sg := &segments[l][i]
			empty := bits.OnesCount64(sg.mask &^ s.occ)
			if empty > 2 || empty == l {
				continue
			}
			share := 0
			switch empty {
			case 0:
				share = readyWaiting
				if s.toMove == seat {
					share = readyToMove
				}
			case 1:
				share = oneAway
			case 2:
				share = twoAway
			}
			if share <= best && !(empty == 1 && best < oneInHand) {
				continue
			}
			for k := range l {
				c := sg.cells[k]
				if s.occ>>c&1 != 0 {
					pat[k] = s.grid[c][seat]
				} else {
					pat[k] = 0
				}
			}
			r := memo.lookup(s.lx, pat[:l])
			if r == 0 {
				continue
			}
			if empty == 1 && r&handMask != 0 {
				share = oneInHand
			}
			best = max(best, share)
			if best == readyToMove {
				break // nothing beats a word the mover can claim now
			}
		}
		v += open * best * (1000*l + SlotValue) / 100
	}
	return v
}

// memo caches, per lexicon, what a pattern of letters and holes can
// become: for a full pattern 1 when it is a word; with one hole the set of
// letters (bit t&63) that fill it to a word; with two holes 1 when some
// word fits. It is safe for concurrent use; results depend only on the
// lexicon and the pattern.
//
// For alphabets of up to 26 letters the cache is a direct-mapped table of
// atomic words, each packing a valid bit, the 33-bit key (length and five
// bits a letter) and the 27-bit result, so a lookup is one atomic load;
// larger alphabets use a sync.Map.
type memo struct {
	fast []atomic.Uint64 // nil for alphabets of more than 26 letters
	m    sync.Map
}

const (
	fastBits  = 16
	fastValid = uint64(1) << 63
	valueBits = 27
)

var memos sync.Map // *lexicon.Lexicon -> *memo

func memoOf(lx *lexicon.Lexicon) *memo {
	if m, ok := memos.Load(lx); ok {
		return m.(*memo)
	}
	m := &memo{}
	if lx.Alphabet.Size() <= 26 {
		m.fast = make([]atomic.Uint64, 1<<fastBits)
	}
	v, _ := memos.LoadOrStore(lx, m)
	return v.(*memo)
}

func (m *memo) lookup(lx *lexicon.Lexicon, pat []lexicon.Tile) uint64 {
	if m.fast != nil {
		key := uint64(len(pat))
		for i, t := range pat {
			key |= uint64(t&31) << (3 + 5*i)
		}
		slot := &m.fast[(key*0x9E3779B97F4A7C15)>>(64-fastBits)]
		if e := slot.Load(); e&fastValid != 0 && (e>>valueBits)&(1<<33-1) == key {
			return e & (1<<valueBits - 1)
		}
		v := matchPattern(&lx.DAWG, lx.DAWG.Root(), pat, 0)
		slot.Store(fastValid | key<<valueBits | v)
		return v
	}
	key := uint64(len(pat))
	for i, t := range pat {
		key |= uint64(t&127) << (3 + 7*i)
	}
	if v, ok := m.m.Load(key); ok {
		return v.(uint64)
	}
	v := matchPattern(&lx.DAWG, lx.DAWG.Root(), pat, 0)
	m.m.Store(key, v)
	return v
}

// matchPattern walks the DAWG from node n along pat (0 = any letter) and
// returns what memo stores for the rest of the pattern; hole is the
// letter taken by the first hole so far (0 before it).
func matchPattern(g *lexicon.Graph, n lexicon.Node, pat []lexicon.Tile, hole lexicon.Tile) uint64 {
	var out uint64
	last := len(pat) == 1
	step := func(a lexicon.Arc, h lexicon.Tile) {
		if last {
			if a.Word() {
				if h != 0 {
					out |= 1 << (h & 63)
				} else {
					out |= 1
				}
			}
			return
		}
		if c := a.Child(); c != 0 {
			out |= matchPattern(g, c, pat[1:], h)
		}
	}
	if pat[0] != 0 {
		if a, ok := g.Next(n, pat[0]); ok {
			step(a, hole)
		}
		return out
	}
	for a := range g.Children(n) {
		h := hole
		if h == 0 {
			h = a.Tile()
		}
		step(a, h)
	}
	return out
}
