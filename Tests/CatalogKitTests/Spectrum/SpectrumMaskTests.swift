import XCTest

@testable import CatalogKit

final class SpectrumMaskTests: XCTestCase {
  private func expand(_ mask: String, _ fields: SpectrumMaskFields) throws -> String {
    try SpectrumMask(mask).expand(fields)
  }

  private func failure(_ mask: String, _ fields: SpectrumMaskFields) -> SpectrumMaskError? {
    do {
      _ = try SpectrumMask(mask).expand(fields)
      return nil
    } catch { return error }
  }

  // MARK: the spec's two illustrations

  func testTheSpecIllustrationWithPaddingMonthAndVanishingSpecial() throws {
    XCTAssertEqual(
      try expand(
        "https://archive.org/download/foo-{i3}{s-}/Foo_{i2}_{M3}_{y2}.pdf",
        SpectrumMaskFields(number: 7, year: 1986, month: 3)),
      "https://archive.org/download/foo-007/Foo_07_Mar_86.pdf")
  }

  func testTheSpecIllustrationWithFullMonthAndSupplement() throws {
    XCTAssertEqual(
      try expand("{M}-{i1}{u_}", SpectrumMaskFields(number: 12, month: 11, supplement: "Poster")), "November-12_Poster")
  }

  func testTheRealCrashMaskNamesTheFirstIssue() throws {
    XCTAssertEqual(
      try expand(
        "https://archive.org/download/crash-magazine-{i2}{s}{u-}/Crash_{i2}_{M3}_{y4}.pdf",
        SpectrumMaskFields(number: 1, volume: 1, year: 1984, month: 2)),
      "https://archive.org/download/crash-magazine-01/Crash_01_Feb_1984.pdf")
  }

  // MARK: numbers

  func testNumbersArePaddedToAtLeastTheWidth() throws {
    XCTAssertEqual(try expand("{i3}", SpectrumMaskFields(number: 7)), "007")
    XCTAssertEqual(try expand("{v2}", SpectrumMaskFields(volume: 3)), "03")
    XCTAssertEqual(try expand("{m2}", SpectrumMaskFields(month: 4)), "04")
    XCTAssertEqual(try expand("{d2}", SpectrumMaskFields(day: 9)), "09")
  }

  func testANumberWiderThanTheWidthIsNeverTruncated() throws {
    XCTAssertEqual(try expand("{i2}", SpectrumMaskFields(number: 123)), "123")
    XCTAssertEqual(try expand("{v1}", SpectrumMaskFields(volume: 42)), "42")
    XCTAssertEqual(try expand("{d1}", SpectrumMaskFields(day: 31)), "31")
    XCTAssertEqual(try expand("{m1}", SpectrumMaskFields(month: 12)), "12")
  }

  func testAnEmptyOrNonNumericWidthMeansNoPadding() throws {
    XCTAssertEqual(try expand("{i}", SpectrumMaskFields(number: 5)), "5")
    XCTAssertEqual(try expand("{ix}", SpectrumMaskFields(number: 5)), "5")
    XCTAssertEqual(try expand("{i0}", SpectrumMaskFields(number: 5)), "5")
  }

  // MARK: years

  func testY2IsTheTwoDigitYear() throws {
    XCTAssertEqual(try expand("{y2}", SpectrumMaskFields(year: 1986)), "86")
    XCTAssertEqual(try expand("{y2}", SpectrumMaskFields(year: 2005)), "05")
  }

  func testAnyOtherYearTokenIsTheFullYear() throws {
    XCTAssertEqual(try expand("{y4}", SpectrumMaskFields(year: 1986)), "1986")
    XCTAssertEqual(try expand("{y}", SpectrumMaskFields(year: 1986)), "1986")
    XCTAssertEqual(try expand("{y1}", SpectrumMaskFields(year: 1986)), "1986")
    XCTAssertEqual(try expand("{y3}", SpectrumMaskFields(year: 1986)), "1986")
  }

  // MARK: month names

  func testMonthNamesAreCutToExactlyTheWidth() throws {
    XCTAssertEqual(try expand("{M3}", SpectrumMaskFields(month: 2)), "Feb")
    XCTAssertEqual(try expand("{M1}", SpectrumMaskFields(month: 9)), "S")
    XCTAssertEqual(try expand("{M4}", SpectrumMaskFields(month: 9)), "Sept")
  }

  func testABareOrWideMonthTokenIsTheFullName() throws {
    XCTAssertEqual(try expand("{M}", SpectrumMaskFields(month: 10)), "October")
    XCTAssertEqual(try expand("{M9}", SpectrumMaskFields(month: 5)), "May")
    XCTAssertEqual(try expand("{M7}", SpectrumMaskFields(month: 10)), "October")
    XCTAssertEqual(try expand("{Mx}", SpectrumMaskFields(month: 1)), "January")
  }

