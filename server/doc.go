// Package server is the JSON HTTP API of the engine (`wordengine
// serve`): a computer opponent, ranked hints and held games for every
// game registered with package game, played by any player registered
// with package search. It drives the games through the contracts of
// package game only and never names one; the command registers them.
//
//	srv := server.New(server.Config{MaxThink: 2 * time.Second})
//	defer srv.Close()
//	ln, _ := net.Listen("tcp", "127.0.0.1:8080")
//	err := srv.Run(ctx, ln) // until ctx ends, then drains
//
// # Routes
//
//	GET  /healthz                        state and memory of the server
//	GET  /v1/openapi.json                the OpenAPI 3 document of every route
//	GET  /v1/games                       games, players, lexicons, limits
//	POST /v1/games                       a new game, or a record resumed
//	GET  /v1/games/{id}?seat=N           the game as seat N sees it
//	POST /v1/games/{id}/moves            a move in the game's notation
//	POST /v1/games/{id}/preview          what a move would do, not played
//	POST /v1/games/{id}/computer         a computer player's move (a player, or a level 1-5)
//	GET  /v1/games/{id}/hint             the ranked moves of the seat to move
//	GET  /v1/games/{id}/record           the whole game as a record
//	GET  /v1/games/{id}/commands/{name}  a game's own command (bag)
//	POST /v1/positions/hint              a hint on a position given as text
//	GET  /                               the web page (package web), its files under /web/
//
// A view of a game (Game) carries the position as game.View gives it:
// the board's cells with premiums, stack heights, owners and secured
// cells, the seat's own faces, pieces with their arrows, the cells of
// the last moves marked; the seats, the seat's rack or hand and the bag;
// the history with each move as game.MoveInfo describes it to that seat
// (notation, words, leave, cells). A web page draws each game from it.
//
// Every answer of the API is JSON, errors included (the web page and its
// files are HTML, JavaScript, CSS and SVG): {"error": {"status", "code",
// "message"}}, 400 for a malformed request, 404 for an unknown game or
// route, 413 for a body over 64 KiB, 422 for what the engine refuses (an
// illegal move, with the reason), 503 with Retry-After when busy. A
// handler never answers 500 for a fault of the request.
//
// # Hidden information
//
// A view of a game (Game) holds what its seat may see (game.SeatViewer,
// game.Describer): its own rack, the scores, the moves as that seat
// knows them; never another seat's tiles or faces, the order of the bag,
// or the seed (the whole deal follows from it; only the record tells
// it, for it is the whole game). Searches for the computer and
// hints run on a copy of the position determinized for the seat to move
// (game.Determinizer), so they read nothing that seat cannot see. The
// game's id is its only key: whoever has it can see and play every seat,
// so an application keeps it as it would keep a session.
//
// # Memory
//
// A held game keeps its position only. The moves are generated and
// searched by workers, one per search slot, on their own copies of the
// position (game.Copier, else Clone), whose move generators keep their
// scratch memory (anchor tables, word maps, heaps) from request to
// request; the game takes the new position back without it and is
// compacted (game.Compacter). Lexicons are loaded once by name and shared
// by all games, as are the leave tables of package eval.
//
// # Thinking time and the endgame
//
// A request's budget bounds its search, capped by MaxThink; without one
// a search has MaxThink. static and sim hand an endgame (the bag empty)
// over to the exact solver of package search/endgame (search.Handover),
// which deepens its search until its time runs out and then plays the
// move of the deepest search done (two plies, or the best of the moves a
// second ply cut short searched in full; else the player's own choice).
// The server gives that handover a time of its own, counted from the
// request's arrival (search.WithHandoverTime): the request's budget, or
// EndgameThink (2 ms by default) when it gives none. The time a request
// waits for a worker comes out of it, so that waiting shortens the
// solver's thinking rather than lengthens the answer; with no time left
// the player keeps its own choice at once. In paired self-play the
// handover within 2 ms gains 1.7 points of spread a game over static
// alone, within 20 ms 2.6 (docs/endgame.md); in the load test it costs a
// request a tenth to a quarter more CPU (docs/performance.md). An
// application that can wait gives a budget. A one-tile pre-endgame,
// which needs seconds, is left to the player under half a second
// (search.PreEndgameMinTime). The solvers and their transposition tables
// are lent to one search at a time (package search), so the server holds
// one per worker at most, whatever the players asked for, sized for the
// handover's budget (1 MB at 2 ms); a search finds nothing of the ones
// before it, so its result does not depend on earlier requests.
//
// # Limits
//
// Config bounds the thinking time of any search (MaxThink), the requests
// that generate or search at once (MaxSearches) and those waiting for
// them (MaxQueue; beyond, or after waiting MaxThink, 503), and the games
// held (MaxGames, dropping the game idle for the longest; IdleTTL expires
// unused games). A search stops when its client goes away. Run drains the
// requests in flight when its context ends. No request names a file on
// the server: lexicons are names in the lexicon cache, and a variant or
// player option that names a file is refused.
//
// # Randomness
//
// Every game has a seed (given, or drawn at random); the deal, the
// computer's choices and the hints' determinizations derive from it and
// the number of moves played, so a seed and the same requests give the
// same game.
package server
