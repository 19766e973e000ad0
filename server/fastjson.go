package server

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"

	"wordengine/game"
)

// The answers that carry a game (Game, MoveResult) are encoded by hand:
// exactly the bytes encoding/json writes for them (without HTML
// escaping, as writeJSON asks), the board's cells by a loop and the rest
// of their parts by encoding/json. Reflection spent more time on the 225
// cells of a board than on the rest of the answer together, and a
// json.Marshaler's output would be scanned again; every answer to a move
// carries them. TestFastJSON checks the bytes against encoding/json's on
// the games of every registered game, and that the types have the fields
// written here.

// appendGame appends g as encoding/json writes it.
func appendGame(b []byte, g *Game) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = appendString(b, g.ID)
	b = append(b, `,"game":`...)
	b = appendString(b, g.Game)
	b = append(b, `,"variant":`...)
	b = appendString(b, g.Variant)
	b = append(b, `,"lexicon":`...)
	b = appendString(b, g.Lexicon)
	b = append(b, `,"seats":`...)
	b = strconv.AppendInt(b, int64(g.Seats), 10)
	b = append(b, `,"players":`...)
	if b, err = appendValue(b, g.Players); err != nil {
		return b, err
	}
	b = append(b, `,"seat":`...)
	b = appendIntPtr(b, g.Seat)
	b = append(b, `,"ply":`...)
	b = strconv.AppendInt(b, int64(g.Ply), 10)
	b = append(b, `,"to_move":`...)
	b = strconv.AppendInt(b, int64(g.ToMove), 10)
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, g.Over)
	if len(g.Winners) > 0 {
		b = append(b, `,"winners":`...)
		if b, err = appendValue(b, g.Winners); err != nil {
			return b, err
		}
	}
	b = append(b, `,"scores":`...)
	if b, err = appendValue(b, g.Scores); err != nil {
		return b, err
	}
	if g.LegalMoves != nil {
		b = append(b, `,"legal_moves":`...)
		b = appendIntPtr(b, g.LegalMoves)
	}
	b = append(b, `,"last_move":`...)
	if b, err = appendValue(b, g.LastMove); err != nil {
		return b, err
	}
	b = append(b, `,"history":`...)
	if b, err = appendValue(b, g.History); err != nil {
		return b, err
	}
	b = append(b, `,"position":`...)
	if b, err = appendView(b, g.Position); err != nil {
		return b, err
	}
	if g.Text != "" {
		b = append(b, `,"text":`...)
		b = appendString(b, g.Text)
	}
	return append(b, '}'), nil
}

// appendMoveResult appends r as encoding/json writes it.
func appendMoveResult(b []byte, r *MoveResult) ([]byte, error) {
	var err error
	b = append(b, `{"played":`...)
	if b, err = appendValue(b, &r.Played); err != nil {
		return b, err
	}
	b = append(b, `,"think_ms":`...)
	if b, err = appendValue(b, r.ThinkMS); err != nil {
		return b, err
	}
	b = append(b, `,"game":`...)
	if b, err = appendGame(b, &r.Game); err != nil {
		return b, err
	}
	return append(b, '}'), nil
}

