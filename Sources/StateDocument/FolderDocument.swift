import Foundation
import State

/// A folder opened as one document: a dictionary whose entries are its sub-folders and files by
/// name, each file's value its own root value — every edit, search, pick and color command of a
/// single file then works across the folder, and saving writes back only the files that changed.
///
/// The document is one text, made of the files' own bytes: each file's root value is copied
/// verbatim into a dictionary of JSON (or XML, for a folder of XML property lists) written
/// around them. An edit is a byte patch inside one file's value, so a file's new bytes are its
/// bytes before the root value (`prefix`: a declaration, a DOCTYPE, comments) + its value's
/// span in the edited document + its bytes after it. A file that cannot be placed in the text —
/// one that does not parse, another format than the folder's, binary, UTF-16 — shows as a string
/// saying why, and is never written.
public struct FolderDocument: Sendable {
    /// One file of the folder that is part of the document.
    public struct Member: Sendable {
        /// The path from the folder, with `/` between names.
        public let relativePath: String
        /// The file on disk, with the stamp the changed-on-disk check compares.
        public internal(set) var file: OpenDocument
        /// Where its root value is in the document.
        public let path: PlistPath
        /// The file's bytes around its root value.
        let prefix: [UInt8]
        let suffix: [UInt8]
        /// The root value's bytes as they are on disk (read, or last saved).
        public internal(set) var savedValue: [UInt8]

        /// The whole file with `value` as its root value.
        func fileBytes(value: ArraySlice<UInt8>) -> [UInt8] { prefix + value + suffix }
    }

    /// A file shown as a string saying why it is not part of the document.
    public struct Placeholder: Sendable, Equatable {
        /// The file's path from the folder.
        public let relativePath: String
        /// Why it is not part of the document.
        public let reason: String
        /// Where its string is in the document.
        public let path: PlistPath
    }

    /// The folder opened.
    public let folder: URL
    /// The format of the document's text: `.json` (or `.jsonc` when a member has comments) or `.xml`.
    public let format: PlistFormat
    /// The files that are part of the document, in the document's order.
    public internal(set) var members: [Member]
    /// The files shown as a string saying why they are not part of it.
    public let placeholders: [Placeholder]

    // MARK: - Opening

    /// Reads every file `FolderFiles` lists in `folder` and makes the document.
    public static func open(_ folder: URL) throws -> (document: FolderDocument, tree: SourceTree) {
        let listed = try FolderFiles.list(folder)
        guard !listed.isEmpty else {
            throw PlistError("\(folder.path): no file state reads in this folder (plist, JSON, strings, entitlements or project files)")
        }
        struct Read {
            let relativePath: String
            let file: OpenDocument?
            let bytes: [UInt8]
            let tree: SourceTree?
            let problem: String?
        }
        var reads: [Read] = []
        for entry in listed {
            do {
                let (file, tree) = try OpenDocument.read(entry.url)
                var problem: String?
                if !tree.encoding.isUTF8 { problem = "stored in \(tree.encoding): open it alone (state \(entry.relativePath))" }
                if tree.format == .binary || tree.format == .openStep {
                    problem = "\(tree.format == .binary ? "a binary property list" : "an OpenStep property list"): open it alone (state \(entry.relativePath))"
                }
                reads.append(Read(relativePath: entry.relativePath, file: file, bytes: tree.bytes, tree: tree, problem: problem))
            } catch {
                reads.append(Read(relativePath: entry.relativePath, file: nil, bytes: [], tree: nil, problem: "not read: \(error)"))
            }
        }
        // The folder's own kind of text: the one most of its files are in.
        let json = reads.filter { $0.problem == nil && $0.tree!.format.isJSON }.count
        let xml = reads.filter { $0.problem == nil && $0.tree!.format == .xml }.count
        let isXML = xml > json
        let hasComments = reads.contains { $0.problem == nil && $0.tree!.format == .jsonc }
        let format: PlistFormat = isXML ? .xml : hasComments ? .jsonc : .json

        var builder = TextBuilder(isXML: isXML)
        var members: [Member] = []
        var placeholders: [Placeholder] = []
        for read in reads {
            let names = read.relativePath.split(separator: "/").map(String.init)
            let path = PlistPath(names.map { PlistPath.Component.key($0) })
            var problem = read.problem
            if problem == nil, let tree = read.tree, tree.format.isJSON == isXML {
                problem = "\(isXML ? "JSON" : "an XML property list") in a folder of \(isXML ? "XML property lists" : "JSON"): open it alone (state \(read.relativePath))"
            }
            guard problem == nil, let tree = read.tree, let file = read.file else {
                let reason = problem ?? "not read"
                builder.add(names, value: .placeholder(reason))
                placeholders.append(Placeholder(relativePath: read.relativePath, reason: reason, path: path))
                continue
            }
            let range = tree.nodes[SourceTree.root].byteRange
            let value = Array(read.bytes[range])
            builder.add(names, value: .bytes(value))
            members.append(
                Member(
                    relativePath: read.relativePath, file: file, path: path, prefix: Array(read.bytes[..<range.lowerBound]),
                    suffix: Array(read.bytes[range.upperBound...]), savedValue: value))
        }
        let text = builder.text()
        let tree: SourceTree
        do {
            tree = try SourceTree(parsing: text, as: format)
        } catch {
            // Each file parsed alone; together they must too (a JSONC file's comment at its very
            // end is in its suffix). Said plainly if not.
            throw PlistError("\(folder.path): the folder's files could not be shown as one document (\(error))")
        }
        return (FolderDocument(folder: folder, format: format, members: members, placeholders: placeholders), tree)
    }

