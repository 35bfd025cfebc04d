import SwiftSyntax
import SwiftSyntaxMacros

/// `@Key`, `@Transform`, `@Dissolved`, `@Conforming`, `@Transient`: marks that `@StateModel`
/// reads on the property; they add nothing themselves.
struct StorageAttributeMacro: PeerMacro {
    static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        []
    }
}
