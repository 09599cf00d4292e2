#!/usr/bin/env bash
# Builds the Java runtime layer of Signo's container image into OUT (an extra directory for Jib):
#   OUT/opt/java                  a jlink'ed Java runtime with the modules Signo uses
#   OUT/lib64, OUT/lib/..., ...   the C library files that runtime needs, copied from this build host
# The image's base is `scratch` (no registry is needed to build it), so, like a distroless image,
# it carries exactly these files. The image declares linux/amd64 (Jib's default platform), so the
# build host must be x86_64 Linux with glibc.
#
# usage: build-runtime.sh JDK_HOME OUT
set -euo pipefail
JDK="${1:?usage: build-runtime.sh JDK_HOME OUT}"
OUT="${2:?usage: build-runtime.sh JDK_HOME OUT}"

# What `jdeps -s` reports over engine-server.jar and its runtime class path, plus the modules an
# operator wants at hand in a pod: jcmd (thread dumps, JFR), the HTTP server and client, zipfs,
# DNS naming and the extra charsets.
MODULES=java.base,java.compiler,java.desktop,java.logging,java.management,java.naming,java.net.http,java.rmi,\
java.security.jgss,java.sql,java.transaction.xa,java.xml,jdk.crypto.ec,jdk.httpserver,jdk.jcmd,jdk.jfr,\
jdk.management,jdk.management.jfr,jdk.naming.dns,jdk.net,jdk.unsupported,jdk.zipfs,jdk.charsets

if [ "$(uname -s)" != Linux ] || [ "$(uname -m)" != x86_64 ]; then
  echo "build-runtime.sh: the image (linux/amd64) carries the build host's Java runtime and C library, so it builds on x86_64 Linux only (this is $(uname -s) $(uname -m))" >&2
  exit 1
fi

rm -rf "$OUT"
mkdir -p "$OUT/opt"
"$JDK/bin/jlink" --add-modules "$MODULES" \
  --strip-debug --no-header-files --no-man-pages --compress zip-6 \
  --output "$OUT/opt/java"

# Every shared library the runtime's executables and libraries link, found by the dynamic loader
# of this host, copied to the same path in the image (symbolic links resolved), so the loader in
# the image finds them in its built-in directories without an ld.so.cache.
# The GUI libraries (X11, ALSA, splash screen) are not scanned: they link X11 and ALSA, which the
# image leaves out, and a headless JVM never loads them. libjvm.so is the runtime's own, found
# through the launcher, not the loader.
declare -A copied=()
missing=()
for file in "$OUT"/opt/java/bin/* "$OUT"/opt/java/lib/*.so "$OUT"/opt/java/lib/server/*.so "$OUT"/opt/java/lib/jspawnhelper; do
  [ -f "$file" ] || continue
  case "$(basename "$file")" in libawt_xawt.so|libjawt.so|libsplashscreen.so|libjsound.so) continue ;; esac
  while read -r line; do
    case "$line" in
      "libjvm.so => not found") ;;
      *"=> not found"*)
        missing+=("$(basename "$file"): ${line%% *}")
        ;;
      *"=> /"*)
        path="${line#*=> }"; path="${path%% (*}"
        case "$path" in "$OUT"/*) continue ;; esac
        copied["$path"]=1
        ;;
      /*)
        path="${line%% (*}"
        copied["$path"]=1
        ;;
    esac
  done < <(ldd "$file" 2>/dev/null || true)
done
for path in "${!copied[@]}"; do
  mkdir -p "$OUT$(dirname "$path")"
  cp -L "$path" "$OUT$path"
done

# Java's temporary directory (Kubernetes mounts an emptyDir over it, the root file system being read-only)
mkdir -p "$OUT/tmp"

echo "build-runtime.sh: $(du -sh "$OUT/opt/java" | cut -f1) runtime, ${#copied[@]} C library files: $(printf '%s ' "${!copied[@]}" | tr ' ' '\n' | sort | tr '\n' ' ')"
if [ ${#missing[@]} -gt 0 ]; then
  echo "build-runtime.sh: the runtime links libraries this host lacks: ${missing[*]}" >&2
  exit 1
fi
