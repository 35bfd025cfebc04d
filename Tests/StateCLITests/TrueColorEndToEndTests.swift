import Foundation
import StateTestSupport
import Testing

/// 24-bit color when the terminal says it has it: with `COLORTERM=truecolor` the picker's old
/// and new swatches for #FF8000 → #FF8600 are different cells (the `-direct` entry draws RGB);
/// without it both fall back to the same 256-color index.
@Suite(.tags(.tmux)) struct TrueColorEndToEndTests {
    /// The styled screen with the picker open on Accent and one fine step of green up.
    func pickerScreen(colorTerm: String) throws -> String {
        let tmux = try TmuxSession(width: 110, height: 32)
        try tmux.run("SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TERM=tmux-256color COLORTERM=\(colorTerm) \(Fixtures.stateExecutable.path)", until: "BROWSE")
        try tmux.search("Accent")
        try tmux.waitFor(text: " domains.Game.groups.Palette.assets.0.name")
        try tmux.send("j", "j", "i", until: "▸ Red")
        // Green: six fine steps up, 128 → 134.
        try tmux.send("j", "l", "l", "l", "l", "l", "l", until: "#FF8600")
        let screen = try tmux.styledScreen()
        try tmux.send("Escape", "q")
        return screen
    }

    @Test func truecolorSwatchesDifferAndThePaletteFallbackDoesNot() throws {
        try SystemPackage.ncursesTerm.require()
        let direct = try pickerScreen(colorTerm: "truecolor")
        #expect(direct.contains("48;2;255;128;0m"), "the old swatch in 24-bit color")
        #expect(direct.contains("48;2;255;134;0m"), "the new swatch in 24-bit color")
        let palette = try pickerScreen(colorTerm: "")
        #expect(palette.contains("48;5;208m"))
        #expect(!palette.contains("48;2;"), "no 24-bit color without COLORTERM")
    }
}
