/// Why an index script could not be read. Every case names the script and, where there is one, the
/// line, so a person can open the file at the right place.
public enum PopBoksIndexScriptError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No `var <name> = …;` outside the comment lines.
  case missingArray(script: String, name: String)
  /// The literal after `var <name> =` is not well formed (unbalanced, a stray token, no `;`).
  case malformed(script: String, line: Int, name: String, reason: String)
  /// The literal is well formed but an entry does not have the shape the spec gives.
  case badEntry(script: String, line: Int, name: String, reason: String)
  /// The array was there but nothing usable came out of it.
  case empty(script: String, name: String)

  public var description: String {
    switch self {
    case .missingArray(let script, let name):
      "\(script): no `\(name)` array in the script"
    case .malformed(let script, let line, let name, let reason):
      "\(script): line \(line): the `\(name)` array is malformed: \(reason)"
    case .badEntry(let script, let line, let name, let reason):
      "\(script): line \(line): `\(name)` entry \(reason)"
    case .empty(let script, let name):
      "\(script): `\(name)` came out empty"
    }
  }
}
