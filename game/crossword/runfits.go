package crossword

import "wordengine/lexicon"

// runFitsBudget is the most GADDAG arcs runFits looks at for one answer;
// past that it answers yes (the span is kept).
const runFitsBudget = 100

// runFits reports whether some word of the lexicon is a letters, then the
// letters of the run lo..p of lane l, then b letters (a, b < 8): when
// none is, no play covers a span with a squares left of the run and b
// right of it, whatever the rack and the squares. The spans of the
// simulation benchmark's position that best-first generation took from
// its heap and that no word fits were mostly of that kind: a run with
// more letters around it than any word puts there (REX followed by seven
// letters, FAE with two before and six after). The answers are kept in
// the word set's entry of the run (runInfo, shared by the generators on
// the lexicon: runs come back game after game), reached through the
// run's extMemo entry e, which must still hold the run's key key
// (otherwise runFits answers yes).
func (g *generator) runFits(e *extEntry, key uint64, a, b int) bool {
	if e.key != key {
		return true // the entry went to another run since: no answer
	}
	r := e.run
	bit := uint64(1) << (8*a + b)
	if r.known.Load()&bit == 0 {
		budget := runFitsBudget
		if !r.dead && g.leftOfRun(r.node, r.last, a, b, &budget) != 0 {
			r.fits.Or(bit)
		}
		r.known.Or(bit)
	}
	return r.fits.Load()&bit != 0
}

// aroundRun answers runFits from the GADDAG: 1 yes, 0 no, -1 unknown
// (the budget ran out).
func (g *generator) aroundRun(l *laneData, lo, p, a, b int, budget *int) int {
	node, last, dead := g.walkRun(l, lo, p)
	if dead {
		return 0
	}
	return g.leftOfRun(node, last, a, b, budget)
}

// walkRun walks the GADDAG from its root along the letters of the run
// lo..p of lane l, the last one first, and returns the node it reaches and
// the arc that reaches it; dead when no word holds the run.
func (g *generator) walkRun(l *laneData, lo, p int) (node lexicon.Node, last lexicon.Arc, dead bool) {
	gd := &g.s.lex.GADDAG
	node = gd.Root()
	for q := p; q >= lo; q-- {
		arc, ok := gd.Next(node, l.tiles[q].Letter())
		if !ok {
			return 0, 0, true
		}
		last, node = arc, arc.Child()
	}
	return node, last, false
}

// leftOfRun goes on with aroundRun with a letters still to put left, from
// GADDAG node node reached by arc last.
func (g *generator) leftOfRun(node lexicon.Node, last lexicon.Arc, a, b int, budget *int) int {
	arcs := g.arcs
	if a == 0 {
		if b == 0 {
			if last.Word() {
				return 1
			}
			return 0
		}
		// Turn at the separator, which sorts first in a node.
		if node == 0 || arcs[node].Tile() != lexicon.Separator {
			return 0
		}
		return g.rightOfRun(arcs[node].Child(), b, budget)
	}
	if node == 0 {
		return 0
	}
	for i := int(node); ; i++ {
		arc := arcs[i]
		if *budget--; *budget < 0 {
			return -1
		}
		if arc.Tile() != lexicon.Separator {
			if r := g.leftOfRun(arc.Child(), arc, a-1, b, budget); r != 0 {
				return r
			}
		}
		if arc.Last() {
			return 0
		}
	}
}

// rightOfRun goes on with aroundRun with b letters still to put right
// (b >= 1), from GADDAG node node.
func (g *generator) rightOfRun(node lexicon.Node, b int, budget *int) int {
	if node == 0 {
		return 0
	}
	arcs := g.arcs
	for i := int(node); ; i++ {
		arc := arcs[i]
		if *budget--; *budget < 0 {
			return -1
		}
		if b == 1 {
			if arc.Word() {
				return 1
			}
		} else if r := g.rightOfRun(arc.Child(), b-1, budget); r != 0 {
			return r
		}
		if arc.Last() {
			return 0
		}
	}
}
