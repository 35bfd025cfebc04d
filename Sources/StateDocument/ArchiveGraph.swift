import Foundation
import OrderedCollections
import State

/// A keyed archive shown as its object graph instead of its storage: from `$top`, each object
/// as what its Foundation class holds — arrays, dictionaries, strings, numbers, dates, data,
/// UUIDs, URLs, colors as `{red, green, blue, alpha}`, other classes as their fields — with
/// its class name. An object is shown in full where it is first reached; every other
/// reference to it (a shared object, a cycle) is a link naming where it is, so the tree is
/// finite.
///
/// The graph is a tree of its own (`tree`), and `operations(for:)` turns edits made on it
/// into edits of the archive's storage, as NSKeyedArchiver would have written them.
public struct ArchiveGraph: Sendable {
    /// The archive the graph shows.
    public private(set) var archive: KeyedArchive
    /// The graph as a tree (a binary property list: it holds dates, data and nulls).
    public private(set) var tree: SourceTree
    /// What each node of the graph is in the storage, by node (the graph's nodes are its
    /// values in depth-first order, the order the builder visits them).
    public private(set) var origins: [Origin]
    /// Where each object is shown in full, by UID.
    public private(set) var shown: Places

    /// What a node of the graph is in the archive.
    public enum Origin: Sendable, Equatable {
        /// The object with this UID, reached through the reference stored at `slot` (in the
        /// storage at a key path such as `$objects.1.NS.objects.2`).
        case object(Int, slot: Slot)
        /// A value stored inline in an object's fields (`age` as `encodeInteger:forKey:`).
        case field(object: Int, key: String)
        /// One channel of a color object.
        case colorChannel(object: Int, channel: String)
        /// A reference to an object shown in full elsewhere.
        case link(Int, slot: Slot)
        /// An item of an array stored inline in a field (rare; not edited in the graph).
        case inline
        /// The graph's root: the `$top` references.
        case top
    }

    /// Where a reference is stored in the archive, said in a few words instead of a key path:
    /// a graph has one per object it shows, and a path each (an array allocated for every
    /// node) was a tenth of building a large graph.
    public enum Slot: Sendable, Equatable {
        /// `$top.<key>`.
        case top(String)
        /// `$objects.<uid>.NS.objects.<index>`: an item of a list or map object.
        case item(of: Int, Int)
        /// `$objects.<uid>.<key>`: a field of an object.
        case field(of: Int, String)
        /// Anywhere else (inside an array or dictionary stored inline in a field).
        case path(PlistPath)

        /// The key path of the reference in the storage.
        public var path: PlistPath {
            switch self {
            case .top(let key): PlistPath([.key("$top"), .key(key)])
            case .item(let uid, let index): PlistPath([.key("$objects"), .index(uid), .key("NS.objects"), .index(index)])
            case .field(let uid, let key): PlistPath([.key("$objects"), .index(uid), .key(key)])
            case .path(let path): path
            }
        }

        /// One level further down, inside the array or dictionary stored here.
        func appending(_ component: PlistPath.Component) -> Slot { .path(path.appending(component)) }
    }

    /// Where each object is shown in full, by UID: a table as long as the archive, since a
    /// graph build looks up every reference it follows (a hash each was a tenth of the build).
    public struct Places: Sendable, Equatable {
        private var paths: [PlistPath?] = []
        /// The UIDs set, in the order they were first set (some since set to nil again).
        private var order: [Int] = []

        /// No object shown yet, room for `count` UIDs.
        init(count: Int) { paths = Array(repeating: nil, count: count) }

        /// Where the object `uid` is shown; nil when it is shown nowhere.
        public subscript(uid: Int) -> PlistPath? {
            get { uid >= 0 && uid < paths.count ? paths[uid] : nil }
            set {
                guard uid >= 0 else { return }
                if uid >= paths.count {
                    guard newValue != nil else { return }
                    paths += repeatElement(nil, count: uid + 1 - paths.count)
                }
                if paths[uid] == nil, newValue != nil { order.append(uid) }
                paths[uid] = newValue
            }
        }

        /// The objects shown and where, by UID.
        public var entries: [(uid: Int, path: PlistPath)] {
            Set(order).sorted().compactMap { uid in paths[uid].map { (uid, $0) } }
        }

