/// The numbering order of catalogue-format §6.3 for sources that date their issues: dated ones
/// first by (year, month) with an absent month as 0, undated ones after; ties keep page order.
public enum ChronologicalOrder {
  public static func sorted<T>(
    _ items: [T], year: (T) -> Int?, month: (T) -> Int?, position: (T) -> Int
  ) -> [T] {
    items.sorted { a, b in
      switch (year(a), year(b)) {
      case (nil, nil): return position(a) < position(b)
      case (nil, _): return false
      case (_, nil): return true
      case (let ya?, let yb?):
        if ya != yb { return ya < yb }
        let ma = month(a) ?? 0
        let mb = month(b) ?? 0
        if ma != mb { return ma < mb }
        return position(a) < position(b)
      }
    }
  }
}
