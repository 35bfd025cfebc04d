import Foundation
import StateTestSupport
import Testing

@testable import State
@testable import StateCLI

/// `state print` shows data as `plutil -p` does — its length and first 24 bytes — reading only
/// those from an XML `<data>` (base64, wrapped and indented) or a binary plist's data object.
@Suite struct PrintedDataTests {
    static func expected(_ bytes: [UInt8]) -> String {
        let hex = bytes.prefix(24).map { String(format: "%02x", $0) }.joined()
        return "{length = \(bytes.count), bytes = 0x\(hex)\(bytes.count > 24 ? "...}" : "}")"
    }

    @Test func dataOfEveryLengthPrintsAsItsBytes() throws {
        var rng = SeededGenerator.fromEnvironment()
        var blobs: [[UInt8]] = [0, 1, 2, 3, 4, 22, 23, 24, 25, 26, 27, 100, 5000].map { n in (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) } }
        blobs.append([UInt8](repeating: 0xFF, count: 24))
        let value = PlistValue.array(blobs.map { .data(Data($0)) })
        for format in [PlistFormat.xml, .binary] {
            let tree = try SourceTree(parsing: try value.serialized(as: format))
            let lines = String(decoding: TreePrinter.rendered(tree), as: UTF8.self).split(separator: "\n").dropFirst().dropLast()
            #expect(lines.map { String($0.drop { $0 != ">" }.dropFirst(2)) } == blobs.map(Self.expected), "\(format) (seed \(rng.seed))")
        }
        // XML as people write it: the base64 wrapped, indented, with CRs and padding.
        let blob = Array(0..<40 as Range<UInt8>)
        let base64 = Data(blob).base64EncodedString()
        let wrapped = stride(from: 0, to: base64.count, by: 16).map { i in
            "\t\t" + base64.dropFirst(i).prefix(16)
        }.joined(separator: "\r\n")
        let xml = "<plist version=\"1.0\"><array><data>\n\(wrapped)\n\t</data><data></data><data/></array></plist>"
        let tree = try SourceTree(parsing: Array(xml.utf8))
        let printed = String(decoding: TreePrinter.rendered(tree), as: UTF8.self)
        #expect(printed.contains("0 => \(Self.expected(blob))"))
        #expect(printed.contains("1 => {length = 0, bytes = 0x}") && printed.contains("2 => {length = 0, bytes = 0x}"))
    }

    /// The prefix and length read without decoding the rest are the whole decode's, and
    /// what the whole decode refuses is refused.
    @Test func base64PrefixesAreTheWholeDecodes() {
        var rng = SeededGenerator.fromEnvironment()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var refused = 0
        for _ in 0..<5_000 {
            var text: [UInt8]
            if Bool.random(using: &rng) {
                let bytes = (0..<Int.random(in: 0..<60, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                text = Array(Data(bytes).base64EncodedString().utf8)
                // Whitespace anywhere, as XML wraps it.
                for _ in 0..<Int.random(in: 0..<4, using: &rng) {
                    text.insert([0x20, 0x0A, 0x09, 0x0D].randomElement(using: &rng)!, at: Int.random(in: 0...text.count, using: &rng))
                }
            } else {
                text = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in
                    Int.random(in: 0..<12, using: &rng) == 0 ? [UInt8(ascii: "="), UInt8(ascii: "!"), 0x20].randomElement(using: &rng)! : alphabet.randomElement(using: &rng)!
                }
            }
            let limit = Int.random(in: 0..<30, using: &rng)
            text.withUnsafeBufferPointer { buffer in
                let whole = Base64.decode(buffer)
                let summary = Base64.decodedPrefix(buffer, limit: limit)
                #expect(summary?.count == whole?.count, "\(String(decoding: text, as: UTF8.self)) (seed \(rng.seed))")
                #expect(summary?.prefix == whole.map { Array($0.prefix(limit)) }, "\(String(decoding: text, as: UTF8.self)) (seed \(rng.seed))")
                if whole == nil { refused += 1 }
            }
        }
        #expect(refused > 500 && refused < 4_500)
    }
}
