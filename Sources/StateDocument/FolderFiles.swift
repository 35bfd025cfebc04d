import Foundation
import State

/// The files of a folder that `state` reads, as one document sees them: every property list,
/// JSON, strings or project file below it, by path relative to the folder, in a stable order.
///
/// Chosen by name, not by content, so that listing a folder of 10 000 files opens none of them
/// (each is parsed when it is needed); hidden files and folders (`.git`, `.DS_Store`) are left
/// out, and symbolic links to folders are not followed (no loops, nothing outside the folder
/// read by surprise). Links to files are listed: they are the file's content.
public enum FolderFiles {
    /// The extensions of the files a folder lists.
    public static let extensions: Set<String> = [
        "plist", "json", "jsonc", "strings", "stringsdict", "entitlements", "xcprivacy", "pbxproj", "mobileconfig", "xcsettings",
    ]

    /// Whether `url` names a folder (following a link to one: the folder given is what the
    /// user meant).
    public static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The readable files below `folder`: (path relative to it with `/` separators, URL), sorted
    /// by relative path, sub-folders' files after the folder's own name order.
    public static func list(_ folder: URL) throws -> [(relativePath: String, url: URL)] {
        var found: [(String, URL)] = []
        try walk(folder, prefix: "", into: &found)
        return found.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }

    private static func walk(_ folder: URL, prefix: String, into found: inout [(String, URL)]) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw PlistError("\(folder.path): cannot list the folder (\((error as NSError).localizedDescription))")
        }
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let relative = prefix + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                // A link to a folder is not followed: it may lead back up, or out.
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { continue }
                try walk(url, prefix: relative + "/", into: &found)
            } else if extensions.contains(url.pathExtension.lowercased()) {
                found.append((relative, url))
            }
        }
    }
}
