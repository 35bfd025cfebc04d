import Foundation
import StateBrowser
import StateTestSupport
import Testing

/// The browser uses a schema found in the folder only where it fits, and says so quietly.
@Suite struct SchemaDiscoveryTests {
    @Test func anUnrelatedSchemaInTheFolderIsPassedOverAndNamed() throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(at: AssetLibraryFixture.schema, to: folder.appendingPathComponent("Library.schema"))
        let entitlements = folder.appendingPathComponent("App.entitlements")
        try FileManager.default.copyItem(at: Fixtures.realShaped("App.entitlements"), to: entitlements)
        let copy = folder.appendingPathComponent("Backup.plist")
        try FileManager.default.copyItem(at: AssetLibraryFixture.sample, to: copy)

        let unrelated = try BrowserDocument.open(entitlements)
        #expect(unrelated.schemaName == nil)
        #expect(unrelated.schemaNote == "Library.schema does not fit")
        #expect(unrelated.typed.diagnostics.isEmpty, "no errors from a schema nobody named")
        let state = BrowserFixture.state(width: 140, document: unrelated)
        #expect(state.screen.lines.last!.contains("no schema (guessed; Library.schema does not fit)"))

        let fitting = try BrowserDocument.open(copy)
        #expect(fitting.schemaName == "Library.schema")
        #expect(fitting.typed.errors.isEmpty)
        // Turned off, the sample is guessed.
        let off = try BrowserDocument.open(copy, discoversSchema: false)
        #expect(off.schemaName == nil && off.schemaNote == nil)
    }
}
