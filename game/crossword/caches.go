package crossword

// cacheLayer names one of the caches of move generation (see MOVEGEN.md).
// Each keeps answers that the generator could work out again, so none may
// change a move or a bound: the tests switch layers off (generator.off,
// with laneCache.off, mayCache.off and Board.noXMemo for the layers that
// keep their own) and check that generation gives the same moves with any
// combination of them. Every layer is on by default; a knob is read where
// the layer is consulted anyway (once per anchor or rack, or in a branch
// taken only when the cache misses), so that it costs next to nothing.
type cacheLayer uint16

const (
	// cacheTabs: the anchor tables (anchortab.go); off, shadow works
	// every anchor's spans out from the rack.
	cacheTabs cacheLayer = 1 << iota
	// cacheWordMap: the plays of a span and split read from the word map
	// (wordmap.go), best first; off, bounded generation walks the GADDAG
	// by anchors, towards the kept spans only (as with two blanks).
	cacheWordMap
	// cacheRunFits: runFits drops the spans whose anchor run has more
	// letters around it than any word; off, every such span is kept.
	cacheRunFits
	// cacheMay: splitSpan's word-test cache (maycache.go); off, every
	// split's word test is made each time.
	cacheMay
	// cacheLanes: the lane cache and its anchor windows (lanecache.go);
	// off, every lane is loaded from the board and every anchor bounded
	// by windowBound.
	cacheLanes
	// cacheExtMemo: the generator's memo of run extensions (extMemo);
	// off, every run is looked up in the word set.
	cacheExtMemo
	// cacheRuns: the word set's entries of runs (wordSet.ext), shared by
	// the generators on a lexicon; off, each lookup walks the GADDAG
	// afresh.
	cacheRuns
	// cacheSplits: the split sets of the last two racks (splitSet); off,
	// the splits are worked out at every bounded generation.
	cacheSplits
	// cacheCross: the board's cross-set memo (Board.xmemo); off, every
	// cross-set is read from the lexicon.
	cacheCross

	// cacheLayers is the number of layers.
	cacheLayers = iota
)