        /// The UIDs shown, in no particular order (each once).
        var uids: Set<Int> { Set(order.filter { paths[$0] != nil }) }

        public static func == (a: Places, b: Places) -> Bool {
            let shown = a.uids
            return shown == b.uids && shown.allSatisfy { a.paths[$0] == b.paths[$0] }
        }
    }

    /// The object graph of `archive`, as a tree the browser shows.
    public init(_ archive: KeyedArchive) throws {
        self.archive = archive
        var builder = Builder(archive: archive)
        // Sized for the archive at once: growing them was a tenth of building a large graph.
        builder.origins.reserveCapacity(archive.objects.count * 2)
        builder.origins.append(.top)
        var values: [Int] = []
        for (key, uid) in archive.top {
            builder.trail = [.key(key)]
            values.append(builder.node(uid, slot: .top(key)))
        }
        let root = builder.plist.dictionary(keys: Array(archive.top.keys), values: values)
        tree = try SourceTree(parsing: builder.plist.document(root: root))
        // The tree's nodes are the values in the order they were built: one origin each.
        guard tree.nodes.count == builder.origins.count else { throw PlistError("the archive's graph did not build (\(tree.nodes.count) nodes, \(builder.origins.count) origins)") }
        origins = builder.origins
        shown = builder.shown
    }

    /// The graph of a tree that is a keyed archive; nil for anything else.
    public static func of(_ tree: SourceTree) -> ArchiveGraph? {
        guard tree.format == .binary || tree.format == .xml, let root = tree.nodes.first, root.kind == .dictionary,
            tree.child(of: SourceTree.root, key: "$archiver") != nil, tree.child(of: SourceTree.root, key: "$objects") != nil
        else { return nil }
        let value = tree.value()
        guard KeyedArchive.isArchive(value), let archive = try? KeyedArchive(value) else { return nil }
        return try? ArchiveGraph(archive)
    }

    /// The graph of the storage `tree` after `storage` (edits of the storage, in either
    /// direction: an undo names the step's own edits) changed this graph's storage: the
    /// archive updated in the objects the edits name (`KeyedArchive.updated`), or read whole
    /// when an edit touches anything else — `$top`, or `$objects` itself other than by
    /// appending.
    public func rebuilt(_ tree: SourceTree, after storage: [EditOperation]) -> ArchiveGraph? {
        guard let changed = Self.changedObjects(storage, count: archive.objects.count), let updated = archive.updated(objects: changed, from: tree) else {
            return Self.of(tree)
        }
        return try? ArchiveGraph(updated)
    }

    /// The objects the edits change (UIDs), or nil when one changes something else.
    package static func changedObjects(_ storage: [EditOperation], count: Int) -> Set<Int>? {
        var changed = Set<Int>()
        for operation in storage {
            let components = operation.path.components
            guard components.first == .key("$objects") else { return nil }
            if components.count == 1 {
                // Only an object appended at the end keeps every UID.
                guard case .insert(_, _, let at, _) = operation, at == nil || at! >= count else { return nil }
                continue
            }
            guard case .index(let uid) = components[1], uid >= 0 else { return nil }
            // An object removed, moved or copied renumbers those after it.
            if components.count == 2 {
                switch operation {
                case .set, .setNumber: break
                default: return nil
                }
            }
            // An object appended in the same step is read whole anyway.
            if uid < count { changed.insert(uid) }
        }
        return changed
    }

    /// The part of the graph a structural edit changed in place (`updateInPlace`): the node
    /// at `path` was built again; `childMap` gives each of its new children's position before
    /// (nil: a new child), or is nil when the children cannot be matched up.
    public struct LocalChange: Sendable, Equatable {
        /// Where the object built again is shown (the same path before and after).
        public let path: PlistPath
        /// For each of its new children, its position among the old ones (nil: new).
        public let childMap: [Int?]?
    }

