import Foundation

/// A save refused because the file changed on disk since it was read.
public struct ChangedOnDiskError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that changed.
    public let url: URL

    /// The error for `url`.
    public init(url: URL) {
        self.url = url
    }

    public var description: String {
        "\(url.path) changed on disk since it was opened; reload it or save with overwrite"
    }
}
