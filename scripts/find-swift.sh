# Sourced by setup.sh and test.sh: puts a Swift 6 toolchain on PATH when the shell has none, so
# the README's two commands work where swift was unpacked into /opt/swift and never added to PATH.
if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [ -x "$d/swift" ]; then
      PATH="$d:$PATH"
      export PATH
      break
    fi
  done
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "error: no swift on PATH, in /opt/swift/usr/bin or in /usr/share/swift/usr/bin; install a Swift 6 toolchain first (swift.org's Linux tarball, or the swift:6.x image)" >&2
  exit 69
fi
