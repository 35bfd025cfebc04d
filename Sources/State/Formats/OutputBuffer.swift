import Foundation

/// A growable byte buffer for the writers: `memcpy` appends with no generic-collection
/// overhead, which is most of a writer's time otherwise. Owners must call `deallocate()`
/// (writers do so with `defer`, so a thrown error cannot leak it).
///
/// With a `sink`, the buffer does not grow past its capacity: what it holds is handed to the
/// sink and it starts again, so a whole document is never in memory (`position` counts every
/// byte written, handed over or not).
package struct OutputBuffer {
    // Inlinable appends: the printer and the writers in other modules append a byte at a
    // time, and a call per byte was a visible part of printing.
    @usableFromInline package internal(set) var base: UnsafeMutablePointer<UInt8>
    @usableFromInline package internal(set) var count = 0
    @usableFromInline var capacity: Int
    /// Where full buffers go; nil keeps everything.
    private let sink: ((UnsafeBufferPointer<UInt8>) throws -> Void)?
    /// Bytes handed to the sink so far.
    private var handedOver = 0
    /// The first error the sink threw; rethrown by `finish()`.
    private(set) var sinkError: Error?
    /// False for a buffer over memory someone else allocated (`init(wrapping:)`), until it
    /// outgrows it and moves to memory of its own.
    private var ownsMemory = true

    package init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        base = Self.allocate(self.capacity)
        sink = nil
    }

    /// A buffer that writes into `memory` (allocated and freed by the caller, e.g. an array's
    /// uninitialized storage) — until it needs more, when it moves to memory of its own.
    package init(wrapping memory: UnsafeMutableBufferPointer<UInt8>) {
        capacity = memory.count
        base = memory.baseAddress ?? Self.allocate(1)
        sink = nil
        ownsMemory = memory.baseAddress == nil
    }

    /// Whether the bytes are still in `memory` (the buffer never outgrew it).
    package func isWriting(into memory: UnsafeMutableBufferPointer<UInt8>) -> Bool { !ownsMemory && base == memory.baseAddress }

    /// A buffer of `capacity` bytes that hands its content to `sink` whenever it is full.
    package init(capacity: Int = 1 << 20, sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
        self.capacity = max(capacity, 64)
        base = Self.allocate(self.capacity)
        self.sink = sink
    }

    /// The offset of the next byte in the whole output.
    package var position: Int { handedOver + count }

    /// Hands what is left to the sink; throws what the sink threw on the way.
    package mutating func finish() throws {
        handOver()
        if let sinkError { throw sinkError }
    }

    private mutating func handOver() {
        guard let sink, count > 0 else { return }
        if sinkError == nil {
            do { try sink(UnsafeBufferPointer(start: base, count: count)) } catch { sinkError = error }
        }
        handedOver += count
        count = 0
    }

    package func deallocate() { if ownsMemory { free(base) } }

    /// The memory and the bytes written in it, for the caller to `free`: the buffer no longer
    /// owns it (`deallocate()` then leaves it alone). For a buffer with no sink.
    package mutating func handOverMemory() -> (base: UnsafeMutablePointer<UInt8>, count: Int) {
        precondition(sink == nil && ownsMemory, "only a buffer that keeps its memory can hand it over")
        ownsMemory = false
        return (base, count)
    }

    /// Owned memory comes from `malloc` so that growing is a `realloc`: for a large buffer the
    /// C library moves its pages rather than copying them (a doubling buffer copied, and first
    /// touched, its whole content at every step).
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory allocating \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// A copy of the bytes written so far.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inlinable package mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    @usableFromInline mutating func grow(_ minimum: Int) {
        var minimum = minimum
        if sink != nil {
            // Hand the content over and start again; grow only for one append larger than
            // the whole buffer.
            let needed = minimum - count
            handOver()
            if needed <= capacity { return }
            minimum = needed
        }
        let newCapacity = max(minimum, capacity * 2)
        if ownsMemory {
            guard let moved = realloc(base, newCapacity) else { fatalError("out of memory growing to \(newCapacity) bytes") }
            base = moved.assumingMemoryBound(to: UInt8.self)
        } else {
            let newBase = Self.allocate(newCapacity)
            newBase.update(from: base, count: count)
            base = newBase
            ownsMemory = true
        }
        capacity = newCapacity
    }

    @inlinable @inline(__always) package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable package mutating func append(_ pointer: UnsafeRawPointer, count n: Int) {
        reserve(n)
        memcpy(base + count, pointer, n)
        count += n
    }

    @inlinable package mutating func append(_ s: StaticString) {
        append(UnsafeRawPointer(s.utf8Start), count: s.utf8CodeUnitCount)
    }

    @inline(__always) package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0.baseAddress!, count: $0.count) }
    }

    @inlinable package mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let p = buffer.baseAddress else { return }
        append(UnsafeRawPointer(p), count: buffer.count)
    }

    /// Appends the UTF-8 of a string (copying it only when it is not stored contiguously).
    @inline(__always) package mutating func append(_ string: String) {
        var s = string
        s.withUTF8 { append($0) }
    }

    /// Appends `value` as big-endian in `size` bytes (1, 2, 4 or 8: one store each — a loop
    /// per byte was a visible part of writing a binary plist's references).
    @inline(__always) package mutating func appendBigEndian(_ value: UInt64, size: Int) {
        reserve(size)
        let at = UnsafeMutableRawPointer(base + count)
        switch size {
        case 1: at.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        case 2: at.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: at.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        case 8: at.storeBytes(of: value.bigEndian, as: UInt64.self)
        default:
            var v = value
            for i in stride(from: size - 1, through: 0, by: -1) {
                base[count + i] = UInt8(truncatingIfNeeded: v)
                v >>= 8
            }
        }
        count += size
    }

    /// Appends the decimal digits of `value`.
    @inline(__always) package mutating func appendInteger(_ value: Int128) {
        if value >= 0 && value < 10 {
            append(UInt8(truncatingIfNeeded: value) + 48)
            return
        }
        reserve(41)
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 0
        var scratch = magnitude
        while scratch > 0 {
            digits += 1
            scratch /= 10
        }
        var i = count + digits - 1
        while magnitude > 0 {
            base[i] = UInt8(truncatingIfNeeded: magnitude % 10) + 48
            magnitude /= 10
            i -= 1
        }
        count += digits
    }

    /// Appends `value` zero-padded to `width` digits (non-negative values below 10^width).
    @inline(__always) package mutating func appendPadded(_ value: Int64, width: Int) {
        reserve(width)
        var v = value
        for i in stride(from: width - 1, through: 0, by: -1) {
            base[count + i] = UInt8(truncatingIfNeeded: v % 10) + 48
            v /= 10
        }
        count += width
    }
}
