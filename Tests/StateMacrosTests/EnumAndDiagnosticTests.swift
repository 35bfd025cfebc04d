import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@StateModel` on enums, and every mistake it names — with its fix-it where there is one.
@Suite struct EnumAndDiagnosticTests {
    @Test func enumsWithAndWithoutAPayload() {
        assertExpansion(
            """
            @StateModel
            public enum Fill {
                case solid(RGBAColor), image(ImageAsset)
                case none
            }
            """,
            expands: """
                public enum Fill {
                    case solid(RGBAColor), image(ImageAsset)
                    case none

                    public init(from store: borrowing State.Store) throws {
                        switch try store.caseName(of: Fill.self) {
                        case "solid":
                            self = .solid(try store.value(forKey: State.Store.payloadKey))
                        case "image":
                            self = .image(try store.value(forKey: State.Store.payloadKey))
                        case "none":
                            self = .none
                        case let other:
                            throw store.unknownCase(other, of: Fill.self)
                        }
                    }

                    public func write(to store: inout State.Store) throws {
                        switch self {
                        case .solid(let value):
                            try store.setCase("solid", of: Fill.self, value: value)
                        case .image(let value):
                            try store.setCase("image", of: Fill.self, value: value)
                        case .none:
                            store.setCase("none", of: Fill.self)
                        }
                    }
                }

                extension Fill: State.Model {
                }
                """)
    }

    @Test func aLetWithAnInitialValueCannotBeRead() {
        assertExpansion(
            """
            @StateModel
            struct Version {
                let major: Int = 1
            }
            """,
            expands: """
                struct Version {
                    let major: Int = 1
                }

                extension Version: State.Model {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'major' is a let with an initial value, so it cannot be read from a file; make it a var (or @Transient to leave it out)", line: 3, column: 5,
                    fixIts: [FixItSpec(message: "Make it a var")])
            ],
            applyFixIts: ["Make it a var"],
            fixedSource: """
                @StateModel
                struct Version {
                    var major: Int = 1
                }
                """)
    }

    @Test func aFunctionOrTupleIsNotStorable() {
        assertExpansion(
            """
            @StateModel
            struct Job {
                var run: () -> Void
                var pair: (Int, Int)
            }
            """,
            expands: """
                struct Job {
                    var run: () -> Void
                    var pair: (Int, Int)
                }

                extension Job: State.Model {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'run' is a function, which cannot be stored in a property list; mark it @Transient to leave it out", line: 3, column: 14,
                    fixIts: [FixItSpec(message: "Mark it @Transient")]),
                DiagnosticSpec(
                    message: "'pair' is a tuple, which cannot be stored in a property list; mark it @Transient to leave it out", line: 4, column: 15,
                    fixIts: [FixItSpec(message: "Mark it @Transient")]),
            ])
    }

    /// A registry (or transform) held in a global whose name is also a property's would mean
    /// the property inside the generated code: refused with the reason, not left to a
    /// "self used before initialization" error in code the user never wrote.
    @Test func aGlobalNamedLikeAProperty() {
        assertExpansion(
            """
            @StateModel
            struct Sketch {
                @Conforming(figures) var figures: [any Figure]
                @Transform(tint) var tint: RGBAColor
                @Conforming(figureConformers) var others: [any Figure]
            }
            """,
            expands: """
                struct Sketch {
                    var figures: [any Figure]
                    var tint: RGBAColor
                    var others: [any Figure]
                }

                extension Sketch: State.Model {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'figures' is also a property of this type, so in the generated init(from:) it would mean the property; give the global another name (e.g. figuresConformers)",
                    line: 3, column: 17),
                DiagnosticSpec(
                    message:
                        "'tint' is also a property of this type, so in the generated init(from:) it would mean the property; give the global another name (e.g. tintTransform)",
                    line: 4, column: 16),
            ])
    }

    @Test func theOtherMistakes() {
        assertExpansion(
            """
            @StateModel
            struct Odd {
                var inferred = 3
                @Transient var cache: [Int]
                @Transform(ColorTransform()) @Conforming(.asset) var both: RGBAColor
            }
            """,
            expands: """
                struct Odd {
                    var inferred = 3
                    var cache: [Int]
                    var both: RGBAColor
                }

                extension Odd: State.Model {
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "'inferred' needs a type annotation: @StateModel reads the type from the declaration", line: 3, column: 9),
                DiagnosticSpec(message: "@Transient 'cache' needs an initial value: it is not read from the file", line: 4, column: 20),
                DiagnosticSpec(message: "'both' has both @Transform and @Conforming: one of them says how it is stored", line: 5, column: 5),
            ])
        assertExpansion(
            """
            @StateModel
            enum Shape {
                case rect(Double, Double)
            }
            @StateModel
            enum Phase: String {
                case aim
            }
            @StateModel
            class Box {}
            """,
            expands: """
                enum Shape {
                    case rect(Double, Double)
                }
                enum Phase: String {
                    case aim
                }
                class Box {}

                extension Shape: State.Model {
                }

                extension Phase: State.Model {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "case 'rect' has more than one associated value; State stores one payload per case (wrap them in a model)", line: 3, column: 10),
                DiagnosticSpec(
                    message: "'Phase' has raw values: declare it RawValueModel instead (stored as { \"value\": raw }, as the original State framework did)", line: 6, column: 6),
                DiagnosticSpec(message: "@StateModel applies to a struct or an enum", line: 9, column: 1),
            ])
    }
}