    /// Updates the graph in place after `storage` (edits of the storage, in either direction)
    /// changed this graph's storage into `storageTree`, when what changed shows inside one
    /// object's subtree of the graph: that subtree is built again from the updated archive and
    /// spliced into the graph's tree, its origins and where its objects are shown replaced —
    /// the rest of a 100 000-object graph is not built again. The result is the graph a whole
    /// rebuild gives (`ArchiveGraph.of`), node for node.
    ///
    /// Nil, with nothing changed, when that cannot be guaranteed: an edit renumbers objects or
    /// touches `$top`; a changed object is a plain value (shown at every reference to it);
    /// the changed objects are not all inside one shown object; the subtree is more than
    /// `largest` of the graph (a rebuild costs as much); or the new subtree would move what
    /// the rest of the graph shows — it no longer shows an object linked to from elsewhere,
    /// shows one at another path, shows an old object shown nowhere before, or links to an
    /// object shown after it (which a rebuild would show here instead).
    public mutating func updateInPlace(_ storageTree: SourceTree, after storage: [EditOperation], largest: Double = 0.5) -> LocalChange? {
        guard let changed = Self.changedObjects(storage, count: archive.objects.count), !changed.isEmpty,
            let updated = archive.updated(objects: changed, from: storageTree)
        else { return nil }
        // The shown object whose subtree holds every changed object the graph shows.
        var top: (node: Int, uid: Int, path: PlistPath)?
        var inner: [Int] = []
        for uid in changed {
            // A plain value (a string) shows at every reference to it, and has no place.
            guard archive.className(of: uid) != nil, updated.className(of: uid) != nil else { return nil }
            // Shown nowhere (unreachable, or only past the depth limit): nothing shows it.
            guard let path = shown[uid] else { continue }
            guard let node = tree.index(at: path) else { return nil }
            if let t = top, t.node <= node {
                inner.append(node)
            } else {
                if let t = top { inner.append(t.node) }
                top = (node, uid, path)
            }
        }
        guard let top, top.node != SourceTree.root, case .object(top.uid, let slot) = origins[top.node] else { return nil }
        let start = top.node
        let end = start + 1 + Int(tree.nodes[start].size)
        guard inner.allSatisfy({ $0 < end }), Double(end - start) <= largest * Double(tree.nodes.count) else { return nil }
        // The objects shown in full in the subtree (each object is shown in full once).
        var before = Set<Int>()
        for i in start..<end {
            if case .object(let uid, _) = origins[i], uid != 0, archive.className(of: uid) != nil { before.insert(uid) }
        }
        var builder = Builder(archive: updated)
        builder.outside = shown
        builder.shownInside = before
        builder.trail = top.path.components
        let root = builder.node(top.uid, slot: slot)
        let now = builder.shown
        // Objects shown for the first time must be new ones; objects shown again, at the same
        // path (links elsewhere name it); objects no longer shown, linked to from nowhere
        // else (a rebuild would show them there); objects linked to outside, shown before
        // the subtree (one shown after it a rebuild would show here).
        guard now.uids.allSatisfy({ before.contains($0) ? now[$0] == shown[$0] : $0 >= archive.objects.count }) else { return nil }
        let gone = before.filter { now[$0] == nil }
        if !gone.isEmpty {
            for i in origins.indices where i < start || i >= end {
                if case .link(let uid, _) = origins[i], gone.contains(uid) { return nil }
            }
        }
        for uid in builder.linkedOutside {
            guard let path = shown[uid], let node = tree.index(at: path), node < start else { return nil }
        }
        // The new subtree as a value, spliced in through its parent's reference.
        guard let built = try? SourceTree(parsing: builder.plist.document(root: root)), built.nodes.count == builder.origins.count,
            let (parent, position) = tree.parentAndPosition(of: start), var references = tree.binaryReferences(of: parent)
        else { return nil }
        let value = built.value()
        guard let (objects, object) = tree.binaryNewObjects(for: value) else { return nil }
        references[tree.nodes[parent].kind == .dictionary ? Int(tree.nodes[parent].count) + position : position] = object
        let childMap = Self.childMap(from: tree, start, to: built)
        guard let edits = tree.binaryEdits(rewriting: parent, references: references, appending: objects), tree.splice(binaryEdits: edits, rereading: start) != nil
        else { return nil }
        origins.replaceSubrange(start..<end, with: builder.origins)
        for uid in gone { shown[uid] = nil }
        for (uid, path) in now.entries { shown[uid] = path }
        archive = updated
        return LocalChange(path: top.path, childMap: childMap)
    }

