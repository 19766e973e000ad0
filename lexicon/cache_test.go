package lexicon

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCache(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"sowpods.lex", "sowpods.lex.zst", "upwords-en.lex.gz", "notes.txt", ".lex"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.lex"), 0o755); err != nil {
		t.Fatal(err)
	}
	names, err := CachedNames(dir)
	if err != nil || !slices.Equal(names, []string{"sowpods", "upwords-en"}) {
		t.Fatalf("CachedNames = %q, %v; want [sowpods upwords-en]", names, err)
	}
	if names, err := CachedNames(filepath.Join(dir, "missing")); err != nil || names != nil {
		t.Errorf("CachedNames(missing dir) = %q, %v; want none", names, err)
	}
	for _, tc := range []struct{ name, want string }{
		{"sowpods", "sowpods.lex"}, // .lex is preferred
		{"upwords-en", "upwords-en.lex.gz"},
	} {
		p, err := CachePath(dir, tc.name)
		if err != nil || p != filepath.Join(dir, tc.want) {
			t.Errorf("CachePath(%q) = %q, %v; want %s", tc.name, p, err, tc.want)
		}
	}
	for _, name := range []string{"", "nope", "dir", "../sowpods", "a/b", `a\b`, "sowpods.lex"} {
		p, err := CachePath(dir, name)
		if !errors.Is(err, ErrNotCached) {
			t.Errorf("CachePath(%q) = %q, %v; want ErrNotCached", name, p, err)
		}
	}
	_, err = CachePath(dir, "nope")
	if !strings.Contains(err.Error(), "cached: sowpods, upwords-en") {
		t.Errorf("CachePath's error %q does not list the cached names", err)
	}
}

func TestCacheDir(t *testing.T) {
	d, err := CacheDir(func(k string) string {
		if k == EnvCache {
			return "/somewhere"
		}
		return ""
	})
	if err != nil || d != "/somewhere" {
		t.Errorf("CacheDir with %s set = %q, %v", EnvCache, d, err)
	}
	for _, name := range []string{"", "default", "en", DefaultName} {
		if !IsEmbeddedName(name) {
			t.Errorf("IsEmbeddedName(%q) = false", name)
		}
	}
	if IsEmbeddedName("sowpods") {
		t.Error("IsEmbeddedName(sowpods) = true")
	}
}
