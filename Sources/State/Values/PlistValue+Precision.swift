import Foundation

extension PlistValue {
    /// The warning for dates this format cannot spell exactly: XML dates have whole seconds,
    /// JSON's ISO-8601 strings microseconds; a binary plist keeps every bit. Nil when nothing
    /// is lost. Said once, with a count and the first key path.
    func precisionWarning(for format: PlistFormat) -> PlistWarning? {
        guard format != .binary else { return nil }
        var count = 0
        var first: String?
        var path: [PlistPath.Component] = []
        func visit(_ value: PlistValue) {
            switch value {
            case .date(let date):
                let text = Array(PlistDate.format(date, fractional: format.isJSON).utf8)
                let back = text.withUnsafeBufferPointer { PlistDate.parse($0) }
                if back?.timeIntervalSinceReferenceDate != date.timeIntervalSinceReferenceDate {
                    count += 1
                    if first == nil { first = PlistPath(path).description }
                }
            case .array(let items):
                for (index, item) in items.enumerated() {
                    path.append(.index(index))
                    visit(item)
                    path.removeLast()
                }
            case .dictionary(let entries):
                for (key, item) in entries {
                    path.append(.key(key))
                    visit(item)
                    path.removeLast()
                }
            default:
                break
            }
        }
        visit(self)
        guard let first else { return nil }
        let what = format == .xml ? "fractions of a second (XML dates hold whole seconds)" : "precision below a microsecond"
        return PlistWarning("\(count) date\(count == 1 ? "" : "s") lose \(what); first at \(first.isEmpty ? "(root)" : first)")
    }
}
