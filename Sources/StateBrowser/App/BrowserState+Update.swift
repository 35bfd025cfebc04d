import State
import StateSchema
import TerminalCore

extension BrowserState {
    /// Applies one message — a key, a resize, a finished background job, a file written or
    /// read — and returns what the runtime must do. Pure: no terminal, files or clock. Every
    /// change of the state happens here.
    package mutating func update(_ message: BrowserMessage) -> [Effect] {
        let effects = dispatch(message)
        return effects + refreshLineIndex()
    }

    private mutating func dispatch(_ message: BrowserMessage) -> [Effect] {
        switch message {
        case .started(let w, let h):
            resize(width: w, height: h)
            return document.isCheckPending ? [.check(generation: document.generation)] : []
        case .input(let event):
            return input(event)
        case .checkFinished(let typed, let generation):
            return finishCheck(typed, generation: generation)
        case .searchFinished(let query, let matches, let generation):
            return finishSearch(query, matches: matches, generation: generation)
        case .linesIndexed(let index):
            lineMode.finish(index, current: document.generation)
            return []
        case .saved, .changedOnDisk, .saveFailed, .folderSaved, .reloaded, .reloadFailed, .opened, .openFailed:
            return finishFile(message)
        }
    }

    /// `update(.input(event))`.
    package mutating func update(_ event: InputEvent) -> [Effect] {
        update(.input(event))
    }

    private mutating func input(_ event: InputEvent) -> [Effect] {
        switch event {
        case .idle:
            return []
        case .resize(let w, let h):
            resize(width: w, height: h)
            return []
        case .mouse(let event):
            return mouse(event)
        case .paste(let text):
            return paste(text)
        case .key(.alt(let c)) where modal != nil || search.prompt != nil:
            // The text editor has Alt keys of its own (word moves).
            if case .text(let editor)? = modal, TextArea.keys.action(for: .alt(c)) != nil { return textEditorKey(.alt(c), editor) }
            // Esc typed quickly before a key arrives as Alt-key: in an editor that is Esc, then the key.
            return input(.key(.escape)) + input(.key(.character(c)))
        case .key(let key):
            if modal != nil { return modalKey(key) }
            if search.prompt != nil { return promptKey(key) }
            message = nil
            pendingKeys.append(key)
            switch keyMap.match(pendingKeys) {
            case .action(let action):
                pendingKeys = []
                return run(action)
            case .prefix:
                message = StatusMessage(text: pendingKeys.map(\.name).joined() + "…", isError: false)
                return []
            case .none:
                let typed = pendingKeys.map(\.name).joined()
                pendingKeys = []
                if key == .escape {
                    search.current = nil
                    return []
                }
                message = StatusMessage(text: "\(typed) does nothing here (? shows the keys)", isError: true)
                return []
            }
        }
    }

    private mutating func resize(width w: Int, height h: Int) {
        width = w
        height = h
        if side.open != nil, w < BrowserLayout.minimumWidthForSidePane { focus = .tree }
        treePane.rows.keepVisible(page: layout.treeRows)
        side.schemaRows.keepVisible(page: layout.schemaRows)
        if case .value(var view)? = modal {
            view.rewrap(width: Box.inside(layout.main).width, page: max(1, Box.inside(layout.main).height))
            modal = .value(view)
        }
        if case .text(var editor)? = modal {
            editor.area.scrollToCursor(page: textEditorRows)
            modal = .text(editor)
        }
    }

    /// Takes the whole check of the document, done in the background after the first screen:
    /// roles and diagnostics below the quick pass appear, and a type search is run again.
    mutating func finishCheck(_ typed: TypedDocument, generation: Int) -> [Effect] {
        guard generation == document.generation else { return [] }
        document.finishCheck(typed)
        var effects: [Effect] = []
        // Types, and the colors and enum cases text searches also match, come from the roles.
        if let query = search.pending?.query ?? search.current?.query {
            if case .exact = query {} else { effects += rerunSearch(query) }
        }
        let errors = typed.errors.count
        let warnings = typed.diagnostics.count - errors
        if message == nil, errors + warnings > 0 {
            message = StatusMessage(text: "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")", isError: errors > 0)
        }
        return effects
    }

