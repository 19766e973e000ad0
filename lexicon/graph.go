package lexicon

import "iter"

// Arc is one transition of an automaton, packed into 32 bits:
//
//	bits  0-22  Child: the node the arc leads to (0 = a node with no arcs)
//	bit     23  Word: the path ending with this arc spells a whole entry
//	bit     24  Last: this is the last arc of its node
//	bits 25-31  Tile: the letter code (Separator in the GADDAG)
//
// A node is a run of arcs sorted by tile, the last one flagged. The layout
// follows the common "flat word graph" of crossword engines (one []uint32,
// end-of-word on the arc rather than on the node), so a node is found and
// scanned without pointers.
type Arc uint32

const (
	arcChildBits = 23
	arcChildMask = 1<<arcChildBits - 1
	arcWord      = 1 << 23
	arcLast      = 1 << 24
	arcTileShift = 25
	// MaxArcs is the largest number of arcs a lexicon file can hold (the
	// child index has 23 bits).
	MaxArcs = arcChildMask + 1
)

func newArc(t Tile, word, last bool, child Node) Arc {
	a := Arc(t)<<arcTileShift | Arc(child)
	if word {
		a |= arcWord
	}
	if last {
		a |= arcLast
	}
	return a
}

// Tile returns the arc's letter code (Separator for the GADDAG's turn).
func (a Arc) Tile() Tile { return Tile(a >> arcTileShift) }

// Word reports whether the path that ends with this arc is a whole entry: a
// word in the DAWG, a complete rev(prefix)+separator+suffix string in the
// GADDAG.
func (a Arc) Word() bool { return a&arcWord != 0 }

// Last reports whether a is the last arc of its node.
func (a Arc) Last() bool { return a&arcLast != 0 }

// Child returns the node the arc leads to; 0 when no longer entry goes
// through it.
func (a Arc) Child() Node { return Node(a & arcChildMask) }

// Node is the index in the arc array of a node's first arc. Node 0 has no
// arcs: walking from it finds nothing.
type Node uint32

// Graph is one minimized acyclic automaton over tile codes: the DAWG of a
// lexicon (its words) or its GADDAG (Gordon 1994: for every word w of n
// tiles and every k in 1..n, reverse(w[:k]) followed, when k < n, by
// Separator and w[k:]). The DAWG and the GADDAG of a Lexicon share one arc
// array, so identical sub-automata (every GADDAG state after the separator
// is a DAWG state) are stored once. A Graph is read-only and safe for
// concurrent use.
type Graph struct {
	arcs []Arc
	root Node
}

// Root returns the start node.
func (g *Graph) Root() Node { return g.root }

// Arcs returns the flat arc array that the graph's nodes index. Arc 0 is
// unused. Move generators scan a node n as arcs[n], arcs[n+1], ... up to
// and including the first arc with Last set. The caller must not modify it.
func (g *Graph) Arcs() []Arc { return g.arcs }

// Next returns the arc of node n labelled t (a letter code, or Separator)
// and true, or false when n has no such arc. It does not allocate.
func (g *Graph) Next(n Node, t Tile) (Arc, bool) {
	if n == 0 {
		return 0, false
	}
	arcs := g.arcs
	for i := int(n); i < len(arcs); i++ {
		a := arcs[i]
		at := a.Tile()
		if at == t {
			return a, true
		}
		if at > t || a.Last() {
			break
		}
	}
	return 0, false
}

// Children iterates over the arcs of node n in tile order. It is a
// convenience for tools and tests; hot loops index Arcs directly.
func (g *Graph) Children(n Node) iter.Seq[Arc] {
	return func(yield func(Arc) bool) {
		if n == 0 {
			return
		}
		for i := int(n); i < len(g.arcs); i++ {
			a := g.arcs[i]
			if !yield(a) || a.Last() {
				return
			}
		}
	}
}

// Walk follows the tiles of path from the root and returns the final arc
// and true, or false when the path leaves the graph. For an empty path it
// returns a zero Arc whose Child is the root.
func (g *Graph) Walk(path []Tile) (Arc, bool) {
	a := Arc(g.root)
	for _, t := range path {
		var ok bool
		if a, ok = g.Next(a.Child(), t.Letter()); !ok {
			return 0, false
		}
	}
	return a, true
}

// Each calls fn with every entry of the graph in tile order (words for the
// DAWG; separator strings for the GADDAG) until fn returns false. The slice
// passed to fn is reused between calls.
func (g *Graph) Each(fn func(entry []Tile) bool) {
	buf := make([]Tile, 0, 32)
	g.each(g.root, buf, fn)
}

func (g *Graph) each(n Node, buf []Tile, fn func([]Tile) bool) bool {
	if n == 0 {
		return true
	}
	for i := int(n); ; i++ {
		a := g.arcs[i]
		b := append(buf, a.Tile())
		if a.Word() && !fn(b) {
			return false
		}
		if !g.each(a.Child(), b, fn) {
			return false
		}
		if a.Last() {
			return true
		}
	}
}

// reachable returns the number of nodes (arc runs) reachable from the root
// and their arcs.
func (g *Graph) reachable() (nodes, arcs int) {
	seen := make([]bool, len(g.arcs))
	var visit func(Node)
	visit = func(n Node) {
		if n == 0 || seen[n] {
			return
		}
		seen[n] = true
		nodes++
		for i := int(n); ; i++ {
			arcs++
			visit(g.arcs[i].Child())
			if g.arcs[i].Last() {
				return
			}
		}
	}
	visit(g.root)
	return nodes, arcs
}
