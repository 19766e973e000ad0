package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"wordengine/game"
)

// apiError is an error answered to the client: an HTTP status, a code
// that programs match, and a message for people.
type apiError struct {
	status     int
	code       string
	msg        string
	retryAfter int // seconds, for 503
}

func (e *apiError) Error() string { return e.msg }

// prefixed returns err, an *apiError, with its message after prefix.
func prefixed(prefix string, err error) error {
	if ae, ok := errors.AsType[*apiError](err); ok {
		c := *ae
		c.msg = prefix + c.msg
		return &c
	}
	return err
}

// errorf returns an apiError with status and code.
func errorf(status int, code, format string, args ...any) error {
	return &apiError{status: status, code: code, msg: fmt.Sprintf(format, args...)}
}

// badRequest is a malformed request: 400.
func badRequest(format string, args ...any) error {
	return errorf(http.StatusBadRequest, "bad_request", format, args...)
}

// unprocessable is a well-formed request the server cannot act on (an
// unknown game or player, an illegal move, a bad position): 422.
func unprocessable(code, format string, args ...any) error {
	return errorf(http.StatusUnprocessableEntity, code, format, args...)
}

// ErrorBody is the JSON body of every error answer.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong: Code is stable for programs
// (bad_request, not_found, illegal_move, busy, ...), Message is for
// people and says what and where.
type ErrorDetail struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// writeError answers err: an *apiError as it says, anything else as a
// 500 (a fault of the server; handlers return apiErrors for every fault
// of the request).
func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ae = &apiError{status: http.StatusInternalServerError, code: "internal", msg: "internal error: " + err.Error()}
	}
	if ae.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ae.retryAfter))
	}
	writeJSON(w, ae.status, ErrorBody{Error: ErrorDetail{Status: ae.status, Code: ae.code, Message: ae.msg}})
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := jsonBuffers.Get().(*bytes.Buffer)
	defer putJSONBuffer(buf)
	var err error
	switch v := v.(type) {
	case Game: // the answers that carry a board (fastjson.go)
		err = appendTo(buf, func(b []byte) ([]byte, error) { return appendGame(b, &v) })
	case MoveResult:
		err = appendTo(buf, func(b []byte) ([]byte, error) { return appendMoveResult(b, &v) })
	default:
		enc := json.NewEncoder(buf)
		enc.SetEscapeHTML(false)
		err = enc.Encode(v)
	}
	if err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		fmt.Fprintf(buf, `{"error":{"status":500,"code":"internal","message":%q}}`+"\n", "encoding the answer: "+err.Error())
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// appendTo appends to buf what f appends to its bytes, and a newline (as
// json.Encoder ends a value).
func appendTo(buf *bytes.Buffer, f func([]byte) ([]byte, error)) error {
	b, err := f(buf.AvailableBuffer())
	if err != nil {
		return err
	}
	buf.Write(append(b, '\n'))
	return nil
}

// jsonBuffers holds the buffers answers are encoded in, so that an
// answer (tens of kilobytes for a game late in play) does not grow a new
// one from nothing.
var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledBuffer is the largest buffer kept for the next answer.
const maxPooledBuffer = 1 << 20

func putJSONBuffer(b *bytes.Buffer) {
	if b.Cap() > maxPooledBuffer {
		return
	}
	b.Reset()
	jsonBuffers.Put(b)
}

// decodeBody reads r's JSON body into v: at most MaxBody bytes (413
// beyond), one JSON object, no unknown fields (400 naming the field or the
// offset of the syntax error). An empty body is an empty object.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, _ := strings.Cut(ct, ";")
		if mt = strings.TrimSpace(strings.ToLower(mt)); mt != "application/json" {
			return errorf(http.StatusUnsupportedMediaType, "unsupported_media_type", "Content-Type %q: send application/json", ct)
		}
	}
	body := http.MaxBytesReader(w, r.Body, MaxBody)
	data, err := io.ReadAll(body)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return errorf(http.StatusRequestEntityTooLarge, "too_large", "request body over %d bytes", MaxBody)
		}
		return badRequest("reading the request body: %v", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("request body: %s", jsonProblem(data, err))
	}
	if dec.More() {
		return badRequest("request body: more than one JSON value")
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		return badRequest("request body: data after the JSON object")
	}
	return nil
}

// jsonProblem says what is wrong with a JSON document in a user's words:
// where the syntax breaks, which field has the wrong type, which field is
// unknown.
func jsonProblem(data []byte, err error) string {
	if _, ok := errors.AsType[*json.SyntaxError](err); ok {
		// "line L, column C: not JSON: unexpected 'x' where ...", as
		// records' errors say it.
		return game.JSONProblem(data, err)
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		if te.Field == "" {
			return fmt.Sprintf("want a JSON object, got %s", te.Value)
		}
		t := te.Type
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if k := t.Kind(); strings.HasPrefix(te.Value, "number") && k >= reflect.Int && k <= reflect.Float64 {
			// A number out of the field's range or not whole: game's
			// words say which numbers it takes.
			return game.JSONProblem(data, err)
		}
		return fmt.Sprintf("field %q: want %s, got %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return "the JSON ends too early"
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown field " + f
	}
	return strings.TrimPrefix(msg, "json: ")
}

// jsonKind names a Go kind as JSON calls it.
func jsonKind(k string) string {
	switch k {
	case "string":
		return "a string"
	case "slice", "array":
		return "an array"
	case "struct", "map":
		return "an object"
	case "bool":
		return "true or false"
	}
	return "a number"
}
