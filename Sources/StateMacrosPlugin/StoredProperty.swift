import SwiftDiagnostics
import SwiftSyntax

/// One stored property of a `@StateModel` struct, as the macro reads it from the declaration:
/// what it is called in Swift and in the file, its type, its initializer, and the attributes
/// that say how it is stored.
struct StoredProperty {
    let name: String
    /// The key in the file as a Swift string literal: the name, or `@Key("…")`'s literal.
    let keyLiteral: String
    /// The declared type; nil only for a transient property with an initial value.
    let type: TypeSyntax?
    let initializer: ExprSyntax?
    /// `@Transform(…)`'s transform, or `Dissolver()` for `@Dissolved`.
    let transform: ExprSyntax?
    /// `@Conforming(…)`'s registry.
    let conformers: ExprSyntax?
    /// `@Transient`: not stored; it keeps its initializer's value when read.
    let isTransient: Bool
    let isLet: Bool

    /// The stored properties of `members`, in order, with the problems found on the way.
    /// Computed and static properties are left alone.
    static func all(in members: MemberBlockItemListSyntax, diagnostics: inout [Diagnostic]) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let attributes = Attributes(variable.attributes)
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                // A computed property (a getter, not observers) stores nothing.
                if let accessors = binding.accessorBlock {
                    switch accessors.accessors {
                    case .getter: continue
                    case .accessors(let list):
                        if list.contains(where: { ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.text) }) { continue }
                    }
                }
                let name = pattern.identifier.text
                let type = binding.typeAnnotation?.type
                if type == nil, !(attributes.isTransient && binding.initializer != nil) {
                    diagnostics.append(Diagnostic(node: binding, message: StateMacroMessage.missingType(name)))
                    continue
                }
                if !attributes.isTransient, let type, let problem = Self.unstorable(type) {
                    diagnostics.append(
                        Diagnostic(
                            node: type, message: StateMacroMessage.notStorable(name, problem),
                            fixIt: FixIt(
                                message: StateMacroFixIt.markTransient,
                                changes: [.replace(oldNode: Syntax(variable.attributes), newNode: Syntax(variable.attributes.with(\.trailingTrivia, .space).adding("Transient")))]))
                    )
                    continue
                }
                if isLet, binding.initializer != nil, !attributes.isTransient {
                    diagnostics.append(
                        Diagnostic(
                            node: variable.bindingSpecifier, message: StateMacroMessage.letWithInitializer(name),
                            fixIt: FixIt(
                                message: StateMacroFixIt.makeVar,
                                changes: [.replace(oldNode: Syntax(variable.bindingSpecifier), newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))])))
                    continue
                }
                if attributes.isTransient, binding.initializer == nil, !(type.map(Self.isOptional) ?? false) {
                    diagnostics.append(Diagnostic(node: binding, message: StateMacroMessage.transientWithoutDefault(name)))
                    continue
                }
                if attributes.transform != nil, attributes.conformers != nil {
                    diagnostics.append(Diagnostic(node: variable.attributes, message: StateMacroMessage.transformAndConformers(name)))
                    continue
                }
                properties.append(
                    StoredProperty(
                        name: name, keyLiteral: attributes.keyLiteral ?? "\"\(name.filter { $0 != "`" })\"", type: type, initializer: binding.initializer?.value,
                        transform: attributes.transform,
                        conformers: attributes.conformers, isTransient: attributes.isTransient, isLet: isLet))
            }
        }
        // A registry or transform named by a bare identifier that is also a property's name
        // (`@Conforming(figures) var figures`) would mean the property inside init(from:),
        // read before it is set: say so here, not as "self used before initialization".
        let names = Set(properties.map { $0.name.filter { $0 != "`" } })
        for property in properties {
            for (expression, suffix) in [(property.conformers, "Conformers"), (property.transform, "Transform")] {
                guard let reference = expression?.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { continue }
                let identifier = reference.baseName.text.filter { $0 != "`" }
                guard names.contains(identifier) else { continue }
                diagnostics.append(Diagnostic(node: reference, message: StateMacroMessage.shadowedByProperty(identifier, suggestion: identifier + suffix)))
            }
        }
        return properties
    }

    /// Why a type can never be stored, when its spelling says so: a function or a tuple.
    static func unstorable(_ type: TypeSyntax) -> String? {
        var type = type
        if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if type.is(FunctionTypeSyntax.self) { return "a function" }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count != 1 { return "a tuple" }
        if let optional = type.as(OptionalTypeSyntax.self) { return unstorable(optional.wrappedType) }
        return nil
    }

    static func isOptional(_ type: TypeSyntax) -> Bool {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }

    var isOptional: Bool { type.map(Self.isOptional) ?? false }

    /// The type as written (a transient property's may be inferred: then it is not a parameter).
    private var typeText: String { type?.trimmedDescription ?? "" }

    /// `self.name = …` for `init(from:)`; nil for a transient property.
    var readStatement: String? {
        guard !isTransient else { return nil }
        let value: String
        if let transform {
            if let initializer {
                value = "(try store.value(forKey: \(keyLiteral), using: \(transform.trimmedDescription)) as \(typeText)?) ?? \(initializer.trimmedDescription)"
            } else {
                value = "try store.value(forKey: \(keyLiteral), using: \(transform.trimmedDescription))"
            }
        } else if let conformers {
            if let initializer, !isOptional {
                value = "(try store.value(forKey: \(keyLiteral), in: \(conformers.trimmedDescription)) as \(typeText)?) ?? \(initializer.trimmedDescription)"
            } else {
                value = "try store.value(forKey: \(keyLiteral), in: \(conformers.trimmedDescription))"
            }
        } else if let initializer, !isOptional {
            value = "try store.value(forKey: \(keyLiteral), default: \(initializer.trimmedDescription))"
        } else {
            value = "try store.value(forKey: \(keyLiteral))"
        }
        return "self.\(name) = \(value)"
    }

    /// `try store.set(…)` for `write(to:)`; nil for a transient property.
    var writeStatement: String? {
        guard !isTransient else { return nil }
        if let transform { return "try store.set(self.\(name), forKey: \(keyLiteral), using: \(transform.trimmedDescription))" }
        if let conformers { return "try store.set(self.\(name), forKey: \(keyLiteral), in: \(conformers.trimmedDescription))" }
        return "try store.set(self.\(name), forKey: \(keyLiteral))"
    }

    /// `name: Type = default` for the memberwise initializer; nil for a property whose type is
    /// inferred (it keeps its initial value, as in Swift's own when it cannot be named).
    var parameter: String? {
        guard type != nil else { return nil }
        let defaultValue = initializer.map { " = \($0.trimmedDescription)" } ?? (isOptional ? " = nil" : "")
        return "\(name): \(typeText)\(defaultValue)"
    }
}

/// The storage attributes on one property declaration.
struct Attributes {
    /// `@Key`'s string literal as written (its escapes kept).
    var keyLiteral: String?
    var transform: ExprSyntax?
    var conformers: ExprSyntax?
    var isTransient = false

    init(_ list: AttributeListSyntax) {
        for element in list {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            let first = attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression
            switch name {
            case "Key":
                if let literal = first?.as(StringLiteralExprSyntax.self), literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
                    keyLiteral = "\"" + literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined() + "\""
                }
            case "Transform": transform = first
            case "Dissolved": transform = "Dissolver()"
            case "Conforming": conformers = first
            case "Transient": isTransient = true
            default: break
            }
        }
    }
}

extension AttributeListSyntax {
    /// The list with `@name` added.
    func adding(_ name: String) -> AttributeListSyntax {
        var list = self
        list.append(.attribute(AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier(name)), trailingTrivia: .space)))
        return list
    }
}
