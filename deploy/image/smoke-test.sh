#!/usr/bin/env bash
# Proves the image tar runs, without Docker: unpacks its layers into a temporary root, then runs
# the image's entry point there with --version and with one TPC-H query, and checks what they
# print. Like a container runtime, it gives the process its own mount and process namespaces with
# /proc and /dev (the loader resolves the JDK's $ORIGIN through /proc/self/exe), then chroots and,
# as root, drops to the image's user. Needs root, or unprivileged user namespaces (unshare -r).
#
# usage: smoke-test.sh IMAGE.tar EXPECTED_VERSION
set -euo pipefail
TAR="${1:?usage: smoke-test.sh IMAGE.tar EXPECTED_VERSION}"
VERSION="${2:?usage: smoke-test.sh IMAGE.tar EXPECTED_VERSION}"

ROOTFS="$(mktemp -d "${TMPDIR:-/tmp}/signo-image.XXXXXX")"
trap 'rm -rf "$ROOTFS" "$ROOTFS.stderr" "$ROOTFS.server"' EXIT

# docker-save layout: manifest.json names the config and the layers, bottom first
manifest="$(tar -xOf "$TAR" manifest.json)"
config_name="$(printf '%s' "$manifest" | grep -o '"Config":"[^"]*"' | cut -d'"' -f4)"
config="$(tar -xOf "$TAR" "$config_name")"
layers="$(printf '%s' "$manifest" | grep -o '"Layers":\[[^]]*\]' | grep -o '"[^"]*\.tar\.gz"' | tr -d '"')"
[ -n "$layers" ] || { echo "smoke-test.sh: no layers in $TAR" >&2; exit 1; }
for layer in $layers; do
  tar -xOf "$TAR" "$layer" | tar --warning=no-unknown-keyword -xz -C "$ROOTFS"
done
chmod 755 "$ROOTFS"   # mktemp made it 700; the image's user must traverse its root
mkdir -p "$ROOTFS/proc" "$ROOTFS/dev"

# The entry point and environment exactly as the image declares them (JSON arrays of plain strings)
json_array() { printf '%s' "$config" | grep -o "\"$1\":\[[^]]*\]" | sed -e "s/^\"$1\":\[\"//" -e 's/"\]$//' -e 's/","/\n/g'; }
mapfile -t entrypoint < <(json_array Entrypoint)
mapfile -t environment < <(json_array Env)
user="$(printf '%s' "$config" | grep -o '"User":"[^"]*"' | cut -d'"' -f4)"
[ ${#entrypoint[@]} -gt 0 ] || { echo "smoke-test.sh: no entry point in the image's config" >&2; exit 1; }

# In the new namespaces: bind /dev into the root, then exec the rest (env -i with the image's
# environment, chroot into the root, as the image's user when we are root)
IN_NAMESPACE='mount --rbind /dev "$1/dev" && shift && exec "$@"'
ENV="$(command -v env)"; CHROOT="$(command -v chroot)"
if [ "$(id -u)" = 0 ]; then
  run_in_image() { unshare --mount --pid --fork --kill-child --mount-proc="$ROOTFS/proc" bash -c "$IN_NAMESPACE" - "$ROOTFS" \
    "$ENV" -i "${environment[@]}" "$CHROOT" --userspec="$user" "$ROOTFS" "${entrypoint[@]}" "$@"; }
elif unshare -r true 2>/dev/null; then
  run_in_image() { unshare -r --mount --pid --fork --kill-child --mount-proc="$ROOTFS/proc" bash -c "$IN_NAMESPACE" - "$ROOTFS" \
    "$ENV" -i "${environment[@]}" "$CHROOT" "$ROOTFS" "${entrypoint[@]}" "$@"; }
else
  echo "smoke-test.sh: needs root or unprivileged user namespaces to chroot into the image; not run" >&2
  exit 1
fi

echo "smoke-test.sh: image $(du -h "$TAR" | cut -f1) compressed, $(du -sh "$ROOTFS" | cut -f1) unpacked, entry point: ${entrypoint[*]}"
# stdout is checked; stderr (the JVM's "Picked up JAVA_TOOL_OPTIONS" line) is shown on failure
printed="$(run_in_image --version 2>"$ROOTFS.stderr")" || true
if [ "$printed" != "signo $VERSION" ]; then
  echo "smoke-test.sh: 'signo --version' in the image printed '$printed', expected 'signo $VERSION'; stderr:" >&2
  cat "$ROOTFS.stderr" >&2
  exit 1
fi
echo "smoke-test.sh: --version: $printed"

# A query: Calcite, code generation, off-heap pages and the exchanges all run on the jlink'ed runtime
printed="$(run_in_image sql --tpch 0.01 --format csv --threads 2 -e "select count(*) as n from lineitem" 2>"$ROOTFS.stderr")" || true
if ! printf '%s\n' "$printed" | grep -qx '60175'; then
  echo "smoke-test.sh: the TPC-H query in the image printed '$printed', expected the count 60175; stderr:" >&2
  cat "$ROOTFS.stderr" >&2
  exit 1
fi
echo "smoke-test.sh: select count(*) from lineitem (sf 0.01) in the image: 60175"

# The server as the coordinator Deployment runs it: its probe endpoint answers, then SIGTERM stops it.
# Only mount and PID namespaces are new, so the image's 127.0.0.1 is this machine's.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo 18080)"
run_in_image server --port "$port" --tpch 0.01 --threads 2 >"$ROOTFS.server" 2>&1 &
server_pid=$!
info=""
for _ in $(seq 1 300); do
  info="$(curl -fsS "http://127.0.0.1:$port/v1/info" 2>/dev/null)" && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.2
done
# SIGTERM to the server itself, as the kubelet sends it; it must be gone within 15 s
pkill -TERM -u 65532 -f -- "server --port $port " 2>/dev/null || pkill -TERM -f -- "SignoCommand server --port $port " 2>/dev/null || true
for _ in $(seq 1 75); do
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.2
done
if kill -0 "$server_pid" 2>/dev/null; then
  pkill -KILL -f -- "SignoCommand server --port $port " 2>/dev/null || true
  echo "smoke-test.sh: the server in the image did not stop within 15 s of SIGTERM" >&2
  exit 1
fi
if ! printf '%s' "$info" | grep -q '"state" *: *"ACTIVE"'; then
  echo "smoke-test.sh: the server in the image did not answer GET /v1/info on port $port (got '$info'); its output:" >&2
  cat "$ROOTFS.server" >&2
  exit 1
fi
echo "smoke-test.sh: signo server in the image answered GET /v1/info ($(printf '%s' "$info" | tr -d '\n ')) and stopped on SIGTERM"
