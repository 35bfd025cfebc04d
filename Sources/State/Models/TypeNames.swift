import Synchronization

/// Names the runtime derives from a type by reflection, computed once per type.
///
/// `String(describing:)` walks the type's metadata and casts the value to several printing
/// protocols on every call; the default `modelName` and `caseName` are read once per value read
/// (an enum's case key, a conformer's tag), which made reflection a tenth of decoding a library
/// of enum-holding models. Names never change while a process runs, so a table keeps them.
enum TypeNames {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])
    private static let cases = Mutex<[ObjectIdentifier: [String]]>([:])
    private static let described = Mutex<[ObjectIdentifier: [(bits: UInt64, name: String)]]>([:])

    /// `String(describing: type)`, from the table after the first call.
    static func name(of type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let known = names.withLock({ $0[id] }) { return known }
        let name = String(describing: type)
        names.withLock { $0[id] = name }
        return name
    }

    /// The `caseName` of each of `E.allCases`, in order, from the table after the first call.
    /// Read through the conformance, so a type's own `caseName` is what the table holds.
    static func caseNames<E: CaseModel>(of type: E.Type) -> [String] {
        let id = ObjectIdentifier(type)
        if let known = cases.withLock({ $0[id] }) { return known }
        let names = E.allCases.map(\.caseName)
        cases.withLock { $0[id] = names }
        return names
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
