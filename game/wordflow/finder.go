package wordflow

import (
	"strings"

	"wordengine/lexicon"
)

// maxSteps bounds a path: at most 13 steps right and 13 down on 14x14.
const maxSteps = 2 * (MaxSide - 1)

// Word is one word path: Steps+1 pieces from the cell Start (row*14 +
// column), each step to the right or down (bit i of Dirs set: step i goes
// down). Letters counts the letters (a bigram counts 2); Points is the
// sum of the pieces' points.
type Word struct {
	Start   uint8
	Steps   uint8
	Dirs    uint32
	Letters uint8
	Points  int
}

// Cells appends the cells of the path, first to last, as row*14+column.
func (w Word) Cells(dst []int) []int {
	x := int(w.Start)
	dst = append(dst, x)
	for i := range int(w.Steps) {
		if w.Dirs&(1<<i) != 0 {
			x += stride
		} else {
			x++
		}
		dst = append(dst, x)
	}
	return dst
}

// Text returns the word's letters as upper-case text.
func (s *State) Text(w Word) string {
	var b strings.Builder
	for _, x := range w.Cells(nil) {
		p := &s.set.Pieces[s.cell[x]]
		b.WriteString(s.set.Alphabet.Word(p.Letters()))
	}
	return b.String()
}

// CellName names cell (r, c) as on the drawn puzzle: the column letter
// from a, the row number from 1 ("c5").
func CellName(r, c int) string {
	return string(rune('a'+c)) + itoa(r+1)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// Describe writes w as "TEXT c5>d5v d6 (7)": its text, the path from the
// first cell with the step after each cell (> right, v down), and points.
func (s *State) Describe(w Word) string {
	var b strings.Builder
	b.WriteString(s.Text(w))
	b.WriteString(" ")
	cs := w.Cells(nil)
	for i, x := range cs {
		b.WriteString(CellName(x/stride, x%stride))
		if i < len(cs)-1 {
			if w.Dirs&(1<<i) != 0 {
				b.WriteString("v")
			} else {
				b.WriteString(">")
			}
		}
	}
	b.WriteString(" (")
	b.WriteString(itoa3(w.Points))
	b.WriteString(")")
	return b.String()
}

func itoa3(n int) string {
	if n < 100 {
		return itoa(n)
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// finder finds the words through one cell. It walks the lexicon's GADDAG
// (Gordon 1994): from the placed piece backwards along incoming arrows,
// consuming labels reversed, so that every start cell is reached with the
// reversed prefix in the automaton; from each start it follows the
// separator and walks forwards along the outgoing arrows of the placed
// piece. A branch stops as soon as the automaton has no arc for the next
// letter, so only paths that are part of some word are walked. Each path
// is reached once: by its unique start and unique route.
type finder struct {
	s      *State
	g      *lexicon.Graph
	x      int // the placed cell
	dst    []Word
	back   [maxSteps + 1]int // back[i]: the cell i steps before x on the current backward path
	bdir   [maxSteps]bool    // bdir[i]: the step from back[i+1] to back[i] is down
	nb     int               // steps back
	fwd    [maxSteps]bool    // forward steps from x
	nf     int
	bpts   int // points of back[0..nb]
	blet   int
	endsOK bool // the placed piece may end a word
}

// find appends every word through cell x (which holds a piece) to dst.
func (f *finder) find(s *State, x int, dst []Word) []Word {
	f.s, f.g, f.x, f.dst = s, &s.lx.GADDAG, x, dst
	p := &s.faces[s.cell[x]]
	if p.Len == 0 {
		return dst
	}
	node := f.g.Root()
	var arc lexicon.Arc
	for i := int(p.Len) - 1; i >= 0; i-- {
		a, ok := f.g.Next(node, p.Label[i])
		if !ok {
			return dst
		}
		arc, node = a, a.Child()
	}
	f.back[0], f.nb, f.nf = x, 0, 0
	f.bpts, f.blet = int(p.Points), int(p.Len)
	f.endsOK = f.endOK(x)
	f.backward(arc)
	return f.dst
}

func (f *finder) endOK(x int) bool {
	return !f.s.opts.Arrowless || f.s.faces[f.s.cell[x]].Arrows == 0
}

// labelled returns the piece at cell x when it has a label.
func (f *finder) labelled(x int) (*Piece, bool) {
	id := f.s.cell[x]
	if id == empty {
		return nil, false
	}
	p := &f.s.faces[id]
	return p, p.Len > 0
}

// backward is at start candidate back[nb]; arc is the last arc taken
// (the reversed prefix from back[nb] to x).
func (f *finder) backward(arc lexicon.Arc) {
	node := arc.Child()
	if arc.Word() && f.blet >= 3 && f.endsOK {
		f.emit(0, f.bpts, f.blet)
	}
	if sep, ok := f.g.Next(node, lexicon.Separator); ok {
		f.forward(f.x, sep.Child(), f.bpts, f.blet)
	}
	if f.nb == maxSteps {
		return
	}
	cur := f.back[f.nb]
	r, c := cur/stride, cur%stride
	for _, down := range [2]bool{false, true} {
		var q int
		var need uint8
		if down {
			if r == 0 {
				continue
			}
			q, need = cur-stride, Down
		} else {
			if c == 0 {
				continue
			}
			q, need = cur-1, Right
		}
		p, ok := f.labelled(q)
		if !ok || p.Arrows&need == 0 {
			continue
		}
		n, a, ok := node, lexicon.Arc(0), true
		for i := int(p.Len) - 1; i >= 0 && ok; i-- {
			a, ok = f.g.Next(n, p.Label[i])
			n = a.Child()
		}
		if !ok {
			continue
		}
		f.bdir[f.nb] = down
		f.nb++
		f.back[f.nb] = q
		f.bpts += int(p.Points)
		f.blet += int(p.Len)
		f.backward(a)
		f.nb--
		f.bpts -= int(p.Points)
		f.blet -= int(p.Len)
	}
}

// forward extends the word past cur along its arrows from automaton node.
func (f *finder) forward(cur int, node lexicon.Node, pts, let int) {
	if f.nb+f.nf == maxSteps {
		return
	}
	r, c := cur/stride, cur%stride
	arrows := f.s.faces[f.s.cell[cur]].Arrows
	for _, down := range [2]bool{false, true} {
		var q int
		if down {
			if arrows&Down == 0 || r == MaxSide-1 {
				continue
			}
			q = cur + stride
		} else {
			if arrows&Right == 0 || c == MaxSide-1 {
				continue
			}
			q = cur + 1
		}
		p, ok := f.labelled(q)
		if !ok {
			continue
		}
		n, a, ok := node, lexicon.Arc(0), true
		for i := 0; i < int(p.Len) && ok; i++ {
			a, ok = f.g.Next(n, p.Label[i])
			n = a.Child()
		}
		if !ok {
			continue
		}
		f.fwd[f.nf] = down
		f.nf++
		if a.Word() && let+int(p.Len) >= 3 && f.endOK(q) {
			f.emit(f.nf, pts+int(p.Points), let+int(p.Len))
		}
		f.forward(q, n, pts+int(p.Points), let+int(p.Len))
		f.nf--
	}
}

// emit records the path back[nb] .. x and nf forward steps.
func (f *finder) emit(nf, pts, let int) {
	w := Word{Start: uint8(f.back[f.nb]), Steps: uint8(f.nb + nf), Points: pts, Letters: uint8(let)}
	i := 0
	for j := f.nb - 1; j >= 0; j-- {
		if f.bdir[j] {
			w.Dirs |= 1 << i
		}
		i++
	}
	for j := range nf {
		if f.fwd[j] {
			w.Dirs |= 1 << i
		}
		i++
	}
	f.dst = append(f.dst, w)
}
