package lexicon

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"

	"wordengine/internal/atomicfile"
)

// The lexicon file format, version 1. All integers are little-endian.
//
//	offset size  field
//	0      4     magic "WELX"
//	4      2     version (1)
//	6      2     reserved, 0
//	8      2+n   name: length, UTF-8 bytes
//	.      2+n   alphabet name: length, UTF-8 bytes
//	.      1     letter count L (1..127)
//	.      L*(1+n) letters in code order: length, UTF-8 bytes
//	.      4     word count
//	.      1     shortest word, tiles
//	.      1     longest word, tiles
//	.      4     DAWG root (arc index; 0 = empty)
//	.      4     GADDAG root
//	.      4     arc count N (arc 0 is unused and must be 0)
//	.      4*N   arcs (see Arc)
//	.      4     CRC-32 (Castagnoli) of every byte before it
//
// A file may be compressed as a whole with zstd (".lex.zst", what the
// embedded default uses: it decodes in a few ms) or gzip (".lex.gz"); Load
// detects both by their magic bytes.
const (
	fileMagic   = "WELX"
	fileVersion = 1
)

// ErrFormat is wrapped by every error Load returns for data that is not a
// valid lexicon file (foreign, truncated, corrupt or inconsistent).
var ErrFormat = errors.New("lexicon: bad lexicon file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func checksumOf(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

func (lx *Lexicon) encodedSize() int {
	n := 4 + 2 + 2 + 2 + len(lx.Name) + 2 + len(lx.Alphabet.Name()) + 1
	for _, l := range lx.Alphabet.Letters() {
		n += 1 + len(l)
	}
	return n + 4 + 1 + 1 + 4 + 4 + 4 + 4*len(lx.DAWG.arcs) + 4
}

// encode returns the file image, checksum included.
func (lx *Lexicon) encode() []byte {
	b := make([]byte, 0, lx.encodedSize())
	le := binary.LittleEndian
	str := func(s string) {
		b = le.AppendUint16(b, uint16(len(s)))
		b = append(b, s...)
	}
	b = append(b, fileMagic...)
	b = le.AppendUint16(b, fileVersion)
	b = le.AppendUint16(b, 0)
	str(lx.Name)
	str(lx.Alphabet.Name())
	b = append(b, byte(lx.Alphabet.Size()))
	for _, l := range lx.Alphabet.Letters() {
		b = append(b, byte(len(l)))
		b = append(b, l...)
	}
	b = le.AppendUint32(b, uint32(lx.words))
	b = append(b, byte(lx.minLen), byte(lx.maxLen))
	b = le.AppendUint32(b, uint32(lx.DAWG.root))
	b = le.AppendUint32(b, uint32(lx.GADDAG.root))
	b = le.AppendUint32(b, uint32(len(lx.DAWG.arcs)))
	for _, a := range lx.DAWG.arcs {
		b = le.AppendUint32(b, uint32(a))
	}
	return le.AppendUint32(b, checksumOf(b))
}

// WriteTo writes the lexicon in the file format above (uncompressed) and
// returns the number of bytes written.
func (lx *Lexicon) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(lx.encode())
	return int64(n), err
}

// WriteFile writes the lexicon to path: zstd-compressed when path ends in
// ".zst", gzip-compressed when it ends in ".gz", plain otherwise. The output
// is deterministic (no timestamps). The file is written under a temporary
// name in path's folder and renamed over path only when complete, so a
// failed write leaves an existing file as it was; the folder must exist.
func (lx *Lexicon) WriteFile(path string) error {
	data := lx.encode()
	switch {
	case strings.HasSuffix(path, ".zst"):
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
		if err != nil {
			return fmt.Errorf("lexicon: %w", err)
		}
		data = enc.EncodeAll(data, nil)
	case strings.HasSuffix(path, ".gz"):
		var buf bytes.Buffer
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			return err
		}
		if _, err := zw.Write(data); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		data = buf.Bytes()
	}
	if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("lexicon: %w", err)
	}
	return nil
}

