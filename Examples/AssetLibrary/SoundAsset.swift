import Foundation
import StateMacros

/// A sound file.
@StateModel
public struct SoundAsset: FileAsset, Equatable {
    /// A raw-value enum: stored as `{ "value": "caf" }`.
    public enum Format: String, RawValueModel, Sendable {
        case caf, wav, mp3, aac
    }

    public var name: String
    public var created: Date
    public var url: URL
    public var format: Format
    /// Seconds.
    public var duration: Double
    public var loops: Bool = false
    public var channels: Int8 = 2
}
