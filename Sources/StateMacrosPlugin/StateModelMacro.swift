import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@StateModel`: the `Model` conformance of a struct or enum, written from its declaration —
/// `init(from:)`, `write(to:)` and, for a struct without an initializer of its own, the
/// memberwise initializer its explicit `init(from:)` would otherwise take away.
///
/// A struct stores each stored property under its name (or `@Key("…")`'s): through a
/// `@Transform(…)` (`@Dissolved` for the `Dissolver`), through a `@Conforming(…)` registry for
/// protocol-typed values, or as it is; an initial value is the default for a missing key; an
/// optional is left out when nil; `@Transient` properties are not stored. An enum is stored as
/// the original State framework stored one: `{ "<Enum>": "<case>" }`, with `"value"` holding a
/// case's one associated value. The code is what one writes by hand, so the files are the same.
struct StateModelMacro: MemberMacro, ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let access = declaration.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        if let structure = declaration.as(StructDeclSyntax.self) {
            return structMembers(structure, access: access, in: context)
        }
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            return enumMembers(enumeration, access: access, in: context)
        }
        context.diagnose(Diagnostic(node: node, message: StateMacroMessage.notAStructOrEnum))
        return []
    }

    static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // Only what the type does not conform to yet (a conformer of a protocol refining Model
        // is a Model already).
        guard !protocols.isEmpty, declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): State.Model {}")]
    }

    // MARK: - Structs

    static func structMembers(_ structure: StructDeclSyntax, access: String, in context: some MacroExpansionContext) -> [DeclSyntax] {
        var diagnostics: [Diagnostic] = []
        let properties = StoredProperty.all(in: structure.memberBlock.members, diagnostics: &diagnostics)
        diagnostics.forEach(context.diagnose)
        guard diagnostics.isEmpty else { return [] }
        let reads = properties.compactMap(\.readStatement)
        let writes = properties.compactMap(\.writeStatement)
        var members: [DeclSyntax] = [
            """
            \(raw: access)init(from store: borrowing State.Store) throws {
            \(raw: reads.map { "    " + $0 }.joined(separator: "\n"))
            }
            """,
            """
            \(raw: access)func write(to store: inout State.Store) throws {
            \(raw: writes.map { "    " + $0 }.joined(separator: "\n"))
            }
            """,
        ]
        let hasInitializer = structure.memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
        if !hasInitializer {
            // Swift's own memberwise initializer is gone once `init(from:)` exists: the same one.
            let settable = properties.filter { !($0.isLet && $0.initializer != nil) && $0.parameter != nil }
            let assignments = settable.map { "    self.\($0.name) = \($0.name)" }
            members.append(
                """
                \(raw: access)init(\(raw: settable.compactMap(\.parameter).joined(separator: ", "))) {
                \(raw: assignments.joined(separator: "\n"))
                }
                """)
        }
        return members
    }

    // MARK: - Enums

    static func enumMembers(_ enumeration: EnumDeclSyntax, access: String, in context: some MacroExpansionContext) -> [DeclSyntax] {
        let name = enumeration.name.text
        if let inherited = enumeration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            ["String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float"].contains(inherited)
        {
            context.diagnose(Diagnostic(node: enumeration.name, message: StateMacroMessage.rawValueEnum(name)))
            return []
        }
        var cases: [(name: String, hasValue: Bool)] = []
        var failed = false
        for member in enumeration.memberBlock.members {
            guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in declaration.elements {
                let count = element.parameterClause?.parameters.count ?? 0
                if count > 1 {
                    context.diagnose(Diagnostic(node: element, message: StateMacroMessage.tooManyAssociatedValues(element.name.text)))
                    failed = true
                }
                cases.append((element.name.text, count == 1))
            }
        }
        guard !failed else { return [] }
        let reads = cases.map { c in
            c.hasValue ? "    case \"\(c.name)\": self = .\(c.name)(try store.value(forKey: State.Store.payloadKey))" : "    case \"\(c.name)\": self = .\(c.name)"
        }
        let writes = cases.map { c in
            c.hasValue
                ? "    case .\(c.name)(let value): try store.setCase(\"\(c.name)\", of: \(name).self, value: value)"
                : "    case .\(c.name): store.setCase(\"\(c.name)\", of: \(name).self)"
        }
        return [
            """
            \(raw: access)init(from store: borrowing State.Store) throws {
                switch try store.caseName(of: \(raw: name).self) {
            \(raw: reads.joined(separator: "\n"))
                case let other: throw store.unknownCase(other, of: \(raw: name).self)
                }
            }
            """,
            """
            \(raw: access)func write(to store: inout State.Store) throws {
                switch self {
            \(raw: writes.joined(separator: "\n"))
                }
            }
            """,
        ]
    }
}
