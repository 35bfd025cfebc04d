import State
import StateSchema
import TerminalCore

extension BrowserState {
    /// Applies one input event. Pure: no terminal, files or clock; what must happen outside
    /// comes back as effects.
    public mutating func update(_ event: InputEvent) -> [Effect] {
        let searchBefore = pendingSearch
        let generationBefore = document.generation
        var effects = handle(event)
        if document.generation != generationBefore, document.isCheckPending { effects.append(.check) }
        if let pendingSearch, pendingSearch != searchBefore { effects.append(.search(pendingSearch.query)) }
        return effects
    }

    private mutating func handle(_ event: InputEvent) -> [Effect] {
        switch event {
        case .idle:
            return []
        case .resize(let w, let h):
            width = w
            height = h
            if sidePane != nil, w < BrowserLayout.minimumWidthForSidePane { focus = .tree }
            keepSelectionVisible()
            return []
        case .key(.alt(let c)) where modal != nil || prompt != nil:
            // Esc typed quickly before a key arrives as Alt-key: in an editor that is Esc, then the key.
            return handle(.key(.escape)) + handle(.key(.character(c)))
        case .key(let key):
            if showsHelp { return helpKey(key) }
            if modal != nil { return modalKey(key) }
            if prompt != nil { return promptKey(key) }
            message = nil
            pendingKeys.append(key)
            switch keyMap.match(pendingKeys) {
            case .action(let action):
                pendingKeys = []
                return perform(action)
            case .prefix:
                message = Message(text: pendingKeys.map(\.name).joined() + "…", isError: false)
                return []
            case .none:
                let typed = pendingKeys.map(\.name).joined()
                pendingKeys = []
                if key == .escape {
                    search = nil
                    return []
                }
                message = Message(text: "\(typed) does nothing here (? shows the keys)", isError: true)
                return []
            }
        }
    }

    /// Takes the whole check of the document, done in the background after the first screen:
    /// roles and diagnostics below the quick pass appear, and a type search is run again.
    public mutating func finishCheck(_ typed: TypedDocument, generation: Int = 0) {
        guard generation == document.generation else { return }
        document.finishCheck(typed)
        if let search, case .type = search.query {
            self.search?.matches = Self.matches(of: search.query, in: document)
        }
        let errors = typed.errors.count
        let warnings = typed.diagnostics.count - errors
        if message == nil, errors + warnings > 0 {
            message = Message(text: "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")", isError: errors > 0)
        }
    }

    /// Performs an action from the key map.
    public mutating func perform(_ action: Action) -> [Effect] {
        if focus == .side, sidePane == .schema, layout.sidePane != nil, performInSchemaPane(action) { return [] }
        switch action {
        case .moveDown: select(selection + 1)
        case .moveUp: select(selection - 1)
        case .pageDown: scrollBy(layout.treeRows)
        case .pageUp: scrollBy(-layout.treeRows)
        case .halfPageDown: scrollBy(max(1, layout.treeRows / 2))
        case .halfPageUp: scrollBy(-max(1, layout.treeRows / 2))
        case .top: select(0)
        case .bottom: select(outline.count - 1)
        case .expandOrEnter:
            let node = selectedNode
            if outline.isExpandable(node), !outline.isExpanded(node) {
                outline.expand(row: selection)
            } else if outline.isExpanded(node) {
                select(selection + 1)
            }
        case .collapseOrLeave:
            let node = selectedNode
            if outline.isExpanded(node) {
                outline.collapse(row: selection)
            } else if let parent = document.parent(of: node), let row = outline.row(of: parent) {
                select(row)
            }
        case .toggle:
            if outline.isExpanded(selectedNode) {
                outline.collapse(row: selection)
            } else if outline.isExpandable(selectedNode) {
                outline.expand(row: selection)
            }
        case .expandAll:
            let node = selectedNode
            outline.expandAll()
            selectNode(node)
            message = Message(text: "Expanded all: \(outline.count) rows", isError: false)
        case .collapseAll:
            let node = selectedNode
            outline.collapseAll()
            selection = outline.rowAtOrBefore(node)
            keepSelectionVisible()
        case .expandToDepth(let depth):
            let node = selectedNode
            outline.expand(toDepth: depth)
            selection = outline.rowAtOrBefore(node)
            keepSelectionVisible()
            message = Message(text: "Expanded to depth \(depth)", isError: false)
        case .parent:
            if let parent = document.parent(of: selectedNode) { selectNode(parent) }
        case .nextSibling:
            if let next = document.nextSibling(of: selectedNode) { selectNode(next) } else { message = Message(text: "No next sibling", isError: true) }
        case .previousSibling:
            if let previous = document.previousSibling(of: selectedNode) { selectNode(previous) } else { message = Message(text: "No previous sibling", isError: true) }
        case .search:
            prompt = TextField()
        case .nextMatch: stepMatch(forward: true)
        case .previousMatch: stepMatch(forward: false)
        case .copyPath:
            let path = document.path(of: selectedNode).description
            message = Message(text: "Copied path \(path.isEmpty ? "(root, empty)" : path)", isError: false)
            return [.copy(path)]
        case .copyKey:
            guard let label = document.label(of: selectedNode) else {
                message = Message(text: "The root has no key", isError: true)
                return []
            }
            message = Message(text: "Copied key \(label)", isError: false)
            return [.copy(label)]
        case .copyValue:
            return copyValue()
        case .toggleDetail:
            sidePane = sidePane == .detail ? nil : .detail
            focus = .tree
            if sidePane != nil, layout.sidePane == nil { message = Message(text: "The window is too narrow for a side pane", isError: true) }
        case .toggleSchema:
            sidePane = sidePane == .schema ? nil : .schema
            focus = sidePane == .schema ? .side : .tree
            if sidePane != nil, layout.sidePane == nil { message = Message(text: "The window is too narrow for a side pane", isError: true) }
        case .switchPane:
            if sidePane == .schema, layout.sidePane != nil {
                focus = focus == .tree ? .side : .tree
            } else {
                message = Message(text: "Only the schema pane (s) takes the focus", isError: true)
            }
        case .help:
            showsHelp = true
            helpScroll = 0
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .quit: return quit()
        case .edit, .rename, .addInside, .addAfter, .delete, .duplicate, .moveItemUp, .moveItemDown, .changeType,
            .undo, .redo, .save, .showChanges, .commandLine:
            return performEdit(action)
        }
        return []
    }

