package main

// The simulation player registers itself as "sim" (search/sim): every
// command that takes a player spec (selfplay --players, play --level,
// hint --player) can name it.
import _ "wordengine/search/sim"
