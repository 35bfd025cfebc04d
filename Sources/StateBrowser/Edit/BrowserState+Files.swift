import Foundation
import State
import StateDocument

/// Saving, saving as, reloading: the state asks with an effect carrying what the runtime needs
/// (the bytes, the file and its stamp), and takes the outcome as a message.
extension BrowserState {
    /// Saves the session's bytes over its file. A read-only file asks first, unless
    /// `overwritingChanges` (`:w!`), which also writes over changes made on disk.
    mutating func save(overwritingChanges: Bool = false) -> [Effect] {
        if let folder = workspace.current.folder { return saveFolder(folder, overwritingChanges: overwritingChanges) }
        guard let request = workspace.current.saveRequest(overwritingChanges: overwritingChanges) else {
            quitsAfterSave = false
            message = StatusMessage(text: "Not saved: this document has no file (:w FILE saves it as one)", isError: true)
            return []
        }
        if request.file.isReadOnly, !overwritingChanges {
            ask("\(document.fileName) is read-only.", [("w", "write it anyway", .write(request)), ("n", "cancel", .cancel)])
            return []
        }
        return [.save(request)]
    }

    /// A folder's save: each changed file written on its own (see `FolderDocument`).
    private mutating func saveFolder(_ folder: FolderDocument, overwritingChanges: Bool) -> [Effect] {
        let changes: [FolderDocument.Change]
        do {
            changes = try folder.changes(in: session.tree)
        } catch {
            quitsAfterSave = false
            message = StatusMessage(text: "Not saved: \(error)", isError: true)
            return []
        }
        guard !changes.isEmpty else {
            session.markSaved()
            message = StatusMessage(text: "No file changed (the edits cancel out)", isError: false)
            return quitsAfterSave ? [.quit] : []
        }
        let requests = changes.map {
            SaveRequest(file: folder.members[$0.member].file, bytes: $0.bytes, format: folder.format, overwritingChanges: overwritingChanges)
        }
        return [.saveFolder(FolderSave(requests: requests, members: changes.map(\.member)))]
    }

    /// Takes how each file of a folder's save went: written files are the folder's new state
    /// on disk; files changed on disk meanwhile are asked about; a failure is said.
    private mutating func finishFolderSave(_ save: FolderSave, outcomes: [FolderSave.Outcome]) -> [Effect] {
        guard var folder = workspace.current.folder else { return [] }
        var saved: [String] = [], changedOnDisk: [Int] = [], failed: [String] = []
        for (index, outcome) in outcomes.enumerated() {
            let member = save.members[index]
            let name = folder.members[member].relativePath
            switch outcome {
            case .saved(let written, _):
                folder.recordSaved(member: member, bytes: save.requests[index].bytes, file: written)
                saved.append(name)
            case .changedOnDisk:
                changedOnDisk.append(index)
            case .failed(let reason):
                failed.append("\(name): \(reason)")
            }
        }
        workspace.current.folder = folder
        if (try? folder.changes(in: session.tree).isEmpty) == true { session.markSaved() }
        let wrote = "Saved \(saved.count) file\(saved.count == 1 ? "" : "s")" + (saved.count == 1 ? " (\(saved[0]))" : "")
        if !changedOnDisk.isEmpty {
            quitsAfterSave = false
            var again = FolderSave(requests: changedOnDisk.map { save.requests[$0] }, members: changedOnDisk.map { save.members[$0] })
            for i in again.requests.indices { again.requests[i].overwritingChanges = true }
            let names = changedOnDisk.map { folder.members[save.members[$0]].relativePath }
            ask(
                "\(saved.isEmpty ? "" : wrote + "; ")\(names.count) changed on disk since opened (\(names.prefix(2).joined(separator: ", "))\(names.count > 2 ? ", …" : "")).",
                [("o", "overwrite \(names.count == 1 ? "it" : "them")", .writeFolder(again)), ("n", "cancel", .cancel)])
            return []
        }
        if !failed.isEmpty {
            quitsAfterSave = false
            message = StatusMessage(text: "\(wrote); not saved: \(failed.joined(separator: "; "))", isError: true)
            return []
        }
        message = StatusMessage(text: wrote, isError: false)
        return quitsAfterSave ? [.quit] : []
    }