    /// Which child of `node` in `old` each of the root's children in `new` was: a
    /// dictionary's by key, an array's when none was added or removed.
    private static func childMap(from old: SourceTree, _ node: Int, to new: SourceTree) -> [Int?]? {
        let kind = old.nodes[node].kind
        guard kind.isContainer, kind == new.nodes[SourceTree.root].kind else { return nil }
        let oldChildren = Array(old.children(of: node))
        let newChildren = Array(new.children(of: SourceTree.root))
        guard kind == .dictionary else { return oldChildren.count == newChildren.count ? Array(0..<newChildren.count) : nil }
        var positions: [String: Int] = [:]
        for (i, child) in oldChildren.enumerated() { positions[old.key(of: child) ?? ""] = i }
        return newChildren.map { new.key(of: $0).flatMap { positions[$0] } }
    }

    /// What the node at `path` of the graph is in the storage.
    public func origin(at path: PlistPath) -> Origin? {
        tree.index(at: path).map { origins[$0] }
    }

    /// The class of the object a graph node shows ("NSArray", "Person"), or what a link
    /// points to.
    public func className(of node: Int) -> String? {
        switch origins[node] {
        case .object(let uid, _): return archive.className(of: uid)
        case .link(let uid, _): return archive.className(of: uid).map { "→ \($0)" } ?? "→"
        default: return nil
        }
    }

    /// The class of the object at `path` in the graph, if it is one.
    public func className(at path: PlistPath) -> String? {
        tree.index(at: path).flatMap(className(of:))
    }

    /// Where a link's object is shown in full.
    public func target(ofLink node: Int) -> PlistPath? {
        guard case .link(let uid, _) = origins[node] else { return nil }
        return shown[uid]
    }

    /// Builds the graph as a binary plist's objects as it walks (no value tree first, which
    /// was most of the time a large archive took to show), and what each node is.
    private struct Builder {
        let archive: KeyedArchive
        var plist = BinaryPlistBuilder()
        var origins: [Origin] = []
        var shown: Places
        /// The graph path of the value being built, one component per level: grown and
        /// shrunk in place, made a `PlistPath` only where one is kept (a path per node would
        /// be most of the time a large archive takes to show).
        var trail: [PlistPath.Component] = []
        /// Building one object's subtree again (`updateInPlace`): where the objects shown
        /// outside it are, which of them the new subtree links to, and the objects it showed
        /// before (not outside, whatever `outside` says).
        var outside: Places?
        var linkedOutside: [Int] = []
        var shownInside: Set<Int> = []
        /// The text of a link to each object linked to so far (its plist object): an object
        /// shared by thousands (an address every tenth person has) is spelled once.
        private var linkTexts: [Int: Int] = [:]

        init(archive: KeyedArchive) {
            self.archive = archive
            shown = Places(count: archive.objects.count)
        }

        /// Where an object shown outside the subtree being built is (noted: the subtree links
        /// to it).
        private mutating func shownOutside(_ uid: Int) -> PlistPath? {
            guard let outside, !shownInside.contains(uid), let path = outside[uid] else { return nil }
            linkedOutside.append(uid)
            return path
        }

        /// Builds `body` one level down, at `component`.
        mutating func inside<T>(_ component: PlistPath.Component, _ body: (inout Builder) -> T) -> T {
            trail.append(component)
            defer { trail.removeLast() }
            return body(&self)
        }

