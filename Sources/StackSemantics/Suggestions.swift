/// "Did you mean" candidates: the closest by edit distance, when close enough to be a typo.
func closestMatch(to word: String, in candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().utf8)
    guard !lowered.isEmpty, lowered.count < 64 else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, Array(candidate.lowercased().utf8))
        let limit = max(1, min(word.count, candidate.count) / 3)
        if distance <= limit, distance < (best?.1 ?? Int.max) {
            best = (candidate, distance)
        }
    }
    return best?.0
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
