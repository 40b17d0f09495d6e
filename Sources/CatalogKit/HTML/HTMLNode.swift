import CLibXML2
import Foundation

/// One node of an `HTMLDocument`; it keeps its document alive.
public struct HTMLNode: @unchecked Sendable {
  // @unchecked: `node` points into `document`, which this value keeps alive and which is never
  // mutated after parsing (see HTMLDocument); every member here only reads through the pointer.
  let node: xmlNodePtr
  public let document: HTMLDocument

  init(node: xmlNodePtr, document: HTMLDocument) {
    self.node = node
    self.document = document
  }

  /// Lowercased element name (`td`, `a`), or `text`/`comment` for other nodes.
  public var name: String {
    guard let n = node.pointee.name else { return "" }
    return String(cString: n).lowercased()
  }

  public var isElement: Bool { node.pointee.type == XML_ELEMENT_NODE }

  /// An attribute's value with entities decoded, or nil when absent. Names are case-insensitive
  /// (libxml2 lowercases them).
  public func attribute(_ name: String) -> String? {
    guard let v = xmlGetProp(node, name.lowercased()) else { return nil }
    defer { shelfmark_xmlFree(v) }
    return String(cString: v)
  }

  /// All text below this node, entities decoded, unnormalised.
  public var rawText: String {
    guard let c = xmlNodeGetContent(node) else { return "" }
    defer { shelfmark_xmlFree(c) }
    return String(cString: c)
  }

  /// All text below this node with whitespace (including NBSP) collapsed to single spaces and trimmed.
  public var text: String { TextNormal.collapse(rawText) }

  /// The node's HTML as libxml2 serialises it (for diagnostics and text-level rules).
  public var html: String {
    guard let buf = xmlBufferCreate() else { return "" }
    defer { xmlBufferFree(buf) }
    _ = htmlNodeDump(buf, document.doc, node)
    guard let content = xmlBufferContent(buf) else { return "" }
    return String(cString: content)
  }

  public var parent: HTMLNode? {
    guard let p = node.pointee.parent, p.pointee.type == XML_ELEMENT_NODE else { return nil }
    return HTMLNode(node: p, document: document)
  }

  /// Child nodes, text included.
  public var children: [HTMLNode] {
    var out: [HTMLNode] = []
    var c = node.pointee.children
    while let n = c {
      out.append(HTMLNode(node: n, document: document))
      c = n.pointee.next
    }
    return out
  }

  /// Child elements only.
  public var elements: [HTMLNode] { children.filter(\.isElement) }

  /// Nodes matching an XPath expression relative to this node (`.//a[@href]`).
  public func select(_ xpath: String) -> [HTMLNode] { document.evaluate(xpath, context: node) }

  public func first(_ xpath: String) -> HTMLNode? { select(xpath).first }

  /// The attribute resolved to an absolute URL against the page.
  public func url(_ attributeName: String) -> URL? {
    attribute(attributeName).flatMap(document.absoluteURL)
  }

  /// The 1-based line in the source where libxml2 saw this node, for error messages.
  public var line: Int { Int(xmlGetLineNo(node)) }
}
