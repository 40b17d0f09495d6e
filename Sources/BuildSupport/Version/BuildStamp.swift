// Written by scripts/stamp-version.sh (setup.sh calls it before building). The copy in
// git says "unstamped": a binary built without the script says so instead of naming a wrong commit.
enum BuildStamp {
  static let commit = "unstamped"
}
