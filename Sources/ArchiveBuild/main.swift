import Foundation

FileHandle.standardError.write(Data("error: not built yet\n".utf8))
exit(70)
