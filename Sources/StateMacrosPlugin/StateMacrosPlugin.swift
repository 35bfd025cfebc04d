import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct StateMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [StateModelMacro.self, StorageAttributeMacro.self]
}