    /// Does an action from the browser's key map.
    mutating func run(_ action: BrowserAction) -> [Effect] {
        if focus == .side, side.open == .schema, layout.sidePane != nil, let effects = runInSchemaPane(action) { return effects }
        if focus == .side, side.open == .detail, layout.sidePane != nil, let effects = runInDetailPane(action) { return effects }
        let page = layout.treeRows
        switch action {
        case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .top, .bottom:
            _ = treePane.move(action, page: page)
        case .expandOrEnter:
            let node = selectedNode
            if treePane.outline.isExpandable(node), !treePane.outline.isExpanded(node) {
                treePane.outline.expand(row: selection)
                outlineChanged()
            } else if treePane.outline.isExpanded(node) {
                treePane.rows.move(by: 1, page: page)
            } else {
                message = StatusMessage(text: "Nothing inside to expand", isError: false)
            }
        case .collapseOrLeave:
            let node = selectedNode
            if treePane.outline.isExpanded(node) {
                treePane.outline.collapse(row: selection)
                outlineChanged()
            } else if let parent = document.parent(of: node), let row = treePane.outline.row(of: parent) {
                treePane.rows.select(row, page: page)
            }
        case .toggle:
            if treePane.outline.isExpanded(selectedNode) {
                treePane.outline.collapse(row: selection)
                outlineChanged()
            } else if treePane.outline.isExpandable(selectedNode) {
                treePane.outline.expand(row: selection)
                outlineChanged()
            } else if let target = document.tree.referencedObject(of: selectedNode) ?? archiveLinkTarget(of: selectedNode) {
                follow(to: target)
            } else if isLongText(selectedNode) {
                openValueView()
            } else {
                message = StatusMessage(text: "Nothing inside to expand (i edits the value)", isError: false)
            }
        case .expandAll:
            let node = selectedNode
            treePane.outline.expandAll()
            outlineChanged()
            selectNode(node)
            message = StatusMessage(text: "Expanded all: \(treePane.outline.count) rows", isError: false)
        case .collapseAll:
            let node = selectedNode
            treePane.outline.collapseAll()
            outlineChanged()
            treePane.rows.select(treePane.outline.rowAtOrBefore(node), page: page)
        case .expandToDepth(let depth):
            let node = selectedNode
            treePane.outline.expand(toDepth: depth)
            outlineChanged()
            treePane.rows.select(treePane.outline.rowAtOrBefore(node), page: page)
            message = StatusMessage(text: "Expanded to depth \(depth)", isError: false)
        case .jumpBack:
            guard let path = marks.popJump() else {
                message = StatusMessage(text: "No reference followed yet (Enter on an object id follows one)", isError: true)
                break
            }
            var target = path
            while document.tree.index(at: target) == nil, !target.components.isEmpty { target = target.dropLast() }
            selectNode(document.tree.index(at: target) ?? SourceTree.root)
            message = StatusMessage(text: "Back at \(target)", isError: false)
        case .parent:
            if let parent = document.parent(of: selectedNode) { selectNode(parent) } else { message = StatusMessage(text: "The root has no parent", isError: true) }
        case .nextSibling:
            if let next = document.nextSibling(of: selectedNode) { selectNode(next) } else { message = StatusMessage(text: "No next sibling", isError: true) }
        case .previousSibling:
            if let previous = document.previousSibling(of: selectedNode) { selectNode(previous) } else { message = StatusMessage(text: "No previous sibling", isError: true) }
        case .search, .searchBackward:
            search.openPrompt(forward: action == .search)
        case .searchSelection(let forward):
            return searchSelection(forward: forward)
        case .viewValue:
            openValueView()
        case .editText:
            return beginTextEdit(selectedNode)
        case .scrollDetailDown, .scrollDetailUp:
            let page = max(1, (detailRect?.height ?? 2) / 2)
            scrollDetail(by: action == .scrollDetailDown ? page : -page)
        case .toggleLineNumbers:
            setLineNumbers(!lineMode.isOn)
        case .toggleArchive:
            toggleArchiveGraph()
        case .pasteAfter:
            return pasteRegister(into: false)
        case .pasteInto:
            return pasteRegister(into: true)
        case .nextMatch: stepMatch(forward: search.current?.forward ?? true)
        case .previousMatch: stepMatch(forward: !(search.current?.forward ?? true))
        case .copyPath:
            let path = document.path(of: selectedNode).description
            message = StatusMessage(text: "Copied path \(path.isEmpty ? "(root, empty)" : path)", isError: false)
            return [.copy(path)]
        case .copyKey:
            guard let label = document.label(of: selectedNode) else {
                message = StatusMessage(text: "The root has no key", isError: true)
                return []
            }
            message = StatusMessage(text: "Copied key \(label)", isError: false)
            return [.copy(label)]
        case .copyValue:
            return copyValue()
        case .toggleDetail:
            side.open = side.open == .detail ? nil : .detail
            focus = .tree
            if side.open != nil, layout.sidePane == nil { message = StatusMessage(text: "The window is too narrow for a side pane", isError: true) }
            treePane.rows.keepVisible(page: layout.treeRows)
        case .toggleSchema:
            side.open = side.open == .schema ? nil : .schema
            focus = side.open == .schema ? .side : .tree
            if side.open != nil, layout.sidePane == nil { message = StatusMessage(text: "The window is too narrow for a side pane", isError: true) }
            treePane.rows.keepVisible(page: layout.treeRows)
            side.schemaRows.keepVisible(page: layout.schemaRows)
        case .switchPane:
            if side.open != nil, layout.sidePane != nil {
                focus = focus == .tree ? .side : .tree
                if focus == .side, side.open == .detail { message = StatusMessage(text: "The detail pane: j/k, PgUp/PgDn scroll it; Tab goes back", isError: false) }
            } else {
                message = StatusMessage(text: "No side pane shows (d shows the detail, s the schema)", isError: true)
            }
        case .help:
            modal = .help(HelpOverlay(browserKeys: keyMap))
        case .messages:
            openMessageLog()
        case .palette:
            openPalette()
        case .togglePick, .visualMode, .pickMatches, .pickSameKind, .clearPicks:
            runPick(action)
        case .redraw: return [.redraw]
        case .suspend: return [.suspend]
        case .quit: return quit()
        case .edit, .rename, .addInside, .addAfter, .delete, .duplicate, .moveItemUp, .moveItemDown, .changeType,
            .undo, .redo, .save, .showChanges, .commandLine:
            return runEdit(action)
        }
        return []
    }

