import Foundation

extension PlistValue {
    /// The warning for dates this format cannot spell exactly: XML dates have whole seconds,
    /// JSON's ISO-8601 strings microseconds; a binary plist keeps every bit. Nil when nothing
    /// is lost. Said once, with a count and the first key path.
    func precisionWarning(for format: PlistFormat) -> PlistWarning? {
        guard format != .binary else { return nil }
        // Counted first without key paths (building one per member was most of the walk's
        // cost, and the walk was a quarter of writing XML); the path of the first one only
        // when there is one.
        let count = Self.lossyDates(in: self, format: format)
        guard count > 0 else { return nil }
        let first = Self.firstLossyDate(in: self, format: format, path: []).map { PlistPath($0).description } ?? ""
        let what = format == .xml ? "fractions of a second (XML dates hold whole seconds)" : "precision below a microsecond"
        return PlistWarning("\(count) date\(count == 1 ? "" : "s") lose \(what); first at \(first.isEmpty ? "(root)" : first)")
    }

    /// Whether `format` spells `date` so that it reads back as the same instant. A whole
    /// second within years 1…9999 always does (most dates: no text made); others are written
    /// and read back.
    static func isLossy(_ date: Date, format: PlistFormat) -> Bool {
        let t = date.timeIntervalSinceReferenceDate
        if t == t.rounded(.down), t > -6.0e10, t < 2.5e11 { return false }
        let text = Array(PlistDate.format(date, fractional: format.isJSON).utf8)
        let back = text.withUnsafeBufferPointer { PlistDate.parse($0) }
        return back?.timeIntervalSinceReferenceDate != t
    }

    private static func lossyDates(in value: PlistValue, format: PlistFormat) -> Int {
        switch value {
        case .date(let date): return isLossy(date, format: format) ? 1 : 0
        case .array(let items): return items.reduce(0) { $0 + lossyDates(in: $1, format: format) }
        case .dictionary(let entries): return entries.values.reduce(0) { $0 + lossyDates(in: $1, format: format) }
        default: return 0
        }
    }

    private static func firstLossyDate(in value: PlistValue, format: PlistFormat, path: [PlistPath.Component]) -> [PlistPath.Component]? {
        switch value {
        case .date(let date):
            return isLossy(date, format: format) ? path : nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstLossyDate(in: item, format: format, path: path + [.index(index)]) { return found }
            }
        case .dictionary(let entries):
            for (key, item) in entries {
                if let found = firstLossyDate(in: item, format: format, path: path + [.key(key)]) { return found }
            }
        default:
            break
        }
        return nil
    }
}
