import Testing

@testable import TerminalCore

@Suite struct ColorTests {
    @Test func nearestPaletteIndexMatchesTheXtermCubeAndGreyRamp() {
        // Exact cube entries map to themselves.
        #expect(Color.nearestPaletteIndex(r: 255, g: 0, b: 0) == 196)
        #expect(Color.nearestPaletteIndex(r: 0, g: 0, b: 0) == 16)
        #expect(Color.nearestPaletteIndex(r: 255, g: 255, b: 255) == 231)
        #expect(Color.nearestPaletteIndex(r: 95, g: 135, b: 175) == 67)
        // The notes' probe: tmux showed #FF8000 as 208.
        #expect(Color.nearestPaletteIndex(r: 255, g: 128, b: 0) == 208)
        // Greys go to the ramp, which is finer than the cube's diagonal.
        #expect(Color.nearestPaletteIndex(r: 128, g: 128, b: 128) == 244)
        #expect(Color.nearestPaletteIndex(r: 38, g: 38, b: 38) == 235)
    }

    @Test func everyPaletteIndexIsItsOwnNearestOutsideTheANSIRange() {
        for index in 16...255 {
            let (r, g, b) = Color.xtermRGB(UInt8(index))
            let nearest = Color.nearestPaletteIndex(r: r, g: g, b: b)
            // Some cube greys equal ramp greys' neighbours; the colour must be the same.
            #expect(Color.xtermRGB(nearest) == (r, g, b) || Color.distance(Color.xtermRGB(nearest), (r, g, b)) == 0, "index \(index)")
        }
    }

    @Test func depthsBringColorsDown() {
        let orange = Color.rgb(255, 128, 0)
        #expect(ColorDepth.trueColor.resolve(orange) == orange)
        #expect(ColorDepth.palette256.resolve(orange) == .palette(208))
        #expect(ColorDepth.ansi16.resolve(.rgb(250, 10, 10)) == .palette(9))
        #expect(ColorDepth.ansi8.resolve(.rgb(200, 0, 0)) == .palette(1))
        #expect(ColorDepth.ansi8.resolve(.palette(12)) == .palette(4))
        #expect(ColorDepth.monochrome.resolve(orange) == nil)
        #expect(ColorDepth.palette256.resolve(.terminalDefault) == .terminalDefault)
    }

    @Test func monochromeKeepsAttributesAndReversesHighlightedBackgrounds() {
        let selection = Style(foreground: .rgb(1, 2, 3), background: .rgb(38, 79, 120), attributes: .bold)
        #expect(ColorDepth.monochrome.resolve(selection) == Style(attributes: [.bold, .reverse]))
        let plainText = Style(foreground: .rgb(200, 200, 200))
        #expect(ColorDepth.monochrome.resolve(plainText) == Style())
    }

    @Test func depthIsDetectedFromColorsAndNoColor() {
        #expect(ColorDepth.detect(colors: 1 << 24, environment: [:]) == .trueColor)
        #expect(ColorDepth.detect(colors: 256, environment: [:]) == .palette256)
        #expect(ColorDepth.detect(colors: 16, environment: [:]) == .ansi16)
        #expect(ColorDepth.detect(colors: 8, environment: [:]) == .ansi8)
        #expect(ColorDepth.detect(colors: 0, environment: [:]) == .monochrome)
        #expect(ColorDepth.detect(colors: 256, environment: ["NO_COLOR": "1"]) == .monochrome)
        // no-color.org: an empty value does not count.
        #expect(ColorDepth.detect(colors: 256, environment: ["NO_COLOR": ""]) == .palette256)
    }

    @Test func styleDescriptionsNameColorsAndAttributes() {
        #expect(Style().description == "plain")
        #expect(Style(foreground: .rgb(255, 128, 0), background: .palette(236), attributes: [.bold, .underline]).description == "fg=#FF8000 bg=@236 bold underline")
        #expect(
            Style(background: .rgb(1, 2, 3)).overlaid(with: Style(foreground: .palette(1), attributes: .bold))
                == Style(foreground: .palette(1), background: .rgb(1, 2, 3), attributes: .bold))
    }
}

/// With 8 or 16 colors, text and borders keep a color that shows.
@Suite struct FewColorsTests {
    @Test func darkGreyNeverBecomesInvisibleBlack() {
        let border = Style(foreground: .rgb(60, 60, 70))
        #expect(ColorDepth.ansi16.resolve(border).foreground == .palette(8))
        let eight = ColorDepth.ansi8.resolve(border)
        #expect(eight.foreground == .palette(7) && eight.attributes.contains(.dim))
        // Text the color of its own background takes the opposite.
        let same = ColorDepth.ansi8.resolve(Style(foreground: .rgb(0, 0, 200), background: .rgb(0, 0, 150)))
        #expect(same.foreground != same.background)
        // Real colors pass through.
        #expect(ColorDepth.ansi8.resolve(Style(foreground: .rgb(255, 0, 0))).foreground == .palette(1))
    }
}
