# Sourced by Signo's scripts: points JAVA_HOME at a JDK 25 or newer, or stops with a clear message.
signo_java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'
}

signo_find_java() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    local major
    major=$(signo_java_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then
      return 0
    fi
  fi
  local candidate
  for candidate in /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
    local major
    major=$(signo_java_major "$candidate")
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then
      export JAVA_HOME="$candidate"
      return 0
    fi
  done
  echo "signo: no JDK 25 or newer found. Set JAVA_HOME to a JDK 25+ (looked in JAVA_HOME, /usr/lib/jvm, /usr/java, /opt/java, ~/.sdkman)." >&2
  exit 1
}

signo_find_java
export PATH="$JAVA_HOME/bin:$PATH"
