import Foundation

/// How much memory one read may take, so that a huge or endless input fails with a message
/// instead of ending the process when an allocation fails (SIGABRT) or the kernel's
/// out-of-memory killer steps in.
///
/// The budget is the smaller of the machine's memory and the process's limits (`ulimit -v`,
/// `ulimit -d`). A file is read whole (at most a quarter of the budget); parsing then adds 24
/// bytes per value (`SourceNode`), and the node list may take at most a third of the budget.
/// Converting to another format builds the value tree: about `bytesPerValue` more per value,
/// refused up front when that would pass half the budget.
/// For JSON, whose smallest value is one digit and a comma, that is at most 12 bytes per byte
/// of input; for XML (`<true/>` is the smallest value) about 3.
public enum MemoryBudget {
    /// Bytes this process may use in all.
    public static let total: UInt64 = {
        let physical = ProcessInfo.processInfo.physicalMemory
        return min(physical > 0 ? physical : UInt64.max, POSIX.memoryLimit ?? UInt64.max)
    }()

    /// The largest input read into memory.
    public static var maxInputBytes: Int { Int(min(UInt64(PlistLimits.maxFileSize), total / 4)) }

    /// What one value costs as a `PlistValue` (enum, array slot or dictionary entry and key)
    /// plus its share of the written output, measured on JSON and XML of small values.
    public static let bytesPerValue: UInt64 = 96

    /// The most values a parse may hold.
    public static var maxNodes: Int { Int(min(UInt64(UInt32.max), total / 3 / UInt64(MemoryLayout<SourceNode>.stride))) }
}

extension Array where Element == SourceNode {
    /// Appends a parsed node, refusing (with the node's offset) when the node list would grow
    /// past `MemoryBudget.maxNodes`.
    @inline(__always)
    mutating func appendWithinBudget(_ node: SourceNode) throws {
        if count == capacity { try growWithinBudget(at: Int(node.start)) }
        append(node)
    }

    private mutating func growWithinBudget(at offset: Int) throws {
        let limit = MemoryBudget.maxNodes
        guard count < limit else {
            throw PlistError(
                "the file holds more than \(limit) values, more than fit in the memory this process may use (\(MemoryBudget.total >> 20) MB)",
                at: .byte(offset: offset))
        }
        reserveCapacity(Swift.min(limit, Swift.max(16, capacity * 2)))
    }
}
