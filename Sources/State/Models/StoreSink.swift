import Foundation

/// A file being written straight from models, with no value tree in between: what
/// `StorableDocument.bytes(format:)` (and `write(to:format:)`, `data(format:)`) uses for XML,
/// JSON and binary plists. A model writes its entries here one by one, through the `Store` its
/// `write(to:)` is handed; a scalar, a transform's stored form or anything else the sink has no
/// way of its own to write goes in as a `PlistValue`.
///
/// The bytes are those of the value tree written by `XMLPlistWriter`, `JSONWriter` or
/// `BinaryPlistWriter` (whose objects are flattened as they come and numbered at the end). A store
/// written this way cannot show what it holds — its entries are already text — so a model
/// whose `write(to:)` reads its store back, sets a key twice, removes one it wrote or replaces
/// the store marks the sink `failed`; that model is then written again the usual way (its
/// entries into a store, that dictionary into the sink), from where it began. Any error ends
/// the streamed document: the caller writes the whole value again through the value tree, so
/// errors say what they always said.
///
/// A sink belongs to one write on one thread (hence `@unchecked Sendable`: a `Store`, which
/// is `Sendable`, refers to it while a model writes itself).
public final class StoreSink: @unchecked Sendable {
    /// Everything the sink changes, behind a pointer: a class's stored properties are checked
    /// for exclusive access at run time on every change, which was a quarter of writing.
    private let state: UnsafeMutablePointer<State>

    private struct State {
        /// The file format: XML, JSON or (`isBinary`) binary.
        let isXML: Bool
        let isBinary: Bool
        /// Binary: the objects so far, and the references of the open containers' keys and
        /// values (innermost last); the root object once written.
        var flattener = BinaryPlistWriter.Flattener()
        var keyRefs: [UInt32] = []
        var valueRefs: [UInt32] = []
        var root = -1
        /// Binary: the string object of recent keys, by their hash's low bits (checked against
        /// the key's bytes): the same few keys come back in every model, and finding each
        /// again in the table of all strings was a fifth of writing.
        var keyObjects = [(fingerprint: UInt64, object: Int32)](repeating: (0, -1), count: 256)
        var out = OutputBuffer()
        var xml = XMLPlistWriter.Writer(style: .apple, line: XMLPlistWriter.Style.apple.newline)
        var json = JSONWriter.Writer(style: .pretty, line: JSONWriter.Style.pretty.newline)
        /// The open containers: `current` is the innermost (when `depth` > 0), `parents` the
        /// others, outermost first. The innermost is kept apart because every entry changes
        /// it (an array element's change checked the array's uniqueness each time).
        var depth = 0
        var current = Frame(start: 0, keysStart: 0, isArray: false)
        var parents: [Frame] = []
        /// A hash of each key written to the open dictionaries, innermost dictionary's last: a
        /// key set twice must replace the first, which the text cannot do. Two keys with the
        /// same hash count as the same (the model is then written through its value, which is
        /// right either way); keeping and comparing the strings was a tenth of writing.
        var keys: UnsafeMutablePointer<UInt64>
        var keyCount = 0
        var keyCapacity: Int
        /// A line break and `indentDepth` levels of indentation, for the start of each line
        /// (the writers' own `line` array cost a retain and release per line).
        var indent: UnsafeMutablePointer<UInt8>
        var indentDepth: Int
        /// See `failed`.
        var failed = false
        /// How many containers were written again through a value (for tests).
        var rewinds = 0
    }

    /// Set when a model's store was used in a way the text cannot follow: the model being
    /// written is written again through a value.
    @usableFromInline var failed: Bool {
        get { state.pointee.failed }
        set { state.pointee.failed = newValue }
    }

    private struct Frame {
        /// Where the container's opening bracket starts in the output; binary: its object.
        let start: Int
        /// Where the container's keys start in `keys`.
        let keysStart: Int
        /// Entries or elements written so far.
        var items = 0
        let isArray: Bool
        /// Binary: where the container's key and value references start.
        var keyRefsStart = 0
        var valueRefsStart = 0
    }

    /// Where a container began: what `rewind(to:)` goes back to.
    struct Mark {
        let offset: Int
        let depth: Int
        let keyCount: Int
        let keyRefCount: Int
        let valueRefCount: Int
    }

    private init(xml isXML: Bool, binary isBinary: Bool = false) {
        state = .allocate(capacity: 1)
        state.initialize(
            to: State(
                isXML: isXML, isBinary: isBinary, keys: .allocate(capacity: 64), keyCapacity: 64, indent: Self.indentation(depth: 32, xml: isXML),
                indentDepth: 32))
    }

