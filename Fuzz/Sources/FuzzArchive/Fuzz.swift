import Foundation
import State
import StateDocument

/// Bytes as a recipe for a keyed archive — objects of every Foundation class the reader
/// knows, with references anywhere (out of range, to themselves, in cycles, to class
/// descriptions) — then everything that reads one: the archive, its plain form, the graph the
/// browser shows, a decoder, and the graph's edits translated into the storage. Nothing may
/// trap or hang; every UID a translated edit writes must name an object.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))[...]
    func next() -> Int { bytes.isEmpty ? 0 : Int(bytes.removeFirst()) }
    let count = max(1, next() % 24)
    func uid() -> PlistValue { .uid(UInt64(next() % (count + 2))) }
    let classNames = ["NSArray", "NSDictionary", "NSString", "NSDate", "NSData", "NSUUID", "NSURL", "NSColor", "UIColor", "NSSet", "Person"]
    var objects: [PlistValue] = ["$null"]
    for _ in 1..<count {
        switch next() % 9 {
        case 0: objects.append(.string(String(repeating: "s", count: next() % 4)))
        case 1: objects.append(.integer(Int128(next())))
        case 2: objects.append(.data(Data(bytes.prefix(next() % 20))))
        case 3: objects.append(["$classname": .string(classNames[next() % classNames.count]), "$classes": ["NSObject"]])
        default:
            var fields: [String: PlistValue] = ["$class": uid()]
            for _ in 0..<(next() % 4) {
                let keys = ["NS.objects", "NS.keys", "NS.string", "NS.time", "NS.relative", "NS.base", "NS.uuidbytes", "NSRGB", "UIRed", "UIGreen", "UIBlue", "name", "friend"]
                let key = keys[next() % keys.count]
                switch next() % 5 {
                case 0: fields[key] = .array((0..<(next() % 4)).map { _ in uid() })
                case 1: fields[key] = .real(Double(next()) / 128)
                case 2: fields[key] = .data(Data("\(Double(next()) / 255) 0.5 \(next() % 2)\u{0}".utf8))
                case 3: fields[key] = .string("x")
                default: fields[key] = uid()
                }
            }
            objects.append(.dictionary(.init(uniqueKeysWithValues: fields.sorted { $0.key < $1.key })))
        }
    }
    let value: PlistValue = ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": uid()], "$objects": .array(objects)]
    guard let archive = try? KeyedArchive(value), let root = archive.root else { return 0 }
    _ = try? archive.unarchived()
    for object in archive.objects.indices { _ = archive.content(of: object) }
    let decoder = ArchiveDecoder(archive: archive, uid: root)
    _ = try? decoder.plainFields()
    _ = try? decoder.elements()
    guard let tree = try? SourceTree(parsing: value.serialized(as: .binary)), let graph = ArchiveGraph.of(tree) else { return 0 }
    // Every path of the graph, edited: set a string, set a number, delete, insert.
    let links = NodeLinks(graph.tree)
    for node in graph.origins.indices.prefix(40) {
        let path = links.path(of: node, in: graph.tree)
        let structure: PlistValue = ["a": [1, .date(Date(timeIntervalSinceReferenceDate: 0))], "b": "x"]
        let operations: [EditOperation] = [
            .set(path, "new"), .set(path, 0.5), .set(path, structure), .delete(path), .insert(into: path, key: "k", at: 0, value: 1),
            .insert(into: path, key: "s", at: nil, value: structure),
        ]
        for operation in operations {
            guard let translated = try? graph.operations(for: [operation]) else { continue }
            var session = EditSession(tree: tree)
            do {
                try session.apply(translated)
            } catch {
                continue
            }
            // The result is still an archive whose references all name objects.
            guard let after = try? KeyedArchive(session.tree.value()) else {
                fatalError("an edit on the graph broke the archive: \(operation) → \(translated)")
            }
            _ = after
        }
    }
    return 0
}
