import Synchronization

/// Names the runtime derives from a type by reflection, computed once per type.
///
/// `String(describing:)` walks the type's metadata and casts the value to several printing
/// protocols on every call; the default `modelName` and `caseName` are read once per value read
/// (an enum's case key, a conformer's tag), which made reflection a tenth of decoding a library
/// of enum-holding models. Names never change while a process runs, so a table keeps them.
@usableFromInline enum TypeNames {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])
    private static let cases = Mutex<[ObjectIdentifier: CaseTable]>([:])
    private static let described = Mutex<[ObjectIdentifier: [(bits: UInt64, name: String)]]>([:])

    /// `String(describing: type)`, from the table after the first call.
    static func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let known = names.withLock({ $0[id] }) { return known }
        let name = String(describing: type)
        names.withLock { $0[id] = name }
        return name
    }

    /// The case of `E` whose `caseName` is `name`, or nil. Inlinable, so that the case is
    /// made from its bytes in code specialized for `E` (generically it cost hundreds of
    /// instructions a read); `allCases` builds a new array on every call, so it is used only
    /// for an enum that is not plain data of at most 8 bytes.
    @inlinable static func caseValue<E: CaseModel>(named name: String, of type: E.Type) -> E? {
        guard let (offset, bits) = caseOffset(named: name, of: type) else { return nil }
        if let bits { return withUnsafeBytes(of: bits) { $0.loadUnaligned(as: E.self) } }
        let all = E.allCases
        return all[all.index(all.startIndex, offsetBy: offset)]
    }

    /// Where the case of `E` whose `caseName` is `name` is in `allCases`, with its bytes when `E`
    /// is plain data of at most 8 bytes (a payload-less enum: its bytes are its case). The
    /// names — read through the conformance, so a type's own `caseName` is what the table
    /// holds — and bytes come from a table after the first call.
    @usableFromInline static func caseOffset<E: CaseModel>(named name: String, of type: E.Type) -> (offset: Int, bits: UInt64?)? {
        let id = ObjectIdentifier(type)
        let table =
            cases.withLock({ $0[id] })
            ?? {
                let all = Array(E.allCases)
                let plain = _isPOD(E.self) && MemoryLayout<E>.size <= 8
                let table = CaseTable(names: all.map(\.caseName), bits: plain ? all.map { bits(of: $0) } : nil)
                cases.withLock { $0[id] = table }
                return table
            }()
        guard let offset = table.names.firstIndex(of: name) else { return nil }
        return (offset, table.bits?[offset])
    }

    /// The names of an enum's cases in `allCases` order, with each case's bytes when the enum
    /// is plain data of at most 8 bytes.
    private struct CaseTable: Sendable {
        let names: [String]
        let bits: [UInt64]?
    }

    /// `String(describing: value)` for a case of `E`: looked up by the value's bytes among
    /// its cases' after the first call, when `E` is plain data of at most 8 bytes (a payload-less
    /// enum: its bytes are its case), else described each time. Writing a library described
    /// every enum value it wrote (thousands of instructions each).
    static func describing<E: CaseModel>(_ value: E) -> String {
        guard _isPOD(E.self), MemoryLayout<E>.size <= 8 else { return String(describing: value) }
        let id = ObjectIdentifier(E.self)
        let table =
            described.withLock({ $0[id] })
            ?? {
                let table = E.allCases.map { (bits: bits(of: $0), name: String(describing: $0)) }
                described.withLock { $0[id] = table }
                return table
            }()
        let wanted = bits(of: value)
        return table.first { $0.bits == wanted }?.name ?? String(describing: value)
    }

    /// The bytes of a value of at most 8 bytes, as a number.
    private static func bits<E>(of value: E) -> UInt64 {
        var out: UInt64 = 0
        withUnsafeBytes(of: value) { raw in withUnsafeMutableBytes(of: &out) { $0.copyMemory(from: raw) } }
        return out
    }
}
