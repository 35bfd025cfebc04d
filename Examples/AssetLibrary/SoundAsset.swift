import Foundation
import State

/// A sound file.
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
    public var loops: Bool
    public var channels: Int8

    public init(name: String, created: Date, url: URL, format: Format, duration: Double, loops: Bool = false, channels: Int8 = 2) {
        self.name = name
        self.created = created
        self.url = url
        self.format = format
        self.duration = duration
        self.loops = loops
        self.channels = channels
    }

    public init(from store: Store) throws {
        name = try store.value(forKey: "name")
        created = try store.value(forKey: "created")
        url = try store.value(forKey: "url")
        format = try store.value(forKey: "format")
        duration = try store.value(forKey: "duration")
        loops = try store.value(forKey: "loops", default: false)
        channels = try store.value(forKey: "channels", default: 2)
    }

    public func write(to store: inout Store) throws {
        try store.set(name, forKey: "name")
        try store.set(created, forKey: "created")
        try store.set(url, forKey: "url")
        try store.set(format, forKey: "format")
        try store.set(duration, forKey: "duration")
        try store.set(loops, forKey: "loops")
        try store.set(channels, forKey: "channels")
    }
}
