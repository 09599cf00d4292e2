#!/usr/bin/env bash
# Validates Signo's Kubernetes manifests against the Kubernetes API schemas, strictly (an unknown
# or misplaced field is an error), with kubeconform: each file in the directory, then what
# kustomize renders from its kustomization.yaml. Exits non-zero when anything is invalid.
#
# usage: deploy/validate-manifests.sh [DIR]      (default: deploy/kubernetes)
#
# Needs Go, and the first time the Go module proxy: kubeconform and kustomize are installed with
# `go install`, and the API schemas come from the Kubernetes module's OpenAPI document
# (api/openapi-spec/swagger.json, checked against the Go checksum database), converted by
# validate/openapi2jsonschema.go into kubeconform's one-file-per-kind layout. All three are cached
# under ~/.cache/signo (or $XDG_CACHE_HOME/signo), so later runs are offline.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DIR="$(cd "${1:-$HERE/kubernetes}" && pwd)"
KUBERNETES_VERSION=1.31.0
KUBECONFORM_VERSION=v0.7.0
KUSTOMIZE_VERSION=v5.5.0
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/signo"

export PATH="$PATH:/usr/local/go/bin"
if ! command -v go > /dev/null; then
  echo "validate-manifests.sh: needs Go (https://go.dev/dl/) on PATH or in /usr/local/go, to install kubeconform and kustomize and to fetch the Kubernetes API schemas through the Go module proxy" >&2
  exit 1
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# go install PACKAGE@VERSION into the cache as NAME-VERSION, once
installed_tool() {
  local name="$1" package="$2" version="$3"
  local binary="$CACHE/bin/$name-$version"
  if [ ! -x "$binary" ]; then
    echo "validate-manifests.sh: installing $name $version (go install $package@$version)" >&2
    mkdir -p "$CACHE/bin"
    (cd "$WORK" && GOBIN="$WORK/bin" go install "$package@$version") >&2
    mv "$WORK/bin/$name" "$binary"
  fi
  echo "$binary"
}
KUBECONFORM="$(installed_tool kubeconform github.com/yannh/kubeconform/cmd/kubeconform "$KUBECONFORM_VERSION")"
KUSTOMIZE="$(installed_tool kustomize sigs.k8s.io/kustomize/kustomize/v5 "$KUSTOMIZE_VERSION")"

SCHEMAS="$CACHE/kubernetes-json-schema/v$KUBERNETES_VERSION-strict"
if [ ! -f "$SCHEMAS/.complete" ]; then
  echo "validate-manifests.sh: fetching the Kubernetes $KUBERNETES_VERSION API schemas (go mod download k8s.io/kubernetes@v$KUBERNETES_VERSION)" >&2
  module_dir="$(cd "$WORK" && go mod download -json "k8s.io/kubernetes@v$KUBERNETES_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -f "$module_dir/api/openapi-spec/swagger.json" ] || { echo "validate-manifests.sh: no api/openapi-spec/swagger.json in k8s.io/kubernetes@v$KUBERNETES_VERSION ($module_dir)" >&2; exit 1; }
  rm -rf "$SCHEMAS"
  mkdir -p "$(dirname "$SCHEMAS")"
  (cd "$WORK" && go run "$HERE/validate/openapi2jsonschema.go" "$module_dir/api/openapi-spec/swagger.json" "$WORK/schemas") >&2
  touch "$WORK/schemas/.complete"
  mv "$WORK/schemas" "$SCHEMAS"
fi

validate() {
  "$KUBECONFORM" -strict -summary -schema-location "$SCHEMAS/{{ .ResourceKind }}{{ .KindSuffix }}.json" "$@"
}

manifests=()
for file in "$DIR"/*.yaml "$DIR"/*.yml; do
  [ -f "$file" ] || continue
  case "$(basename "$file")" in kustomization.yaml|kustomization.yml) continue ;; esac
  manifests+=("$file")
done
if [ ${#manifests[@]} -eq 0 ]; then
  echo "validate-manifests.sh: no manifests in $DIR" >&2
  exit 1
fi

# The coordinator's worker list (ConfigMap signo-config, worker-addresses) must name exactly the
# StatefulSet's pods, signo-worker-0 ... signo-worker-(replicas-1), on the workers' port:
# the schemas cannot see that, and a mismatch leaves the coordinator waiting for a missing worker.
check_worker_addresses() {
  local rendered="$1" replicas addresses expected="" i
  # one record per YAML document (kustomize sorts keys, so "kind" may come after "data")
  replicas="$(awk 'BEGIN { RS = "\n---\n" } { doc = "\n" $0 "\n" }
    doc ~ /\nkind: StatefulSet\n/ && doc ~ /\n  name: signo-worker\n/ && match(doc, /\n  replicas: [0-9]+/) {
      print substr(doc, RSTART + 13, RLENGTH - 13) }' "$rendered")"
  addresses="$(awk 'BEGIN { RS = "\n---\n" } { doc = "\n" $0 "\n" }
    doc ~ /\nkind: ConfigMap\n/ && match(doc, /\n  worker-addresses: [^\n]*/) {
      print substr(doc, RSTART + 21, RLENGTH - 21) }' "$rendered" | tr -d '"')"
  if [ -z "$replicas" ] || [ -z "$addresses" ]; then
    echo "validate-manifests.sh: no StatefulSet signo-worker or no worker-addresses in the ConfigMap; worker list not checked"
    return 0
  fi
  for ((i = 0; i < replicas; i++)); do
    expected="${expected:+$expected,}signo-worker-$i.signo-worker:7070"
  done
  if [ "$addresses" != "$expected" ]; then
    echo "validate-manifests.sh: worker-addresses is '$addresses', but the StatefulSet's $replicas replicas are '$expected'" >&2
    return 1
  fi
  echo "validate-manifests.sh: worker-addresses names the StatefulSet's $replicas workers"
}

status=0
echo "validate-manifests.sh: ${#manifests[@]} files in $DIR, Kubernetes $KUBERNETES_VERSION schemas, strict"
validate "${manifests[@]}" || status=1
if [ -f "$DIR/kustomization.yaml" ] || [ -f "$DIR/kustomization.yml" ]; then
  echo "validate-manifests.sh: what kustomize builds from $DIR"
  if "$KUSTOMIZE" build "$DIR" > "$WORK/kustomized.yaml"; then
    validate "$WORK/kustomized.yaml" || status=1
    check_worker_addresses "$WORK/kustomized.yaml" || status=1
  else
    echo "validate-manifests.sh: kustomize build $DIR failed" >&2
    status=1
  fi
fi
exit $status
