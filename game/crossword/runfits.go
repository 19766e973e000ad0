package crossword

import "wordengine/lexicon"

// runFitsBudget is the most GADDAG arcs runFits looks at for one answer;
// past that it answers yes (the span is kept).
const runFitsBudget = 1000

// runFits reports whether some word of the lexicon is a letters, then the
// letters of the run lo..p of lane l, then b letters (a, b < 8): when
// none is, no play covers a span with a squares left of the run and b
// right of it, whatever the rack and the squares. The spans of the
// simulation benchmark's position that best-first generation took from
// its heap and that no word fits were mostly of that kind: a run with
// more letters around it than any word puts there (REX followed by seven
// letters, FAE with two before and six after). The answers are kept in
// the run's extMemo entry e, which must still hold the run's key key
// (otherwise runFits answers yes).
func (g *generator) runFits(e *extEntry, key uint64, l *laneData, lo, p, a, b int) bool {
	if e.key != key {
		return true // the entry went to another run since: no answer
	}
	bit := uint64(1) << (8*a + b)
	if e.known&bit == 0 {
		e.known |= bit
		budget := runFitsBudget
		if g.aroundRun(l, lo, p, a, b, &budget) != 0 {
			e.fits |= bit
		}
	}
	return e.fits&bit != 0
}

// aroundRun answers runFits from the GADDAG: 1 yes, 0 no, -1 unknown
// (the budget ran out).
func (g *generator) aroundRun(l *laneData, lo, p, a, b int, budget *int) int {
	gd := &g.s.lex.GADDAG
	node := gd.Root()
	var last lexicon.Arc
	for q := p; q >= lo; q-- {
		arc, ok := gd.Next(node, l.tiles[q].Letter())
		if !ok {
			return 0
		}
		last, node = arc, arc.Child()
	}
	return g.leftOfRun(node, last, a, b, budget)
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
