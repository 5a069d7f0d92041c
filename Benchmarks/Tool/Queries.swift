import ArgumentParser
import RecipeCartStorage

/// `recipecart-bench queries --count 3000`: distinct search texts a shopper might type, one a line: whole words,
/// pairs of words and the prefixes a search-as-you-type box sends, drawn from the generated catalog's vocabulary.
/// With `--have`: distinct lists of two to four of the generated catalog's ingredients, for "What can I make with…".
struct Queries: ParsableCommand {
    @Option var count = 3_000
    @Flag var have = false

    func run() {
        guard !have else { return print(haveLists().joined(separator: "\n")) }
        let words =
            (RecipeGenerator.adjectives + RecipeGenerator.mains + RecipeGenerator.dishes
            + RecipeGenerator.pantry.map(\.0)).map { $0.lowercased() }
        var seen = Set<String>()
        var queries: [String] = []
        func add(_ query: String) {
            if queries.count < count, seen.insert(query).inserted { queries.append(query) }
        }
        for word in words {
            add(word)
            for length in stride(from: 3, to: word.count, by: 2) { add(String(word.prefix(length))) }
        }
        var generator = RecipeGenerator(seed: 0xC0FFEE)
        while queries.count < count {
            let first = words[generator.next(words.count)]
            let second = words[generator.next(words.count)]
            add(generator.next(3) == 0 ? "\(first) \(second.prefix(3 + generator.next(3)))" : "\(first) \(second)")
        }
        print(queries.joined(separator: "\n"))
    }

    private func haveLists() -> [String] {
        let names = RecipeGenerator.pantry.map(\.0) + RecipeGenerator.mains.map { $0.lowercased() }
        var generator = RecipeGenerator(seed: 0xBEEF)
        var seen = Set<String>()
        var lists: [String] = []
        while lists.count < count {
            let size = 2 + generator.next(3)
            let list = Set((0..<size).map { _ in names[generator.next(names.count)] }).sorted().joined(separator: ",")
            if seen.insert(list).inserted { lists.append(list) }
        }
        return lists
    }
}
