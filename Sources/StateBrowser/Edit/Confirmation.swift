import TerminalCore

/// A question in the status bar with one key per answer: `Delete assets (12 values)? y/n`.
/// Any other key (and Esc) answers no.
package struct Confirmation: Sendable, Equatable {
    package struct Answer: Sendable, Equatable {
        package var key: Character
        package var label: String
        package var action: ChoiceAction
    }

    package var question: String
    package var answers: [Answer]

    package init(_ question: String, answers: [Answer]) {
        self.question = question
        self.answers = answers
    }

    /// `Delete …? y delete · n keep`
    package var text: String {
        question + "  " + answers.map { "\($0.key) \($0.label)" }.joined(separator: " · ")
    }

    package func action(for key: Key) -> ChoiceAction {
        if case .character(let c) = key, let answer = answers.first(where: { $0.key == c }) { return answer.action }
        return .cancel
    }
}