    mutating func openMessageLog() {
        modal = .messages(MessageLog(messages: messages.log, width: Box.inside(layout.main).width, page: layout.diffRows))
    }

    // MARK: - Selection

    /// The palette: every color in the file with its swatch, value and spelling; Enter goes
    /// to the one chosen.
    mutating func openPalette() {
        let tree = document.tree
        let colors = ColorSpelling.all(in: tree)
        guard !colors.isEmpty else {
            message = StatusMessage(text: "No colors in this file (none in a spelling state knows)", isError: false)
            return
        }
        let here = selectedNode
        let items = colors.map { entry in
            let (r, g, b, _) = entry.color.channels8
            return ChoiceList.Item(
                document.path(of: entry.node).description, detail: "\(entry.color.hex)  \(entry.spelling.name)", action: .goTo(document.path(of: entry.node)), swatch: .rgb(r, g, b)
            )
        }
        let selection = colors.lastIndex { $0.node <= here } ?? 0
        modal = .choice(
            ChoiceList(title: "\(colors.count) color\(colors.count == 1 ? "" : "s")\(colors.count == 10_000 ? " (the first 10000)" : "")", items: items, selection: selection))
    }

    /// Goes to the object an id names, remembering where it was (Ctrl-O returns).
    mutating func follow(to target: Int) {
        marks.pushJump(from: document.path(of: selectedNode))
        selectNode(target)
        if let row = treePane.outline.row(of: target), treePane.outline.isExpandable(target), !treePane.outline.isExpanded(target) {
            treePane.outline.expand(row: row)
            outlineChanged()
        }
        let tree = document.tree
        // The path line shows the id; the message says what it is.
        let what = [TreeRow.isa(of: target, in: tree), tree.annotation(of: target).map { "“\($0)”" }].compactMap { $0 }.joined(separator: " ")
        message = StatusMessage(text: "Went to \(what.isEmpty ? "the object" : what) — Ctrl-O goes back", isError: false)
    }

    /// The outline gained or lost rows: the row list follows.
    mutating func outlineChanged() { treePane.outlineChanged(page: layout.treeRows) }

    /// Selects `node`, expanding its ancestors if it is hidden; a jump off screen centers it.
    mutating func selectNode(_ node: Int) { treePane.select(node, parents: document.links.parents, page: layout.treeRows) }

    // MARK: - Copying

    mutating func copyValue() -> [Effect] {
        let node = selectedNode
        let tree = document.tree
        guard keep(node), let kept = register else {
            message = StatusMessage(text: "Too large to copy (over \(Self.copyLimit / 1_000_000) MB or 100 000 values)", isError: true)
            return []
        }
        let text: String
        if tree[node].kind.isContainer {
            // Structures are copied as JSON, the form every other tool reads.
            guard let bytes = try? kept.value.serialized(as: .json) else {
                message = StatusMessage(text: "This value has no JSON form (dates or data nested too deep?)", isError: true)
                return []
            }
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            text = tree.scalarText(at: node)
        }
        message = StatusMessage(text: "Copied value (\(text.utf8.count) bytes; P pastes it)", isError: false)
        return [.copy(text)]
    }

    static let copyLimit: UInt32 = 1_000_000

    // MARK: - Schema pane

    /// Moves within the schema pane when it has the focus; nil for actions it leaves to the tree.
    mutating func runInSchemaPane(_ action: BrowserAction) -> [Effect]? {
        switch side.schemaKey(action, page: layout.schemaRows) {
        case .moved: return []
        case .findType(let name): return runSearch(.type(name), focusTree: true)
        case .refused(let why):
            message = StatusMessage(text: why, isError: true)
            return []
        case .notMine: return nil
        }
    }
}
