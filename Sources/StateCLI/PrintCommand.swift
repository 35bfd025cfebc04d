import ArgumentParser
import Foundation
import State
import StateDocument

/// `state print FILE`: the value tree, indented like `plutil -p`.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a model file as an indented tree (like plutil -p)."
    )

    @Argument(help: "The file to print (XML plist, binary plist or JSON).")
    var file: String

    func run() throws {
        let tree: SourceTree
        do {
            tree = try SourceTree(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure.report(error, file: file, code: CommandFailure.badInput)
        }
        StandardStream.output.write(TreePrinter.render(tree.value()))
    }
}