    /// Saves, then quits once the save worked (a failed save keeps the browser open).
    mutating func saveAndQuit() -> [Effect] {
        quitsAfterSave = true
        return save()
    }

    /// `FILE [xml|binary|json]`: the format named, else the one the extension says, else the
    /// document's own. An existing file is not replaced without asking, unless `force` (`:w!`).
    mutating func saveAs(_ argument: String, force: Bool = false) -> [Effect] {
        guard workspace.current.folder == nil else {
            message = StatusMessage(text: "Not saved: a folder is saved file by file (:w); open a file alone to save it as another", isError: true)
            return []
        }
        var words = argument.split(separator: " ").map(String.init)
        var format = session.format
        if words.count > 1, let named = PlistFormat(name: words.last!) {
            format = named
            words.removeLast()
        } else if words.count > 1, let last = words.last, last.allSatisfy({ $0.isLetter || $0.isNumber }) {
            // `:w out.json yaml`: a word where a format goes is a format, never part of a name.
            message = StatusMessage(text: "Not saved: “\(last)” is not a format (\(PlistFormat.namesText))", isError: true)
            return []
        } else if let last = words.last, let byExtension = PlistFormat(fileExtensionOf: last) {
            format = byExtension
        }
        let path = words.joined(separator: " ")
        guard !path.isEmpty else {
            message = StatusMessage(text: "Save as what? :w FILE [\(PlistFormat.namesText)]", isError: true)
            return []
        }
        var warnings: [PlistWarning] = []
        let bytes: [UInt8]
        do {
            bytes = try session.tree.serialized(as: format, warnings: &warnings)
        } catch {
            message = StatusMessage(text: "Not saved: \(error)", isError: true)
            return []
        }
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        if let file, url.standardizedFileURL.path == file.url.standardizedFileURL.path, format == session.format {
            return save(overwritingChanges: force)  // `:w` with the document's own name
        }
        // A new file: one that exists after all is "changed on disk" to the runtime, and asked about.
        let request = SaveRequest(
            file: OpenDocument(url: url, stamp: nil), bytes: bytes, format: format, overwritingChanges: force, newName: path, warnings: warnings.map { "\($0)" })
        return [.save(request)]
    }

    mutating func reload() -> [Effect] {
        guard workspace.current.folder == nil else {
            message = StatusMessage(text: "Not reloaded: a folder is read again by opening it again (:q!, then state FOLDER)", isError: true)
            return []
        }
        guard let file else {
            message = StatusMessage(text: "Not reloaded: this document has no file", isError: true)
            return []
        }
        return [.reload(file)]
    }

