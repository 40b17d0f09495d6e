/// Every process exit status the tools use, in one place (sysexits.h names).
public enum ExitCode: Int32, Sendable, Comparable {
  /// Written, or unchanged.
  case ok = 0
  /// `catalog diff`: the inputs differ (diff(1) style).
  case different = 1
  /// `catalog diff`: trouble reading the inputs (diff(1) style).
  case trouble = 2
  /// Bad command line.
  case usage = 64
  /// The catalogue failed validation or the input is malformed; nothing was written.
  case invalid = 65
  /// The network was needed but not allowed (`--no-network` with a cold cache), or a host refused us.
  case unavailable = 69
  /// A broken invariant in our own code.
  case software = 70
  /// Reading or writing a file failed.
  case io = 74
  /// The `--max-time` budget ran out: the run is incomplete, nothing was written, the cache keeps
  /// what was fetched; run again to continue (EX_TEMPFAIL).
  case tempfail = 75

  public static func < (a: ExitCode, b: ExitCode) -> Bool { a.severity < b.severity }

  /// Order used to pick the worst of several builds' codes.
  var severity: Int {
    switch self {
    case .ok: 0
    case .different: 1
    case .trouble: 2
    // Below every failure: "run again" needs no person, a failure does.
    case .tempfail: 3
    case .invalid: 5
    case .unavailable: 6
    case .io: 8
    case .usage: 9
    case .software: 10
    }
  }
}
