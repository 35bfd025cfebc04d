/// A color as a view asks for it: the terminal's default, a 24-bit RGB value, or an index into
/// the terminal's palette (0–15 are the ANSI colors, 16–255 the xterm cube and grey ramp).
///
/// Views never pick colors themselves; themes do, in RGB, and the backend's `ColorDepth`
/// turns them into what the terminal can show.
package enum Color: Hashable, Sendable {
    case terminalDefault
    case rgb(UInt8, UInt8, UInt8)
    case palette(UInt8)

    /// `#RRGGBB` for RGB colors, `@N` for palette indexes, `default`.
    package var name: String {
        switch self {
        case .terminalDefault: "default"
        case .rgb(let r, let g, let b):
            "#"
                + [r, g, b].map { byte in
                    let hex = String(byte, radix: 16, uppercase: true)
                    return hex.count == 1 ? "0" + hex : hex
                }.joined()
        case .palette(let i): "@\(i)"
        }
    }

    /// The RGB value this color stands for (palette entries as xterm draws them).
    package var rgbValue: (r: UInt8, g: UInt8, b: UInt8)? {
        switch self {
        case .terminalDefault: nil
        case .rgb(let r, let g, let b): (r, g, b)
        case .palette(let i): Self.xtermRGB(i)
        }
    }

    // MARK: - The xterm palette

    /// The six levels of each channel in xterm's 6×6×6 cube (indexes 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The 16 ANSI colors as xterm draws them by default.
    static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func xtermRGB(_ index: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        switch index {
        case 0..<16:
            let c = ansiRGB[Int(index)]
            return (c.0, c.1, c.2)
        case 16..<232:
            let i = Int(index) - 16
            return (UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[(i / 6) % 6]), UInt8(cubeLevels[i % 6]))
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return (level, level, level)
        }
    }

    /// The nearest xterm-256 index to an RGB color: the closer of the best cube entry and the
    /// best grey-ramp entry. The 16 ANSI colors are skipped because users re-theme them.
    package static func nearestPaletteIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        func cubeStep(_ v: UInt8) -> Int {
            // Midpoints between the cube levels 0, 95, 135, 175, 215, 255.
            switch v {
            case 0..<48: 0
            case 48..<115: 1
            default: (Int(v) - 35) / 40
            }
        }
        let (cr, cg, cb) = (cubeStep(r), cubeStep(g), cubeStep(b))
        let cubeIndex = UInt8(16 + 36 * cr + 6 * cg + cb)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyIndex = UInt8(232 + min(23, greyStep))
        return distance(xtermRGB(cubeIndex), (r, g, b)) <= distance(xtermRGB(greyIndex), (r, g, b)) ? cubeIndex : greyIndex
    }

    /// The nearest of the first `count` ANSI colors (16 or 8).
    package static func nearestANSIIndex(r: UInt8, g: UInt8, b: UInt8, count: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for i in 0..<count {
            let d = distance(ansiRGB[i], (r, g, b))
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return UInt8(best)
    }

    /// Squared distance, weighted for how the eye sees red, green and blue ("redmean").
    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let meanRed = (Int(a.0) + Int(b.0)) / 2
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        // Parenthesized: in Swift `>>` binds tighter than `*`.
        return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
    }
}
