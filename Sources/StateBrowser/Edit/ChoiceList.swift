import State
import StateDocument
import TerminalCore

/// A list to pick one entry from (enum cases, conformers, fields to add, value types), with
/// what each entry does already worked out, so picking is only looking it up.
package struct ChoiceList: Sendable, Equatable {
    package struct Item: Sendable, Equatable {
        package var label: String
        /// A second column: a type, a default value.
        package var detail: String
        package var action: ChoiceAction
        /// A color drawn before the detail (the palette's entries).
        package var swatch: Color?

        package init(_ label: String, detail: String = "", action: ChoiceAction, swatch: Color? = nil) {
            self.label = label
            self.detail = detail
            self.action = action
            self.swatch = swatch
        }
    }

    package var title: String
    package let items: [Item]
    /// Selection and scroll; the page is `BrowserLayout.choiceRows(for:)`.
    package internal(set) var list: ListState
    /// A list of one obvious entry (the element type of a typed collection) is not shown: the
    /// entry is picked at once.
    package var picksAlone = false

    package init(title: String, items: [Item], selection: Int = 0) {
        self.title = title
        self.items = items
        list = ListState(count: items.count, selection: selection)
    }

    /// The selected row (0 in an empty list, which has no selection).
    package var selection: Int { list.selection }

    // MARK: - Keys

    package enum Action: Sendable, Equatable {
        case next, previous, pageDown, pageUp, first, last, pick, cancel
    }

    package static let keys = KeyMap<Action>([
        .init([[.down], [.character("j")], [.tab]], .next, "next entry", group: "Pick lists", hint: ("↑↓", "choose")),
        .init([[.up], [.character("k")], [.backTab]], .previous, "previous entry", group: "Pick lists"),
        .init([[.pageDown], [.control("d")]], .pageDown, "page down", group: "Pick lists"),
        .init([[.pageUp], [.control("u")]], .pageUp, "page up", group: "Pick lists"),
        .init([[.home], [.character("g")]], .first, "first entry", group: "Pick lists"),
        .init([[.end], [.character("G")]], .last, "last entry", group: "Pick lists"),
        .init([[.enter], [.character("l")], [.right]], .pick, "pick the entry", group: "Pick lists", hint: ("Enter", "pick")),
        .init([[.escape], [.character("q")], [.character("h")], [.left], [.control("c")], [.control("g")]], .cancel, "cancel", group: "Pick lists", hint: ("Esc", "cancel")),
    ])

    package enum Outcome: Sendable, Equatable {
        case editing
        case pick(ChoiceAction)
        case cancel
        /// Nothing happened, and this says why.
        case refused(String)
    }

    /// Applies a key; `page` is how many entries show. A letter not bound to anything selects
    /// the next entry starting with it.
    package mutating func update(_ key: Key, page: Int) -> Outcome {
        guard let action = Self.keys.action(for: key) else {
            guard case .character(let c) = key else { return .editing }
            let lower = String(c).lowercased()
            guard let hit = list.next(where: { items[$0].label.lowercased().hasPrefix(lower) }) else {
                return .refused("No entry starts with \(c)")
            }
            list.select(hit, page: page)
            return .editing
        }
        switch action {
        case .next: list.move(by: 1, page: page)
        case .previous: list.move(by: -1, page: page)
        case .pageDown: list.move(by: page, page: page)
        case .pageUp: list.move(by: -page, page: page)
        case .first: list.select(0, page: page)
        case .last: list.select(items.count - 1, page: page)
        case .pick:
            guard let row = list.selected else { return .refused("Nothing to pick: the list is empty (Esc closes it)") }
            return .pick(items[row].action)
        case .cancel: return .cancel
        }
        return .editing
    }
}
