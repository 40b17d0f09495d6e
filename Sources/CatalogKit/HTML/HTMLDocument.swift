import CLibXML2
import Foundation

/// A parsed HTML page: libxml2's forgiving HTML parser over text we decoded ourselves.
///
/// The bytes are decoded by `TextDecoder` under the source's charset policy and handed to libxml2 as
/// UTF-8, so libxml2 never guesses a charset from a `<meta>` the source gets wrong.
public final class HTMLDocument: @unchecked Sendable {
  // @unchecked: the document is never mutated after parsing; libxml2 read access is thread-safe
  // once the parser is initialised.
  let doc: htmlDocPtr
  public let url: URL?
  public let encoding: TextEncoding
  /// The decoded page text, for the rules the specs state at text level.
  public let text: String

  private static let initialised: Bool = {
    xmlInitParser()
    shelfmark_xml_silence()
    return true
  }()

  /// The libxml2 version the parser was built against, for build reports.
  public static var libxmlVersion: String { String(cString: shelfmark_libxml_version()) }

  public convenience init(
    bytes: [UInt8], url: URL? = nil, policy: CharsetPolicy = .declaredElse(.latin1),
    httpCharset: String? = nil
  ) throws {
    let decoded = TextDecoder.decode(bytes, policy: policy, httpCharset: httpCharset)
    try self.init(html: decoded.text, url: url, encoding: decoded.encoding)
  }

  public init(html: String, url: URL? = nil, encoding: TextEncoding = .utf8) throws {
    _ = HTMLDocument.initialised
    self.url = url
    self.encoding = encoding
    self.text = html
    var utf8 = Array(html.utf8)
    if utf8.isEmpty { utf8 = Array("<html></html>".utf8) }
    let parsed: htmlDocPtr? = utf8.withUnsafeBufferPointer { buf in
      // Never empty (see above), so the buffer always has a base address.
      guard let base = buf.baseAddress else { return nil }
      return base.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
        htmlReadMemory(p, Int32(buf.count), url?.absoluteString, "UTF-8", shelfmark_html_options())
      }
    }
    guard let parsed else { throw HTMLError.unparsable(url: url) }
    self.doc = parsed
  }

  deinit { xmlFreeDoc(doc) }

  /// The root element (`<html>`), if the page has one.
  public var root: HTMLNode? {
    guard let r = xmlDocGetRootElement(doc) else { return nil }
    return HTMLNode(node: r, document: self)
  }

  /// Nodes matching an XPath expression, in document order.
  public func select(_ xpath: String) -> [HTMLNode] { evaluate(xpath, context: nil) }

  /// The first node matching an XPath expression.
  public func first(_ xpath: String) -> HTMLNode? { select(xpath).first }

  /// The text of `<title>`, normalised.
  public var title: String? { first("//title")?.text }

  func evaluate(_ xpath: String, context: xmlNodePtr?) -> [HTMLNode] {
    guard let ctx = xmlXPathNewContext(doc) else { return [] }
    defer { xmlXPathFreeContext(ctx) }
    if let context { ctx.pointee.node = context }
    guard let obj = xmlXPathEvalExpression(xpath, ctx) else { return [] }
    defer { xmlXPathFreeObject(obj) }
    guard let set = shelfmark_xpath_nodeset(obj), set.pointee.nodeNr > 0,
      let tab = set.pointee.nodeTab
    else { return [] }
    var out: [HTMLNode] = []
    out.reserveCapacity(Int(set.pointee.nodeNr))
    for i in 0..<Int(set.pointee.nodeNr) {
      if let n = tab[i] { out.append(HTMLNode(node: n, document: self)) }
    }
    return out
  }

  /// Resolves an href or src against the page's URL; nil for empty or unparsable values.
  public func absoluteURL(_ reference: String) -> URL? {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    if let u = URL(string: trimmed, relativeTo: url) { return u.absoluteURL }
    let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["%", "#"]))
    return escaped.flatMap { URL(string: $0, relativeTo: url)?.absoluteURL }
  }
}

public enum HTMLError: Error, CustomStringConvertible, Sendable {
  /// libxml2 returned no document at all (it recovers from almost anything, so this is rare).
  case unparsable(url: URL?)

  public var description: String {
    switch self {
    case .unparsable(let url): return "\(url?.absoluteString ?? "<page>"): libxml2 could not parse the page"
    }
  }
}

extension HTMLDocument {
  /// The plain text of an HTML fragment: tags and comments as spaces, entities decoded (the text
  /// layer's one table, not libxml2's HTML 4 one), whitespace collapsed and trimmed. For rules the
  /// specs state at text level ("replace the remaining tags with spaces").
  public static func plainText(ofFragment fragment: String) -> String {
    HTMLScanner.plainText(ofFragment: fragment)
  }
}
