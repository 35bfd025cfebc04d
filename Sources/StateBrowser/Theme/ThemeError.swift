import Foundation
import State

/// A theme that could not be found or read.
public struct ThemeError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
