import Foundation
import Synchronization

/// The temporary folders tests made, removed when the test process exits so that runs leave
/// nothing behind in /tmp.
enum TemporaryFolders {
    private static let folders = Mutex<[String]?>(nil)

    static func register(_ url: URL) {
        folders.withLock { list in
            if list == nil {
                list = []
                if ProcessInfo.processInfo.environment["STATE_KEEP_TEMP"] != "1" { atexit { TemporaryFolders.removeAll() } }
            }
            list?.append(url.path)
        }
    }

    static func removeAll() {
        let paths = folders.withLock { list in
            defer { list = [] }
            return list ?? []
        }
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
