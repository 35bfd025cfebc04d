import State
import TerminalCore

/// The color picker: old and new swatches side by side (alpha shown over a checkerboard, and
/// as a number), a bar per channel, hue/saturation/value, hex, and the keys.
enum ColorPickerView {
    static let size = (width: 68, height: 19)
    /// The smallest box it works in: one line of swatches, the focused channel, the keys.
    static let minimumSize = (width: 26, height: 6)

    static func render(_ picker: ColorPicker, state: BrowserState, into screen: inout ScreenBuffer, in rect: Rect) {
        let theme = state.theme
        let box = rect.centered(width: min(rect.width, size.width), height: min(rect.height, size.height))
        let inner = Box.draw(title: "Color \(picker.path)", focused: true, theme: theme, into: &screen, in: box)
        guard !Box.tooSmall("The color picker", needs: minimumSize, theme: theme, into: &screen, in: box) else { return }
        // From the bottom up: the keys, the entry or error line when there is room, then the
        // channels (all when they fit, else those around the focused one), then the swatches —
        // full size when everything fits, one line otherwise.
        let bottomLines = inner.height >= 5 ? 2 : 1
        let channels = ColorPicker.Channel.allCases
        let full = inner.height >= 6 + channels.count + 1 + bottomLines
        var y = inner.y
        if full {
            // Swatches: three rows each, with the hex below.
            let swatchWidth = min(16, (inner.width - 4) / 2)
            for (column, title, color) in [(0, "Old", picker.original), (swatchWidth + 4, "New", picker.color)] {
                let x = inner.x + column
                screen.put(title, x: x, y: y, style: theme[.label])
                for row in 0..<3 {
                    drawSwatch(color, x: x, y: y + 1 + row, width: swatchWidth, phase: row, state: state, into: &screen)
                }
                let alpha = color.channels8.alpha
                screen.put(color.hex + (alpha == 255 ? "" : "  α \(Int((color.alpha * 100).rounded()))%"), x: x, y: y + 4, style: theme[.text], limit: inner.maxX)
            }
            y += 6
        } else {
            // One line: old and new side by side.
            var x = screen.put("Old ", x: inner.x, y: y, style: theme[.label])
            drawSwatch(picker.original, x: x, y: y, width: 2, phase: 0, state: state, into: &screen)
            x = screen.put(" \(picker.original.hex)  New ", x: x + 2, y: y, style: theme[.label], limit: inner.maxX)
            drawSwatch(picker.color, x: x, y: y, width: 2, phase: 0, state: state, into: &screen)
            screen.put(" " + picker.color.hex, x: x + 2, y: y, style: theme[.text], limit: inner.maxX)
            y += 1
        }
        let room = inner.maxY - bottomLines - y
        let gap = full || room > channels.count
        var shown = Array(channels)
        if room < channels.count + (gap ? 1 : 0) {
            // The focused channel and its neighbours.
            let start = max(0, min(picker.channel.rawValue - room / 2, channels.count - room))
            shown = Array(channels[start..<min(channels.count, start + max(1, room))])
        }
        let barWidth = max(4, inner.width - 24)
        for channel in shown {
            guard y < inner.maxY - bottomLines else { break }
            let selected = channel == picker.channel
            let style = selected ? theme[.selection] : theme[.text]
            if selected { screen.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: style) }
            let amount = picker.amount(channel)
            let unit: String =
                switch channel {
                case .hue: "°"
                case .saturation, .value: "%"
                default: ""
                }
            let number: String
            if case .number(let field)? = picker.entry, selected {
                number = field.text
                screen.cursor = (inner.x + 13 + field.cursorColumn, y)
            } else {
                number = amount == amount.rounded() || channel.rawValue >= ColorPicker.Channel.hue.rawValue ? "\(Int(amount.rounded()))\(unit)" : String(format: "%.1f", amount)
            }
            screen.put((selected ? "▸ " : "  ") + channel.name, x: inner.x, y: y, style: style)
            screen.put(number, x: inner.x + 13, y: y, style: style.overlaid(with: selected ? Style() : theme[.number]), limit: inner.x + 20)
            let filled = Int((amount / picker.maximum(channel) * Double(barWidth)).rounded())
            screen.put(
                String(repeating: "█", count: filled), x: inner.x + 21, y: y, style: style.overlaid(with: Style(foreground: barColor(channel, state: state))), limit: inner.maxX)
            screen.put(String(repeating: "░", count: max(0, barWidth - filled)), x: inner.x + 21 + filled, y: y, style: style.overlaid(with: theme[.label]), limit: inner.maxX)
            y += 1
            if channel == .alpha, gap { y += 1 }
        }
        let entryLine = bottomLines == 2 ? inner.maxY - 2 : inner.maxY - 1
        if case .hex(let field)? = picker.entry {
            let x = screen.put("Hex #", x: inner.x, y: entryLine, style: theme[.title])
            screen.put(field.text, x: x, y: entryLine, style: theme[.text], limit: inner.maxX)
            screen.cursor = (x + field.cursorColumn, entryLine)
        } else if let error = picker.error {
            screen.put(TextWidth.truncated(error, to: inner.width), x: inner.x, y: entryLine, style: theme[.errorMessage])
        }
        if bottomLines == 2 || (picker.entry == nil && picker.error == nil) {
            screen.put(TextWidth.truncated(ColorPicker.keys.hintLine, to: inner.width), x: inner.x, y: inner.maxY - 1, style: theme[.label])
        }
    }

    /// A row of the swatch: the color over a checkerboard of light and dark grey, so that a
    /// translucent color looks translucent. Terminals without colors get the hex alone.
    static func drawSwatch(_ color: RGBAColor, x: Int, y: Int, width: Int, phase: Int, state: BrowserState, into screen: inout ScreenBuffer) {
        for column in 0..<width {
            let light = ((column / 2) + phase).isMultiple(of: 2)
            let checker: Double = light ? 0.8 : 0.55
            func blend(_ c: Double) -> UInt8 { UInt8((min(1, max(0, c * color.alpha + checker * (1 - color.alpha))) * 255).rounded()) }
            guard let resolved = state.colorDepth.resolve(.rgb(blend(color.red), blend(color.green), blend(color.blue))) else {
                screen.put(column == 0 ? "[" : column == width - 1 ? "]" : " ", x: x + column, y: y, style: state.theme[.text])
                continue
            }
            screen.put(" ", x: x + column, y: y, style: Style(background: resolved))
        }
    }

    static func barColor(_ channel: ColorPicker.Channel, state: BrowserState) -> Color {
        let color: Color =
            switch channel {
            case .red: .rgb(230, 60, 60)
            case .green: .rgb(60, 200, 90)
            case .blue: .rgb(70, 120, 240)
            default: .rgb(200, 200, 200)
            }
        return state.colorDepth.resolve(color) ?? .terminalDefault
    }
}
