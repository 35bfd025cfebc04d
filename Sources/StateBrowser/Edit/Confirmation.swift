import TerminalCore

/// A question in the status bar with one key per answer: `Delete assets (12 values)? y/n`.
/// Any other key (and Esc) answers no.
public struct Confirmation: Sendable, Equatable {
    public struct Answer: Sendable, Equatable {
        public var key: Character
        public var label: String
        public var action: ChoiceAction
    }

    public var question: String
    public var answers: [Answer]

    public init(_ question: String, answers: [Answer]) {
        self.question = question
        self.answers = answers
    }

    /// `Delete …? y delete · n keep`
    public var text: String {
        question + "  " + answers.map { "\($0.key) \($0.label)" }.joined(separator: " · ")
    }

    public func action(for key: Key) -> ChoiceAction {
        if case .character(let c) = key, let answer = answers.first(where: { $0.key == c }) { return answer.action }
        return .cancel
    }
}
