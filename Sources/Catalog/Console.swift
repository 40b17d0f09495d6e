import BuildSupport

/// Where `catalog` writes: stdout for the summary people asked for, stderr for errors and warnings;
/// both through `Diagnostics`, the printer every tool uses. A value, so subcommands take it as an
/// argument and tests can see what they were given.
struct Console {
  func out(_ line: String) { Diagnostics.out(line) }
  func error(_ line: String) { Diagnostics.plain(line) }
}
