import AssetLibraryExample
import Foundation
import OrderedCollections
import State
import StateTestSupport
import Testing

// Foundation's side: NSCoding classes as an app would write them. swift-corelibs-foundation's
// NSKeyedArchiver and NSKeyedUnarchiver are the oracle for our reader and writer.

final class FoundationAddress: NSObject, NSCoding {
    let street: String
    let zip: String
    init(street: String, zip: String) {
        self.street = street
        self.zip = zip
    }
    func encode(with coder: NSCoder) {
        coder.encode(street as NSString, forKey: "street")
        coder.encode(zip as NSString, forKey: "zip")
    }
    init?(coder: NSCoder) {
        guard let street = coder.decodeObject(forKey: "street") as? String, let zip = coder.decodeObject(forKey: "zip") as? String else { return nil }
        self.street = street
        self.zip = zip
    }
}

final class FoundationPerson: NSObject, NSCoding {
    let name: String
    let age: Int
    let born: Date
    let photo: Data
    let id: UUID
    let homepage: URL
    let home: FoundationAddress?
    let work: FoundationAddress?
    var friends: [FoundationPerson] = []

    init(name: String, age: Int, born: Date, photo: Data, id: UUID, homepage: URL, home: FoundationAddress?, work: FoundationAddress?) {
        self.name = name
        self.age = age
        self.born = born
        self.photo = photo
        self.id = id
        self.homepage = homepage
        self.home = home
        self.work = work
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(age, forKey: "age")
        coder.encode(born as NSDate, forKey: "born")
        coder.encode(photo as NSData, forKey: "photo")
        coder.encode(id as NSUUID, forKey: "id")
        coder.encode(homepage as NSURL, forKey: "homepage")
        coder.encode(home, forKey: "home")
        coder.encode(work, forKey: "work")
        coder.encode(friends as NSArray, forKey: "friends")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String else { return nil }
        self.name = name
        age = coder.decodeInteger(forKey: "age")
        born = (coder.decodeObject(forKey: "born") as? Date) ?? .distantPast
        photo = (coder.decodeObject(forKey: "photo") as? Data) ?? Data()
        id = (coder.decodeObject(forKey: "id") as? UUID) ?? UUID()
        homepage = (coder.decodeObject(forKey: "homepage") as? URL) ?? URL(fileURLWithPath: "/")
        home = coder.decodeObject(forKey: "home") as? FoundationAddress
        work = coder.decodeObject(forKey: "work") as? FoundationAddress
        friends = (coder.decodeObject(forKey: "friends") as? [FoundationPerson]) ?? []
    }
}

// Our side: value types and their coders, the ValueCoding way.

struct PostalAddress: ValueCoding, Equatable {
    typealias Coder = PostalAddressCoder
    var street: String
    var zip: String
}

struct PostalAddressCoder: ValueCoder {
    static let archivedClassName = "Address"
    let value: PostalAddress
    init(_ value: PostalAddress) { self.value = value }
    func encode(to encoder: inout ArchiveEncoder) throws {
        encoder.encode(value.street, forKey: "street")
        encoder.encode(value.zip, forKey: "zip")
    }
    init(from decoder: ArchiveDecoder) throws {
        guard let street = decoder.decodeString(forKey: "street") else { throw decoder.missing("street") }
        value = PostalAddress(street: street, zip: decoder.decodeString(forKey: "zip") ?? "")
    }
}

struct Contact: ValueCoding, Equatable {
    typealias Coder = ContactCoder
    var name: String
    var age: Int
    var born: Date
    var photo: Data
    var id: UUID
    var homepage: URL
    var home: PostalAddress?
    var work: PostalAddress?
    var friends: [Contact] = []
}

