import Foundation

/// A type whose values are written into a keyed archive as one object, as `NSCoding` classes
/// are: `encode(to:)` writes its fields, `init(from:)` reads them. The class name is what
/// `NSKeyedUnarchiver` looks up (`NSKeyedUnarchiver.setClass(_:forClassName:)` maps it to a
/// class on the Foundation side).
public protocol ArchiveCoding {
    /// The archived `$classname`.
    static var archivedClassName: String { get }
    /// `$classes`: the class and its superclasses (defaults to the name, then NSObject).
    static var archivedClassChain: [String] { get }
    /// Writes the object's fields, as `encode(with:)` of an `NSCoding` class does.
    func encode(to encoder: inout ArchiveEncoder) throws
    /// Reads the object's fields, as `init(coder:)` of an `NSCoding` class does.
    init(from decoder: ArchiveDecoder) throws
}

extension ArchiveCoding {
    /// `$classes`: the class and its superclasses (default: the class, then `NSObject`).
    public static var archivedClassChain: [String] { [archivedClassName, "NSObject"] }
}

/// The coder of a value type: it holds the value and archives it (ValueCoding's `CodingType`).
public protocol ValueCoder: ArchiveCoding {
    /// The value type this coder archives.
    associatedtype Value
    /// The value the coder holds.
    var value: Value { get }
    /// A coder holding `value`.
    init(_ value: Value)
}

/// A value type archived through its coder, the ValueCoding way:
///
/// ```swift
/// struct Point: ValueCoding { typealias Coder = PointCoder; var x, y: Double }
/// let bytes = try KeyedArchiver.archivedData(withRootObject: point.encoded)
/// let back = Point.decode(try ArchiveDecoder.root(of: bytes))
/// ```
public protocol ValueCoding {
    /// The coder that archives values of this type.
    associatedtype Coder: ValueCoder where Coder.Value == Self
}

extension ValueCoding {
    /// The coder holding this value, ready to archive.
    public var encoded: Coder { Coder(self) }

    /// The value an archived object holds; nil when it cannot be read as one.
    public static func decode(_ decoder: ArchiveDecoder?) -> Self? {
        guard let decoder else { return nil }
        return try? Coder(from: decoder).value
    }

    /// The values of archived objects, leaving out those that cannot be read.
    public static func decode<S: Sequence>(_ decoders: S?) -> [Self] where S.Element == ArchiveDecoder {
        decodeReporting(decoders).value
    }

    /// The same, with why each left-out object could not be read.
    public static func decodeReporting<S: Sequence>(_ decoders: S?) -> Decoded<[Self]> where S.Element == ArchiveDecoder {
        var values: [Self] = []
        var dropped: [ModelError] = []
        var list: [ArchiveDecoder] = []
        if let decoders { list.append(contentsOf: decoders) }
        for decoder in list {
            do {
                values.append(try Coder(from: decoder).value)
            } catch let error as ModelError {
                dropped.append(error)
            } catch {
                dropped.append(ModelError(.invalidValue("\(error)"), at: decoder.path))
            }
        }
        return Decoded(value: values, dropped: dropped)
    }
}

extension Sequence where Element: ValueCoding {
    /// The coders of every value (archived as an `NSArray`).
    public var encoded: [Element.Coder] { map(\.encoded) }
}

/// Writes keyed archives in `NSKeyedArchiver`'s format (a binary property list with
/// `$archiver`, `$top`, `$objects` and `$version` 100000) without an Objective-C runtime.
public enum KeyedArchiver {
    /// An archive whose root is the coder's object.
    public static func archivedData<C: ArchiveCoding>(withRootObject root: C) throws -> [UInt8] {
        let table = ArchiveTable()
        return try table.archive(root: try table.object(root))
    }

    /// An archive whose root is an `NSArray` of the coders' objects (`values.encoded`).
    public static func archivedData<C: ArchiveCoding>(withRootObject roots: [C]) throws -> [UInt8] {
        let table = ArchiveTable()
        var encoder = ArchiveEncoder(table: table)
        try encoder.encode(roots, forKey: "root")
        guard case .uid(let root)? = encoder.fields["root"] else { throw PlistError("no root") }
        return try table.archive(root: Int(root))
    }

    /// An archive of plain data as Foundation objects (`NSDictionary`, `NSArray`, `NSString`,
    /// `NSNumber`, `NSDate`, `NSData`).
    public static func archivedData(withRootValue value: PlistValue) throws -> [UInt8] {
        let table = ArchiveTable()
        return try table.archive(root: table.plain(value))
    }
}

/// The coder every `Model` already has: it archives the model's store (what `write(to:)`
/// writes) as the fields of an object named `modelName`, nested models and collections as
/// `NSDictionary` and `NSArray`, and reads it back through `init(from:)` with migrations — so
/// a model needs no second set of coding functions: `extension Book: ValueCoding { typealias
/// Coder = ModelCoder<Book> }`.
public struct ModelCoder<M: Model>: ValueCoder {
    /// The model archived.
    public let value: M

    /// Archives `value` as a ValueCoding object.
    public init(_ value: M) { self.value = value }

    /// The model's name.
    public static var archivedClassName: String { M.modelName }

    public func encode(to encoder: inout ArchiveEncoder) throws {
        for (key, stored) in try value.storedEntries().values { encoder.encode(plist: stored, forKey: key) }
    }

    public init(from decoder: ArchiveDecoder) throws {
        do {
            value = try M(storedValue: try decoder.plainFields(), context: ReadContext())
        } catch var error as ModelError {
            error.path = PlistPath(decoder.path.components + error.path.components)
            throw error
        }
    }
}