        /// The object `uid` as a graph value at `trail`, reached through `slot`; its object.
        mutating func node(_ uid: Int, slot: Slot) -> Int {
            if uid == 0 {
                // nil: a list cannot hold it (Foundation's arrays have no nil); fields leave it out.
                origins.append(.object(0, slot: slot))
                return plist.scalar(.string("$null"))
            }
            if let first = shown[uid] ?? shownOutside(uid) {
                origins.append(.link(uid, slot: slot))
                if let text = linkTexts[uid] { return text }
                let text = plist.scalar(.string("→ " + (first.components.isEmpty ? "(root)" : first.description)))
                linkTexts[uid] = text
                return text
            }
            guard trail.count < KeyedArchive.depthLimit else {
                origins.append(.link(uid, slot: slot))
                return plist.scalar(.string("… deeper than \(KeyedArchive.depthLimit) levels (A shows the storage)"))
            }
            origins.append(.object(uid, slot: slot))
            let content = archive.content(of: uid, copyingFields: false)
            // Only objects (not plain strings or numbers, which are values) are shared.
            if archive.isObject(uid) { shown[uid] = PlistPath(trail) }
            switch content {
            case .null: return plist.scalar(.string("$null"))
            case .scalar(let value): return value.isContainer ? container(value) : plist.scalar(value)
            case .string(let s): return plist.scalar(.string(s))
            case .date(let d): return plist.scalar(.date(d))
            case .data(let d): return plist.scalar(.data(d))
            case .uuid(let u): return plist.scalar(.string(u.uuidString))
            case .url: return plist.scalar(.string(archive.urlString(of: uid) ?? ""))
            case .list(let items):
                var out: [Int] = []
                out.reserveCapacity(items.count)
                for (index, item) in items.enumerated() {
                    out.append(inside(.index(index)) { $0.node(item, slot: .item(of: uid, index)) })
                }
                return plist.array(out)
            case .map(let entries):
                var keys: [String] = []
                var values: [Int] = []
                var seen = Set<String>()
                for (index, entry) in entries.enumerated() {
                    let key: String =
                        switch archive.content(of: entry.key) {
                        case .scalar(.string(let s)), .string(let s): s
                        default: "$objects.\(entry.key)"
                        }
                    guard entry.value != 0, seen.insert(key).inserted else { continue }
                    keys.append(key)
                    values.append(inside(.key(key)) { $0.node(entry.value, slot: .item(of: uid, index)) })
                }
                return plist.dictionary(keys: keys, values: values)
            case .color(let color):
                for channel in ["red", "green", "blue", "alpha"] { origins.append(.colorChannel(object: uid, channel: channel)) }
                let channels = [color.red, color.green, color.blue, color.alpha].map { plist.scalar(.real($0)) }
                return plist.dictionary(keys: ["red", "green", "blue", "alpha"], values: channels)
            case .object:
                // The fields where they are stored (see `content(of:copyingFields:)`).
                guard case .dictionary(let stored) = archive.objects[uid] else { return plist.dictionary(keys: [], values: []) }
                var keys: [String] = []
                var values: [Int] = []
                keys.reserveCapacity(stored.count)
                values.reserveCapacity(stored.count)
                for (key, field) in stored {
                    // `$class` told by its length first: most keys are not six bytes long.
                    if key.utf8.count == 6, key == "$class" { continue }
                    if case .uid(0) = field { continue }
                    keys.append(key)
                    values.append(inside(.key(key)) { $0.value(field, slot: .field(of: uid, key), object: uid, key: key) })
                }
                return plist.dictionary(keys: keys, values: values)
            }
        }

        /// A plain container stored as an object of its own (not Foundation's way; kept as
        /// it is): its items as values, with no origins of their own beyond `.inline`.
        mutating func container(_ value: PlistValue) -> Int {
            switch value {
            case .array(let items):
                return plist.array(
                    items.map { item in
                        if item.isContainer { origins.append(.inline) }
                        return item.isContainer ? container(item) : scalarInline(item)
                    })
            case .dictionary(let entries):
                return plist.dictionary(
                    keys: Array(entries.keys),
                    values: entries.values.map { item in
                        if item.isContainer { origins.append(.inline) }
                        return item.isContainer ? container(item) : scalarInline(item)
                    })
            default:
                return scalarInline(value)
            }
        }

        private mutating func scalarInline(_ value: PlistValue) -> Int {
            origins.append(.inline)
            return plist.scalar(value == .null ? .string("$null") : value)
        }

        /// A field's value (stored at `slot`): a reference followed, an inline value as it
        /// is; its object.
        mutating func value(_ field: PlistValue, slot: Slot, object: Int, key: String?) -> Int {
            switch field {
            case .uid(let u):
                return node(Int(u), slot: slot)
            case .array(let items):
                origins.append(key.map { .field(object: object, key: $0) } ?? .inline)
                var out: [Int] = []
                for (i, item) in items.enumerated() {
                    // A slot of its own only where a reference can be (a scalar has none).
                    let itemSlot = item.isScalar ? slot : slot.appending(.index(i))
                    out.append(inside(.index(i)) { $0.value(item, slot: itemSlot, object: object, key: nil) })
                }
                return plist.array(out)
            case .dictionary(let entries):
                // A dictionary inline in a field (not Foundation's way; kept as it is).
                origins.append(key.map { .field(object: object, key: $0) } ?? .inline)
                var values: [Int] = []
                for (k, v) in entries {
                    let itemSlot = v.isScalar ? slot : slot.appending(.key(k))
                    values.append(inside(.key(k)) { $0.value(v, slot: itemSlot, object: object, key: nil) })
                }
                return plist.dictionary(keys: Array(entries.keys), values: values)
            case .null:
                origins.append(key.map { .field(object: object, key: $0) } ?? .inline)
                return plist.scalar(.string("$null"))
            default:
                origins.append(key.map { .field(object: object, key: $0) } ?? .inline)
                return plist.scalar(field)
            }
        }
    }
}

