package eval

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/internal/atomicfile"
	"wordengine/lexicon"
)

// Magic is the first word of a leave file; the version follows it.
const Magic = "wordengine-leaves"

// Version is the leave file version this package reads and writes.
const Version = 1

// ErrFormat is wrapped by every error ReadLeaves returns for a malformed
// file; the message names the file and line.
var ErrFormat = errors.New("eval: bad leave file")

// maxCoef bounds every value and coefficient in a file (milli-points), so
// that sums over a rack cannot overflow.
const maxCoef = 1<<31 - 1

// ReadLeaves reads a leave table in the text format of the package
// documentation, gzip-compressed or not (detected from the first bytes).
// name is used in error messages, which have the form
// "eval: bad leave file NAME:LINE: reason" and wrap ErrFormat; an I/O
// error is returned wrapped as it is.
func ReadLeaves(r io.Reader, name string) (*Leaves, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%w %s: gzip: %v", ErrFormat, name, err)
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 64<<10)
	}
	p := &parser{name: name, sc: bufio.NewScanner(br)}
	p.sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	l, err := p.parse()
	if err != nil {
		return nil, err
	}
	return l, nil
}

// LoadLeaves reads the leave table in file path (see ReadLeaves). A file
// that cannot be read wraps a *game.FileError naming path.
func LoadLeaves(path string) (*Leaves, error) {
	f, err := game.OpenFile(path)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	defer f.Close()
	return ReadLeaves(f, path)
}

type parser struct {
	name string
	sc   *bufio.Scanner
	line int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%w %s:%d: %s", ErrFormat, p.name, p.line, fmt.Sprintf(format, args...))
}

// next returns the next line that is neither blank nor a # comment,
// trimmed, and false at the end of the input.
func (p *parser) next() (string, bool, error) {
	for p.sc.Scan() {
		p.line++
		s := strings.TrimSpace(p.sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		return s, true, nil
	}
	if err := p.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return "", false, p.errorf("line longer than 1 MB")
		}
		return "", false, fmt.Errorf("eval: reading %s: %w", p.name, err)
	}
	return "", false, nil
}

func (p *parser) int32(s, what string) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v > maxCoef || v < -maxCoef {
		return 0, p.errorf("%s %q: want an integer in milli-points in [%d, %d]", what, s, -maxCoef, maxCoef)
	}
	return v, nil
}

// pointsLine reads the fields of a "points" line: each tile type of l
// (the blank ? and each letter) once, with its points from 0 to 1000.
func (p *parser) pointsLine(l *Leaves, f []string) ([]int, error) {
	if len(f) != 2*l.types {
		return nil, p.errorf("points: want %d pairs (the blank ? and each letter with its points), got %d fields", l.types, len(f))
	}
	points := make([]int, l.types)
	got := make([]bool, l.types)
	for i := 0; i < len(f); i += 2 {
		t, err := p.tileType(l, f[i])
		if err != nil {
			return nil, err
		}
		if got[t] {
			return nil, p.errorf("points: %s given twice", f[i])
		}
		got[t] = true
		v, err := strconv.Atoi(f[i+1])
		if err != nil || v < 0 || v > 1000 {
			return nil, p.errorf("points of %s: %q: want an integer from 0 to 1000", f[i], f[i+1])
		}
		points[t] = v
	}
	return points, nil
}

// tileType parses one letter (or "?") of the table's alphabet.
func (p *parser) tileType(l *Leaves, s string) (int, error) {
	if s == "?" {
		return 0, nil
	}
	ts, err := l.alpha.Parse(nil, s)
	if err != nil || len(ts) != 1 || ts[0].IsBlank() {
		return 0, p.errorf("%q is not a letter of the table (letters: %s)", s, strings.Join(l.alpha.Letters(), " "))
	}
	return int(ts[0]), nil
}

