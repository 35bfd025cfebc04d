import Foundation
import Generated
import StateMacros

// The sample library read through the macro-generated types and written back as XML.
let input = URL(fileURLWithPath: CommandLine.arguments[1])
let output = URL(fileURLWithPath: CommandLine.arguments[2])
let library = try AssetLibrary(contentsOf: input)
try library.write(to: output)
print("\(library.name): \(library.domains.keys.joined(separator: ", "))")