    deinit {
        state.pointee.keys.deallocate()
        state.pointee.indent.deallocate()
        state.pointee.out.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// A whole document in `format` (XML, JSON or binary, in the writers' default styles)
    /// whose root `writeRoot` writes; nil for the other formats.
    static func document(_ format: PlistFormat, _ writeRoot: (StoreSink) throws -> Void) throws -> Document? {
        try streamed(format, writeRoot)?.document
    }

    /// `document(_:_:)`, with how many models were written again through their value.
    static func streamed(_ format: PlistFormat, _ writeRoot: (StoreSink) throws -> Void) throws -> (document: Document, rewinds: Int)? {
        guard format == .xml || format == .json || format == .binary else { return nil }
        let sink = StoreSink(xml: format == .xml, binary: format == .binary)
        let s = sink.state
        if s.pointee.isXML { s.pointee.out.append(XMLPlistWriter.header) }
        try writeRoot(sink)
        guard !s.pointee.failed, s.pointee.depth == 0 else { return nil }
        // A store kept past its model's `write(to:)` still refers to this sink: once the
        // document is done, whatever it is asked to write is ignored (`failed` makes every
        // write return at once), never written into memory the document has handed on.
        defer { s.pointee.failed = true }
        if s.pointee.isBinary {
            guard s.pointee.root >= 0 else { return nil }
            s.pointee.flattener.renumberInPreOrder(root: s.pointee.root)
            return (Document(bytes: s.pointee.flattener.emit(topObject: 0, threads: Cores.available)), s.pointee.rewinds)
        }
        if s.pointee.isXML {
            s.pointee.out.append("\n</plist>\n")
        } else {
            s.pointee.out.append(UInt8(ascii: "\n"))
        }
        let (base, count) = s.pointee.out.handOverMemory()
        return (Document(base: base, count: count), s.pointee.rewinds)
    }

    /// A written document's bytes, in memory of their own (`malloc`'s, freed with them): a
    /// caller that wants `Data` or a file gets them without a copy.
    final class Document {
        private let base: UnsafeMutablePointer<UInt8>?
        /// A binary document's bytes (its writer makes an array).
        private let array: [UInt8]
        /// The document's size in bytes.
        let count: Int
        /// False once `data()` has handed the memory to a `Data`.
        private var owned = true

        init(base: UnsafeMutablePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
            array = []
        }

        init(bytes: [UInt8]) {
            base = nil
            count = bytes.count
            array = bytes
        }

        deinit { if owned, let base { free(base) } }

        /// The bytes, copied into an array (a binary document's without a copy).
        var bytes: [UInt8] { base.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? array }

        /// The bytes, while the document holds them.
        func withBuffer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            guard let base else { return try array.withUnsafeBufferPointer(body) }
            return try body(UnsafeBufferPointer(start: base, count: count))
        }

        /// The bytes as `Data` that takes their memory over (call it once).
        func data() -> Data {
            guard let base else { return Data(array) }
            precondition(owned, "a document's memory is handed over once")
            owned = false
            return Data(bytesNoCopy: base, count: count, deallocator: .free)
        }
    }

    // MARK: - Lines and keys

