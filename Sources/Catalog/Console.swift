import Foundation

/// Where `catalog` writes: stdout for the summary people asked for, stderr for errors and warnings.
struct Console {
  func out(_ line: String) { write(FileHandle.standardOutput, line + "\n") }
  func error(_ line: String) { write(FileHandle.standardError, line + "\n") }

  private func write(_ handle: FileHandle, _ text: String) {
    handle.write(Data(text.utf8))
  }
}