    // MARK: - Saving

    /// A file an edit changed, with its new bytes.
    public struct Change: Sendable {
        /// The member that changed (an index into `members`).
        public let member: Int
        /// The file's new bytes.
        public let bytes: [UInt8]
        /// The file's path from the folder.
        public var relativePath: String
    }

    /// Why the edited document cannot be split back into its files.
    public struct StructureError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The files whose root values differ in `tree` from what is on disk, with their new bytes.
    /// Refuses (`StructureError`) an edit of the folder's own structure — a file or folder
    /// entry renamed, deleted or added — and an edit of a placeholder: the folder is edited
    /// file by file here.
    public func changes(in tree: SourceTree) throws -> [Change] {
        var changes: [Change] = []
        for (index, member) in members.enumerated() {
            guard let node = tree.index(at: member.path) else {
                throw StructureError(description: "\(member.relativePath) is no longer in the document: files are not renamed or deleted here (undo that edit)")
            }
            let value = tree.bytes[tree.nodes[node].byteRange]
            if !value.elementsEqual(member.savedValue) {
                changes.append(Change(member: index, bytes: member.fileBytes(value: value), relativePath: member.relativePath))
            }
        }
        for placeholder in placeholders {
            guard let node = tree.index(at: placeholder.path), tree.scalar(at: node) == .string(TextBuilder.placeholderText(placeholder.reason)) else {
                throw StructureError(description: "\(placeholder.relativePath) is not part of the document (\(placeholder.reason)); undo the edit made to it")
            }
        }
        // The folder levels hold exactly the files and folders they were made with.
        var folders: [PlistPath: [String]] = [:]
        var order: [PlistPath] = []
        for path in members.map(\.path) + placeholders.map(\.path) {
            for depth in 0..<path.components.count {
                let folder = PlistPath(Array(path.components[..<depth]))
                guard case .key(let name) = path.components[depth] else { continue }
                if folders[folder] == nil { order.append(folder) }
                if folders[folder, default: []].last != name, !folders[folder, default: []].contains(name) { folders[folder, default: []].append(name) }
            }
        }
        for folder in order {
            let names = folders[folder] ?? []
            guard let node = tree.index(at: folder), tree[node].kind == .dictionary,
                tree.children(of: node).map({ tree.key(of: $0) ?? "" }) == names
            else {
                let place = folder.components.isEmpty ? "the folder" : folder.components.map { if case .key(let k) = $0 { k } else { "" } }.joined(separator: "/")
                throw StructureError(description: "the entries of \(place) changed: files and folders are not added, renamed or deleted here (undo that edit)")
            }
        }
        return changes
    }

