import Foundation
import State
import StateTestSupport
import Testing

/// Every file `state` writes reads back as the same values — by `state`, and by plistlib where
/// it reads the format — or the write is refused with the key path. Never a different value.
@Suite struct UnrepresentableValuesTests {
    func refusal(_ value: PlistValue, as format: PlistFormat) -> String? {
        do {
            _ = try value.serialized(as: format)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// XML 1.0 has no spelling for U+0000–U+001F but tab, LF and CR, in text or keys.
    @Test(arguments: [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1B, 0x1F] as [UInt8])
    func controlCharactersAreRefusedForXMLAndKeptElsewhere(code: UInt8) throws {
        let text = "a" + String(UnicodeScalar(code)) + "b"
        let inString: PlistValue = ["items": [["name": .string(text)]]]
        #expect(
            refusal(inString, as: .xml)
                == "items.0.name: U+\(String(format: "%04X", code)) cannot be written to an XML property list: XML 1.0 has no spelling for it (not even &#\(code);); binary plists and JSON can hold it"
        )
        let inKey: PlistValue = ["outer": .dictionary([text: 1])]
        #expect(refusal(inKey, as: .xml)?.hasPrefix("outer.\(text): U+") == true)
        for format in [PlistFormat.binary, .json] {
            #expect(try PlistValue(parsing: inString.serialized(as: format)) == inString)
            #expect(try PlistValue(parsing: inKey.serialized(as: format)) == inKey)
        }
    }

    /// Tab, LF and CR are written so that they read back as themselves (CR as `&#13;`).
    @Test(.tags(.python)) func tabNewlineAndCarriageReturnRoundTrip() throws {
        let value: PlistValue = ["text": "a\tb\nc\rd\r\ne"]
        let xml = try value.serialized(as: .xml)
        #expect(try PlistValue(parsing: xml) == value)
        let folder = try Fixtures.temporaryFolder()
        let file = folder.appendingPathComponent("text.plist")
        try Data(xml).write(to: file)
        #expect(try PlistOracle.read(file) == PlistOracle.canonical(value), "plistlib reads the same text")
    }

    /// Dates outside years 1…9999 (and NaN or infinite ones, which a binary plist can hold)
    /// have no XML or JSON spelling: refused with the key path, kept by a binary plist.
    @Test(arguments: [-7e10, 3e11, 2.7e11, .nan, .infinity])
    func datesTextCannotSpellAreRefused(seconds: Double) throws {
        let value: PlistValue = ["log": [["when": .date(Date(timeIntervalSinceReferenceDate: seconds))]]]
        for format in [PlistFormat.xml, .json] {
            let message = try #require(refusal(value, as: format))
            #expect(message.hasPrefix("log.0.when: the date "))
            #expect(message.hasSuffix("is outside the years 1 through 9999 that XML and JSON dates can spell; a binary plist keeps it"))
        }
        let binary = try PlistValue(parsing: value.serialized(as: .binary))
        guard case .date(let date)? = binary["log.0.when"] else { Issue.record("not a date"); return }
        #expect(date.timeIntervalSinceReferenceDate.bitPattern == seconds.bitPattern)
    }

    /// The edges that are spellable are written and read back exactly.
    @Test func firstAndLastSpellableDatesRoundTrip() throws {
        let first = try #require(Array("0001-01-01T00:00:00Z".utf8).withUnsafeBufferPointer { PlistDate.parse($0) })
        let last = try #require(Array("9999-12-31T23:59:59Z".utf8).withUnsafeBufferPointer { PlistDate.parse($0) })
        let value: PlistValue = ["first": .date(first), "last": .date(last)]
        for format in [PlistFormat.xml, .json] {
            let back = try SourceTree(parsing: value.serialized(as: format))
            #expect(back.value()["first"] == (format == .json ? "0001-01-01T00:00:00Z" : .date(first)))
            #expect(back.value()["last"] == (format == .json ? "9999-12-31T23:59:59Z" : .date(last)))
        }
    }

    /// NaN and the infinities are XML reals (`nan`, `+infinity`, `-infinity`) that read back.
    @Test func nanAndInfinitiesRoundTripThroughXML() throws {
        let value: PlistValue = ["values": [.real(.infinity), .real(-.infinity)]]
        #expect(try PlistValue(parsing: value.serialized(as: .xml)) == value)
        let nan = try PlistValue(parsing: PlistValue.array([.real(.nan)]).serialized(as: .xml))
        guard case .array(let items) = nan, case .real(let d) = items.first else {
            Issue.record("not an array of a real")
            return
        }
        #expect(d.isNaN)
    }
}
