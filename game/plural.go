package game

import (
	"fmt"
	"strings"
)

// Plural writes n and noun, the noun in the plural unless n is 1 or -1:
// "1 legal move", "3 legal moves", "1 ply", "2 plies", "2 searches".
// The plural is the usual English one of the noun's last word (PluralOf).
func Plural(n int, noun string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %s", n, PluralOf(noun))
}

// PluralOf returns the plural of noun by the regular English rules for its
// last word: a consonant and y become "ies" (ply, plies), a word ending
// in s, x, z, ch or sh takes "es" (search, searches), any other "s".
func PluralOf(noun string) string {
	switch n := len(noun); {
	case n >= 2 && noun[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(noun[n-2])):
		return noun[:n-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "z"),
		strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}

// PluralOfTotal writes "n of total noun", the noun agreeing with total:
// "0 of 1 game", "1 of 3 games".
func PluralOfTotal(n, total int, noun string) string {
	return fmt.Sprintf("%d of %s", n, Plural(total, noun))
}