    /// Records a file as written: its stamp, and its value as the one on disk.
    public mutating func recordSaved(member index: Int, bytes: [UInt8], file: OpenDocument) {
        let member = members[index]
        members[index].file = file
        members[index].savedValue = Array(bytes[member.prefix.count..<(bytes.count - member.suffix.count)])
    }

    /// The changes as one diff: each file's own diff under a line naming it.
    public func pendingDiff(in tree: SourceTree) -> LineDiff {
        guard let changes = try? changes(in: tree) else { return LineDiff(old: [], new: []) }
        return LineDiff(
            sections: changes.map { change in
                let member = members[change.member]
                return (change.relativePath, LineDiff(old: member.fileBytes(value: member.savedValue[...]), new: change.bytes))
            })
    }
}

/// The document's text: nested dictionaries of the folder's names, each file's value copied in.
private struct TextBuilder {
    enum Value {
        case bytes([UInt8])
        case placeholder(String)
    }

    final class Folder {
        var entries: [(name: String, value: Entry)] = []
    }

    enum Entry {
        case file(Value)
        case folder(Folder)
    }

    let isXML: Bool
    let root = Folder()

    init(isXML: Bool) { self.isXML = isXML }

    static func placeholderText(_ reason: String) -> String { "⚠ \(reason)" }

    mutating func add(_ names: [String], value: Value) {
        var folder = root
        for name in names.dropLast() {
            if let existing = folder.entries.first(where: { $0.name == name }), case .folder(let sub) = existing.value {
                folder = sub
            } else {
                let sub = Folder()
                folder.entries.append((name, .folder(sub)))
                folder = sub
            }
        }
        folder.entries.append((names.last ?? "", .file(value)))
    }

    func text() -> [UInt8] {
        var out: [UInt8] = []
        if isXML {
            out += Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n".utf8)
            write(root, depth: 0, into: &out)
            out += Array("\n</plist>\n".utf8)
        } else {
            write(root, depth: 0, into: &out)
            out.append(0x0A)
        }
        return out
    }

    private func write(_ folder: Folder, depth: Int, into out: inout [UInt8]) {
        let indent = Array(String(repeating: isXML ? "\t" : "  ", count: depth).utf8)
        let inner = indent + Array((isXML ? "\t" : "  ").utf8)
        out += Array((isXML ? "<dict>" : "{").utf8)
        for (index, entry) in folder.entries.enumerated() {
            out.append(0x0A)
            out += inner
            if isXML {
                out += Array("<key>\(Self.xmlEscaped(entry.name))</key>\n".utf8) + inner
            } else {
                JSONWriter.appendQuoted(entry.name, to: &out)
                out += Array(" : ".utf8)
            }
            switch entry.value {
            case .folder(let sub): write(sub, depth: depth + 1, into: &out)
            case .file(.bytes(let bytes)): out += bytes
            case .file(.placeholder(let reason)):
                let text = Self.placeholderText(reason)
                if isXML {
                    out += Array("<string>\(Self.xmlEscaped(text))</string>".utf8)
                } else {
                    JSONWriter.appendQuoted(text, to: &out)
                }
            }
            if !isXML, index < folder.entries.count - 1 { out.append(UInt8(ascii: ",")) }
        }
        out.append(0x0A)
        out += indent
        out += Array((isXML ? "</dict>" : "}").utf8)
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension LineDiff {
    /// Several files' diffs as one: each under a `=== NAME ===` line (shown as a hunk header).
    public init(sections: [(name: String, diff: LineDiff)]) {
        var lines: [Line] = []
        var removed = 0, added = 0
        for (name, diff) in sections where !diff.isEmpty {
            lines.append(Line(kind: .hunk, text: "=== \(name) ==="))
            lines += diff.lines
            removed += diff.removedCount
            added += diff.addedCount
        }
        self.init(lines: lines, removedCount: removed, addedCount: added)
    }
}
