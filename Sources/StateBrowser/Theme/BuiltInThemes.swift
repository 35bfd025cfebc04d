import TerminalCore

/// The themes that ship with `state`. `Themes/*.plist` are these, written out (a test keeps
/// them equal), so the browser works the same from a checkout and from an installed binary
/// that has no `Themes/` folder beside it.
package enum BuiltInThemes {
    package static let all: [ThemeFile] = [dark, light, highContrast, monochrome]

    package static func named(_ name: String) -> ThemeFile? { all.first { $0.name == name } }

    /// The default: for dark terminal backgrounds; the text background stays the terminal's.
    package static let dark = ThemeFile(
        name: "dark", summary: "The default theme, for dark terminals.",
        styles: [
            "text": ThemeStyle("#D4D4D4"),
            "selection": ThemeStyle(on: "#264F78", .bold),
            "key": ThemeStyle("#9CDCFE"),
            "index": ThemeStyle("#808080"),
            "typeName": ThemeStyle("#4EC9B0"),
            "conformer": ThemeStyle("#C586C0", .bold),
            "enumCase": ThemeStyle("#DCDCAA"),
            "string": ThemeStyle("#CE9178"),
            "number": ThemeStyle("#B5CEA8"),
            "bool": ThemeStyle("#569CD6"),
            "date": ThemeStyle("#D7BA7D"),
            "data": ThemeStyle("#808080"),
            "null": ThemeStyle("#569CD6", .italic),
            "count": ThemeStyle("#808080"),
            "inferred": ThemeStyle("#6A9955", .italic),
            "diagnosticError": ThemeStyle("#F44747", .bold),
            "diagnosticWarning": ThemeStyle("#CCA700"),
            "searchMatch": ThemeStyle("#000000", on: "#E2C08D"),
            "border": ThemeStyle("#666666"),
            "title": ThemeStyle("#FFFFFF", .bold),
            "label": ThemeStyle("#808080"),
            "statusBar": ThemeStyle("#FFFFFF", on: "#007ACC"),
            "statusAccent": ThemeStyle("#FFFFFF", on: "#16825D", .bold),
            "path": ThemeStyle("#9CDCFE", on: "#252526"),
            "message": ThemeStyle("#D4D4D4"),
            "errorMessage": ThemeStyle("#F44747", .bold),
            "helpKey": ThemeStyle("#4EC9B0", .bold),
            "added": ThemeStyle("#6A9955"),
            "removed": ThemeStyle("#F44747"),
        ])

    /// For light terminal backgrounds.
    package static let light = ThemeFile(
        name: "light", summary: "For light terminals.",
        styles: [
            "text": ThemeStyle("#1F1F1F"),
            "selection": ThemeStyle(on: "#ADD6FF", .bold),
            "key": ThemeStyle("#0451A5"),
            "index": ThemeStyle("#6E6E6E"),
            "typeName": ThemeStyle("#267F99"),
            "conformer": ThemeStyle("#AF00DB", .bold),
            "enumCase": ThemeStyle("#795E26"),
            "string": ThemeStyle("#A31515"),
            "number": ThemeStyle("#098658"),
            "bool": ThemeStyle("#0000FF"),
            "date": ThemeStyle("#8B5A00"),
            "data": ThemeStyle("#6E6E6E"),
            "null": ThemeStyle("#0000FF", .italic),
            "count": ThemeStyle("#6E6E6E"),
            "inferred": ThemeStyle("#008000", .italic),
            "diagnosticError": ThemeStyle("#CD3131", .bold),
            "diagnosticWarning": ThemeStyle("#8A6100"),
            "searchMatch": ThemeStyle("#000000", on: "#F8C9A0"),
            "border": ThemeStyle("#8F8F8F"),
            "title": ThemeStyle("#000000", .bold),
            "label": ThemeStyle("#6E6E6E"),
            "statusBar": ThemeStyle("#FFFFFF", on: "#005FB8"),
            "statusAccent": ThemeStyle("#FFFFFF", on: "#2C7D3F", .bold),
            "path": ThemeStyle("#0451A5", on: "#EDEDED"),
            "message": ThemeStyle("#1F1F1F"),
            "errorMessage": ThemeStyle("#CD3131", .bold),
            "helpKey": ThemeStyle("#267F99", .bold),
            "added": ThemeStyle("#008000"),
            "removed": ThemeStyle("#CD3131"),
        ])

    /// Maximum contrast: pure colors on black, selection in reverse yellow.
    package static let highContrast = ThemeFile(
        name: "high-contrast", summary: "Pure colors on black, for low vision and bright rooms.",
        styles: [
            "text": ThemeStyle("#FFFFFF", on: "#000000"),
            "selection": ThemeStyle("#000000", on: "#FFFF00", .bold),
            "key": ThemeStyle("#00FFFF", .bold),
            "index": ThemeStyle("#FFFFFF"),
            "typeName": ThemeStyle("#00FF00", .bold),
            "conformer": ThemeStyle("#FF00FF", .bold),
            "enumCase": ThemeStyle("#FFFF00"),
            "string": ThemeStyle("#FFFFFF"),
            "number": ThemeStyle("#00FF00"),
            "bool": ThemeStyle("#00FFFF"),
            "date": ThemeStyle("#FFFF00"),
            "data": ThemeStyle("#FFFFFF"),
            "null": ThemeStyle("#00FFFF", .italic),
            "count": ThemeStyle("#FFFFFF"),
            "inferred": ThemeStyle("#00FF00", .underline),
            "diagnosticError": ThemeStyle("#FF0000", .bold),
            "diagnosticWarning": ThemeStyle("#FFFF00", .bold),
            "searchMatch": ThemeStyle("#000000", on: "#00FFFF", .bold),
            "border": ThemeStyle("#FFFFFF"),
            "title": ThemeStyle("#FFFFFF", .bold),
            "label": ThemeStyle("#FFFFFF"),
            "statusBar": ThemeStyle("#000000", on: "#FFFFFF", .bold),
            "statusAccent": ThemeStyle("#000000", on: "#00FF00", .bold),
            "path": ThemeStyle("#FFFFFF", on: "#000000", .underline),
            "message": ThemeStyle("#FFFFFF"),
            "errorMessage": ThemeStyle("#FF0000", .bold),
            "helpKey": ThemeStyle("#FFFF00", .bold),
            "added": ThemeStyle("#00FF00", .bold),
            "removed": ThemeStyle("#FF0000", .bold),
        ])

    /// No colors at all: attributes only. What `NO_COLOR` looks like.
    package static let monochrome = ThemeFile(
        name: "monochrome", summary: "No colors: bold, underline and reverse only.",
        styles: [
            "selection": ThemeStyle(nil, .reverse),
            "typeName": ThemeStyle(nil, .bold),
            "conformer": ThemeStyle(nil, .bold),
            "count": ThemeStyle(nil, .dim),
            "inferred": ThemeStyle(nil, .italic),
            "diagnosticError": ThemeStyle(nil, [.bold, .underline]),
            "diagnosticWarning": ThemeStyle(nil, .underline),
            "searchMatch": ThemeStyle(nil, .underline),
            "title": ThemeStyle(nil, .bold),
            "label": ThemeStyle(nil, .dim),
            "statusBar": ThemeStyle(nil, .reverse),
            "statusAccent": ThemeStyle(nil, [.reverse, .bold]),
            "errorMessage": ThemeStyle(nil, .bold),
            "helpKey": ThemeStyle(nil, .bold),
            "added": ThemeStyle(nil, .bold),
            "removed": ThemeStyle(nil, .dim),
        ])
}
