import Testing

@testable import State

/// OpenStep's unquoted strings are CoreFoundation's, and a plain key is read to its end.
@Suite struct OpenStepCharacterTests {
    @Test func unquotedCharactersAreCoreFoundations() {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.-".utf8)
        for byte in 0...255 {
            #expect(OpenStepParser.isUnquoted(UInt8(byte)) == allowed.contains(UInt8(byte)), "byte \(byte)")
        }
    }

    /// A quoted key's text ends at its closing quote, whichever quote opened it; an unquoted
    /// one at the first character that cannot be in it.
    @Test func plainKeysEndWhereTheirTokenEnds() throws {
        let text = #"{ "a'b" = 1; 'c"d' = 2; plain.key-1 = 3; "" = 4; $x/y:z = 5; }"#
        let tree = try SourceTree(parsing: Array(text.utf8))
        #expect(tree.format == .openStep)
        let keys = tree.children(of: SourceTree.root).map { child in
            tree.bytes.withUnsafeBufferPointer { buffer in
                tree.plainKeyRange(of: child, in: buffer).map { String(decoding: buffer[$0], as: UTF8.self) }
            }
        }
        #expect(keys == ["a'b", "c\"d", "plain.key-1", "", "$x/y:z"])
    }
}