extension ArchiveGraph {
    /// How many references point at each object (shared strings must not change in place).
    func referenceCounts() -> [Int: Int] {
        var counts: [Int: Int] = [:]
        func walk(_ value: PlistValue) {
            switch value {
            case .uid(let u): counts[Int(u), default: 0] += 1
            case .array(let items): items.forEach(walk)
            case .dictionary(let entries): entries.values.forEach(walk)
            default: break
            }
        }
        archive.objects.forEach(walk)
        for uid in archive.top.values { counts[uid, default: 0] += 1 }
        return counts
    }

    /// The storage edits that make `operations` (made on the graph) true of the archive, as
    /// NSKeyedArchiver would have written the result: a scalar object changes in place when
    /// only one reference names it, else the reference gets a new object; a date changes its
    /// `NS.time`, a color its channels in its own spelling; an array or dictionary loses an
    /// item from `NS.objects` (and `NS.keys`), or gains one with a new object at the end of
    /// `$objects`. What the graph cannot say in the storage is refused with a reason.
    public func operations(for operations: [EditOperation]) throws -> [EditOperation] {
        var out: [EditOperation] = []
        var objects = archive.objects
        // Counted only when a scalar object is edited (a walk over every reference).
        var counts: [Int: Int]?
        var colors: OrderedDictionary<Int, RGBAColor> = [:]
        func objectPath(_ uid: Int) -> PlistPath { PlistPath([.key("$objects"), .index(uid)]) }
        /// A new object at the end of `$objects`; its UID.
        func append(_ value: PlistValue) -> Int {
            out.append(.insert(into: PlistPath([.key("$objects")]), key: nil, at: nil, value: value))
            objects.append(value)
            return objects.count - 1
        }
        var classes: [String: Int] = [:]
        /// A reference to the class description `name`: the archive's own when it has one.
        func classReference(_ name: String) -> PlistValue {
            if let uid = classes[name]
                ?? objects.indices.first(where: { uid in
                    if case .dictionary(let d) = objects[uid], d["$class"] == nil, d["$classname"] == .string(name) { return true }
                    return false
                })
            {
                classes[name] = uid
                return .uid(UInt64(uid))
            }
            let uid = append(.dictionary(["$classes": .array([.string(name), "NSObject"]), "$classname": .string(name)]))
            classes[name] = uid
            return .uid(UInt64(uid))
        }
        /// A value as the Foundation objects NSKeyedArchiver writes for it (NSArray,
        /// NSDictionary, NSDate; strings, numbers and data as themselves); its UID.
        func appendObject(_ value: PlistValue) -> Int {
            switch value {
            case .null: return 0
            case .array(let items):
                let references = items.map { PlistValue.uid(UInt64(appendObject($0))) }
                return append(.dictionary(["NS.objects": .array(references), "$class": classReference("NSArray")]))
            case .dictionary(let entries):
                let keys = entries.keys.map { PlistValue.uid(UInt64(append(.string($0)))) }
                let values = entries.values.map { PlistValue.uid(UInt64(appendObject($0))) }
                return append(.dictionary(["NS.keys": .array(keys), "NS.objects": .array(values), "$class": classReference("NSDictionary")]))
            case .date(let date):
                return append(.dictionary(["NS.time": .real(date.timeIntervalSinceReferenceDate), "$class": classReference("NSDate")]))
            default:
                return append(value)
            }
        }
        for operation in operations {
            switch operation {
            case .set(let path, let value):
                switch origin(at: path) {
                case .field(let object, let key)?:
                    out.append(.set(objectPath(object).appending(.key(key)), value))
                case .colorChannel(let object, let channel)?:
                    guard let number = value.doubleValue, number >= 0, number <= 1 else {
                        throw PlistError("a color channel is a number from 0 to 1", at: .keyPath(path.description))
                    }
                    var color = colors[object] ?? ArchivedColor.color(archive.fields(of: object)) ?? RGBAColor(red: 0, green: 0, blue: 0)
                    switch channel {
                    case "red": color.red = number
                    case "green": color.green = number
                    case "blue": color.blue = number
                    default: color.alpha = number
                    }
                    colors[object] = color
                case .object(let uid, let slot)?:
                    guard uid != 0 else { throw PlistError("a nil reference cannot take a value here", at: .keyPath(path.description)) }
                    switch archive.content(of: uid) {
                    case .scalar(let old) where !old.isContainer && (value.isContainer || value.dateValueForArchive):
                        // Now a date, an array or a dictionary: a Foundation object of its own.
                        out.append(.set(slot.path, .uid(UInt64(appendObject(value)))))
                    case .scalar(let old) where !value.isContainer && !old.isContainer:
                        if counts == nil { counts = referenceCounts() }
                        if counts?[uid, default: 0] ?? 0 <= 1 {
                            out.append(.set(objectPath(uid), value))
                        } else {
                            // Shared (equal strings are one object): this reference gets its own.
                            out.append(.set(slot.path, .uid(UInt64(append(value)))))
                        }
                    case .date:
                        guard case .date(let date) = value else { throw PlistError("an NSDate takes a date", at: .keyPath(path.description)) }
                        out.append(.set(objectPath(uid).appending(.key("NS.time")), .real(date.timeIntervalSinceReferenceDate)))
                    case .string:
                        guard case .string = value else { throw PlistError("an NSString takes a string", at: .keyPath(path.description)) }
                        out.append(.set(objectPath(uid).appending(.key("NS.string")), value))
                    case .data:
                        guard case .data = value else { throw PlistError("an NSData takes data", at: .keyPath(path.description)) }
                        out.append(.set(objectPath(uid).appending(.key("NS.data")), value))
                    default:
                        throw PlistError("an archived \(archive.className(of: uid) ?? "object") is changed by its parts here", at: .keyPath(path.description))
                    }
                case .link?:
                    throw PlistError("a link to an object shown elsewhere: change the object where it is shown (Enter goes there)", at: .keyPath(path.description))
                case .top?, .inline?, nil:
                    throw PlistError("this part of the archive graph is not edited here (A shows the storage)", at: .keyPath(path.description))
                }
            case .delete(let path):
                guard let last = path.components.last else { throw PlistError("the graph's root cannot be deleted") }
                let parentPath = path.dropLast()
                guard case .object(let container, _)? = origin(at: parentPath) else {
                    throw PlistError("this entry is not removed here (A shows the storage)", at: .keyPath(path.description))
                }
                switch (archive.content(of: container), last) {
                case (.list, .index(let i)):
                    out.append(.delete(objectPath(container).appending(.key("NS.objects")).appending(.index(i))))
                case (.map(let entries), .key(let key)):
                    guard
                        let i = entries.firstIndex(where: { entry in
                            switch archive.content(of: entry.key) {
                            case .scalar(.string(let s)), .string(let s): s == key
                            default: false
                            }
                        })
                    else { throw PlistError("no entry \(key)", at: .keyPath(path.description)) }
                    out.append(.delete(objectPath(container).appending(.key("NS.objects")).appending(.index(i))))
                    out.append(.delete(objectPath(container).appending(.key("NS.keys")).appending(.index(i))))
                case (.object, .key(let key)):
                    out.append(.delete(objectPath(container).appending(.key(key))))
                default:
                    throw PlistError("an archived \(archive.className(of: container) ?? "object") does not lose parts here", at: .keyPath(path.description))
                }
            case .insert(let path, let key, let at, let value):
                guard case .object(let container, _)? = origin(at: path) else {
                    throw PlistError("nothing is added here (A shows the storage)", at: .keyPath(path.description))
                }
                guard value != .null else { throw PlistError("nil is not added to an archive", at: .keyPath(path.description)) }
                switch archive.content(of: container) {
                case .list(let items):
                    let uid = appendObject(value)
                    out.append(.insert(into: objectPath(container).appending(.key("NS.objects")), key: nil, at: at.map { min($0, items.count) }, value: .uid(UInt64(uid))))
                case .map(let entries):
                    guard let key else { throw PlistError("a dictionary entry needs a key", at: .keyPath(path.description)) }
                    let keyUID = append(.string(key))
                    let valueUID = appendObject(value)
                    let position = at.map { min($0, entries.count) }
                    out.append(.insert(into: objectPath(container).appending(.key("NS.keys")), key: nil, at: position, value: .uid(UInt64(keyUID))))
                    out.append(.insert(into: objectPath(container).appending(.key("NS.objects")), key: nil, at: position, value: .uid(UInt64(valueUID))))
                case .object:
                    guard let key else { throw PlistError("a field needs a key", at: .keyPath(path.description)) }
                    out.append(.insert(into: objectPath(container), key: key, at: nil, value: .uid(UInt64(appendObject(value)))))
                default:
                    throw PlistError("an archived \(archive.className(of: container) ?? "object") does not take entries here", at: .keyPath(path.description))
                }
            default:
                throw PlistError(
                    "renaming, moving and duplicating are not made on the archive graph (A shows the storage, where they are)", at: .keyPath(operation.path.description))
            }
        }
        for (object, color) in colors {
            guard case .dictionary(var stored) = archive.objects[object] else { continue }
            let fields = ArchivedColor.fields(archive.fields(of: object), with: color)
            for (key, value) in fields where stored[key] != value { stored[key] = value }
            for key in stored.keys where key != "$class" && fields[key] == nil { stored.removeValue(forKey: key) }
            out.append(.set(objectPath(object), .dictionary(stored)))
        }
        return out
    }
}