struct ContactCoder: ValueCoder {
    static let archivedClassName = "Person"
    let value: Contact
    init(_ value: Contact) { self.value = value }
    func encode(to encoder: inout ArchiveEncoder) throws {
        encoder.encode(value.name, forKey: "name")
        encoder.encode(value.age, forKey: "age")
        encoder.encode(value.born, forKey: "born")
        encoder.encode(value.photo, forKey: "photo")
        encoder.encode(value.id, forKey: "id")
        encoder.encode(value.homepage, forKey: "homepage")
        try encoder.encode(value.home?.encoded, forKey: "home")
        try encoder.encode(value.work?.encoded, forKey: "work")
        try encoder.encode(value.friends.encoded, forKey: "friends")
    }
    init(from decoder: ArchiveDecoder) throws {
        guard let name = decoder.decodeString(forKey: "name") else { throw decoder.missing("name") }
        guard let age = decoder.decodeInteger(forKey: "age") else { throw decoder.missing("age") }
        value = Contact(
            name: name, age: age, born: decoder.decodeDate(forKey: "born") ?? .distantPast, photo: decoder.decodeData(forKey: "photo") ?? Data(),
            id: decoder.decodeUUID(forKey: "id") ?? UUID(), homepage: decoder.decodeURL(forKey: "homepage") ?? URL(fileURLWithPath: "/"),
            home: try decoder.decode(PostalAddressCoder.self, forKey: "home")?.value, work: try decoder.decode(PostalAddressCoder.self, forKey: "work")?.value,
            friends: try decoder.decodeArray(of: ContactCoder.self, forKey: "friends")?.map(\.value) ?? [])
    }
}

extension AssetLibrary: ValueCoding {
    public typealias Coder = ModelCoder<AssetLibrary>
}

/// The Foundation side of a model archived through `ModelCoder`.
final class FoundationLibrary: NSObject, NSCoding {
    let name: String
    let domains: NSDictionary
    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String, let domains = coder.decodeObject(forKey: "domains") as? NSDictionary else { return nil }
        self.name = name
        self.domains = domains
    }
    func encode(with coder: NSCoder) {}
}

@Suite(.serialized) struct KeyedArchiveTests {
    static let born = Date(timeIntervalSinceReferenceDate: 123_456_789.25)
    static let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    static let homepage = URL(string: "https://example.com/ada?x=1")!

    static func foundationPeople() -> (ada: FoundationPerson, bob: FoundationPerson, shared: FoundationAddress) {
        let shared = FoundationAddress(street: "12 Analytical Row", zip: "N1")
        let ada = FoundationPerson(name: "Ada", age: 36, born: born, photo: Data([0, 1, 2, 255]), id: id, homepage: homepage, home: shared, work: shared)
        let bob = FoundationPerson(name: "Bob", age: 41, born: born.addingTimeInterval(60), photo: Data(), id: id, homepage: homepage, home: nil, work: shared)
        ada.friends = [bob]
        return (ada, bob, shared)
    }

