/// "Did you mean" candidates: the closest by edit distance, when close enough to be a typo; among
/// equally close ones, the first in alphabetical order, so any order of `candidates` gives the same answer.
///
/// A candidate whose length alone puts it out of reach is passed over before any work on it: a file can
/// declare a name of megabytes, and comparing it with every misspelled word would take minutes.
///
/// `budget` bounds the work across calls (a file can misspell a name a million times against a million
/// constants): each candidate costs one, each edit-distance cell one, and at zero there are no more suggestions.
func suggestion(for word: String, in candidates: some Sequence<String>, budget: inout Int) -> String? {
    let length = word.utf8.count
    guard length > 0, length < 64 else { return nil }
    let lowered = Array(word.lowercased().utf8)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        budget -= 1
        guard budget > 0 else { return nil }
        let candidateLength = candidate.utf8.count
        // The edit distance is at least the difference in length; the limit is at most a third of the shorter.
        let limit = max(1, min(length, candidateLength) / 3)
        guard abs(candidateLength - length) <= limit else { continue }
        budget -= length * candidateLength
        let distance = editDistance(lowered, Array(candidate.lowercased().utf8))
        guard distance <= limit else { continue }
        if let current = best, (current.distance, current.candidate) <= (distance, candidate) { continue }
        best = (candidate, distance)
    }
    return best?.candidate
}

/// Edit distance counting an adjacent transposition as one edit ("titel" → "title"), over bytes;
/// inputs are short identifiers.
func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}

/// "'a', 'b' or 'c'".
func listing(_ words: [String]) -> String {
    let quoted = words.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
}

extension Checker {
    /// How much did-you-mean work one file may cause (see `suggestion(for:in:budget:)`): about a tenth of a second.
    static let suggestionBudget = 50_000_000

    /// `suggestion(for:in:budget:)` on the file's budget.
    mutating func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
        suggestion(for: word, in: candidates, budget: &suggestionBudget)
    }
}
