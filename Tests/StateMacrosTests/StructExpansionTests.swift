import Testing

/// `@StateModel` on structs: one test per attribute, the expanded source checked in full.
@Suite struct StructExpansionTests {
    @Test func plainPropertiesOptionalsAndDefaults() {
        assertExpansion(
            """
            @StateModel
            public struct User {
                public var name: String
                public var email: String?
                public var age: Int = 18
                public var display: String { name }
                static var count = 0
            }
            """,
            expands: """
                public struct User {
                    public var name: String
                    public var email: String?
                    public var age: Int = 18
                    public var display: String { name }
                    static var count = 0

                    public init(from store: borrowing State.Store) throws {
                        self.name = try store.value(forKey: "name")
                        self.email = try store.value(forKey: "email")
                        self.age = try store.value(forKey: "age", default: 18)
                    }

                    public func write(to store: inout State.Store) throws {
                        try store.set(self.name, forKey: "name")
                        try store.set(self.email, forKey: "email")
                        try store.set(self.age, forKey: "age")
                    }

                    public init(name: String, email: String? = nil, age: Int = 18) {
                        self.name = name
                        self.email = email
                        self.age = age
                    }
                }

                extension User: State.Model {
                }
                """)
    }
}

extension StructExpansionTests {
    @Test func keyTransformDissolvedConformingAndTransient() {
        assertExpansion(
            """
            @StateModel
            struct Group {
                @Key("group_name") var name: String
                @Transform(ColorTransform()) var tint: RGBAColor
                @Transform(URLTransform()) var link: URL?
                @Dissolved var tags: [String]
                @Conforming(.asset) var assets: [any Asset]
                @Transient var isOpen = false
                let id: Int
            }
            """,
            expands: """
                struct Group {
                    var name: String
                    var tint: RGBAColor
                    var link: URL?
                    var tags: [String]
                    var assets: [any Asset]
                    var isOpen = false
                    let id: Int

                    init(from store: borrowing State.Store) throws {
                        self.name = try store.value(forKey: "group_name")
                        self.tint = try store.value(forKey: "tint", using: ColorTransform())
                        self.link = try store.value(forKey: "link", using: URLTransform())
                        self.tags = try store.value(forKey: "tags", using: Dissolver())
                        self.assets = try store.value(forKey: "assets", in: .asset)
                        self.id = try store.value(forKey: "id")
                    }

                    func write(to store: inout State.Store) throws {
                        try store.set(self.name, forKey: "group_name")
                        try store.set(self.tint, forKey: "tint", using: ColorTransform())
                        try store.set(self.link, forKey: "link", using: URLTransform())
                        try store.set(self.tags, forKey: "tags", using: Dissolver())
                        try store.set(self.assets, forKey: "assets", in: .asset)
                        try store.set(self.id, forKey: "id")
                    }

                    init(name: String, tint: RGBAColor, link: URL? = nil, tags: [String], assets: [any Asset], id: Int) {
                        self.name = name
                        self.tint = tint
                        self.link = link
                        self.tags = tags
                        self.assets = assets
                        self.id = id
                    }
                }

                extension Group: State.Model {
                }
                """)
    }

    /// The one-line registry: a global `let`, named in `@Conforming` like any expression.
    @Test func aRegistryInAGlobal() {
        assertExpansion(
            """
            @StateModel
            struct Board {
                @Conforming(tileConformers) var tiles: [any Tile]
            }
            """,
            expands: """
                struct Board {
                    var tiles: [any Tile]

                    init(from store: borrowing State.Store) throws {
                        self.tiles = try store.value(forKey: "tiles", in: tileConformers)
                    }

                    func write(to store: inout State.Store) throws {
                        try store.set(self.tiles, forKey: "tiles", in: tileConformers)
                    }

                    init(tiles: [any Tile]) {
                        self.tiles = tiles
                    }
                }

                extension Board: State.Model {
                }
                """)
    }

    @Test func defaultsThroughTransformsAndRegistries() {
        assertExpansion(
            """
            @StateModel
            struct Palette {
                @Transform(ColorTransform()) var tint: RGBAColor = .white
                @Conforming(.asset) var assets: [any Asset] = []
                @Key("a\\"b") var odd: Int = 0
                init() {}
            }
            """,
            expands: """
                struct Palette {
                    var tint: RGBAColor = .white
                    var assets: [any Asset] = []
                    var odd: Int = 0
                    init() {}

                    init(from store: borrowing State.Store) throws {
                        self.tint = (try store.value(forKey: "tint", using: ColorTransform()) as RGBAColor?) ?? .white
                        self.assets = (try store.value(forKey: "assets", in: .asset) as [any Asset]?) ?? []
                        self.odd = try store.value(forKey: "a\\"b", default: 0)
                    }

                    func write(to store: inout State.Store) throws {
                        try store.set(self.tint, forKey: "tint", using: ColorTransform())
                        try store.set(self.assets, forKey: "assets", in: .asset)
                        try store.set(self.odd, forKey: "a\\"b")
                    }
                }

                extension Palette: State.Model {
                }
                """)
    }
}

extension StructExpansionTests {
    /// A keyword as a property name is written in backticks; its key is the plain word.
    @Test func aBacktickedNameIsStoredUnderThePlainWord() {
        assertExpansion(
            """
            @StateModel
            struct Choice {
                var `default`: Bool
            }
            """,
            expands: """
                struct Choice {
                    var `default`: Bool

                    init(from store: borrowing State.Store) throws {
                        self.`default` = try store.value(forKey: "default")
                    }

                    func write(to store: inout State.Store) throws {
                        try store.set(self.`default`, forKey: "default")
                    }

                    init(`default`: Bool) {
                        self.`default` = `default`
                    }
                }

                extension Choice: State.Model {
                }
                """)
    }
}
