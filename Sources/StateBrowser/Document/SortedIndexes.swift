extension Array where Element == Int32 {
    /// In a sorted array, the first position in `range` whose element is not `isBefore`
    /// (a partition point): every search over rows and matches is one of these.
    func partitionPoint(in range: Range<Int>? = nil, _ isBefore: (Int32) -> Bool) -> Int {
        var low = range?.lowerBound ?? 0, high = range?.upperBound ?? count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// True when the sorted array contains `value`.
    func sortedContains(_ value: Int32) -> Bool {
        let i = partitionPoint { $0 < value }
        return i < count && self[i] == value
    }
}
