import Foundation
import StateTestSupport
import Testing

@testable import State

/// What a conversion loses is said once, with a count and where; what a message quotes from
/// the input stays readable however long the input is.
@Suite struct HonestMessagesTests {
    static let seconds = 800_000_000.0

    var datesWithFractions: PlistValue {
        .dictionary([
            "whole": .date(Date(timeIntervalSinceReferenceDate: Self.seconds)),
            "events": .array([
                .dictionary(["at": .date(Date(timeIntervalSinceReferenceDate: Self.seconds + 0.5))]),
                .dictionary(["at": .date(Date(timeIntervalSinceReferenceDate: Self.seconds + 0.25))]),
            ]),
            "precise": .date(Date(timeIntervalSinceReferenceDate: Self.seconds + 0.000_000_5)),
        ])
    }

    @Test func datesLosingPrecisionAreWarnedOnceWithTheFirstKeyPath() throws {
        var warnings: [PlistWarning] = []
        let xml = try datesWithFractions.serialized(as: .xml, warnings: &warnings)
        #expect(warnings.map(\.description) == ["3 dates lose fractions of a second (XML dates hold whole seconds); first at events.0.at"])
        #expect(try PlistValue(parsing: xml)["events.0.at"] == .date(Date(timeIntervalSinceReferenceDate: Self.seconds)))

        warnings = []
        _ = try datesWithFractions.serialized(as: .json, warnings: &warnings)
        #expect(warnings.map(\.description).contains("1 date lose precision below a microsecond; first at precise"))

        warnings = []
        let binary = try datesWithFractions.serialized(as: .binary, warnings: &warnings)
        #expect(warnings.isEmpty, "a binary plist keeps every date exactly")
        #expect(try PlistValue(parsing: binary) == datesWithFractions)
    }

    /// The warning's quick test (a whole second in years 1…9999 needs no text) says what
    /// writing the date and reading it back says, for whole, fractional and far-off instants.
    @Test func theQuickDateTestAgreesWithARoundTrip() throws {
        var rng = SeededGenerator.fromEnvironment()
        var instants: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 6.0e10, -6.0e10, 2.5e11, -6.4e10, 2.6e11, 1e14, -1e14, .infinity, -.infinity, .nan]
        for _ in 0..<3000 {
            let whole = Double(Int64.random(in: -70_000_000_000...260_000_000_000, using: &rng))
            instants.append(whole)
            instants.append(whole + [0.5, 0.25, 1e-6, 5e-7, 0.999_999_9].randomElement(using: &rng)!)
        }
        for t in instants {
            let date = Date(timeIntervalSinceReferenceDate: t)
            for format in [PlistFormat.xml, .json] {
                let text = Array(PlistDate.format(date, fractional: format.isJSON).utf8)
                let back = text.withUnsafeBufferPointer { PlistDate.parse($0) }
                let lossy = back?.timeIntervalSinceReferenceDate != t
                #expect(PlistValue.isLossy(date, format: format) == lossy, "\(t) in \(format) (seed \(rng.seed))")
            }
        }
    }

    @Test(arguments: ["json", "xml"]) func aHundredThousandDigitNumberGivesAShortMessage(format: String) throws {
        let digits = String(repeating: "9", count: 100_000)
        // XML refuses it when reading; JSON keeps it, and refuses it when converting.
        let text = format == "json" ? "{\"n\": \(digits)}" : "<plist><dict><key>n</key><integer>\(digits)</integer></dict></plist>"
        #expect {
            var warnings: [PlistWarning] = []
            _ = try SourceTree(parsing: Array(text.utf8)).serialized(as: .binary, warnings: &warnings)
        } throws: { error in
            let message = "\(error)"
            return message.count < 400 && message.contains("characters left out")
                && message.hasPrefix(format == "json" ? "n: the number 999" : "line 1, column 35: integer 999")
        }
    }
}
