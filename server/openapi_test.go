package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"wordengine/game"
)

// schemaTypes ties the OpenAPI document's schemas to the Go types whose
// JSON they describe: the test checks that both have the same fields.
var schemaTypes = map[string]any{
	"Error":               ErrorBody{},
	"ErrorDetail":         ErrorDetail{},
	"Health":              Health{},
	"Catalog":             Catalog{},
	"GameSpec":            GameSpec{},
	"Limits":              Limits{},
	"CreateRequest":       CreateRequest{},
	"GameInfo":            GameInfo{},
	"Game":                Game{},
	"PlayedMove":          PlayedMove{},
	"MoveRequest":         MoveRequest{},
	"ComputerRequest":     ComputerRequest{},
	"MoveResult":          MoveResult{},
	"HintResult":          HintResult{},
	"HintMove":            HintMove{},
	"PositionHintRequest": PositionHintRequest{},
	"RecordResult":        RecordResult{},
	"View":                game.View{},
	"Cell":                game.Cell{},
	"Seat":                game.Seat{},
	"MoveInfo":            game.MoveInfo{},
	"PreviewResult":       PreviewResult{},
	"PositionHintResult":  PositionHintResult{},
	"VariantOption":       VariantOption{},
	"CommandSpec":         CommandSpec{},
	"CommandResult":       CommandResult{},
}

// jsonFields returns the JSON names of t's fields, embedded structs'
// included.
func jsonFields(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			out = append(out, jsonFields(ft)...)
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

type openAPIDoc struct {
	OpenAPI    string                                `json:"openapi"`
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components struct {
		Schemas map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		} `json:"schemas"`
		Parameters map[string]json.RawMessage `json:"parameters"`
		Responses  map[string]json.RawMessage `json:"responses"`
	} `json:"components"`
}

// TestOpenAPI checks the OpenAPI document against the server: every
// route served is documented and every documented route is served; every
// reference resolves; each schema lists exactly the JSON fields of its Go
// type; the server serves the committed document.
func TestOpenAPI(t *testing.T) {
	var doc openAPIDoc
	if err := json.Unmarshal(openAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Errorf("openapi %q: want 3.x", doc.OpenAPI)
	}
	srv := New(Config{})
	defer srv.Close()
	var served, documented []string
	for _, r := range srv.Routes() {
		served = append(served, r)
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			switch method {
			case "get", "post", "put", "delete", "patch":
				documented = append(documented, strings.ToUpper(method)+" "+path)
			}
		}
	}
	sort.Strings(served)
	sort.Strings(documented)
	for _, r := range served {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is served but not documented", r)
		}
	}
	for _, r := range documented {
		if !slices.Contains(served, r) {
			t.Errorf("route %s is documented but not served", r)
		}
	}
	// Every $ref resolves.
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				parts := strings.Split(strings.TrimPrefix(ref, "#/components/"), "/")
				ok := len(parts) == 2
				if ok {
					switch parts[0] {
					case "schemas":
						_, ok = doc.Components.Schemas[parts[1]]
					case "parameters":
						_, ok = doc.Components.Parameters[parts[1]]
					case "responses":
						_, ok = doc.Components.Responses[parts[1]]
					default:
						ok = false
					}
				}
				if !ok {
					t.Errorf("reference %s does not resolve", ref)
				}
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	var all any
	if err := json.Unmarshal(openAPI, &all); err != nil {
		t.Fatal(err)
	}
	walk(all)
	// Each schema has its Go type's fields.
	for name, sch := range doc.Components.Schemas {
		v, ok := schemaTypes[name]
		if !ok {
			t.Errorf("schema %s: no Go type in schemaTypes", name)
			continue
		}
		want := jsonFields(reflect.TypeOf(v))
		var got []string
		for p := range sch.Properties {
			got = append(got, p)
		}
		sort.Strings(want)
		sort.Strings(got)
		if !slices.Equal(got, want) {
			t.Errorf("schema %s has properties %q; its Go type %T has JSON fields %q", name, got, v, want)
		}
		for _, r := range sch.Required {
			if !slices.Contains(want, r) {
				t.Errorf("schema %s requires %q, which %T does not have", name, r, v)
			}
		}
	}
	for name := range schemaTypes {
		if _, ok := doc.Components.Schemas[name]; !ok {
			t.Errorf("Go type of schema %s: no such schema in openapi.json", name)
		}
	}
	// The server serves the document.
	_, c := testServer(t, Config{})
	status, _, body := call(t, c, "GET", "/v1/openapi.json", "", "")
	if status != http.StatusOK || !bytes.Equal(body, openAPI) {
		t.Errorf("GET /v1/openapi.json: %d, %d bytes; want 200 and the committed document", status, len(body))
	}
}