func (p *parser) parse() (*Leaves, error) {
	s, ok, err := p.next()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, p.errorf("empty file: want %q", fmt.Sprintf("%s %d", Magic, Version))
	}
	f := strings.Fields(s)
	if f[0] != Magic {
		return nil, p.errorf("not a leave file: first line %q does not start with %q", clip(s), Magic)
	}
	if len(f) != 2 {
		return nil, p.errorf("first line %q: want %q", clip(s), fmt.Sprintf("%s %d", Magic, Version))
	}
	if v, err := strconv.Atoi(f[1]); err != nil || v != Version {
		return nil, p.errorf("version %s not supported: this build reads version %d", f[1], Version)
	}

	var (
		l       *Leaves
		game    string
		trained string
		count   = -1
		seen    = map[string]int{}
	)
	for count < 0 {
		s, ok, err := p.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.errorf("file ends before the %q line", "leaves N")
		}
		kw, rest, _ := strings.Cut(s, " ")
		rest = strings.TrimSpace(rest)
		f := strings.Fields(rest)
		if kw != "prior" {
			if at, dup := seen[kw]; dup {
				return nil, p.errorf("%q given twice (first at line %d)", kw, at)
			}
			seen[kw] = p.line
		}
		if l == nil && kw != "game" && kw != "letters" && kw != "trained" {
			return nil, p.errorf("%q before the game and letters lines", kw)
		}
		switch kw {
		case "game":
			if len(f) != 1 {
				return nil, p.errorf("game: want one name, got %q", rest)
			}
			game = f[0]
		case "trained":
			trained = rest
		case "letters":
			if game == "" {
				return nil, p.errorf("letters before the game line")
			}
			a, err := lexicon.NewAlphabet(game, f)
			if err != nil {
				return nil, p.errorf("letters: %v", err)
			}
			l = newLeaves(game, a)
		case "points":
			pts, err := p.pointsLine(l, f)
			if err != nil {
				return nil, err
			}
			l.points = pts
		case "prior":
			if err := p.priorLine(l, f); err != nil {
				return nil, err
			}
		case "leaves":
			n, err := strconv.Atoi(rest)
			if err != nil || n < 0 {
				return nil, p.errorf("leaves %q: want the number of leave lines that follow", rest)
			}
			count = n
		default:
			return nil, p.errorf("unknown header line %q (want game, letters, points, trained, prior or leaves)", kw)
		}
	}
	type entry struct {
		key  uint64
		val  int32
		line int
	}
	es := make([]entry, 0, min(count, 1<<20))
	var buf []lexicon.Tile
	for {
		s, ok, err := p.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if len(es) == count {
			return nil, p.errorf("more leave lines than the %d announced", count)
		}
		f := strings.Fields(s)
		if len(f) != 2 {
			return nil, p.errorf("%q: want LEAVE VALUE", clip(s))
		}
		buf, err = l.alpha.Parse(buf[:0], f[0])
		if err != nil {
			return nil, p.errorf("leave %q: %v", f[0], err)
		}
		for _, t := range buf {
			if t.IsBlank() && t != lexicon.Blank {
				return nil, p.errorf("leave %q: lower-case letters are designated blanks, not rack tiles; write ? for a blank", f[0])
			}
		}
		if len(buf) < 1 || len(buf) > MaxLeave {
			return nil, p.errorf("leave %q has %d tiles: want 1 to %d", f[0], len(buf), MaxLeave)
		}
		key, _ := l.leaveKey(buf)
		v, err := p.int32(f[1], "value of "+f[0])
		if err != nil {
			return nil, err
		}
		es = append(es, entry{key, int32(v), p.line})
	}
	if len(es) < count {
		return nil, p.errorf("file ends after %d of the %d announced leaves (truncated?)", len(es), count)
	}
	l.trained = trained
	slices.SortStableFunc(es, func(a, b entry) int { return cmp.Compare(a.key, b.key) })
	l.keys = make([]uint64, len(es))
	l.vals = make([]int32, len(es))
	for i, e := range es {
		if i > 0 && e.key == es[i-1].key {
			p.line = max(e.line, es[i-1].line)
			return nil, p.errorf("leave %s listed twice (also at line %d)", l.alpha.Format(keyTiles(nil, e.key)), min(e.line, es[i-1].line))
		}
		l.keys[i], l.vals[i] = e.key, e.val
	}
	l.build()
	return l, nil
}

