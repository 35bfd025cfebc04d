import Foundation
import State

/// A theme that could not be found or read.
package struct ThemeError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
