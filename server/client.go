package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Client calls the API of a server at BaseURL ("http://127.0.0.1:8080").
// Its methods return an *APIError for every answer that is not a success.
// The zero HTTP uses http.DefaultClient.
type Client struct {
	BaseURL string
	HTTP    *http.Client
}

// APIError is an error answer of the server.
type APIError struct {
	// Status is the HTTP status; Code and Message the error body's.
	Status  int
	Code    string
	Message string
	// RetryAfter is the Retry-After header of a 503, in seconds.
	RetryAfter int
}

func (e *APIError) Error() string {
	return fmt.Sprintf("server: %d %s: %s", e.Status, e.Code, e.Message)
}

// Games returns what the server offers: games, players, lexicons, limits.
func (c *Client) Games(ctx context.Context) (*Catalog, error) {
	var out Catalog
	return &out, c.do(ctx, http.MethodGet, "/v1/games", nil, &out)
}

// Create starts a game and returns it as seat (nil: a spectator) sees it.
func (c *Client) Create(ctx context.Context, req CreateRequest, seat *int) (*Game, error) {
	var out Game
	return &out, c.do(ctx, http.MethodPost, "/v1/games"+seatQuery(seat), req, &out)
}

// Game returns game id as seat (nil: a spectator) sees it.
func (c *Client) Game(ctx context.Context, id string, seat *int) (*Game, error) {
	var out Game
	return &out, c.do(ctx, http.MethodGet, "/v1/games/"+url.PathEscape(id)+seatQuery(seat), nil, &out)
}

// Move plays move (in the game's notation) for seat, and returns the
// game as that seat sees it after.
func (c *Client) Move(ctx context.Context, id string, seat int, move string) (*MoveResult, error) {
	var out MoveResult
	return &out, c.do(ctx, http.MethodPost, "/v1/games/"+url.PathEscape(id)+"/moves", MoveRequest{Seat: &seat, Move: move}, &out)
}

// Computer lets a computer player move for the seat to move, and returns
// its move and the game as viewer (nil: a spectator) sees it after.
func (c *Client) Computer(ctx context.Context, id string, req ComputerRequest, viewer *int) (*MoveResult, error) {
	var out MoveResult
	return &out, c.do(ctx, http.MethodPost, "/v1/games/"+url.PathEscape(id)+"/computer"+seatQuery(viewer), req, &out)
}

// HintOptions are the query of a hint: the seat asking (nil: the seat to
// move), how many moves (0: the server's default), the player ranking
// them ("": static) and its thinking time ("": the server's cap).
type HintOptions struct {
	Seat   *int
	Top    int
	Player string
	Budget string
}

// Hint returns the ranked moves of the seat to move of game id.
func (c *Client) Hint(ctx context.Context, id string, o HintOptions) (*HintResult, error) {
	q := url.Values{}
	if o.Seat != nil {
		q.Set("seat", strconv.Itoa(*o.Seat))
	}
	if o.Top > 0 {
		q.Set("top", strconv.Itoa(o.Top))
	}
	if o.Player != "" {
		q.Set("player", o.Player)
	}
	if o.Budget != "" {
		q.Set("budget", o.Budget)
	}
	path := "/v1/games/" + url.PathEscape(id) + "/hint"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	var out HintResult
	return &out, c.do(ctx, http.MethodGet, path, nil, &out)
}

// Health returns the server's state and memory.
func (c *Client) Health(ctx context.Context) (*Health, error) {
	var out Health
	return &out, c.do(ctx, http.MethodGet, "/healthz", nil, &out)
}

func seatQuery(seat *int) string {
	if seat == nil {
		return ""
	}
	return "?seat=" + strconv.Itoa(*seat)
}

// do sends a request with body in JSON (none when nil) and decodes the
// answer into out.
func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	data, err := c.send(ctx, method, path, body)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("server: %s %s: decoding the answer: %w", method, path, err)
	}
	return nil
}

// send sends a request with body in JSON (none when nil) and returns the
// answer's body, or an *APIError for an answer that is not a success.
func (c *Client) send(ctx context.Context, method, path string, body any) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.BaseURL, "/")+path, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		ae := &APIError{Status: resp.StatusCode, Message: strings.TrimSpace(string(data))}
		var eb ErrorBody
		if json.Unmarshal(data, &eb) == nil && eb.Error.Code != "" {
			ae.Code, ae.Message = eb.Error.Code, eb.Error.Message
		}
		ae.RetryAfter, _ = strconv.Atoi(resp.Header.Get("Retry-After"))
		return nil, ae
	}
	return data, nil
}
