import Foundation
import State
import TerminalCore

/// The RGBA color picker: red, green, blue and alpha channels stepped finely (1/255) or
/// coarsely (16/255), or typed; the same color as hue, saturation and value; hex entry; and
/// the original color kept beside the new one until Enter applies or Esc cancels.
package struct ColorPicker: Sendable, Equatable {
    package enum Channel: Int, CaseIterable, Sendable {
        case red, green, blue, alpha, hue, saturation, value

        package var name: String {
            switch self {
            case .red: "Red"
            case .green: "Green"
            case .blue: "Blue"
            case .alpha: "Alpha"
            case .hue: "Hue"
            case .saturation: "Saturation"
            case .value: "Value"
            }
        }
    }

    /// What typing goes into: a number for the focused channel, or a hex color.
    package enum Entry: Sendable, Equatable {
        case number(TextField)
        case hex(TextField)

        var field: TextField {
            switch self {
            case .number(let f), .hex(let f): f
            }
        }
    }

    package enum Outcome: Equatable {
        case editing
        case apply(RGBAColor)
        case cancel
    }

    /// The color dictionary being edited.
    package let path: PlistPath
    package let original: RGBAColor
    package private(set) var color: RGBAColor
    /// Hue (0…360), saturation and value (0…1), kept apart from the RGB channels so that the
    /// hue survives a trip through grey.
    package private(set) var hsv: (hue: Double, saturation: Double, value: Double)
    package var channel: Channel = .red
    package private(set) var entry: Entry?
    /// Why the last typed entry was refused.
    package private(set) var error: String?

    package init(path: PlistPath, color: RGBAColor) {
        self.path = path
        original = color
        self.color = color
        hsv = Self.hsv(of: color)
    }

    package static func == (a: ColorPicker, b: ColorPicker) -> Bool {
        a.path == b.path && a.original == b.original && a.color == b.color && a.channel == b.channel && a.entry == b.entry && a.error == b.error
            && a.hsv.hue == b.hsv.hue && a.hsv.saturation == b.hsv.saturation && a.hsv.value == b.hsv.value
    }

    // MARK: - Keys

    package enum Action: Sendable, Equatable {
        case nextChannel, previousChannel
        case increase, decrease, increaseCoarse, decreaseCoarse, minimum, maximum
        case typeValue, hexEntry, reset, apply, cancel
    }

    /// The picker's keys.
    package static let keys = KeyMap<Action>([
        .init([[.down], [.character("j")], [.tab]], .nextChannel, "next channel", group: "Color picker"),
        .init([[.up], [.character("k")], [.backTab]], .previousChannel, "previous channel", group: "Color picker"),
        .init([[.right], [.character("l")], [.character("+")]], .increase, "channel +1", group: "Color picker", hint: ("←→", "±1")),
        .init([[.left], [.character("h")], [.character("-")]], .decrease, "channel −1", group: "Color picker"),
        .init([[.character("L")], [.pageUp]], .increaseCoarse, "channel +16", group: "Color picker", hint: ("H/L", "±16")),
        .init([[.character("H")], [.pageDown]], .decreaseCoarse, "channel −16", group: "Color picker"),
        .init("0123456789.".map { [.character($0)] }, .typeValue, "type a value for the channel", group: "Color picker", displayKeys: "0–9", hint: ("0-9", "type")),
        .init([[.home]], .minimum, "channel to its minimum", group: "Color picker"),
        .init([[.end]], .maximum, "channel to its maximum", group: "Color picker"),
        .init([[.character("#")]], .hexEntry, "type a hex color", group: "Color picker", hint: ("#", "hex")),
        .init([[.character("r")]], .reset, "back to the old color", group: "Color picker", hint: ("r", "reset")),
        .init([[.enter]], .apply, "apply", group: "Color picker", hint: ("⏎", "apply")),
        .init([[.escape], [.character("q")], [.control("c")], [.control("g")]], .cancel, "cancel", group: "Color picker", hint: ("Esc", "cancel")),
    ])

    package mutating func handle(_ key: Key) -> Outcome {
        if entry != nil { return entryKey(key) }
        error = nil
        guard let action = Self.keys.action(for: key) else { return .editing }
        switch action {
        case .nextChannel:
            channel = Channel(rawValue: (channel.rawValue + 1) % Channel.allCases.count)!
        case .previousChannel:
            channel = Channel(rawValue: (channel.rawValue + Channel.allCases.count - 1) % Channel.allCases.count)!
        case .increase: step(1)
        case .decrease: step(-1)
        case .increaseCoarse: step(16)
        case .decreaseCoarse: step(-16)
        case .minimum: set(channel, to: 0)
        case .maximum: set(channel, to: maximum(channel))
        case .typeValue:
            if case .character(let c) = key { entry = .number(TextField(String(c))) }
        case .hexEntry: entry = .hex(TextField(""))
        case .reset:
            color = original
            hsv = Self.hsv(of: original)
        case .apply: return .apply(color)
        case .cancel: return .cancel
        }
        return .editing
    }

    private mutating func entryKey(_ key: Key) -> Outcome {
        guard let current = entry else { return .editing }
        var field = current.field
        switch field.handle(key) {
        case .editing:
            switch current {
            case .number: entry = .number(field)
            case .hex: entry = .hex(field)
            }
        case .cancelled:
            entry = nil
            error = nil
        case .submitted(let text):
            switch current {
            case .number:
                if let message = setTyped(text) { error = message } else { entry = nil; error = nil }
            case .hex:
                if let parsed = RGBAColor(hex: text.trimmingCharacters(in: .whitespaces)) {
                    color = parsed
                    hsv = Self.hsv(of: parsed)
                    entry = nil
                    error = nil
                } else {
                    error = "“\(text)” is not a color: #RRGGBB or #RRGGBBAA"
                }
            }
        }
        return .editing
    }

    /// A typed number for the focused channel: 0–255 for RGBA (or 0–1 with a decimal point),
    /// degrees for hue, percent for saturation and value. Returns the refusal, or nil.
    private mutating func setTyped(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "°", with: "")
        guard let number = Double(trimmed), number.isFinite else { return "“\(text)” is not a number" }
        switch channel {
        case .red, .green, .blue, .alpha:
            let unit = trimmed.contains(".") ? number : number / 255
            guard (0...1).contains(unit) else {
                return "\(channel.name) takes 0–255, or 0.0–1.0 with a decimal point"
            }
            set(channel, to: trimmed.contains(".") ? number * 255 : number)
        case .hue:
            guard (0...360).contains(number) else { return "Hue takes 0–360 degrees" }
            set(.hue, to: number)
        case .saturation, .value:
            guard (0...100).contains(number) else { return "\(channel.name) takes 0–100 percent" }
            set(channel, to: number)
        }
        return nil
    }

    // MARK: - Channels

    /// A channel in the units the picker shows: 0–255 for RGBA, degrees, percent.
    package func amount(_ channel: Channel) -> Double {
        switch channel {
        case .red: color.red * 255
        case .green: color.green * 255
        case .blue: color.blue * 255
        case .alpha: color.alpha * 255
        case .hue: hsv.hue
        case .saturation: hsv.saturation * 100
        case .value: hsv.value * 100
        }
    }

    package func maximum(_ channel: Channel) -> Double {
        switch channel {
        case .red, .green, .blue, .alpha: 255
        case .hue: 360
        case .saturation, .value: 100
        }
    }

    /// Steps the focused channel by `steps` units (1/255 of a channel, a degree, a percent),
    /// from its nearest whole unit so that fine steps land on 8-bit values.
    mutating func step(_ steps: Int) {
        let current = amount(channel).rounded()
        if channel == .hue {
            // Hue goes round.
            set(.hue, to: (current + Double(steps)).truncatingRemainder(dividingBy: 360) + (current + Double(steps) < 0 ? 360 : 0))
        } else {
            set(channel, to: min(maximum(channel), max(0, current + Double(steps))))
        }
    }

    mutating func set(_ channel: Channel, to amount: Double) {
        switch channel {
        case .red: color.red = amount / 255
        case .green: color.green = amount / 255
        case .blue: color.blue = amount / 255
        case .alpha: color.alpha = amount / 255
        case .hue, .saturation, .value:
            switch channel {
            case .hue: hsv.hue = amount
            case .saturation: hsv.saturation = amount / 100
            default: hsv.value = amount / 100
            }
            let rgb = Self.rgb(hue: hsv.hue, saturation: hsv.saturation, value: hsv.value)
            // Stored as 8-bit steps, as every other way of changing a channel gives.
            color = RGBAColor(red: (rgb.0 * 255).rounded() / 255, green: (rgb.1 * 255).rounded() / 255, blue: (rgb.2 * 255).rounded() / 255, alpha: color.alpha)
            return
        }
        let keptHue = hsv.hue
        hsv = Self.hsv(of: color)
        if hsv.saturation == 0 || hsv.value == 0 { hsv.hue = keptHue }
    }

    // MARK: - HSV

    static func hsv(of color: RGBAColor) -> (hue: Double, saturation: Double, value: Double) {
        let r = color.red, g = color.green, b = color.blue
        let maxC = max(r, g, b), minC = min(r, g, b)
        let delta = maxC - minC
        var hue = 0.0
        if delta > 0 {
            if maxC == r {
                hue = 60 * ((g - b) / delta).truncatingRemainder(dividingBy: 6)
            } else if maxC == g {
                hue = 60 * ((b - r) / delta + 2)
            } else {
                hue = 60 * ((r - g) / delta + 4)
            }
        }
        if hue < 0 { hue += 360 }
        return (hue, maxC == 0 ? 0 : delta / maxC, maxC)
    }

    static func rgb(hue: Double, saturation: Double, value: Double) -> (Double, Double, Double) {
        let c = value * saturation
        let h = (hue.truncatingRemainder(dividingBy: 360)) / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = value - c
        let (r, g, b): (Double, Double, Double) =
            switch h {
            case ..<1: (c, x, 0)
            case ..<2: (x, c, 0)
            case ..<3: (0, c, x)
            case ..<4: (0, x, c)
            case ..<5: (x, 0, c)
            default: (c, 0, x)
            }
        return (r + m, g + m, b + m)
    }
}
