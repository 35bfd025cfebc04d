import Foundation

/// Deterministic `project.pbxproj`-shaped OpenStep text of about `megabytes`: sections of
/// one-line build-file and file-reference objects, groups with child lists, and build
/// configurations with settings — the shapes Xcode writes, comments included.
enum ProjectGenerator {
    static func project(megabytes: Double) -> [UInt8] {
        let target = Int(megabytes * 1_000_000)
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
        var n = 0
        // Unique like Xcode's: the kind in the top bits, the number scrambled below them (an odd
        // multiplier is one-to-one modulo 2^40; unmasked, the product ran into the kind's bits
        // and two objects shared an ID — a dictionary with a key twice).
        func id(_ kind: Int, _ i: Int) -> String {
            let hex = String(UInt64(kind) << 40 | (UInt64(i) &* 2_654_435_761) & 0xFF_FFFF_FFFF, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 24 - hex.count)) + hex
        }
        while text.utf8.count < target {
            text += "\n/* Begin PBXBuildFile section */\n"
            for i in n..<(n + 200) {
                text += "\t\t\(id(1, i)) /* File\(i).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(id(2, i)) /* File\(i).swift */; };\n"
            }
            text += "/* End PBXBuildFile section */\n\n/* Begin PBXFileReference section */\n"
            for i in n..<(n + 200) {
                text +=
                    "\t\t\(id(2, i)) /* File\(i).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"File \(i).swift\"; sourceTree = \"<group>\"; };\n"
            }
            text += "/* End PBXFileReference section */\n\n/* Begin PBXGroup section */\n\t\t\(id(3, n)) /* Group\(n) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
            for i in n..<(n + 200) { text += "\t\t\t\t\(id(2, i)) /* File\(i).swift */,\n" }
            text += "\t\t\t);\n\t\t\tpath = Group\(n);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n/* End PBXGroup section */\n\n/* Begin XCBuildConfiguration section */\n"
            for configuration in ["Debug", "Release"] {
                text += "\t\t\(id(4, n + configuration.count)) /* \(configuration) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
                text += "\t\t\t\tALWAYS_SEARCH_USER_PATHS = NO;\n\t\t\t\tGCC_PREPROCESSOR_DEFINITIONS = (\n\t\t\t\t\t\"DEBUG=1\",\n\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t);\n"
                text += "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.Target\(n);\n\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t};\n\t\t\tname = \(configuration);\n\t\t};\n"
            }
            text += "/* End XCBuildConfiguration section */\n"
            n += 200
        }
        text += "\t};\n\trootObject = \(id(3, 0)) /* Project object */;\n}\n"
        return Array(text.utf8)
    }
}