// LoadFile reads and validates the lexicon file at path (gzip or not). Its
// errors name the path.
func LoadFile(path string) (*Lexicon, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	lx, err := Load(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lx, nil
}

// maxFileSize bounds what Load decompresses (a gzip bomb guard): the arc
// limit plus room for the header.
const maxFileSize = 4*MaxArcs + 1<<20

// Load decodes and validates a lexicon file image, gzip-compressed or not.
// It checks the magic, version, checksum, every length, that the names
// are printable UTF-8, that every arc names a tile code of the alphabet
// (or the separator), that nodes are sorted runs ending with a last arc,
// that every child is an earlier node (so the graph is acyclic), that the
// DAWG holds no separator, that the stored word count and the shortest
// and longest word lengths match the DAWG, and that the GADDAG holds one
// entry per tile of those words. It does not re-derive the GADDAG from the
// DAWG entry by entry (a file that passes the checksum and these checks
// but whose GADDAG spells other words is not detected). Every
// failure returns an error wrapping ErrFormat that says what is wrong; Load
// never panics.
func Load(data []byte) (*Lexicon, error) {
	if len(data) >= 4 && string(data[:4]) == zstdMagic {
		dec, err := zstdDecoder()
		if err != nil {
			return nil, fmt.Errorf("%w: zstd: %v", ErrFormat, err)
		}
		raw, err := dec.DecodeAll(data, nil)
		if err != nil {
			return nil, fmt.Errorf("%w: zstd: %v", ErrFormat, err)
		}
		data = raw
	} else if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%w: gzip: %v", ErrFormat, err)
		}
		raw, err := io.ReadAll(io.LimitReader(zr, maxFileSize+1))
		if err != nil {
			return nil, fmt.Errorf("%w: gzip: %v", ErrFormat, err)
		}
		if len(raw) > maxFileSize {
			return nil, fmt.Errorf("%w: decompressed size over %d bytes", ErrFormat, maxFileSize)
		}
		data = raw
	}
	return decode(data)
}

const zstdMagic = "\x28\xb5\x2f\xfd"

// zstdDecoder is shared: DecodeAll is safe for concurrent use.
var zstdDecoder = sync.OnceValues(func() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(maxFileSize))
})

// isPrintable reports whether s is valid UTF-8 without control characters.
func isPrintable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// reader is a bounds-checked cursor over a file image.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) need(n int, what string) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || len(r.b)-r.off < n {
		r.err = fmt.Errorf("%w: truncated at byte %d reading %s", ErrFormat, r.off, what)
		return false
	}
	return true
}

func (r *reader) u8(what string) int {
	if !r.need(1, what) {
		return 0
	}
	r.off++
	return int(r.b[r.off-1])
}

func (r *reader) u16(what string) int {
	if !r.need(2, what) {
		return 0
	}
	r.off += 2
	return int(binary.LittleEndian.Uint16(r.b[r.off-2:]))
}

func (r *reader) u32(what string) uint32 {
	if !r.need(4, what) {
		return 0
	}
	r.off += 4
	return binary.LittleEndian.Uint32(r.b[r.off-4:])
}

