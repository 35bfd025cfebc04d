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
}