  func testMonthKindsAreCaseSensitive() throws {
    XCTAssertEqual(try expand("{m3}-{M3}", SpectrumMaskFields(month: 3)), "003-Mar")
  }

  // MARK: specials and supplements

  func testSpecialsAndSupplementsCarryTheirSeparator() throws {
    let f = SpectrumMaskFields(special: "Spring", supplement: "Poster")
    XCTAssertEqual(try expand("a{s-}", f), "a-Spring")
    XCTAssertEqual(try expand("a{s_}", f), "a_Spring")
    XCTAssertEqual(try expand("a{s}", f), "aSpring")
    XCTAssertEqual(try expand("a{u-}", f), "a-Poster")
  }

  func testAnAbsentOrEmptySpecialVanishesWithItsSeparator() throws {
    XCTAssertEqual(try expand("x{s-}y{u_}z", SpectrumMaskFields()), "xyz")
    XCTAssertEqual(try expand("x{s-}y{u_}z", SpectrumMaskFields(special: "", supplement: "")), "xyz")
  }

  func testASeparatorIsNotAWidth() throws {
    XCTAssertEqual(try expand("{s3}", SpectrumMaskFields(special: "Xmas")), "3Xmas")
  }

  // MARK: literal text

  func testAMaskWithNoTokensIsCopiedAsIs() throws {
    let url = "https://archive.org/download/eltebeoinformatico/El%20tebeo.pdf"
    XCTAssertEqual(try expand(url, SpectrumMaskFields()), url)
    XCTAssertEqual(SpectrumMask(url).tokens, [])
  }

  func testAnUnclosedBraceCopiesTheRestLiterally() throws {
    XCTAssertEqual(try expand("a{i2}b{i2", SpectrumMaskFields(number: 3)), "a03b{i2")
    XCTAssertEqual(try expand("{{i2", SpectrumMaskFields()), "{{i2")
  }

  func testTokensAreListedInOrder() {
    XCTAssertEqual(SpectrumMask("x{i3}{M3}{y2}{s-}y{p5").tokens, ["i3", "M3", "y2", "s-"])
  }

  // MARK: failures

  func testAnEmptyTokenIsUnknown() {
    XCTAssertEqual(failure("a{}b", SpectrumMaskFields()), .unknownToken(mask: "a{}b", token: ""))
  }

  func testAPadWiderThanAnyNumberIsAnUnknownTokenNotAHugeString() throws {
    XCTAssertEqual(
      failure("{v+00118888888888}", SpectrumMaskFields(volume: 1)),
      .unknownToken(mask: "{v+00118888888888}", token: "v+00118888888888"))
    XCTAssertEqual(failure("{i21}", SpectrumMaskFields(number: 7)), .unknownToken(mask: "{i21}", token: "i21"))
    XCTAssertEqual(try expand("{i20}", SpectrumMaskFields(number: 7)), String(repeating: "0", count: 19) + "7")
  }

  func testPageAndWebsiteKindsAreUnknownToArchiveMasks() {
    XCTAssertEqual(failure("x{p5}.jpg", SpectrumMaskFields()), .unknownToken(mask: "x{p5}.jpg", token: "p5"))
    XCTAssertEqual(failure("{e1}", SpectrumMaskFields()), .unknownToken(mask: "{e1}", token: "e1"))
    XCTAssertEqual(failure("{I2}", SpectrumMaskFields(number: 1)), .unknownToken(mask: "{I2}", token: "I2"))
  }

  func testEachNumberKindNamesItsMissingField() {
    for kind in ["i", "v", "m", "d", "y"] {
      XCTAssertEqual(failure("a{\(kind)2}", SpectrumMaskFields()), .missing(mask: "a{\(kind)2}", field: kind), kind)
    }
  }

  func testAMonthNameNeedsAMonthFromOneToTwelve() {
    XCTAssertEqual(failure("{M3}", SpectrumMaskFields()), .missing(mask: "{M3}", field: "M"))
    XCTAssertEqual(failure("{M3}", SpectrumMaskFields(month: 13)), .missing(mask: "{M3}", field: "M"))
    XCTAssertEqual(failure("{M}", SpectrumMaskFields(month: 0)), .missing(mask: "{M}", field: "M"))
  }

  func testTheFirstFailureLeftToRightIsReported() {
    XCTAssertEqual(failure("{i2}{p5}", SpectrumMaskFields()), .missing(mask: "{i2}{p5}", field: "i"))
  }

  func testFailureReasonsAreCountableWithoutTheMask() {
    XCTAssertEqual(
      SpectrumMaskError.missing(mask: "a", field: "i").reason, SpectrumMaskError.missing(mask: "b", field: "i").reason)
    XCTAssertEqual(SpectrumMaskError.unknownToken(mask: "a", token: "p5").reason, "unknown token {p5}")
    XCTAssertTrue(SpectrumMaskError.missing(mask: "x{i2}", field: "i").description.contains("x{i2}"))
  }
}
