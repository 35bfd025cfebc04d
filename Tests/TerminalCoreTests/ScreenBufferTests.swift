import Testing

@testable import TerminalCore

@Suite struct ScreenBufferTests {
    @Test func wideCharactersTakeTwoCellsAndCombiningMarksJoinTheirBase() {
        var screen = ScreenBuffer(width: 12, height: 1)
        let end = screen.put("日本|e\u{301}x", x: 0, y: 0)
        #expect(end == 7)
        #expect(screen.lines == ["日本|éx"])
        #expect(screen[0, 0].text == "日")
        #expect(screen[1, 0].isContinuation)
        #expect(screen[4, 0].text == "|")
        #expect(screen[5, 0].text == "e\u{301}")
        #expect(screen[6, 0].text == "x")
    }

    @Test func aWideCharacterThatDoesNotFitIsNotDrawnHalf() {
        var screen = ScreenBuffer(width: 5, height: 1)
        let end = screen.put("ab日本", x: 0, y: 0, limit: 5)
        #expect(screen.lines == ["ab日"])
        #expect(end == 5)
        #expect(screen[4, 0].text == " ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = ScreenBuffer(width: 6, height: 1)
        screen.put("日本", x: 0, y: 0)
        screen.put("x", x: 1, y: 0)
        #expect(screen.lines == [" x本"])
        screen.put("y", x: 2, y: 0)
        #expect(screen.lines == [" xy"])
    }

    @Test func controlCharactersCannotMoveTheCursor() {
        var screen = ScreenBuffer(width: 10, height: 1)
        screen.put("a\nb\u{1B}[2Jc", x: 0, y: 0)
        #expect(screen.lines == ["a·b·[2Jc"])
    }

    @Test func diffWritesOnlyChangedRuns() {
        var before = ScreenBuffer(width: 10, height: 3)
        before.put("hello", x: 0, y: 0)
        before.put("world", x: 0, y: 2)
        var after = before
        after.put("J", x: 0, y: 0)
        after.put("!", x: 5, y: 2, style: Style(attributes: .bold))
        let changes = after.changes(from: before)
        #expect(changes.map { "\($0.y):\($0.x)+\($0.cells.count)" } == ["0:0+1", "2:5+1"])
        #expect(after.changes(from: after).isEmpty)
        // A new size redraws everything.
        #expect(after.changes(from: ScreenBuffer(width: 9, height: 3)).count == 3)
    }

    @Test func aChangedWideCharacterIsRedrawnWhole() {
        var before = ScreenBuffer(width: 6, height: 1)
        before.put("日本", x: 0, y: 0)
        var after = before
        after.put("本", x: 0, y: 0)
        let changes = after.changes(from: before)
        #expect(changes.count == 1)
        #expect(changes[0].x == 0 && changes[0].cells.count == 2)
    }

    @Test func memoryBackendAppliesOnlyTheDiff() {
        let backend = MemoryBackend(width: 20, height: 4)
        var frame = ScreenBuffer(width: 20, height: 4)
        frame.put("one", x: 0, y: 0)
        backend.present(frame)
        #expect(backend.cellsWrittenLastFrame == 80)
        frame.put("two", x: 0, y: 1)
        backend.present(frame)
        #expect(backend.cellsWrittenLastFrame == 3)
        #expect(backend.screen.lines == ["one", "two", "", ""])
        backend.invalidate()
        backend.present(frame)
        #expect(backend.cellsWrittenLastFrame == 80)
    }

    @Test func styleChangesListOnlyWhereTheStyleChanges() {
        var screen = ScreenBuffer(width: 6, height: 2)
        screen.put("ab", x: 0, y: 0, style: Style(attributes: .bold))
        screen.restyle(Rect(x: 0, y: 1, width: 6, height: 1), with: Style(background: .palette(4)))
        #expect(screen.styleChanges == ["0:0 bold", "0:2 plain", "1:0 bg=@4"])
    }
}

/// Emoji sequences the terminal would draw narrower than the cell model counts them.
@Suite struct EmojiSequenceTests {
    @Test func familyEmojiShowsEveryMemberWhereItIsCounted() {
        var screen = ScreenBuffer(width: 12, height: 1)
        let end = screen.put("👨\u{200D}👩\u{200D}👧|", x: 0, y: 0)
        #expect(end == 7, "three 2-column members and the bar")
        #expect(screen.lines[0].hasPrefix("👨👩👧|"), "no joiner left to fuse them: \(screen.lines[0])")
        // Cut at 4 columns: two members shown, the cut visible as the missing third.
        var cut = ScreenBuffer(width: 12, height: 1)
        cut.put("👨\u{200D}👩\u{200D}👧", x: 0, y: 0, limit: 4)
        #expect(cut.lines[0].hasPrefix("👨👩"))
        #expect(!cut.lines[0].unicodeScalars.contains { $0.value == 0x200D })
        // A heart with the emoji selector stays one column, as counted.
        var heart = ScreenBuffer(width: 4, height: 1)
        #expect(heart.put("❤\u{FE0F}x", x: 0, y: 0) == 2)
        #expect(heart.lines[0].hasPrefix("❤x"))
    }
}
