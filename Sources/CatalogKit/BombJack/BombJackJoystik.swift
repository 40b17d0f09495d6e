/// The hand-added Joystik run: ten issues on arcarc.xmission.com that no BombJack page links to,
/// with covers on the archive's old host. Listed last, numbered 1–10 in this order.
public enum BombJackJoystik {
  public static let run = BombJackRun(key: "joystik", name: "Joystik")

  static let folder = "https://arcarc.xmission.com/Magazines%20and%20Books/Joystik%20Magazines%20(10%20Issues)/"
  static let coverFolder = "http://bombjack.org/arcade/joystik/"

  /// (file, cover, title, year, month)
  static let rows: [(String, String, String, Int, Int)] = [
    ("Joystik_Vol1-1_82-Sep.pdf", "1-1.jpg", "Volume 1 No. 1", 1982, 9),
    ("Joystik_Vol1-2_82-Nov.pdf", "1-2.jpg", "Volume 1 No. 2", 1982, 11),
    ("Joystik_Vol1-3_82-Dec.pdf", "1-3.jpg", "Volume 1 No. 3", 1982, 12),
    ("Joystik_Vol1-4_83-Jan-missing_p69.pdf", "1-4.jpg", "Volume 1 No. 4", 1983, 1),
    ("Joystik_Vol1-5_83-Apr.pdf", "1-5.jpg", "Volume 1 No. 5", 1983, 4),
    ("Joystik_Vol1-6_83-Jul.pdf", "1-6.jpg", "Volume 1 No. 6", 1983, 7),
    ("Joystik_Vol2-1_83-Sep.pdf", "2-1.jpg", "Volume 2 No. 1", 1983, 9),
    ("Joystik_Vol2-SE_83_Oct_(replace_me).pdf", "1983-Oct_Special%20Edition.jpg", "Volume 2 Special Edition", 1983, 10),
    ("Joystik_Vol2-2_83_Nov_(replace_me).pdf", "2-2.jpg", "Volume 2 No. 2", 1983, 11),
    ("Joystik_Vol2-3_83-Dec.pdf", "2-3.jpg", "Volume 2 No. 3", 1983, 12),
  ]

  /// The ten issues; no bytes, pages or thumb.
  public static var issues: [Issue] {
    rows.enumerated().map { index, row in
      let (file, cover, title, year, month) = row
      return Issue(
        id: "joystik_" + String(file.dropLast(".pdf".count)), series: run.key, number: index + 1,
        title: title, year: year, month: month, zip: folder + file, cover: coverFolder + cover)
    }
  }
}
