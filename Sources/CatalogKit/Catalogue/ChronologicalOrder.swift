/// The numbering order of catalogue-format §6.3 for sources that date their issues, as both source
/// specs state it: by (year, with undated last; month, with absent as 0; position on the page).
///
/// The month counts for undated items too: Vintage Apple's MacUser rows carry a month from the file
/// name but no year, and the shipped catalogue numbers them January first, not in table order.
public enum ChronologicalOrder {
  public static func sorted<T>(
    _ items: [T], year: (T) -> Int?, month: (T) -> Int?, position: (T) -> Int
  ) -> [T] {
    items.sorted { a, b in
      switch (year(a), year(b)) {
      case (nil, _?): return false
      case (_?, nil): return true
      case (let ya?, let yb?) where ya != yb: return ya < yb
      default:
        let ma = month(a) ?? 0
        let mb = month(b) ?? 0
        if ma != mb { return ma < mb }
        return position(a) < position(b)
      }
    }
  }
}
