import Foundation

/// A program or file a test needs from the system, not from Swift: checked before the test
/// uses it, so that a machine without it gets one sentence naming the package to install —
/// not a screen that differs or a process that cannot start.
package enum SystemPackage: String, Sendable, CaseIterable {
    /// The `-direct` terminfo entries (24-bit color through ncurses).
    case ncursesTerm = "ncurses-term"
    case tmux
    case python3
    /// `patch`, which applies the diffs `--dry-run` prints.
    case patch

    /// Debian/Ubuntu's package, then Homebrew's.
    var packages: (debian: String, homebrew: String) {
        switch self {
        case .ncursesTerm: ("ncurses-term", "ncurses")
        case .tmux: ("tmux", "tmux")
        case .python3: ("python3", "python")
        case .patch: ("patch", "gpatch")
        }
    }

    /// What the tests look for.
    var needed: String {
        switch self {
        case .ncursesTerm: "the terminfo entries xterm-direct and tmux-direct"
        case .tmux, .python3, .patch: "the program \(rawValue)"
        }
    }

    package var isInstalled: Bool {
        switch self {
        case .ncursesTerm: ["xterm-direct", "tmux-direct"].allSatisfy(Self.hasTerminfoEntry)
        case .tmux, .python3, .patch: Self.onPath(rawValue)
        }
    }

    /// Throws the one sentence that says what to install, when it is missing.
    package func require() throws {
        guard !isInstalled else { return }
        throw Missing(package: self)
    }

    package struct Missing: Error, CustomStringConvertible {
        package let package: SystemPackage

        package init(package: SystemPackage) { self.package = package }

        package var description: String {
            let (debian, homebrew) = package.packages
            return "This test needs \(package.needed), from the system package \(debian): sudo apt-get install \(debian) (Debian/Ubuntu) or brew install \(homebrew) (macOS)."
        }
    }

    package static func onPath(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    /// Where ncurses looks, as terminfo(5) lists it: Linux's letter folders and macOS's hex ones.
    package static func hasTerminfoEntry(_ name: String) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        var folders = [environment["TERMINFO"], environment["HOME"].map { $0 + "/.terminfo" }].compactMap { $0 }
        folders += (environment["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        folders += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo", "/usr/local/share/terminfo", "/opt/homebrew/share/terminfo"]
        let first = name.first.map(String.init) ?? ""
        let hex = String(name.utf8.first ?? 0, radix: 16)
        return folders.contains { folder in
            [first, hex].contains { FileManager.default.fileExists(atPath: "\(folder)/\($0)/\(name)") }
        }
    }
}
