import Foundation

/// A save refused because the file changed on disk since it was read.
public struct ChangedOnDiskError: Error, Sendable, Equatable, CustomStringConvertible {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public var description: String {
        "\(url.path) changed on disk since it was opened; reload it or save with overwrite"
    }
}