// schemaCheck checks value v, decoded JSON, against schema s of the
// OpenAPI document doc (the JSON Schema keywords the document uses:
// $ref, type, properties, additionalProperties, required, items, oneOf),
// and returns the problems found, each with its path.
func schemaCheck(doc map[string]any, s map[string]any, v any, path string) []string {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/components/schemas/")
		sch, _ := doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
		if sch == nil {
			return []string{path + ": unresolved " + ref}
		}
		return schemaCheck(doc, sch, v, path)
	}
	if alts, ok := s["oneOf"].([]any); ok {
		var all []string
		for _, a := range alts {
			probs := schemaCheck(doc, a.(map[string]any), v, path)
			if len(probs) == 0 {
				return nil
			}
			all = append(all, probs...)
		}
		return append([]string{path + ": matches none of oneOf"}, all...)
	}
	if t, ok := s["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		if !slices.ContainsFunc(types, func(t string) bool { return jsonTypeIs(t, v) }) {
			return []string{fmt.Sprintf("%s: %v is not of type %v", path, v, types)}
		}
	}
	var probs []string
	switch v := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for k, x := range v {
			ps, ok := props[k].(map[string]any)
			if !ok {
				if s["additionalProperties"] == false {
					probs = append(probs, path+": field "+k+" is not in the schema")
				}
				continue
			}
			probs = append(probs, schemaCheck(doc, ps, x, path+"."+k)...)
		}
		if req, ok := s["required"].([]any); ok {
			for _, r := range req {
				if _, ok := v[r.(string)]; !ok {
					probs = append(probs, path+": required field "+r.(string)+" missing")
				}
			}
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range v {
				probs = append(probs, schemaCheck(doc, items, x, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	return probs
}

func jsonTypeIs(t string, v any) bool {
	switch t {
	case "null":
		return v == nil
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	}
	return false
}

// TestAnswersMatchOpenAPI checks real answers of every route, for every
// game, against the schemas the document gives them.
func TestAnswersMatchOpenAPI(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(openAPI, &doc); err != nil {
		t.Fatal(err)
	}
	_, c := testServer(t, Config{})
	check := func(schema, method, path, body string, status int) map[string]any {
		t.Helper()
		got, _, data := call(t, c, method, path, "application/json", body)
		if got != status {
			t.Fatalf("%s %s: %d %s; want %d", method, path, got, data, status)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		for _, p := range schemaCheck(doc, map[string]any{"$ref": "#/components/schemas/" + schema}, v, schema) {
			t.Errorf("%s %s: %s", method, path, p)
		}
		m, _ := v.(map[string]any)
		return m
	}
	check("Catalog", "GET", "/v1/games", "", 200)
	check("Health", "GET", "/healthz", "", 200)
	check("Error", "GET", "/v1/games/nope", "", 404)
	for _, name := range []string{"wwf", "scrabble", "upwords", "wordblock", "twoway", "wordflow"} {
		g := check("Game", "POST", "/v1/games?seat=0", `{"game":"`+name+`","seed":5}`, 201)
		id := "/v1/games/" + g["id"].(string)
		check("Game", "GET", id, "", 200)
		for range 3 {
			check("MoveResult", "POST", id+"/computer?seat=1", `{"player":"greedy"}`, 200)
		}
		for _, q := range []string{"", "?seat=0", "?seat=1"} {
			check("Game", "GET", id+q, "", 200)
		}
		h := check("HintResult", "GET", id+"/hint?top=2&player=greedy", "", 200)
		move := h["moves"].([]any)[0].(map[string]any)["move"].(string)
		mover := int(h["seat"].(float64))
		mj, _ := json.Marshal(MoveRequest{Seat: &mover, Move: move})
		check("PreviewResult", "POST", id+"/preview", string(mj), 200)
		check("Error", "POST", id+"/moves", fmt.Sprintf(`{"seat":%d,"move":"qqq zzz"}`, mover), 422)
		rec := check("RecordResult", "GET", id+"/record", "", 200)
		rj, _ := json.Marshal(CreateRequest{Record: rec["record"].(string)})
		check("Game", "POST", "/v1/games", string(rj), 201)
	}
	check("PositionHintResult", "POST", "/v1/positions/hint", `{"game":"wwf","top":2,"position":"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"}`, 200)
	g := check("Game", "POST", "/v1/games", `{"game":"wwf","seed":5}`, 201)
	check("CommandResult", "GET", "/v1/games/"+g["id"].(string)+"/commands/bag?seat=0", "", 200)
	check("HintResult", "GET", "/v1/games/"+g["id"].(string)+"/hint?top=2&player=sim:iterations=20,plies=1", "", 200)
}
