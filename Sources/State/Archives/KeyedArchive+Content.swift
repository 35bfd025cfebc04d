import Foundation
import OrderedCollections

extension KeyedArchive {
    /// One dictionary entry of an archived `NSDictionary`: references to its key and value.
    public struct Entry: Sendable, Equatable {
        /// The index in `$objects` of the entry's key.
        public var key: Int
        /// The index in `$objects` of the entry's value.
        public var value: Int
    }

    /// What an archived object is, read as the Foundation class it was archived from.
    public enum Content: Sendable, Equatable {
        /// `$null`: nil.
        case null
        /// A string, number, boolean or data stored as itself in `$objects`.
        case scalar(PlistValue)
        /// `NSString`/`NSMutableString` stored as an object (`NS.string`).
        case string(String)
        /// `NSDate`: seconds since 2001 (`NS.time`).
        case date(Date)
        /// `NSData`/`NSMutableData` stored as an object (`NS.data`).
        case data(Data)
        /// `NSUUID`: sixteen bytes (`NS.uuidbytes`).
        case uuid(UUID)
        /// `NSURL`: a relative string against an optional base URL object.
        case url(base: Int?, relative: String)
        /// `NSArray`, `NSSet`, `NSOrderedSet` and their mutable kinds: references in order.
        case list([Int])
        /// `NSDictionary`/`NSMutableDictionary`.
        case map([Entry])
        /// `NSColor` (`NSRGB`, `NSWhite`) or `UIColor` (`UIRed`…, `UIWhite`) in RGB.
        case color(RGBAColor)
        /// Any other class: its keyed fields (UIDs in them are references).
        case object(OrderedDictionary<String, PlistValue>)
    }

    static let listClasses: Set<String> = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet"]
    static let mapClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]

    /// The object at `uid` as its class stores it. Objects of a known class whose fields are
    /// not as that class writes them are shown as plain objects (their fields), never guessed.
    public func content(of uid: Int) -> Content {
        content(of: uid, copyingFields: true)
    }

    /// The object's content; without `copyingFields`, an object with plain fields is
    /// `.object([:])` and its fields are read where they are stored (`objects[uid]`, skipping
    /// `$class`): copying them without `$class` retained every field of every object, much
    /// of building a large archive's graph.
    package func content(of uid: Int, copyingFields: Bool) -> Content {
        let object = objects[uid]
        guard let description = classDescription(of: uid), case .dictionary(let stored) = object else {
            if uid == 0, case .string("$null") = object { return .null }
            return .scalar(object)
        }
        // The fields as stored (with `$class`, which no field read here is named): copied
        // without it only for what is returned or read whole.
        func reference(_ key: String) -> Int? { if case .uid(let u)? = stored[key] { Int(u) } else { nil } }
        func references(_ key: String) -> [Int]? {
            guard case .array(let items)? = stored[key] else { return nil }
            let uids = items.compactMap { if case .uid(let u) = $0 { Int(u) } else { nil } }
            return uids.count == items.count ? uids : nil
        }
        /// A string stored as itself or as an NSString object (never followed further: an
        /// object naming itself must not send this round forever).
        func text(_ uid: Int?) -> String? {
            guard let uid else { return nil }
            if case .string(let s) = objects[uid], className(of: uid) == nil { return s }
            guard ["NSString", "NSMutableString"].contains(className(of: uid)), case .string(let s)? = self.fields(of: uid)["NS.string"] else { return nil }
            return s
        }
        // The class or one of its superclasses (judged once per class).
        if description.isList, let items = references("NS.objects") { return .list(items) }
        if description.isMap, let keys = references("NS.keys"), let values = references("NS.objects"), keys.count == values.count {
            return .map(zip(keys, values).map { Entry(key: $0, value: $1) })
        }
        switch description.kind {
        case .string:
            if case .string(let s)? = stored["NS.string"] { return .string(s) }
        case .date:
            if let time = stored["NS.time"].flatMap(Self.number) { return .date(Date(timeIntervalSinceReferenceDate: time)) }
        case .data:
            if case .data(let d)? = stored["NS.data"] { return .data(d) }
        case .uuid:
            if case .data(let d)? = stored["NS.uuidbytes"], d.count == 16 {
                let b = Array(d)
                return .uuid(UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])))
            }
        case .url:
            if let relative = text(reference("NS.relative")) {
                let base = reference("NS.base").flatMap { $0 == 0 ? nil : $0 }
                return .url(base: base, relative: relative)
            }
        case .color:
            if let color = ArchivedColor.color(fields(of: uid)) { return .color(color) }
        case .other:
            break
        }
        return .object(copyingFields ? fields(of: uid) : [:])
    }

    static func number(_ value: PlistValue) -> Double? {
        switch value {
        case .real(let d): d
        case .integer(let i): Double(i)
        default: nil
        }
    }

    /// The absolute string of an archived URL (its relative string against its base).
    public func urlString(of uid: Int) -> String? {
        urlString(of: uid, depth: 0)
    }

    private func urlString(of uid: Int, depth: Int) -> String? {
        guard case .url(let base, let relative) = content(of: uid) else { return nil }
        // A base chain that loops (or runs absurdly long) stops at the relative part.
        guard let base, depth < 16, let baseString = urlString(of: base, depth: depth + 1), let baseURL = URL(string: baseString) else { return relative }
        return URL(string: relative, relativeTo: baseURL)?.absoluteString ?? relative
    }

    /// How deep an object graph is followed (a chain of objects each inside the last): deeper
    /// archives are refused where a tree is written, and cut short with a note in the browser.
    public static let depthLimit = 512
}
