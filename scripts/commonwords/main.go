// Command commonwords writes the embedded English common words of
// package lexicon (lexicon.CommonWords) from word lists ranked by size,
// the smallest (most common words) first:
//
//	go run ./scripts/commonwords -out lexicon/embed/en-common.txt.zst \
//	    -header "..." LIST1 LIST2 ...
//
// Each list is a word list of one word a line (a Debian /usr/share/dict
// file); only the lower-case words of 2 to 15 letters a to z are kept,
// upper-cased. scripts/lexicons.sh runs it (make lexicons
// LEXICONS=common) on Debian's wamerican-small, wamerican,
// wamerican-large and wamerican-huge. The output is written to a
// temporary file and renamed when complete.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"

	"wordengine/internal/atomicfile"
	"wordengine/lexicon"
)

func main() {
	out := flag.String("out", "", "the file to write (required)")
	header := flag.String("header", "", "comment lines at the top of the file (\\n between lines)")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: commonwords -out FILE [-header TEXT] LIST...")
		os.Exit(2)
	}
	if err := run(*out, strings.ReplaceAll(*header, `\n`, "\n"), flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "commonwords: %v\n", err)
		os.Exit(1)
	}
}

// plain matches the entries kept: lower-case words of 2 to 15 letters.
var plain = regexp.MustCompile(`^[a-z]{2,15}$`)

func run(out, header string, lists []string) error {
	var tiers [][]string
	for _, path := range lists {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		var words []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if w := strings.TrimSpace(sc.Text()); plain.MatchString(w) {
				words = append(words, strings.ToUpper(w))
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		tiers = append(tiers, words)
	}
	var b bytes.Buffer
	if err := lexicon.WriteCommonWords(&b, header, tiers); err != nil {
		return err
	}
	c, err := lexicon.ReadCommonWords(bytes.NewReader(b.Bytes()))
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(out, b.Bytes(), 0o644); err != nil {
		return err
	}
	var counts []string
	for t := 1; t <= c.Tiers(); t++ {
		counts = append(counts, fmt.Sprintf("tier %d: %d", t, c.Words(t)))
	}
	fmt.Fprintf(os.Stderr, "wrote %s: %d bytes; words by tier (new in each): %s\n", out, b.Len(), strings.Join(counts, ", "))
	return nil
}
