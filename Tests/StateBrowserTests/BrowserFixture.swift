import AssetLibraryExample
import Foundation
import StateBrowser
import StateDocument
import TerminalCore

/// Browser states over the real sample file and its schema, at fixed sizes and color depths.
enum BrowserFixture {
    static let sample: BrowserDocument = {
        // The checked-in sample; its schema is found beside it, as `state` finds it.
        try! BrowserDocument.open(AssetLibrary.sampleFileURL)
    }()

    /// The file the fixture's states save to: only ever named in effects, never written.
    static let unwrittenFile = OpenDocument(url: URL(fileURLWithPath: "/nonexistent/AssetLibrary.plist"), stamp: nil)

    static func state(
        width: Int = 100, height: Int = 24, depth: ColorDepth = .trueColor, theme: ThemeFile = BuiltInThemes.dark, document: BrowserDocument = sample,
        file: OpenDocument? = unwrittenFile
    ) -> BrowserState {
        BrowserState(document: document, width: width, height: height, theme: try! theme.theme(), colorDepth: depth, file: file)
    }
}

extension BrowserState {
    /// Types keys as tmux names them (`j`, `C-d`, `Enter`), returning the effects.
    @discardableResult
    mutating func press(_ names: String...) -> [Effect] {
        var effects: [Effect] = []
        for name in names {
            guard let key = Key(named: name) else { fatalError("unknown key name \(name)") }
            effects += updateRunningSearches(.key(key))
        }
        return effects
    }

    /// Types text into the search prompt (or as keys).
    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        text.flatMap { updateRunningSearches(.key(.character($0))) }
    }

    /// Types text and Enter (a value into its editor, a search, a `:` command).
    @discardableResult
    mutating func enter(_ text: String) -> [Effect] {
        type(text) + press("Enter")
    }

    /// `update`, then the search effects done at once, as the runtime does in the background.
    mutating func updateRunningSearches(_ event: InputEvent) -> [Effect] {
        let effects = update(event)
        for case .search(let query, let generation) in effects {
            _ = update(.searchFinished(query, matches: BrowserState.matches(of: query, in: document), generation: generation))
        }
        return effects
    }

    var selectedPath: String { document.path(of: selectedNode).description }

    var screen: ScreenBuffer { BrowserView.render(self) }
}

extension Effect {
    /// What a test cares about in an effect: `save`, `save!`, `save as copy.json (json)`, `quit`.
    var brief: String {
        switch self {
        case .save(let request): request.newName.map { "save as \($0) (\(request.format.rawValue))" } ?? (request.overwritingChanges ? "save!" : "save")
        case .saveFolder(let save): "save \(save.requests.count) file\(save.requests.count == 1 ? "" : "s")\(save.requests.first?.overwritingChanges == true ? "!" : "")"
        case .quit: "quit"
        case .copy(let text): "copy \(text)"
        case .search(let query, _): "search \(query)"
        case .check: "check"
        case .indexLines: "index lines"
        case .reload: "reload"
        case .open(let url): "open \(url.lastPathComponent)"
        case .suspend: "suspend"
        case .redraw: "redraw"
        }
    }
}

enum AssetLibraryFixture {
    static var sample: URL { AssetLibrary.sampleFileURL }
    static var schema: URL { AssetLibrary.sampleFileURL.deletingLastPathComponent().appendingPathComponent("AssetLibrary.schema") }
}
