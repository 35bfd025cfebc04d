import CCurses
import TerminalCore
import Testing

/// The views measure text with TerminalCore's table; ncurses (and tmux) with glibc's wcwidth.
/// If they disagreed, rows would be drawn shifted. This checks the table against glibc under
/// a UTF-8 locale for every scalar in the ranges the browser is likely to meet.
@Suite(.serialized) struct WidthTests {
    @Test func tableAgreesWithGlibcWcwidth() {
        cc_setup_locale()
        var checked = 0
        var disagreements: [String] = []
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x590...0x6FF, 0x900...0x97F,
            0x1100...0x11FF, 0x2000...0x206F, 0x2190...0x21FF, 0x2300...0x23FF, 0x2500...0x27BF, 0x2E80...0x2FFF,
            0x3000...0x30FF, 0x4E00...0x4EFF, 0xAC00...0xAD00, 0xFE00...0xFE0F, 0xFF00...0xFFEF, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
        ]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let glibc = Int(cc_wcwidth(value))
                // glibc says -1 for unassigned and some controls; the table says 0 or 1 there.
                guard glibc >= 0, scalar.properties.generalCategory != .unassigned else { continue }
                checked += 1
                if glibc != TextWidth.of(scalar) { disagreements.append(String(value, radix: 16) + ": glibc \(glibc), table \(TextWidth.of(scalar))") }
            }
        }
        #expect(checked > 5000)
        // A handful of recently assigned emoji may differ with the glibc version; more than that
        // means the table is wrong.
        #expect(disagreements.count <= 10, "\(disagreements.prefix(40))")
    }
}
