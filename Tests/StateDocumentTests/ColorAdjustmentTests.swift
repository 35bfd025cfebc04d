import Foundation
import State
import StateDocument
import StateTestSupport
import Testing

/// Lighten, saturate, hue and alpha against Python's colorsys on random colors.
@Suite struct ColorAdjustmentTests {
    @Test func adjustmentsAgreeWithPythonsColorsys() throws {
        var random = SeededGenerator.fromEnvironment()
        var colors: [RGBAColor] = [
            RGBAColor(red: 0, green: 0, blue: 0), RGBAColor(red: 1, green: 1, blue: 1), RGBAColor(red: 0.5, green: 0.5, blue: 0.5),
            RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 1, blue: 1, alpha: 0.5),
        ]
        for _ in 0..<60 {
            colors.append(RGBAColor(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random), blue: .random(in: 0...1, using: &random)))
        }
        let adjustments: [(ColorAdjustment, String)] = [
            (.lighten(0.1), "h, min(1, l + 0.1), s"), (.lighten(-0.25), "h, max(0, l - 0.25), s"),
            (.saturate(0.2), "h, l, min(1, s + 0.2)"), (.saturate(-1), "h, l, 0"),
            (.rotateHue(90), "(h + 0.25) % 1, l, s"), (.rotateHue(-30), "(h - 30 / 360) % 1, l, s"),
        ]
        let input = colors.map { "\($0.red) \($0.green) \($0.blue)" }.joined(separator: "\n")
        for (adjustment, python) in adjustments {
            let script = """
                import colorsys, sys
                for line in sys.stdin.read().split("\\n"):
                    r, g, b = map(float, line.split())
                    h, l, s = colorsys.rgb_to_hls(r, g, b)
                    print(" ".join(repr(c) for c in colorsys.hls_to_rgb(\(python))))
                """
            let result = try ProcessRunner.python(script, [], stdin: Array(input.utf8))
            try #require(result.status == 0, "\(result.stderr)")
            let expected = result.stdoutText.split(separator: "\n").map { $0.split(separator: " ").map { Double($0)! } }
            for (color, want) in zip(colors, expected) {
                let got = adjustment.applied(to: color)
                let channels = [got.red, got.green, got.blue]
                #expect(zip(channels, want).allSatisfy { abs($0 - $1) < 1e-9 }, "\(adjustment) of \(color): \(channels) vs \(want)")
                #expect(got.alpha == color.alpha)
            }
        }
        #expect(ColorAdjustment.alpha(0.9).applied(to: colors[1]) == RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.9))
        #expect(ColorAdjustment.replace(colors[3]).applied(to: colors[1]) == colors[3])
    }

    @Test func amountsAreWrittenAsPeopleWriteThem() {
        #expect(ColorAdjustment.amount("10%") == 0.1)
        #expect(ColorAdjustment.amount("0.1") == 0.1)
        #expect(ColorAdjustment.amount("-5%") == -0.05)
        #expect(ColorAdjustment.amount("10") == nil)
        #expect(ColorAdjustment.amount("ten") == nil)
        #expect(ColorAdjustment.lighten(-0.1).description == "darken 10%")
        #expect(ColorAdjustment.rotateHue(30).description == "rotate hue 30°")
    }
}
