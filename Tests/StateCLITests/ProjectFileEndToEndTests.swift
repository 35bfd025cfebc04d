import Foundation
import State
import StateTestSupport
import Testing

/// A `project.pbxproj` in the real binary: objects read by their `isa` and annotation, an id
/// followed with Enter and back with Ctrl-O, and a value edited and saved changing only its
/// bytes (CoreFoundation reads the result).
@Suite(.tags(.tmux)) struct ProjectFileEndToEndTests {
    @Test func browseFollowEditAndSaveAProject() throws {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("project.pbxproj")
        try FileManager.default.copyItem(at: Fixtures.realShaped("project.pbxproj"), to: file)
        let original = String(decoding: try FileBytes.read(file), as: UTF8.self)
        let tmux = try TmuxSession(width: 140, height: 30)
        var screen = try tmux.run("\(BrowserEndToEndTests.environment) \(Fixtures.stateExecutable.path) \(file.path)", until: "OPENSTEP")
        // objects, expanded: each object says what it is.
        try tmux.search("rootObject")
        try tmux.waitFor(text: "1/1 “rootObject”")
        screen = try tmux.send("Enter", until: "— Ctrl-O goes back")
        #expect(screen.contains { $0.contains("Went to PBXProject “Project object” — Ctrl-O goes back") })
        #expect(screen.contains { $0.contains("{") && $0.contains("Project object") && $0.contains("PBXProject") })
        try tmux.send("C-o", until: "Back at rootObject")
        // Edit one build setting and save: only its bytes change.
        try tmux.search("SDKROOT")
        try tmux.waitFor(text: "“SDKROOT”")
        try tmux.replaceValue(with: "macosx")
        try tmux.send("C-s", until: "Saved /")
        let saved = String(decoding: try FileBytes.read(file), as: UTF8.self)
        #expect(saved == original.replacingOccurrences(of: "SDKROOT = iphoneos;", with: "SDKROOT = macosx;", options: [], range: original.range(of: "SDKROOT = iphoneos;")))
        let check = try PlistOracle.readThroughPlutil(file)
        #expect(check == PlistOracle.canonical(try SourceTree(contentsOf: file).value(), sortingKeys: true))
        try tmux.send("q")
    }
}
