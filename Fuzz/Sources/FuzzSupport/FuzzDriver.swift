#if canImport(Glibc)
  import Glibc
#endif

/// libFuzzer's entry point for programs that own `main`. SwiftPM renames an executable target's
/// entry point, so libFuzzer's own `main` never runs; each target's `main.swift` calls this instead.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Hands the process to libFuzzer with the command line it was started with, then exits with
/// libFuzzer's status.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(llvmFuzzerRunDriver(&argc, &argv, testOneInput))
}

/// The input as an array; libFuzzer may pass a null pointer for the empty input.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Splits an input into `count` parts at NUL bytes (missing parts are empty), so one input can carry
/// several header values or a mask and its fields.
public func fuzzParts(_ bytes: [UInt8], _ count: Int) -> [[UInt8]] {
  var parts = bytes.split(separator: 0, maxSplits: count - 1, omittingEmptySubsequences: false).map(Array.init)
  while parts.count < count { parts.append([]) }
  return parts
}
