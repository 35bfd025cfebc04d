import SwiftDiagnostics

/// What `@StateModel` says when it cannot do what a declaration asks, each with where.
enum StateMacroMessage: DiagnosticMessage {
    case notAStructOrEnum
    case missingType(String)
    case notStorable(String, String)
    case letWithInitializer(String)
    case transientWithoutDefault(String)
    case transformAndConformers(String)
    case tooManyAssociatedValues(String)
    case rawValueEnum(String)
    case shadowedByProperty(String, suggestion: String)

    var message: String {
        switch self {
        case .notAStructOrEnum:
            "@StateModel applies to a struct or an enum"
        case .missingType(let name):
            "'\(name)' needs a type annotation: @StateModel reads the type from the declaration"
        case .notStorable(let name, let what):
            "'\(name)' is \(what), which cannot be stored in a property list; mark it @Transient to leave it out"
        case .letWithInitializer(let name):
            "'\(name)' is a let with an initial value, so it cannot be read from a file; make it a var (or @Transient to leave it out)"
        case .transientWithoutDefault(let name):
            "@Transient '\(name)' needs an initial value: it is not read from the file"
        case .transformAndConformers(let name):
            "'\(name)' has both @Transform and @Conforming: one of them says how it is stored"
        case .tooManyAssociatedValues(let name):
            "case '\(name)' has more than one associated value; State stores one payload per case (wrap them in a model)"
        case .rawValueEnum(let name):
            "'\(name)' has raw values: declare it RawValueModel instead (stored as { \"value\": raw }, as the original State framework did)"
        case .shadowedByProperty(let name, let suggestion):
            "'\(name)' is also a property of this type, so in the generated init(from:) it would mean the property; give the global another name (e.g. \(suggestion))"
        }
    }

    var diagnosticID: MessageID {
        let id: String =
            switch self {
            case .notAStructOrEnum: "notAStructOrEnum"
            case .missingType: "missingType"
            case .notStorable: "notStorable"
            case .letWithInitializer: "letWithInitializer"
            case .transientWithoutDefault: "transientWithoutDefault"
            case .transformAndConformers: "transformAndConformers"
            case .tooManyAssociatedValues: "tooManyAssociatedValues"
            case .rawValueEnum: "rawValueEnum"
            case .shadowedByProperty: "shadowedByProperty"
            }
        return MessageID(domain: "StateMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

enum StateMacroFixIt: FixItMessage {
    case makeVar
    case markTransient

    var message: String {
        switch self {
        case .makeVar: "Make it a var"
        case .markTransient: "Mark it @Transient"
        }
    }

    var fixItID: MessageID { MessageID(domain: "StateMacros", id: "\(self)") }
}
