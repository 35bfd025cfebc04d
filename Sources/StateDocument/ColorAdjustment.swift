import Foundation
import State

/// A change to a color relative to what it is — lighter, more saturated, another hue, another
/// alpha — as `state set --lighten 10%` and a bulk color edit apply it to many colors at once.
///
/// Worked in HSL on the color's own channels (its own color space: a Display P3 asset color
/// stays P3, its numbers adjusted as they are), with CSS's and Sass's meaning: `lighten 10%`
/// adds 10 points of HSL lightness, `saturate` points of saturation, `hue` rotates by degrees.
/// Results are clamped to 0…1.
public enum ColorAdjustment: Sendable, Equatable, CustomStringConvertible {
    /// HSL lightness, in points (0.1 = 10%); negative darkens.
    case lighten(Double)
    /// HSL saturation, in points; negative desaturates.
    case saturate(Double)
    /// Hue rotation, in degrees.
    case rotateHue(Double)
    /// The alpha, set (0…1).
    case alpha(Double)
    /// The whole color, replaced (its alpha too).
    case replace(RGBAColor)

    /// `color` changed by this adjustment (its alpha kept unless the adjustment sets it).
    public func applied(to color: RGBAColor) -> RGBAColor {
        switch self {
        case .replace(let new):
            return new
        case .alpha(let alpha):
            var result = color
            result.alpha = Self.clamp(alpha)
            return result
        case .lighten(let points):
            var hsl = HSL(color)
            hsl.lightness = Self.clamp(hsl.lightness + points)
            return hsl.color(alpha: color.alpha)
        case .saturate(let points):
            var hsl = HSL(color)
            hsl.saturation = Self.clamp(hsl.saturation + points)
            return hsl.color(alpha: color.alpha)
        case .rotateHue(let degrees):
            var hsl = HSL(color)
            hsl.hue = (hsl.hue + degrees / 360).truncatingRemainder(dividingBy: 1)
            if hsl.hue < 0 { hsl.hue += 1 }
            return hsl.color(alpha: color.alpha)
        }
    }

    /// Every adjustment in order.
    public static func applied(_ adjustments: [ColorAdjustment], to color: RGBAColor) -> RGBAColor {
        adjustments.reduce(color) { $1.applied(to: $0) }
    }

    public var description: String {
        switch self {
        case .lighten(let p): p < 0 ? "darken \(Self.percent(-p))" : "lighten \(Self.percent(p))"
        case .saturate(let p): p < 0 ? "desaturate \(Self.percent(-p))" : "saturate \(Self.percent(p))"
        case .rotateHue(let d): "rotate hue \(Self.number(d))°"
        case .alpha(let a): "alpha \(Self.number(a))"
        case .replace(let c): "set \(c.hex)"
        }
    }

    // MARK: - Reading amounts

    /// An amount as people write it: `10%`, or a fraction `0.1`. Nil for anything else, and for
    /// a bare number above 1 (is `10` ten percent or ten times?: write `10%`).
    public static func amount(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") {
            guard let value = Double(trimmed.dropLast()), value.isFinite else { return nil }
            return value / 100
        }
        guard let value = Double(trimmed), value.isFinite, abs(value) <= 1 else { return nil }
        return value
    }

    static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }

    static func percent(_ fraction: Double) -> String { number(fraction * 100) + "%" }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }
}

/// Hue, saturation and lightness, each 0…1 (hue a fraction of a turn), as Python's `colorsys`
/// computes them (rgb_to_hls / hls_to_rgb) — the tests' oracle.
struct HSL {
    var hue: Double
    var saturation: Double
    var lightness: Double

    init(_ color: RGBAColor) {
        let r = color.red, g = color.green, b = color.blue
        let high = max(r, g, b), low = min(r, g, b)
        lightness = (high + low) / 2
        guard high != low else {
            hue = 0
            saturation = 0
            return
        }
        let range = high - low
        saturation = lightness <= 0.5 ? range / (high + low) : range / (2 - high - low)
        let rc = (high - r) / range, gc = (high - g) / range, bc = (high - b) / range
        var h: Double
        if r == high {
            h = bc - gc
        } else if g == high {
            h = 2 + rc - bc
        } else {
            h = 4 + gc - rc
        }
        h = (h / 6).truncatingRemainder(dividingBy: 1)
        hue = h < 0 ? h + 1 : h
    }

    func color(alpha: Double) -> RGBAColor {
        guard saturation != 0 else { return RGBAColor(red: lightness, green: lightness, blue: lightness, alpha: alpha) }
        let m2 = lightness <= 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation
        let m1 = 2 * lightness - m2
        func channel(_ h: Double) -> Double {
            var h = h.truncatingRemainder(dividingBy: 1)
            if h < 0 { h += 1 }
            if h < 1.0 / 6 { return m1 + (m2 - m1) * h * 6 }
            if h < 0.5 { return m2 }
            if h < 2.0 / 3 { return m1 + (m2 - m1) * (2.0 / 3 - h) * 6 }
            return m1
        }
        return RGBAColor(red: channel(hue + 1.0 / 3), green: channel(hue), blue: channel(hue - 1.0 / 3), alpha: alpha)
    }
}
