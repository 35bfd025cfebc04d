import Foundation
import Synchronization

/// Removes the temporary files of saves in progress when SIGINT, SIGTERM or SIGHUP ends the
/// process, then lets the signal do what it did before (the browser's handler restores the
/// terminal; the default ends the process with the conventional status).
///
/// The handlers are installed only while a save is writing, and not for a signal the process
/// ignores (`nohup`). The paths live in preallocated C memory: a handler may only make
/// async-signal-safe calls (`unlink`, `sigaction`, `raise`), so it reads no Swift object.
enum SaveSignals {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private static let slotCount = 16
    private static let slotSize = Int(PATH_MAX) + 1
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> = {
        let memory = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        memory.initialize(repeating: 0, count: slotCount * slotSize)
        return memory
    }()
    /// The actions in place before ours, by signal number.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let memory = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        memory.initialize(repeating: sigaction(), count: 65)
        return memory
    }()
    /// Which slots hold a path, and how many saves are in progress.
    private static let slots = Mutex<[Bool]>(Array(repeating: false, count: 16))

    /// Creates a temporary file from `template` (`mkstemp`'s trailing XXXXXX), recorded for
    /// removal should a signal end the process. The handlers are in place and the name is in
    /// the signal-readable slot before the file exists, so no moment leaves it unrecorded.
    /// Returns the descriptor (-1 on failure, with errno), the path, and the slot to `release`
    /// (nil when all slots are taken: that file is then only removed on ordinary exits).
    static func makeTemporaryFile(_ template: String) -> (fd: Int32, path: String, slot: Int?) {
        let bytes = Array(template.utf8)
        let slot: Int? = slots.withLock { used in
            guard bytes.count < slotSize, let slot = used.firstIndex(of: false) else { return nil }
            if !used.contains(true) { install() }
            used[slot] = true
            return slot
        }
        guard let slot else {
            var buffer = Array(template.utf8CString)
            let fd = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            return (fd, String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), nil)
        }
        let start = paths + slot * slotSize
        for (index, byte) in bytes.enumerated() { start[index] = CChar(bitPattern: byte) }
        start[bytes.count] = 0
        let fd = mkstemp(start)
        let path = String(cString: start)
        if fd < 0 {
            let saved = errno
            release(slot)
            errno = saved
            return (fd, path, nil)
        }
        return (fd, path, slot)
    }

    /// The save using `slot` finished (or failed and removed its file itself).
    static func release(_ slot: Int?) {
        guard let slot else { return }
        slots.withLock { used in
            (paths + slot * slotSize)[0] = 0
            used[slot] = false
            if !used.contains(true) { uninstall() }
        }
    }

    private static func install() {
        for signal in signals {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            setHandler(&action, removeAndReraise)
            sigaction(signal, &action, previous + Int(signal))
            // A signal the process ignores stays ignored: it would not have ended the process.
            if handlerAddress(previous[Int(signal)]) == 1 { sigaction(signal, previous + Int(signal), nil) }
        }
    }

    private static func uninstall() {
        for signal in signals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            if handlerAddress(current) == handlerAddress(ours) { sigaction(signal, previous + Int(signal), nil) }
        }
    }

    private static let removeAndReraise: @convention(c) (Int32) -> Void = { signal in
        for slot in 0..<SaveSignals.slotCount {
            let path = SaveSignals.paths + slot * SaveSignals.slotSize
            if path[0] != 0 { unlink(path) }
        }
        // Put back what was there and send the signal again: it is delivered, to that action,
        // as soon as this handler returns.
        sigaction(signal, SaveSignals.previous + Int(signal), nil)
        raise(signal)
    }

    private static var ours: sigaction {
        var action = sigaction()
        setHandler(&action, removeAndReraise)
        return action
    }

    private static func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
        #if canImport(Darwin)
            action.__sigaction_u = unsafeBitCast(handler, to: __sigaction_u.self)
        #elseif canImport(Musl)
            action.__sa_handler = unsafeBitCast(handler, to: sigaction.__Unnamed_union___sa_handler.self)
        #elseif canImport(Glibc)
            action.__sigaction_handler = unsafeBitCast(handler, to: sigaction.__Unnamed_union___sigaction_handler.self)
        #else
            #error("install a signal handler on this platform")
        #endif
    }

    /// The handler's address: 0 is SIG_DFL and 1 is SIG_IGN on every platform State runs on.
    private static func handlerAddress(_ action: sigaction) -> Int {
        #if canImport(Darwin)
            unsafeBitCast(action.__sigaction_u, to: Int.self)
        #elseif canImport(Musl)
            unsafeBitCast(action.__sa_handler, to: Int.self)
        #else
            unsafeBitCast(action.__sigaction_handler, to: Int.self)
        #endif
    }
}
