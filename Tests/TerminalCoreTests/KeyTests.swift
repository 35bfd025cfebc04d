import Testing

@testable import TerminalCore

@Suite struct KeyTests {
    @Test func characterCodesDecodeToKeys() {
        #expect(Key(characterCode: 10) == .enter)
        #expect(Key(characterCode: 13) == .enter)
        #expect(Key(characterCode: 9) == .tab)
        #expect(Key(characterCode: 27) == .escape)
        #expect(Key(characterCode: 127) == .backspace)
        #expect(Key(characterCode: 8) == .backspace)
        #expect(Key(characterCode: 4) == .control("d"))
        #expect(Key(characterCode: 26) == .control("z"))
        #expect(Key(characterCode: 3) == .control("c"))
        #expect(Key(characterCode: 28) == .control("\\"))
        #expect(Key(characterCode: 106) == .character("j"))
        #expect(Key(characterCode: 0x65E5) == .character("日"))
        #expect(Key(characterCode: 0x1F34E) == .character("🍎"))
        #expect(Key(characterCode: 0xD800) == nil)
    }

    @Test func tmuxNamesParse() {
        #expect(Key(named: "C-d") == .control("d"))
        #expect(Key(named: "Ctrl-D") == .control("d"))
        #expect(Key(named: "PageDown") == .pageDown)
        #expect(Key(named: "F1") == .function(1))
        #expect(Key(named: "Space") == .character(" "))
        #expect(Key(named: "M-x") == .alt("x"))
        #expect(Key(named: "j") == .character("j"))
        #expect(Key(named: "Nonsense") == nil)
    }

    @Test func namesForTheHelpScreen() {
        #expect(Key.control("d").name == "Ctrl-D")
        #expect(Key.pageDown.name == "PgDn")
        #expect(Key.character(" ").name == "Space")
        #expect(Key.function(1).name == "F1")
    }

    @Test func osc52EncodesTheClipboardInBase64() {
        #expect(MemoryBackend.osc52("domains.0") == "\u{1B}]52;c;ZG9tYWlucy4w\u{07}")
        #expect(Base64.encode(Array("a".utf8)) == "YQ==")
        #expect(Base64.encode(Array("ab".utf8)) == "YWI=")
        #expect(Base64.encode(Array("日".utf8)) == "5pel")
    }

    @Test func widthsOfScalars() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("日本") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("🍎") == 2)
        #expect(TextWidth.of("한") == 2)
        #expect(TextWidth.of("ｱ") == 1)
        #expect(TextWidth.of("\u{200D}") == 0)
    }
}
