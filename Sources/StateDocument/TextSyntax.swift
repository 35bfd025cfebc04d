import State

/// What the source editor needs to know about one text format: how new values, keys and
/// containers are spelled in the file's own style, and where keys and opening tags end.
/// One type per format (`XMLTextSyntax`, `JSONTextSyntax`); the editor itself has no
/// format branches.
protocol TextSyntax {
    /// The file's line end.
    var newline: [UInt8] { get }
    /// One level of indentation; nil when the file is compact (all on one line).
    var indent: [UInt8]? { get }
    /// Writes `value` as an element whose line starts with `prefix`.
    func element(_ value: PlistValue, prefix: [UInt8], into out: inout [UInt8]) throws
    /// A dictionary key as it is written before its value.
    func keyText(_ key: String) throws -> [UInt8]
    /// One past the end of a member's key (`</key>`, or the closing quote).
    func keyEnd(of node: SourceNode, in bytes: [UInt8]) -> Int
    /// One past the opening tag or bracket of a container.
    func openEnd(of node: SourceNode, in bytes: [UInt8]) -> Int
    /// How an array or a dictionary opens and closes.
    func brackets(_ kind: SourceNode.Kind) -> (open: [UInt8], close: [UInt8])
    /// Whether items are separated by more than whitespace (JSON's commas).
    var separatesItems: Bool { get }
    /// Whether comments may sit between separated items (JSONC), so that a delete takes the
    /// item's own lines and comma and leaves every comment where it is.
    var commentsBetweenItems: Bool { get }
    /// The separator between two items of a container of `kind`, made from the whitespace
    /// `lead` before its only item (there are no two items to copy it from).
    func separator(copying lead: [UInt8], in kind: SourceNode.Kind) -> [UInt8]
    /// The separator for a new item, made from what lies between two existing ones (`gap`),
    /// without anything that is not a separator (a comment stays where it is, once).
    func separator(from gap: ArraySlice<UInt8>) -> [UInt8]
    /// What goes between a new key and its value: the file's own (`between`, from its first
    /// member, if it has one), fitted to the new entry's line `prefix`.
    func keyValueSeparator(copying between: [UInt8]?, prefix: [UInt8]) -> [UInt8]
    /// What follows the only item written into an empty container (OpenStep's `;`).
    func terminatorAfterOnlyItem(in kind: SourceNode.Kind) -> [UInt8]

    /// A container written on one line, as its one-line siblings are (`{"name": "Kit"}` among
    /// such items); nil where the format has no one-line form worth copying.
    func inlineElement(_ value: PlistValue) throws -> [UInt8]?
}

extension TextSyntax {
    func terminatorAfterOnlyItem(in kind: SourceNode.Kind) -> [UInt8] { [] }
    func inlineElement(_ value: PlistValue) throws -> [UInt8]? { nil }
}

extension SourceTree {
    /// The text syntax of this tree's format, in its detected style; nil for binary files,
    /// which have no text to keep.
    var textSyntax: (any TextSyntax)? {
        switch format {
        case .xml: XMLTextSyntax(tree: self)
        case .json, .jsonc: JSONTextSyntax(tree: self)
        case .openStep: OpenStepTextSyntax(tree: self)
        case .binary: nil
        }
    }
}
