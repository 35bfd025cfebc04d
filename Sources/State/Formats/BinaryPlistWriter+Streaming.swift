/// Flattening objects as a model hands them over (`StoreSink`), not from a value: containers
/// are opened before their children and closed after, a dictionary's keys arrive between its
/// values, and a model written again leaves the objects of its first try behind. Numbering
/// them as `add(_:)` numbers a value — pre-order, a dictionary's keys before its values, equal
/// scalars at their first place — is a last pass, which also drops the objects left behind:
/// the bytes are those of the value written through the value tree.
extension BinaryPlistWriter.Flattener {
    /// Reserves the entry of a container whose children follow; `close` completes it.
    mutating func open(array: Bool) -> Int {
        entries.append(BinaryPlistWriter.Entry(array ? .array : .dictionary, a: 0, b: 0))
        return entries.count - 1
    }

    /// Completes the container at `index` with its children: a dictionary's keys and values, or
    /// an array's elements (in `values`).
    mutating func close(_ index: Int, array: Bool, keys: UnsafeBufferPointer<UInt32>, values: UnsafeBufferPointer<UInt32>) {
        entries[index] = BinaryPlistWriter.Entry(array ? .array : .dictionary, a: refs.count, b: values.count)
        refs.append(contentsOf: keys)
        refs.append(contentsOf: values)
    }

    /// Renumbers the objects reachable from `root` in the order `add(_:)` numbers a value,
    /// `root` first, and drops the others. Only `emit` may follow: the tables that find equal
    /// scalars still hold the old numbers. (Through buffers, with no nested functions: a
    /// closure's captured variables cost a retain and release on every use.)
    mutating func renumberInPreOrder(root: Int) {
        let count = entries.count
        var newEntries: [BinaryPlistWriter.Entry] = []
        newEntries.reserveCapacity(count)
        var newRefs = [UInt32](repeating: 0, count: refs.count)
        var newCount = 0
        entries.withUnsafeBufferPointer { old in
            refs.withUnsafeBufferPointer { oldRefs in
                let newIndex = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
                defer { newIndex.deallocate() }
                newIndex.initialize(repeating: -1)
                let order = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
                defer { order.deallocate() }
                var numbered = 0
                // The containers being walked, with the next value to visit.
                var stack: [(entry: Int, next: Int)] = []
                var pendingObject = root
                while true {
                    // Enter `pendingObject` (when there is one): number it, a dictionary's
                    // keys with it, and walk a container's values next.
                    if pendingObject >= 0, newIndex[pendingObject] < 0 {
                        newIndex[pendingObject] = Int32(truncatingIfNeeded: numbered)
                        order[numbered] = Int32(truncatingIfNeeded: pendingObject)
                        numbered += 1
                        let entry = old[pendingObject]
                        if entry.kind == .dictionary {
                            for i in entry.a..<(entry.a + entry.b) {
                                let key = Int(oldRefs[i])
                                if newIndex[key] < 0 {
                                    newIndex[key] = Int32(truncatingIfNeeded: numbered)
                                    order[numbered] = Int32(truncatingIfNeeded: key)
                                    numbered += 1
                                }
                            }
                            stack.append((pendingObject, 0))
                        } else if entry.kind == .array {
                            stack.append((pendingObject, 0))
                        }
                    }
                    pendingObject = -1
                    guard let top = stack.last else { break }
                    let entry = old[top.entry]
                    if top.next == entry.b {
                        stack.removeLast()
                        continue
                    }
                    stack[stack.count - 1].next = top.next + 1
                    pendingObject = Int(oldRefs[entry.a + (entry.kind == .dictionary ? entry.b : 0) + top.next])
                }
                newRefs.withUnsafeMutableBufferPointer { target in
                    var at = 0
                    for n in 0..<numbered {
                        let entry = old[Int(order[n])]
                        switch entry.kind {
                        case .dictionary, .array:
                            let start = at
                            let refCount = entry.kind == .dictionary ? 2 * entry.b : entry.b
                            for i in entry.a..<(entry.a + refCount) {
                                target[at] = UInt32(truncatingIfNeeded: newIndex[Int(oldRefs[i])])
                                at += 1
                            }
                            newEntries.append(BinaryPlistWriter.Entry(entry.kind, a: start, b: entry.b))
                        default:
                            newEntries.append(entry)
                        }
                    }
                    newCount = at
                }
            }
        }
        newRefs.removeLast(newRefs.count - newCount)
        entries = newEntries
        refs = newRefs
    }
}
