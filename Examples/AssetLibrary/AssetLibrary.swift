import Foundation
import OrderedCollections
import StateMacros

/// A library of assets: domains, holding groups, holding assets of every kind.
///
/// ```swift
/// var library = AssetLibrary(name: "Game")
/// library.addAsset(domain: "UI", group: "Buttons", ColorAsset(name: "Accent", created: .now, color: RGBAColor(hex: "#FF8000")!))
/// try library.write(to: url, format: .binary)
/// let again = try AssetLibrary(contentsOf: url)
/// let accent = again.fetchAsset("asset://UI/Buttons/Accent")
/// ```
@StateModel
public struct AssetLibrary {
    public var name: String
    public var domains: OrderedDictionary<String, AssetDomain>

    public init(name: String, domains: OrderedDictionary<String, AssetDomain> = [:]) {
        self.name = name
        self.domains = domains
    }

    /// Adds `asset` to `group` in `domain`, creating both when needed.
    public mutating func addAsset(domain: String, group: String, _ asset: any Asset) {
        domains[domain, default: AssetDomain()].groups[group, default: AssetGroup(name: group)].assets.append(asset)
    }

    /// The asset at `asset://Domain/Group/Name` (percent-escapes allowed), or nil.
    public func fetchAsset(_ address: String) -> (any Asset)? {
        guard let url = URL(string: address), url.scheme == "asset", let domain = url.host(percentEncoded: false) else { return nil }
        let parts = url.path(percentEncoded: false).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 2 else { return nil }
        return domains[domain]?.groups[parts[0]]?.asset(named: parts[1])
    }

    /// Every asset with its address.
    public var allAssets: [(address: String, asset: any Asset)] {
        domains.flatMap { domain, d in
            d.groups.flatMap { group, g in
                g.assets.map { asset in
                    let escaped = [domain, group, asset.name].map {
                        $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? $0
                    }
                    return ("asset://" + escaped.joined(separator: "/"), asset)
                }
            }
        }
    }

    // MARK: - Model

    /// Version 1 kept groups at the top level (one implicit domain) and called the name
    /// `title`; version 2 added domains; version 3 renamed `title` to `name`.
    public static var version: Int? { 3 }

    public static var migrations: [Migration] {
        [
            Migration(from: 1) { store in
                let groups = store.removeValue(forKey: "groups") ?? [:]
                store["domains"] = ["Default": ["groups": groups]]
            },
            Migration(from: 2) { store in
                store.renameKey("title", to: "name")
            },
        ]
    }
}