    /// Takes the outcome of a `.save` or `.reload` effect.
    mutating func finishFile(_ outcome: BrowserMessage) -> [Effect] {
        switch outcome {
        case .saved(let request, let written, let notes):
            var effects: [Effect] = []
            if let newName = request.newName {
                if request.format == session.format, request.bytes == session.fileBytes {
                    session.markSaved()
                } else {
                    // Another format: the file as written is what is edited from now on — when
                    // it reads back; otherwise the edits stay on the document as it was.
                    do {
                        session = EditSession(tree: try SourceTree(parsing: request.bytes, as: request.format))
                    } catch {
                        message = StatusMessage(text: "Saved \(newName), but it does not read back (\(error)); still editing \(document.fileName)", isError: true)
                        quitsAfterSave = false
                        return []
                    }
                }
                file = written
                effects = replaceDocument(fileName: newName)
                let warnings = request.warnings + notes
                message = StatusMessage(text: "Saved as \(newName)" + (warnings.isEmpty ? "" : " — \(warnings.joined(separator: "; "))"), isError: !warnings.isEmpty)
            } else {
                workspace.current.recordSave(of: request, written: written)
                message = StatusMessage(
                    text: "Saved \(document.fileName) (\(request.bytes.count) bytes)" + (notes.isEmpty ? "" : " — \(notes.joined(separator: "; "))"), isError: false)
            }
            if quitsAfterSave {
                quitsAfterSave = false
                effects.append(.quit)
            }
            return effects
        case .changedOnDisk(let request):
            var overwrite = request
            overwrite.overwritingChanges = true
            if let newName = request.newName {
                ask("\(newName) already exists.", [("o", "overwrite it", .write(overwrite)), ("n", "cancel", .cancel)])
            } else {
                let question = "\(document.fileName) changed on disk since it was opened."
                ask(question, [("o", "overwrite it", .write(overwrite)), ("r", "reload (drops your edits)", .reload), ("n", "cancel", .cancel)])
            }
            return []
        case .saveFailed(_, let reason):
            quitsAfterSave = false
            message = StatusMessage(text: "Not saved: \(reason)", isError: true)
            return []
        case .reloaded(let read, let tree):
            file = read
            session = EditSession(tree: tree)
            let effects = replaceDocument(fileName: document.fileName)
            message = StatusMessage(text: "Reloaded \(document.fileName)", isError: false)
            return effects
        case .reloadFailed(let reason):
            message = StatusMessage(text: "Not reloaded: \(reason)", isError: true)
            return []
        case .opened(let read, let opened):
            return switchDocument(to: opened, file: read)
        case .openFailed(let reason):
            message = StatusMessage(text: "Not opened: \(reason)", isError: true)
            return []
        case .folderSaved(let save, let outcomes):
            return finishFolderSave(save, outcomes: outcomes)
        case .started, .input, .checkFinished, .searchFinished, .linesIndexed:
            return []
        }
    }

    /// Asks a question in the status bar, one key per answer.
    mutating func ask(_ question: String, _ answers: [(key: Character, label: String, action: ChoiceAction)]) {
        modal = .confirm(Confirmation(question, answers: answers.map { Confirmation.Answer(key: $0.key, label: $0.label, action: $0.action) }))
    }

    /// A new document for the whole session tree (another format, or the file read again):
    /// the expansion is kept where the shape is the same, and the selection by its path.
    private mutating func replaceDocument(fileName: String) -> [Effect] {
        let effects = documentChanged(change: TreeChange(path: PlistPath(), childMap: nil), select: document.path(of: selectedNode))
        document.fileName = fileName
        return effects
    }

    /// `:e FILE`: another file in place of this one. What is the user's and not the file's
    /// stays — the register (so values move between files), the search history, line mode and
    /// the message log; the old file's undo history goes with it.
    mutating func openFile(_ name: String, force: Bool) -> [Effect] {
        guard !isDirty || force else {
            message = StatusMessage(text: "\(document.fileName) has unsaved changes: :w saves them, :e! \(name) drops them", isError: true)
            return []
        }
        let base = file?.url.deletingLastPathComponent() ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : base.appendingPathComponent(name)
        message = StatusMessage(text: "Opening \(name)…", isError: false)
        return [.open(url.standardizedFileURL)]
    }

    mutating func switchDocument(to opened: BrowserDocument, file read: OpenDocument) -> [Effect] {
        var opened = opened
        opened.follow(document)
        var next = BrowserState(document: opened, width: width, height: height, theme: theme, colorDepth: colorDepth, keyMap: keyMap, file: read)
        next.register = register
        next.search.history = search.history
        next.messages = messages
        next.now = now
        next.side.open = side.open
        next.lineMode.isOn = lineMode.isOn && opened.tree.format != .binary
        let previous = document.fileName
        self = next
        message = StatusMessage(text: "Opened \(document.fileName) (was \(previous))" + (register.map { "; P pastes \($0.summary)" } ?? ""), isError: false)
        return document.isCheckPending ? [.check(generation: document.generation)] : []
    }
}