    static func archivedByFoundation(_ root: Any) throws -> [UInt8] {
        NSKeyedArchiver.setClassName("Person", for: FoundationPerson.self)
        NSKeyedArchiver.setClassName("Address", for: FoundationAddress.self)
        return Array(try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: false))
    }

    static func unarchivedByFoundation(_ bytes: [UInt8]) throws -> Any? {
        NSKeyedUnarchiver.setClass(FoundationPerson.self, forClassName: "Person")
        NSKeyedUnarchiver.setClass(FoundationAddress.self, forClassName: "Address")
        NSKeyedUnarchiver.setClass(FoundationLibrary.self, forClassName: "AssetLibrary")
        return try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(Data(bytes))
    }

    // MARK: - Foundation writes, we read

    @Test func foundationsCoderObjectsDecodeIntoValueTypesWithSharedReferences() throws {
        let (ada, _, _) = Self.foundationPeople()
        let bytes = try Self.archivedByFoundation(ada)
        let root = try ArchiveDecoder.root(of: bytes)
        // swift-corelibs-foundation ignores setClassName and writes the module-qualified name.
        let personClass = try #require(root.className)
        #expect(personClass.hasSuffix("Person"))
        let person = try #require(Contact.decode(root))
        #expect(person.name == "Ada" && person.age == 36 && person.born == Self.born && person.photo == Data([0, 1, 2, 255]))
        #expect(person.id == Self.id && person.homepage == Self.homepage)
        #expect(person.home == PostalAddress(street: "12 Analytical Row", zip: "N1") && person.work == person.home)
        #expect(person.friends.map(\.name) == ["Bob"] && person.friends[0].home == nil)
        // The shared address is one object, referenced twice.
        let archive = root.archive
        let fields = archive.fields(of: root.uid)
        #expect(fields["home"] == fields["work"])
        guard case .uid(let home)? = fields["home"] else { throw PlistError("no home") }
        let addressClass = try #require(archive.className(of: Int(home)))
        let plain = try archive.unarchived()
        // Foundation writes fields in no fixed order: compared with keys sorted.
        #expect(PlistOracle.canonical(plain, sortingKeys: true) == PlistOracle.canonical(Self.plainAda(person: personClass, address: addressClass), sortingKeys: true))
    }

    static func plainAda(person: String, address: String) -> PlistValue {
        [
            "$class": .string(person), "name": "Ada", "age": 36, "born": .date(born), "photo": .data(Data([0, 1, 2, 255])), "id": .string(id.uuidString),
            "homepage": .string(homepage.absoluteString), "home": ["$class": .string(address), "street": "12 Analytical Row", "zip": "N1"],
            "work": ["$class": .string(address), "street": "12 Analytical Row", "zip": "N1"],
            "friends": [
                [
                    "$class": .string(person), "name": "Bob", "age": 41, "born": .date(born.addingTimeInterval(60)), "photo": .data(Data()), "id": .string(id.uuidString),
                    "homepage": .string(homepage.absoluteString), "work": ["$class": .string(address), "street": "12 Analytical Row", "zip": "N1"], "friends": [],
                ]
            ],
        ]
    }

    @Test func aCycleIsReadAsAGraphAndRefusedWhereATreeIsNeeded() throws {
        let (ada, bob, _) = Self.foundationPeople()
        bob.friends = [ada]  // Ada → Bob → Ada
        let bytes = try Self.archivedByFoundation(ada)
        let root = try ArchiveDecoder.root(of: bytes)
        let archive = root.archive
        // The graph: Bob's friends list references Ada's object.
        guard case .object(let adaFields) = archive.content(of: root.uid), case .uid(let friends)? = adaFields["friends"],
            case .list(let adaFriends) = archive.content(of: Int(friends)), case .object(let bobFields) = archive.content(of: adaFriends[0]),
            case .uid(let bobFriends)? = bobFields["friends"], case .list(let back) = archive.content(of: Int(bobFriends))
        else { throw PlistError("not the graph Foundation wrote") }
        #expect(back == [root.uid])
        // Value types cannot hold it: decoding names where it closes, plain data refuses it.
        let decoded = Contact.decodeReporting([root])
        #expect(decoded.value.isEmpty)
        #expect(decoded.dropped.first?.path.description == "friends.0.friends.0")
        let error = #expect(throws: PlistError.self) { try archive.unarchived() }
        #expect(error?.description.contains("contains itself") == true)
        #expect(error?.description.hasPrefix("friends.0.friends.0") == true)
    }

    @Test func foundationsPlainObjectsReadAsTheSameValues() throws {
        let root: NSDictionary = [
            "name": "Harbor", "count": 3, "ratio": 0.25, "on": true, "when": Self.born, "blob": Data([9, 8]), "id": Self.id, "link": Self.homepage,
            "tags": ["a", "b"], "nested": ["x": [5, 6]], "set": NSSet(array: [7]),
        ]
        let bytes = try Self.archivedByFoundation(root)
        let archive = try KeyedArchive(bytes: bytes)
        let expected: PlistValue = [
            "name": "Harbor", "count": 3, "ratio": 0.25, "on": true, "when": .date(Self.born), "blob": .data(Data([9, 8])), "id": .string(Self.id.uuidString),
            "link": .string(Self.homepage.absoluteString), "tags": ["a", "b"], "nested": ["x": [5, 6]], "set": [7],
        ]
        // NSDictionary has no order: compare as sets of keys and values.
        guard case .dictionary(let ours) = try archive.unarchived(), case .dictionary(let theirs) = expected else { throw PlistError("not a dictionary") }
        #expect(Set(ours.keys) == Set(theirs.keys))
        for (key, value) in theirs { #expect(ours[key] == value, "\(key)") }
    }

    // MARK: - We write, Foundation reads

    @Test func ourArchivesOfValueTypesAreReadByFoundation() throws {
        let address = PostalAddress(street: "12 Analytical Row", zip: "N1")
        var ada = Contact(name: "Ada", age: 36, born: Self.born, photo: Data([0, 1, 2, 255]), id: Self.id, homepage: Self.homepage, home: address, work: address)
        ada.friends = [Contact(name: "Bob", age: 41, born: Self.born, photo: Data(), id: Self.id, homepage: Self.homepage, home: nil, work: address)]
        let bytes = try KeyedArchiver.archivedData(withRootObject: ada.encoded)
        let theirs = try #require(try Self.unarchivedByFoundation(bytes) as? FoundationPerson)
        #expect(theirs.name == "Ada" && theirs.age == 36 && theirs.born == Self.born && theirs.photo == Data([0, 1, 2, 255]))
        #expect(theirs.id == Self.id && theirs.homepage == Self.homepage)
        #expect(theirs.home?.street == "12 Analytical Row" && theirs.work?.zip == "N1")
        #expect(theirs.friends.map(\.name) == ["Bob"] && theirs.friends[0].home == nil)
        // The format is NSKeyedArchiver's, and equal strings are one object.
        let archive = try KeyedArchive(bytes: bytes)
        #expect(archive.archiver == "NSKeyedArchiver" && archive.version == 100_000 && archive.top.keys.elementsEqual(["root"]))
        #expect(archive.objects.filter { $0 == .string("12 Analytical Row") }.count == 1)
        // And it reads back into the same value.
        #expect(Contact.decode(try ArchiveDecoder.root(of: bytes)) == ada)
    }

    @Test func sequencesAreArchivedAsArraysAndFailedMembersAreDroppedAndReported() throws {
        let people = [
            Contact(name: "Ada", age: 36, born: Self.born, photo: Data(), id: Self.id, homepage: Self.homepage, home: nil, work: nil),
            Contact(name: "Bob", age: 41, born: Self.born, photo: Data(), id: Self.id, homepage: Self.homepage, home: nil, work: nil),
        ]
        let bytes = try KeyedArchiver.archivedData(withRootObject: people.encoded)
        let theirs = try #require(try Self.unarchivedByFoundation(bytes) as? [FoundationPerson])
        #expect(theirs.map(\.name) == ["Ada", "Bob"])
        let root = try ArchiveDecoder.root(of: bytes)
        #expect(Contact.decode(try root.elements()) == people)
        // An archive where one member lacks its age: that member is left out, and said.
        let (ada, _, _) = Self.foundationPeople()
        let broken = FoundationAddress(street: "not a person", zip: "")
        let mixed = try Self.archivedByFoundation([ada, broken] as NSArray)
        let decoded = Contact.decodeReporting(try ArchiveDecoder.root(of: mixed).elements())
        #expect(decoded.value.map(\.name) == ["Ada"])
        #expect(decoded.dropped.map(\.description) == ["1: required key \"name\" is missing"])
    }

    @Test func plainValuesAreArchivedAsFoundationObjects() throws {
        let value: PlistValue = [
            "name": "Harbor", "count": 3, "ratio": 0.25, "on": true, "when": .date(Self.born), "blob": .data(Data([9])), "tags": ["a", "a"], "nested": ["x": [1]],
        ]
        let bytes = try KeyedArchiver.archivedData(withRootValue: value)
        let theirs = try #require(try Self.unarchivedByFoundation(bytes) as? NSDictionary)
        #expect(theirs["name"] as? String == "Harbor" && theirs["count"] as? Int == 3 && theirs["ratio"] as? Double == 0.25 && theirs["on"] as? Bool == true)
        #expect(theirs["when"] as? Date == Self.born && theirs["blob"] as? Data == Data([9]) && theirs["tags"] as? [String] == ["a", "a"])
        #expect((theirs["nested"] as? NSDictionary)?["x"] as? [Int] == [1])
        #expect(try KeyedArchive(bytes: bytes).unarchived() == value)
    }

    @Test func aModelIsArchivedThroughItsStoreWithoutNewCodingFunctions() throws {
        let library = AssetLibrary.sample
        let bytes = try KeyedArchiver.archivedData(withRootObject: library.encoded)
        let back = try #require(AssetLibrary.decode(try ArchiveDecoder.root(of: bytes)))
        #expect(try back.storedValue() == library.storedValue())
        let theirs = try #require(try Self.unarchivedByFoundation(bytes) as? FoundationLibrary)
        #expect(theirs.name == library.name)
        #expect(Set(theirs.domains.allKeys.compactMap { $0 as? String }) == Set(library.domains.keys))
    }

    // MARK: - Colors

    @Test func colorsAreReadAndWrittenInTheirOwnSpelling() throws {
        let ui: OrderedDictionary<String, PlistValue> = ["UIRed": 1, "UIGreen": 0.5, "UIBlue": 0, "UIAlpha": 1, "NSColorSpace": 2]
        #expect(ArchivedColor.color(ui) == RGBAColor(red: 1, green: 0.5, blue: 0))
        let picked = RGBAColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        #expect(ArchivedColor.fields(ui, with: picked) == ["UIRed": 0.25, "UIGreen": 0.5, "UIBlue": 0.75, "UIAlpha": 0.5, "NSColorSpace": 2])
        // NSRGB text: alpha only when it is not 1, the NUL kept (or not) as it was.
        let appKit: OrderedDictionary<String, PlistValue> = ["NSColorSpace": 1, "NSRGB": .data(Data("0 0 1".utf8))]
        #expect(ArchivedColor.color(appKit) == RGBAColor(red: 0, green: 0, blue: 1))
        #expect(ArchivedColor.fields(appKit, with: picked)["NSRGB"] == .data(Data("0.25 0.5 0.75 0.5".utf8)))
        // A gray (NSWhite, calibrated white space 3) turned into a color becomes RGB (space 1).
        let gray: OrderedDictionary<String, PlistValue> = ["NSColorSpace": 3, "NSWhite": .data(Data("0.5\u{0}".utf8))]
        #expect(ArchivedColor.color(gray) == RGBAColor(red: 0.5, green: 0.5, blue: 0.5))
        #expect(ArchivedColor.fields(gray, with: picked) == ["NSColorSpace": 1, "NSRGB": .data(Data("0.25 0.5 0.75 0.5\u{0}".utf8))])
        // Outside 0…1, or CMYK: not a color we show (its fields are).
        #expect(ArchivedColor.color(["NSRGB": .data(Data("2 0 0".utf8))]) == nil)
        #expect(ArchivedColor.color(["NSColorSpace": 5, "NSCMYK": .data(Data("0 0 0 1".utf8))]) == nil)
    }

    // MARK: - Bad archives

    @Test func badArchivesAreRefusedWithTheirKeyPath() throws {
        func archive(_ objects: [PlistValue], top: PlistValue = ["root": .uid(1)]) -> PlistValue {
            ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": top, "$objects": .array(objects)]
        }
        var error = #expect(throws: PlistError.self) { try KeyedArchive(archive(["$null", ["$class": .uid(9)]])) }
        #expect(error?.description == "$objects.1.$class: reference UID(9) past the 2 objects")
        error = #expect(throws: PlistError.self) { try KeyedArchive(archive(["$null"], top: ["root": .uid(4)])) }
        #expect(error?.description.hasPrefix("$top.root: $top.root must be a reference") == true)
        error = #expect(throws: PlistError.self) { try KeyedArchive(["$archiver": "NSKeyedArchiver", "$top": [:]]) }
        #expect(error?.description.hasPrefix("$objects:") == true)
        #expect(!KeyedArchive.isArchive(["name": "x"]))
    }
}
