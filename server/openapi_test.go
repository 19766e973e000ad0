package server

import (
	"bytes"
	"encoding/json"
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
