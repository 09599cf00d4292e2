// Command openapi2jsonschema turns Kubernetes' OpenAPI v2 document (api/openapi-spec/swagger.json)
// into the per-kind JSON schemas kubeconform reads: one file per group, version and kind, named
// <kind>[-<group>]-<version>.json (lower case; the group is its first dotted part, the core group
// has none), as in kubeconform's -schema-location template {{ .ResourceKind }}{{ .KindSuffix }}.json.
//
// It does what the openapi2jsonschema script behind kubeconform's published schemas does, in the
// "strict" flavour:
//   - every object schema with properties gets additionalProperties: false, so a misspelled or
//     misplaced field is an error;
//   - int-or-string values (ports, maxUnavailable) accept a string or an integer;
//   - quantities (cpu: 2, memory: 4Gi) accept a string or a number.
// Each file is self-contained: it carries the definitions it refers to (transitively) under
// "definitions", so the "#/definitions/..." references of the OpenAPI document resolve in place.
//
// usage: go run openapi2jsonschema.go SWAGGER_JSON OUTPUT_DIR
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

const (
	definitionPrefix = "#/definitions/"
	quantity         = "io.k8s.apimachinery.pkg.api.resource.Quantity"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run openapi2jsonschema.go SWAGGER_JSON OUTPUT_DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "openapi2jsonschema:", err)
		os.Exit(1)
	}
}

func run(swaggerPath string, outputDir string) error {
	data, err := os.ReadFile(swaggerPath)
	if err != nil {
		return err
	}
	var document struct {
		Definitions map[string]map[string]any `json:"definitions"`
	}
	if err := json.Unmarshal(data, &document); err != nil {
		return fmt.Errorf("%s: %w", swaggerPath, err)
	}
	if len(document.Definitions) == 0 {
		return fmt.Errorf("%s has no definitions", swaggerPath)
	}

	definitions := make(map[string]any, len(document.Definitions))
	for name, definition := range document.Definitions {
		if name == quantity {
			definitions[name] = map[string]any{
				"description": definition["description"],
				"oneOf":       []any{map[string]any{"type": "string"}, map[string]any{"type": "number"}},
			}
			continue
		}
		definitions[name] = transform(definition)
	}

	if err := os.MkdirAll(outputDir, 0o755); err != nil {
		return err
	}
	written := 0
	names := make([]string, 0, len(document.Definitions))
	for name := range document.Definitions {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		kinds, _ := document.Definitions[name]["x-kubernetes-group-version-kind"].([]any)
		for _, entry := range kinds {
			gvk, _ := entry.(map[string]any)
			group, _ := gvk["group"].(string)
			version, _ := gvk["version"].(string)
			kind, _ := gvk["kind"].(string)
			if kind == "" || version == "" {
				continue
			}
			file := strings.ToLower(kind)
			if group != "" {
				file += "-" + strings.ToLower(strings.Split(group, ".")[0])
			}
			file += "-" + strings.ToLower(version) + ".json"

			schema := map[string]any{"$schema": "http://json-schema.org/draft-07/schema#"}
			for key, value := range definitions[name].(map[string]any) {
				schema[key] = value
			}
			referenced := map[string]any{}
			collectReferences(definitions[name], definitions, referenced)
			if len(referenced) > 0 {
				schema["definitions"] = referenced
			}
			encoded, err := json.MarshalIndent(schema, "", "  ")
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(outputDir, file), encoded, 0o644); err != nil {
				return err
			}
			written++
		}
	}
	if written == 0 {
		return fmt.Errorf("%s defines no kinds", swaggerPath)
	}
	fmt.Printf("openapi2jsonschema: %d kinds written to %s\n", written, outputDir)
	return nil
}

// transform returns a copy of a schema with the strict and int-or-string rules applied at every level.
func transform(value any) any {
	switch typed := value.(type) {
	case map[string]any:
		if format, _ := typed["format"].(string); format == "int-or-string" {
			return map[string]any{
				"description": typed["description"],
				"oneOf":       []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}},
			}
		}
		result := make(map[string]any, len(typed)+1)
		for key, child := range typed {
			if key == "properties" {
				// property names are not schema keywords: transform each property's schema, not the map itself
				properties := map[string]any{}
				for property, schema := range child.(map[string]any) {
					properties[property] = transform(schema)
				}
				result[key] = properties
				continue
			}
			result[key] = transform(child)
		}
		if _, hasProperties := typed["properties"]; hasProperties {
			if _, set := typed["additionalProperties"]; !set {
				result["additionalProperties"] = false
			}
		}
		return result
	case []any:
		result := make([]any, len(typed))
		for i, child := range typed {
			result[i] = transform(child)
		}
		return result
	default:
		return value
	}
}

// collectReferences adds to referenced every definition schema refers to, directly or through other definitions.
func collectReferences(schema any, definitions map[string]any, referenced map[string]any) {
	switch typed := schema.(type) {
	case map[string]any:
		if reference, ok := typed["$ref"].(string); ok && strings.HasPrefix(reference, definitionPrefix) {
			name := strings.TrimPrefix(reference, definitionPrefix)
			if _, seen := referenced[name]; !seen {
				definition, known := definitions[name]
				if !known {
					panic("unknown definition " + name)
				}
				referenced[name] = definition
				collectReferences(definition, definitions, referenced)
			}
		}
		for _, child := range typed {
			collectReferences(child, definitions, referenced)
		}
	case []any:
		for _, child := range typed {
			collectReferences(child, definitions, referenced)
		}
	}
}