func (r *reader) bytes(n int, what string) []byte {
	if !r.need(n, what) {
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

func decode(data []byte) (*Lexicon, error) {
	if len(data) < 8 || string(data[:4]) != fileMagic {
		head := data[:min(len(data), 4)]
		return nil, fmt.Errorf("%w: not a wordengine lexicon (magic %q, want %q)", ErrFormat, head, fileMagic)
	}
	le := binary.LittleEndian
	if v := le.Uint16(data[4:]); v != fileVersion {
		return nil, fmt.Errorf("%w: version %d, this program reads version %d", ErrFormat, v, fileVersion)
	}
	if len(data) < 12 {
		return nil, fmt.Errorf("%w: truncated: %d bytes", ErrFormat, len(data))
	}
	body := data[:len(data)-4]
	if got, want := checksumOf(body), le.Uint32(data[len(data)-4:]); got != want {
		return nil, fmt.Errorf("%w: checksum mismatch (stored %08x, computed %08x): the file is truncated or corrupt", ErrFormat, want, got)
	}
	r := &reader{b: body, off: 8}
	name := string(r.bytes(r.u16("name length"), "name"))
	alphaName := string(r.bytes(r.u16("alphabet name length"), "alphabet name"))
	nl := r.u8("letter count")
	letters := make([]string, 0, nl)
	for i := 0; i < nl && r.err == nil; i++ {
		letters = append(letters, string(r.bytes(r.u8("letter length"), "letter")))
	}
	words := r.u32("word count")
	minLen, maxLen := r.u8("shortest word"), r.u8("longest word")
	dawgRoot, gaddagRoot := r.u32("DAWG root"), r.u32("GADDAG root")
	narcs := r.u32("arc count")
	if r.err != nil {
		return nil, r.err
	}
	if narcs == 0 || narcs > MaxArcs {
		return nil, fmt.Errorf("%w: arc count %d: want 1 to %d", ErrFormat, narcs, MaxArcs)
	}
	raw := r.bytes(4*int(narcs), "arcs")
	if r.err != nil {
		return nil, r.err
	}
	if r.off != len(body) {
		return nil, fmt.Errorf("%w: %d unexpected bytes after the arcs", ErrFormat, len(body)-r.off)
	}
	for _, field := range []struct{ what, text string }{{"name", name}, {"alphabet name", alphaName}} {
		if !isPrintable(field.text) {
			return nil, fmt.Errorf("%w: the %s %q is not printable UTF-8 text", ErrFormat, field.what, field.text)
		}
	}
	alpha, err := NewAlphabet(alphaName, letters)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	arcs := make([]Arc, narcs)
	for i := range arcs {
		arcs[i] = Arc(le.Uint32(raw[4*i:]))
	}
	lx := &Lexicon{
		Name:     name,
		Alphabet: alpha,
		DAWG:     Graph{arcs: arcs, root: Node(dawgRoot)},
		GADDAG:   Graph{arcs: arcs, root: Node(gaddagRoot)},
		words:    int(words),
		minLen:   minLen,
		maxLen:   maxLen,
		checksum: le.Uint32(data[len(data)-4:]),
	}
	if err := lx.validate(); err != nil {
		return nil, err
	}
	return lx, nil
}

// validate checks the structure of the arc array and the roots, and that
// the DAWG holds the stored number of words and the GADDAG one entry per
// tile of them.
func (lx *Lexicon) validate() error {
	arcs := lx.DAWG.arcs
	if arcs[0] != 0 {
		return fmt.Errorf("%w: arc 0 is %#x, want 0", ErrFormat, uint32(arcs[0]))
	}
	if len(arcs) > 1 && !arcs[len(arcs)-1].Last() {
		return fmt.Errorf("%w: the last arc does not end its node", ErrFormat)
	}
	// Node starts: 1 and every index after a last arc. Counts of words and
	// of their total length below each node, filled in index order: every
	// child precedes its parent.
	isStart := make([]bool, len(arcs)+1)
	count := make([]uint64, len(arcs)) // per node start: entries below
	tiles := make([]uint64, len(arcs)) // per node start: total entry length below
	depth := make([]uint8, len(arcs))  // per node start: longest entry below, in tiles
	minDepth := make([]uint8, len(arcs))
	sepBelow := make([]bool, len(arcs)) // per node start: a separator arc below
	size := Tile(lx.Alphabet.Size())
	start := 1
	isStart[1] = len(arcs) > 1
	var c, t uint64
	var dep uint8
	minDep := uint8(255)
	sep := false
	for i := 1; i < len(arcs); i++ {
		a := arcs[i]
		if a.Tile() > size {
			return fmt.Errorf("%w: arc %d: tile %d outside alphabet %s (0..%d)", ErrFormat, i, a.Tile(), lx.Alphabet.Name(), size)
		}
		if i > start && arcs[i-1].Tile() >= a.Tile() {
			return fmt.Errorf("%w: arc %d: tiles of node %d not in increasing order", ErrFormat, i, start)
		}
		ch := int(a.Child())
		if ch != 0 && (ch >= start || !isStart[ch]) {
			return fmt.Errorf("%w: arc %d: child %d is not an earlier node", ErrFormat, i, ch)
		}
		if !a.Word() && ch == 0 {
			return fmt.Errorf("%w: arc %d: leads nowhere and ends no word", ErrFormat, i)
		}
		var w uint64
		if a.Word() {
			w = 1
		}
		c += w + count[ch]
		t += w + tiles[ch] + count[ch] // every entry below the child gains a's tile
		if depth[ch] > MaxWordLen {
			return fmt.Errorf("%w: arc %d: entries longer than %d tiles", ErrFormat, i, MaxWordLen+1)
		}
		dep = max(dep, depth[ch]+1)
		if a.Word() {
			minDep = 1
		} else {
			minDep = min(minDep, minDepth[ch]+1)
		}
		sep = sep || a.Tile() == Separator || sepBelow[ch]
		if a.Last() {
			count[start], tiles[start], depth[start] = c, t, dep
			minDepth[start], sepBelow[start] = minDep, sep
			c, t, dep, minDep, sep = 0, 0, 0, 255, false
			start = i + 1
			isStart[start] = true
		}
	}
	for _, g := range []struct {
		name string
		root Node
	}{{"DAWG", lx.DAWG.root}, {"GADDAG", lx.GADDAG.root}} {
		if g.root != 0 && (int(g.root) >= len(arcs) || !isStart[g.root]) {
			return fmt.Errorf("%w: %s root %d is not a node", ErrFormat, g.name, g.root)
		}
	}
	if got := int(depth[lx.DAWG.root]); got != lx.maxLen {
		return fmt.Errorf("%w: the longest word has %d tiles, the header says %d", ErrFormat, got, lx.maxLen)
	}
	// The DAWG holds letters only (the separator belongs to the GADDAG),
	// and its shortest word is the header's.
	if lx.DAWG.root != 0 && sepBelow[lx.DAWG.root] {
		return fmt.Errorf("%w: the DAWG holds the separator", ErrFormat)
	}
	if got := int(minDepth[lx.DAWG.root]); got != lx.minLen {
		return fmt.Errorf("%w: the shortest word has %d tiles, the header says %d", ErrFormat, got, lx.minLen)
	}
	if got := count[lx.DAWG.root]; got != uint64(lx.words) {
		return fmt.Errorf("%w: the DAWG holds %d words, the header says %d", ErrFormat, got, lx.words)
	}
	// The GADDAG has n entries for every word of n tiles.
	if got, want := count[lx.GADDAG.root], tiles[lx.DAWG.root]; got != want {
		return fmt.Errorf("%w: the GADDAG holds %d entries, want %d (one per tile of every word)", ErrFormat, got, want)
	}
	return nil
}
