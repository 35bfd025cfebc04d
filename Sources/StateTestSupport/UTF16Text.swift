/// UTF-16 text as files store it, for the encoding tests.
package enum UTF16Text {
    package static func bytes(_ text: String, bigEndian: Bool, byteOrderMark: Bool = true) -> [UInt8] {
        ((byteOrderMark ? [UInt16(0xFEFF)] : []) + Array(text.utf16)).flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    /// An XML property list that says it is UTF-16, with `members` (its top dictionary's
    /// lines, tab-indented) — the text the encoding tests store as UTF-16.
    package static func xmlPlist(_ members: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-16"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(members)
        </dict>
        </plist>

        """
    }
}