    /// A line break and room for `depth` levels of indentation.
    private static func indentation(depth: Int, xml: Bool) -> UnsafeMutablePointer<UInt8> {
        let unit = xml ? 1 : 2
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 + depth * unit)
        memory[0] = 0x0A
        (memory + 1).initialize(repeating: xml ? 0x09 : 0x20, count: depth * unit)
        return memory
    }

    /// What starts a line at the current depth: its first `lineLength` bytes.
    @inline(__always) private func currentLine() -> UnsafeMutablePointer<UInt8> {
        let s = state
        let depth = s.pointee.depth
        if depth > s.pointee.indentDepth {
            s.pointee.indent.deallocate()
            s.pointee.indent = Self.indentation(depth: depth * 2, xml: s.pointee.isXML)
            s.pointee.indentDepth = depth * 2
        }
        return s.pointee.indent
    }

    @inline(__always) private var lineLength: Int { 1 + state.pointee.depth * (state.pointee.isXML ? 1 : 2) }

    /// Starts a new line at the current depth.
    @inline(__always) private func newline() {
        state.pointee.out.append(currentLine(), count: lineLength)
    }

    /// FNV-1a of a key's UTF-8.
    @inline(__always) private static func fingerprint(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Whether the innermost dictionary has a key with this hash.
    private func has(fingerprint: UInt64) -> Bool {
        let s = state
        guard s.pointee.depth > 0 else { return false }
        var i = s.pointee.keyCount - 1
        let first = s.pointee.current.keysStart
        while i >= first {
            if s.pointee.keys[i] == fingerprint { return true }
            i -= 1
        }
        return false
    }

    // MARK: - Values and containers

    /// Writes a whole value where the next value goes.
    func value(_ value: PlistValue) throws {
        let s = state
        if s.pointee.isBinary {
            do { place(try s.pointee.flattener.add(value)) } catch let error as WriteError { throw error.plistError }
            return
        }
        switch value {
        case .array, .dictionary, .data, .uid:
            // The writers indent what spans lines from their own `line`, set here only when
            // it is needed.
            let line = currentLine()
            let length = lineLength
            if s.pointee.isXML, s.pointee.xml.line.count != length {
                s.pointee.xml.line = Array(UnsafeBufferPointer(start: line, count: length))
            } else if !s.pointee.isXML, s.pointee.json.line.count != length {
                s.pointee.json.line = Array(UnsafeBufferPointer(start: line, count: length))
            }
        default: break
        }
        do {
            if s.pointee.isXML { try s.pointee.xml.write(value, into: &s.pointee.out) } else { try s.pointee.json.write(value, into: &s.pointee.out) }
        } catch let error as WriteError {
            throw error.plistError
        }
    }

    /// Writes a string where the next value goes.
    func string(_ text: String) throws {
        let s = state
        if s.pointee.isBinary {
            place(s.pointee.flattener.scalar(.string(text)))
            return
        }
        if s.pointee.isXML {
            if text.isEmpty {
                s.pointee.out.append("<string></string>")
                return
            }
            s.pointee.out.append("<string>")
            do { try XMLPlistWriter.appendEscaped(text, to: &s.pointee.out) } catch let error as WriteError { throw error.plistError }
            s.pointee.out.append("</string>")
        } else {
            JSONWriter.appendQuoted(text, to: &s.pointee.out)
        }
    }

    /// Writes an integer where the next value goes.
    func integer(_ value: Int128) {
        let s = state
        if s.pointee.isBinary {
            place(s.pointee.flattener.scalar(.integer(value)))
            return
        }
        if s.pointee.isXML {
            s.pointee.out.append("<integer>")
            s.pointee.out.appendInteger(value)
            s.pointee.out.append("</integer>")
        } else {
            s.pointee.out.appendInteger(value)
        }
    }

    /// Binary: the object `reference` is the next value of the innermost container, or the root.
    private func place(_ reference: Int) {
        let s = state
        if s.pointee.depth == 0 {
            s.pointee.root = reference
        } else {
            s.pointee.valueRefs.append(UInt32(truncatingIfNeeded: reference))
        }
    }

    /// Opens a dictionary (or an array) where the next value goes.
    func begin(array: Bool) -> Mark {
        let s = state
        let start = s.pointee.out.count
        let mark = Mark(
            offset: start, depth: s.pointee.depth, keyCount: s.pointee.keyCount, keyRefCount: s.pointee.keyRefs.count,
            valueRefCount: s.pointee.valueRefs.count)
        if s.pointee.depth > 0 { s.pointee.parents.append(s.pointee.current) }
        if s.pointee.isBinary {
            let object = s.pointee.flattener.open(array: array)
            s.pointee.current = Frame(
                start: object, keysStart: s.pointee.keyCount, isArray: array, keyRefsStart: s.pointee.keyRefs.count,
                valueRefsStart: s.pointee.valueRefs.count)
            s.pointee.depth += 1
            return mark
        }
        s.pointee.current = Frame(start: start, keysStart: s.pointee.keyCount, isArray: array)
        s.pointee.depth += 1
        if s.pointee.isXML {
            s.pointee.out.append(array ? "<array>" : "<dict>")
        } else {
            s.pointee.out.append(UInt8(ascii: array ? "[" : "{"))
        }
        return mark
    }

    /// Closes the innermost container; an empty one is written in its empty form.
    func end() {
        let s = state
        let frame = s.pointee.current
        s.pointee.keyCount = frame.keysStart
        s.pointee.depth -= 1
        if s.pointee.depth > 0 { s.pointee.current = s.pointee.parents.removeLast() }
        if s.pointee.isBinary {
            s.pointee.keyRefs.withUnsafeBufferPointer { keys in
                s.pointee.valueRefs.withUnsafeBufferPointer { values in
                    s.pointee.flattener.close(
                        frame.start, array: frame.isArray, keys: UnsafeBufferPointer(rebasing: keys[frame.keyRefsStart...]),
                        values: UnsafeBufferPointer(rebasing: values[frame.valueRefsStart...]))
                }
            }
            s.pointee.keyRefs.removeLast(s.pointee.keyRefs.count - frame.keyRefsStart)
            s.pointee.valueRefs.removeLast(s.pointee.valueRefs.count - frame.valueRefsStart)
            place(frame.start)
            return
        }
        if s.pointee.isXML {
            if frame.items == 0 {
                s.pointee.out.count = frame.start
                s.pointee.out.append(frame.isArray ? "<array/>" : "<dict/>")
            } else {
                newline()
                s.pointee.out.append(frame.isArray ? "</array>" : "</dict>")
            }
        } else {
            if frame.items > 0 { newline() }
            s.pointee.out.append(UInt8(ascii: frame.isArray ? "]" : "}"))
        }
    }

    /// The entries (or elements) written so far to the innermost container.
    var items: Int { state.pointee.depth > 0 ? state.pointee.current.items : 0 }

    /// A dictionary of `keys` (all different), each value written by `writeValue`.
    func dictionary(_ keys: [String], _ writeValue: (String) throws -> Void) throws {
        _ = begin(array: false)
        for key in keys where try self.key(key) { try writeValue(key) }
        end()
    }

    /// Starts the next element of the innermost container, an array.
    func element() {
        let s = state
        if s.pointee.isBinary {
            s.pointee.current.items += 1
            return
        }
        if !s.pointee.isXML, s.pointee.current.items > 0 { s.pointee.out.append(UInt8(ascii: ",")) }
        newline()
        s.pointee.current.items += 1
    }

    /// Starts the entry `key` of the innermost container, a dictionary, and returns true; a key
    /// the dictionary already has marks the sink failed and returns false (nothing written).
    @usableFromInline func key(_ key: String) throws -> Bool {
        var key = key
        return try key.withUTF8 { try self.key(utf8: $0) }
    }

    private func key(utf8: UnsafeBufferPointer<UInt8>) throws -> Bool {
        let print = Self.fingerprint(utf8)
        guard !has(fingerprint: print) else {
            failed = true
            return false
        }
        let s = state
        if s.pointee.keyCount == s.pointee.keyCapacity {
            let grown = UnsafeMutablePointer<UInt64>.allocate(capacity: s.pointee.keyCapacity * 2)
            grown.update(from: s.pointee.keys, count: s.pointee.keyCount)
            s.pointee.keys.deallocate()
            s.pointee.keys = grown
            s.pointee.keyCapacity *= 2
        }
        s.pointee.keys[s.pointee.keyCount] = print
        s.pointee.keyCount += 1
        if s.pointee.isBinary {
            s.pointee.keyRefs.append(UInt32(truncatingIfNeeded: keyObject(utf8, fingerprint: print)))
        } else if s.pointee.isXML {
            newline()
            s.pointee.out.append("<key>")
            do { try XMLPlistWriter.appendEscaped(utf8: utf8, to: &s.pointee.out) } catch let error as WriteError { throw error.plistError }
            s.pointee.out.append("</key>")
            newline()
        } else {
            if s.pointee.current.items > 0 { s.pointee.out.append(UInt8(ascii: ",")) }
            newline()
            JSONWriter.appendQuoted(utf8: utf8, to: &s.pointee.out)
            s.pointee.out.append(": ")
        }
        s.pointee.current.items += 1
        return true
    }

    /// Binary: the string object of a key, from `keyObjects` when it holds it.
    private func keyObject(_ utf8: UnsafeBufferPointer<UInt8>, fingerprint: UInt64) -> Int {
        let s = state
        let slot = Int(truncatingIfNeeded: fingerprint & 255)
        let cached = s.pointee.keyObjects[slot]
        if cached.fingerprint == fingerprint, cached.object >= 0 {
            let entry = s.pointee.flattener.entries[Int(cached.object)]
            let same = s.pointee.flattener.stringBytes.withUnsafeBufferPointer { arena in
                entry.b - entry.a == utf8.count && (utf8.isEmpty || memcmp(arena.baseAddress! + entry.a, utf8.baseAddress!, utf8.count) == 0)
            }
            if same { return Int(cached.object) }
        }
        let object = s.pointee.flattener.string(utf8: utf8)
        s.pointee.keyObjects[slot] = (fingerprint, Int32(truncatingIfNeeded: object))
        return object
    }

    /// Whether the innermost dictionary has an entry at `key`.
    @usableFromInline func has(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { has(fingerprint: Self.fingerprint($0)) }
    }

    /// Goes back to where the container at `mark` began: its text, frames and keys dropped,
    /// `failed` cleared.
    func rewind(to mark: Mark) {
        let s = state
        while s.pointee.depth > mark.depth {
            s.pointee.depth -= 1
            if s.pointee.depth > 0 { s.pointee.current = s.pointee.parents.removeLast() }
        }
        s.pointee.keyCount = mark.keyCount
        // Binary: the objects written since stay, unreferenced; numbering drops them.
        s.pointee.keyRefs.removeLast(s.pointee.keyRefs.count - mark.keyRefCount)
        s.pointee.valueRefs.removeLast(s.pointee.valueRefs.count - mark.valueRefCount)
        s.pointee.out.count = mark.offset
        s.pointee.failed = false
        s.pointee.rewinds += 1
    }
}