extension PlistValue {
    /// Neither a reference nor a container: nothing in it leads to another object.
    fileprivate var isScalar: Bool {
        switch self {
        case .uid, .array, .dictionary: false
        default: true
        }
    }

    /// A date (stored in archives as an NSDate object, not as itself).
    fileprivate var dateValueForArchive: Bool {
        if case .date = self { return true }
        return false
    }
}

extension ArchiveGraph {
    /// Follows the storage edits `storage` (as `operations(for:)` makes them, or as undo and
    /// redo make them again) when they only set values stored in place — an object's inline
    /// field (`age`), or a plain scalar object (a string) — without building the graph again:
    /// each new value, read from the storage tree, is patched into the graph's own tree where
    /// the graph shows it (a shared string everywhere it is shown) and into the archive.
    /// Returns the graph nodes whose values changed; nil when the edits did anything else
    /// (added objects, changed a date, a color, a list) — the graph is then part-changed and
    /// must be built again from the storage. In place, so that a graph nothing else holds is
    /// not copied (a 100 000-object archive's objects and tree).
    public mutating func setStoredValues(_ storage: [EditOperation], in storageTree: SourceTree) -> [Int]? {
        var changed: [Int] = []
        for operation in storage {
            guard case .set(let path, _) = operation, path.components.count == 2 || path.components.count == 3,
                path.components[0] == .key("$objects"), case .index(let uid) = path.components[1],
                let node = storageTree.index(at: path)
            else { return nil }
            let value = storageTree.value(at: node)
            let field: String?
            if path.components.count == 3 {
                // A field of an object with fields (not an NSDate's time or an NSString's text,
                // which the graph shows as the object itself).
                guard case .key(let key) = path.components[2], case .object = archive.content(of: uid) else { return nil }
                field = key
            } else {
                guard case .scalar = archive.content(of: uid) else { return nil }
                field = nil
            }
            guard archive.replace(object: uid, field: field, with: value) else { return nil }
            // Where the graph shows it: the field's node, or every node of the object.
            for (node, origin) in origins.enumerated() {
                let shows: Bool
                switch origin {
                case .field(let object, let key): shows = object == uid && key == field
                case .object(let object, _): shows = field == nil && object == uid
                default: shows = false
                }
                guard shows else { continue }
                guard !tree[node].kind.isContainer, value != .null else { return nil }
                if tree.scalar(at: node) == value { continue }
                guard let edits = tree.binaryEdits(setting: node, to: value), tree.splice(binaryEdits: edits, rereading: node) != nil else { return nil }
                changed.append(node)
            }
        }
        return changed
    }
}
