import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@testable import StateMacrosPlugin

/// The macros as the compiler would find them by name.
let macroSpecs: [String: MacroSpec] = [
    "StateModel": MacroSpec(type: StateModelMacro.self, conformances: ["Model"]),
    "Key": MacroSpec(type: StorageAttributeMacro.self),
    "Transform": MacroSpec(type: StorageAttributeMacro.self),
    "Dissolved": MacroSpec(type: StorageAttributeMacro.self),
    "Conforming": MacroSpec(type: StorageAttributeMacro.self),
    "Transient": MacroSpec(type: StorageAttributeMacro.self),
]

/// swift-syntax's expansion check, reporting through Swift Testing.
func assertExpansion(
    _ source: String, expands expected: String, diagnostics: [DiagnosticSpec] = [], applyFixIts: [String]? = nil, fixedSource: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: macroSpecs, applyFixIts: applyFixIts, fixedSource: fixedSource,
        failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
}
