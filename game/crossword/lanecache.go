package crossword

// laneCache keeps the lanes a generator loaded (laneData), by their
// Board.laneKey, so that a lane the last moves left as it was is copied
// instead of loaded again. A simulation plays and undoes a few moves on
// one board, over and over: on its benchmark position, about 92 % of the
// lanes the static player loads were loaded before. Each lane has
// laneWays slots, replaced in turn (replacing the least recently read
// instead saves nothing measurable).
//
// Two different lanes with the same key would make the generator read
// the wrong one. Keys are 64-bit Zobrist hashes (see Board.laneKey) and a
// lookup compares at most laneWays of them, so a false match has odds of
// about 8 in 2^64 a lookup: for a billion lookups (some hours of
// simulation), about 4·10^-10, the risk game engines accept for the
// transposition tables they key the same way. The key covers all that
// laneData holds: the tiles, cross-sets, cross-word flags and
// cross-scores of the lane (the anchors follow from them, the empty
// board apart, which has its own key), and the premiums, which are the
// layout's. The keys are relative to a new board's values, which depend
// on the layout (premiums, start square) and on the alphabet (a square
// with no cross-word allows every letter of it): the cache is emptied
// when any of those changes (CopyFrom may bring another game).
//
// Each entry also holds the windows of the lane's anchors (winSum, by
// square), which the caller works out when load says the entry is fresh;
// they depend on the tile values and the rack size as well, so the cache
// is emptied when those change too.
type laneCache struct {
	prem     *Premium // the board layout the entries were loaded on
	start    int      // its start square
	all      uint64   // the board's alphabet (Board.all)
	values   *int     // its tile values (Board.values)
	rackSize int      // the rack size the windows were worked out for
	key      [2][MaxDim][laneWays]uint64
	ok       [2][MaxDim][laneWays]bool
	data     [2][MaxDim][laneWays]laneData
	sums     [2][MaxDim][laneWays][MaxDim]winSum
	next     [2][MaxDim]uint8 // the slot to replace next
	off      bool             // the cache is off (tests: cacheLanes)
}

// laneWays is the number of versions of each lane a laneCache keeps.
const laneWays = 8

// emptyBoardKey marks the keys of lanes of an empty board, whose one
// anchor is the start square (laneData.load).
const emptyBoardKey = 0x6a09e667f3bcc908

// load sets l to lane k of direction d of board b, from the cache when
// it holds the lane, and returns the entry's anchor windows, fresh when
// the lane was loaded now (their caller works them out for a rack of
// rackSize tiles); nil when b has no layout to cache for.
func (c *laneCache) load(l *laneData, b *Board, d Direction, k, rackSize int) (sums *[MaxDim]winSum, fresh bool) {
	if len(b.prem) == 0 || len(b.values) == 0 || c.off {
		l.load(b, d, k)
		return nil, false
	}
	if c.prem != &b.prem[0] || c.start != b.start || c.all != b.all || c.values != &b.values[0] || c.rackSize != rackSize {
		c.ok = [2][MaxDim][laneWays]bool{}
		c.prem, c.start, c.all, c.values, c.rackSize = &b.prem[0], b.start, b.all, &b.values[0], rackSize
	}
	key := b.laneKey[d][k]
	if b.tiles == 0 {
		key ^= emptyBoardKey
	}
	for w := range laneWays {
		if c.ok[d][k][w] && c.key[d][k][w] == key {
			*l = c.data[d][k][w]
			return &c.sums[d][k][w], false
		}
	}
	l.load(b, d, k)
	w := c.next[d][k]
	c.next[d][k] = (w + 1) % laneWays
	c.key[d][k][w], c.ok[d][k][w] = key, true
	c.data[d][k][w] = *l
	return &c.sums[d][k][w], true
}
