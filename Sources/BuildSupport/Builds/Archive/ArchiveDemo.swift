import CatalogKit
import Foundation

/// archive.org fanzines' sample: the metadata API answers and scandata files of `Fixtures/ArchiveOrg/items`
/// (one item names its storage node, as full answers do), and `amiga-bilten-1`, which the fixtures
/// lack, answered from `amiga-bilten-2`'s with its number and date changed.
enum ArchiveDemo {
  @Sendable static func sample(_ fx: DemoFixtures) throws -> DemoSample {
    let apro1 = "a-profy-yugoslav-amiga-fanzine-1-july-1990"
    let apro2 = "a-profy-yugoslav-amiga-fanzine-2-august-1990"
    var s = DemoSample(summary: "4 items in 2 series: metadata API answers and scandata page counts")
    s.pages["archive.org/metadata/\(apro1)"] = try fx.bytes("ArchiveOrg/items/\(apro1).json")
    s.pages["archive.org/metadata/\(apro2)"] = try fx.bytes("ArchiveOrg/items/\(apro2).json")
    s.pages["archive.org/download/\(apro1)/A-Profy Yugoslav Amiga Fanzine 1 July 1990_scandata.xml"] =
      try fx.bytes("ArchiveOrg/items/a-profy-1-scandata.xml")
    s.pages["ia800105.us.archive.org/5/items/\(apro2)/A-Profy Yugoslav Amiga Fanzine 2 August 1990_scandata.xml"] =
      try fx.bytes("ArchiveOrg/items/a-profy-2-scandata.xml")
    let bilten2 = try fx.text("ArchiveOrg/items/amiga-bilten-2.json")
    let scandata = try fx.bytes("ArchiveOrg/items/amiga-bilten-2-scandata.xml")
    s.pages["archive.org/metadata/amiga-bilten-2"] = Array(bilten2.utf8)
    s.pages["archive.org/download/amiga-bilten-2/Amiga Bilten 2_scandata.xml"] = scandata
    let bilten1 = bilten2.replacingOccurrences(of: "amiga-bilten-2", with: "amiga-bilten-1")
      .replacingOccurrences(of: "Amiga Bilten 2", with: "Amiga Bilten 1")
      .replacingOccurrences(of: "\"1988-10\"", with: "\"1988-06\"")
      .replacingOccurrences(of: "7122104", with: "6381007")
    s.pages["archive.org/metadata/amiga-bilten-1"] = Array(bilten1.utf8)
    s.pages["archive.org/download/amiga-bilten-1/Amiga Bilten 1_scandata.xml"] = scandata
    return s
  }
}
