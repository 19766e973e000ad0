// Package web is the web page of `wordengine serve`: a game of any
// registered game against the computer (or between people at one
// screen), with hints, in a browser. The page is plain HTML, CSS and
// JavaScript modules, embedded in the binary and served as they are: no
// build step, no external resource (fonts, scripts, styles), no cookie
// or storage. It talks to the server only through the JSON API of
// package server (/v1/...), as any other client would.
//
// The page draws every board from game.View's cells alone (premium
// squares, stack heights, owners and secured cells, the viewer's own
// faces, WordFlow pieces with their arrows, bigrams, edges and jigsaw
// parity, the last move), so a new game gets a drawn board, typed moves
// in its notation, hints, the score sheet and save/resume without any
// change here. Moves made by clicking, dragging or typing on the board are
// composed in the page by a small adapter per family of notation (a
// line of tiles, cells spelling a word, a tile placed or a line claimed,
// a piece placed); a game without one is played by typing its notation.
//
// # Routes
//
//	GET /           the page (index.html)
//	GET /web/NAME   its scripts, style sheet and icon
//
// Every answer carries a Content-Security-Policy that allows this
// origin only, so the page cannot load anything from elsewhere.
package web

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed static
var files embed.FS

// Static returns the page's files: index.html, the JavaScript modules,
// the style sheet and the icon.
func Static() fs.FS {
	sub, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	return sub
}

// Policy is the Content-Security-Policy of every answer: scripts,
// styles, images and requests from this origin only (images also from
// data: and blob: URLs, which the page makes itself), no plugins, no
// frames, no form posts elsewhere.
const Policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Handler serves the page: / answers index.html and /web/NAME the file
// NAME of Static. Other paths are not its to answer: mount it on "GET
// /{$}" and "GET /web/" only.
func Handler() http.Handler {
	static := Static()
	files := http.StripPrefix("/web/", http.FileServerFS(static))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", Policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		// The files change with the binary: a browser asks again each
		// time and gets 304 when nothing changed.
		h.Set("Cache-Control", "no-cache")
		if r.URL.Path == "/" {
			http.ServeFileFS(w, r, static, "index.html")
			return
		}
		files.ServeHTTP(w, r)
	})
}