// priorLine reads "prior intercept V", "prior balance V", "prior count L V"
// or "prior dup L V".
func (p *parser) priorLine(l *Leaves, f []string) error {
	want := 3
	if len(f) > 0 && (f[0] == "intercept" || f[0] == "balance") {
		want = 2
	}
	if len(f) == 0 || len(f) != want {
		return p.errorf("prior: want \"prior intercept V\", \"prior balance V\", \"prior count LETTER V\" or \"prior dup LETTER V\"")
	}
	v, err := p.int32(f[len(f)-1], "prior "+f[0])
	if err != nil {
		return err
	}
	switch f[0] {
	case "intercept":
		l.prior.intercept = v
	case "balance":
		l.prior.balance = v
	case "count", "dup":
		t, err := p.tileType(l, f[1])
		if err != nil {
			return err
		}
		if f[0] == "count" {
			l.prior.count[t] = v
		} else {
			l.prior.dup[t] = v
		}
	default:
		return p.errorf("prior %q: want intercept, balance, count or dup", f[0])
	}
	return nil
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// WriteTo writes the table in the text format of the package
// documentation (uncompressed) and returns the number of bytes written.
func (l *Leaves) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	fmt.Fprintf(bw, "%s %d\n", Magic, Version)
	fmt.Fprintf(bw, "game %s\n", l.game)
	fmt.Fprintf(bw, "letters %s\n", strings.Join(l.alpha.Letters(), " "))
	if l.points != nil {
		bw.WriteString("points")
		for t := range l.types {
			fmt.Fprintf(bw, " %s %d", l.typeName(t), l.points[t])
		}
		bw.WriteByte('\n')
	}
	if l.trained != "" {
		fmt.Fprintf(bw, "trained %s\n", strings.Join(strings.Fields(l.trained), " "))
	}
	bw.WriteString("# prior: the value of a leave not listed below, in milli-points, is\n")
	bw.WriteString("# intercept + Σ count[t]·n_t + Σ dup[t]·max(0, n_t−1) + balance·(vowels−consonants)²\n")
	fmt.Fprintf(bw, "prior intercept %d\n", l.prior.intercept)
	fmt.Fprintf(bw, "prior balance %d\n", l.prior.balance)
	for t := range l.types {
		fmt.Fprintf(bw, "prior count %s %d\n", l.typeName(t), l.prior.count[t])
	}
	for t := range l.types {
		fmt.Fprintf(bw, "prior dup %s %d\n", l.typeName(t), l.prior.dup[t])
	}
	fmt.Fprintf(bw, "# LEAVE VALUE (milli-points), by length, then in alphabet order with ? first\n")
	fmt.Fprintf(bw, "leaves %d\n", len(l.keys))
	var buf []lexicon.Tile
	var sb strings.Builder
	for i, k := range l.keys {
		buf = keyTiles(buf[:0], k)
		sb.Reset()
		l.alpha.AppendFormat(&sb, buf)
		bw.WriteString(sb.String())
		bw.WriteByte(' ')
		bw.WriteString(strconv.Itoa(int(l.vals[i])))
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return cw.n, fmt.Errorf("eval: writing leave table: %w", err)
	}
	return cw.n, nil
}

// typeName writes tile type t as the file does: "?" for the blank, the
// letter (bracketed when it has several characters) otherwise.
func (l *Leaves) typeName(t int) string {
	if t == 0 {
		return "?"
	}
	return l.alpha.Format([]lexicon.Tile{lexicon.Tile(t)})
}

// WriteFile writes the table to path, gzip-compressed when path ends in
// ".gz". The file is written under a temporary name in path's folder and
// renamed over path only when complete, so a failed write leaves an
// existing file as it was; the folder must exist.
func (l *Leaves) WriteFile(path string) error {
	var b bytes.Buffer
	var w io.Writer = &b
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw, _ = gzip.NewWriterLevel(&b, gzip.BestCompression)
		// The header's ModTime stays zero: the same table gives the same bytes.
		w = zw
	}
	if _, err := l.WriteTo(w); err != nil {
		return err
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	}
	if err := atomicfile.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	return nil
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}