// appendView appends v (nil: null) as encoding/json writes a game.View.
func appendView(b []byte, v *game.View) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	var err error
	b = append(b, `{"game":`...)
	b = appendString(b, v.Game)
	b = appendStringField(b, `,"variant":`, v.Variant)
	b = append(b, `,"viewer":`...)
	b = strconv.AppendInt(b, int64(v.Viewer), 10)
	b = append(b, `,"to_move":`...)
	b = strconv.AppendInt(b, int64(v.ToMove), 10)
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, v.Over)
	b = append(b, `,"seats":`...)
	if b, err = appendValue(b, v.Seats); err != nil {
		return b, err
	}
	b = append(b, `,"rows":`...)
	b = strconv.AppendInt(b, int64(v.Rows), 10)
	b = append(b, `,"cols":`...)
	b = strconv.AppendInt(b, int64(v.Cols), 10)
	b = append(b, `,"cells":`...)
	b = appendCells(b, v.Cells)
	if len(v.Hand) > 0 {
		b = append(b, `,"hand":`...)
		b = appendCells(b, v.Hand)
	}
	b = appendStringField(b, `,"hand_text":`, v.HandText)
	b = appendStringField(b, `,"hand_name":`, v.HandName)
	b = append(b, `,"pool":`...)
	b = strconv.AppendInt(b, int64(v.Pool), 10)
	b = appendStringField(b, `,"pool_name":`, v.PoolName)
	b = appendStringField(b, `,"tile_name":`, v.TileName)
	b = append(b, `,"unseen":`...)
	b = strconv.AppendInt(b, int64(v.Unseen), 10)
	if len(v.Status) > 0 {
		b = append(b, `,"status":`...)
		if b, err = appendValue(b, v.Status); err != nil {
			return b, err
		}
	}
	if v.Last != nil {
		b = append(b, `,"last":`...)
		if b, err = appendValue(b, v.Last); err != nil {
			return b, err
		}
	}
	if len(v.Winners) > 0 {
		b = append(b, `,"winners":`...)
		if b, err = appendValue(b, v.Winners); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// appendCells appends cells (nil: null) as encoding/json writes a
// []game.Cell.
func appendCells(b []byte, cells []game.Cell) []byte {
	if cells == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range cells {
		if i > 0 {
			b = append(b, ',')
		}
		c := &cells[i]
		b = append(b, '{')
		n := len(b)
		b = appendStringField(b, `,"letter":`, c.Letter)
		b = appendBoolField(b, `,"blank":true`, c.Blank)
		b = appendIntField(b, `,"points":`, c.Points)
		b = appendStringField(b, `,"premium":`, c.Premium)
		b = appendBoolField(b, `,"start":true`, c.Start)
		b = appendIntField(b, `,"height":`, c.Height)
		if c.Owner != nil {
			b = append(b, `,"owner":`...)
			b = strconv.AppendInt(b, int64(*c.Owner), 10)
		}
		b = appendBoolField(b, `,"secured":true`, c.Secured)
		b = appendStringField(b, `,"arrows":`, c.Arrows)
		b = appendStringField(b, `,"side":`, c.Side)
		b = appendStringField(b, `,"parity":`, c.Parity)
		b = appendBoolField(b, `,"last":true`, c.Last)
		if len(b) > n {
			// The first field's comma goes.
			b = append(b[:n], b[n+1:]...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendStringField appends key (its comma first) and s, unless s is
// empty (omitempty).
func appendStringField(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return appendString(append(b, key...), s)
}

func appendBoolField(b []byte, field string, v bool) []byte {
	if !v {
		return b
	}
	return append(b, field...)
}

func appendIntField(b []byte, key string, v int) []byte {
	if v == 0 {
		return b
	}
	return strconv.AppendInt(append(b, key...), int64(v), 10)
}

func appendIntPtr(b []byte, p *int) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, int64(*p), 10)
}

// appendString appends s as a JSON string: as it is when it is printable
// ASCII without a quote or a backslash (the games' letters, premiums,
// names), else as encoding/json writes it.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			b, _ = appendValue(b, s) // a string always encodes
			return b
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// encoders holds the encoders of appendValue.
var encoders = sync.Pool{New: func() any {
	e := &valueEncoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}}

type valueEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

// appendValue appends v as encoding/json writes it without HTML
// escaping.
func appendValue(b []byte, v any) ([]byte, error) {
	e := encoders.Get().(*valueEncoder)
	defer encoders.Put(e)
	e.buf.Reset()
	if err := e.enc.Encode(v); err != nil {
		return b, err
	}
	return append(b, bytes.TrimSuffix(e.buf.Bytes(), []byte("\n"))...), nil
}