    // MARK: - Selection and scrolling

    /// Selects `row` (clamped) and scrolls just enough to show it.
    mutating func select(_ row: Int) {
        selection = max(0, min(outline.count - 1, row))
        keepSelectionVisible()
    }

    /// Selects `node`, expanding its ancestors if it is hidden. A jump to a row off screen
    /// puts it in the middle, as vim does for search matches, so its context shows.
    mutating func selectNode(_ node: Int) {
        if outline.row(of: node) == nil { outline.reveal(node, parents: document.parents) }
        let row = outline.row(of: node) ?? outline.rowAtOrBefore(node)
        let page = layout.treeRows
        if row < scroll || row >= scroll + page { scroll = row - page / 2 }
        select(row)
    }

    /// Moves the view and the selection together by `rows`, as `less` pages.
    mutating func scrollBy(_ rows: Int) {
        let page = layout.treeRows
        let maxScroll = max(0, outline.count - page)
        scroll = max(0, min(maxScroll, scroll + rows))
        selection = max(0, min(outline.count - 1, selection + rows))
        keepSelectionVisible()
    }

    mutating func keepSelectionVisible() {
        selection = max(0, min(outline.count - 1, selection))
        let page = max(1, layout.treeRows)
        if selection < scroll { scroll = selection }
        if selection >= scroll + page { scroll = selection - page + 1 }
        scroll = max(0, min(scroll, max(0, outline.count - page)))
    }

    // MARK: - Copying

    mutating func copyValue() -> [Effect] {
        let node = selectedNode
        let tree = document.tree
        let text: String
        if tree[node].kind.isContainer {
            // Structures are copied as JSON, the form every other tool reads.
            guard tree[node].end - tree[node].start <= Self.copyLimit else {
                message = Message(text: "Too large to copy (over \(Self.copyLimit / 1_000_000) MB)", isError: true)
                return []
            }
            guard let bytes = try? tree.value(at: node).serialized(as: .json) else {
                message = Message(text: "This value has no JSON form (dates or data nested too deep?)", isError: true)
                return []
            }
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            text = ValueText.plain(tree.scalar(at: node))
        }
        message = Message(text: "Copied value (\(text.utf8.count) bytes)", isError: false)
        return [.copy(text)]
    }

    static let copyLimit: UInt32 = 1_000_000

    // MARK: - Help overlay

    mutating func helpKey(_ key: Key) -> [Effect] {
        switch key {
        case .escape, .character("q"), .character("?"), .enter, .function(1): showsHelp = false
        case .character("j"), .down: helpScroll += 1
        case .character("k"), .up: helpScroll = max(0, helpScroll - 1)
        case .pageDown, .character(" "), .control("d"), .control("f"): helpScroll += max(1, height - 4)
        case .pageUp, .control("u"), .control("b"): helpScroll = max(0, helpScroll - max(1, height - 4))
        case .character("g"), .home: helpScroll = 0
        case .control("c"):
            showsHelp = false
            return quit()
        default: break
        }
        return []
    }

    // MARK: - Schema pane

    /// Moves within the schema pane when it has the focus; false for actions it leaves to the tree.
    mutating func performInSchemaPane(_ action: Action) -> Bool {
        let lines = schemaOutline.lines
        let page = max(1, layout.treeRows - 2)
        switch action {
        case .moveDown: schemaSelection = min(lines.count - 1, schemaSelection + 1)
        case .moveUp: schemaSelection = max(0, schemaSelection - 1)
        case .pageDown, .halfPageDown: schemaSelection = min(lines.count - 1, schemaSelection + page)
        case .pageUp, .halfPageUp: schemaSelection = max(0, schemaSelection - page)
        case .top: schemaSelection = 0
        case .bottom: schemaSelection = lines.count - 1
        case .toggle, .expandOrEnter:
            guard let target = lines[schemaSelection].target else {
                message = Message(text: "Select a type or a conformer to find its nodes", isError: true)
                return true
            }
            runSearch(.type(target), focusTree: true)
        default:
            return false
        }
        if schemaSelection < schemaScroll { schemaScroll = schemaSelection }
        if schemaSelection >= schemaScroll + page { schemaScroll = schemaSelection - page + 1 }
        return true
    }
}
